// The lobby's standings (a server started with --db): the recorded rulesets, and for the one chosen its players,
// pairs and champions' tables, as /api/standings computes them.  The page only shows; every figure is the server's.
"use strict";

function cell(row, text, cls) {
  const td = document.createElement(row.parentElement && row.parentElement.tagName === "THEAD" ? "th" : "td");
  td.textContent = text;
  if (cls) td.className = cls;
  row.appendChild(td);
}

function grid(caption, head, rows) {
  const table = document.createElement("table");
  table.className = "standings";
  const cap = document.createElement("caption");
  cap.textContent = caption;
  table.appendChild(cap);
  const thead = document.createElement("thead");
  const hr = document.createElement("tr");
  thead.appendChild(hr);
  head.forEach((h) => cell(hr, h));
  table.appendChild(thead);
  const tbody = document.createElement("tbody");
  table.appendChild(tbody);
  for (const r of rows) {
    const tr = document.createElement("tr");
    tbody.appendChild(tr);
    r.forEach((v) => cell(tr, String(v)));
  }
  return table;
}

// A game-end adjustment with its sign: what the payments at the games' ends gave (+) or took (-).
function signed(n) {
  return n > 0 ? "+" + n : String(n);
}

function drawStandings(answer) {
  const out = document.getElementById("standings-tables");
  out.replaceChildren();
  for (const t of answer.tables) {
    const rs = t.ruleset;
    const h = document.createElement("h3");
    h.textContent = rs.id + " " + rs.version + " (sha256 " + rs.sha256.slice(0, 12) + (rs.house_rule ? ", a house rule" : "")
      + "): " + t.games + (t.games === 1 ? " game" : " games")
      + (t.starting_points ? "; each seat began with " + t.starting_points.toLocaleString("en") + " points" : "");
    out.appendChild(h);
    // Points won: each game's final points less those it began with.  Where payments at a game's end moved points
    // (an uma), the part they made of them is shown beside it.
    const ended = [...t.players, ...(t.pairs || [])].some((p) => p.game_end);
    const end = (p) => (ended ? [signed(p.game_end)] : []);
    const endHead = ended ? ["of it at game end"] : [];
    out.appendChild(grid("Players", ["#", "player", "games", "Games (4 rounds)", "deals won", "points won", ...endHead,
      "rating"], t.players.map((p, i) => [i + 1, p.name, p.games, p.full_games, p.deals_won, p.score, ...end(p),
      p.rating.toFixed(2)])));
    if (t.pairs) {
      out.appendChild(grid("Pairs", ["#", "pair", "games", "points won", ...endHead, "rating"],
        t.pairs.map((p, i) => [i + 1, p.pair.join(" & "), p.games, p.score, ...end(p), p.rating.toFixed(2)])));
    }
    const c = t.champions;
    out.appendChild(grid("Champions: the ten best results of a Game (" + c.source + ")", ["place", "name", "result"],
      c.best.map((e) => [e.place, e.name, e.result])));
    out.appendChild(grid("Preliminary table: who has not played a Game, by cumulative winnings",
      ["name", "score", "games"], c.preliminary.map((e) => [e.name, e.score, e.games])));
    if (c.elimination_candidates.length) {
      const p = document.createElement("p");
      p.className = "elimination";
      p.textContent = "Candidate for elimination: " + c.elimination_candidates.join(", ");
      out.appendChild(p);
    }
  }
}

async function showStandings(ruleset) {
  const res = await fetch("/api/standings?ruleset=" + encodeURIComponent(ruleset));
  const answer = await res.json();
  document.getElementById("standings-error").textContent = res.ok ? "" : answer.error;
  if (res.ok) drawStandings(answer);
}

async function loadStandings() {
  const info = await (await fetch("/api/standings")).json();
  if (!info.enabled) return;  // a server without a games database
  document.getElementById("standings").hidden = false;
  const select = document.getElementById("standings-ruleset");
  const ids = [...new Set(info.rulesets.map((r) => r.id))];
  for (const id of ids) {
    const o = document.createElement("option");
    o.value = id;
    o.textContent = id;
    select.appendChild(o);
  }
  select.addEventListener("change", () => showStandings(select.value));
  if (ids.length) await showStandings(ids[0]);
  else document.getElementById("standings-tables").textContent = "No game is recorded yet.";
}

loadStandings();

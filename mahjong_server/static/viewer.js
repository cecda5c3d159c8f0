// The replay viewer: a log's events, folded into the table after each one (replay_state.js), drawn by the live
// table's own renderer (render.js).  A log comes embedded in the page (`mahjong view FILE --html OUT.html`), from
// the server's games list (/replay/<id>, read from /api/games/<id>), or from a file chosen in the page.  Where the
// log stops being valid -- a line that is not whole or not JSON, a broken hash chain (checked here, SHA-256 in the
// browser), or the first event the rules reject (the audit's verdict, from Python: embedded by `view --html`,
// returned by the server for its games and for a chosen file POSTed to /api/audit) -- the page says so, names the
// line and shows the game only up to it.  Docs: docs/replay-viewer.md.
"use strict";

const { frames, redact, concealedKong, readLog } = window.MahjongReplay;
const $ = (id) => document.getElementById(id);

const state = {
  info: null, seat: null, view: null, events: [], prompt: null, turn: null, revealed: false, status: "loading",
  selected: -1,
};
const renderer = window.MahjongTable.create(state, { you: " (viewed)" });

const replay = {
  header: null, events: [], frames: [], pos: 0, deals: [], mode: "all", spectatorOnly: false, hideScoring: false,
  baseInfo: null, problem: null,
};
window.replayViewer = replay; // for the tests and for a curious reader's console

// ------------------------------------------------------------------ what a seat may know (mahjong_core.log.redaction)

const PUBLIC_PHASES = new Set(["turn", "false_mahjong"]);

const PRIVATE_TILES = new Set(["draw", "replacement", "draw_returned"]);

// Whether a decision overran its limit (the ruleset's timeout action replaces it), by the ruleset's limits.
function overran(e) {
  const limits = state.info.limits;
  const limit = limits ? (PUBLIC_PHASES.has(e.phase) ? limits.move_ms : limits.claim_ms) : null;
  return limit !== null && limit !== undefined && (e.after_ms || 0) > limit;
}

// A concealed kong's event or decision as the other seats see it (the ruleset's meld_display).
function concealedKongFor(e) {
  const display = state.info.meld_display;
  const tiles = concealedKong(e.tile, display);
  return e.type === "kong" ? { ...e, tile: tiles[1], tiles } : { ...e, tile: tiles[1] };
}

// One event as `seat` (null: a spectator) would have been told it live: live_event_view's rules.
function eventFor(e, seat) {
  if (seat === "all") return e;
  if (e.type === "hands") return { ...e, hands: e.hands.map((h, n) => (n === seat ? h : h.map(() => "?"))) };
  if (PRIVATE_TILES.has(e.type) && e.seat !== seat) return { ...e, tile: "?" };
  if (e.type === "kong" && e.way === "concealed" && e.seat !== seat) return concealedKongFor(e);
  if (e.type === "decision" && e.actor !== seat) {
    if (overran(e)) return null;
    if (PUBLIC_PHASES.has(e.phase)) return e.action === "kong" && e.way === "concealed" ? concealedKongFor(e) : e;
    if (e.phase === "declaration" && e.action === "declare_calling") return e;
    return null;
  }
  if (e.type === "timeout" && e.seat !== seat && e.what !== "move") return null;
  return e;
}

// ------------------------------------------------------------------ loading

function infoFor(header) {
  const base = replay.baseInfo || {};
  const info = { ...base };
  info.seats = (header && header.seats) || [];
  info.words = window.MahjongReplay.headerWords(header);  // a plugin's words, shown by their labels
  if (!base.ruleset || !header || base.ruleset.id !== header.ruleset.id) {
    const id = header ? header.ruleset.id : "?";
    info.ruleset = { id, name: id, native_name: null, version: header ? header.ruleset.version : "" };
    if (base.ruleset && base.ruleset.id !== id) { info.item_names = {}; info.meld_display = "plain"; }
  }
  return info;
}

function verdictText(verdict, problem, source) {
  const box = $("verdict");
  box.replaceChildren();
  box.className = "verdict";
  const lines = [];
  let bad = null;
  if (verdict && !verdict.ok) bad = { line: verdict.line, event: verdict.event, message: verdict.error, by: "audit" };
  if (problem && !problem.unfinished && (!bad || bad.line === null || problem.line < bad.line)) {
    bad = { ...problem, by: "page" };
  }
  if (bad) {
    box.classList.add("bad");
    const where = bad.line !== null && bad.line !== undefined
      ? `line ${bad.line}` + (bad.event !== null && bad.event !== undefined ? ` (event ${bad.event})` : "") : "the log";
    const strong = document.createElement("strong");
    strong.textContent = `Not valid from ${where}: `;
    box.append(strong, document.createTextNode(bad.message + (/[.!?)]$/.test(bad.message) ? "" : ".")));
    lines.push(`Shown up to the last valid event${replay.events.length ? " (event " + (replay.events.length - 1) + ")" : ""}.`);
    box.dataset.line = bad.line === null || bad.line === undefined ? "" : String(bad.line);
  } else if (replay.spectatorOnly) {
    box.classList.add("partial");
    box.textContent = "In progress: shown as a spectator sees it, the deals finished so far (no concealed tiles, " +
                      "no wall).";
  } else if (problem && problem.unfinished) {
    box.classList.add("partial");
    box.textContent = problem.message;
  } else if (verdict && verdict.ok) {
    box.classList.add("ok");
    const proof = verdict.proof || {};
    const chain = (proof.chain ? "; chain " + proof.chain : "") + (proof.signature ? "; signature " + proof.signature : "");
    box.textContent = `Audit OK: ${verdict.events} events, ${verdict.deals} deals, every decision, score and payment ` +
                      `checked under ${verdict.ruleset}${chain}.${signedHere()}`;
  } else {
    box.classList.add("partial");
    box.textContent = `Read in the page: every line whole, numbered in order${replay.chain === "verified"
      ? ", the hash chain verified at every checkpoint" : replay.chain === "absent" ? " (the log has no hash chain)"
      : ""}; the rules were not checked (open it through \`mahjong serve\` or \`mahjong audit\` for that).` +
      signedHere();
  }
  if (lines.length) { const p = document.createElement("span"); p.textContent = " " + lines.join(" "); box.append(p); }
  box.dataset.state = bad ? "bad" : box.classList.contains("ok") ? "ok" : "partial";
  if (source) box.title = source;
}

// What this page itself proved of the log's signatures (read from the file's own bytes in this browser).
function signedHere() {
  if (replay.signature === "verified") {
    return ` This page verified the Ed25519 signature of each of its ${replay.signatures} checkpoints under the key ` +
           `${replay.signedBy}: compare that key with the one you trust, since anyone can sign with a key of their own.`;
  }
  if (replay.signature === "unsupported") {
    return " The log is signed, but this browser cannot check Ed25519 signatures; `mahjong audit --key` can.";
  }
  return "";
}

// The server's score cards (mahjong_core.plugin.score_card.log_cards: one for each score and each settlement, in the
// log's order) put beside the events they explain, so the scoring shows the server's lines and steps.
function withCards(events, cards) {
  let c = 0;
  return events.map((e) => {
    if (e.type !== "score" && e.type !== "settlement") return e;
    const card = cards[c++];
    return card ? { ...e, card } : e;
  });
}

// The end of a deal shows that deal's table: a rotation (and the game's end after it) already names the next
// dealer and wind, which belong to the next deal, so until that deal starts the last table of this one is shown,
// with the scores as they stand (as the live server sends it).
function dealEndView(k) {
  let j = k;
  while (j > 0 && replay.frames[j].revealed && ["rotation", "game_end"].includes(replay.events[j].type)) j--;
  const f = replay.frames[k];
  return j === k ? f.view : { ...replay.frames[j].view, scores: f.view.scores, pot: f.view.pot,
                                counters: f.view.counters, clock_ms: f.view.clock_ms };
}

// Show a log: `data` is {text, verdict, info, name, cards} (a whole log's text) or {header, events, spectator,
// cards} (an in-progress game's public events, from the server).
async function load(data) {
  if (data.info) replay.baseInfo = data.info;
  let header, events, problem = null;
  replay.signature = "absent";
  if (typeof data.text === "string") {
    const read = await readLog(data.text);
    header = read.header; events = read.events; problem = read.problem; replay.chain = read.chain;
    replay.signature = read.signature; replay.signatures = read.signatures; replay.signedBy = read.signedBy;
  } else {
    header = data.header; events = data.events || [];
  }
  const verdict = data.verdict || null;
  // Events before the first bad line only: event k is on line k + 2.
  let stop = events.length;
  if (verdict && !verdict.ok && verdict.line !== null && verdict.line !== undefined) stop = Math.max(0, verdict.line - 2);
  if (problem && problem.verified !== undefined) {
    // A broken chain: the audit's line, where it falls before the break, is the exact place (as `mahjong audit`
    // reports it); without one, only the events sealed by the last checkpoint that verified are shown.
    const exact = verdict && !verdict.ok && verdict.line !== null && verdict.line !== undefined &&
                  verdict.line <= problem.line;
    stop = exact ? stop : Math.min(stop, problem.verified);
  } else if (problem && !problem.unfinished && problem.line !== null) {
    stop = Math.min(stop, Math.max(0, problem.line - 2));
  }
  events = withCards(events.slice(0, Math.min(stop, events.length)), data.cards || []);
  replay.header = header;
  replay.events = events;
  replay.spectatorOnly = !!data.spectator;
  replay.mode = replay.spectatorOnly ? null : "all";
  replay.frames = header ? frames(header, events) : [];
  replay.deals = [];
  events.forEach((e, k) => { if (e.type === "deal_start") replay.deals.push({ start: k, end: k, deal: e.deal }); });
  replay.deals.forEach((d, i) => {
    const next = i + 1 < replay.deals.length ? replay.deals[i + 1].start : events.length;
    const end = events.slice(d.start, next).findIndex((e) => e.type === "deal_end" || e.type === "settlement");
    let last = next - 1;
    for (let k = d.start; k < next; k++) if (events[k].type === "settlement") last = k;
    d.end = end < 0 ? next - 1 : last;
    d.winners = [];  // every seat that won the deal, in order (several on one discard, or as play went on)
    d.abortive = null;
    d.finished = false;
    for (let k = d.start; k < next; k++) {
      if (events[k].type === "mahjong") d.winners.push(events[k].seat);
      if (events[k].type === "abortive_draw") d.abortive = String(events[k].reason).replace(/_/g, " ");
      if (events[k].type === "settlement" || events[k].type === "deal_end") d.finished = true;
    }
  });
  replay.imported = data.imported || null;
  state.info = infoFor(header);
  const rs = state.info.ruleset;
  $("title").title = rs && rs.native_name ? "native name: " + rs.native_name : "";  // on hover, apart from the English
  $("title").textContent = (rs ? rs.name : "Mahjong") + " — replay" +
                           (data.name ? " of " + data.name : "");
  document.title = (data.name || (rs ? rs.name : "Mahjong")) + " — mahjong replay";
  fillSelects();
  verdictText(verdict, problem, data.name);
  showSource();
  replay.pos = replay.frames.length ? 0 : -1;
  show();
}

function fillSelects() {
  const ds = $("deal-select");
  ds.replaceChildren();
  replay.deals.forEach((d, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    const who = d.winners.length ? d.winners.map((w) => renderer.seatName(w)).join(" and ") +
                (d.winners.length > 1 ? " win" : " wins")
      : d.abortive ? "abortive draw: " + d.abortive : d.finished ? "drawn" : "not finished";
    const cmp = replay.imported && replay.imported.deals[i];
    const agree = cmp ? (cmp.differences.length ? " · differs from " : " · agrees with ") + replay.imported.platform : "";
    o.textContent = `${i + 1} — ${who}${agree}`;
    ds.appendChild(o);
  });
  const ss = $("seat-select");
  ss.replaceChildren();
  const add = (value, text) => { const o = document.createElement("option"); o.value = value; o.textContent = text; ss.appendChild(o); };
  if (!replay.spectatorOnly) add("all", "All hands open");
  add("spectator", "A spectator (public only)");
  if (!replay.spectatorOnly) (state.info.seats || []).forEach((s, n) => add(String(n), `Seat ${n}: ${s.name}`));
  ss.value = replay.spectatorOnly ? "spectator" : "all";
}

// ------------------------------------------------------------------ drawing a position

function dealOf(pos) {
  let found = -1;
  replay.deals.forEach((d, i) => { if (d.start <= pos) found = i; });
  return found;
}

function show() {
  const k = replay.pos;
  const f = replay.frames[k];
  const mode = replay.mode; // "all", null (spectator) or a seat number
  state.seat = typeof mode === "number" ? mode : null;
  if (!f) {
    state.view = null; state.events = []; state.revealed = false; state.turn = null;
    state.status = replay.header ? "no events" : "no log";
    renderer.render();
    $("position").textContent = replay.header ? "the header only" : "";
    return;
  }
  const seatArg = mode === "all" ? "all" : mode;
  const view = dealEndView(k);
  state.view = mode === "all" ? view : redact(view, seatArg, f.revealed, state.info.meld_display);
  const shown = f.events.map((e) => eventFor(e, seatArg)).filter((e) => e !== null);
  state.events = shown;
  state.revealed = f.revealed;
  state.turn = f.turn && (mode === "all" || mode === f.turn.seat || PUBLIC_PHASES.has(f.turn.phase)) ? f.turn : null;
  const atEnd = k === replay.frames.length - 1;
  state.status = f.over ? "finished" : atEnd && !replay.spectatorOnly ? "log ends" : "replay";
  renderer.render();
  renderer.tick();
  if (mode === "all") $("hand").textContent = "Every hand is open: each seat's concealed tiles are shown at its place.";
  else if (mode === null) $("hand").textContent = "A spectator's view: only public information is shown.";
  if (replay.hideScoring) $("scoring").hidden = true;
  showLog(shown);
  renderClaims(f, seatArg);
  const e = replay.events[k];
  const line = replay.spectatorOnly ? "" : ` · line ${k + 2}`; // a spectator's events are not the log's lines
  $("position").textContent = `event ${k} of ${replay.events.length - 1}${line} · ${e.type}` +
                              (e.type === "decision" ? " " + e.action : "");
  const d = dealOf(k);
  if (d >= 0) $("deal-select").value = String(d);
  showRecorded(d, k);
  const fin = $("final");
  if (f.over) {
    const end = replay.events[k].type === "game_end" ? replay.events[k] : null;
    const scores = end ? end.scores : f.view.scores;
    fin.textContent = "Final scores: " + scores.map((x, n) => `${renderer.seatName(n)} ${x}`).join(", ");
    fin.dataset.scores = JSON.stringify(scores);
  } else {
    fin.textContent = ""; delete fin.dataset.scores;
  }
}

// ------------------------------------------------------------------ an imported game's record beside ours
// The server compares (mahjong_core.recorded_comparison, the very findings `mahjong audit` lists, each at its deal);
// the page only shows them: the platform and its game, the players' names, and at each deal's end the platform's
// figures beside ours with every difference in words.

function showSource() {
  const box = $("source");
  const cmp = replay.imported;
  box.hidden = !cmp;
  box.replaceChildren();
  if (!cmp) return;
  const names = (state.info.seats || []).map((s, n) => `Seat ${n}: ${s.name}`).join(", ");
  const differing = cmp.deals.filter((d) => d.differences.length).length;
  const whole = cmp.before.length + cmp.after.length;
  const line = (text, cls) => { const p = document.createElement("p"); p.textContent = text; if (cls) p.className = cls; box.appendChild(p); return p; };
  line(`Imported from ${cmp.platform}, game ${cmp.game}. Players as the platform names them — ${names}.`);
  if (cmp.refused) {  // the log says itself that its import stopped at a refused move: it ends there, unfinished
    const r = cmp.refused;
    const who = r.seat !== undefined ? `, ${renderer.seatName(r.seat)}` : "";
    const what = r.move ? `the record's move "${r.move}" at ` : "";
    line(`Incomplete: the import stopped in deal ${r.deal}${who}, ${what}${r.place}: ${r.reason}`, "difference refused")
      .dataset.state = "refused";
  }
  const sum = line(differing || whole
    ? `Differs from ${cmp.platform}'s record: ${differing} of ${cmp.deals.length} deals` +
      (whole ? `, and ${whole} finding${whole > 1 ? "s" : ""} about the whole game` : "") + "."
    : `Agrees with ${cmp.platform}'s record: every figure of all ${cmp.deals.length} deals.`, "summary");
  sum.dataset.state = differing || whole ? "differs" : "agrees";
  for (const text of [...cmp.before, ...cmp.after]) line("Differs: " + text, "difference");
}

// Where the deal's result shows: its first win or draw (or its end), up to the next deal.
function resultShown(d, k) {
  const deal = replay.deals[d];
  for (let j = deal.start; j <= k; j++) {
    if (["mahjong", "exhaustive_draw", "abortive_draw", "deal_end", "settlement"].includes(replay.events[j].type)) return true;
  }
  return false;
}

const _ENDS = { win: "a win", exhaustive_draw: "an exhaustive draw" };
const endWords = (end) => end ? (_ENDS[end] || "an abortive draw (" + String(end).replace(/_/g, " ") + ")") : "not finished";
const signed = (x) => (x > 0 ? "+" : "") + x;

function winWords(w, yaku) {
  const how = w.from === null || w.from === undefined ? "self-drawn" : "on " + renderer.seatName(w.from) + "'s tile";
  const value = [w.points !== null && w.points !== undefined ? `${w.points} points` : null,
                 w.han !== null && w.han !== undefined ? `${w.han} han` : null,
                 w.fu ? `${w.fu} fu` : null, w.limit ? `limit ${w.limit}` : null].filter((x) => x).join(", ");
  return `${renderer.seatName(w.winner)} wins ${how}: ${value}` + (yaku.length ? "; " + yaku.join(", ") : "");
}

function changes(deal) {
  if (!deal.scores || !deal.start) return null;
  return deal.scores.map((x, n) => `${renderer.seatName(n)} ${signed(x - deal.start[n])}`).join(", ");
}

// The lines of one side's result of a deal (`theirs`: the platform's record, else ours).
function resultLines(deal, theirs, shape) {
  if (shape === "game") {  // a one-deal record: outcome, winner, value in fan, items, each seat's score
    const items = (deal.items || []).map((i) => (i.name || "a fan") + (i.count > 1 ? " ×" + i.count : ""));
    const who = deal.outcome === "win" && deal.winner !== null && deal.winner !== undefined
      ? `${renderer.seatName(deal.winner)} wins` + (deal.value !== null && deal.value !== undefined ? `: ${deal.value} fan` : "")
      : "a draw";
    return [who + (items.length ? "; " + items.join(", ") : ""),
            "Scores: " + (deal.deltas || []).map((x, n) => `${renderer.seatName(n)} ${signed(x)}`).join(", ")];
  }
  const lines = [];
  if (deal.end !== "win") lines.push("The deal ends by " + endWords(deal.end) +
    (deal.end === "exhaustive_draw" && deal.ready ? "; ready: " + (deal.ready.map((s) => renderer.seatName(s)).join(", ") || "no seat") : ""));
  for (const w of deal.wins || []) {
    const yaku = theirs ? (w.yaku || []).map((y) => `${y.name} ${y.han}`) : Object.entries(w.yaku || {}).map(([n, h]) => `${n} ${h}`);
    lines.push(winWords(w, yaku));
  }
  const change = changes(deal);
  if (change) lines.push("Change of points: " + change);
  else if (deal.scores) lines.push("Points after the deal: " + deal.scores.map((x, n) => `${renderer.seatName(n)} ${x}`).join(", "));
  return lines;
}

function showRecorded(d, k) {
  const box = $("recorded");
  const cmp = replay.imported;
  const deal = cmp && d >= 0 ? cmp.deals[d] : null;
  if (!deal || !resultShown(d, k)) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  const el = (tag, text, cls) => { const x = document.createElement(tag); x.textContent = text; if (cls) x.className = cls; return x; };
  const side = (title, lines, cls) => {
    const div = el("div", "", "side-result " + cls);
    div.appendChild(el("h3", title));
    const ul = document.createElement("ul");
    for (const text of lines) ul.appendChild(el("li", text));
    div.appendChild(ul);
    return div;
  };
  const verdict = deal.differences.length
    ? el("p", `✗ Differs from ${cmp.platform}: ${deal.differences.length} figure${deal.differences.length > 1 ? "s" : ""} of deal ${d + 1} ${deal.differences.length > 1 ? "disagree" : "disagrees"}.`, "compare-verdict differs")
    : el("p", `✓ Agrees with ${cmp.platform}: every recorded figure of deal ${d + 1} matches ours.`, "compare-verdict agrees");
  verdict.dataset.state = deal.differences.length ? "differs" : "agrees";
  const list = el("ul", "", "differences");
  for (const text of deal.differences) list.appendChild(el("li", "Differs: " + text));
  box.replaceChildren(el("h2", `Deal ${d + 1}: ${cmp.platform}'s record beside ours`), verdict,
                      side(`${cmp.platform} recorded`, resultLines(deal.recorded, true, cmp.shape), "theirs"),
                      side("The rules here (ours)", resultLines(deal.ours, false, cmp.shape), "ours"));
  if (deal.differences.length) box.append(el("h3", "Where they differ (as mahjong audit says it)"), list);
}

let scrollPending = false;

// The deal's events so far, narrated by the renderer: the last 60, drawn at once and scrolled to the last.
function showLog(events) {
  const items = [];
  for (const e of events) {
    const text = e.type.startsWith("wall_") ? null : renderer.describe(e);
    if (text) items.push(text);
  }
  const ol = $("log");
  ol.replaceChildren(...items.slice(-60).map((text) => { const li = document.createElement("li"); li.textContent = text; return li; }));
  ol.start = Math.max(1, items.length - 59);
  if (!scrollPending) {
    // Scrolled once a frame, not at every step: reading the list's height would lay the page out each time.
    scrollPending = true;
    requestAnimationFrame(() => { scrollPending = false; ol.scrollTop = ol.scrollHeight; });
  }
}

// The claims made on the last discard: the one that took it and the ones that passed (what `seat` may know).
function renderClaims(f, seat) {
  const box = $("claims");
  box.replaceChildren();
  const claims = f.claims.filter((c) => seat === "all" || c.seat === seat);
  if (!claims.length) return;
  const h = document.createElement("div"); h.className = "claims-title"; h.textContent = "On the discard:";
  box.appendChild(h);
  const ul = document.createElement("ul");
  for (const c of claims) {
    const li = document.createElement("li");
    li.className = "claim" + (c.taken ? " taken" : c.action === "pass" ? " passed" : " lost");
    const what = c.action === "pass" ? "passed" : c.action + (c.tiles.length ? " with " + c.tiles.map((t) => state.info.tile_names && state.info.tile_names[t] || t).join(", ") : "");
    const outcome = c.taken ? " — taken" : c.action === "pass" ? "" : " — not taken";
    const time = c.timeout ? ` (ran out of its ${c.timeout / 1000} s)` : ` (${(c.after_ms / 1000).toFixed(1)} s)`;
    li.textContent = `${renderer.seatName(c.seat)} ${what}${outcome}${time}`;
    ul.appendChild(li);
  }
  box.appendChild(ul);
}

function go(pos) {
  const n = replay.frames.length;
  if (!n) return;
  replay.pos = Math.max(0, Math.min(n - 1, pos));
  replay.hideScoring = false;
  show();
}

function dealEnd() {
  const d = replay.deals[dealOf(replay.pos)];
  if (d) go(d.end);
}

function jumpDeal(step) {
  const i = dealOf(replay.pos) + step;
  if (step < 0 && replay.deals[dealOf(replay.pos)] && replay.pos > replay.deals[dealOf(replay.pos)].start) {
    go(replay.deals[dealOf(replay.pos)].start);
  } else if (replay.deals[i]) {
    go(replay.deals[i].start);
  } else if (step > 0) {
    go(replay.frames.length - 1);
  } else {
    go(0);
  }
}

// ------------------------------------------------------------------ controls

$("first").onclick = () => go(0);
$("back").onclick = () => go(replay.pos - 1);
$("forward").onclick = () => go(replay.pos + 1);
$("last").onclick = () => go(replay.frames.length - 1);
$("prev-deal").onclick = () => jumpDeal(-1);
$("next-deal").onclick = () => jumpDeal(1);
$("deal-end").onclick = dealEnd;
$("deal-select").onchange = (ev) => { const d = replay.deals[parseInt(ev.target.value, 10)]; if (d) go(d.start); };
$("seat-select").onchange = (ev) => {
  const v = ev.target.value;
  replay.mode = v === "all" ? "all" : v === "spectator" ? null : parseInt(v, 10);
  show();
};
$("file").onchange = async (ev) => {
  const file = ev.target.files && ev.target.files[0];
  if (!file) return;
  const text = await file.text();
  let verdict = null;
  if (location.protocol === "http:" || location.protocol === "https:") {
    // Served by `mahjong serve`: the server audits the file (every decision, score and payment under the rules).
    $("verdict").textContent = "Auditing " + file.name + "…";
    try {
      const r = await fetch("/api/audit?name=" + encodeURIComponent(file.name), { method: "POST", body: text, headers: { "Content-Type": "application/x-ndjson" } });
      if (r.ok) verdict = await r.json();
    } catch (err) {
      verdict = null; // no server to ask: the page's own checks stand alone
    }
  }
  await load({ text, verdict, name: file.name, cards: verdict && verdict.cards, imported: verdict && verdict.imported });
};

document.addEventListener("keydown", (ev) => {
  if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
  const keys = {
    ArrowRight: () => go(replay.pos + 1), ArrowLeft: () => go(replay.pos - 1), Home: () => go(0),
    End: () => go(replay.frames.length - 1), PageDown: () => jumpDeal(1), PageUp: () => jumpDeal(-1),
    s: dealEnd, S: dealEnd, Escape: () => { replay.hideScoring = true; $("scoring").hidden = true; },
  };
  if (keys[ev.key]) { keys[ev.key](); ev.preventDefault(); }
});

async function start() {
  const embedded = document.getElementById("replay-data");
  if (embedded) {
    await load(JSON.parse(embedded.textContent));
    return;
  }
  const id = location.pathname.split("/").pop();
  if (location.pathname.startsWith("/replay/") && id) {
    try {
      const r = await fetch("/api/games/" + encodeURIComponent(id));
      const data = await r.json();
      if (!r.ok) { $("verdict").textContent = data.error || "no such game"; $("verdict").className = "verdict bad"; return; }
      await load(data);
    } catch (err) {
      $("verdict").textContent = "The server did not answer: " + err.message;
    }
    return;
  }
  state.status = "no log";
  $("verdict").textContent = "Choose a log file (Open a log…) to replay it.";
  renderer.render();
}

start();

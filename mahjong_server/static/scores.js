// The score-entry page: a referee types a physical table's score sheet, deal by deal.  The page holds what was
// typed (kept in localStorage at every keystroke, so a reload loses nothing) and turns it into a sheet in the
// score-sheet format; the server reads, scores and checks it (POST /api/sheets/check) and the page shows what
// the server says next to each field.  No rule is applied here: every score, payment and verdict is the server's.
"use strict";

const STORE = "mahjong-score-sheet";
const HOWS = [
  ["discard", "on a discard"], ["self_drawn", "self-drawn"], ["replacement", "on a loose tile"],
  ["robbing_kong", "robbing a kong"], ["drawn", "drawn deal: no winner"],
];
const FIGURES = [["values", "Value"], ["net", "Result"], ["totals", "Total"]];
const FIGURE_NAMES = { values: "hand value", net: "result of the deal", totals: "running total" };
const $ = (id) => document.getElementById(id);

let rulesets = [];
// What the chosen ruleset's sheet says of a deal beyond the core's fields, as the server asks its family and
// mechanisms (GET /api/sheets/fields/ID): a winner's figures, declarations, what a draw tells, abortive draws,
// the dealer-repeat counter, and how many may win on one discard.  Nothing here names a ruleset.
const NO_FIELDS = { figures: [], declarations: [], told: [], abortive: [], honba: false, winners: 1 };
let fields = NO_FIELDS;
// The ruleset whose fields ``fields`` holds ("" while they are asked for): the deals carry it once drawn with
// them (``data-fields-for``), so whoever drives the page can wait for the form to stop changing shape.
let fieldsFor = "";
const TOLD_NAMES = { ready: "ready", all_orphan_discards: "all orphan discards" };
const FIGURE_WORDS = { han: "Han", fu: "Fu", limit: "or limit", yaku: "Yaku (optional)" };
let state = null;
let lastResult = null;
let timer = null;
let asked = 0;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "dataset") Object.assign(node.dataset, v);
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
}

function seats() {
  const r = rulesets.find((x) => x.id === state.ruleset);
  return r ? r.players : state.players.length;
}

function blankDeal(n) {
  return { how: "discard", winner: "", from: "", flags: "", calling: Array(n).fill(false),
           hands: Array(n).fill(""), values: Array(n).fill(""), net: Array(n).fill(""),
           totals: Array(n).fill(""), payments: "",
           // the fields a ruleset's plugins read (``fields``): empty unless the page offers them
           more: [], tile: "", honba: "", abortive: "", figures: Array.from({ length: n }, () => ({})),
           declared: {}, told: {} };
}

// The seats that won the deal: the winner, and any more on the same discard.
function winnersOf(d) {
  if (d.how === "drawn" || d.how === "abortive" || d.winner === "") return [];
  const more = d.how === "discard" || d.how === "robbing_kong" ? d.more : [];
  return [d.winner, ...more.filter((w) => w !== "" && w !== d.winner)].map(Number)
    .filter((w, i, all) => all.indexOf(w) === i);
}

function seatsTicked(list) {
  return (list || []).map((on, i) => (on ? i : -1)).filter((i) => i >= 0);
}

// A winner's figures as the sheet writes them: numbers as numbers, the yaku as a list; null when none is typed.
function figuresOf(typed) {
  const out = {};
  for (const name of fields.figures) {
    const text = (typed[name] || "").trim();
    if (!text) continue;
    out[name] = name === "yaku" ? text.split(/[\s,]+/).filter(Boolean) : number(text);
  }
  return Object.keys(out).length ? out : null;
}

function fit(list, n, fill) {
  const out = list.slice(0, n);
  while (out.length < n) out.push(fill);
  return out;
}

function loadState() {
  try {
    const kept = JSON.parse(localStorage.getItem(STORE) || "null");
    if (kept && Array.isArray(kept.players) && Array.isArray(kept.deals)) return kept;
  } catch (e) { /* a kept state that does not read is replaced by a new sheet */ }
  return { ruleset: "", title: "", date: "", place: "", name: "sheet", players: ["", "", "", ""], deals: [] };
}

function keep() {
  localStorage.setItem(STORE, JSON.stringify(state));
}

// ---------------------------------------------------------------- the sheet sent to the server

function number(text) {
  const t = text.trim();
  return /^[+-]?\d+$/.test(t) ? parseInt(t, 10) : t;  // anything else goes as typed: the server names it
}

function toSheet() {
  const names = state.players.map((p) => p.trim());
  const sheet = { sheet: 1, ruleset: state.ruleset };
  for (const key of ["title", "date", "place"]) if (state[key].trim()) sheet[key] = state[key].trim();
  sheet.players = names;
  sheet.deals = state.deals.map((d) => {
    const out = {};
    if (fields.honba && d.honba.trim()) out.honba = number(d.honba);
    for (const kind of fields.declarations) {
      const who = seatsTicked(d.declared[kind]).map((i) => names[i]);
      if (who.length) (out.declared = out.declared || {})[kind] = who;
    }
    const winners = winnersOf(d);
    if (d.how === "abortive") {
      out.abortive = d.abortive;
    } else if (d.how === "drawn") {
      out.drawn = true;
      for (const key of fields.told) {
        const who = seatsTicked(d.told[key]).map((i) => names[i]);
        if (who.length) out[key] = who;
      }
    } else {
      if (winners.length > 1) out.winner = winners.map((i) => names[i]);
      else if (d.winner !== "") out.winner = names[d.winner];
      const figures = winners.map((i) => [names[i], figuresOf(d.figures[i] || {})]).filter(([, f]) => f);
      if (figures.length && winners.length > 1) out.score = Object.fromEntries(figures);
      else if (figures.length) out.score = figures[0][1];
      if (fields.figures.length && d.tile.trim()) out.tile = d.tile.trim();
      if (d.how !== "discard") out.how = d.how;
      if ((d.how === "discard" || d.how === "robbing_kong") && d.from !== "") out.from = names[d.from];
      const flags = d.flags.split(/[\s,]+/).filter(Boolean);
      if (flags.length) out.flags = flags;
    }
    const calling = names.filter((_, i) => d.calling[i]);
    if (calling.length && d.how !== "drawn" && d.how !== "abortive") out.calling = calling;
    const hands = {};
    names.forEach((name, i) => { if (d.hands[i].trim()) hands[name] = d.hands[i].trim(); });
    if (Object.keys(hands).length) out.hands = hands;
    for (const [key] of FIGURES) {
      const figures = {};
      names.forEach((name, i) => { if (d[key][i].trim()) figures[name] = number(d[key][i]); });
      if (Object.keys(figures).length) out[key] = figures;
    }
    const payments = d.payments.split("\n").map((s) => s.trim()).filter(Boolean);
    if (payments.length) out.payments = payments;
    return out;
  });
  return sheet;
}

// ---------------------------------------------------------------- the form

// The player fields are drawn again only when the number of seats changes: a name being typed while a
// ruleset's fields arrive keeps its field, its focus and its caret.
function drawPlayers() {
  const box = $("players");
  const drawn = box.querySelectorAll("input[data-field=players]");
  if (drawn.length === state.players.length) {
    drawn.forEach((input, i) => { if (input.value !== state.players[i]) input.value = state.players[i]; });
    return;
  }
  box.querySelectorAll("label").forEach((n) => n.remove());
  const winds = ["East", "South", "West", "North"];
  state.players.forEach((name, i) => {
    const input = el("input", { autocomplete: "off", dataset: { field: "players", item: String(i) } });
    input.value = name;
    input.addEventListener("input", () => { state.players[i] = input.value; changed(true); });
    box.append(el("label", { class: "player" }, (winds[i] || "Seat " + i) + " ", input,
                  el("span", { class: "mark", dataset: { field: "players", item: String(i) } })));
  });
}

function playerName(i) {
  return state.players[i].trim() || "seat " + (i + 1);
}

function select(options, value, onchange) {
  const s = el("select");
  for (const [v, text] of options) s.append(el("option", { value: v }, text));
  s.value = value;
  s.addEventListener("change", () => onchange(s.value));
  return s;
}

function drawDeals() {
  const list = $("deals");
  list.replaceChildren();
  list.dataset.fieldsFor = fieldsFor;
  const n = seats();
  const people = state.players.map((_, i) => [String(i), playerName(i)]);
  state.deals.forEach((d, k) => {
    const deal = k + 1;
    const card = el("li", { class: "deal panel", dataset: { deal: String(deal) } });
    card.append(el("h3", {}, "Deal " + deal + " ", el("span", { class: "east" })));
    const won = d.how !== "drawn" && d.how !== "abortive";
    const hows = fields.abortive.length ? [...HOWS, ["abortive", "abortive draw"]] : HOWS;
    const how = select(hows, d.how, (v) => { d.how = v; changed(true); });
    // The figures go beside each winner: a change of winner redraws the seats where the ruleset has them.
    const byFigures = fields.figures.length > 0;
    const winner = select([["", "who won?"], ...people], d.winner, (v) => { d.winner = v; changed(byFigures); });
    const from = select([["", "whose tile?"], ...people], d.from, (v) => { d.from = v; changed(false); });
    winner.dataset.field = "winner";
    from.dataset.field = "from";
    const result = el("div", { class: "result" },
      el("label", {}, "Won ", how));
    if (won) result.append(el("label", {}, "Winner ", winner));
    if (d.how === "discard" || d.how === "robbing_kong") {
      result.append(el("label", {}, "From ", from));
      for (let k = 0; k < fields.winners - 1; k++) {
        const also = select([["", "nobody else"], ...people], d.more[k] ?? "", (v) => { d.more[k] = v; changed(byFigures); });
        also.dataset.field = "winner";
        also.dataset.item = String(k + 1);
        result.append(el("label", {}, "Also won ", also));
      }
    }
    if (d.how === "abortive") {
      const why = select([["", "which?"], ...fields.abortive.map((r) => [r, r.replace(/_/g, " ")])], d.abortive,
                         (v) => { d.abortive = v; changed(false); });
      why.dataset.field = "abortive";
      result.append(el("label", {}, "Draw ", why));
    }
    if (won && byFigures) result.append(textField(d, "tile", "Winning tile", "e.g. 6p", "small"));
    if (fields.honba) result.append(textField(d, "honba", "Honba", "0", "small", "numeric"));
    card.append(result);
    if (won) {
      const flags = el("input", { autocomplete: "off", placeholder: "e.g. last_tile", dataset: { field: "flags" } });
      flags.value = d.flags;
      flags.addEventListener("input", () => { d.flags = flags.value; changed(false); });
      card.append(el("label", { class: "flags" }, "Other flags ", flags));
    }
    const grid = el("div", { class: "seats" });
    for (let i = 0; i < n; i++) {
      const seat = el("div", { class: "seat-entry", dataset: { player: String(i) } });
      const head = el("div", { class: "seat-name" }, playerName(i));
      if (won && !fields.declarations.length) {
        const calling = el("input", { type: "checkbox" });
        calling.checked = !!d.calling[i];
        calling.addEventListener("change", () => { d.calling[i] = calling.checked; changed(false); });
        head.append(el("label", { class: "calling" }, calling, " calling"));
      }
      // Declarations that stood (riichi), and at an exhaustive draw what it tells (ready hands): a box a seat.
      const ticks = [...fields.declarations.map((kind) => [d.declared, kind, kind.replace(/_/g, " ")]),
                     ...(d.how === "drawn" ? fields.told.map((key) => [d.told, key, TOLD_NAMES[key] || key]) : [])];
      for (const [where, key, label] of ticks) {
        where[key] = fit(where[key] || [], n, false);
        const box = el("input", { type: "checkbox", dataset: { field: key, player: String(i) } });
        box.checked = !!where[key][i];
        box.addEventListener("change", () => { where[key][i] = box.checked; changed(false); });
        head.append(el("label", { class: "calling" }, box, " " + label));
      }
      seat.append(head);
      if (won && byFigures && winnersOf(d).includes(i)) seat.append(figureInputs(d, i));
      const hand = el("input", { class: "hand-input", autocomplete: "off", spellcheck: "false",
                                 placeholder: won ? "hand; the winner's ends +TILE" : "hand (optional)",
                                 "aria-label": playerName(i) + "'s hand", dataset: { field: "hands", player: String(i) } });
      hand.value = d.hands[i];
      hand.addEventListener("input", () => { d.hands[i] = hand.value; changed(false); });
      seat.append(hand, el("div", { class: "mark field-error", dataset: { field: "hands", player: String(i) } }));
      const figures = el("div", { class: "figures" });
      for (const [key, label] of FIGURES) {
        const input = el("input", { inputmode: "numeric", autocomplete: "off",
                                    "aria-label": playerName(i) + ": " + FIGURE_NAMES[key],
                                    dataset: { field: key, player: String(i) } });
        input.value = d[key][i];
        input.addEventListener("input", () => { d[key][i] = input.value; changed(false); });
        figures.append(el("label", { class: "figure" }, el("span", { class: "figure-label" }, label), input,
                          el("span", { class: "mark", dataset: { field: key, player: String(i) } })));
      }
      seat.append(figures);
      grid.append(seat);
    }
    card.append(grid);
    const payments = el("textarea", { rows: String(Math.max(3, d.payments.split("\n").length + 1)), spellcheck: "false", placeholder: "Anna -> Boris 120",
                                      dataset: { field: "payments" } });
    payments.value = d.payments;
    payments.addEventListener("input", () => { d.payments = payments.value; changed(false); });
    card.append(el("label", { class: "payments-entry" }, "Payments, one a line (optional) ", payments),
                el("ul", { class: "payment-marks" }));
    card.append(el("div", { class: "deal-errors error", role: "alert" }), el("ul", { class: "differences" }),
                el("div", { class: "rules" }, el("p", { class: "pending" }, "not scored yet")));
    list.append(card);
  });
}

// A one-line text field of a deal (the winning tile, the honba), kept as typed.
function textField(d, key, label, placeholder, size, mode) {
  const input = el("input", { autocomplete: "off", spellcheck: "false", placeholder, class: size,
                              dataset: { field: key } });
  if (mode) input.setAttribute("inputmode", mode);
  input.value = d[key];
  input.addEventListener("input", () => { d[key] = input.value; changed(false); });
  return el("label", {}, label + " ", input, el("span", { class: "mark", dataset: { field: key } }));
}

// A winner's figures, as the family reads them (han and fu, or a limit; the yaku if the table wrote them).
function figureInputs(d, i) {
  const typed = d.figures[i] = d.figures[i] || {};
  const box = el("div", { class: "score-figures" });
  for (const name of fields.figures) {
    const input = el("input", { autocomplete: "off", spellcheck: "false",
                                "aria-label": playerName(i) + ": " + name,
                                dataset: { field: "score", player: String(i), item: name } });
    if (name === "han" || name === "fu") input.setAttribute("inputmode", "numeric");
    input.value = typed[name] || "";
    input.addEventListener("input", () => { typed[name] = input.value; changed(false); });
    box.append(el("label", { class: "figure " + name }, el("span", { class: "figure-label" },
                                                           FIGURE_WORDS[name] || name), input));
  }
  box.append(el("span", { class: "mark score-mark", dataset: { field: "score", player: String(i) } }));
  return box;
}

function drawAll() {
  $("ruleset").value = state.ruleset;
  for (const key of ["title", "date", "place", "name"]) $(key).value = state[key] || "";
  drawPlayers();
  drawDeals();
}

function reshape() {
  const n = seats();
  state.players = fit(state.players, n, "");
  // A deal kept by an earlier version of the page gets the fields it lacks, empty.
  state.deals = state.deals.map((d) => Object.assign(blankDeal(n), d));
  for (const d of state.deals) {
    for (const key of ["calling", "hands", "values", "net", "totals"]) d[key] = fit(d[key], n, key === "calling" ? false : "");
    d.figures = Array.from({ length: n }, (_, i) => d.figures[i] || {});
  }
}

// Something was typed: keep it, redraw the deals if their shape changed, and check again after a pause.
function changed(redraw) {
  keep();
  if (redraw) {
    drawDeals();
    if (lastResult) show(lastResult);
  }
  clearTimeout(timer);
  timer = setTimeout(check, 350);
  $("verdict").textContent = "checking…";
  $("verdict").className = "verdict";
}

// ---------------------------------------------------------------- what the server says

async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
                                       body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

async function check() {
  const mine = ++asked;
  try {
    const result = await post("/api/sheets/check", toSheet());
    if (mine !== asked) return;  // a newer check is on its way
    lastResult = result;
    show(result);
  } catch (e) {
    if (mine !== asked) return;
    $("verdict").textContent = "the server could not check the sheet: " + e.message;
    $("verdict").className = "verdict bad";
  }
}

function seatOf(name) {
  return state.players.findIndex((p) => p.trim() === name);
}

// The element of the page a located finding belongs to (``where``: deal, field, player, item, as the server
// gives them), or null where no one field holds it (it is shown with its deal, or with the game).
function target(where, tags) {
  const scope = where.deal ? document.querySelector(`.deal[data-deal="${where.deal}"]`) : $("game-title").parentNode;
  if (scope && where.field === "score") {  // one winner's `score.han`, or several winners' `score.Ben.han`
    const d = state.deals[where.deal - 1];
    const seat = fields.figures.includes(where.player) ? winnersOf(d)[0] : seatOf(where.player);
    if (seat === undefined || seat < 0) return null;
    const figure = String(where.place || "").split(".").pop();  // the figure named (`fu`), if one is
    const item = fields.figures.includes(figure) ? `[data-item="${figure}"]` : "";
    return scope.querySelector(tags.split(",").map((t) => t.trim()).map((t) => t +
      `[data-field="score"][data-player="${seat}"]` + (t === "input" ? item : "")).join(", "));
  }
  const perPlayer = ["hands", "values", "net", "totals"].includes(where.field);
  if (!scope || !where.field || (perPlayer && (where.player === null || where.player === undefined))) return null;
  let attrs = `[data-field="${where.field}"]`;
  if (perPlayer) attrs += `[data-player="${seatOf(where.player)}"]`;
  if (where.field === "players") attrs += `[data-item="${where.item}"]`;
  return scope.querySelector(tags.split(",").map((t) => t.trim() + attrs).join(", "));
}

function signed(n) {
  return n > 0 ? "+" + n : String(n);
}

function show(result) {
  document.querySelectorAll(".mark").forEach((m) => { m.textContent = ""; m.className = m.className.replace(/ (ok|bad|follows)/g, ""); m.removeAttribute("title"); });
  document.querySelectorAll(".wrong").forEach((m) => m.classList.remove("wrong"));
  document.querySelectorAll(".deal-errors, .payment-marks, .differences").forEach((m) => m.replaceChildren());
  $("sheet-errors").textContent = "";
  for (const error of result.errors) {
    const mark = target(error, ".mark");
    const input = target(error, "input, select, textarea");
    if (input) input.classList.add("wrong");
    if (mark) {
      mark.textContent = error.message;
      mark.className += " bad";
    } else if (error.deal) {
      const box = document.querySelector(`.deal[data-deal="${error.deal}"] .deal-errors`);
      if (box) box.append(el("p", {}, error.message));
    } else {
      $("sheet-errors").textContent = error.message;
    }
  }
  for (const f of result.figures) showFigure(f);
  document.querySelectorAll(".deal").forEach((card) => {
    const k = parseInt(card.dataset.deal, 10);
    const ruled = result.deals[k - 1];
    const box = card.querySelector(".rules");
    box.replaceChildren();
    card.querySelector(".east").textContent = ruled ? `East: ${ruled.dealer}, round ${ruled.round}` : "";
    if (!ruled) {
      box.append(el("p", { class: "pending" }, "not scored yet"));
      return;
    }
    box.append(el("h4", {}, "By the rules"));
    for (const hand of ruled.hands) {
      const items = hand.items.map((i) => `${i.label} ${i.kind === "doubling" ? "×" + 2 ** i.value : i.value}` +
                                          (i.count > 1 ? " ×" + i.count : ""));
      box.append(el("p", { class: "hand-score", dataset: { player: String(seatOf(hand.player)) } },
                    el("strong", {}, `${hand.player} ${hand.value}`), items.length ? ": " + items.join(" · ") : "",
                    hand.limit ? ` (limit: ${hand.limit})` : ""));
    }
    if (ruled.penalty) box.append(el("p", {}, "penalty: " + ruled.penalty));
    if (ruled.payments.length) {
      box.append(el("p", { class: "rule-payments" },
                    ruled.payments.map((p) => `${p.payer} → ${p.payee} ${p.amount} (${p.reason})`).join(", ")));
    }
    box.append(el("p", { class: "rule-net" }, Object.entries(ruled.net).map(([who, n]) => `${who} ${signed(n)}`).join(", ")));
  });
  drawRunning(result);
  $("verdict").textContent = result.verdict;
  $("verdict").className = "verdict " + (result.ok ? "ok" : "bad");
}

function showFigure(f) {
  if (!f.agrees) listDifference(f);
  if (f.field === "payments" && f.item !== null) {
    const list = document.querySelector(`.deal[data-deal="${f.deal}"] .payment-marks`);
    if (!list) return;
    const lines = state.deals[f.deal - 1].payments.split("\n").map((s) => s.trim()).filter(Boolean);
    const row = el("li", { class: f.agrees ? "ok" : (f.follows ? "follows" : "bad") },
                   `${lines[f.item] || "line " + (f.item + 1)}: ` + (f.agrees ? "✓" : `rules: ${f.expected}`));
    if (!f.agrees && f.explanation.length) row.title = f.explanation.join("\n");
    list.append(row);
    if (!f.agrees) document.querySelector(`.deal[data-deal="${f.deal}"] textarea`).classList.add("wrong");
    return;
  }
  const mark = f.written === null ? null : target(f, ".mark");
  if (!mark) return;  // about the deal as a whole: listed under it
  const input = target(f, "input");
  if (f.agrees) {
    mark.textContent = "✓";
    mark.className += " ok";
    return;
  }
  mark.textContent = "rules: " + f.expected;
  mark.className += f.follows ? " follows" : " bad";
  mark.title = [f.message, ...f.explanation, f.follows ? "only because of: " + f.follows : ""].filter(Boolean).join("\n");
  if (input) input.classList.add("wrong");
}

// Each difference in words under its deal, with what the audit says probably explains it (a doubling missing,
// East's double); the figures that differ only because of an earlier one are counted, not listed.
function listDifference(f) {
  const list = document.querySelector(`.deal[data-deal="${f.deal}"] .differences`);
  if (!list) return;
  if (f.follows) {
    let more = list.querySelector(".follows");
    if (!more) {
      more = el("li", { class: "follows", dataset: { count: "0" } });
      list.append(more);
    }
    more.dataset.count = String(parseInt(more.dataset.count, 10) + 1);
    more.textContent = `${more.dataset.count} more figure${more.dataset.count === "1" ? "" : "s"} differ only ` +
                       "because of the ones above";
    return;
  }
  const hints = f.explanation.filter((line) => !line.startsWith("rules:"));
  const item = el("li", { class: "bad" }, (f.player ? f.player + ": " : "") + f.message);
  for (const hint of hints) item.append(el("div", { class: "hint" }, hint));
  list.insertBefore(item, list.querySelector(".follows"));
}

function drawRunning(result) {
  const table = $("running");
  table.replaceChildren();
  const last = result.deals[result.deals.length - 1];
  const head = el("tr", {}, el("th", {}, ""));
  const row = el("tr", {}, el("th", { scope: "row" }, last ? `after deal ${last.deal}` : "no deal scored"));
  state.players.forEach((_, i) => {
    head.append(el("th", { scope: "col" }, playerName(i)));
    row.append(el("td", {}, last ? signed(last.totals[state.players[i].trim()] ?? 0) : "0"));
  });
  table.append(el("thead", {}, head), el("tbody", {}, row));
}

// ---------------------------------------------------------------- keeping the sheet

async function save() {
  $("saved").textContent = "saving…";
  try {
    const done = await post("/api/sheets", { name: state.name.trim(), sheet: toSheet() });
    $("saved").textContent = `Saved as ${done.saved} in the server's data folder; ${done.verdict}.`;
    $("saved").className = done.ok ? "ok" : "";
  } catch (e) {
    $("saved").textContent = "Not saved: " + e.message;
    $("saved").className = "error";
  }
}

async function download() {
  try {
    const result = await post("/api/sheets/check", toSheet());
    const link = el("a", { href: URL.createObjectURL(new Blob([result.yaml], { type: "application/yaml" })),
                           download: (state.name.trim() || "sheet") + ".yaml" });
    document.body.append(link);
    link.click();
    link.remove();
  } catch (e) {
    $("saved").textContent = "Not downloaded: " + e.message;
  }
}

// The chosen ruleset's fields, asked of the server; a ruleset it cannot answer for gets the core's fields only.
// Only the latest question's answer is taken: a referee who picks a ruleset while the page still waits for the
// first one's fields must not get the first one's fields back last.
let fieldsAsked = 0;
async function askFields() {
  const ticket = ++fieldsAsked;
  const ruleset = state.ruleset;
  fields = NO_FIELDS;
  fieldsFor = "";
  if (!ruleset) return;
  let answer = NO_FIELDS;
  try {
    const response = await fetch("/api/sheets/fields/" + encodeURIComponent(ruleset));
    if (response.ok) answer = await response.json();
  } catch (e) { /* the core's fields: the check still names what the sheet lacks */ }
  if (ticket === fieldsAsked) { fields = answer; fieldsFor = ruleset; }
}

async function start() {
  const info = await (await fetch("/api/rulesets")).json();
  rulesets = info.rulesets.filter((r) => !r.house);
  for (const r of rulesets) {
    $("ruleset").append(el("option", { value: r.id }, r.name + (r.native_name ? " (" + r.native_name + ")" : "")));
  }
  state = loadState();
  if (!rulesets.some((r) => r.id === state.ruleset)) state.ruleset = rulesets.length ? rulesets[0].id : "";
  reshape();
  if (!state.deals.length) state.deals.push(blankDeal(seats()));
  // Every control answers from the moment it is drawn, before the first ruleset's fields come back: a choice
  // made while they load is not lost (askFields keeps the latest question's answer).
  listen();
  await askFields();
  drawAll();  // with the fields of the ruleset chosen now (a change made meanwhile draws again when they come)
  keep();
  check();
}

function listen() {
  $("ruleset").addEventListener("change", async () => {
    state.ruleset = $("ruleset").value;
    reshape();
    const ticket = fieldsAsked + 1;
    await askFields();
    if (ticket !== fieldsAsked) return;  // a later change draws the page
    drawPlayers();
    changed(true);
  });
  for (const key of ["title", "date", "place"]) $(key).addEventListener("input", () => { state[key] = $(key).value; changed(false); });
  $("name").addEventListener("input", () => { state.name = $("name").value; keep(); });
  $("add-deal").addEventListener("click", () => { state.deals.push(blankDeal(seats())); changed(true); });
  $("remove-deal").addEventListener("click", () => {
    if (state.deals.length > 1) { state.deals.pop(); changed(true); }
  });
  $("save").addEventListener("click", save);
  $("download").addEventListener("click", download);
  $("new-sheet").addEventListener("click", () => {
    if (!confirm("Start a new sheet? What is typed here is cleared (a sheet saved on the server stays).")) return;
    localStorage.removeItem(STORE);
    state = loadState();
    state.ruleset = $("ruleset").value;
    reshape();
    state.deals.push(blankDeal(seats()));
    lastResult = null;
    drawAll();
    changed(false);
  });
}

start();

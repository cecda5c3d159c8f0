// The table's renderer, shared by the live table (table.js, fed by the server's websocket) and the replay viewer
// (viewer.js, fed by a log's events through replay_state.js): one renderer draws a table from a stream of events.
// It knows no rule: it draws the view it is given (mahjong_core.log.redaction.full_table_view's shape, redacted for the
// seat), the deal's events so far, the open prompt if any, and whose clock runs.
//
// MahjongTable.create(state, hooks) returns {render, tick, logEvent, note, describe, seatName, resetLog}; `state`
// holds info, seat, view, events, prompt, turn, revealed, status and selected, and the page changes it between
// renders; `hooks.act(index, marked)` (marked: the kinds whose red five a click chose) and `hooks.ready()` answer
// prompts (absent in the viewer, which only shows).
(function () {
"use strict";

const { tileSvg } = window.MahjongTiles;
const WINDS = ["East", "South", "West", "North"];
// Where each seat sits on the board, from the seat in front of the viewer round the table in turn order.
// The code a joker is written by, whichever tile set holds it (mahjong_core.hand.tiles.JOKER): an option's
// tiles name each joker it plays so, and a view names a joker held or discarded so.
const JOKER = "1j";
const SEAT_PLACES = { 2: ["bottom", "top"], 3: ["bottom", "right", "left"], 4: ["bottom", "right", "top", "left"] };

// A seat's name, marked as the reader's own seat; a seat already named "you" (`mahjong play`) is not marked twice.
function withYou(name, own, mark) {
  if (!own) return name;
  const m = mark !== undefined ? mark : " (you)";
  return String(name).trim().toLowerCase() === m.replace(/[()]/g, "").trim().toLowerCase() ? name : name + m;
}

function create(state, hooks) {
const hk = hooks || {};
const act = (index, marked) => { if (hk.act) hk.act(index, marked); };
const ready = () => { if (hk.ready) hk.ready(); };
const $ = (id) => document.getElementById(id);
const names = () => (state.info ? state.info.tile_names : {});
const seatName = (n) => {
  if (n === null || n === undefined || !state.info) return "?";
  const s = state.info.seats[n];
  return withYou(s ? s.name : "seat " + n, n === state.seat, hk.you);
};
const tile = (code, opts) => tileSvg(code, names(), opts);

function note(text) {
  const li = document.createElement("li");
  li.className = "note";
  li.textContent = text;
  $("log").appendChild(li);
  li.scrollIntoView({ block: "nearest" });
}

function describe(e) {
  const who = seatName(e.actor === "table" ? e.seat : e.actor);
  const t = (c) => (c === "?" ? "a tile" : (names()[c] || c));
  switch (e.type) {
    case "deal_start": return `Deal ${e.deal + 1} begins; ${seatName(e.dealer)} deals.`;
    case "hands": return "The hands are dealt.";
    case "draw": return `${who} draws${e.tile !== "?" ? " " + t(e.tile) : ""}.`;
    case "replacement": return `${who} takes a replacement tile${e.tile !== "?" ? " (" + t(e.tile) + ")" : ""}.`;
    case "bonus": return `${who} sets aside ${t(e.tile)}.`;
    case "decision":
      if (e.action === "discard") return `${who} discards ${t(e.tile)}${e.way ? " (" + e.way.replace("_", " ") + ")" : ""}.`;
      if (e.action === "win") return `${who} declares ${winWord(PHASE_HOW[e.phase]) || "mahjong"}.`;
      if (e.action === "kong") return `${who} declares a kong of ${t(e.tile)}.`;
      if (e.action === "declare_calling") return `${who} declares a calling hand.`;
      if (e.action === "joker_exchange") return `${who} exchanges ${t(e.tile)} for a joker.`;
      if (e.tile && winWord(e.action)) return `${who} declares ${t(e.tile)} (${winWord(e.action)}).`;
      if (word("action", e.action)) {
        return `${who} ${label("action", e.action)}${e.tile ? " " + t(e.tile) : ""}${e.way ? " (" + shownWord(e.way) + ")" : ""}.`;
      }
      return `${who}: ${e.action}${e.tile ? " " + t(e.tile) : ""}.`;
    case "claim": return `${who} claims ${t(e.tile)} from ${seatName(e.discarder)}: ${e.kind}${jokersAs(e, t)}.`;
    case "kong": return `${who} makes a ${e.way} kong of ${t(e.tile)}${jokersAs(e, t)}.`;
    case "wild_revealed":
      if (e.dice) {  // chosen_by: dice -- the throw counted the tile from the wall's end, where it stays
        return `The dice show ${e.dice.join("+")}: counting ${e.dice.reduce((a, b) => a + b, 0)} from the wall's end, ${t(e.tile)} is turned where it lies: ${(e.kinds || []).map(t).join(", ")} wild for the deal.`;
      }
      return `${t(e.tile)} is turned: ${(e.kinds || []).map(t).join(", ")} wild for the deal.`;
    case "wild_taken": return `${who} robs the turned ${t(e.tile)}.`;
    case "bonus_robbed": return `${who} robs ${t(e.tile)} from ${seatName(e.drawer)}.`;
    case "hand_shown": return `${who} shows the hand face up: ${(e.tiles || []).map(t).join(" ")}.`;
    case "joker_exchange": return `${who} gives ${t(e.tile)} for the joker standing for it in ${seatName(e.owner)}'s meld.`;
    case "timeout": return `${who} ran out of time (${e.what}, ${e.limit_ms / 1000} s): ${e.action}${e.tile ? " " + t(e.tile) : ""}.`;
    case "mahjong": return `${who} wins with ${t(e.tile)} (${howWords(e.how)}${e.discarder !== null && e.discarder !== undefined ? ", from " + seatName(e.discarder) : ""}).` +
      (e.stays_in_play === true ? " They stay in play." : e.play_on === true ? " Play goes on without them." : "");
    case "exhaustive_draw": return "The wall is exhausted: the deal is drawn.";
    case "abortive_draw": return `Abortive draw: ${String(e.reason).replace(/_/g, " ")}.`;
    case "score": return `${who}'s hand scores ${e.card ? e.card.total + " " + e.card.unit : e.value}.`;
    case "settlement": return "The deal is settled.";
    case "rotation": return `Next: ${seatName(e.dealer)} deals, prevalent wind ${WINDS[e.prevalent_wind]}.`;
    case "game_end": return "The game is over.";
    case "payment": return `${e.payer === null ? "The pot" : seatName(e.payer)} pays ${e.amount} ${e.payee === null ? "into the pot" : "to " + seatName(e.payee)} (${shownWord(String(e.reason))}).`;
    case "counter": return `The table's ${e.name} counter is now ${e.value}.`;
    case "false_mahjong": return `${who} declared a false mahjong: ${e.reason}.`;
    default: return word("event", e.type) ? pluginEvent(e) : null;
  }
}

// The jokers of a meld claimed or declared, in words: ", with 2 jokers as 5 dots".
function jokersAs(e, t) {
  const n = (e.jokers || []).length;
  return n ? `, with ${n === 1 ? "a joker" : n + " jokers"} as ${t(e.jokers[0])}` : "";
}

// A plugin's word as the log's header declares it (state.info.words: mahjong_core.header_words), and its label.
function word(kind, name) {
  const words = (state.info && state.info.words) || {};
  return words[kind] && Object.prototype.hasOwnProperty.call(words[kind], name) ? words[kind][name] : null;
}

function label(kind, name) {
  const w = word(kind, name);
  return w && w.label ? w.label : String(name).replace(/_/g, " ");
}

// What the family's players call a win by the way it is made (state.info.win_words: riichi's tsumo and ron,
// mahjong_core.family_words), or null where they call it a win; and so a plugin's action they have a word for
// (a North set aside at a three-player table: kita).
function winWord(how) {
  const words = (state.info && state.info.win_words) || {};
  return how && Object.prototype.hasOwnProperty.call(words, how) ? words[how] : null;
}

// A win's way in words: the family's word for it with the core's way beside it where they differ ("tsumo,
// replacement"), else the core's way ("self drawn").
function howWords(how) {
  const plain = String(how).replace(/_/g, " ");
  const w = winWord(how);
  return w === null ? plain : w + (how === "self_drawn" || how === "discard" ? "" : ", " + plain);
}

// The way a win chosen in a prompt's phase is made: in a turn self-drawn, in a claim window on the discard, in a
// robbing window on the kong's tile.
const PHASE_HOW = { turn: "self_drawn", claim: "discard", rob_kong: "robbing_kong", rob_bonus: "robbing_bonus" };

// What a person reads for a plugin's flag, value or way: the display word a word of its vocabulary gives it
// (a term's `words`: no_circles read as "circles"), else the word with its underscores as spaces
// (mahjong_core.table.vocabulary.display_word).
function shownWord(name) {
  const given = displayWord(name);
  return given !== null ? given : String(name).replace(/_/g, " ");
}

// The display word a term of the vocabulary gives a word, or null where none does.
function displayWord(name) {
  const words = (state.info && state.info.words) || {};
  for (const kind of Object.keys(words)) {
    for (const w of Object.values(words[kind] || {})) {
      if (w && w.words && Object.prototype.hasOwnProperty.call(w.words, name)) return w.words[name];
    }
  }
  return null;
}

// A seat's flag as its badge reads it, and the flag as data (the badge's hover text).  A flag whose value is a
// word reads as the flag's and the value's display words ("missing suit: circles").  A flag whose value is no
// word (a number: riichi's `locked`, the tiles drawn when the hand locked) and whose name the vocabulary gives no
// display word reads as the label of the plugin's event that sets it (the event type whose `flag` effect names
// it): "riichi: hand locked", not "locked: 7"; the value stays in the hover text.  Else the flag and its value
// with their underscores as spaces.
// A seat's flags as badges: the flags one plugin event sets together (riichi's riichi, riichi_melded and
// double_riichi) make one badge, read as that event's label, with the display word of each of them that is true
// after it ("riichi · double riichi"); a number or a false is data, kept in the hover text.  A flag whose value is a
// word, or that no event's label names, has its own badge (flagBadge).  Each badge: {text, data, flag}.
function flagBadges(flags) {
  const events = ((state.info && state.info.words) || {}).event || {};
  const setter = (flag) => {
    for (const term of Object.values(events)) {
      if (((term && term.effects) || []).some((x) => x && x.do === "flag" && x.name === flag) && term.label) return term;
    }
    return null;
  };
  const out = [];
  const groups = new Map();
  for (const [flag, value] of Object.entries(flags || {})) {
    const term = typeof value === "string" ? null : setter(flag);
    if (!term) { out.push({ ...flagBadge(flag, value), flag }); continue; }
    if (!groups.has(term)) { groups.set(term, { text: term.label, data: [], flag }); out.push(groups.get(term)); }
    const g = groups.get(term);
    g.data.push(`${flag}: ${value}`);
    if (value === true && flag !== g.flag) g.text += " · " + shownWord(flag);
  }
  return out.map((b) => ({ ...b, data: Array.isArray(b.data) ? b.data.join("; ") : b.data }));
}

function flagBadge(flag, value) {
  const data = `${flag}: ${value}`;
  if (typeof value !== "string" && displayWord(flag) === null) {
    const events = ((state.info && state.info.words) || {}).event || {};
    for (const term of Object.values(events)) {
      const sets = ((term && term.effects) || []).some((x) => x && x.do === "flag" && x.name === flag);
      if (sets && term.label) return { text: term.label, data };
    }
  }
  return { text: `${shownWord(flag)}: ${shownWord(String(value))}`, data };
}

// A plugin's event, shown generically: its label (or type), then its fields, a seat by its name, a tile by its name.
function pluginEvent(e) {
  const t = (c) => (c === "?" ? "a tile" : (names()[c] || c));
  // A field whose value only a flag keeps, as data (riichi's tiles drawn and melded at the declaration, not a
  // word), is shown by the seat's badge, not here: "riichi: Ann", not "riichi: Ann, drawn 12, melded 12, ...".
  const term = word("event", e.type);
  const kept = new Set(((term && term.effects) || []).filter((x) => x && x.do === "flag" && typeof e[x.value] !== "string")
    .map((x) => x.value));
  const parts = Object.keys(e).filter((k) => !["n", "t", "actor", "type"].includes(k) && !kept.has(k)).map((k) => {
    const v = e[k];
    if (k === "seat") return seatName(v);
    if (k === "seats" && Array.isArray(v)) return v.map(seatName).join(", ");  // the seats it names, by name
    const shown = Array.isArray(v) ? v.map((x) => (typeof x === "string" ? t(x) : String(x))).join(" ")
      : typeof v === "string" && names()[v] ? t(v) : typeof v === "object" ? JSON.stringify(v) : shownWord(String(v));
    return `${shownWord(k)} ${shown}`;
  });
  return `${label("event", e.type)}${parts.length ? ": " + parts.join(", ") : ""}.`;
}

function logEvent(e) {
  const text = describe(e);
  if (!text || e.type.startsWith("wall_")) return;
  const li = document.createElement("li");
  li.textContent = text;
  $("log").appendChild(li);
  while ($("log").children.length > 60) $("log").firstChild.remove();
  li.scrollIntoView({ block: "nearest" });
}

// ------------------------------------------------------------------ rendering

function row(cls, tiles, opts) {
  const div = document.createElement("div");
  div.className = "tiles " + cls;
  tiles.forEach((c) => div.appendChild(tile(c, opts)));
  return div;
}

function meldsRow(melds, small) {
  const div = document.createElement("div");
  div.className = "melds";
  for (const m of melds) {
    const g = document.createElement("span");
    g.className = "meld" + (m.exposed ? "" : " concealed-meld");
    g.setAttribute("aria-label", `${m.exposed ? "exposed" : "concealed"} ${m.kind}`);
    // A joker in the meld (where jokers are played): its last tiles, one a joker for each kind in `jokers`,
    // shown as the joker, named by what it stands for, with a small picture of that tile on its corner.
    // A concealed kong lies with its ends face down: its joker takes a face-up place (the kong's event has
    // told every seat how many jokers it holds), and only a joker beyond those places lies face down.
    const width = small ? 24 : 30;
    const downAt = (i) => !m.exposed && m.kind === "kong" && (i === 0 || i === 3);
    const places = [...m.tiles.keys()].reverse();
    const jokerAt = new Map([...places.filter((i) => !downAt(i)), ...places.filter(downAt)]
      .slice(0, (m.jokers || []).length).map((i, k) => [i, m.jokers[k]]));
    m.tiles.forEach((c, i) => {
      const down = downAt(i);
      const joker = !down && jokerAt.has(i);
      const shown = tile(down ? "?" : joker ? JOKER : c, { width });
      if (!joker) { g.appendChild(shown); return; }
      const as = jokerAt.get(i);
      const text = as === "?" ? "a joker" : `a joker as ${names()[as] || as}`;
      shown.setAttribute("aria-label", text);
      shown.querySelector("title").textContent = text;
      shown.classList.add("joker-as");
      shown.dataset.as = as;
      if (as === "?") { g.appendChild(shown); return; }
      // One element per tile of the meld: the joker and its stand-in together (the stand-in is the joker's
      // picture's detail; its name is already the joker's text alternative).
      const both = document.createElement("span");
      both.className = "joker-with-stand-in";
      const standIn = tile(as, { width: Math.round(width * 0.55) });
      standIn.classList.add("stand-in");
      standIn.setAttribute("aria-hidden", "true");
      both.append(shown, standIn);
      g.appendChild(both);
    });
    div.appendChild(g);
  }
  return div;
}

// A discarded joker, where the ruleset says no seat may claim it (the table's `jokers.dead_when_discarded`):
// drawn crossed out and named so ("a dead joker"), so nobody waits for a claim on it.  Where a seat may still
// win on it, taking it as another joker (`jokers.claimed_to_win_as`: the Vietnamese General), it is not dead:
// it is drawn with a dashed ring instead of the cross and named for the one claim it allows.
function deadJoker(svg) {
  const jokers = state.info && state.info.jokers;
  if (!svg || !jokers || !jokers.dead_when_discarded) return;
  const as = jokers.claimed_to_win_as;
  const text = as
    ? `a discarded joker (no seat may claim it but to win on it, as ${names()[as] || as})`
    : "a dead joker (discarded: no seat may claim it)";
  svg.classList.add(as ? "win-only-joker" : "dead-joker");
  svg.setAttribute("aria-label", text);
  svg.querySelector("title").textContent = text;
  const mark = document.createElementNS("http://www.w3.org/2000/svg", as ? "rect" : "path");
  if (as) {
    for (const [k, v] of [["x", 2], ["y", 2], ["width", 36], ["height", 52], ["rx", 5]]) mark.setAttribute(k, v);
    mark.setAttribute("class", "win-only-ring");
  } else {
    mark.setAttribute("d", "M5 5 L35 51 M35 5 L5 51");
    mark.setAttribute("class", "dead-cross");
  }
  svg.appendChild(mark);
}

// Whether a tile code is a joker of the table's set: `1j`, or each joker kind the table names (`jokers.codes`:
// typed jokers, `1j`-`7j`).
function isJokerCode(c) {
  const jokers = state.info && state.info.jokers;
  return c === JOKER || Boolean(jokers && jokers.codes && jokers.codes.includes(c));
}

function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function renderSeat(n, where) {
  const box = $("seat-" + where);
  box.replaceChildren();
  const v = state.view;
  if (!v || !v.seats[n]) return;
  const s = v.seats[n];
  const head = document.createElement("div");
  head.className = "seat-head" + (state.turn && state.turn.seat === n ? " acting" : "");
  const wind = WINDS[s.wind];
  head.innerHTML = "";
  const nm = document.createElement("strong"); nm.textContent = seatName(n);
  const wd = document.createElement("span"); wd.className = "wind"; wd.textContent = wind + (v.dealer === n ? " · dealer" : "");
  const sc = document.createElement("span"); sc.className = "score"; sc.textContent = String(v.scores[n]);
  sc.setAttribute("aria-label", "score " + v.scores[n]);
  const ck = document.createElement("span"); ck.className = "seat-clock"; ck.id = "clock-" + n;
  head.append(nm, wd, sc, ck);
  if (s.calling) { const c = document.createElement("span"); c.className = "calling"; c.textContent = "calling"; head.append(c); }
  // A seat that has won sits out while play goes on (a mahjong with play_on).
  if (s.out) { const o = document.createElement("span"); o.className = "out"; o.textContent = "won · sits out"; head.append(o); }
  // A plugin's flags on the seat (a declared missing suit), as its events set them.
  for (const badge of flagBadges(s.flags)) {
    const f = document.createElement("span");
    f.className = "flag"; f.textContent = badge.text; f.title = badge.data; f.dataset.flag = badge.flag;
    head.append(f);
  }
  // What this seat alone is told of its own position (its furiten): in its own view only (view.seats[n].notes).
  for (const note of s.notes || []) head.append(noteBadge(note));
  box.appendChild(head);
  const body = document.createElement("div");
  body.className = "seat-body";
  if (n !== state.seat || where !== "bottom") {
    if (s.concealed) body.appendChild(row("concealed revealed", s.concealed, { width: 24 }));
    // A winner who stays in play has laid its hand face up (locked): every seat sees it, a tile drawn since hidden.
    else if (s.laid && s.laid.length) {
      const laid = row("concealed laid", s.laid.concat(Array(Math.max(0, s.concealed_count - s.laid.length)).fill("?")),
                       { width: 24 });
      laid.setAttribute("aria-label", "hand laid face up of " + seatName(n));
      body.appendChild(laid);
    }
    else body.appendChild(row("concealed", Array(s.concealed_count).fill("?"), { width: 18 }));
  }
  body.appendChild(meldsRow(s.melds, true));
  if (s.bonus.length) body.appendChild(row("bonus", s.bonus, { width: 24 }));
  if (s.aside && s.aside.length) body.appendChild(asideRow(n, s.aside, 24));
  const staked = sticks(n);
  if (staked.length) body.appendChild(stickRow(staked));
  // The tiles a seat won with, set aside face up where winners stay in play (a mahjong with stays_in_play).
  if (s.won && s.won.length) body.appendChild(row("won", s.won, { width: 24 }));
  const disc = row("discards", s.discards, { width: 26 });
  s.discards.forEach((c, i) => { if (isJokerCode(c)) deadJoker(disc.children[i]); });
  const turned = sidewaysDiscard(n, s.discards.length);
  if (turned) laySideways(disc.children[turned.index], turned.action);
  disc.setAttribute("aria-label", "discards of " + seatName(n));
  body.appendChild(disc);
  box.appendChild(body);
}

// The discard of seat n that lies sideways in its row, or null: the discard that follows a declaration made in
// the seat's turn (a plugin's action with no tile and no way: riichi's "declares riichi"), which marks in the row
// when the seat declared.  Where another seat claims that tile for a meld, the seat's next discard is turned in
// its place (riichi.wiki, "Riichi", section "Rules to riichi": the declaring discard is placed sideways, and if it
// is claimed for an open meld the next discard is turned sideways as a replacement; the same in Mahjong Time's
// "Ari-Ari rules", 3.3.12 Riichi).  Read from the deal's events, which every seat is sent (a turn's decisions are
// public): the row is followed discard by discard -- a discard lays a tile, a claim or a win on it takes the last
// one away -- and the first discard at or after the declaration still lying is the one turned.  `length` is the
// row as the view has it; where the events do not account for it (a view joined mid-deal), nothing is turned.
// Returns {index, action}.
function sidewaysDiscard(n, length) {
  const lying = [];  // the places among the events of the discards lying in seat n's row, in order
  const events = state.events || [];
  let declared = null, before = null;
  events.forEach((e, k) => {
    if (e.type === "decision" && e.actor === n) {
      if (e.action === "discard") lying.push(k);
      else if (e.phase === "turn" && !e.tile && !e.way && word("action", e.action) && declared === null) {
        declared = { action: e.action, at: k };
      }
    } else if (e.type === "timeout" && e.seat === n) {
      // The timeout's action replaces a discard made too late (the seat alone was sent it), as the folds do.
      if (before && before.type === "decision" && before.actor === n && before.action === "discard" &&
          lying[lying.length - 1] === k - 1) lying.pop();
      if (e.action === "discard") lying.push(k);
    } else if (e.type === "claim" && e.discarder === n) {
      lying.pop();
    } else if (e.type === "mahjong" && e.discarder === n && e.how === "discard") {
      // Several winners on one discard take it once.
      if (!(before && before.type === "mahjong" && before.discarder === n && before.tile === e.tile)) lying.pop();
    }
    before = e;
  });
  if (declared === null || lying.length !== length) return null;
  const index = lying.findIndex((k) => k > declared.at);
  return index < 0 ? null : { index, action: declared.action };
}

// A discard laid sideways: turned a quarter round, with room made beside it so it does not cover its
// neighbours; named so (its text alternative and data-sideways, the action that turned it).
function laySideways(svg, action) {
  if (!svg) return;
  const w = Number(svg.getAttribute("width")), h = Number(svg.getAttribute("height"));
  svg.classList.add("sideways");
  svg.dataset.sideways = action;
  svg.style.margin = `0 ${(h - w) / 2}px`;
  svg.style.transform = `translateY(${(h - w) / 2}px) rotate(-90deg)`;
  const text = `${svg.getAttribute("aria-label")}, laid sideways: ${label("action", action)}`;
  svg.setAttribute("aria-label", text);
  svg.querySelector("title").textContent = text;
}

// The tiles seat n set aside face up by a plugin's declaration, named by the label of the event that sets them
// aside ("tile set aside") and, where the family's players have a word for the declaration that did (the seat's
// decision right before that event), that word (kita).
function asideRow(n, tiles, width) {
  const div = row("aside", tiles, { width });
  const events = ((state.info && state.info.words) || {}).event || {};
  const setsAside = (type) => ((events[type] && events[type].effects) || []).some((f) => f && f.do === "set_aside");
  const type = Object.keys(events).find(setsAside);
  const all = state.events || [];
  const at = all.findIndex((e, k) => k > 0 && setsAside(e.type) && e.seat === n && all[k - 1].type === "decision");
  const said = at > 0 ? winWord(all[at - 1].action) : null;
  const label = type && events[type].label ? events[type].label : "tile set aside";
  const what = label.replace(/^tile /, "tiles ") + (said ? ` (${said})` : "");
  div.setAttribute("aria-label", `${what} by ${seatName(n)}`);
  div.title = what;
  return div;
}

// A seat's note as a badge, its meaning as its hover text and its description for a screen reader.
function noteBadge(note) {
  const b = document.createElement("span");
  b.className = "note-badge";
  b.dataset.note = note.name;
  b.textContent = note.label || shownWord(note.name);
  if (note.detail) { b.title = note.detail; b.setAttribute("aria-description", note.detail); }
  return b;
}

// The points seat n has put into the pot this deal and that lie there still (riichi's stick: a payment from the
// seat to the pot, until a payment out of the pot takes the pot to a winner): the deal's payment events.
function sticks(n) {
  const out = [];
  for (const e of state.events || []) {
    if (e.type !== "payment") continue;
    if (e.payer === n && (e.payee === null || e.payee === undefined)) out.push(e);
    else if (e.payer === null || e.payer === undefined) out.length = 0;  // the pot went to a winner
  }
  return out;
}

// The sticks a seat has put in the pot, drawn as sticks on the table before its discards, each named by its
// payment's reason ("riichi stick") and amount.
function stickRow(payments) {
  const div = document.createElement("div");
  div.className = "sticks";
  for (const p of payments) {
    const text = `${shownWord(String(p.reason))}: ${p.amount} in the pot`;
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 100 12"); svg.setAttribute("width", "84"); svg.setAttribute("height", "10");
    svg.setAttribute("role", "img"); svg.setAttribute("aria-label", text); svg.setAttribute("class", "stick");
    const title = document.createElementNS(svg.namespaceURI, "title"); title.textContent = text; svg.appendChild(title);
    const bar = document.createElementNS(svg.namespaceURI, "rect");
    for (const [k, v] of Object.entries({ x: 1, y: 1, width: 98, height: 10, rx: 4, fill: "#f8f9fa", stroke: "#6c757d" })) {
      bar.setAttribute(k, String(v));
    }
    const dot = document.createElementNS(svg.namespaceURI, "circle");
    for (const [k, v] of Object.entries({ cx: 50, cy: 6, r: 3.2, fill: "#c1121f" })) dot.setAttribute(k, String(v));
    svg.append(bar, dot);
    div.appendChild(svg);
    const label = document.createElement("span"); label.className = "stick-label"; label.textContent = text;
    div.appendChild(label);
  }
  return div;
}

function plainDiscards() {
  const p = state.prompt;
  if (!p) return new Map();
  const map = new Map();
  for (const o of p.options) if (o.action === "discard" && !o.way && !map.has(o.tile)) map.set(o.tile, o.index);
  return map;
}

// A marked copy (a red five, "0p") is discarded by its kind's option ("discard 5p"). The table gives up a plain
// copy before a marked one (mahjong_core.engine.marked) unless the person names the copy: a click on the red
// five where a plain five is held too sends the option with `marked` (the server checks the hand holds it).
const MARKED_PLAYS_AS = { "0m": "5m", "0p": "5p", "0s": "5s" };

function discardedAs(code, held, discards) {
  if (discards.has(code)) return code;
  const plain = MARKED_PLAYS_AS[code];
  return plain && discards.has(plain) ? plain : null;
}

function renderHand() {
  const hand = $("hand");
  hand.replaceChildren();
  const v = state.view;
  if (state.seat === null || !v || !v.seats[state.seat]) {
    hand.textContent = state.seat === null ? "You are watching: only public information is shown." : "";
    return;
  }
  const me = v.seats[state.seat];
  const tiles = [...(me.concealed || [])];
  const drawn = state.prompt && state.prompt.drawn;
  if (drawn) { const i = tiles.lastIndexOf(drawn); if (i >= 0) tiles.splice(i, 1); tiles.push(drawn); }
  const discards = plainDiscards();
  // Where the prompt offers discards, the tiles it does not offer (refused by a rule) are greyed, not just inert.
  hand.classList.toggle("choosing", discards.size > 0);
  tiles.forEach((c, i) => {
    const b = document.createElement("button");
    b.className = "hand-tile" + (drawn && i === tiles.length - 1 ? " drawn" : "") + (state.selected === i ? " selected" : "");
    b.appendChild(tile(c, { width: 46 }));
    b.dataset.tile = c;
    const plays = discardedAs(c, tiles, discards);
    if (plays) {
      b.setAttribute("aria-label", "discard " + (names()[c] || c));
      // The red copy itself where a plain one is held too: the person chose it (`marked`).
      const chosen = plays !== c && tiles.includes(plays) ? [plays] : undefined;
      b.onclick = () => act(discards.get(plays), chosen);
    } else {
      b.disabled = true;
      b.setAttribute("aria-label", names()[c] || c);
    }
    hand.appendChild(b);
  });
  const melds = meldsRow(me.melds, false);
  melds.classList.add("own-melds");
  hand.appendChild(melds);
  if (me.bonus.length) hand.appendChild(row("bonus", me.bonus, { width: 30 }));
  // The tiles a plugin's declaration set aside face up (a North at a three-player table), beside the hand as
  // bonus tiles are.
  if (me.aside && me.aside.length) hand.appendChild(asideRow(state.seat, me.aside, 30));
  // What this seat alone is told (its furiten), said in full beside its hand: the mechanism's own words.
  for (const note of me.notes || []) {
    const p = document.createElement("p");
    p.className = "own-note"; p.dataset.note = note.name;
    const b = document.createElement("strong"); b.textContent = (note.label || shownWord(note.name)) + ": ";
    p.append(b, document.createTextNode(note.detail || ""));
    hand.appendChild(p);
  }
}

// An option that plays a joker, in words naming what it uses: "pung 5 dots with a joker", "kong 5 dots
// (concealed) with a joker", "give 5 dots for a joker" (a joker exchange); null for any other option, which its
// button shows by its action and way as ever.  A pung or kong offered with one joker and with two is two options,
// and two buttons that say which is which.
function jokerOption(o) {
  const t = (c) => names()[c] || c;
  if (o.action === "joker_exchange" && o.tile) return `give ${t(o.tile)} for a joker`;
  const wild = (o.tiles || []).filter((c) => c === JOKER).length;
  if (!wild || !o.tile) return null;
  const way = o.way && o.way !== "from_discard" ? ` (${o.way.replace("_", " ")})` : "";
  return `${o.action.replace("_", " ")} ${t(o.tile)}${way} with ${wild === 1 ? "a joker" : wild + " jokers"}`;
}

function optionKeys(p) {
  // Every option that is not a plain discard (those are the hand's tiles) gets a button; keys 1..9 in order.
  // An option that gives up a five where the hand holds its red copy and plain ones enough is two buttons
  // (redChoices).
  return p.options.filter((o) => !(o.action === "discard" && !o.way)).flatMap(redChoices);
}

// An option that gives up tiles of a kind whose red copy the hand holds (a chow or pung of fives, "0p" held), as
// the buttons it makes.  The table gives up a plain copy before a red one (mahjong_core.engine.marked) unless the
// answer names the red one (`marked`, docs/live-protocol.md): where the hand holds plain copies enough for the
// meld, the person chooses, and two buttons say which copy each gives up -- "pung 5 dots (keeping the red five)"
// sends the option alone, "(with the red five)" sends it with `marked: ["5p"]`; where it does not, the red five
// goes into the meld and the one button says so.  Each button: the option with `marked` (or none) and `red`, the
// words added to its label, and `shows`, the tiles it draws.
function redChoices(o) {
  const held = (state.view && state.seat !== null && state.view.seats[state.seat]
    && state.view.seats[state.seat].concealed) || [];
  const gives = o.tiles || [];
  if (!gives.length || o.action === "discard") return [o];
  for (const [red, kind] of Object.entries(MARKED_PLAYS_AS)) {
    const need = gives.filter((c) => c === kind).length;
    if (!need || !held.includes(red)) continue;
    const plain = held.filter((c) => c === kind).length;
    const withRed = gives.slice(); withRed[withRed.indexOf(kind)] = red;
    const taking = { ...o, marked: plain >= need ? [kind] : undefined, red: "with the red five", shows: withRed };
    return plain >= need ? [{ ...o, red: "keeping the red five", shows: gives }, taking] : [taking];
  }
  return [o];
}

function renderPrompt() {
  const box = $("prompt");
  box.replaceChildren();
  const p = state.prompt;
  if (!p) {
    if (state.revealed && state.seat !== null && state.status === "playing" && hk.ready) {
      const b = document.createElement("button");
      b.textContent = "Ready for the next deal (R)"; b.className = "ready"; b.onclick = ready;
      box.appendChild(b);
    }
    return;
  }
  const title = document.createElement("div");
  title.className = "prompt-title";
  const last = state.view && state.view.last_discard;
  if (p.what === "claim" && p.phase === "claim" && last) {
    title.append(document.createTextNode(`Claim ${seatName(last.seat)}'s discard? `));
    title.appendChild(tile(last.tile, { width: 34 }));
  } else {
    const held = new Set(((state.view && state.seat !== null && state.view.seats[state.seat].concealed) || [])
      .map((c) => MARKED_PLAYS_AS[c] || c));
    const refused = p.phase === "turn" && [...held].some((c) => !plainDiscards().has(c));
    title.textContent = p.phase === "turn" ? "Your turn: click a tile to discard it, or choose below." +
      (refused ? " Greyed tiles may not be discarded now." : "") : `Your decision (${p.phase}).`;
  }
  box.appendChild(title);
  const timer = document.createElement("div");
  timer.className = "countdown";
  timer.id = "countdown";
  const bar = document.createElement("div"); bar.className = "bar"; bar.id = "countdown-bar";
  timer.appendChild(bar);
  const label = document.createElement("span"); label.id = "countdown-label";
  timer.appendChild(label);
  box.appendChild(timer);
  const buttons = document.createElement("div");
  buttons.className = "actions";
  optionKeys(p).forEach((o, k) => {
    const b = document.createElement("button");
    b.className = "action action-" + o.action;
    b.dataset.index = o.index;
    const key = k < 9 ? String(k + 1) : "";
    const lab = document.createElement("span");
    // A win as the family's players call it where they do (riichi's tsumo, ron: state.info.win_words).
    const t = (c) => names()[c] || c;
    // A declaration of a tile the family's players have a word for, by the tile and that word: "declare North
    // wind (kita)".
    const declared = o.action !== "win" && o.tile && winWord(o.action) ? `declare ${t(o.tile)} (${winWord(o.action)})` : null;
    // A count the seat names (the courtesy pass's ask: how many tiles it offers to pass) is said by its number:
    // the options differ in nothing else.
    const counted = o.way === "ask" && Number.isInteger(o.count)
      ? `ask to pass ${o.count} tile${o.count === 1 ? "" : "s"}` : null;
    // A tile the seat sets aside face up as a bonus tile (the way as_bonus: a Vietnamese flower kept in the hand, a
    // joker declared) is said by the plugin's label for the action and the tile: "sets a flower aside: East
    // emperor".
    const bonusWord = o.way === "as_bonus" && o.tile ? word("action", o.action) : null;
    const asBonus = bonusWord ? `${bonusWord.label || o.action.replace(/_/g, " ")}: ${t(o.tile)}` : null;
    const words = jokerOption(o) || counted || (o.action === "win" ? winWord(PHASE_HOW[p.phase]) : null) || declared ||
      asBonus ||
      (o.red ? `${o.action.replace("_", " ")} ${t(o.tile)}${o.way && o.way !== "from_discard" ? " " + o.way.replace("_", " ") : ""} (${o.red})` : null);
    lab.textContent = (key ? key + " · " : "") + (words || o.action.replace("_", " ") + (o.way ? " (" + o.way.replace("_", " ") + ")" : ""));
    b.appendChild(lab);
    if (o.red) { b.dataset.red = o.red.startsWith("keeping") ? "kept" : "given"; b.dataset.marked = (o.marked || []).join(" "); }
    const shows = o.shows || (o.tiles && o.tiles.length ? o.tiles : (o.tile ? [o.tile] : []));
    for (const c of shows) b.appendChild(tile(c, { width: 22 }));
    // A plugin's action with nothing more to say (riichi's) is said by its label from the plugin's words
    // ("declares riichi"); one with a way or tiles by its text, which names them.
    const plugin = word("action", o.action);
    const bare = !o.way && !o.tile && !(o.tiles && o.tiles.length);
    const said = words || (plugin && plugin.label && bare ? plugin.label : o.text);
    b.setAttribute("aria-label", said);
    b.title = said + (key ? " (key " + key + ")" : "");
    b.onclick = () => act(o.index, o.marked);
    if (o.action === "chow" && chowPause(p)) b.classList.add("paused");
    buttons.appendChild(b);
  });
  box.appendChild(buttons);
  if (p.options.some((o) => o.action === "chow") && chowPause(p)) {
    const pause = document.createElement("span");
    pause.id = "chow-pause";
    pause.className = "chow-pause";
    box.appendChild(pause);
  }
  tick();
}

// The ruleset's chow pause (from the table's published limits): a chow is accepted only once it has passed, and
// opponents may still pung meanwhile; the page counts it down and holds the chow buttons until then.
function chowPause(p) {
  const limits = state.info && state.info.limits;
  return p.phase === "claim" && limits && limits.chow_pause_ms ? limits.chow_pause_ms : null;
}

// A cell of a score table; `title` (a row's native name) shows on hover, apart from the English text.
function cell(tag, text, cls, title) {
  const c = document.createElement(tag);
  c.textContent = text;
  if (cls) c.className = cls;
  if (title) c.title = title;
  return c;
}

// A hand's score card as the server made it (mahjong_core.plugin.score_card): each item with its count, value and unit
// and its rule, the items that did not count, the steps from the lines to the total, and the total.  Nothing is
// computed here: the lines and the steps are the server's.
function scoreCard(c) {
  const table = document.createElement("table");
  table.className = "items score-lines";
  if ((c.lines || []).length || (c.excluded || []).length) {
    table.innerHTML = "<thead><tr><th>Item</th><th>Count</th><th>Each</th><th>Adds</th><th>Rule</th></tr></thead>";
  }
  const tb = document.createElement("tbody");
  const line = (l, excluded) => {
    const tr = document.createElement("tr");
    tr.className = excluded ? "not-counted" : "item";
    tr.dataset.name = l.name;
    const name = cell("td", l.label + (excluded ? " (not counted)" : ""), "item-name", l.native ? l.native : null);
    if (l.native) name.setAttribute("aria-description", "native name: " + l.native);
    if (l.detail) { const d = document.createElement("div"); d.className = "detail"; d.textContent = l.detail; name.appendChild(d); }
    tr.append(name, cell("td", String(l.count), "count"), cell("td", l.each, "each"),
              cell("td", excluded ? "—" : l.sum, "adds"), cell("td", l.source, "rule"));
    tb.appendChild(tr);
  };
  (c.lines || []).forEach((l) => line(l, false));
  (c.excluded || []).forEach((l) => line(l, true));
  table.appendChild(tb);
  const tf = document.createElement("tfoot");
  for (const step of c.steps || []) {
    const tr = document.createElement("tr"); tr.className = "step";
    const td = cell("td", step); td.colSpan = 5; tr.appendChild(td); tf.appendChild(tr);
  }
  const tr = document.createElement("tr"); tr.className = "total";
  const td = cell("td", `${c.total} ${c.unit}` + (c.limit ? ` (limit: ${c.limit})` : "")); td.colSpan = 4;
  td.dataset.total = String(c.total);
  tr.append(cell("th", "Total"), td);
  tf.appendChild(tr);
  table.appendChild(tf);
  return table;
}

// A score with no card (a log whose ruleset is not known where the page was made): its items as logged, by the
// ruleset's English names where known, and its total as the log gives it.
function loggedItems(sc, itemNames) {
  const table = document.createElement("table");
  table.className = "items";
  table.innerHTML = "<thead><tr><th>Item</th><th>Count</th><th>Value</th><th>Rule</th></tr></thead>";
  const tb = document.createElement("tbody");
  for (const it of sc.items || []) {
    const tr = document.createElement("tr");
    const nm = itemNames[it.name];
    const label = (nm ? nm.name : it.name.replaceAll("_", " ")) + (it.detail ? ` — ${it.detail}` : "");
    tr.append(cell("td", label, "item-name", nm && nm.native ? nm.native : null), cell("td", String(it.count || 1)),
              cell("td", `${it.value} ${it.kind || ""}`.trim()), cell("td", it.source || ""));
    tb.appendChild(tr);
  }
  table.appendChild(tb);
  const tf = document.createElement("tfoot");
  const tr = document.createElement("tr");
  const td = cell("td", `${sc.value} (as the log gives it)`); td.colSpan = 3;
  tr.append(cell("th", "Total"), td);
  tf.appendChild(tr);
  table.appendChild(tf);
  return table;
}

// What the table's shown tiles are (riichi's "dora indicator"): the label of the plugin event type that shows them
// (the `show` effect of its words), else "Shown".
function shownLabel() {
  const events = ((state.info && state.info.words) || {}).event || {};
  for (const term of Object.values(events)) {
    if (((term && term.effects) || []).some((x) => x && x.do === "show") && term.label) {
      return term.label.charAt(0).toUpperCase() + term.label.slice(1);
    }
  }
  return "Shown";
}

// The deal's end, beyond the hands and the scores: the tiles shown to all (the indicators), the tiles a plugin's
// event turned at the end (riichi's ura-dora), each by its event's label; and the seats a plugin's event names
// (riichi's ready hands at a draw), by seat.  Returns {tiles: element or null, seats: Map(seat -> [labels])}.
function dealFacts() {
  const rows = document.createElement("div");
  rows.className = "deal-facts";
  const v = state.view;
  if (v && v.shown && v.shown.length) rows.appendChild(factRow(shownLabel(), v.shown, "shown"));
  const bySeat = new Map();
  for (const e of state.events) {
    if (!word("event", e.type)) continue;
    if (Array.isArray(e.tiles) && e.tiles.length) rows.appendChild(factRow(label("event", e.type), e.tiles, e.type));
    if (Array.isArray(e.seats)) {
      for (const n of e.seats) { if (!bySeat.has(n)) bySeat.set(n, []); bySeat.get(n).push(label("event", e.type)); }
    }
  }
  return { tiles: rows.childNodes.length ? rows : null, seats: bySeat };
}

function factRow(text, tiles, name) {
  const div = document.createElement("div");
  div.className = "deal-fact"; div.dataset.fact = name;
  const b = document.createElement("strong"); b.textContent = text.charAt(0).toUpperCase() + text.slice(1) + ": ";
  div.append(b, row("fact-tiles", tiles, { width: 24 }));
  return div;
}

function renderScoring() {
  const box = $("scoring");
  if (!state.revealed) { box.hidden = true; return; }
  box.hidden = false;
  box.replaceChildren();
  const h = document.createElement("h2"); h.id = "scoring-title";
  // Every win of the deal (several on one discard, or as play went on), else how it was drawn.
  const wins = state.events.filter((e) => e.type === "mahjong");
  const abortive = state.events.find((e) => e.type === "abortive_draw");
  h.textContent = wins.length ? wins.map((e) => seatName(e.seat)).join(" and ") + (wins.length > 1 ? " win" : " wins")
    : abortive ? describe(abortive).replace(/\.$/, "") : "The deal is drawn";
  box.appendChild(h);
  for (const end of wins) {
    const p = document.createElement("p");
    p.textContent = describe(end);
    box.appendChild(p);
  }
  const facts = dealFacts();
  if (facts.tiles) box.appendChild(facts.tiles);
  const itemNames = (state.info && state.info.item_names) || {};
  const scores = state.events.filter((e) => e.type === "score");
  const v = state.view;
  const grid = document.createElement("div"); grid.className = "score-grid";
  for (let n = 0; n < (v ? v.seats.length : 0); n++) {
    const card = document.createElement("section"); card.className = "score-card";
    const hh = document.createElement("h3"); hh.textContent = seatName(n);
    const s = v.seats[n];
    // The seat's flags (its riichi) and what the deal's events say of it (ready at the draw), as badges.
    for (const badge of flagBadges(s.flags)) {
      const f = document.createElement("span");
      f.className = "flag"; f.textContent = badge.text; f.title = badge.data; f.dataset.flag = badge.flag;
      hh.append(" ", f);
    }
    for (const text of facts.seats.get(n) || []) {
      const f = document.createElement("span"); f.className = "flag seat-fact"; f.textContent = text;
      hh.append(" ", f);
    }
    card.appendChild(hh);
    if (s.concealed) card.appendChild(row("concealed", s.concealed, { width: 22 }));
    card.appendChild(meldsRow(s.melds, true));
    const sc = scores.find((e) => e.seat === n);
    if (sc) card.appendChild(sc.card ? scoreCard(sc.card) : loggedItems(sc, itemNames));
    grid.appendChild(card);
  }
  box.appendChild(grid);
  // A deal where play went on after a win was settled win by win: every settlement's payments, in order.
  const settlements = state.events.filter((e) => e.type === "settlement");
  const settle = settlements.length ? settlements[settlements.length - 1] : null;
  if (settle) {
    const h3 = document.createElement("h3"); h3.textContent = "Payments"; box.appendChild(h3);
    const ul = document.createElement("ul"); ul.className = "payments";
    for (const one of settlements) {
      const notes = (one.card && one.card.notes) || [];
      one.payments.forEach(([payer, payee, amount, reason], k) => {
        const li = document.createElement("li");
        li.textContent = `${seatName(payer)} pays ${seatName(payee)} ${amount} (${String(reason).replaceAll("_", " ")}` +
          (notes[k] ? `; ${notes[k]})` : ")");
        ul.appendChild(li);
      });
    }
    // Points moved outside the settlement (a stick, the pot to its winner, an uma at the game's end), in order.
    for (const e of state.events.filter((x) => x.type === "payment")) {
      const li = document.createElement("li"); li.className = "payment-event";
      li.textContent = describe(e).replace(/\.$/, "");
      ul.appendChild(li);
    }
    if (!ul.childNodes.length) { const li = document.createElement("li"); li.textContent = "No payments."; ul.appendChild(li); }
    box.appendChild(ul);
  }
  // The scores and what comes next end the overlay and stay in sight at its bottom (style.css: .scoring-foot).
  const foot = document.createElement("div"); foot.className = "scoring-foot";
  if (settle) {
    const p = document.createElement("p");
    p.className = "totals";
    // At the game's end its payments (an uma) have moved the points on from the deal's settlement.
    const over = state.events.find((e) => e.type === "game_end");
    p.textContent = "Scores: " + (over ? over.scores : settle.scores).map((x, n) => `${seatName(n)} ${x}`).join(", ");
    foot.appendChild(p);
  }
  if (state.status === "finished") {
    const p = document.createElement("p"); p.className = "over"; p.textContent = "The game is over."; foot.appendChild(p);
  } else if (state.seat !== null && hk.ready) {
    const b = document.createElement("button"); b.textContent = "Ready for the next deal (R)"; b.onclick = ready;
    foot.appendChild(b);
  }
  if (foot.childNodes.length) box.appendChild(foot);
}

function render() {
  const v = state.view;
  $("status").textContent = state.status;
  if (v) {
    $("deal").textContent = String(v.phase === "over" ? v.deal : v.deal + 1);
    $("wind").textContent = WINDS[v.prevalent_wind];
    $("left").textContent = v.tiles_left === null ? "–" : String(v.tiles_left);
    // The pot and the table's counters show only where a ruleset keeps them (sticks, honba).
    const counters = Object.entries(v.counters || {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const pot = v.pot || 0;
    $("pot-fact").hidden = !pot && !counters.length;
    $("pot").textContent = String(pot) + counters.map(([k, x]) => `, ${k} ${x}`).join("");
    // Tiles a plugin's events turned face up this deal (riichi's dora indicators), each with its name.
    const shown = v.shown || [];
    $("shown-fact").hidden = !shown.length;
    $("shown-label").textContent = shownLabel();
    $("shown").replaceChildren(...shown.map((c) => tile(c, { width: 22 })));
    const n = v.seats.length || 4;
    const base = state.seat === null ? 0 : state.seat;
    // Round the table from the seat in front, in turn order: three seats leave the place across empty, two sit
    // across from each other; a place no seat takes is hidden rather than drawn as an empty seat.
    const places = SEAT_PLACES[n] || SEAT_PLACES[4];
    ["bottom", "right", "top", "left"].forEach((w) => {
      const box = $("seat-" + w);
      box.replaceChildren();
      box.hidden = !places.includes(w);
    });
    for (let k = 0; k < n; k++) renderSeat((base + k) % n, places[k]);
    const ld = $("last-discard");
    ld.replaceChildren();
    if (v.last_discard && !state.revealed) {
      ld.append(document.createTextNode(`${seatName(v.last_discard.seat)} discarded `));
      const last = ld.appendChild(tile(v.last_discard.tile, { width: 40 }));
      if (isJokerCode(v.last_discard.tile)) deadJoker(last);
    }
  }
  renderHand();
  renderPrompt();
  renderScoring();
}

function tick() {
  const now = performance.now();
  const v = state.view;
  const limits = state.info && state.info.limits;
  if (v) {
    const game = limits && limits.game_ms;
    $("clock").textContent = clockText(v.clock_ms) + (game ? " of " + clockText(game) : "");
  }
  document.querySelectorAll(".seat-clock").forEach((c) => { c.textContent = ""; });
  if (state.turn) {
    const c = $("clock-" + state.turn.seat);
    if (c && state.turn.used !== undefined) {
      // A replay: the clock as it stood, the time the seat took for its decision (the log's after_ms).
      const t = state.turn;
      const lim = limits && (t.phase === "turn" || t.phase === "false_mahjong" ? limits.move_ms : limits.claim_ms);
      c.textContent = `took ${(t.used / 1000).toFixed(1)} s` + (t.timeout ? ` (over its ${t.timeout / 1000} s)`
        : lim ? ` of ${lim / 1000} s` : "");
      c.setAttribute("aria-label", "time taken");
    } else if (c) {
      const used = now - state.turn.start;
      c.textContent = state.turn.limit ? "left " + clockText(state.turn.limit - used) : "time " + clockText(used);
      c.setAttribute("aria-label", state.turn.limit ? "time left" : "time taken");
    }
  }
  const p = state.prompt;
  const label = $("countdown-label");
  const bar = $("countdown-bar");
  const pauseLabel = $("chow-pause");
  if (p && pauseLabel) {
    const [low, high] = chowPause(p);
    const used = now - p.start;
    const wait = low - used;
    pauseLabel.textContent = wait > 0 ? `chow possible in ${(wait / 1000).toFixed(1)} s (a pung may still come first)`
      : `chow possible now (until ${(high / 1000).toFixed(0)} s)`;
    document.querySelectorAll(".action-chow").forEach((b) => { b.disabled = wait > 0; });
  }
  if (p && label && bar) {
    const used = now - p.start;
    if (p.limit_ms) {
      const left = Math.max(0, p.limit_ms - used);
      label.textContent = `${(left / 1000).toFixed(1)} s left`;
      bar.style.width = `${(100 * left) / p.limit_ms}%`;
      bar.classList.toggle("low", left < 0.3 * p.limit_ms);
    } else {
      label.textContent = `no time limit (${clockText(used)})`;
      bar.style.width = "100%";
    }
  }
}

function resetLog() { $("log").replaceChildren(); }

return { render, tick, logEvent, note, describe, seatName, resetLog, clockText, tile, row, meldsRow, plainDiscards,
         optionKeys, WINDS };
}

window.MahjongTable = { create, WINDS, withYou };
})();

// The table after each event of a replay log, folded from the log's own events: the same view object the live
// server sends a seat (mahjong_core.log.redaction.full_table_view), so one renderer draws both.  It knows no rule: every
// tile that moves is named by an event (draws, discards, claims with their tiles, kongs with their way), and the
// scores are the settlements' own.  Each frame also says whose clock was running, which claims were made on the
// last discard and which one took it.  tests/server/test_viewer_browser.py checks these views against the engine's table, and
// tests/server/test_fold_agreement_browser.py against the core's fold (mahjong_core.log.fold) after every event.
(function (root) {
"use strict";

const HIDDEN = "?";
// A joker's code, whichever tile set holds it (mahjong_core.hand.tiles.JOKER).
const JOKER = "1j";
const ENDS = new Set(["mahjong", "exhaustive_draw", "deal_abandoned", "abortive_draw"]);
const MOVE_PHASES = new Set(["turn", "false_mahjong"]);
// Tile codes in the order of mahjong_core.hand.tiles.KINDS: suits 1..9 of m, p, s, then 1z..7z, flowers, seasons.
const ORDER = (() => {
  const order = {};
  let i = 0;
  for (const s of ["m", "p", "s"]) for (let r = 1; r <= 9; r++) order[r + s] = i++;
  for (let r = 1; r <= 7; r++) order[r + "z"] = i++;
  for (const s of ["f", "y"]) for (let r = 1; r <= 4; r++) order[r + s] = i++;
  for (const s of ["m", "p", "s"]) order["0" + s] = order["5" + s] + 0.5;  // a red five after the plain fives
  return order;
})();
// The plain five whose marked copy (red five, "0p") an event naming the kind takes where no plain one is left,
// as mahjong_core.log.fold.take_tiles does.
const MARKED_OF = { "5m": "0m", "5p": "0p", "5s": "0s" };
const PLAYS_AS = { "0m": "5m", "0p": "5p", "0s": "5s" };

// A standard kind at its place, a set's own kind after them, a joker (2j, a framed copy 2d) after those: an
// emperor kept in the hand (1e) before the jokers held (mahjong_core.log.fold.sort_tiles).
function tileRank(t) {
  return ORDER[t] ?? (/^[1-9][jdc]$/.test(t) ? 100 : 99);
}

function sortTiles(tiles) {
  const known = tiles.filter((t) => t !== HIDDEN).sort((a, b) => tileRank(a) - tileRank(b));
  return known.concat(tiles.filter((t) => t === HIDDEN));
}

// The laid-down tiles still held (mahjong_core.log.fold.FoldedSeat.laid_tiles): a tile drawn since is not among
// them, a kong made from them takes them out.
function laidTiles(laid, concealed) {
  const held = concealed.slice();
  const out = [];
  for (const t of laid) { const i = held.indexOf(t); if (i >= 0) { held.splice(i, 1); out.push(t); } }
  return sortTiles(out);
}

// Takes `tiles` from a hand; returns the marked copies taken for their kind (a meld made of them shows them).
function take(hand, tiles) {
  const marked = [];
  for (const t of tiles) {
    let i = hand.indexOf(t);
    if (i < 0 && MARKED_OF[t]) { i = hand.indexOf(MARKED_OF[t]); if (i >= 0) marked.push(MARKED_OF[t]); }
    if (i < 0) i = hand.indexOf(HIDDEN);
    if (i >= 0) hand.splice(i, 1);
  }
  return marked;
}

// A meld's tiles (its kinds, as the log names them) with each marked copy in it ("0p") in the last place of its
// kind not marked yet, as mahjong_core.log.fold.mark_meld lays it.
function markMeld(tiles, marked) {
  const out = [...tiles];
  for (const red of marked) {
    const i = out.lastIndexOf(PLAYS_AS[red]);
    if (i >= 0) out[i] = red;
  }
  return out;
}

const playsAs = (t) => PLAYS_AS[t] || t;

// A hand in the printed form of the tile notation (docs/notation.rst), as a score sheet's `revealed` event gives
// it: "234m678p5z [777s<] (1111z) 1f +5z".  Returns {concealed, melds, bonus} (the winning tile among the
// concealed tiles, as it lies on the table), or null for anything else.  `bonus` is the set of codes held apart
// (the header's tile_set.bonus: North in three-player rules, animals); without it, the standard flowers and
// seasons.  mahjong_core.log.fold.laid_down reads a hand the same way.
function tilesOf(text) {
  const out = [];
  const re = /(\d+)([a-z])/gy;
  let m, at = 0;
  while ((m = re.exec(text)) !== null) { for (const d of m[1]) out.push(d + m[2]); at = re.lastIndex; }
  return at === text.length && out.length ? out : null;
}

function parseHand(text, bonus) {
  const hand = { concealed: [], melds: [], bonus: [] };
  const isBonus = (t) => (bonus ? bonus.has(t) : t.endsWith("f") || t.endsWith("y"));
  for (const token of text.split(" ").filter(Boolean)) {
    if (token.startsWith("!")) continue;
    const meld = /^([[(])([0-9a-z]+)\+?[<^>]?([\])])$/.exec(token);
    if (meld) {
      const tiles = tilesOf(meld[2]);
      if (!tiles) return null;
      const same = tiles.every((t) => t === tiles[0]);
      const kind = tiles.length === 4 && same ? "kong" : same ? "pung" : "chow";
      hand.melds.push({ kind, tiles, exposed: meld[1] === "[", claimed_from: null });
      continue;
    }
    const tiles = tilesOf(token.startsWith("+") ? token.slice(1) : token);
    if (!tiles) return null;
    for (const t of tiles) (isBonus(t) ? hand.bonus : hand.concealed).push(t);
  }
  return hand;
}

function newSeat(n) {
  return { seat: n, wind: 0, melds: [], bonus: [], discards: [], concealed_count: 0, calling: false, concealed: [],
           passing: [] };
}

// A fold over the events: `apply(event)` moves the table on by one event; `frame()` is a deep copy of what a
// page needs to draw the table after it.
class Table {
  constructor(header) {
    this.players = (header.seats || []).length || 4;
    // A header names the points each seat begins with where they are not 0 (the ruleset's starting_points).
    const points = Number.isInteger(header.starting_points) ? header.starting_points : 0;
    // An imported excerpt begins mid-game: its options.opening gives the points, the pot and the counters.
    const opening = header.options && header.options.opening;
    const scores = opening && Array.isArray(opening.scores) && opening.scores.length === this.players
      ? opening.scores.slice() : Array(this.players).fill(points);
    const pot = opening && Number.isInteger(opening.pot) ? opening.pot : 0;
    const counters = opening && opening.counters ? { ...opening.counters } : {};
    this.total = scores.reduce((a, b) => a + b, 0) + pot;  // the scores and the pot add up to it after every event
    // A header names its tile set's bonus codes where its revealed hands are in a set of its own.
    const bonus = header.tile_set && Array.isArray(header.tile_set.bonus) ? header.tile_set.bonus : null;
    this.bonusCodes = bonus ? new Set(bonus) : null;
    this.view = {
      phase: "wall", deal: 0, round: 0, dealer: 0, prevalent_wind: 0, scores,
      clock_ms: 0, tiles_left: null, last_discard: null, pot, counters,
      seats: Array.from({ length: this.players }, (_, n) => newSeat(n)),
    };
    this.dealEvents = [];   // the deal's events so far: the scoring screen reads its score and settlement events
    this.revealed = false;
    this.turn = null;       // {seat, phase, used}: the clock of the seat that decided last
    this.claims = [];       // the decisions on the last discard: {seat, action, tiles, after_ms, taken}
    this.over = false;
    this.lastDecision = null;
    this.exchangeStep = null; // the exchange step under way, and per seat the tiles passed to it there not yet passed on
    this.received = {};
    this.effects = effectsOf(header);  // what each plugin event type the header declares does to the table
  }

  discard(d, e) {
    const v = this.view;
    // A locked hand laid face up (a winner who stays in play) discards the tile it drew, as mahjong_core.log.fold.
    if (d.laid && d.laid.length && d.concealed.includes(HIDDEN)) d.concealed.splice(d.concealed.indexOf(HIDDEN), 1);
    else take(d.concealed, [e.tile]);
    d.discards.push(e.tile);
    v.last_discard = { seat: d.seat, tile: e.tile };
    if (e.way === "declare_calling") d.calling = true;
    else if (e.way === "withdraw_calling") d.calling = false;
  }

  wind(n) { return ((n - this.view.dealer) % this.players + this.players) % this.players; }

  // Moves the table on by one event: its type's handler (HANDLERS below), then what every event does.
  apply(e) {
    const v = this.view;
    const handler = Object.prototype.hasOwnProperty.call(HANDLERS, e.type) ? HANDLERS[e.type] : null;
    if (handler) {
      const s = Number.isInteger(e.seat) && e.seat >= 0 && e.seat < this.players ? v.seats[e.seat] : null;
      handler(this, e, s);
    } else if (Object.prototype.hasOwnProperty.call(this.effects, e.type)) {
      applyEffects(this, e, this.effects[e.type]);
    }
    if (e.type === "game_end") { v.phase = "over"; this.over = true; this.turn = null; }
    if (ENDS.has(e.type) && e.play_on !== true) { this.revealed = true; this.turn = null; v.phase = "scoring"; }
    if (Number.isInteger(e.t)) v.clock_ms = e.t;
    for (const x of v.seats) x.concealed_count = x.concealed.length;
    this.dealEvents.push(e);
  }

  moveWall(d) { if (this.view.tiles_left !== null) this.view.tiles_left += d; }

  frame() {
    const view = JSON.parse(JSON.stringify(this.view));
    for (const x of view.seats) {
      x.concealed = sortTiles(x.concealed); delete x.passing;
      if (x.laid) x.laid = laidTiles(x.laid, x.concealed);
    }
    return { view, events: this.dealEvents.slice(), revealed: this.revealed, turn: this.turn && { ...this.turn },
             claims: this.claims.map((c) => ({ ...c })), over: this.over };
  }
}

const unchanged = () => {};

// The plugins' words a log's header declares, by kind ("action", "way", "phase", "event") and name, each with its
// label and, for an event type, its effects: mahjong_core.log.fold.header_words.
function headerWords(header) {
  const out = {};
  const vocabulary = header && header.vocabulary;
  if (!vocabulary || typeof vocabulary !== "object") return out;
  for (const entry of Object.values(vocabulary)) {
    if (!entry || typeof entry !== "object") continue;
    for (const kind of ["action", "way", "phase", "event"]) {
      const words = entry[kind + "s"];
      if (words && typeof words === "object") out[kind] = Object.assign(out[kind] || {}, words);
    }
  }
  return out;
}

function effectsOf(header) {
  const out = {};
  for (const [name, spec] of Object.entries(headerWords(header).event || {})) {
    if (!Object.prototype.hasOwnProperty.call(HANDLERS, name) && Array.isArray(spec.effects)) out[name] = spec.effects;
  }
  return out;
}

// A plugin's event, by its type's declared effects (mahjong_core.table.vocabulary.Effect), as the core's fold
// applies them: a flag on a seat, a counter moved, a tile shown to all, a tile set aside face up from a hand.
function applyEffects(t, e, effects) {
  const v = t.view;
  for (const effect of effects) {
    if (effect.do === "count") {
      const by = typeof effect.by === "string" ? e[effect.by] : effect.by;
      if (Number.isInteger(by)) { v.counters = v.counters || {}; v.counters[effect.name] = (v.counters[effect.name] || 0) + by; }
    } else if (effect.do === "show") {
      if (typeof e[effect.tile] === "string") { v.shown = v.shown || []; v.shown.push(e[effect.tile]); }
    } else {
      const n = e[effect.seat];
      if (!Number.isInteger(n) || n < 0 || n >= t.players) continue;
      const s = v.seats[n];
      if (effect.do === "flag") {
        s.flags = s.flags || {};
        s.flags[effect.name] = e[effect.value] === undefined ? null : e[effect.value];
      } else if (effect.do === "set_aside" && typeof e[effect.tile] === "string") {
        take(s.concealed, [e[effect.tile]]);
        s.aside = s.aside || [];
        s.aside.push(e[effect.tile]);
      }
      orderSeatKeys(s);
    }
  }
}

// A seat's optional keys in the order the core's view writes them (mahjong_core.log.redaction.full_table_view), so
// that a seat flagged after it set a tile aside reads as the engine's seat does.
function orderSeatKeys(s) {
  for (const k of ["flags", "aside", "out", "won", "laid"]) {
    if (k in s) { const v = s[k]; delete s[k]; s[k] = v; }
  }
}

// One handler for each event type of the catalogue (mahjong_core.table.events.CATALOGUE), as the core's fold
// (mahjong_core.log.fold) has: `handler(table, event, seat)`, where `seat` is the event's seat if it names one.
// tests/server/test_fold_agreement_browser.py fails until this list is the catalogue's and both folds agree.
const HANDLERS = {
  // The wall ceremony's details, a wrong count's notice, a penalty and the checkpoints move no tile.
  wall_dice: unchanged, wall_break: unchanged, wall_deal: unchanged, wrong_count: unchanged, penalty: unchanged,
  deal_end: unchanged, exhaustive_draw: unchanged, deal_abandoned: unchanged, abortive_draw: unchanged,

  deal_start(t, e) {
    const v = t.view;
    v.deal = e.deal; v.round = e.round; v.dealer = e.dealer; v.prevalent_wind = e.prevalent_wind;
    v.phase = "wall"; v.tiles_left = null; v.last_discard = null;
    delete v.shown;  // tiles a plugin's events showed are the deal's; its counters go on
    delete v.wild;  // the deal's wild kinds (wild_revealed: Fuzhou's gold)
    v.seats = Array.from({ length: t.players }, (_, n) => newSeat(n));
    v.seats.forEach((x, n) => { x.wind = t.wind(n); });
    t.dealEvents = []; t.revealed = false; t.turn = null; t.claims = [];
    t.loose = 0;  // loose tiles set apart for replacements, already off the live wall's count
  },
  wall_build(t, e) { t.view.tiles_left = e.tiles; },
  wall_loose(t, e) { t.moveWall(-e.count); t.loose = (t.loose || 0) + e.count; },
  hands(t, e) {
    t.view.phase = "deal";
    e.hands.forEach((h, n) => { t.view.seats[n].concealed = [...h]; t.moveWall(-h.length); });
  },
  revealed(t, e) {
    // A score sheet's deal: the hands as laid down on the table (a seat the sheet does not give stays empty).
    (e.hands || []).forEach((text, n) => {
      const hand = typeof text === "string" && n < t.players ? parseHand(text, t.bonusCodes) : null;
      if (hand) Object.assign(t.view.seats[n], { concealed: hand.concealed, melds: hand.melds, bonus: hand.bonus });
    });
  },
  bonus(t, e, s) { if (s) { take(s.concealed, [e.tile]); s.bonus.push(e.tile); } },
  draw(t, e, s) { if (s) { s.concealed.push(e.tile); t.moveWall(-1); } },
  replacement(t, e, s) {
    // From the loose tiles set apart, or, where none are (loose_tiles: 0), straight off the wall.
    if (!s) return;
    s.concealed.push(e.tile);
    if (t.loose > 0) t.loose -= 1; else t.moveWall(-1);
  },
  wild_revealed(t, e) {
    // The tile turned after the deal leaves the wall as a replacement does, is shown to all, and its kind is wild;
    // a tile the dice chose (e.dice) is turned where it lies and stays in the wall.
    if (!e.dice) {
      if (t.loose > 0) t.loose -= 1; else t.moveWall(-1);
      t.view.shown = t.view.shown || []; t.view.shown.push(e.tile);
    }
    t.view.wild = [...(e.kinds || [])];
  },
  wild_taken(t, e, s) {
    // A seat robs the turned wild tile: from the tiles shown into its hand.
    if (!s) return;
    const shown = t.view.shown || [];
    const i = shown.indexOf(e.tile);
    if (i >= 0) shown.splice(i, 1);
    if (!shown.length) delete t.view.shown;
    s.concealed.push(e.tile);
  },
  bonus_robbed(t, e, s) {
    // A seat robs the bonus tile another has just set aside: from the drawer's bonus row into its own.
    const d = Number.isInteger(e.drawer) ? t.view.seats[e.drawer] : null;
    if (!s || !d) return;
    const i = d.bonus.indexOf(e.tile);
    if (i < 0) return;
    d.bonus.splice(i, 1);
    s.bonus.push(e.tile);
  },
  draw_returned(t, e, s) { if (s) { take(s.concealed, [e.tile]); t.moveWall(1); } },
  decision(t, e) {
    if (!Number.isInteger(e.actor)) return;
    const d = t.view.seats[e.actor];
    t.turn = { seat: e.actor, phase: e.phase, used: e.after_ms || 0 };
    if (e.phase === "turn" || e.phase === "false_mahjong") t.claims = [];
    if (e.phase === "claim" || e.phase === "rob_kong") {
      t.claims.push({ seat: e.actor, action: e.action, tile: e.tile, tiles: e.tiles || [],
                      after_ms: e.after_ms || 0, taken: false });
    }
    t.lastDecision = e;
    if (e.action === "discard") {
      t.discard(d, e);
    } else if (e.phase === "declaration" && e.action === "declare_calling") {
      d.calling = true;
    } else if (e.phase === "exchange") {
      d.passing = [...(e.tiles || [])];
    }
  },
  timeout(t, e, s) {
    // The decision overran its limit: the ruleset's timeout action replaces it (docs/replay-format.md).
    // Only the seat itself is sent its replaced choice, just before the timeout: another seat's fold never saw it.
    if (!s) return;
    const last = t.dealEvents.length ? t.dealEvents[t.dealEvents.length - 1] : null;
    if (last && last === t.lastDecision && last.actor === e.seat && last.action === "discard" &&
        s.discards[s.discards.length - 1] === last.tile) {
      s.discards.pop(); s.concealed.push(last.tile); t.view.last_discard = null;
      if (last.way === "declare_calling") s.calling = false;
    }
    const claim = t.claims.find((c) => c.seat === e.seat && !c.timeout);
    if (claim && e.what !== "move") { claim.timeout = e.limit_ms; claim.action = e.action; }
    if (e.action === "discard") t.discard(s, e);
    if (t.turn) t.turn.timeout = e.limit_ms;
  },
  exchange(t, e) {
    // t.received: per seat, the tiles it has been passed in the step under way and not yet passed on; a blind pass
    // (e.blind) passes on the first of them unseen (docs/replay-format.md).
    if (e.step !== t.exchangeStep) { t.exchangeStep = e.step; t.received = {}; }
    const giver = t.view.seats[e.giver], receiver = t.view.seats[e.receiver];
    const count = e.count || 0;
    let passed;
    if (e.blind) {
      const queue = t.received[e.giver] || (t.received[e.giver] = []);
      passed = queue.splice(0, count);
      while (passed.length < count) passed.push(HIDDEN);
    } else {
      passed = giver.passing.length ? giver.passing : Array(count).fill(HIDDEN);
      giver.passing = [];
    }
    take(giver.concealed, passed); receiver.concealed.push(...passed);
    (t.received[e.receiver] || (t.received[e.receiver] = [])).push(...passed);
  },
  calling(t, e, s) { if (s) s.calling = e.declared !== false; },
  claim(t, e, s) {
    if (!s) return;
    const d = Number.isInteger(e.discarder) ? t.view.seats[e.discarder] : null;
    if (d && d.discards.length && d.discards[d.discards.length - 1] === e.tile) d.discards.pop();
    t.view.last_discard = null;
    const rest = [...(e.tiles || [])];
    let i = rest.indexOf(e.tile);
    if (i < 0 && PLAYS_AS[e.tile]) i = rest.indexOf(PLAYS_AS[e.tile]);  // a red five claimed: the meld names its kind
    if (i >= 0) rest.splice(i, 1);
    const jokers = [...(e.jokers || [])];
    // The marked copies the meld holds: the claimed one, those the claimer chose, those its hand held alone.
    const marked = PLAYS_AS[e.tile] ? [e.tile] : [];
    for (const kind of e.marked || []) {  // the claimer chose its marked copy of the kind: that one leaves the hand
      const r = rest.indexOf(kind), h = s.concealed.indexOf(MARKED_OF[kind]);
      if (r >= 0 && MARKED_OF[kind] && h >= 0) { rest.splice(r, 1); s.concealed.splice(h, 1); marked.push(MARKED_OF[kind]); }
    }
    marked.push(...take(s.concealed, jokersFor(rest, jokers, e.joker_tiles)));
    if (["chow", "pung", "kong"].includes(e.kind)) {
      const meld = { kind: e.kind, tiles: markMeld(e.tiles, marked), exposed: true,
                     claimed_from: d ? ((e.discarder - e.seat) % t.players + t.players) % t.players : null };
      if (jokers.length) meld.jokers = jokers;
      s.melds.push(meld);
    }
    const taken = t.claims.find((c) => c.seat === e.seat && c.action === e.kind);
    if (taken) taken.taken = true;
  },
  joker_exchange(t, e, s) {
    // A tile given for the joker standing for it in an exposed meld of `owner`: the joker joins the hand.
    const owner = Number.isInteger(e.owner) ? t.view.seats[e.owner] : null;
    if (!s || !owner) return;
    take(s.concealed, [e.tile]);
    s.concealed.push(JOKER);
    const m = owner.melds.find((x) => x.exposed && (x.jokers || []).includes(e.tile));
    if (m) {
      m.jokers.splice(m.jokers.indexOf(e.tile), 1);
      if (!m.jokers.length) delete m.jokers;
    }
  },
  kong(t, e, s) {
    if (!s) return;
    const jokers = [...(e.jokers || [])];
    if (e.way === "added") {
      const marked = take(s.concealed, jokersFor([e.tile], jokers));
      const m = s.melds.find((x) => x.kind === "pung" && playsAs(x.tiles[0]) === e.tile);
      if (m) {
        m.kind = "kong";
        m.tiles = markMeld([...m.tiles.map(playsAs), e.tile], m.tiles.filter((x) => PLAYS_AS[x]).concat(marked));
        if (jokers.length) m.jokers = [...(m.jokers || []), ...jokers];
      }
    } else {
      // Another seat's concealed kong comes with its tiles as they lie (`tiles`: "?" where face down).
      const tiles = Array.isArray(e.tiles) ? [...e.tiles] : [e.tile, e.tile, e.tile, e.tile];
      const marked = take(s.concealed, jokers.includes(HIDDEN) ? tiles : jokersFor(tiles, jokers));
      const meld = { kind: "kong", tiles: markMeld(tiles, marked), exposed: e.way !== "concealed", claimed_from: null };
      if (jokers.length) meld.jokers = jokers;
      s.melds.push(meld);
    }
  },
  mahjong(t, e, s) {
    // A winner after whom play goes on sits out (play_on); a further winner on the same discard (the mahjong
    // right before names the same tile and discarder) takes the tile too, as mahjong_core.log.fold does.
    // A winner who stays in play (stays_in_play) sets the tile it won with aside face up instead (`won`): out of
    // its hand where self-drawn, off the discards (once) where won on a discard, out of the konger's hand where
    // robbed (once), as mahjong_core.log.fold._won_aside does.
    if (s && e.play_on === true && e.stays_in_play === true) {
      const d = e.discarder !== null && e.discarder !== undefined ? t.view.seats[e.discarder] : null;
      const before = t.dealEvents.length ? t.dealEvents[t.dealEvents.length - 1] : null;
      if (!d) {
        take(s.concealed, [e.tile]);
      } else if (e.how === "robbing_kong") {
        if (!(before && before.type === "mahjong" && before.how === e.how && before.tile === e.tile)) {
          take(d.concealed, [e.tile]);
        }
      } else if (d.discards.length && d.discards[d.discards.length - 1] === e.tile) {
        d.discards.pop();
      }
      s.won = s.won || [];
      s.won.push(e.tile);
      if (d) {
        const taken = t.claims.find((c) => c.seat === e.seat && c.action === "win");
        if (taken) taken.taken = true;
        t.view.last_discard = null;  // a self-drawn win leaves it, as the engine's table does
      }
      return;
    }
    if (s && e.play_on === true) s.out = true;
    if (s && e.discarder !== null && e.discarder !== undefined) {
      const d = t.view.seats[e.discarder];
      const before = t.dealEvents.length ? t.dealEvents[t.dealEvents.length - 1] : null;
      if (before && before.type === "mahjong" && e.how === "discard" && before.how === "discard"
          && before.discarder === e.discarder && before.tile === e.tile) {
        s.concealed.push(e.tile);
      } else if (d && d.discards.length && d.discards[d.discards.length - 1] === e.tile) {
        d.discards.pop(); s.concealed.push(e.as_joker || e.tile);  // a joker won on joins as the one it is taken as
      }
      const taken = t.claims.find((c) => c.seat === e.seat && c.action === "win");
      if (taken) taken.taken = true;
    }
    if (e.discarder !== null && e.discarder !== undefined) t.view.last_discard = null;
  },
  score(t, e, s) {
    // A scored hand is laid down for all to see: its tiles beyond the declared melds stand for the hidden ones.
    if (!s || !e.arrangement) return;
    if (!s.concealed.length || s.concealed.includes(HIDDEN)) {
      const shown = (e.arrangement.melds || []).flatMap((m) => m.tiles || []);
      // (the arrangement names a red five in a meld by its kind)
      for (const m of s.melds) for (const x of m.tiles) { const i = shown.indexOf(playsAs(x)); if (i >= 0) shown.splice(i, 1); }
      // A winner who stays in play has set its winning tile aside already: the hand laid down is the rest.
      if (s.won && s.won.length && shown.length === s.concealed.length + 1) {
        const i = shown.indexOf(s.won[s.won.length - 1]);
        if (i >= 0) shown.splice(i, 1);
      }
      s.concealed = shown;
    }
    // A winner who stays in play: its hand stays face up, locked (`laid`), a tile drawn since hidden.
    if (s.won && s.won.length) s.laid = sortTiles(s.concealed.filter((x) => x !== HIDDEN));
  },
  hand_shown(t, e, s) {
    // A seat's concealed tiles turned face up for all (a declaration made with the hand open): they stand for the
    // hidden ones a seat's view holds, and stay face up (`laid`), a tile drawn since hidden until discarded.
    if (!s || !Array.isArray(e.tiles)) return;
    if (s.concealed.includes(HIDDEN) && s.concealed.length === e.tiles.length) s.concealed = [...e.tiles];
    s.laid = sortTiles([...e.tiles]);
    orderSeatKeys(s);
  },
  settlement(t, e) { if (Array.isArray(e.scores)) t.view.scores = [...e.scores]; },
  false_mahjong(t, e) { if (Array.isArray(e.scores)) t.view.scores = [...e.scores]; },
  game_end(t, e) { if (Array.isArray(e.scores)) t.view.scores = [...e.scores]; },
  // Points move from a seat or the pot (null) to a seat or the pot; the pot outlives a deal's end.
  payment(t, e) {
    if (!Number.isInteger(e.amount)) return;
    for (const [key, sign] of [["payer", -1], ["payee", 1]]) {
      const n = e[key];
      if (n === null || n === undefined) t.view.pot += sign * e.amount;
      else if (Number.isInteger(n) && n >= 0 && n < t.players) t.view.scores[n] += sign * e.amount;
    }
  },
  counter(t, e) { if (typeof e.name === "string" && Number.isInteger(e.value)) t.view.counters[e.name] = e.value; },
  rotation(t, e) {
    // Where the next deal goes, as the engine's table has it once the deal is over (its number moves on too).
    const v = t.view;
    v.phase = "rotation"; v.deal += 1; v.dealer = e.dealer; v.prevalent_wind = e.prevalent_wind; v.round = e.round;
    v.seats.forEach((x, n) => { x.wind = t.wind(n); });
  },
};

// Every frame of a log: frames[k] is the table after events[k].
function frames(header, events) {
  const table = new Table(header);
  return events.map((e) => { table.apply(e); return table.frame(); });
}

// The tiles a meld took from the hand: each kind a joker stands for (`jokers`) taken as a joker ("1j"; where the
// jokers are typed, the joker tiles the claim names, `jokerTiles`), as mahjong_core.log.fold._jokers_for does.
function jokersFor(tiles, jokers, jokerTiles) {
  const taken = [...tiles];
  jokers.forEach((kind, n) => {
    const i = taken.indexOf(kind);
    if (i >= 0) taken.splice(i, 1);
    taken.push(jokerTiles && jokerTiles[n] ? jokerTiles[n] : JOKER);
  });
  return taken;
}

// A concealed kong of `tile` as the other seats see it lie, by the ruleset's meld_display (Visibility in
// mahjong_core.log.redaction): its two middle tiles face up under "concealed_kong_shown", face down otherwise.
function concealedKong(tile, display) {
  return display === "concealed_kong_shown" && tile !== HIDDEN ? [HIDDEN, tile, tile, HIDDEN]
    : [HIDDEN, HIDDEN, HIDDEN, HIDDEN];
}

// Another seat as `seat` may see it: no concealed tiles, its concealed melds as they lie.
function othersSeat({ concealed, ...rest }, display) {
  const melds = rest.melds.map((m) => (m.exposed ? m : concealedMeld(m, display)));
  return { ...rest, melds };
}

// Another seat's concealed meld as it lies: the kinds its jokers stand for hidden with the tiles they are.
function concealedMeld(m, display) {
  const tiles = m.kind === "kong" ? concealedKong(m.tiles.find((t) => t !== HIDDEN) ?? HIDDEN, display)
    : m.tiles.map(() => HIDDEN);
  return m.jokers && tiles.includes(HIDDEN) ? { ...m, tiles, jokers: m.jokers.map(() => HIDDEN) } : { ...m, tiles };
}

// The view as `seat` may see it (null: a spectator; "all": every hand open), as mahjong_core.log.redaction does;
// `display` is the ruleset's meld_display (how another seat's concealed kong lies).
function redact(view, seat, revealed, display) {
  if (seat === "all" || revealed) return view;
  return { ...view, seats: view.seats.map((s) => (s.seat === seat ? s : othersSeat(s, display))) };
}

// ------------------------------------------------------------------ reading and checking a log in the page

// The canonical serialisation of docs/replay-format.md: keys sorted, no spaces, non-ASCII as is.
function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
  }
  return JSON.stringify(value);
}

function hex(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The bytes of a hex string (or null when it is not one).
function unhex(text) {
  if (typeof text !== "string" || text.length % 2 || /[^0-9a-f]/.test(text)) return null;
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.substr(2 * i, 2), 16);
  return out;
}

// The header's signing key (signed_by, 32 bytes in hex) as a WebCrypto key; "unsupported" in a browser without
// Ed25519 (WebCrypto has it since Chrome 137, Firefox 129, Safari 17); null for an unsigned log.
async function signingKey(header) {
  if (!header || header.signed_by === undefined) return null;
  const raw = unhex(header.signed_by);
  if (!raw || raw.length !== 32) return "bad";
  try {
    return await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
  } catch (err) {
    return "unsupported";
  }
}

const SIGNATURE_CONTEXT = "mahjong-core replay chain v1\n";

// Reads a log's text as far as it is whole and consistent: the header, then events numbered 0, 1, 2 ... each a
// JSON object, the hash chain verified at every checkpoint (the seal: SHA-256 over every byte before the
// checkpoint's line, then the checkpoint without its chain and sig), and in a signed log each checkpoint's
// Ed25519 signature of its chain under the header's key (signed_by), as `mahjong audit` checks them; the key
// itself proves nothing until it is compared with one the reader trusts.  Returns {header, events, problem} where
// problem, if any, is {line, event, message} naming the first line that is not valid; events stop before it, or
// for a broken chain at the last checkpoint that verified.  The rules are not checked here: that is
// `mahjong audit`, whose verdict the server and `mahjong view --html` give the page.
async function readLog(text) {
  const enc = new TextEncoder();
  const lines = text.split("\n");
  const whole = text.endsWith("\n");
  if (whole) lines.pop();
  const fail = (line, message) => ({ line, event: line >= 2 ? line - 2 : null, message });
  let header = null;
  const events = [];
  let verified = 0;        // events up to the last checkpoint whose chain verified
  let offset = 0;          // bytes before the current line
  const prefix = [];       // the lines before the current one, for the chain
  let chained = null;
  let problem = null;
  let key = null;          // the header's signing key, once the header is read
  let signatures = 0;      // checkpoint signatures verified
  for (let i = 0; i < lines.length; i++) {
    const no = i + 1;
    const raw = lines[i];
    if (i === lines.length - 1 && !whole) {
      problem = fail(no, `the log is cut off: line ${no} is incomplete (the file ends in the middle of it)`);
      break;
    }
    let obj;
    try { obj = JSON.parse(raw); } catch (err) { problem = fail(no, "not JSON: " + err.message); break; }
    if (!obj || typeof obj !== "object" || Array.isArray(obj)) { problem = fail(no, "not a JSON object"); break; }
    if (i === 0) {
      if (obj.type !== "header") { problem = fail(1, "line 1 is not the log's header"); break; }
      header = obj;
      key = await signingKey(header);
      if (key === "bad") { problem = fail(1, "the header's signed_by is not an Ed25519 public key (64 hex digits)"); break; }
    } else {
      if (obj.n !== events.length) {
        problem = fail(no, `event number ${obj.n}, expected ${events.length}`);
        break;
      }
      if (obj.type === "deal_end" || obj.type === "game_end") {
        if (chained === null) chained = "chain" in obj;
        if (chained) {
          const { chain, sig, ...rest } = obj;
          const data = enc.encode(prefix.join("") + canonical(rest));
          const digest = hex(await crypto.subtle.digest("SHA-256", data));
          if (digest !== chain) {
            const from = verified + 2;
            problem = fail(no, `the hash chain breaks at line ${no}: a line between line ${from} and line ${no} ` +
                               "was changed, inserted or removed");
            // The events before the last checkpoint that verified are sealed; those after it are kept for an
            // audit that names the exact line (which the page then prefers), else shown up to `verified`.
            problem.from = from;
            problem.verified = verified;
            break;
          }
        }
        if (chained && key !== null && key !== "unsupported") {
          const why = obj.sig === undefined
            ? "the log is signed (its header names a key), but this checkpoint has no signature"
            : !(unhex(obj.sig) && await crypto.subtle.verify({ name: "Ed25519" }, key, unhex(obj.sig),
                                                          enc.encode(SIGNATURE_CONTEXT + obj.chain)))
              ? "the signature does not verify with the header's key: the log was changed after it was signed, " +
                "or the signature was made with another key" : null;
          if (why) {
            problem = fail(no, why);
            problem.verified = verified;
            break;
          }
          signatures += 1;
        } else if (chained && key === null && obj.sig !== undefined) {
          problem = fail(no, "this checkpoint has a signature, but the header names no signer key");
          problem.verified = verified;
          break;
        }
        verified = events.length + 1;
      }
      events.push(obj);
    }
    prefix.push(raw + "\n");
    offset += raw.length + 1;
  }
  if (!problem && header && !(events.length && events[events.length - 1].type === "game_end")) {
    problem = fail(lines.length + 1, `the log ends after ${events.length} events without its game_end: the game ` +
                                      "is unfinished or the file is cut off");
    problem.unfinished = true;
  }
  const signature = key === null ? "absent" : key === "unsupported" ? "unsupported" : problem ? "broken" : "verified";
  return { header, events, problem, chain: chained === null ? "none" : chained ? "verified" : "absent",
           signature, signatures, signedBy: header && header.signed_by !== undefined ? header.signed_by : null };
}

const api = { frames, HANDLERS, headerWords, redact, concealedKong, readLog, canonical, sortTiles, parseHand, Table, HIDDEN, MOVE_PHASES };
root.MahjongReplay = api;
})(typeof window !== "undefined" ? window : globalThis);

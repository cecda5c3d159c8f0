// The table page: shows what the server sends and offers exactly the options of the server's prompt.
// It knows no rule: every legal action comes from a prompt; the hand, melds, discards, scores and clocks come
// from the server's view of the table as this seat may see it.  Protocol: docs/live-protocol.md.
"use strict";

const tableId = location.pathname.split("/").pop();
const fragment = new URLSearchParams(location.hash.slice(1));
// A seat's link carries its token.  A table that seats people as they arrive hands out one invitation
// instead: this page makes the token the person will hold their seat by (256 random bits, kept for the tab
// before it is sent, so a join whose answer is lost is simply sent again) and sends it with the invitation;
// once seated, the token replaces the invitation in the address, so a reload comes back to the same seat.
let token = fragment.get("token");
const invite = token ? null : fragment.get("invite");
const chosenKey = "chosen-token-" + tableId;
function chosenToken() {
  let t = sessionStorage.getItem(chosenKey);
  if (!t) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    t = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    sessionStorage.setItem(chosenKey, t);
  }
  return t;
}
const WIND_NAMES = ["East", "South", "West", "North"];

const state = {
  info: null, seat: null, view: null, events: [], prompt: null, turn: null, revealed: false, status: "connecting",
  selected: -1, ws: null, seenPrompts: new Set(), closedPrompts: new Set(),
};

const $ = (id) => document.getElementById(id);
// The shared renderer (render.js) draws the table; this page feeds it the server's messages and answers prompts.
const { render, tick, logEvent, note, plainDiscards, optionKeys } = window.MahjongTable.create(state, { act, ready });

function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/" + tableId);
  state.ws = ws;
  ws.onopen = () => ws.send(JSON.stringify(token ? { type: "join", token }
    : invite ? { type: "join", invite, token: chosenToken(), ...(state.name ? { name: state.name } : {}) }
      : { type: "join" }));
  ws.onmessage = (m) => receive(JSON.parse(m.data));
  ws.onclose = (closed) => {
    if (state.status === "finished" || state.status === "failed" || state.naming) return;
    if (closed.code === 4000) {  // the seat was opened elsewhere (another tab or device): do not take it back
      $("status").textContent = "this seat is open in another window";
      return;
    }
    $("status").textContent = "reconnecting";
    setTimeout(connect, 1000);
  };
}

function send(message) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
}

function receive(m) {
  switch (m.type) {
    case "welcome":
      // Prompt ids start again at 1 when the server restarts: those seen before this connection mean nothing now.
      state.seenPrompts = new Set(); state.closedPrompts = new Set();
      state.info = m.table; state.seat = m.seat; state.status = m.table.status;
      if (invite && m.seat !== null) {
        token = chosenToken();
        sessionStorage.setItem("invite-" + tableId, invite);
        history.replaceState(null, "", "#token=" + token);
      }
      // The page speaks English: the ruleset's native name shows on hover.
      $("title").textContent = m.table.ruleset.name;
      $("title").title = m.table.ruleset.native_name ? "native name: " + m.table.ruleset.native_name : "";
      document.title = m.table.ruleset.name + " — mahjong table";
      break;
    case "history":
      state.events = m.events; state.view = m.view; state.revealed = m.revealed;
      $("log").replaceChildren();
      m.events.forEach(logEvent);
      break;
    case "event":
      if (m.event.type === "deal_start") { state.events = []; state.revealed = false; $("log").replaceChildren(); }
      state.events.push(m.event);
      state.view = m.view;
      if (["mahjong", "exhaustive_draw", "deal_abandoned", "abortive_draw"].includes(m.event.type) && m.event.play_on !== true) {
        state.revealed = true; state.turn = null;
      }
      logEvent(m.event);
      break;
    case "turn":
      state.turn = { seat: m.seat, limit: m.limit_ms, start: performance.now() - m.elapsed_ms };
      if (m.view) state.view = m.view;
      break;
    case "prompt":
      if (state.seenPrompts.has(m.id) || state.closedPrompts.has(m.id)) return;
      state.seenPrompts.add(m.id);
      state.prompt = { ...m, start: performance.now() - m.elapsed_ms };
      if (m.view) state.view = m.view;
      state.selected = -1;
      $("error").textContent = "";
      break;
    case "prompt_closed":
      state.closedPrompts.add(m.id);
      if (state.prompt && state.prompt.id === m.id) state.prompt = null;
      if (m.by === "timeout") note("Your time ran out: the ruleset's timeout action was taken for you.");
      break;
    case "status":
      state.status = m.status;
      if (m.error) $("error").textContent = "The table stopped: " + m.error;
      break;
    case "seats":
      if (state.info) state.info.seats = m.seats;
      break;
    case "error":
      $("error").textContent = m.message;
      // A name the server refused: ask again (this connection has not sat down; a new one will).
      if (invite && state.seat === null && !state.info && / \$\.name: /.test(m.message)) {
        state.naming = true;
        state.ws.close();
        askName(m.message);
        return;
      }
      break;
    default:
      break;
  }
  render();
  showWaiting();
}

// Until every person has sat down, the centre of the table says who sits where and how others can join.
function showWaiting() {
  const box = $("last-discard");
  if (state.status !== "waiting" || !state.info) {
    if (box.dataset.waiting) { box.replaceChildren(); delete box.dataset.waiting; }
    return;
  }
  box.dataset.waiting = "1";
  const div = document.createElement("div");
  div.className = "waiting";
  const h = document.createElement("p");
  h.textContent = "Waiting for people to sit down; the game begins when every seat is taken.";
  div.appendChild(h);
  const ul = document.createElement("ul");
  for (const s of state.info.seats) {
    const li = document.createElement("li");
    const who = s.kind === "human" ? (s.name === null ? "free: the next person to arrive" : s.name) : "bot: " + s.kind;
    li.textContent = `${WIND_NAMES[s.seat] || "seat " + s.seat}: ${window.MahjongTable.withYou(who, s.seat === state.seat)}`;
    ul.appendChild(li);
  }
  div.appendChild(ul);
  const kept = invite || sessionStorage.getItem("invite-" + tableId);
  if (kept && kept !== "null") {
    const p = document.createElement("p");
    p.append("Invite others with this link: ");
    const a = document.createElement("a");
    a.href = location.origin + location.pathname + "#invite=" + kept;
    a.textContent = a.href;
    p.appendChild(a);
    div.appendChild(p);
  }
  box.replaceChildren(div);
}

// With an invitation and no seat yet, ask for a name first (again, with the reason, if it was refused); then sit
// down.  Without a name the person plays as this table's guest.
function askName(refused) {
  const box = $("last-discard");
  const form = document.createElement("form");
  form.className = "sit-down";
  form.innerHTML = '<label>Your name <input name="player" maxlength="40" autocomplete="nickname"></label> ' +
    '<button type="submit">Sit down</button><p class="name-error" role="alert"></p>';
  if (refused) form.querySelector(".name-error").textContent = refused;
  if (state.name) form.player.value = state.name;
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    state.name = form.player.value.trim();
    state.naming = false;
    $("error").textContent = "";
    box.replaceChildren();
    connect();
  });
  box.replaceChildren(form);
  $("status").textContent = "invited";
  form.player.focus();
}

function act(index, marked) {
  const p = state.prompt;
  if (!p) return;
  send(marked && marked.length ? { type: "act", prompt: p.id, index, marked } : { type: "act", prompt: p.id, index });
}

function ready() { send({ type: "ready" }); }

document.addEventListener("keydown", (ev) => {
  if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
  const p = state.prompt;
  if (ev.key === "r" || ev.key === "R") { ready(); return; }
  if (!p) return;
  const hand = [...document.querySelectorAll(".hand-tile")];
  if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
    const step = ev.key === "ArrowRight" ? 1 : -1;
    state.selected = (state.selected + step + hand.length) % hand.length;
    render();
    const b = document.querySelectorAll(".hand-tile")[state.selected];
    if (b) b.focus();
    ev.preventDefault();
  } else if (ev.key === "Enter" && state.selected >= 0 && hand[state.selected] && !hand[state.selected].disabled) {
    hand[state.selected].click();
    ev.preventDefault();
  } else if (ev.key === "d" || ev.key === "D") {
    const idx = p.drawn ? plainDiscards().get(p.drawn) : undefined;
    if (idx !== undefined) act(idx);
  } else if (ev.key === " " || ev.key === "Escape") {
    const pass = p.options.find((o) => o.action === "pass");
    if (pass) { act(pass.index); ev.preventDefault(); }
  } else if (/^[1-9]$/.test(ev.key)) {
    const o = optionKeys(p)[parseInt(ev.key, 10) - 1];
    if (o) act(o.index, o.marked);
  }
});

setInterval(tick, 200);
if (invite) askName(); else connect();

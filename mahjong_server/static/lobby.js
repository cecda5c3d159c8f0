// The lobby: lists the server's rulesets, bots and tables, and opens a table.  It offers what the server lists;
// the server checks the request against its published schema (/schemas/table-request.schema.json).
"use strict";

async function load() {
  const info = await (await fetch("/api/rulesets")).json();
  const rs = document.getElementById("ruleset");
  for (const r of info.rulesets) {
    const o = document.createElement("option");
    o.value = r.id;
    o.textContent = r.name + " [" + r.id + "]";
    if (r.native_name) o.title = "native name: " + r.native_name;  // shown on hover, apart from the English
    o.dataset.players = r.players;
    rs.appendChild(o);
  }
  const len = document.getElementById("length");
  for (const l of info.lengths) {
    const o = document.createElement("option");
    o.value = l; o.textContent = "one " + l;
    len.appendChild(o);
  }
  len.value = "deal";
  const seats = document.getElementById("seats");
  const drawSeats = () => {
    seats.querySelectorAll("label").forEach((n) => n.remove());
    const n = parseInt(rs.selectedOptions[0].dataset.players, 10);
    for (let i = 0; i < n; i++) {
      const label = document.createElement("label");
      label.textContent = "Seat " + i + " ";
      const sel = document.createElement("select");
      sel.name = "seat" + i;
      for (const kind of ["human"].concat(info.bots)) {
        const o = document.createElement("option");
        o.value = kind; o.textContent = kind === "human" ? "a person" : "bot: " + kind;
        sel.appendChild(o);
      }
      sel.value = i === 0 ? "human" : (info.bots.includes("greedy") ? "greedy" : info.bots[0]);
      label.appendChild(sel);
      // A person's name: what the records know them by (without one they play as this table's guest).
      const name = document.createElement("input");
      name.name = "name" + i; name.className = "seat-name"; name.maxLength = 40; name.autocomplete = "off";
      name.placeholder = "name (optional)"; name.setAttribute("aria-label", "seat " + i + " person's name");
      label.appendChild(name);
      seats.appendChild(label);
      sel.addEventListener("change", showNames);
    }
    showNames();
  };
  // Names are asked here only for fixed seats: at a table that seats people as they arrive, each gives their own.
  const showNames = () => {
    const arrival = document.getElementById("seating").value === "arrival";
    seats.querySelectorAll("label").forEach((label) => {
      label.querySelector(".seat-name").hidden = arrival || label.querySelector("select").value !== "human";
    });
  };
  rs.addEventListener("change", drawSeats);
  document.getElementById("seating").addEventListener("change", showNames);
  drawSeats();
  const list = await (await fetch("/api/tables")).json();
  const ul = document.getElementById("tables");
  for (const t of list.tables) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "/table/" + t.id;
    a.textContent = t.ruleset.name + " — " + t.seats.map((s) => (s.name === null ? "a free seat" : s.name)).join(", ")
      + " (" + t.status + ")";
    li.appendChild(a);
    ul.appendChild(li);
  }
}

const WINDS = ["East", "South", "West", "North"];

document.getElementById("create").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const field = (name) => document.getElementById(name).value;  // (form.length is the form's control count)
  const seats = [...ev.target.querySelectorAll("#seats label")].map((label) => {
    const kind = label.querySelector("select").value;
    const name = label.querySelector(".seat-name");
    return kind === "human" && !name.hidden && name.value.trim() ? { kind, name: name.value.trim() } : { kind };
  });
  const body = { ruleset: field("ruleset"), length: field("length"), seating: field("seating"), seats };
  const res = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" },
                                           body: JSON.stringify(body) });
  const out = await res.json();
  if (!res.ok) { document.getElementById("create-error").textContent = out.error; return; }
  // One invitation: whoever opened the table sits down first (the waiting table shows the link to share).
  if (out.seating === "arrival") { location.href = out.url; return; }
  if (out.seats.length <= 1) { location.href = out.seats.length ? out.seats[0].url : out.watch; return; }
  // Several people: list every seat's link, for the person who opened the table to hand out.
  const ul = document.getElementById("seat-links");
  ul.replaceChildren();
  for (const s of out.seats) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = location.origin + s.url;
    a.textContent = a.href;
    li.append((WINDS[s.seat] || "Seat " + s.seat) + ": ", a);
    ul.appendChild(li);
  }
  const watch = document.createElement("li");
  const w = document.createElement("a");
  w.href = out.watch; w.textContent = "watch the table";
  watch.append("Spectators: ", w);
  ul.appendChild(watch);
  document.getElementById("links").hidden = false;
});

load();

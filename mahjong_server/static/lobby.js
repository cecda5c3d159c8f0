// The lobby: lists the server's rulesets, bots and tables, and opens a table.  It offers what the server lists;
// the server checks the request against its published schema (/schemas/table-request.schema.json).
"use strict";

async function load() {
  const info = await (await fetch("/api/rulesets")).json();
  const rs = document.getElementById("ruleset");
  for (const r of info.rulesets) {
    const o = document.createElement("option");
    o.value = r.id;
    o.textContent = r.name + (r.native_name ? " (" + r.native_name + ")" : "") + " [" + r.id + "]";
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
      seats.appendChild(label);
    }
  };
  rs.addEventListener("change", drawSeats);
  drawSeats();
  const list = await (await fetch("/api/tables")).json();
  const ul = document.getElementById("tables");
  for (const t of list.tables) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "/table/" + t.id;
    a.textContent = t.ruleset.name + " — " + t.seats.map((s) => s.name).join(", ") + " (" + t.status + ")";
    li.appendChild(a);
    ul.appendChild(li);
  }
}

document.getElementById("create").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const form = ev.target;
  const seats = [...form.querySelectorAll("#seats select")].map((s) => ({ kind: s.value }));
  const body = { ruleset: form.ruleset.value, length: form.length.value, seats };
  const res = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" },
                                           body: JSON.stringify(body) });
  const out = await res.json();
  if (!res.ok) { document.getElementById("create-error").textContent = out.error; return; }
  const mine = out.seats[0];
  // Keep every seat's link: the person who opened the table hands the others theirs.
  sessionStorage.setItem("links-" + out.table, JSON.stringify(out.seats));
  location.href = mine ? mine.url : out.watch;
});

load();

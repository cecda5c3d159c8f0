// The games list: every log the server keeps (/api/games), each a link to the replay viewer.
"use strict";

async function listGames() {
  const body = document.getElementById("games");
  try {
    const r = await fetch("/api/games");
    const data = await r.json();
    body.replaceChildren();
    for (const g of data.games) {
      const tr = document.createElement("tr");
      tr.dataset.id = g.id;
      const link = document.createElement("a");
      link.href = g.url;
      link.textContent = g.id;
      const cells = [link, g.ruleset || "?", g.seats.join(", "), String(g.deals),
                     g.finished ? "finished" : `in progress (${g.status}): spectator view`];
      for (const c of cells) {
        const td = document.createElement("td");
        if (typeof c === "string") td.textContent = c; else td.appendChild(c);
        tr.appendChild(td);
      }
      body.appendChild(tr);
    }
    if (!data.games.length) {
      const tr = document.createElement("tr");
      tr.innerHTML = "<td colspan=5>No games yet.</td>";
      body.appendChild(tr);
    }
  } catch (err) {
    document.getElementById("games-error").textContent = "The server did not answer: " + err.message;
  }
}

listGames();

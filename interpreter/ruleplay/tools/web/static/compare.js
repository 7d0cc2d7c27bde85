// The compare page: the sides, games and bots go to the server; its table and plot come back.
"use strict";
document.getElementById("run").addEventListener("click", async () => {
  const sides = document.getElementById("sides").value.split("\n").map(s => s.trim()).filter(s => s);
  const body = {sides, games: parseInt(document.getElementById("games").value, 10),
                seed: parseInt(document.getElementById("seed").value || "0", 10), bots: document.getElementById("bots").value};
  const state = document.getElementById("state"), errors = document.getElementById("errors");
  state.textContent = "playing..."; errors.textContent = "";
  const r = await api("/api/compare", body);
  state.textContent = "";
  if (!r.ok) { errors.textContent = errorsText(r.data); return; }
  const table = document.getElementById("table"), plot = document.getElementById("plot");
  table.textContent = r.data.text; table.hidden = false;
  if (r.data.plot) { plot.src = r.data.plot; plot.hidden = false; } else plot.hidden = true;
});

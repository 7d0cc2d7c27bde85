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

// Analyze a variant: the upload and its base go to the server, which answers with a report to frame.
(async () => {
  const base = document.getElementById("base"), variant = document.getElementById("variant");
  const r = await api("/api/rulesets");
  for (const c of (r.ok ? r.data : [])) base.append(el("option", {value: c.name}, c.name));
  const follow = () => {           // the base follows the file's `extends:` line while it names a built-in
    const m = /^extends:\s*["']?([A-Za-z0-9._-]+)/m.exec(variant.value);
    if (m && [...base.options].some(o => o.value === m[1])) base.value = m[1];
  };
  variant.addEventListener("input", follow); follow();
})();
document.getElementById("analyze").addEventListener("click", async () => {
  const state = document.getElementById("astate"), errors = document.getElementById("aerrors");
  const busy = document.getElementById("busy"), frame = document.getElementById("report");
  const body = {base: document.getElementById("base").value,
                upload: {text: document.getElementById("variant").value, name: "variant.yaml"},
                games: parseInt(document.getElementById("agames").value, 10),
                seed: parseInt(document.getElementById("aseed").value || "0", 10)};
  errors.textContent = ""; busy.hidden = false;
  const t0 = Date.now();
  const tick = setInterval(() => { state.textContent = "playing both sides... " + Math.round((Date.now() - t0) / 1000) + " s"; }, 500);
  const r = await api("/api/analyze", body);
  clearInterval(tick); busy.hidden = true; state.textContent = "";
  if (!r.ok) { errors.textContent = errorsText(r.data); frame.hidden = true; return; }
  frame.src = "/analysis/" + encodeURIComponent(r.data.report); frame.hidden = false; frame.scrollIntoView();
  state.textContent = "done in " + Math.round((Date.now() - t0) / 1000) + " s";
});

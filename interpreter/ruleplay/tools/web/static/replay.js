// A finished game step by step, as this seat saw it: the table after each of the game's decisions.
"use strict";
const token = location.pathname.split("/").pop();
const base = "/api/seat/" + encodeURIComponent(token);
const how = {choose: null, next: null, log: base + "/log", replay: null};
const slider = document.getElementById("step");
let shown = -1, steps = 0, wanted = 0, busy = false, shownView = null;

async function show(step) {
  // the last step asked for wins: a request in flight is followed by one for the newest wish
  wanted = step;
  if (busy) return;
  busy = true;
  try {
    while (wanted !== shown) {
      const r = await api(base + "/replay?step=" + Math.max(0, wanted));
      if (!r.ok) { document.getElementById("refused").textContent = errorsText(r.data); return; }
      document.getElementById("refused").textContent = "";
      steps = r.data.steps;
      shown = r.data.step;
      wanted = Math.max(0, Math.min(wanted, steps));
      slider.max = String(steps);
      slider.value = String(shown);
      shownView = r.data;
      render(r.data, how);
      document.getElementById("where").textContent = shown === 0 ? "the deal, before any decision"
        : "after decision " + shown + " of " + steps;
    }
  } finally { busy = false; }
}
document.getElementById("first").addEventListener("click", () => show(0));
document.getElementById("back").addEventListener("click", () => show(shown - 1));
document.getElementById("next").addEventListener("click", () => show(shown + 1));
document.getElementById("last").addEventListener("click", () => show(steps));
slider.addEventListener("input", () => show(Number(slider.value)));
window.addEventListener("resize", () => { if (shownView) render(shownView, how); });
document.addEventListener("keydown", ev => {
  const to = {ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: steps}[ev.key];
  if (to !== undefined && ev.target !== slider) { ev.preventDefault(); show(to); }
});
show(0);

// One seat's page: it follows the game (pushed by the server, else polled) and sends this seat's moves.
"use strict";
const token = location.pathname.split("/").pop();
const base = "/api/seat/" + encodeURIComponent(token);
let shownView = null;             // the view drawn last (drawn again when the window changes size)
let version = -1, slapOpen = false, busy = false, again = false, finished = false, lost = false;
const how = {choose: send, next: nextHand, log: base + "/log", replay: "/replay/" + encodeURIComponent(token)};

async function poll() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    do {
      again = false;
      const r = await api(base);
      if (!r.ok) { document.getElementById("refused").textContent = errorsText(r.data); return; }
      if (lost) {                       // the server is back (it may have restarted): redraw, clear the notice
        lost = false;
        version = -1;
        document.getElementById("refused").textContent = "";
      }
      if (r.data.version !== version || slapOpen !== !!r.data.slap) {
        version = r.data.version;
        shownView = r.data;
        render(r.data, how);
        slapOpen = !!(r.data.slap && r.data.slap.open);
      }
      finished = r.data.finished;
      if (finished && pushed) { pushed.close(); pushed = null; document.body.dataset.channel = "done"; }
    } while (again);
  } catch (e) {
    lost = true;
    document.getElementById("refused").textContent = "the server cannot be reached; trying again";
  } finally { busy = false; }
}
async function send(action) {
  const r = await api(base + "/act", {action});
  document.getElementById("refused").textContent = r.ok ? "" : errorsText(r.data);
  poll();
}
async function nextHand() {
  const r = await api(base + "/next", {});
  document.getElementById("refused").textContent = r.ok ? "" : errorsText(r.data);
  poll();
}
async function slap() {
  if (!slapOpen) return;
  slapOpen = false;
  document.getElementById("slap").hidden = true;
  const r = await api(base + "/slap", {});
  document.getElementById("refused").textContent = r.ok ? "" : errorsText(r.data);
  poll();
}
document.getElementById("slap").addEventListener("click", slap);
window.addEventListener("resize", () => { if (shownView) render(shownView, how); });
document.addEventListener("keydown", ev => {
  if (ev.code === "Space" && slapOpen) { ev.preventDefault(); slap(); return; }
  // Enter answers a lone choice (turning your top card) unless a control of the page has the focus
  if (ev.key === "Enter" && !(ev.target.closest && ev.target.closest("button, input, select, textarea, a"))) {
    const only = document.querySelectorAll("#choices button");
    if (only.length === 1 && !only[0].disabled) { ev.preventDefault(); only[0].click(); }
  }
});
// Updates: server-sent events say when the table changed; without them (or while they are down) the page polls.
let pushed = null;
function listen() {
  if (!window.EventSource || finished) return false;
  pushed = new EventSource(base + "/events");
  pushed.addEventListener("open", () => { document.body.dataset.channel = "push"; });
  pushed.addEventListener("change", () => poll());
  pushed.addEventListener("error", () => {
    document.body.dataset.channel = "poll";
    if (finished) pushed.close();
  });
  return true;
}
listen();
document.body.dataset.channel = "poll";
setInterval(() => { if (!finished && document.body.dataset.channel !== "push") poll(); }, 250);
setInterval(() => { if (!finished) poll(); }, 3000);      // a slow safety net even while pushed
poll();

// One seat's page: it polls the server for what this seat may see and sends this seat's moves.
"use strict";
const token = location.pathname.split("/").pop();
const base = "/api/seat/" + encodeURIComponent(token);
let version = -1, slapOpen = false, busy = false;
const how = {choose: send, log: base + "/log", replay: "/replay/" + encodeURIComponent(token)};

async function poll() {
  if (busy) return;
  busy = true;
  try {
    const r = await api(base);
    if (!r.ok) { document.getElementById("refused").textContent = errorsText(r.data); return; }
    if (r.data.version !== version || slapOpen !== !!r.data.slap) {
      version = r.data.version;
      render(r.data, how);
      slapOpen = !!(r.data.slap && r.data.slap.open);
    }
    if (r.data.finished) clearInterval(timer);
  } catch (e) {
    document.getElementById("refused").textContent = "the server cannot be reached";
  } finally { busy = false; }
}
async function send(action) {
  const r = await api(base + "/act", {action});
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
document.addEventListener("keydown", ev => { if (ev.code === "Space" && slapOpen) { ev.preventDefault(); slap(); } });
const timer = setInterval(poll, 250);
poll();

// The new-game form: a ruleset (built-in or uploaded), players, seats (a person or a bot each), options.
"use strict";
const KINDS = ["human", "random", "lowest", "highest", "smart", "ismcts"];
let catalogue = [], upload = null;

function current() {
  if (document.querySelector("input[name=source]:checked").value === "upload") return null;
  return catalogue.find(c => c.name === document.getElementById("ruleset").value);
}
function drawSeats() {
  const n = parseInt(document.getElementById("players").value || "2", 10);
  const box = document.getElementById("seats");
  const old = [...box.querySelectorAll("select")].map(s => s.value);
  box.replaceChildren();
  for (let s = 0; s < Math.min(n, 64); s++) {
    const sel = el("select", {id: "seat" + s});
    for (const k of KINDS) sel.append(el("option", {value: k}, k === "human" ? "a person" : "bot: " + k));
    sel.value = old[s] || (s < 2 ? "human" : "smart");
    box.append(el("label", {}, "seat " + s + " ", sel));
  }
}
function drawOptions(c) {
  const box = document.getElementById("options");
  box.replaceChildren();
  if (!c) { box.append(el("p", {class: "note"}, "An uploaded file's options keep their defaults here; set them in the file or in the editor.")); return; }
  for (const [name, o] of Object.entries(c.options)) {
    let input;
    if (o.type === "bool") { input = el("input", {type: "checkbox", "data-opt": name}); input.checked = !!o.default; }
    else if (o.type === "choice") {
      input = el("select", {"data-opt": name});
      for (const ch of o.choices) input.append(el("option", {value: ch}, ch));
      input.value = o.default;
    } else input = el("input", {type: o.type === "int" ? "number" : "text", "data-opt": name,
                                value: Array.isArray(o.default) ? "[" + o.default.join(",") + "]" : String(o.default)});
    box.append(el("label", {title: o.description || ""}, name + " ", input));
  }
}
function chosen() {
  const c = current();
  document.getElementById("desc").textContent = c ? c.title + ": " + c.description : (upload ? "" : "choose a file");
  if (c) {
    const p = document.getElementById("players");
    p.min = c.players.min; p.max = c.players.max; p.value = c.players.default;
  }
  drawOptions(c); drawSeats();
  if (!c && upload) checkUpload();
}
async function checkUpload() {
  const r = await api("/api/check", upload);
  const errors = document.getElementById("errors");
  if (!r.ok || !r.data.ok) { errors.textContent = errorsText(r.data); return; }
  errors.textContent = "";
  document.getElementById("desc").textContent = r.data.title + " (" + upload.name + "), checked: OK";
  document.getElementById("players").value = r.data.players;
  drawSeats();
}
async function start(ev) {
  ev.preventDefault();
  const errors = document.getElementById("errors");
  errors.textContent = "";
  const c = current(), options = {};
  if (c) for (const i of document.querySelectorAll("[data-opt]")) {
    const o = c.options[i.dataset.opt];
    const v = o.type === "bool" ? i.checked : i.value;
    if (String(v) !== String(Array.isArray(o.default) ? "[" + o.default.join(",") + "]" : o.default)) options[i.dataset.opt] = v;
  }
  const seats = [...document.querySelectorAll("#seats select")].map(s => s.value);
  const body = {players: document.getElementById("players").value, seats, options};
  if (c) body.ruleset = c.name; else if (upload) body.upload = upload; else { errors.textContent = "choose a rule file"; return; }
  const r = await api("/api/games", body);
  if (!r.ok) { errors.textContent = errorsText(r.data); return; }
  const list = el("ul", {class: "links"});
  for (const s of r.data.seats) {
    if (s.link) {
      const url = location.origin + s.link;
      list.append(el("li", {}, "seat " + s.seat + " (a person): ", el("a", {href: s.link, target: "_blank", class: "seatlink"}, url)));
    } else list.append(el("li", {}, "seat " + s.seat + ": bot " + s.kind));
  }
  document.getElementById("links").replaceChildren(
    el("h2", {}, r.data.title),
    el("p", {class: "note"}, "Each link is one seat's secret: give it only to the person who sits there (on this network)."), list);
}
async function init() {
  const r = await api("/api/rulesets");
  catalogue = r.data;
  const sel = document.getElementById("ruleset");
  for (const c of catalogue) sel.append(el("option", {value: c.name}, c.name));
  sel.value = catalogue.some(c => c.name === "hearts") ? "hearts" : catalogue[0].name;
  const stashed = sessionStorage.getItem("ruleplay-upload");
  if (new URLSearchParams(location.search).has("upload") && stashed) {
    upload = JSON.parse(stashed);
    document.querySelector("input[value=upload]").checked = true;
    document.getElementById("uploaded").textContent = "from the editor: " + upload.name;
  }
  sel.addEventListener("change", () => { document.querySelector("input[value=builtin]").checked = true; chosen(); });
  for (const r of document.querySelectorAll("input[name=source]")) r.addEventListener("change", chosen);
  document.getElementById("players").addEventListener("change", drawSeats);
  document.getElementById("file").addEventListener("change", async ev => {
    const f = ev.target.files[0];
    if (!f) return;
    upload = {name: f.name, text: await f.text()};
    document.querySelector("input[value=upload]").checked = true;
    document.getElementById("uploaded").textContent = f.name + " (" + f.size + " bytes)";
    chosen();
  });
  document.getElementById("new").addEventListener("submit", start);
  chosen();
}
init();

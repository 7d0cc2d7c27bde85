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
    sel.value = old[s] || (s < 1 ? "human" : "smart");       // one person (you) and bots; invite more here
    box.append(el("label", {}, "seat " + s + (s === 0 ? " (you)" : "") + " ", sel));
  }
}
function optionControl(name, o) {
  const id = "opt-" + name;
  if (o.type === "bool") {
    const input = el("input", {type: "checkbox", "data-opt": name, id});
    input.checked = !!o.default;
    return input;
  }
  if (o.type === "choice") {
    const input = el("select", {"data-opt": name, id});
    for (const ch of o.choices) input.append(el("option", {value: ch}, String(ch)));
    input.value = o.default;
    return input;
  }
  if (o.type === "int")
    return el("input", {type: "number", "data-opt": name, id, value: String(o.default), min: o.min, max: o.max, step: 1});
  return el("input", {type: "text", "data-opt": name, id, maxlength: 200,
                      value: Array.isArray(o.default) ? "[" + o.default.join(",") + "]" : words(o.default)});
}
function drawOptions(c) {
  // every option of the game: its name, a control of its kind, its range, and its description as text
  const box = document.getElementById("options");
  box.replaceChildren();
  if (!c) { box.append(el("p", {class: "note"}, "An uploaded file's options keep their defaults here; set them in the file or in the editor.")); return; }
  const names = Object.keys(c.options);
  if (!names.length) { box.append(el("p", {class: "note"}, "This game has no options.")); return; }
  for (const name of names) {
    const o = c.options[name], input = optionControl(name, o);
    const range = o.type === "int" && o.min !== undefined && o.max !== undefined ? " (" + o.min + " to " + o.max + ")" : "";
    const label = el("label", {for: "opt-" + name}, name + range);
    const desc = el("span", {class: "optdesc", id: "desc-" + name}, o.description || "");
    input.setAttribute("aria-describedby", "desc-" + name);
    box.append(el("div", {class: "opt", "data-option": name}, o.type === "bool" ? input : null, " ", label, " ",
                  o.type === "bool" ? null : input, desc));
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
  const body = {players: document.getElementById("players").value, seats, options,
                auto_deal: document.getElementById("auto-deal").checked};
  if (c) body.ruleset = c.name; else if (upload) body.upload = upload; else { errors.textContent = "choose a rule file"; return; }
  const r = await api("/api/games", body);
  if (!r.ok) { errors.textContent = errorsText(r.data); return; }
  const list = el("ul", {class: "links"});
  for (const s of r.data.seats) {
    if (s.link) {
      const url = location.origin + s.link;
      const copy = el("button", {type: "button", class: "choice"}, "copy");
      copy.addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(url).then(() => { copy.textContent = "copied"; }));
      const who = s.seat === 0 ? "seat 0 (you)" : "seat " + s.seat + " (a person you invite)";
      const qr = s.qr ? el("img", {src: s.qr, class: "qr", alt: "QR code of the link for " + who}) : null;
      list.append(el("li", {}, who + ": ", el("a", {href: s.link, target: "_blank", class: "seatlink"}, url), " ", copy, qr));
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

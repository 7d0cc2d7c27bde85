// The editor: every change is checked by the server exactly as `ruleplay validate` checks a file.
"use strict";
const text = document.getElementById("text"), nameBox = document.getElementById("name");
let timer = null, asked = 0;

function jumpTo(line, column) {
  const lines = text.value.split("\n");
  let pos = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) pos += lines[i].length + 1;
  pos += Math.max(0, column - 1);
  text.focus();
  text.setSelectionRange(pos, pos + 1);
}
async function check() {
  const mine = ++asked;
  const r = await api("/api/check", {text: text.value, name: nameBox.value});
  if (mine !== asked) return;                       // a newer check is under way
  const errors = document.getElementById("errors");
  const ok = r.ok && r.data.ok;
  document.getElementById("play").disabled = !ok;
  document.getElementById("state").textContent = ok ? "OK: " + r.data.title + ", " + r.data.players + " players" : "errors";
  if (!r.ok) { errors.replaceChildren(errorsText(r.data)); return; }
  errors.replaceChildren(...(r.data.errors || []).map(e => {
    const row = el("div", {class: "placed"}, e.text);
    if (e.line) { row.style.cursor = "pointer"; row.addEventListener("click", () => jumpTo(e.line, e.column)); }
    return row;
  }));
  const sheet = document.getElementById("sheet");
  if (r.data.sheet !== null) sheet.textContent = r.data.sheet;
  sheet.style.opacity = ok ? 1 : 0.5;          // with errors, the sheet is the last valid version's
}
function later() { clearTimeout(timer); timer = setTimeout(check, 350); }
text.addEventListener("input", later);
nameBox.addEventListener("input", later);
text.addEventListener("keyup", () => {
  const before = text.value.slice(0, text.selectionStart).split("\n");
  document.getElementById("where").textContent = "line " + before.length + ", column " + (before[before.length - 1].length + 1);
});
document.getElementById("file").addEventListener("change", async ev => {
  const f = ev.target.files[0];
  if (!f) return;
  text.value = await f.text();
  nameBox.value = f.name;
  check();
});
document.getElementById("play").addEventListener("click", () => {
  sessionStorage.setItem("ruleplay-upload", JSON.stringify({name: nameBox.value, text: text.value}));
  location.href = "/?upload=1";
});
check();

// Shared helpers: JSON requests and cards drawn with textContent only (text from rule files is never HTML).
"use strict";
async function api(path, body) {
  const opts = body === undefined ? {} : {method: "POST", headers: {"content-type": "application/json"},
                                           body: JSON.stringify(body)};
  const r = await fetch(path, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = {error: "the server's answer was not readable"}; }
  return {ok: r.ok, status: r.status, data};
}
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(typeof k === "string" ? document.createTextNode(k) : k);
  return e;
}
function cardEl(c, tag) {
  return el(tag || "span", {class: "card" + (c.red ? " red" : ""), "data-card": c.name}, c.name);
}
function backs(n) { return el("span", {class: "card back", title: n + " cards face down"}, String(n)); }
function errorsText(data) {
  if (data.errors) return data.errors.map(e => e.text).join("\n");
  return data.error || "something went wrong";
}

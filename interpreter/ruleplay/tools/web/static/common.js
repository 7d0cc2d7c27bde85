// Shared helpers: JSON requests, elements built with textContent only (text from rule files is never HTML),
// and cards drawn as faces (rank and suit symbol in the corners, the suit in the middle) or as backs.
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
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(typeof k === "string" ? document.createTextNode(k) : k);
  return e;
}
// A card face: c = {name, rank, suit, red, label}; `tag` "button" for a card one may click.
function cardEl(c, tag, extra) {
  const rank = c.rank || c.name, suit = c.suit || "";
  const e = el(tag || "span", {class: "card face" + (c.red ? " red" : ""), "data-card": c.name,
                               "aria-label": (c.label || c.name) + (extra ? ", " + extra : ""),
                               role: tag === "button" ? null : "img", title: (c.label || c.name) + (extra ? ", " + extra : "")});
  e.append(el("span", {class: "corner tl", "aria-hidden": "true"}, el("b", {}, rank), el("i", {}, suit)),
           el("span", {class: "pip", "aria-hidden": "true"}, suit || rank),
           el("span", {class: "corner br", "aria-hidden": "true"}, el("b", {}, rank), el("i", {}, suit)));
  return e;
}
// Face-down cards: a small fan of backs with the count on it.
function backs(n, what) {
  const label = n + (n === 1 ? " card" : " cards") + " face down" + (what ? " (" + what + ")" : "");
  const fan = el("span", {class: "fan", role: "img", "aria-label": label, title: label});
  for (let i = 0; i < Math.min(n, 5); i++) fan.append(el("span", {class: "card back", "aria-hidden": "true"}));
  fan.append(el("span", {class: "count", "aria-hidden": "true"}, String(n)));
  return fan;
}
function errorsText(data) {
  if (data.errors) return data.errors.map(e => e.text).join("\n");
  return data.error || "something went wrong";
}
// A value for the page in words: never "null" or "undefined".
function words(v) {
  if (v === null || v === undefined || v === "") return "none";
  if (Array.isArray(v)) return v.length ? v.map(words).join(", ") : "none";
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "object") return Object.entries(v).map(([k, x]) => k + " " + words(x)).join(", ");
  return String(v);
}

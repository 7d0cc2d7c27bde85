// A seat's table drawn from the JSON the server sends (one seat's view): the play page and the replay page.
"use strict";
function zoneEl(z, topFirst) {
  const row = el("div", {class: "zone", "data-zone": z.name}, el("span", {class: "zname"}, z.name + " (" + z.size + ")"));
  if (z.cards === null) { if (z.size) row.append(backs(z.size)); return row; }
  if (!z.cards.length) { row.append(el("span", {class: "note"}, "empty")); return row; }
  let cards = z.cards.map((c, i) => [c, z.seats ? z.seats[i] : null]);
  if (topFirst) cards = cards.reverse();
  const shown = cards.slice(0, 16);
  for (const [c, s] of shown) {
    const e = cardEl(c);
    if (s !== null) { e.title = "seat " + s; }
    row.append(e);
    if (s !== null) row.append(el("span", {class: "note"}, "(seat " + s + ") "));
  }
  if (cards.length > shown.length) row.append(el("span", {class: "note"}, " +" + (cards.length - shown.length) + " under"));
  return row;
}
// `how`: {choose: action => ... or null (shown, not clickable), log: the log's link, replay: the replay's link}
function render(v, how) {
  document.title = v.title + ": seat " + v.me;
  document.body.dataset.version = v.version;        // which state of the game the page shows
  document.getElementById("title").textContent = v.title;
  document.getElementById("whoami").textContent = "you are seat " + v.me;
  const bits = ["hand " + v.hand];
  if (v.trick) bits.push("trick " + v.trick, "trump " + (v.trump || "none"));
  if (v.finished) bits.push("game over");
  else if (v.to_move !== null) bits.push(v.to_move === v.me ? "your turn" : "seat " + v.to_move + " to move");
  document.getElementById("status").textContent = bits.join(" - ");
  const table = document.getElementById("table");
  table.replaceChildren(...v.table.map(z => zoneEl(z, z.seats === null)));
  if (v.last_trick) {
    const row = el("div", {class: "zone note", id: "last-trick"}, "last trick, won by seat " + v.last_trick.winner + ": ");
    for (const c of v.last_trick.cards) row.append(cardEl(c), "(seat " + c.seat + ") ");
    table.append(row);
  }
  for (const [k, val] of Object.entries(v.others)) table.append(el("div", {class: "note"}, k + ": " + JSON.stringify(val)));
  const seats = document.getElementById("seats");
  seats.replaceChildren(...v.seats.map(s => {
    const head = "Seat " + s.seat + " (" + s.kind + ")" + (s.dealer ? " · dealer" : "") + (s.out ? " · out" : "") +
      (s.score !== null ? " · score " + s.score : "") + (s.tricks !== null ? " · tricks " + s.tricks : "");
    const extra = Object.entries(s).filter(([k]) => !["seat", "you", "kind", "dealer", "out", "zones", "score", "tricks"].includes(k))
      .map(([k, val]) => " · " + k + " " + (val === null ? "-" : val)).join("");
    const box = el("div", {class: "seat" + (s.you ? " you" : "") + (v.to_move === s.seat ? " turn" : ""), "data-seat": s.seat},
                   el("strong", {}, head + extra));
    for (const z of s.zones) box.append(zoneEl(z, false));
    return box;
  }));
  document.getElementById("prompt").textContent = v.choices ? "Your turn: " + v.prompt : "";
  const choices = document.getElementById("choices");
  choices.replaceChildren(...(v.choices || []).map(c => {
    const b = c.card ? cardEl({name: c.label, red: c.red}, "button") : el("button", {}, c.label);
    b.dataset.action = c.action;
    if (how.choose) b.addEventListener("click", () => how.choose(c.action)); else b.disabled = true;
    return b;
  }));
  const slap = document.getElementById("slap");
  if (slap) slap.hidden = !(v.slap && v.slap.open);
  const said = document.getElementById("said");
  said.replaceChildren(...v.said.map(t => el("div", {}, t)));
  said.scrollTop = said.scrollHeight;
  const res = document.getElementById("result");
  res.replaceChildren();
  if (v.finished) {
    const r = v.result;
    res.append(el("h2", {}, r.outcome === "finished" ? "Winners: " + (r.winners.length ? r.winners.map(s => "seat " + s).join(", ") : "nobody")
                                                     : "Game over: " + r.outcome),
               el("p", {}, r.reason || ""),
               r.scores ? el("p", {}, "Scores: " + r.scores.join(", ")) : null,
               el("p", {}, el("a", {href: how.log, id: "log"}, "download the game log"),
                  how.replay ? " · " : null, how.replay ? el("a", {href: how.replay, id: "replay"}, "replay it step by step") : null),
               el("p", {class: "note", id: "seed"}, "Seed " + v.seed + " (secret until the end): ruleplay replay LOG plays the game back event for event."));
  }
}

// A seat's table drawn from the JSON the server sends (one seat's view): the play page and the replay page.
// Your seat is at the bottom, the others around the table in turn order (clockwise: the next seat to your left),
// a trick's cards each at its player's side, a slap pile fanned in play order with its top cards spread out.
"use strict";
const ORDINAL = ["top card", "2nd from the top", "3rd from the top", "4th from the top", "5th from the top",
                 "6th from the top", "7th from the top", "8th from the top"];
const OLDER_SHOWN = 12;                 // cards of a pile below its spread-out top cards, drawn squeezed

function angleOf(seat, v) {             // where a seat sits: you at the bottom (90 degrees), then clockwise
  const k = (seat - v.me + v.players) % v.players;
  return (90 + k * 360 / v.players) * Math.PI / 180;
}
function seatName(v, s) { return v.seats[s] ? v.seats[s].name : "Seat " + s; }
function place(e, v, seat, rx, ry) {
  const a = angleOf(seat, v);
  e.style.left = (50 + rx * Math.cos(a)).toFixed(1) + "%";
  e.style.top = (50 + ry * Math.sin(a)).toFixed(1) + "%";
  return e;
}
function teamName(t) { return "team " + String.fromCharCode(65 + t); }
function badges(v, s) {
  const out = el("span", {class: "badges"});
  if (s.dealer) out.append(el("span", {class: "badge dealer", title: "the dealer", role: "img", "aria-label": "dealer"}, "D"));
  if (s.team !== null && s.team !== undefined) {
    const partner = !s.you && v.seats[v.me].team === s.team;
    out.append(el("span", {class: "badge team t" + (s.team % 4), title: teamName(s.team) + (partner ? ": your partner" : "")},
                  partner ? "partner" : teamName(s.team)));
  }
  if (s.out) out.append(el("span", {class: "badge out"}, "out"));
  if (v.to_move === s.seat) out.append(el("span", {class: "badge turn"}, s.you ? "your turn" : "to play"));
  return out;
}
function facts(s) {
  const bits = [];
  if (s.score !== null && s.score !== undefined) bits.push("score " + s.score);
  for (const [k, val] of Object.entries(s.public || {})) bits.push(fact(k, val));
  return el("div", {class: "facts"}, bits.join(" · "));
}
function smallZone(z, whose) {
  const row = el("div", {class: "zone", "data-zone": z.name});
  if (z.cards === null) { row.append(z.size ? backs(z.size, whose + z.name) : el("span", {class: "note"}, z.name + ": none")); return row; }
  row.append(el("span", {class: "zname"}, z.name + " (" + z.size + ")"));
  if (!z.cards.length) return row;
  const stack = el("span", {class: "stack small"});
  for (const c of z.cards.slice(-5)) stack.append(cardEl(c));
  row.append(stack);
  return row;
}
function seatSpot(v, s) {
  const box = el("div", {class: "spot" + (v.to_move === s.seat ? " turn" : "") + (s.out ? " isout" : ""),
                         "data-seat": s.seat, role: "group", "aria-label": s.name + ", " + s.kind});
  box.append(el("div", {class: "who"}, el("strong", {}, s.name), " ", el("span", {class: "kind"}, s.kind)), badges(v, s), facts(s));
  for (const z of s.zones) if (z.size) box.append(smallZone(z, ""));
  const narrow = window.innerWidth < 640;              // a phone: the side seats come in from the rim
  return place(box, v, s.seat, v.players > 5 ? 39 : narrow ? 34 : 37, v.players > 5 ? 35 : 31);
}
// A trick: each card by its player's side of the table (a card not drawn before lands there: class "new").
let trickSeen = new Set();
function trickLayer(v, cards, who, caption, cls) {
  const layer = el("div", {class: "trick " + (cls || ""), role: "group", "aria-label": caption});
  const seen = new Set();
  cards.forEach((c, i) => {
    const s = who[i];
    const e = cardEl(c, null, "played by " + seatName(v, s));
    e.dataset.seat = s;
    seen.add(s + ":" + c.name);
    if (cls === "current" && !trickSeen.has(s + ":" + c.name)) e.classList.add("new");
    layer.append(place(e, v, s, 16, 21));
  });
  if (caption) layer.append(el("div", {class: "caption"}, caption));
  if (cls === "current") trickSeen = seen;
  return layer;
}
// A slap pile: the cards below the round face down, the round's cards in play order (top card last), its top
// `depth` cards spread out and named by place, as the slap patterns read them.
function pileEl(v, z) {
  const p = z.pile, cards = z.cards, round = cards.slice(cards.length - p.round);
  const top = round.slice(-p.depth), older = round.slice(0, round.length - top.length);
  const box = el("div", {class: "pile", "data-zone": z.name, role: "group",
                         "aria-label": z.name + ": " + z.size + " cards; the top " + top.length + " shown"});
  box.append(el("div", {class: "zname"}, z.name + " (" + z.size + ")"));
  const row = el("div", {class: "pilerow"});
  if (p.under) row.append(el("span", {class: "under"}, backs(p.under, "under the pile: burned or left"), el("span", {class: "note"}, p.under + " under")));
  const hidden = older.length - OLDER_SHOWN;
  if (hidden > 0) row.append(el("span", {class: "note more"}, "+" + hidden));
  older.slice(Math.max(0, hidden)).forEach((c, i) => {
    const e = cardEl(c, null, p.bottom && i === 0 && hidden <= 0 ? "first card of the round" : null);
    e.classList.add("older");
    if (p.bottom && i === 0 && hidden <= 0) e.classList.add("first");
    row.append(e);
  });
  top.forEach((c, i) => {
    const place = top.length - 1 - i;
    const who = p.who[cards.length - top.length + i];
    const e = cardEl(c, null, ORDINAL[place] + (who !== null && who !== undefined ? ", played by " + seatName(v, who) : ""));
    e.classList.add("topcard");
    e.dataset.top = String(place + 1);
    row.append(el("span", {class: "slot"}, e, el("span", {class: "place", "aria-hidden": "true"}, place === 0 ? "top" : String(place + 1))));
  });
  if (!cards.length) row.append(el("span", {class: "note"}, "empty"));
  box.append(row);
  if (p.news && p.news.length) box.append(el("div", {class: "slapnews", id: "slap-news", role: "status"},
                                                 el("strong", {}, "Last slap: "), ...p.news.map(t => el("div", {}, withSuits(t)))));
  return box;
}
function centreZone(v, z) {
  if (z.pile) return pileEl(v, z);
  const row = el("div", {class: "zone centre", "data-zone": z.name});
  row.append(el("div", {class: "zname"}, z.name + " (" + z.size + ")"));
  if (z.cards === null) { if (z.size) row.append(backs(z.size, z.name)); return row; }
  const stack = el("span", {class: "stack"});
  for (const c of z.cards.slice(-8)) stack.append(cardEl(c));
  if (z.cards.length > 8) row.append(el("span", {class: "note"}, "+" + (z.cards.length - 8) + " below "));
  row.append(stack);
  return row;
}
// Card names in the story ("You play KC") with suit symbols ("You play K♣").
const SUIT_SYMBOL = {C: "♣", D: "♦", H: "♥", S: "♠"};
const SUIT_WORD = {C: "clubs", D: "diamonds", H: "hearts", S: "spades"};
function withSuits(text) {
  return text.replace(/(^|[^0-9A-Za-z])(10|[2-9JQKA])([CDHS])(?![0-9A-Za-z])/g, (m, pre, r, s) => pre + r + SUIT_SYMBOL[s]);
}
// A fact a kind or a counter shows (the server's `public`): its name and value, a suit by its symbol, "-" not known yet.
function fact(k, val) {
  if (val === null || val === undefined) return k + " -";
  return k + " " + (SUIT_SYMBOL[val] ? SUIT_SYMBOL[val] + " " + SUIT_WORD[val] : words(val));
}
function statusText(v) {
  const bits = [], held = v.score_table && v.score_table.waiting;
  if (held) bits.push("Hand " + words(v.score_table.hand) + " is over: see the scores");
  else if (v.hand) bits.push("Hand " + v.hand);
  for (const [k, val] of Object.entries(v.others)) bits.push(fact(k, val));
  if (v.finished) bits.push("Game over");
  else if (held) { /* said above */ }
  else if (v.to_move !== null && v.to_move !== undefined)
    bits.push(v.to_move === v.me ? "Your turn" : seatName(v, v.to_move) + " to play");
  return bits.join(" · ");
}
function scoreTable(st, title) {
  const t = el("table", {class: "scores", id: "score-table"});
  t.append(el("caption", {}, title));
  const head = el("tr", {});
  for (const c of st.columns) head.append(el("th", {scope: "col"}, c.label));
  t.append(el("thead", {}, head));
  const body = el("tbody", {});
  for (const r of st.rows) {
    const tr = el("tr", {});
    st.columns.forEach((c, i) => tr.append(el(i ? "td" : "th", i ? {} : {scope: "row"}, words(r[c.key]))));
    body.append(tr);
  }
  t.append(body);
  return t;
}
function resultWords(v) {
  const r = v.result, names = r.winners.map(s => s === v.me ? "you" : seatName(v, s));
  if (r.outcome === "finished" && !r.cycle) {
    if (!names.length) return "The game is over: nobody won.";
    const who = names.length === 1 ? names[0] : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
    return (who === "you" ? "You won" : who.charAt(0).toUpperCase() + who.slice(1) + " won") + ".";
  }
  if (r.cycle || r.outcome === "cycle") return "The game ended in a cycle: the same cards came round again, so nobody wins.";
  if (r.outcome === "limit") return "The game was stopped at this server's limit.";
  if (r.outcome === "error") return "The game stopped because of an error in the rules.";
  return "The game is over (" + r.outcome + ").";
}
// `how`: {choose: action(s) => ..., next: () => ..., log, replay} (choose null on the replay page: shown, not clickable)
function render(v, how) {
  document.title = v.title + ": seat " + v.me;
  document.body.dataset.version = v.version;        // which state of the game the page shows
  document.getElementById("title").textContent = v.title;
  document.getElementById("whoami").textContent = "you are seat " + v.me;
  document.getElementById("status").textContent = statusText(v);
  // the table: the other seats around, the centre zones, the trick
  const felt = document.getElementById("table");
  felt.replaceChildren();
  const old = document.getElementById("last-trick");
  if (old && !felt.contains(old)) old.remove();
  felt.dataset.players = v.players;
  for (const s of v.seats) if (!s.you) felt.append(seatSpot(v, s));
  const centre = el("div", {class: "centre-zones"});
  let trickShown = false;
  for (const z of v.table) {
    if (z.pile) centre.append(pileEl(v, z));
    else if (!z.size) continue;                   // an empty zone (an empty trick: the last one is shown instead)
    else if (z.seats && z.cards && z.cards.length) {
      felt.append(trickLayer(v, z.cards, z.seats, "the " + z.name + ": " + z.cards.length + " played", "current"));
      felt.lastChild.dataset.zone = z.name;
      trickShown = true;
    } else centre.append(centreZone(v, z));
  }
  if (trickShown && v.last_trick) {              // the trick before, small, under the table
    const w = v.last_trick.winner, row = el("div", {class: "note lasttrick", id: "last-trick"},
      (w === v.me ? "You" : seatName(v, w)) + " took the last trick: ");
    for (const c of v.last_trick.cards) row.append(el("span", {class: c.red ? "red" : ""}, c.rank + c.suit), " ");
    document.getElementById("table").after(row);
  }
  if (!trickShown && v.last_trick) {
    const w = v.last_trick.winner;
    felt.append(trickLayer(v, v.last_trick.cards, v.last_trick.cards.map(c => c.seat),
                           (w === v.me ? "You" : seatName(v, w)) + " took the last trick", "last"));
    felt.lastChild.id = "last-trick";
  }
  if (v.turned_up) centre.append(el("div", {class: "zone centre", id: "turned-up"}, el("div", {class: "zname"}, "turned up"),
                                    cardEl(v.turned_up, null, "turned up")));
  felt.append(centre);
  drawMine(v, how);
  drawScores(v, how);
  const said = document.getElementById("said");
  said.replaceChildren(...v.said.map(t => el("div", {}, withSuits(t))));
  said.scrollTop = said.scrollHeight;
  const live = document.getElementById("live");
  const last = v.said.length ? withSuits(v.said[v.said.length - 1]) : "";
  if (live && live.textContent !== last) live.textContent = last;
  const res = document.getElementById("result");
  res.replaceChildren();
  if (v.finished) {
    const r = v.result;
    res.append(el("h2", {id: "outcome"}, resultWords(v)));
    if (r.reason) res.append(el("p", {}, "Why it ended: " + r.reason.replace(/\.$/, "") + "."));
    if (r.scores) {
      res.append(el("p", {}, "Scores: " + r.scores.join(", ")));
      res.append(scoreTable({columns: [{key: "seat", label: "Player"}, {key: "score", label: "Final score"}],
                             rows: r.scores.map((x, s) => ({seat: s === v.me ? "You" : seatName(v, s), score: x}))}, "Final scores"));
      res.lastChild.id = "final-scores";
    }
    res.append(el("p", {}, el("a", {href: how.log, id: "log"}, "download the game log"),
                  how.replay ? " · " : null, how.replay ? el("a", {href: how.replay, id: "replay"}, "replay it step by step") : null));
    if (v.seed !== null && v.seed !== undefined)
      res.append(el("p", {class: "note", id: "seed"}, "Seed " + v.seed + " (secret until the end): ruleplay replay LOG plays the game back event for event."));
  }
}
// Your own seat: your cards (the ones you may play are buttons; the others dimmed with the reason), the prompt.
let picked = [];                  // cards chosen for a pass, not sent yet (they can be taken back)
let pickedFor = "";
function drawMine(v, how) {
  const me = v.seats[v.me];
  const mine = document.getElementById("seats");
  const passing = v.passing, choices = v.choices || [];
  const byName = {};
  for (const c of choices) if (c.card) byName[c.label] = c;
  const key = passing ? passing.text : "";          // a new pass (or none): nothing chosen yet
  if (key !== pickedFor) picked = [];
  pickedFor = key;
  picked = picked.filter(n => byName[n]);
  const box = el("div", {class: "seat you mine" + (v.to_move === v.me ? " turn" : ""), "data-seat": v.me, role: "group",
                         "aria-label": "your seat"});
  box.append(el("div", {class: "who"}, el("strong", {}, "You (seat " + v.me + ")"), " "), badges(v, me), facts(me));
  const used = new Set();
  for (const z of me.zones) {
    const row = el("div", {class: "zone hand", "data-zone": z.name});
    row.append(el("span", {class: "zname"}, z.name + " (" + z.size + ")"));
    if (z.cards === null) { if (z.size) row.append(backs(z.size, "your " + z.name)); box.append(row); continue; }
    const fan = el("div", {class: "handfan"});
    for (const c of z.cards) {
      const choice = byName[c.name];
      let e;
      if (choice && how.choose) {
        used.add(c.name);
        const chosen = passing && picked.includes(c.name);
        e = cardEl(c, "button", chosen ? "chosen to pass" : null);
        e.classList.add("playable");
        if (chosen) e.classList.add("selected");
        e.dataset.action = choice.action;
        if (passing) e.setAttribute("aria-pressed", chosen ? "true" : "false");
        e.addEventListener("click", () => {
          if (!passing) { how.choose(choice.action); return; }
          if (picked.includes(c.name)) picked = picked.filter(n => n !== c.name);
          else if (picked.length < passing.left) picked.push(c.name);
          drawMine(v, how);
          const again = document.querySelector(`#seats button[data-card="${CSS.escape(c.name)}"]`);
          if (again) again.focus();
        });
      } else if (c.why_not && choices.length && how.choose) {
        e = cardEl(c, "button", "not playable: " + c.why_not);
        e.classList.add("dim");
        e.setAttribute("aria-disabled", "true");
        e.dataset.why = c.why_not;
        e.addEventListener("click", () => { document.getElementById("refused").textContent = c.label + ": " + c.why_not; });
      } else e = cardEl(c);
      fan.append(e);
    }
    row.append(fan);
    box.append(row);
  }
  mine.replaceChildren(box);
  // the prompt, the other choices (bids, calls: labelled buttons), the pass's counter and its confirm button
  const prompt = document.getElementById("prompt");
  const list = document.getElementById("choices");
  list.replaceChildren();
  if (!choices.length) { prompt.textContent = v.score_table && v.score_table.waiting ? "" : ""; }
  else if (passing) {
    const n = picked.length;
    prompt.textContent = "Your turn: " + passing.text + " (" + n + " of " + passing.left + " chosen" +
      (passing.picked.length ? ", " + passing.picked.length + " already passed" : "") + "). Tap a chosen card again to take it back.";
    const send = el("button", {id: "confirm", class: "primary", disabled: n !== passing.left},
                    "Pass " + (passing.left === 1 ? "this card" : "these " + passing.left + " cards") +
                    (passing.to !== null ? " to " + seatName(v, passing.to) : ""));
    send.addEventListener("click", () => {
      const actions = picked.map(n => byName[n].action);
      picked = [];
      how.choose(actions);
    });
    list.append(el("span", {id: "counter", class: "counter", "aria-live": "polite"}, n + " / " + passing.left), send);
  } else {
    prompt.textContent = "Your turn: " + v.prompt + (choices.some(c => c.card) ? " (the cards you may play are raised)" : "");
  }
  for (const c of choices) {
    if (c.card && used.has(c.label)) continue;
    const b = c.card ? cardEl(c.face || {name: c.label, label: c.label}, "button") : el("button", {class: "choice", title: c.means || c.label,
                                                "aria-label": (c.means || c.label).replace(/ ([CDHS])$/, (m, x) => " " + SUIT_WORD[x])},
                                   withSuits(c.label).replace(/ ([CDHS])$/, (m, x) => " " + SUIT_SYMBOL[x]));
    b.dataset.action = c.action;
    if (how.choose) b.addEventListener("click", () => how.choose(c.action)); else b.disabled = true;
    list.append(b);
  }
  const slap = document.getElementById("slap");
  if (slap) {
    const open = !!(v.slap && v.slap.open);
    if (open && slap.dataset.shown !== String(v.version)) {    // a fresh window: its time runs out on the bar
      slap.dataset.shown = String(v.version);
      const bar = el("span", {class: "timer", "aria-hidden": "true"});
      bar.style.animationDuration = v.slap.pace + "ms";
      slap.replaceChildren("SLAP! (space)", bar);
    }
    slap.hidden = !open;
  }
}
function drawScores(v, how) {
  const box = document.getElementById("scores");
  if (!box) return;
  box.replaceChildren();
  const st = v.score_table;
  if (!st || (!st.waiting && !v.finished)) { box.hidden = true; return; }
  box.hidden = false;
  box.classList.toggle("waiting", !!st.waiting);
  box.setAttribute("role", st.waiting ? "dialog" : "region");
  box.append(scoreTable(st, "Hand " + words(st.hand) + ": scores"));
  if (st.waiting && how.next) {
    const b = el("button", {id: "next", class: "primary"}, "Next hand");
    b.addEventListener("click", () => how.next());
    box.append(b);
    if (!box.contains(document.activeElement)) b.focus();
  }
}

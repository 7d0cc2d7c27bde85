"""What one seat's page receives: built from that seat's own view (`State.seat_view`) and nothing else.

Zones follow their `visibility`: a zone the seat may not see is sent as its size alone, so no
other hand and no face-down stack ever reaches a page. The seat's own decision becomes its
choices (the state's legal actions with their labels); the game's story comes from the seat's
own narrator, and what the page shows of events from the seat's own copy of them (`State.seat_events`).
The raw events (which hold every dealt hand) are sent only once the game is over.
"""
from __future__ import annotations

from typing import Any

from ruleplay.kinds.contract import kind_of
from ruleplay.tools.play.seat import facts, is_red, options_for
from ruleplay.tools.web.games import HUMAN, LiveGame
from ruleplay.tools.web.rewind import Rewound
from ruleplay.tools.web.tablemeta import SUITS, direction_word

_BOUNDARY = ("trick", "take", "deal", "score")
SUIT_WORDS = {k: f"{sym} {word}" for k, (sym, word) in SUITS.items()}
Cards = dict[str, dict[str, Any]]


def _card(cards: Cards, name: str) -> dict[str, Any]:
    """A card for the page: its name, rank, suit symbol, colour and name in words ("Queen of spades")."""
    known = cards.get(name)
    return dict(known) if known else {"name": name, "rank": name, "suit": "", "red": is_red(name), "label": name}


def _plays(events: list[dict]) -> list[tuple[int, str]]:
    """The (seat, card) plays since the last trick, take or deal: public events, to say who played what."""
    out: list[tuple[int, str]] = []
    for ev in reversed(events):
        kind = ev.get("event")
        if kind in _BOUNDARY:
            break
        if kind == "play":
            out.append((ev["seat"], ev["card"]))
    return out[::-1]


def _last_trick(cards: Cards, events: list[dict]) -> dict | None:
    """The last trick taken this hand (a public `trick` event): its cards by seat and its winner."""
    for ev in reversed(events):
        kind = ev.get("event")
        if kind in ("deal", "score"):
            return None
        if kind == "trick":
            return {"cards": [{"seat": s, **_card(cards, c)} for s, c in ev["cards"]], "winner": ev["winner"]}
    return None


def _turned_up(cards: Cards, events: list[dict]) -> dict | None:
    """The card turned up this hand (a public `turn-up` event) while it still stands for a choice: until it is
    picked up, trump is made or everybody passed."""
    for ev in reversed(events):
        if ev.get("event") in ("deal", "pick-up", "trump", "all-passed"):
            return None
        if ev.get("event") == "turn-up" and isinstance(ev.get("card"), str):
            return _card(cards, ev["card"])
    return None


def _seat_name(s: int, me: int, players: int) -> str:
    where = direction_word(me, s, players)
    return "you" if s == me else f"Seat {s} ({where})" if where else f"Seat {s}"


def _choices(game: LiveGame, seat: int) -> tuple[list[dict] | None, str, dict | None]:
    """The seat's choices, the prompt in words, and for a pass how many cards go to whom."""
    d = game.state.decision()
    kind = None if d is None else kind_of(d.view)
    if game.finished() or d is None or d.seat != seat or kind == "slap" or getattr(game, "held", False):
        return None, "", None
    v, cards, n = d.view, game.meta.cards, game.rules.players
    opts = options_for(d, game.space)
    out = [{"action": o.action, "label": o.label, "card": o.card is not None,
            "means": f"bid {o.label}" if kind == "bid" and isinstance(o.value, int) else o.label,
            **({"face": _card(cards, o.label)} if o.card is not None else {})} for o in opts]
    passing = None
    if kind == "pass":
        picked = [_card(cards, game.space.deck.names[c]) for c in v.picked]
        where = f" to {_seat_name(v.to, seat, n)}" if v.to is not None else ""
        what = f"Pass {v.count} card{'s' if v.count != 1 else ''}{where}"
        passing = {"count": v.count, "to": v.to, "picked": picked, "left": v.count - len(picked), "text": what}
    elif kind == "bid":
        what = "Bid: choose a bid, or pass"
    elif kind == "trick-choice":
        what = f"Choose: {v.name}"
    elif kind == "choose":
        named = [SUIT_WORDS.get(x, x) for x in v.values]
        what = "Choose " + " or ".join(named) + (", or pass" if v.may_pass else "")
    elif [o.label for o in opts] == ["turn a card"]:    # a person turning their own cards (LiveGame.ask_turns)
        what = "turn your top card (the button, or Enter)"
    elif any(o.card is not None for o in opts):
        what = f"Play a card from the {v.dummy}" if kind == "trick" and v.dummy else "Play a card"
    else:
        what = "Choose"
    return out, what, passing


def _why_not(led: dict | None, hand: list[dict], legal: set[str]) -> dict[str, str]:
    """For each card of the hand that may not be played now, why (in words, as far as the public table tells:
    a card of the suit led is held and may be played, so another suit may not; else the rules forbid it now)."""
    led_held = led is not None and any(c["name"] in legal and _suit_of(c) == _suit_of(led) for c in hand)
    out = {}
    for c in hand:
        if c["name"] in legal:
            continue
        if led_held and _suit_of(c) != _suit_of(led):
            out[c["name"]] = f"you must follow suit: {led['suit']} was led"
        else:
            out[c["name"]] = "the rules do not allow this card now"
    return out


def _suit_of(c: dict) -> str:
    name = c["name"]
    return name[-1:] if name else ""


def _pile(z, plays: list[tuple[int, str]], info) -> dict:
    """A slap pile: how many of its top cards are this round's plays (in play order, with who played each), how
    many lie under them (burned, or left by a seat that went out), and how many top cards the patterns read."""
    names = list(z.cards or [])
    k = 0
    while k < min(len(names), len(plays)) and names[-1 - k] == plays[-1 - k][1]:
        k += 1
    who = [None] * (len(names) - k) + [s for s, _ in plays[len(plays) - k:]]
    return {"depth": info.depth, "bottom": info.bottom, "round": k, "under": len(names) - k, "who": who}


def _slap_news(events: list[dict], me: int, players: int, patterns: dict[str, str]) -> list[str]:
    """What the last slapped card's slaps did, in words (public events from the last slap back to the card before
    it and on to the next card): who slapped, when, on which pattern or on none, and what it cost or won."""
    last = next((i for i in range(len(events) - 1, -1, -1) if events[i].get("event") == "slap"), None)
    if last is None:
        return []
    start = next((i for i in range(last, -1, -1) if events[i].get("event") in ("play", "deal")), -1) + 1
    found: list[dict] = []
    for ev in events[start:]:
        if ev.get("event") in ("play", "deal"):
            break
        if ev.get("event") in ("slap", "take", "burn", "out"):
            found.append(ev)
    out = []
    for ev in found:
        who = "You" if ev.get("seat") == me else _seat_name(ev.get("seat", 0), me, players)
        kind = ev["event"]
        if kind == "slap":
            what = (f"a {ev['pattern']}: {patterns.get(ev['pattern'], ev['pattern'])}" if ev.get("valid") and
                    ev.get("pattern") else "no pattern (a false slap)")
            late = "" if ev.get("won", True) or not ev.get("valid") else ", too late"
            out.append(f"{who} slapped at {ev.get('time', '?')} ms on {what}{late}.")
        elif kind == "take" and str(ev.get("why", "")).startswith("slapped"):
            out.append(f"{who} took the pile ({ev.get('count', 0)} cards).")
        elif kind == "burn":
            n = ev.get("count", 1)
            out.append(f"{who} burned {n} card{'s' if n != 1 else ''} under the pile.")
        elif kind == "out":
            out.append(f"{who} {'are' if who == 'You' else 'is'} out.")
    return out


def _score_table(events: list[dict], me: int, players: int, waiting: bool) -> dict | None:
    """The last hand's score (a public `score` event) as a table with labelled columns; `waiting` while the game
    holds for a person's "next hand"."""
    ev = next((e for e in reversed(events) if e.get("event") == "score"), None)
    if ev is None:
        return None
    cols = [("seat", "Player")]
    tricks = ev.get("tricks_won")
    if tricks and any(tricks):
        cols.append(("tricks", "Tricks taken"))
    rule = ev.get("rule")                  # a named scoring rule fired: what it changed, and for whom
    if rule:
        cols += [("taken", "Points taken"), ("rule", f"Rule: {rule}")]
    cols += [("points", "This hand"), ("total", "Total")]
    scored = ev.get("scores", ev.get("points"))
    rows = []
    for s in range(players):
        row = {"seat": _seat_name(s, me, players).capitalize() if s == me else _seat_name(s, me, players),
               "points": _at(scored, s), "total": _at(ev.get("totals"), s)}
        if tricks and any(tricks):
            row["tricks"] = _at(tricks, s)
        if rule:
            row["taken"] = _at(ev.get("points"), s)
            row["rule"] = "yes" if s in (ev.get("who") or []) else "no"
        rows.append(row)
    return {"hand": ev.get("hand"), "columns": [{"key": k, "label": t} for k, t in cols], "rows": rows,
            "waiting": waiting}


def _at(values: object, s: int) -> object:
    return values[s] if isinstance(values, list) and s < len(values) else ""


def seat_page(game: "LiveGame | Rewound", seat: int) -> dict[str, Any]:
    """The JSON one seat's page shows (its own cards in the canonical order). Call with `game.lock` held."""
    game.look(seat)
    st = game.state
    v = st.seat_view(seat)
    events = st.seat_events(seat)
    plays = _plays(events)
    per_seat, table_facts = facts(v, st.game.rules.seat_valued)
    deck, cards, meta = game.space.deck, game.meta.cards, game.meta
    names, key = deck.names, deck.canonical_key
    choices, prompt, passing = _choices(game, seat)
    legal = {c["label"] for c in choices or [] if c["card"]}
    d = game.state.decision() if choices else None
    for_dummy = d is not None and kind_of(d.view) == "trick" and bool(d.view.dummy)   # a dummy's card, not one's own
    seats = []
    for s in range(v.players):
        zones = []
        for z in v.seat_zones:
            if z.seat != s:
                continue
            shown = None if z.cards is None else [_card(cards, names[c]) for c in (sorted(z.ids, key=key) if s == seat else z.ids)]
            zones.append({"name": z.name, "size": z.size, "cards": shown})
            if s == seat and shown is not None and legal and not for_dummy:
                led = _card(cards, plays[0][1]) if plays and v.trick_number else None
                for c, why in _why_not(led, shown, legal).items():
                    for x in shown:
                        if x["name"] == c:
                            x["why_not"] = why
        seats.append({"seat": s, "you": s == seat, "name": _seat_name(s, seat, v.players),
                      "kind": "you" if s == seat else ("person" if game.seats[s].kind == HUMAN
                                                       else f"bot {game.seats[s].kind}"),
                      "dealer": s == v.dealer, "out": v.out[s], "zones": zones,
                      "team": None if meta.teams is None else meta.teams[s],
                      "score": None if v.scores is None else v.scores[s],
                      "public": {k: val[s] for k, val in per_seat.items()}})
    table = []
    for z in v.table_zones:
        zc = None if z.cards is None else [_card(cards, c) for c in z.cards]
        who = None
        if zc is not None and plays and [c for _, c in plays] == z.cards:
            who = [s for s, _ in plays]
        entry = {"name": z.name, "size": z.size, "cards": zc, "seats": who, "pile": None}
        if z.name in meta.piles and z.cards is not None:
            entry["pile"] = {**_pile(z, plays, meta.piles[z.name]),
                             "news": _slap_news(events, seat, v.players, meta.patterns)}
        table.append(entry)
    d = st.decision()
    waiting = None if d is not None and kind_of(d.view) == "slap" else game.waiting_for()
    result = None
    if game.finished():
        r = st.result()
        result = ({"outcome": r.outcome, "winners": list(r.winners), "reason": r.reason or "",
                   "scores": None if r.scores is None else list(r.scores),
                   "cycle": bool(getattr(r, "cycle", None))} if r is not None else
                  {"outcome": "error", "winners": [], "reason": game.error or "", "scores": None, "cycle": False})
    return {
        "version": game.version, "title": v.title, "me": seat, "players": v.players,
        "hand": v.hand_number, "others": table_facts,
        "seats": seats, "table": table, "last_trick": _last_trick(cards, events),
        "turned_up": _turned_up(cards, events),
        "to_move": waiting, "teams": meta.teams is not None,
        "choices": choices, "prompt": prompt, "passing": passing,
        "slap": {"open": True, "pace": game.window.pace} if game.slap_open(seat) else None,
        "said": list(game.seats[seat].said), "finished": game.finished(), "result": result,
        "score_table": _score_table(events, seat, v.players, bool(getattr(game, "held", False))),
    }

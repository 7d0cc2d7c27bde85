"""What one seat's page receives: built from that seat's own view (`State.seat_view`) and nothing else.

Zones follow their `visibility`: a zone the seat may not see is sent as its size alone, so no
other hand and no face-down stack ever reaches a page. The seat's own decision becomes its
choices (the state's legal actions with their labels); the game's story comes from the seat's
own narrator, and what the page shows of events from the seat's own copy of them (`State.seat_events`).
The raw events (which hold every dealt hand) are sent only once the game is over.
"""
from __future__ import annotations

from typing import Any

from ruleplay.engine.visibility import SeatView
from ruleplay.tools.play.seat import is_red, options_for
from ruleplay.tools.web.games import HUMAN, LiveGame
from ruleplay.tools.web.rewind import Rewound

_BOUNDARY = ("trick", "take", "deal", "score")


def _card(name: str) -> dict[str, Any]:
    return {"name": name, "red": is_red(name)}


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


def _last_trick(events: list[dict]) -> dict | None:
    """The last trick taken this hand (a public `trick` event): its cards by seat and its winner."""
    for ev in reversed(events):
        kind = ev.get("event")
        if kind in ("deal", "score"):
            return None
        if kind == "trick":
            return {"cards": [{"seat": s, **_card(c)} for s, c in ev["cards"]], "winner": ev["winner"]}
    return None


def _bids(v: SeatView) -> list[str] | None:
    """Each seat's bid this hand as the page shows it ("pass", the bid, or "-"), read from the seat's view as
    every table reads it (a sealed bid appears once revealed); None when no bid was made this hand."""
    if v.bids is None:
        return None
    return ["pass" if passed else "-" if bid is None else str(bid) for bid, passed in zip(v.bids, v.passed)]


def _choices(game: LiveGame, seat: int) -> tuple[list[dict] | None, str]:
    d = game.state.decision()
    if game.finished() or d is None or d.seat != seat or getattr(d.view, "slapping", False):
        return None, ""
    v = d.view
    what = ("pass a card" if getattr(v, "passing", False) else
            "bid" if getattr(v, "bidding", False) else
            f"choose: {v.name}" if getattr(v, "choosing", False) else "")
    opts = options_for(d, game.space)
    if not what:
        what = "play a card" if any(o.card is not None for o in opts) else "choose"
    out = [{"action": o.action, "label": o.label, "card": o.card is not None,
            "red": o.card is not None and is_red(o.label)} for o in opts]
    picked = getattr(v, "picked", None)
    if picked:
        what += " (chosen so far: " + " ".join(game.space.deck.names[c] for c in picked) + ")"
    return out, what


def seat_page(game: "LiveGame | Rewound", seat: int) -> dict[str, Any]:
    """The JSON one seat's page shows (its own cards in the canonical order). Call with `game.lock` held."""
    game.look(seat)
    st = game.state
    v = st.seat_view(seat)
    events = st.seat_events(seat)
    plays = _plays(events)
    bids = _bids(v)
    deck = game.space.deck
    names, key = deck.names, deck.canonical_key
    seats = []
    for s in range(v.players):
        zones = [{"name": z.name, "size": z.size, "cards": None if z.cards is None else
                  [_card(names[c]) for c in (sorted(z.ids, key=key) if s == seat else z.ids)]}
                 for z in v.seat_zones if z.seat == s]
        seats.append({"seat": s, "you": s == seat, "kind": "you" if s == seat else
                      ("person" if game.seats[s].kind == HUMAN else f"bot {game.seats[s].kind}"),
                      "dealer": s == v.dealer, "out": v.out[s], "zones": zones,
                      "score": None if v.scores is None else v.scores[s],
                      "tricks": None if v.tricks_won is None else v.tricks_won[s],
                      **({"bid": bids[s]} if bids is not None else {}),
                      **{k: val[s] for k, val in v.public.items()
                         if isinstance(val, (list, tuple)) and len(val) == v.players}})
    table = []
    for z in v.table_zones:
        cards = None if z.cards is None else [_card(c) for c in z.cards]
        who = None
        if cards is not None and plays and [c for _, c in plays] == z.cards:
            who = [s for s, _ in plays]
        table.append({"name": z.name, "size": z.size, "cards": cards, "seats": who})
    choices, prompt = _choices(game, seat)
    d = st.decision()
    waiting = None if d is not None and getattr(d.view, "slapping", False) else game.waiting_for()
    result = None
    if game.finished():
        r = st.result()
        result = ({"outcome": r.outcome, "winners": list(r.winners), "reason": r.reason,
                   "scores": None if r.scores is None else list(r.scores)} if r is not None else
                  {"outcome": "error", "winners": [], "reason": game.error, "scores": None})
    return {
        "version": game.version, "title": v.title, "me": seat, "players": v.players,
        "hand": v.hand_number, "trick": v.trick_number, "trump": v.trump, "led": v.led,
        "others": {k: val for k, val in v.public.items()
                   if not (isinstance(val, (list, tuple)) and len(val) == v.players)},
        "seats": seats, "table": table, "last_trick": _last_trick(events),
        "to_move": waiting,
        "choices": choices, "prompt": prompt,
        "slap": {"open": True, "pace": game.window.pace} if game.slap_open(seat) else None,
        "said": list(game.seats[seat].said), "finished": game.finished(), "result": result,
    }

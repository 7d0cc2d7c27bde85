"""A trick's awards: points scored as each trick is won, read from the trick itself.

`awards: {NAME: {points, to}}` on a trick phase: after each trick, once its winner is known and before its
cards leave the table, `points` (an int) is read and added to the per-seat value `s.NAME` of the seat `to`
(default: the trick's winner) for the hand; a non-zero award is logged as an `award` event. There,
`last-winner` and `actor` are the trick's winner, `leader` its leader, `trick-number` its number, the
trick's table zone holds its cards in the order played, and `s.played` is the card each seat played to it
(none for a seat that played none; a dummy's card is nobody's). So Doppelkopf's fox (the opponents' ace of
diamonds caught), Karlchen (the last trick won with the jack of clubs), Klaverjas's roem (sets and runs
within one trick) and Piquet's point for each card led are each one line. Why here and not a hook of
effects: a trick phase has no effect lists, and an award is the one thing those games do per trick.
"""
from __future__ import annotations

from typing import Callable

from ruleplay.lang import expr as X
from ruleplay.compiler.model import Ctx
from ruleplay.kinds.schema_parts import EXPR, NAME_PATTERN, obj, text
from ruleplay.kinds.words import formula

SCHEMA = {
    "awards": {"type": "object", "propertyNames": {"pattern": NAME_PATTERN}, "maxProperties": 20,
               "additionalProperties": obj({
                   "points": {"description": "Int read after each trick, its winner known and its cards still on the table (actor and last-winner = the winner, leader, trick-number, the trick zone's cards in the order played, s.played = the card each seat played): the points added to s.NAME of the seat `to`.", **EXPR},
                   "to": {"description": "The seat that scores the award (a seat expression read with `points`). Default: the trick's winner.", **EXPR},
                   "description": text("What the award is for.")}, ["points"]),
               "description": "Points scored as each trick is won, read from the trick itself (the fox caught, the last trick won with a given card, sets within a trick): each is a per-seat value s.NAME, the points awarded this hand, which scoring and `until` read."},
}
EXAMPLES = {
    'awards': {"examples": [{"fox": {"points": "count(x.played.name == 'AD' and x.team != actor.team for x in seats)"}}]},
    'awards/points': {"examples": ["1 if actor.played.name == 'JC' and actor.hand.empty else 0"]},
    'awards/to': {"default": "last-winner", "examples": ["leader"]},
    'awards/description': {"examples": ["the fox: an opponent's ace of diamonds caught"]},
}


def compile_awards(ctx: Ctx, path: tuple, spec: dict, taken: set[str]) -> list | bool:
    """`awards` as [(name, points, to or None)]; False after an error. A name may not be one the phase has
    already (a flag, a choice, a declaration, s.tricks, s.played)."""
    out, ok = [], True
    for name in (spec.get("awards") or {}):
        at = path + ("awards", name)
        if name in taken:
            ctx.error(at, f"'{name}' is already a name of this phase (a flag, a choice, a declaration, s.tricks or "
                          "s.played)", "give the award a name of its own, e.g. fox")
            ok = False
            continue
        points = ctx.expr(at + ("points",), X.INT)
        to = ctx.expr(at + ("to",), X.SEAT) if "to" in (spec["awards"][name] or {}) else None
        if points is None or ("to" in spec["awards"][name] and to is None):
            ok = False
        elif not (points.is_const and not points.const):
            out.append((name, points.fn, None if to is None else to.fn))
    return out if ok else False


def give_awards(t, awards: list, state: dict, winner: int) -> list[tuple[int, str, int]]:
    """After a trick (its winner known, its cards on the table): each award's points to its seat's s.NAME;
    the awards made, as (seat, name, points), for the log (told after the trick)."""
    made = []
    for name, points, to in awards:
        t.actor = winner
        pts = points(t) or 0
        if not pts:
            continue
        seat = winner if to is None else to(t)
        if seat is None:
            continue
        add_points(state, name, seat, pts)
        made.append((seat, name, pts))
    t.actor = winner
    return made


def add_points(state: dict, name: str, seat: int, pts: int) -> None:
    """A seat's per-hand value `s.NAME` of a trick phase (an award, a declaration) raised by `pts`: the values
    are kept as a tuple per name, so a table's copy shares them safely."""
    per = list(state[name])
    per[seat] += pts
    state[name] = tuple(per)


def played_getter(seat_fn: Callable) -> Callable:
    """s.played: the card the seat played to the trick on the table (none before it plays)."""
    def get(e):
        seat = seat_fn(e)
        for place, card in e.trick_plays:
            if place == seat:
                return card
        return None
    return get


def describe(spec: dict) -> str:
    """The awards in words, for the rule sheet."""
    text_ = ""
    for name, a in (spec.get("awards") or {}).items():
        if not isinstance(a, dict) or "points" not in a:
            continue
        what = f" ({a['description'].rstrip('.')})" if a.get("description") else ""
        to = formula(a["to"]) if "to" in a else "its winner"
        text_ += (f" After each trick, {to} scores {name}{what}: {formula(a['points'])}, read as the trick is won,"
                  f" its cards still on the table; added to {name} this hand.")
    return text_


def tell(n, ev: dict) -> list[str]:
    pts = ev.get("points")
    return [f"{n.verb(ev['seat'], 'score', 'scores')} {pts} for {ev.get('name')}."]


def account(ev: dict) -> str:
    pts = ev.get("points")
    return f"Seat {ev['seat']} scores {pts} for {ev.get('name')}."

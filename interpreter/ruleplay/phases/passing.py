"""pass: every seat picks N cards from its hand at once; they move a number of seats along.

All seats choose before any card moves, so nobody sees what they receive
before choosing. The offset is an int expression (it may read `hand-number`
and options): seats along in play direction (1 = the next seat, -1 = the
previous one, 2 = across at four); 0 skips the pass for that hand. Cards a
seat received by a pass this hand cannot be passed on again by a later pass.
Bots choose one card at a time among the passable cards, so `lowest` passes
its N lowest cards and `highest` its N highest (canonical order).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .. import expr as X
from ..model import Ctx, Zone, per_card
from ..decision import Decision
from ..table import Table
from .words import formula
from .schema_parts import EXPR, phase_schema, text


# ---------------------------------------------------------------------------- the kind's keys (schema)
SUMMARY = 'pass: every seat passes N cards to another seat at once.'
SCHEMA = phase_schema('pass', {
    "from": text("Per-seat zone the cards are chosen from."),
    "to": text("Per-seat zone they arrive in (default: the same zone)."),
    "count": {"description": "Cards each seat passes.", **EXPR},
    "offset": {"description": "Seats along in play direction the cards go (int; may read hand-number and options); 0 skips the pass.", "default": 1, **EXPR},
    "points": {"description": "Card points, for bots (int over `card`); default: the deck attribute 'points' if any.", **EXPR},
}, ['from', 'count', 'offset'])
EXAMPLES = {   # for editors: examples and descriptions of the keys above, by path in the phase
    'from': {"examples": ["hand"]},
    'to': {"examples": ["hand"]},
    'count': {"examples": [3]},
    'points': {"examples": ["card.points"]},
    'before': {"examples": ["tricks"]},
}
EVENTS = ("pass",)     # the event kinds it logs (replay checks logs against them)


@dataclass
class PassView:
    seat: int
    legal: list[int]
    strength: dict[int, int]              # each legal card: its rank order
    points: list[int]
    suit: list
    picked: list[int]                     # the cards this seat already chose to pass
    passing: bool = True
    count: int = 1                        # the cards it passes in all
    to: int | None = None                 # the seat they go to


@dataclass
class Pass:
    name: str
    src: Zone
    dest: Zone
    count: int
    offset: Callable
    points: list[int]
    description: str = ""
    spec: dict = field(default_factory=dict)
    offset_const: int | None = None          # the offset when options fix it

    def run(self, t: Table):
        """A generator: each pick is a sealed Decision (nobody sees another seat's picks before the pass)."""
        off = self.offset(t)                      # an int: a missing value stops the game (checked)
        if off % t.n == 0:
            t.emit("pass", offset=0, cards=[[] for _ in t.seat_range])
            return
        src = t.seat_zones[self.src.index]
        dest = t.seat_zones[self.dest.index]
        deck = t.rules.deck
        key = deck.canonical_key
        order = deck.orders["order"]
        if t.received[0] != t.hand_number:
            t.received = (t.hand_number, set())
        received = t.received[1]
        space = t.space
        chosen: list[list[int]] = []
        for seat in t.seat_range:
            pool = sorted((c for c in src[seat] if c not in received), key=key)
            picks: list[int] = []
            bot = t.inline[seat]
            for _ in range(min(self.count, len(pool))):
                if len(pool) == 1:
                    picks.append(pool.pop())
                    continue
                view = PassView(seat, list(pool), {c: order[c] for c in pool}, self.points, deck.suit,
                                list(picks), True, min(self.count, len(pool) + len(picks)), t.next_seat(seat, off)
                                ) if bot is None or bot.wants_view else None
                a = yield from t.ask(Decision(seat, [space.card(c) for c in pool], view, sealed=True))
                i = pool.index(a) if space.unique else next(i for i, c in enumerate(pool) if space.card(c) == a)
                picks.append(pool.pop(i))
            chosen.append(picks)
        t.reveal()
        for seat, picks in enumerate(chosen):
            to = t.next_seat(seat, off)
            for c in picks:
                src[seat].remove(c)
                dest[to].append(c)
                received.add(c)
            t.act()
        t.emit("pass", offset=off, cards=[[deck.names[c] for c in p] for p in chosen])


def compile(ctx: Ctx, path: tuple, name: str) -> Pass | None:
    spec = ctx.get(path)
    src = ctx.zone(path + ("from",), owner="seat")
    dest = ctx.zone(path + ("to",), owner="seat") if "to" in spec else src
    count = ctx.const_int(path + ("count",), 0, 0, 1000)
    off = ctx.expr(path + ("offset",), X.INT, default=1)
    if "points" in spec:
        points = per_card(ctx, path + ("points",), X.INT) or [0] * len(ctx.deck)
    else:
        points = list(ctx.deck.attrs.get("points", [0] * len(ctx.deck)))
    if None in (src, dest, off):
        return None
    return Pass(name, src, dest, count or 0, off.fn, points, spec.get("description", ""), dict(spec),
                off.const if off.is_const else None)


# ---------------------------------------------------------------------------- the rule sheet (explain)
def describe(spec: dict, phase=None) -> str:
    """The phase in words, from its spec (and its compiled form where options fold a value)."""
    off = getattr(phase, "offset_const", None) if phase is not None else None
    if off is not None and off == 0:
        return "no cards are passed."
    where = (f"{off} seat(s) along in play direction" if off is not None
             else f"{formula(spec.get('offset', 1))} seats along in play direction (0: no pass)")
    return (f"every player chooses {spec['count']} cards from their {spec['from']} at once and passes them "
            f"{where}; cards received cannot be passed on that hand.")


# ---------------------------------------------------------------------------- the events in words (play)
def _tell_pass(n, ev: dict) -> list[str]:
    off = ev.get("offset", 0)
    if not off:
        return ["No pass this hand."]
    cards = ev.get("cards", [])
    to = (n.me + off * n.direction) % n.n
    frm = (n.me - off * n.direction) % n.n
    gave = " ".join(cards[n.me]) if n.me < len(cards) else ""
    got = " ".join(cards[frm]) if frm < len(cards) else ""
    return [f"You pass {gave} to {n.who(to)} and receive {got} from {n.who(frm)}."]


NARRATION = {'pass': _tell_pass}

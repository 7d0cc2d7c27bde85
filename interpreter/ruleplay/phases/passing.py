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


@dataclass
class PassView:
    seat: int
    legal: list[int]
    strength: dict[int, int]              # each legal card: its rank order
    points: list[int]
    suit: list
    picked: list[int]                     # the cards this seat already chose to pass
    passing: bool = True


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
                                list(picks)) if bot is None or bot.wants_view else None
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

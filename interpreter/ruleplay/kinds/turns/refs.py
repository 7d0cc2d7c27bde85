"""Where a move's cards come from and go to, and what a `set`/`add` changes, as a card player writes it:
`pile` (a table zone), `hand` (the actor's), `target.hand` or `left-of(actor).hand` (a seat's zone), and
`total` (the phase's own value) or `actor.lives` (a seat's counter)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable

from ruleplay.compiler.model import Ctx, Zone
from ruleplay.lang import expr as X
from ruleplay.errors import GameError, did_you_mean, one_of


@dataclass(frozen=True)
class ZoneRef:
    """A zone, and for a seat's zone whose it is (`seat` None: the actor's)."""

    zone: Zone
    seat: Callable[[Any], int | None] | None
    text: str
    reads: frozenset = field(default=frozenset(), compare=False)    # the names its seat is read with

    def owner(self, t) -> int | None:
        """The seat whose zone this is (None for a table zone)."""
        if self.zone.owner != "seat":
            return None
        return t.actor if self.seat is None else self.seat(t)

    def cards(self, t):
        """The zone's cards at table `t` (a deque whose right end is the top), or None for a missing seat."""
        if self.zone.owner != "seat":
            return t.shared[self.zone.index]
        s = self.owner(t)
        return None if s is None else t.seat_zones[self.zone.index][s]

    def name(self, _t) -> str:
        return self.zone.name

    def zone_key(self, t) -> tuple:
        """(zone index, owner): how `Table.exposed` names this zone."""
        return self.zone.index, self.owner(t)

    @cached_property
    def read(self) -> Callable:
        """`cards` as one call: a table zone read by index (a chosen pile's cards are read at every
        combination a move's search tries)."""
        if self.zone.owner != "seat":
            i = self.zone.index
            return lambda t: t.shared[i]
        return self.cards


@dataclass(frozen=True)
class ChosenPile:
    """`source` or `dest` in a move's effects: the pile the move chose (`from-pile`, `to-pile`)."""

    key: str                                   # "source" or "dest": where the choice is kept (Table.loc)
    text: str
    reads = frozenset()                        # (chosen by the move itself)

    def chosen(self, t) -> ZoneRef:
        return t.loc[self.key + "-ref"]

    def owner(self, t) -> int | None:
        return self.chosen(t).owner(t)

    def cards(self, t):
        return self.chosen(t).cards(t)

    def name(self, t) -> str:
        return self.chosen(t).name(t)

    def zone_key(self, t) -> tuple:
        return self.chosen(t).zone_key(t)

    @property
    def read(self) -> Callable:
        return self.cards


@dataclass(frozen=True)
class NewPile:
    """`to: FAMILY` in a move: the first empty pile of a family of piles (a meld laid out anew), the table's or
    a seat's (`to: spread`, the actor's own; `to: target.spread`)."""

    piles: tuple                               # the family's piles (ZoneRefs), in order
    text: str
    reads = frozenset()

    def owner(self, t) -> int | None:
        """The seat whose piles they are (a family each player has), else None."""
        return self.piles[0].owner(t)

    def cards(self, t):
        for ref in self.piles:
            z = ref.cards(t)
            if not z:
                t.loc["new-pile"] = ref.zone.name
                return z
        raise GameError(f"no pile of {self.text} is empty: {len(self.piles)} piles are all laid out")

    def name(self, t) -> str:
        return t.loc.get("new-pile", self.text)

    def zone_key(self, t) -> tuple:
        laid = t.loc.get("new-pile")
        return next((p.zone_key(t) for p in self.piles if p.zone.name == laid), self.piles[0].zone_key(t))

    @property
    def read(self) -> Callable:
        return self.cards


@dataclass(frozen=True)
class IndexedPile:
    """`FAMILY[N]` in a move: the family's pile numbered by an expression, from 1 (`up[turned.top.value]`:
    the pile of the turned card's rank), so one move says what a pile per value would say in thirteen."""

    piles: tuple                               # the family's piles (ZoneRefs), in order
    number: Callable[[Any], int | None]
    text: str
    reads: frozenset = field(default=frozenset(), compare=False)

    def pile(self, t) -> ZoneRef:
        k = self.number(t)
        if k is None or not 1 <= k <= len(self.piles):
            raise GameError(f"{self.text} is pile {k} of {len(self.piles)}: the piles are numbered 1 to "
                            f"{len(self.piles)}")
        return self.piles[k - 1]

    def owner(self, t) -> int | None:
        return self.piles[0].owner(t)

    def cards(self, t):
        return self.pile(t).cards(t)

    def name(self, t) -> str:
        return self.pile(t).zone.name

    def zone_key(self, t) -> tuple:
        return self.pile(t).zone_key(t)

    @property
    def read(self) -> Callable:
        return self.cards


def family(ctx: Ctx, name: str, scope: X.Scope | None = None, path: tuple = ()) -> list[ZoneRef] | None:
    """The piles of a family (a zone declared with a count), or [] when `name` is none: a table family's, or
    the actor's piles of a family each player has (`spread`), or a seat's (`target.spread`, its seat compiled
    in `scope`; None after a placed error)."""
    families = getattr(ctx, "families", {})
    seat_text, fam = split(name) if isinstance(name, str) else (None, name)
    piles = families.get(fam, ())
    if not piles or (seat_text is not None and (scope is None or ctx.zones[piles[0]].owner != "seat")):
        return []
    if seat_text is None:
        return [ZoneRef(ctx.zones[p], None, p) for p in piles]
    seat = ctx.expr_of(path, seat_text, X.SEAT, scope)
    if seat is None:
        return None
    reads = names_read(seat, scope)
    return [ZoneRef(ctx.zones[p], seat.fn, f"{seat_text}.{p}", reads) for p in piles]


PILES = {"source": "from-pile", "dest": "to-pile", "each": "every-pile"}   # a pile's name in a move -> what picks it


def pile_names(key: str) -> dict[str, X.Binding]:
    """`source` (the pile's name), `source-top`, `source-size`, `source-cards`, `source-number` (its number in
    its family of piles, `col3`: 3; 0 for a zone of its own), and the same for `dest`, and for `each`, the pile
    an every-pile effect is at."""
    ref = key + "-ref"

    def cards(e):
        z = e.loc[ref].read(e)
        return () if z is None else z

    def top(e):
        z = e.loc[ref].read(e)
        return z[-1] if z else None

    def size(e):
        z = e.loc[ref].read(e)
        return 0 if z is None else len(z)
    def number(e):
        r = e.loc.get(ref)
        return 0 if r is None else r.zone.number
    return {key: X.Binding(X.STR, lambda e: e.loc.get(key)), key + "-top": X.Binding(X.CARD, top),
            key + "-size": X.Binding(X.INT, size), key + "-cards": X.Binding(X.CARDS, cards),
            key + "-number": X.Binding(X.INT, number)}


def split(raw: str) -> tuple[str | None, str]:
    """'left-of(actor).hand' -> ('left-of(actor)', 'hand'); 'pile' -> (None, 'pile')."""
    head, dot, tail = raw.rpartition(".")
    return (head, tail) if dot and head else (None, raw)


def zone_ref(ctx: Ctx, path: tuple, scope: X.Scope, raw: Any = None,
             new: bool = False) -> ZoneRef | ChosenPile | NewPile | IndexedPile | None:
    """The zone written at `path` (or `raw`, written there), with its seat compiled in `scope`; `source` and
    `dest` are the piles the move chose, where it chose one; `FAMILY[N]` a family's pile by number; with `new`
    (a move's `to`) a family's name is its first empty pile."""
    raw = ctx.get(path) if raw is None else raw
    if not isinstance(raw, str):
        ctx.error(path, "a zone is needed here, e.g. pile, hand or target.hand", value=True)
        return None
    if raw.endswith("]") and "[" in raw:
        return indexed_pile(ctx, path, scope, raw)
    if raw in PILES and raw + "-top" in scope.names:
        return ChosenPile(raw, raw)
    piles = family(ctx, raw, scope, path)
    if piles is None:
        return None
    if piles:
        if new:
            return NewPile(tuple(piles), raw)
        ctx.error(path, f"'{raw}' is a family of {len(piles)} piles ({piles[0].text} to {piles[-1].text}), "
                        "not one zone", f"name one pile ({piles[0].text}), choose one with to-pile: {raw}, or lay "
                                        f"cards out on a new one with to: {raw}", value=True)
        return None
    seat_text, name = split(raw)
    zone = ctx.zones.get(name)
    if zone is None:
        ctx.error(path, f"unknown zone '{name}'", _a_player(raw, scope, ctx.zones) or did_you_mean(name, ctx.zones)
                  or f"zones: {one_of(ctx.zones)}", value=True)
        return None
    if seat_text is None:
        return ZoneRef(zone, None, raw)
    if zone.owner != "seat":
        ctx.error(path, f"'{name}' is a table zone: it belongs to no seat", f"write just '{name}'", value=True)
        return None
    seat = ctx.expr_of(path, seat_text, X.SEAT, scope)
    return None if seat is None else ZoneRef(zone, seat.fn, raw, names_read(seat, scope))


def _a_player(raw: str, scope: X.Scope | None, zones: dict) -> str | None:
    """The hint for a player written where a zone is wanted (`neighbour`, a word for a seat): one of their zones."""
    own = [z for z, spec in zones.items() if spec.owner == "seat"]
    if scope is None or not own:
        return None
    try:
        if X.compile_expr(raw, scope, X.SEAT).type != X.SEAT:
            return None
    except X.ExprError:
        return None
    return f"'{raw}' is a player, not a zone: write one of their zones, e.g. {raw}.{own[0]}"


def indexed_pile(ctx: Ctx, path: tuple, scope: X.Scope, raw: str) -> IndexedPile | None:
    """`FAMILY[N]` (or `SEAT.FAMILY[N]`): the pile numbered N, an int expression read when the move is made."""
    head, _, number = raw[:-1].partition("[")
    piles = family(ctx, head, scope, path)
    if piles is None:
        return None
    if not piles:
        families = getattr(ctx, "families", {})
        ctx.error(path, f"'{head}' is not a family of piles: only a zone declared with a count has numbered piles",
                  did_you_mean(split(head)[1], families) or
                  (f"families: {one_of(families)}" if families else "declare one, e.g. up: {owner: table, count: 13}"),
                  value=True)
        return None
    n = ctx.expr_of(path, number, X.INT, scope, at=len(head) + 1)
    if n is None:
        return None
    if n.is_const and not 1 <= n.const <= len(piles):
        ctx.error(path, f"{head} has piles 1 to {len(piles)}, not {n.const}", f"write {piles[0].text}, or "
                        f"{head}[1] to {head}[{len(piles)}]", value=True)
        return None
    reads = names_read(n, scope) | (piles[0].reads if piles else frozenset())
    return IndexedPile(tuple(piles), n.fn, raw, reads)


def names_read(compiled: X.Compiled, scope: X.Scope) -> frozenset:
    """The names an expression reads, through the definitions it uses too."""
    used = set(compiled.uses)
    for d in compiled.defines:
        used |= set(scope.defines[d].reads) if d in scope.defines else set()
    return frozenset(used)


@dataclass(frozen=True)
class Target:
    """What `set`/`add` changes: the phase's value `name` (seat None), or a seat's counter."""

    name: str
    seat: Callable[[Any], int | None] | None
    type: str
    text: str
    table: bool = False            # a counter of the table (`of: table`, a pot), not one of the phase's values


def target(ctx: Ctx, path: tuple, raw: str, scope: X.Scope, own: dict[str, str]) -> Target | None:
    """`total` (one of the phase's values, `own`: name -> type), a table counter (`pot`) or `SEAT.counter`."""
    seat_text, name = split(raw)
    if seat_text is None:
        if name in own:
            return Target(name, None, own[name], raw)
        if name in ctx.table_counters:
            return Target(name, None, X.SEAT if name in ctx.table_seats else X.INT, raw, table=True)
        ctx.error(path, f"'{name}' is not one of this phase's values", did_you_mean(name, {**own, **ctx.table_counters})
                  or "declare it under the phase's `track`, or under `counters:` with `of: table` (a pot), "
                     "or write SEAT.counter (e.g. actor.lives)")
        return None
    if name not in ctx.counters:
        ctx.error(path, f"'{name}' is not a counter", did_you_mean(name, ctx.counters) or
                  "declare it under `counters:` (e.g. lives: {start: 3}); a hand's points come from `scoring`")
        return None
    seat = ctx.expr_of(path, seat_text, X.SEAT, scope)
    return None if seat is None else Target(name, seat.fn, X.INT, raw)

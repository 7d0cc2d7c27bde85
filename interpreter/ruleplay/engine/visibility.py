"""What one seat may see: the zones it may look at (`seat_view`, and as numbers `observation_tensor`) and
what it learns from the game's events, read from each event kind's declaration (`events.py`).

Everything that shows events to a seat goes through `seat_event`: the search bots' `Decision.observe`
(`Table.seat_log`), the narrators of `ruleplay play` and of the web table, and the web page. A private
field's hidden cards become None (a list keeps its length); a field the event's kind does not declare
reaches a seat only as a plain value; an event of a kind nobody declared shows no list or mapping.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Mapping

if TYPE_CHECKING:
    from ruleplay.compiler.model import Rules
    from ruleplay.engine.events import EventSpec
    from ruleplay.engine.table import Table

_PLAIN = (int, str, bool, float, type(None))


@dataclass(frozen=True)
class SeatLooker:
    """Seat `me` of a game of `rules`, whose card actions are the numbers below `cards`."""

    me: int
    rules: object
    cards: int


def visible_to(visibility: str, owner: int | None, me: int) -> bool:
    """A zone of this visibility owned by `owner` (None: a table zone) may be looked at by seat `me` (`others`:
    by every seat but its owner, as cards held facing out: Hanabi, Indian poker)."""
    return visibility == "public" or (visibility == "owner" and owner == me) or \
        (visibility == "others" and owner is not None and owner != me)


def hide(value):
    """A private value as a seat that may not see it gets it: each card None, a list keeping its length."""
    if isinstance(value, list):
        return [hide(v) if isinstance(v, list) else None for v in value]
    return None


def seat_event(ev: dict, looker: SeatLooker, specs: Mapping[str, EventSpec]) -> dict | None:
    """The event as `looker` may know it (None: it may not know of it at all)."""
    spec = specs.get(ev["event"])
    if spec is None:
        return {k: v for k, v in ev.items() if isinstance(v, _PLAIN)}
    if spec.only is not None and not spec.only(looker, ev, None):
        return None
    if not spec.private and spec.allowed.issuperset(ev):
        return ev                 # the common case: a public event of declared fields, shown as it is
    out = ev
    for key, value in ev.items():
        private = spec.private.get(key)
        if private is not None:
            shown = _shown(private, looker, ev, value)
        elif key in spec.allowed or isinstance(value, _PLAIN):
            continue
        else:
            shown = None          # an undeclared field holding a list or mapping: it may carry cards
        if shown is not value:
            if out is ev:
                out = dict(ev)
            if shown is None and (private is None or private.drop):
                del out[key]
            else:
                out[key] = shown
    return out


def _shown(private, looker: SeatLooker, ev: dict, value):
    if not private.per_seat:
        return value if private.sees(looker, ev, None) else hide(value)
    if not isinstance(value, list):
        return hide(value)
    entries = [v if private.sees(looker, ev, i) else hide(v) for i, v in enumerate(value)]
    return value if all(a is b for a, b in zip(entries, value)) else entries


def seat_events(events: Iterable[dict], looker: SeatLooker, specs: Mapping[str, EventSpec]) -> list[dict]:
    """The events `looker` may know of, each as it may know it, in order."""
    out = []
    for ev in events:
        shown = seat_event(ev, looker, specs)
        if shown is not None:
            out.append(shown)
    return out


@dataclass
class ZoneView:
    name: str
    seat: int | None          # owning seat, or None for a table zone
    size: int
    cards: list[str] | None   # bottom to top; None when this seat may not see them
    ids: list[int] | None = None


@dataclass
class SeatView:
    me: int
    players: int
    title: str
    turn: int
    dealer: int
    hand_number: int
    seat_zones: list[ZoneView]
    table_zones: list[ZoneView]
    out: list[bool]
    scores: list[int] | None
    tricks_won: list[int] | None
    trick_number: int
    trump: str | None
    led: str | None
    public: dict = field(default_factory=dict)   # the facts the tables show, by name: a list with one entry per
                                                 # seat, or one value for the table (`_public`)
    bids: list[int | None] | None = None      # this hand's bids once public (None: no bid made)
    passed: list[bool] | None = None
    cards_played: int = 0                     # cards played in the game so far (a resumed game says how far it got)


def seat_view(t, me: int) -> SeatView:
    """Everything seat `me` may see: public zones, its own `owner` zones, zones exposed this hand
    (`Table.exposed`), and sizes of the rest."""
    rules = t.rules
    names = rules.deck.names
    exposed = t.exposed
    seat_zones = []
    for z in rules.seat_zones:
        for s in t.seat_range:
            cards = t.seat_zones[z.index][s]
            visible = visible_to(z.visibility, s, me) or (z.index, s) in exposed
            seat_zones.append(ZoneView(z.name, s, len(cards), [names[c] for c in cards] if visible else None,
                                       list(cards) if visible else None))
    table_zones = []
    for z in rules.shared_zones:
        cards = t.shared[z.index]
        visible = visible_to(z.visibility, None, me) or (z.index, None) in exposed
        table_zones.append(ZoneView(z.name, None, len(cards), [names[c] for c in cards] if visible else None,
                                    list(cards) if visible else None))
    return SeatView(me, t.n, rules.title or rules.name, t.actor, t.dealer, t.hand_number, seat_zones, table_zones,
                    list(t.out), list(t.scores) if rules.scoring else None,
                    list(t.tricks_won) if t.trick_number else None, t.trick_number, t.trump, t.led,
                    _public(t, me), *((list(t.bids), list(t.passed)) if any(b is not None for b in t.bids)
                                      or any(t.passed) else (None, None)), cards_played=t.cards_played)


def seat_numbers(t, me: int) -> tuple:
    """`seat_view(t, me)` as plain numbers for a tensor, without card names or view objects: (zones, dealer,
    hand number, trick number, trump, led, bids, passed, scores, tricks won, out). `zones` holds each zone in
    `seat_view`'s order (seat zones zone by zone, seats in order; then the table's): its cards' deck indices
    bottom first (a list) when `me` may look at it (judged by `visible_to`, as in `seat_view`), else its size
    (an int). The rest as in `SeatView`: bids and passed None until a bid or a pass; scores None without
    scoring; tricks won None before the first trick. Lists are the table's own: read them, do not keep them."""
    rules = t.rules
    exposed = t.exposed
    zones = []
    for z in rules.seat_zones:
        held = t.seat_zones[z.index]
        for s in t.seat_range:
            cards = held[s]
            zones.append(cards if visible_to(z.visibility, s, me) or (z.index, s) in exposed else len(cards))
    for z in rules.shared_zones:
        cards = t.shared[z.index]
        zones.append(cards if visible_to(z.visibility, None, me) or (z.index, None) in exposed else len(cards))
    bid = any(b is not None for b in t.bids) or any(t.passed)
    return (zones, t.dealer, t.hand_number, t.trick_number, t.trump, t.led, t.bids if bid else None,
            t.passed if bid else None, t.scores if rules.scoring else None,
            t.tricks_won if t.trick_number else None, t.out)


def _public(t, me: int) -> dict:
    """The facts the terminal and web tables show seat `me`, by name: what each kind the phases use shows of its
    state (its `public`, kinds/contract.py), then each counter, per seat (a secret one, `visibility: owner`:
    `me`'s value alone, the others None) or, for a table counter (a pot), its one value. The tables read nothing
    else of the kinds, so a kind's facts reach them with no edit outside the kind."""
    out = {}
    for facts in t.rules.public:
        out.update(facts(t, me))
    out.update(counters_seen(t, me))
    out.update(t.table_counters)
    return out


def counters_seen(t, me: int | None) -> dict[str, list[int | None]]:
    """Each per-seat counter's values as seat `me` knows them: a secret one's (`visibility: owner`) other seats'
    None; `me` None: every value (the rules' own view)."""
    secret = t.rules.secret_counters if me is not None else ()
    return {k: list(v) if k not in secret else [x if s == me else None for s, x in enumerate(v)]
            for k, v in t.counters.items()}


def observation_places(rules: Rules) -> int:
    """The places a card may be in `observation_tensor`: each per-seat zone of each seat, each table zone,
    and "unknown" last (the width of a card's one-hot, for a reader of the tensor)."""
    return len(rules.seat_zones) * rules.players + len(rules.shared_zones) + 1


def observation_size(rules: Rules) -> int:
    """The length of `observation_tensor`, a one-hot of places per card then every zone's size: a driver
    sizes its observation space from it before any game exists."""
    return len(rules.deck) * observation_places(rules) + observation_places(rules) - 1


def observation_tensor(t: Table, me: int) -> list[int]:
    """`seat_view` as numbers for a learning agent (PettingZoo): for each card of the deck, a one-hot of the
    place seat `me` knows it to be in (per-seat zones zone by zone, seats counted from `me`; then table zones;
    "unknown" when the zone holding it is hidden from `me`), then the size of every zone (capped at 255).
    Read from the seat view, so the zones are judged by `visible_to` there and nowhere else."""
    v = seat_view(t, me)
    places = observation_places(t.rules)
    where = [places - 1] * len(t.rules.deck)
    zones = v.seat_zones + v.table_zones          # seat zones zone-major, seat-minor; then the table's
    for i, z in enumerate(zones):
        if z.ids is not None:
            place = i if z.seat is None else i - z.seat + (z.seat - me) % v.players
            for c in z.ids:
                where[c] = place
    out = [0] * (len(where) * places)
    for c, place in enumerate(where):
        out[c * places + place] = 1
    return out + [min(z.size, 255) for z in zones]

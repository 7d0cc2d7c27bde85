"""The event vocabulary: each event kind's fields, and which of them are private to which seats.

Every event the engine or a phase kind logs is declared once as an `EventSpec` (the engine's below, a
kind's in its module's `EVENTS`). The declaration is the only thing that decides what a seat may learn
from an event: the per-seat filter (`visibility.seat_event`) reads it, and through it the search bots'
`Decision.observe`, the terminal and web narrators and the web page. A field not declared is never
shown to a seat unless it is a plain value (a number, a word), so an event that carries cards under a
new name stays hidden until its kind says who may see it (`tests/test_event_privacy.py` checks every
built-in game's events against their declarations).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Protocol

from ruleplay.engine.visibility import visible_to


class Looker(Protocol):
    """Who is looking, and at what game: `me` (a seat), `rules` (the compiled ruleset)."""

    me: int
    rules: object
    cards: int        # the action numbers below this are cards (the action space's card block)


# (looker, event, index) -> may the looker see it; index is the entry of a per-seat field, else None
Sees = Callable[[Looker, dict, "int | None"], bool]


def merge(*tables: Mapping[str, EventSpec]) -> dict[str, EventSpec]:
    """One vocabulary from the engine's and the kinds' tables; an event two of them declare must be declared
    the same way (`take` by the flip and battle kinds), or a seat's view would depend on which was read."""
    out: dict[str, EventSpec] = {}
    for table in tables:
        for name, spec in table.items():
            if out.setdefault(name, spec) != spec:
                raise ValueError(f"event {name!r} is declared twice, differently")
    return out


@dataclass(frozen=True)
class Private:
    """A field that carries hidden cards: shown to the seats `sees` allows; to the others each card is None
    (a list keeps its length, so a seat knows how many cards moved, as at a real table). `per_seat`: the
    field is a list with one entry per seat (a deal's hands), each judged on its own."""

    sees: Sees
    per_seat: bool = False
    drop: bool = False       # not even its key reaches a seat that may not see it (a mark only the log keeps)


# What an event means to the search's sampler (`agents/determinize.knowledge`): each kind says it of its own events
# (`EventSpec.sample`), so the sampler reads meanings, never event names. None: the event only shows cards (a
# card shown that is nowhere else accounted for is `loose`: where it was dealt is learned by replay).
MEANINGS: dict[str, str] = {
    "deal": "the hand's deal (`hands`, `rest`): the sampler's knowledge starts at the last one",
    "totals": "a hand scored (`totals`): the scores before the hand under way",
    "decision": "a seat's decision (`seat`, `action`): the seat's own, or another's public choice, replayed",
    "plays": "a card (`card`) from the seat's hand face up; `seat` None: turned from the rest's top; `from` a table "
             "zone: no card of the seat's hand",
    "follows": "as `plays`, in a trick: a card off the led suit shows the seat lacks it (where a phase follows suit)",
    "trick-over": "the trick under way is over: the next card played leads",
    "draws": "cards (`cards`) from the rest's top into the seat's hand, a hidden one None (the i-th card drawn was "
             "the rest's i-th); `zone`, when given, must be the deal's rest, else it is read as `takes`",
    "takes": "cards (`cards`, or `took`) from the table zone `zone` into the seat's hand (from the deal's rest: "
             "`draws`): the seat holds those the looker saw",
    "moves": "the turns kind's move: `from`/`from_seat` to `to`/`to_seat`: out of a seat's hand is `plays` (several: "
             "`puts-down`), into a hand from the deal's rest `draws`, from elsewhere `takes`, hand to hand `gives`",
    "gives": "cards (`cards`) from the seat's hand into seat `to`'s (an exchange): the receiver holds those seen",
    "discards": "cards (`cards`) from the seat's hand into a zone, hidden ones None",
    "puts-down": "several cards (`cards`) from the seat's hand at once, face up (a climb, a lay-down)",
    "reveals": "cards (`cards`) shown face up where they lie (a hand, a chosen card): known, nothing moves",
    "reshuffle": "the rest was shuffled again: its order is the table's secret",
    "pass": "a pass round (`cards` per seat, `to` its receivers when a seat is out of play)",
    "shown-rest": "rest cards (`cards`) taken as a kitty, seen",
    "rest-top": "the card (`card`) now on top of the rest, turned face up where it lies",
}
SAMPLE = frozenset(MEANINGS)
"""The closed vocabulary of `EventSpec.sample` (each meaning's line in `MEANINGS`)."""


@dataclass(frozen=True)
class EventSpec:
    """An event kind: its fields (besides `event`) and the private ones among them. `only`, when set,
    says which seats may know of the event at all (another seat's sealed card choice). `sample`: what the
    event means to the search's sampler, one of `SAMPLE` (None: it only shows cards)."""

    fields: tuple[str, ...]
    private: Mapping[str, Private] = field(default_factory=dict)
    only: Sees | None = None
    sample: str | None = None
    allowed: frozenset[str] = field(init=False, repr=False, compare=False)   # the fields and `event`

    def __post_init__(self) -> None:
        if self.sample is not None and self.sample not in SAMPLE:
            raise ValueError(f"unknown sampler meaning {self.sample!r} (events.SAMPLE)")
        object.__setattr__(self, "allowed", frozenset(self.fields) | {"event"})


def zone_public(looker: Looker, zone: str | None) -> bool:
    """The zone (by name) lies face up for everyone."""
    z = looker.rules.zones.get(zone) if zone is not None else None
    return z is not None and z.visibility == "public"


@dataclass(frozen=True)
class Movers:
    """Seen by the seats the event names in `seat_fields` (the giver, the receiver) and by everyone when
    the zone the event names in its `zone` field is public, or the event says the cards were `shown`: a
    discard, a draw, an exchange, a pick-up."""

    seat_fields: tuple[str, ...] = ("seat",)
    zone: str = "zone"

    def __call__(self, looker: Looker, ev: dict, _index: int | None) -> bool:
        return any(ev.get(f) == looker.me for f in self.seat_fields) or zone_public(looker, ev.get(self.zone)) \
            or ev.get("shown") is True         # a card that lay face up (a refill's turned-up card)


def movers(*seat_fields: str, zone: str = "zone") -> Private:
    """A field of cards that moved between a seat and a zone (see `Movers`)."""
    return Private(Movers(seat_fields or ("seat",), zone))


def nobody(_looker: Looker, _ev: dict, _index: int | None) -> bool:
    """Known to no seat while the game runs (the start event's seed: whoever knows it knows every hand)."""
    return False


# ---------------------------------------------------------------------------- the engine's own events
def _hand_seen(looker: Looker, ev: dict, index: int | None) -> bool:
    return visible_to(looker.rules.deal.to.visibility, index, looker.me)


def _rest_seen(looker: Looker, ev: dict, index: int | None) -> bool:
    rest = looker.rules.deal.rest
    return rest is not None and rest.visibility == "public"


def _own_or_public_choice(looker: Looker, ev: dict, index: int | None) -> bool:
    """Another seat's choice of a card is known only by its effect (a `play` is public, a pass pick not)."""
    return ev.get("seat") == looker.me or not _is_card_action(looker, ev.get("action"))


def _is_card_action(looker: Looker, action) -> bool:
    return isinstance(action, int) and action < looker.cards


# events more than one kind logs, declared once
OUT = EventSpec(("seat", "why"), sample=None)                # a seat out of the game (a flip phase, a battle, a match's knock-out)
TAKE = EventSpec(("seat", "count", "why"), sample=None)      # a seat takes the pile
PLAY = EventSpec(("seat", "card", "from"), sample="follows")      # a card played face up (`from`: a dummy's zone its player played it from)

ENGINE_EVENTS: dict[str, EventSpec] = {
    "start": EventSpec(("format", "ruleset", "ref", "seed", "players", "options", "set", "bots", "profiles",
                        "max_actions", "explicit_deal", "slaps"), {"seed": Private(nobody)}, sample=None),
    "deal": EventSpec(("dealer", "hands", "rest", "shoe"),
                      {"hands": Private(_hand_seen, per_seat=True), "rest": Private(_rest_seen)}, sample="deal"),
    "draw-for-dealer": EventSpec(("draws",), sample=None),
    # the labels of chance decisions (a shuffle's cards, a lot's option), for replay: no seat learns of it (the
    # deal, reshuffle or cut event says what each sees)
    "chance-draw": EventSpec(("drawn",), {"drawn": Private(nobody)}, only=nobody, sample=None),
    "score": EventSpec(("hand", "points", "scores", "totals", "tricks_won", "rule", "who"), sample="totals"),
    "out": OUT,
    # `forced`: the rules took the seat's only choice without asking (for replay); no seat sees the mark, so
    # a pass the seat had to make reads as one it chose: which choices were open may hang on hidden cards
    "decision": EventSpec(("seat", "action", "label", "after", "forced"), {"forced": Private(nobody, drop=True)},
                          only=_own_or_public_choice, sample="decision"),
    "end": EventSpec(("outcome", "winners", "scores", "reason", "losers"), sample=None),
}

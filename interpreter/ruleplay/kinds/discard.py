"""discard: seats put cards they choose from their hand into a table zone (a crib, a widow, a skat).

Without `seat`, every seat discards `count` cards, all choosing before any
card moves (sealed, like a pass). With `seat` (a seat such as `dealer` or
`bidder`, or a seat number), only that seat discards, e.g. after picking up
a kitty; when it names no seat that hand (no bidder), nobody discards. The
cards go face down or face up as the `to` zone's visibility says; the log
keeps them all (a log is the whole record), and a bot's own view of the
events (Table.seat_log) shows another seat's discards only into a public
zone. Bots choose one card at a time among the cards of `from`: `lowest`
discards its lowest cards in the canonical order, `highest` its highest,
`smart` keeps trumps and top cards and empties its short suits first.

This module is also the worked example of docs/phase-kinds.md.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ruleplay.lang import expr as X
from ruleplay.engine.decision import Decision
from ruleplay.compiler.model import Ctx, Zone
from ruleplay.engine.table import Table
from ruleplay.engine.events import EventSpec, movers
from ruleplay.kinds.schema_parts import EXPR, phase_schema, text
from ruleplay.kinds.words import formula

# ---------------------------------------------------------------------------- the kind's keys (schema)
SUMMARY = "discard: seats put chosen cards from their hand into a table zone (a crib, a widow)."
SCHEMA = phase_schema("discard", {
    "from": text("Per-seat zone the cards are chosen from."),
    "to": text("Table zone they go to."),
    "count": {"description": "Cards each discarding seat puts there (at most what it holds).", "type": "integer",
              "minimum": 1, "maximum": 1000},
    "seat": {"description": "The one seat that discards (a seat or seat number, e.g. dealer or bidder; "
                            "nobody when it names none that hand); "
                            "default: every seat in play, all choosing before any card moves.", **EXPR},
    "take": {"description": "Cards the discarding seat first takes from the top of `to` into `from` (e.g. 1: the "
                            "dealer picks up the turned-up card, then discards).", "type": "integer", "minimum": 0,
             "maximum": 1000, "default": 0},
    "keep-taken": {"description": "Bool: the cards just taken (`take`) may not be discarded (e.g. a dealer who "
                                  "picks up the turned card keeps it); when the hand holds too few others, they "
                                  "may. Default false.", **EXPR},
}, ["from", "to", "count"])
EXAMPLES = {"from": {"examples": ["hand"]}, "to": {"examples": ["crib"]}, "count": {"examples": [2]},
            "keep-taken": {"examples": [True, "not discard-up-card"]},
            "seat": {"examples": ["dealer"]}, "before": {"examples": ["play"]}}
# the event kinds it logs, with the fields that hide cards (visibility.seat_event); replay checks logs against them:
# the cards put into a zone, or picked up from it, are seen by their seat, and by all when the zone is public
EVENTS = {"discard": EventSpec(("seat", "zone", "cards"), {"cards": movers("seat")}, sample="discards"),
          "pick-up": EventSpec(("seat", "zone", "took"), {"took": movers("seat")}, sample="takes")}


@dataclass
class DiscardView:
    """What a bot may know when it discards: the cards it may discard (its hand) and the table's trump."""

    kind = "discard"
    legal: list[int]
    trump: str | None
    order: list[int]                       # per card of the deck: its rank order (deck order `order`)
    suit: list                             # per card of the deck


@dataclass
class Discard:
    hides_choice = True                   # another seat's cards laid away are unseen: no card played (ismcts.Script)
    name: str
    src: Zone
    dest: Zone
    count: int
    seat: Callable | None                    # the one seat that discards, or None: every seat
    description: str = ""
    spec: dict = field(default_factory=dict)
    take: int = 0                            # cards first taken from the top of `dest` into `src`
    keep_taken: Callable | None = None       # bool: the taken cards may not be discarded (None: never)
    keep_always: bool = False                # keep_taken folded to true with the options (the sheet says so)

    def offers(self, space) -> list[int]:
        return space.card_actions()

    def run(self, t: Table):
        """A generator: each pick is a Decision, sealed when every seat discards (no one sees the
        others' picks before the cards move)."""
        one = self.seat(t) if self.seat is not None else None
        if self.seat is not None and one is None:
            return                                    # no such seat this hand (no bidder): nobody discards
        seats = [s for s in t.seat_range if t.takes_part(s)] if one is None else [one % t.n]
        src, dest, space = t.seat_zones[self.src.index], t.shared[self.dest.index], t.space
        key, names = t.rules.deck.canonical_key, t.rules.deck.names
        kept: dict[int, list[int]] = {}
        for seat in seats if self.take else ():
            took = [dest.pop() for _ in range(min(self.take, len(dest)))]
            src[seat].extend(took)
            t.act()
            t.emit("pick-up", seat=seat, zone=self.dest.name, took=[names[c] for c in took])
            kept[seat] = took
        if self.keep_taken is None or not self.keep_taken(t):
            kept.clear()
        chosen: list[list[int]] = []
        for seat in seats:
            pool = sorted(self.choosable(src[seat], kept.get(seat, ())), key=key)
            picks: list[int] = []
            for _ in range(min(self.count, len(pool))):
                if len(pool) == 1:
                    picks.append(pool.pop())
                    continue
                bot = t.inline[seat]
                deck = t.rules.deck
                view = DiscardView(list(pool), t.trump, deck.orders["order"], deck.suit) \
                    if bot is None or bot.wants_view else None
                a = yield from t.ask(Decision(seat, [space.card(c) for c in pool], view,
                                              sealed=self.seat is None))
                i = next(i for i, c in enumerate(pool) if space.card(c) == a)
                picks.append(pool.pop(i))
            chosen.append(picks)
        t.reveal()
        for seat, picks in zip(seats, chosen):
            for c in picks:
                src[seat].remove(c)
                dest.append(c)
            t.act()
            t.emit("discard", seat=seat, zone=self.dest.name, cards=[names[c] for c in picks])

    def choosable(self, hand: list[int], kept) -> list[int]:
        """The cards a seat may discard: its hand but the cards it must keep, unless too few are left."""
        if not kept:
            return list(hand)
        kept = set(kept)
        rest = [c for c in hand if c not in kept]
        return rest if len(rest) >= min(self.count, len(hand)) else list(hand)


def compile(ctx: Ctx, path: tuple, name: str) -> Discard | None:
    spec = ctx.get(path)
    src = ctx.zone(path + ("from",), owner="seat")
    dest = ctx.zone(path + ("to",), owner="table")
    count = ctx.const_int(path + ("count",), None, 1, 1000)
    seat = ctx.expr(path + ("seat",), (X.SEAT, X.INT)) if "seat" in spec else None
    keep = ctx.expr(path + ("keep-taken",), X.BOOL) if "keep-taken" in spec else None
    if None in (src, dest, count) or ("seat" in spec and seat is None) or ("keep-taken" in spec and keep is None):
        return None
    always = keep is not None and keep.is_const and bool(keep.const)
    keep_fn = None if keep is None or keep.is_const and not keep.const else keep.fn
    return Discard(name, src, dest, count, seat.fn if seat is not None else None,
                   spec.get("description", ""), dict(spec), int(spec.get("take", 0)), keep_fn, always)


# ---------------------------------------------------------------------------- the rule sheet (explain)
def describe(spec: dict, phase=None) -> str:
    seat = formula(spec["seat"]) if "seat" in spec else None
    who = "every player" if seat is None else seat if seat.startswith("the ") else f"the player at seat {seat}"
    took = (f" takes the top {spec['take']} card(s) of the {spec['to']} into their {spec['from']}, then"
            if spec.get("take") else "")
    keep = spec.get("keep-taken", False)
    if phase is not None:
        keep = True if phase.keep_always else keep if phase.keep_taken is not None else False
    kept = "" if not spec.get("take") or keep is False else \
        " They may not put back the card(s) just taken" + ("" if keep is True else f" when {formula(keep)}") + \
        " (unless the hand holds too few others)."
    return (f"{who}{took} chooses{'' if 'seat' in spec else ', all at once,'} {spec['count']} card(s) from "
            f"their {spec['from']} and puts them into the {spec['to']}.{kept}")


# ---------------------------------------------------------------------------- the events in words (play)
def _tell_discard(n, ev: dict) -> list[str]:
    cards = ev.get("cards", [])
    if ev.get("seat") == n.me or (cards and None not in cards):
        return [f"{n.verb(ev.get('seat'), 'put', 'puts')} {' '.join(cards)} into the {ev.get('zone')}."]
    return [f"{n.who(ev.get('seat'))} puts {len(cards)} card(s) into the {ev.get('zone')}."]


def _tell_pick_up(n, ev: dict) -> list[str]:
    took = ev.get("took") or []
    what = " ".join(took) if None not in took else f"{len(took)} card{'s' if len(took) != 1 else ''}"
    return [f"{n.verb(ev['seat'], 'pick', 'picks')} up {what} from the {ev.get('zone')}."]


NARRATION = {"discard": _tell_discard, "pick-up": _tell_pick_up}
ACCOUNT = {"discard": lambda ev: f"Seat {ev['seat']} puts {' '.join(ev['cards'])} into the {ev['zone']}.",   # run's account
           "pick-up": lambda ev: f"Seat {ev['seat']} picks up {' '.join(ev['took'])} from the {ev['zone']}."}


# ------------------------------------------------------------ what a sensible player does (kinds/contract.py)
def smart_discard(v, plan: str | None = None) -> int:
    """`smart` discarding (an index into the legal cards): never a trump (the table's, else the suit it
    bid on) or a card of no suit while another will do, nor a card of the top rank; among the rest the
    lowest card of its shortest suit (emptying a suit lets it ruff or discard later)."""
    cards, order, suit = v.legal, v.order, v.suit
    trump = v.trump if v.trump is not None else plan
    top = max(order)
    length: dict = {}
    for c in cards:
        length[suit[c]] = length.get(suit[c], 0) + 1
    return min(range(len(cards)), key=lambda i: (suit[cards[i]] is None or suit[cards[i]] == trump,
                                                 order[cards[i]] == top, length[suit[cards[i]]],
                                                 order[cards[i]], i))


SMART = {DiscardView: lambda d, mind: smart_discard(d.view, mind.plan.get(d.seat))}

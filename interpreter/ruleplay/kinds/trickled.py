"""A card led without a suit: `suitless-lead: any | next | named` on a trick phase.

A card has no suit when the deck makes it so (a joker) or the phase's `suit` gives 'none' (Five Hundred's joker
in no trumps). Led to a trick, it asks of the others:
- `any` (the default): nothing; they play what they like, and it wins unless a trump or a `high` card is played;
- `next`: the next card played that has a suit sets the suit to follow, and the trick is decided as if that card
  had been led: the suitless card wins it only as a `high` card (Bid Whist's jokers in no trumps);
- `named`: its player names a suit of the deck, which the others must follow, and which counts as the suit led
  in deciding the trick (the suitless card stays the best card until one of the named suit beats it, a trump is
  played or a `high` card: Five Hundred's joker in no trumps, Mighty's joker). The name is a decision among the
  phase's own actions (`suit H`), logged as a `suit-named` event that every seat sees.
"""
from __future__ import annotations

from dataclasses import dataclass

from ruleplay.compiler.model import Ctx
from ruleplay.engine.decision import Decision
from ruleplay.engine.events import EventSpec

MODES = ("any", "next", "named")
SCHEMA = {
    "suitless-lead": {"enum": list(MODES), "default": "any",
                      "description": "What a card without a suit (a joker, or `suit` giving 'none') asks when led: "
                                     "any (nothing: anything may be played), next (the next card with a suit sets "
                                     "the suit to follow, and the trick is decided as if it had been led), or named "
                                     "(its player names a suit of the deck, which the others must follow and which "
                                     "counts as the suit led)."},
}
EXAMPLES = {"suitless-lead": {"examples": ["named", "next"]}}
EVENTS = {"suit-named": EventSpec(("seat", "suit"), sample=None)}   # said aloud: every seat hears it


def compile_mode(ctx: Ctx, path: tuple, spec: dict, deck) -> str | None:
    """The mode (None for `any`, the default); a placed error when no card of the deck can be without a suit."""
    mode = spec.get("suitless-lead", "any")
    if mode == "any":
        return None
    if "suit" not in spec and not any(deck.joker):
        ctx.error(path + ("suitless-lead",), "no card of this deck is without a suit: the rule would never apply",
                  "add jokers to the deck, or a `suit` rule giving 'none' for the cards that have no suit "
                  "(suit: \"'none' if card.joker else card.suit\")", value=True)
        return None
    return mode


def labels(deck) -> list[str]:
    """The phase's own actions when a suit is named: one per suit of the deck."""
    return [f"suit {s}" for s in deck.suits]


@dataclass
class NameView:
    """What a bot knows when naming the suit to follow: the suits it may name and its own hand."""

    kind = "name-suit"
    seat: int
    suits: list[str]                      # in the order of the decision's actions
    held: list[int]                       # per suit: the cards of it the seat still holds


def smart_name(d, bot) -> int:
    """A sensible leader names the suit it holds most of (the first such in the deck's order)."""
    held = d.view.held
    return max(range(len(held)), key=lambda i: (held[i], -i))


def name_suit(run, place: int):
    """The leader at `place` names the suit to follow (a generator: the decision); returns the suit."""
    t, ph = run.t, run.ph
    seat = run.who[place]
    suits = list(run.deck.suits)
    base = t.space.own[ph.name]
    bot = t.inline[seat]
    view = None
    if bot is None or bot.wants_view:
        hand = run.hand[place]
        view = NameView(seat, suits, [sum(1 for c in hand if run.esuit(c) == s) for s in suits])
    a = yield from t.ask(Decision(seat, [base + i for i in range(len(suits))], view))
    suit = suits[a - base]
    t.emit("suit-named", seat=seat, suit=suit)
    return suit


def describe(spec: dict) -> str:
    """The rule in words, for the rule sheet."""
    mode = spec.get("suitless-lead", "any")
    if mode == "next":
        return (" When a card without a suit is led, the next card played that has a suit sets the suit to follow,"
                " and the trick is decided as if that card had been led.")
    if mode == "named":
        return (" When a card without a suit is led, its player names a suit: the others must follow it, and it"
                " counts as the suit led.")
    return ""


NARRATION = {"suit-named": lambda n, ev: [f"{n.verb(ev['seat'], 'name', 'names')} {ev.get('suit')} as the suit to "
                                     "follow."]}
ACCOUNT = {"suit-named": lambda ev: f"Seat {ev['seat']} names {ev.get('suit')} as the suit to follow."}
SMART = {NameView: smart_name}

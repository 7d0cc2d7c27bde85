"""Reading an explicit deal (--deal FILE, YAML or JSON).

A deal file is read like a rule file (safe YAML, line marks), and its
problems are reported the same way: file:line:column, what was wrong, a hint.
Given the compiled rules, every card is checked against the deck here, so
the error can point at the card in the file.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from .cards import split_name
from .engine import Deal
from .errors import RuleError, RuleplayError, did_you_mean
from .yamlload import Doc, load_file

if TYPE_CHECKING:
    from .model import Rules

CARD_HINT = "cards are a rank (2-10 or T, J, Q, K, A) and a suit (C, D, H, S), e.g. 10H, TH, QS; JK is a joker"


def read_deal(path: str, rules: "Rules | None" = None) -> Deal:
    doc = load_file(Path(path))
    data = doc.data

    def fail(message: str, where: tuple = (), hint: str | None = None, value: bool = True):
        mark = doc.value_mark(where) if value else doc.mark(where)
        raise RuleplayError(RuleError(f"deal: {message}", mark, where, hint))

    if not isinstance(data, dict) or not isinstance(data.get("hands"), list):
        fail("expected a mapping with 'hands' (a list of card lists), optional 'rest' and 'dealer'",
             ("hands",) if isinstance(data, dict) and "hands" in data else ())
    for key in data:
        if key not in ("hands", "rest", "dealer", "slaps"):
            fail(f"unknown key '{key}'", (key,), did_you_mean(key, ["hands", "rest", "dealer", "slaps"]) or
                 "a deal has hands, rest, dealer and slaps", value=False)
    hands = data["hands"]
    for i, h in enumerate(hands):
        if not isinstance(h, list):
            fail("every hand must be a list of cards", ("hands", i))
    rest = data.get("rest") or []
    if not isinstance(rest, list):
        fail("'rest' must be a list of cards", ("rest",))
    dealer = data.get("dealer")
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)):
        fail("dealer must be a seat number", ("dealer",))
    slaps = data.get("slaps") or []
    if not isinstance(slaps, list):
        fail("'slaps' must be a list of {after, seat, time}", ("slaps",))
    for i, sl in enumerate(slaps):
        ok = isinstance(sl, dict) and set(sl) <= {"after", "seat", "time", "fingers"} and \
            all(isinstance(sl.get(k), int) and not isinstance(sl.get(k), bool) for k in ("after", "seat")) and \
            all(isinstance(sl.get(k, 1), int) and sl.get(k, 1) >= 0 for k in ("time", "fingers"))
        if not ok:
            fail("a slap is {after: N, seat: S, time: MS, fingers: F}: after the N-th card played, seat S "
                 "slaps MS milliseconds after it landed (time and fingers optional)", ("slaps", i))
        if rules is not None and not 0 <= sl["seat"] < rules.players:
            fail(f"seat {sl['seat']} does not exist with {rules.players} players", ("slaps", i, "seat"))
    deal = Deal([[str(c) for c in h] for h in hands], [str(c) for c in rest], dealer,
                [{"time": 100, "fingers": 1, **sl} for sl in slaps])
    if rules is not None:
        check_deal(deal, rules, doc)
    return deal


def check_deal(deal: Deal, rules: "Rules", doc: Doc) -> None:
    """The deal fits the ruleset: seats, dealer, rest zone, and every card in the deck as often as listed."""
    n = rules.players

    def fail(message: str, where: tuple, hint: str | None = None):
        raise RuleplayError(RuleError(f"deal: {message}", doc.value_mark(where), where, hint))

    if len(deal.hands) != n:
        fail(f"{len(deal.hands)} hand(s) given, but {rules.name} is played by {n} players", ("hands",),
             "give one list of cards per seat, seat 0 first")
    if deal.dealer is not None and not 0 <= deal.dealer < n:
        fail(f"dealer seat {deal.dealer} does not exist with {n} players (seats 0..{n - 1})", ("dealer",))
    if deal.rest and rules.deal.rest is None:
        fail(f"'rest' lists cards, but {rules.name} deals no cards to a rest zone", ("rest",))
    held = Counter(rules.deck.names)
    used: Counter = Counter()
    places = [(("hands", s, j), c) for s, h in enumerate(deal.hands) for j, c in enumerate(h)]
    places += [(("rest", j), c) for j, c in enumerate(deal.rest)]
    for where, name in places:
        try:
            r, s = split_name(name)
        except ValueError:
            fail(f"{name!r} is not a card name", where, CARD_HINT)
        key = r if s is None else f"{r}{s}"
        if key not in held:
            fail(f"{name!r} is not a card of this deck ({len(rules.deck)} cards)", where,
                 did_you_mean(key, held) or CARD_HINT)
        used[key] += 1
        if used[key] > held[key]:
            times = "once" if held[key] == 1 else f"{held[key]} times"
            fail(f"{name!r} is dealt more often than the deck holds it ({times})", where)

"""Reading an explicit deal (--deal FILE, YAML or JSON).

A deal file is read like a rule file (safe YAML, line marks), and its
problems are reported the same way: file:line:column, what was wrong, a hint.
Every field is checked for type and range (`check_deal_data`) before anything
uses it; given the compiled rules, every seat and card is checked against the
game (`check_deal`), so the error can point at the seat or card in the file.
The script checks (`slap_problem`) are shared with the `start` event of a log.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NoReturn

from ruleplay.compiler.cards import split_name
from ruleplay.engine.run import Deal
from ruleplay.errors import RuleError, RuleplayError, clip, did_you_mean
from ruleplay.lang.yamlload import load_file

if TYPE_CHECKING:
    from ruleplay.compiler.model import Rules

CARD_HINT = "cards are a rank (2-10 or T, J, Q, K, A) and a suit (C, D, H, S), e.g. 10H, TH, QS; JK is a joker"
KEYS = ("hands", "rest", "dealer", "slaps")
SLAP_KEYS = ("after", "seat", "time", "fingers")
SLAP_FORM = ("a slap is {after: N, seat: S, time: MS, fingers: F}: after the N-th card played, seat S "
             "slaps MS milliseconds after it landed (time and fingers optional)")
MAX_AFTER = 1_000_000_000     # the N-th card played: more than any game reaches
MAX_SLAP_TIME = 60_000        # ms: the longest reaction window (`pace`) a ruleset may have
MAX_FINGERS = 10              # as a reaction profile's `fingers`
MAX_SEAT = 63                 # players are at most 64

# fail(message, where, hint, value): raise a placed error about the deal at key path `where`
Fail = Callable[..., NoReturn]


def read_deal(path: str, rules: "Rules | None" = None) -> Deal:
    doc = load_file(Path(path))

    def fail(message: str, where: tuple = (), hint: str | None = None, value: bool = True) -> NoReturn:
        mark = doc.value_mark(where) if value else doc.mark(where)
        raise RuleplayError(RuleError(f"deal: {message}", mark, where, hint))

    deal = check_deal_data(doc.data, fail, rules.players if rules is not None else None)
    if rules is not None:
        check_deal(deal, rules, fail)
    return deal


def is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def slap_problem(sl: object, players: int | None) -> tuple[tuple, str] | None:
    """What is wrong with one scripted slap, as (key path inside it, message), or None when it is fine."""
    if not isinstance(sl, dict):
        return (), SLAP_FORM
    for k in sl:
        if k not in SLAP_KEYS:
            return (k,), f"unknown key {clip(k)} in a slap; " + SLAP_FORM
    ranges = {"after": (0, MAX_AFTER), "seat": (0, MAX_SEAT if players is None else players - 1),
              "time": (0, MAX_SLAP_TIME), "fingers": (1, MAX_FINGERS)}
    for k in SLAP_KEYS:
        if k not in sl:
            if k in ("after", "seat"):
                return (), f"a slap needs '{k}'; " + SLAP_FORM
            continue
        v = sl[k]
        lo, hi = ranges[k]
        if not is_int(v):
            return (k,), f"'{k}' must be a whole number, not {type(v).__name__}"
        if not lo <= v <= hi:
            if k == "seat":
                return (k,), f"seat {clip(v)} does not exist" + (f" with {players} players" if players else "")
            return (k,), f"'{k}' must be {lo}..{hi}, not {clip(v)}"
    return None


def check_deal_data(data: object, fail: Fail, players: int | None = None) -> Deal:
    """The parsed deal file as a Deal: every field of the right type and in range, or a placed error."""
    if not isinstance(data, dict) or not isinstance(data.get("hands"), list):
        fail("expected a mapping with 'hands' (a list of card lists), optional 'rest' and 'dealer'",
             ("hands",) if isinstance(data, dict) and "hands" in data else ())
    for key in data:
        if key not in KEYS:
            fail(f"unknown key {clip(key)}", (key,), did_you_mean(str(key), KEYS) or
                 "a deal has hands, rest, dealer and slaps", value=False)
    hands = data["hands"]
    for i, h in enumerate(hands):
        if not isinstance(h, list):
            fail("every hand must be a list of cards", ("hands", i))
        _card_names(h, ("hands", i), fail)
    rest = data.get("rest")
    if rest is None:
        rest = []
    if not isinstance(rest, list):
        fail("'rest' must be a list of cards", ("rest",))
    _card_names(rest, ("rest",), fail)
    dealer = data.get("dealer")
    if dealer is not None and not (is_int(dealer) and 0 <= dealer <= MAX_SEAT):
        fail("dealer must be a seat number (0 is the first seat)", ("dealer",))
    slaps = data.get("slaps")
    if slaps is None:
        slaps = []
    if not isinstance(slaps, list):
        fail("'slaps' must be a list of {after, seat, time}", ("slaps",))
    for i, sl in enumerate(slaps):
        problem = slap_problem(sl, players)
        if problem is not None:
            fail(problem[1], ("slaps", i, *problem[0]))
    return Deal([list(h) for h in hands], list(rest), dealer, [{"time": 100, "fingers": 1, **sl} for sl in slaps])


def _card_names(cards: list, where: tuple, fail: Fail) -> None:
    for j, c in enumerate(cards):
        if not isinstance(c, str):
            fail(f"a card is a name like 10H, not {type(c).__name__}", (*where, j), CARD_HINT)


def check_deal(deal: Deal, rules: "Rules", fail: Fail) -> None:
    """The deal fits the ruleset: seats, dealer, rest zone, and every card in the deck as often as listed."""
    n = rules.players
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
            fail(f"{clip(name)} is not a card name", where, CARD_HINT)
        key = r if s is None else f"{r}{s}"
        if key not in held:
            fail(f"{clip(name)} is not a card of this deck ({len(rules.deck)} cards)", where,
                 did_you_mean(key, held) or CARD_HINT)
        used[key] += 1
        if used[key] > held[key]:
            times = "once" if held[key] == 1 else f"{held[key]} times"
            fail(f"{clip(name)} is dealt more often than the deck holds it ({times})", where)

"""A climb's wild cards: cards that may stand for any rank in a set of two or more, a run, or a bomb
(Zheng Shangyou's jokers, a 2 that joins a set of another rank), and "a natural play beats one as high with
wild cards" (`natural-beats-wild`).

`wild: EXPR` (a bool over `card`) makes those cards wild in every combination; `wild: {sets: .., runs: ..,
bombs: ..}` says where, each a bool over `card` (a key left out: wild nowhere there). A combination is still
one labelled action (`7 7 7`); its cards are the lowest natural cards of each rank first, then the lowest
wild cards for what is missing (a wild card of the rank itself first). A combination holds at least one card
of its own rank(s), so jokers alone are only their own rank; a wild card played alone is its own rank.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ruleplay.compiler.model import Ctx, per_card
from ruleplay.lang import expr as X
from ruleplay.kinds.schema_parts import EXPR

PLACES = ("sets", "runs", "bombs")
WILD_SCHEMA = {
    "wild": {"description": "Wild cards: a bool over `card` (wild in sets of two or more, runs and bombs), or "
                            "{sets, runs, bombs}, each a bool over `card` (a place left out: no wild cards there). "
                            "A wild card stands for any rank that a combination lacks; a combination holds at least "
                            "one card of its own rank; alone, a wild card is its own rank.",
             "anyOf": [EXPR, {"type": "object", "additionalProperties": False, "minProperties": 1,
                              "properties": {p: {"description": f"Cards wild in {p} (a bool over `card`).",
                                                 "examples": ["card.joker"], **EXPR} for p in PLACES}}]},
    "natural-beats-wild": {"description": "A play of the same rank with fewer wild cards beats one with more "
                                          "(9 9 9 beats 9 9 and a joker); bool of options.",
                           "default": False, **EXPR},
}
WILD_EXAMPLES = {"wild": {"examples": ["card.joker", {"sets": "card.joker or card.rank == '2'", "runs": "card.joker"}]},
                 "natural-beats-wild": {"examples": [True]}}


@dataclass(frozen=True)
class Wild:
    """Per place (sets, runs, bombs): which cards are wild there (by card number)."""

    sets: frozenset[int]
    runs: frozenset[int]
    bombs: frozenset[int]
    natural_beats: Callable        # bool of options: fewer wild cards beat at an equal rank

    def cards(self, run: int, bomb: bool) -> frozenset[int]:
        return self.bombs if bomb else self.runs if run else self.sets

    @property
    def any(self) -> frozenset[int]:
        return self.sets | self.runs | self.bombs


def fill(hand: list[int], rank: list[str], wild: frozenset[int], ranks: tuple[str, ...], k: int,
         sort_key) -> tuple[list[int], int] | None:
    """The cards played for `k` of each rank in `ranks` from `hand`, with the number that stand in as wild
    cards for another rank; None when the hand cannot make it or it would hold no card of its own ranks.
    Natural cards first (the lowest), then the lowest wild cards, a wild card of the rank itself first."""
    mine = sorted(hand, key=sort_key)
    spare = [c for c in mine if c in wild]
    out, short = [], []
    for r in ranks:
        natural = [c for c in mine if rank[c] == r and c not in wild][:k]
        out.extend(natural)
        short.extend([r] * (k - len(natural)))
    used = 0
    for r in short:                    # each missing card: a wild card of its own rank, else the lowest left
        c = next((c for c in spare if rank[c] == r), None)
        if c is None:
            if not spare:
                return None
            c = spare[0]
            used += 1
        spare.remove(c)
        out.append(c)
    if used == len(out):
        return None
    return out, used


def compile_wild(ctx: Ctx, path: tuple) -> Wild | None | bool:
    """The phase's wild cards (None: it has none; False: an error was reported)."""
    spec = ctx.get(path)
    if "wild" not in spec:
        if "natural-beats-wild" in spec:
            ctx.error(path + ("natural-beats-wild",), "natural-beats-wild needs wild cards",
                      "add wild: \"card.joker\" (a bool over card), or remove natural-beats-wild", value=True)
            return False
        return None
    raw = spec["wild"]
    places = {p: path + ("wild",) for p in PLACES} if not isinstance(raw, dict) else \
        {p: path + ("wild", p) for p in PLACES if p in raw}
    found: dict[str, frozenset[int]] = {}
    for p, at in places.items():
        values = per_card(ctx, at, X.BOOL)
        if values is None:
            return False
        found[p] = frozenset(c for c, v in enumerate(values) if v)
    beats = ctx.expr(path + ("natural-beats-wild",), X.BOOL, default=False)
    if beats is None:
        return False
    return Wild(found.get("sets", frozenset()), found.get("runs", frozenset()), found.get("bombs", frozenset()),
                beats.fn)


def describe_wild(spec: dict, formula) -> str:
    """The wild cards in words, for the rule sheet ('' when there are none)."""
    raw = spec.get("wild")
    if raw is None:
        return ""
    if isinstance(raw, dict):
        said = "; ".join(f"in {p}, a card is wild when {formula(raw[p])}" for p in PLACES if p in raw)
        out = f"Wild cards stand for any missing rank ({said})."
    else:
        out = f"A card is wild when {formula(raw)}: it stands for any missing rank in a set of two or more, a run or a bomb."
    out += " A play holds at least one card of its own rank; alone, a wild card is its own rank."
    beats = spec.get("natural-beats-wild", False)
    if beats is True:
        out += " At an equal rank, a play with fewer wild cards beats one with more."
    elif beats is not False:
        out += f" At an equal rank, a play with fewer wild cards beats one with more when {formula(beats)}."
    return out

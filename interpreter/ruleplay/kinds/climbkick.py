"""A climb's kickers: a set (or each set of a run of sets) that carries other cards along (Dou Dizhu's trio with a
single or a pair, four with two singles, an airplane with wings).

`kickers: [{with: 3, cards: 1}, {with: 4, cards: 1, count: 2}]`: a set of `with` cards may carry `count`
kickers of `cards` cards of one rank each; a run of such sets carries `count` kickers per set. Kickers are of
ranks other than the body's and of each other. Such a play is a shape of its own (a trio with a single beats
only a trio with a single), ranked by its body; it is no bomb. The body is one labelled action (`3 3 3 + a
single`); each kicker is then asked as a card (a kicker of two or more cards: the lowest card of its rank).
"""
from __future__ import annotations

from ruleplay.compiler.model import Ctx

MAX_KICKERS = 8
KICK_SCHEMA = {
    "kickers": {
        "type": "array", "minItems": 1, "maxItems": 16,
        "description": "Kickers: a set of `with` cards (or each set of a run of such sets) may carry `count` "
                       "kickers of `cards` cards of one rank, of ranks other than its own and each other's: "
                       "a shape of its own, ranked by the set's rank.",
        "items": {"type": "object", "additionalProperties": False, "required": ["with", "cards"],
                  "properties": {
                      "with": {"type": "integer", "minimum": 1, "maximum": 64, "examples": [3, 4],
                               "description": "The set size that carries them (one of `sets`, or of a `runs-of` width)."},
                      "cards": {"type": "integer", "minimum": 1, "maximum": 4, "examples": [1, 2],
                                "description": "The cards of one rank in each kicker (1: a single, 2: a pair)."},
                      "count": {"type": "integer", "minimum": 1, "maximum": MAX_KICKERS, "default": 1,
                                "description": "Kickers per set."}}}},
}
KICK_EXAMPLES = {"kickers": {"examples": [[{"with": 3, "cards": 1}, {"with": 3, "cards": 2},
                                           {"with": 4, "cards": 1, "count": 2}]]}}
NAMES = {1: "single", 2: "pair", 3: "triple", 4: "four"}


def suffix(cards: int, count: int) -> str:
    """A kicker shape in a label: '+ a single', '+ 2 pairs'."""
    what = NAMES.get(cards, f"set of {cards}")
    return f"+ a {what}" if count == 1 else f"+ {count} {what}s"


def kicked(ctx: Ctx, path: tuple, combos: list, sizes: set[int], widths: set[int], make) -> list | None:
    """The combinations with kickers added to `combos` (None when a kicker names no set size)."""
    out = []
    for k, spec in enumerate(ctx.get(path + ("kickers",)) or []):
        at = path + ("kickers", k, "with")
        if spec["with"] not in sizes | widths:
            ctx.error(at, f"kickers ride on a set of {spec['with']} cards, which this climb never plays",
                      f"one of the set sizes {sorted(sizes)}" + (f" or runs-of widths {sorted(widths)}" if widths else ""),
                      value=True)
            return None
        width, cards, count = spec["with"], spec["cards"], spec.get("count", 1)
        for c in combos:
            if (c.run or c.size) != width:
                continue
            sets = len(c.ranks)
            if sets * count > MAX_KICKERS:
                continue                    # an airplane longer than its kickers allow
            out.append(make(c, cards, sets * count, f"{c.label} {suffix(cards, sets * count)}"))
    return out


def choices(hand: list[int], rank: list[str], body: list[int], ranks: tuple[str, ...], taken: list[int],
            cards: int, sort_key) -> dict[str, list[int]]:
    """The kickers the seat may still add: rank -> its lowest `cards` cards, of ranks other than the body's and
    the kickers' taken so far."""
    used = set(body) | set(taken)
    banned = set(ranks) | {rank[c] for c in taken}
    out: dict[str, list[int]] = {}
    for c in sorted(hand, key=sort_key):
        if c not in used and rank[c] not in banned:
            out.setdefault(rank[c], []).append(c)
    return {r: cs[:cards] for r, cs in out.items() if len(cs) >= cards}


def describe_kickers(spec: dict) -> str:
    """The kickers in words, for the rule sheet ('' when there are none)."""
    said = [f"a set of {k['with']} may carry {k.get('count', 1)} {NAMES.get(k['cards'], 'set')}"
            f"{'s' if k.get('count', 1) > 1 else ''}" for k in spec.get("kickers") or []]
    if not said:
        return ""
    return ("Kickers: " + "; ".join(said) + " (a run of such sets, as many per set), of other ranks than the "
            "set's and each other's; such a play beats only the same shape, by the set's rank, and is no bomb.")

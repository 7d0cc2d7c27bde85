"""Sets of cards whose values add up to a total: the captures of the fishing games (a 7 takes a 4 and a 3).

    choose:
      card: hand
      cards: {from: table, adds-to: card.value, counting: value}    # table cards adding up to the card played

`find` lists the sets a zone holds whose `counting` values (a deck attribute; a card of 0 or less is in
none) add up to the total, searched with the sum as a bound (never every subset). With several attributes
(`counting: [value, high]`) a card counts as any one of its values (an ace 1 or 11), a set listed once. Whatever the values, its
work is bounded: it stops with `TooMany` past `most` sets or `steps` steps of the search, and the move then
ends the game as a limit (kinds/turns/choices.py).
"""
from __future__ import annotations

from collections.abc import Sequence

STEPS = 1_000_000        # steps of one search at most (a card tried in a set): a table of fishing cards needs hundreds


class TooMany(Exception):
    """The search went past its bound: `what` says which, for the game's end reason."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


def find(cards: Sequence[int], values: Sequence, total: int, lo: int, hi: int, key=None,
         most: int = 50_000, steps: int = STEPS) -> list[tuple[int, ...]]:
    """The sets of `lo` to `hi` of `cards` whose values add up to `total`, each in the order of `key` (the deck's
    canonical order, so a set is asked card by card the same way every time), listed in that order. A card's
    value may be a tuple of the values it may count as: each is tried, and a set found again is listed once."""
    several = bool(values) and not isinstance(values[0], int)
    ways = values if several else [(v,) for v in values]
    pool = sorted(cards, key=key) if key is not None else list(cards)
    pool = [c for c in pool if any(0 < v <= total for v in ways[c])]
    out: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()
    chosen: list[int] = []
    # the most the cards from i on could still add: an early stop when even all of them fall short
    rest = [0] * (len(pool) + 1)
    for i in range(len(pool) - 1, -1, -1):
        rest[i] = rest[i + 1] + max(ways[pool[i]])
    left_steps = steps

    def grow(i: int, left: int) -> None:
        nonlocal left_steps
        if left == 0:
            found = tuple(chosen)
            if lo <= len(chosen) and not (several and found in seen):
                if len(out) == most:
                    raise TooMany(f"more than {most:,} sets of cards adding up to {total}")
                seen.add(found)
                out.append(found)
            return
        if len(chosen) == hi or rest[i] < left:
            return
        for j in range(i, len(pool)):
            for v in ways[pool[j]]:
                if 0 < v <= left:
                    left_steps -= 1
                    if left_steps < 0:
                        raise TooMany(f"a search for sets adding up to {total} past {steps:,} steps")
                    chosen.append(pool[j])
                    grow(j + 1, left - v)
                    chosen.pop()
    grow(0, total)
    if several:                                 # found again at another value: in the pool's order, as one way finds
        place = {c: i for i, c in enumerate(pool)}
        out.sort(key=lambda found: [place[c] for c in found])
    return out

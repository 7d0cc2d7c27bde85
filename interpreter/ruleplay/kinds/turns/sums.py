"""Sets of cards whose values add up to a total: the captures of the fishing games (a 7 takes a 4 and a 3).

    choose:
      card: hand
      cards: {from: table, adds-to: card.value, counting: value}    # table cards adding up to the card played

`find` lists the sets a zone holds whose `counting` values (a deck attribute, every value at least 1) add up
to the total, searched with the sum as a bound (never every subset); `count` reckons how many a zone would
offer before they are listed, so a move never lists more than the limit it was given.
"""
from __future__ import annotations

from collections.abc import Sequence


def find(cards: Sequence[int], values: Sequence[int], total: int, lo: int, hi: int,
         key=None) -> list[tuple[int, ...]]:
    """The sets of `lo` to `hi` of `cards` whose values add up to `total`, each in the order of `key` (the deck's
    canonical order, so a set is asked card by card the same way every time), listed in that order."""
    pool = sorted(cards, key=key) if key is not None else list(cards)
    pool = [c for c in pool if 0 < values[c] <= total]
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []
    # the most the cards from i on could still add: an early stop when even all of them fall short
    rest = [0] * (len(pool) + 1)
    for i in range(len(pool) - 1, -1, -1):
        rest[i] = rest[i + 1] + values[pool[i]]

    def grow(i: int, left: int) -> None:
        if left == 0:
            if lo <= len(chosen):
                out.append(tuple(chosen))
            return
        if len(chosen) == hi or rest[i] < left:
            return
        for j in range(i, len(pool)):
            v = values[pool[j]]
            if v <= left:
                chosen.append(pool[j])
                grow(j + 1, left - v)
                chosen.pop()
    grow(0, total)
    return out


def count(values: Sequence[int], total: int, lo: int, hi: int) -> int:
    """How many sets of `lo` to `hi` of cards with these values add up to `total` (a table of sums by the number
    of cards: no set is listed)."""
    ways = [[0] * (total + 1) for _ in range(hi + 1)]      # ways[k][s]: sets of k cards adding up to s
    ways[0][0] = 1
    for v in values:
        if not 0 < v <= total:
            continue
        for k in range(hi - 1, -1, -1):
            row, up = ways[k], ways[k + 1]
            for s in range(total - v, -1, -1):
                if row[s]:
                    up[s + v] += row[s]
    return sum(ways[k][total] for k in range(max(lo, 1), hi + 1))

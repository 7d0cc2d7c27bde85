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
    value may be a tuple of the values it may count as."""
    if values and not isinstance(values[0], int):
        return _find_ways(cards, values, total, lo, hi, key, most, steps)
    pool = sorted(cards, key=key) if key is not None else list(cards)
    pool = [c for c in pool if 0 < values[c] <= total]
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []
    # the most the cards from i on could still add: an early stop when even all of them fall short
    rest = [0] * (len(pool) + 1)
    for i in range(len(pool) - 1, -1, -1):
        rest[i] = rest[i + 1] + values[pool[i]]
    left_steps = steps

    def grow(i: int, left: int) -> None:
        nonlocal left_steps
        if left == 0:
            if lo <= len(chosen):
                if len(out) == most:
                    raise TooMany(f"more than {most:,} sets of cards adding up to {total}")
                out.append(tuple(chosen))
            return
        if len(chosen) == hi or rest[i] < left:
            return
        for j in range(i, len(pool)):
            v = values[pool[j]]
            if v <= left:
                left_steps -= 1
                if left_steps < 0:
                    raise TooMany(f"a search for sets adding up to {total} past {steps:,} steps")
                chosen.append(pool[j])
                grow(j + 1, left - v)
                chosen.pop()
    grow(0, total)
    return out


def _find_ways(cards: Sequence[int], ways: Sequence[tuple[int, ...]], total: int, lo: int, hi: int, key,
               most: int, steps: int) -> list[tuple[int, ...]]:
    """`find` for cards that may count in several ways: each card tried at each of its values above 0."""
    pool = sorted(cards, key=key) if key is not None else list(cards)
    pool = [c for c in pool if any(0 < v <= total for v in ways[c])]
    rest = [0] * (len(pool) + 1)                # the most the cards from i on could still add
    for i in range(len(pool) - 1, -1, -1):
        rest[i] = rest[i + 1] + max(ways[pool[i]])
    seen: set[tuple[int, ...]] = set()
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []
    left_steps = steps

    def grow(i: int, left: int) -> None:
        nonlocal left_steps
        if left == 0:
            found = tuple(chosen)
            if lo <= len(chosen) and found not in seen:
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
    place = {c: i for i, c in enumerate(pool)}     # a set found again at another value is listed once, in order
    return sorted(out, key=lambda found: [place[c] for c in found])

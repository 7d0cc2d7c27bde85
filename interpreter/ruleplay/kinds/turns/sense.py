"""Card sense for a `turns` phase: the `turns` kind's `SMART` (kinds/contract.py).

A phase whose rules say nothing of what a sensible player aims for (`TurnsView`) gets a guess; one whose
moves have `prefer` (`PreferView`: per action the best value it leads to) gets the highest value, any of
equals at random, never the same choice twice from the same position while another is left (the
`smart` bot remembers the choices made per position: `Mind.tried_at`, `Mind.remember`).
"""
from __future__ import annotations

import random


def guess(d, mind) -> int:
    """A choice it has no sense for: any, not always the same (the bot's own randomness)."""
    return mind.rng.randrange(len(d.actions))


def prefer(d, mind) -> int:
    """`smart_prefer`, but never the same choice twice from the same position: a choice that led back to
    exactly where it was made (an ask that failed all round the table) got nowhere, so another is tried."""
    v = d.view
    if v.position is None:
        return smart_prefer(v.best, mind.rng)
    i = smart_prefer(v.best, mind.rng, mind.tried_at(d.seat, v.position))
    mind.remember(d.seat, v.position, i)
    return i


def smart_prefer(best: list[int], rng: random.Random, tried: set[int] = frozenset()) -> int:
    """The index of an action with the highest `prefer` value (a `turns` phase's rules say what a sensible
    player aims for), any of equals at random: with every value equal it guesses as with no `prefer`. The
    indices `tried` are left out while any other is left."""
    left = [i for i in range(len(best)) if i not in tried] if tried else range(len(best))
    if not left:
        left = range(len(best))
    top = max(best[i] for i in left)
    ties = [i for i in left if best[i] == top]
    return ties[rng.randrange(len(ties))]

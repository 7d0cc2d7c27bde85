"""Main and side pots: what each player wins at a vying game's showdown (`scoring: {pot: ...}`).

Each player has put in a stake; a player all in for less than the others can win only what everyone put in
up to its own stake. So the stakes are cut into layers at each distinct stake: a layer holds, from every
player, what that player put in between the layer's floor and its top, and goes to the strongest hand among
the players still contending who put in at least its top (a main pot, then side pots). Equal hands share a
layer, the odd chips going one each to the first of them from the dealer's left. A layer no contender
reached (what a player bet and nobody called) goes back to those who put it in. Without side pots
(`side-pots: false`: Brag, Teen Patti, where a show is paid for and never called back) the whole pot goes
to the strongest contending hand, equal hands sharing it.
"""
from __future__ import annotations


def split_pots(stakes: list[int], strengths: list[int | None], order: list[int], side: bool = True) -> list[int]:
    """What each seat wins from the pots: `stakes` what each put in, `strengths` each contending hand's value
    (None: folded, or out), `order` the seats from the dealer's left (who gets an odd chip first); `side`
    False: one pot, all of it to the strongest contender."""
    n = len(stakes)
    won = [0] * n
    floor = 0
    if not side and any(x is not None for x in strengths):
        stakes = [sum(x for x in stakes if x > 0) if strengths[s] is not None else 0 for s in range(n)]
        total = stakes[next(s for s in range(n) if strengths[s] is not None)]
        best = max(x for x in strengths if x is not None)
        winners = [s for s in order if strengths[s] == best]
        for i, s in enumerate(winners):
            won[s] = total // len(winners) + (1 if i < total % len(winners) else 0)
        return won
    for top in sorted({x for x in stakes if x > 0}):
        parts = [max(0, min(x, top) - floor) for x in stakes]
        eligible = [s for s in order if strengths[s] is not None and stakes[s] >= top]
        if not eligible:                              # nobody contending reached it: each gets its part back
            won = [w + p for w, p in zip(won, parts)]
        else:
            best = max(strengths[s] for s in eligible)
            winners = [s for s in eligible if strengths[s] == best]
            amount = sum(parts)
            for i, s in enumerate(winners):
                won[s] += amount // len(winners) + (1 if i < amount % len(winners) else 0)
        floor = top
    return won

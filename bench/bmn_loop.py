"""Beggar-my-neighbour as a straightforward hand-written Python loop: the yardstick for the engine.

The same rules as rulesets/beggar-my-neighbour.yaml and the same deal as the
engine for the same seed (random.Random(seed) shuffles the 52 card ids and
deals them one at a time from seat 0, each stack's top at the right end), so
every game agrees with `ruleplay run beggar-my-neighbour --seed SEED`: same
winner, same cards played, same piles taken. A game stops as a "limit" after
`limit` cards; it does not look for cycles (the engine does, at every round).
"""
from __future__ import annotations

import random
from collections import deque

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
# card id = suit * 13 + rank index (the engine's deck order: suits C, D, H, S, each 2..A)
CHANCES = [{"J": 1, "Q": 2, "K": 3, "A": 4}.get(r, 0) for _ in "CDHS" for r in RANKS]


def play(seed: int, limit: int = 100_000) -> tuple[str, list[int], int, int]:
    """(outcome, winners, cards played, piles taken)."""
    cards = list(range(52))
    random.Random(seed).shuffle(cards)
    hands = [deque(), deque()]
    for i in range(52):
        hands[i & 1].append(cards.pop())
    pile: list[int] = []
    cur = 0
    played = takes = 0
    challenger = None
    owed = 0
    chances = CHANCES
    while True:
        hand = hands[cur]
        if not hand:                        # must play and cannot: out; the other takes the pile
            other = 1 - cur
            if pile:
                hands[other].extendleft(pile)
                takes += 1
            return "finished", [other], played, takes
        card = hand.pop()
        pile.append(card)
        played += 1
        if played >= limit:
            return "limit", [], played, takes
        c = chances[card]
        if c:
            challenger, owed, cur = cur, c, 1 - cur
        elif challenger is not None:
            owed -= 1
            if owed == 0:
                taker = challenger
                hands[taker].extendleft(pile)   # under the stack, the first card played nearest the top
                pile.clear()
                takes += 1
                challenger = None
                cur = taker
                if not hands[1 - taker]:
                    return "finished", [taker], played, takes
        else:
            cur = 1 - cur


if __name__ == "__main__":
    # issue 34's whole-process yardstick for `ruleplay sim beggar-my-neighbour -n N --jobs 1`: N seeded games
    import sys
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    wins = [0, 0]
    for seed in range(n):
        outcome, winners, _, _ = play(seed)
        for w in winners:
            wins[w] += 1
    print(f"{n} games, wins per seat: {wins}")

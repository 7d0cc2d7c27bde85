"""A hand-written Beggar-my-neighbour loop, independent of the engine, used as an oracle.

Rules as in shared/rules/beggar-my-neighbour.md: seat 0 leads; J/Q/K/A demand
1/2/3/4; the pile goes under the taker's stack in play order; a player who
must play with no card loses and the other takes the pile (counted).
"""
from collections import deque

VALUE = {"J": 1, "Q": 2, "K": 3, "A": 4}


def reference(hands, limit=10**6):
    """hands: two lists of card names, first card = top. Returns (outcome, cards_played, pile_takes)."""
    h = [deque(hands[0]), deque(hands[1])]
    pile = []
    cur, cards, takes = 0, 0, 0
    chal, owed = None, 0
    while True:
        if not h[cur]:
            return "finished", cards, takes + (1 if pile else 0)
        c = h[cur].popleft()
        pile.append(c)
        cards += 1
        if cards > limit:
            return "limit", cards, takes
        v = VALUE.get(c[:-1], 0)
        if v:
            chal, owed, cur = cur, v, 1 - cur
        elif chal is not None:
            owed -= 1
            if owed == 0:
                h[chal].extend(pile)
                pile = []
                takes += 1
                cur, chal = chal, None
                if not h[1 - cur]:
                    return "finished", cards, takes
        else:
            cur = 1 - cur

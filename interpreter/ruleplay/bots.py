"""Bots choose among the legal choices a phase offers; they see only their seat's view.

`random` is seeded from the game seed (uniform over legal choices);
`smart` plays with simple card sense for point-avoidance trick games (see
`smart_card`; elsewhere it plays like `lowest`);
`lowest` and `highest` are deterministic: the lowest/highest legal card in
the canonical order (suit C<D<H<S, then rank 2..A, jokers last), the
smallest/largest bid. A pass is ordered below every bid, so `lowest`
passes whenever passing is allowed and `highest` bids the largest legal bid
(it passes only when it must). A yes/no choice (e.g. reversing the rank
order) is [no, yes]: `lowest` declines, `highest` accepts. A choice with one
legal option never asks the bot, so it never consumes randomness.
"""
from __future__ import annotations

import random
from typing import Sequence

BOT_KINDS = ("random", "lowest", "highest", "smart")


class Bot:
    def __init__(self, kind: str, rng: random.Random):
        self.kind = kind
        self.rng = rng
        self.wants_view = kind == "smart"    # phases pass a view of the decision to bots that want one

    def choose(self, keys: Sequence, view=None) -> int:
        """Index of the chosen option; `keys` are sort keys of the legal options (cards or bids)."""
        if self.kind == "random":
            return self.rng.randrange(len(keys))
        if self.kind == "smart" and view is not None:
            if getattr(view, "bidding", False):
                return smart_bid(view)
            if getattr(view, "choosing", False):
                return smart_choice(view)
            return smart_card(view)
        pick = max if self.kind == "highest" else min
        return pick(range(len(keys)), key=keys.__getitem__)


def smart_card(v) -> int:
    """`smart`: card sense for games where card points are bad (taken tricks with points cost).

    Passing: give away the point cards first, then the highest cards. Leading:
    the lowest card that carries no points. Following suit: the highest card
    that still loses to the card winning the trick (duck); if every card would
    win, the highest card without points (the trick is ours anyway). Void in
    the suit led: dump the card with the most points, else the highest card.
    Only the decision's legal cards and the public trick are read.
    """
    cards = v.legal
    pts, st, suit = v.points, v.strength, v.suit
    idx = range(len(cards))
    want = getattr(v, "want", None)
    if want is not None and getattr(v, "would_win", None) is not None:
        return _contract_card(v, want)
    if getattr(v, "passing", False):
        return max(idx, key=lambda i: (pts[cards[i]], st(cards[i])))
    if v.leading:
        return min(idx, key=lambda i: (pts[cards[i]] > 0, st(cards[i])))
    if v.following and v.winning is not None:
        w = v.winning
        trump = v.trump

        def beats(c: int) -> bool:
            if trump is not None and suit[w] == trump and suit[c] != trump:
                return False
            if trump is not None and suit[c] == trump and suit[w] != trump:
                return True
            return suit[c] == suit[w] and st(c) > st(w)
        losing = [i for i in idx if not beats(cards[i])]
        if losing:
            return max(losing, key=lambda i: (st(cards[i]), -pts[cards[i]]))
        return max(idx, key=lambda i: (pts[cards[i]] <= 0, st(cards[i])))
    return max(idx, key=lambda i: (pts[cards[i]], st(cards[i])))


def parse_bots(spec: str | None, players: int) -> tuple[list[str], list[str | None]]:
    """'random' for every seat, or a comma list with one per seat; each KIND or KIND:PROFILE.

    PROFILE names a reaction profile of the ruleset (how fast and how carefully
    the bot slaps); without one the ruleset's default profile is used.
    """
    items = (spec or "random").split(",")
    if len(items) == 1:
        items = items * players
    if len(items) != players:
        raise ValueError(f"--bots lists {len(items)} bots for {players} players")
    kinds: list[str] = []
    profiles: list[str | None] = []
    for item in items:
        k, _, prof = item.partition(":")
        if k not in BOT_KINDS:
            raise ValueError(f"unknown bot '{k}'; bots: {', '.join(BOT_KINDS)}")
        kinds.append(k)
        profiles.append(prof or None)
    return kinds, profiles


def make_bots(kinds: list, seed: int) -> list[Bot]:
    """One bot per seat from its kind; a Bot object in the list (e.g. a human seat) is used as it is."""
    return [k if isinstance(k, Bot) else Bot(k, random.Random(f"{seed}:{i}:{k}")) for i, k in enumerate(kinds)]


def _contract_card(v, want: int) -> int:
    """Toward a bid: win tricks while some are still wanted, lose them once the bid is reached."""
    cards, st, trump, suit = v.legal, v.strength, v.trump, v.suit
    idx = range(len(cards))

    def key(i: int) -> tuple:
        return (trump is not None and suit[cards[i]] == trump, st(cards[i]))
    if v.leading:
        return max(idx, key=key) if want > 0 else min(idx, key=key)
    winners = [i for i in idx if v.would_win(cards[i])]
    losers = [i for i in idx if i not in winners]
    if want > 0:
        return min(winners, key=key) if winners else min(idx, key=key)
    return max(losers, key=key) if losers else min(idx, key=key)


def smart_bid(v) -> int:
    """Bids from hand strength: top-two ranks and high trumps count as tricks (trick bids); in an
    auction for points, the points held plus the long suit decide whether to bid the smallest raise."""
    hand, st, top, suit = v.hand, v.strength, v.top, v.suit
    legal = v.legal
    bids = [b for b in legal if b is not None]
    if not bids:
        return 0
    if v.style == "auction":
        lengths: dict = {}
        for c in hand:
            lengths[suit[c]] = lengths.get(suit[c], 0) + 1
        est = sum(v.points[c] for c in hand) + sum(1 for c in hand if st(c) == top) + max(lengths.values(), default=0)
        ok = [b for b in bids if b <= est]
        if ok:
            return legal.index(min(ok))
        return legal.index(None) if None in legal else legal.index(min(bids))
    est = 0
    for c in hand:
        if v.trump is not None and suit[c] == v.trump:
            est += 1 if st(c) >= top - 4 else 0
        elif st(c) >= top - 1:
            est += 1
    best = min(bids, key=lambda b: (abs(b - est), b))
    return legal.index(best)


def smart_choice(v) -> int:
    """A yes/no switch offered to a trick winner: take it (1) when most of the rest of its hand is in the
    lower half of the ranks (the switch favours the cards it holds); otherwise decline (0)."""
    run = v.run
    hand = list(run.hand[v.seat])
    if not hand:
        return 0
    order = run.deck.orders["order"]
    top = max(order) or 1
    low = sum(1 for c in hand if order[c] <= top // 2)
    return 1 if low * 2 > len(hand) else 0

"""Bots choose among the legal choices a phase offers; they see only their seat's view.

`random` is seeded from the game seed (uniform over legal choices);
`smart` plays with simple card sense for point-avoidance trick games (see
`smart_card`; elsewhere it plays like `lowest`);
`lowest` and `highest` are deterministic: the lowest/highest legal card in
the canonical order (suit C<D<H<S, then rank 2..A, jokers last), the
smallest/largest bid. A choice with one legal option never asks the bot, so
it never consumes randomness.
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

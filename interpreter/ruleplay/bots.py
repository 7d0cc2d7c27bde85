"""Bots choose among the legal choices a phase offers; they see only their seat's view.

`random` is seeded from the game seed (uniform over legal choices);
`lowest` and `highest` are deterministic: the lowest/highest legal card in
the canonical order (suit C<D<H<S, then rank 2..A, jokers last), the
smallest/largest bid. A choice with one legal option never asks the bot, so
it never consumes randomness.
"""
from __future__ import annotations

import random
from typing import Sequence

BOT_KINDS = ("random", "lowest", "highest")


class Bot:
    def __init__(self, kind: str, rng: random.Random):
        self.kind = kind
        self.rng = rng

    def choose(self, keys: Sequence) -> int:
        """Index of the chosen option; `keys` are sort keys of the legal options (cards or bids)."""
        if self.kind == "random":
            return self.rng.randrange(len(keys))
        pick = min if self.kind == "lowest" else max
        return pick(range(len(keys)), key=keys.__getitem__)


def parse_bots(spec: str | None, players: int) -> list[str]:
    """'random' for every seat, or a comma list with one kind per seat."""
    kinds = (spec or "random").split(",")
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise ValueError(f"--bots lists {len(kinds)} bots for {players} players")
    for k in kinds:
        if k not in BOT_KINDS:
            raise ValueError(f"unknown bot '{k}'; bots: {', '.join(BOT_KINDS)}")
    return kinds


def make_bots(kinds: list[str], seed: int) -> list[Bot]:
    return [Bot(k, random.Random(f"{seed}:{i}:{k}")) for i, k in enumerate(kinds)]

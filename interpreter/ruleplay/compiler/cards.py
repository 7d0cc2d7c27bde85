"""Cards as small ints: a deck table built from the ruleset, and card names.

A card is an index into the deck's per-card lists (rank, suit, attributes,
order positions), so the per-card path never looks anything up by string.
Several decks shuffled together give several ints with the same name.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Callable

STANDARD_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
STANDARD_SUITS = ["C", "D", "H", "S"]
SUIT_ORDER = {s: i for i, s in enumerate(STANDARD_SUITS)}
RANK_ORDER = {r: i for i, r in enumerate(STANDARD_RANKS)}
JOKER = "JK"
RED = {"D", "H"}


def rank_symbol(raw: object) -> str:
    text = str(raw).upper()
    return "10" if text == "T" else text


def split_name(name: str) -> tuple[str, str | None]:
    """'10H' -> ('10', 'H'); 'TH' -> ('10', 'H'); 'JK' -> ('JK', None)."""
    text = str(name).strip().upper()
    if text in (JOKER, "JOKER"):
        return JOKER, None
    if len(text) < 2:
        raise ValueError(f"not a card name: {name!r}")
    return rank_symbol(text[:-1]), text[-1]


@dataclass
class Deck:
    names: list[str]
    rank: list[str]
    suit: list[str | None]
    joker: list[bool]
    attrs: dict[str, list[int]] = field(default_factory=dict)
    orders: dict[str, list[int]] = field(default_factory=dict)
    ranks: list[str] = field(default_factory=list)   # declared rank order, low to high
    suits: list[str] = field(default_factory=list)
    first_rank_high: bool = False     # in a run the first rank may also follow the last (A-2-3 and Q-K-A, not K-A-2)
    wild: frozenset = frozenset()     # the cards that stand for any card a set or run lacks (`deck: {wild: COND}`)
    # a `wild` that reads hand-number (Three Thirteen: the rank of the hand's size): bool over the table, read per
    # card for each hand (`for_hand`); `wild` above is then every card it makes wild in some hand (the bounds)
    wild_fn: Callable | None = None

    def __len__(self) -> int:
        return len(self.names)

    def for_hand(self, t) -> "Deck":
        """The deck as the hand under way on table `t` sees it: itself, or with `wild_fn`, a copy whose wild
        cards are this hand's (one copy per hand number, kept)."""
        if self.wild_fn is None:
            return self
        hands = self.__dict__.setdefault("_by_hand", {})
        got = hands.get(t.hand_number)
        if got is None:
            keep = t.card
            wild = []
            for c in range(len(self.names)):
                t.card = c
                if self.wild_fn(t):
                    wild.append(c)
            t.card = keep
            if len(hands) > 256:
                hands.clear()
            got = hands[t.hand_number] = copy.copy(self)
            got.wild_fn, got.wild = None, frozenset(wild)
            got.__dict__.pop("_by_hand", None)
        return got

    def canonical_key(self, card: int) -> tuple:
        """Bots' canonical order: suit (C<D<H<S, others after), then rank 2..A, jokers last."""
        keys = self.__dict__.get("_keys")
        if keys is None:          # computed once per deck: bots sort legal cards on every decision
            keys = self.__dict__["_keys"] = [self._key(c) for c in range(len(self.names))]
        return keys[card]

    def canonical_keys(self) -> list[tuple]:
        """canonical_key of every card, indexed by card."""
        self.canonical_key(0)
        return self.__dict__["_keys"]

    def _key(self, card: int) -> tuple:
        if self.joker[card]:
            return (99, 99, card)
        s = self.suit[card]
        return (SUIT_ORDER.get(s, 10 + self.suits.index(s) if s in self.suits else 50),
                RANK_ORDER.get(self.rank[card], 20 + self.ranks.index(self.rank[card])), card)

    def by_name(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for i, n in enumerate(self.names):
            out.setdefault(n, []).append(i)
        return out


def build_deck(ranks: list[str], suits: list[str], copies: int, jokers: int,
               strip: list[str], extra: list[str]) -> Deck:
    names: list[str] = []
    rank: list[str] = []
    suit: list[str | None] = []
    stripped = {rank_symbol(s) if len(str(s)) <= 2 and rank_symbol(s) in ranks else str(s).upper()
                for s in strip}
    for _ in range(copies):
        for s in suits:
            for r in ranks:
                name = f"{r}{s}"
                if name in stripped or r in stripped or s in stripped:
                    continue
                names.append(name)
                rank.append(r)
                suit.append(s)
    extras = [JOKER] * jokers + [str(e).upper() for e in extra]
    for e in extras:
        r, s = split_name(e)
        names.append(JOKER if s is None else f"{r}{s}")
        rank.append(r)
        suit.append(s)
    return Deck(names, rank, suit, [s is None for s in suit], ranks=list(ranks), suits=list(suits))

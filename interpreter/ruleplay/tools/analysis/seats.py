"""The main run of a side: sim's `Agg`, plus wins and final points by position from the first dealer.

A position is counted clockwise (in the table's direction) from the dealer of the game's first hand:
position 1 plays first (the dealer's left), position np is the dealer. Where the rules fix the first
dealer (`dealer: last-seat` or a seat) it is known; otherwise (`random`, `low-card`) it is read from the
`deal` event of the game's start, which stops at the first decision and costs a deal.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ruleplay.tools.sim import Agg, Spec, _rules, play_games


@dataclass
class SeatAgg:
    """`Agg` and the by-position counts; `merge` is exact and order-free like Agg's."""

    agg: Agg
    pos_wins: list[int] = field(default_factory=list)             # [position - 1]: games won
    pos_final: list[Counter] = field(default_factory=list)        # [position - 1]: histogram of final totals

    def __post_init__(self):
        n = self.agg.players
        if not self.pos_wins:
            self.pos_wins = [0] * n
            self.pos_final = [Counter() for _ in range(n)]

    @property
    def games(self) -> int:
        return self.agg.games

    @property
    def interrupted(self) -> bool:
        return self.agg.interrupted

    @interrupted.setter
    def interrupted(self, v: bool) -> None:
        self.agg.interrupted = v

    def add(self, result, dealer: int, direction: int) -> None:
        n = self.agg.players
        self.agg.add(result)
        pos = [((s - dealer) * direction - 1) % n for s in range(n)]      # 0 = plays first, n-1 = dealer
        for s in result.winners:
            self.pos_wins[pos[s]] += 1
        if result.scores is not None:
            for s, v in enumerate(result.scores):
                self.pos_final[pos[s]][v] += 1

    def merge(self, o: "SeatAgg") -> "SeatAgg":
        self.agg.merge(o.agg)
        for p in range(len(self.pos_wins)):
            self.pos_wins[p] += o.pos_wins[p]
            self.pos_final[p].update(o.pos_final[p])
        return self


def first_dealer(rules, seed: int) -> int:
    """The dealer of the game's first hand."""
    d = rules.dealer
    if d == "last-seat":
        return rules.players - 1
    if isinstance(d, int):
        return d
    from ruleplay.engine.state import Game
    state = Game(rules).new_initial_state(seed, None, log=True)
    return next(e["dealer"] for e in state.events() if e["event"] == "deal")


def seat_batch(spec: Spec, seed: int, start: int, stop: int) -> SeatAgg:
    """Games start..stop-1 as `sim.run_batch` plays them, with positions: simulate's `batch` for analyze."""
    rules = _rules(spec)
    out = SeatAgg(Agg(rules.players))
    for s, r in play_games(spec, seed, start, stop):
        out.add(r, first_dealer(rules, s), rules.direction)
    return out

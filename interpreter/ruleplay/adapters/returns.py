"""Returns in game points, for both adapters (OpenSpiel's and PettingZoo's), read from the compiled rules.

A game scored by totals whose match is won by the lowest (highest) total pays each seat its final total,
negated (as it is): general-sum, within the engine's caps (`MAX_HAND_POINTS` a hand, `max-hands` hands).
Any other game is won or lost: the winners share +1 and the losers -1 (nobody wins, or a cycle, the action
limit or a stuck game stops it: 0 each), zero-sum within [-1, 1].
"""
from __future__ import annotations

from ruleplay.engine.state import Game, State

MAX_HAND_POINTS = 10 ** 9        # the engine's cap on any int while playing (docs/limits.md)


def points_returns(game: Game, state: State) -> list[float]:
    """The `points` returns of a finished (or stopped) ruleplay state: see the module docstring."""
    rules = game.rules
    n = rules.players
    result = state.result()
    if result is None:
        return [0.0] * n
    if scored(rules):
        sign = -1.0 if rules.match.wins_by == "lowest" else 1.0
        return [float(sign * s) + 0.0 for s in result.scores]
    winners = set(result.winners) if result.outcome == "finished" else set()
    k = len(winners)
    if k in (0, n):
        return [0.0] * n
    return [1.0 / k if s in winners else -1.0 / (n - k) for s in range(n)]


def scored(rules) -> bool:
    """The game pays points: it scores, and its match is won by the lowest or the highest total."""
    m = rules.match
    return rules.scoring is not None and m is not None and m.winners is not None and m.mode in ("lowest", "highest")

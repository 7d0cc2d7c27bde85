"""The measures of one game, as pure functions of what was recorded: standings and choices.

A *standing* is one key per seat, higher is better (tools/analysis/shape.py says how a game's standing
is read: the match scores in the winning direction, else the cards a seat holds). From it each seat gets
CardStock's scaled rank `(np - rank) / (np - 1)` (1 = alone in the lead, 0 = alone last; tied seats share
the mean of their ranks), kept doubled as an integer (`rank2`) so that sums merge exactly.
CardStock's definitions (Goadrich et al., the CardStock blog "Heuristics Overview", "Order Heuristic"
and "Average Trend Graphs") are reproduced where a function says so; docs/analysis.md has the formulas.
"""
from __future__ import annotations

import math
from typing import Sequence

SCALE = 10_000          # per-game measures in [0, 1] (or slopes) are kept as integers in units of 1/SCALE


def rank2(keys: Sequence[float]) -> list[int]:
    """Each seat's scaled rank times 2(np - 1), an integer: 2np - 2(seats ahead) - (seats level, itself
    included) - 1. Four seats level: 3 each (0.5); alone ahead: 2(np - 1) (1.0); alone last: 0."""
    n = len(keys)
    out = []
    for k in keys:
        ahead = sum(1 for o in keys if o > k)
        level = sum(1 for o in keys if o == k)
        out.append(2 * n - 2 * ahead - level - 1)
    return out


def scaled(r2: int, n: int) -> float:
    """A `rank2` value as CardStock's scaled rank in [0, 1]."""
    return r2 / (2 * (n - 1))


def sole_leader(r2: Sequence[int]) -> int | None:
    """The seat alone in the lead (scaled rank 1), or None when the lead is shared."""
    top = 2 * (len(r2) - 1)
    leaders = [s for s, v in enumerate(r2) if v == top]
    return leaders[0] if len(leaders) == 1 else None


def lead_changes(history: Sequence[Sequence[int]]) -> int:
    """How often the sole leader changes seat over the game (ruleplay's count, after Browne's lead-change
    criterion): points with a shared lead are skipped, and the first sole leader is no change."""
    last, changes = None, 0
    for r2 in history:
        lead = sole_leader(r2)
        if lead is None:
            continue
        if last is not None and lead != last:
            changes += 1
        last = lead
    return changes


def drama_threshold(n: int) -> float:
    """CardStock's dthresh = (1 + (np - 2)/(np - 1)) / 2: half-way between the first and the second rank."""
    return (1 + (n - 2) / (n - 1)) / 2


def drama_security(path: Sequence[float], n: int) -> tuple[float, float]:
    """CardStock's Drama and Security from the eventual winner's scaled ranks through the game (`path`).

    dcount counts the points where the winner stood below dthresh; Drama is the mean of
    sqrt(dthresh - est) over those points (0 when the winner never trailed), Security is
    1 - dcount / moves (moves = points recorded)."""
    t = drama_threshold(n)
    below = [t - e for e in path if e < t]
    drama = sum(math.sqrt(d) for d in below) / len(below) if below else 0.0
    return drama, 1 - len(below) / len(path) if path else 1.0


def decided_at(history: Sequence[Sequence[int]], winner: int) -> float:
    """When the winner was decided: the fraction of the game's points before the point from which the
    eventual winner leads alone to the end (0: it led alone throughout; the last point is the result)."""
    m = len(history)
    last_not = -1
    for i, r2 in enumerate(history):
        if sole_leader(r2) != winner:
            last_not = i
    return (last_not + 1) / m if m else 0.0


def slope(ys: Sequence[float]) -> float:
    """The least-squares slope of ys against 0, 1, 2, ... (0 for fewer than two points)."""
    m = len(ys)
    if m < 2:
        return 0.0
    xbar = (m - 1) / 2
    ybar = sum(ys) / m
    num = sum((i - xbar) * (y - ybar) for i, y in enumerate(ys))
    den = sum((i - xbar) ** 2 for i in range(m))
    return num / den


def convergence(choices: Sequence[int]) -> float:
    """CardStock's Convergence of one game: 1 - (slope / 2 + 0.5), the slope of the number of choices
    against the decision's number in the game (choices narrowing toward the end give more than 0.5)."""
    return 1 - (slope(choices) / 2 + 0.5)


def order(win_rate: float, n: int) -> float:
    """CardStock's Order: (aiwp - ewp) / (1 - ewp), a bot's win rate alone against weaker players above
    the fair share ewp = 1/np, as a share of the most it could gain (1 = always wins, 0 = no better
    than chance, below 0 = worse)."""
    e = 1 / n
    return (win_rate - e) / (1 - e)


def fairness(first_wins: float, n: int) -> float:
    """CardStock's Fairness from the first player's win rate wp with every seat random: wp * np up to the
    fair share 1/np, then (-np/(np - 1)) wp + np/(np - 1) above it (1 = exactly fair, 0 = never or always wins)."""
    if first_wins <= 1 / n:
        return first_wins * n
    return -n / (n - 1) * first_wins + n / (n - 1)


def fixed(x: float) -> int:
    """A measure as an integer in units of 1/SCALE (histograms merge exactly; summaries divide back)."""
    return round(x * SCALE)

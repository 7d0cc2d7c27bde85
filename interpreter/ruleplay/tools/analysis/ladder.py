"""The skill ladder: one bot of a kind alone against weaker bots, in every seat on the same deals.

Each rung plays `games` games: the same first ceil(games / np) seeds with the bot in seat 0, then in seat
1, ... (so a seat's advantage cancels and every seat position sees the same deals). Its win rate gives
CardStock's Order (measures.order); its points per hand against the others' say how it wins.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ruleplay.tools import stats as S
from ruleplay.tools.analysis import measures as M
from ruleplay.tools.sim import Agg, Spec


@dataclass(frozen=True)
class Rung:
    bot: str                      # the stronger kind (ismcts:N included)
    against: str                  # the kind in every other seat
    games: int                    # games asked for (rounded up to a multiple of the seats)


def seat_specs(spec: Spec, rung: Rung, players: int) -> list[Spec]:
    """One Spec per seat position of the rung's bot (profiles stay as the side set them)."""
    out = []
    for s in range(players):
        bots = tuple(rung.bot if i == s else rung.against for i in range(players))
        out.append(replace(spec, bots=bots, label=f"{spec.name} [{rung.bot} in seat {s}]"))
    return out


def per_seat(rung: Rung, players: int) -> int:
    return max(1, math.ceil(rung.games / players))


def rung_report(rung: Rung, aggs: list[Agg]) -> dict:
    """The rung's result from its per-seat aggregates (aggs[s]: the bot in seat s)."""
    n = len(aggs)
    games = sum(a.games for a in aggs)
    wins = sum(a.wins[s] for s, a in enumerate(aggs))
    lo, hi = S.wilson(wins, games)
    rate = wins / games if games else math.nan
    out = {"bot": rung.bot, "against": rung.against, "games": games, "wins": wins, "win_rate": rate,
           "ci95": [lo, hi], "order": M.order(rate, n), "order_ci95": [M.order(lo, n), M.order(hi, n)]}
    hands = sum(a.scored_hands for a in aggs)
    if hands:
        mine = sum(a.hand_points[s] for s, a in enumerate(aggs)) / hands
        others = sum(sum(a.hand_points) - a.hand_points[s] for s, a in enumerate(aggs)) / hands / (n - 1)
        out |= {"points_per_hand": mine, "others_points_per_hand": others, "gain": mine - others}
    return out


def order_difference(base: dict, side: dict, n: int) -> dict:
    """A side's Order against the baseline's: the difference with Newcombe's interval (Order is linear in the
    win rate), the two-proportion test, and the ratio ("skill counts 30% more") when the baseline's is at
    least 0.1 (a ratio of two small orders says little)."""
    kb, nb, ks, ns = base["wins"], base["games"], side["wins"], side["games"]
    lo, hi = S.newcombe(kb, nb, ks, ns)
    _, p = S.two_proportion(kb, nb, ks, ns)
    scale = 1 - 1 / n
    d = side["order"] - base["order"]
    ratio = side["order"] / base["order"] - 1 if base["order"] >= 0.1 else None
    return {"diff": d, "ci95": [lo / scale, hi / scale], "p": p, "ratio": ratio}

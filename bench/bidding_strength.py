"""Do `smart` tables finish bidding games, and does `smart` beat `random` there?

    python bench/bidding_strength.py                  # 200 games of each bidding game, a few minutes
    python bench/bidding_strength.py -n 40 pitch      # a quick look at one

For each ruleset: an all-`smart` table (finished games, hands a game) and mixed tables with `smart`
in the even seats and `random` in the odd ones, then swapped (seat order cancels out). It prints the
share of games each kind wins (a seat among the winners; a partnership game's side wins together)
with a 95% Wilson interval over the games of both mixed runs. Games are seeded 0..n-1 (`sim`'s seeds).
"""
from __future__ import annotations

import argparse
import math

from ruleplay.pipeline import load
from ruleplay.tools.sim import Spec, simulate

GAMES = ["pitch", "five-hundred", "oh-hell", "spades", "one-card", "whist", "euchre", "knockout-whist"]


def wilson(k: int, n: int) -> str:
    """k of n as a percentage with its 95% Wilson interval."""
    if n == 0:
        return "-"
    z = 1.96
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * p:.1f}% [{100 * (mid - half):.1f}, {100 * (mid + half):.1f}]"


def table(name: str, n: int, jobs: int) -> str:
    players = load(name).players
    alike = simulate(Spec(name, bots=("smart",) * players), n, jobs=jobs).report()
    done = alike["outcomes"]["finished"]
    hands = alike["lengths"]["hands"]
    won = {"smart": 0, "random": 0}
    games = 0
    for first in ("smart", "random"):
        other = "random" if first == "smart" else "smart"
        bots = tuple(first if i % 2 == 0 else other for i in range(players))
        rep = simulate(Spec(name, bots=bots), n, jobs=jobs).report()
        games += rep["games"]
        for row in rep["win_rate"]:
            won[bots[row["seat"]]] += row["wins"]
    # a game is won by one kind when any of its seats wins (sides of partners win together)
    seats = {k: sum(1 for i in range(players) if (i % 2 == 0) == (k == "smart")) for k in won}
    return (f"{name:15s} all smart: finished {wilson(done, alike['games'])}, hands mean {hands['mean']:.1f} "
            f"median {hands['median']:.0f}\n{'':15s} mixed: smart seats win "
            f"{wilson(won['smart'], games * seats['smart'])} of seat-games, random seats "
            f"{wilson(won['random'], games * seats['random'])}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rulesets", nargs="*", default=GAMES)
    ap.add_argument("-n", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    for name in args.rulesets:
        print(table(name, args.n, args.jobs), flush=True)


if __name__ == "__main__":
    main()

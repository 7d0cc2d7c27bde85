"""ERS speed: games/s of Egyptian Ratscrew (4 players, default bots) through `sim`'s fast path.

    python bench/ers_speed.py                 # ers, 300 games, best of 3 CPU-time runs
    python bench/ers_speed.py -n 200 --ruleset ers-wikihow --profile   # plus a cProfile of one run

CPU time (`time.process_time`) rather than wall time: the machine is shared. Not a test.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from ruleplay.tools.sim import Spec, run_batch


def rate(spec: Spec, games: int) -> float:
    t = time.process_time()
    run_batch(spec, 0, 0, games)
    return games / (time.process_time() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=300, help="games per run")
    ap.add_argument("--ruleset", default="ers")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="print a cProfile of one run (top 25 by own time)")
    args = ap.parse_args()
    spec = Spec(args.ruleset, players=4)
    run_batch(spec, 0, 0, 5)          # load the rules (cached) and warm up
    rates = [rate(spec, args.n) for _ in range(args.repeats)]
    print(f"{args.ruleset} 4 players: {min(rates):.0f}..{max(rates):.0f} games/s (CPU), best of {args.repeats}: "
          f"{max(rates):.0f}")
    if args.profile:
        pr = cProfile.Profile()
        pr.runcall(run_batch, spec, 0, 0, args.n)
        pstats.Stats(pr).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()

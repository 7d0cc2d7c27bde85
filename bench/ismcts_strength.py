"""How strong is `--bots ismcts`? One `ismcts` seat against `smart` seats, paired with all-`smart` tables.

    python bench/ismcts_strength.py                 # 200 Hearts hands: a few minutes of CPU
    python bench/ismcts_strength.py -n 20 --jobs 2  # a quick look
    python bench/ismcts_strength.py --iterations 100

Hearts, one hand (`--set hands=single`, so a game is one hand and its scores are that hand's points):
game i is played twice on seed i, the deal being the same both times, once with `ismcts` in seat 0
and once with `smart` there; the other seats are `smart` in both. It prints seat 0's mean points a
hand each way, the three `smart` seats' mean beside the `ismcts` seat, and the paired difference,
each with a 95% interval (normal approximation; hands are independent). Fewer points is better.
Not a test: strength and time stay out of the test suite (tests/test_ismcts.py plays small seeded
games and marks a 100-hand campaign `slow`).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ruleplay.engine import play
from ruleplay.pipeline import load


def hand(args: tuple[int, str]) -> tuple[list[int], list[int]]:
    """Seat scores of seed `i` with the searcher in seat 0, and with `smart` there."""
    i, searcher = args
    rules = load("hearts", {"hands": "single"})
    strong = play(rules, i, log=False, bots=[searcher, "smart", "smart", "smart"]).scores
    plain = play(rules, i, log=False, bots=["smart"] * 4).scores
    return strong, plain


def interval(xs: list[float]) -> str:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float("nan")
    return f"{m:.2f} [{m - half:.2f}, {m + half:.2f}]"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=200, help="hands (seeds 0..n-1)")
    ap.add_argument("--iterations", type=int, default=None, help="ismcts iterations per decision (default: the bot's)")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    searcher = "ismcts" if args.iterations is None else f"ismcts:{args.iterations}"
    t0 = time.process_time()
    work = [(i, searcher) for i in range(args.n)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            rows = list(pool.map(hand, work, chunksize=4))
    else:
        rows = [hand(w) for w in work]
    strong0 = [s[0] for s, _ in rows]
    others = [x for s, _ in rows for x in s[1:]]
    plain0 = [p[0] for _, p in rows]
    print(f"Hearts, one hand, {args.n} hands, {searcher} in seat 0 vs smart (points a hand, 95% intervals)")
    rows_out = [(f"{searcher} in seat 0", strong0), ("the smart seats beside it", others),
                ("smart in seat 0, same deals", plain0),
                ("paired difference", [a - b for a, b in zip(strong0, plain0)])]
    for label, xs in rows_out:
        print(f"  {label:<28} {interval(xs)}")
    print(f"  CPU in this process: {time.process_time() - t0:.1f} s"
          + (" (the workers' is not counted)" if args.jobs > 1 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

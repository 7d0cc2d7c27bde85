"""How strong is `--bots ismcts`? One `ismcts` seat against `smart` seats, paired with all-`smart` tables.

    python bench/ismcts_strength.py                 # 200 Hearts hands: about 10 s of CPU
    python bench/ismcts_strength.py -n 20 --jobs 2  # a quick look
    python bench/ismcts_strength.py --iterations 100
    python bench/ismcts_strength.py --game one-card -n 300 --jobs 2   # contracts made, One Card

Hearts, one hand (`--set hands=single`, so a game is one hand and its scores are that hand's points):
game i is played twice on seed i, the deal being the same both times, once with `ismcts` in seat 0
and once with `smart` there; the other seats are `smart` in both. It prints seat 0's mean points a
hand each way, the three `smart` seats' mean beside the `ismcts` seat, and the paired difference,
each with a 95% interval (normal approximation; hands are independent). Fewer points is better.
With `--game one-card` (3 players, whole matches): match i is played twice on seed i, with the
searcher in seat 0 and with `smart` there; it prints, for seat 0 each way, the contracts it made of the
auctions it won (a Wilson 95% interval) and the matches it won. (Oh Hell's bids made per seat are a
counter of `ruleplay sim oh-hell -n 100 --bots ismcts,smart,smart,smart`: `rule:exact`.)
Not a test: strength and time stay out of the test suite (tests/test_ismcts.py plays small seeded
games and marks a 100-hand campaign `slow`).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ruleplay.agents import play
from ruleplay.pipeline import load


def hand(args: tuple[int, str]) -> tuple[list[int], list[int]]:
    """Seat scores of seed `i` with the searcher in seat 0, and with `smart` there."""
    i, searcher = args
    rules = load("hearts", {"hands": "single"})
    strong = play(rules, i, log=False, bots=[searcher, "smart", "smart", "smart"]).scores
    plain = play(rules, i, log=False, bots=["smart"] * 4).scores
    return strong, plain


def one_card(args: tuple[int, str]) -> tuple[tuple[int, int, bool], tuple[int, int, bool]]:
    """Seat 0's (auctions won, contracts made, match won) on seed `i`, with the searcher there and with `smart`."""
    i, searcher = args
    rules = load("one-card", {})
    return _contracts(play(rules, i, bots=[searcher, "smart", "smart"])), \
        _contracts(play(rules, i, bots=["smart", "smart", "smart"]))


def _contracts(result) -> tuple[int, int, bool]:
    won = made = 0
    bidder = None
    for e in result.events:
        if e["event"] == "auction":
            bidder = e.get("bidder")
        elif e["event"] == "score":
            if bidder == 0:
                won += 1
                made += not (e.get("rule") == "set" and 0 in e.get("who", []))
            bidder = None
    return won, made, 0 in result.winners


def wilson(made: int, n: int) -> str:
    if n == 0:
        return "no contracts"
    p, z = made / n, 1.96
    centre, half = (p + z * z / (2 * n)) / (1 + z * z / n), \
        z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return f"{100 * p:.1f}% [{100 * (centre - half):.1f}, {100 * (centre + half):.1f}] of {n}"


def interval(xs: list[float]) -> str:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float("nan")
    return f"{m:.2f} [{m - half:.2f}, {m + half:.2f}]"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=200, help="hands (seeds 0..n-1)")
    ap.add_argument("--iterations", type=int, default=None, help="ismcts iterations per decision (default: the bot's)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--game", choices=["hearts", "one-card"], default="hearts")
    args = ap.parse_args(argv)
    searcher = "ismcts" if args.iterations is None else f"ismcts:{args.iterations}"
    t0 = time.process_time()
    work = [(i, searcher) for i in range(args.n)]
    if args.game == "one-card":
        return _one_card_report(work, args, searcher)
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


def _one_card_report(work: list[tuple[int, str]], args, searcher: str) -> int:
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            rows = list(pool.map(one_card, work, chunksize=4))
    else:
        rows = [one_card(w) for w in work]
    print(f"One Card, 3 players, {args.n} matches, seat 0: contracts made of the auctions it won (95% interval)")
    for label, side in ((searcher, 0), ("smart", 1)):
        won = sum(r[side][0] for r in rows)
        made = sum(r[side][1] for r in rows)
        wins = sum(r[side][2] for r in rows)
        print(f"  {label:<10} {wilson(made, won)}; matches won {wins}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

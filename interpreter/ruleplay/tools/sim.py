"""Simulate many seeded games and compare rule variants: `ruleplay sim` and `ruleplay compare`.

Game i of a simulation with seed S plays `play(rules, game_seed(S, i))`, so
`ruleplay run --seed <game_seed(S, i)>` replays it, and the aggregate does not
depend on how the games are split among processes or Ray workers.

Nothing per game is kept: each batch of games folds into an `Agg` (integer
histograms and sums), batches merge exactly (integers only, in any order),
and memory stays flat however many games run. The family's own measures come
generically from `Result.stats` (per-seat counters the phases and named
scoring rules fill: `challenges-won`, `slaps:<pattern>`, `rule:moon`, ...).
"""
from __future__ import annotations

import contextlib
import math
import os
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from ruleplay.tools import stats as S
from ruleplay.tools.account import count
from ruleplay.errors import GameError

LENGTHS = ("actions", "cards_played", "tricks", "hands", "pile_takes", "rounds")
OUTCOMES = ("finished", "cycle", "limit", "stuck")
MAX_GAMES = 2 ** 32
MAX_JOBS = 64              # worker processes, whatever --jobs asks
JOBS_PER_CORE = 4
PR_SET_PDEATHSIG = 1       # prctl(2): a signal for the child when its parent dies (Linux)


def _shown(h: Counter) -> bool:
    """A length measure worth showing: it varies or is more than 1 (hands = 1 in every game says nothing)."""
    return any(h.keys() - {0, 1}) or len(h) > 1


def game_seed(seed: int, i: int) -> int:
    """The seed of game i in a simulation seeded `seed`: seed * 2**32 + i (seed 0 plays seeds 0, 1, 2, ...)."""
    return seed * MAX_GAMES + i


@dataclass(frozen=True)
class Spec:
    """What to simulate, as plain picklable values: workers load and compile the rules themselves."""

    ruleset: str
    sets: tuple[tuple[str, str], ...] = ()
    players: int | None = None
    bots: tuple[str, ...] | None = None
    profiles: tuple[str | None, ...] | None = None
    max_actions: int = 100_000
    label: str = ""
    include: tuple[str, ...] = ()       # directories `extends` may also read (--include)
    interpret: bool = False             # --interpret: never the generated code (codegen/)

    @property
    def name(self) -> str:
        return self.label or self.ruleset + "".join(f":{k}={v}" for k, v in self.sets)


_CACHE: dict[tuple, object] = {}


def _key(spec: Spec) -> tuple:
    """What the rules of a spec depend on (not its bots): specs differing only in bots share their rules."""
    return (spec.ruleset, spec.sets, spec.players, spec.include)


def _rules(spec: Spec):
    rules = _CACHE.get(_key(spec))
    if rules is None:
        from ruleplay.pipeline import load
        rules = _CACHE[_key(spec)] = load(spec.ruleset, dict(spec.sets), spec.players, spec.include)
    return rules


@dataclass
class Agg:
    """Aggregates of many games; `merge` is exact and order-free."""

    players: int
    games: int = 0
    outcomes: Counter = field(default_factory=Counter)
    lengths: dict[str, Counter] = field(default_factory=lambda: {k: Counter() for k in LENGTHS})
    wins: list[int] = field(default_factory=list)          # games each seat is among the winners
    shared_wins: int = 0                                    # games won by more than one seat, or side
    no_winner: int = 0
    counters: dict[str, list[int]] = field(default_factory=dict)       # name -> per-seat sum over games
    counter_games: dict[str, Counter] = field(default_factory=dict)    # name -> histogram of the per-game total
    scored: int = 0                                                    # games with scores
    interrupted: bool = False          # Ctrl-C stopped the run: the aggregate covers the finished batches
    score_sum: list[int] = field(default_factory=list)
    score_sq: list[int] = field(default_factory=list)
    hand_points: list[int] = field(default_factory=list)   # sum of hand scores over every hand, per seat
    scored_hands: int = 0
    hand_hist: list[Counter] = field(default_factory=list)  # per seat: histogram of its points in a hand
    hand_total: Counter = field(default_factory=Counter)    # histogram of a hand's points summed over the seats
    final_hist: list[Counter] = field(default_factory=list)  # per seat: histogram of its final total
    final_total: Counter = field(default_factory=Counter)   # histogram of the final totals summed over the seats
    counter_sq: dict[str, list[int]] = field(default_factory=dict)   # name -> per-seat sum of squares per game
    side: tuple = ()                   # each seat's team (partners win together: not a tie); () without teams

    def __post_init__(self):
        n = self.players
        for name in ("wins", "score_sum", "score_sq", "hand_points"):
            if not getattr(self, name):
                setattr(self, name, [0] * n)
        for name in ("hand_hist", "final_hist"):
            if not getattr(self, name):
                setattr(self, name, [Counter() for _ in range(n)])

    def add(self, r) -> None:
        self.games += 1
        self.outcomes[r.outcome] += 1
        ln = self.lengths
        ln["actions"][r.actions] += 1
        ln["cards_played"][r.cards_played] += 1
        ln["tricks"][r.tricks] += 1
        ln["hands"][r.hands] += 1
        ln["pile_takes"][r.pile_takes] += 1
        ln["rounds"][r.rounds] += 1
        w = r.winners
        if not w:
            self.no_winner += 1
        else:
            if len(w) > 1 and (not self.side or len({self.side[s] for s in w}) > 1):
                self.shared_wins += 1
            for s in w:
                self.wins[s] += 1
        for name, row in r.stats.items():
            acc = self.counters.get(name)
            if acc is None:
                acc = self.counters[name] = [0] * self.players
                self.counter_sq[name] = [0] * self.players
                # games before this one had the counter at 0
                self.counter_games[name] = Counter({0: self.games - 1}) if self.games > 1 else Counter()
            sq = self.counter_sq[name]
            for s, v in enumerate(row):
                acc[s] += v
                sq[s] += v * v
            self.counter_games[name][sum(row)] += 1
        for name, h in self.counter_games.items():
            if name not in r.stats:
                h[0] += 1
        if r.scores is not None:
            self.scored += 1
            for s, v in enumerate(r.scores):
                self.score_sum[s] += v
                self.score_sq[s] += v * v
                self.final_hist[s][v] += 1
            self.final_total[sum(r.scores)] += 1
            for hs in r.hand_scores or ():
                self.scored_hands += 1
                for s, v in enumerate(hs):
                    self.hand_points[s] += v
                    self.hand_hist[s][v] += 1
                self.hand_total[sum(hs)] += 1

    def merge(self, o: "Agg") -> "Agg":
        for name, h in o.counter_games.items():
            if name not in self.counter_games:
                self.counters[name] = [0] * self.players
                self.counter_sq[name] = [0] * self.players
                self.counter_games[name] = Counter({0: self.games}) if self.games else Counter()
        for name, h in self.counter_games.items():
            if name not in o.counter_games and o.games:
                h[0] += o.games
        for name, row in o.counters.items():
            acc, sq = self.counters[name], self.counter_sq[name]
            for s, (v, v2) in enumerate(zip(row, o.counter_sq[name])):
                acc[s] += v
                sq[s] += v2
            self.counter_games[name].update(o.counter_games[name])
        self.games += o.games
        self.outcomes.update(o.outcomes)
        for k, h in o.lengths.items():
            self.lengths[k].update(h)
        for lst in ("wins", "score_sum", "score_sq", "hand_points"):
            mine, theirs = getattr(self, lst), getattr(o, lst)
            for s in range(self.players):
                mine[s] += theirs[s]
        for lst in ("hand_hist", "final_hist"):
            for mine, theirs in zip(getattr(self, lst), getattr(o, lst)):
                mine.update(theirs)
        self.hand_total.update(o.hand_total)
        self.final_total.update(o.final_total)
        self.shared_wins += o.shared_wins
        self.no_winner += o.no_winner
        self.scored += o.scored
        self.scored_hands += o.scored_hands
        return self

    # ------------------------------------------------------------ report
    def report(self) -> dict:
        n = self.games
        out: dict = {"games": n, "players": self.players}
        out["outcomes"] = {k: self.outcomes.get(k, 0) for k in OUTCOMES} | \
            {k: v for k, v in sorted(self.outcomes.items()) if k not in OUTCOMES}
        out["lengths"] = {k: S.summary(self.lengths[k]) for k in LENGTHS if _shown(self.lengths[k])}
        out["win_rate"] = [{"seat": s, "wins": w, "rate": w / n if n else math.nan,
                            "ci95": list(S.wilson(w, n))} for s, w in enumerate(self.wins)]
        out["no_winner"] = self.no_winner
        out["shared_wins"] = self.shared_wins
        out["counters"] = {
            name: {"per_seat": list(row), "per_game": S.summary(self.counter_games[name]),
                   "games_with": n - self.counter_games[name].get(0, 0)}
            for name, row in sorted(self.counters.items())}
        if self.scored:
            out["scores"] = {
                "games": self.scored,
                "mean_final": [v / self.scored for v in self.score_sum],
                "sd_final": [math.sqrt(max(0.0, (sq - sm * sm / self.scored) / max(self.scored - 1, 1)))
                             for sm, sq in zip(self.score_sum, self.score_sq)],
                "points_per_hand": [v / self.scored_hands for v in self.hand_points] if self.scored_hands else None,
                "hands": self.scored_hands,
                "hand_summary": [S.summary(h) for h in self.hand_hist] if self.scored_hands else None,
                "hand_total_summary": S.summary(self.hand_total) if self.scored_hands else None,
                "final_summary": [S.summary(h) for h in self.final_hist],
                "final_total_summary": S.summary(self.final_total),
            }
        return out


# ------------------------------------------------------------------ running
def play_games(spec: Spec, seed: int, start: int, stop: int) -> Iterable[tuple[int, object]]:
    """(game seed, Result) of games start..stop-1 of a simulation, played on the fast path."""
    from ruleplay.codegen import play
    rules = _rules(spec)
    bots = list(spec.bots) if spec.bots else None
    profiles = list(spec.profiles) if spec.profiles else None
    for i in range(start, stop):
        s = game_seed(seed, i)
        yield s, play(rules, s, None, spec.max_actions, log=False, bots=bots, profiles=profiles,
                      interpret_only=spec.interpret)


def run_batch(spec: Spec, seed: int, start: int, stop: int) -> Agg:
    """Play games start..stop-1 of a simulation; a top-level function so spawned processes and Ray can call it."""
    rules = _rules(spec)
    teams = rules.teams or []
    agg = Agg(rules.players, side=tuple(next((i for i, team in enumerate(teams) if s in team), -1 - s)
                                        for s in range(rules.players)) if teams else ())
    for _, r in play_games(spec, seed, start, stop):
        agg.add(r)
    return agg


def _run_batch_star(args) -> Agg:
    batch, *rest = args
    return batch(*rest)


def _chunks(n: int, workers: int, most: int = 2000) -> list[tuple[int, int]]:
    """Batches of games: about 8 per worker for balance, never more than `most` games each."""
    size = max(1, min(most, math.ceil(n / (workers * 8))))
    return [(a, min(n, a + size)) for a in range(0, n, size)]


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def max_jobs() -> int:
    """More processes than this only cost memory and forks: the games are CPU-bound."""
    return min(MAX_JOBS, JOBS_PER_CORE * default_jobs())


def check_jobs(asked: int | None) -> int:
    """The worker processes for `--jobs`: all cores when not given, at least 1, at most `max_jobs()`."""
    if asked is None:
        return default_jobs()
    if asked < 1:
        raise GameError(f"--jobs {asked}: the number of worker processes must be at least 1")
    return min(asked, max_jobs())


def _worker_init(parent: int) -> None:
    """A worker ends with its parent, quietly: Ctrl-C is the parent's to handle (it stops the pool), the pool's
    terminate (SIGTERM) ends the worker at once, and on Linux the kernel sends that SIGTERM when the parent dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    with contextlib.suppress(OSError, AttributeError):
        import ctypes
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:          # the parent died before prctl took effect
        os._exit(0)


def check_spec(spec: Spec) -> object:
    """Load the rules once in this process, so errors show before any worker starts."""
    return _rules(spec)


@dataclass(frozen=True)
class Task:
    """One simulation among several run together (`simulate_many`): `games` games of `spec` folded by `batch`."""

    spec: Spec
    games: int
    batch: Callable | None = None   # None: run_batch

    @property
    def fold(self) -> Callable:
        return self.batch or run_batch


def simulate(spec: Spec, games: int, seed: int = 0, jobs: int | None = None, backend: str = "local",
             ray_address: str | None = None, progress: Callable[[int], None] | None = None,
             batch: Callable = run_batch) -> Agg:
    """Play `games` games of `spec` and return the aggregate; the same for every `jobs` and backend.

    `batch(spec, seed, start, stop)` plays games start..stop-1 into an aggregate with `games`, `merge` and
    `interrupted` (default `run_batch`, an `Agg`); `batch(spec, seed, 0, 0)` is the empty one. It must be
    a top-level function, so worker processes and Ray can call it (tools/analysis measures its own way)."""
    return simulate_many([Task(spec, games, batch)], seed, jobs, backend, ray_address, progress)[0]


def simulate_many(tasks: list[Task], seed: int = 0, jobs: int | None = None, backend: str = "local",
                  ray_address: str | None = None, progress: Callable[[int], None] | None = None) -> list:
    """`simulate` for several tasks at once, over one pool of workers (or one Ray job): their aggregates,
    in order. Each is the same as its own `simulate`: its batches merge exactly whatever the order."""
    for t in tasks:
        if t.games < 1:
            raise GameError("the number of games (-n) must be at least 1")
        if t.games > MAX_GAMES:
            raise GameError(f"at most {MAX_GAMES} games in one simulation")
        check_spec(t.spec)
    aggs = [t.fold(t.spec, seed, 0, 0) for t in tasks]
    if backend == "ray":
        return _simulate_ray(tasks, seed, ray_address, aggs, progress)
    if backend != "local":
        raise GameError(f"unknown backend '{backend}'; backends: local, ray")
    jobs = check_jobs(jobs)
    work = [(k, (t.fold, t.spec, seed, a, b)) for k, t in enumerate(tasks) for a, b in _chunks(t.games, jobs)]
    jobs = min(jobs, len(work))
    try:
        if jobs == 1:
            for k, args in work:
                part = _run_batch_star(args)
                aggs[k].merge(part)
                if progress:
                    progress(part.games)
            return aggs
        import multiprocessing as mp
        with mp.get_context().Pool(jobs, _worker_init, (os.getpid(),)) as pool:
            for k, part in pool.imap_unordered(_keyed_batch, work):
                aggs[k].merge(part)
                if progress:
                    progress(part.games)
    except KeyboardInterrupt:
        # Ctrl-C: keep the batches that finished; the caller reports them as a partial result.
        for a in aggs:
            a.interrupted = True
    return aggs


def _keyed_batch(item):
    k, args = item
    return k, _run_batch_star(args)


def _simulate_ray(tasks: list[Task], seed: int, address: str | None, aggs: list, progress) -> list:
    try:
        import ray
    except ImportError:
        raise GameError("--backend ray needs Ray: pip install 'ruleplay[ray]'") from None
    if not ray.is_initialized():
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False, include_dashboard=False,
                 logging_level="ERROR")
    cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
    remote = ray.remote(_run_batch_star)
    pending = {remote.remote((t.fold, t.spec, seed, a, b)): k
               for k, t in enumerate(tasks) for a, b in _chunks(t.games, cpus, most=5000)}
    while pending:
        done, _ = ray.wait(list(pending), num_returns=1)
        part = ray.get(done[0])
        aggs[pending.pop(done[0])].merge(part)
        if progress:
            progress(part.games)
    return aggs


def _rate(per_second: float) -> str:
    """Games a second as a person reads it: whole numbers, and a slow run's tenths (0.4, not 0: t43)."""
    return f"{per_second:.0f}" if per_second >= 10 else f"{per_second:.1f}"


class Progress:
    """A progress bar on a terminal (rich), nothing otherwise."""

    def __init__(self, total: int, label: str, enabled: bool):
        self.bar = None
        if not enabled:
            return
        try:
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress as RichProgress, TextColumn,
                                       TimeElapsedColumn, TimeRemainingColumn)
            from rich.console import Console
        except ImportError:
            return
        self.bar = RichProgress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                TimeElapsedColumn(), TimeRemainingColumn(),
                                console=Console(file=sys.stderr), transient=True)
        self.task = self.bar.add_task(label, total=total)

    def __enter__(self):
        if self.bar:
            self.bar.start()
        return self

    def __exit__(self, *exc):
        if self.bar:
            self.bar.stop()

    def __call__(self, k: int) -> None:
        if self.bar:
            self.bar.advance(self.task, k)


# ------------------------------------------------------------------ side syntax
def parse_side(text: str) -> tuple[str, dict[str, str]]:
    """A compare side: RULESET or RULESET:NAME=VALUE[,NAME=VALUE...] (a file that exists is taken whole)."""
    if Path(text).exists() or ":" not in text:
        return text, {}
    ref, _, opts = text.partition(":")
    if not ref:
        raise GameError(f"side '{text}': no ruleset before ':'")
    sets: dict[str, str] = {}
    for item in opts.split(","):
        if not item.strip():
            continue
        if "=" not in item:
            raise GameError(f"side '{text}': expected NAME=VALUE after ':', got '{item}'")
        k, v = item.split("=", 1)
        sets[k.strip()] = v.strip()
    return ref, sets


# ------------------------------------------------------------------ text output
def _fmt(x: float, nd: int = 1) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    if isinstance(x, int) or float(x).is_integer():
        return f"{int(x)}"
    return f"{x:.{nd}f}"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


LABELS = {"actions": "actions", "cards_played": "cards played", "tricks": "tricks", "hands": "hands",
          "pile_takes": "pile takes", "rounds": "rounds"}


def write_report(rep: dict, head: str, out) -> None:
    n = rep["games"]
    print(head, file=out)
    oc = ", ".join(f"{k} {v} ({_pct(v / n)})" for k, v in rep["outcomes"].items() if v or k == "finished")
    print(f"Outcomes: {oc}", file=out)
    print(f"\n{'length':14} {'mean':>9} {'median':>8} {'p5':>8} {'p95':>8} {'max':>8}", file=out)
    for k, s in rep["lengths"].items():
        print(f"{LABELS[k]:14} {s['mean']:9.1f} {_fmt(s['median']):>8} {_fmt(s['p5']):>8} {_fmt(s['p95']):>8} "
              f"{s['max']:8d}", file=out)
    print("\nwin rate (95% Wilson interval)", file=out)
    for w in rep["win_rate"]:
        lo, hi = w["ci95"]
        print(f"  seat {w['seat']:<3} {_pct(w['rate']):>6}  [{_pct(lo)}, {_pct(hi)}]  {w['wins']} wins", file=out)
    if rep["no_winner"]:
        print(f"  no winner {_pct(rep['no_winner'] / n):>6}", file=out)
    if rep["shared_wins"]:
        print(f"  shared    {_pct(rep['shared_wins'] / n):>6}  (games with tied winners count for each)", file=out)
    if rep["counters"]:
        seats = rep["players"]
        print(f"\n{'counter':22} {'per game':>9} {'games with':>11}  per seat (total)", file=out)
        for name, c in rep["counters"].items():
            print(f"{name:22} {c['per_game']['mean']:9.2f} {_pct(c['games_with'] / n):>11}  " +
                  " ".join(f"{v:>8}" for v in c["per_seat"][:seats]), file=out)
    sc = rep.get("scores")
    if sc:
        games = sc.get("games", 0)
        print(f"\nscores per seat: mean final total ({count(games, 'game')})" +
              (f"; points per hand ({count(sc['hands'], 'hand')} scored: a game stopped as a limit or a cycle "
               "scores none)" if sc["points_per_hand"] else ""), file=out)
        print("  final     " + " ".join(f"{v:8.2f}" for v in sc["mean_final"]), file=out)
        if sc["points_per_hand"]:
            print("  per hand  " + " ".join(f"{v:8.2f}" for v in sc["points_per_hand"]), file=out)


def report_rows(rep: dict) -> Iterable[tuple]:
    """The report as tidy rows (section, measure, seat, statistic, value) for --csv."""
    yield ("meta", "games", "", "count", rep["games"])
    for k, v in rep["outcomes"].items():
        yield ("outcome", k, "", "count", v)
    for k, s in rep["lengths"].items():
        for stat, v in s.items():
            yield ("length", k, "", stat, v)
    for w in rep["win_rate"]:
        yield ("win", "win_rate", w["seat"], "rate", w["rate"])
        yield ("win", "win_rate", w["seat"], "ci95_low", w["ci95"][0])
        yield ("win", "win_rate", w["seat"], "ci95_high", w["ci95"][1])
        yield ("win", "wins", w["seat"], "count", w["wins"])
    yield ("win", "no_winner", "", "count", rep["no_winner"])
    for name, c in rep["counters"].items():
        for s, v in enumerate(c["per_seat"]):
            yield ("counter", name, s, "total", v)
        yield ("counter", name, "", "per_game_mean", c["per_game"]["mean"])
        yield ("counter", name, "", "games_with", c["games_with"])
    sc = rep.get("scores")
    if sc:
        for s, v in enumerate(sc["mean_final"]):
            yield ("score", "mean_final", s, "mean", v)
        for s, v in enumerate(sc["points_per_hand"] or []):
            yield ("score", "points_per_hand", s, "mean", v)


def write_csv(rows: Iterable[tuple], header: tuple, path: str) -> None:
    import csv
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(rows)


# ------------------------------------------------------------------ compare
def rate_diff(measure: str, kb: int, nb: int, ks: int, ns: int, side: str, index: int) -> dict:
    """A row comparing two rates: Newcombe's interval of the difference, the pooled two-proportion test."""
    z, p = S.two_proportion(kb, nb, ks, ns)
    lo, hi = S.newcombe(kb, nb, ks, ns)
    return {"side": side, "index": index, "measure": measure, "kind": "rate", "base": kb / nb, "value": ks / ns,
            "diff": ks / ns - kb / nb, "ci95": [lo, hi], "test": "two-proportion", "p": p}


def mean_diff(measure: str, hb: Counter, hs: Counter, side: str, index: int) -> dict:
    """A row comparing two histograms: Welch's interval of the mean difference, Mann-Whitney, the medians."""
    d, lo, hi, _ = S.welch(hb, hs)
    _, p, eff = S.mann_whitney(hs, hb)
    return {"side": side, "index": index, "measure": measure, "kind": "mean", "base": S.hist_mean_var(hb)[0],
            "value": S.hist_mean_var(hs)[0], "diff": d, "ci95": [lo, hi],
            "base_median": S.percentile(hb, 50), "median": S.percentile(hs, 50),
            "test": "Mann-Whitney", "p": p, "p_longer": eff}


def compare_rows(names: list[str], aggs: list[Agg]) -> list[dict]:
    """Every side against the first: rates by two-proportion tests (Newcombe interval of the difference),
    lengths and counters by Welch intervals of the mean difference and Mann-Whitney; Holm-adjusted p values."""
    base = aggs[0]
    rows: list[dict] = []
    nb = base.games

    def rate_row(measure, kb, ks, ns, side):
        rows.append(rate_diff(measure, kb, nb, ks, ns, side, k))

    def moments_row(measure, mb, ms, side):
        d, lo, hi, p = S.welch_moments(mb, ms)
        rows.append({"side": side, "index": k, "measure": measure, "kind": "mean", "base": mb[0], "value": ms[0],
                     "diff": d, "ci95": [lo, hi], "base_median": None, "median": None, "test": "Welch", "p": p})

    def dist_row(measure, hb, hs, side):
        rows.append(mean_diff(measure, hb, hs, side, k))

    for k, name in enumerate(names[1:], 1):
        a = aggs[k]
        ns = a.games
        for oc in sorted(set(base.outcomes) | set(a.outcomes)):
            if oc != "finished" or len(set(base.outcomes) | set(a.outcomes)) > 1:
                rate_row(f"outcome {oc}", base.outcomes.get(oc, 0), a.outcomes.get(oc, 0), ns, name)
        for ln in LENGTHS:
            if _shown(base.lengths[ln]) or _shown(a.lengths[ln]):
                dist_row(LABELS[ln], base.lengths[ln], a.lengths[ln], name)
        for s in range(min(base.players, a.players)):
            rate_row(f"win seat {s}", base.wins[s], a.wins[s], ns, name)
        for c in sorted(set(base.counters) | set(a.counters)):
            zero_b = Counter({0: nb})
            zero_a = Counter({0: ns})
            dist_row(f"{c} /game", base.counter_games.get(c, zero_b), a.counter_games.get(c, zero_a), name)
            for s in range(min(base.players, a.players)):
                moments_row(f"{c} seat {s} /game", _counter_moments(base, c, s), _counter_moments(a, c, s), name)
        if base.scored and a.scored:
            if base.scored_hands and a.scored_hands:
                for s in range(min(base.players, a.players)):
                    dist_row(f"points/hand seat {s}", base.hand_hist[s], a.hand_hist[s], name)
                dist_row("points/hand total", base.hand_total, a.hand_total, name)
            for s in range(min(base.players, a.players)):
                dist_row(f"points/game seat {s}", base.final_hist[s], a.final_hist[s], name)
            dist_row("points/game total", base.final_total, a.final_total, name)
    adj = S.holm([r["p"] for r in rows])
    for r, p in zip(rows, adj):
        r["p_holm"] = p
    return rows


def _counter_moments(a: Agg, name: str, seat: int) -> tuple[float, float, int]:
    """A counter's per-game (mean, variance, n) for one seat: 0 in every game where it never counted."""
    if name not in a.counters:
        return (0.0, 0.0, a.games)
    return S.moments_mean_var(a.games, a.counters[name][seat], a.counter_sq[name][seat])


def write_compare(names: list[str], rows: list[dict], out, games: int, head: str) -> None:
    print(head, file=out)
    for i, n in enumerate(names):
        print(f"  {chr(65 + i)} = {n}", file=out)
    for k in range(1, len(names)):
        letter = chr(65 + k)
        w = max([24] + [len(r["measure"]) for r in rows])
        print(f"\n{'measure':{w}} {'A':>10} {letter:>10} {letter + '-A':>9}  {'95% interval':>21}  {'p':>8}  test",
              file=out)
        for r in rows:
            if r["index"] != k:
                continue
            mark = " *" if r["p_holm"] < 0.05 else ""
            if r["kind"] == "rate":
                a, b, d = _pct(r["base"]), _pct(r["value"]), f"{100 * r['diff']:+.1f}pt"
                ci = f"[{100 * r['ci95'][0]:+.1f}, {100 * r['ci95'][1]:+.1f}]"
            else:
                a, b, d = f"{r['base']:.2f}", f"{r['value']:.2f}", f"{r['diff']:+.2f}"
                ci = f"[{r['ci95'][0]:+.2f}, {r['ci95'][1]:+.2f}]"
            p = f"{r['p']:.2g}" if r["p"] >= 1e-4 else "<1e-4"
            extra = f" (medians {_fmt(r['base_median'])} vs {_fmt(r['median'])})" \
                if r["kind"] == "mean" and r.get("median") is not None else ""
            print(f"{r['measure']:{w}} {a:>10} {b:>10} {d:>9}  {ci:>21}  {p:>8}{mark}  {r['test']}{extra}", file=out)
    print("\nmeans and rates per game (points/hand: per hand); * = significant at 5% after Holm's adjustment over all rows; "
          "the same seeds on every side (common random numbers).", file=out)


# ------------------------------------------------------------------ plots
def plot(names: list[str], aggs: list[Agg], path: str, measure: str | None = None) -> None:
    """Overlaid length histograms and win-rate bars with 95% Wilson intervals, one colour per side."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise GameError("--plot needs matplotlib: pip install 'ruleplay[plot]'") from None
    if measure is None:
        measure = next((k for k in ("hands", "cards_played", "tricks", "actions")
                        if all(len(a.lengths[k]) > 1 for a in aggs)), "actions")
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.5))
    hi = max(S.percentile(a.lengths[measure], 99) for a in aggs)
    lo = min(min(a.lengths[measure]) for a in aggs)
    step = max(1, math.ceil((hi - lo + 1) / 50))          # integer-aligned bins
    bins = [lo - 0.5 + step * i for i in range(int((hi - lo) // step) + 2)]
    for name, a in zip(names, aggs):
        h = a.lengths[measure]
        vals = sorted(h)
        ax1.hist(vals, weights=[h[v] / a.games for v in vals], bins=bins, histtype="step",
                 linewidth=1.5, label=f"{name} (median {_fmt(S.percentile(h, 50))})")
    ax1.set_xlabel(f"{LABELS[measure]} per game (up to the 99th percentile)")
    ax1.set_ylabel("share of games")
    ax1.legend(fontsize=8)
    seats = min(a.players for a in aggs)
    width = 0.8 / len(aggs)
    for k, (name, a) in enumerate(zip(names, aggs)):
        rates = [w / a.games for w in a.wins[:seats]]
        cis = [S.wilson(w, a.games) for w in a.wins[:seats]]
        err = [[r - c[0] for r, c in zip(rates, cis)], [c[1] - r for r, c in zip(rates, cis)]]
        ax2.bar([s + k * width for s in range(seats)], rates, width, yerr=err, capsize=3, label=name)
    ax2.set_xticks([s + width * (len(aggs) - 1) / 2 for s in range(seats)])
    ax2.set_xticklabels([f"seat {s}" for s in range(seats)])
    ax2.set_ylabel("win rate (95% Wilson interval)")
    ax2.legend(fontsize=8)
    fig.suptitle(f"{aggs[0].games} games" + (" per side, the same seeds" if len(aggs) > 1 else ""))
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


# ------------------------------------------------------------------ CLI glue
def add_arguments(sp, compare: bool, outputs: bool = True) -> None:
    """sim's and compare's options (`outputs=False`: without --json/--csv/--plot, for a command with its own)."""
    if compare:
        sp.add_argument("sides", nargs="+", metavar="SIDE",
                        help="RULESET or RULESET:NAME=VALUE[,NAME=VALUE...]; the first is the baseline")
    else:
        sp.add_argument("ruleset", help="a built-in name or a path to a .yaml file")
    sp.add_argument("-n", "--games", type=int, default=1000, help="games to play (per side); default 1000")
    sp.add_argument("--seed", type=int, default=0, help="game i plays seed SEED*2**32+i; default 0")
    sp.add_argument("--jobs", "-j", type=int, default=None, help="local processes; default all cores")
    sp.add_argument("--backend", choices=("local", "ray"), default="local")
    sp.add_argument("--ray-address", default=None, help="a Ray cluster (ray.init(address=...)); local Ray if absent")
    sp.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="set a house-rule option (repeatable; in compare, for every side)")
    sp.add_argument("--include", action="append", default=[], metavar="DIR",
                    help="a directory whose rule files `extends` may also read (repeatable)")
    sp.add_argument("--players", type=int, help="number of players (within the ruleset's range)")
    sp.add_argument("--bots", default="random", help="as for run: random|lowest|highest|smart|ismcts[:N], or one per seat (default: random)")
    sp.add_argument("--max-actions", type=int, default=100_000, help="a game stops as 'limit' here (default 100000)")
    if outputs:
        g = sp.add_mutually_exclusive_group()
        g.add_argument("--json", action="store_true", help="print the report as one JSON object")
        g.add_argument("--csv", metavar="FILE", help="write the report as tidy CSV rows")
        sp.add_argument("--plot", metavar="FILE.png", help="length histograms and win-rate bars (needs ruleplay[plot])")
    sp.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    sp.add_argument("--interpret", action="store_true", help="run on the interpreter (the reference), never "
                    "on generated code")


def _spec(ref: str, sets: dict, args, label: str = "") -> Spec:
    from ruleplay.agents import parse_bots
    from ruleplay.pipeline import load
    include = tuple(getattr(args, "include", ()))
    rules = load(ref, sets, args.players, include)
    kinds, profiles = parse_bots(args.bots, rules.players)
    from ruleplay.agents.ismcts import unsearched_notes
    for note in unsearched_notes(rules, kinds):
        print(f"note: {note}", file=sys.stderr)
    if args.max_actions < 1:
        raise GameError("--max-actions must be at least 1")
    spec = Spec(ref, tuple(sorted(sets.items())), args.players, tuple(kinds), tuple(profiles), args.max_actions,
                label, include, args.interpret)
    _CACHE[_key(spec)] = rules
    return spec


def _run_spec(spec: Spec, args, label: str) -> tuple[Agg, float]:
    show = not args.quiet and sys.stderr.isatty()
    t0 = time.perf_counter()
    with Progress(args.games, label, show) as bar:
        agg = simulate(spec, args.games, args.seed, args.jobs, args.backend, args.ray_address, bar)
    return agg, time.perf_counter() - t0


def _jobs_text(args) -> str:
    if args.backend == "ray":
        return "Ray" + (f" at {args.ray_address}" if args.ray_address else " (local)")
    return f"{check_jobs(args.jobs)} jobs"


def _check_jobs_arg(args) -> None:
    """Refuse --jobs 0 before any work, and say so when --jobs asks for more processes than are used."""
    if args.backend != "local":
        return
    jobs = check_jobs(args.jobs)
    if args.jobs is not None and jobs < args.jobs:
        print(f"note: --jobs {args.jobs} is capped at {jobs} processes ({JOBS_PER_CORE} per core, at most "
              f"{MAX_JOBS})", file=sys.stderr)


def cmd_sim(args, sets: dict) -> int:
    import json
    _check_jobs_arg(args)
    spec = _spec(args.ruleset, sets, args)
    rules = _rules(spec)
    agg, secs = _run_spec(spec, args, rules.name)
    if agg.interrupted and not agg.games:
        print("interrupted before any game completed", file=sys.stderr)
        return 130
    rep = agg.report()
    rep["ruleset"] = rules.name
    rep["options"] = dict(rules.options)
    rep["seed"] = args.seed
    rep["bots"] = list(spec.bots)
    if args.json:
        print(json.dumps(rep))
    elif args.csv:
        write_csv(report_rows(rep), ("section", "measure", "seat", "statistic", "value"), args.csv)
    else:
        head = (f"{rules.title} ({rules.name}): {agg.games} games, seed {args.seed}, {_jobs_text(args)}, "
                f"{secs:.1f} s ({_rate(agg.games / secs)} games/s)")
        write_report(rep, head, sys.stdout)
    if args.plot:
        plot([rules.name], [agg], args.plot)
    if agg.interrupted:
        print(f"interrupted: {agg.games} of {args.games} games completed; the report covers those "
              "(which ones depends on timing, so it is not reproducible)", file=sys.stderr)
        return 130
    return 0


def cmd_compare(args, sets: dict) -> int:
    import json
    if len(args.sides) < 2:
        raise GameError("compare needs at least two sides")
    _check_jobs_arg(args)
    specs, names, aggs = [], [], []
    secs = 0.0
    for side in args.sides:
        ref, own = parse_side(side)
        spec = _spec(ref, sets | own, args, side)
        specs.append(spec)
        names.append(side)
    for spec, name in zip(specs, names):
        agg, s = _run_spec(spec, args, name)
        aggs.append(agg)
        secs += s
    rows = compare_rows(names, aggs)
    if args.json:
        print(json.dumps({"sides": names, "games": args.games, "seed": args.seed,
                          "reports": [a.report() for a in aggs], "comparisons": rows}))
    elif args.csv:
        def flat():
            for r in rows:
                yield (r["side"], r["measure"], r["base"], r["value"], r["diff"], r["ci95"][0], r["ci95"][1],
                       r["test"], r["p"], r["p_holm"])
        write_csv(flat(), ("side", "measure", "baseline", "value", "diff", "ci95_low", "ci95_high", "test", "p",
                           "p_holm"), args.csv)
    else:
        head = f"{args.games} games per side, seed {args.seed}, {_jobs_text(args)}, {secs:.1f} s"
        write_compare(names, rows, sys.stdout, args.games, head)
    if args.plot:
        plot(names, aggs, args.plot)
    return 0

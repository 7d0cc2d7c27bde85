"""ruleplay benchmark: games/s for every shipped ruleset and the project's ratios, measured side by side.

    python bench/bench.py            # over 10 minutes on 2 cores: the slow `turns` games at full counts
    python bench/bench.py --quick    # a few seconds, for a smoke test

(a) Beggar-my-neighbour through the engine vs the hand-written loop in
    bench/bmn_loop.py (same seeds, same games; target >= 0.5);
(b) one hand of standard Hearts through the engine vs OpenSpiel's `hearts`
    driven from Python, `lowest` bots on both sides (target >= 1.0; skipped
    when open_spiel is not installed);
(c) `simulate(jobs=2)` vs `simulate(jobs=1)`, pool start-up included (target >= 1.8);
(d) peak RSS of a streamed simulation as the number of games grows.

Every timing is the best of three runs. Not a test: timings stay out of the test suite.
"""
from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

try:                                  # generated code where it applies (codegen/); a tree without it interprets
    from ruleplay.codegen import play  # noqa: E402
except ImportError:
    from ruleplay.agents import play  # noqa: E402
from ruleplay.agents import play as interpret  # noqa: E402
from ruleplay.pipeline import load  # noqa: E402
from ruleplay.resources import builtin_names  # noqa: E402
from ruleplay.tools.sim import Spec, simulate  # noqa: E402

import bmn_loop  # noqa: E402


def best_rate(fn, games: int, repeats: int = 3) -> float:
    best = 0.0
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        best = max(best, games / (time.perf_counter() - t))
    return best


def machine() -> str:
    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()} ({platform.python_implementation()})"


def engine_rate(name: str, sets: dict, bots: list[str] | None, games: int) -> float:
    rules = load(name, sets)
    return best_rate(lambda: [play(rules, i, log=False, bots=bots) for i in range(games)], games)


def openspiel_rate(games: int) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    import random
    game = pyspiel.load_game("hearts")     # standard rules, one hand, passing on

    def lowest(a: int) -> tuple[int, int]:  # OpenSpiel's card id is rank * 4 + suit (C, D, H, S)
        return (a % 4, a // 4)

    def run():
        for seed in range(games):
            rng = random.Random(seed)
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outs = s.chance_outcomes()
                    s.apply_action(outs[rng.randrange(len(outs))][0])
                else:
                    s.apply_action(min(s.legal_actions(), key=lowest))
    return best_rate(run, games)


def peak_rss_kb(games: int) -> int:
    code = ("from ruleplay.tools.sim import Spec, simulate; "
            f"simulate(Spec('beggar-my-neighbour'), {games}, jobs=1); "
            "print([l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(out.stdout.strip())


def run_cpu(runs: int) -> list[float]:
    """CPU seconds of whole `ruleplay run` processes (a first run writes the byte-code files)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cmd = [sys.executable, "-m", "ruleplay.tools.cli", "run", "beggar-my-neighbour"]
    subprocess.run(cmd, env=env, capture_output=True, check=True)
    out = []
    for _ in range(runs):
        before = os.times()
        subprocess.run(cmd, env=env, capture_output=True, check=True)
        after = os.times()
        out.append(after.children_user - before.children_user + after.children_system - before.children_system)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="few games: a smoke test, not a measurement")
    args = ap.parse_args()
    k = 0.05 if args.quick else 1.0
    n = lambda x: max(10, int(x * k))  # noqa: E731

    print(f"machine: {machine()}")
    print("\nengine games/s, one process (log off; random bots unless named):")
    for name in builtin_names():
        g = n(2000) if name == "beggar-my-neighbour" else n(200)
        print(f"  {name:28} {engine_rate(name, {}, None, g):9.0f}")
        if "hearts" in name:
            print(f"  {name + ' (lowest bots)':28} {engine_rate(name, {}, ['lowest'] * 4, g):9.0f}")
        if name == "hearts":
            print(f"  {'hearts one hand, lowest':28} {engine_rate(name, {'hands': 'single'}, ['lowest'] * 4, g * 5):9.0f}")

    games = n(5000)
    rules = load("beggar-my-neighbour")
    eng = best_rate(lambda: [play(rules, i, log=False) for i in range(games)], games)
    loop = best_rate(lambda: [bmn_loop.play(i) for i in range(games)], games)
    ref = best_rate(lambda: [interpret(rules, i, log=False) for i in range(games)], games)
    print(f"\n(a) beggar-my-neighbour: engine {eng:.0f} games/s, hand-written loop {loop:.0f} games/s, "
          f"ratio {eng / loop:.2f} (target >= 0.5); the interpreter alone {ref:.0f} games/s ({ref / loop:.2f})")

    games = n(2000)
    hr = engine_rate("hearts", {"hands": "single"}, ["lowest"] * 4, games)
    osr = openspiel_rate(games)
    if osr is None:
        print(f"(b) hearts, one hand, lowest bots: engine {hr:.0f} games/s; open_spiel not installed (skipped)")
    else:
        print(f"(b) hearts, one hand, lowest bots: engine {hr:.0f} games/s, OpenSpiel from Python {osr:.0f} games/s, "
              f"ratio {hr / osr:.2f} (target >= 1.0)")

    games = n(40000)
    spec = Spec("beggar-my-neighbour")
    one = best_rate(lambda: simulate(spec, games, jobs=1), games, 2)
    two = best_rate(lambda: simulate(spec, games, jobs=2), games, 2)
    print(f"(c) sim beggar-my-neighbour -n {games}: jobs 1 {one:.0f} games/s, jobs 2 {two:.0f} games/s, "
          f"ratio {two / one:.2f} (target >= 1.8; {os.cpu_count()} cores here)")

    cpu = run_cpu(5)
    print(f"(e) `ruleplay run beggar-my-neighbour`, CPU s (user+sys, byte-code cached), 5 runs: "
          f"{min(cpu):.3f}-{max(cpu):.3f} (target < 0.15)")

    sizes = [n(1000), n(10000), n(100000)]
    rss = [peak_rss_kb(s) for s in sizes]
    print("(d) peak RSS of `simulate(jobs=1)`: " + ", ".join(f"{s} games {r / 1024:.1f} MB" for s, r in zip(sizes, rss)))


if __name__ == "__main__":
    main()

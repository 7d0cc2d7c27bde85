"""Golden game logs: which games are stored, and the one command that rewrites them.

    python tests/golden/regenerate.py           # check: which stored logs no longer replay, or no longer come from their seed
    python tests/golden/regenerate.py --write   # rewrite every log (a deliberate act: review the diff)

Every ruleset in `rulesets/` (picked up automatically) gets a few seeded games
with a mix of bots, each cut short by `--max-actions` so the logs stay small.
The logs are written by `ruleplay run --log`, exactly as a user would.
"""
from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (seed, bots, --max-actions, extra arguments); bots are one kind per seat, cycled to the player count
GAMES = [
    (1, ["random"], 300, []),
    (2, ["lowest", "random", "highest", "random"], 300, []),
    (3, ["highest", "smart"], 300, []),
]
# games whose every turn asks each other player too (a reaction window) log about ten events a turn, and
# Rummy's turn of a draw, melds and a discard logs its values' changes at each step, and Durak's every
# bout ends in a refill that sets its tracked values round the table: cut sooner
CUT = {"cheat": 100, "rummy": 200, "gin-rummy": 200, "durak": 150, "klondike": 200}   # (Klondike's forced stock turns
                                                                                    # are logged too)
# per ruleset extras, only for options a ruleset declares: a short hearts hand, a sharp and a sloppy slapper
EXTRA = {"hands": ["--set", "hands=single"]}
PROFILES = ["sharp", "sloppy"]


def plan() -> list[tuple[str, list[str]]]:
    """(log file name, `ruleplay run` arguments without --log) for every stored game."""
    from ruleplay.pipeline import load
    from ruleplay.resources import builtin_names

    out = []
    for name in builtin_names():
        rules = load(name)
        n = rules.players
        sets = [a for opt, args in EXTRA.items() if opt in rules.option_specs for a in args]
        profiles = set()
        for ph in rules.phases:
            r = getattr(ph, "reactions", None)
            if r is not None:
                profiles |= set(r.profiles)
        for seed, kinds, max_actions, extra in GAMES:
            bots = [kinds[i % len(kinds)] for i in range(n)]
            if seed == 2 and set(PROFILES) <= profiles:
                bots = [f"{b}:{PROFILES[i % 2]}" for i, b in enumerate(bots)]
            out.append((f"{name}--seed{seed}.jsonl",
                        ["run", name, "--seed", str(seed), "--bots", ",".join(bots),
                         "--max-actions", str(CUT.get(name, max_actions)), "-q", *sets, *extra]))
    return out


def write_log(args: list[str], path: Path) -> None:
    from ruleplay.tools.cli import main
    with contextlib.redirect_stdout(io.StringIO()):
        rc = main(args + ["--log", str(path)])
    if rc != 0:
        raise SystemExit(f"ruleplay {' '.join(args)} failed with exit {rc}")


def main(argv: list[str]) -> int:
    import tempfile

    from ruleplay.tools.logs.replay import read_log, replay

    write = "--write" in argv
    wanted = plan()
    changed = 0
    for fname, args in wanted:
        path = HERE / fname
        if write:
            old = path.read_text(encoding="utf-8") if path.exists() else None
            write_log(args, path)
            if old != path.read_text(encoding="utf-8"):
                changed += 1
                print(f"{'new' if old is None else 'changed'}: {fname}")
        elif not path.exists():
            changed += 1
            print(f"missing: {fname}")
        else:
            report = replay(read_log(str(path)))
            with tempfile.TemporaryDirectory() as tmp:
                fresh = Path(tmp) / fname
                write_log(args, fresh)
                replayed = fresh.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
            if not report.same:
                changed += 1
                print(f"differs at event {report.index + 1}: {fname}")
            elif not replayed:
                changed += 1
                print(f"its seed now plays another game: {fname}")
    names = {f for f, _ in wanted}
    for stale in sorted(HERE.glob("*.jsonl")):
        if stale.name not in names:
            changed += 1
            print(f"{'removed' if write else 'stale'}: {stale.name}")
            if write:
                stale.unlink()
    print(f"{len(wanted)} golden logs, {changed} {'rewritten' if write else 'out of date'}.")
    return 0 if write or not changed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

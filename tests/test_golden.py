"""Golden games: the current engine reproduces every stored log in tests/golden/ event for event.

A failure names the first differing event. If the change is intended, rewrite the logs deliberately with
`python tests/golden/regenerate.py --write` and review the diff (tests/golden/README.md).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ruleplay.tools.cli import main
from ruleplay.tools.logs.replay import read_log, replay
from ruleplay.resources import builtin_names

GOLDEN = Path(__file__).resolve().parent / "golden"
LOGS = sorted(GOLDEN.glob("*.jsonl"))
sys.path.insert(0, str(GOLDEN))
import regenerate  # noqa: E402


@pytest.mark.parametrize("log", LOGS, ids=[p.stem for p in LOGS])
def test_golden_log_replays_event_for_event(log):
    report = replay(read_log(str(log)))
    assert report.same, (f"{log.name}: the engine now differs at event {report.index + 1} of {report.events}\n"
                         f"  logged:   {json.dumps(report.logged)}\n  replayed: {json.dumps(report.replayed)}\n"
                         "(intended? python tests/golden/regenerate.py --write, and review the diff)")


@pytest.mark.parametrize("fname,args", regenerate.plan(), ids=[f for f, _ in regenerate.plan()])
def test_golden_log_is_what_its_seed_plays_today(fname, args, tmp_path):
    """The same ruleset, seed, options and bots give the same game, bots' decisions included: a change to a
    bot or to a random stream that alters a stored game must rewrite its log on purpose (the replay above
    feeds the logged decisions back, so it cannot see such a change)."""
    fresh = tmp_path / fname
    regenerate.write_log(args, fresh)
    stored = (GOLDEN / fname).read_text(encoding="utf-8").splitlines()
    now = fresh.read_text(encoding="utf-8").splitlines()
    first = next((i for i, (a, b) in enumerate(zip(stored, now)) if a != b), min(len(stored), len(now)))
    assert stored == now, (f"{fname}: `ruleplay {' '.join(args)}` now plays differently from event {first + 1}\n"
                           f"  stored: {stored[first] if first < len(stored) else '(end)'}\n"
                           f"  now:    {now[first] if first < len(now) else '(end)'}\n"
                           "(intended? python tests/golden/regenerate.py --write, and review the diff)")


def test_every_shipped_ruleset_has_golden_logs():
    have = {p.name for p in LOGS}
    wanted = {name for name, _ in regenerate.plan()}
    assert wanted - have == set(), "new rulesets without golden logs: run python tests/golden/regenerate.py --write"
    assert have - wanted == set(), "stale golden logs: run python tests/golden/regenerate.py --write"
    assert {p.name.split("--seed")[0] for p in LOGS} == set(builtin_names())


def test_golden_logs_are_small_and_mixed():
    for log in LOGS:
        assert log.stat().st_size < 100_000, log.name
    starts = [read_log(str(p))[0] for p in LOGS]
    assert {b for s in starts for b in s["bots"]} >= {"random", "lowest", "highest", "smart"}
    assert {p for s in starts for p in s["profiles"]} >= {"sharp", "sloppy"}
    ends = [json.loads(p.read_text().splitlines()[-1])["outcome"] for p in LOGS]
    assert {"finished", "limit"} <= set(ends)


def test_a_changed_golden_log_is_reported_at_its_first_difference(tmp_path, capsys):
    """The check can fail: alter one event of a stored log and `ruleplay replay` names exactly that event."""
    src = GOLDEN / "beggar-my-neighbour--seed1.jsonl"
    lines = src.read_text(encoding="utf-8").splitlines()
    i = next(k for k, line in enumerate(lines) if json.loads(line)["event"] == "play")
    ev = json.loads(lines[i])
    ev["card"] = "JK"
    lines[i] = json.dumps(ev)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{bad}: the replay differs at event {i + 1} of {len(lines)}:\n")
    assert '"card": "JK"' in out.splitlines()[1] and '"card": "JK"' not in out.splitlines()[2]


def test_cli_replays_a_golden_log(capsys):
    log = GOLDEN / "hearts--seed2.jsonl"
    assert main(["replay", str(log)]) == 0
    n = len(log.read_text().splitlines())
    assert capsys.readouterr().out == f"{log}: the game replays identically ({n} events).\n"

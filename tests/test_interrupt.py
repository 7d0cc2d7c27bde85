"""Ctrl-C during `ruleplay run`: a short message, exit 130, and the --log so far is valid JSON lines."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

ENDLESS = Path(__file__).resolve().parent / "data" / "endless-hearts.yaml"


def _as_at_a_terminal() -> None:
    """In the child before it starts: Ctrl-C as a terminal delivers it (a test run that imported a
    multithreaded library, or ran a process pool, may leave SIGINT ignored or blocked, and a child inherits
    both)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def test_ctrl_c_during_run_keeps_a_valid_partial_log(tmp_path):
    log = tmp_path / "game.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "ruleplay.tools.cli", "run", str(ENDLESS), "--max-actions", "10000000",
                             "--log", str(log), "-q"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_as_at_a_terminal)
    try:
        time.sleep(4)       # loading takes well under a second; the match never ends by itself
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    lines = log.read_text(encoding="utf-8").splitlines()
    assert proc.returncode == 130
    assert out == ""
    assert err == f"{log}: {len(lines)} events written before the interrupt\ninterrupted\n"
    assert "Traceback" not in err
    events = [json.loads(line) for line in lines]          # every line is a whole JSON object
    assert len(events) > 100
    assert events[0]["event"] == "start" and events[1]["event"] == "deal"
    assert {"play", "trick", "score"} <= {e["event"] for e in events}
    assert all(e["event"] != "end" for e in events)


def test_the_endless_match_only_stops_at_the_limit(tmp_path):
    """The game used above really does not end by itself (else the interrupt test would prove nothing)."""
    from ruleplay.agents import play
    from ruleplay.pipeline import load
    result = play(load(str(ENDLESS)), 0, max_actions=5000, log=False)
    assert (result.outcome, result.reason) == ("limit", "stopped after 5000 actions (--max-actions)")


def test_ctrl_c_during_sim_reports_the_games_completed():
    proc = subprocess.Popen([sys.executable, "-m", "ruleplay.tools.cli", "sim", "beggar-my-neighbour", "-n", "10000000",
                             "--jobs", "1", "-q", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_as_at_a_terminal)
    try:
        time.sleep(4)       # a batch of 2,000 games takes well under a second; ten million games do not
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert "Traceback" not in err
    report = json.loads(out)
    done = report["games"]
    assert 0 < done < 10_000_000 and done % 2000 == 0          # whole batches only
    assert err == (f"interrupted: {done} of 10000000 games completed; the report covers those "
                   "(which ones depends on timing, so it is not reproducible)\n")


def test_an_internal_error_keeps_the_log_so_far(tmp_path, monkeypatch, capsys):
    """A bug of ours in the middle of a game (here a trick's close made to fail at the fifth trick): exit 2 with
    the short internal-error line, and the --log holds the events played until then, for the report."""
    from ruleplay.kinds import trick
    from ruleplay.tools.cli import main
    close = trick._Run.close_trick

    def failing(self, plays, win, *rest):
        if self.t.trick_number == 5:
            raise ZeroDivisionError("a bug")
        return close(self, plays, win, *rest)
    monkeypatch.setattr(trick._Run, "close_trick", failing)
    monkeypatch.delenv("RULEPLAY_DEBUG", raising=False)
    log = tmp_path / "game.jsonl"
    assert main(["run", "hearts", "--interpret", "--log", str(log), "-q"]) == 2
    err = capsys.readouterr().err
    lines = log.read_text(encoding="utf-8").splitlines()
    assert err == (f"{log}: {len(lines)} events written before the error\ninternal error: ZeroDivisionError: a bug "
                   "(please report it; RULEPLAY_DEBUG=1 shows details)\n")
    plays = [e for e in map(json.loads, lines) if e["event"] == "play"]
    assert len(plays) == 20                                 # four tricks done, the fifth's cards played

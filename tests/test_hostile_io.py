"""Hostile deal files, logs, prompts and --jobs (issue 15): clean placed messages, never a traceback,
and a log cannot make ruleplay read another file."""
import json
import os
import subprocess
import sys

import pytest

from ruleplay.tools.cli import main
from ruleplay.tools.play.seat import Option, match_input


def _cli(capsys, *args) -> tuple[int, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out + err


@pytest.fixture
def log(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    assert main(["run", "hearts", "--seed", "1", "--set", "hands=single", "--log", str(path), "-q"]) == 0
    capsys.readouterr()
    return path


def _edit_start(path, **fields):
    lines = path.read_text().splitlines()
    start = json.loads(lines[0])
    start.update(fields)
    path.write_text("\n".join([json.dumps(start)] + lines[1:]) + "\n")


@pytest.mark.parametrize("fields, message", [
    ({"set": []}, "[set]: 'set' must be a mapping of option names to values, not list"),
    ({"bots": ["random"] * 3}, "[bots]: 'bots' must be a list with one entry per seat (4)"),
    ({"players": 10 ** 9}, "[players]: 'players' must be a number of players"),
    ({"seed": "zero"}, "[seed]: 'seed' must be a whole number"),
])
def test_crafted_start_events_get_placed_errors(log, capsys, fields, message):
    _edit_start(log, **fields)
    code, text = _cli(capsys, "replay", log)
    assert code == 1 and f"{log}:1: error {message}" in text and "Traceback" not in text


@pytest.mark.parametrize("ref", ["/etc/passwd", "../outside.yaml", "~/x.yaml", "notes.txt", "/etc/x.yaml",
                                 "/tmp/../etc/x.yaml"])
def test_a_log_cannot_name_a_file_outside_its_directory(log, capsys, ref):
    _edit_start(log, ref=ref)
    code, text = _cli(capsys, "replay", log)
    assert code == 1 and "error [ref]: the log names a ruleset outside its own directory" in text
    assert "--ruleset FILE" in text and "root:" not in text


def test_a_log_may_name_a_file_beside_it_or_be_given_one(log, capsys, tmp_path):
    (tmp_path / "mine.yaml").write_text("extends: hearts\nname: mine\n")
    for ref in ("mine.yaml", str(tmp_path / "mine.yaml")):     # t35: `run` given a full path writes it so
        _edit_start(log, ref=ref)
        code, text = _cli(capsys, "replay", log)
        assert "replays identically" in text or "differs" in text      # read and played, whatever it gives
    _edit_start(log, ref="/etc/passwd")
    code, text = _cli(capsys, "replay", log, "--ruleset", "hearts")
    assert code == 0 and "replays identically" in text


def test_deeply_nested_json_lines_are_refused(tmp_path, capsys):
    bad = tmp_path / "deep.jsonl"
    bad.write_text("[" * 100_000 + "\n")
    code, text = _cli(capsys, "replay", bad)
    assert code == 1 and "not a JSON line (nested too deeply)" in text


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_logs_that_are_not_regular_files(tmp_path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path in (fifo, "/dev/zero"):
        code, text = _cli(capsys, "replay", path)
        assert code == 1 and "not a regular file" in text


def test_a_scripted_slap_by_a_seat_that_does_not_exist(tmp_path, capsys):
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps({"hands": [["KC"], ["2H"]], "slaps": [{"after": 1, "seat": 10 ** 9}]}))
    code, text = _cli(capsys, "run", "beggar-my-neighbour", "--deal", deal)
    assert code == 1 and "error [slaps[0].seat]: deal: seat 1000000000 does not exist with 2 players" in text


def test_jobs_bounds(capsys):
    code, text = _cli(capsys, "sim", "beggar-my-neighbour", "-n", "10", "--jobs", "0")
    assert code == 1 and "--jobs 0: the number of worker processes must be at least 1" in text
    code, text = _cli(capsys, "sim", "beggar-my-neighbour", "-n", "20", "--jobs", "1000", "-q")
    assert code == 0 and "--jobs 1000 is capped at" in text


@pytest.mark.parametrize("typed", ["²", "9" * 5000, "\x01\x02", "x" * 10_000, "-1", "0"])
def test_every_keystroke_gets_a_short_answer(typed):
    options = [Option("QS", card=1), Option("2C", card=2)]
    index, message = match_input(typed, options)
    assert index is None and message and len(message) < 200 and message.isprintable()


def test_the_play_prompt_survives_hostile_input_and_eof(tmp_path):
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    typed = "²\n" + "9" * 5000 + "\n\x01\x02\n"             # then end of input: save and quit
    proc = subprocess.run([sys.executable, "-m", "ruleplay.tools.cli", "play", "hearts", "--set", "hands=single",
                           "--plain", "--log", str(tmp_path / "g.jsonl")], input=typed, capture_output=True,
                          text=True, timeout=60, env=env)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    assert "is not a choice number" in proc.stdout and "Game saved" in proc.stdout


def test_sigterm_ends_sim_and_its_workers_quietly():
    import signal
    import time
    proc = subprocess.Popen([sys.executable, "-m", "ruleplay.tools.cli", "sim", "beggar-my-neighbour", "-n", "100000000",
                             "--jobs", "2", "-q"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    children: list[int] = []
    for _ in range(100):                      # wait until the workers are up (bounded)
        time.sleep(0.1)
        out = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
        children = [int(c) for c in out]
        if len(children) >= 2:
            break
    assert len(children) >= 2, "the workers did not start"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode != 0 and "Traceback" not in err
    time.sleep(0.5)
    for c in children:
        with pytest.raises(ProcessLookupError):
            os.kill(c, 0)                     # every worker has ended with the parent


def test_a_closed_stdout_is_no_internal_error():
    proc = subprocess.run(f"{sys.executable} -m ruleplay.tools.cli run ers -v | head -c 10", shell=True,
                          capture_output=True, text=True, timeout=60)
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize("flags, counts", [(["-q"], (20_000, 200_000)),
                                           (["--log", "LOG", "--json"], (3_000, 30_000)),
                                           ([], (3_000, 30_000))])
def test_an_always_true_slap_pattern_runs_to_the_limit_in_flat_memory(tmp_path, flags, counts):
    # every card is slapped and taken: the game only stops at --max-actions. The engine keeps no
    # per-action state (cycle detection is Brent's); `run -q` keeps no event list, and with a log,
    # --json or the account the events spill to a temporary file (spool.py).
    rules = tmp_path / "always.yaml"
    rules.write_text("extends: ers\nname: always\nphases:\n  play:\n    reactions:\n      patterns:\n"
                     "        always: {when: 'true', precedence: 500}\n")
    code = ("import resource, sys; from ruleplay.tools.cli import main; rc = main(sys.argv[1:]); "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss); sys.exit(rc)")
    log = tmp_path / "game.jsonl"
    args = [str(log) if f == "LOG" else f for f in flags]
    rss = []
    for n in counts:
        proc = subprocess.run([sys.executable, "-c", code, "run", str(rules), *args, "--max-actions", str(n)],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0 and ("Result: limit" in proc.stdout or '"outcome": "limit"' in proc.stdout), \
            proc.stderr
        rss.append(int(proc.stdout.split()[-1]))
        if "--log" in flags:
            lines = log.read_text().splitlines()
            assert json.loads(lines[0])["event"] == "start" and json.loads(lines[-1])["event"] == "end"
            assert sum(json.loads(x)["event"] == "take" for x in lines) > n // 2
    assert rss[1] < rss[0] + 20_000          # kB: ten times the actions, not ten times the memory


@pytest.mark.parametrize("plain", [True, False])
def test_play_screen_escapes_text_that_could_fool_a_terminal(plain):
    import io
    from ruleplay.tools.play.terminal import Terminal
    out = io.StringIO()
    Terminal(plain=plain, realtime=False, speed=1.0, slap_time=300, out=out).line("Seat 1 \u202egnp.exe", ("QS\x1b[2J", "red"))
    text = out.getvalue()
    assert "\u202e" not in text and "\x1b[2J" not in text
    assert "\\u202e" in text and "\\x1b[2J" in text

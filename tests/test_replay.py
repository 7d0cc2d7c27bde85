"""Logs replay event for event; a changed log is caught at the first differing event."""
import json

import pytest

from ruleplay.tools.cli import main


def run_and_log(tmp_path, *args):
    log = tmp_path / "game.jsonl"
    assert main(["run", *args, "--log", str(log), "-q"]) == 0
    return log


@pytest.mark.parametrize("args", [
    ["ers-triples", "--seed", "4"],
    ["ers", "--players", "3", "--seed", "1", "--set", "burn=2", "--bots", "random:sharp,random,random:sloppy"],
    ["beggar-my-neighbour", "--seed", "7"],
    ["hearts", "--seed", "1", "--bots", "smart,random,lowest,highest"],
])
def test_logs_replay_identically(tmp_path, capsys, args):
    log = run_and_log(tmp_path, *args)
    capsys.readouterr()
    assert main(["replay", str(log)]) == 0
    assert "replays identically" in capsys.readouterr().out


def test_explicit_deal_with_scripted_slaps_replays(tmp_path, capsys):
    deal = tmp_path / "deal.yaml"
    deal.write_text("hands: [[5C, 2H, 9S], [5D, 3D, 8S]]\nslaps: [{after: 2, seat: 1, time: 120}]\n")
    log = run_and_log(tmp_path, "ers", "--players", "2", "--deal", str(deal))
    events = [json.loads(line) for line in log.read_text().splitlines()]
    slap = next(e for e in events if e["event"] == "slap")
    assert slap == {"event": "slap", "seat": 1, "time": 120, "valid": True, "pattern": "double", "won": True}
    capsys.readouterr()
    assert main(["replay", str(log)]) == 0


def test_a_changed_log_is_reported_at_the_first_difference(tmp_path, capsys):
    log = run_and_log(tmp_path, "ers", "--seed", "3")
    lines = log.read_text().splitlines()
    i = next(n for n, line in enumerate(lines) if '"play"' in line and n > 10)
    ev = json.loads(lines[i])
    ev["card"] = "XX"
    lines[i] = json.dumps(ev)
    log.write_text("\n".join(lines) + "\n")
    capsys.readouterr()
    assert main(["replay", str(log)]) == 1
    out = capsys.readouterr().out
    assert f"differs at event {i + 1} " in out and '"XX"' in out


def test_not_a_log(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("hello\n")
    assert main(["replay", str(bad)]) == 1
    assert "not a JSON line" in capsys.readouterr().err


def test_a_replay_stops_at_the_first_event_past_the_log(tmp_path, capsys, monkeypatch):
    """A log cut short whose start says max_actions 10^12, of a game that asks nobody (beggar-my-neighbour):
    the engine played on to the game's end (to 10^12 actions in one that never ends), keeping every event."""
    from ruleplay.tools.logs import replay as R
    lines = run_and_log(tmp_path, "beggar-my-neighbour", "--seed", "7").read_text().splitlines()
    start = json.loads(lines[0])
    start["max_actions"] = 10 ** 12
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join([json.dumps(start)] + lines[1:6]) + "\n")
    made = []
    real = R._bounded
    monkeypatch.setattr(R, "_bounded", lambda *a: made.append(real(*a)) or made[-1])
    capsys.readouterr()
    assert main(["replay", str(cut)]) == 0
    assert "an unfinished game; its 6 events replay identically" in capsys.readouterr().out
    assert len(made[0][1][0]) == 7         # the first event past the log, and no more


def test_a_log_written_away_from_its_rule_file_says_how_to_replay_it(tmp_path, capsys, monkeypatch):
    """`run rules.yaml --log elsewhere/game.log` names the rules as given; replay looks for them beside the log,
    and said "error [players]: no such file" with no hint (a tester's find): it now points at --ruleset, with
    which the log replays."""
    rules_dir, logs = tmp_path / "rules", tmp_path / "logs"
    rules_dir.mkdir()
    logs.mkdir()
    (rules_dir / "mine.yaml").write_text("extends: beggar-my-neighbour\nname: mine\n", encoding="utf-8")
    monkeypatch.chdir(rules_dir)
    assert main(["run", "mine.yaml", "--seed", "1", "--log", str(logs / "g.log"), "-q"]) == 0
    capsys.readouterr()
    assert main(["replay", str(logs / "g.log")]) == 1
    err = capsys.readouterr().err
    assert "error [ref]: the log names the ruleset 'mine.yaml', which is not beside the log" in err
    assert "hint: give the rule file on the command line: --ruleset FILE" in err
    assert main(["replay", str(logs / "g.log"), "--ruleset", "mine.yaml"]) == 0
    assert "replays identically" in capsys.readouterr().out

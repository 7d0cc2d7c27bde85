"""Fuzzing the other untrusted inputs (issue 15): deal files, logs, --set values, prompt keystrokes.
Whatever the input, the CLI answers with OK or a clean message (exit 0 or 1), never a traceback or an
internal error (exit 2). A short share runs in CI; RULEPLAY_FUZZ_EXAMPLES=N runs a campaign."""
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ruleplay.tools.cli import main
from ruleplay.tools.play.seat import Option, match_input

LONG = int(os.environ.get("RULEPLAY_FUZZ_EXAMPLES", "0"))
SETTINGS = settings(max_examples=LONG or 60, deadline=None, derandomize=not LONG, database=None,
                    suppress_health_check=list(HealthCheck))

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 12, 10 ** 12), st.floats(allow_nan=False),
                    st.text(max_size=12), st.sampled_from(["KC", "10H", "JK", "2D", "QS", "AS", "random", "human"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=5)),
                      max_leaves=20)


def _answer(capsys, args) -> int:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code in (0, 1), err[-500:]
    assert "internal error" not in err and "Traceback" not in err
    return code


@pytest.fixture(scope="module")
def start_event(tmp_path_factory):
    path = tmp_path_factory.mktemp("log") / "g.jsonl"
    assert main(["run", "oh-hell", "--seed", "2", "--set", "hand-sizes=[2]", "--log", str(path), "-q"]) == 0
    return path.read_text().splitlines()


@pytest.mark.fuzz
@SETTINGS
@given(key=st.sampled_from(["ref", "seed", "players", "set", "bots", "profiles", "max_actions", "explicit_deal",
                            "slaps", "event", "extra"]), value=values, line=st.integers(0, 5))
def test_fuzzed_logs(tmp_path_factory, capsys, start_event, key, value, line):
    lines = list(start_event)
    i = min(line, len(lines) - 1)
    ev = json.loads(lines[i])
    ev[key] = value
    lines[i] = json.dumps(ev)
    path = tmp_path_factory.mktemp("f") / "g.jsonl"
    path.write_text("\n".join(lines) + "\n")
    _answer(capsys, ["replay", path])


deal_values = st.fixed_dictionaries({}, optional={
    "hands": st.one_of(values, st.lists(st.lists(st.sampled_from(["KC", "2H", "QS", "AS", "9D", "JK", "XX"]),
                                                 max_size=6), max_size=4)),
    "rest": values, "dealer": values, "slaps": st.one_of(values, st.lists(st.fixed_dictionaries(
        {"after": st.integers(-5, 200), "seat": st.integers(-2, 6)},
        optional={"time": values, "fingers": values}), max_size=4))})


@pytest.mark.fuzz
@SETTINGS
@given(deal=st.one_of(deal_values, values), ruleset=st.sampled_from(["beggar-my-neighbour", "ers", "oh-hell"]))
def test_fuzzed_deal_files(tmp_path_factory, capsys, deal, ruleset):
    path = tmp_path_factory.mktemp("d") / "deal.json"
    path.write_text(json.dumps(deal))
    _answer(capsys, ["run", ruleset, "--deal", path, "-q", "--max-actions", "5000"])


@pytest.mark.fuzz
@SETTINGS
@given(name=st.sampled_from(["burn", "passing", "hand-sizes", "moon", "players", "nope", ""]),
       value=st.text(max_size=30), ruleset=st.sampled_from(["ers", "hearts", "oh-hell"]))
def test_fuzzed_set_values(capsys, name, value, ruleset):
    _answer(capsys, ["validate", ruleset, "--set", f"{name}={value}"])


@pytest.mark.fuzz
@SETTINGS
@given(typed=st.text(max_size=200))
def test_fuzzed_keystrokes(typed):
    options = [Option("QS", card=1), Option("2C", card=2), Option("pass", value=None)]
    for opts in (options[:2], options[2:]):
        index, message = match_input(typed, opts)
        assert (index is not None) or (message and len(message) < 300 and message.isprintable())

"""Invariants in every game: random option combinations of every shipped ruleset, and every golden log.

Options come from each ruleset's own declarations (bool, int min..max, choice); combinations its
constraints refuse are skipped. Every game runs with check=True (cards conserved after every action)
and its events pass `check_invariants` (scores follow the events, nobody plays out of turn).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from conftest import check_invariants
from ruleplay.agents import play
from ruleplay.errors import RuleplayError
from ruleplay.pipeline import load
from ruleplay.resources import builtin_names

SPECS = {name: load(name) for name in builtin_names()}


def option_value(spec: dict):
    kind = spec.get("type")
    if kind == "bool":
        return st.booleans().map(lambda b: str(b).lower())
    if kind == "int":
        return st.integers(spec.get("min", 0), spec.get("max", spec.get("min", 0) + 10)).map(str)
    if kind == "list":          # a list of ints, e.g. hand sizes
        ints = st.integers(spec.get("min", 1), min(spec.get("max", 7), 7))
        return st.lists(ints, min_size=1, max_size=3).map(lambda xs: "[" + ",".join(map(str, xs)) + "]")
    return st.sampled_from([str(c) for c in spec["choices"]])


@st.composite
def combination(draw, name):
    specs = SPECS[name].option_specs
    chosen = draw(st.lists(st.sampled_from(sorted(specs)), unique=True, max_size=len(specs))) if specs else []
    return {opt: draw(option_value(specs[opt])) for opt in chosen}


def _direction(rules) -> int:
    return rules.direction


@pytest.mark.parametrize("name", builtin_names())
@settings(max_examples=8, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_option_combinations_keep_the_invariants(name, data):
    sets = data.draw(combination(name))
    try:
        rules = load(name, sets)
    except RuleplayError as exc:
        assert all(e.path[:1] == ("constraints",) for e in exc.errors), exc    # only a constraint may refuse them
        assume(False)
    seed = data.draw(st.integers(0, 10_000))
    bots = data.draw(st.lists(st.sampled_from(["random", "lowest", "highest", "smart"]),
                              min_size=rules.players, max_size=rules.players))
    result = play(rules, seed, max_actions=1500, check=True, bots=bots)
    assert result.outcome in ("finished", "cycle", "limit")
    check_invariants(result.events, rules.players, rules.direction)


GOLDEN = sorted((Path(__file__).resolve().parent / "golden").glob("*.jsonl"))


@pytest.mark.parametrize("log", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_logs_keep_the_invariants(log):
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    start = events[0]
    check_invariants(events, start["players"], load(start["ref"], {k: str(v).lower() if isinstance(v, bool) else
                                                                   str(v) for k, v in start["set"].items()}).direction)


def test_the_invariants_can_fail():
    rules = load("hearts", {"hands": "single"})
    events = play(rules, 3, check=True).events
    check_invariants(events, 4, rules.direction)
    score = next(i for i, e in enumerate(events) if e["event"] == "score")
    bad = [dict(e) for e in events]
    bad[score]["totals"] = [t + 1 for t in bad[score]["totals"]]
    with pytest.raises(AssertionError, match="totals"):
        check_invariants(bad, 4, rules.direction)
    first_trick = next(i for i, e in enumerate(events) if e["event"] == "trick")
    swapped = [dict(e) for e in events]
    a, b = [i for i in range(first_trick) if events[i]["event"] == "play"][-2:]   # the trick's last two plays
    swapped[a], swapped[b] = swapped[b], swapped[a]
    with pytest.raises(AssertionError, match="not the plays"):
        check_invariants(swapped, 4, rules.direction)
    bmn = load("beggar-my-neighbour")
    ev = play(bmn, 1).events
    ev.insert(3, {"event": "out", "seat": 0})
    with pytest.raises(AssertionError, match="plays after it went out"):
        check_invariants(ev, 2, bmn.direction)

"""A match that names its losers (`match: {losers: ...}`): the others still in win, the result and the log
name both, the search bot's returns rank a low total best, the sheet says it, and naming both is refused."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.results import returns_of
from ruleplay.pipeline import load
from ruleplay.tools.account import write_result
from ruleplay.tools.explain.sheet import sheet_text

from conftest import validate_errors

RULES = str(Path(__file__).parent / "data" / "hearts-losers.yaml")


@pytest.mark.parametrize("seed", range(4))
def test_the_highest_total_loses_and_the_others_win(seed):
    rules = load(RULES)
    r = play(rules, seed=seed, bots=["random"] * 4, log=True)
    assert r.outcome == "finished"
    worst = max(r.scores)
    assert max(r.scores) >= 100                                   # hearts' own end: a total reaches 100
    assert r.losers == [s for s in range(4) if r.scores[s] == worst]
    assert r.winners == [s for s in range(4) if r.scores[s] != worst]
    end = r.events[-1]
    assert end["event"] == "end" and end["losers"] == r.losers and end["winners"] == r.winners
    out = io.StringIO()
    write_result(end, out)
    assert out.getvalue().startswith("Result: " + " and ".join(f"Seat {s}" for s in r.losers) + " lose")
    returns = returns_of(rules, r)
    assert all(returns[s] == 0.0 for s in r.losers)               # a lowest total is best: placed as `lowest`
    assert returns[r.scores.index(min(r.scores))] == 1.0


def test_the_sheet_says_who_loses():
    assert ("the players with the highest score lose (ties are joint); the other players still in win"
            in sheet_text(load(RULES)))


def test_winners_and_losers_both_are_refused(tmp_path, capsys):
    err = validate_errors(tmp_path, capsys, "name: bad\nextends: hearts\nmatch:\n  losers: {highest: s.score}\n")
    assert "error [match]: a match names its winners or its losers, one of them" in err
    assert "winners: null beside its losers" in err

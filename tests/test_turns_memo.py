"""A `legal` check that reads only the parts chosen, constants and one-value names (or a zone's cards) is
remembered from one search to the next (choices.Plan.pure): the games play exactly as when every check is
tested each time."""
from __future__ import annotations

from dataclasses import replace

import pytest

import ruleplay.agents
import ruleplay.kinds.turns as turns
from ruleplay.kinds.turns import choices
from ruleplay.pipeline import load


def _untouched(parts, checks):
    p = choices.plan(parts, checks)
    return replace(p, pure=tuple(None for _ in p.pure), states=(), remembering=False)


@pytest.mark.parametrize("game", ["freecell", "klondike", "pyramid", "casino"])
def test_remembered_checks_play_as_checks_tested_each_time(game, monkeypatch):
    remembered = [ruleplay.agents.play(load(game), seed, bots=["random"] * load(game).players).events
                  for seed in range(3)]
    assert any(p is not None for ph in load(game).phases for m in getattr(ph, "moves", None) or []
               for p in m.plan.pure)
    monkeypatch.setattr(turns, "plan", _untouched)
    rules = load(game)
    assert all(p is None for ph in rules.phases for m in getattr(ph, "moves", None) or [] for p in m.plan.pure)
    tested = [ruleplay.agents.play(rules, seed, bots=["random"] * rules.players).events for seed in range(3)]
    assert remembered == tested


def test_a_check_reading_a_seat_is_not_remembered():
    rules = load("authors")
    ask = next(m for ph in rules.phases for m in getattr(ph, "moves", None) or [] if m.name == "ask")
    assert all(p is None for p in ask.plan.pure)

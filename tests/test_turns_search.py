"""Shortcuts of the `turns` search that must not change a game: the later parts' combinations reused across a
part no later check reads (choices.Plan.reuse), and the melds a hand holds found without listing subsets."""
from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

import pytest

import ruleplay.agents
import ruleplay.kinds.turns as turns
from ruleplay.kinds.turns import choices, melds
from ruleplay.pipeline import load


def _searched_anew(parts, checks):
    p = choices.plan(parts, checks)
    return replace(p, reuse=tuple(False for _ in p.reuse))


@pytest.mark.parametrize("game", ["authors", "in-between", "switch"])
def test_reused_combinations_play_as_combinations_searched_anew(game, monkeypatch):
    rules = load(game)
    assert any(any(m.plan.reuse) for ph in rules.phases for m in getattr(ph, "moves", None) or [])
    reused = [ruleplay.agents.play(rules, seed, bots=["random"] * rules.players).events for seed in range(3)]
    monkeypatch.setattr(turns, "plan", _searched_anew)
    rules = load(game)
    assert not any(any(m.plan.reuse) for ph in rules.phases for m in getattr(ph, "moves", None) or [])
    anew = [ruleplay.agents.play(rules, seed, bots=["random"] * rules.players).events for seed in range(3)]
    assert reused == anew


def test_a_part_read_by_a_later_check_is_not_reused():
    rules = load("freecell")
    move = next(m for ph in rules.phases for m in getattr(ph, "moves", None) or [] if m.name == "move")
    assert not any(move.plan.reuse)


@pytest.mark.parametrize("shapes", [("set", "run"), ("set",), ("run",)])
def test_melds_found_are_every_subset_that_is_a_set_or_a_run(shapes):
    deck = load("rummy").deck
    keys = melds.order(deck)
    rng = random.Random(7)
    for _ in range(300):
        hand = rng.sample(range(len(deck.names)), rng.randint(0, 10))
        lo, hi = rng.randint(0, 4), rng.randint(2, 6)
        every = {tuple(sorted(c, key=keys.__getitem__)) for k in range(max(lo, 1), hi + 1)
                 for c in combinations(hand, k) if melds.fits(c, shapes, deck)}
        assert set(melds.find(hand, shapes, lo, hi, deck)) == every

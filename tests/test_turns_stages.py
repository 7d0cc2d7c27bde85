"""A move's condition judged in stages (kinds/turns/stages.py: what does not read the part chosen last, once per
answer of the parts before it) and a set of cards listed from the cards a check asks about alone
(choices.Plan.keep): the games play exactly as when every check is tested whole on every combination."""
from __future__ import annotations

from dataclasses import replace

import pytest

import ruleplay.agents
import ruleplay.kinds.turns as turns
from ruleplay.kinds.turns import choices
from ruleplay.pipeline import load


def _whole(parts, checks):
    return choices.plan(parts, [[replace(c, staged=None, every=None) for c in tests] for tests in checks])


def _moves(rules) -> list:
    return [m for ph in rules.phases for m in getattr(ph, "moves", None) or []]


def _played(rules, seeds: range) -> list:
    return [ruleplay.agents.play(rules, seed, bots=["random"] * rules.players).events for seed in seeds]


def _same_as_whole(rules_of, monkeypatch, seeds: range) -> None:
    rules = rules_of()
    assert any(s is not None for m in _moves(rules) for s in m.plan.staged + m.plan.keep)
    staged = _played(rules, seeds)
    monkeypatch.setattr(turns, "plan", _whole)
    rules = rules_of()
    assert all(s is None for m in _moves(rules) for s in m.plan.staged + m.plan.keep)
    assert staged == _played(rules, seeds)


@pytest.mark.parametrize("game", ["casino", "mustamaija", "rummy", "gin-rummy"])
def test_staged_checks_play_as_checks_tested_whole(game, monkeypatch):
    _same_as_whole(lambda: load(game), monkeypatch, range(3))


def test_casino_builds_list_only_number_cards():
    """`all(x.value > 0 for x in picked)` of a build lists the sets of the table's number cards alone."""
    build = next(m for m in _moves(load("casino")) if m.name == "build")
    keep = build.plan.keep[1]
    deck = load("casino").deck
    assert [deck.names[c] for c in range(len(deck)) if not keep[c]] == \
        [deck.names[c] for c in range(len(deck)) if deck.rank[c] in ("J", "Q", "K")]


def test_a_remembered_level_decided_before_its_last_part_passes_every_answer(tmp_path, monkeypatch):
    """A remembered (pure) check whose first pile alone decides it true (`source == 'cell1' or ...`): every
    destination passes, none looked up, as when the check is tested whole."""
    p = tmp_path / "fc.yaml"
    p.write_text("extends: freecell\nname: fc-staged\nphases:\n  play:\n    moves:\n      move:\n        legal: "
                 "\"source-size > 0 and (source == 'cell1' or dest != source and (to-cell or to-foundation or "
                 "to-column))\"\n", encoding="utf-8")
    move = next(m for m in _moves(load(str(p))) if m.name == "move")
    assert move.plan.pure[2] is not None and move.plan.staged[2] is not None
    _same_as_whole(lambda: load(str(p)), monkeypatch, range(2))

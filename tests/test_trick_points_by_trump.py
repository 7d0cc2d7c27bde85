"""A trick's `points` may read the trump suit (Belote's jack and nine of trumps): worked out per trump suit
when compiling, each hand's table chosen when its trump is known; the trick events and `smart` read it."""
from __future__ import annotations

import pytest

from ruleplay.agents import play
from ruleplay.errors import RuleplayError
from ruleplay.pipeline import load

VARIANT = """extends: whist
name: trumps-count
phases:
  play:
    points: "{points}"
"""


def _rules(tmp_path, points: str):
    f = tmp_path / "v.yaml"
    f.write_text(VARIANT.format(points=points))
    return load(str(f), {})


def test_each_tricks_points_are_counted_with_the_hands_trump(tmp_path):
    rules = _rules(tmp_path, "10 if card.suit == trump else 1")
    tricks = 0
    for seed in range(6):
        trump = None
        for e in play(rules, seed, bots=["smart"] * 4).events:
            if e["event"] == "trump":
                trump = e["suit"]
            elif e["event"] == "trick":
                assert e["points"] == sum(10 if card[-1] == trump else 1 for _, card in e["cards"])
                tricks += 1
    assert tricks >= 6 * 13


def test_points_that_read_what_changes_in_play_are_refused_at_the_key(tmp_path):
    with pytest.raises(RuleplayError, match=r"v.yaml:5:13: error \[phases.play.points\]: a card's points may depend "
                                            r"only on the card, the trump suit and options"):
        _rules(tmp_path, "trick-number if card.suit == trump else 1")

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


def test_a_trump_that_is_no_suit_keeps_its_name_and_its_points(tmp_path):
    """Jass's obenabe, a game chosen like a trump that is no suit: the trump reads as chosen ('obe', not 'OBE':
    a rule comparing it with the value chosen holds), and the trick's points for it are worked out when it is
    set (t31: the points for a trump that is no suit of the deck were the no-trump points)."""
    from ruleplay.agents import play
    from ruleplay.pipeline import load
    f = tmp_path / "obe.yaml"
    f.write_text("""name: obe
description: A game type chosen like a trump that is no suit (Jass's obenabe), its eights worth 8.
players: 2
deck: {ranks: ['8', A], suits: [S, H]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  won: {owner: seat, visibility: hidden}
deal: {to: hand, count: 2}
phases:
  game: {kind: choose, values: [obe], pass: false}
  play:
    kind: trick
    from: hand
    to: trick
    won-to: won
    trump: game
    points: "8 if trump == 'obe' and card.rank == '8' else 1"
scoring:
  points: "(100 if trump == game else 0) + sum(8 if c.rank == '8' else 1 for c in s.won)"
match: {end: "true", winners: {highest: s.score}}
""", encoding="utf-8")
    for seed in range(4):
        r = play(load(str(f)), seed=seed, bots=["random", "random"], log=True)
        tricks = [e for e in r.events if e["event"] == "trick"]
        assert all(e["points"] == sum(8 if c.startswith("8") else 1 for _, c in e["cards"]) for e in tricks)
        assert sum(r.scores) == 218 and min(r.scores) >= 100   # every card won by someone; the trump as chosen

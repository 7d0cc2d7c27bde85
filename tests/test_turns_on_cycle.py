"""`on-cycle: end-phase`: a table that comes back as it was with no choice in between (every move forced: a
patience stuck shuttling a card) ends the phase and the hand is scored, where by default the game stops as a
cycle with no score (a tester's Forty Thieves: half its random games ended unscored)."""
from __future__ import annotations

import pytest

from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

STUCK = """name: stuck
description: One card goes back and forth between two piles, the only move each time.
players: 1
deck: {ranks: [A, 2], suits: [S]}
zones:
  hand: {owner: seat}
  a: {owner: table, visibility: public}
  b: {owner: table, visibility: public}
deal: {to: hand, count: 0, rest: a}
phases:
  play:
    kind: turns
    max-turns: 5000
    moves:
      there: {if: "a.size == 2", do: [{move: {from: a, to: b, count: 1}}]}
      back: {if: "b.size == 1", do: [{move: {from: b, to: a, count: 1}}]}
scoring:
  points: "10 - b.size"
match: {end: "true", winners: {highest: s.score}}
"""


def _play(tmp_path, text: str):
    p = tmp_path / "stuck.yaml"
    p.write_text(text, encoding="utf-8")
    return play(load(str(p)), 1)


def test_a_stuck_table_ends_the_phase_and_the_hand_is_scored(tmp_path):
    plain = _play(tmp_path, STUCK)
    assert plain.outcome == "cycle" and plain.winners == []
    ended = _play(tmp_path, STUCK.replace("max-turns: 5000\n", "max-turns: 5000\n    on-cycle: end-phase\n"))
    assert ended.outcome == "finished" and ended.winners == [0]
    over = [e for e in ended.events if e["event"] == "turns-over"]
    assert [e["why"] for e in over] == ["cycle"]
    score = next(e for e in ended.events if e["event"] == "score")
    moves = [e for e in ended.events if e["event"] == "move"]
    assert score["points"] == [10 - (len(moves) % 2)]          # b holds the card after an odd number of moves
    assert 200 <= len(moves) < 5000                           # found by the table's check, long before max-turns


def test_the_sheet_says_it(tmp_path):
    p = tmp_path / "stuck.yaml"
    p.write_text(STUCK.replace("max-turns: 5000\n", "max-turns: 5000\n    on-cycle: end-phase\n"), encoding="utf-8")
    assert "So does a table that comes back as it was with no choice made in between" in sheet_text(load(str(p)))


def test_a_turn_that_only_passes_the_turn_on_is_no_cycle():
    """Cribbage's "go" by a player with no cards, when the other can still play, changes nothing but who plays
    next: after a `next` sent the turn back to that player, the table looked as it did a turn before, and seed
    291 stopped as a cycle at round 208 (t29's bug 1). Who plays next, as the turn's effects left it, is part
    of the position: the game plays on to its end."""
    from ruleplay.agents import play
    from ruleplay.pipeline import load
    r = play(load("cribbage"), seed=291, bots=["random", "random"])
    assert r.outcome == "finished" and max(r.scores) >= 121


@pytest.mark.parametrize("on_limit", ["end-phase", "stop-game"])
def test_a_phase_at_its_turn_limit_ends_and_is_scored_when_told(tmp_path, on_limit):
    """`on-limit: end-phase` (t35: a patience given up after so many moves still scores): Klondike held to 30
    moves ends its phase there (`turns-over`, why limit) and scores the cards home; by default the game
    stops as a limit with no score."""
    path = tmp_path / "held.yaml"
    path.write_text(f"extends: klondike\nname: held\nphases:\n  play:\n    max-turns: 30\n    on-limit: {on_limit}\n",
                    encoding="utf-8")
    r = play(load(str(path)), seed=1, bots=["random"], check=True)
    over = [e["why"] for e in r.events if e["event"] == "turns-over"]
    if on_limit == "end-phase":
        assert over == ["limit"] and r.outcome == "finished" and r.scores is not None and r.actions == 30
    else:
        assert over == [] and r.outcome == "limit" and r.actions == 30

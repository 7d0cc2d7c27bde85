"""`counters: {NAME: {reset: hand}}`: back at its start value as every hand starts, for every seat (one knocked
out of the match too), where a plain counter keeps its value from hand to hand."""
from __future__ import annotations

from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

# Each hand every player in turn adds 1 to `marks` (reset each hand) and to `total` (kept); the hand's
# points are `marks`, so a seat scores what it added this hand only, and `total` reaches the hands played.
GAME = """
name: marks
description: a test of counters reset every hand
players: {min: 2, max: 3, default: 3}
deck: {ranks: [A, K], suits: [C, D, H, S]}
counters:
  marks: {start: 5, reset: hand, description: "this hand's marks"}
  total: {start: 0}
  pot: {start: 7, of: table, reset: hand}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
deal: {to: hand, count: 1, rest: stock}
phases:
  mark:
    kind: turns
    track: {turned: 0}
    moves:
      mark:
        do: [{add: {actor.marks: 1, actor.total: 1, pot: 1, turned: 1}}]
    until: "turned == players"
scoring:
  points: "s.marks + pot"
match:
  end: "hand-number == 4"
  winners: {highest: s.score}
"""


def test_a_counter_reset_each_hand_scores_this_hands_marks_only(tmp_path):
    f = tmp_path / "marks.yaml"
    f.write_text(GAME)
    rules = load(str(f), {})
    r = play(rules, 1)
    # each hand: marks 5 + 1 = 6, pot 7 + 3 = 10, so 16 a hand, 64 over four hands; total counts every hand
    assert r.scores == [64, 64, 64]
    last = {e["seat"]: e["value"] for e in r.events if e["event"] == "set" and e["name"] == "total"}
    assert last == {0: 4, 1: 4, 2: 4}
    marks = [e["value"] for e in r.events if e["event"] == "set" and e["name"] == "marks"]
    assert marks == [6] * 12
    sheet = sheet_text(rules)
    assert "Counter marks: back at its start value as every hand starts, starting at 5; this hand's marks." in sheet
    assert "Counter total: kept across hands, starting at 0." in sheet

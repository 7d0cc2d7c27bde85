"""The `choose` kind at its edges: a one-hand game whose hands are all thrown in stops (outcome `limit`)
instead of dealing forever, and one thrown in once is dealt again and played."""
from pathlib import Path

from ruleplay.engine import MAX_THROW_INS, play
from ruleplay.pipeline import load

RULES = """\
name: throw-in
description: Three players; a suit is named or the hand is thrown in; then a hand of tricks.
players: 3
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
deal: {to: hand, count: all}
phases:
  call: {kind: choose, values: [C, D], who: "WHO", all-pass: redeal}
  play: {kind: trick, from: hand, to: trick, won-to: taken, trump: call}
scoring: {points: s.tricks}
"""


def _rules(tmp_path: Path, who: str):
    p = tmp_path / "r.yaml"
    p.write_text(RULES.replace("WHO", who))
    return load(str(p))


def test_a_game_whose_every_hand_is_thrown_in_stops(tmp_path):
    res = play(_rules(tmp_path, "false"), seed=0, check=True)       # nobody is ever asked
    assert res.outcome == "limit" and "thrown in" in res.reason
    assert sum(e["event"] == "deal" for e in res.events) == MAX_THROW_INS


def test_a_hand_thrown_in_is_dealt_again(tmp_path):
    # hand 1 asks nobody: thrown in; hand 2 asks seat 0, whose `highest` bot names the last value, D
    rules = _rules(tmp_path, "s.index == 0 and hand-number > 1")
    res = play(rules, seed=3, bots=["highest", "lowest", "lowest"], check=True)
    kinds = [e["event"] for e in res.events if e["event"] in ("deal", "all-passed", "choose", "trump", "score")]
    assert kinds[:2] == ["deal", "all-passed"]                        # hand 1: seat 0 is not asked
    assert kinds[2:] == ["deal", "choose", "trump", "score"]
    assert next(e for e in res.events if e["event"] == "trump")["suit"] == "D"
    assert res.outcome == "finished" and sum(res.scores) == 8

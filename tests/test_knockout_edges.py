"""`match.knock-out` at its edges: every seat is judged on the same table, and a knock-out that would
leave nobody in knocks nobody out (a rule file that validates never stops with an internal error)."""
from pathlib import Path

from ruleplay.engine import play
from ruleplay.pipeline import load

RULES = """\
name: ko-edges
description: Three players, a trick game over several hands; knock-outs as the test writes them.
players: 3
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
deal: {to: hand, count: all}
phases:
  play: {kind: trick, from: hand, to: trick, won-to: taken}
match:
  knock-out: "KNOCK"
  end: "END"
  winners: {where: "not s.out"}
  max-hands: 5
"""


def _rules(tmp_path: Path, knock: str, end: str):
    p = tmp_path / "ko.yaml"
    p.write_text(RULES.replace("KNOCK", knock).replace("END", end))
    return load(str(p))


def test_seats_are_judged_on_the_same_table(tmp_path):
    # When judged one by one, seat 0 going out would make the count 2 and save seat 1; judged together,
    # both seats 0 and 1 see three seats in and go out after the first hand: seat 2 is left and wins.
    res = play(_rules(tmp_path, "s.index < 2 and count(not x.out for x in seats) == 3",
                      "count(not s.out for s in seats) <= 1"), seed=4, check=True)
    outs = [e for e in res.events if e["event"] == "out"]
    assert [(e["seat"], e["why"]) for e in outs] == [(0, "knocked out"), (1, "knocked out")]
    assert res.outcome == "finished" and res.winners == [2] and res.hands == 1


def test_a_knock_out_of_everyone_knocks_out_nobody(tmp_path):
    # `true` would empty the table: nobody goes out, the deal goes on to all three, max-hands stops it.
    res = play(_rules(tmp_path, "true", "false"), seed=1, check=True)
    assert not [e for e in res.events if e["event"] == "out"]
    assert res.outcome == "limit" and res.hands == 5
    deals = [e for e in res.events if e["event"] == "deal"]
    assert len(deals) == 5 and all(len(h) == 8 for d in deals for h in d["hands"])

"""`choose` and `match.knock-out` at their edges: a one-hand game whose hands are all thrown in stops
(outcome `limit`) instead of dealing forever, one thrown in once is dealt again and played; every seat is
judged for a knock-out on the same table, and a knock-out that would leave nobody in knocks nobody out
(a rule file that validates never stops with an internal error)."""
from pathlib import Path

from ruleplay.engine.run import MAX_THROW_INS
from ruleplay.agents import play
from ruleplay.pipeline import load

HEAD = """\
name: edges
description: Three players, a 24-card pack dealt out, a hand of tricks; the rest as the test writes it.
players: 3
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
deal: {to: hand, count: all}
"""
THROW_IN = HEAD + """\
phases:
  call: {kind: choose, values: [C, D], who: "WHO", all-pass: redeal}
  play: {kind: trick, from: hand, to: trick, won-to: taken, trump: call}
scoring: {points: s.tricks}
"""
KNOCK_OUT = HEAD + """\
phases:
  play: {kind: trick, from: hand, to: trick, won-to: taken}
match:
  knock-out: "KNOCK"
  end: "END"
  winners: {where: "not s.out"}
  max-hands: 5
"""


def _rules(tmp_path: Path, text: str, **marks: str):
    for k, v in marks.items():
        text = text.replace(k, v)
    p = tmp_path / "edges.yaml"
    p.write_text(text)
    return load(str(p))


def test_a_game_whose_every_hand_is_thrown_in_stops(tmp_path):
    res = play(_rules(tmp_path, THROW_IN, WHO="false"), seed=0, check=True)       # nobody is ever asked
    assert res.outcome == "limit" and "thrown in" in res.reason
    assert sum(e["event"] == "deal" for e in res.events) == MAX_THROW_INS


def test_a_hand_thrown_in_is_dealt_again(tmp_path):
    # hand 1 asks nobody: thrown in; hand 2 asks seat 0, whose `highest` bot names the last value, D
    rules = _rules(tmp_path, THROW_IN, WHO="s.index == 0 and hand-number > 1")
    res = play(rules, seed=3, bots=["highest", "lowest", "lowest"], check=True)
    kinds = [e["event"] for e in res.events if e["event"] in ("deal", "all-passed", "choose", "trump", "score")]
    assert kinds == ["deal", "all-passed", "deal", "choose", "trump", "score"]
    assert next(e for e in res.events if e["event"] == "trump")["suit"] == "D"
    assert res.outcome == "finished" and sum(res.scores) == 8


def test_seats_are_judged_on_the_same_table(tmp_path):
    # When judged one by one, seat 0 going out would make the count 2 and save seat 1; judged together,
    # both seats 0 and 1 see three seats in and go out after the first hand: seat 2 is left and wins.
    res = play(_rules(tmp_path, KNOCK_OUT, KNOCK="s.index < 2 and count(not x.out for x in seats) == 3",
                      END="count(not s.out for s in seats) <= 1"), seed=4, check=True)
    outs = [e for e in res.events if e["event"] == "out"]
    assert [(e["seat"], e["why"]) for e in outs] == [(0, "knocked out"), (1, "knocked out")]
    assert res.outcome == "finished" and res.winners == [2] and res.hands == 1


def test_a_knock_out_of_everyone_knocks_out_nobody(tmp_path):
    # `true` would empty the table: nobody goes out, the deal goes on to all three, max-hands stops it.
    res = play(_rules(tmp_path, KNOCK_OUT, KNOCK="true", END="false"), seed=1, check=True)
    assert not [e for e in res.events if e["event"] == "out"]
    assert res.outcome == "limit" and res.hands == 5
    deals = [e for e in res.events if e["event"] == "deal"]
    assert len(deals) == 5 and all(len(h) == 8 for d in deals for h in d["hands"])


def test_a_knock_out_that_holds_for_everyone_left_is_named_when_the_match_runs_out(tmp_path):
    """`knock-out: "s.tokens <= 0 or s.tokens < 100"` holds for every seat after the first hand: nobody is knocked
    out, the match never ends, and the limit's reason says from which hand and where the docs say what to
    write instead (it said only "no result after N hands")."""
    p = tmp_path / "ko.yaml"
    p.write_text("extends: ninety-eight\nname: ko\nmatch:\n  knock-out: \"s.tokens <= 0 or s.tokens < 100\"\n"
                 "  max-hands: 6\n", encoding="utf-8")
    r = play(load(str(p)), seed=1)
    assert r.outcome == "limit" and not any(e["event"] == "out" for e in r.events)
    assert r.reason.endswith("after hand 1 the knock-out held for every player still in, so it knocked nobody out "
                             "(say who is worst off: docs/choosing.md, 'Knocked out of the match')")
    assert "knock-out" not in play(load("ninety-eight", {"tokens": "1"}), seed=1).reason


def test_a_thrown_in_hand_is_not_read_by_the_match_end(tmp_path):
    """t37: a match of one hand (`hand-number >= 1`) whose hand is thrown in named every player a winner with
    no card played. The match end is read after played hands only: the hands keep being thrown in here (nobody
    may choose) until max-hands stops the game as a limit; letting a seat choose plays hand 2 and ends there."""
    from ruleplay.agents import play
    from ruleplay.pipeline import load
    text = """
name: thrown
description: One hand, thrown in when nobody chooses.
players: 3
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
  stock: {owner: table, visibility: hidden}
deal: {to: hand, count: 5, rest: stock}
phases:
  bid: {kind: choose, values: [play], allowed: "ALLOWED", all-pass: redeal}
  play: {kind: trick, from: hand, to: trick, won-to: taken, follow: suit}
scoring:
  points: "s.tricks"
match:
  end: "hand-number >= 1"
  winners: {highest: s.score}
  max-hands: 5
"""
    path = tmp_path / "thrown.yaml"
    path.write_text(text.replace("ALLOWED", "false"), encoding="utf-8")
    r = play(load(str(path)), seed=1, bots=["random"] * 3)
    assert r.outcome == "limit" and not r.winners and not [e for e in r.events if e["event"] == "play"]
    path.write_text(text.replace("ALLOWED", "hand-number >= 2"), encoding="utf-8")
    r = play(load(str(path)), seed=1, bots=["random"] * 3)
    assert r.outcome == "finished" and [e["hand"] for e in r.events if e["event"] == "score"] == [2]

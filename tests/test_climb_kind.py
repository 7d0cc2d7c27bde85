"""The climb phase kind on a small demo ruleset and hand-made deals (runs, equal ranks that skip, a card
that clears the pile, the first out ending the hand, the action block), and the smart bot's view of
climbing and shedding turns. Each expected result is worked out by hand in the comment above its test."""
from __future__ import annotations

import random

import pytest

import ruleplay
from ruleplay.agents.bots import Bot
from ruleplay.engine.run import Deal, action_space
from ruleplay.agents import play
from ruleplay.pipeline import load

from conftest import ev
from ruleplay.tools.explain.sheet import sheet_text

DEMO = """
name: climb-demo
description: Three players climb with sets and, as an option, runs; places score.
players: 3
options:
  equal: {type: choice, choices: [refused, allowed, skips], default: refused, description: "an equal rank"}
  runs: {type: int, default: 0, min: 0, max: 13, description: "the shortest run (0: none)"}
  end: {type: choice, choices: [all-but-one, first-out], default: all-but-one, description: "the end"}
  twos-clear: {type: bool, default: false, description: "a 2 clears the pile"}
deck: {ranks: [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  pile: {owner: table, visibility: public}
deal: {to: hand, count: all}
phases:
  play: {kind: climb, from: hand, to: pile, equal: equal, runs: runs, end: end,
         clears: "twos-clear and card.rank == '2'"}
scoring:
  points: "players - s.place if s.place > 0 else 0"
"""


class Script(Bot):
    """Answers each asked decision with the next label of its script; keeps the labels it was offered."""

    def __init__(self, *labels: str, kind: str = "lowest"):
        super().__init__(kind, random.Random(0))
        self.script, self.offered = list(labels), []

    def act(self, d, space) -> int:
        labels = {a: (d.labels or {}).get(a) or space.label(a) for a in d.actions}
        self.offered.append(sorted(labels.values()))
        if not self.script:
            return super().act(d, space)
        want = self.script.pop(0)
        return next(a for a, lab in labels.items() if lab == want)


@pytest.fixture
def demo(tmp_path):
    path = tmp_path / "climb-demo.yaml"
    path.write_text(DEMO, encoding="utf-8")
    return lambda **opts: load(str(path), {k: str(v) for k, v in opts.items()})


def _run(rules, hands, bots):
    return play(rules, deal=Deal(hands, dealer=2), check=True, bots=bots)


def _plays(r):
    return [(e["seat"], e["combination"]) for e in ev(r, "climb")]


# Runs of three or more (seat 0 leads, the dealer being seat 2). Seat 0 (3C 4D 5H 9S) may lead 3, 4, 5, 9 or
# the run 3 4 5: it leads the run. Seat 1 (6C 7C 8D KS) beats it with the run 6 7 8 or passes: it plays the
# run. Seat 2 (4S 5S 6S 2H: its run tops at 6) and seat 0 (9S) cannot beat a run ending in 8 and pass
# unasked; the pile clears, seat 1 leads its KS and is out first. Seat 2 beats it with the 2 (or passes);
# seat 0 passes unasked, seat 1 is out: the pile clears to seat 2, who leads 4 5 6 and is out second.
# Seat 0 is left with 9S: last. Places [3, 1, 2]: points 0, 2, 1.
def test_runs_beat_runs_of_the_same_length(demo):
    bots = [Script("3 4 5"), Script("6 7 8"), Script("2", "4 5 6")]
    r = _run(demo(runs=3), [["3C", "4D", "5H", "9S"], ["6C", "7C", "8D", "KS"], ["4S", "5S", "6S", "2H"]], bots)
    assert bots[0].offered[0] == ["3", "3 4 5", "4", "5", "9"]
    assert bots[1].offered[0] == ["6 7 8", "pass"]
    assert bots[2].offered == [["2", "pass"], ["4", "4 5 6", "5", "6"]]
    assert _plays(r) == [(0, "3 4 5"), (1, "6 7 8"), (1, "K"), (2, "2"), (2, "4 5 6")]
    assert [e["cards"] for e in ev(r, "climb")][1] == ["6C", "7C", "8D"]
    assert [(e["seat"], e["place"]) for e in ev(r, "finished")] == [(1, 1), (2, 2), (0, 3)]
    assert [e["seat"] for e in ev(r, "climb-pass")] == [2, 0, 0]
    assert r.scores == [0, 2, 1]


# An equal rank (equal: skips). Seat 0 (5C 9C) leads 5; seat 1 (5D JC) may play 5, J or pass: it plays the
# equal 5, so seat 2 (7C QC) is skipped. Seat 0 passes rather than play its 9: seat 2 (skipped) and seat 0
# have passed since seat 1's play, so the pile clears to seat 1, who leads J and is out first. Seat 2 beats
# it with Q; seat 0 cannot beat Q and passes unasked: the pile clears to seat 2 (seat 1 being out), who
# leads 7 and is out second. Seat 0 is last. With equal refused, seat 1 may not play its 5 on a 5.
def test_an_equal_rank_skips_the_next_seat(demo):
    hands = [["5C", "9C"], ["5D", "JC"], ["7C", "QC"]]
    bots = [Script("5", "pass"), Script("5"), Script("Q")]
    r = _run(demo(equal="skips"), hands, bots)
    assert bots[1].offered[0] == ["5", "J", "pass"]
    assert [e["seat"] for e in ev(r, "skipped")] == [2]
    assert _plays(r) == [(0, "5"), (1, "5"), (1, "J"), (2, "Q"), (2, "7")]
    assert [(e["seat"], e["place"]) for e in ev(r, "finished")] == [(1, 1), (2, 2), (0, 3)]
    refused = [Script("5"), Script("J"), Script()]
    _run(demo(), hands, refused)
    assert refused[1].offered[0] == ["J", "pass"]


# A 2 clears the pile at once (twos-clear). Seat 0 (4C 2C 6D) leads 4; seat 1 (5C 8D) plays 5; seat 2 (3S 9S)
# plays 9; seat 0 plays its 2: the pile clears at once, nobody is asked or passes, and seat 0 leads its 6D
# (out first). Seat 1 beats it with 8 (out second); seat 2 keeps 3S. Without the house rule, seats 1 and 2
# cannot beat the 2 and pass (unasked) before the pile clears to seat 0: the same places.
def test_a_card_that_clears_the_pile(demo):
    hands = [["4C", "2C", "6D"], ["5C", "8D"], ["3S", "9S"]]
    for clears, passes in ((True, []), (False, [1, 2])):
        r = _run(demo(**{"twos-clear": str(clears).lower()}), hands, [Script("4", "2"), Script("5", "8"), Script("9")])
        assert _plays(r) == [(0, "4"), (1, "5"), (2, "9"), (0, "2"), (0, "6"), (1, "8")]
        assert [e["seat"] for e in ev(r, "climb-pass")] == passes
        assert ev(r, "cleared")[0]["seat"] == 0
        assert [e["place"] for e in ev(r, "finished")] == [1, 2, 3]


# end: first-out: seat 0 leads its only card, the hand ends at once; the others keep place 0 (no points).
def test_the_first_out_ends_the_hand(demo):
    r = _run(demo(end="first-out"), [["5C"], ["6C", "7D"], ["8C", "9D"]], [Script(), Script(), Script()])
    assert _plays(r) == [(0, "5")] and [(e["seat"], e["place"]) for e in ev(r, "finished")] == [(0, 1)]
    assert r.scores == [2, 0, 0]


def test_each_combination_is_one_labelled_action_of_a_fixed_block(demo):
    rules = demo(runs=3)
    space = action_space(rules)
    base = space.own["play"]
    labels = [space.label(a) for a in range(base, space.size)]
    # 13 singles, 13 pairs, 13 triples, 13 fours; runs of 3..13 of the 13 ranks: 11 + 10 + ... + 1
    assert len(labels) == 13 * 4 + sum(range(1, 12)) and len(set(labels)) == len(labels)
    assert labels[:2] == ["3", "4"] and labels[13] == "3 3" and labels[-1] == "3 4 5 6 7 8 9 10 J Q K A 2"
    assert action_space(load("hearts")).size == action_space(load("hearts")).OWN0     # no phase of its own
    g = ruleplay.load_game("president", options={"rounds": 1})
    s = g.new_initial_state(seed=4)
    while not s.is_terminal():
        acts = s.legal_actions()
        if getattr(s.decision().view, "climbing", False):
            assert all(a == g.space.PASS or g.space.own["play"] <= a < g.space.size for a in acts)
            assert [s.action_to_string(a) for a in acts[:-1]] == [g.space.label(a) for a in acts[:-1]]
        s.apply_action(acts[-1])
    assert s.result().outcome == "finished"


# smart, leading with 3C 3D 4S KD 2H: the lowest combination that breaks no set is the pair of 3s (a lone 3
# would break it). Following a 5 with 3C 3D 4S 6H 6D 9C AS 2H (eight cards; the others hold three): 6 would
# break the pair of 6s, A and 2 are the two top ranks: it plays 9.
def test_smart_plays_the_lowest_beating_combination_without_breaking_sets(demo):
    lead = [Script(kind="smart"), Script(), Script()]
    r = _run(demo(), [["3C", "3D", "4S", "KD", "2H"], ["6C", "8C", "9D"], ["7C", "10C", "JD"]], lead)
    assert _plays(r)[0] == (0, "3 3")
    follow = [Script("5"), Script(kind="smart"), Script()]
    r = _run(demo(), [["5C", "7S", "8S"], ["3C", "3D", "4S", "6H", "6D", "9C", "AS", "2H"], ["10C", "JD", "QD"]],
             follow)
    assert _plays(r)[1] == (1, "9")


# smart at Crazy Eights (two players, dealer 1, starter 5S): seat 0 holds 8C 5D KD. The 8 is legal on
# anything, the 5D by rank: `lowest` plays 8C (clubs first), smart keeps the eight and plays 5D. Playing an
# eight (its only legal card on the 5S), smart names the suit it holds most: holding KD QD 4D 9C, D.
def test_smart_keeps_the_wild_card_and_names_the_suit_it_holds():
    deal = Deal([["8C", "5D", "KD"], ["9H", "QH", "4H"]], rest=["5S", "2C", "3C", "4S", "6S"], dealer=1)
    rules = load("crazy-eights", {"target": "1"}, 2)
    lowest = play(rules, deal=deal, bots=["lowest", "lowest"], max_actions=50)   # (lowest vs lowest loops here)
    smart = play(rules, deal=deal, bots=["smart", "lowest"], max_actions=50)
    assert [e["card"] for e in ev(lowest, "shed")][1] == "8C"
    assert [e["card"] for e in ev(smart, "shed")][1] == "5D"
    deal = Deal([["8H", "KD", "QD", "4D", "9C"], ["9H", "QH", "4H"]], rest=["5S", "2C", "3C"], dealer=1)
    r = play(rules, deal=deal, bots=["smart", "lowest"], max_actions=50)
    assert ev(r, "named")[0]["value"] == "D"


def test_president_plays_with_the_state_api_and_every_bot():
    g = ruleplay.load_game("president", options={"rounds": 2})
    for kinds in (["smart", "random", "lowest", "highest"], ["smart"] * 4):
        r = play(g.rules, seed=5, bots=kinds, check=True)
        assert r.outcome == "finished" and r.hands == 2
        places = [e["place"] for e in r.events if e["event"] == "finished"]
        assert sorted(places[:4]) == [1, 2, 3, 4] and sorted(places[4:]) == [1, 2, 3, 4]


@pytest.mark.parametrize("players", [3, 5])
def test_every_house_rule_combination_plays_to_the_end(players):
    """Invariants over President's options: cards conserved (check), every hand ranks every seat once, and
    the points of a hand (a point per player out later) add up to 0 + 1 + ... + (players - 1)."""
    import itertools
    for runs, equal, locks, clears in itertools.product([0, 3], ["refused", "allowed", "skips"], ["true", "false"],
                                                        ["true", "false"]):
        rules = load("president", {"runs": str(runs), "equal": equal, "pass-locks": locks, "twos-clear": clears,
                                   "rounds": "2"}, players)
        for bots in (["random"] * players, ["smart"] * players):
            r = play(rules, seed=players, bots=bots, check=True)
            assert r.outcome == "finished" and r.hands == 2
            places = [e["place"] for e in r.events if e["event"] == "finished"]
            assert sorted(places[:players]) == sorted(places[players:]) == list(range(1, players + 1))
            assert all(sum(h) == players * (players - 1) // 2 for h in r.hand_scores)


def test_a_run_never_spans_a_gap_in_the_order(tmp_path):
    """Runs are ranks of consecutive `order` values: with the 2 ranked 10 above the ace's 4 (Zheng Shangyou,
    Big Two, Tichu keep the 2 out of sequences), K A 2 and Q K A 2 are no runs, J Q K A is (t29's bug 2)."""
    f = tmp_path / "gap.yaml"
    f.write_text("""name: gap
description: Three players climb with singles, pairs and runs of three or more; the 2 is high and in no run.
players: 3
deck: {ranks: [J, Q, K, A, 2], suits: [C, D, H, S]}
define:
  strength: {expr: "10 if card.rank == '2' else card.order", description: "J 1, Q 2, K 3, A 4, the 2 10"}
zones:
  hand: {owner: seat, visibility: owner}
  pile: {owner: table, visibility: public}
deal: {to: hand, count: all}
phases:
  play: {kind: climb, from: hand, to: pile, order: strength, sets: [1, 2], runs: 3}
""", encoding="utf-8")
    ph = next(p for p in load(str(f)).phases if hasattr(p, "combos"))
    runs = [c.label for c in ph.combos if c.run]
    assert runs == ["J Q K", "Q K A", "J Q K A"]


PAIRS = DEMO.replace("  play: {kind: climb, from: hand, to: pile, equal: equal, runs: runs, end: end,",
                     "  play: {kind: climb, from: hand, to: pile, equal: equal, runs: runs, end: end, "
                     "runs-of: {pairs: 2},")


# Runs of pairs (Zheng Shangyou, Tichu): seat 0 (3C 3D 4C 4D 9S) may lead 3 3 4 4. Seat 1 (5C 5D 6C 6D 7H) may
# beat it with 5 5 6 6 only (a run of singles 5 6 7 is another shape, and its 6 7 is not a pair run), or pass:
# it plays 5 5 6 6. Seat 2 (7C 7D 8S 2H 2S: no second 8) cannot beat it and passes unasked; seat 0 passes
# unasked (9S), so the pile clears to seat 1, who leads 7 and goes out first.
def test_a_run_of_pairs_beats_a_run_of_pairs_as_long(demo, tmp_path):
    path = tmp_path / "pairs.yaml"
    path.write_text(PAIRS, encoding="utf-8")
    rules = load(str(path), {"runs": "3"})
    ph = next(p for p in rules.phases if hasattr(p, "combos"))
    pair_runs = [c.label for c in ph.combos if c.run == 2]
    assert pair_runs[:2] == ["3 3 4 4", "4 4 5 5"] and "3 3 4 4 5 5" in pair_runs and "A A 2 2" in pair_runs
    bots = [Script("3 3 4 4"), Script("5 5 6 6", "7"), Script()]
    r = _run(rules, [["3C", "3D", "4C", "4D", "9S"], ["5C", "5D", "6C", "6D", "7H"],
                     ["7C", "7D", "8S", "2H", "2S"]], bots)
    assert "3 3 4 4" in bots[0].offered[0]
    assert bots[1].offered[0] == ["5 5 6 6", "pass"]
    assert _plays(r)[:3] == [(0, "3 3 4 4"), (1, "5 5 6 6"), (1, "7")]
    assert [e["cards"] for e in ev(r, "climb")][1] == ["5C", "5D", "6C", "6D"]
    assert "or a run of pairs of at least 2 consecutive ranks" in sheet_text(rules)


BOMBS = DEMO.replace("  play: {kind: climb, from: hand, to: pile, equal: equal, runs: runs, end: end,",
                     "  play: {kind: climb, from: hand, to: pile, equal: equal, runs: runs, end: end, "
                     "sets: [1, 2, 3, 4], bombs: [4],")


# Bombs (Dou Dizhu, Tichu): seat 0 leads the pair 9 9. Seat 1 may beat it with a higher pair (K K) or its bomb
# 5 5 5 5 (a bomb beats any play that is no bomb), or pass: it bombs. Seat 2 holds a bigger-ranked bomb
# 7 7 7 7 and a pair of aces: the aces are no bomb and may not answer a bomb; it bombs back. Seat 0 (3 and 9 9
# played) cannot beat a bomb and passes unasked, seat 1 passes: the pile clears to seat 2.
def test_a_bomb_beats_any_play_and_only_a_higher_bomb_beats_it(tmp_path):
    path = tmp_path / "bombs.yaml"
    path.write_text(BOMBS, encoding="utf-8")
    rules = load(str(path))
    bots = [Script("9 9"), Script("5 5 5 5", "pass"), Script("7 7 7 7")]
    r = _run(rules, [["9C", "9D", "3S"], ["5C", "5D", "5H", "5S", "KC", "KD"],
                     ["7C", "7D", "7H", "7S", "AC", "AD"]], bots)
    assert bots[1].offered[0] == ["5 5 5 5", "K K", "pass"]
    assert bots[2].offered[0] == ["7 7 7 7", "pass"]           # the aces are no answer to a bomb
    assert _plays(r)[:3] == [(0, "9 9"), (1, "5 5 5 5"), (2, "7 7 7 7")]
    assert "is a bomb: it beats any play that is no bomb" in sheet_text(rules)


def test_a_bomb_that_is_no_set_size_is_refused(tmp_path, capsys):
    from conftest import validate_errors
    err = validate_errors(tmp_path, capsys, BOMBS.replace("sets: [1, 2, 3, 4], bombs: [4]", "sets: [1, 2, 3], bombs: [4]"))
    assert "error [phases.play.bombs]: a bomb is a set of one of the sizes in sets; 4 is not" in err

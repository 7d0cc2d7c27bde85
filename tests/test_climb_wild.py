"""A climb's wild cards (kinds/climbwild.py): jokers wild in sets and runs, 2s wild in sets only, natural plays
beating wild ones at an equal rank, bombs with or without wild cards. Each expected result is worked out by
hand in the comment above its test; the hands are dealt as written, seat 0 leads (the dealer is seat 2)."""
from __future__ import annotations

import pytest

from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

from conftest import ev, validate_errors
from test_climb_kind import Script

WILD = """
name: wild-climb
description: Jokers wild in sets and runs, 2s wild in sets only.
players: 3
options:
  natural: {type: bool, default: true, description: "a natural play beats one as high with wild cards"}
deck: {ranks: [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2], suits: [C, D, H, S], jokers: 2}
zones:
  hand: {owner: seat, visibility: owner}
  pile: {owner: table, visibility: public}
deal: {to: hand, count: all}
phases:
  play:
    kind: climb
    from: hand
    to: pile
    order: "13 if card.joker else (12 if card.rank == '2' else card.order)"   # 2s and jokers apart: no runs
    runs: 3
    sets: [1, 2, 3, 4]
    bombs: [4]
    clears: "card.rank == '2'"
    wild: {sets: "card.joker or card.rank == '2'", runs: "card.joker"}
    natural-beats-wild: natural
scoring:
  points: "players - s.place if s.place > 0 else 0"
"""


@pytest.fixture
def wild(tmp_path):
    def make(text: str = WILD, **opts):
        path = tmp_path / "wild-climb.yaml"
        path.write_text(text, encoding="utf-8")
        return load(str(path), {k: str(v).lower() for k, v in opts.items()})
    return make


def _run(rules, hands, bots):
    return play(rules, deal=Deal(hands, dealer=2), check=True, bots=bots)


def _plays(r):
    return [(e["seat"], e["combination"], e["cards"]) for e in ev(r, "climb")]


# Seat 0 (9C JK 3C) leads the pair 9 9 with its joker. Seat 1 (9D 9H 4C) holds a natural pair of nines: with
# natural-beats-wild it may beat the wild pair (offered 9 9 or pass) and does; seat 2 (KC 5C) and seat 0 (3C)
# cannot beat a pair and pass unasked, seat 1 leads 4 and is out first. Without the rule nines do not beat
# nines: seat 1 passes unasked, and so does seat 2; the pile clears to seat 0, who leads 3.
def test_a_joker_fills_a_set_and_a_natural_set_beats_it(wild):
    hands = [["9C", "JK", "3C"], ["9D", "9H", "4C"], ["KC", "5C"]]
    bots = [Script("9 9"), Script("9 9", "4"), Script()]
    r = _run(wild(natural=True), hands, bots)
    assert "9 9" in bots[0].offered[0] and "3 3" in bots[0].offered[0] and "JK" in bots[0].offered[0]
    assert "JK JK" not in bots[0].offered[0]            # one joker is no pair of jokers
    assert bots[1].offered[0] == ["9 9", "pass"]
    assert _plays(r)[:3] == [(0, "9 9", ["9C", "JK"]), (1, "9 9", ["9D", "9H"]), (1, "4", ["4C"])]
    bots = [Script("9 9", "3"), Script(), Script()]
    r = _run(wild(natural=False), hands, bots)
    assert [e["seat"] for e in ev(r, "climb-pass")][:2] == [1, 2]
    assert _plays(r)[:2] == [(0, "9 9", ["9C", "JK"]), (0, "3", ["3C"])]


# Seat 0 (4C 6C 2D JK): the joker is wild in runs, the 2 only in sets. It may lead the run 4 5 6 (the joker
# standing for the 5), the pairs 4 4 and 6 6 (with the 2, the lowest wild card), the pair 2 2 (2D and the
# joker) and JK JK (the joker and the 2). Holding 9S instead of the joker, it has no run (a 2 is no wild card
# in runs) and no pair of 2s (one 2 alone), but the pairs 4 4, 6 6, 9 9 with its 2.
def test_jokers_fill_runs_and_twos_only_sets(wild):
    bots = [Script("4 5 6"), Script("7 8 9"), Script()]
    r = _run(wild(), [["4C", "6C", "2D", "JK"], ["7C", "8C", "9C", "KD"], ["5D", "QH"]], bots)
    offered = bots[0].offered[0]
    assert {"4 5 6", "4 4", "6 6", "2 2", "JK JK", "4 4 4"} <= set(offered)
    assert _plays(r)[0] == (0, "4 5 6", ["4C", "6C", "JK"])
    assert _plays(r)[1][:2] == (1, "7 8 9")                 # a natural run above it
    bots = [Script(), Script(), Script()]
    _run(wild(), [["4C", "6C", "2D", "9S"], ["7C", "8C", "9C", "KD"], ["5D", "QH"]], bots)
    offered = set(bots[0].offered[0])
    assert {"4 4", "6 6", "9 9"} <= offered and not {"4 5 6", "2 2"} & offered


# clears reads the top card played as its own rank: seat 0 leads 7 7 with 7C and 2D (standing for a 7): no
# clear, seat 1 may beat it with 8 8 and is asked. Led as 2 2 (2D 2H, natural), the pile clears at once and
# seat 0 leads again (its 7C).
def test_a_wild_two_standing_in_does_not_clear_the_pile(wild):
    hands = [["7C", "2D", "2H"], ["8C", "8D", "5S"], ["KC", "3S"]]
    bots = [Script("7 7"), Script("8 8"), Script()]
    r = _run(wild(), hands, bots)
    assert _plays(r)[:2] == [(0, "7 7", ["7C", "2D"]), (1, "8 8", ["8C", "8D"])]
    assert not ev(r, "cleared") or ev(r, "cleared")[0]["seat"] == 1
    bots = [Script("2 2", "7"), Script(), Script()]
    r = _run(wild(), hands, bots)
    assert ev(r, "cleared")[0]["seat"] == 0 and _plays(r)[1] == (0, "7", ["7C"])


# Bombs: wild cards are wild in bombs only where the rule says. With `wild: {sets: ..., runs: ...}` the joker
# does not make 7 7 7 + JK a bomb (three sevens and pairs are offered, no 7 7 7 7); with `wild: "card.joker"`
# (every place) it does.
def test_wild_cards_in_bombs_only_where_said(wild):
    hands = [["7C", "7D", "7H", "JK"], ["8C", "5S"], ["KC", "3S"]]
    bots = [Script("7 7 7"), Script(), Script()]
    _run(wild(), hands, bots)
    assert "7 7 7" in bots[0].offered[0] and "7 7 7 7" not in bots[0].offered[0]
    text = WILD.replace('wild: {sets: "card.joker or card.rank == \'2\'", runs: "card.joker"}', 'wild: "card.joker"')
    bots = [Script("7 7 7 7"), Script(), Script()]
    r = _run(wild(text), hands, bots)
    assert _plays(r)[0] == (0, "7 7 7 7", ["7C", "7D", "7H", "JK"])
    assert "A card is wild when the card is a joker" in sheet_text(wild(text))


def test_the_rule_sheet_says_where_cards_are_wild(wild):
    text = sheet_text(wild())
    assert "in sets, a card is wild when the card is a joker, or the card's rank is 2" in text
    assert "in runs, a card is wild when the card is a joker" in text
    assert "At an equal rank, a play with fewer wild cards beats one with more." in text
    assert "fewer wild cards" not in sheet_text(wild(natural=False))     # the option as set


@pytest.mark.parametrize("bots", ["random", "smart", "ismcts:2"])
def test_every_bot_plays_wild_climbs_to_the_end(wild, bots):
    rules = wild()
    for seed in range(2):
        r = play(rules, seed=seed, bots=bots, check=True)
        assert sorted(e["place"] for e in ev(r, "finished")) == [1, 2, 3]


def test_natural_beats_wild_needs_wild_cards(tmp_path, capsys):
    err = validate_errors(tmp_path, capsys, WILD.replace(
        '    wild: {sets: "card.joker or card.rank == \'2\'", runs: "card.joker"}\n', ""))
    assert "error [phases.play.natural-beats-wild]: natural-beats-wild needs wild cards" in err


def test_a_wild_rule_reads_the_card_only(tmp_path, capsys):
    err = validate_errors(tmp_path, capsys, WILD.replace('runs: "card.joker"', 'runs: "pile.size > 0"'))
    assert "error [phases.play.wild.runs]: this value may depend only on the card and on options" in err

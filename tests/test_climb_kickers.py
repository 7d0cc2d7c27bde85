"""A climb's kickers (kinds/climbkick.py): a trio with a single, four with two singles (no bomb), an airplane
with wings, each kicker asked as a card after the body; and a copy of the game taken while kickers are being
chosen goes on as the game does. Expected plays are worked out by hand above each test; seat 0 leads (the
dealer is seat 2)."""
from __future__ import annotations

import random

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

from conftest import ev, validate_errors
from test_climb_kind import Script
from test_climb_wild import _plays, _run

KICK = """
name: kick-climb
description: Sets, runs, runs of pairs and triples, bombs, and kickers on triples and fours.
players: 3
deck: {ranks: [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  pile: {owner: table, visibility: public}
deal: {to: hand, count: all}
phases:
  play:
    kind: climb
    from: hand
    to: pile
    sets: [1, 2, 3, 4]
    runs: 5
    runs-of: {pairs: 3, triples: 2}
    bombs: [4]
    kickers:
      - {with: 3, cards: 1}            # a trio with a single; an airplane with a single per trio
      - {with: 3, cards: 2}            # a trio with a pair
      - {with: 4, cards: 1, count: 2}  # four with two singles
scoring:
  points: "players - s.place if s.place > 0 else 0"
"""


@pytest.fixture
def kick(tmp_path):
    path = tmp_path / "kick-climb.yaml"
    path.write_text(KICK, encoding="utf-8")
    return load(str(path))


# Seat 0 (5C 5D 5H 3C 9S) leads 5 5 5 + a single, then is asked which: 3C or 9S (not a 5); it takes 9S.
# Seat 1 (7C 7D 7H 4D 8S): only a trio with a single beats it (7 7 7 alone or with a pair is another shape);
# its kicker is asked: 4D or 8S. Seat 2 (8C 8D 8H 8S? no: JC JD JH JS, a bomb) bombs it; the others cannot
# answer a bomb and pass unasked; seat 2 is out first.
def test_a_trio_carries_a_single_and_beats_only_a_trio_with_a_single(kick):
    bots = [Script("5 5 5 + a single", "9S"), Script("7 7 7 + a single", "8S"), Script("J J J J")]
    r = _run(kick, [["5C", "5D", "5H", "3C", "9S"], ["7C", "7D", "7H", "4D", "8S"], ["JC", "JD", "JH", "JS"]], bots)
    assert "5 5 5 + a single" in bots[0].offered[0] and "5 5 5 + a pair" not in bots[0].offered[0]
    assert bots[0].offered[1] == ["3C", "9S"]                     # the kicker: any card but a 5
    assert bots[1].offered[0] == ["7 7 7 + a single", "pass"]
    assert bots[1].offered[1] == ["4D", "8S"]
    assert bots[2].offered[0] == ["J J J J", "pass"]
    assert _plays(r)[:3] == [(0, "5 5 5 + a single", ["5C", "5D", "5H", "9S"]),
                             (1, "7 7 7 + a single", ["7C", "7D", "7H", "8S"]), (2, "J J J J", ["JC", "JD", "JH", "JS"])]
    assert ev(r, "finished")[0]["seat"] == 2


# Four with two singles is no bomb: seat 0 (9C 9D 9H 9S 3C 4D KS) plays 9 9 9 9 + 2 singles, choosing 3C from
# 3C 4D KS, then 4D from 4D KS (not the 3 again). Seat 1's 5 5 5 5 is a bomb and beats it; seat 1's kicker-less
# hand (one 6) offers no four with two singles of its own.
def test_four_with_two_singles_is_no_bomb(kick):
    bots = [Script("9 9 9 9 + 2 singles", "3C", "4D"), Script("5 5 5 5"), Script()]
    r = _run(kick, [["9C", "9D", "9H", "9S", "3C", "4D", "KS"], ["5C", "5D", "5H", "5S", "6C"], ["QC", "QD"]], bots)
    assert bots[0].offered[1] == ["3C", "4D", "KS"] and bots[0].offered[2] == ["4D", "KS"]
    assert bots[1].offered[0] == ["5 5 5 5", "pass"]
    assert _plays(r)[:2] == [(0, "9 9 9 9 + 2 singles", ["9C", "9D", "9H", "9S", "3C", "4D"]),
                             (1, "5 5 5 5", ["5C", "5D", "5H", "5S"])]


# An airplane with wings: seat 0 (5C 5D 5H 6C 6D 6H 9S JS) plays 5 5 5 6 6 6 + 2 singles; the first wing is
# asked (9S or JS), the second is the one left, taken unasked; seat 0 is out first.
def test_an_airplane_carries_a_single_per_trio(kick):
    bots = [Script("5 5 5 6 6 6 + 2 singles", "9S"), Script(), Script()]
    r = _run(kick, [["5C", "5D", "5H", "6C", "6D", "6H", "9S", "JS"], ["7C", "8D"], ["KC", "QD"]], bots)
    assert bots[0].offered[1] == ["9S", "JS"] and len(bots[0].offered) == 2
    assert _plays(r)[0] == (0, "5 5 5 6 6 6 + 2 singles", ["5C", "5D", "5H", "6C", "6D", "6H", "9S", "JS"])
    assert ev(r, "finished")[0] == {**ev(r, "finished")[0], "seat": 0, "place": 1}


def test_the_rule_sheet_says_what_the_kickers_are(kick):
    text = sheet_text(kick)
    assert "Kickers: a set of 3 may carry 1 single; a set of 3 may carry 1 pair; a set of 4 may carry 2 singles" in text


@pytest.mark.parametrize("bots", ["random", "smart", "ismcts:4"])
def test_every_bot_plays_kicker_climbs_to_the_end(kick, bots):
    for seed in range(3):
        r = play(kick, seed=seed, bots=bots, check=True)
        assert sorted(e["place"] for e in ev(r, "finished")) == [1, 2, 3]


def test_a_copy_taken_while_kickers_are_chosen_goes_on_as_the_game_does(kick, tmp_path):
    """State.clone() at a kicker's decision (a card action in a climb) and played on with the same random
    choices logs the same events as the game replayed from its seed with those choices."""
    path = tmp_path / "kick-climb.yaml"
    g = ruleplay.load_game(str(path))
    cloned = 0
    for seed in range(40):
        if cloned >= 6:
            break
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            d = s.decision()
            if d.actions[0] < g.space.cards and s._run.forkable and cloned < 6:
                c = s.clone()
                picks = random.Random(seed)
                while not c.is_terminal():
                    c.apply_action(picks.choice(c.legal_actions()))
                twin = g.new_initial_state(seed)
                for a in s.history():
                    twin.apply_action(a)
                picks = random.Random(seed)
                while not twin.is_terminal():
                    twin.apply_action(picks.choice(twin.legal_actions()))
                assert twin.events() == c.events()
                cloned += 1
            s.apply_action(rng.choice(s.legal_actions()))
    assert cloned >= 3


def test_kickers_on_a_set_never_played_are_refused(tmp_path, capsys):
    err = validate_errors(tmp_path, capsys, KICK.replace("{with: 4, cards: 1, count: 2}", "{with: 5, cards: 1}"))
    assert "error [phases.play.kickers[2].with]: kickers ride on a set of 5 cards, which this climb never plays" in err

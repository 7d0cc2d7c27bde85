"""Leduc Hold'em (rulesets/leduc-holdem.yaml, a `turns` phase with counters as chips) against OpenSpiel's
`leduc_poker`: for every deal of the two private cards and the public card, random betting sequences are
played on both, and at every decision the legal actions and, at the end, the returns must agree."""
from __future__ import annotations

import itertools
import random

import pytest

import ruleplay
from ruleplay.engine.run import Deal

pyspiel = pytest.importorskip("pyspiel")

NAMES = {0: "fold", 1: "call", 2: "raise"}          # OpenSpiel's leduc actions


def card(c: int) -> str:
    """OpenSpiel's card c (two suits per rank, jack to king) as a ruleplay card name."""
    return "JQK"[c // 2] + "SH"[c % 2]


def test_every_deal_bets_and_pays_as_openspiel():
    game = ruleplay.load_game("leduc-holdem")
    spiel = pyspiel.load_game("leduc_poker")
    picks = random.Random(11)
    games = 0
    for a, b, public in itertools.permutations(range(6), 3):
        rest = [card(public)] + [card(c) for c in range(6) if c not in (a, b, public)]
        for _ in range(3):
            ours = game.new_initial_state(seed=1, deal=Deal([[card(a)], [card(b)]], rest=rest, dealer=1))
            theirs = spiel.new_initial_state()
            theirs.apply_action(a)
            theirs.apply_action(b)
            while not theirs.is_terminal():
                if theirs.is_chance_node():
                    theirs.apply_action(public)
                    continue
                assert not ours.is_terminal() and ours.current_player() == theirs.current_player()
                labels = {ours.action_to_string(x): x for x in ours.legal_actions()}
                assert sorted(labels) == sorted(NAMES[x] for x in theirs.legal_actions())
                x = picks.choice(theirs.legal_actions())
                theirs.apply_action(x)
                ours.apply_action(labels[NAMES[x]])
            assert ours.is_terminal()
            assert ours.result().scores == [int(v) for v in theirs.returns()]
            if ours.events()[-1]["outcome"] == "finished":
                games += 1
    assert games == 360

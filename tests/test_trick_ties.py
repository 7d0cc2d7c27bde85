"""`ties: last` on a trick: of equal cards the later played wins (Cucumber/Gurka: "the last player to play the
highest rank takes the trick"; t40 wrote the trick by hand in `turns` for want of it). Ranks only: a `suit`
rule giving every card one suit makes the trick a contest of ranks. Hand-checked deals and a referee."""
from __future__ import annotations

import random

import ruleplay
from conftest import step
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

GAME = """name: ties
description: Three players; the highest rank wins the trick, whatever its suit; TIES.
players: 3
deck: {ranks: [7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  won: {owner: seat, visibility: public}
  rest: {owner: table, visibility: hidden}
deal: {to: hand, count: 2, rest: rest}
phases:
  play:
    kind: trick
    from: hand
    to: trick
    won-to: won
    follow: any
    trump: none
    suit: "'X'"                  # one suit for all: ranks alone decide
    ties: TIES
scoring:
  points: "s.tricks"
match: {end: "true"}
"""


def _game(tmp_path, ties: str):
    p = tmp_path / f"{ties}.yaml"
    p.write_text(GAME.replace("TIES", ties), encoding="utf-8")
    return ruleplay.Game(load(str(p)))


def test_the_last_of_equal_highest_cards_wins(tmp_path):
    """Seat 0 leads 9C, seat 1 plays KD, seat 2 plays KS: with ties last seat 2 wins; with ties first, seat 1."""
    hands = [["9C", "7C"], ["KD", "8D"], ["KS", "8S"]]
    for ties, winner in (("last", 2), ("first", 1)):
        s = _game(tmp_path, ties).new_initial_state(seed=1, deal=Deal(hands, dealer=2))
        step(s, "9C", "KD", "KS")
        trick = next(e for e in s.events() if e["event"] == "trick")
        assert trick["winner"] == winner, ties


def test_a_referee_over_random_games(tmp_path):
    """Random play: each trick goes to the last player of its highest rank."""
    g = _game(tmp_path, "last")
    order = "7 8 9 10 J Q K A".split()
    for seed in range(60):
        s = g.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        for e in s.events():
            if e["event"] == "trick":
                top = max(order.index(c[:-1]) for _, c in e["cards"])
                assert e["winner"] == [seat for seat, c in e["cards"] if order.index(c[:-1]) == top][-1], (seed, e)
    assert "(order: rank; the last played wins a tie)" in sheet_text(g.rules)

"""A trick phase's refill from a stock whose top card lies face up (German Whist, Pagat): the card is turned up
for everyone as the phase starts and after each refill, the trick's winner draws it in view of all, the loser
draws the next card unseen. Checked on the log of random games and on what each seat's log shows."""
from __future__ import annotations

import random

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

from conftest import ev

GERMAN = """
name: german-whist-demo
description: Two players, 13 cards each; the stock's top card lies face up and goes to the trick's winner.
source: Pagat, German Whist (the first thirteen tricks only, here every trick counts).
players: 2
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: hidden}
deal: {to: hand, count: 13, rest: stock}
phases:
  play:
    kind: trick
    from: hand
    to: trick
    won-to: taken
    follow: suit
    trump-card: stock.top
    refill: {from: stock, face-up: true}
scoring:
  points: "s.tricks"
"""


@pytest.fixture
def rules(tmp_path):
    path = tmp_path / "german.yaml"
    path.write_text(GERMAN, encoding="utf-8")
    return load(str(path))


def test_the_winner_draws_the_card_turned_up_and_the_next_is_turned(rules):
    """Each `turned-up` card is the next card drawn, by the winner of the trick that follows (shown to all);
    the loser's draw is not shown; a card is turned up after every refill while the stock has cards, and the
    stock's 26 cards are all drawn."""
    for seed in range(5):
        r = play(rules, seed=seed, bots="random", check=True)
        up, draws, tricks = None, 0, ev(r, "trick")
        for e in r.events:
            if e["event"] == "turned-up":
                assert up is None and e["zone"] == "stock"
                up = e["card"]
            elif e["event"] == "refill":
                draws += 1
                if e.get("shown"):
                    assert e["cards"] == [up] and e["seat"] == tricks[(draws - 1) // 2]["winner"]
                    up = None
                else:                                      # the loser's: the next card, after the winner took the shown one
                    assert up is None and draws % 2 == 0
        assert draws == 26 and up is None


def test_a_seat_sees_the_winner_s_draw_but_not_the_loser_s(rules):
    state = ruleplay.load_game(rules.files[0]).new_initial_state(1)
    pick = random.Random(1)
    while not state.is_terminal():
        state.apply_action(pick.choice(state.legal_actions()))
    for me in (0, 1):
        for e in state.seat_events(me):
            if e["event"] == "refill":
                seen = None not in e["cards"]
                assert seen == (e["seat"] == me or e.get("shown") is True)


@pytest.mark.parametrize("bots", ["smart", "ismcts:8"])
def test_every_bot_plays_it_to_the_end(rules, bots):
    for seed in range(2):
        r = play(rules, seed=seed, bots=bots, check=True)
        assert r.outcome == "finished" and sum(e["winner"] is not None for e in ev(r, "trick")) == 26


def test_the_rule_sheet_says_the_top_card_lies_face_up(rules):
    assert "The top card of the stock lies face up: it is turned up as the phase starts and after each refill, " \
           "and the winner draws it." in sheet_text(rules)

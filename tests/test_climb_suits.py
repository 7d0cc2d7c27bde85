"""A climb whose `order` ranks the cards of a rank apart by suit (`rank * 4 + suit`: Big Two, Tien Len): a pair
or run beats one of the same ranks with a higher suit on top, played with the least card that does (t22, t38
wrote these games in `turns` because the climb "ignores suits"), and runs still step from rank to rank."""
from __future__ import annotations

import random

import ruleplay
from conftest import offered, step
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

SUIT = {"D": 0, "C": 1, "H": 2, "S": 3}
RANKS = "3 4 5 6 7 8 9 10 J Q K A 2".split()
GAME = """name: big-two-ish
description: Singles, pairs, triples and runs of three or more; a card's rank then suit (D < C < H < S) decide.
players: 3
deck: {ranks: [3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2], suits: [D, C, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  pile: {owner: table, visibility: public}
  rest: {owner: table, visibility: hidden}
deal: {to: hand, count: 5, rest: rest}
phases:
  play:
    kind: climb
    from: hand
    to: pile
    order: "card.order * 4 + (0 if card.suit == 'D' else 1 if card.suit == 'C' else 2 if card.suit == 'H' else 3)"
    sets: [1, 2, 3]
    runs: 3
    end: first-out
scoring:
  points: "0 - s.hand.size"
match: {end: "true"}
"""


def _game(tmp_path):
    p = tmp_path / "b2.yaml"
    p.write_text(GAME, encoding="utf-8")
    return ruleplay.Game(load(str(p)))


def _value(card: str) -> int:
    return RANKS.index(card[:-1]) * 4 + SUIT[card[-1]]


def test_a_pair_with_a_higher_suit_beats_a_pair_of_the_same_rank(tmp_path):
    """Seat 0 leads its pair 7D 7H; seat 1's pair 7C 7S has 7S on top, above 7H: it may play `7 7` over it."""
    g = _game(tmp_path)
    s = g.new_initial_state(seed=1, deal=Deal([["7D", "7H", "5H", "9D", "JD"], ["7C", "7S", "5C", "5S", "KD"],
                                               ["3D", "4D", "QS", "QH", "AD"]], dealer=2))
    step(s, "7 7")
    assert "7 7" in offered(s)
    step(s, "7 7")
    plays = [e["cards"] for e in s.events() if e["event"] == "climb"]
    assert plays == [["7D", "7H"], ["7C", "7S"]]


def test_a_single_is_raised_to_the_least_card_that_beats(tmp_path):
    """Seat 0 leads 5H; seat 1 holds 5C and 5S: only 5S beats 5H, and `5` plays it (its lowest five would not)."""
    g = _game(tmp_path)
    s = g.new_initial_state(seed=1, deal=Deal([["5H", "7D", "9D", "JD", "KD"], ["5C", "5S", "8C", "10C", "QC"],
                                               ["3D", "4D", "6S", "AH", "AD"]], dealer=2))
    step(s, "5")
    assert "5" in offered(s)
    step(s, "5")
    assert [e["cards"] for e in s.events() if e["event"] == "climb"] == [["5H"], ["5S"]]


def test_runs_step_from_rank_to_rank(tmp_path):
    """With the order stepping by 4 a rank, 3D 4C 5S is still a run of three (the steps are ranks, not values)."""
    g = _game(tmp_path)
    s = g.new_initial_state(seed=1, deal=Deal([["3D", "4C", "5S", "9D", "JD"], ["6C", "7S", "8C", "10C", "QC"],
                                               ["3C", "4D", "6S", "AH", "AD"]], dealer=2))
    assert "3 4 5" in offered(s)


def test_a_referee_over_random_games(tmp_path):
    """Random play: every play beats the last one of its shape by its top card (rank, then suit), and each play's
    cards are the least of the seat's that do (the lowest of each lower rank, the least beating card on top)."""
    rules = _game(tmp_path).rules
    for seed in range(60):
        r = play(rules, seed=seed, bots=random.Random(seed).choice(["random", "smart"]), log=True)
        last = None
        for e in r.events:
            if e["event"] == "cleared":
                last = None
            if e["event"] == "climb":
                cards = e["cards"]
                top = max(_value(c) for c in cards)
                if last is not None and len(last) == len(cards):
                    assert top > max(_value(c) for c in last), (seed, last, cards)
                last = cards


def test_the_first_play_must_hold_the_three_of_diamonds(tmp_path):
    """`first-play: "card.name == '3D'"` (Big Two; t43): the holder of 3D leads a play holding it (3D alone, or a
    pair or run with it), not any other; later plays are free."""
    p = tmp_path / "first.yaml"
    p.write_text(GAME.replace("    end: first-out\n", "    end: first-out\n    first-play: \"card.name == '3D'\"\n"
                              "    first: \"any(c.name == '3D' for c in s.hand)\"\n"), encoding="utf-8")
    g = ruleplay.Game(load(str(p)))
    s = g.new_initial_state(seed=1, deal=Deal([["9D", "JD", "KD", "QS", "AS"], ["3D", "3C", "4C", "5D", "8C"],
                                               ["6S", "7S", "9H", "10H", "2H"]], dealer=2))
    assert s.current_player() == 1
    assert offered(s) == ["3", "3 3", "3 4 5"]
    rules = g.rules
    for seed in range(30):
        r = play(rules, seed=seed, log=True)
        first = next(e for e in r.events if e["event"] == "climb")
        holds = next(e for e in r.events if e["event"] == "deal")["hands"]
        if any("3D" in h for h in holds):
            assert "3D" in first["cards"], (seed, first)

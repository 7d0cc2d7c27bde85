"""Beggar-my-neighbour, end to end: hand-checked deals, an oracle, a looping deal."""
import random

import pytest

from conftest import honours_deal
from reference_bmn import reference
from ruleplay.engine.run import Deal
from ruleplay.agents import play


def test_tiny_deal_by_hand(bmn):
    # Seat 0: 5C then JC; seat 1: 2D, 3D, 4D.
    # 5C (s0), 2D (s1), JC (s0) -> s1 owes 1: 3D -> s0 takes 4 cards, leads:
    # 5C (s0), s1 plays 4D, s0 plays 2D, s1 has no card: out, s0 takes the pile.
    r = play(bmn, deal=Deal([["5C", "JC"], ["2D", "3D", "4D"]]), check=True)
    assert r.outcome == "finished"
    assert r.winners == [0]
    assert r.pile_takes == 2
    assert r.cards_played == 4 + 3
    plays = [(e["seat"], e["card"]) for e in r.events if e["event"] == "play"]
    assert plays == [(0, "5C"), (1, "2D"), (0, "JC"), (1, "3D"), (0, "5C"), (1, "4D"), (0, "2D")]


def test_honour_passes_the_demand_back(bmn):
    # s0 plays KC: s1 owes 3, pays 2H then QH (an honour): s0 now owes 2, pays 3C, 4C: s1 takes all 5 cards.
    r = play(bmn, deal=Deal([["KC", "3C", "4C"], ["2H", "QH"]]), check=True)
    takes = [(e["seat"], e["count"]) for e in r.events if e["event"] == "take"]
    assert takes[0] == (1, 5)
    # then s1 holds everything and the pile is empty: the game ends at once (the payer's last card).
    assert r.winners == [1]
    assert r.pile_takes == 1
    assert r.cards_played == 5


def test_pile_goes_under_in_play_order(bmn):
    r = play(bmn, deal=Deal([["JC", "9C"], ["2H", "8D"]]), check=True)
    # JC, 2H -> s0 takes [JC, 2H] under its stack: stack 9C, JC, 2H. s0 leads 9C, s1 8D, s0 JC ...
    plays = [e["card"] for e in r.events if e["event"] == "play"]
    assert plays[:5] == ["JC", "2H", "9C", "8D", "JC"]


@pytest.mark.parametrize("seed", range(150))
def test_engine_matches_hand_written_loop(bmn, seed):
    rng = random.Random(seed)
    names = [f"{r}{s}" for s in "CDHS" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]]
    rng.shuffle(names)
    hands = [names[:26], names[26:]]
    outcome, cards, takes = reference(hands)
    r = play(bmn, deal=Deal([list(h) for h in hands]), log=False, check=seed < 20)
    assert r.outcome == outcome
    assert (r.cards_played, r.pile_takes) == (cards, takes)


def test_looping_deal_is_a_cycle(bmn):
    # A known non-terminating deal (honour pattern per seat, '-' = number card).
    deal = honours_deal("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA")
    outcome, _, _ = reference(deal.hands, limit=200_000)
    assert outcome == "limit"                      # the oracle never finishes it
    r = play(bmn, deal=deal, log=False)
    assert r.outcome == "cycle"
    assert r.cycle["length"] > 0 and r.cycle["start"] >= 1
    again = play(bmn, deal=deal, log=False)
    assert again.cycle == r.cycle                  # deterministic


def test_max_actions_gives_limit(bmn):
    r = play(bmn, seed=5, max_actions=10)
    assert r.outcome == "limit" and r.cards_played == 10 and r.winners == []


def test_same_seed_same_game(bmn):
    a = play(bmn, seed=42)
    b = play(bmn, seed=42)
    c = play(bmn, seed=43)
    assert a.events == b.events
    assert a.events != c.events


@pytest.mark.parametrize("seed", range(30))
def test_cards_conserved_every_action(bmn, seed):
    r = play(bmn, seed=seed, check=True, log=False)
    assert r.outcome in ("finished", "cycle")
    if r.outcome == "finished":
        assert len(r.winners) == 1

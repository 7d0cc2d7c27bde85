"""Blackjack (rulesets/blackjack.yaml), written with the `turns` kind alone: hand-checked deals for the split,
the dealer's peek and the soft-17 house rule, and a referee that re-derives from the logs of random games
every decision's legality, the dealer's drawing and every hand's payment, with its own count of a hand."""
from __future__ import annotations

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

POINTS = {"A": 1, "J": 10, "Q": 10, "K": 10}


def value(name: str) -> int:
    return POINTS.get(name[:-1]) or int(name[:-1])


def total(cards: list[str]) -> int:
    """Aces 1, one of them 11 when that keeps the hand at 21 or under."""
    hard = sum(map(value, cards))
    return hard + 10 if any(c[:-1] == "A" for c in cards) and hard <= 11 else hard


def answer(state, *labels: str) -> list[list[str]]:
    offered = []
    for label in labels:
        by_label = {state.action_to_string(a): a for a in state.legal_actions()}
        offered.append(sorted(by_label))
        assert label in by_label, f"{label!r} not offered: {sorted(by_label)}"
        state.apply_action(by_label[label])
    return offered


def hand_points(state) -> list[list[int]]:
    return [e["points"] for e in state.events() if e["event"] == "score"]


# One player (seat 0 also "deals": the house is no seat). The shoe, top first: 8C to the player, 6D up for the
# house, 8S to the player, 10H in the hole (16). The player stakes 4 and splits the eights: 8S goes to the
# second hand, 3C to the first (11), 10C to the second (18). On the first hand a hit brings KD: 21, so play
# moves on to the second hand by itself, which stands at 18. The house turns 10H (16) and draws 5H: 21. The
# first hand's 21 ties (its stake back: 0), the second hand's 18 loses its 4: the hand scores -4.
def test_a_split_plays_two_hands_and_each_is_paid_against_the_dealer():
    game = ruleplay.load_game("blackjack", players=1, options={"rounds": "1"})
    s = game.new_initial_state(seed=1, deal=Deal([[]], rest=["8C", "6D", "8S", "10H", "3C", "10C", "KD", "5H"],
                                                  dealer=0), check=True)
    offered = answer(s, "stake: 4", "split", "hit", "stand")
    assert offered[1] == ["double", "hit", "split", "stand"]
    assert offered[3] == ["hit", "stand"]                       # the second hand: no double after a split
    assert s.is_terminal() and hand_points(s) == [[-4]]
    house = [e["cards"][0] for e in s.events() if e["event"] == "move" and e["to"] == "house"]
    assert house == ["6D", "10H", "5H"]


# Two players. The shoe: AS, 9D to the players, KC up for the house, then KH and 9C to the players, AD in the
# hole: the house has a blackjack and looks at it before anyone plays. Seat 0's AS KH is a blackjack too and
# keeps its stake; seat 1's 18 loses its 6. Nobody is asked to play.
def test_the_dealers_blackjack_ends_the_hand_before_anyone_plays():
    game = ruleplay.load_game("blackjack", players=2, options={"rounds": "1"})
    s = game.new_initial_state(seed=1, deal=Deal([[], []], rest=["AS", "9D", "KC", "KH", "9C", "AD", "2C"],
                                                  dealer=1), check=True)
    answer(s, "stake: 2", "stake: 6")
    assert s.is_terminal() and hand_points(s) == [[0, -6]]
    assert [e["why"] for e in s.events() if e["event"] == "turns-over"] == ["until", "until"]


# One player with 10S 9S (19), stands. The house shows AC over a 6D in the hole: a soft 17. By the table's
# rule it stands (19 beats 17: +2); with the house rule hit-soft-17 it draws 4H (21 soft) and wins (-2).
# A blackjack of the player's own (AH KS against 9C 8C) pays 3 to 2: 10 staked wins 15.
@pytest.mark.parametrize("hit17, points", [(False, 2), (True, -2)])
def test_a_soft_17_is_drawn_to_only_under_the_house_rule(hit17, points):
    game = ruleplay.load_game("blackjack", players=1, options={"rounds": "1", "hit-soft-17": "yes" if hit17 else "no"})
    s = game.new_initial_state(seed=1, deal=Deal([[]], rest=["10S", "AC", "9S", "6D", "4H"], dealer=0), check=True)
    answer(s, "stake: 2", "stand")
    assert hand_points(s) == [[points]]


def test_a_blackjack_pays_three_to_two():
    game = ruleplay.load_game("blackjack", players=1, options={"rounds": "1"})
    s = game.new_initial_state(seed=1, deal=Deal([[]], rest=["AH", "9C", "KS", "8C"], dealer=0), check=True)
    answer(s, "stake: 10")                                    # a lone blackjack stands by itself
    assert s.is_terminal() and hand_points(s) == [[15]]


def referee(events: list[dict], players: int, hit17: bool) -> int:
    """Replays one game's log by hand; returns the number of hands checked."""
    hands = 0
    for ev in events:
        kind = ev["event"]
        if kind == "deal":
            cards = {(z, s): [] for z in ("hand", "hand2") for s in range(players)}
            house, hole, bet, bet2, doubled = [], [], [0] * players, [0] * players, [False] * players
            stood: set[int] = set()
        elif kind == "move":
            card = ev["cards"]
            if ev["to"] in ("hand", "hand2"):
                if ev["from"] == "hand":                         # a split: the top card goes to the second hand
                    cards[("hand", ev["to_seat"])].remove(card[0])
                cards[(ev["to"], ev["to_seat"])] += card
            elif ev["to"] == "house":
                if ev["from"] == "shoe" and hole:              # every draw of the house is made under 17
                    dealer = house + hole
                    soft17 = total(dealer) == 17 and sum(map(value, dealer)) <= 7
                    assert total(dealer) < 17 or (hit17 and soft17), (dealer, card)
                house += card
                if ev["from"] == "hole":
                    hole = []
            elif ev["to"] == "hole":
                hole += card
        elif kind == "set" and ev["name"] in ("bet", "bet2"):
            (bet if ev["name"] == "bet" else bet2)[ev["seat"]] = ev["value"]
            if ev["name"] == "bet" and ev["phase"] == "play":
                doubled[ev["seat"]] = True
        elif kind == "decision":
            seat, label = ev["seat"], ev["label"]
            mine, second = cards[("hand", seat)], cards[("hand2", seat)]
            on_second = bool(second) and (seat in stood or total(mine) >= 21)
            if label == "stand" and second and not on_second:
                stood.add(seat)                                  # the first hand stands: the second is played
            elif label == "double":
                assert len(mine) == 2 and not second and total(mine) < 21
            elif label == "split":
                assert len(mine) == 2 and value(mine[0]) == value(mine[1]) and not second
            elif label == "hit":
                playing = second if on_second else mine
                assert not doubled[seat] and total(playing) < 21, (mine, second)
                assert not (second and mine[0][:-1] == "A"), "split aces take one card each"
        elif kind == "score":
            hands += 1
            dealer = house
            d = total(dealer)
            dealer_bj = len(dealer) == 2 and d == 21
            soft17 = d == 17 and sum(map(value, dealer)) <= 7
            assert d >= 17 and not (hit17 and soft17), dealer          # the house stands where the rules say
            for s in range(players):
                one, two = cards[("hand", s)], cards[("hand2", s)]
                t1, natural = total(one), len(one) == 2 and total(one) == 21 and not two
                if t1 > 21:
                    want = -bet[s]
                elif natural and not dealer_bj:
                    want = bet[s] * 3 // 2
                elif dealer_bj:
                    want = 0 if natural else -bet[s]
                else:
                    want = bet[s] if d > 21 or t1 > d else 0 if t1 == d else -bet[s]
                if two:
                    t2 = total(two)
                    want += -bet2[s] if t2 > 21 else bet2[s] if d > 21 or t2 > d else 0 if t2 == d else -bet2[s]
                assert ev["points"][s] == want, (s, one, two, dealer, bet[s], bet2[s], ev["points"])
    return hands


@pytest.mark.parametrize("players, hit17, bots", [(3, False, "random"), (2, True, "random"), (1, False, "smart")])
def test_blackjack_referee(players, hit17, bots):
    rules = load("blackjack", {"rounds": "20", "hit-soft-17": "yes" if hit17 else "no"}, players)
    checked = 0
    for seed in range(6):
        r = play(rules, seed=seed, bots=[bots] * players, check=True)
        assert r.outcome == "finished"
        checked += referee(r.events, players, hit17)
    assert checked == 6 * 20

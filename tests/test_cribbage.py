"""Cribbage (rulesets/cribbage.yaml), written with the `turns` kind and the combination words: hand-checked
deals for the crib, his heels, every pegging score (15, 31, a pair, a run in any order, the go and the last
card), the show (the 29 hand, a flush of four in the hand that the crib does not score, the crib's flush of
five) and the game ending at 121 in the middle of the play; then a referee that re-derives from the logs of
random games whose turn it is, every card's legality and pegging score, every show with its own count over
every subset of the cards, the order of the show, the stop at 121, the winner (cards conserved throughout)."""
from __future__ import annotations

import time
from itertools import combinations

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [f"{r}{s}" for r in RANKS for s in "CDHS"]


def rank(card: str) -> str:
    return card[:-1]


def value(card: str) -> int:
    return min(RANKS.index(rank(card)) + 1, 10)


def order(card: str) -> int:
    return RANKS.index(rank(card)) + 1


def is_run(cards) -> bool:
    vals = sorted(map(order, cards))
    return len(set(vals)) == len(vals) and vals[-1] - vals[0] == len(vals) - 1


# ------------------------------------------------------------------ the referee's own count
def pegging(pile: list[str], count: int) -> int:
    """What the last card of `pile` (the cards since the count was 0, in play order) pegs."""
    points = 2 if count in (15, 31) else 0
    same = 1
    while same < len(pile) and rank(pile[-1 - same]) == rank(pile[-1]):
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for k in range(len(pile), 2, -1):            # the longest run among the last k cards, in any order
        if is_run(pile[-k:]):
            return points + k
    return points


def show(cards: list[str], starter: str, crib: bool) -> int:
    """A hand or the crib with the starter, by every subset of the five cards."""
    five = cards + [starter]
    subsets = [s for k in range(2, 6) for s in combinations(five, k)]
    points = 2 * sum(sum(map(value, s)) == 15 for s in subsets)
    points += 2 * sum(rank(a) == rank(b) for a, b in combinations(five, 2))
    for k in (5, 4, 3):                          # runs: every run of the longest length, each counted whole
        runs = [s for s in combinations(five, k) if is_run(s)]
        if runs:
            points += k * len(runs)
            break
    suits = {c[-1] for c in cards}
    if crib:
        points += 5 if suits == {starter[-1]} else 0
    elif len(suits) == 1:
        points += 5 if suits == {starter[-1]} else 4
    points += sum(rank(c) == "J" and c[-1] == starter[-1] for c in cards)
    return points


def referee(events: list[dict], target: int = 121) -> int:
    """Every hand of a logged game, re-derived; returns the hands checked."""
    totals = [0, 0]
    starts = [i for i, e in enumerate(events) if e["event"] == "deal"]
    for at, end in zip(starts, starts[1:] + [len(events)]):
        hand = events[at:end]
        deal = hand[0]
        dealer = deal["dealer"]
        pone = 1 - dealer
        laid = {e["seat"]: e["cards"] for e in hand if e["event"] == "move" and e["to"] == "crib"}
        assert sorted(laid) == [0, 1] and all(len(c) == 2 for c in laid.values())
        kept = {s: [c for c in deal["hands"][s] if c not in laid[s]] for s in (0, 1)}
        assert all(set(laid[s]) <= set(deal["hands"][s]) for s in (0, 1))
        crib = laid[0] + laid[1]
        starter = next(e["cards"][0] for e in hand if e["event"] == "move" and e["to"] == "starter")
        assert starter == deal["rest"][0]
        pts = [0, 0]
        want = [(pone, 0), (dealer, 0)]

        def peg(seat: int, n: int) -> bool:
            pts[seat] += n
            want.append((seat, pts[seat]))
            return totals[seat] + pts[seat] >= target

        won = peg(dealer, 2) if rank(starter) == "J" else False      # his heels
        plays = [(e["seat"], e["cards"][0]) for e in hand if e["event"] == "move" and e["to"] == "pile"]
        held = {s: list(kept[s]) for s in (0, 1)}
        pile: list[str] = []
        count, turn, last, i = 0, pone, None, 0
        while not won and (held[0] or held[1] or pile):
            can = [any(count + value(c) <= 31 for c in held[s]) for s in (0, 1)]
            if can[turn]:                        # a player who can play must
                seat, card = plays[i]
                i += 1
                assert seat == turn and card in held[turn] and count + value(card) <= 31, (seat, card, count)
                held[turn].remove(card)
                pile.append(card)
                count += value(card)
                last = turn
                n = pegging(pile, count)
                if n:
                    won = peg(turn, n)
                if count == 31:
                    pile, count = [], 0
                turn = 1 - turn
            elif can[1 - turn]:                  # go: the other plays on
                turn = 1 - turn
            else:                                # neither can: the last card pegs 1, and the count starts again
                won = peg(last, 1)
                pile, count, turn = [], 0, 1 - last
        assert i == len(plays)
        if not won:                              # the show, in order; the first to the target ends it
            for seat, cards, is_crib in ((pone, kept[pone], False), (dealer, kept[dealer], False),
                                         (dealer, crib, True)):
                if peg(seat, show(cards, starter, is_crib)):
                    break
        logged = [(e["seat"], e["value"]) for e in hand if e["event"] == "set" and e.get("name") == "pegged"]
        assert logged == want, (deal, logged, want)
        score = next(e for e in hand if e["event"] == "score")
        assert score["points"] == pts
        totals = [totals[s] + pts[s] for s in (0, 1)]
        assert score["totals"] == totals
    end = events[-1]
    if end["event"] != "end":                    # one hand of a game going on
        return len(starts)
    assert end["outcome"] == "finished"
    assert end["winners"] == [s for s in (0, 1) if totals[s] >= target] and len(end["winners"]) == 1
    return len(starts)


# ------------------------------------------------------------------ hand-checked deals
def deal(hands: list[list[str]], starter: str, dealer: int = 1, **more) -> Deal:
    used = hands[0] + hands[1] + [starter]
    return Deal(hands, rest=[starter] + [c for c in DECK if c not in used], dealer=dealer, **more)


def played(state, card: str) -> bool:
    return any(e["event"] == "move" and card in e["cards"] for e in state.events())


def answer(state, *labels: str) -> None:
    """Answer the decisions by their labels, in turn: 'A+B' lays away two cards (asked card by card, in the
    deck's order, the second not asked when it is the only one left); a card already played by force (the
    only card that fits, not asked) is passed over."""
    for label in labels:
        parts = label.split("+")
        for k, part in enumerate(parts):
            by_label = {state.action_to_string(a): a for a in state.legal_actions()}
            if part in by_label:
                state.apply_action(by_label[part])
            elif len(parts) == 2 and k == 0 and parts[1] in by_label:
                parts.append(part)               # asked the other first
            else:
                assert played(state, part), f"{part!r} not offered: {sorted(by_label)}"


def hand_one(state) -> list[dict]:
    """The events of the first hand (to its score, or all so far)."""
    events = list(state.events())
    return events[:next((i + 1 for i, e in enumerate(events) if e["event"] == "score"), len(events))]


def pegged(state) -> list[tuple[int, int]]:
    """(seat, new value) of each change of a seat's points in the hand, in order (two 0s at the deal)."""
    return [(e["seat"], e["value"]) for e in hand_one(state) if e["event"] == "set" and e.get("name") == "pegged"]


def counts(state) -> list[int]:
    return [e["value"] for e in hand_one(state) if e["event"] == "set" and e.get("name") == "count"]


def first_hand(state) -> list[int]:
    return next(e["points"] for e in state.events() if e["event"] == "score")


def finish_hand(state) -> None:
    while not any(e["event"] == "score" for e in state.events()):
        state.apply_action(state.legal_actions()[0])


# Seat 1 deals; seat 0 lays away first and plays first. Seat 0 keeps 4C 5C KC 9C and lays AH 3H away; seat 1
# keeps 6S 5H 10D 2D and lays 7H QH away. The starter is JD: his heels, 2 to the dealer. The play: 4C (4), 6S
# (10), 5C (15: 2 for fifteen and 3 for the run 4-6-5 in any order: 5), 5H (20: a pair, 2), KC (30). Seat 1
# cannot play (10D, 2D pass 31): go; seat 0 cannot either (9C): 1 to seat 0 for the last card. The count starts
# again with seat 1: 10D (10), 9C (19), 2D (21): seat 1's last card pegs 1. Seat 0 pegs 6, seat 1 2+2+1 = 5.
# The show: seat 0's 4C 5C KC 9C with JD: 5-K and 5-J (4), four clubs (4): 8, so 14; then seat 1's 6S 5H 10D 2D:
# 5-10 and 5-J (4), so 9; the crib AH 3H 7H QH with JD: four hearts, which a crib does not score: 0.
def test_a_hand_laid_away_pegged_and_shown():
    game = ruleplay.load_game("cribbage")
    s = game.new_initial_state(seed=1, deal=deal([["4C", "5C", "KC", "9C", "AH", "3H"],
                                                  ["6S", "5H", "10D", "2D", "7H", "QH"]], "JD"), check=True)
    answer(s, "AH+3H", "7H+QH")
    crib = [c for e in s.events() if e["event"] == "move" and e["to"] == "crib" for c in e["cards"]]
    assert sorted(crib) == ["3H", "7H", "AH", "QH"]
    answer(s, "4C", "6S", "5C", "5H", "KC", "10D", "9C", "2D")
    assert pegged(s) == [(0, 0), (1, 0), (1, 2),         # his heels
                         (0, 5), (1, 4), (0, 6), (1, 5),  # 15 and a run; a pair; the last card before a go; the last
                         (0, 14), (1, 9), (1, 9)]         # the show: 8, 4 and the crib's 0
    assert counts(s) == [4, 10, 15, 20, 30, 0, 10, 19, 21, 0]
    assert first_hand(s) == [14, 9]
    assert referee(hand_one(s)) == 1


# 31 pegs 2, and nothing more for the last card; the other player starts the next count. Seat 0 deals: seat 1
# lays AS 6H away and keeps 10S 8C 2C QC, seat 0 lays 4H 4S away and keeps KD 3D 9D 7D; the starter 2H. Seat 1
# plays 10S, seat 0 KD (20), seat 1 8C (28), seat 0 3D, the only card that fits (31: 2). Seat 1 starts again:
# 2C, 9D (11), QC (21), 7D (28), and seat 0's last card pegs 1. The show: seat 1's 10S 8C 2C QC with 2H: the pair
# of twos, 2; seat 0's KD 3D 9D 7D: K-3-2 (2) and four diamonds (4): 6, so 9; the crib AS 6H 4H 4S with 2H:
# A-6-4-4 (2) and the pair of fours (2): 4, so 13.
def test_thirty_one_pegs_two_and_the_other_player_starts_again():
    game = ruleplay.load_game("cribbage")
    s = game.new_initial_state(seed=1, deal=deal([["KD", "3D", "9D", "7D", "4H", "4S"],
                                                  ["10S", "8C", "2C", "QC", "AS", "6H"]], "2H", dealer=0), check=True)
    answer(s, "AS+6H", "4H+4S", "10S", "KD", "8C", "3D", "2C", "9D", "QC", "7D")
    assert pegged(s) == [(1, 0), (0, 0), (0, 2), (0, 3), (1, 2), (0, 9), (0, 13)]
    assert counts(s) == [10, 20, 28, 31, 0, 2, 11, 21, 28, 0]
    assert first_hand(s) == [13, 2]


# Three and four of a rank in the play: 7C, 7D (a pair: 2), 7H (three: 6), 7S (four: 12, and 28).
def test_pair_royal_and_double_pair_royal():
    game = ruleplay.load_game("cribbage")
    s = game.new_initial_state(seed=1, deal=deal([["7C", "7H", "AC", "2D", "KH", "QS"],
                                                  ["7D", "7S", "3S", "9D", "KS", "QD"]], "5C"), check=True)
    answer(s, "KH+QS", "KS+QD", "7C", "7D", "7H", "7S")
    assert pegged(s)[2:5] == [(1, 2), (0, 6), (1, 14)]      # seat 1: 2, then 12 more


# The 29 hand: 5C 5D 5H JS with the 5S turned: eight fifteens (16), six pairs (12), his nobs (1). The crib
# 2H 4H 9H KH with QH turned: 2-4-9 (2) and a flush of five (5): 7; with QS turned, the four hearts score
# nothing: 2.
@pytest.mark.parametrize("starter, crib_points", [("QH", 7), ("QS", 2)])
def test_the_29_hand_and_the_crib_flush(starter, crib_points):
    game = ruleplay.load_game("cribbage")
    hand = ["5C", "5D", "5H", "JS"] if starter == "QH" else ["5C", "5D", "5H", "JD"]
    s = game.new_initial_state(seed=1, deal=deal([hand + ["2H", "4H"], ["AD", "3C", "7S", "8D", "9H", "KH"]],
                                                 starter), check=True)
    answer(s, "2H+4H", "9H+KH")
    shown = {e["seat"]: e["value"] for e in s.events() if e["event"] == "set" and e.get("name") == "hand-count"}
    assert shown == {0: show(hand, starter, False), 1: show(["AD", "3C", "7S", "8D"], starter, False)}
    finish_hand(s)
    dealer_pegged = [v for seat, v in pegged(s) if seat == 1]
    assert dealer_pegged[-1] - dealer_pegged[-2] == crib_points
    five_s = game.new_initial_state(seed=1, deal=deal([["5C", "5D", "5H", "JS", "2H", "4H"],
                                                       ["AD", "3C", "7S", "8D", "9H", "KH"]], "5S"))
    answer(five_s, "2H+4H", "9H+KH")
    shown = {e["seat"]: e["value"] for e in five_s.events() if e["event"] == "set" and e.get("name") == "hand-count"}
    assert shown[0] == 29


# Seat 0 has 119, seat 1 100, in hand 9: 7C (7), 8D (15: 2 to seat 1), 8C (23: a pair, 2 to seat 0: 121). The
# game is over at once: no more cards, no show, seat 0 wins with 121 to 102.
def test_the_game_ends_at_121_in_the_middle_of_the_play():
    game = ruleplay.load_game("cribbage")
    s = game.new_initial_state(seed=1, deal=deal([["7C", "8C", "AS", "2S", "KH", "QS"],
                                                  ["8D", "9D", "3S", "4S", "KS", "QD"]], "5C",
                                                 hand=9, scores=[119, 100]), check=True)
    answer(s, "KH+QS", "KS+QD", "7C", "8D", "8C")
    assert s.is_terminal()
    r = s.result()
    assert r.winners == [0] and r.scores == [121, 102]
    assert not any(e["event"] == "set" and e.get("name") == "shown" for e in s.events())


# ------------------------------------------------------------------ random games, re-derived
@pytest.mark.parametrize("bots, target", [("random", 121), ("smart", 121), ("random", 31)])
def test_cribbage_referee(bots, target):
    rules = load("cribbage", {"target": str(target)}, 2)
    hands = 0
    for seed in range(8):
        r = play(rules, seed=seed, bots=[bots] * 2, check=True)
        assert r.outcome == "finished"
        hands += referee(r.events, target)
    assert hands >= 16


def test_cribbage_speed_and_search_bot():
    rules = load("cribbage", {}, 2)
    t0 = time.perf_counter()
    for seed in range(20):
        assert play(rules, seed=seed, log=False).outcome == "finished"
    rate = 20 / (time.perf_counter() - t0)
    assert rate > 20, f"{rate:.0f} games/s"
    r = play(rules, seed=5, bots=["ismcts", "random"])
    assert r.outcome == "finished" and referee(r.events) > 0


# The show's order decides: seat 0 (113) and the dealer, seat 1 (115), play the first deal above: seat 1 pegs
# to 120, seat 0 to 119; seat 0's hand (8) is counted first and wins with 127 before the dealer's hand (4) and
# crib are counted. And his heels alone may win: at 119 the dealer turns a jack and the game ends before a card
# is played.
def test_the_non_dealers_hand_is_counted_first_and_his_heels_can_win():
    game = ruleplay.load_game("cribbage")
    s = game.new_initial_state(seed=1, deal=deal([["4C", "5C", "KC", "9C", "AH", "3H"],
                                                  ["6S", "5H", "10D", "2D", "7H", "QH"]], "JD",
                                                 hand=7, scores=[113, 115]), check=True)
    answer(s, "AH+3H", "7H+QH", "4C", "6S", "5C", "5H", "KC", "10D", "9C", "2D")
    assert s.is_terminal() and s.result().winners == [0] and s.result().scores == [127, 120]
    assert [e["value"] for e in s.events() if e["event"] == "set" and e.get("name") == "shown"] == [1]
    s = game.new_initial_state(seed=1, deal=deal([["4C", "5C", "KC", "9C", "AH", "3H"],
                                                  ["6S", "5H", "10D", "2D", "7H", "QH"]], "JD",
                                                 hand=7, scores=[100, 119]), check=True)
    answer(s, "AH+3H", "7H+QH")
    assert s.is_terminal() and s.result().winners == [1] and s.result().scores == [100, 121]
    assert not any(e["event"] == "move" and e["to"] == "pile" for e in s.events())

"""Whist, Spades, Black Maria and Slapjack on hand-made deals, each result worked out by hand from the
published rules each ruleset cites (its `source`); the computation is in the comment above each check.
Bots: `lowest` plays the lowest legal card in the canonical order (suits C < D < H < S, then rank)."""
from __future__ import annotations

import random

from ruleplay.kinds.contract import kind_of
from ruleplay.agents.bots import Bot
from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.pipeline import load

from conftest import ev

LOWEST4 = ["lowest"] * 4
SUITS = "CDHS"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def suit(s: str, ranks=RANKS) -> list[str]:
    return [f"{r}{s}" for r in ranks]


def first_score(r) -> dict:
    return ev(r, "score")[0]


# --------------------------------------------------------------------------- Whist (Pagat; Hoyle's American game)

def test_whist_a_side_that_takes_every_trick_scores_7_and_wins():
    # Dealer 0 turns up its first card, AS: spades are trump. Seat 1 leads. Seat 0 holds all thirteen
    # spades, the others one plain suit each, so seat 0 trumps trick 1 and then leads trumps nobody
    # can follow: it takes 13 tricks. 13 - 6 (the book) = 7 points for seats 0 and 2: the game (7).
    deal = Deal([["AS"] + suit("S")[:-1], suit("H"), suit("D"), suit("C")], dealer=0)
    r = play(load("whist"), deal=deal, check=True, bots=LOWEST4)
    assert ev(r, "trump")[0]["suit"] == "S"
    assert [t["winner"] for t in ev(r, "trick")] == [0] * 13
    assert r.scores == [7, 0, 7, 0] and r.hands == 1
    assert r.winners == [0, 2]


# Trump hearts (dealer 0's first card 2H); seat 1 holds the four honours A K Q J of hearts.
HONOURS_DEAL = Deal([["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JS", "QS", "KS", "AS"],
                     ["JH", "QH", "KH", "AH", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"],
                     suit("D"),
                     ["2C", "3C", "4C", "5C", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]], dealer=0)
# The play, all `lowest` (seat 1 leads):
#  1: 6C 2D 2C 2H -> 0      2: (0) 3H JH 3D 3C -> 1     3: (1) 7C 4D 4C 4H -> 0   4: 5H QH 5D 5C -> 1
#  5: 8C 6D 2S 6H -> 0      6: 7H KH 7D 3S -> 1         7: 9C 8D 4S 8H -> 0      8: 9H AH 9D 5S -> 1
#  9: 10C 10D 6S 10H -> 0   10-13: seat 0 leads JS QS KS AS, seat 3 follows 7S..10S, seat 0 wins all.
# Seat 0: tricks 1 3 5 7 9 10 11 12 13 = 9, seat 1: 4. Team 0: 9 - 6 = 3 points; team 1: 0.
HONOURS_WINNERS = [0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0]


def test_whist_tricks_on_a_hand_checked_deal():
    r = play(load("whist"), deal=HONOURS_DEAL, check=True, bots=LOWEST4)
    assert [t["winner"] for t in ev(r, "trick")[:13]] == HONOURS_WINNERS
    assert first_score(r)["scores"] == [3, 0, 3, 0]


def test_whist_honours_option():
    # English honours: team 1 was dealt all four of A K Q J of trumps: 4 points, on top of no trick
    # points; team 0 holds none of them: 3 for its tricks only.
    r = play(load("whist", {"honours": "true"}), deal=HONOURS_DEAL, check=True, bots=LOWEST4)
    assert ev(r, "tally")[0]["counters"]["honours"] == [0, 4, 0, 4]
    assert first_score(r)["scores"] == [3, 4, 3, 4]
    # a side one point short of the game (4 in a 5-point game) cannot score honours
    short = Deal(HONOURS_DEAL.hands, dealer=0, scores=[0, 4, 0, 4])
    r = play(load("whist", {"honours": "true", "target": "5"}), deal=short, check=True, bots=LOWEST4)
    assert first_score(r)["scores"] == [3, 0, 3, 0]
    # three honours score 2: move the JH to seat 0 (for its 10H) and the play changes, but the tally
    # is taken from the deal before any card is played
    three = [list(h) for h in HONOURS_DEAL.hands]
    three[0][8], three[1][0] = "JH", "10H"
    r = play(load("whist", {"honours": "true"}), deal=Deal(three, dealer=0), check=True, bots=LOWEST4)
    assert ev(r, "tally")[0]["counters"]["honours"] == [0, 2, 0, 2]



def test_whist_tricks_score_before_honours():
    """Pagat's short whist (and the option's words): tricks are scored first, so a side that reaches the
    target by tricks wins and the other side's honours that hand do not count. Team 0 at 2 takes 3 by
    tricks (5); team 1 at 3 holds four honours (would be 7): team 0 wins alone."""
    start = Deal(HONOURS_DEAL.hands, dealer=0, scores=[2, 3, 2, 3])
    r = play(load("whist", {"honours": "true", "target": "5"}), deal=start, check=True, bots=LOWEST4)
    assert first_score(r)["scores"] == [3, 0, 3, 0]
    assert r.winners == [0, 2]
    # short of the target by tricks, the honours count as before
    r = play(load("whist", {"honours": "true", "target": "7"}), deal=start, check=True, bots=LOWEST4)
    assert first_score(r)["scores"] == [3, 4, 3, 4] and r.winners == [1, 3]


# --------------------------------------------------------------------------- Spades (Pagat; MSN Zone's -200)

class Bidder(Bot):
    """Bids a fixed number, then plays like `lowest`."""

    def __init__(self, bid: int):
        super().__init__("lowest", random.Random(0))
        self.bid = bid
        self.wants_view = True

    def act(self, d, space) -> int:
        v = d.view
        if kind_of(v) == "bid":
            return d.actions[v.legal.index(self.bid)]
        return super().act(d, space)


def bidders(*bids: int) -> list[Bot]:
    return [Bidder(b) for b in bids]


# Dealer 3: seat 0 bids first and leads. Seat 0 holds all thirteen spades (it may lead them: it has
# nothing else) and nobody can follow or trump: seat 0 takes all 13 tricks.
ALL_SPADES = Deal([suit("S"), suit("H"), suit("D"), suit("C")], dealer=3)


def test_spades_bags_penalty_fires_at_ten():
    # Team 0 bids 2 + 1 = 3 and takes 13: made, 10 * 3 = 30, plus 10 bags = 10 points; 10 bags reach
    # the limit: -100, and the counter goes back to 0. Score 30 + 10 - 100 = -60.
    # Team 1 bids 1 + 1 = 2 and takes none: set, -20.
    r = play(load("spades"), deal=ALL_SPADES, check=True, bots=bidders(2, 1, 1, 1))
    t = ev(r, "tally")[0]["counters"]
    assert t["hand-bags"] == [10, 0, 10, 0] and t["bag-loss"] == [100, 0, 100, 0] and t["bags"] == [0, 0, 0, 0]
    assert first_score(r)["scores"] == [-60, -20, -60, -20]


def test_spades_nine_bags_are_carried_into_the_next_hand():
    # Team 0 bids 2 + 2 = 4 and takes 13: 40 + 9 bags = 49, no penalty (9 < 10); its counter holds 9.
    r = play(load("spades"), seed=3, deal=ALL_SPADES, check=True, bots=bidders(2, 1, 2, 1))
    tallies = [e["counters"] for e in ev(r, "tally")]
    assert tallies[0]["bags"] == [9, 0, 9, 0]
    assert ev(r, "score")[0]["scores"] == [49, -20, 49, -20]
    # Hand 2 (a shuffled deal): its bags start from 9, so the penalty fires as soon as team 0 takes one
    # more bag. Recompute hand 2 from its bids and tricks by the rule, with the counters of hand 1.
    hand2 = _hand_events(r, 2)
    bids = {e["seat"]: e["bid"] for e in hand2 if e["event"] == "bid"}
    tricks = [0] * 4
    for e in hand2:
        if e["event"] == "trick":
            tricks[e["winner"]] += 1
    for team, carried in ((0, 9), (1, 0)):
        a, b = (0, 2) if team == 0 else (1, 3)
        made = sum(tricks[x] for x in (a, b) if bids[x] > 0) >= bids[a] + bids[b]
        over = max(0, sum(tricks[x] for x in (a, b) if bids[x] > 0) - bids[a] - bids[b]) + \
            sum(tricks[x] for x in (a, b) if bids[x] == 0)
        loss = 100 * ((carried + over) // 10)
        assert tallies[1]["bags"][a] == (carried + over) % 10
        assert tallies[1]["bag-loss"][a] == loss
        nils = sum((100 if tricks[x] == 0 else -100) for x in (a, b) if bids[x] == 0)
        contract = 10 * (bids[a] + bids[b]) * (1 if made else -1)
        assert ev(r, "score")[1]["scores"][a] == contract + over + nils - loss


def _hand_events(r, k: int) -> list[dict]:
    """The events of hand k (from its deal to its score)."""
    deals = [i for i, e in enumerate(r.events) if e["event"] == "deal"]
    start = deals[k - 1]
    end = deals[k] if k < len(deals) else len(r.events)
    return r.events[start:end]


# Two cards each (the rest of the pack left out), dealer 3, seat 0 leads:
# seat 0 2H 2D, seat 1 3H 3D, seat 2 AH AD, seat 3 4H 4D. Trick 1: 2D 3D AD 4D -> seat 2;
# trick 2: seat 2 leads AH, 4H 2H 3H -> seat 2. Seat 2 takes both tricks, seat 0 none.
NIL_MADE = Deal([["2H", "2D"], ["3H", "3D"], ["AH", "AD"], ["4H", "4D"]], dealer=3)
# seat 0 AH 3D, seat 1 2H 2D, seat 2 4H AD, seat 3 3H 4D. Trick 1: seat 0 leads 3D (D < H), 2D AD 4D
# -> seat 2; trick 2: seat 2 leads 4H, 3H AH 2H -> seat 0. One trick each for seats 0 and 2.
NIL_SET = Deal([["AH", "3D"], ["2H", "2D"], ["4H", "AD"], ["3H", "4D"]], dealer=3)


def test_spades_nil_made():
    # Seat 0 bids nil and takes nothing: +100; its partner bids 2 and takes 2: +20. Team 0: 120.
    # Team 1 bids 1 + 1, takes none: -20.
    r = play(load("spades"), deal=NIL_MADE, check=True, bots=bidders(0, 1, 2, 1))
    assert [t["winner"] for t in ev(r, "trick")[:2]] == [2, 2]
    assert first_score(r)["scores"] == [120, -20, 120, -20]


def test_spades_nil_set_the_example_of_msn_zone():
    # MSN Zone's example: one partner bids nil, the other 2, and each takes one trick. The nil fails
    # (-100); the nil bidder's trick does not count toward the partner's 2, so the contract fails
    # (-20); the nil bidder's trick is a bag (+1 point, Pagat: a bag is worth 1): -119, 1 bag.
    # (MSN words it as "lose 120 points ... and receive one bag".)
    r = play(load("spades"), deal=NIL_SET, check=True, bots=bidders(0, 1, 2, 1))
    assert [t["winner"] for t in ev(r, "trick")[:2]] == [2, 0]
    assert first_score(r)["scores"] == [-119, -20, -119, -20]
    assert ev(r, "tally")[0]["counters"]["bags"] == [1, 0, 1, 0]
    # House rule nil-tricks-help: the nil bidder's trick counts toward the 2: made, +20, no bag; -100.
    r = play(load("spades", {"nil-tricks-help": "true"}), deal=NIL_SET, check=True, bots=bidders(0, 1, 2, 1))
    assert first_score(r)["scores"] == [-80, -20, -80, -20]


def test_spades_game_ends_at_500_and_at_minus_200():
    # From 400 each for team 0, the nil-made hand (+120) takes it to 520 >= 500: seats 0 and 2 win.
    r = play(load("spades"), deal=Deal(NIL_MADE.hands, dealer=3, scores=[400, 0, 400, 0]), check=True,
             bots=bidders(0, 1, 2, 1))
    assert r.scores == [520, -20, 520, -20] and r.winners == [0, 2] and r.hands == 1
    # From -190, team 1's -20 takes it to -210 <= -200: it loses, team 0 (120) wins.
    r = play(load("spades"), deal=Deal(NIL_MADE.hands, dealer=3, scores=[0, -190, 0, -190]), check=True,
             bots=bidders(0, 1, 2, 1))
    assert r.scores == [120, -210, 120, -210] and r.winners == [0, 2] and r.hands == 1


def test_spades_may_not_be_led_before_they_are_broken():
    # Seat 0 holds AS and 2C and leads before any spade is played: it may not lead AS, so 2C is its
    # only legal lead, even for `highest` (which would pick AS, S being the highest suit); with the
    # house rule off, `highest` leads AS.
    deal = Deal([["AS", "2C"], ["3S", "4D"], ["3C", "5D"], ["4C", "6D"]], dealer=3)
    hi = ["highest"] * 4
    r = play(load("spades"), deal=deal, check=True, bots=hi)
    assert ev(r, "trick")[0]["cards"][0] == [0, "2C"]
    r = play(load("spades", {"must-break-spades": "false"}), deal=deal, check=True, bots=hi)
    assert ev(r, "trick")[0]["cards"][0] == [0, "AS"]


# --------------------------------------------------------------------------- Black Maria (Pagat)

# Three players, dealer 2, seat 0 leads; no pass (passing=none) so the deal is what is played.
# Seat 0 3H 2S, seat 1 4H QS, seat 2 KS AS. Trick 1: seat 0 leads 3H (H < S), seat 1 4H, seat 2 void
# in hearts plays KS (its lowest): seat 1 wins 3H 4H KS = 1 + 1 + 10 = 12. Trick 2: seat 1 leads QS,
# seat 2 AS, seat 0 2S: seat 2 wins QS AS 2S = 13 + 7 = 20.
MARIA = Deal([["3H", "2S"], ["4H", "QS"], ["KS", "AS"]], dealer=2)


def test_black_maria_penalty_cards():
    r = play(load("black-maria", {"passing": "none"}), deal=MARIA, check=True, bots=["lowest"] * 3)
    assert [t["winner"] for t in ev(r, "trick")[:2]] == [1, 2]
    assert first_score(r)["scores"] == [0, 12, 20]
    # high-spades off: only QS (13) and the hearts: seat 1 has 2, seat 2 13
    r = play(load("black-maria", {"passing": "none", "high-spades": "false"}), deal=MARIA, check=True,
             bots=["lowest"] * 3)
    assert first_score(r)["scores"] == [0, 2, 13]


def test_black_maria_deck_and_pass():
    rules = load("black-maria")
    assert len(rules.deck) == 51 and "2C" not in rules.deck.names
    r = play(rules, seed=7, check=True, bots=["lowest"] * 3)
    deal = ev(r, "deal")[0]
    assert [len(h) for h in deal["hands"]] == [17, 17, 17]
    # the pass goes to the right: against play (clockwise), offset -1: seat 0's cards reach seat 2
    p = ev(r, "pass")[0]
    assert p["offset"] == -1 and all(len(c) == 3 for c in p["cards"])
    # every hand shares out all the penalty points: 13 hearts + 13 + 10 + 7 = 43
    assert all(sum(s["points"]) == 43 for s in ev(r, "score"))
    assert max(r.scores) >= 100 and r.winners == [i for i, s in enumerate(r.scores) if s == min(r.scores)]


# --------------------------------------------------------------------------- Slapjack

def test_slapjack_slapping_a_jack_takes_the_pile():
    # Two players, dealer 1, seat 0 plays first: 3C (seat 0), 4D (seat 1), JH (seat 0); seat 1 slaps
    # the jack and takes the three cards. Seat 0 is out of cards and seat 1 holds them all: the game
    # is over (the end rule: one player holds every card).
    deal = Deal([["3C", "JH"], ["4D", "6S", "7S"]], dealer=1, slaps=[{"after": 3, "seat": 1, "time": 100}])
    r = play(load("slapjack", players=2), deal=deal, check=True, bots=["random"] * 2)
    assert [(t["seat"], t["count"], t["why"]) for t in ev(r, "take")] == [(1, 3, "slapped jack")]
    assert r.winners == [1]


def test_slapjack_out_of_cards_slaps_back_in():
    # Three players, dealer 2, seat 0 first. Cards 1-4: 3C (0), 4D (1), 5S (2), JH (0). Seat 1, out of
    # cards since card 2, slaps the jack back in: it takes 4 (3C 4D 5S JH, in play order) and leads.
    # Cards 5-10: 3C (1), 6S (2), seat 0 has none and is skipped, 4D (1), 7S (2), 5S (1), seat 2 is out
    # of cards, JH (1). Seat 0 slaps that jack back in: 6 cards, and it holds every card.
    deal = Deal([["3C", "JH"], ["4D"], ["5S", "6S", "7S"]], dealer=2,
                slaps=[{"after": 4, "seat": 1, "time": 100}, {"after": 10, "seat": 0, "time": 100}])
    r = play(load("slapjack", players=3), deal=deal, check=True, bots=["random"] * 3)
    assert [p["card"] for p in ev(r, "play")] == ["3C", "4D", "5S", "JH", "3C", "6S", "4D", "7S", "5S", "JH"]
    assert [(t["seat"], t["count"]) for t in ev(r, "take")] == [(1, 4), (0, 6)]
    assert r.winners == [0]
    # without slap-back-in a seat out of cards may not slap: seat 1's slap never happens; nobody
    # slaps the JH, seat 2 plays 6S and 7S, and, the only one left who can play, takes the 6 cards
    r = play(load("slapjack", {"slap-back-in": "false"}, players=3), deal=deal, check=True, bots=["random"] * 3)
    assert ev(r, "slap") == []
    assert [(t["seat"], t["count"], t["why"]) for t in ev(r, "take")] == [(2, 6, "nobody can play")]
    assert r.winners == [2]


def test_slapjack_a_false_slap_costs_a_card():
    # Seat 0 slaps the 3C (no jack): its top card, 5C, goes under the pile. Then 4D (seat 1), JH
    # (seat 0); seat 1 slaps the jack and takes the pile: 5C 3C 4D JH, four cards.
    deal = Deal([["3C", "5C", "JH"], ["4D", "6S"]], dealer=1,
                slaps=[{"after": 1, "seat": 0, "time": 100}, {"after": 3, "seat": 1, "time": 100}])
    r = play(load("slapjack", players=2), deal=deal, check=True, bots=["random"] * 2)
    burn = ev(r, "burn")[0]
    assert burn["seat"] == 0
    assert [p["card"] for p in ev(r, "play")][:3] == ["3C", "4D", "JH"]
    assert (ev(r, "take")[0]["seat"], ev(r, "take")[0]["count"]) == (1, 4)

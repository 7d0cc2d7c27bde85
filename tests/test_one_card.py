"""One Card: a hand-checked deal (joker as the lowest trump, the forced joker, a joker lead as a
trump lead, the one card), the auction, the no-bid hand, and a referee over random games with and
without the downtown reversal and the 2D stand-in."""
import random

import pytest

from ruleplay.kinds.contract import kind_of
from ruleplay.agents.bots import Bot
from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.pipeline import load

UP = ["9", "10", "J", "Q", "K", "A"]
PTS = {"K": 1, "Q": 1, "J": 1}


def ev(r, kind):
    return [e for e in r.events if e["event"] == kind]


def hand1(r, kind):
    """Events of one kind in the first hand."""
    out = []
    for e in r.events:
        if e["event"] == "score":
            break
        if e["event"] == kind:
            out.append(e)
    return out


# 4 players, dealer 3: seat 0 bids first (highest bot: 15 ends the auction) and leads.
DEAL = Deal([["AS", "JK", "AC", "AD", "AH", "KC"],
             ["10C", "10D", "10H", "QC", "QD", "JC"],
             ["9S", "9C", "9D", "9H", "JD", "JH"],
             ["KS", "QS", "JS", "10S", "KD", "KH"]], rest=["QH"], dealer=3)


def test_hand_checked_trump_hand():
    r = play(load("one-card", players=4), deal=DEAL, check=True, bots=["highest", "lowest", "lowest", "lowest"])
    assert [(b["seat"], b["bid"]) for b in hand1(r, "bid")] == [(0, 15)]
    assert ev(r, "auction")[0]["bidder"] == 0
    assert ev(r, "trump")[0] == {"event": "trump", "suit": "S", "card": "AS", "lead": True}
    t1, t2 = ev(r, "trick")[:2]
    # the joker may not lead trick 1 (Q6): seat 0 leads AS, spades are trump
    assert t1["cards"] == [[0, "AS"], [1, "10C"], [2, "9S"], [3, "10S"]] and t1["winner"] == 0
    # trick 2: the joker led is a trump lead (Q7): seat 3 must play a spade (lowest would play KD) and wins
    assert t2["cards"] == [[0, "JK"], [1, "JC"], [2, "9C"], [3, "JS"]] and t2["winner"] == 3
    kitty = ev(r, "kitty")[0]
    assert kitty["cards"] == ["QH"] and kitty["seat"] == ev(r, "trick")[-1]["winner"]
    score = ev(r, "score")[0]
    assert sum(score["points"]) == 15                    # the whole deck's points, the one card included
    assert score["rule"] == "set" and score["scores"][0] == 0 and score["points"][0] < 15


def test_forced_joker_when_it_is_the_only_trump():
    # spades trump; seat 1 has no spade but the joker: it must play the joker (Q11)
    deal = Deal([["AS", "KS", "AC", "AD", "AH", "KC"],
                 ["JK", "10D", "10H", "QC", "QD", "JC"],
                 ["9S", "9C", "9D", "9H", "JD", "JH"],
                 ["QS", "JS", "10S", "KD", "KH", "10C"]], rest=["QH"], dealer=3)
    r = play(load("one-card", players=4), deal=deal, check=True, bots=["highest", "lowest", "lowest", "lowest"])
    t1 = ev(r, "trick")[0]
    assert t1["cards"][1] == [1, "JK"] and t1["winner"] == 0


def test_joker_restriction_holding_the_led_suit():
    # seat 1 (highest: it would play the joker whenever legal) holds a card of the led suit each time
    deal = Deal([["AS", "AH", "AC", "AD", "KC", "KD"],
                 ["JK", "9S", "10H", "10C", "QC", "QD"],
                 ["9C", "9D", "9H", "JD", "JH", "JC"],
                 ["KS", "QS", "JS", "10S", "KH", "10D"]], rest=["QH"], dealer=3)
    r = play(load("one-card", players=4), deal=deal, check=True, bots=["highest", "highest", "lowest", "lowest"])
    t1, t2 = ev(r, "trick")[:2]
    assert t1["cards"] == [[0, "AS"], [1, "9S"], [2, "9C"], [3, "10S"]]   # a real trump, not the joker (4.4)
    assert t2["cards"] == [[0, "AH"], [1, "10H"], [2, "9H"], [3, "KH"]]


def test_no_bid_hand_opposite_the_dealer_leads_without_trump():
    for players, leader in ((2, 1), (3, 1), (4, 2)):
        r = play(load("one-card", players=players), seed=4, check=True, bots=["lowest"] * players)
        d = ev(r, "deal")[0]["dealer"]
        assert ev(r, "auction")[0]["bidder"] is None
        assert ev(r, "trick")[0]["leader"] == (d + leader) % players
        assert not any(e.get("lead") for e in r.events[:r.events.index(ev(r, "score")[0])] if e["event"] == "trump")


# issue 14, bug 4: the auction used to skip seat 1 after seat 0 passed and end with seat 1 still in
ISSUE_DEAL = Deal([["9C", "10C", "JC", "9H", "10D", "QC"], ["JK", "9S", "10S", "JS", "10H", "JH"],
                   ["QS", "KS", "AS", "QH", "KH", "AH"], ["AC", "KC", "9D", "JD", "QD", "KD"]], rest=["AD"], dealer=3)


def test_issue_deal_auction_goes_around_until_all_others_passed():
    # smart bids the smallest raise while it is at most points + aces + longest suit:
    # seat 0: 2 + 0 + 4 clubs = 6; seat 1: 5 (JK, JS, JH) + 0 + 3 spades = 8; seat 2: 4 + 2 + 3 = 9;
    # seat 3: 4 + 1 + 4 diamonds = 9. So 6, 7, 8, 9, then 10 is over every estimate: seats 0, 1, 2 pass.
    r = play(load("one-card", players=4), deal=ISSUE_DEAL, check=True, bots=["smart"] * 4)
    assert [(b["seat"], b.get("bid")) for b in hand1(r, "bid")] == \
        [(0, 6), (1, 7), (2, 8), (3, 9), (0, None), (1, None), (2, None)]
    assert hand1(r, "auction") == [{"event": "auction", "bidder": 3, "bid": 9}]
    # the bidder leads (4.1) and its lead sets trump
    assert ev(r, "trick")[0]["leader"] == 3 and ev(r, "trump")[0]["lead"] is True


def test_players_settings_deal_and_lowest_bid():
    for players, cards, low in ((2, 12, 8), (3, 8, 7), (4, 6, 6)):
        r = play(load("one-card", players=players), seed=1, check=True,
                 bots=["smart"] * players)
        assert all(len(h) == cards for h in ev(r, "deal")[0]["hands"])
        assert len(ev(r, "deal")[0]["rest"]) == 1
        assert all(b["bid"] >= low for b in ev(r, "bid") if "bid" in b)
        for a in ev(r, "auction"):
            assert a["bid"] is None or low <= a["bid"] <= 15


def test_first_to_30_wins_ties_play_on():
    r = play(load("one-card"), seed=3, check=True, bots=["smart", "random", "highest"])
    totals = ev(r, "score")[-1]["totals"]
    assert max(totals) >= 30 and totals.count(max(totals)) == 1 and r.winners == [totals.index(max(totals))]
    for e in ev(r, "score")[:-1]:
        t = e["totals"]
        assert max(t) < 30 or t.count(max(t)) > 1


# ----------------------------------------------------------------------------- referee

def referee(r, wild: str, downtown_rule: bool):
    """Re-judge tricks, the joker rules, the reversal and the scores from the events."""
    saw_reversal = False
    for e in r.events:
        k = e["event"]
        if k == "deal":
            hands = [list(h) for h in e["hands"]]
            one = e["rest"]
            trump, contract, bidder, bid, down = None, False, None, None, False
            taken = [[] for _ in hands]
        elif k == "auction":
            bidder, bid = e["bidder"], e["bid"]
            contract = bidder is not None
        elif k == "trump":
            assert e.get("lead") and contract
            trump = e["suit"]
        elif k == "choice":
            assert downtown_rule and not contract and e["name"] == "downtown"
            assert wild in last["cards_only"]
            down = down or e["value"]
            saw_reversal = saw_reversal or e["value"]
        elif k == "trick":
            cards = e["cards"]
            only = [c for _, c in cards]
            e["cards_only"] = only
            last = e

            def esuit(c):
                return (trump if contract else None) if c == wild else c[-1]
            led = esuit(only[0])
            if contract and e["number"] == 1:
                assert only[0] != wild
            for seat, c in cards[1:]:
                h = hands[seat]
                same = [x for x in h if led is not None and esuit(x) == led]
                if same:
                    assert esuit(c) == led
                    if c == wild:
                        assert same == [wild]            # the joker only when nothing else follows
            for seat, c in cards:
                hands[seat].remove(c)

            def strength(c):
                if c == wild:
                    return 0
                return (6 - UP.index(c[:-1])) if down else UP.index(c[:-1]) + 1
            if not contract and wild in only:
                best = only.index(wild)
            else:
                best = max(range(len(only)), key=lambda i: (trump is not None and esuit(only[i]) == trump,
                                                             esuit(only[i]) == led, strength(only[i]), -i))
            assert e["winner"] == cards[best][0], e
            taken[e["winner"]] += only
        elif k == "kitty":
            assert e["cards"] == one and e["seat"] == last["winner"]
            taken[e["seat"]] += one
        elif k == "score":
            pts = [sum(3 if c == wild else PTS.get(c[:-1], 0) for c in t) for t in taken]
            assert e["points"] == pts and sum(pts) == 15
            exp = [0 if contract and s == bidder and pts[s] < bid else pts[s] for s in range(len(pts))]
            assert e["scores"] == exp
    return saw_reversal


@pytest.mark.parametrize("ruleset, wild", [("one-card", "JK"), ("one-card-two-of-diamonds-joker", "2D")])
def test_referee_over_random_games(ruleset, wild):
    rng = random.Random(3)
    for i in range(40):
        players = rng.randint(2, 4)
        sets = {"downtown-reversal": rng.choice(["true", "false"]), "no-bid-hand": rng.choice(["true", "true", "false"])}
        bots = [rng.choice(["random", "lowest", "smart"]) for _ in range(players)]   # tables that pass
        r = play(load(ruleset, sets, players), seed=i, check=True, bots=bots)
        assert r.outcome == "finished"
        referee(r, wild, sets["downtown-reversal"] == "true")


class PassAndReverse(Bot):
    """Passes every bid (a pass is the lowest option), takes every reversal, plays its highest card."""

    def __init__(self):
        super().__init__("highest", random.Random(0))
        self.wants_view = True

    def act(self, d, space) -> int:
        if kind_of(d.view) == "bid":
            return space.PASS
        if kind_of(d.view) == "trick-choice":
            return space.YES
        return super().act(d, space)


def test_downtown_reversal_reverses_the_order():
    # 3 players, dealer 2, everyone passes: the no-bid hand, seat 0 (the dealer's left, Q13) leads.
    # Trick 1: seat 0 leads the joker (its highest card), nothing is led (Q8), 1 and 2 play KS, 10S;
    # the joker wins and seat 0 reverses (5.5). Trick 2: AS led, QS and 9S follow: downtown, 9S wins.
    deal = Deal([["JK", "AS", "9C", "10C", "JC", "QC", "KC", "AC"],
                 ["KS", "QS", "9D", "10D", "JD", "QD", "KD", "AD"],
                 ["10S", "9S", "9H", "10H", "JH", "QH", "KH", "AH"]], rest=["JS"], dealer=2)
    r = play(load("one-card", {"downtown-reversal": "true"}), deal=deal, check=True, bots=[PassAndReverse()] * 3)
    assert [b.get("pass") for b in hand1(r, "bid")] == [True] * 3 and hand1(r, "auction")[0]["bidder"] is None
    t1, t2 = ev(r, "trick")[:2]
    assert t1["cards"] == [[0, "JK"], [1, "KS"], [2, "10S"]] and t1["winner"] == 0
    assert ev(r, "choice")[0] == {"event": "choice", "seat": 0, "name": "downtown", "value": True}
    assert t2["cards"] == [[0, "AS"], [1, "QS"], [2, "9S"]] and t2["winner"] == 2
    assert referee(r, "JK", True)                         # every later trick judged downtown too

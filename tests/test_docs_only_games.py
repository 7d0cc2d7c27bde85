"""Games written from the user docs alone (issue 19: "an unseen set of further classic games"), checked on
hand-made deals. Each expected result is worked out by hand from the published rules the ruleset cites
(its `source`) in the comment above the check. Bots: `lowest` passes a bid where it may, bids the lowest
it may otherwise, and plays the lowest legal card in the canonical order (suits C < D < H < S, then rank)."""
from __future__ import annotations

import random

from ruleplay.agents.bots import Bot
from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.pipeline import load

from conftest import ev

LOWEST3 = ["lowest"] * 3


def tricks(r) -> list[tuple[list[str], int]]:
    return [([c for _, c in t["cards"]], t["winner"]) for t in ev(r, "trick")]


# --------------------------------------------------------------------------- Auction Pitch (Pagat; Hoyle)

# Three players, dealer 2. Seats 0 and 1 pass; all passed to the dealer, who is stuck and bids 2.
# The pitcher (2) leads its lowest card, 2C: clubs are trump.
#  1: (2) 2C, 3C, 4C (a trump led: follow)                      -> seat 1
#  2: (1) 5C, 10C, JC                                           -> seat 0
#  3: (0) QD, 10D (seat 1 follows), AC (seat 2 has no diamond)  -> seat 2 (trumped)
#  4: (2) 3H, KD, AD (no heart, no trump: any card)             -> seat 2
#  5: (2) 4H, 2S, 4S -> seat 2          6: (2) 5H, 3S, 5S -> seat 2
# High: AC, seat 2. Low: 2C, won by seat 1 (in trick 1). Jack: JC, won by seat 0.
# Game: seat 0 took 5C 10C JC = 11; seat 1 2C 3C 4C = 0; seat 2 QD 10D AC 3H KD AD ... = 2+10+4+3+4 = 23.
# Seat 2 made 2 (High, Game) >= its bid of 2 and scores 2; seats 0 (Jack) and 1 (Low) 1 each.
MADE = Deal([["3C", "JC", "KD", "QD", "2S", "3S"],
             ["4C", "5C", "10D", "AD", "4S", "5S"],
             ["2C", "AC", "10C", "3H", "4H", "5H"]], dealer=2)
MADE_TRICKS = [(["2C", "3C", "4C"], 1), (["5C", "10C", "JC"], 0), (["QD", "10D", "AC"], 2),
               (["3H", "KD", "AD"], 2), (["4H", "2S", "4S"], 2), (["5H", "3S", "5S"], 2)]

# Dealer 2 stuck at 2 again; it leads 2H: hearts are trump.
#  1: (2) 2H, KH (seat 0 must follow trumps), 3H                 -> seat 0
#  2: (0) 2C, 10C (seat 1 follows), 3S (seat 2 has neither)      -> seat 1
#  3: (1) JC, 4S, 3C (seat 0 follows clubs rather than trump)   -> seat 1
#  4: (1) QC, 5S, 4C -> seat 1          5: (1) KC, 6S, 5C -> seat 1
#  6: (1) AC, 7S, AH (seat 0's last card, a trump)              -> seat 0
# High: AH (seat 0). Low: 2H, won by seat 0 in trick 1. Jack: JH not in play, nobody.
# Game: seat 0 KH + AC AH = 3 + 8 = 11; seat 1 10 + 1 + 2 + 3 = 16; seat 2 nothing: seat 1.
# The pitcher made nothing < 2: set back 2. Seat 0 scores 2 (High, Low), seat 1 1 (Game).
SET = Deal([["AH", "KH", "2C", "3C", "4C", "5C"],
            ["10C", "JC", "QC", "KC", "AC", "3H"],
            ["2H", "3S", "4S", "5S", "6S", "7S"]], dealer=2)
SET_TRICKS = [(["2H", "KH", "3H"], 0), (["2C", "10C", "3S"], 1), (["JC", "4S", "3C"], 1),
              (["QC", "5S", "4C"], 1), (["KC", "6S", "5C"], 1), (["AC", "7S", "AH"], 0)]


def pitch(**sets):
    return load("pitch", {k: str(v) for k, v in sets.items()}, 3)


def test_pitch_stuck_dealer_pitches_and_makes_high_low_game():
    r = play(pitch(), deal=MADE, check=True, bots=LOWEST3)
    bids = ev(r, "bid")[:3]
    assert [(b["seat"], b.get("bid"), b.get("pass", False)) for b in bids] == \
        [(0, None, True), (1, None, True), (2, 2, False)]
    assert ev(r, "trump")[0]["suit"] == "C"
    assert tricks(r)[:6] == MADE_TRICKS
    assert ev(r, "score")[0]["scores"] == [1, 1, 2]


def test_pitch_one_chance_each_to_bid():
    """Pagat and Hoyle: each player bids once, higher than the bids so far, or passes; an outbid player
    does not bid again (`rounds: 1`). Checked over seeded games of random bots."""
    rules = pitch()
    hands = 0
    for seed in range(60):
        r = play(rules, seed, check=True, bots=["random"] * rules.players, max_actions=3000)
        turns: list = []
        for e in r.events:
            if e["event"] == "deal":
                turns, hands = [], hands + 1
            elif e["event"] == "bid":
                assert e["seat"] not in [s for s, _ in turns], (seed, e)
                if not e.get("pass"):
                    assert all(b is None or e["bid"] > b for _, b in turns), (seed, e)
                turns.append((e["seat"], e.get("bid")))
    assert hands > 100


def test_pitch_lowest_bid_option():
    # With a lowest bid of 1 the stuck dealer bids 1 and makes it: the same points.
    r = play(pitch(**{"lowest-bid": 1}), deal=MADE, check=True, bots=LOWEST3)
    assert ev(r, "auction")[0]["bid"] == 1 and ev(r, "score")[0]["scores"] == [1, 1, 2]


def test_pitch_follow_suit_or_trump_and_the_pitcher_set_back():
    r = play(pitch(), deal=SET, check=True, bots=LOWEST3)
    assert ev(r, "trump")[0]["suit"] == "H"
    assert tricks(r)[:6] == SET_TRICKS
    assert ev(r, "score")[0]["scores"] == [2, 1, -2]


class Recorder(Bot):
    """Plays like `lowest` and records, for every decision, the seat and the labels of its legal actions."""

    def __init__(self, seen: list):
        super().__init__("lowest", random.Random(0))
        self.seen = seen

    def act(self, d, space) -> int:
        self.seen.append((d.seat, sorted(space.label(a) for a in d.actions)))
        return super().act(d, space)


def test_pitch_follow_a_trump_lead_but_trump_a_plain_lead_at_will():
    seen: list = []
    play(pitch(), deal=SET, check=True, bots=[Recorder(seen) for _ in range(3)])
    plays = [(seat, legal) for seat, legal in seen if not any(x.startswith(("bid", "pass")) for x in legal)]
    # the dealer, all others having passed, may not pass: its choices are the bids alone
    assert seen[2] == (2, ["bid 2", "bid 3", "bid 4"])
    # (a seat with one legal card is not asked: seat 1's 3H in trick 1 is not recorded)
    # trick 1 (2H led, trump): seat 0 must play a heart
    assert plays[1] == (0, ["AH", "KH"])
    # trick 2 (2C led by seat 0): seat 1 follows clubs (no trump left), seat 2 with neither plays any card
    assert plays[3] == (1, ["10C", "AC", "JC", "KC", "QC"]) and plays[4] == (2, ["3S", "4S", "5S", "6S", "7S"])
    # trick 3 (JC led): seat 0 holds clubs and may still trump with the AH
    assert plays[7] == (0, ["3C", "4C", "5C", "AH"])


# --------------------------------------------------------------------------- Five Hundred (Pagat, Avondale)

class Caller(Bot):
    """Bids its one planned value (a number on the Avondale schedule) when it may, else passes; then plays
    like `lowest` (discards and cards: the lowest in the canonical order, the joker last)."""

    def __init__(self, bid: int | None):
        super().__init__("lowest", random.Random(0))
        self.bid = bid

    def act(self, d, space) -> int:
        labels = [space.label(a) for a in d.actions]
        if "pass" in labels:
            want = f"bid {self.bid}"
            return d.actions[labels.index(want if want in labels else "pass")]
        return super().act(d, space)


def callers(*bids) -> list[Bot]:
    return [Caller(b) for b in bids]


# Dealer 3; seat 0 bids first. Hearts for seat 0 (and the joker and JD), the small hearts and clubs for
# seat 1, diamonds for seat 2, spades for seat 3; the kitty is 5C 6C 7C.
FIVE = Deal([["JK", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7H"],
             ["4H", "5H", "6H", "8C", "9C", "10C", "JC", "QC", "KC", "AC"],
             ["4D", "5D", "6D", "7D", "8D", "9D", "10D", "QD", "KD", "AD"],
             ["5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]], dealer=3, rest=["5C", "6C", "7C"])


def test_five_hundred_slam_in_hearts_scores_250():
    # Seat 0 bids 7 hearts: 40 + 100 (a seventh trick) + 60 (hearts, three steps above spades) = 200; the
    # others pass. It takes the kitty and throws the three clubs back. It leads its lowest card, JD: the
    # left bower, a trump, so seat 1 must follow with 4H; then 7H, 8H, 9H, 10H, JH, QH, KH, AH and the joker
    # (seat 1 out of trumps after 6H): seat 0 takes all ten tricks. A 200 bid with all ten tricks scores
    # 250 (Pagat: the slam); the other side took nothing: 0.
    r = play(load("five-hundred"), deal=FIVE, check=True, bots=callers(200, None, None, None))
    assert ev(r, "auction")[0] == {"event": "auction", "bidder": 0, "bid": 200}
    assert ev(r, "trump")[0]["suit"] == "H"
    assert ev(r, "discard")[0]["cards"] == ["5C", "6C", "7C"]
    t = tricks(r)[:10]
    assert t[0] == (["JD", "4H", "4D", "5S"], 0) and [w for _, w in t] == [0] * 10
    assert ev(r, "score")[0]["scores"] == [250, 0, 250, 0]


def test_five_hundred_ten_hearts_wins_the_game_at_once():
    # 10 hearts = 40 + 400 + 60 = 500: made, 500 points, the target: seats 0 and 2 win.
    r = play(load("five-hundred"), deal=FIVE, check=True, bots=callers(500, None, None, None))
    assert r.scores == [500, 0, 500, 0] and r.hands == 1 and r.winners == [0, 2]


def test_five_hundred_bowers_joker_and_a_failed_contract():
    # Seat 0 passes, seat 1 bids 7 clubs (40 + 100 + 20 = 160), the others pass. Seat 1 takes the kitty
    # and discards 5C 6C 7C. Clubs trump: the JS is the left bower, the joker the top trump.
    #  1: (1) 8C, 4D (no trump), JS (seat 3's only trump), JK (seat 0's only trump)  -> seat 0
    #  2: (0) JD (a plain diamond now), 9C (trump), 5D, 5S                             -> seat 1
    #  3: (1) 10C, 6D, 6S, 7H -> 1   4: JC, 7D, 7S, 8H -> 1   5: QC, 8D, 8S, 9H -> 1
    #  6: KC, 9D, 9S, 10H -> 1       7: AC, 10D, 10S, JH -> 1
    #  8: (1) 4H, QD, QS, QH -> 0    9: (0) KH, 5H, KD, KS -> 0   10: AH, 6H, AD, AS -> 0
    # Seat 1's side took 6 tricks of the 7 bid: minus 160. Seat 0's side took 4: 10 each, 40.
    r = play(load("five-hundred"), deal=FIVE, check=True, bots=callers(None, 160, None, None))
    assert ev(r, "auction")[0]["bidder"] == 1 and ev(r, "trump")[0]["suit"] == "C"
    assert tricks(r)[:3] == [(["8C", "4D", "JS", "JK"], 0), (["JD", "9C", "5D", "5S"], 1),
                             (["10C", "6D", "6S", "7H"], 1)]
    assert [w for _, w in tricks(r)[:10]] == [0, 1, 1, 1, 1, 1, 1, 0, 0, 0]
    assert ev(r, "score")[0]["scores"] == [40, -160, 40, -160]


def test_five_hundred_only_schedule_values_are_bids_and_all_pass_throws_the_hand_in():
    seen: list = []
    r = play(load("five-hundred"), deal=FIVE, check=True, bots=[Recorder(seen) for _ in range(4)],
             max_actions=200)
    # the first bidder: a pass or one of the 25 values 40, 60, ..., 520
    assert seen[0] == (0, sorted(["pass"] + [f"bid {v}" for v in range(40, 521, 20)]))
    # `lowest` passes: every seat passes, the hand is thrown in unscored and the next dealer deals
    assert ev(r, "all-passed") and not [e for e in r.events[:r.events.index(ev(r, "all-passed")[0])]
                                        if e["event"] in ("score", "play")]
    assert ev(r, "deal")[1]["dealer"] == 0


def test_five_hundred_no_trumps_plain_jacks_and_the_joker_wins_the_trick_it_leads():
    # Seat 0 bids 6 no trumps (40 + 80 = 120). No trumps: the jacks are plain cards, so the JD led first
    # is a diamond: seat 1 (no diamond) discards 8C, seat 2 follows 4D, seat 3 5S; the JD wins. Then
    # seat 0 runs its hearts 7H..AH (seat 1 follows 4H 5H 6H, then discards clubs) and finally leads the
    # joker, which has no suit (anything may be played to it) and wins: all ten tricks, 250 for the slam.
    r = play(load("five-hundred"), deal=FIVE, check=True, bots=callers(120, None, None, None))
    assert ev(r, "trump")[0]["suit"] is None
    t = tricks(r)[:10]
    assert t[0] == (["JD", "8C", "4D", "5S"], 0) and t[1] == (["7H", "4H", "5D", "6S"], 0)
    assert t[9] == (["JK", "AC", "AD", "AS"], 0) and [w for _, w in t] == [0] * 10
    assert ev(r, "score")[0]["scores"] == [250, 0, 250, 0]


def test_five_hundred_a_failed_bid_never_wins_the_game():
    """Pagat: a side wins by reaching 500 with a bid it makes. Seat 1's side starts at 700 (from defending,
    say), bids 7 clubs and fails (the hand above): 540, over the target, but the game goes on."""
    start = Deal(FIVE.hands, dealer=3, rest=FIVE.rest, scores=[0, 700, 0, 700])
    r = play(load("five-hundred"), deal=start, check=True, bots=callers(None, 160, None, None), max_actions=400)
    first = ev(r, "score")[0]
    assert first["scores"] == [40, -160, 40, -160] and first["totals"] == [40, 540, 40, 540]
    assert len(ev(r, "deal")) > 1                       # a next hand is dealt
    if r.winners:
        assert r.hands > 1


def test_five_hundred_in_no_trumps_the_joker_wins_any_trick_it_is_played_to():
    """In no trumps the joker, led or played by a seat void in the suit led, wins the trick (the file's
    words and Pagat); checked over seeded games of random bots, on every no-trump trick with the joker."""
    rules = load("five-hundred")
    led = discarded = 0
    for seed in range(120):
        r = play(rules, seed, check=True, bots=["random"] * 4, max_actions=3000)
        trump = None
        for e in r.events:
            if e["event"] == "trump":
                trump = e["suit"]
            elif e["event"] == "trick" and trump is None and any(c == "JK" for _, c in e["cards"]):
                seat = next(s for s, c in e["cards"] if c == "JK")
                assert e["winner"] == seat, (seed, e)
                led += e["cards"][0][1] == "JK"
                discarded += e["cards"][0][1] != "JK"
    assert led > 0 and discarded > 0


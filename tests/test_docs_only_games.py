"""Games written from the user docs alone (issue 19: "an unseen set of further classic games"), checked on
hand-made deals. Each expected result is worked out by hand from the published rules the ruleset cites
(its `source`) in the comment above the check. Bots: `lowest` passes a bid where it may, bids the lowest
it may otherwise, and plays the lowest legal card in the canonical order (suits C < D < H < S, then rank)."""
from __future__ import annotations

import random

from ruleplay.bots import Bot
from ruleplay.engine import Deal, play
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
# High: AC, dealt to seat 2. Low: 2C, dealt to seat 2 (seat 1 won it). Jack: JC, won by seat 0.
# Game: seat 0 took 5C 10C JC = 11; seat 1 2C 3C 4C = 0; seat 2 QD 10D AC 3H KD AD ... = 2+10+4+3+4 = 23.
# Seat 2 made 3 >= its bid of 2 and scores 3; seat 0 scores 1 (Jack), seat 1 nothing.
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
# High: AH (seat 0). Low: 2H, dealt to seat 2 (won by seat 0). Jack: JH not in play, nobody.
# Game: seat 0 KH + AC AH = 3 + 8 = 11; seat 1 10 + 1 + 2 + 3 = 16; seat 2 nothing: seat 1.
# The pitcher made 1 < 2: set back 2. Seats 0 and 1 score their 1 each.
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
    assert ev(r, "score")[0]["scores"] == [1, 0, 3]


def test_pitch_low_to_the_winner_option():
    # Low goes to the winner of the 2C, seat 1 (trick 1): seat 1 scores 1, the pitcher High and Game, 2.
    r = play(pitch(**{"low-to-winner": "true"}), deal=MADE, check=True, bots=LOWEST3)
    assert ev(r, "score")[0]["scores"] == [1, 1, 2]


def test_pitch_follow_suit_or_trump_and_the_pitcher_set_back():
    r = play(pitch(), deal=SET, check=True, bots=LOWEST3)
    assert ev(r, "trump")[0]["suit"] == "H"
    assert tricks(r)[:6] == SET_TRICKS
    assert ev(r, "score")[0]["scores"] == [1, 1, -2]
    # Low to the winner: seat 0 won the 2H and makes High and Low, the pitcher nothing: still -2
    r = play(pitch(**{"low-to-winner": "true"}), deal=SET, check=True, bots=LOWEST3)
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

"""Oh Hell: hand-checked deals for the seed's scoring examples and each variant; an independent
referee over random games with random option combinations (trick winners, trumps, scores)."""
import random

import pytest

from conftest import DEAL4, ev, oh

from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.pipeline import load

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def test_bid_4_won_4_scores_14():
    r = play(oh(**{"hand-sizes": "[4]"}), deal=DEAL4, check=True, bots=["highest"] * 3)
    assert ev(r, "trump")[0] == {"event": "trump", "suit": "S", "card": "9S"}
    assert [t["winner"] for t in ev(r, "trick")] == [0, 0, 0, 0]
    assert r.hand_scores == [[14, 0, 0]]                 # bids 4, 4, 4: only seat 0 is exact
    assert r.winners == [0]


def test_bid_0_won_0_scores_10_and_misses():
    rules = oh(**{"hand-sizes": "[4]"})
    r = play(rules, deal=DEAL4, check=True, bots=["lowest"] * 3)
    assert [b["bid"] for b in ev(r, "bid")] == [0, 0, 0]
    assert r.hand_scores == [[0, 10, 10]]                # seat 0 bid 0 and won 4
    r = play(oh(**{"hand-sizes": "[4]", "miss-scores-tricks": "true"}), deal=DEAL4, check=True, bots=["lowest"] * 3)
    assert r.hand_scores == [[4, 10, 10]]                # a miss scores its tricks
    r = play(oh(**{"hand-sizes": "[4]", "zero-bid-five-plus-hand": "true", "miss-scores-tricks": "true"}),
             deal=DEAL4, check=True, bots=["lowest"] * 3)
    assert r.hand_scores == [[4, 9, 9]]                  # Q10: both apply, each to its own case


def test_zero_bid_in_a_seven_trick_hand_scores_12():
    hands = [["AS", "KS", "QS", "JS", "10S", "9S", "8S"],
             ["2C", "3C", "4C", "5C", "6C", "7C", "8C"],
             ["2D", "3D", "4D", "5D", "6D", "7D", "8D"]]
    deal = Deal(hands, rest=["2S"], dealer=2)
    r = play(oh(**{"hand-sizes": "[7]", "zero-bid-five-plus-hand": "true"}), deal=deal, check=True,
             bots=["lowest"] * 3)
    assert r.hand_scores == [[0, 12, 12]]
    r = play(oh(**{"hand-sizes": "[7]"}), deal=deal, check=True, bots=["lowest"] * 3)
    assert r.hand_scores == [[0, 10, 10]]


def test_la_podrida_must_trump_when_void():
    # trump H; seat 0 leads AC; seat 1 (void in clubs) holds 3H and KD: lowest would discard KD
    deal = Deal([["AC", "3C"], ["KD", "3H"], ["2C", "4S"]], rest=["5H"], dealer=2)
    plain = play(oh(**{"hand-sizes": "[2]"}), deal=deal, check=True, bots=["highest", "lowest", "lowest"])
    podrida = play(oh(**{"hand-sizes": "[2]", "la-podrida": "true"}), deal=deal, check=True,
                   bots=["highest", "lowest", "lowest"])
    assert ev(plain, "trick")[0]["cards"] == [[0, "AC"], [1, "KD"], [2, "2C"]]
    assert ev(plain, "trick")[0]["winner"] == 0
    assert ev(podrida, "trick")[0]["cards"] == [[0, "AC"], [1, "3H"], [2, "2C"]]
    assert ev(podrida, "trick")[0]["winner"] == 1


def test_la_podrida_no_duty_to_overtrump():
    # trump H; clubs led; seat 1 trumps with 9H; seat 2 (void) holds 3H and AH: a low trump is legal (Q8)
    deal = Deal([["AC", "3C"], ["9H", "3S"], ["3H", "AH"]], rest=["5H"], dealer=2)
    r = play(oh(**{"hand-sizes": "[2]", "la-podrida": "true"}), deal=deal, check=True,
             bots=["highest", "lowest", "lowest"])
    assert ev(r, "trick")[0]["cards"] == [[0, "AC"], [1, "9H"], [2, "3H"]]


@pytest.mark.parametrize("mode, sizes, trump", [
    ("largest", "[5]", "S"), ("last", "[5]", None), ("never", "[5]", "S"),
    ("largest", "[3, 5]", "S"), ("never", "[15]", "S"), ("largest", "[15]", None)])
def test_no_trump_hands(mode, sizes, trump):
    r = play(oh(**{"hand-sizes": sizes, "no-trump-hands": mode}), seed=0, check=True, bots=["lowest"] * 3)
    last = ev(r, "trump")[-1]
    assert last["suit"] == (trump and last.get("card", "?")[-1])
    assert (last["suit"] is None) == (trump is None)


def test_standard_schedule_last_hand_has_no_trump_with_four_players():
    r = play(oh(4), seed=1, check=True, bots=["lowest"] * 4)
    trumps = ev(r, "trump")
    assert r.hands == 13 and [len(d["hands"][0]) for d in ev(r, "deal")] == list(range(1, 14))
    assert all(t["suit"] for t in trumps[:12]) and trumps[12]["suit"] is None
    r = play(oh(4, **{"no-trump-hands": "never"}), seed=1, check=True, bots=["lowest"] * 4)
    assert ev(r, "trump")[12]["suit"] is None            # no card is left to turn: no trump in any reading


def test_reverse_and_up_and_down_no_trump_in_every_largest_hand():
    r = play(oh(7, schedule="down-and-up"), seed=2, check=True, bots=["lowest"] * 7)
    sizes = [len(d["hands"][0]) for d in ev(r, "deal")]
    assert sizes == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]
    no_trump = [s for s, t in zip(sizes, ev(r, "trump")) if t["suit"] is None]
    assert no_trump == [7, 7]
    r = play(oh(7, schedule="down-and-up", **{"no-trump-hands": "last"}), seed=2, check=True, bots=["lowest"] * 7)
    assert [t["suit"] is None for t in ev(r, "trump")].count(True) == 1 and ev(r, "trump")[-1]["suit"] is None


# ----------------------------------------------------------------------------- independent referee

def referee(r, opts):
    """Re-judge every trick and every score of a logged game from the events alone."""
    trump = None
    bids: dict = {}
    won = [0] * r.players
    size = 0
    for e in r.events:
        k = e["event"]
        if k == "deal":
            size = len(e["hands"][0])
            trump, bids, won = None, {}, [0] * r.players
            hands = [list(h) for h in e["hands"]]
            rest_top = e["rest"][0] if e["rest"] else None
        elif k == "trump":
            trump = e["suit"]
            assert trump is None or e["card"] == rest_top and e["card"][-1] == trump
        elif k == "bid":
            bids[e["seat"]] = e["bid"]
        elif k == "trick":
            cards = e["cards"]
            led = cards[0][1][-1]
            for seat, c in cards[1:]:                    # follow suit; la-podrida: trump when void
                h = hands[seat]
                if any(x[-1] == led for x in h):
                    assert c[-1] == led
                elif opts.get("la-podrida") and trump and any(x[-1] == trump for x in h):
                    assert c[-1] == trump
            for seat, c in cards:
                hands[seat].remove(c)

            def key(sc):
                c = sc[1]
                return (c[-1] == trump, c[-1] == led, RANKS.index(c[:-1]))
            best = max(cards, key=key)
            assert e["winner"] == best[0]
            won[best[0]] += 1
        elif k == "score":
            assert len(bids) == r.players
            if opts.get("no-exact-total"):
                assert sum(bids.values()) != size
            exp = []
            for s in range(r.players):
                if won[s] == bids[s]:
                    exp.append(5 + size if opts.get("zero-bid-five-plus-hand") and bids[s] == 0 else 10 + won[s])
                else:
                    exp.append(won[s] if opts.get("miss-scores-tricks") else 0)
            assert e["scores"] == exp


def test_referee_and_never_stuck_under_random_options():
    rng = random.Random(7)
    for i in range(40):
        players = rng.randint(3, 7)
        opts = {k: rng.random() < 0.5 for k in ("la-podrida", "miss-scores-tricks", "zero-bid-five-plus-hand",
                                                "no-exact-total")}
        opts["simultaneous-bidding"] = not opts["no-exact-total"] and rng.random() < 0.5
        opts["schedule"] = rng.choice(["standard", "reverse", "up-and-down", "down-and-up"])
        opts["no-trump-hands"] = rng.choice(["largest", "last", "never"])
        if rng.random() < 0.7:
            opts["hand-sizes"] = "[" + ", ".join(str(rng.randint(1, 52 // players)) for _ in range(rng.randint(1, 3))) + "]"
        rules = oh(players, **{k: str(v).lower() for k, v in opts.items()})
        bots = [rng.choice(["random", "lowest", "highest", "smart"]) for _ in range(players)]
        r = play(rules, seed=i, check=True, bots=bots)
        assert r.outcome == "finished"
        referee(r, opts)


def test_same_seed_same_game():
    a = play(oh(5), seed=11, bots=["smart"] * 5)
    b = play(oh(5), seed=11, bots=["smart"] * 5)
    assert a.events == b.events


# ------------------------------------------------------------------- a bid phase reading trump (issue 14, bug 5)

NO_NIL_IN_HEARTS = """extends: oh-hell
name: oh-hell-no-nil-in-hearts
phases:
  bidding:
    forbid: "bid == 0 and trump == 'H'"
"""


@pytest.mark.parametrize("turned, bids, scores", [
    # hearts turned up: the forbid takes 0 from every bidder; lowest bids 1 each; seat 0 takes all 4 tricks
    # with its spades (nobody holds a heart or a spade), so every bid of 1 misses
    ("9H", [1, 1, 1], [0, 0, 0]),
    # spades turned up: the forbid does not apply; bids 0, 0, 0 and seats 1 and 2 are exact (10 each)
    ("9S", [0, 0, 0], [0, 10, 10]),
])
def test_bid_phase_reads_the_trump_turned_up_at_hand_start(tmp_path, turned, bids, scores):
    f = tmp_path / "no-nil.yaml"
    f.write_text(NO_NIL_IN_HEARTS, encoding="utf-8")
    rules = load(str(f), {"hand-sizes": "[4]"}, 3)
    deal = Deal(DEAL4.hands, rest=[turned, "2H"], dealer=2)
    r = play(rules, deal=deal, check=True, bots=["lowest"] * 3)
    kinds = [e["event"] for e in r.events]
    assert kinds.index("trump") < kinds.index("bid")          # the trump is turned before anyone bids
    assert ev(r, "trump")[0] == {"event": "trump", "suit": turned[-1], "card": turned}
    assert [(b["seat"], b["bid"]) for b in ev(r, "bid")] == list(enumerate(bids))
    assert [t["winner"] for t in ev(r, "trick")] == [0, 0, 0, 0]
    assert r.hand_scores == [scores]

"""The bid kind and its companions: one-each, forbid-last, sealed bids, auctions, hand schedules,
list options and constraints (on the built-in Oh Hell and One Card files)."""
import pytest

from conftest import DEAL4, ev, oh

from ruleplay.engine import Deal, play
from ruleplay.errors import RuleplayError
from ruleplay.model import schedule_sizes
from ruleplay.pipeline import load


def test_one_each_from_the_dealers_left_public_bids():
    r = play(oh(**{"hand-sizes": "[4]"}), deal=DEAL4, check=True, bots=["highest"] * 3)
    assert [(b["seat"], b["bid"]) for b in ev(r, "bid")] == [(0, 4), (1, 4), (2, 4)]
    assert not any(b.get("sealed") for b in ev(r, "bid"))


def test_forbid_last_restricts_only_the_dealer():
    deal = Deal([["AS"], ["2C"], ["2D"]], rest=["9S"], dealer=2)
    bots = ["lowest", "lowest", "highest"]
    free = play(oh(**{"hand-sizes": "[1]"}), deal=deal, check=True, bots=bots)
    hook = play(oh(**{"hand-sizes": "[1]", "no-exact-total": "true"}), deal=deal, check=True, bots=bots)
    assert [b["bid"] for b in ev(free, "bid")] == [0, 0, 1]
    assert [b["bid"] for b in ev(hook, "bid")] == [0, 0, 0]        # 0 + 0 + 1 == 1 trick: forbidden


def test_sealed_bids_are_revealed_together_after_all_chose():
    r = play(oh(**{"hand-sizes": "[4]", "simultaneous-bidding": "true"}), deal=DEAL4, check=True,
             bots=["highest"] * 3)
    bids = ev(r, "bid")
    assert [b["seat"] for b in bids] == [0, 1, 2] and all(b["sealed"] for b in bids)


def test_constraint_rejects_sealed_with_no_exact_total():
    with pytest.raises(RuleplayError) as exc:
        oh(**{"simultaneous-bidding": "true", "no-exact-total": "true"})
    msgs = [e.message for e in exc.value.errors]
    assert "simultaneous-bidding has no last bidder, so it cannot be combined with no-exact-total" in msgs


def test_validate_cli_reports_the_constraint(capsys):
    from ruleplay.cli import main
    code = main(["validate", "oh-hell", "--set", "simultaneous-bidding=true", "--set", "no-exact-total=true"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "simultaneous-bidding has no last bidder, so it cannot be combined with no-exact-total" in out + err


@pytest.mark.parametrize("shape, repeat, sizes", [
    ("up", False, [1, 2, 3]), ("down", False, [3, 2, 1]), ("up-and-down", False, [1, 2, 3, 2, 1]),
    ("down-and-up", False, [3, 2, 1, 2, 3]), ("up-and-down", True, [1, 2, 3, 3, 2, 1])])
def test_schedule_shapes(shape, repeat, sizes):
    assert schedule_sizes(3, shape, repeat) == sizes


@pytest.mark.parametrize("players, n", [(3, 15), (4, 13), (5, 10), (6, 8), (7, 7)])
def test_schedule_by_player_count(players, n):
    assert oh(players).deal.sizes == list(range(1, n + 1))
    assert oh(players, schedule="reverse").deal.sizes == list(range(n, 0, -1))
    assert len(oh(players, schedule="up-and-down").deal.sizes) == 2 * n - 1
    assert oh(players, schedule="down-and-up").deal.sizes[n - 1] == 1


@pytest.mark.parametrize("raw, sizes", [("[5]", [5]), ("5,6", [5, 6]), ("[ 2, 3 ]", [2, 3]), ("[]", list(range(1, 16)))])
def test_hand_sizes_list_option(raw, sizes):
    assert oh(**{"hand-sizes": raw}).deal.sizes == sizes


@pytest.mark.parametrize("raw, msg", [("[x]", "is a list of ints"), ("[0]", "out of range"),
                                      ("[18]", "impossible deal: a hand of 18 cards to each of 3 players")])
def test_bad_hand_sizes(raw, msg):
    with pytest.raises(RuleplayError) as exc:
        oh(**{"hand-sizes": raw})
    assert msg in str([e.message for e in exc.value.errors])


def test_single_hand_game_plays_one_hand():
    r = play(oh(4, **{"hand-sizes": "[5]"}), seed=3, check=True)
    assert r.hands == 1 and len(ev(r, "score")) == 1 and r.outcome == "finished"
    assert all(len(h) == 5 for h in ev(r, "deal")[0]["hands"])


def test_auction_ends_at_the_maximum():
    r = play(load("one-card"), seed=1, check=True, bots=["highest"] * 3)
    bids, auctions, deals = ev(r, "bid"), ev(r, "auction"), ev(r, "deal")
    assert len(bids) == len(auctions) == r.hands                 # one bid of 15 per hand ends each auction
    for b, a, d in zip(bids, auctions, deals):
        assert b["bid"] == 15 and b["seat"] == (d["dealer"] + 1) % 3
        assert a == {"event": "auction", "bidder": b["seat"], "bid": 15}


def test_auction_all_pass_gives_no_bidder():
    r = play(load("one-card"), seed=1, check=True, bots=["lowest"] * 3)
    a = ev(r, "auction")[0]
    assert a["bidder"] is None and a["bid"] is None
    assert [b.get("pass") for b in ev(r, "bid")[:3]] == [True, True, True]


def test_auction_raises_until_others_pass():
    # seat 0 (left of the dealer) bids 7, seat 1 raises to 15 and ends it
    r = play(load("one-card"), deal=None, seed=2, check=True, bots=["lowest", "highest", "lowest"])
    first_hand = []
    for e in r.events:
        if e["event"] == "auction":
            break
        if e["event"] == "bid":
            first_hand.append(e)
    assert first_hand[-1]["bid"] == 15
    assert all(e.get("pass") or e["seat"] == first_hand[-1]["seat"] for e in first_hand)


def test_stick_the_dealer_without_no_bid_hand():
    r = play(load("one-card", {"no-bid-hand": "false"}), seed=1, check=True, bots=["lowest"] * 3)
    for a in ev(r, "auction"):
        assert a["bidder"] is not None and a["bid"] == 7           # the dealer must bid the minimum


def _auction_referee(events: list[dict], players: int, top: int) -> None:
    """Independent model of an auction (one-card digest 3.2-3.4, Q4) checked against each hand's bid events:
    from the dealer's left, the seats still in bid higher or pass for good, until the top bid is made,
    the turn comes back to the high bidder, or every seat has passed."""
    hand: list[dict] = []
    dealer = None
    for e in events:
        if e["event"] == "deal":
            dealer, hand = e["dealer"], []
        elif e["event"] == "bid":
            hand.append(e)
        elif e["event"] == "auction":
            active = [(dealer + 1 + k) % players for k in range(players)]
            i, high, bidder = 0, None, None
            for b in hand:
                assert active, "a bid after every seat has passed"
                assert b["seat"] == active[i], f"seat {b['seat']} bid where seat {active[i]} was to bid"
                if b.get("pass"):
                    del active[i]
                    i = i % len(active) if active else 0
                else:
                    assert high is None or b["bid"] > high
                    high, bidder = b["bid"], b["seat"]
                    i = (i + 1) % len(active)
            # the auction is over exactly when nobody else may still bid
            assert not active or active[i] == bidder or (high is not None and high >= top), \
                f"the auction ended with seat {active[i]} still to bid"
            assert (e["bidder"], e["bid"]) == (bidder, high)


def test_auction_goes_round_the_seats_still_in():
    # The deal: bids 6, 7, 8, 9; then seats 0, 1 and 2 must each be asked again (seat 1 was skipped).
    deal = Deal([["9C", "10C", "JC", "9H", "10D", "QC"], ["JK", "9S", "10S", "JS", "10H", "JH"],
                 ["QS", "KS", "AS", "QH", "KH", "AH"], ["AC", "KC", "9D", "JD", "QD", "KD"]], rest=["AD"], dealer=3)
    r = play(load("one-card", players=4), deal=deal, check=True, bots=["smart"] * 4)
    first = []
    for e in r.events:
        if e["event"] == "auction":
            break
        if e["event"] == "bid":
            first.append((e["seat"], "pass" if e.get("pass") else e["bid"]))
    assert first[:4] == [(0, 6), (1, 7), (2, 8), (3, 9)]
    assert [s for s, _ in first[4:]] == [0, 1, 2]
    _auction_referee(r.events, 4, 15)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_auctions_follow_the_rotation_over_random_games(players):
    for seed in range(25):
        r = play(load("one-card", players=players), seed=seed, check=True, bots=["random"] * players)
        _auction_referee(r.events, players, 15)


def _oh_hell_variant(tmp_path, forbid: str):
    f = tmp_path / "hearts-zero.yaml"
    f.write_text(f"extends: oh-hell\nname: no-zero-in-hearts\nphases:\n  bidding:\n    forbid: \"{forbid}\"\n")
    return f


def test_a_bid_phase_may_read_trump(tmp_path):
    # The trick phase defines `trump` and comes after the bidding; its name is known to the bid phase,
    # and its value (the turned-up card, set when the hand starts) is there when the seats bid.
    variant = _oh_hell_variant(tmp_path, "bid == 0 and trump == 'H'")
    rules = load(str(variant), {"hand-sizes": "[1]"}, 3)
    hearts = Deal([["AS"], ["2C"], ["2D"]], rest=["9H"], dealer=2)
    spades = Deal([["AS"], ["2C"], ["2D"]], rest=["9S"], dealer=2)
    lowest = ["lowest"] * 3
    assert [b["bid"] for b in ev(play(rules, deal=hearts, check=True, bots=lowest), "bid")] == [1, 1, 1]
    assert [b["bid"] for b in ev(play(rules, deal=spades, check=True, bots=lowest), "bid")] == [0, 0, 0]

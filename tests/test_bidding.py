"""The bid kind and its companions: one-each, forbid-last, sealed bids, auctions, hand schedules,
list options and constraints (on the built-in Oh Hell and One Card files)."""
import random

import pytest

from conftest import DEAL4, ev, oh, step, validate_errors

from ruleplay.agents.bots import Bot
from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.errors import RuleplayError
from ruleplay.compiler.model import schedule_sizes
from ruleplay.kinds.contract import kind_of
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
    from ruleplay.tools.cli import main
    code = main(["validate", "oh-hell", "--set", "simultaneous-bidding=true", "--set", "no-exact-total=true"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "simultaneous-bidding has no last bidder, so it cannot be combined with no-exact-total" in out + err


def test_a_bid_range_stays_within_the_action_space(tmp_path):
    """Bids are 0..1000: a constant range beyond that is refused by validate; one worked out in play stops
    the game with an error placed at the expression (it used to build a list of a billion bids)."""
    f = tmp_path / "wide.yaml"
    f.write_text("extends: oh-hell\nname: wide\nphases:\n  bidding: {range: {max: 1000000000}}\n")
    with pytest.raises(RuleplayError) as exc:
        load(str(f))
    assert exc.value.errors[0].format().startswith(f"{f}:4:26: error [phases.bidding.range.max]: a bid of 1000000000")
    f.write_text("extends: oh-hell\nname: wide\nphases:\n  bidding: {range: {max: \"hand-size * 77000000\"}}\n")
    rules = load(str(f))
    with pytest.raises(RuleplayError) as exc:
        play(rules, 1)
    msg = exc.value.errors[0].format()
    assert "[phases.bidding.range.max]" in msg and "a bid of 77000000 is outside 0..1000" in msg


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
# ----------------------------------------------------------------------------- auctions (One Card 3.2-3.5, Q4)

class Ceiling(Bot):
    """A scripted bidder: raises by the smallest legal bid while that stays at or under its ceiling, else
    passes (or, when it may not pass, bids the smallest legal bid); plays cards like `lowest`."""

    def __init__(self, ceiling: int):
        super().__init__("lowest", random.Random(0))
        self.ceiling = ceiling
        self.wants_view = True

    def act(self, d, space) -> int:
        v = d.view
        if kind_of(v) != "bid":
            return super().act(d, space)
        ok = [i for i, b in enumerate(v.legal) if b is not None and b <= self.ceiling]
        if ok:
            return d.actions[min(ok, key=v.legal.__getitem__)]
        if None in v.legal:
            return d.actions[v.legal.index(None)]
        return d.actions[min(range(len(v.legal)), key=v.legal.__getitem__)]


ONE_CARD_DECK = [f"{r}{s}" for s in "CDHS" for r in ("9", "10", "J", "Q", "K", "A")] + ["JK"]


def one_card_deal(players: int) -> Deal:
    """The 25 cards in deck order, dealt in blocks (seat 0 the first block), the last one left as the one card;
    the dealer is the last seat, so seat 0 bids first."""
    each = 24 // players
    return Deal([ONE_CARD_DECK[i * each:(i + 1) * each] for i in range(players)], rest=ONE_CARD_DECK[24:],
                dealer=players - 1)


def first_auction(ceilings: list[int], sets: dict | None = None) -> tuple[list[tuple[int, int | None]], dict]:
    """The first hand's bids as (seat, bid or None for a pass), and its auction event."""
    n = len(ceilings)
    r = play(load("one-card", sets or {}, n), deal=one_card_deal(n), check=True, bots=[Ceiling(c) for c in ceilings])
    bids: list[tuple[int, int | None]] = []
    for e in r.events:
        if e["event"] == "auction":
            return bids, e
        if e["event"] == "bid":
            bids.append((e["seat"], e.get("bid")))
    raise AssertionError("no auction")


P = None      # a pass, in the bid sequences below


@pytest.mark.parametrize("ceilings, bids, bidder, high", [
    # 2 players (lowest bid 8): 8, 9, then seat 0 will not go to 10
    ([9, 12], [(0, 8), (1, 9), (0, P)], 1, 9),
    # 2 players: seat 0 passes at once; seat 1, the only seat left in, still bids (or nobody would)
    ([0, 12], [(0, P), (1, 8)], 1, 8),
    # 3 players (lowest 7): seat 1 drops at 11; the auction goes on between seats 0 and 2 (not back to 0 at once)
    ([10, 8, 15], [(0, 7), (1, 8), (2, 9), (0, 10), (1, P), (2, 11), (0, P)], 2, 11),
    # 3 players: 15 ends the auction at once, though seats 0 and 1 have not passed
    ([15, 15, 15], [(0, 7), (1, 8), (2, 9), (0, 10), (1, 11), (2, 12), (0, 13), (1, 14), (2, 15)], 2, 15),
    # 4 players (lowest 6): seat 2's pass is final, it is skipped in the second round; seat 1 raises to 9
    ([7, 9, 6, 8], [(0, 6), (1, 7), (2, P), (3, 8), (0, P), (1, 9), (3, P)], 1, 9),
    # 4 players: three passes before any bid; the dealer, the only seat left, bids
    ([0, 0, 0, 6], [(0, P), (1, P), (2, P), (3, 6)], 3, 6),
    # 4 players: everyone passes: no bidder (3.5, the no-bid hand)
    ([0, 0, 0, 0], [(0, P), (1, P), (2, P), (3, P)], None, None),
])
def test_auction_goes_around_the_seats_still_in(ceilings, bids, bidder, high):
    got, auction = first_auction(ceilings)
    assert got == bids
    assert (auction["bidder"], auction["bid"]) == (bidder, high)


def test_auction_stick_the_dealer_when_all_others_passed():
    # without no-bid-hand the dealer may not pass after three passes; its smallest legal bid is 6
    got, auction = first_auction([0, 0, 0, 0], {"no-bid-hand": "false"})
    assert got == [(0, P), (1, P), (2, P), (3, 6)] and (auction["bidder"], auction["bid"]) == (3, 6)


def check_auctions(events: list[dict], players: int, lo: int, hi: int) -> int:
    """Re-judge every auction from the log (3.4, Q4); returns how many were checked.

    Turns go clockwise from the dealer's left around the seats that have not passed; a passed seat never
    bids again; each bid is in lo..hi and above the high bid; the auction ends exactly when the maximum is
    bid, when one seat is left in after a bid, or when every seat has passed; the high bidder is the bidder.
    """
    checked = 0
    for e in events:
        kind = e["event"]
        if kind == "deal":
            seat, passed, high, bidder = (e["dealer"] + 1) % players, set(), None, None
        elif kind == "bid":
            over = len(passed) == players or high is not None and (high == hi or len(passed) == players - 1)
            assert not over, f"a bid after the auction should have ended: {e}"
            assert e["seat"] not in passed and e["seat"] == seat, f"seat {e['seat']} bids, seat {seat} was due"
            if e.get("pass"):
                passed.add(seat)
            else:
                assert max(lo, high + 1 if high is not None else lo) <= e["bid"] <= hi
                high, bidder = e["bid"], seat
            if len(passed) < players:
                seat = next((seat + k) % players for k in range(1, players + 1)
                            if (seat + k) % players not in passed)
        elif kind == "auction":
            if bidder is None:
                assert len(passed) == players          # no bid: the all-pass rule
            else:
                assert high == hi or set(range(players)) - passed == {bidder}
            assert (e["bidder"], e["bid"]) == (bidder, high)
            checked += 1
    return checked


def test_every_auction_over_random_games_follows_the_rules():
    rng = random.Random(14)
    checked = 0
    for i in range(150):
        players = rng.randint(2, 4)
        sets = {"no-bid-hand": rng.choice(["true", "false"])}
        bots = [rng.choice(["random", "lowest", "highest", "smart"]) for _ in range(players)]
        r = play(load("one-card", sets, players), seed=i, check=True, bots=bots)
        checked += check_auctions(r.events, players, {2: 8, 3: 7, 4: 6}[players], 15)
    assert checked > 600


# ----------------------------------------------------------------------------- names of other phases (issue 14, bug 5)

def validate(tmp_path, monkeypatch, capsys, text: str) -> tuple[int, str]:
    from ruleplay.tools.cli import main
    monkeypatch.chdir(tmp_path)
    (tmp_path / "v.yaml").write_text(text, encoding="utf-8")
    code = main(["validate", "v.yaml"])
    out, err = capsys.readouterr()
    return code, out + err


@pytest.mark.parametrize("text", [
    # Oh Hell's trump is turned up when the hand starts: the bidding, written first, may read it
    "extends: oh-hell\nname: v\nphases:\n  bidding:\n    forbid: \"bid == 0 and trump == 'H'\"\n",
    # play moved ahead of the bidding: the bidding may then read what the tricks set
    "extends: oh-hell\nname: v\nphases:\n  play:\n    before: bidding\n  bidding:\n"
    "    forbid: \"trick-number > 0 and bid > sum(s.tricks for s in seats)\"\n",
    # a pass phase, before the tricks, reading the trump that is known from the hand's start (none in Hearts)
    "extends: hearts\nname: v\nphases:\n  pass:\n    offset: \"0 if trump == 'H' else 1\"\n",
    # a trump that reads the bidding is evaluated when the trick phase starts, after the bidding
    "extends: oh-hell\nname: v\nphases:\n  play:\n    trump: \"'none' if high-bid > 3 else undealt.top.suit\"\n",
])
def test_names_of_any_phase_are_known_where_they_have_a_value(tmp_path, monkeypatch, capsys, text):
    code, out = validate(tmp_path, monkeypatch, capsys, text)
    assert (code, out[:11]) == (0, "v.yaml: OK "), out


LATER = "phases run in the order written; 'before: NAME' moves a phase ahead of another"


@pytest.mark.parametrize("text, place, what, why, hint", [
    # One Card's trump is the suit of the first card led, after the bidding
    ("extends: one-card\nname: v\nphases:\n  bidding:\n    forbid: \"bid > 10 and trump == 'H'\"\n",
     "v.yaml:5:27: error [phases.bidding.forbid]", "'trump'",
     "phase 'play' sets it from the first card led when it runs, after phase 'bidding'", LATER),
    # a seat field of the trick phase, read in the bidding (column of 'tricks')
    ("extends: oh-hell\nname: v\nphases:\n  bidding:\n    forbid: \"bid > 2 and any(s.tricks > 0 for s in seats)\"\n",
     "v.yaml:5:32: error [phases.bidding.forbid]", "seat field 'tricks'",
     "phase 'play' sets it when it runs, after phase 'bidding'", LATER),
    # play moved ahead of the bidding: now the tricks cannot read the bids
    ("extends: oh-hell\nname: v\nphases:\n  play:\n    before: bidding\n    play-allowed: \"contract\"\n",
     "v.yaml:6:20: error [phases.play.play-allowed]", "'contract'",
     "phase 'bidding' sets it when it runs, after phase 'play'", LATER),
    # a trump that reads the bidding waits for the trick phase's start: the bidding may not read it
    ("extends: oh-hell\nname: v\nphases:\n  play:\n    trump: \"'none' if high-bid > 3 else undealt.top.suit\"\n"
     "  bidding:\n    forbid: \"bid > 3 and trump == 'none'\"\n",
     "v.yaml:7:26: error [phases.bidding.forbid]", "'trump'",
     "phase 'play' sets it (its trump reads 'high-bid', which an earlier phase decides) when it runs, "
     "after phase 'bidding'", LATER),
    # a pass phase, before the tricks, reading the number of the trick
    ("extends: hearts\nname: v\nphases:\n  pass:\n    offset: \"trick-number\"\n",
     "v.yaml:5:14: error [phases.pass.offset]", "'trick-number'",
     "phase 'tricks' sets it when it runs, after phase 'pass'", LATER),
])
def test_a_name_read_before_it_has_a_value_is_a_placed_error(tmp_path, monkeypatch, capsys, text, place, what,
                                                              why, hint):
    code, out = validate(tmp_path, monkeypatch, capsys, text)
    expr = text.split(": ")[-1].strip().strip('"')
    assert code == 1
    assert out == f"{place}: in expression {expr!r}: {what} has no value yet where this is evaluated: {why}\n" \
                  f"    hint: {hint}\n"


def test_bids_said_by_name(tmp_path, capsys):
    """`words: {0: nil}` names a bid: the action's label, the `bid` event's `said`, the account and the sheet say
    "nil", and the rules still read 0 (the bids and scores of the same seed are the game without words)."""
    from ruleplay.agents import play
    from ruleplay.pipeline import load
    from ruleplay.tools.cli import main
    p = tmp_path / "ohw.yaml"
    p.write_text("extends: oh-hell\nname: ohw\nphases:\n  bidding:\n    words: {0: nil}\n", encoding="utf-8")
    named, plain = play(load(str(p)), seed=2), play(load("oh-hell"), seed=2)
    bids = [e for e in named.events if e["event"] == "bid"]
    assert [e["bid"] for e in bids] == [e["bid"] for e in plain.events if e["event"] == "bid"]
    assert named.scores == plain.scores
    assert all((e.get("said") == "nil") == (e["bid"] == 0) for e in bids) and any(e["bid"] == 0 for e in bids)
    assert all(e["label"] == "bid nil" for e in named.events if e["event"] == "decision" and e["action"] ==
               next(d["action"] for d in plain.events if d["event"] == "decision" and d["label"] == "bid 0"))
    assert main(["run", str(p), "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "bids nil" in out and "bids 0" not in out
    assert main(["explain", str(p)]) == 0 and "Bids said by name: 0 is nil." in capsys.readouterr().out


def test_a_bots_trump_that_is_not_a_suit_is_refused(tmp_path, capsys):
    """`bots.trump` is a suit or 'none' (a tester wrote 'any', which validated and ran): a constant is refused at
    validation, an expression's value when the smart bot reads it, as a placed error."""
    out = validate_errors(tmp_path, capsys, "extends: oh-hell\nname: bad\nphases:\n  bidding:\n"
                                            "    bots: {trump: \"'any'\"}\n")
    assert "[phases.bidding.bots.trump]: 'any' is not a suit of the deck or 'none'" in out
    p = tmp_path / "late.yaml"
    p.write_text("extends: oh-hell\nname: late\nphases:\n  bidding:\n"
                 "    bots: {trump: \"'none' if bid > 99 else 'hearts'\"}\n", encoding="utf-8")
    rules = load(str(p))
    with pytest.raises(RuleplayError) as err:
        play(rules, seed=1, bots=["smart"] * rules.players)
    assert "gave 'hearts', not a suit of the deck or 'none'" in str(err.value)
    p.write_text("extends: oh-hell\nname: late\nphases:\n  bidding:\n"
                 "    bots: {trump: \"'none' if bid > 99 else 'H'\"}\n", encoding="utf-8")
    rules = load(str(p))
    assert play(rules, seed=1, bots=["smart"] * rules.players).outcome == "finished"


def _auction_game(tmp_path, hold: bool):
    import ruleplay
    f = tmp_path / "hold.yaml"
    f.write_text("extends: five-hundred\nname: hold\nphases:\n  bidding: {hold: %s}\n" % str(hold).lower())
    return ruleplay.Game(load(str(f)))


def _bids(s) -> list[str]:
    return [s.action_to_string(a) for a in s.legal_actions()]


def test_hold_lets_an_earlier_bidder_equal_the_high_bid_and_take_it(tmp_path):
    """`hold: true` (Skat, Twenty-Nine): a seat earlier in the bidding order than the high bidder may bid the
    same number and takes the bid; a later one must go higher. Five Hundred, seed 3, order 2, 3, 0, 1: seat 2
    bids 60; seat 3 must bid more (80); seat 0 (later than 3) more; seat 1 passes ... seat 2 (earlier than
    seat 3) may hold at 80 and becomes the high bidder; seat 3 must then go to 100."""
    s = _auction_game(tmp_path, True).new_initial_state(seed=3)
    assert s.current_player() == 2
    step(s, "bid 60")
    assert "bid 60" not in _bids(s) and _bids(s)[:2] == ["pass", "bid 80"]        # seat 3, later than 2
    step(s, "bid 80")
    assert s.current_player() == 0 and "bid 80" not in _bids(s)                    # seat 0, later than 3
    step(s, "pass")
    step(s, "pass")                                                                # seat 1
    assert s.current_player() == 2 and _bids(s)[:2] == ["pass", "bid 80"]          # seat 2 holds at 80
    step(s, "bid 80")
    assert s.current_player() == 3 and _bids(s)[:2] == ["pass", "bid 100"]
    step(s, "pass")
    auction = next(e for e in s.events() if e["event"] == "auction")
    assert (auction["bidder"], auction["bid"]) == (2, 80)
    plain = _auction_game(tmp_path, False).new_initial_state(seed=3)
    step(plain, "bid 60")
    step(plain, "bid 80")
    step(plain, "pass")
    step(plain, "pass")
    assert plain.current_player() == 2 and _bids(plain)[:2] == ["pass", "bid 100"]    # without hold: higher


def test_hold_at_the_maximum_and_outside_an_auction(tmp_path, capsys):
    """The maximum bid by a later seat does not end the auction while an earlier seat may still hold it; `hold`
    on a bid phase that is no auction is refused."""
    s = _auction_game(tmp_path, True).new_initial_state(seed=3)
    step(s, "bid 60")
    step(s, "bid 520")                                 # seat 3: the maximum; seats 0 and 1 can only pass
    assert s.current_player() == 2 and _bids(s) == ["pass", "bid 520"]
    step(s, "bid 520")
    auction = next(e for e in s.events() if e["event"] == "auction")
    assert (auction["bidder"], auction["bid"]) == (2, 520)
    err = validate_errors(tmp_path, capsys, "extends: oh-hell\nname: bad\nphases:\n  bidding: {hold: true}\n")
    assert "error [phases.bidding.hold]: hold lets an earlier player equal the high bid of an auction, but style " \
           "one-each has no high bid to hold" in err


def test_bots_worth_makes_smart_raise_by_the_least_step_within_it(tmp_path):
    """`bots: {worth: INT over actor}` (a tester's Pinochle: smart never bid, a hand's worth being its meld plus
    its tricks): in Five Hundred's auction (bids 40, 60, ... by twenties from seat 2 at seed 3) four smart seats
    each worth 120 raise by one step in turn, 40 60 80 100 120, and the one at 120 takes it as the others pass;
    worth read on the hand (100 + 20 an ace) gives each seat its own limit."""
    import ruleplay
    f = tmp_path / "worth.yaml"
    f.write_text("extends: five-hundred\nname: worth\nphases:\n  bidding:\n    bots: {worth: \"120\"}\n")
    g = ruleplay.Game(load(str(f)))
    r = play(g.rules, 3, bots=["smart"] * 4)
    bids = [(b["seat"], b.get("bid")) for b in ev(r, "bid")][:8]        # the first hand's auction
    assert bids == [(2, 40), (3, 60), (0, 80), (1, 100), (2, 120), (3, None), (0, None), (1, None)], bids
    auction = ev(r, "auction")[0]
    assert (auction["bidder"], auction["bid"]) == (2, 120)
    f.write_text("extends: five-hundred\nname: worth\nphases:\n  bidding:\n    bots:\n"
                 "      worth: \"100 + 20 * count(c.rank == 'A' for c in actor.hand)\"\n")
    r = play(load(str(f)), 3, bots=["smart"] * 4)
    deal = ev(r, "deal")[0]
    aces = [sum(c.startswith("A") for c in h) for h in deal["hands"]]
    first = r.events[:r.events.index(ev(r, "auction")[0])]
    for b in (e for e in first if e["event"] == "bid" and "bid" in e):
        assert b["bid"] <= 100 + 20 * aces[b["seat"]], (b, aces)
    worths = sorted(100 + 20 * a for a in aces)
    assert worths[-2] <= ev(r, "auction")[0]["bid"] <= worths[-1]      # raised until one alone could go on


ONCE_ROUND = """name: once-round
description: Once-round bidding where each bid must top the last, pass allowed (Tarneeb, Dou Dizhu).
players: 4
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
deal: {to: hand, count: 13}
phases:
  bidding:
    kind: bid
    style: one-each
    range: {min: 7, max: 13}
    pass: true
    forbid: "bid <= high-bid"
  play: {kind: trick, from: hand, to: trick, won-to: taken, leader: "s == bidder", follow: suit, trump: none}
scoring: {points: "s.tricks"}
match: {end: "true", winners: {highest: s.score}}
"""


@pytest.mark.parametrize("seed", range(8))
def test_high_bid_is_the_highest_so_far_in_a_once_round_bidding(tmp_path, seed):
    """`style: one-each` with `forbid: bid <= high-bid`: each bid tops the last (t30: high-bid stayed 0 until
    the round ended, so two players bid 13); the highest bidder leads."""
    from ruleplay.agents import play
    from ruleplay.pipeline import load
    f = tmp_path / "once.yaml"
    f.write_text(ONCE_ROUND, encoding="utf-8")
    r = play(load(str(f)), seed=seed, bots=["random"] * 4, log=True)
    bids = [e["bid"] for e in r.events if e["event"] == "bid" and not e.get("pass")]
    assert bids == sorted(set(bids)), bids                    # strictly rising
    lead = next(e for e in r.events if e["event"] == "trick")["leader"]
    if bids:
        assert lead == next(e["seat"] for e in r.events if e["event"] == "bid" and e.get("bid") == bids[-1])


def test_smart_passes_in_a_once_round_bidding_it_may_pass(tmp_path):
    """One bid each, each above the last, a pass allowed, partners (Tarneeb): `smart` bids only what its hand
    and its partner's share are worth, and never over its partner's standing bid (t30: it bid the smallest
    legal number every time, 7 8 9 10, and 86% of all-smart games hit the hand limit)."""
    f = tmp_path / "once.yaml"
    f.write_text(ONCE_ROUND.replace("players: 4\n", "players: 4\nteams: {alternate: 2}\n"), encoding="utf-8")
    rules = load(str(f))
    passes = bids = 0
    for seed in range(20):
        r = play(rules, seed=seed, bots=["smart"] * 4, log=True)
        high = None
        for e in (e for e in r.events if e["event"] == "bid"):
            if e.get("pass"):
                passes += 1
                continue
            bids += 1
            assert high is None or high % 2 != e["seat"] % 2, (seed, e)      # never over the partner
            high = e["seat"]
    assert passes > bids > 0

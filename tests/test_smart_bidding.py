"""`smart` in auctions: it bids what its hand can make (the bid phase's `bots` key says what a bid asks
for), so all-`smart` tables of Auction Pitch and Five Hundred finish their matches and `smart` beats
`random`. Hand-built bid views are checked against estimates worked out by hand."""
import math
import random
from pathlib import Path

import pytest

from ruleplay.kinds.contract import kind_of
from ruleplay.agents.bots import Bot, hand_tricks, smart_bid, smart_card
from ruleplay.agents import play
from ruleplay.kinds.bid import BidView
from ruleplay.kinds.trick import TrickView
from ruleplay.pipeline import load
from ruleplay.tools.sim import Spec, simulate

P = None      # a pass among the legal choices


def bid_view(name: str, hand: list[str], legal: list, need: list, names: list | None = None, *,
             partner: int | None = None, bids: list | None = None, passed: list | None = None,
             high: int | None = None) -> BidView:
    """Seat 0's view of an auction in ruleset `name`, its hand given by card names."""
    rules = load(name)
    deck = rules.deck
    index = {n: i for i, n in enumerate(deck.names)}
    cards = [index[c] for c in hand]
    order = deck.orders["order"]
    n = rules.players
    return BidView(0, legal, cards, None, "auction", high, len(cards), {c: order[c] for c in cards}, max(order),
                   list(deck.attrs.get("points", [0] * len(deck))), deck.suit, bids or [None] * n,
                   passed or [False] * n, need, names or [None] * len(legal), "tricks", partner)


# Five Hundred's schedule: 6 spades 40, 6 clubs 60, ... 6 no trumps 120, 7 spades 140, ... 10 no trumps 520
SCHEDULE = list(range(40, 521, 20))
DENOMINATION = ["S", "C", "D", "H", "none"]


def five_hundred_view(hand: list[str], start: int = 40, **kw) -> BidView:
    bids = [b for b in SCHEDULE if b >= start]
    return bid_view("five-hundred", hand, [P] + bids, [None] + [6 + (b - 40) // 100 for b in bids],
                    [None] + [DENOMINATION[(b - 40) // 20 % 5] for b in bids], **kw)


STRONG = ["AH", "KH", "QH", "JH", "10H", "AS", "AC", "5D", "6D", "7D"]
WEAK = ["5C", "6C", "7C", "8D", "9D", "5H", "6H", "7H", "5S", "6S"]


def test_trick_estimate_worked_by_hand():
    # 43 cards, 10 in hand: the others hold 30 of the 33 unseen, dealt = 30/33. Hearts trump: A K Q J 10
    # have no higher heart out, 1 each (5); AS and AC 1 each; 7D 6D 5D have 7 higher diamonds out each: 0.
    v = five_hundred_view(STRONG)
    assert hand_tricks(v, "H") == pytest.approx(7.0)
    # spades trump: the hearts are a side suit; each other seat holds (12 - 5) * 30/33 / 3 = 2.1 of them, so
    # the 4th and 5th hearts are ruffed: 3 + AS + AC = 5
    assert hand_tricks(v, "S") == pytest.approx(5.0)
    # no trumps: the long hearts count (7)
    assert hand_tricks(v, "none") == pytest.approx(7.0)
    assert all(hand_tricks(five_hundred_view(WEAK), t) == 0 for t in DENOMINATION)


def test_five_hundred_bids_the_lowest_contract_in_its_best_suit():
    # with an unknown partner (a quarter of the ten tricks: 2.5): hearts 7 + 2.5 = 9.5, six hearts (100) has
    # 3.5 to spare, as much as six no trumps (120): the lower bid
    v = five_hundred_view(STRONG)
    assert v.legal[smart_bid(v)] == 100


def test_five_hundred_over_a_rival_halves_the_partners_share():
    # an opponent bid 6 hearts: the partner's share halves (1.25); 6 no trumps has 7 + 1.25 - 6 to spare,
    # 7 hearts 7 + 1.25 - 7: it bids 120
    v = five_hundred_view(STRONG, start=120, bids=[None, 100, None, None], high=100, partner=2)
    assert v.legal[smart_bid(v)] == 120


def test_five_hundred_passes_weak_hands_and_never_outbids_its_partner():
    assert smart_bid(five_hundred_view(WEAK)) == 0
    v = five_hundred_view(STRONG, start=120, bids=[None, None, 100, None], high=100, partner=2)
    assert v.legal[smart_bid(v)] is None


def pitch_view(hand: list[str], may_pass: bool = True) -> BidView:
    # the pitch file says nothing of its bids' meaning: the top bid (4) asks for all 6 tricks, 2 for 3
    legal = ([P] if may_pass else []) + [2, 3, 4]
    return bid_view("pitch", hand, legal, [None if b is None else b * 6 / 4 for b in legal])


def test_pitch_bids_the_smallest_bid_within_reach():
    # hearts trump: A K Q 1 each; the 2 is the 4th heart and the others hold (13 - 4) * 18/46 / 3 = 1.2
    # hearts each: 1; AS 1; 3C 0: 5 tricks. 2 asks for 3, 3 for 4.5, 4 for 6: bid 2, the most to spare
    v = pitch_view(["AH", "KH", "QH", "2H", "AS", "3C"])
    assert hand_tricks(v, "H") == pytest.approx(5.0)
    assert v.legal[smart_bid(v)] == 2


def test_pitch_weak_hand_passes_unless_stuck():
    hand = ["3C", "5D", "7H", "9S", "4C", "6D"]
    assert pitch_view(hand).legal[smart_bid(pitch_view(hand))] is None
    stuck = pitch_view(hand, may_pass=False)
    assert stuck.legal[smart_bid(stuck)] == 2


def test_the_auction_view_carries_the_rules_meaning():
    # five-hundred's bots.trump and bots.tricks, evaluated per legal bid when a seat is asked
    seen = []

    class Spy(Bot):
        def __init__(self):
            super().__init__("smart", random.Random(0))

        def act(self, d, space):
            if kind_of(d.view) == "bid" and not seen:
                seen.append(d.view)
            return super().act(d, space)
    play(load("five-hundred"), seed=1, bots=[Spy(), Spy(), Spy(), Spy()], max_actions=200)
    v = seen[0]
    assert v.legal[:7] == [P, 40, 60, 80, 100, 120, 140]
    assert v.names[:7] == [None, "S", "C", "D", "H", "none", "S"]
    assert v.need[:7] == [None, 6, 6, 6, 6, 6, 7] and v.need[-1] == 10
    assert v.partner == (v.seat + 2) % 4 and v.unit == "tricks"


def test_a_bidder_leads_the_suit_it_bid_on_while_no_trump_is_set():
    deck = load("pitch").deck
    c = {n: i for i, n in enumerate(deck.names)}
    legal = [c["AS"], c["2H"], c["KH"], c["QH"]]
    order = deck.orders["order"]
    v = TrickView(0, True, False, legal, [], None, None, 3, {x: order[x] for x in legal}, [0] * len(deck),
                  deck.suit, None, 6, frozenset(legal))
    assert legal[smart_card(v, "H")] == c["KH"]
    assert legal[smart_card(v)] == c["AS"]          # no plan: its highest card


def wilson(k: int, n: int) -> tuple[float, float]:
    z = 1.96
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


@pytest.mark.parametrize("name", ["pitch", "five-hundred"])
def test_all_smart_tables_finish(name):
    rep = simulate(Spec(name, bots=("smart",) * 4), 60, seed=7, jobs=1).report()
    assert rep["outcomes"]["finished"] == 60
    assert rep["lengths"]["hands"]["max"] < 60


@pytest.mark.parametrize("name", ["pitch", "five-hundred"])
def test_smart_beats_random(name):
    """Smart in two seats, random in the other two, then the seats swapped: the smart seats' share of the
    seat-games won lies above the random seats' (95% Wilson intervals apart)."""
    won = {"smart": 0, "random": 0}
    games = 0
    for bots in (("smart", "random") * 2, ("random", "smart") * 2):
        rep = simulate(Spec(name, bots=bots), 60, seed=11, jobs=1).report()
        games += rep["games"]
        assert rep["outcomes"]["finished"] == rep["games"]
        for row in rep["win_rate"]:
            won[bots[row["seat"]]] += row["wins"]
    assert wilson(won["smart"], 2 * games)[0] > wilson(won["random"], 2 * games)[1]


def test_smart_discards_keep_the_trump_it_bid_on_and_empty_short_suits():
    from ruleplay.agents.bots import smart_discard
    from ruleplay.kinds.discard import DiscardView
    deck = load("five-hundred").deck
    c = {n: i for i, n in enumerate(deck.names)}
    pool = [c[n] for n in ["JC", "QC", "KC", "AC", "10C", "AS", "5D", "9D", "6H", "7H", "8H", "JK"]]
    v = DiscardView(pool, None, deck.orders["order"], deck.suit)
    # clubs (its trump) and the joker are kept, and the ace of spades (the top rank); of the rest the
    # shortest suit goes first, lowest card first: 5D, then 9D, then the hearts
    assert pool[smart_discard(v, "C")] == c["5D"]
    v.legal = [x for x in pool if x != c["5D"]]
    assert v.legal[smart_discard(v, "C")] == c["9D"]
    # bidding diamonds instead, it keeps them and empties hearts (3) before clubs (5)
    assert pool[smart_discard(DiscardView(pool, None, deck.orders["order"], deck.suit), "D")] == c["6H"]


def test_five_hundred_bidders_never_discard_the_suit_they_named():
    rules = load("five-hundred")
    discards = 0
    for seed in range(20):
        r = play(rules, seed, bots=["smart"] * 4)
        named = None
        for e in r.events:
            if e["event"] == "auction":
                named = None if e["bidder"] is None else DENOMINATION[(e["bid"] - 40) // 20 % 5]
            if e["event"] == "discard" and named != "none":
                discards += 1
                assert not any(card.endswith(named) for card in e["cards"])
    assert discards > 100


def _misere_contracts(text: str, tmp_path) -> tuple[int, int, int]:
    """Smart players' contracts in 30 five-player games of Napoleon with misère on: (contracts, misère, misère
    made)."""
    from ruleplay.agents import play
    from ruleplay.pipeline import load
    p = tmp_path / "nap.yaml"
    p.write_text(text, encoding="utf-8")
    rules = load(str(p), {"misere": "true"}, 5)
    contracts = misere = made = 0
    for seed in range(30):
        bid = bidder = None
        for e in play(rules, seed, bots=["smart"] * 5).events:
            if e["event"] == "auction" and e.get("bidder") is not None:
                contracts, bid, bidder = contracts + 1, e["bid"], e["bidder"]
                misere += bid == 35
            elif e["event"] == "score" and bid == 35:
                made += e["points"][bidder] > 0
                bid = None
    return contracts, misere, made


def test_a_bid_of_at_most_its_tricks_is_made_by_weak_hands(tmp_path):
    """`bots: {at-most: "bid == 35"}` (Napoleon's misère asks for no trick): smart bids it only with a hand it
    expects to lose every trick with, and makes most of those; read as "at least 0 tricks" (without the key)
    it bid misère on most hands and lost half of them."""
    text = (Path(__file__).parent / "data" / "nap.yaml").read_text(encoding="utf-8")
    contracts, misere, made = _misere_contracts(text, tmp_path)
    assert 0 < misere < contracts / 2 and made > misere * 0.6
    plain = _misere_contracts(text.replace('      at-most: "bid == 35"\n', ""), tmp_path)
    assert plain[1] > plain[0] / 2 and plain[2] < plain[1] * 0.6

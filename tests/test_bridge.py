"""Contract Bridge (rulesets/bridge.yaml): the auction as a `turns` phase whose bids are words read as numbers
(`value: {1C: 1, ..., 7NT: 35}`), the declarer and the dummy played by the declarer (a trick's `dummy:`),
duplicate scoring. Hand-checked auctions and deals, scores checked against the published duplicate table, a
referee that re-derives every call, the contract, the declarer, every card, trick and score from the logs of
random games with its own scoring function, and what an opponent sees of the dummy."""
from __future__ import annotations

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

from conftest import clone_plays_on_alike

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
STRAINS = ["C", "D", "H", "S", "NT"]
CALLS = [f"{level}{s}" for level in range(1, 8) for s in STRAINS]          # 1C = 1 ... 7NT = 35
NS_VUL = {2, 4, 5, 7, 10, 12, 13, 15}                                      # boards of the standard rotation
EW_VUL = {3, 4, 6, 7, 9, 10, 13, 16}


@pytest.fixture(scope="module")
def game():
    return ruleplay.load_game("bridge")


def labels(s) -> list[str]:
    return sorted(s.game.space.label(a) for a in s.legal_actions())


def act(s, label: str) -> None:
    """Make a call or play a card by its label; a bid is two steps ("bid", then "bid: 4S") unless the bid is the
    only one left. A pass once the auction is over does nothing (the calls after 7NT redoubled are forced: the
    engine makes them without asking)."""
    if label == "pass" and s._table.phase_index != 0:
        return
    if label in CALLS and s._table.phase_index == 0:         # 2D is a bid in the auction, a card in the play
        act(s, "bid")
        if f"bid: {label}" not in labels(s):
            return
        label = f"bid: {label}"
    hit = [a for a in s.legal_actions() if s.game.space.label(a) == label]
    assert hit, (label, labels(s))
    s.apply_action(hit[0])


# North (0) holds every spade; East (1) the hearts, South (2) the diamonds, West (3) the clubs
SUITED = Deal([[f"{r}S" for r in RANKS], [f"{r}H" for r in RANKS], [f"{r}D" for r in RANKS],
               [f"{r}C" for r in RANKS]], rest=[], dealer=0)


def test_the_bids_offered_are_those_higher_than_the_last_and_the_calls_read_as_a_bridge_player_says_them(game):
    s = game.new_initial_state(seed=1, deal=SUITED)
    assert s.current_player() == 0                  # the dealer calls first
    assert labels(s) == ["bid", "pass"]             # nothing to double yet
    act(s, "bid")
    assert [s.game.space.label(a) for a in s.legal_actions()] == [f"bid: {c}" for c in CALLS]
    act(s, "bid: 1NT")
    assert s.current_player() == 1
    assert labels(s) == ["bid", "double", "pass"]   # an opponent's bid may be doubled
    act(s, "bid")
    assert [s.game.space.label(a) for a in s.legal_actions()][:2] == ["bid: 2C", "bid: 2D"]
    act(s, "bid: 2C")
    assert labels(s) == ["bid", "double", "pass"]
    act(s, "double")
    assert s.current_player() == 3
    assert labels(s) == ["bid", "pass", "redouble"]  # the doubled side redoubles; no double of a double
    act(s, "pass")
    assert labels(s) == ["bid", "pass"]             # East's bid is doubled already: North may not double or redouble
    act(s, "pass")
    act(s, "redouble")                              # East redoubles East-West's doubled 2C
    assert labels(s) == ["bid", "pass"]             # South cannot double again
    words = [e["label"] for e in s.events() if e["event"] == "decision"]
    assert words == ["bid", "bid: 1NT", "bid", "bid: 2C", "double", "pass", "pass", "redouble"]
    t = s._table
    assert (t.kind_state["auction"]["contract"], t.kind_state["auction"]["doubled"]) == (6, 2)    # 2C redoubled


def test_three_passes_after_a_bid_end_the_auction_and_the_first_of_the_side_to_name_the_strain_declares(game):
    s = game.new_initial_state(seed=1, deal=SUITED)
    for call in ["1H", "pass", "1S", "pass", "2H", "pass", "4S", "pass", "pass"]:
        act(s, call)
    # North named hearts first (1H), South spades first (1S): the contract 4S is South's to declare
    assert s._table.phase_index == 0
    act(s, "pass")                                  # the third pass: the auction is over
    t = s._table
    assert (t.kind_state["auction"]["contract"], t.kind_state["auction"]["declarer"]) == (19, 2)
    assert t.trump == "S"
    assert s.current_player() == 3                  # the declarer's left leads (West)
    assert not [e for e in s.events() if e["event"] == "lay-down"]       # the dummy is not down before the lead
    act(s, "AC")
    lay = next(e for e in s.events() if e["event"] == "lay-down")
    assert lay["seat"] == 0 and lay["to"] == "dummy" and sorted(lay["cards"]) == sorted(SUITED.hands[0])
    assert s.current_player() == 2                  # North is dummy: South plays its cards, after West
    assert labels(s) == sorted(SUITED.hands[0])


def test_four_passes_throw_the_deal_in_and_it_scores_nothing():
    g = ruleplay.load_game("bridge", options={"deals": 1})
    s = g.new_initial_state(seed=1, deal=SUITED)
    for _ in range(4):
        act(s, "pass")
    assert s.is_terminal()
    assert not [e for e in s.events() if e["event"] in ("play", "trick")]
    score = next(e for e in s.events() if e["event"] == "score")
    assert score["points"] == [0, 0, 0, 0]


def test_the_declarer_plays_the_dummy_after_the_opening_lead_and_a_grand_slam_in_spades_scores_1510():
    """North holds all thirteen spades: 7S by North takes every trick whatever is played."""
    g = ruleplay.load_game("bridge", options={"deals": 1, "vulnerable": "none"})
    s = g.new_initial_state(seed=1, deal=SUITED)
    for call in ["7S", "pass", "pass", "pass"]:
        act(s, call)
    t = s._table
    assert t.kind_state["auction"]["declarer"] == 0 and t.trump == "S"
    assert s.current_player() == 1                  # East, on the declarer's left, leads
    act(s, "AH")
    assert s.current_player() == 0                  # the dummy's turn (South's hand): North is asked
    assert labels(s) == sorted(f"{r}D" for r in RANKS)
    assert s.decision().view.dummy == "dummy"
    act(s, "2D")
    assert s.current_player() == 3
    act(s, "2C")
    assert s.current_player() == 0                  # now North's own hand
    act(s, "2S")
    trick = next(e for e in s.events() if e["event"] == "trick")
    assert trick["cards"] == [[1, "AH"], [0, "2D"], [3, "2C"], [0, "2S"]] and trick["winner"] == 0
    assert trick["dummy"] == 1
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    score = next(e for e in s.events() if e["event"] == "score")
    assert score["tricks_won"] == [13, 0, 0, 0]
    assert score["points"] == [1510, -1510, 1510, -1510]        # 210 + 300 game + 1000 grand slam


def test_nobody_but_its_owner_sees_the_dummy_s_hand_before_the_opening_lead_and_everyone_after(game):
    s = game.new_initial_state(seed=1, deal=SUITED)
    for call in ["pass", "pass", "4D", "pass", "pass", "pass"]:
        act(s, call)
    # South (2) declares 4D: North (0) is dummy. West (3) leads; nobody but North has seen North's hand yet
    assert s.current_player() == 3
    for me in (1, 2, 3):
        view = s.seat_view(me)
        north = next(z for z in view.seat_zones if z.seat == 0 and z.name == "hand")
        assert north.cards is None and not next(z for z in view.table_zones if z.name == "dummy").cards
        assert "KS" not in s.observation_string(me).split()
    act(s, "AC")                                    # the opening lead: the dummy goes down
    assert s.current_player() == 2                  # South plays from the dummy
    for me in (1, 2, 3):
        view = s.seat_view(me)
        dummy = next(z for z in view.table_zones if z.name == "dummy")
        assert sorted(dummy.cards) == sorted(SUITED.hands[0])
        lay = next(e for e in s.seat_events(me) if e["event"] == "lay-down")
        assert sorted(lay["cards"]) == sorted(SUITED.hands[0])
    south = next(z for z in s.seat_view(1).seat_zones if z.seat == 2 and z.name == "hand")
    assert south.cards is None                      # the declarer's own hand stays hidden


# the published duplicate table (Laws of Duplicate Bridge, law 77): (contract, doubled, vulnerable, tricks
# taken by the declaring side) -> the declaring side's score
TABLE = [
    ("4S", 0, False, 11, 450),      # 120 + 300 + 30
    ("3NT", 0, True, 9, 600),       # 100 + 500
    ("1NT", 1, True, 5, -500),      # doubled, down 2 vulnerable: 200 + 300
    ("6H", 0, False, 12, 980),      # 180 + 300 + 500
    ("7NT", 2, True, 13, 2980),     # 880 + 500 + 1500 + 100
    ("2H", 0, False, 8, 110),       # part score: 60 + 50
    ("2S", 1, False, 8, 470),       # 120 doubled: game 300, insult 50
    ("1C", 0, True, 10, 130),       # 20 + 50 + 3 x 20
    ("3D", 1, False, 3, -1400),     # doubled down 6 not vulnerable: 100 + 200 + 200 + 3 x 300
    ("4H", 0, True, 7, -300),       # down 3 vulnerable, undoubled
    ("5C", 2, False, 10, -200),     # redoubled down 1 not vulnerable
    ("1NT", 2, False, 9, 960),      # 40 x 4 = 160: game 300, 2 overtricks x 200, insult 100
    ("6NT", 1, True, 13, 1880),     # 190 x 2 = 380, game 500, slam 750, an overtrick 200, insult 50
]


@pytest.mark.parametrize("contract,doubled,vul,taken,expected", TABLE)
def test_scores_match_the_published_duplicate_table(contract, doubled, vul, taken, expected):
    g = ruleplay.load_game("bridge", options={"deals": 1, "vulnerable": "ns" if vul else "ew"})
    s = g.new_initial_state(seed=1, deal=SUITED)
    act(s, contract)                                # North declares
    calls = ["pass", "pass", "pass"] if not doubled else \
        ["double", "pass", "pass", "pass"] if doubled == 1 else ["double", "redouble", "pass", "pass", "pass"]
    for call in calls:
        act(s, call)
    t = s._table
    assert t.kind_state["auction"]["declarer"] == 0 and t.kind_state["auction"]["doubled"] == doubled
    t.tricks_won[:] = [taken, 13 - taken, 0, 0]     # the play's outcome, given
    points = []
    for seat in range(4):
        t.loc["s"] = seat
        points.append(g.rules.scoring.points(t))
    assert points == [expected, -expected, expected, -expected]
    assert independent_score(STRAINS.index(contract[1:]) + 1, int(contract[0]), doubled, vul, taken) == expected


def independent_score(strain: int, level: int, doubled: int, vul: bool, taken: int) -> int:
    """The declaring side's duplicate score, written from the table, not from the ruleset."""
    need = level + 6
    if taken < need:
        down = need - taken
        if not doubled:
            return -down * (100 if vul else 50)
        if vul:
            pen = sum(200 if k == 1 else 300 for k in range(1, down + 1))
        else:
            pen = sum(100 if k == 1 else 200 if k <= 3 else 300 for k in range(1, down + 1))
        return -pen * (2 if doubled == 2 else 1)
    per = 20 if strain <= 2 else 30
    base = per * level + (10 if strain == 5 else 0)
    base *= [1, 2, 4][doubled]
    score = base + ((500 if vul else 300) if base >= 100 else 50)
    if level == 6:
        score += 750 if vul else 500
    if level == 7:
        score += 1500 if vul else 1000
    over = taken - need
    if doubled:
        score += 50 * doubled + over * (200 if vul else 100) * doubled
    else:
        score += over * per
    return score


def referee(events: list[dict], deals: int = 4) -> int:
    """Re-derive each deal from the log alone: every call's legality (a call the rules made, the only legal
    one, is logged marked `forced`, and only such a call), the contract, the declarer, the dummy laid
    down, the opening lead, every card (follow suit, from the right hand), every trick's winner, and the
    score. Returns the number of tricks checked."""
    it = iter(events)
    checked, hand, totals = 0, 0, [0, 0, 0, 0]
    decisions = [e for e in events if e["event"] == "decision"                    # the calls chosen (not cards)
                 and (e["label"] in ("bid", "pass", "double", "redouble") or e["label"].startswith("bid: "))]
    di = 0
    for ev in it:
        if ev["event"] != "deal":
            continue
        hand += 1
        dealer = ev["dealer"]
        assert dealer == (hand - 1) % 4
        hands = [list(h) for h in ev["hands"]]
        board = (hand - 1) % 16 + 1
        # the auction
        contract, high, doubled, passes, named, seat = 0, None, 0, 0, {}, dealer
        calls = []
        while not (passes >= 4 or (contract and passes >= 3)):
            moves = (["bid"] if contract < 35 else []) + ["pass"]
            if contract and not doubled and high % 2 != seat % 2:
                moves.append("double")
            if doubled == 1 and high % 2 == seat % 2:
                moves.append("redouble")
            d = decisions[di]
            di += 1
            assert d["seat"] == seat and d["label"] in moves, (d, moves)
            assert d.get("forced", False) == (len(moves) == 1), (d, moves)   # only the only call is the rules'
            call = d["label"]
            if call == "bid":
                bids = CALLS[contract:]
                d = decisions[di]
                di += 1
                assert d["seat"] == seat and d["label"].startswith("bid: ")
                assert d.get("forced", False) == (len(bids) == 1), (d, bids)
                call = d["label"][5:]
                assert call in bids, (call, contract)   # higher than the last bid
            calls.append((seat, call))
            if call == "pass":
                passes += 1
            elif call == "double":
                doubled, passes = 1, 0
            elif call == "redouble":
                doubled, passes = 2, 0
            else:
                contract, high, doubled, passes = CALLS.index(call) + 1, seat, 0, 0
                strain = call[1:]
                named.setdefault((seat % 2, strain), seat)
            seat = (seat + 1) % 4
        side = [0, 0]
        if contract:
            strain = CALLS[contract - 1][1:]
            declarer = named[(high % 2, strain)]
            dummy = (declarer + 2) % 4
            trump = None if strain == "NT" else strain
            trump_ev = next(e for e in it if e["event"] == "trump")
            assert trump_ev["suit"] == trump
            leader, tricks = (declarer + 1) % 4, 0
            while tricks < 13:
                played = []
                for k in range(4):
                    who = (leader + k) % 4
                    p = next(e for e in it if e["event"] == "play")
                    if who == dummy:
                        assert p["seat"] == declarer and p.get("from") == "dummy"
                    else:
                        assert p["seat"] == who and "from" not in p
                    h = hands[who]
                    card = p["card"]
                    assert card in h
                    if played and card[-1] != played[0][1][-1]:
                        assert not any(c[-1] == played[0][1][-1] for c in h)      # it could not follow
                    h.remove(card)
                    played.append((who, card))
                    if tricks == 0 and k == 0:      # the opening lead: then the dummy is laid face up
                        lay = next(e for e in it if e["event"] == "lay-down")
                        assert lay["seat"] == dummy and lay["to"] == "dummy"
                        assert sorted(lay["cards"]) == sorted(hands[dummy])
                led = played[0][1][-1]

                def power(c):
                    return (2 if c[-1] == trump else 1 if c[-1] == led else 0, RANKS.index(c[:-1]))
                winner = max(played, key=lambda x: power(x[1]))[0]
                tr = next(e for e in it if e["event"] == "trick")
                assert tr["leader"] == (declarer if leader == dummy else leader)
                assert tr["winner"] == (declarer if winner == dummy else winner)
                side[winner % 2] += 1
                leader = winner
                tricks += 1
                checked += 1
            vul = (board in NS_VUL) if declarer % 2 == 0 else (board in EW_VUL)
            dec = independent_score(STRAINS.index(strain) + 1, contract // 5 + (contract % 5 > 0),
                                    doubled, vul, side[declarer % 2])
            expected = [dec if s % 2 == declarer % 2 else -dec for s in range(4)]
        else:
            assert len(calls) == 4
            expected = [0, 0, 0, 0]
        score = next(e for e in it if e["event"] == "score")
        assert score["points"] == expected, (calls, score, expected)
        totals = [a + b for a, b in zip(totals, expected)]
        assert score["totals"] == totals
    assert hand == deals
    end = events[-1]
    assert end["event"] == "end"
    best = max(totals)
    assert sorted(end["winners"]) == [s for s in range(4) if totals[s] == best]
    return checked


@pytest.mark.parametrize("seed,bots", [(1, None), (2, None), (3, ["smart"] * 4), (4, ["smart", "random"] * 2)])
def test_referee_rederives_random_games(seed, bots):
    r = play(load("bridge"), seed, bots=bots, check=True)
    assert referee(r.events) >= 13


def test_the_referee_refuses_a_wrong_score_and_a_wrong_declarer():
    events = play(load("bridge"), 2).events
    bad = [dict(e) for e in events]
    i = next(i for i, e in enumerate(bad) if e["event"] == "score" and any(e["points"]))
    bad[i]["points"] = [p + 10 for p in bad[i]["points"]]
    with pytest.raises(AssertionError):
        referee(bad)
    bad = [dict(e) for e in events]
    i = next(i for i, e in enumerate(bad) if e["event"] == "lay-down")
    bad[i]["seat"] = (bad[i]["seat"] + 2) % 4
    with pytest.raises(AssertionError):
        referee(bad)


def test_ismcts_plays_a_deal():
    r = play(load("bridge", {"deals": "1"}), 5, bots=["ismcts:10", "random", "random", "random"], check=True)
    assert referee(r.events, deals=1) >= 0


def test_a_copy_made_at_the_opening_lead_lays_the_dummy_down_as_the_game_does(game):
    """The lay-down changes the first trick's places after the lead: a clone at the lead (the search's `fork`
    too) plays on to the same events."""
    s = game.new_initial_state(seed=4)
    for call in ["1NT", "pass", "pass", "pass"]:
        act(s, call)
    assert s.current_player() == 1                  # East leads against North's 1NT
    assert referee(clone_plays_on_alike(s)) >= 13

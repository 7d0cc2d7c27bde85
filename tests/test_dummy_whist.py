"""Dummy Whist (rulesets/dummy-whist.yaml) and the trick kind's dummy (`dummy: {from, played-by, after}`): a
table hand with no player of its own, played in its turn by another seat. Hand-checked deals, a referee that
re-derives every card, trick and score from the logs of random games, and what each seat may see."""
from __future__ import annotations

import random

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.engine.visibility import SeatLooker, seat_event
from ruleplay.kinds import EVENT_SPECS
from ruleplay.pipeline import load

from conftest import clone_plays_on_alike

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def suit_of(card: str) -> str:
    return card[-1]


def rank_of(card: str) -> int:
    return RANKS.index(card[:-1])


@pytest.fixture(scope="module")
def game():
    return ruleplay.load_game("dummy-whist")


def names(s, actions) -> list[str]:
    return sorted(s.game.space.label(a) for a in actions)


def step(s, card: str) -> None:
    a = s.game.space.first[card]
    assert a in s.legal_actions(), (card, names(s, s.legal_actions()))
    s.apply_action(a)


# the dealer (seat 0) turns 2S: spades are trumps; seat 1 leads, then the dummy (played by seat 0), seat 2, seat 0
MIXED = Deal([["2S", "3S", "4S", "5S", "2H", "3H", "4H", "5H", "2D", "3D", "4D", "5D", "6D"],
              ["6S", "7S", "8S", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "2C"],
              ["9S", "10S", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD", "3C", "4C", "5C"]],
             rest=["JS", "QS", "KS", "AS", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"], dealer=0)


def test_the_dealer_plays_the_dummy_in_its_turn_following_suit_and_its_trick_counts_for_the_dealer(game):
    s = game.new_initial_state(seed=1, deal=MIXED)
    t = s._table
    assert t.trump == "S"
    assert s.current_player() == 1                  # the dealer's left leads
    step(s, "2C")
    # the dummy's turn: the dealer is asked, and offered the dummy's clubs only (it must follow suit)
    assert s.current_player() == 0
    assert names(s, s.legal_actions()) == sorted(["6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"])
    step(s, "AC")
    assert s.current_player() == 2
    assert names(s, s.legal_actions()) == ["3C", "4C", "5C"]
    step(s, "5C")
    assert s.current_player() == 0                  # now from the dealer's own hand: no club, any card
    assert len(s.legal_actions()) == 13
    step(s, "2H")
    assert t.tricks_won == [1, 0, 0]                # the dummy's ace won: the trick is the dealer's
    trick = [e for e in s.events() if e["event"] == "trick"][-1]
    assert trick["winner"] == 0 and trick["cards"] == [[1, "2C"], [0, "AC"], [2, "5C"], [0, "2H"]]
    assert trick["dummy"] == 1
    plays = [e for e in s.events() if e["event"] == "play"]
    assert [e.get("from") for e in plays] == [None, "dummy", None, None]
    # the dummy won, so it leads: the dealer is asked again, with the dummy's twelve cards
    assert s.current_player() == 0
    assert names(s, s.legal_actions()) == sorted(["JS", "QS", "KS", "AS", "6C", "7C", "8C", "9C", "10C", "JC",
                                                  "QC", "KC"])
    step(s, "KC")
    assert s.current_player() == 2 and names(s, s.legal_actions()) == ["3C", "4C"]
    step(s, "3C")
    assert s.current_player() == 0
    step(s, "3H")
    assert s.current_player() == 1                  # no club left: seat 1 may trump
    step(s, "6S")
    assert t.tricks_won == [1, 1, 0]
    assert [e for e in s.events() if e["event"] == "trick"][-1]["leader"] == 0   # the dummy led: its player


def test_a_hand_the_dealer_sweeps_scores_seven_for_the_dealer_alone(game):
    """One suit each: the dealer (seat 0) holds every heart (2H turned: trumps), so every trick is the dealer's
    whatever is played: 13 tricks, 7 over the book, for the dealer; the opponents' side took none."""
    suits = {x: [r + x for r in RANKS] for x in "CDHS"}
    deal = Deal([["2H"] + suits["H"][1:], suits["S"], suits["D"]], rest=suits["C"], dealer=0)
    s = game.new_initial_state(seed=2, deal=deal)
    rng = random.Random(0)
    while not any(e["event"] == "score" for e in s.events()):
        s.apply_action(rng.choice(s.legal_actions()))
    score = next(e for e in s.events() if e["event"] == "score")
    assert score["tricks_won"] == [13, 0, 0]
    assert score["points"] == [7, 0, 0]


def _winner(plays: list[tuple[int, str]], trump: str) -> int:
    led = suit_of(plays[0][1])
    best = 0
    for i, (_, c) in enumerate(plays[1:], 1):
        b = plays[best][1]
        if suit_of(c) == suit_of(b) and rank_of(c) > rank_of(b) or suit_of(c) == trump != suit_of(b):
            best = i
    assert suit_of(plays[best][1]) in (led, trump)
    return best


def referee(events: list[dict], target: int = 7) -> int:
    """Re-derive a logged game: who plays each card (the dummy's by the dealer, after the dealer's left), that it
    came from that hand and followed suit, each trick's winner, the next leader, and the scores. Returns the
    cards checked."""
    checked = 0
    totals = [0, 0, 0]
    i = 0
    while i < len(events):
        ev = events[i]
        i += 1
        if ev["event"] != "deal":
            continue
        dealer = ev["dealer"]
        hands = [list(h) for h in ev["hands"]] + [list(ev["rest"])]   # place 3: the dummy
        assert all(len(h) == 13 for h in hands)
        left, right = (dealer + 1) % 3, (dealer + 2) % 3
        ring = [dealer, left, 3, right]                                 # clockwise, the dummy opposite the dealer
        who = {0: 0, 1: 1, 2: 2, 3: dealer}
        trump = None
        leader = left
        won = [0, 0, 0]
        plays: list[tuple[int, str]] = []
        while True:
            ev = events[i]
            i += 1
            kind = ev["event"]
            if kind == "trump":
                assert ev["card"] in hands[dealer] and ev["card"] == hands[dealer][0]   # the dealer's last card
                trump = ev["suit"]
                assert trump == suit_of(ev["card"])
            elif kind == "play":
                k = ring.index(leader)
                place = ring[(k + len(plays)) % 4]
                assert ev["seat"] == who[place]
                assert (ev.get("from") == "dummy") == (place == 3), ev
                card, hand = ev["card"], hands[place]
                assert card in hand
                if plays:
                    led = suit_of(plays[0][1])
                    assert suit_of(card) == led or all(suit_of(c) != led for c in hand), (card, hand)
                hand.remove(card)
                plays.append((place, card))
                checked += 1
            elif kind == "trick":
                assert len(plays) == 4
                win = plays[_winner(plays, trump)][0]
                assert ev["winner"] == who[win] and ev["cards"] == [[who[p], c] for p, c in plays]
                won[who[win]] += 1
                leader, plays = win, []
            elif kind == "score":
                assert not any(hands) and ev["tricks_won"] == won
                d = won[dealer]
                points = [max(0, d - 6) if s == dealer else max(0, 7 - d) for s in range(3)]
                assert ev["points"] == points
                totals = [a + b for a, b in zip(totals, points)]
                assert ev["totals"] == totals
                break
    end = events[-1]
    assert end["event"] == "end" and max(totals) >= target
    assert sorted(end["winners"]) == [s for s in range(3) if totals[s] == max(totals)]
    return checked


@pytest.mark.parametrize("seed,bots", [(1, None), (2, None), (3, ["smart"] * 3), (4, ["smart", "random", "smart"])])
def test_referee_rederives_random_games(seed, bots):
    r = play(load("rulesets/dummy-whist.yaml"), seed, bots=bots, check=True)
    assert referee(r.events) >= 52


def test_ismcts_plays_for_the_dummy_from_the_dummy():
    """The search, seated as every player, plays whole hands: the dummy's cards it plays are the dummy's
    (the sampler keeps the exposed hand where it lies and a dummy's cards out of its player's hand)."""
    r = play(load("rulesets/dummy-whist.yaml", {"target": 1}), 5, bots=["ismcts:20", "ismcts:20", "random"])
    assert referee(r.events, target=1) >= 52


def test_an_opponent_sees_the_dummy_but_never_the_dealer_s_hand(game):
    s = game.new_initial_state(seed=1, deal=MIXED)
    step(s, "2C")                                   # the dummy's turn: the dealer is asked
    dummy = set(MIXED.rest)
    for me in (1, 2):
        page = s.observation_string(me)
        view = s.seat_view(me)
        zone = next(z for z in view.table_zones if z.name == "dummy")
        assert set(zone.cards) == dummy
        dealer_hand = next(z for z in view.seat_zones if z.seat == 0 and z.name == "hand")
        assert dealer_hand.cards is None
        assert not set(MIXED.hands[0]) & set(page.replace("(", " ").replace(")", " ").split())
        deal = next(e for e in s.seat_events(me) if e["event"] == "deal")
        assert set(deal["rest"]) == dummy and deal["hands"][0] == [None] * 13
        assert deal["hands"][me] == MIXED.hands[me]
    # the dealer sees the dummy and its own hand, never an opponent's; the filter agrees with the view
    deal = next(e for e in s.seat_events(0) if e["event"] == "deal")
    assert deal["hands"][1] == [None] * 13 and deal["hands"][2] == [None] * 13 and set(deal["rest"]) == dummy
    for ev in s.events():
        if ev["event"] == "deal":
            for me in range(3):
                seen = seat_event(ev, SeatLooker(me, game.rules, game.space.cards), EVENT_SPECS)
                assert seen["rest"] == ev["rest"]
                assert [h != [None] * 13 for h in seen["hands"]] == [s == me for s in range(3)]


def test_the_referee_refuses_a_log_that_breaks_the_rules():
    """The referee can fail: a dummy's card told as its player's own, or a card the dummy does not hold."""
    events = play(load("rulesets/dummy-whist.yaml"), 1).events
    i = next(i for i, e in enumerate(events) if e["event"] == "play" and e.get("from"))
    bad = [dict(e) for e in events]
    del bad[i]["from"]
    with pytest.raises(AssertionError):
        referee(bad)
    bad = [dict(e) for e in events]
    deal = next(e for e in bad if e["event"] == "deal")
    other = next(c for c in deal["hands"][deal["dealer"]] if c != bad[i]["card"])
    bad[i]["card"] = other                          # the dealer's own card played as the dummy's
    with pytest.raises(AssertionError):
        referee(bad)


def test_a_copy_made_at_the_dummy_s_turn_goes_on_as_the_game_does(game):
    """The runner keeps the dummy's place: a clone at the dummy's decision (the search's `fork` too) plays on
    to the same events."""
    s = game.new_initial_state(seed=1, deal=MIXED)
    step(s, "2C")
    assert s.decision().view.dummy == "dummy"       # the tables say "play a card from the dummy"
    assert referee(clone_plays_on_alike(s)) >= 52


def test_the_web_table_asks_the_dealer_for_the_dummy_s_card_and_shows_nobody_the_dealer_s_hand():
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    import re
    from starlette.testclient import TestClient
    from ruleplay.tools.play.seat import HumanSeat
    from ruleplay.tools.web.app import create_app
    from ruleplay.tools.web.gametable import GameTable
    card = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])")
    table = GameTable(max_games=2, clock=lambda: 1000.0, seeds=lambda: 4, per_client=8)
    client = TestClient(create_app(table), raise_server_exceptions=False)
    r = client.post("/api/games", json={"ruleset": "dummy-whist", "seats": ["human"] * 3})
    assert r.status_code == 200, r.text
    tokens = [s["link"].rsplit("/", 1)[1] for s in r.json()["seats"]]
    game = next(iter(table.games.values()))
    for _ in range(8):
        pages = [client.get(f"/api/seat/{t}").json() for t in tokens]
        dealer = next(s for s, p in enumerate(pages) if p["choices"])
        page = pages[dealer]
        if not page["prompt"].startswith("Play a card from the dummy"):
            client.post(f"/api/seat/{tokens[dealer]}/act", json={"action": page["choices"][0]["action"]})
            continue
        own = {c["name"] for z in page["seats"][dealer]["zones"] if z["name"] == "hand" for c in z["cards"]}
        offered = {c["label"] for c in page["choices"] if c["card"]}
        assert offered and not offered & own            # the dummy's cards, none of the dealer's own
        assert not any("why_not" in c for z in page["seats"][dealer]["zones"] for c in (z["cards"] or []))
        trump = next(e["card"] for e in game.state.events() if e["event"] == "trump")   # turned up: public
        secret = {c for z in HumanSeat(game.state, dealer).view().seat_zones
                  if z.seat == dealer and z.name == "hand" for c in (z.cards or [])} - {trump}
        for s in range(3):
            if s != dealer:
                shown = set(card.findall(client.get(f"/api/seat/{tokens[s]}").text))
                assert offered <= shown and not shown & secret, shown & secret   # the dummy, not the hand
        return
    raise AssertionError("the dummy's turn never came")


LEADER_LAYS_DOWN = """name: open-lead
description: Three players, three tricks; after the opening lead the leader's hand is laid face up and played by the player across.
players: 3
deck: {ranks: [7, 8, 9], suits: [C, D, H]}
zones:
  hand: {owner: seat, visibility: owner}
  open: {owner: table, visibility: public}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
table: {dealer: 0}
deal: {to: hand, count: 3}
phases:
  play:
    kind: trick
    from: hand
    to: trick
    won-to: taken
    leader: left-of-dealer
    follow: suit
    dummy:
      from: open
      played-by: left-of(left-of(dealer))
      after: dealer
      lay-down: {from: hand, seat: left-of(dealer)}
"""


@pytest.mark.parametrize("seed", range(6))
def test_the_leaders_own_hand_laid_down_plays_once_a_trick(tmp_path, seed):
    """Preference's open whist: the leader's hand is laid down after its lead (t29's bug 5: it then played a
    second card to trick 1, 4 cards for 3 places, and 2 in the last). Every trick has 3 cards; a trick the
    laid-down hand's lead won is followed by the dummy's lead."""
    f = tmp_path / "open-lead.yaml"
    f.write_text(LEADER_LAYS_DOWN, encoding="utf-8")
    r = play(load(str(f)), seed=seed, bots=["random"] * 3, log=True, check=True)
    tricks = [e for e in r.events if e["event"] == "trick"]
    assert [len(e["cards"]) for e in tricks] == [3, 3, 3]
    assert tricks[0]["cards"][0][0] == 1                       # seat 1 leads, then its hand is the dummy
    assert all(s != 1 for e in tricks[1:] for s, _ in e["cards"])  # seat 1 plays no more: its hand is laid down
    if tricks[0]["winner"] == 1:
        assert tricks[1].get("dummy") == 0                      # its lead won: the dummy leads the next trick


@pytest.mark.parametrize("seed", range(5))
def test_a_rule_reads_the_hand_played_from(seed):
    """"Void in the suit led, trump if you can", judged on `playing-hand`: a referee replays the deal from the
    log (each hand, the dummy's) and checks every card off the suit led is a trump whenever the hand it came
    from held one (t29: the dummy's player's own hand was read instead)."""
    from pathlib import Path
    rules = load(str(Path(__file__).parent / "data" / "dummy-whist-must-trump.yaml"))
    r = play(rules, seed=seed, bots=["random"] * 3, log=True, check=True)
    suit = lambda c: c[-1]                       # noqa: E731
    hands: dict = {}
    checked = 0
    for e in r.events:
        if e["event"] == "deal":
            hands = {s: list(h) for s, h in enumerate(e["hands"])}
            hands["dummy"] = list(e["rest"])
        elif e["event"] == "trump":
            trump = e["suit"]
        elif e["event"] == "trick":
            led = suit(e["cards"][0][1])
            for i, (s, c) in enumerate(e["cards"]):
                held = hands["dummy" if i == e.get("dummy") else s]
                if i and suit(c) != led and not any(suit(x) == led for x in held):
                    assert suit(c) == trump or not any(suit(x) == trump for x in held), (e, held)
                    checked += 1
                held.remove(c)
    assert checked > 0

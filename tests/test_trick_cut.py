"""A trick that a card stops (`cut`): Getaway (Bhabhi), where a card off the suit led stops the trick and the
best card of the suit led picks it up, and Rolling Stone, where the player who cannot follow picks it up.
A hand-checked deal, a referee that re-derives every trick from random games' logs, placed errors, words."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

from conftest import step, validate_errors

RULES = str(Path(__file__).parent / "data" / "getaway.yaml")
RANK = {r: i for i, r in enumerate("2 3 4 5 6 7 8 9 10 J Q K A".split())}


# Seat 2 deals, seat 0 leads AS; seat 1 follows with its only spade; seat 2 has none and plays 4D: the trick
# stops, and AS (the best spade) picks up AS KS 4D and leads again. Seat 0 leads 2H; seat 1 has no heart and
# plays its last card, 3C: seat 0 picks up 2H 3C, and seat 1 is out of cards (away). Seat 0 leads 4D; seat 2
# plays its last card 5H, off suit: seat 0 picks up once more and is the last holding cards: it loses.
def test_getaway_hand_checked():
    deal = Deal(hands=[["AS", "2H"], ["KS", "3C"], ["5H", "4D"]], dealer=2)
    s = ruleplay.load_game(RULES, players=3).new_initial_state(seed=1, deal=deal, check=True)
    assert step(s, "AS", "4D", "2H", "4D") == [(0, ["2H", "AS"]), (2, ["4D", "5H"]),
                                               (0, ["2H", "4D", "AS", "KS"]), (0, ["2H", "3C", "4D", "AS", "KS"])]
    ev = s.events()
    assert [(e["winner"], e.get("cut")) for e in ev if e["event"] == "trick"] == [(0, True)] * 3
    assert [(e["seat"], e["took"]) for e in ev if e["event"] == "pick-up"] == \
        [(0, ["AS", "KS", "4D"]), (0, ["2H", "3C"]), (0, ["4D", "5H"])]
    assert s.is_terminal() and s.result().losers == [0]


def referee(events: list[dict], by: str) -> int:
    """Every trick from the log alone: suit followed when held; the trick stops exactly at the first card off
    the suit led; its cards go to the best card of the suit led (by: winner) or the player who cut (by:
    player), who leads next; a trick all followed goes to the best card, set aside. Returns tricks checked."""
    hands: dict = {}
    lead_next = None
    checked = 0
    for e in events:
        if e["event"] == "deal":
            hands = {s: list(h) for s, h in enumerate(e["hands"])}
        elif e["event"] == "trick":
            cards = e["cards"]
            led = cards[0][1][-1]
            if lead_next is not None:
                assert cards[0][0] == lead_next
            for i, (s, c) in enumerate(cards):
                if i and c[-1] != led:
                    assert not any(x[-1] == led for x in hands[s]), (e, hands[s])
                    assert i == len(cards) - 1 and e.get("cut")          # the first card off suit stops it
                hands[s].remove(c)
            best = max((p for p in cards if p[1][-1] == led), key=lambda p: RANK[p[1][:-1]])[0]
            if e.get("cut"):
                taker = best if by == "winner" else cards[-1][0]
                assert e["winner"] == taker
                hands[taker].extend(c for _, c in cards)
            else:
                assert e["winner"] == best
            lead_next = e["winner"] if hands[e["winner"]] else None
            checked += 1
    return checked


@pytest.mark.parametrize("players", [3, 4, 5])
def test_getaway_referee(players):
    rules = load(RULES, None, players)
    total = cuts = 0
    for seed in range(8):
        r = play(rules, seed=seed, bots=["random"] * players, log=True, check=True)
        total += referee(r.events, "winner")
        cuts += sum(1 for e in r.events if e["event"] == "trick" and e.get("cut"))
        assert r.outcome == "finished" and len(r.losers) == 1
    assert cuts > 0 and total > cuts


def test_rolling_stone_the_player_who_cannot_follow_picks_up(tmp_path):
    f = tmp_path / "rolling-stone.yaml"
    f.write_text(Path(RULES).read_text().replace("by: winner", "by: player"), encoding="utf-8")
    rules = load(str(f))
    for seed in range(4):
        r = play(rules, seed=seed, bots=["random"] * 4, log=True, check=True, max_actions=3000)
        assert referee(r.events, "player") > 0


def test_the_sheet_and_a_cut_to_a_table_zone():
    assert ("A card played after the lead with the card's suit is not the suit led stops the trick at once: its "
            "cards go to the hand of the player with the best card so far") in sheet_text(load(RULES))


def test_a_cut_to_a_table_zone_is_refused(tmp_path, capsys):
    err = validate_errors(tmp_path, capsys, Path(RULES).read_text().replace("to: hand, by", "to: trick, by"))
    assert "[phases.play.cut.to]" in err

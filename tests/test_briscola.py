"""Briscola and the trick kind's `refill`: hands drawn up after each trick, the winner first, from a stock and
then the turned-up briscola; a hand-checked deal and a referee over random games' logs."""
from __future__ import annotations

import random

import pytest

import ruleplay
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load
from ruleplay.errors import RuleplayError
from conftest import step

RANKS = ["2", "4", "5", "6", "7", "J", "Q", "K", "3", "A"]          # low to high
POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}


def all_cards():
    return [r + s for s in "DCSB" for r in RANKS]


def test_a_hand_checked_deal_draws_up_winner_first_and_the_briscola_last():
    first = ["AD", "3D", "KD", "2C", "4C", "5C", "7S"]            # seat 0's three, seat 1's three, the briscola
    stock = [c for c in all_cards() if c not in first]
    game = ruleplay.load_game("briscola")
    s = game.new_initial_state(deal=Deal(hands=[[], []], rest=first + stock))      # seat 1 deals
    assert s.current_player() == 0                               # the dealer's right (two players: the other)
    step(s, "AD", "2C")                                          # no need to follow: AD wins the trick
    ev = s.events()
    trick = next(e for e in ev if e["event"] == "trick")
    assert trick["winner"] == 0 and trick["points"] == 11
    draws = [e for e in ev if e["event"] == "refill"]
    assert [(e["seat"], e["cards"]) for e in draws] == [(0, [stock[0]]), (1, [stock[1]])]   # winner first
    mine = [e for e in s.seat_events(1) if e["event"] == "refill"]
    assert mine[0]["cards"] == [None] and mine[1]["cards"] == [stock[1]]       # another's draw is hidden
    assert s.current_player() == 0                               # the winner leads
    rng = random.Random(2)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    ev = s.events()
    tricks = [e for e in ev if e["event"] == "trick"]
    last_draw = [e for e in ev if e["event"] == "refill"][-1]
    assert len(tricks) == 20 and last_draw["zone"] == "briscola" and last_draw["cards"] == ["7S"]
    assert last_draw["seat"] != tricks[16]["winner"]             # the 17th trick's loser takes the briscola
    assert all(e["cards"] == ["7S"] for seat in (0, 1) for e in s.seat_events(seat)
               if e["event"] == "refill" and e["zone"] == "briscola")      # drawn face up: seen by both
    assert sum(s.result().scores) == 120


def beats(card: str, best: str, trump: str) -> bool:
    if card[-1] == best[-1]:
        return RANKS.index(card[:-1]) > RANKS.index(best[:-1])
    return card[-1] == trump


@pytest.mark.parametrize("players", [2, 3])
def test_a_referee_rederives_tricks_draws_and_scores_from_logs(players):
    rules = load("briscola", players=players)
    n = players
    for seed in range(8):
        ev = ruleplay.agents.play(rules, seed, bots=["random"] * n).events
        dealer = next(e for e in ev if e["event"] == "deal")["dealer"]
        briscola = next(e for e in ev if e["event"] == "move" and e["to"] == "briscola")["cards"][0]
        trump = briscola[-1]
        right = lambda s: (s - 1) % n                            # noqa: E731 - counter-clockwise play
        leader, points = right(dealer), [0] * n
        stock_left = 40 - (n == 3) - 3 * n - 1 + 1               # the stock and the briscola
        for i, e in enumerate(ev):
            if e["event"] != "trick":
                continue
            seats = [p for p, _ in e["cards"]]
            assert seats == [(leader - k) % n for k in range(n)], (seed, e)     # from the leader, to the right
            best = e["cards"][0]
            for p, c in e["cards"][1:]:
                if beats(c, best[1], trump):
                    best = [p, c]
            assert e["winner"] == best[0], (seed, e)
            points[best[0]] += sum(POINTS.get(c[:-1], 0) for _, c in e["cards"])
            draws = []
            for d in ev[i + 1:]:
                if d["event"] != "refill":
                    break
                draws.append(d)
            want = min(n, stock_left)
            assert [d["seat"] for d in draws] == [(best[0] - k) % n for k in range(want)], (seed, draws)
            assert all(d["zone"] == ("briscola" if stock_left - k == 1 else "stock") for k, d in enumerate(draws))
            stock_left -= want
            leader = best[0]
        end = ev[-1]
        assert end["scores"] == points and sum(points) == 120
        top = max(points)
        winners = [p for p in range(n) if (points[p] > 60 if n == 2 else points[p] == top)]
        assert end["winners"] == winners


@pytest.mark.parametrize("refill, message", [
    ("{from: trick}", "the hands cannot be drawn up from the zone the trick is played to"),
    ("{from: hand}", "zone 'hand' is owned by the seat, but a table zone is needed here"),
    ("{from: [stock, nowhere]}", "unknown zone 'nowhere'"),
    ("{from: stock, when: stock.top}", "bool is expected here"),
])
def test_a_bad_refill_is_placed(tmp_path, refill, message):
    p = tmp_path / "v.yaml"
    p.write_text(f"extends: briscola\nname: v\nphases:\n  play:\n    refill: {refill}\n", encoding="utf-8")
    with pytest.raises(RuleplayError) as err:
        load(str(p))
    e = err.value.errors[0]
    assert message in e.message and e.mark.line == 5, e.format()


def test_until_ends_the_tricks_once_a_player_has_enough(tmp_path):
    """A trick phase's `until`, read after each trick: 61 card points decide Briscola, so a variant may stop
    there (the cards left stay in hand; the hand is scored as it stands)."""
    p = tmp_path / "v.yaml"
    p.write_text("extends: briscola\nname: v\nphases:\n  play:\n"
                 "    until: \"any(sum(c.points for c in x.won) > 60 for x in seats)\"\n", encoding="utf-8")
    rules = load(str(p))
    stopped = 0
    for seed in range(6):
        ev = ruleplay.agents.play(rules, seed, bots=["random", "random"]).events
        tricks = [e for e in ev if e["event"] == "trick"]
        scores = ev[-1]["scores"]
        if any(e["event"] == "tricks-over" for e in ev):
            stopped += 1
            assert len(tricks) < 20 and max(scores) > 60
            before = [0, 0]                    # the tricks before the last one left everybody at 60 or less
            for e in tricks[:-1]:
                before[e["winner"]] += e["points"]
            assert max(before) <= 60
        else:
            assert len(tricks) == 20 and max(scores) <= 60          # 60-60: nobody got there
    assert stopped >= 4
    from ruleplay.tools.explain.sheet import sheet_text
    assert "The tricks stop as soon as this holds after a trick:" in sheet_text(rules)

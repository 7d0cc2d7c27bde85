"""Switch (rulesets/switch.yaml) on hand-made deals: an eight skips the next player, twos stack and the player
who cannot add one picks up two per two, and the "last card" call or its two-card penalty. Each expected
result is worked out by hand in the comment above its test (the referee over random games is in test_turns)."""
from __future__ import annotations

import pytest

import ruleplay
from ruleplay.engine.run import Deal

from conftest import offered, step


def switch(deal: Deal, players: int):
    return ruleplay.load_game("switch", players=players).new_initial_state(seed=1, deal=deal, check=True)


def hand(state, seat: int) -> list[str]:
    return sorted(next(z for z in state.seat_view(seat).seat_zones if z.name == "hand" and z.seat == seat).cards)


def moves(state) -> list[tuple[int, list[str]]]:
    return [(e["seat"], e["cards"]) for e in state.events() if e["event"] == "move" and e["to"] in ("pile", "hand")]


# Three players, seat 2 deals: seat 0 plays first. 6C is turned up. Seat 0 plays 8C (a club): seat 1 misses its
# turn, and seat 2, whose only card that fits is QC, plays it. Seat 0 then holds 5C KD, two cards: before
# playing 5C it must call "last card". Called: it plays 5C and keeps KD alone. Forgotten: it draws the penalty,
# the stock's top two (AS, AD), and holds KD AS AD. Seat 1 then plays its one club, 9C.
@pytest.mark.parametrize("calls, left", [(True, ["KD"]), (False, ["AD", "AS", "KD"])])
def test_an_eight_skips_and_a_forgotten_last_card_costs_two(calls, left):
    s = switch(Deal([["8C", "5C", "KD"], ["9C", "2D", "3S"], ["QC", "7D", "4H"]],
                    rest=["6C", "AS", "AD", "AH", "10S", "10D"], dealer=2), 3)
    step(s, "8C")
    assert [m for m in moves(s)[1:]] == [(0, ["8C"]), (2, ["QC"])]       # seat 1 never played
    assert s.current_player() == 0 and offered(s) == ["last-card", "play"]
    step(s, "last-card" if calls else "play")        # then 5C, the one card that fits the queen of clubs
    assert hand(s, 0) == left
    assert moves(s)[-1] == (1, ["9C"])


# Two players, seat 1 deals: seat 0 plays first. 4C is turned up; seat 0's only card that fits is 2C, so it is
# played for it: seat 1 must pick up two unless it plays a two. It plays 2H: seat 0, holding no two, picks up
# four (the stock's AS AD AH 10S) and its turn ends; seat 1, holding 7D KS with nothing that fits the 2H,
# may only draw (or call "last card", holding two cards).
def test_twos_stack_and_the_player_without_one_picks_up_two_per_two():
    s = switch(Deal([["2C", "5H", "9S"], ["2H", "7D", "KS"]], rest=["4C", "AS", "AD", "AH", "10S", "10D", "3D"],
                    dealer=1), 2)
    assert s.current_player() == 1 and offered(s) == ["pick-up", "play"]
    step(s, "play")
    assert moves(s)[1:] == [(0, ["2C"]), (1, ["2H"]), (0, ["AS", "AD", "AH", "10S"])]
    assert hand(s, 0) == ["10S", "5H", "9S", "AD", "AH", "AS"]
    assert s.current_player() == 1 and offered(s) == ["draw", "last-card"]

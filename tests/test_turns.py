"""The `turns` phase kind (kinds/turns/): its moves, choices, effects and turn order on the shipped games
that use it (Ninety-Eight, Authors) with hand-made deals, a referee that re-derives each game's rules from
the logs of random games, its placed validation errors, and copies of a game that go on from a turn.
Each expected result is worked out by hand in the comment above its test."""
from __future__ import annotations

import textwrap

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

from conftest import ev


def state_of(name: str, deal: Deal, players: int, **options):
    game = ruleplay.load_game(name, players=players, options={k: str(v) for k, v in options.items()})
    return game.new_initial_state(seed=1, deal=deal, check=True)


def offered(state) -> list[str]:
    return sorted(state.action_to_string(a) for a in state.legal_actions())


def step(state, *labels: str) -> list[tuple[int, list[str]]]:
    """Answer the decisions by label; returns (seat asked, labels offered) for each."""
    seen = []
    for label in labels:
        seen.append((state.current_player(), offered(state)))
        by_label = {state.action_to_string(a): a for a in state.legal_actions()}
        assert label in by_label, f"{label!r} not offered to seat {state.current_player()}: {sorted(by_label)}"
        state.apply_action(by_label[label])
    return seen


def totals(state) -> list[int]:
    return [e["value"] for e in state.events() if e["event"] == "set" and e.get("name") == "total"]


# Ninety-Eight, two players, seat 1 deals: seat 0 plays first. Seat 0 holds 5C KS 2D 3D, seat 1 holds
# 9C 10H 6C 4C; the stock's top cards are 8H 8S 8D 8C 7H 7S. Plays: 5C (5), 9C (14), KS (98 whatever it
# was), 10H (88), 2D (90), 6C (96), 3D (99: above 98). After each play but the last the player draws the
# stock's top card: seat 0 draws 8H first. With one token each, seat 0 loses its token, is out, and seat 1
# wins.
def test_ninety_eight_adds_cards_a_king_makes_98_and_the_player_past_98_loses():
    deal = Deal([["5C", "KS", "2D", "3D"], ["9C", "10H", "6C", "4C"]],
                rest=["8H", "8S", "8D", "8C", "7H", "7S"], dealer=1)
    s = state_of("ninety-eight", deal, 2, tokens=1)
    seen = step(s, "5C", "9C", "KS", "10H", "2D", "6C", "3D")
    assert [seat for seat, _ in seen] == [0, 1, 0, 1, 0, 1, 0]
    assert seen[0][1] == ["2D", "3D", "5C", "KS"]
    assert seen[2][1] == ["2D", "3D", "8H", "KS"]             # 8H drawn after the 5C
    assert totals(s) == [5, 14, 98, 88, 90, 96, 99]
    draws = [e["cards"] for e in s.events() if e["event"] == "move" and e["from"] == "stock"]
    assert draws == [["8H"], ["8S"], ["8D"], ["8C"], ["7H"], ["7S"]]
    assert s.is_terminal() and s.result().winners == [1]
    assert [e["value"] for e in s.events() if e["event"] == "set" and e.get("name") == "tokens"] == [0]


# fours-reverse, three players, seat 2 deals: seat 0 plays a 4, which adds nothing and reverses play, so
# seat 2 (not seat 1) plays next, then seat 1, then seat 0. Without the house rule the 4 adds 4 and seat 1
# is next.
@pytest.mark.parametrize("reverse, order, total", [(True, [0, 2, 1, 0], 0), (False, [0, 1, 2, 0], 4)])
def test_a_four_reverses_play_under_the_house_rule(reverse, order, total):
    deal = Deal([["4C", "2C", "2D", "2H"], ["3C", "3D", "3H", "3S"], ["5C", "5D", "5H", "5S"]],
                rest=["9C", "9D", "9H", "9S"], dealer=2)
    s = state_of("ninety-eight", deal, 3, **{"fours-reverse": str(reverse).lower()})
    seats = [seat for seat, _ in step(s, "4C")]
    assert totals(s) == ([] if reverse else [4])
    for card in ("5C", "3C", "2C") if reverse else ("3C", "5C", "2C"):
        seats.append(s.current_player())
        step(s, card)
    assert seats == order and totals(s)[-3:][0] == total + (5 if reverse else 3)


# Authors, three players, seat 2 deals: seat 2 is dealt four kings and lays them down at once. Seat 0
# (5C 5D 5H 7C) asks seat 1 for a five: the only five it lacks is 5S, so the suit is not asked. Given: its
# fives are a book (laid down) and it asks again, now only for a seven: of seat 2 (7D 9H left) it asks 7D
# (offered 7D 7H 7S): given, again. Of seat 1 it asks 7H (offered 7H 7S): given, again. It then holds
# 7C 7D 7H and asks seat 2 for the last seven, 7S (not asked: the only one): refused, so the turn passes
# to seat 1, on its left.
def test_authors_a_granted_ask_goes_again_and_books_are_laid_down():
    deal = Deal([["5C", "5D", "5H", "7C"], ["5S", "9C", "9D", "7H"], ["KC", "KD", "KH", "KS", "7D", "9H"]],
                dealer=2)
    s = state_of("authors", deal, 3)
    books = [e for e in s.events() if e["event"] == "move" and e["to"] == "books"]
    assert [(e["to_seat"], sorted(e["cards"])) for e in books] == [(2, ["KC", "KD", "KH", "KS"])]
    seen = step(s, "ask: seat 1", "ask: 5")
    assert seen == [(0, ["ask: seat 1", "ask: seat 2"]), (0, ["ask: 5", "ask: 7"])]
    moved = [e for e in s.events() if e["event"] == "move"]
    assert moved[-2]["cards"] == ["5S"] and moved[-2]["from_seat"] == 1
    assert moved[-1]["to"] == "books" and sorted(moved[-1]["cards"]) == ["5C", "5D", "5H", "5S"]
    seen = step(s, "ask: seat 2", "ask: D", "ask: seat 1", "ask: H")
    assert [o for _, o in seen] == [["ask: seat 1", "ask: seat 2"], ["ask: D", "ask: H", "ask: S"],
                                    ["ask: seat 1", "ask: seat 2"], ["ask: H", "ask: S"]]
    assert [e["cards"] for e in s.events() if e["event"] == "move"][-2:] == [["7D"], ["7H"]]
    step(s, "ask: seat 2")
    assert s.current_player() == 1
    assert [e["cards"] for e in s.events() if e["event"] == "move"][-1] == ["7H"]      # nothing moved since

"""Baccarat (Punto Banco, rulesets/baccarat.yaml): the third-card tableau and the payouts on hand-made shoes,
each worked out by hand in the comment above its case, and a referee that re-derives every coup of random
sessions from the shoe the log shows: which hand draws, the totals, the winner and what each bet pays."""
from __future__ import annotations

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

from conftest import step

PIPS = {"A": 1, "10": 0, "J": 0, "Q": 0, "K": 0}


def pips(card: str) -> int:
    rank = card[:-1]
    return PIPS.get(rank, int(rank) if rank.isdigit() else 0)


def total(cards: list[str]) -> int:
    return sum(map(pips, cards)) % 10


def coup(shoe: list[str]) -> tuple[list[str], list[str]]:
    """The player's and the banker's hands dealt from `shoe` (top first) by the Punto Banco tableau, written
    from Pagat's table (the test's own): two cards each, alternately; a natural 8 or 9 stops both; the player
    draws on 0-5; a banker whose player stood draws on 0-5; after the player's third card the banker draws on
    0-2, on 3 unless it was an 8, on 4 if it was 2-7, on 5 if 4-7, on 6 if 6-7, never on 7."""
    cards = iter(shoe)
    player = [next(cards)]
    banker = [next(cards)]
    player.append(next(cards))
    banker.append(next(cards))
    if total(player) >= 8 or total(banker) >= 8:
        return player, banker
    if total(player) <= 5:
        player.append(next(cards))
        third, b = pips(player[2]), total(banker)
        if b <= 2 or (b == 3 and third != 8) or (b == 4 and 2 <= third <= 7) or (b == 5 and 4 <= third <= 7) \
                or (b == 6 and third in (6, 7)):
            banker.append(next(cards))
    elif total(banker) <= 5:
        banker.append(next(cards))
    return player, banker


def pays(side: str, player: list[str], banker: list[str]) -> int:
    """A bet of 20: even money on the player, 19 for 20 on the banker (5% commission), 8 to 1 on a tie; bets
    on either hand are returned on a tie."""
    p, b = total(player), total(banker)
    if side == "tie":
        return 160 if p == b else -20
    if p == b:
        return 0
    won = (p > b) == (side == "player")
    return (20 if side == "player" else 19) if won else -20


def one_coup(shoe: list[str]):
    """A one-coup session of three bettors on the shoe: seat 0 bets the player, seat 1 the banker, 2 a tie."""
    game = ruleplay.load_game("baccarat", players=3, options={"coups": "1"})
    state = game.new_initial_state(seed=1, deal=Deal([[], [], []], rest=shoe, dealer=2), check=True)
    step(state, "bet: player", "bet: banker", "bet: tie")
    assert state.is_terminal()
    moved = {"player": [], "banker": []}
    for e in state.events():
        if e["event"] == "move":
            moved[e["to"]].extend(e["cards"])
    return moved["player"], moved["banker"], next(e for e in state.events() if e["event"] == "score")["points"]


# Each shoe, top first, and by hand: player P1 P2 (P3), banker B1 B2 (B3).
CASES = [
    # 9D KC / 3S 4H: the player's 9 is a natural: no third card; player 9 beats banker 7.
    (["9D", "3S", "KC", "4H", "5C", "5D"], ["9D", "KC"], ["3S", "4H"]),
    # 2C 3D (5) / 3H KS (3): the player draws 8S (total 3); the banker on 3 stands against an 8: 3-3, a tie.
    (["2C", "3H", "3D", "KS", "8S", "AC"], ["2C", "3D", "8S"], ["3H", "KS"]),
    # 2C 3D (5) / 3H KS (3): the player draws 7S (total 2); the banker on 3 draws (not an 8) AC: 4 beats 2.
    (["2C", "3H", "3D", "KS", "7S", "AC"], ["2C", "3D", "7S"], ["3H", "KS", "AC"]),
    # AC 5D (6) / 2H 3S (5): the player stands on 6; the banker draws on 5: 4C makes 9, the banker wins.
    (["AC", "2H", "5D", "3S", "4C", "9D"], ["AC", "5D"], ["2H", "3S", "4C"]),
    # 10C 4D (4) / 6H KS (6): the player draws 5C (9); the banker on 6 draws only on a 6 or 7: stands, 9 beats 6.
    (["10C", "6H", "4D", "KS", "5C", "2D"], ["10C", "4D", "5C"], ["6H", "KS"]),
    # 10C 4D (4) / 6H KS (6): the player draws 6C (0); the banker on 6 draws on a 6: 3D makes 9.
    (["10C", "6H", "4D", "KS", "6C", "3D"], ["10C", "4D", "6C"], ["6H", "KS", "3D"]),
    # 3C 4D (7) / 5H 2S (7): both stand on 7 (the banker stands on 7 whatever): a tie, 7-7.
    (["3C", "5H", "4D", "2S", "9C", "9D"], ["3C", "4D"], ["5H", "2S"]),
    # 2C JD (2) / 4H 10S (4): the player draws AS (3); the banker on 4 does not draw on an ace: 4 beats 3.
    (["2C", "4H", "JD", "10S", "AS", "5D"], ["2C", "JD", "AS"], ["4H", "10S"]),
]


@pytest.mark.parametrize("shoe, player, banker", CASES)
def test_a_coup_draws_by_the_tableau_and_pays_each_bet(shoe, player, banker):
    assert coup(shoe) == (player, banker)             # the test's own tableau agrees with the hand count above
    got_player, got_banker, points = one_coup(shoe)
    assert (got_player, got_banker) == (player, banker)
    assert points == [pays("player", player, banker), pays("banker", player, banker), pays("tie", player, banker)]


SIDES = {1: "player", 2: "banker", 3: "tie"}


@pytest.mark.parametrize("players", [1, 3, 7])
def test_baccarat_referee(players):
    """From random sessions' logs alone: every coup's cards are the tableau's from the shoe the deal shows,
    each bettor's points are what its bet pays on those hands, the totals add up, and the session's winners are
    the highest totals."""
    rules = load("baccarat", {"coups": "6"}, players)
    for seed in range(4):
        r = play(rules, seed=seed, check=True)
        assert r.outcome == "finished"
        sides: dict[int, str] = {}
        totals = [0] * players
        moved: dict[str, list[str]] = {}
        shoe: list[str] = []
        coups = 0
        for e in r.events:
            if e["event"] == "deal":
                shoe, moved, sides = list(e["rest"]), {"player": [], "banker": []}, {}
            elif e["event"] == "set" and e["name"] == "side":
                sides[e["seat"]] = SIDES[e["value"]]
            elif e["event"] == "move":
                assert e["from"] == "shoe"
                moved[e["to"]].extend(e["cards"])
            elif e["event"] == "score":
                coups += 1
                player, banker = coup(shoe)
                assert (moved["player"], moved["banker"]) == (player, banker)
                assert e["points"] == [pays(sides[s], player, banker) for s in range(players)]
                totals = [a + b for a, b in zip(totals, e["points"])]
                assert e["totals"] == totals
        assert coups == 6 and r.scores == totals
        assert r.winners == [s for s in range(players) if totals[s] == max(totals)]

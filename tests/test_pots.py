"""Main and side pots (`scoring: {pot: ...}`, engine/pots.py) on tests/data/showdown.yaml: players stake 1 to
6 chips or fold; the highest card among those still in wins each pot its player put enough into. A hand-checked
showdown, and a referee that rebuilds the pots from random games' logs its own way: repeatedly take the
smallest stake left of anyone, as a pot from everyone still holding some, for the best hand among the
contenders still holding some."""
from __future__ import annotations

from pathlib import Path

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

from conftest import step

SHOWDOWN = Path(__file__).parent / "data" / "showdown.yaml"
ORDER = {r: i for i, r in enumerate(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"], 1)}


def pots_by_hand(stakes: list[int], best: list[int | None], dealer: int) -> list[int]:
    """Each seat's winnings: while anyone has chips left in, the smallest such amount m makes a pot of m from
    everyone with chips left (all of theirs when less); it goes to the best hand among the contenders who
    still had m or more in, shared, odd chips one each from the dealer's left; with no such contender, back."""
    n = len(stakes)
    left, won = list(stakes), [0] * n
    seats_from_left = [(dealer + k) % n for k in range(1, n + 1)]
    while any(x > 0 for x in left):
        m = min(x for x in left if x > 0)
        givers = [s for s in range(n) if left[s] > 0]
        takers = [s for s in seats_from_left if left[s] >= m and best[s] is not None]
        pot = 0
        for s in givers:
            part = min(left[s], m)
            left[s] -= part
            pot += part
            if not takers:
                won[s] += part
        if takers:
            top = max(best[s] for s in takers)
            winners = [s for s in takers if best[s] == top]
            for i, s in enumerate(winners):
                won[s] += pot // len(winners) + (i < pot % len(winners))
    return won


# Four players, seat 3 deals (seat 0 first). Seat 0 holds 2C 3C and stakes 2; seat 1 holds AD KD and stakes
# 4; seat 2 holds QS JS and stakes 6; seat 3 holds AH 2H and folds (an ante of 1). Pots: the main pot of 2
# from each and seat 3's 1 (7) is contested by seats 0, 1 and 2: seat 1's ace wins 7. The side pot of 4 - 2
# from seats 1 and 2 (4) goes to seat 1 again (ace over queen). Seat 2's last 2 were called by nobody: back to
# seat 2. Winnings 0, 11, 2, 0; points (winnings less stakes) -2, +7, -4, -1.
def test_a_short_stack_wins_only_what_it_covered():
    deal = Deal([["2C", "3C"], ["AD", "KD"], ["QS", "JS"], ["AH", "2H"]], dealer=3)
    s = ruleplay.load_game(str(SHOWDOWN), players=4).new_initial_state(seed=1, deal=deal, check=True)
    step(s, "stake", "stake: 2", "stake", "stake: 4", "stake", "stake: 6", "fold")
    assert s.is_terminal()
    score = next(e for e in s.events() if e["event"] == "score")
    assert score["points"] == [-2, 7, -4, -1]
    assert pots_by_hand([2, 4, 6, 1], [3, 13, 12, None], 3) == [0, 11, 2, 0]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_pots_referee(players):
    rules = load(str(SHOWDOWN), None, players)
    splits = 0
    for seed in range(30):
        r = play(rules, seed=seed, check=True)
        deal = next(e for e in r.events if e["event"] == "deal")
        stakes, folded = [0] * players, [False] * players
        for e in r.events:
            if e["event"] == "set" and e["name"] == "put":
                stakes[e["seat"]] = e["value"]
            if e["event"] == "set" and e["name"] == "folded":
                folded[e["seat"]] = e["value"] == 1
        best = [None if folded[s] else max(ORDER[c[:-1]] for c in deal["hands"][s]) for s in range(players)]
        won = pots_by_hand(stakes, best, deal["dealer"])
        splits += len({x for x in stakes if x > 0}) > 1 and sum(b is not None for b in best) > 1
        assert r.scores == [w - x for w, x in zip(won, stakes)]
        assert sum(r.scores) == 0
    assert splits >= 4                                                   # side pots were at stake


def test_one_pot_without_side_pots():
    """`side-pots: false` (Brag, Teen Patti): the same showdown as above, all 13 chips to the best hand still in
    (seat 1's AD beats seat 2's QS): seat 2's stake above the others' is not given back."""
    deal = Deal([["2C", "3C"], ["AD", "KD"], ["QS", "JS"], ["AH", "2H"]], dealer=3)
    text = SHOWDOWN.read_text().replace('in: "s.folded == 0"}', 'in: "s.folded == 0", side-pots: false}')
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "one-pot.yaml"
        f.write_text(text, encoding="utf-8")
        s = ruleplay.load_game(str(f), players=4).new_initial_state(seed=1, deal=deal, check=True)
        step(s, "stake", "stake: 2", "stake", "stake: 4", "stake", "stake: 6", "fold")
    score = next(e for e in s.events() if e["event"] == "score")
    assert score["points"] == [-2, 13 - 4, -6, -1]


def test_one_pot_is_shared_by_equal_hands_odd_chip_from_the_dealers_left():
    from ruleplay.engine.pots import split_pots
    assert split_pots([3, 3, 1, 0], [9, 9, 4, None], [1, 2, 3, 0], side=False) == [3, 4, 0, 0]
    assert split_pots([2, 5], [None, None], [1, 0], side=False) == [2, 5]      # nobody contends: all back

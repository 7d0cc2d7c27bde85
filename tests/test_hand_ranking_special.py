"""A category of given ranks (`ranks: [A, 2, 3]`) and a category counted by an order of its own (`order:`):
Three-Card Brag's ranking (three 3s the best prial, A-2-3 the best run, K-A-2 no run), checked on hand-picked
hands and against an independent referee on every pair of many random hands; placed errors."""
from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from ruleplay.pipeline import load

from conftest import validate_errors

RULES = load(str(Path(__file__).parent / "data" / "brag.yaml"))
RANKING = RULES.ranking
IDS = {name: i for i, name in enumerate(RULES.deck.names)}
RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()


def score(hand: tuple[str, ...]) -> int:
    return RANKING.best([IDS[c] for c in hand])[0]


def referee(hand: tuple[str, ...]) -> tuple:
    """Brag's order of hands written out from Pagat's rules, independently of the ranking code."""
    ranks = sorted((RANKS.index(c[:-1]) for c in hand), reverse=True)
    suited = len({c[-1] for c in hand}) == 1
    counts = {r: ranks.count(r) for r in ranks}
    if len(counts) == 1:
        prial = 99 if ranks[0] == RANKS.index("3") else ranks[0]
        return (8, prial)
    a23 = sorted(ranks) == [0, 1, 12]
    run = ranks[0] - ranks[2] == 2 and len(counts) == 3
    if suited and a23:
        return (7,)
    if suited and run:
        return (6, ranks[0])
    if a23:
        return (5,)
    if run:
        return (4, ranks[0])
    if suited:
        return (3, *ranks)
    if len(counts) == 2:
        pair = next(r for r, k in counts.items() if k == 2)
        return (2, pair, next(r for r in ranks if r != pair))
    return (1, *ranks)


def test_hand_picked_brag_hands():
    order = [("3C", "3D", "3H"), ("AC", "AD", "AH"), ("2C", "2D", "2H"), ("AS", "2S", "3S"), ("AS", "KS", "QS"),
             ("4H", "3H", "2H"), ("AC", "2D", "3H"), ("AC", "KD", "QH"), ("4C", "3D", "2H"), ("AH", "9H", "2H"),
             ("AC", "AD", "KH"), ("2C", "2D", "3H"), ("AC", "KD", "JH"), ("5C", "3D", "2H")]
    scores = [score(h) for h in order]
    assert scores == sorted(scores, reverse=True) and len(set(scores)) == len(scores), scores
    assert RANKING.name([IDS[c] for c in ("KC", "AD", "2H")]) == "high-card"        # K-A-2 is no run
    assert RANKING.name([IDS[c] for c in ("AC", "2D", "3H")]) == "top-run"


def test_every_pair_of_random_hands_compares_as_the_referee_says():
    rng = random.Random(7)
    deck = list(RULES.deck.names)
    hands = [tuple(rng.sample(deck, 3)) for _ in range(400)]
    hands += [("3C", "3D", "3S"), ("AC", "2C", "3C"), ("AD", "2C", "3H"), ("QC", "KD", "AH")]
    mine = {h: score(h) for h in hands}
    theirs = {h: referee(h) for h in hands}
    for a, b in combinations(hands, 2):
        assert (mine[a] > mine[b]) == (theirs[a] > theirs[b]) and (mine[a] == mine[b]) == (theirs[a] == theirs[b]), \
            (a, b, mine[a], mine[b], theirs[a], theirs[b])


BASE = """name: bad
description: a ranking with a mistake
players: 2
deck:
  ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]
  suits: [C, D, H, S]
  orders: {prial: [2, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 3]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
deal: {to: hand, count: 3, rest: stock}
hand-ranking:
  size: 3
  categories:
    - CATEGORY
    - {name: high-card}
phases:
  show: {kind: turns, start: [{every-player: [{reveal: hand}]}]}
"""


@pytest.mark.parametrize("category, message", [
    ("{name: top-run, ranks: [A, 2, 1]}", "[hand-ranking.categories[0].ranks]: '1' is not a rank the order counts"),
    ("{name: top-run, ranks: [A, 2, 3], run: 3}", "a pattern of given ranks stands alone, without groups or a run"),
    ("{name: prial, groups: [3], order: prail}", "[hand-ranking.categories[0].order]: unknown order 'prail'"),
    ("{name: run, run: 3, order: prial}", "a run counts by the ranking's own order"),
    ("{name: four, ranks: [A, K, Q, J]}", "4 ranks are more cards than a hand's 3"),
])
def test_placed_errors(tmp_path, capsys, category, message):
    err = validate_errors(tmp_path, capsys, BASE.replace("CATEGORY", category))
    assert message in err and "bad.yaml:15:" in err, err

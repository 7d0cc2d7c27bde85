"""A low ranking (`hand-ranking: {low: true}`): the lowest hand wins, as in Razz and lowball. Checked on
hand-picked hands and against an independent referee (every five of seven, compared by pattern and ranks)
on random deals."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from ruleplay.errors import GameError, RuleplayError
from ruleplay.pipeline import load

RAZZ = str(Path(__file__).parent / "data" / "razz.yaml")
RULES = load(RAZZ)
RANKING = RULES.ranking
IDS = {name: i for i, name in enumerate(RULES.deck.names)}
ORDER = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def score(*names: str) -> int:
    return RANKING.best([IDS[n] for n in names])[0]


def name(*names: str) -> str:
    return RANKING.name([IDS[n] for n in names])


def test_the_wheel_is_the_best_low_and_a_pair_loses_to_any_hand_without_one():
    wheel = score("AC", "2D", "3H", "4S", "5C")
    assert wheel > score("AC", "2D", "3H", "4S", "6C")                  # 6-high is worse
    assert score("KC", "QD", "JH", "10S", "8C") > score("2C", "2D", "3H", "4S", "5C")     # a pair is worse
    assert name("2C", "2D", "3H", "4S", "5C") == "pair" and name("AC", "2C", "3C", "4C", "5C") == "high-card"
    assert score("AC", "2C", "3C", "4C", "5C") == wheel                 # a straight flush counts as nothing


def test_the_lowest_five_of_seven_count():
    """A tester's case: A-A-2-3-4-9-9 is a 9-high low (A-2-3-4-9), worse than the wheel, better than 10-high."""
    hand = score("AC", "AD", "2H", "3S", "4C", "9D", "9H")
    assert hand == score("AC", "2H", "3S", "4C", "9D")
    assert score("AC", "2D", "3H", "4S", "5C", "KD", "KH") > hand > score("AC", "2H", "3S", "4C", "10D", "KD", "QH")


def _referee_key(five: tuple[str, ...]) -> tuple:
    """A five-card hand's strength as a high hand of these categories (higher is stronger): its pattern of
    equal ranks, then the ranks by group size and rank; no runs, no flushes."""
    ranks = Counter(ORDER.index(n[:-1]) for n in five)
    pattern = tuple(sorted(ranks.values(), reverse=True))
    order = [(4, 1), (3, 2), (3, 1, 1), (2, 2, 1), (2, 1, 1, 1), (1, 1, 1, 1, 1)]
    ties = sorted(ranks, key=lambda r: (ranks[r], r), reverse=True)
    return (len(order) - order.index(pattern), ties)


def test_random_deals_agree_with_a_referee_of_every_five_of_seven():
    rng = random.Random(7)
    names = list(RULES.deck.names)
    for _ in range(300):
        a, b = rng.sample(names, 7), rng.sample(names, 7)
        low_a = min(_referee_key(f) for f in combinations(a, 5))
        low_b = min(_referee_key(f) for f in combinations(b, 5))
        sa, sb = score(*a), score(*b)
        assert (sa > sb) == (low_a < low_b) and (sa == sb) == (low_a == low_b), (a, b)


def test_a_low_hand_among_too_many_cards_stops_with_an_error():
    with pytest.raises(GameError, match="at most 12 cards"):
        RANKING.best(list(range(13)))


def test_a_low_ranking_ends_with_a_category_any_cards_make(tmp_path):
    text = Path(RAZZ).read_text(encoding="utf-8").replace("    - {name: high-card}\n", "")
    (tmp_path / "bad.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(RuleplayError, match="a low ranking needs a last category that any cards make"):
        load(str(tmp_path / "bad.yaml"))


def test_cards_values_put_together_with_plus(tmp_path):
    """`s.hand + stock`: one cards value, the first's cards then the second's (its top the second's top), read
    by sizes, loops and best-hand alike (a stud player's down and up cards)."""
    from ruleplay.agents import play
    text = Path(RAZZ).read_text(encoding="utf-8").replace("match:\n", "scoring:\n  points: \"(s.hand + stock).size * 100 + count(c.suit == 'S' for c in s.hand + stock) + (1000 if (s.hand + stock).top == stock.top else 0)\"\nmatch:\n")
    path = tmp_path / "union.yaml"
    path.write_text(text, encoding="utf-8")
    r = play(load(str(path)), 1)
    deal = next(e for e in r.events if e["event"] == "deal")
    for s, hand in enumerate(deal["hands"]):
        spades = sum(c.endswith("S") for c in hand + deal["rest"])
        assert r.scores[s] == 1000 + (7 + 38) * 100 + spades


@pytest.mark.parametrize("bots", ["random", "smart"])
def test_razz_pots_go_to_the_best_low_of_those_still_in(bots):
    """A referee of the shipped Razz from its logs alone: at each showdown, the players still in show seven
    cards (six and the shared board card, when the pack ran short); the best ace-to-five low of them, found
    by trying every five (the referee's own reckoning), when it is alone, wins chips and every other player
    shown loses."""
    from ruleplay.agents import play
    rules = load("razz")
    checked = 0
    for seed in range(40):
        r = play(rules, seed, bots=[bots] * rules.players)
        shown = {e["seat"]: e["cards"] for e in r.events if e["event"] == "reveal"}
        if len(shown) < 2:
            continue                              # everyone else folded: no showdown
        board = [c for e in r.events if e["event"] == "move" and e.get("to") == "board" for c in e["cards"]]
        lows = {s: min(_referee_key(f) for f in combinations(cards + board, 5)) for s, cards in shown.items()}
        best = min(lows.values())
        winners = [s for s, low in lows.items() if low == best]
        score = next(e for e in r.events if e["event"] == "score")
        if len(winners) == 1:                     # (a shared best low splits the pot)
            w = winners[0]
            assert score["points"][w] == max(score["points"]) > 0, (seed, lows, score)
            assert all(score["points"][s] < 0 for s in shown if s != w)
            checked += 1
    assert checked >= 3

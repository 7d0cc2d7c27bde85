"""`best-hand(A, 2, B, 3)`: the best hand made of exactly 2 cards of A and 3 of B (Omaha's two of the hand and
three of the board; a tester wrote out the board's ten triples by hand). Hand-checked, then against every way of
choosing on random deals, and refused where the numbers do not make a hand."""
from __future__ import annotations

import itertools
import random

import pytest

from ruleplay.lang import expr as X
from ruleplay.lang.expr.say import Vocabulary, say, speaking
from ruleplay.pipeline import load

RULES = load("limit-holdem")
NAMES = list(RULES.deck.names)
ID = {n: i for i, n in enumerate(NAMES)}


def _compiled(text: str):
    names = {"h": X.Binding(X.CARDS, lambda e: e.h), "b": X.Binding(X.CARDS, lambda e: e.b)}
    scope = X.Scope(names, X.Fields(ranking=RULES.ranking))
    return X.compile_expr(text, scope)


class _Env:
    def __init__(self, hand, board):
        self.h, self.b, self.loc = [ID[c] for c in hand], [ID[c] for c in board], {}


def test_two_of_the_hand_and_three_of_the_board():
    """Four hearts among the nine cards, but only one in the hand: any five of them make a flush (A-J-9-5-2),
    exactly two of the hand and three of the board make nothing better than a high card."""
    env = _Env(["AH", "3S", "4S", "7D"], ["2H", "5H", "9H", "JH", "KC"])
    assert _compiled("best-hand-name(h, b)").fn(env) == "flush"
    assert _compiled("best-hand-name(h, 2, b, 3)").fn(env) == "high-card"
    env = _Env(["AH", "KH", "3S", "4S"], ["2H", "5H", "9H", "JC", "KC"])      # two hearts in the hand: a flush
    assert _compiled("best-hand-name(h, 2, b, 3)").fn(env) == "flush"


def test_the_best_of_every_way_of_choosing():
    rng = random.Random(7)
    score = _compiled("best-hand(h, 2, b, 3)").fn
    best = RULES.ranking.best
    for _ in range(150):
        cards = rng.sample(range(len(NAMES)), 9)
        env = _Env([NAMES[c] for c in cards[:4]], [NAMES[c] for c in cards[4:]])
        want = max(best([*p, *q])[0] for p in itertools.combinations(cards[:4], 2)
                   for q in itertools.combinations(cards[4:], 3))
        assert score(env) == want
    assert score(_Env(["AH"], ["2H", "5H", "9H"])) == 0          # too few cards: no hand


@pytest.mark.parametrize("text, message", [
    ("best-hand(h, 2, b, 2)", "the numbers of cards taken add up to 4, but a hand is 5 cards"),
    ("best-hand(h, 0, b, 5)", "the numbers of cards taken add up to 5"),
])
def test_numbers_that_make_no_hand_are_refused(text, message):
    with pytest.raises(X.ExprError) as exc:
        _compiled(text)
    assert message in exc.value.message


def test_the_sheet_says_it():
    with speaking(Vocabulary({})):
        assert say("best-hand(s.hand, 2, board, 3)") == \
            "the score of the best hand of exactly 2 of the player's hand and 3 of the board"

"""`hand-ranking: {wild: COND}`: wild cards in best-hand stand for whatever card makes the best hand (t42: Pai
Gow's joker could only be written as a fifth ace; the shipped `deck.wild` is for melds). Hand-checked hands, and
a referee: over random hands with a joker, best-hand equals the best over every real card the joker could be
(more only where the hand holds all four of a rank, the joker making a fifth)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from ruleplay.pipeline import load

GAME = """name: wild-poker
description: Seven cards each; the best five-card poker hand wins; the joker is wild.
players: 2
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], jokers: 2}
hand-ranking:
  wild: card.joker
  ace-low: true
  categories:
    - {name: straight-flush, run: 5, same-suit: true}
    - {name: four-of-a-kind, groups: [4]}
    - {name: full-house, groups: [3, 2]}
    - {name: flush, same-suit: true}
    - {name: straight, run: 5}
    - {name: three-of-a-kind, groups: [3]}
    - {name: two-pair, groups: [2, 2]}
    - {name: pair, groups: [2]}
    - {name: high-card}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
deal: {to: hand, count: 7, rest: stock}
phases:
  show: {kind: turns, start: [{every-player: [{tell: {best: "best-hand-name(actor.hand)"}}]}]}
end:
  - when: "true"
    winners: {highest: "best-hand(s.hand)"}
"""


@pytest.fixture(scope="module")
def ranking(tmp_path_factory):
    p = tmp_path_factory.mktemp("wild") / "wp.yaml"
    p.write_text(GAME, encoding="utf-8")
    rules = load(str(p))
    return rules.ranking, rules.deck


def _ids(deck, names: list[str]) -> list[int]:
    byname = deck.by_name()
    used: Counter = Counter()
    out = []
    for n in names:
        out.append(byname[n][used[n]])
        used[n] += 1
    return out


@pytest.mark.parametrize("hand, name", [
    (["AS", "AH", "AD", "JK", "7C", "3D", "2H"], "four-of-a-kind"),
    (["5C", "6D", "7H", "8S", "JK", "2C", "2D"], "straight"),
    (["AH", "KH", "9H", "4H", "JK", "2C", "3D"], "flush"),
    (["9H", "10H", "JH", "QH", "JK", "2C", "3D"], "straight-flush"),
    (["7C", "7D", "JK", "JK", "2S", "9D", "KC"], "four-of-a-kind"),
    (["2C", "3D", "4H", "5S", "JK", "9C", "KD"], "straight"),        # A-2-3-4-5, the ace low
])
def test_a_joker_makes_the_best_hand(ranking, hand, name):
    r, deck = ranking
    score, i = r.best(_ids(deck, hand))
    assert r.categories[i].name == name, hand


def test_four_aces_with_a_joker_beat_four_kings(ranking):
    r, deck = ranking
    aces = r.best(_ids(deck, ["AS", "AH", "AD", "JK", "7C", "3D", "2H"]))[0]
    kings = r.best(_ids(deck, ["KS", "KH", "KD", "KC", "9C", "3C", "2S"]))[0]
    assert aces > kings


def test_a_referee_over_random_hands(ranking):
    r, deck = ranking
    real = [c for c in range(len(deck)) if not deck.joker[c]]
    joker = next(c for c in range(len(deck)) if deck.joker[c])
    rng = random.Random(7)
    for _ in range(300):
        hand = rng.sample(real, 6)
        got = r.best(hand + [joker])[0]
        brute = max(r.best(hand + [c])[0] for c in real if c not in hand)
        fours = max(Counter(deck.rank[c] for c in hand).values()) == 4
        assert got == brute or (fours and got > brute), [deck.names[c] for c in hand]

"""The combination words of the expression language (lang/expr/combos.py): hand-checked cribbage hands and a
brute force over every subset of random hands, which each word must agree with."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

import ruleplay
from ruleplay.engine.run import Deal

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
FIFTEEN = {r: min(i + 1, 10) for i, r in enumerate(RANKS)}
GAME = """
name: combos
description: Each word of combos.py scored on a hand and a starter.
players: 1
deck:
  ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]
  attributes:
    fifteen: {A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 10, Q: 10, K: 10}
zones:
  hand: {owner: seat, visibility: owner}
  starter: {owner: table, visibility: public}
  stock: {owner: table, visibility: hidden}
deal: {to: hand, count: HAND, rest: stock}
phases:
  cut:
    kind: turns
    start: [{move: {from: stock, to: starter, count: 1}}]
scoring:
  points: "WORD"
"""
WORDS = {"ways-to-sum(s.hand, starter, fifteen, 15)": "fifteens", "pairs(s.hand, starter)": "pairs",
         "longest-run(s.hand, starter, order)": "longest", "run-count(s.hand, starter, 3, order)": "runs",
         "run-cards(s.hand, starter, 3, order)": "run-cards"}


def score(tmp_path, word: str, hand: list[str], starter: str) -> int:
    path = tmp_path / "combos.yaml"
    path.write_text(GAME.replace("WORD", word).replace("HAND", str(len(hand))), encoding="utf-8")
    game = ruleplay.load_game(str(path))
    rest = [starter] + [c for c in (f"{r}{s}" for r in RANKS for s in "CDHS") if c not in hand and c != starter]
    s = game.new_initial_state(seed=1, deal=Deal([hand], rest=rest, dealer=0))
    assert s.is_terminal()
    return next(e["points"][0] for e in s.events() if e["event"] == "score")


def reference(word: str, cards: list[str]) -> int:
    """Every subset, judged from the words' definitions."""
    rank = [c[:-1] for c in cards]
    subsets = [s for k in range(1, len(cards) + 1) for s in combinations(range(len(cards)), k)]
    if word == "fifteens":
        return sum(sum(FIFTEEN[rank[i]] for i in s) == 15 for s in subsets)
    if word == "pairs":
        return sum(rank[i] == rank[j] for i, j in combinations(range(len(cards)), 2))
    order = [RANKS.index(r) for r in rank]

    def run(s) -> bool:
        vals = sorted(order[i] for i in s)
        return len(set(vals)) == len(vals) and vals[-1] - vals[0] == len(vals) - 1

    if word == "longest":
        return max(len(s) for s in subsets if run(s))
    runs = [s for s in subsets if len(s) >= 3 and run(s) and not any(
        order[j] in (min(order[i] for i in s) - 1, max(order[i] for i in s) + 1) for j in range(len(cards)))]
    return len(runs) if word == "runs" else sum(len(s) for s in runs)


# The 29 hand: 5C 5D 5H JS with the 5S turned: fifteens are the four sets of three fives and the four J-5
# pairs (8), pairs are the six pairs of fives. 3C 3D 4H 5S with 9C: 3-3-9 and 3-3-4-5 make 15 (2), one
# pair, a double run of three (two runs, six cards); 3C 4D 5H 6S with KC: 5-K and 4-5-6 make 15, one run of four.
@pytest.mark.parametrize("hand, starter, want", [
    (["5C", "5D", "5H", "JS"], "5S", {"fifteens": 8, "pairs": 6, "longest": 1, "runs": 0, "run-cards": 0}),
    (["3C", "3D", "4H", "5S"], "9C", {"fifteens": 2, "pairs": 1, "longest": 3, "runs": 2, "run-cards": 6}),
    (["3C", "4D", "5H", "6S"], "KC", {"fifteens": 2, "pairs": 0, "longest": 4, "runs": 1, "run-cards": 4}),
])
def test_cribbage_hands_counted_by_hand(tmp_path, hand, starter, want):
    got = {name: score(tmp_path, word, hand, starter) for word, name in WORDS.items()}
    assert got == want
    assert {name: reference(name, hand + [starter]) for name in want} == want


def test_the_words_agree_with_every_subset_on_random_hands(tmp_path):
    rng = random.Random(7)
    deck = [f"{r}{s}" for r in RANKS for s in "CDHS"]
    for _ in range(12):
        cards = rng.sample(deck, rng.choice([5, 6, 7]))
        if rng.random() < 0.5:                       # many ranks alike: runs with doubles, many pairs
            cards = rng.sample([c for c in deck if c[:-1] in ("3", "4", "5", "6", "7")], len(cards))
        for word, name in WORDS.items():
            assert score(tmp_path, word, cards[:-1], cards[-1]) == reference(name, cards), (word, cards)


def test_a_sum_over_too_many_totals_is_refused(tmp_path, capsys):
    from ruleplay.tools.cli import main
    text = GAME.replace("WORD", "ways-to-sum(s.hand, starter, big, 15)").replace("HAND", "4").replace(
        "    fifteen:", "    big: {A: 5000}\n    fifteen:")
    (tmp_path / "combos.yaml").write_text(text, encoding="utf-8")
    assert main(["validate", str(tmp_path / "combos.yaml")]) == 1
    err = capsys.readouterr().err
    assert "ways-to-sum: totals of 52 cards with values up to 5000 could be 260,000; the limit is 100,000" in err


def top_run_reference(pile: list[str]) -> int:
    """The largest k whose top k cards, sorted, are k consecutive different ranks."""
    best = 0
    for k in range(1, len(pile) + 1):
        vals = sorted(RANKS.index(c[:-1]) for c in pile[-k:])
        if len(set(vals)) == k and vals[-1] - vals[0] == k - 1:
            best = k
    return best


# Pegging: 4, 6, 5 played in a row make a run of three whatever their order; a 9 on top breaks it (1);
# a 5 on 4-6-5 is a pair, no run (1).
@pytest.mark.parametrize("pile, want", [(["4C", "6D", "5H"], 3), (["4C", "6D", "5H", "9S"], 1),
                                        (["4C", "6D", "5H", "5S"], 1), (["2C", "AD", "3H", "4S", "7C"], 1),
                                        (["7C", "2C", "AD", "3H", "4S"], 4)])
def test_top_run_reads_the_top_of_a_pile_in_any_order(tmp_path, pile, want):
    text = GAME.replace("WORD", "top-run(s.hand, order)").replace("HAND", str(len(pile)))
    path = tmp_path / "top.yaml"
    path.write_text(text, encoding="utf-8")
    rest = [c for c in (f"{r}{s}" for r in RANKS for s in "CDHS") if c not in pile]
    s = ruleplay.load_game(str(path)).new_initial_state(seed=1, deal=Deal([pile[::-1]], rest=rest, dealer=0))
    assert top_run_reference(pile) == want                     # a deal lists a hand from its top card down
    assert next(e["points"][0] for e in s.events() if e["event"] == "score") == want


def deadwood_reference(cards: list[str]) -> int:
    """Every way to split the cards into disjoint sets (3-4 of a rank) and runs (3+ of a suit in a row, ace low),
    by brute force over subsets: the least value (courts 10) left over."""
    def value(c):
        return min(RANKS.index(c[:-1]) + 1, 10)

    def meld(group):
        ranks = {c[:-1] for c in group}
        if len(group) >= 3 and len(ranks) == 1:
            return len(group) <= 4
        vals = sorted(RANKS.index(c[:-1]) for c in group)
        return len(group) >= 3 and len({c[-1] for c in group}) == 1 and vals == list(range(vals[0], vals[0] + len(vals)))

    def best(rest: tuple) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        out = value(first) + best(others)
        for k in range(2, len(others) + 1):
            for combo in combinations(others, k):
                if meld((first, *combo)):
                    out = min(out, best(tuple(c for c in others if c not in combo)))
        return out
    return best(tuple(cards))


# Gin hands. 3H 4H 5H 6H 6C 6D 9S KS AD 2C: the 6H goes in the run 3-6H (leaving 6C 6D: 34 in all) or in the
# set of sixes with the run 3-5H (leaving 9S KS AD 2C: 9 + 10 + 1 + 2 = 22), the better. A-2-3 of clubs is a
# run (ace low) and the four 7s a set; Q-K-A of diamonds is not a run: 10 + 10 + 1 = 21. Ten clubs in a row: 0.
@pytest.mark.parametrize("hand, want", [
    (["3H", "4H", "5H", "6H", "6C", "6D", "9S", "KS", "AD", "2C"], 22),
    (["AC", "2C", "3C", "QD", "KD", "AD", "7S", "7H", "7C", "7D"], 21),
    (["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C"], 0),
])
def test_deadwood_is_the_best_split_into_sets_and_runs(tmp_path, hand, want):
    assert deadwood_reference(hand) == want
    text = GAME.replace("WORD", "deadwood(s.hand, fifteen)").replace("HAND", str(len(hand)))
    path = tmp_path / "gin.yaml"
    path.write_text(text, encoding="utf-8")
    rest = [c for c in (f"{r}{s}" for r in RANKS for s in "CDHS") if c not in hand]
    s = ruleplay.load_game(str(path)).new_initial_state(seed=1, deal=Deal([hand], rest=rest, dealer=0))
    assert next(e["points"][0] for e in s.events() if e["event"] == "score") == want


def test_deadwood_agrees_with_every_split_on_random_hands(tmp_path):
    rng = random.Random(11)
    deck = [f"{r}{s}" for r in RANKS for s in "CDHS"]
    text = GAME.replace("WORD", "deadwood(s.hand, fifteen)").replace("HAND", "10")
    path = tmp_path / "gin.yaml"
    path.write_text(text, encoding="utf-8")
    game = ruleplay.load_game(str(path))
    for _ in range(15):
        near = [c for c in deck if c[:-1] in rng.sample(RANKS, 5)]     # few ranks: many sets and runs
        hand = rng.sample(near, 10)
        rest = [c for c in deck if c not in hand]
        s = game.new_initial_state(seed=1, deal=Deal([hand], rest=rest, dealer=0))
        assert next(e["points"][0] for e in s.events() if e["event"] == "score") == deadwood_reference(hand), hand


def _melds_written_out(cards, ranks, suits, order):
    """The sets and runs as `_melds` first found them: every combination of places, every product of copies."""
    from itertools import product
    out, by_rank, by_suit = [], {}, {}
    for i, c in enumerate(cards):
        if ranks[c] is not None:
            by_rank.setdefault(ranks[c], []).append(i)
        if suits[c] is not None and order[c] is not None and order[c] > 0:
            by_suit.setdefault(suits[c], {}).setdefault(order[c], []).append(i)
    for places in by_rank.values():
        for k in range(3, min(4, len(places)) + 1):
            out += [sum(1 << i for i in combo) for combo in combinations(places, k)]
    for values in by_suit.values():
        vals = sorted(values)
        for a in range(len(vals)):
            for b in range(a + 2, len(vals)):
                if vals[b] - vals[a] != b - a:
                    break
                out += [sum(1 << i for i in pick) for pick in product(*(values[v] for v in vals[a:b + 1]))]
    return out


@pytest.mark.parametrize("game, options", [("gin-rummy", None), ("ers", {"jokers": "2"})])
def test_melds_are_every_set_and_run_of_places(game, options):
    from ruleplay.lang.expr.combos import _melds
    from ruleplay.pipeline import load
    deck = load(game, options).deck
    order = next(iter(deck.orders.values())) if deck.orders else deck.attrs[next(iter(deck.attrs))]
    rng = random.Random(3)
    for trial in range(3000):
        k = rng.randint(0, 14)      # odd trials: copies of a card (several decks), even: one of each
        cards = [rng.randrange(len(deck.names)) for _ in range(k)] if trial % 2 else rng.sample(range(len(deck.names)), k)
        assert sorted(_melds(cards, deck.rank, deck.suit, order)) == \
            sorted(_melds_written_out(cards, deck.rank, deck.suit, order)), cards

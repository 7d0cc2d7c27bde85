"""Rummy (rulesets/rummy.yaml, Pagat's basic game) and the two mechanisms it is written with: the combination
finder of a set of cards (`cards: {from: hand, as: [set, run], min: 3}`) and a family of table piles that
melds are laid out on and laid off on (`meld: {count: 17}`, `to: meld`, `to-pile: {among: meld, keeps:
[set, run]}`). A hand-checked deal, a referee that re-derives the rules from the logs of random games, the
finder against every subset of small hands, and placed validation errors. Each expected result is worked
out by hand in the comment above its test."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.compiler.cards import build_deck
from ruleplay.engine.run import Deal
from ruleplay.kinds.turns import melds
from ruleplay.pipeline import load

from conftest import lift, offered, step

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]      # Pagat: the ace is low
POINTS = {r: min(i + 1, 10) for i, r in enumerate(RANKS)}                      # courts 10, aces 1, pips


def _rank(card: str) -> str:
    return card[:-1]


def is_set(cards: list[str]) -> bool:
    return len({_rank(c) for c in cards}) == 1 and len({c[-1] for c in cards}) == len(cards)


def is_run(cards: list[str]) -> bool:
    at = sorted(RANKS.index(_rank(c)) for c in cards)
    return len({c[-1] for c in cards}) == 1 and at == list(range(at[0], at[0] + len(cards)))


def state_of(deal: Deal, players: int = 2, **options):
    game = ruleplay.load_game("rummy", players=players, options={k: str(v) for k, v in options.items()})
    return game.new_initial_state(seed=1, deal=deal, check=True)



def moves_to(state, pile_prefix: str) -> list[tuple[str, list[str]]]:
    return [(e["to"], e["cards"]) for e in state.events() if e["event"] == "move" and e["to"].startswith(pile_prefix)]


# Two players, seat 1 deals: seat 0 plays first. The upcard is 4H; the stock then gives 7H, 8H, KD.
# Seat 0 (5H 6H 8C 8D 8S 2S 3S JD QD KS) takes the 4H and melds: the run 4H 5H 6H or the set 8C 8D 8S,
# asked by their first card in the canonical order (4H or 8C); then the other meld, asked no more (the
# only one left); discards 2S. Seat 1 (3H KH AD 2C 4S 6S 9C JC QC 5D) takes the 2S: it may lay off its 3H
# at the low end of the run (meld1) and nothing else, and may then discard any card but the 2S just taken
# (9 cards offered): it discards KH. Seat 0 draws 7H, which goes only on the high end of the run (the
# eights are a set), and discards KS. Seat 1 draws 8H: both melds take it (the run 3H-7H at its high end,
# the set of eights); it lays it off on the set (meld2) and discards QC. Seat 0 draws KD, melds JD QD KD
# (the only meld: asked no more) and discards its last card, 3S (unasked): out. Seat 1 holds
# AD 2C 4S 6S 9C JC 5D 2S: 1 + 2 + 4 + 6 + 9 + 10 + 5 + 2 = 39 points to seat 0; with a target of 30 the
# game ends and seat 0 wins.
DEAL = Deal([["5H", "6H", "8C", "8D", "8S", "2S", "3S", "JD", "QD", "KS"],
             ["3H", "KH", "AD", "2C", "4S", "6S", "9C", "JC", "QC", "5D"]],
            rest=["4H", "7H", "8H", "KD", "AC", "AH", "AS", "3C", "3D", "9D", "KC", "10D"], dealer=1)


def test_a_hand_of_rummy_melds_lays_off_at_both_ends_and_on_a_set_and_the_winner_scores_the_rest():
    s = state_of(DEAL, target=30)
    seen = step(s, "take", "meld", "4H")
    assert seen == [(0, ["draw", "take"]), (0, ["discard", "meld"]), (0, ["4H", "8C"])]
    seen = step(s, "meld", "2S")                               # the set of eights is asked no more
    assert seen == [(0, ["discard", "meld"]), (0, ["2S", "3S", "JD", "KS", "QD"])]
    assert moves_to(s, "meld") == [("meld1", ["4H", "5H", "6H"]), ("meld2", ["8C", "8D", "8S"])]
    seen = step(s, "take", "lay-off", "KH")
    assert seen[1] == (1, ["discard", "lay-off"])            # the 3H alone fits: it goes to meld1 unasked
    assert moves_to(s, "meld")[-1] == ("meld1", ["3H"])
    assert seen[2][0] == 1 and "2S" not in seen[2][1] and len(seen[2][1]) == 9   # not the card just taken
    seen = step(s, "draw", "lay-off", "KS")
    assert moves_to(s, "meld")[-1] == ("meld1", ["7H"])      # the high end: the only pile it fits
    seen = step(s, "draw", "lay-off", "lay-off: meld2", "QC")
    assert seen[2] == (1, ["lay-off: meld1", "lay-off: meld2"])   # the 8H fits the run and the set
    assert moves_to(s, "meld")[-1] == ("meld2", ["8H"])
    seen = step(s, "draw", "meld")
    assert seen[1] == (0, ["discard", "meld"])
    assert moves_to(s, "meld")[-1] == ("meld3", ["JD", "QD", "KD"])
    assert s.is_terminal()
    assert [e["cards"] for e in s.events() if e["event"] == "move" and e["to"] == "discard"][-1] == ["3S"]
    (score,) = [e for e in s.events() if e["event"] == "score"]
    assert score["points"] == [39, 0]
    assert s.returns()[0] > s.returns()[1]


# The same deal with the "rummy" variant: seat 0 melded on its first turn and ended it with a discard, so
# going out later is no rummy: still 39. Seat 0 going out on its first turn would be.
def test_going_out_after_an_earlier_meld_is_no_rummy():
    s = state_of(DEAL, target=30, **{"rummy-doubles": "true"})
    step(s, "take", "meld", "4H", "meld", "2S", "take", "lay-off", "KH", "draw", "lay-off", "KS",
         "draw", "lay-off", "lay-off: meld2", "QC", "draw", "meld")
    assert [e for e in s.events() if e["event"] == "score"][0]["points"] == [39, 0]


# Rummy: seat 0 (AC 2C 3C 4C 5C 6C 7C 8C 9C) draws 10C and melds the ten clubs at once (asked low card
# first in the deck's order, the ace low: AC, then each next club or done: it takes them all): out in
# one turn, having melded nothing before, so the variant doubles the 36 points seat 1 holds
# (4D 5D 6H AS 2S 3S 4S 5S 6S: 4 + 5 + 6 + 1 + 2 + 3 + 4 + 5 + 6) to 72.
def test_going_out_in_one_turn_is_rummy_and_doubles_under_the_variant():
    clubs = [f"{r}C" for r in RANKS[:9]]
    deal = Deal([clubs, ["4D", "5D", "6H"] + [f"{r}S" for r in RANKS[:6]]], rest=["KH", "10C", "QS"], dealer=1)
    for doubles, points in (("true", 72), ("false", 36)):
        s = state_of(deal, target=10, **{"rummy-doubles": doubles})
        seen = step(s, "draw", "meld", "AC")
        assert seen[2] == (0, ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "AC"])      # the first card of a run
        while not s.is_terminal():
            labels = offered(s)
            step(s, next(x for x in labels if x != "meld: done"))
        assert [e for e in s.events() if e["event"] == "score"][0]["points"] == [points, 0]
        assert moves_to(s, "meld") == [("meld1", clubs + ["10C"])]        # laid out low card first


def test_rummy_referee():
    """From random games' logs (2, 4 and 6 players): every meld laid out is a set (3-4 of one rank) or a run
    (3+ of one suit in sequence, ace low) on an empty pile; every lay-off is one card on a meld that stays a
    set or a run; a card taken from the discard pile is not discarded that turn (unless it is the last
    card); the stock is turned over from the discard pile only when empty; the 52 cards are all somewhere
    after every move; the player out of cards scores the others' cards (courts 10, aces 1) and the others 0."""
    laid_out = laid_off = turned = 0
    for seed, players in ((0, 2), (1, 2), (2, 4), (3, 6)):
        r = play(load("rummy", {"target": "25"}, players), seed=seed, check=True)
        assert r.outcome in ("finished", "limit")
        hands: list[list[str]] = []
        for e in r.events:
            kind = e["event"]
            if kind == "deal":
                hands = [list(h) for h in e["hands"]]
                zones = {"stock": list(e["rest"]), "discard": []}
                taken = None
            elif kind == "move":
                pile_before = list(zones["discard"])
                src, dst, cards = lift(e, hands, zones)
                if e["to"].startswith("meld"):
                    if not dst:
                        assert len(cards) >= 3 and (is_set(cards) or is_run(cards)), cards
                        laid_out += 1
                    else:
                        assert len(cards) == 1 and (is_set(dst + cards) or is_run(dst + cards)), (dst, cards)
                        laid_off += 1
                if e["from"] == "discard" and e["to"] == "stock":     # the whole pile, turned over
                    assert not dst and not src and cards == pile_before[::-1]
                    turned += 1
                    dst[:] = cards[::-1]                         # its bottom card is the new stock's top
                else:
                    dst.extend(cards)
                if e["from"] == "discard" and e["to"] == "hand":
                    taken = cards[0]
                elif e["from"] == "hand" and e["to"] == "discard":
                    assert cards[0] != taken or not hands[e["from_seat"]], (cards, taken)
                    taken = None
                assert sum(map(len, hands)) + sum(map(len, zones.values())) == 52
            elif kind == "score":
                out = [s for s in range(players) if not hands[s]]
                assert len(out) == 1
                left = sum(POINTS[_rank(c)] for h in hands for c in h)
                assert e["points"] == [left if s == out[0] else 0 for s in range(players)]
    assert laid_out > 20 and laid_off > 10 and turned > 0


def test_the_finder_finds_every_set_and_run_and_nothing_else():
    """Against every subset of random hands: `find` lists exactly the subsets of 3+ cards that are a set or
    a run (ace low), and `count` on the whole deck matches a count by hand: 13 ranks x (4 + 1) sets of 3-4,
    4 suits x (11 + 10 + ... + 1) runs of 3-13."""
    deck = build_deck(RANKS, ["C", "D", "H", "S"], 1, 0, [], [])
    assert melds.count(deck, ("set", "run"), 3, 52) == 13 * 5 + 4 * sum(range(1, 12))
    rng = random.Random(5)
    for _ in range(20):
        held = rng.sample(range(52), 11)
        want = {frozenset(c) for k in range(3, 13) for c in combinations(held, k)
                if is_set([deck.names[x] for x in c]) or is_run([deck.names[x] for x in c])}
        got = melds.find(held, ("set", "run"), 3, 52, deck)
        assert len(got) == len(want) and {frozenset(c) for c in got} == want


def test_the_finder_plays_the_ace_as_the_deck_lists_it():
    low = build_deck(RANKS, ["H"], 1, 0, [], [])
    high = build_deck(RANKS[1:] + ["A"], ["H"], 1, 0, [], [])
    for deck, yes, no in ((low, ["AH", "2H", "3H"], ["QH", "KH", "AH"]), (high, ["QH", "KH", "AH"], ["AH", "2H", "3H"])):
        ids = {n: i for i, n in enumerate(deck.names)}
        assert melds.is_run([ids[c] for c in yes], deck) and not melds.is_run([ids[c] for c in no], deck)


@pytest.mark.parametrize("old, new, message, hint", [
    ("as: [set, run], min: 3", "as: [set, rnu], min: 3", "'rnu' is not allowed here", "did you mean 'run'?"),
    ("as: [set, run], min: 3", "as: flush, min: 3", "'flush' is not allowed here", None),
    ("as: [set, run], min: 3", "min: 3", "how many cards at most? write max: N", "as: [set, run]"),
    ("among: meld,", "among: melds,", "'melds' is not a family of piles", "did you mean 'meld'?"),
    ("from: hand, to: discard}", "from: meld, to: discard}", "'meld' is a family of 17 piles",
     "lay cards out on a new one with to: meld"),
    ("          card: hand\n          to-pile: {among: meld, keeps: [set, run]}",
     "          to-pile: {among: meld, keeps: [set, run]}\n          card: hand",
     "no card is chosen before the pile", "before to-pile"),
])
def test_bad_finders_and_families_get_placed_errors(tmp_path, capsys, old, new, message, hint):
    from ruleplay.tools.cli import main
    from ruleplay.resources import builtin_path
    text = builtin_path("rummy").read_text()
    assert old in text
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(old, new, 1))
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr()
    err = out.out + out.err
    assert message in err and f"{path}:" in err and "Traceback" not in err, err
    if hint:
        assert hint in err


def test_a_set_of_cards_laid_off_at_once_keeps_the_meld_a_set_or_run(tmp_path):
    """`keeps:` after a `cards:` part tests the pile with the whole set added: Rummy laying off one or two
    cards at a time (a house rule written in the file) still leaves every meld a set or a run."""
    from ruleplay.resources import builtin_path
    text = builtin_path("rummy").read_text()
    old = "          card: hand\n          to-pile: {among: meld, keeps: [set, run]}\n        do:\n" \
          "          - move: {from: hand, to: dest}"
    assert old in text
    path = tmp_path / "two.yaml"
    path.write_text(text.replace(old, "          cards: {from: hand, min: 1, max: 2}\n          to-pile: {among: meld, "
                                      "keeps: [set, run]}\n        do:\n          - move: {from: hand, to: dest, "
                                      "picked: true}"))
    piles: dict[str, list[str]] = {}
    twos = 0
    for seed in range(2):
        r = play(load(str(path), {"target": "20"}, 2), seed=seed, check=True)
        for e in r.events:
            if e["event"] == "deal":
                piles = {}
            elif e["event"] == "move" and e["to"].startswith("meld"):
                pile = piles.setdefault(e["to"], [])
                pile.extend(e["cards"])
                assert is_set(pile) or is_run(pile), pile
                twos += len(pile) > len(e["cards"]) and len(e["cards"]) == 2
    assert twos > 0

"""Shortcuts of the `turns` search that must not change a game: the later parts' combinations reused across a
part no later check reads (choices.Plan.reuse), and the melds a hand holds found without listing subsets."""
from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest

import ruleplay.agents
import ruleplay.kinds.turns as turns
from ruleplay.kinds.turns import choices, melds
from ruleplay.pipeline import load


def _searched_anew(parts, checks):
    p = choices.plan(parts, checks)
    return replace(p, reuse=tuple(False for _ in p.reuse))


@pytest.mark.parametrize("game", ["authors", "in-between", "switch"])
def test_reused_combinations_play_as_combinations_searched_anew(game, monkeypatch):
    rules = load(game)
    assert any(any(m.plan.reuse) for ph in rules.phases for m in getattr(ph, "moves", None) or [])
    reused = [ruleplay.agents.play(rules, seed, bots=["random"] * rules.players).events for seed in range(3)]
    monkeypatch.setattr(turns, "plan", _searched_anew)
    rules = load(game)
    assert not any(any(m.plan.reuse) for ph in rules.phases for m in getattr(ph, "moves", None) or [])
    anew = [ruleplay.agents.play(rules, seed, bots=["random"] * rules.players).events for seed in range(3)]
    assert reused == anew


def test_a_part_read_by_a_later_check_is_not_reused():
    rules = load("freecell")
    move = next(m for ph in rules.phases for m in getattr(ph, "moves", None) or [] if m.name == "move")
    assert not any(move.plan.reuse)


@pytest.mark.parametrize("shapes", [("set", "run"), ("set",), ("run",)])
def test_melds_found_are_every_subset_that_is_a_set_or_a_run(shapes):
    deck = load("rummy").deck
    keys = melds.order(deck)
    rng = random.Random(7)
    for _ in range(300):
        hand = rng.sample(range(len(deck.names)), rng.randint(0, 10))
        lo, hi = rng.randint(0, 4), rng.randint(2, 6)
        every = {tuple(sorted(c, key=keys.__getitem__)) for k in range(max(lo, 1), hi + 1)
                 for c in combinations(hand, k) if melds.fits(c, shapes, deck)}
        assert set(melds.find(hand, shapes, lo, hi, deck)) == every


def _high_ace_deck():
    from dataclasses import replace as copy
    return copy(load("rummy").deck, first_rank_high=True)


def _is_run_either_way(cards, deck) -> bool:
    """A run written out (the test's own): one suit, no rank twice, ranks in a row with the ace low or high."""
    if not cards or len({deck.suit[c] for c in cards}) != 1:
        return False
    places = [deck.ranks.index(deck.rank[c]) for c in cards]
    if len(set(places)) != len(places):
        return False
    for at in (sorted(places), sorted(len(deck.ranks) if p == 0 else p for p in places)):
        if at[-1] - at[0] == len(at) - 1:
            return True
    return False


def test_first_rank_high_runs_take_the_ace_low_or_high_never_round_the_corner():
    deck = _high_ace_deck()
    card = {n: i for i, n in enumerate(deck.names)}
    run = lambda *names: melds.is_run([card[n] for n in names], deck)          # noqa: E731
    assert run("AS", "2S", "3S") and run("QS", "KS", "AS") and run("AS", "KS", "QS", "JS")
    assert not run("KS", "AS", "2S") and not run("QS", "KS", "AH")
    wanted = lambda *names: {deck.names[c] for c in melds.wanted(tuple(card[n] for n in names), ("run",), deck)}  # noqa: E731
    assert wanted("JS", "QS", "KS") == {"10S", "AS"} and wanted("QS", "KS", "AS") == {"JS"}
    assert wanted("AS", "2S", "3S") == {"4S"}
    plain = load("rummy").deck                          # the file's own deck: the ace low only
    assert not melds.is_run([card["QS"], card["KS"], card["AS"]], plain)
    assert melds.count(deck, ("run",), 3, 13) == 4 * 77 and melds.count(plain, ("run",), 3, 13) == 4 * 66


def test_first_rank_high_melds_found_are_every_run_written_out():
    deck = _high_ace_deck()
    keys = melds.order(deck)
    rng = random.Random(11)
    by_suit = [c for c in range(len(deck.names)) if deck.suit[c] == "S"]
    for _ in range(300):
        hand = rng.sample(by_suit, rng.randint(0, 9)) + rng.sample(range(len(deck.names)), 3)
        hand = list(dict.fromkeys(hand))
        lo, hi = rng.randint(1, 4), rng.randint(3, 7)
        every = {tuple(sorted(c, key=keys.__getitem__)) for k in range(max(lo, 1), hi + 1)
                 for c in combinations(hand, k) if _is_run_either_way(c, deck)}
        assert set(melds.find(hand, ("run",), lo, hi, deck)) == every, [deck.names[c] for c in hand]


def test_a_rummy_with_the_ace_high_or_low_lays_q_k_a(tmp_path, capsys):
    """`deck: {first-rank-high: true}` over Rummy: smart players lay Q-K-A runs (the ace after the king), and the
    sheet says the ace may be high."""
    from ruleplay.tools.cli import main
    p = tmp_path / "rh.yaml"
    p.write_text("extends: rummy\nname: rh\ndeck:\n  first-rank-high: true\n", encoding="utf-8")
    rules = load(str(p))
    laid = [e["cards"] for seed in range(3) for e in ruleplay.agents.play(rules, seed, bots=["smart"] * 2).events
            if e["event"] == "move" and e["to"].startswith("meld")]
    assert any(sorted(c[:-1] for c in cards) == ["A", "K", "Q"] for cards in laid)
    assert main(["explain", str(p)]) == 0
    assert "in a run A may also be high (Q-K-A, never K-A-2)" in capsys.readouterr().out


def _wild_deck(ranks=("JK",)):
    """Rummy's deck with two jokers, the jokers (and cards of `ranks`) wild."""
    from dataclasses import replace as copy
    deck = load(str(_JOKER_RUMMY)).deck
    return copy(deck, wild=frozenset(c for c in range(len(deck.names))
                                     if (deck.joker[c] and "JK" in ranks) or deck.rank[c] in ranks))


def _meld_with_wilds(cards, deck, shapes) -> bool:
    """A set or run with wild cards written out (the test's own): some natural card; a set's naturals of one
    rank and no suit twice, at most four cards; a run's naturals of one suit on different places, and a window
    of as many places as cards, inside the rank order, that holds them all."""
    natural = [c for c in cards if c not in deck.wild]
    if not natural:
        return False
    if "set" in shapes and len(cards) <= 4 and len({deck.rank[c] for c in natural}) == 1 \
            and len({deck.suit[c] for c in natural}) == len(natural):
        return True
    if "run" not in shapes or len({deck.suit[c] for c in natural}) != 1 or len(cards) > len(deck.ranks):
        return False
    places = [deck.ranks.index(deck.rank[c]) for c in natural]
    if len(set(places)) != len(places):
        return False
    return any(all(start <= p < start + len(cards) for p in places)
               for start in range(0, len(deck.ranks) - len(cards) + 1))


_JOKER_RUMMY = __import__("pathlib").Path(__file__).parent / "data" / "rummy-jokers.yaml"


@pytest.mark.parametrize("ranks", [("JK",), ("JK", "2")])
def test_melds_with_wild_cards_are_every_subset_that_is_a_set_or_a_run(ranks):
    deck = _wild_deck(ranks)
    rng = random.Random(5)
    names = deck.names
    for _ in range(150):
        hand = rng.sample(range(len(names)), rng.randint(0, 9))
        lo, hi = rng.randint(0, 4), rng.randint(2, 6)
        shapes = rng.choice([("set", "run"), ("set",), ("run",)])
        every = {tuple(sorted(names[x] for x in c)) for k in range(max(lo, 1), hi + 1)
                 for c in combinations(hand, k) if _meld_with_wilds(c, deck, shapes)}
        found = melds.find(hand, shapes, lo, hi, deck)
        assert {tuple(sorted(names[x] for x in c)) for c in found} == every, [names[c] for c in hand]
        assert len(found) == len(every) <= melds.count(deck, shapes, lo, hi, hand) <= melds.count(deck, shapes, lo, hi)


def test_wild_cards_stand_in_sets_runs_and_lay_offs():
    deck = _wild_deck()
    card = {n: i for i, n in enumerate(deck.names)}
    joker = next(c for c in deck.wild)
    meld = lambda *names: tuple(joker if n == "JK" else card[n] for n in names)     # noqa: E731
    assert melds.is_run(meld("5H", "JK", "7H"), deck) and melds.is_run(meld("JK", "QH", "KH"), deck)
    assert not melds.is_run(meld("5H", "JK", "8H"), deck) and not melds.is_run(meld("5H", "JK", "7S"), deck)
    assert melds.is_set(meld("9C", "JK", "9S"), deck) and not melds.is_set(meld("9C", "JK", "9C"), deck)
    wanted = lambda *names: {deck.names[c] for c in melds.wanted(meld(*names), ("set", "run"), deck)}  # noqa: E731
    assert wanted("5H", "JK", "7H") == {"4H", "6H", "8H", "JK"}         # the joker may move to an end for the 6
    assert wanted("9C", "9D", "JK") == {"9H", "9S", "JK"}
    assert wanted("9C", "9D", "9H", "JK") == set()                       # a set holds four cards at most
    assert melds.count(deck, ("set", "run"), 3, 54) < choices.MAX_SETS   # two jokers: bounded when validated


def test_a_rummy_with_wild_jokers_lays_and_limits_them(tmp_path, capsys):
    """Rummy with two wild jokers, a meld holding at most one (the move's legal): smart players lay melds with a
    joker in them, never two; the sheet names the wild cards; deuces wild too are bounded in play, not refused."""
    from ruleplay.tools.cli import main
    rules = load(str(_JOKER_RUMMY))
    laid = [e["cards"] for seed in range(3) for e in ruleplay.agents.play(rules, seed, bots=["smart"] * 2).events
            if e["event"] == "move" and e["to"].startswith("meld") and len(e["cards"]) >= 3]
    assert any("JK" in cards for cards in laid) and max(c.count("JK") for c in laid) == 1
    assert main(["explain", str(_JOKER_RUMMY)]) == 0
    assert "wild in sets and runs: JK;" in capsys.readouterr().out
    (tmp_path / _JOKER_RUMMY.name).write_text(_JOKER_RUMMY.read_text(encoding="utf-8"), encoding="utf-8")
    deuces = tmp_path / "deuces.yaml"
    deuces.write_text(f"extends: {_JOKER_RUMMY.name}\nname: deuces\ndeck:\n  wild: \"card.joker or card.rank == '2'\"\n",
                      encoding="utf-8")
    assert main(["validate", str(deuces)]) == 0
    assert main(["sim", str(deuces), "-n", "3", "--jobs", "1", "--bots", "random"]) == 0


def test_a_wild_card_rule_reads_the_card_alone(tmp_path, capsys):
    from ruleplay.tools.cli import main
    (tmp_path / _JOKER_RUMMY.name).write_text(_JOKER_RUMMY.read_text(encoding="utf-8"), encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(f"extends: {_JOKER_RUMMY.name}\nname: bad\ndeck:\n  wild: \"card.rank == dealer.hand.top.rank\"\n",
                   encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.yaml:4:9: error [deck.wild]" in err and "may depend only on the card and on options" in err


def _two_packs(wild_ranks=()):
    """Rummy's deck twice over with two jokers (a joker, and cards of `wild_ranks`, wild when listed)."""
    from dataclasses import replace as copy
    deck = load(str(_JOKER_RUMMY), {}, 2).deck
    from ruleplay.compiler.cards import build_deck
    two = build_deck(deck.ranks, deck.suits, 2, 2, [], [])
    two.orders, two.attrs = deck.orders, deck.attrs
    return copy(two, wild=frozenset(c for c in range(len(two.names))
                                    if (two.joker[c] and "JK" in wild_ranks) or two.rank[c] in wild_ranks))


def _same_rank_written_out(cards, deck) -> bool:
    """A same-rank meld written out (the test's own): some natural card, every natural card of one rank."""
    natural = [c for c in cards if c not in deck.wild]
    return bool(natural) and not any(deck.joker[c] for c in natural) and len({deck.rank[c] for c in natural}) == 1


def test_a_same_rank_pile_takes_any_suit_of_its_rank():
    deck = _two_packs()
    card = {}
    for i, n in enumerate(deck.names):
        card.setdefault(n, []).append(i)
    pile = (card["7H"][0], card["7H"][1], card["7S"][0])
    assert melds.is_same_rank(pile, deck) and not melds.is_set(pile, deck)
    wanted = melds.wanted(pile, ("same-rank",), deck)
    assert {deck.names[c] for c in wanted} == {"7C", "7D", "7S"}      # both 7H are on it already
    assert card["7S"][1] in wanted and card["7S"][0] not in wanted
    assert not melds.is_same_rank((card["7H"][0], card["8H"][0]), deck)


def _sequence_written_out(cards, deck) -> bool:
    """A sequence written out (the test's own): some natural card, no joker among them, naturals on different
    places of the rank order, and a window of as many places as cards, inside the order, holding them all."""
    natural = [c for c in cards if c not in deck.wild]
    if not natural or any(deck.joker[c] for c in natural) or len(cards) > len(deck.ranks):
        return False
    places = [deck.ranks.index(deck.rank[c]) for c in natural]
    return len(set(places)) == len(places) and any(all(start <= p < start + len(cards) for p in places)
                                                  for start in range(0, len(deck.ranks) - len(cards) + 1))


@pytest.mark.parametrize("wild", [(), ("JK",), ("JK", "2")])
@pytest.mark.parametrize("shape, other, seed", [("same-rank", "run", 9), ("sequence", "set", 13)])
def test_two_pack_melds_are_every_subset_of_their_shape(wild, shape, other, seed):
    """Over two packs, against every subset of random hands: `as: same-rank` (suits may repeat: 7H 7H 7S) is
    every subset of one rank, `as: sequence` (Phase 10's runs) every subset of cards on consecutive places of
    the rank order, suits mixed; equal cards taken as one choice (the multiset of names), wild cards standing in
    (for a sequence's gap or end too); asked with another shape, each is found once; the count bounds them."""
    deck = _two_packs(wild)
    written_out = _same_rank_written_out if shape == "same-rank" else _sequence_written_out
    names, rng = deck.names, random.Random(seed)
    for _ in range(120):
        hand = rng.sample(range(len(names)), rng.randint(0, 11))
        lo, hi = rng.randint(0, 5), rng.randint(2, 7)
        every = {tuple(sorted(names[x] for x in c)) for k in range(max(lo, 1), hi + 1)
                 for c in combinations(hand, k) if written_out(c, deck)}
        found = melds.find(hand, (shape,), lo, hi, deck)
        assert sorted(tuple(sorted(names[x] for x in c)) for c in found) == sorted(every), [names[c] for c in hand]
        assert len(found) <= melds.count(deck, (shape,), lo, hi, hand) <= melds.count(deck, (shape,), lo, hi)
        both = melds.find(hand, tuple(x for x in melds.SHAPES if x in (shape, other)), lo, hi, deck)
        assert set(both) >= set(found) and len(set(both)) == len(both)
    if shape == "sequence":                 # a deck holds too many to count when validated: bounded in play
        assert melds.count(deck, (shape,), 4, 8) > choices.MAX_SETS and melds.bounded_in_play(deck, (shape,))


def test_a_sequence_pile_takes_either_end_in_any_suit_and_a_file_asks_for_one(tmp_path, capsys):
    from ruleplay.tools.cli import main
    deck = _two_packs()
    card = {n: i for i, n in reversed(list(enumerate(deck.names)))}
    pile = (card["5H"], card["6C"], card["7S"])
    assert melds.is_sequence(pile, deck) and not melds.is_run(pile, deck)
    assert not melds.is_sequence((card["5H"], card["5C"], card["6S"]), deck)
    assert {deck.names[c] for c in melds.wanted(pile, ("sequence",), deck)} == {f"{r}{s}" for r in "48" for s in "CDHS"}
    p = tmp_path / "seq.yaml"
    text = __import__("ruleplay.resources", fromlist=["x"]).builtin_path("rummy").read_text()
    assert "as: [set, run], min: 3" in text and "keeps: [set, run]" in text
    p.write_text(text.replace("as: [set, run], min: 3", "as: [set, sequence], min: 3")
                 .replace("keeps: [set, run]", "keeps: [set, sequence]"), encoding="utf-8")
    assert main(["validate", str(p)]) == 0
    rules = load(str(p))
    laid = [e["cards"] for seed in range(4) for e in ruleplay.agents.play(rules, seed, bots=["smart"] * 2).events
            if e["event"] == "move" and e["to"].startswith("meld")]
    assert any(len({c[-1] for c in cards}) > 1 and len({c[:-1] for c in cards}) == len(cards) for cards in laid)
    capsys.readouterr()
    assert main(["explain", str(p)]) == 0
    assert "a sequence (ranks in order, any suits)" in capsys.readouterr().out


@pytest.mark.parametrize("per", [1, 2, 3])
def test_runs_of_ranks_take_the_lowest_cards_of_each_rank(per):
    """`as: sequence, per-rank: N` (Dou Dizhu's straights, runs of pairs, airplanes): one play for each run of
    ranks in a row where the hand holds N cards of every rank, those N the rank's lowest; `min`/`max` count cards;
    over random two-pack hands, against the runs of places written out; validate counts them exactly."""
    deck = _two_packs()
    keys = melds.order(deck)
    rng = random.Random(21 + per)
    for _ in range(150):
        hand = rng.sample([c for c in range(len(deck.names)) if not deck.joker[c]], rng.randint(0, 24))
        lo, hi = rng.randint(0, 8), rng.randint(3, 14)
        held: dict[int, list[int]] = {}
        for c in sorted(hand, key=keys.__getitem__):
            held.setdefault(deck.ranks.index(deck.rank[c]), []).append(c)
        want = set()
        for a in range(len(deck.ranks)):
            for b in range(a, len(deck.ranks)):
                if all(len(held.get(p, [])) >= per for p in range(a, b + 1)) and \
                        max(lo, 1) <= (b - a + 1) * per <= hi:
                    want.add(tuple(sorted((c for p in range(a, b + 1) for c in held[p][:per]), key=keys.__getitem__)))
        got = melds.by_rank(hand, per, lo, hi, deck)
        assert len(got) == len(set(got)) and set(got) == want, [deck.names[c] for c in hand]
        assert len(got) <= melds.count_by_rank(deck, per, lo, hi)


def test_runs_of_ranks_in_a_file_and_the_note_for_every_choice_of_suits(tmp_path, capsys):
    """A hand of 20 offering every choice of suits of its sequences stops the game as a limit (a tester's Dou
    Dizhu): validate says so in a note with the way out, `per-rank: 1`, under which the game plays; per-rank with
    another shape is a placed error."""
    from ruleplay.tools.cli import main
    base = (Path(__file__).parent / "data" / "runs-of-ranks.yaml").read_text()
    f = tmp_path / "seq.yaml"
    f.write_text(base.replace("as: sequence, per-rank: 1,", "as: sequence,"))
    assert main(["validate", str(f)]) == 0
    out = capsys.readouterr().out
    assert "note [phases.play.moves.run.choose.cards.as]: a hand of 18 cards or more" in out and "per-rank: 1" in out
    rules = load(str(Path(__file__).parent / "data" / "runs-of-ranks.yaml"))
    for seed in range(5):
        laid = [e["cards"] for e in ruleplay.agents.play(rules, seed, bots=["smart"] * 3).events
                if e["event"] == "move" and e["to"] == "pile"]
        assert len(laid) == 1 and len(laid[0]) >= 5
        places = sorted(rules.deck.ranks.index(c[:-1]) for c in laid[0])
        assert places == list(range(places[0], places[0] + len(places)))
    f.write_text(base.replace("as: sequence, per-rank: 1,", "as: [set, sequence], per-rank: 1,"))
    assert main(["validate", str(f)]) == 1
    assert "per-rank gives the cards of each rank of a sequence" in capsys.readouterr().err

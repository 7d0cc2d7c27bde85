"""Shortcuts of the `turns` search that must not change a game: the later parts' combinations reused across a
part no later check reads (choices.Plan.reuse), and the melds a hand holds found without listing subsets."""
from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

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

"""`cards(c for c in ZONE if COND)`: the cards of a collection for which a condition holds, itself a collection
the combination words take (t39: Belote's sequences in one suit needed nested loops over written suits and
start ranks). A referee over random deals, the words on the sheet, and what is refused."""
from __future__ import annotations

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()
GAME = """name: filter
description: Each player is dealt seven cards; a hand scores ten for each heart and its longest run of hearts.
players: 2
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S]}
counters: {seen: {start: 0}}
zones:
  hand: {owner: seat, visibility: owner}
  rest: {owner: table, visibility: hidden}
deal: {to: hand, count: 7, rest: rest}
phases:
  look: {kind: tally, set: {seen: 1}}
scoring:
  points: "10 * count(true for c in cards(c for c in s.hand if c.suit == 'H')) + longest-run(cards(c for c in s.hand if c.suit == 'H'), order)"
match: {end: "true"}
"""


def _longest(ranks: list[int]) -> int:
    best = run = 0
    for r in range(len(RANKS)):
        run = run + 1 if r in ranks else 0
        best = max(best, run)
    return best


def test_a_filtered_collection_is_counted_and_read_by_the_run_words(tmp_path):
    p = tmp_path / "f.yaml"
    p.write_text(GAME, encoding="utf-8")
    rules = load(str(p))
    for seed in range(40):
        r = play(rules, seed=seed, log=True)
        hands = next(e for e in r.events if e["event"] == "deal")["hands"]
        want = []
        for hand in hands:
            hearts = [RANKS.index(c[:-1]) for c in hand if c.endswith("H")]
            want.append(10 * len(hearts) + _longest(hearts))
        assert r.scores == want, seed
    assert "the most cards of the cards in the player's hand whose suit is H in a row in rank order" in sheet_text(rules)


@pytest.mark.parametrize("bad, said", [
    ("count(true for c in cards(x for x in seats))", "cards(...) needs a card expression before 'for', got seat"),
    ("count(true for c in cards(c.rank for c in s.hand))", "cards(...) needs a card expression before 'for', got str"),
])
def test_what_a_filter_refuses(tmp_path, bad, said):
    from ruleplay.errors import RuleplayError
    p = tmp_path / "bad.yaml"
    p.write_text(GAME.replace(GAME.split("points: ")[1].split("\n")[0], f'"{bad}"'), encoding="utf-8")
    with pytest.raises(RuleplayError) as exc:
        load(str(p))
    assert said in str(exc.value)


def test_max_and_min_leave_a_missing_value_out(tmp_path):
    """t43: `max(0, max(... if ...))` for a hand keeping nothing stopped the game ("gave no value"); a missing
    value is left out of max and min, so it is 0; both missing is still missing."""
    p = tmp_path / "m.yaml"
    p.write_text(GAME.replace('counters: {seen: {start: 0}}', 'counters: {seen: {start: 0}, top: {start: 5}}')
                 .replace("set: {seen: 1}", "set: {seen: 1, top: \"max(0, max(c.order for c in s.hand if c.rank == 'Z'))"
                          " + min(max(c.order for c in s.hand if c.suit == 'C'), 99)\"}")
                 .replace(GAME.split("points: ")[1].split("\n")[0], '"s.top"'), encoding="utf-8")
    rules = load(str(p))
    for seed in range(10):
        r = play(rules, seed=seed, log=True)
        hands = next(e for e in r.events if e["event"] == "deal")["hands"]
        clubs = [[RANKS.index(c[:-1]) + 1 for c in h if c.endswith("C")] for h in hands]   # order: 1 for a 2
        assert r.scores == [min(max(c), 99) if c else 99 for c in clubs], seed

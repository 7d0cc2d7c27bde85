"""A trick's `awards`: points scored from each trick won, read with its cards on the table (s.played). A
hand-checked deal, a referee over random games' logs, a copy taken mid-trick, the placed errors, and the
`count(x for x in xs if COND)` form the awards are written in."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import ruleplay
from ruleplay.engine.run import Deal
from ruleplay.lang.expr import parse
from ruleplay.lang.expr.parse import unwrap
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

from conftest import clone_plays_on_alike, step, validate_errors

RULES = str(Path(__file__).parent / "data" / "whist-awards.yaml")


def team(seat: int) -> int:
    return seat % 2                    # whist's partnerships: 0 and 2 against 1 and 3


# Seat 3 deals, its top card 2S makes spades trumps, seat 0 leads. 1: AD led, followed by 4D and 9D; seat 3 has
# no diamond and trumps with 2S: it catches an opponent's ace of diamonds (fox 1 to seat 3); seat 0 led (lead 1).
# 2: seat 3 leads 8H, the highest heart (lead 1 to seat 3). 3: seat 3 leads 4C; seat 1's JC wins the last trick
# (Karlchen to seat 1; lead 1 to seat 3). Hand scores: fox x100 + Karlchen x10 + leads.
def test_fox_karlchen_and_leads_hand_checked():
    deal = Deal(hands=[["AD", "5H", "3C"], ["4D", "6H", "JC"], ["9D", "7H", "2C"], ["2S", "8H", "4C"]], dealer=3)
    s = ruleplay.load_game(RULES).new_initial_state(seed=1, deal=deal, check=True)
    assert step(s, "AD", "2S", "8H") == [
        (0, ["3C", "5H", "AD"]),           # then 4D and 9D are forced: the only diamonds
        (3, ["2S", "4C", "8H"]),           # no diamond: any card
        (3, ["4C", "8H"]),                 # the rest is forced: the hearts followed, then the clubs
    ]
    events = s.events()
    awards = [(e["seat"], e["name"], e["points"]) for e in events if e["event"] == "award"]
    assert awards == [(3, "fox", 1), (0, "lead", 1), (3, "lead", 1), (1, "karlchen", 1), (3, "lead", 1)]
    kinds = [e["event"] for e in events if e["event"] in ("trick", "award")]
    assert kinds[:3] == ["trick", "award", "award"]        # told after the trick they come from
    score = next(e for e in events if e["event"] == "score")
    assert score["points"] == [1, 10, 0, 102]


def test_partners_ace_is_no_fox():
    """The same deal but seat 2 holds the trump: partner catches partner's ace, no fox."""
    deal = Deal(hands=[["AD", "5H", "3C"], ["4D", "6H", "JC"], ["2S", "7H", "2C"], ["9D", "8H", "4C"]], dealer=3)
    s = ruleplay.load_game(RULES, options={}).new_initial_state(seed=1, deal=deal, check=True)
    # 9D on top of the dealer's hand: diamonds are trumps; AD wins its own trick
    step(s, "AD", "2S")                 # 4D and 9D forced
    assert not [e for e in s.events() if e["event"] == "award" and e["name"] == "fox"]


def referee(events: list[dict]) -> int:
    """Re-derives every award from the logged tricks; returns the number of tricks checked."""
    checked = 0
    for i, e in enumerate(events):
        if e["event"] != "trick":
            continue
        w, cards = e["winner"], e["cards"]
        want = []
        fox = sum(1 for s, c in cards if c == "AD" and team(s) != team(w))
        if fox:
            want.append((w, "fox", fox))
        if any(s == w and c == "JC" for s, c in cards) and e["number"] == 13:
            want.append((w, "karlchen", 1))
        want.append((e["leader"], "lead", 1))
        got = []
        for f in events[i + 1:]:
            if f["event"] != "award":
                break
            got.append((f["seat"], f["name"], f["points"]))
        assert got == want, (e, got, want)
        checked += 1
    return checked


def test_referee_random_games():
    rules = ruleplay.load_game(RULES)
    tricks = 0
    for seed in range(12):
        s = rules.new_initial_state(seed=seed, check=True)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        events = s.events()
        tricks += referee(events)
        for score in (e for e in events if e["event"] == "score"):
            assert sum(score["points"]) >= 13               # every trick gives its leader a point
    assert tricks >= 12 * 13


def test_copy_mid_trick_reads_its_own_trick():
    """A copy taken inside a trick reads s.played from its own trick: the ace of diamonds played after the copy
    was taken is caught in both. (3S on top of the dealer's hand: spades are trumps.)"""
    deal = Deal(hands=[["5D", "5H", "3C"], ["AD", "4D", "JC"], ["2S", "7H", "2C"], ["3S", "9D", "4C"]], dealer=3)
    s = ruleplay.load_game(RULES).new_initial_state(seed=1, deal=deal, check=True)
    step(s, "5D")
    copy = s.clone()
    for st in (s, copy):
        step(st, "AD", "2S")            # seat 2 trumps seat 1's ace (9D forced)
    foxes = [[(e["seat"], e["points"]) for e in st.events() if e["event"] == "award" and e["name"] == "fox"]
             for st in (s, copy)]
    assert foxes == [[(2, 1)], [(2, 1)]]
    assert clone_plays_on_alike(copy) == copy.events()


def test_explain_says_the_awards():
    text = sheet_text(load(RULES))
    assert "After each trick, its winner scores fox (an opponent's ace of diamonds caught): the number of " \
           "players for whom the name of their card in the trick is AD" in text
    assert "After each trick, the leader scores lead: 1" in text


@pytest.mark.parametrize("award, message", [
    ("tricks: {points: 1}", "'tricks' is already a name of this phase"),
    ("played: {points: 1}", "'played' is already a name of this phase"),
    ("fox: {points: \"actor\"}", "[phases.play.awards.fox.points]"),
    ("fox: {points: 1, to: 3 + 1}", "[phases.play.awards.fox.to]"),
])
def test_placed_errors(tmp_path, capsys, award, message):
    err = validate_errors(tmp_path, capsys, f"name: bad\nextends: whist\nphases:\n  play:\n    awards:\n      {award}\n")
    assert message in err
    assert "bad.yaml:6:" in err


def counted(text: str):
    """The aggregate's body and the rest of its children, under the grammar's one-child levels."""
    agg = next(parse(text).find_data("aggregate"))
    return unwrap(agg.children[1]), agg.children[2:]


def test_count_of_a_filtered_list_is_a_count_of_its_condition():
    assert counted("count(x for x in seats if x.tricks > 2)") == counted("count(x.tricks > 2 for x in seats)")
    assert counted("count(c for c in hand)") == counted("count(true for c in hand)")
    assert counted("count(c.rank == 'A' for c in hand)") != counted("count(true for c in hand)")
    assert counted("sum(1 for c in hand if c.rank == 'A')")[0] != counted("count(c.rank == 'A' for c in hand)")[0]

"""Draws by lot (`lot: {number: [1, 6], set: roll}`, `lot: {seat: COND, set: NAME}`) on tests/data/slowest.yaml:
a die and a player drawn each hand. From the logs of seeded games: every roll is 1 to 6 and each value comes up,
the player drawn is never the dealer and loses the roll; at a chance table (OpenSpiel's) each lot is one
chance node over exactly its outcomes, and the outcome chosen is the value set. Misuse is a placed error."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.decision import CHANCE
from ruleplay.pipeline import load
from ruleplay.tools.cli import main

SLOWEST = Path(__file__).parent / "data" / "slowest.yaml"


def test_lots_referee():
    rules = load(str(SLOWEST))
    rolls, drawn = Counter(), Counter()
    for seed in range(12):
        r = play(rules, seed=seed, check=True)
        dealer = roll = None
        for e in r.events:
            if e["event"] == "deal":
                dealer = e["dealer"]
            elif e["event"] == "set" and e["name"] == "roll":
                roll = e["value"]
                rolls[roll] += 1
            elif e["event"] == "set" and e["name"] == "slowest":
                slowest = e["value"]
                assert slowest != dealer
                drawn[slowest] += 1
            elif e["event"] == "score":
                assert e["points"] == [-roll if s == slowest else 0 for s in range(3)]
    assert sorted(rolls) == [1, 2, 3, 4, 5, 6] and sorted(drawn) == [0, 1, 2]


def test_a_lot_is_one_chance_node_at_a_chance_table():
    state = ruleplay.load_game(str(SLOWEST)).new_initial_state(3, chance=True)
    while True:                        # the deal's draws (cards), then the die
        assert state.current_player() == CHANCE
        outcomes = state.chance_outcomes()
        if state.action_to_string(outcomes[0][0]).endswith(" drawn"):
            break
        state.apply_action(outcomes[0][0])
    assert [p for _, p in outcomes] == [pytest.approx(1 / 6)] * 6
    assert [state.action_to_string(a) for a, _ in outcomes] == [f"{k} drawn" for k in range(1, 7)]
    state.apply_action(outcomes[4][0])                                  # a five
    seats = state.chance_outcomes()
    dealer = next(e["dealer"] for e in state.events() if e["event"] == "deal")
    assert sorted(a for a, _ in seats) == [s for s in range(3) if s != dealer]
    state.apply_action(seats[-1][0])
    sets = {e["name"]: e["value"] for e in state.events() if e["event"] == "set"}
    assert sets == {"roll": 5, "slowest": seats[-1][0]}


@pytest.mark.parametrize("lot, message", [
    ('{number: [1, 6], seat: "s != actor", set: roll}', "a lot draws a player (seat: a condition over s) or a number"),
    ('{seat: "s != dealer", set: roll}', "'roll' holds a int, but a lot of a player gives a seat"),
    ("{number: [1, 99], set: roll}", "at most 7 numbers"),
])
def test_a_bad_lot_is_placed(tmp_path, capsys, lot, message):
    bad = tmp_path / "bad.yaml"
    bad.write_text(SLOWEST.read_text(encoding="utf-8").replace("lot: {number: [1, 6], set: roll}", "lot: " + lot),
                   encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "error [phases.roll.start[0].lot" in err and message in err

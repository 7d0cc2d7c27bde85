"""Counters of the table (`counters: {pot: {start: 0, of: table}}`): one value read by its bare name, set by a
`tally` and by a `turns` phase's `set`/`add`, kept across hands, part of the cycle key and of copies, and
refused where its name is already a name."""
from __future__ import annotations

import pytest

import ruleplay
from ruleplay.errors import RuleplayError

GAME = """\
name: pot-test
description: a pot that carries over
players: 2
deck: {ranks: [A, 2], suits: [S]}
counters:
  pot: {start: 5, of: table}
  chips: {start: 0}
zones:
  hand: {owner: seat}
deal: {to: hand, count: 1}
phases:
  play:
    kind: turns
    track: {turns: 0}
    until: "turns >= 2"
    moves:
      take:
        description: "take a chip from the pot"
        if: "pot > 0"
        do: [{add: {pot: -1, actor.chips: 1, turns: 1}}]
      pass:
        description: "nothing"
        do: [{add: {turns: 1}}]
  refill:
    kind: tally
    set: {pot: "pot + 1"}
scoring:
  points: "s.chips"
match:
  end: "hand-number >= 3 or pot == 0"
  winners: {highest: s.score}
"""


def game(tmp_path, text=GAME):
    p = tmp_path / "pot.yaml"
    p.write_text(text, encoding="utf-8")
    return ruleplay.load_game(str(p))


def test_set_by_turns_and_tally_and_kept_across_hands(tmp_path):
    s = game(tmp_path).new_initial_state(seed=1)
    labels = []
    while not s.is_terminal():
        by = {s.action_to_string(a): a for a in s.legal_actions()}
        labels.append("take" if "take" in by else "pass")
        s.apply_action(by[labels[-1]])
    assert labels == ["take"] * 6
    # 5 - 2 + 1 = 4 after hand 1, 3 after hand 2, 2 after hand 3
    tallies = [e["counters"] for e in s.events() if e["event"] == "tally"]
    assert tallies == [{"pot": 4}, {"pot": 3}, {"pot": 2}]
    assert s.table_counters() == {"pot": 2}
    assert s.counters() == {"chips": [3, 3]}


def test_a_copy_has_its_own_pot_and_the_cycle_key_reads_it(tmp_path):
    s = game(tmp_path).new_initial_state(seed=1)
    c = s.clone()
    c.apply_action(next(a for a in c.legal_actions() if c.action_to_string(a) == "take"))
    assert c.table_counters() == {"pot": 4} and s.table_counters() == {"pot": 5}
    t = s._table if hasattr(s, "_table") else s._run.t
    before = t.state_key()
    t.table_counters["pot"] += 1
    assert t.state_key() != before
    t.table_counters["pot"] -= 1


def test_the_rule_sheet_says_what_the_tally_sets(tmp_path):
    from ruleplay.tools.explain.sheet import sheet_text
    text = sheet_text(game(tmp_path).rules)
    assert "sets the table's pot to pot + 1" in text
    assert "Counter pot: one value of the table" in text


@pytest.mark.parametrize("change,message", [
    (("hand: {owner: seat}", "hand: {owner: seat}\n  pot: {owner: table}"), "same name as a zone"),
    (("phases:", "define:\n  pot: \"1\"\nphases:"), "same name as a definition"),
    (("pot: {start: 5, of: table}", "actor: {start: 5, of: table}"), "same name as a reserved name"),
    (("pot: {start: 5, of: table}", "target: {start: 5, of: table}"), "a name rules bind in places"),
    (("track: {turns: 0}", "track: {turns: 0, pot: 1}"), "'pot' is a name phase 'play' defines, but it is already"),
])
def test_a_table_counter_named_like_another_name_is_refused(tmp_path, change, message):
    with pytest.raises(RuleplayError) as e:
        game(tmp_path, GAME.replace(*change))
    assert message in str(e.value)


def test_the_learning_tensor_carries_the_pot_after_each_seats_counters():
    pytest.importorskip("numpy")
    from ruleplay.adapters.tensors import Layout
    g = ruleplay.load_game("in-between", players=3)
    s = g.new_initial_state(seed=1)
    layout = Layout(g)
    out = layout.encode(s, 0)
    at = layout.at["counters"]
    assert [round(float(x), 2) for x in out[at:at + 4]] == [-0.01, -0.01, -0.01, 0.03]   # won x 3, then the pot


def test_a_fork_has_its_own_pot(tmp_path):
    s = game(tmp_path).new_initial_state(seed=1)
    assert s.forkable
    f = s.fork(answer=[None, None])
    assert f is not None and f.table_counters() == {"pot": 5}
    f.apply_action(next(a for a in f.legal_actions() if f.action_to_string(a) == "take"))
    assert f.table_counters() == {"pot": 4} and s.table_counters() == {"pot": 5}

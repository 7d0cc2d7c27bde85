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
    (("hand: {owner: seat}", "hand: {owner: seat}\n  pot: {owner: table, visibility: public}"), "same name as a zone"),
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


BANK = __import__("pathlib").Path(__file__).parent / "data" / "bank.yaml"


def test_a_table_counter_holds_a_player_across_hands():
    """`counters: {banker: {type: seat, of: table}}`: none until a lot draws one, read as a seat (`banker.hand`,
    `s == banker`), set by a tally to a seat; from the log, the bank stays with a banker whose card was highest,
    else passes to the left, and each hand's points go to the banker after the tally."""
    from ruleplay.agents import play
    from ruleplay.pipeline import load
    rules = load(str(BANK))
    kept = passed = 0
    for seed in range(10):
        events = play(rules, seed, bots=["random"] * 3).events
        banker, hands = None, []
        for e in events:
            if e["event"] == "deal":
                hands = [h[0] for h in e["hands"]]
            elif e["event"] == "set" and e["name"] == "banker":
                banker = e["value"]
            elif e["event"] == "tally":
                order = "23456789TJQKA"
                rank = lambda c: order.index(c[:-1].replace("10", "T"))          # noqa: E731
                best = max(rank(c) for c in hands)
                want = banker if rank(hands[banker]) >= best else (banker + 1) % 3
                assert e["counters"]["banker"] == want, (seed, hands, banker)
                kept += want == banker
                passed += want != banker
                banker = want
            elif e["event"] == "score":
                assert e["points"] == [1 if s == banker else 0 for s in range(3)]
    assert kept > 5 and passed > 5


def test_the_learning_tensor_places_the_banker_from_the_looker():
    pytest.importorskip("numpy")
    from ruleplay.adapters.tensors import Layout
    g = ruleplay.load_game(str(BANK))
    s = g.new_initial_state(seed=2)
    while not s.is_terminal() and s.table_counters()["banker"] is None:
        s.apply_action(s.legal_actions()[0])
    banker = s.table_counters()["banker"]
    layout = Layout(g)
    at = layout.at["counters"] + len(g.rules.counters) * 3
    for me in range(3):
        assert round(float(layout.encode(s, me)[at]) * 100) == (banker - me) % 3 + 1


@pytest.mark.parametrize("change, message", [
    (("banker: {type: seat, of: table,", "banker: {type: seat,"), "a counter holding a player is one of the table"),
    (("add: {banker.banks: 1}", "add: {banker: 1}"), "'banker' is not a number: `add` needs one"),
    (("banker if banker.hand.top.order >= max(x.hand.top.order for x in seats) else left-of(banker)",
      "banker.hand.size"), "gives int, but seat is expected"),
])
def test_a_player_counter_misused_is_a_placed_error(tmp_path, capsys, change, message):
    from conftest import validate_errors
    text = BANK.read_text()
    assert change[0] in text
    assert message in validate_errors(tmp_path, capsys, text.replace(*change))


def test_a_value_holding_a_player_is_told_as_the_player():
    """The table a person plays at tells a table counter of `type: seat` and a tracked seat as the player
    ("banker: now You.", Old Maid's "giver: now Seat 1."), not as a bare number."""
    from ruleplay.tools.play.seat import Narrator
    for name, want in ((str(BANK), "banker: now "), ("old-maid", "giver: now ")):
        g = ruleplay.load_game(name)
        s = g.new_initial_state(seed=1)
        while not s.is_terminal() and not any(e["event"] == "set" and e.get("name") == want.split(":")[0]
                                              and e.get("value") is not None for e in s.events()):
            s.apply_action(s.legal_actions()[0])
        ev = next(e for e in s.events() if e["event"] == "set" and e.get("name") == want.split(":")[0]
                  and e.get("value") is not None)
        for me in range(g.rules.players):
            told = Narrator(me, g.rules, len(g.rules.deck.names)).tell(ev)
            assert told == [want + ("You." if ev["value"] == me else f"Seat {ev['value']}.")], (name, told)


def test_the_tables_header_says_a_value_holding_a_player_as_the_player():
    """Old Maid's drawer and giver (tracked seats) on the terminal's and the web's header: "You" or "Seat N"."""
    from ruleplay.tools.play.seat import facts
    g = ruleplay.load_game("old-maid")
    s = g.new_initial_state(seed=2)
    names = g.rules.seat_valued
    assert {"drawer", "giver"} <= names
    for me in range(g.rules.players):
        v = s.seat_view(me)
        _, table = facts(v, names)
        for k in ("drawer", "giver"):
            raw = v.public[k]
            assert table[k] == ("You" if raw == me else f"Seat {raw}"), (me, k, table)


def test_run_v_says_a_value_holding_a_player_as_the_player(capsys):
    """`ruleplay run -v`: a tracked seat (Durak's attacker) and a table counter of `type: seat` (Casino's
    last capturer) are told "attacker: now Seat 2.", as the rest of the account names players; a number
    that is not a player stays a number (Durak's limit)."""
    import re
    from ruleplay.tools.cli import main
    for name, key in (("durak", "attacker"), ("casino", "last")):
        assert main(["run", name, "--seed", "3", "-v"]) == 0
        out = capsys.readouterr().out
        told = re.findall(rf"^  {key}: now (.*)\.$", out, re.M)
        assert told and all(re.fullmatch(r"Seat \d", t) for t in told), (name, told[:5])
    assert main(["run", "durak", "--seed", "3", "-v"]) == 0
    assert re.search(r"^  limit: now \d+\.$", capsys.readouterr().out, re.M)

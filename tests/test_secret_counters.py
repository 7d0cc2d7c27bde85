"""A counter each seat alone knows (`counters: {NAME: {visibility: owner}}`): a hidden mark such as a secret
partner. The rules read every seat's value; a seat learns only its own, from the events (a tally's
`secret-tally`, a turns `set`), its table view, `State.counters(seat)` and its tensors."""
from __future__ import annotations

import pytest

import ruleplay
from ruleplay.engine.run import Deal
from ruleplay.errors import RuleplayError
from ruleplay.pipeline import load

GAME = """name: marks
description: Each player is dealt a secret mark; then each, in turn, may add one to it or pass.
players: 3
deck: {ranks: [A, 2, 3], suits: [C, D]}
zones:
  hand: {owner: seat, visibility: owner}
counters:
  mark: {start: 0, visibility: owner, description: the secret mark}
  shown: {start: 0, description: a public count}
deal: {to: hand, count: 2}
phases:
  marking:
    kind: tally
    set: {mark: "10 + s.index", shown: "s.index"}
  play:
    kind: turns
    track: {turns: 0}
    until: "turns >= 3"
    moves:
      up:
        do:
          - add: {actor.mark: 1, turns: 1}
      wait:
        do:
          - add: {turns: 1}
scoring:
  points: "s.mark"
"""


@pytest.fixture
def state(tmp_path):
    p = tmp_path / "marks.yaml"
    p.write_text(GAME, encoding="utf-8")
    game = ruleplay.load_game(str(p))
    return game.new_initial_state(seed=1, deal=Deal([["AC", "2C"], ["3C", "AD"], ["2D", "3D"]], dealer=2))


def test_each_seat_learns_its_own_mark_only(state):
    s = state
    while not s.is_terminal() and s.current_player() != 1:
        s.apply_action(s.legal_actions()[0])
    for seat in range(3):
        events = s.seat_events(seat)
        secret = next(e for e in events if e["event"] == "secret-tally")
        assert secret["values"] == [10 + seat if x == seat else None for x in range(3)]
        public = next(e for e in events if e["event"] == "tally")
        assert public["counters"] == {"shown": [0, 1, 2]}            # the public counter, as ever
        sets = [e for e in events if e["event"] == "set" and e["name"] == "mark"]
        assert sets and all((e["value"] is not None) == (e["seat"] == seat) for e in sets)
        view = s.seat_view(seat)
        assert view.public["mark"] == [10 + seat + (seat == 0) if x == seat else None for x in range(3)]
        assert view.public["shown"] == [0, 1, 2]
        assert s.counters(seat)["mark"] == view.public["mark"]
    assert s.counters()["mark"] == [11, 11, 12]                    # the referee's (the rules') view: all of them


def test_a_secret_mark_is_left_out_of_other_seats_tensors(state):
    from ruleplay.adapters.tensors import Layout
    s = state
    s.apply_action(s.legal_actions()[0])                            # seat 0 adds one: 11
    lay = Layout(s.game)
    at = lay.at["counters"]
    for seat in range(3):
        t = lay.encode(s, seat)
        marks = [round(float(t[at + (x - seat) % 3]) * 100) for x in range(3)]
        assert marks == [11 if x == 0 and seat == 0 else 10 + x if x == seat else 0 for x in range(3)]


def test_the_table_account_and_narration_keep_the_secret(state, tmp_path, capsys):
    from ruleplay.tools.cli import main
    p = tmp_path / "marks.yaml"
    assert main(["run", str(p), "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "mark (each seat knows its own): seat 0 10, seat 1 11, seat 2 12." in out   # the account tells all
    assert main(["explain", str(p)]) == 0
    assert "Counter mark: kept across hands, starting at 0, each player's known to that player alone; the secret " \
           "mark." in capsys.readouterr().out
    from ruleplay.tools.play.seat import Narrator
    s = state
    s.apply_action(s.legal_actions()[0])
    narrator = Narrator(1, s.game.rules, s.game.space.cards)
    lines = [ln for ev in s.events() for ln in narrator.tell(ev)]      # told from the whole log, as seat 1 knows it
    assert "Seat 0's mark changes (that seat alone knows it)." in lines
    assert "mark: You 11" in lines and not any("Seat 0 10" in ln or "Seat 2 12" in ln for ln in lines)


def test_a_table_counter_cannot_be_secret(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text(GAME.replace("  shown: {start: 0, description: a public count}",
                              "  shown: {start: 0, description: a public count}\n  pot: {of: table, visibility: owner}"),
                 encoding="utf-8")
    with pytest.raises(RuleplayError) as e:
        load(str(p))
    assert "a table counter is one value for everyone: it cannot be known by one seat alone" in str(e.value)

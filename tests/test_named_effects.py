"""Named effects: a list under the file's `effects:` run wherever an effect list says its name, as it says
`again` (testers wished for reusable steps: Spite and Malice's refill-then-draw, Mau-Mau's three draws).
Checked where it runs, placed at its own lines, refused when it runs itself, noted when nothing runs it."""
from __future__ import annotations

import random

import ruleplay
from conftest import hand_of, validate_errors
from ruleplay.pipeline import load
from ruleplay.resources import builtin_path
from ruleplay.tools.explain.sheet import sheet_text

DRAW_UP = """name: draw-up
description: Before and after every turn the player in turn draws up to three cards; they discard one a turn.
players: 2
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
  discards: {owner: table, visibility: public}
deal: {to: hand, count: 1, rest: stock}
effects:
  draw-up:
    - if: "actor.hand.size < 3 and stock.size >= 3 - actor.hand.size"
      then: [{move: {from: stock, to: hand, count: "3 - actor.hand.size"}}]
phases:
  play:
    kind: turns
    until: "stock.size < 3"
    before-turn: [draw-up]
    after-turn: [draw-up]
    moves:
      discard:
        choose: {card: hand}
        do: [{move: {from: hand, to: discards}}]
"""


def _game(tmp_path, text: str):
    p = tmp_path / "g.yaml"
    p.write_text(text, encoding="utf-8")
    return ruleplay.Game(load(str(p)))


def test_a_named_list_runs_where_its_name_stands(tmp_path):
    """The player in turn holds 3 cards at every decision (drawn up before the turn), and 2 after discarding
    until the after-turn draw-up: the same as writing the list out twice."""
    g = _game(tmp_path, DRAW_UP)
    steps = DRAW_UP.split("effects:\n  draw-up:\n")[1].split("phases:")[0].replace("\n    ", "\n        ")
    written = DRAW_UP.split("effects:")[0] + "phases:" + DRAW_UP.split("phases:")[1].replace(
        "    before-turn: [draw-up]\n    after-turn: [draw-up]\n",
        "    before-turn: &up\n    " + steps.rstrip() + "\n    after-turn: *up\n")
    assert "effects:" not in written
    other = _game(tmp_path, written)
    for seed in range(4):
        s, t = g.new_initial_state(seed), other.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            assert len(hand_of(s, s.decision().seat)) == 3
            a = rng.choice(s.legal_actions())
            s.apply_action(a)
            t.apply_action(a)
        assert t.is_terminal() and s.events() == t.events()


def test_the_sheet_says_the_steps_once_and_their_name_where_they_run(tmp_path):
    text = sheet_text(_game(tmp_path, DRAW_UP).rules)
    assert "Steps named in these rules:\n  draw-up: if the number of cards in the player's hand is less than 3" in text
    assert "At the start of every turn, before the player chooses: draw-up." in text


def test_errors_are_placed_at_the_named_list_and_its_use(tmp_path, capsys):
    bad = DRAW_UP.replace('count: "3 - actor.hand.size"', 'count: "3 - actor.hnd.size"')
    err = validate_errors(tmp_path, capsys, bad)
    assert "bad.yaml:13:" in err and "[effects.draw-up[0].then[0].move.count]" in err   # its own line
    err = validate_errors(tmp_path, capsys, DRAW_UP.replace("after-turn: [draw-up]", "after-turn: [draw-upp]"))
    assert "[phases.play.after-turn[0]]: unknown effect 'draw-upp'\n    hint: did you mean 'draw-up'?" in err
    err = validate_errors(tmp_path, capsys, DRAW_UP.replace("      then: [{move:", "      then: [draw-up, {move:"))
    assert "the effects 'draw-up' run themselves (draw-up -> draw-up)" in err
    err = validate_errors(tmp_path, capsys, DRAW_UP.replace("    before-turn: [draw-up]\n", "    start: [draw-up]\n")
                          .replace("then: [{move:", "then: [again, {move:"))
    assert "[phases.play.start[0]]: `again` in `start`" in err


def test_a_named_list_nothing_runs_is_noted(tmp_path, capsys):
    from ruleplay.tools.cli import main
    p = tmp_path / "g.yaml"
    p.write_text(DRAW_UP.replace("    before-turn: [draw-up]\n    after-turn: [draw-up]\n", ""), encoding="utf-8")
    assert main(["validate", str(p)]) == 0
    out, err = capsys.readouterr()
    assert "note [effects.draw-up]: the effects 'draw-up' are never run (with these options), so they are not " \
           "checked" in out + err


def test_switch_writes_its_new_stock_once():
    text = builtin_path("switch").read_text(encoding="utf-8")
    assert text.count("refill: [new-stock]") == 4 and text.count("shuffle: stock") == 1


def test_every_player_under_who_is_noted_where_it_stands(tmp_path, capsys):
    """`every-player` in a phase with `who` runs for the players who take turns there, not every player: a
    note says so at the effect, also when a named list holds it (a tester dealt the others nothing and lost
    the cards)."""
    from ruleplay.tools.cli import main
    p = tmp_path / "who.yaml"
    p.write_text("extends: switch\nname: who\neffects:\n  one-each: [{every-player: [{move: {from: stock, to: hand, "
                 "count: 1}}]}]\nphases:\n  play:\n    who: \"s != dealer\"\n    start:\n      - move: {from: stock, "
                 "to: pile, count: 1}\n      - one-each\n", encoding="utf-8")
    assert main(["validate", str(p)]) == 0
    out, err = capsys.readouterr()
    assert "note [phases.play.start[1]]: every-player here runs for the players who take turns in this phase " \
           "(who: s != dealer), not for every player" in out + err


def test_an_error_in_a_named_list_used_twice_is_said_once(tmp_path, capsys):
    """The list is checked at each use, and the same error at the same line came once per use (a tester's
    find); every error is said once."""
    err = validate_errors(tmp_path, capsys, DRAW_UP.replace("      then: [{move:", "      then: [draw-up, {move:"))
    assert err.count("the effects 'draw-up' run themselves") == 1
    err = validate_errors(tmp_path, capsys, DRAW_UP.replace('count: "3 - actor.hand.size"', 'count: "3 - actor.hnd"'))
    assert err.count("[effects.draw-up[0].then[0].move.count]") == 1

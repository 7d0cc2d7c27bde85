"""Answers to answers (`reopens: true`): a counter countered in turn (Cuttle's twos), a raise raised again
(Truco). Hand-made deals, the chain checked answer by answer, a copy of the game taken inside the chain, and
the validation of a race that would chain."""
from __future__ import annotations

import json
import random

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

from conftest import ev, validate_errors

CHAIN = """
name: chain
description: A king played may be countered with a two, the counter countered with a two, and so on.
players: 2
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  pile: {owner: table, visibility: public}
  stock: {owner: table, visibility: hidden}
deal: {to: hand, count: 3, rest: stock}
phases:
  play:
    kind: turns
    track: {counters: 0, kings: 0}
    until: "all(x.hand.empty for x in seats)"
    moves:
      attack:
        if: "any(c.rank == 'K' for c in actor.hand)"
        do:
          - move: {from: hand, to: pile, where: "card.rank == 'K'", count: 1}
          - set: {counters: 0}
        respond:
          moves:
            counter:
              if: "any(c.rank == '2' for c in actor.hand)"
              prefer: "1"
              do:
                - move: {from: hand, to: pile, where: "card.rank == '2'", count: 1}
                - add: {counters: 1}
              reopens: true
      discard:
        choose: {card: hand}
        do: [{move: {from: hand, to: pile}}]
    after-turn:
      - if: "counters % 2 == 0 and pile.size > 0 and kings < 10"
        then: [{add: {kings: 1}}]
scoring:
  points: "0"
"""


@pytest.fixture
def chain(tmp_path):
    path = tmp_path / "chain.yaml"
    path.write_text(CHAIN, encoding="utf-8")
    return path


def _answers(state) -> list[tuple[int, int]]:
    return [(e["seat"], e["to"]) for e in state.events() if e["event"] == "respond"]


def _choose(state, label: str) -> None:
    g = state.game
    state.apply_action(next(a for a in state.legal_actions() if g.space.label(a) == label or
                            (state.decision().labels or {}).get(a) == label))


# Seat 0 (KC 2H 5S) attacks with its king. Seat 1 (2C 2D 9S) counters with a two; the window reopens on the
# counter, and seat 0 (2H left) may counter it: it does. Reopened on seat 0's counter, seat 1 counters with
# its second two. Seat 0 has no two left: the chain ends after three counters (seat 1 to 0, 0 to 1, 1 to 0),
# an odd number: the king is countered.
def test_a_counter_is_countered_in_turn_until_nobody_can(chain):
    game = ruleplay.load_game(str(chain))
    s = game.new_initial_state(1, Deal([["KC", "2H", "5S"], ["2C", "2D", "9S"]], rest=["3C", "4C"], dealer=1))
    _choose(s, "attack")
    for label in ("attack: counter", "attack: counter", "attack: counter"):
        _choose(s, label)
    assert _answers(s) == [(1, 0), (0, 1), (1, 0)]
    moved = [e["cards"] for e in s.events() if e["event"] == "move"]
    assert moved[:4] == [["KC"], ["2C"], ["2H"], ["2D"]]         # (then the last cards, each the only one)
    assert [e["value"] for e in s.events() if e["event"] == "set" and e["name"] == "counters"][-1] == 3


# The same deal, seat 0 letting seat 1's counter stand (pass): the chain stops at one answer.
def test_a_pass_ends_the_chain(chain):
    game = ruleplay.load_game(str(chain))
    s = game.new_initial_state(1, Deal([["KC", "2H", "5S"], ["2C", "2D", "9S"]], rest=["3C", "4C"], dealer=1))
    _choose(s, "attack")
    _choose(s, "attack: counter")
    _choose(s, "pass")
    assert _answers(s) == [(1, 0)]
    assert s.decision().seat == 1                 # the turn passes on when the window closes


def test_a_copy_inside_the_chain_goes_on_as_the_game(chain):
    """A copy taken at seat 0's answer to seat 1's counter, both played on with the same random choices, logs
    the same events as the game replayed from its seed."""
    game = ruleplay.load_game(str(chain))
    deal = Deal([["KC", "2H", "5S"], ["2C", "2D", "9S"]], rest=["3C", "4C"], dealer=1)
    s = game.new_initial_state(1, deal)
    _choose(s, "attack")
    _choose(s, "attack: counter")
    c = s.clone()
    picks = random.Random(3)
    while not c.is_terminal():
        c.apply_action(picks.choice(c.legal_actions()))
    twin = game.new_initial_state(1, deal)
    for a in s.history():
        twin.apply_action(a)
    picks = random.Random(3)
    while not twin.is_terminal():
        twin.apply_action(picks.choice(twin.legal_actions()))
    assert twin.events() == c.events()


@pytest.mark.parametrize("bots", ["random", "smart", "ismcts:6"])
def test_every_bot_plays_chains_to_the_end(chain, bots):
    rules = load(str(chain))
    for seed in range(3):
        r = play(rules, seed=seed, bots=bots, check=True)
        for e in ev(r, "respond"):
            assert e["seat"] != e["to"]


def test_the_sheet_says_an_answer_may_be_answered(chain):
    assert "the others may answer it in turn the same way, from its player's left" in sheet_text(load(str(chain)))


def test_a_race_cannot_chain(tmp_path, capsys):
    err = validate_errors(tmp_path, capsys, CHAIN.replace("        respond:\n          moves:",
                                                          "        respond:\n          race: true\n          moves:"))
    assert "error [phases.play.moves.attack.respond.moves.counter.reopens]: a race's answer cannot be answered" in err


def test_a_race_without_the_mover_is_said_so(tmp_path):
    """t34: `who: "s != mover"` in a race read "each player for whom the player is not mover"."""
    text = CHAIN.replace("              reopens: true\n", "").replace(
        "        respond:\n          moves:", "        respond:\n          race: true\n          who: \"s != mover\"\n          moves:")
    path = tmp_path / "race.yaml"
    path.write_text(text, encoding="utf-8")
    assert "Then each player other than the mover may answer at once, a race" in sheet_text(load(str(path)))


def test_the_sheet_says_a_reopened_window_goes_the_way_play_goes(tmp_path):
    """t39: in an anticlockwise game the sheet sent a reopened window "from its player's left"; play went right."""
    from ruleplay.pipeline import load
    from ruleplay.tools.explain.sheet import sheet_text
    p = tmp_path / "anti.yaml"
    p.write_text("""name: anti
description: Partners bid; an opponent may double, and the bidders redouble.
players: 4
teams: {alternate: 2}
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D]}
zones: {hand: {owner: seat, visibility: owner}}
deal: {to: hand, count: all}
table: {direction: anticlockwise, dealer: 0}
phases:
  auction:
    kind: turns
    track: {mult: 1}
    until: "mult > 1"
    moves:
      bid:
        do: [{set: {mult: 1}}]
        respond:
          who: "s.team != mover.team"
          moves:
            double: {if: "mult == 1", do: [{set: {mult: 2}}], reopens: true}
            redouble: {if: "mult == 2", do: [{set: {mult: 4}}]}
""", encoding="utf-8")
    text = sheet_text(load(str(p)))
    assert "from its player's right" in text and "from the mover's right" in text and "'s left" not in text


def test_a_lone_move_that_is_answered_is_logged(tmp_path, capsys):
    """t39: a phase's one move, with nothing to choose, left no trace in the log or -v, and the account began
    with "Seat 2 answers seat 3: double." to a bid never told. It is logged as a forced decision."""
    from ruleplay.tools.cli import main
    p = tmp_path / "lone.yaml"
    p.write_text("""name: lone
description: Each player bids in turn; an opponent may double.
players: 2
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D]}
zones: {hand: {owner: seat, visibility: owner}}
deal: {to: hand, count: all}
phases:
  auction:
    kind: turns
    track: {mult: 1}
    until: "mult > 1"
    moves:
      bid:
        do: [{set: {mult: 1}}]
        respond:
          moves:
            double: {prefer: 1, do: [{set: {mult: 2}}]}
""", encoding="utf-8")
    log = tmp_path / "l.jsonl"
    assert main(["run", str(p), "--seed", "1", "--bots", "smart", "-v", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "  Seat 0: bid (the only move).\n  Seat 1 chooses bid: double.\n" in out
    events = [json.loads(x) for x in log.read_text().splitlines()]
    assert (events[2]["event"], events[2]["seat"], events[2]["label"], events[2].get("forced")) == \
        ("decision", 0, "bid", True)

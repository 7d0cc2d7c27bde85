"""`before-turn`: effects at the start of every turn, before the player in turn chooses (draw a card at the
start of your turn: Kings in the Corner, Spite and Malice; a tester's wish). Their `end` ends the phase
before the player chooses; turn-order words there and a simultaneous phase refuse them with placed errors."""
from __future__ import annotations

import random

import ruleplay
from conftest import hand_of, validate_errors
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

DRAW_FIRST = """name: draw-first
description: Each turn the player in turn draws a card, then discards one; the deal ends when the stock is out.
players: 3
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
  discards: {owner: table, visibility: public}
deal: {to: hand, count: 5, rest: stock}
phases:
  play:
    kind: turns
    before-turn:
      - if: "stock.empty"
        then: [end]
        else: [{move: {from: stock, to: hand, count: 1}}]
    moves:
      discard:
        choose: {card: hand}
        prefer: "0 - card.order"
        do: [{move: {from: hand, to: discards}}]
scoring:
  points: "sum(c.order for c in s.hand)"
match:
  end: "true"
  winners: {lowest: s.score}
"""


def _game(tmp_path, text: str = DRAW_FIRST):
    p = tmp_path / "draw-first.yaml"
    p.write_text(text, encoding="utf-8")
    return ruleplay.Game(load(str(p)))


def test_the_player_in_turn_draws_before_choosing_and_the_stock_running_out_ends_the_phase(tmp_path):
    """At every decision the player holds 6 cards (5 dealt, 1 drawn as the turn starts), the others 5; 37 cards
    in the stock give 37 turns, then `end` stops the phase before anyone chooses again."""
    g = _game(tmp_path)
    for seed in range(5):
        s = g.new_initial_state(seed)
        rng, turns = random.Random(seed), 0
        while not s.is_terminal():
            d = s.decision()
            assert len(hand_of(s, d.seat)) == 6, (seed, turns)
            assert all(len(hand_of(s, q)) == 5 for q in range(3) if q != d.seat)
            s.apply_action(rng.choice(s.legal_actions()))
            turns += 1
        assert turns == 37
        ev = s.events()
        draws = [e for e in ev if e["event"] == "move" and e.get("from") == "stock"]
        discards = [e for e in ev if e["event"] == "move" and e.get("to") == "discards"]
        assert len(draws) == len(discards) == 37
        over = [e for e in ev if e["event"] == "turns-over"]
        assert [e["why"] for e in over] == ["end"]
        assert ev.index(over[0]) > ev.index(discards[-1])


def test_the_sheet_says_it(tmp_path):
    text = sheet_text(_game(tmp_path).rules)
    assert "At the start of every turn, before the player chooses: if the stock is empty" in text


def test_turn_order_words_and_simultaneous_refuse_it(tmp_path, capsys):
    out = validate_errors(tmp_path, capsys, DRAW_FIRST.replace("then: [end]", "then: [skip]"))
    assert "`skip` in `before-turn`: the turn order is changed by a move" in out
    out = validate_errors(tmp_path, capsys, DRAW_FIRST.replace("    kind: turns\n",
                                                                "    kind: turns\n    simultaneous: true\n"))
    assert "[phases.play.before-turn]: a simultaneous phase has no turn of one player to start" in out


def test_effects_written_once_are_used_twice_through_a_yaml_anchor(tmp_path):
    """docs/turns.md "The same effects in two places": `before-turn: &draw-up` and `after-turn: *draw-up`. The
    player in turn holds 5 cards at every decision (drawn up before), and after the move draws up again, so
    the next player's turn starts with the mover back at 5 while the stock lasts."""
    text = DRAW_FIRST.replace("""    before-turn:
      - if: "stock.empty"
        then: [end]
        else: [{move: {from: stock, to: hand, count: 1}}]
""", """    until: "stock.size < 5"
    before-turn: &draw-up
      - if: "actor.hand.size < 5 and stock.size >= 5 - actor.hand.size"
        then: [{move: {from: stock, to: hand, count: "5 - actor.hand.size"}}]
    after-turn: *draw-up
""")
    g = _game(tmp_path, text)
    s = g.new_initial_state(1)
    rng, turns = random.Random(1), 0
    while not s.is_terminal():
        d = s.decision()
        assert all(len(hand_of(s, q)) == 5 for q in range(3)), turns
        s.apply_action(rng.choice(s.legal_actions()))
        turns += 1
    assert turns == 33                       # 37 in the stock, one drawn a turn, until fewer than 5 are left

"""A draw that refills: `move: {from: stock, count: N, refill: [...]}` takes the cards the stock holds, runs the
refill effects once (the discards under their top card shuffled into a new stock), then the rest (a tester
found Switch's "pick up 4" giving 1 card from a one-card stock: the refill ran only on an empty stock)."""
from __future__ import annotations

import random

import ruleplay
from conftest import validate_errors
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

SHORT = """name: short-stock
description: Two cards in the stock, five in the pile; each player in turn draws four.
players: 2
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
  pile: {owner: table, visibility: public}
deal: {to: hand, count: 3, rest: stock}
phases:
  play:
    kind: turns
    track: {turns: 0}
    start:
      - move: {from: stock, to: pile, count: 5}
    until: "turns == 2"
    moves:
      draw:
        do:
          - move:
              from: stock
              to: hand
              count: 4
              refill: [{move: {from: pile, to: stock, where: "card != pile.top"}}, {shuffle: stock}]
          - add: {turns: 1}
"""


def _game(tmp_path, text: str = SHORT):
    p = tmp_path / "short.yaml"
    p.write_text(text, encoding="utf-8")
    return ruleplay.Game(load(str(p)))


def test_a_short_stock_gives_its_cards_then_the_refilled_rest(tmp_path):
    """13 cards: 3 + 3 dealt, 5 to the pile, 2 left. The first draw of 4 takes the 2 stock cards, turns the
    4 pile cards under the top into a new stock, and takes 2 of them; the second draw takes the last 2 and
    finds the pile (its top card alone) unable to refill: 2 cards, not 4. Seed 0, by hand: the stock QC 3C,
    the pile 5C 4C KC 7C under JC; seat 0 draws QC 3C, then 4C 7C of the shuffled four, seat 1 the other two."""
    g = _game(tmp_path)
    for seed in range(6):
        ev = g.new_initial_state(seed).events()        # no choice to make: the draws are played at once
        rest = next(e for e in ev if e["event"] == "deal")["rest"]
        moves = [(e["from"], e["to"], e["cards"], e.get("to_seat")) for e in ev if e["event"] == "move"]
        assert moves[0] == ("stock", "pile", rest[:5], None)
        first, refill, second, third = moves[1:]
        assert first[:3] == ("stock", "hand", rest[5:]) and refill[:3] == ("pile", "stock", rest[:4])
        assert second[:2] == ("stock", "hand") and len(second[2]) == 2 and set(second[2]) < set(rest[:4])
        assert third[:2] == ("stock", "hand") and sorted(second[2] + third[2]) == sorted(rest[:4])
        assert first[3] == second[3] != third[3]
        if seed == 0:
            assert (first[2], refill[2], second[2], third[2]) == \
                (["QC", "3C"], ["5C", "4C", "KC", "7C"], ["4C", "7C"], ["5C", "KC"])


def test_enough_cards_is_the_plain_move(tmp_path):
    """With the stock holding four or more, no refill runs: the same events as a move without `refill`."""
    text = SHORT.replace("count: 5}", "count: 1}").replace("count: 4\n", "count: 2\n")
    plain = text.replace("\n              refill: [{move: {from: pile, to: stock, where: \"card != pile.top\"}}, "
                         "{shuffle: stock}]", "")
    assert plain != text
    for seed in range(4):
        a, b = _game(tmp_path, text).new_initial_state(seed), _game(tmp_path, plain).new_initial_state(seed)
        rng = random.Random(seed)
        while not a.is_terminal():
            act = rng.choice(a.legal_actions())
            a.apply_action(act)
            b.apply_action(act)
        assert a.events() == b.events()


def test_switch_pick_up_four_from_a_one_card_stock(capsys):
    """Switch, seed 29: a two of diamonds makes seat 0 pick up 4 with one card in the stock: JD, then the pile
    under its top card becomes the stock, then three more (the tester's game gave 1 card)."""
    from ruleplay.tools.cli import main
    assert main(["run", "switch", "--seed", "29", "-v"]) == 0
    out = capsys.readouterr().out
    at = out.index("pick-up: now 4.\n  JD goes from stock")        # (the pick-up, seat 0's only move, is forced)
    lines = out[at:].splitlines()[1:5]
    assert lines[0] == "  JD goes from stock to seat 0's hand."
    assert lines[1].endswith(" go from pile to stock.") and lines[2] == "  stock is shuffled."
    assert lines[3].startswith("  ") and lines[3].endswith(" go from stock to seat 0's hand.")
    assert len(lines[3].split(" go from")[0].split(", ")) == 3


def test_the_sheet_says_it_and_misuse_is_refused(tmp_path, capsys):
    assert "the top 4 cards of stock go to the player's hand (when stock holds fewer: the cards it holds, then " \
           "the cards of pile" in " ".join(sheet_text(_game(tmp_path).rules).split())
    err = validate_errors(tmp_path, capsys, SHORT.replace("count: 4\n", "all: true\n"))
    assert "error [phases.play.moves.draw.do[0].move.refill]: refill is for a draw of the top N cards" in err
    err = validate_errors(tmp_path, capsys, SHORT.replace("count: 4\n", "count: 4\n              where: \"true\"\n"))
    assert "[phases.play.moves.draw.do[0].move.where]" in err
    err = validate_errors(tmp_path, capsys, SHORT.replace("{shuffle: stock}", "{shuffle: stok}"))
    assert "[phases.play.moves.draw.do[0].move.refill[1].shuffle]" in err

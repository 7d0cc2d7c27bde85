"""A pile's number in its family (`col3`: 3) as `each-number` in an every-pile effect and `source-number` /
`dest-number` for the piles a move chose (testers' wishes: a layout of 1, 2, 3... cards by column in one
effect, piles paired by number without a chain of ifs); 0 for a zone of its own."""
from __future__ import annotations

import ruleplay
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

STAIRS = """name: stairs
description: Column k gets k cards; a card may move only from a column to the next one up.
players: 1
deck: {ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K], suits: [S]}
zones:
  hand: {owner: seat}
  stock: {owner: table, visibility: hidden}
  col: {owner: table, visibility: public, count: 4}
  spare: {owner: table, visibility: public}
deal: {to: hand, count: 0, rest: stock}
phases:
  play:
    kind: turns
    track: {moved: 0}
    start:
      - every-pile: {of: col, do: [{move: {from: stock, to: each, count: each-number}}]}
    until: "moved == 2"
    moves:
      climb:
        choose: {from-pile: [col, spare], to-pile: col}
        legal: "source-size > 0 and dest-number == source-number + 1"
        do:
          - move: {from: source, to: dest, count: 1}
          - add: {moved: 1}
"""


def _game(tmp_path):
    p = tmp_path / "stairs.yaml"
    p.write_text(STAIRS, encoding="utf-8")
    return ruleplay.Game(load(str(p)))


def test_each_number_lays_out_one_two_three_four(tmp_path):
    s = _game(tmp_path).new_initial_state(seed=1)
    moves = [e for e in s.events() if e["event"] == "move"]
    assert [(e["to"], len(e["cards"])) for e in moves] == [("col1", 1), ("col2", 2), ("col3", 3), ("col4", 4)]


def test_the_chosen_piles_numbers_pair_them(tmp_path):
    """From col k to col k+1 only (the spare pile, number 0, is empty, so it offers nothing): three moves."""
    s = _game(tmp_path).new_initial_state(seed=1)
    first = sorted(s.action_to_string(a) for a in s.legal_actions())
    assert len(first) == 3, first
    s.apply_action(s.legal_actions()[0])
    dests = [(e["from"], e["to"]) for e in s.events() if e["event"] == "move"][4:]
    assert dests in ([("col1", "col2")], [("col2", "col3")], [("col3", "col4")])


def test_the_sheet_reads_it(tmp_path):
    text = sheet_text(_game(tmp_path).rules)
    assert "for each of the col piles (each): (cards from the top of stock, as many as the number of the pile in its " \
        "family, go to that pile)" in text and "only where the number of cards in the pile taken from is more than 0, and " \
        "the number of the pile played to in its family is the number of the pile taken from in its family + 1" in text


def test_a_family_pile_of_the_same_number_is_said_in_words(tmp_path):
    """`down[each-number]` in a condition fell back to the formula (say read `X[n]` as a card of X) and the
    effect said "goes to each" (t37 B3): both are said as the pile of the same number, `each` as that pile."""
    path = tmp_path / "osmosis-like.yaml"
    path.write_text("""name: osmosis-like
description: A card turned up on every empty column from the face-down pile of the same number.
players: 1
deck: {ranks: [A, 2, 3], suits: [C, D]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
  down: {owner: table, visibility: hidden, count: 2}
  up: {owner: table, visibility: public, count: 2}
  home: {owner: table, visibility: public}
deal: {to: hand, count: 0, rest: stock}
phases:
  play:
    kind: turns
    until: home.size == 6
    moves:
      clear:
        choose: {from-pile: up}
        legal: source-size > 0
        do: [{move: {from: source, to: home, count: 1}}]
    after-turn:
      - every-pile:
          of: up
          do:
            - if: each-size == 0 and down[each-number].size > 0
              then: [{move: {from: "down[each-number]", to: each, count: 1}}]
""")
    text = sheet_text(load(str(path)))
    assert "(if the number of cards in the pile is 0, and the down pile of the same number has cards: (the top " \
        "card of the down pile of the same number goes to that pile))" in text
    assert "formula" not in text and "goes to each" not in text

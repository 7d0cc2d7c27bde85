"""The `tell` effect: values worked out in play told to everyone (the log, the account, the rule sheet), so a
derived outcome (a running total, Trente et Quarante's two rows) is visible, and checked against the game's
own events."""
from __future__ import annotations

from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

from conftest import ev, validate_errors

TELL = """
extends: ninety-eight
name: tell-demo
phases:
  play:
    after-turn:
      - tell: {total: total, top: pile.top, mover: actor, big: "total > 50"}
"""


def _rules(tmp_path, text=TELL):
    path = tmp_path / "tell-demo.yaml"
    path.write_text(text, encoding="utf-8")
    return load(str(path))


def test_each_value_told_is_the_table_s_after_the_turn(tmp_path):
    """After every turn: the total told is the last value the tracked total was set to (0 before any), the top
    card is the last card moved to the pile, the mover is the seat that moved it, `big` agrees with the total."""
    rules = _rules(tmp_path)
    told = 0
    for seed in range(4):
        r = play(rules, seed=seed, bots="random", check=True)
        total, top, mover = 0, None, None
        for e in r.events:
            if e["event"] == "set" and e.get("name") == "total":
                total = e["value"]
            elif e["event"] == "move" and e.get("to") == "pile":
                top, mover = e["cards"][-1], e["seat"]
            elif e["event"] == "deal":
                total = 0
            elif e["event"] == "tell":
                assert e["values"] == {"total": total, "top": top, "mover": mover, "big": total > 50}
                assert e["seats"] == ["mover"]
                told += 1
    assert told > 20


def test_the_account_and_the_sheet_say_the_values(tmp_path):
    from ruleplay.kinds.turns import ACCOUNT
    line = ACCOUNT["tell"]({"values": {"total": 31, "top": "JH", "mover": 2, "big": False, "shown": ["AC", "2D"]},
                            "seats": ["mover"]})
    assert line == "total: 31, top: JH, mover: seat 2, big: no, shown: AC 2D."
    assert "everyone is told total, top (the top card of the pile), mover (the player), big (total is more than 50)" \
        in sheet_text(_rules(tmp_path))


def test_a_value_told_must_be_known(tmp_path, capsys):
    err = validate_errors(tmp_path, capsys, TELL.replace("big: \"total > 50\"", "big: \"totl > 50\""))
    assert "error [phases.play.after-turn[0].tell.big]" in err and "totl" in err


def test_a_piles_cards_are_told_top_first_as_reveal_shows_them(tmp_path, capsys):
    """t40: `tell` said a pile bottom first (AC 2C 3C) and `reveal` top first (3C, 2C, AC) in one account."""
    from ruleplay.tools.cli import main
    p = tmp_path / "pile.yaml"
    p.write_text("""name: pile
description: Three cards are turned onto a pile, which is then told and shown.
players: 1
deck: {ranks: [A, 2, 3], suits: [C]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
  pile: {owner: table, visibility: public}
deal: {to: hand, count: 0, rest: stock}
phases:
  show:
    kind: turns
    start:
      - move: {from: stock, to: pile, count: 3}
      - tell: {top: pile.top, cards: pile}
      - reveal: pile
""", encoding="utf-8")
    d = tmp_path / "deal.json"
    d.write_text('{"dealer": 0, "hands": [[]], "rest": ["AC", "2C", "3C"]}', encoding="utf-8")
    assert main(["run", str(p), "--deal", str(d), "-v"]) == 0
    out = capsys.readouterr().out
    assert "  top: 3C, cards: 3C 2C AC.\n  Shown: 3C, 2C, AC.\n" in out

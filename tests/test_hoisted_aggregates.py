"""Aggregates over cards spared their loop's work (lang/expr/compiler.py): a body that reads its card and names
holding one value each is tabulated per combination of those values (`_keyed_loop`); `x.FIELD OP VALUE`
where VALUE does not read `x` works VALUE out once, where the loop first needs it (`_hoisted`). Each gives
what the general loop gives, on random piles of a deck with jokers (cards without some fields), and VALUE
is never worked out for a pile that does not need it."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from ruleplay.lang import expr as X
from ruleplay.lang.expr import compiler
from ruleplay.pipeline import load

DECK = load("ers", {"jokers": "2"}).deck          # 54 cards: `tens` is missing (None) on some


def _scope(calls: list) -> X.Scope:
    tables = {"rank": DECK.rank, "suit": DECK.suit, "tens": DECK.attrs["tens"], "run": DECK.orders["run"],
              "name": DECK.names}
    card = {k: (X.STR if k in ("rank", "suit", "name") else X.INT,
                (lambda arr: lambda f: lambda e: None if (c := f(e)) is None else arr[c])(arr))
            for k, arr in tables.items()}

    def wanted(e):
        calls.append(1)
        return e.want

    def picked(e):
        calls.append(1)
        return e.pick

    names = {"pile": X.Binding(X.CARDS, lambda e: e.pile), "hand": X.Binding(X.CARDS, lambda e: e.hand),
             "want": X.Binding(X.INT, wanted), "pick": X.Binding(X.STR, picked),
             "players": X.Binding(X.INT, const=4, is_const=True)}
    return X.Scope(names, X.Fields(card=card, card_tables=tables))


BODIES = ["x.tens == want", "x.rank == 'K' and x.suit == pick", "x.tens == want or x.suit == pick", "x.tens != want", "x.run < want", "want >= x.tens", "want == x.run",
          "x.tens == want + sum(y.run for y in hand)", "x.rank == 'K' or x.tens == want",
          "x.suit == pick", "pick != x.suit",
          "x.tens == want + sum(x.run for x in hand)",            # the inner x is the inner loop's: hoisted
          "x.tens == count(y.run == x.run for y in hand)"]        # reads the outer x: looped


@pytest.mark.parametrize("body", BODIES)
@pytest.mark.parametrize("kind", ["count", "any", "all"])
def test_hoisted_and_looped_aggregates_agree(kind, body, monkeypatch):
    calls: list = []
    text = f"{kind}({body} for x in pile)"
    keyed = X.compile_expr(text, _scope(calls)).fn
    monkeypatch.setattr(compiler.Compiler, "_keyed", lambda *a: None)
    hoisted = X.compile_expr(text, _scope(calls)).fn
    monkeypatch.setattr(compiler, "_hoisted", lambda *a: None)
    looped = X.compile_expr(text, _scope(calls)).fn
    rng = random.Random(7)
    for _ in range(400):
        e = SimpleNamespace(loc={}, pile=rng.sample(range(len(DECK.names)), rng.randint(0, 6)),
                            hand=rng.sample(range(len(DECK.names)), 2),
                            want=rng.choice([None, 0, 1, 5, 10, 13]), pick=rng.choice([None, "H", "S"]))
        assert keyed(e) == hoisted(e) == looped(e), (text, e)


def test_the_value_is_worked_out_once_and_only_when_needed(monkeypatch):
    monkeypatch.setattr(compiler.Compiler, "_keyed", lambda *a: None)
    calls: list = []
    fn = X.compile_expr("count(x.suit == pick for x in pile)", _scope(calls)).fn
    assert fn(SimpleNamespace(loc={}, pile=[], pick="H")) == 0 and calls == []
    jokers = [c for c in range(len(DECK.names)) if DECK.suit[c] is None]
    assert jokers and fn(SimpleNamespace(loc={}, pile=jokers, pick="H")) == 0 and calls == []
    hearts = [c for c in range(len(DECK.names)) if DECK.suit[c] == "H"]
    assert fn(SimpleNamespace(loc={}, pile=jokers + hearts, pick="H")) == len(hearts) and calls == [1]


def test_a_body_of_its_card_and_one_value_names_is_tabulated_once_per_value(monkeypatch):
    made = []
    real = compiler._keyed_loop
    monkeypatch.setattr(compiler, "_keyed_loop", lambda *a: made.append(a[0]) or real(*a))
    calls: list = []
    fn = X.compile_expr("count(x.rank == 'K' and x.suit == pick for x in pile)", _scope(calls)).fn
    assert made == ["count"]
    kings = [c for c in range(len(DECK.names)) if DECK.rank[c] == "K"]
    assert fn(SimpleNamespace(loc={}, pile=[], pick="H")) == 0 and calls == []
    for _ in range(3):
        assert fn(SimpleNamespace(loc={}, pile=kings, pick="H")) == 1
    assert len(calls) == 3 + len(kings)        # the key each time; the body once per card held, the first time
    assert X.compile_expr("count(x.rank == 'K' for x in hand)", _scope(calls)) and made == ["count"]   # its card alone


@pytest.mark.parametrize("body, hoisted", [("x.tens == sum(x.run for x in hand)", True),
                                           ("x.tens == count(y.run == x.run for y in hand)", False),
                                           ("sum(x.run for x in hand) != x.tens", True)])
def test_a_value_read_by_an_inner_loop_of_the_same_name_is_hoisted(body, hoisted, monkeypatch):
    made = []
    real = compiler._hoisted
    monkeypatch.setattr(compiler, "_hoisted", lambda *a: made.append(real(*a)) or made[-1])
    X.compile_expr(f"any({body} for x in pile)", _scope([]))
    assert (made[-1] is not None) == hoisted

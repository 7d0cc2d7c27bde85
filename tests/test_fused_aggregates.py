"""An aggregate over cards whose body reads nothing but its card (`sum(c.points for c in s.taken)`,
`count(c.suit == 'H' or c.name == 'QS' for c in s.taken)`) is worked out per card when the rule is
compiled (`lang/expr/tables.py` `_tabulated`): it must give what the general loop gives. Variants whose scoring spells
the same values in a form that reads the seat too (`+ s.index - s.index`, so the loop runs) play the same
games, event for event."""
from __future__ import annotations

import pytest

from ruleplay.lang.expr import compiler   # the module that calls _tabulated
from ruleplay.agents import play
from ruleplay.pipeline import load

VARIANT = """
extends: hearts
name: hearts-{name}
scoring:
  points: "{points}"
"""

SPREAD = ("0 if s.taken.size == 0 else sum({x} for c in s.taken) + max({x} for c in s.taken) - min({x} for c in s.taken)"
          " + 100 * count({h} for c in s.taken) + 1000 * (1 if any({q} for c in s.taken) else 0)"
          " + 2000 * (1 if all({h} for c in s.taken) else 0)")
FORMS = {
    "field": dict(x="c.points", h="c.suit == 'H'", q="c.name == 'QS'"),
    "compound": dict(x="c.points * 2 - c.points", h="c.suit == 'H' and c.rank != 'X'", q="c.name == 'QS' or false"),
    "loop": dict(x="c.points + s.index - s.index", h="c.suit == 'H' and s.index >= 0", q="c.name == 'QS' and s.index >= 0"),
}


def _games(path, n: int = 12) -> list:
    rules = load(str(path), {"hands": "single"})
    return [play(rules, seed, bots=["random"] * 4).events[1:] for seed in range(n)]     # the start event names the file


def _rules_text(tmp_path, name: str) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(VARIANT.format(name=name, points=SPREAD.format(**FORMS[name])))
    return str(path)


def test_tabulated_and_looped_aggregates_score_alike(tmp_path):
    games = {name: _games(_rules_text(tmp_path, name)) for name in FORMS}
    assert games["field"] == games["loop"] and games["compound"] == games["loop"]
    scored = [e for g in games["loop"] for e in g if e["event"] == "score"]
    assert len(scored) == 12 and any(max(e["points"]) > 100 for e in scored) and any(max(e["points"]) > 1000 for e in scored)


@pytest.mark.parametrize("name, tabulated", [("field", True), ("compound", True), ("loop", False)])
def test_only_a_body_of_the_card_alone_is_tabulated(tmp_path, monkeypatch, name, tabulated):
    calls = []
    real = compiler._tabulated
    monkeypatch.setattr(compiler, "_tabulated", lambda *a: calls.append(a[0]) or real(*a))
    load(_rules_text(tmp_path, name), {"hands": "single"})
    assert (sorted(set(calls)) == ["all", "any", "count", "max", "min", "sum"]) == tabulated

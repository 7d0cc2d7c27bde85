"""The rule language's vocabulary (`define:`): named expressions, `cycle` by hand number, `by-players`,
and the shipped rulesets written with it (short expressions)."""
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml

from ruleplay.lang import expr as X
from ruleplay.errors import RuleplayError
from ruleplay.pipeline import load

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"
WORDS = {"description", "source", "title", "message", "name"}      # prose, not expressions


def _strings(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _strings(v, path + (i,))
    elif isinstance(node, str) and path[-1] not in WORDS and path[:1] != ("options",):
        yield path, node


@pytest.mark.parametrize("f", sorted(RULESETS.glob("*.yaml")), ids=lambda p: p.stem)
def test_no_shipped_expression_is_over_100_characters(f):
    long = [(".".join(map(str, p)), len(s)) for p, s in _strings(yaml.safe_load(f.read_text()))
            if len(s.strip()) > 100]
    assert long == []


def _pass(rules):
    return next(p for p in rules.phases if p.name == "pass")


def test_a_cycle_gives_its_values_by_hand_in_turn():
    off = _pass(load("hearts")).offset
    assert [off(SimpleNamespace(hand_number=n)) for n in range(1, 10)] == [1, -1, 2, 0, 1, -1, 2, 0, 1]


@pytest.mark.parametrize("passing,offset", [("left", 1), ("right", -1), ("across", 2), ("none", 0)])
def test_a_definition_of_options_folds(passing, offset):
    assert _pass(load("hearts", {"passing": passing})).offset_const == offset


def test_a_definition_compiles_in_the_scope_where_it_is_used():
    scope = X.Scope({"n": X.Binding(X.INT, lambda e: e.n)}, X.Fields(),
                    defines=X.definitions({n: (t, "", X.parse(t)) for n, t in [("twice", "n + n"), ("more", "twice + 1")]}))
    c = X.compile_expr("more * 2", scope, X.INT)
    assert c.fn(SimpleNamespace(n=5)) == 22 and c.defines == {"more", "twice"} and c.uses == {"n"}
    with pytest.raises(X.ExprError, match=r"in definition 'more' \('twice \+ 1'\): in 'twice': unknown name 'n'"):
        X.compile_expr("more", X.Scope({}, X.Fields(), defines=scope.defines))


def _file(tmp_path, define: str, extra: str = "") -> str:
    p = tmp_path / "v.yaml"
    p.write_text(f"extends: beggar-my-neighbour\nname: v\ndefine:\n{define}{extra}")
    return str(p)


def test_by_players_folds_to_the_value_for_the_players_in_use(tmp_path):
    f = _file(tmp_path, "  limit: {by-players: {2: 7, 3: 5}}\n",
              "players: {min: 2, max: 4, default: 2}\nmatch: {end: 'true', max-hands: limit}\n")
    assert load(f).match.max_hands == 7
    assert load(f, players=3).match.max_hands == 5
    with pytest.raises(RuleplayError, match="'limit' has no value for 4 players"):
        load(f, players=4)


def test_a_circle_of_definitions_is_refused_where_declared(tmp_path):
    with pytest.raises(RuleplayError, match=r"definition 'a' uses itself \(a -> b -> a\)"):
        load(_file(tmp_path, "  a: b + 1\n  b: a - 1\n"))


def test_a_definition_named_like_a_field_it_reads_is_no_circle(tmp_path):
    # `.size` reads the zone's field, not the definition `size`
    f = _file(tmp_path, "  size: \"count(s.stock.size > 0 for s in seats)\"\n",
              "match: {end: \"size < 2\"}\n")
    assert load(f).players == 2

"""Bounded work in the language and the code generator (issue 33): definitions compiled once and bounded
written out, generated code bounded (else the interpreter runs it), replay bounded by its log."""
from __future__ import annotations

import time

import pytest

from ruleplay import expr as X
from ruleplay.cli import main

from test_validate import BASE, edit

END = '"count(s.stock.size > 0 for s in seats) == 1"'


def with_defines(defines: str, use: str) -> str:
    """BASE with `define:` entries and an end rule that also asks `use`."""
    return edit("zones:", "define:\n" + defines + "zones:", END, f'"count(s.stock.size > 0 for s in seats) == 1 and {use}"')


def doubling(levels: int, leaf: str = "pile.size") -> str:
    """d0 = d1 + d1, d1 = d2 + d2, ...: each level doubles the definition written out."""
    return "".join(f'  d{i}: "d{i + 1} + d{i + 1}"\n' for i in range(levels)) + f'  d{levels}: "{leaf}"\n'


@pytest.fixture
def cli(tmp_path, monkeypatch, capsys):
    def run(*args, files=None):
        monkeypatch.chdir(tmp_path)
        for name, text in (files or {}).items():
            (tmp_path / name).write_text(text, encoding="utf-8")
        rc = main(list(args))
        out, err = capsys.readouterr()
        return rc, out, err
    return run


def timed(cli, *args, files=None, seconds=2.0):
    t0 = time.perf_counter()
    got = cli(*args, files=files)
    assert time.perf_counter() - t0 < seconds
    return got


# --------------------------------------------------------------------------- definitions

def test_exponential_definitions_are_refused_at_the_definition_that_crosses_the_limit(cli):
    """16 levels took 3.6 s to validate (40 never returned): each use was expanded again."""
    rc, out, err = timed(cli, "validate", "bad.yaml", files={"bad.yaml": with_defines(doubling(16), "d0 >= 0")})
    assert (rc, out) == (1, "")
    assert err == (
        "bad.yaml:11:3: error [define.d3]: definition 'd3' written out has 24,575 nodes; the limit is 20,000\n"
        "    hint: each use of a definition inside another counts in full, so a chain of definitions that each "
        "use the next twice doubles at every step\n")


def test_doubling_within_the_limit_validates_runs_and_explains_fast(cli):
    files = {"ok.yaml": with_defines(doubling(12), "d0 >= 0")}
    assert timed(cli, "validate", "ok.yaml", files=files)[0] == 0
    assert timed(cli, "run", "-q", "--interpret", "ok.yaml", "--seed", "3")[0] == 0
    assert timed(cli, "explain", "ok.yaml")[0] == 0
    assert timed(cli, "diff", "ok.yaml", "ok.yaml")[0] == 0


def test_a_definition_is_compiled_once_per_scope_and_shared():
    texts = {f"d{i}": f"d{i + 1} + d{i + 1}" for i in range(12)} | {"d12": "n"}
    defs = X.definitions({n: (t, "", X.parse(t)) for n, t in texts.items()})
    scope = X.Scope({"n": X.Binding(X.INT, lambda e: e.n)}, X.Fields(), defines=defs)
    t0 = time.perf_counter()
    c = X.compile_expr("d0 + d0", scope, X.INT)
    assert time.perf_counter() - t0 < 0.5
    assert [len(d.compiled) for d in defs.values()] == [1] * 13
    assert c.fn(type("E", (), {"n": 1})) == 2 ** 13 and c.uses == {"n"} and c.defines == set(texts)
    again = X.compile_expr("d1", scope.with_names(), X.INT)        # another scope, the same bindings: shared
    assert len(defs["d1"].compiled) == 1 and again.fn is not c.fn
    other = X.compile_expr("d1", X.Scope({"n": X.Binding(X.INT, lambda e: -e.n)}, X.Fields(), defines=defs))
    assert other.fn(type("E", (), {"n": 1})) == -(2 ** 11) and len(defs["d1"].compiled) == 2


def test_the_definitions_one_expression_uses_are_bounded_written_out(cli):
    rc, _, err = timed(cli, "validate", "bad.yaml",
                       files={"bad.yaml": with_defines(doubling(11), " + ".join(["d0"] * 4) + " > 0")})
    assert rc == 1
    assert "in expression 'count(s.stock.size > 0 for s in seats) == 1 and d0 + d0 + d0 + d0 > 0': written out, " \
           "the definitions this expression uses have more than 20,000 nodes (here 'd0' adds 6,143)" in err


def test_a_long_chain_of_definitions_is_a_placed_error_not_a_crash(cli):
    """1,500 definitions each using the next was an internal error (RecursionError in the circle check)."""
    chain = "".join(f'  d{i}: "d{i + 1} + 1"\n' for i in range(1500)) + '  d1500: "pile.size"\n'
    rc, out, err = timed(cli, "validate", "bad.yaml", files={"bad.yaml": with_defines(chain, "d0 >= 0")})
    assert (rc, out) == (1, "")
    assert err == ("bad.yaml:1389:3: error [define.d1381]: definition 'd1381' written out nests 121 levels deep; "
                   "the limit is 120\n    hint: a definition used inside another nests inside it: make the chain of "
                   "definitions shorter, or the definitions shallower\n")

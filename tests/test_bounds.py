"""Bounded work in the language and the code generator (issue 33): definitions compiled once and bounded
written out, generated code bounded (else the interpreter runs it), replay bounded by its log."""
from __future__ import annotations

import time

import pytest

from ruleplay.lang import expr as X
from ruleplay.tools.cli import main

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
    assert err == ("bad.yaml:1259:3: error [define.d1251]: definition 'd1251' written out nests 251 levels deep; "
                   "the limit is 250\n    hint: a definition used inside another nests inside it: make the chain of "
                   "definitions shorter, or the definitions shallower\n")


# --------------------------------------------------------------------------- generated code

def negations(defs: int = 22, each: int = 10) -> str:
    return "".join(f'  n{i}: "{"not " * each}n{i + 1}"\n' for i in range(defs)) + f'  n{defs}: "pile.size > 0"\n'


def test_what_validates_runs_when_the_generated_code_would_nest_too_deep(cli):
    """22 definitions of ten negations validated, then `run` and `sim` failed with a SyntaxError (too many
    nested parentheses) from the generated code: now the interpreter runs it."""
    files = {"deep.yaml": with_defines(negations(), "n0")}
    assert timed(cli, "validate", "deep.yaml", files=files)[0] == 0
    rc, out, err = timed(cli, "run", "deep.yaml", "--seed", "5")
    assert (rc, err) == (0, "")
    assert (rc, out, err) == timed(cli, "run", "deep.yaml", "--seed", "5", "--interpret")
    rc, out, err = timed(cli, "sim", "deep.yaml", "-n", "3", "--jobs", "1")
    assert (rc, err) == (0, "")
    assert timed(cli, "compile", "deep.yaml")[1] == (
        "# t: no generated code (an expression nested more than 100 deep with its definitions written out); it runs "
        "on the interpreter.\n")


def test_generated_code_is_bounded_and_compile_says_why(cli):
    """8 players, doubling definitions 11 deep inside two aggregates over seats: generating took 1.7 GB and
    114 s (each aggregate over seats is unrolled, each definition written out)."""
    text = with_defines(doubling(11, "x.stock.size + s.stock.size"),
                        "count(count(d0 > 0 for x in seats) > 0 for s in seats) >= 0").replace("players: 2", "players: 8")
    rc, out, _ = timed(cli, "compile", "big.yaml", files={"big.yaml": text}, seconds=3)
    assert (rc, out) == (0, "# t: no generated code (expressions whose code would pass 100,000 characters, with "
                            "definitions and aggregates over seats written out); it runs on the interpreter.\n")
    assert timed(cli, "run", "-q", "big.yaml", "--seed", "1", seconds=5)[0] == 0


def test_a_generated_game_is_bounded_in_all(cli):
    """600 small phases: 2.8 MB of generated source took Python 5 s and 370 MB to compile."""
    head, rest = BASE.split("phases:\n")
    phase, end = rest.split("end:")
    text = head + "phases:\n" + "".join(phase.replace("  play:", f"  play{k}:") for k in range(600)) + "end:" + end
    rc, out, _ = timed(cli, "compile", "many.yaml", files={"many.yaml": text}, seconds=3)
    assert rc == 0 and out.startswith("# t: no generated code (generated code of 2,")
    assert out.endswith(" characters, past the generator's 500,000); it runs on the interpreter.\n")
    assert timed(cli, "run", "-q", "many.yaml", seconds=3)[0] == 0

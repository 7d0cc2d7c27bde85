"""Fuzzing the whole pipeline with hypothesis: mutated rule files never crash, hang or run away.

Every shipped ruleset (every file in `rulesets/`, picked up automatically) is
mutated: keys deleted, duplicated or renamed, values swapped for other types,
random text, numbers and unicode put into expressions and names, random
`extends` chains (including cycles), random `--set` values and `--players`.

For each input `ruleplay validate` must answer, within a time bound, with
`OK` (exit 0) or errors that each carry file:line:column and a message
(exit 1); `<command line>` stands in for a place only for errors about
`--set`/`--players`. Never a traceback, never `internal error:` (exit 2).
Every input that validates must then play a seeded game with `check=True`
(cards conserved after every action) to finished, cycle or limit.

The CI share runs a fixed, derandomized number of examples. A long campaign:

    RULEPLAY_FUZZ_EXAMPLES=100000 python -m pytest -q -m fuzz tests/test_fuzz.py

A campaign does not shrink and does not stop at the first failure: with
`RULEPLAY_FUZZ_REPORT=FILE` each failing input is appended to FILE as a JSON
line (progress in FILE.progress). Several campaigns can run side by side with
`--hypothesis-seed=N`.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import signal
import tempfile
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from ruleplay.tools.cli import main
from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.lang.resolve import parse_set
from ruleplay.resources import builtin_names, builtin_path

LONG = int(os.environ.get("RULEPLAY_FUZZ_EXAMPLES", "0"))
REPORT = os.environ.get("RULEPLAY_FUZZ_REPORT")   # a campaign writes failures here (JSON lines) and goes on
CI_EXAMPLES = 150                 # per test below (a short run: RULEPLAY_FUZZ_EXAMPLES=N for a campaign)
VALIDATE_SECONDS = 5.0            # generous for a slow CI machine; a validate takes ~0.1 s
GAME_SECONDS = 30.0              # a guard against a hang: Casino with a table of 20 cards and `highest` bots
                                  # (every set of up to 3 table cards tried per decision) takes ~7 s
MAX_ACTIONS = 3000

RULESETS = builtin_names()
TEXTS = {name: builtin_path(name).read_text(encoding="utf-8") for name in RULESETS}
DATA = {name: yaml.safe_load(text) for name, text in TEXTS.items()}

ERROR_LINE = re.compile(r"^(?P<where>.+?):(?P<line>\d+):(?P<col>\d+): (error|note)( \[.*?\])?: \S.*$")
CMDLINE_LINE = re.compile(r"^<command line>: error: \S.*$")


def _settings(n: int):
    if LONG:   # a campaign: no shrinking (inputs are big and slow to shrink); failures go to REPORT when set
        return settings(max_examples=LONG, deadline=None, database=None, phases=[Phase.generate],
                        suppress_health_check=list(HealthCheck))
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


class Hang(Exception):
    pass


@contextlib.contextmanager
def time_bound(seconds: float, what: str):
    """Fail (with an exception inside the running code) when `what` takes longer than `seconds`."""
    def ring(signum, frame):
        raise Hang(f"{what} took longer than {seconds} s")
    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# --------------------------------------------------------------------------- strategies

EXPR_WORDS = ["card", "pile", "s", "seats", "actor", "dealer", "players", "rank", "suit", "chances", "size",
              "top", "empty", "count", "sum", "max", "min", "any", "all", "for", "in", "not", "and", "or", "if",
              "else", "true", "false", "__class__", "__dict__", "__import__", "open", "os", "eval", "lambda",
              "hand-number", "round-first", "slap-double", "burn", "stock", "hand", "trick", "score", "order"]
EXPR_PUNCT = ["(", ")", "[", "]", ".", ",", "+", "-", "*", "//", "%", "==", "!=", "<", ">=", " ", "'", '"',
              "0", "1", "13", "999999999", "-1", "'K'", "()", "().__class__"]


def expr_text():
    tokens = st.lists(st.sampled_from(EXPR_WORDS + EXPR_PUNCT), min_size=1, max_size=25)
    return st.one_of(
        tokens.map(" ".join), tokens.map("".join),
        st.text(max_size=60),
        st.text(alphabet="()[]'\".,+-*/%=<>! abcs_0123456789\u00e9\u2603\U0001f0a1", max_size=80),
        st.sampled_from(["().__class__", "card.__dict__", "card.__class__.__bases__", "__import__('os')",
                         "open('/etc/passwd')", "pile[0]", "pile[-1]", "pile[999999999]", "(" * 70 + "1" + ")" * 70,
                         "not " * 200 + "true", "1" + " + 1" * 600, "x" * 3000, "999999999 * 999999999",
                         "count(true for s in seats) // 0", "max(c.chances for c in pile)"]))


def scalar():
    return st.one_of(
        st.none(), st.booleans(),
        st.integers(-3, 70), st.integers(-10**12, 10**12), st.sampled_from([0, 1, 10**9, -10**9, 2**63, 10**100]),
        st.floats(allow_nan=False, allow_infinity=True), st.text(max_size=30), expr_text())


def value():
    return st.recursive(scalar(), lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=12), inner, max_size=4)), max_leaves=8)


def key_text():
    return st.one_of(st.text(max_size=15), st.text(alphabet="abcdefghijklmnopqrstuvwxyz-_0123456789", min_size=1,
                                                  max_size=15), st.sampled_from(
        ["extends", "kind", "when", "from", "to", "count", "rest", "players", "options", "owner", "reactions",
         "patterns", "precedence", "chances", "burn", "copies", "jokers", "orders", "attributes", "type", "default",
         "min", "max", "choices", "__class__", "<<", "1", "true", "null"]))


def _paths(node, path=()):
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, path + (i,))
    return out


def _get(node, path):
    for p in path:
        node = node[p]
    return node


def mutate_data(draw, data, ops=None):
    """A few structural mutations of the parsed document, in place."""
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3, 4]))):
        paths = _paths(data)[1:]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = _get(data, path[:-1])
        last = path[-1]
        op = draw(st.sampled_from(ops or ["delete", "replace", "expr", "rename", "duplicate", "number", "wrap",
                                          "tweak", "tweak", "tweak"]))
        if op == "tweak":     # a small change that often still validates: a token into a text, a number nearby
            leaves = [p for p in paths if isinstance(_get(data, p), (str, int)) and not isinstance(_get(data, p), bool)]
            if not leaves:
                continue
            path = draw(st.sampled_from(leaves))
            parent, last = _get(data, path[:-1]), path[-1]
            old = parent[last]
            if isinstance(old, int):
                parent[last] = old + draw(st.sampled_from([-2, -1, 1, 2, 10, 100, 10**9]))
            else:
                j = draw(st.integers(0, len(old)))
                parent[last] = old[:j] + draw(st.sampled_from(EXPR_WORDS + EXPR_PUNCT + [" + 1", " * 2", " and true",
                                                                                          " or false", "[2]"])) + old[j:]
        elif op == "delete":
            del parent[last]
        elif op == "replace":
            parent[last] = draw(value())
        elif op == "expr":
            parent[last] = draw(expr_text())
        elif op == "number":
            parent[last] = draw(st.sampled_from([0, -1, 1, 2, 64, 65, 1000, 10**4, 10**6, 10**9, 10**18, 2**64]))
        elif op == "wrap":
            parent[last] = draw(st.sampled_from([[parent[last]], {"x": parent[last]}, str(parent[last])]))
        elif op == "rename" and isinstance(parent, dict):
            new = draw(key_text())
            parent[new] = parent.pop(last)
        elif op == "duplicate":
            if isinstance(parent, list):
                parent.insert(last, parent[last])
            else:
                parent[draw(key_text())] = parent[last]
    return data


def mutate_text(draw, text):
    """Line-level damage the data level cannot express: duplicated keys, cut lines, stray characters."""
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        op = draw(st.sampled_from(["dup", "cut", "insert", "indent", "splice"]))
        if op == "dup":
            lines.insert(i, lines[i])
        elif op == "cut" and len(lines) > 1:
            del lines[i]
        elif op == "insert":
            line = lines[i]
            j = draw(st.integers(0, len(line)))
            lines[i] = line[:j] + draw(st.text(max_size=6)) + line[j:]
        elif op == "indent":
            lines[i] = " " * draw(st.integers(1, 4)) + lines[i]
        else:
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
    return "\n".join(lines)


@st.composite
def fuzz_case(draw, games=False):
    """(files to write, the file to validate, --set items, --players or None).

    With `games`, only small changes (a token into an expression, a number nudged), so that most
    inputs still validate and the engine plays them."""
    name = draw(st.sampled_from(RULESETS))
    data = yaml.safe_load(TEXTS[name])
    style = "data" if games else draw(st.sampled_from(["data", "data", "text", "both", "none"]))
    if style in ("data", "both"):
        data = mutate_data(draw, data, ["tweak"] if games else None)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True) if style != "text" else TEXTS[name]
    if style in ("text", "both"):
        text = mutate_text(draw, text)
    files = {"main.yaml": text}
    target = "main.yaml"
    # random extends chains over siblings, built-ins and the mutated file (cycles included)
    for k in range(0 if games else draw(st.sampled_from([0, 0, 0, 0, 0, 1, 1, 2, 3]))):
        base = draw(st.sampled_from(["main.yaml", "v0.yaml", "v1.yaml", "v2.yaml", "main", "nowhere.yaml", "../x.yaml",
                                     *RULESETS]))
        extra = draw(st.dictionaries(st.sampled_from(["name", "players", "options", "deck", "phases", "zones", "end"]),
                                     value(), max_size=2))
        files[f"v{k}.yaml"] = yaml.safe_dump({"extends": base, **extra}, sort_keys=False, allow_unicode=True)
        target = f"v{k}.yaml"
    sets = []
    declared = list((DATA[name].get("options") or {}))
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2, 3]))):
        if declared and draw(st.integers(0, 4)):     # mostly declared options with plausible values
            opt = draw(st.sampled_from(declared))
            spec = DATA[name]["options"][opt] or {}
            val = draw(st.one_of(st.sampled_from([str(c) for c in spec.get("choices") or ["true", "false"]]),
                                 st.integers(spec.get("min", 0) or 0, spec.get("max", 10) or 10).map(str)))
        else:
            opt = draw(key_text())
            val = draw(st.one_of(st.sampled_from(["true", "false", "0", "1", "-1", "99999999999", "yes", ""]),
                                 st.text(max_size=12)))
        sets.append(f"{opt}={val}")
    players = draw(st.sampled_from([None] * 8 + [0, 1, 2, 3, 4, 5, 6, 8, 64, 65, -1]))
    return files, target, sets, players


# --------------------------------------------------------------------------- the property

def run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(argv)
    return rc, out.getvalue(), err.getvalue()


def check_validate_answer(rc: int, out: str, err: str, cmdline_ok: bool) -> None:
    assert rc in (0, 1), f"exit {rc}: {err}"
    assert "Traceback" not in err and "internal error" not in err, err
    if rc == 0:
        assert err == "" and ": OK (" in out, (out, err)
        return
    lines = err.rstrip("\n").split("\n")
    assert lines and lines[0], "exit 1 without an error message"
    for line in lines:
        if line.startswith("    hint: "):
            continue
        ok = ERROR_LINE.match(line) or (cmdline_ok and CMDLINE_LINE.match(line))
        assert ok, f"an error without file:line:column: {line!r}\n{err}"


def check_case(files: dict[str, str], target: str, sets: list[str], players: int | None, seed: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for fname, text in files.items():
            Path(tmp, fname).write_text(text, encoding="utf-8")
        path = str(Path(tmp, target))
        argv = ["validate", path] + [f"--set={s}" for s in sets]      # '--set=-=' is not taken for an option
        if players is not None:
            argv += [f"--players={players}"]
        t0 = time.perf_counter()
        with time_bound(VALIDATE_SECONDS, "validate"):
            rc, out, err = run_cli(argv)
        check_validate_answer(rc, out, err, cmdline_ok=bool(sets) or players is not None)
        if rc != 0:
            return
        rules = load(path, parse_set(sets), players)
        bots = [random.Random(seed + s).choice(["random", "lowest", "highest", "smart"]) for s in range(rules.players)]
        with time_bound(GAME_SECONDS, "the game"):
            result = play(rules, seed, max_actions=MAX_ACTIONS, check=True, bots=bots)
        assert result.outcome in ("finished", "cycle", "limit"), result.outcome
        assert result.actions <= MAX_ACTIONS
        assert time.perf_counter() - t0 < VALIDATE_SECONDS + GAME_SECONDS


_COUNT = [0, time.time()]


def _fuzz(case, seed):
    files, target, sets, players = case
    _COUNT[0] += 1
    if REPORT and _COUNT[0] % 500 == 0:
        Path(REPORT + ".progress").write_text(f"{_COUNT[0]} cases in {time.time() - _COUNT[1]:.0f} s\n")
    try:
        check_case(files, target, sets, players, seed)
    except (Exception, SystemExit) as exc:
        if REPORT:
            with open(REPORT, "a", encoding="utf-8") as fh:
                fh.write(json.dumps({"error": f"{type(exc).__name__}: {exc}"[:2000], "files": files,
                                     "target": target, "sets": sets, "players": players, "seed": seed}) + "\n")
            return
        print("\n--- failing input:", target, "sets", sets, "players", players)
        for fname, text in files.items():
            print(f"--- {fname}\n{text}")
        raise


@pytest.mark.fuzz
@_settings(CI_EXAMPLES)
@given(fuzz_case(), st.integers(0, 2**16))
def test_fuzzed_rule_files(case, seed):
    _fuzz(case, seed)


@pytest.mark.fuzz
@_settings(CI_EXAMPLES // 3)
@given(fuzz_case(games=True), st.integers(0, 2**16))
def test_fuzzed_games(case, seed):
    """Small changes that mostly still validate: the engine must play whatever validates."""
    _fuzz(case, seed)


@_settings(len(RULESETS) * 3)
@given(st.sampled_from(RULESETS), st.data())
def test_fuzzed_set_values_on_every_shipped_ruleset(name, data):
    """Only `--set`/`--players` change: the file is the shipped one, so every refusal names the command line."""
    declared = DATA[name].get("options") or {}
    sets = []
    for opt, spec in declared.items():
        if spec is None:                 # a variant deleting an option of its base
            continue
        if data.draw(st.booleans()):
            if spec.get("type") == "int":
                val = str(data.draw(st.integers(-5, 70)))
            elif spec.get("type") == "choice":
                val = data.draw(st.sampled_from(spec["choices"] + ["", "x"]))
            else:
                val = data.draw(st.sampled_from(["true", "false", "maybe"]))
            sets.append(f"{opt}={val}")
    check_case({"main.yaml": TEXTS[name]}, "main.yaml", sets, data.draw(st.one_of(st.none(), st.integers(0, 9))),
               data.draw(st.integers(0, 1000)))


def test_the_checker_rejects_what_it_must():
    """The property above can fail: an error without a place, a traceback and exit 2 are caught."""
    with pytest.raises(AssertionError):
        check_validate_answer(1, "", "error: something\n", cmdline_ok=True)
    with pytest.raises(AssertionError):
        check_validate_answer(2, "", "internal error: KeyError: 'x'\n", cmdline_ok=True)
    with pytest.raises(AssertionError):
        check_validate_answer(1, "", "<command line>: error: no\n", cmdline_ok=False)
    check_validate_answer(1, "", "a.yaml:3:4: error [deck.copies]: value 99 is out of range 1..16\n"
                                 "    hint: something\n", cmdline_ok=False)
    with pytest.raises(Hang):
        with time_bound(0.2, "a loop"):
            while True:
                pass


def test_every_shipped_ruleset_is_fuzzed():
    assert set(RULESETS) == {p.stem for p in (Path(__file__).resolve().parent.parent / "rulesets").glob("*.yaml")}
    assert len(RULESETS) >= 11

"""docs/errors.md stays true: every example in it produces exactly the error output it shows.

The catalogue is a sequence of fenced blocks: ```yaml file=NAME``` blocks write files, and each
```console``` block holds a command (`$ ruleplay ...`) followed by its exact error output. Files
written before a command are visible to it (later blocks may overwrite them).
"""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from ruleplay.tools.cli import main

DOC = Path(__file__).resolve().parent.parent / "docs" / "errors.md"
FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```$", re.S | re.M)


def examples() -> list[tuple[str, dict[str, str], str, str]]:
    """(heading, files so far, command, expected output) for each console block."""
    text = DOC.read_text(encoding="utf-8")
    out = []
    files: dict[str, str] = {}
    for m in FENCE.finditer(text):
        lang, info, body = m.group(1), m.group(2).strip(), m.group(3)
        if lang == "yaml" and info.startswith("file="):
            files[info[5:]] = body
        elif lang == "console":
            command, _, expected = body.partition("\n")
            assert command.startswith("$ ruleplay "), command
            heading = [h for h in re.findall(r"^#+ (.+)$", text[: m.start()], re.M)][-1]
            out.append((heading, dict(files), command[2:], expected))
    return out


EXAMPLES = examples()


def test_catalogue_is_not_empty():
    assert len(EXAMPLES) >= 40
    assert all("FILL" not in e[3] for e in EXAMPLES)


@pytest.mark.parametrize("i", range(len(EXAMPLES)), ids=[f"{i}-{e[0]}" for i, e in enumerate(EXAMPLES)])
def test_example(i, tmp_path, monkeypatch, capsys):
    heading, files, command, expected = EXAMPLES[i]
    monkeypatch.chdir(tmp_path)
    for name, body in files.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    rc = main(shlex.split(command)[1:])
    out, err = capsys.readouterr()
    if ": OK (" in expected:             # a note: the file validates, and the note comes before its OK
        assert (rc, err, out) == (0, "", expected)
        return
    assert rc == 1
    if shlex.split(command)[1] == "run":    # `run` tells the game up to a rule's error on stdout first
        assert out == "" or out.endswith("The game stopped here, at the error below.\n")
    else:
        assert out == ""
    assert err == expected


def test_every_block_is_closed():
    """A block left open (a fence not on its own line) would silently swallow the examples after it."""
    text = DOC.read_text(encoding="utf-8")
    assert len(EXAMPLES) == text.count("```console\n")
    assert all(line in ("```", "```console") or line.startswith("```yaml file=")
               for line in text.splitlines() if "```" in line)


# --------------------------------------------------------------------------- every error the validator can give

SRC = Path(__file__).resolve().parent.parent / "interpreter" / "ruleplay"
VALIDATOR = ["lang/files.py", "lang/yamlload.py", "lang/resolve.py", "lang/schemacheck.py", "compiler/model.py",
             "lang/expr/parse.py", "lang/expr/compiler.py", "kinds/flip.py", "kinds/bid.py",
             "kinds/reactions.py", "kinds/trick.py", "kinds/trickrules.py", "kinds/passing.py", "kinds/shed.py",
             "kinds/climb.py", "kinds/tally.py", "compiler/teams.py", "compiler/counters.py", "compiler/defines.py"]

# Messages the catalogue cannot show (with why), each tested elsewhere or unreachable from a file.
ELSEWHERE = {
    "YAML syntax: unacceptable character": "a control character in the doc: tests/test_hostile.py",
    "the file is not UTF-8 text": "latin-1 bytes: tests/test_validate.py::test_not_utf8",
    "file too large": "1 MB: tests/test_validate.py::test_huge_file",
    "too many YAML aliases": "a 150-alias line: tests/test_validate.py::test_many_aliases",
    "'extends' chain longer than": "17 files: tests/test_hostile.py::test_extends_chain_too_long",
    "expression too long": "3,000 characters: tests/test_hostile.py::test_huge_expression",
    "unsupported YAML node": "unreachable: PyYAML composes scalars, sequences and mappings only",
    "document too large": "150,000 list items: tests/test_runtime_values.py::test_too_many_nodes",
    "nesting too deep": "unreachable: nesting is refused at 40 levels before the composer recurses (a guard)",
    "cannot read file: ": "a permission error; not reproducible as root in CI",
    "not a regular file (": "a FIFO, /dev/zero, a directory: tests/test_file_policy.py",
    "names something that is not a regular file": "a directory named x.yaml: tests/test_file_policy.py",
    "unknown phase kind": "the schema's enum refuses an unknown kind first",
    ": names are kebab-case": "the schema's pattern message comes first",
    "a constraint may depend on options only": "unreachable: constraints compile in a scope of options only",
    "attribute values must be numbers or depend on options only": "unreachable: attributes see options only",
    "cannot parse the expression": "a guard for lark errors other than the three handled",
    "expression nested too deeply": "a guard for RecursionError; nesting is refused at 60 levels first",
    "unsupported construct": "a guard: every grammar rule has a compiler",
    "uses itself (": "a guard while expanding; defines.py refuses a circle of definitions first (shown)",
    "expected a number in ": "the schema's minimum/maximum refuse first",
    "reactions need at least one profile": "the schema requires profiles; a variant's {} merges with the base",
    "phase could not be compiled (an internal error": "a guard: a kind that refuses a phase records its own error",
    "this value must be fixed before the game starts (options only)":
        "unreachable: a schedule value compiles in a scope of options and players, which all fold",
}


def _templates() -> list[tuple[str, str]]:
    """(where, regex) for every message the validator's modules can raise, from their source."""
    import ast

    def rx(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return re.escape(node.value)
        if isinstance(node, ast.JoinedStr):
            return "".join(re.escape(v.value) if isinstance(v, ast.Constant) else ".*?" for v in node.values)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            a, b = rx(node.left), rx(node.right)
            return None if a is None or b is None else a + b
        if isinstance(node, ast.Subscript):
            return rx(node.value)
        return None
    out = []
    for name in VALIDATOR:
        for n in ast.walk(ast.parse((SRC / name).read_text(encoding="utf-8"))):
            if not isinstance(n, ast.Call):
                continue
            f = n.func
            called = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if called in ("RuleError", "ExprError", "_refuse") and n.args:
                msg = n.args[0]
            elif called == "error" and isinstance(f, ast.Attribute) and len(n.args) >= 2:
                msg = n.args[1]
            else:
                continue
            r = rx(msg)
            if r is not None:       # messages passed on from elsewhere (exc.message, e.message) are not templates
                out.append((f"{name}:{n.lineno}", r))
    return out


def test_the_catalogue_shows_every_error_the_validator_can_give():
    shown = "\n".join(e[3] for e in EXAMPLES)
    templates = _templates()
    assert len(templates) > 80
    missing = [(where, r) for where, r in templates
               if not re.search(r, shown) and not any(re.escape(k) in r or k in r.replace("\\", "")
                                                      for k in ELSEWHERE)]
    assert missing == [], "errors without an example in docs/errors.md:\n" + "\n".join(f"{w}: {r}" for w, r in missing)
    for key in ELSEWHERE:      # no stale excuses
        assert any(key in r.replace("\\", "") for _, r in templates), key

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

from ruleplay.cli import main

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
    assert (rc, out) == (1, "")
    assert err == expected

"""Hostile input the fuzzer or issue 9 found, each refused fast with one precise error.

(The first hostile cases, alias bombs, deep nesting, a huge file, object tags
and non-UTF-8 bytes, live in test_validate.py.)
"""
from __future__ import annotations

import time

import pytest

from ruleplay.cli import main

from test_validate import BASE, edit


@pytest.fixture
def cli(tmp_path, monkeypatch, capsys):
    def run(*args, files=None):
        monkeypatch.chdir(tmp_path)
        for name, text in (files or {}).items():
            data = text.encode("utf-8") if isinstance(text, str) else text
            (tmp_path / name).write_bytes(data)
        rc = main(list(args))
        out, err = capsys.readouterr()
        return rc, out, err
    return run


def bad(cli, text, *args, seconds=2.0):
    t0 = time.perf_counter()
    rc, out, err = cli("validate", "bad.yaml", *args, files={"bad.yaml": text})
    assert time.perf_counter() - t0 < seconds
    assert (rc, out) == (1, "")
    return err


# --------------------------------------------------------------------------- found by the fuzzer

def test_control_character(cli):
    """Fuzz: a control character gave a two-line message at 1:1 (PyYAML's ReaderError has no mark)."""
    assert bad(cli, "name: t\ndescription: a\x1fb\n") == (
        "bad.yaml:2:15: error: YAML syntax: unacceptable character #x001f: special characters are not allowed\n"
        "    hint: remove the control character, or quote and escape it\n")


def test_a_key_with_a_newline_is_printed_on_one_line(cli):
    """Fuzz: a key holding a newline broke the one-error-per-line output."""
    err = bad(cli, edit("players: 2", 'players: {min: 2, max: 3, "a\\nb\\u2028": 1}'))
    assert "bad.yaml:3:27: error [players.a\\nb\\u2028]: unknown key 'a\\nb\\u2028'\n" in err
    assert all(line.startswith(("bad.yaml:", "    hint: ")) for line in err.splitlines())

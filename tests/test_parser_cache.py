"""The analysed expression grammar is cached only where nobody else can write (it is a pickle)."""
from __future__ import annotations

import os

from lark import Lark

from ruleplay.lang import expr
from ruleplay.resources import data_dir


def test_cache_made_private_under_xdg_cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = expr.parser_cache_file()
    assert path == str(tmp_path / "ruleplay" / "expr-grammar.lark-cache")
    assert os.stat(tmp_path / "ruleplay").st_mode & 0o777 == 0o700


def test_no_cache_in_a_folder_others_may_write(tmp_path, monkeypatch):
    (tmp_path / "ruleplay").mkdir()
    os.chmod(tmp_path / "ruleplay", 0o777)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert expr.parser_cache_file() is False


def test_no_cache_through_a_symlink(tmp_path, monkeypatch):
    (tmp_path / "elsewhere").mkdir(mode=0o700)
    (tmp_path / "ruleplay").symlink_to(tmp_path / "elsewhere")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert expr.parser_cache_file() is False


def test_no_cache_where_the_folder_cannot_be_made(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    assert expr.parser_cache_file() is False


def test_parser_loaded_from_the_cache_parses_the_same(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    grammar = (data_dir("schema") / "expr.lark").read_text(encoding="utf-8")
    text = "count(s.stock.size > 0 for s in seats) == 1 and pile.empty"

    def build() -> Lark:
        return Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=False,
                    cache=expr.parser_cache_file())

    fresh = build()
    assert (tmp_path / "ruleplay" / "expr-grammar.lark-cache").stat().st_size > 0
    cached = build()
    assert cached.parse(text) == fresh.parse(text)
    assert cached.parse(text).children[0].meta.column == fresh.parse(text).children[0].meta.column

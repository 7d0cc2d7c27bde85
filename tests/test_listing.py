"""`ruleplay list`: one line per built-in (name, players, description) that fits the terminal."""
from __future__ import annotations

import io

import pytest

from ruleplay.tools.listing import fit, players_text, write_list
from ruleplay.pipeline import load_resolved
from ruleplay.resources import builtin_names


def test_fit_cuts_at_a_word_with_an_ellipsis():
    assert fit("Two players turn\ncards onto a pile", 40) == "Two players turn cards onto a pile"
    assert fit("Two players turn cards onto a pile", 20) == "Two players turn..."
    assert fit("Players; the pile", 13) == "Players..."          # no dangling punctuation before the ellipsis
    assert fit("abcdefghijklmnop", 8) == "abcde..."                 # one long word is cut inside it
    assert len(fit("x " * 100, 31)) <= 31


def test_players_text():
    assert players_text(4) == "4" and players_text({"min": 2, "max": 12, "default": 4}) == "2-12"


@pytest.mark.parametrize("width", [80, 60, 120])
def test_every_built_in_on_one_line_within_the_width(width):
    out = io.StringIO()
    write_list({n: load_resolved(n) for n in builtin_names()}, out, width)
    lines = out.getvalue().splitlines()
    assert [line.split()[0] for line in lines] == builtin_names()
    assert all(len(line) < width for line in lines)
    rows = {line.split()[0]: line for line in lines}
    assert rows["ers"].split()[1] == "2-52" and rows["hearts"].split()[1] == "4"
    spades = " ".join(load_resolved("spades").doc.data["description"].split())
    said = rows["spades"].split("  ")[-1]
    assert said.endswith("...") and spades.startswith(said[:-3])
    if width == 120:
        assert len(said) > 60

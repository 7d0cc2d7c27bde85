"""Every shipped ruleset's rule sheet reads as words (issue 20): under its defaults and under each value of
its choice options and each yes/no option turned over, the sheet has no Python literal, no internal path,
no digest rule id and no expression syntax outside the formulas it marks as such."""
from __future__ import annotations

import io
import re

import pytest

from ruleplay.errors import RuleplayError
from ruleplay.pipeline import load
from ruleplay.resources import builtin_names
from ruleplay.sheet import write_sheet

MARKED = re.compile(r"the formula `[^`\n]*`")
EVERYWHERE = {
    "a Python literal": re.compile(r"\b(True|False|None)\b(?!-)"),
    "an internal path": re.compile(r"site-packages|_data\b|\.py\b|rulesets/"),
    "a digest rule id": re.compile(r"\bQ\d+\b|\b\d+\.\d+\b"),
    "a comparison": re.compile(r"(?<!=)==(?!=)|!=|>=|<="),
    "a conditional": re.compile(r" if [^,.;]+ else "),
    "a seat field": re.compile(r"\b(s|c|card|actor)\.(?!md\b|txt\b|yaml\b)[a-z]"),
    "an unmarked quote": re.compile(r"`"),
}
BRACKETS = re.compile(r"[\[\]]")          # an index or a list; an option's own help may show a list value


def settings(name: str) -> list[dict[str, str]]:
    specs = load(name).option_specs
    out: list[dict[str, str]] = [{}]
    for opt, spec in specs.items():
        if spec.get("type") == "choice":
            out += [{opt: str(c)} for c in spec["choices"] if c != spec["default"]]
        elif spec.get("type") == "bool":
            out.append({opt: "false" if spec["default"] else "true"})
    return out


def leaks(sheet: str) -> list[str]:
    """What in a sheet is not words: each as 'what: the line'."""
    text = MARKED.sub("FORMULA", sheet)
    found = [f"{what}: {line}" for line in text.splitlines() for what, rx in EVERYWHERE.items() if rx.search(line)]
    rules = text.split("\nOptions (set with --set NAME=VALUE):\n")[0]
    found += [f"brackets: {line}" for line in rules.splitlines() if BRACKETS.search(line)]
    return found


def sheet_of(name: str, sets: dict[str, str]) -> str:
    out = io.StringIO()
    write_sheet(load(name, sets), out)
    return out.getvalue()


@pytest.mark.parametrize("name", builtin_names())
def test_every_shipped_sheet_is_words_under_every_setting(name):
    bad = []
    for sets in settings(name):
        try:
            sheet = sheet_of(name, sets)
        except RuleplayError:          # a combination the ruleset refuses (a constraint) has no sheet
            assert sets, f"{name} must load with its defaults"
            continue
        bad += [f"{sets or 'defaults'}: {leak}" for leak in leaks(sheet)]
    assert not bad, "\n".join(dict.fromkeys(bad))


def test_the_check_sees_what_sheets_used_to_leak():
    old = ("  pass (pass): passes them `pass-rotation if passing == 'rotate' else pass-fixed` seats along\n"
           "  taken: tricks won (3.5)\nBased on: /x/site-packages/ruleplay/_data/rulesets/hearts-seed.yaml\n"
           "  zero-card-false-slap-out = True (bool): out for good (Q11: every profile)\n")
    kinds = {leak.split(":")[0] for leak in leaks(old)}
    assert kinds == {"a Python literal", "an internal path", "a digest rule id", "a comparison", "a conditional",
                     "an unmarked quote"}
    assert leaks("when the formula `s.points == 0 if x else [1]`, each player scores 0\n") == []


def test_a_set_option_folds_into_the_sheet():
    rotate, left = sheet_of("hearts", {"passing": "rotate"}), sheet_of("hearts", {"passing": "left"})
    assert "passes them pass-rotation (left, right, across and no pass, by hand in turn) seats along" in rotate
    assert "passes them 1 seat(s) along" in left
    assert "JD = -10" in sheet_of("hearts", {"jd-bonus": "true"}) and "JD = 0" in rotate
    assert "Based on: hearts-seed <- hearts\n" in rotate


def test_a_word_without_a_description_shows_its_formula_once_with_options_folded():
    sheet = sheet_of("ers", {})
    assert "  gap-1: the formula `(pile[1].run - pile[2].run) % 13`\n" in sheet       # run-wraps: yes
    assert "  gap-1: the formula `(pile[1].run - pile[2].run) % 1000`\n" in sheet_of("ers", {"run-wraps": "false"})
    assert "A card with the card's chances is more than 0 makes the next player pay" in sheet

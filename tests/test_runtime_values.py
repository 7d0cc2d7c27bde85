"""Validate OK means it runs (issue 15): values that validated but crashed, hung or printed raw.

Missing values and runaway ints where a setting needs an int, an int where a
condition is meant, YAML 1.1 surprises (`1:00` read as 60), huge integers,
control characters and lone surrogates in strings, decks past 900 cards, and
the hints a newcomer needs (a tab, an unclosed quote, expression errors in words).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ruleplay.lang import yamlload
from ruleplay.pipeline import load

from test_validate import BASE, bad, cli, edit   # noqa: F401 - cli is a fixture

CHANCES = "phases.play.challenge.chances"


# --------------------------------------------------------------------------- missing values where an int is needed

def test_a_division_by_zero_that_the_player_count_fixes_is_refused_at_its_column(cli):
    """The issue's case: validated, then `run` ended with 'internal error: TypeError'."""
    text = edit("chances: card.chances", 'chances: "card.chances // (players - 2)"')
    assert bad(cli, text) == (
        f"bad.yaml:19:30: error [{CHANCES}]: in expression 'card.chances // (players - 2)': division by zero "
        "(here the divisor is always 0)\n    hint: guard it: x // d if d != 0 else 0\n")


def test_a_division_in_a_branch_the_options_rule_out_is_fine(cli):
    text = edit("chances: card.chances", 'chances: "card.chances // (players - 2) if players > 2 else card.chances"')
    rc, out, err = cli("run", "ok.yaml", "--seed", "1", "-q", files={"ok.yaml": text})
    assert (rc, err) == (0, "") and out.startswith("Result: ")
    rules = load("ok.yaml")
    chances = rules.phases[0].chances
    assert [chances[rules.deck.names.index(n)] for n in ("JS", "QS", "KS", "AS", "9S")] == [1, 2, 3, 4, 0]


def test_a_division_guarded_by_and_is_fine(cli):
    text = edit("chances: card.chances", 'chances: "card.chances // (players - 2) if players > 2 and '
                '(card.chances // (players - 2)) > 0 else card.chances"')
    rc, _, err = cli("validate", "ok.yaml", files={"ok.yaml": text})
    assert (rc, err) == (0, "")


HEARTS_POINTS = "extends: hearts\nname: v\nscoring:\n  points: \"{}\"\n  rules: []\n"


def test_no_value_where_an_int_is_needed_stops_the_game_with_a_placed_error(cli):
    """Hand 1: hand-number - 1 is 0, so the points of every seat are missing."""
    rc, out, err = cli("run", "v.yaml", files={"v.yaml": HEARTS_POINTS.format("s.points // (hand-number - 1)")})
    assert rc == 1 and out.endswith("The game stopped here, at the error below.\n")    # the game up to it told first
    assert err == ("v.yaml:4:12: error [scoring.points]: in expression 's.points // (hand-number - 1)': gave no value "
                   "while the game was played (a division by zero, a card that is not there, or a seat not set yet)\n"
                   "    hint: an int is needed here; guard it, e.g. 'x // d if d != 0 else 0'\n")


def test_a_runtime_error_under_run_log_keeps_the_events_played_so_far(cli):
    rc, out, err = cli("run", "v.yaml", "--log", "game.jsonl",
                       files={"v.yaml": HEARTS_POINTS.format("s.points // (hand-number - 1)")})
    assert rc == 1 and "error [scoring.points]" in err
    events = [json.loads(x) for x in (Path.cwd() / "game.jsonl").read_text().splitlines()]
    assert err.splitlines()[0] == f"game.jsonl: {len(events)} events written before the error"
    # the whole first hand was played (13 tricks), then its scoring failed: no score, no end event
    assert events[0]["event"] == "start" and sum(e["event"] == "trick" for e in events) == 13
    assert not any(e["event"] in ("score", "end") for e in events)


def _first_runaway() -> int:
    """Every seat scores s.score * s.score + 2 each hand, from 0: 2, 8, 74, 5552, 30830258, ..."""
    score = 0
    while (points := score * score + 2) <= 10**9:
        score += points
    return points


RUNAWAY = HEARTS_POINTS.format("s.score * s.score + 2") + "match:\n  end: \"false\"\n  max-hands: 100000\n"


def test_a_runaway_score_stops_with_the_expression_that_exceeded_the_bound(cli):
    assert _first_runaway() == 30830258 ** 2 + 2 == 950_504_808_346_566
    rc, out, err = cli("run", "v.yaml", files={"v.yaml": RUNAWAY})
    assert rc == 1 and out.endswith("The game stopped here, at the error below.\n")    # the game up to it told first
    assert err == ("v.yaml:4:12: error [scoring.points]: in expression 's.score * s.score + 2': gave "
                   "950,504,808,346,566 while the game was played, beyond the limit of 1,000,000,000\n"
                   "    hint: values stay within -1,000,000,000..1,000,000,000\n")


def test_a_runaway_score_in_a_sim_worker_reaches_the_parent_whole(cli):
    rc, out, err = cli("sim", "v.yaml", "-n", "4", "--jobs", "2", files={"v.yaml": RUNAWAY})
    assert rc == 1
    assert err.startswith("v.yaml:4:12: error [scoring.points]: in expression 's.score * s.score + 2': gave ")
    assert "internal error" not in err and "Traceback" not in err


def test_winners_by_lowest_leave_out_a_missing_value_and_rank_big_ones(cli):
    """Winners only rank values: no bound, and a missing value is no candidate (the documented default)."""
    text = edit('winners: {where: "s.stock.size > 0"}', 'winners: {highest: "s.stock.size * 100000000"}')
    rc, out, err = cli("run", "ok.yaml", "--json", files={"ok.yaml": text})
    assert (rc, err) == (0, "")
    import json
    res = json.loads(out)
    assert res["outcome"] == "finished" and len(res["winners"]) == 1


# --------------------------------------------------------------------------- the right type

@pytest.mark.parametrize("text, where, want", [
    (edit('  - when: "count(s.stock.size > 0 for s in seats) == 1"', "  - when: 1"), "24:11: error [end[0].when]",
     "bool"),
    ("extends: ers\nname: x\nphases:\n  play:\n    reactions:\n      patterns:\n        double: {when: 1}\n",
     "7:24: error [phases.play.reactions.patterns.double.when]", "bool"),
    ("extends: hearts\nname: x\nphases:\n  tricks:\n    play-allowed: 0\n",
     "5:19: error [phases.tricks.play-allowed]", "bool"),
    ("extends: hearts\nname: x\nmatch:\n  end: 1\n", "4:8: error [match.end]", "bool"),
])
def test_an_int_where_a_condition_is_meant_is_refused(cli, text, where, want):
    assert bad(cli, text) == (f"bad.yaml:{where}: this value is an int, but {want} is expected here\n"
                              "    hint: a condition is true, false or an expression such as 'pile.size > 0'\n")


def test_a_bool_where_an_int_is_meant_is_refused(cli):
    assert bad(cli, edit("chances: card.chances", "chances: true")) == (
        f"bad.yaml:19:16: error [{CHANCES}]: this value is a bool, but int is expected here\n")


# --------------------------------------------------------------------------- YAML 1.2 plain values

def test_plain_values_are_read_the_yaml_1_2_way():
    doc = yamlload.load_text("a: 1:00\nb: 010\nc: 0x10\nd: yes\ne: on\nf: 2001-12-14\ng: 1_000\nh: true\n"
                             "i: ~\nj: 1.5\nk: -3\nl: No\nm: .inf\nn: +7\no: ''\n", "t.yaml")
    assert doc.data == {"a": "1:00", "b": 10, "c": "0x10", "d": "yes", "e": "on", "f": "2001-12-14", "g": "1_000",
                        "h": True, "i": None, "j": 1.5, "k": -3, "l": "No", "m": float("inf"), "n": 7, "o": ""}


def test_keys_are_read_the_yaml_1_2_way_too():
    assert yamlload.load_text("on: 1\nyes: 2\n", "t.yaml").data == {"on": 1, "yes": 2}


def test_players_1_00_is_not_sixty(cli):
    assert bad(cli, edit("players: 2", "players: 1:00")) == (
        "bad.yaml:3:10: error [players]: expected integer or object, got str '1:00'\n"
        "    hint: '1:00' is text, not a base-60 number as in YAML 1.1 (1:00 = 60); write the number in decimal "
        "digits\n")


def test_every_shipped_ruleset_reads_the_same_under_yaml_1_1_and_1_2():
    """The YAML 1.2 loader keeps existing rulesets as they were (no value of theirs is a 1.1 surprise)."""
    import yaml
    from ruleplay.resources import builtin_names, builtin_path

    def keyed(data):          # our loader names every key by a string, as rule files use them ('false', '10')
        if isinstance(data, dict):
            return {str(k).lower() if isinstance(k, bool) else str(k): keyed(v) for k, v in data.items()}
        return [keyed(v) for v in data] if isinstance(data, list) else data
    for name in builtin_names():
        text = builtin_path(name).read_text(encoding="utf-8")
        assert yamlload.load_text(text, name).data == keyed(yaml.safe_load(text)), name


@pytest.mark.parametrize("number, expected", [
    ("9" * 5000, "number too large (the limit is 1,000,000,000)"),
    ("-1000000001", "number too large (the limit is 1,000,000,000)"),
    ("00000000000000000000001000000001", "number too large (the limit is 1,000,000,000)"),
])
def test_huge_integers_are_refused_at_their_place(cli, number, expected):
    err = bad(cli, edit("  attributes:", f"  copies: {number}\n  attributes:"))
    assert err == (f"bad.yaml:5:11: error [deck.copies]: {expected}\n"
                   "    hint: integers in rule files lie between -1,000,000,000 and 1,000,000,000\n")


def test_a_billion_with_leading_zeros_is_read(cli):
    assert yamlload.load_text("a: 0001000000000\nb: -1000000000\n", "t").data == {"a": 10**9, "b": -10**9}


# --------------------------------------------------------------------------- text that reaches a terminal

@pytest.mark.parametrize("escape, code", [
    ("\\ud800", "D800"), ("\\e[31m", "001B"), ("\\x07", "0007"), ("\\x85", "0085"), ("\\r", "000D"), ("\\0", "0000"),
])
def test_control_characters_and_lone_surrogates_in_strings_are_refused(cli, escape, code):
    assert bad(cli, edit("description: test", f'description: "a{escape}b"')) == (
        f"bad.yaml:2:14: error [description]: a string holds the control character or lone surrogate U+{code}\n"
        "    hint: rule files hold printable text; remove the escape sequence\n")


def test_a_control_character_in_a_key_is_refused(cli):
    err = bad(cli, edit("players: 2", 'players: {min: 2, max: 3, "a\\x1bb": 1}'))
    assert err.startswith("bad.yaml:3:27: error [players]: a string holds the control character or lone "
                          "surrogate U+001B\n")


def test_tabs_and_newlines_in_a_description_are_fine(cli):
    rc, _, err = cli("validate", "ok.yaml", files={"ok.yaml": edit("description: test", 'description: "a\\tb\\nc"')})
    assert (rc, err) == (0, "")


def test_explain_and_run_escape_unprintable_text_from_the_file(cli):
    text = edit("name: t", 'name: t\ntitle: "T\\u202eX"', "description: test", 'description: "left \\u202e right"',
                "  pile: {owner: table, visibility: public}",
                '  pile: {owner: table, visibility: public, description: "centre \\u200b pile"}')
    rc, out, err = cli("explain", "ok.yaml", files={"ok.yaml": text})
    assert (rc, err) == (0, "")
    assert "\u202e" not in out and "\u200b" not in out
    assert "T\\u202eX\n" in out and "left \\u202e right\n" in out and "centre \\u200b pile" in out
    rc, out, err = cli("validate", "ok.yaml")
    assert (rc, out, err) == (0, "ok.yaml: OK (T\\u202eX, 2 players, 52 cards)\n", "")


# --------------------------------------------------------------------------- limits: every line of docs/limits.md

def test_a_deck_of_2000_suits_is_refused_before_it_is_built(cli):
    suits = ", ".join(f"S{i}" for i in range(2000))
    text = edit("  attributes:", f"  suits: [{suits}]\n  attributes:")
    assert bad(cli, text) == ("bad.yaml:5:3: error [deck.suits]: the deck would hold 26,000 cards; the limit is 900\n"
                              "    hint: a deck is at most 900 cards: fewer suits, ranks or copies\n")


def test_a_deck_of_many_ranks_is_refused_at_the_ranks(cli):
    ranks = ", ".join(f"R{i}" for i in range(300))
    text = edit("  attributes:", f"  ranks: [{ranks}]\n  attributes:")
    assert bad(cli, text) == ("bad.yaml:5:3: error [deck.ranks]: the deck would hold 1,200 cards; the limit is 900\n"
                              "    hint: a deck is at most 900 cards: fewer suits, ranks or copies\n")


def test_a_deck_of_exactly_900_cards_is_fine(cli):
    """52 x 16 copies + 64 jokers + 4 extra aces = 832 + 64 + 4 = 900."""
    text = edit("  attributes:", "  copies: 16\n  jokers: 64\n  extra: [AS, AS, AS, AS]\n  attributes:")
    rc, out, err = cli("validate", "ok.yaml", files={"ok.yaml": text})
    assert (rc, out, err) == (0, "ok.yaml: OK (t, 2 players, 900 cards)\n", "")


def test_strip_counts_a_deck_after_stripping(cli):
    """17 copies would be refused, but copies stay 1..16; 16 copies of 52 with the 2s stripped: 16 x 48 = 768."""
    text = edit("  attributes:", "  copies: 16\n  jokers: 64\n  extra: [AS, AS, AS, AS, AS]\n  strip: ['2']\n"
                "  attributes:")
    rc, out, err = cli("validate", "ok.yaml", files={"ok.yaml": text})
    assert (rc, out, err) == (0, "ok.yaml: OK (t, 2 players, 837 cards)\n", "")


@pytest.mark.parametrize("text, expected", [
    ("extends: ers\nname: x\nphases:\n  play:\n    reactions:\n      pace: 60001\n",
     "6:13: error [phases.play.reactions.pace]: value 60001 is out of range 2..60000"),
    ("extends: ers\nname: x\nphases:\n  play:\n    reactions:\n      pace: 0\n",
     "6:13: error [phases.play.reactions.pace]: value 0 is out of range 2..60000"),
    ("extends: ers\nname: x\nphases:\n  play:\n    reactions:\n      patterns:\n        double: {precedence: 1001}\n",
     "7:30: error [phases.play.reactions.patterns.double.precedence]: value 1001 is out of range -1000..1000"),
    ("extends: hearts\nname: x\nmatch:\n  max-hands: 100001\n",
     "4:14: error [match.max-hands]: value 100001 is out of range 1..100000"),
])
def test_pace_precedence_and_max_hands_are_bounded(cli, text, expected):
    assert bad(cli, text) == f"bad.yaml:{expected}\n"


def test_too_many_nodes(cli):
    items = ", ".join(["a"] * 30_000)
    err = bad(cli, f"name: t\nimplements: [{items}]\n")
    assert re.fullmatch(r"bad\.yaml:2:\d+: error: document too large \(more than 20000 nodes\)\n", err)


def test_a_megabyte_of_options_is_refused_where_it_crosses_the_node_limit(cli):
    # 12,000 options in about 1 MB: once 46 s to merge, now refused while parsing, at the option that
    # crosses 20,000 nodes (8 nodes an option: the name, its mapping, three keys and their values)
    opts = "".join(f"  opt-{i}: {{type: int, default: {i}, description: \"option {i} of many\"}}\n"
                   for i in range(12_000))
    err = bad(cli, "extends: hearts\nname: big\noptions:\n" + opts)
    assert re.fullmatch(r"bad\.yaml:2503:\d+: error: document too large \(more than 20000 nodes\)\n", err)


def test_many_errors_are_shown_in_file_order_and_capped(cli):
    # 120 options without a description: the first 50 in line order (line 10 before line 100), then a count
    opts = "".join(f"  opt-{i}: {{type: int, default: {i}}}\n" for i in range(120))
    err = bad(cli, "extends: hearts\nname: t\noptions:\n" + opts)
    lines = [x for x in err.splitlines() if ": error " in x]
    assert [int(x.split(":")[1]) for x in lines] == list(range(4, 54))
    assert err.splitlines()[-1] == "... and 70 more errors (120 in all); fix the first ones and validate again"


# --------------------------------------------------------------------------- hints: a tab, quotes, words not tokens

@pytest.mark.parametrize("expr, col, message, hint", [
    ("card.chances +", 31, "the expression ends too early", "expected a value, a name or '('"),
    ("(card.chances + 1", 34, "the expression ends too early", "expected ')'"),
    ("card.chances card.chances", 30, "unexpected 'card'", "expected an operator"),
    ("count(c.chances > 0 for c pile)", 43, "unexpected 'pile'", "expected 'in'"),
    ("max(card.chances, 1", 36, "the expression ends too early", "expected ')' or ','"),
    ("card.", 22, "the expression ends too early", "expected a name"),
    ("4 if card.rank == 'A else 0", 35, "a quoted string is not closed: this ' has no closing '",
     "end the string with '"),
])
def test_expression_hints_are_words_not_grammar_tokens(cli, expr, col, message, hint):
    err = bad(cli, edit("chances: card.chances", f'chances: "{expr}"'))
    assert err == f"bad.yaml:19:{col}: error [{CHANCES}]: in expression {expr!r}: {message}\n    hint: {hint}\n"
    assert not re.search(r"\b(AGG|LPAR|RPAR|LSQB|NAME|INT|STRING|MULOP|ADDOP|COMP)\b", err)


def test_an_unclosed_quote_in_a_folded_expression_is_reported_on_its_line(cli):
    text = edit("chances: card.chances", "chances: >-\n        card.chances\n        if card.rank == 'A else 0")
    assert bad(cli, text) == (
        f"bad.yaml:21:25: error [{CHANCES}]: in expression \"card.chances if card.rank == 'A else 0\": a quoted "
        "string is not closed: this ' has no closing '\n    hint: end the string with '\n")


def test_an_unclosed_yaml_quote_is_reported_where_it_opens(cli):
    """The string runs on to the next '"' (line 24) and YAML stumbles there; the fix is at line 2."""
    text = edit("description: test", 'description: "test')
    assert bad(cli, text) == ('bad.yaml:2:14: error: YAML syntax: a quoted string is not closed on its line: this " '
                              'runs on to line 24\n    hint: end the string with "; a quoted string goes on over '
                              'lines until the next "\n')


def test_an_unclosed_yaml_quote_at_the_end_of_the_file(cli):
    assert bad(cli, BASE + "source: 'a seed\n") == (
        "bad.yaml:26:9: error: YAML syntax: a quoted string is not closed: this ' has no closing '\n"
        "    hint: end the string with '\n")


def test_a_quoted_string_over_two_lines_is_still_fine(cli):
    text = edit("description: test", 'description: "a long\n  description"')
    rc, _, err = cli("validate", "ok.yaml", files={"ok.yaml": text})
    assert (rc, err) == (0, "")

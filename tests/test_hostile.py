"""Hostile input the fuzzer or issue 9 found, each refused fast with one precise error.

(The first hostile cases, alias bombs, deep nesting, a huge file, object tags
and non-UTF-8 bytes, live in test_validate.py.)
"""
from __future__ import annotations

import time

import json
import pytest

from ruleplay.tools.cli import main

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


# --------------------------------------------------------------------------- absurd sizes: refused by limits, fast

@pytest.mark.parametrize("old, new, expected", [
    ("players: 2", "players: 1000000000", "bad.yaml:3:10: error [players]: 1000000000 is greater than the maximum of 64\n"),
    ("players: 2", "players: {min: 2, max: 1000000000}",
     "bad.yaml:3:24: error [players.max]: 1000000000 is greater than the maximum of 64\n"),
    ("  attributes:", "  copies: 1000000000\n  attributes:",
     "bad.yaml:5:11: error [deck.copies]: value 1000000000 is out of range 1..16\n"),
    ("  attributes:", "  jokers: 1000000000\n  attributes:",
     "bad.yaml:5:11: error [deck.jokers]: value 1000000000 is out of range 0..64\n"),
    ("  count: all", "  count: 1000000000", "bad.yaml:12:10: error [deal.count]: value 1000000000 is out of range 0..10000\n"),
])
def test_absurd_sizes(cli, old, new, expected):
    assert bad(cli, edit(old, new)) == expected


def test_absurd_size_through_an_option(cli):
    text = edit("name: t", "name: t\noptions:\n  n: {type: int, default: 1000000000, description: x}",
                "  attributes:", "  copies: n\n  attributes:")
    assert bad(cli, text) == "bad.yaml:7:11: error [deck.copies]: value 1000000000 is out of range 1..16\n"


def test_absurd_players_on_the_command_line(cli):
    assert bad(cli, BASE, "--players=1000000000") == (
        "bad.yaml:3:1: error [players]: --players 1000000000: this ruleset is for 2 players\n")


@pytest.mark.parametrize("text, expected", [
    ("extends: ers\nname: x\nphases:\n  play:\n    reactions:\n      false-slap: {burn: 1000000000}\n",
     "bad.yaml:6:26: error [phases.play.reactions.false-slap.burn]: value 1000000000 is out of range 0..832\n"),
    ("extends: hearts\nname: x\nphases:\n  pass:\n    count: 1000000000\n",
     "bad.yaml:5:12: error [phases.pass.count]: value 1000000000 is out of range 0..1000\n"),
])
def test_absurd_burns_and_hand_counts(cli, text, expected):
    assert bad(cli, text) == expected


def test_a_billion_chances_is_a_valid_rule_and_plays_fast(cli):
    """Chances are only a count of cards demanded: the payer runs out of cards long before."""
    from ruleplay.agents import play
    from ruleplay.pipeline import load
    text = edit("{J: 1, Q: 2, K: 3, A: 4}", "{J: 1000000000, Q: 1000000000, K: 3, A: 4}")
    rc, out, err = cli("validate", "ok.yaml", files={"ok.yaml": text})
    assert (rc, err) == (0, "")
    t0 = time.perf_counter()
    result = play(load("ok.yaml"), 1, max_actions=100_000, check=True)
    assert result.outcome == "finished" and result.actions < 1000
    assert time.perf_counter() - t0 < 2.0


# --------------------------------------------------------------------------- expressions

def test_huge_expression(cli):
    err = bad(cli, edit("chances: card.chances", "chances: " + "card.chances + " * 200 + "1"))
    assert err == ("bad.yaml:19:16: error [phases.play.challenge.chances]: in expression 'card.chances + card.chances"
                   " + card.chances + card.chances + card.chances + card....': expression too long (3001 characters;"
                   " the limit is 2000)\n")


def test_deeply_nested_expression(cli):
    err = bad(cli, edit("chances: card.chances", "chances: " + "(" * 70 + "1" + ")" * 70))
    assert err.endswith("': expression nested deeper than 60 levels\n")
    assert err.startswith("bad.yaml:19:28: error [phases.play.challenge.chances]: in expression '((((")


WORDS = ("functions: abs, max, min; count/sum/max/min/any/all/first (x for x in ...); seats: left-of, right-of, opposite, "
         "players-after, next-player, seat; top of a pile: same-rank, in-a-row, adds-to; hands: best-hand, best-hand-name; combinations: ways-to-sum, "
         "longest-run, run-count, run-cards, pairs, top-run, deadwood\n")


@pytest.mark.parametrize("expr, expected", [
    ("().__class__", "19:18: error [phases.play.challenge.chances]: in expression '().__class__': unexpected ')'\n"
                     "    hint: expected a value, a name or '('\n"),
    ("card.__dict__", "19:22: error [phases.play.challenge.chances]: in expression 'card.__dict__': card has no field "
                      "'__dict__'\n    hint: card fields: chances, color, joker, name, order, rank, suit\n"),
    ("card.__class__", "19:22: error [phases.play.challenge.chances]: in expression 'card.__class__': card has no "
                       "field '__class__'\n    hint: card fields: chances, color, joker, name, order, rank, suit\n"),
    ("pile.__len__", "19:22: error [phases.play.challenge.chances]: in expression 'pile.__len__': cards has no field "
                     "'__len__'\n    hint: cards fields: bottom, empty, size, top\n"),
    ("card.rank.__class__", "19:27: error [phases.play.challenge.chances]: in expression 'card.rank.__class__': a "
                            "value of type str has no fields ('.__class__')\n"),
    ("__import__('os')", "19:17: error [phases.play.challenge.chances]: in expression \"__import__('os')\": unknown "
                         "function '__import__' for these arguments\n    hint: " + WORDS),
    ("open('/etc/passwd')", "19:17: error [phases.play.challenge.chances]: in expression \"open('/etc/passwd')\": "
                            "unknown function 'open' for these arguments\n    hint: " + WORDS),
    ("999999999 * 999999999", "19:27: error [phases.play.challenge.chances]: in expression '999999999 * 999999999': "
                              "number too large (the limit is 1,000,000,000)\n"),
])
def test_expressions_cannot_reach_python(cli, expr, expected):
    assert bad(cli, edit("chances: card.chances", f'chances: "{expr}"')) == "bad.yaml:" + expected


def test_nested_aggregates_are_bounded(cli):
    """Each aggregate may loop over every card: three levels over a 16-deck stock never finished (found by hand)."""
    deep = ("count(count(count(true for a in s.stock) > 0 for b in s.stock) > 0 for c in s.stock) > 0 "
            "for s in seats) == 1")
    text = edit('when: "count(s.stock.size > 0 for s in seats) == 1"', f'when: "count({deep}"',
                "  attributes:", "  copies: 16\n  attributes:")
    assert bad(cli, text) == (
        f"bad.yaml:25:24: error [end[0].when]: in expression 'count({deep}': 'count(... for ...)' nested 3 deep "
        "(with the definitions it is written in), up to 1,384,448 steps each time it is read; past 2 deep the limit is "
        "20,000 steps and 4 deep\n    hint: loop over fewer things (a list of suits, the seats), or keep the inner "
        "value in a tracked value or counter (set: ...) and read that\n")


def test_a_third_loop_over_few_values_validates(cli):
    """A list of four suits between the seats and a stock: 2 x 4 x 52 steps, within the limit."""
    text = edit('when: "count(s.stock.size > 0 for s in seats) == 1"',
                'when: "count(max(count(c.suit == x for c in s.stock) for x in [\'C\', \'D\', \'H\', '
                '\'S\']) > 0 for s in seats) == 1"')
    assert cli("validate", "ok.yaml", files={"ok.yaml": text})[0] == 0


def test_two_nested_aggregates_are_fine(cli):
    text = edit('when: "count(s.stock.size > 0 for s in seats) == 1"',
                'when: "count(count(true for c in s.stock) > 0 for s in seats) == 1"')
    assert cli("validate", "ok.yaml", files={"ok.yaml": text})[0] == 0


# --------------------------------------------------------------------------- extends

def test_extends_chain_too_long(cli):
    files = {f"v{i}.yaml": f"extends: v{i + 1}.yaml\n" for i in range(20)}
    files["v20.yaml"] = BASE
    rc, out, err = cli("validate", "v0.yaml", files=files)
    assert (rc, out) == (1, "")
    assert err == "v16.yaml:1:10: error [extends]: 'extends' chain longer than 16\n"


def test_extends_cycle_of_three(cli):
    files = {"a.yaml": "extends: b.yaml\n", "b.yaml": "extends: c.yaml\n", "c.yaml": "extends: a.yaml\n"}
    rc, out, err = cli("validate", "a.yaml", files=files)
    assert rc == 1
    assert err == "c.yaml:1:10: error [extends]: 'extends' forms a cycle: a.yaml -> b.yaml -> c.yaml -> a.yaml\n"


# --------------------------------------------------------------------------- found while fuzzing by hand

def test_winners_by_a_value_missing_for_every_seat(cli):
    """`lowest:` over a card past the bottom of the pile: min() of nothing crashed the run (exit 1, 'error: min()')."""
    text = ("extends: beggar-my-neighbour\nname: x\nend:\n"
            "  - when: \"count(s.stock.size > 0 for s in seats) == 1 and pile.empty\"\n"
            "    winners: {lowest: \"pile[1].chances\"}\n")
    rc, out, err = cli("run", "m.yaml", "--json", files={"m.yaml": text})
    assert (rc, err) == (0, "")
    import json
    res = json.loads(out)
    assert (res["outcome"], res["winners"], res["reason"]) == (
        "finished", [], "count(s.stock.size > 0 for s in seats) == 1 and pile.empty")


@pytest.mark.parametrize("base, expected", [
    ("x" * 300, "'extends' names no known ruleset: '" + "x" * 300 + "'"),
    ("x" * 300 + ".yaml", "'extends' names a file that does not exist: " + "x" * 300 + ".yaml"),
    ('"a\\0b"', "a string holds the control character or lone surrogate U+0000"),
])
def test_extends_names_no_file_could_have(cli, base, expected):
    """Fuzz: a 300-character base name made the file test raise (ENAMETOOLONG): 'error: ...' with no place."""
    err = bad(cli, f"extends: {base}\nname: t\n")
    assert err.startswith(f"bad.yaml:1:10: error [extends]: {expected}\n")
    assert err.count("error") == 1


def test_a_ruleset_argument_no_file_could_have(cli):
    rc, out, err = cli("validate", "y" * 300)
    assert rc == 1
    assert err.startswith("<command line>: error: no ruleset named '" + "y" * 300 + "' (not a file, not a built-in)\n")


@pytest.mark.parametrize("name", ["abc\n", "abc\n\n", "my-rules\n"])
def test_a_name_with_a_final_newline_is_not_a_name(tmp_path, capsys, name):
    """Issue 33: `$` matched before a final newline, so "abc\\n" passed the kebab-case check (and reached
    the web's download header). Every name pattern matches the whole string."""
    from ruleplay.tools.cli import main as cli_main
    f = tmp_path / "x.yaml"
    f.write_text(f"name: {json.dumps(name)}\ndescription: x\nextends: hearts\n")
    assert cli_main(["validate", str(f)]) == 1
    assert "is not a kebab-case name" in capsys.readouterr().err


def test_a_built_in_name_wins_over_a_folder_of_that_name(tmp_path, monkeypatch, capsys):
    """Issue 33: `ruleplay run ers` in a directory holding a folder named `ers` said "ers is a directory"."""
    from ruleplay.tools.cli import main as cli_main
    (tmp_path / "ers").mkdir()
    monkeypatch.chdir(tmp_path)
    assert cli_main(["validate", "ers"]) == 0
    assert cli_main(["run", "ers", "-q"]) == 0
    assert "directory" not in capsys.readouterr().err


def test_a_built_in_is_named_by_its_name_never_by_its_install_path(tmp_path, monkeypatch, capsys):
    """Issue 33: an error in a built-in base showed the server's absolute path of hearts-seed.yaml."""
    from ruleplay.tools.cli import main as cli_main
    from ruleplay.resources import data_dir
    f = tmp_path / "x.yaml"
    f.write_text("name: x\ndescription: x\nextends: hearts-seed\ndeck: {suits: [S]}\n")
    monkeypatch.chdir(tmp_path)
    assert cli_main(["validate", str(f)]) == 1
    err = capsys.readouterr().err
    assert "<built-in hearts-seed>:" in err and str(data_dir("rulesets")) not in err

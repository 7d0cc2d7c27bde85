"""`ruleplay validate`: every class of bad input gives one precise error (file:line:column, message, hint).

Each case writes a minimal bad rule file into a temporary folder, runs the CLI
in-process and compares the whole error output: position, message and hint.
"""
from __future__ import annotations

import time

import pytest

from ruleplay.lang import yamlload
from ruleplay.tools.cli import main
from ruleplay.pipeline import load_resolved
from ruleplay.resources import builtin_names, builtin_path

BASE = """\
name: t
description: test
players: 2
deck:
  attributes:
    chances: {J: 1, Q: 2, K: 3, A: 4}
zones:
  stock: {owner: seat}
  pile: {owner: table, visibility: public}
deal:
  to: stock
  count: all
phases:
  play:
    kind: flip
    from: stock
    to: pile
    challenge:
      chances: card.chances
    take:
      to: stock
    empty-hand: out
end:
  - when: "count(s.stock.size > 0 for s in seats) == 1"
    winners: {where: "s.stock.size > 0"}
"""

OPTIONS = """\
options:
  pay-extra: {type: int, default: 1, min: 0, max: 3, description: extra cards}
  speed: {type: choice, choices: [fast, slow], default: fast, description: speed}
"""


def edit(*pairs: str, src: str = BASE) -> str:
    """Replace text in the base file; each replacement must match exactly once."""
    for old, new in zip(pairs[::2], pairs[1::2]):
        assert src.count(old) == 1, old
        src = src.replace(old, new)
    return src


@pytest.fixture
def cli(tmp_path, monkeypatch, capsys):
    """Write files into a temporary folder (the working directory) and run `ruleplay ARGS...`."""
    monkeypatch.chdir(tmp_path)

    def run(*argv: str, files: dict[str, str | bytes] | None = None) -> tuple[int, str, str]:
        for name, text in (files or {}).items():
            p = tmp_path / name
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        rc = main(list(argv))
        out, err = capsys.readouterr()
        assert "Traceback" not in err
        return rc, out, err
    return run


def bad(cli, text: str | bytes, *args: str) -> str:
    rc, out, err = cli("validate", "bad.yaml", *args, files={"bad.yaml": text})
    assert rc == 1
    assert out == ""
    return err


CASES = {
    "yaml-syntax": (
        edit("to: pile", "to: [pile"),
        "bad.yaml:18:14: error: YAML syntax: expected ',' or ']', but got ':' (while parsing a flow sequence)\n"),
    "tab-indent": (
        edit("description: test", "\tdescription: test"),
        "bad.yaml:2:1: error: YAML syntax: found character '\\t' that cannot start any token"
        " (while scanning for the next token)\n    hint: YAML indentation uses spaces, not tabs: use spaces\n"),
    "duplicate-key": (
        edit("  to: stock\n  count", "  to: stock\n  to: stock\n  count"),
        "bad.yaml:12:3: error [deal.to]: duplicate key 'to' (first given at line 11)\n"
        "    hint: remove one of them; YAML would silently keep only the last\n"),
    "unknown-key-chanses": (
        edit("      chances: card", "      chanses: card"),
        "bad.yaml:19:7: error [phases.play.challenge.chanses]: unknown key 'chanses'\n"
        "    hint: did you mean 'chances'?\n"
        "bad.yaml:18:5: error [phases.play.challenge]: missing required key 'chances'\n"
        "    hint: Cards the next player owes when this card is played (int over `card`); 0 means no challenge.\n"),
    "unknown-key-phases": (
        edit("phases:", "phasess:"),
        "bad.yaml:13:1: error [phasess]: unknown key 'phasess'\n"
        "    hint: did you mean 'phases'?\n"
        "bad.yaml:1:1: error: missing required key 'phases'\n"
        "    hint: The phases of a hand, run in the order written. Each has a kind.\n"),
    "unknown-key-in-phase": (
        edit("empty-hand: out", "empty-hnd: out"),
        "bad.yaml:22:5: error [phases.play.empty-hnd]: unknown key 'empty-hnd'\n"
        "    hint: did you mean 'empty-hand'?\n"),
    "missing-required": (
        edit("description: test\n", ""),
        "bad.yaml:1:1: error: missing required key 'description'\n"
        "    hint: What the game is, in a few sentences. Required: rulesets are documentation.\n"),
    "wrong-type": (
        edit("players: 2", "players: two"),
        "bad.yaml:3:10: error [players]: expected integer or object, got str 'two'\n"),
    "below-minimum": (
        edit("players: 2", "players: 0"),
        "bad.yaml:3:10: error [players]: 0 is less than the minimum of 1\n"),
    "bad-enum": (
        edit("pile: {owner: table,", "pile: {owner: tabel,"),
        "bad.yaml:9:17: error [zones.pile.owner]: 'tabel' is not allowed here; expected one of: seat, table\n"
        "    hint: did you mean 'table'?\n"),
    "bad-phase-kind": (
        edit("kind: flip", "kind: flipp"),
        "bad.yaml:15:11: error [phases.play.kind]: 'flipp' is not allowed here; expected one of: battle, bid, choose, climb, discard, flip, pass, shed, tally, trick, turns\n"
        "    hint: did you mean 'flip'?\n"),
    "dealer-wrong-type": (
        edit("players: 2", "players: 2\ntable: {dealer: [1]}"),
        "bad.yaml:4:17: error [table.dealer]: expected string or integer, got list [1]\n"),
    "dealer-negative": (
        edit("players: 2", "players: 2\ntable: {dealer: -1}"),
        "bad.yaml:4:17: error [table.dealer]: -1 is less than the minimum of 0\n"),
    "dealer-seat-missing": (
        edit("players: 2", "players: 2\ntable: {dealer: 5}"),
        "bad.yaml:4:17: error [table.dealer]: dealer seat 5 does not exist with 2 players\n"),
    "name-not-kebab": (
        edit("name: t", "name: My Game"),
        "bad.yaml:1:7: error [name]: 'My Game' is not a kebab-case name\n"
        "    hint: use lowercase letters, digits and hyphens, e.g. my-house-rules\n"),
    "unknown-zone": (
        edit("to: pile", "to: piel"),
        "bad.yaml:17:9: error [phases.play.to]: unknown zone 'piel'\n"
        "    hint: did you mean 'pile'?\n"),
    "zone-wrong-owner": (
        edit("to: pile", "to: stock"),
        "bad.yaml:17:9: error [phases.play.to]: zone 'stock' is owned by the seat, but a table zone is needed here\n"),
    "expr-parse-end": (
        edit("chances: card.chances", "chances: card.chances +"),
        "bad.yaml:19:30: error [phases.play.challenge.chances]: in expression 'card.chances +':"
        " the expression ends too early\n    hint: expected a value, a name or '('\n"),
    "expr-parse-token": (
        edit("chances: card.chances", "chances: card.chances + )"),
        "bad.yaml:19:31: error [phases.play.challenge.chances]: in expression 'card.chances + )': unexpected ')'\n"
        "    hint: expected a value, a name or '('\n"),
    "expr-parse-char": (
        edit("chances: card.chances", "chances: card.chances ; 1"),
        "bad.yaml:19:29: error [phases.play.challenge.chances]: in expression 'card.chances ; 1':"
        " unexpected character ';'\n"),
    "expr-type": (
        edit('{where: "s.stock.size > 0"}', '{where: "s.stock.size + 1"}'),
        "bad.yaml:25:23: error [end[0].winners.where]: in expression 's.stock.size + 1':"
        " this expression gives int, but bool is expected here\n"),
    "expr-unknown-name": (
        edit("chances: card.chances", "chances: plyers + 1"),
        "bad.yaml:19:16: error [phases.play.challenge.chances]: in expression 'plyers + 1':"
        " unknown name 'plyers'\n"
        "    hint: did you mean 'players'?\n"),
    "expr-unknown-name-no-guess": (
        edit("chances: card.chances", "chances: foo + 1"),
        "bad.yaml:19:16: error [phases.play.challenge.chances]: in expression 'foo + 1': unknown name 'foo'\n"
        "    hint: known names: actor, card, dealer, hand-number, hand-size, hand-size-max, hands-scored, hands-total, pile, players, round-burned, round-first, ...\n"),
    "expr-unknown-field-quoted": (
        edit('{where: "s.stock.size > 0"}', '{where: "s.stok.size > 0"}'),
        "bad.yaml:25:25: error [end[0].winners.where]: in expression 's.stok.size > 0': seat has no field 'stok'\n"
        "    hint: did you mean 'stock'?\n"),
    "expr-no-dunder": (
        edit("chances: card.chances", "chances: card.__class__"),
        "bad.yaml:19:21: error [phases.play.challenge.chances]: in expression 'card.__class__':"
        " card has no field '__class__'\n"
        "    hint: card fields: chances, color, joker, name, order, rank, suit\n"),
    "expr-in-block-scalar": (
        edit("chances: card.chances", "chances: >-\n        card.chanses"),
        "bad.yaml:20:14: error [phases.play.challenge.chances]: in expression 'card.chanses':"
        " card has no field 'chanses'\n"
        "    hint: did you mean 'chances'?\n"),
    "expr-folded-over-lines": (
        edit('"count(s.stock.size > 0 for s in seats) == 1"',
             '"count(s.stock.size > 0 for s in seats)\n      == 1 and pile.emty"'),
        "bad.yaml:25:21: error [end[0].when]: in expression"
        " 'count(s.stock.size > 0 for s in seats) == 1 and pile.emty': cards has no field 'emty'\n"
        "    hint: did you mean 'empty'?\n"),
    "impossible-deal": (
        edit("count: all", "count: 30"),
        "bad.yaml:12:10: error [deal.count]: impossible deal: 30 cards to each of 2 players needs 60,"
        " but the deck has 52\n"),
    "deal-count-out-of-range": (
        edit("count: all", "count: -3"),
        "bad.yaml:12:10: error [deal.count]: value -3 is out of range 0..10000\n"),
    "undealt-cards": (
        edit("count: all", "count: 20"),
        "bad.yaml:10:1: error [deal]: 12 cards stay undealt; name a table zone for them with 'rest'\n"),
    "players-range-inconsistent": (
        edit("players: 2", "players: {min: 2, max: 4, default: 6}"),
        "bad.yaml:3:1: error [players]: players: need min <= default <= max, got min 2, default 6, max 4\n"),
    "option-default-out-of-range": (
        BASE + OPTIONS.replace("default: 1,", "default: 9,"),
        "bad.yaml:27:35: error [options.pay-extra.default]: option 'pay-extra' = 9 is out of range 0..3\n"),
    "option-bad-choice": (
        BASE + OPTIONS.replace("default: fast", "default: medium"),
        "bad.yaml:28:57: error [options.speed.default]: option 'speed' must be one of fast, slow; got 'medium'\n"),
    "option-bad-bool": (
        BASE + "options:\n  strict: {type: bool, default: maybe, description: s}\n",
        "bad.yaml:27:33: error [options.strict.default]: option 'strict' is a bool (true/false), got 'maybe'\n"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_file(cli, case):
    text, expected = CASES[case]
    assert bad(cli, text) == expected


@pytest.mark.parametrize("args, expected", [
    (["--players", "3"], "bad.yaml:3:1: error [players]: --players 3: this ruleset is for 2 players\n"),
    (["--set", "pay-extr=2"], "<command line>: error: --set pay-extr: this ruleset has no option 'pay-extr'\n"
                              "    hint: did you mean 'pay-extra'?\n"),
    (["--set", "pay-extra=7"], "<command line>: error: --set option 'pay-extra' = 7 is out of range 0..3\n"),
    (["--set", "pay-extra=x"], "<command line>: error: --set option 'pay-extra' is an int, got 'x'\n"),
    (["--set", "speed=fats"], "<command line>: error: --set option 'speed' must be one of fast, slow; got 'fats'\n"
                              "    hint: did you mean 'fast'?\n"),
    (["--set", "speed"], "<command line>: error: --set expects NAME=VALUE, got 'speed'\n"),
])
def test_command_line_errors(cli, args, expected):
    assert bad(cli, BASE + OPTIONS, *args) == expected


def test_set_in_range_is_accepted(cli):
    rc, out, err = cli("validate", "ok.yaml", "--set", "pay-extra=3", "--set", "speed=slow",
                       files={"ok.yaml": BASE + OPTIONS})
    assert (rc, err) == (0, "")
    assert out == "ok.yaml: OK (t, 2 players, 52 cards)\n"


def test_set_on_a_ruleset_without_options(cli):
    assert bad(cli, BASE, "--set", "foo=1") == (
        "<command line>: error: --set foo: this ruleset has no option 'foo'\n"
        "    hint: this ruleset declares no options\n")


# --------------------------------------------------------------------------- extends

def test_extends_missing_builtin_with_did_you_mean(cli):
    assert bad(cli, "extends: beggar-my-neighbor\nname: v\n") == (
        "bad.yaml:1:10: error [extends]: 'extends' names no known ruleset: 'beggar-my-neighbor'\n"
        "    hint: did you mean 'beggar-my-neighbour'?\n")


def test_extends_missing_file(cli):
    assert bad(cli, "extends: ./nothere.yaml\nname: v\n") == (
        "bad.yaml:1:10: error [extends]: 'extends' names a file that does not exist: ./nothere.yaml\n")


def test_extends_not_a_string(cli):
    assert bad(cli, "extends: 3\nname: v\n") == (
        "bad.yaml:1:10: error [extends]: 'extends' must be a ruleset name or a relative path\n")


def test_extends_cycle_of_two_files(cli):
    rc, out, err = cli("validate", "a.yaml", files={"a.yaml": "extends: b.yaml\nname: a\n",
                                                    "b.yaml": "extends: a.yaml\nname: b\n"})
    assert rc == 1
    assert err == "b.yaml:1:10: error [extends]: 'extends' forms a cycle: a.yaml -> b.yaml -> a.yaml\n"


def test_extends_itself(cli):
    assert bad(cli, "extends: bad.yaml\nname: a\n") == (
        "bad.yaml:1:10: error [extends]: 'extends' forms a cycle: bad.yaml -> bad.yaml\n")


def test_error_in_base_points_at_the_base_file(cli):
    rc, out, err = cli("validate", "sub/v.yaml", "--include", ".", files={
        "base.yaml": edit("to: pile", "to: piel"),
        "sub/v.yaml": "extends: ../base.yaml\nname: v\n"})
    assert rc == 1
    assert err == ("base.yaml:17:9: error [phases.play.to]: unknown zone 'piel'\n    hint: did you mean 'pile'?\n"
                   "sub/v.yaml:1:10: note [extends]: this file extends base.yaml: the errors placed there are wrong "
                   "in it alone, or made wrong by what this file changes\n"
                   "    hint: `ruleplay validate base.yaml` tells which; fix the second kind here\n")


def test_error_in_variant_points_at_the_variant(cli):
    rc, out, err = cli("validate", "v.yaml", files={
        "base.yaml": BASE,
        "v.yaml": "extends: base.yaml\nname: v\nphases:\n  play:\n    to: piel\n"})
    assert rc == 1
    assert err == "v.yaml:5:9: error [phases.play.to]: unknown zone 'piel'\n    hint: did you mean 'pile'?\n"


def test_variant_of_builtin_deep_merge_and_null_delete(cli):
    rc, out, err = cli("validate", "v.yaml", files={"v.yaml": """\
extends: beggar-my-neighbour
name: bmn-gentle
implements: null
deck:
  attributes:
    chances: {A: 1}
phases:
  play:
    empty-hand: null
"""})
    assert (rc, err) == (0, "")
    assert out == "v.yaml: OK (Beggar My Neighbour, 2 players, 52 cards)\n"
    res = load_resolved("v.yaml")
    d = res.doc.data
    assert res.files[0] == "v.yaml" and res.files[1] == "<built-in beggar-my-neighbour>"
    assert d["name"] == "bmn-gentle"
    assert "extends" not in d and "implements" not in d
    assert d["deck"]["attributes"]["chances"] == {"J": 1, "Q": 2, "K": 3, "A": 1}   # merged, not replaced
    assert d["deck"]["suits"] == ["C", "D", "H", "S"]                                # kept from the base
    assert "empty-hand" not in d["phases"]["play"]                                   # deleted by null
    assert d["phases"]["play"]["take"] == {"to": "stock", "leads": "taker"}
    # marks follow the data: the override points at the variant, the rest at the base
    assert str(res.doc.value_mark(("deck", "attributes", "chances", "A"))) == "v.yaml:6:18"
    assert res.doc.value_mark(("deck", "attributes", "chances", "J")).file == "<built-in beggar-my-neighbour>"


def test_variant_by_relative_path(cli):
    rc, out, err = cli("validate", "sub/v.yaml", "--include", ".", files={
        "base.yaml": BASE, "sub/v.yaml": "extends: ../base.yaml\nname: v\ndeal: {count: 26}\n"})
    assert (rc, err) == (0, "")
    d = load_resolved("sub/v.yaml", include=(".",)).doc.data
    assert d["deal"] == {"to": "stock", "count": 26}
    assert d["name"] == "v" and d["description"] == "test"


def test_list_replaces_not_merges(cli):
    cli("validate", "v.yaml", files={"base.yaml": BASE, "v.yaml": (
        "extends: base\nname: v\nend:\n  - when: pile.empty\n    winners: {where: 's.stock.size > 0'}\n")})
    d = load_resolved("v.yaml").doc.data
    assert d["end"] == [{"when": "pile.empty", "winners": {"where": "s.stock.size > 0"}}]


# --------------------------------------------------------------------------- hostile files

def _alias_bomb(levels: int) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def _fast(fn):
    t0 = time.perf_counter()
    out = fn()
    assert time.perf_counter() - t0 < 2.0
    return out


def test_alias_bomb(cli):
    err = _fast(lambda: bad(cli, _alias_bomb(9)))
    assert err == ("bad.yaml:5:14: error: YAML aliases expand to more than 20000 nodes; refusing an alias bomb\n"
                   "    hint: write the repeated part out, or use 'extends' and options\n")


def test_many_aliases(cli):
    text = "a: &a x\nb: [" + ", ".join(["*a"] * 150) + "]\n"
    err = _fast(lambda: bad(cli, text))
    assert err == "bad.yaml:2:405: error: too many YAML aliases (more than 100); refusing a possible alias bomb\n"


def test_deep_flow_nesting(cli):
    err = _fast(lambda: bad(cli, "name: " + "[" * 5000 + "]" * 5000 + "\n"))
    assert err == "bad.yaml:1:47: error: nesting deeper than 40 levels\n"


def test_deep_block_nesting(cli):
    # 600 levels of block mappings: the composer would hit Python's recursion limit
    text = "".join(" " * i + f"k{i}:\n" for i in range(600)) + " " * 600 + "v\n"
    err = _fast(lambda: bad(cli, text))
    assert err == "bad.yaml:41:41: error: nesting deeper than 40 levels\n"


def test_deep_block_sequences(cli):
    err = _fast(lambda: bad(cli, "- " * 3000 + "x\n"))
    assert err == "bad.yaml:1:81: error: nesting deeper than 40 levels\n"


def test_huge_file(cli):
    err = _fast(lambda: bad(cli, "name: x\n# " + "x" * (yamlload.MAX_BYTES + 10) + "\n"))
    assert err == "bad.yaml:1:1: error: file too large (the limit is 1000000 bytes)\n"


@pytest.mark.parametrize("text, expected", [
    ('name: !!python/object/apply:os.system ["echo hi"]\n',
     "bad.yaml:1:7: error [name]: unsupported YAML tag 'tag:yaml.org,2002:python/object/apply:os.system'\n"),
    ("deck: !!python/object:collections.OrderedDict {}\n",
     "bad.yaml:1:7: error [deck]: unsupported YAML tag 'tag:yaml.org,2002:python/object:collections.OrderedDict'\n"),
    ("name: !!python/name:os.system x\n",
     "bad.yaml:1:7: error [name]: unsupported YAML tag 'tag:yaml.org,2002:python/name:os.system'\n"
     "    hint: rule files use plain strings, numbers, booleans, lists and mappings; quote the value\n"),
    ("base: &b {x: 1}\nname:\n  <<: *b\n",
     "bad.yaml:3:3: error [name]: YAML merge keys (<<) are not supported; use 'extends'\n"),
])
def test_object_tags_refused(cli, text, expected):
    assert bad(cli, text) == expected


def test_not_utf8(cli):
    assert bad(cli, "name: t\ndescription: caf\xe9\n".encode("latin-1")) == (
        "bad.yaml:2:17: error: the file is not UTF-8 text (byte 0xe9)\n    hint: save the file as UTF-8\n")


def test_utf8_bom_is_fine(cli):
    rc, out, err = cli("validate", "ok.yaml", files={"ok.yaml": b"\xef\xbb\xbf" + BASE.encode()})
    assert (rc, err) == (0, "")


@pytest.mark.parametrize("text, expected", [
    ("", "bad.yaml:1:1: error: the file is empty\n"),
    ("just a string\n", "bad.yaml:1:1: error: a ruleset must be a mapping of keys such as name, deck, phases\n"),
])
def test_not_a_ruleset(cli, text, expected):
    assert bad(cli, text) == expected


def test_missing_file_and_directory(cli, tmp_path):
    rc, out, err = cli("validate", "nothere.yaml", ".")
    assert rc == 1
    assert err == ("<command line>: error: no such file: nothere.yaml\n"
                   "<command line>: error: . is a directory, not a rule file\n")


def test_each_file_reported_and_exit_1_if_any_bad(cli):
    rc, out, err = cli("validate", "ok.yaml", "bad.yaml", files={"ok.yaml": BASE, "bad.yaml": edit("to: pile", "to: piel")})
    assert rc == 1
    assert out == "ok.yaml: OK (t, 2 players, 52 cards)\n"
    assert err.startswith("bad.yaml:17:9: error [phases.play.to]: unknown zone 'piel'")


# --------------------------------------------------------------------------- valid

@pytest.mark.parametrize("name", builtin_names())
def test_every_shipped_ruleset_validates(cli, name):
    path = str(builtin_path(name))
    rc, out, err = cli("validate", path)
    assert (rc, err) == (0, "")
    assert out.startswith(f"{path}: OK (")


def test_builtin_by_name_validates(cli):
    rc, out, err = cli("validate", "beggar-my-neighbour")
    assert (rc, err) == (0, "")
    assert out == "beggar-my-neighbour: OK (Beggar My Neighbour, 2 players, 52 cards)\n"


@pytest.mark.parametrize("body, message", [
    ("players: {}\n", "missing required key 'min'"),                             # found by the fuzzer
    ("phases:\n  play:\n    after-turn:\n      - {}\n", "missing required key"),
    ("phases:\n  play:\n    after-turn:\n      - reveal: {}\n", "missing required key"),
])
def test_an_empty_mapping_among_alternatives_is_an_error_not_a_crash(tmp_path, capsys, body, message):
    from ruleplay.tools.cli import main
    base = "beggar-my-neighbour" if body.startswith("players") else "ninety-eight"
    (tmp_path / "v.yaml").write_text(f"extends: {base}\nname: v\n{body}", encoding="utf-8")
    assert main(["validate", str(tmp_path / "v.yaml")]) == 1
    err = capsys.readouterr().err
    assert message in err and "internal error" not in err, err


def test_s_where_the_rule_reads_actor_hints_actor(tmp_path, capsys):
    """A trick's `want` is read for the player in turn, `actor`; a writer who reaches for `s` is told so."""
    from tests.conftest import validate_errors
    err = validate_errors(tmp_path, capsys, "name: bad\nextends: whist\nphases:\n  play:\n    want: \"3 - s.tricks\"\n")
    assert "bad.yaml:5:16: error [phases.play.want]: in expression '3 - s.tricks': unknown name 's'" in err
    assert "here the player the rule is read for is actor" in err

"""The committed schema is what schema/make_schema.py builds (each phase kind contributes its own keys)."""
import json
import runpy
from pathlib import Path

from ruleplay.kinds import KINDS

ROOT = Path(__file__).resolve().parent.parent


def built() -> dict:
    return runpy.run_path(str(ROOT / "schema" / "make_schema.py"))["schema"]


def test_the_committed_schema_is_the_built_one():
    committed = json.loads((ROOT / "schema" / "ruleset.schema.json").read_text(encoding="utf-8"))
    assert committed == json.loads(json.dumps(built())), "run: python schema/make_schema.py"


def test_every_phase_kind_brings_its_keys():
    phase = built()["$defs"]["phase"]
    assert phase["properties"]["kind"]["enum"] == list(KINDS)
    kinds = [branch["if"]["properties"]["kind"]["const"] for branch in phase["allOf"]]
    assert kinds == list(KINDS)
    for branch in phase["allOf"]:
        props = branch["then"]["properties"]
        assert {"kind", "before", "description"} <= set(props)


def test_a_shared_part_carries_no_other_key_s_words():
    """Every key that refers to the expression definition got its own title and description: the generator
    once wrote one key's words into the shared part, so a card attribute's values were titled 'Where' and the
    match's `lowest` and `highest` said 'every seat where it holds wins'."""
    import json
    from pathlib import Path
    schema = json.loads((Path(__file__).resolve().parent.parent / "schema" / "ruleset.schema.json").read_text())
    winners = schema["properties"]["match"]["properties"]["winners"]["properties"]
    assert winners["lowest"]["title"] == "Lowest" and "lowest value wins" in winners["lowest"]["description"]
    assert winners["highest"]["title"] == "Highest"
    values = schema["$defs"]["deck"]["properties"]["attributes"]["additionalProperties"]["additionalProperties"]
    assert "title" not in values and "seat" not in values.get("description", "")


def test_too_few_entries_are_said_in_words_with_the_schemas_example(tmp_path, capsys):
    """A mapping or a list with too few entries: 'set' is empty, 'number' has 1 item, each with the schema's
    example as the hint, not jsonschema's "{} should be non-empty" (a tester's find)."""
    from conftest import validate_errors
    out = validate_errors(tmp_path, capsys, """name: bad
description: A tally that sets nothing.
players: 2
deck: {ranks: [2, 3], suits: [C, D]}
zones:
  hand: {owner: seat, visibility: owner}
deal: {to: hand, count: 2}
phases:
  t: {kind: tally, set: {}}
""")
    assert "bad.yaml:9:25: error [phases.t.set]: 'set' is empty: it needs at least 1 entry" in out
    assert 'hint: e.g. set: {"bags": "(s.bags + 1) % 10"}' in out and "should be non-empty" not in out
    out = validate_errors(tmp_path, capsys, "extends: ninety-eight\nname: bad\nphases:\n  play:\n    moves:\n"
                                            "      play:\n        choose: {seat: \"s != actor\", number: [1]}\n")
    assert "'number' has 1 item; it takes at least 2" in out and "hint: e.g. number: [1, 10]" in out

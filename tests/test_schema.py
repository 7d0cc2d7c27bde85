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

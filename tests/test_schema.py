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

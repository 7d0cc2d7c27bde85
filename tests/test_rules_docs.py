"""docs/rules/: every built-in's player-facing rules, generated from its rule file, are up to date."""
import importlib.util
from pathlib import Path

from ruleplay.resources import builtin_names

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules"
_spec = importlib.util.spec_from_file_location("rules_docs_regenerate", RULES / "regenerate.py")
regenerate = importlib.util.module_from_spec(_spec)     # not `import regenerate`: tests/golden has one too
_spec.loader.exec_module(regenerate)


def test_every_page_matches_its_rule_file():
    assert regenerate.stale() == [], "run: python docs/rules/regenerate.py --write (and review the diff)"


def test_one_page_per_built_in_and_rule_files_cite_their_page():
    assert {p.stem for p in RULES.glob("*.md")} - {"README"} == set(builtin_names())
    text = (RULES / "hearts.md").read_text(encoding="utf-8")
    assert text.startswith("# Hearts\n") and "shot-moon" in text and "`" not in text.replace("`` ", "")

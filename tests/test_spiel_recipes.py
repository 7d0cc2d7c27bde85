"""docs/agents.md: every learning recipe (a ```py block) runs as written."""
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "agents.md"
RECIPES = re.findall(r"```py\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_has_recipes():
    assert len(RECIPES) == 4


@pytest.mark.parametrize("i", range(len(RECIPES)))
def test_recipe_runs(i, capsys):
    code = RECIPES[i]
    for module in ("pyspiel", "pettingzoo", "jax", "flax", "optax"):
        if module in code:
            pytest.importorskip(module)
    exec(compile(code, f"docs/agents.md recipe {i}", "exec"), {})
    assert capsys.readouterr().out.strip()          # each recipe prints its result

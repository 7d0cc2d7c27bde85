"""docs/agents.md: every Python example (a ```python block) and every learning recipe (a ```py block)
runs as written and prints its result; a block that needs an optional library is skipped without it."""
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOC = (Path(__file__).resolve().parent.parent / "docs" / "agents.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", DOC, re.S)
RECIPES = re.findall(r"```py\n(.*?)```", DOC, re.S)
OPTIONAL = ("pyspiel", "pettingzoo", "jax", "flax", "optax", "chex")


def test_the_page_has_examples_and_recipes():
    assert (len(BLOCKS), len(RECIPES)) == (3, 4)


@pytest.mark.parametrize("kind, i", [("example", i) for i in range(len(BLOCKS))] +
                         [("recipe", i) for i in range(len(RECIPES))])
def test_block_runs(kind, i, capsys):
    code = (BLOCKS if kind == "example" else RECIPES)[i]
    for module in OPTIONAL:
        if module in code and importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed")
    if "jax" in code:                 # JAX starts threads: the suite's later forks would be unsafe in this process
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout.strip()
        return
    exec(compile(code, f"docs/agents.md {kind} {i}", "exec"), {})
    assert capsys.readouterr().out.strip()          # each block prints its result

"""docs/agents.md: every Python example runs as written."""
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "agents.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_has_examples():
    assert len(BLOCKS) == 3


@pytest.mark.parametrize("i", range(len(BLOCKS)))
def test_example_runs(i, capsys):
    code = BLOCKS[i]
    if "pyspiel" in code:
        pytest.importorskip("pyspiel")
    if "pettingzoo" in code:
        pytest.importorskip("pettingzoo")
    exec(compile(code, f"docs/agents.md[{i}]", "exec"), {})
    assert capsys.readouterr().out.strip()          # each example prints its result

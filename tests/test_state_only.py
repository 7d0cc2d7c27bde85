"""Every driver reaches a game through `State`'s public methods: no module outside the engine reads the table
behind a State (`state._table`) or its run (`state._run`), so what a seat may see is decided in the engine
(`engine/visibility.py`) and nowhere else.

Read from the AST, like tests/test_layers.py, so the check sees every attribute written in the files
(`getattr(state, "_table")` included), not only the ones a test run happened to execute.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ruleplay

PACKAGE = Path(ruleplay.__file__).parent
PRIVATE = {"_table", "_run"}
"""State's private attributes: the engine's own business."""

OWNERS = {"engine"}
"""Layers that may read them: the State lives there."""

def reads(source: str) -> list[tuple[str, int]]:
    """(private name, line) for every `x._table` / `x._run` and `getattr(x, "_table")` in the source."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE:
            found.append((node.attr, node.lineno))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr")
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value in PRIVATE):
            found.append((node.args[1].value, node.lineno))
    return found


def drivers() -> list[Path]:
    """Every module of the package outside the State's own layer."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        top = path.relative_to(PACKAGE).parts[0]
        if top not in OWNERS:
            out.append(path)
    return out


@pytest.mark.parametrize("path", drivers(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_drivers_use_state_only(path: Path) -> None:
    found = reads(path.read_text(encoding="utf-8"))
    assert not found, "\n".join(f"{path.relative_to(PACKAGE)}:{line} reads State.{name}" for name, line in found)


def test_the_scope_covers_the_drivers() -> None:
    """The table front ends and the adapters are among the modules checked."""
    names = {str(p.relative_to(PACKAGE)) for p in drivers()}
    assert {"tools/play/seat.py", "tools/play/terminal.py", "tools/web/views.py", "adapters/pettingzoo.py",
            "adapters/spiel.py", "agents/ismcts.py", "agents/determinize.py", "agents/__init__.py",
            "codegen/runtime.py", "tools/logs/replay.py"} <= names


def builds_run(source: str) -> list[int]:
    """Lines that import the engine's generator driver `Run` (only `State` may step it)."""
    return [node.lineno for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)
            and (node.module or "").startswith("ruleplay.engine") and any(a.name == "Run" for a in node.names)]


@pytest.mark.parametrize("path", drivers(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_drivers_never_build_a_run(path: Path) -> None:
    assert not builds_run(path.read_text(encoding="utf-8")), f"{path.relative_to(PACKAGE)} imports Run"


def test_the_run_checker_can_fail() -> None:
    assert builds_run("def f():\n    from ruleplay.engine.run import Deal, Run\n") == [2]


def test_the_checker_sees_a_reach_around() -> None:
    """The walk must be able to fail: what seat.py and pettingzoo.py did before is found, lazily or not."""
    assert reads("class S:\n    @property\n    def t(self):\n        return self.state._table\n") == [("_table", 4)]
    assert reads("def f(st):\n    return getattr(st, '_run').t\n") == [("_run", 2)]
    assert reads("def f(env):\n    return env._table_zones, env.state.seat_view(0)\n") == []

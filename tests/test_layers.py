"""The package's layers, as ARCHITECTURE.md draws them, enforced from the source: every import of every
module (lazy ones inside functions included) goes down or sideways, never up, and no chain of imports
comes back to where it started.

Read from the AST, so the check sees the imports written in the files, not the ones a test run happened
to execute.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ruleplay

PACKAGE = Path(ruleplay.__file__).parent

BASE = {"errors", "resources"}
ALLOWED: dict[str, set[str]] = {
    "lang": BASE,
    "compiler": BASE | {"lang"},
    "engine": BASE | {"lang", "compiler"},
    "kinds": BASE | {"lang", "compiler", "engine"},
    "agents": BASE | {"lang", "compiler", "engine", "kinds"},
    "codegen": BASE | {"lang", "compiler", "engine", "kinds", "agents"},
    "pipeline": BASE | {"lang", "compiler", "engine", "kinds"},
    "adapters": BASE | {"lang", "compiler", "engine", "kinds", "agents", "codegen", "pipeline"},
    "tools": BASE | {"lang", "compiler", "engine", "kinds", "agents", "codegen", "pipeline", "adapters"},
    "errors": set(),
    "resources": {"errors"},
}
"""Layer -> the other layers its modules may import. The top-level `ruleplay` facade and `_moved`
(the old names) reach their targets by name at run time and are not a layer."""


def module_files() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = module_files()


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ALLOWED else None


def _type_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(module: str) -> list[tuple[str, int, bool]]:
    """(imported ruleplay module, line, only under TYPE_CHECKING) for every import in the module."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found: list[tuple[str, int, bool]] = []

    def target(name: str) -> str | None:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        return name or None

    def visit(node: ast.AST, type_only: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = type_only or (isinstance(child, ast.If) and _type_only(child))
            if isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.startswith("ruleplay"):
                        found.append((target(alias.name), child.lineno, type_only))
            elif isinstance(child, ast.ImportFrom):
                assert child.level == 0, f"{module}:{child.lineno}: relative import (the package imports absolutely)"
                if (child.module or "").split(".")[0] == "ruleplay":
                    for alias in child.names:
                        found.append((target(f"{child.module}.{alias.name}"), child.lineno, type_only))
            visit(child, inner)

    visit(tree, False)
    return [f for f in found if f[0] and f[0] != module]


EDGES = {m: imports(m) for m in MODULES}


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer(m)))
def test_imports_follow_the_layers(module: str) -> None:
    mine = layer(module)
    upward = [f"{module}:{line} imports {target}" for target, line, _ in EDGES[module]
              if layer(target) != mine and layer(target) not in ALLOWED[mine] and not (mine == "tools" and target == "ruleplay")]
    assert not upward, "\n".join(upward)


def test_only_tools_import_the_facade() -> None:
    """`ruleplay/__init__` is for users (and the tools, which are its users: the CLI shows `__version__`);
    a lower module importing it would tie every layer to every other."""
    back = [f"{m}:{line}" for m, edges in EDGES.items() for target, line, _ in edges
            if target == "ruleplay" and layer(m) != "tools"]
    assert not back, back


def test_no_import_cycles() -> None:
    """Tarjan's strongly connected components over every run-time import (type-only ones left out)."""
    graph = {m: sorted({t for t, _, type_only in edges if not type_only}) for m, edges in EDGES.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def strongconnect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in graph:
        if v not in index:
            strongconnect(v)
    assert not cycles, cycles


def test_the_checker_sees_an_upward_import(tmp_path: Path) -> None:
    """The walk above must be able to fail: a lazy engine -> agents import inside a function is found."""
    global MODULES
    saved = MODULES
    fake = tmp_path / "fake.py"
    fake.write_text("def f():\n    from ruleplay.agents.bots import Bot\n    return Bot\n")
    MODULES = {**saved, "ruleplay.engine.fake": fake}
    try:
        edges = imports("ruleplay.engine.fake")
    finally:
        MODULES = saved
    assert edges == [("ruleplay.agents.bots", 2, False)]
    assert layer("ruleplay.agents.bots") not in ALLOWED["engine"]

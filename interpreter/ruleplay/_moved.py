"""Old module names, kept working for one release after the layout of issue 34.

`import ruleplay.engine`, `from ruleplay.bots import make_bots`, `python -m ruleplay.cli`: every
module that moved into a layer package is still importable under its old name, as the very same
module object (so attributes set on one are seen through the other). The table is the whole of the
compatibility layer; new code imports the new names.
"""
from __future__ import annotations

import importlib
import importlib.machinery
import sys
import types

OLD_NAMES = {
    "safefile": "lang.files", "yamlload": "lang.yamlload", "resolve": "lang.resolve",
    "schemacheck": "lang.schemacheck", "expr": "lang.expr", "exprwords": "lang.expr.words",
    "plain": "lang.expr.say", "plainfold": "lang.expr.fold",
    "defines": "compiler.defines", "model": "compiler.model", "cards": "compiler.cards",
    "teams": "compiler.teams", "counters": "compiler.counters",
    "table": "engine.table", "decision": "engine.decision", "state": "engine.state",
    "events": "engine.events", "visibility": "engine.visibility",
    "phases": "kinds",
    "bots": "agents", "ismcts": "agents.ismcts", "determinize": "agents.determinize",
    "spiel": "adapters.spiel", "pettingzoo": "adapters.pettingzoo",
    "cli": "tools.cli", "listing": "tools.listing", "starter": "tools.starter", "account": "tools.account",
    "sheet": "tools.explain.sheet", "sheetdiff": "tools.explain.sheetdiff",
    "sheetformat": "tools.explain.sheetformat", "replay": "tools.logs.replay",
    "dealfile": "tools.logs.dealfile", "spool": "tools.logs.spool", "sim": "tools.sim",
    "stats": "tools.stats", "play": "tools.play.terminal", "human": "tools.play.seat", "web": "tools.web",
}
"""Old name under `ruleplay.` -> new name. (`ruleplay.engine` kept its name: it is now the engine
package, which exports what the old module did.)"""


SPLIT = {"state": ("ruleplay.pipeline", "ruleplay.agents"), "bots": ("ruleplay.agents.bots",)}
"""Old modules whose names went to more than one new home: `ruleplay.state.load_game` is now
`ruleplay.pipeline.load_game`, `ruleplay.bots.smart_card` is `ruleplay.agents.bots.smart_card`."""


class _Forward(types.ModuleType):
    """An old module whose names now live in several modules: each name is looked up in them in turn."""

    def __init__(self, name: str, homes: tuple[str, ...]):
        super().__init__(name, f"Old name; its contents now live in {', '.join(homes)}.")
        self._homes = homes

    def __getattr__(self, attr: str):
        for home in self._homes:
            module = importlib.import_module(home)
            if hasattr(module, attr):
                return getattr(module, attr)
        raise AttributeError(f"module {self.__name__!r} has no attribute {attr!r}")


def new_name(fullname: str) -> str | None:
    """`ruleplay.phases.trick` -> `ruleplay.kinds.trick`; None for a name that did not move."""
    parts = fullname.split(".")
    if len(parts) < 2 or parts[0] != "ruleplay":
        return None
    for i in range(len(parts), 1, -1):
        moved = OLD_NAMES.get(".".join(parts[1:i]))
        if moved:
            return ".".join(["ruleplay", moved, *parts[i:]])
    return None


class _Alias:
    """A loader (duck-typed: importlib.abc would cost `import ruleplay` 15 ms of start-up)."""

    def __init__(self, target: str):
        self.target = target

    def create_module(self, spec):
        extra = SPLIT.get(spec.name.removeprefix("ruleplay."))
        if extra:
            return _Forward(spec.name, (self.target, *extra))
        return importlib.import_module(self.target)

    def exec_module(self, module) -> None:
        """The module was executed under its new name; nothing to run twice."""

    def get_code(self, fullname):
        """What `python -m ruleplay.cli` runs: the new module's code (runpy asks the loader for it)."""
        import importlib.util
        return importlib.util.find_spec(self.target).loader.get_code(self.target)


class OldNames:
    """A meta-path finder for the old names."""

    def find_spec(self, fullname, path=None, target=None):
        moved = new_name(fullname)
        if moved is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(moved))


def install() -> None:
    if not any(isinstance(f, OldNames) for f in sys.meta_path):
        sys.meta_path.append(OldNames())

"""ruleplay: card games and their house rules as data, run on a generic table engine.

The Python API is the steppable state: `load_game`, `Game`, `State`, `TERMINAL`, `RulesError`,
`bot_action`; imported on first use, so `import ruleplay` stays light. ARCHITECTURE.md maps the
packages (`lang`, `compiler`, `engine`, `kinds`, `agents`, `codegen`, `adapters`, `tools`).
"""
from ruleplay import _moved

__version__ = "0.1.0"

_moved.install()

_API = {"load_game": "ruleplay.pipeline", "Game": "ruleplay.engine.state", "State": "ruleplay.engine.state",
        "TERMINAL": "ruleplay.engine.state", "RulesError": "ruleplay.engine.state",
        "bot_action": "ruleplay.agents"}


def __getattr__(name: str):
    if name in _API:
        import importlib
        return getattr(importlib.import_module(_API[name]), name)
    raise AttributeError(f"module 'ruleplay' has no attribute {name!r}")

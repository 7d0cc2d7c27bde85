"""ruleplay: card games and their house rules as data, run on a generic table engine.

The Python API is the steppable state (`ruleplay.state`): `load_game`, `Game`, `State`,
`TERMINAL`, `RulesError`; imported on first use, so `import ruleplay` stays light.
"""

__version__ = "0.1.0"

_STATE_NAMES = ("load_game", "Game", "State", "TERMINAL", "RulesError", "bot_action")


def __getattr__(name: str):
    if name in _STATE_NAMES:
        from . import state
        return getattr(state, name)
    raise AttributeError(f"module 'ruleplay' has no attribute {name!r}")

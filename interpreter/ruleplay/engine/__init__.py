"""The engine: compiled `Rules` -> a game that stops at each decision.

`state.State` is the one driver interface (OpenSpiel's names); `run.Run` steps the rules' generator;
`table.Table` holds one game's cards, seats and scores; `decision` the decisions and the action space;
`events` and `visibility` what happened and what each seat may see of it; `results` a game's Result and
its returns. The engine imports no agent, adapter or tool: a driver hands it agents
(`Game.new_initial_state(inline=...)`).
"""


def __getattr__(name: str):
    """Names of the old `ruleplay.engine` module, kept for one release: `play` is now `ruleplay.agents.play`,
    the rest `ruleplay.engine.run.<name>`. Resolved by name on first use, so the engine never imports
    the agents package itself."""
    import importlib
    home = "ruleplay.agents" if name == "play" else "ruleplay.engine.run"
    module = importlib.import_module(home)
    if name.startswith("__") or not hasattr(module, name):
        raise AttributeError(f"module 'ruleplay.engine' has no attribute {name!r}")
    return getattr(module, name)

"""Old module names from before the layered layout (issue 34) still import, as the same module objects."""
from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from ruleplay._moved import OLD_NAMES, SPLIT


@pytest.mark.parametrize("old", sorted(set(OLD_NAMES) - set(SPLIT)))
def test_an_old_name_is_the_new_module(old: str) -> None:
    assert importlib.import_module(f"ruleplay.{old}") is importlib.import_module(f"ruleplay.{OLD_NAMES[old]}")


def test_old_submodules_and_split_modules() -> None:
    from ruleplay.bots import Bot, make_bots, smart_card
    from ruleplay.engine import Deal, play
    from ruleplay.phases.trick import Trick
    from ruleplay.state import Game, bot_action, load_game
    import ruleplay.agents as agents
    import ruleplay.agents.bots as bots
    import ruleplay.engine.run as run
    import ruleplay.engine.state as state
    import ruleplay.kinds.trick as trick
    import ruleplay.pipeline as pipeline
    assert (Bot, make_bots, smart_card) == (bots.Bot, agents.make_bots, bots.smart_card)
    assert (Deal, play, Trick) == (run.Deal, agents.play, trick.Trick)
    assert (Game, bot_action, load_game) == (state.Game, agents.bot_action, pipeline.load_game)
    with pytest.raises(AttributeError):
        importlib.import_module("ruleplay.state").no_such_name
    with pytest.raises(ImportError):
        from ruleplay.engine import no_such_name  # noqa: F401


def test_python_m_an_old_module_runs_it() -> None:
    out = subprocess.run([sys.executable, "-m", "ruleplay.cli", "list"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "hearts" in out.stdout

"""Every ruleset as an OpenSpiel game: `import ruleplay.spiel`, then `pyspiel.load_game("ruleplay", {...})`.

Parameters: `ruleset` (a built-in name or a path), `players` (0: the ruleset's default) and
`options` ("k=v,k=v", as `--set` takes them). Needs `pip install 'ruleplay[openspiel]'`.

The game opens with one chance node: the seed of the deal and of every later chance draw (one of
SEEDS, uniform), so OpenSpiel's algorithms see the game's randomness as chance. The decisions are
ruleplay's steppable state (`ruleplay.state`): the same actions, labels and returns (1 for each
winner, 0 for the others). Observations are strings (what the seat may see, by zone visibility).
"""
from __future__ import annotations

import pyspiel

from ruleplay.engine.run import DEFAULT_MAX_ACTIONS
from ruleplay.engine.state import TERMINAL
from ruleplay.pipeline import load_game

SEEDS = 1 << 16

_TYPE = pyspiel.GameType(
    short_name="ruleplay",
    long_name="ruleplay: a card game from a YAML ruleset",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=64,
    min_num_players=1,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"ruleset": "oh-hell", "players": 0, "options": ""})


def parse_options(text: str) -> dict[str, str]:
    """"k=v,k=v" -> {k: v}; a list value keeps its commas inside brackets ("hand-sizes=[5,6]")."""
    out: dict[str, str] = {}
    depth, part, parts = 0, "", []
    for ch in text:
        depth += ch == "["
        depth -= ch == "]"
        if ch == "," and depth == 0:
            parts.append(part)
            part = ""
        else:
            part += ch
    parts.append(part)
    for p in parts:
        if p.strip():
            k, sep, v = p.partition("=")
            if not sep:
                raise ValueError(f"options: expected k=v, got {p!r}")
            out[k.strip()] = v.strip()
    return out


class RuleplayGame(pyspiel.Game):
    def __init__(self, params=None):
        params = dict(params or {})
        self.ruleplay = load_game(str(params.get("ruleset", "oh-hell")), int(params.get("players", 0)) or None,
                                  parse_options(str(params.get("options", ""))))
        n = self.ruleplay.num_players()
        info = pyspiel.GameInfo(num_distinct_actions=self.ruleplay.num_distinct_actions(),
                                max_chance_outcomes=SEEDS, num_players=n, min_utility=0.0, max_utility=1.0,
                                utility_sum=None, max_game_length=DEFAULT_MAX_ACTIONS + 1)
        super().__init__(_TYPE, info, params)

    def new_initial_state(self):
        return RuleplayState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer()


class RuleplayState(pyspiel.State):
    def __init__(self, game: RuleplayGame):
        super().__init__(game)
        self._players = game.num_players()
        self._inner = None            # the ruleplay state, once the chance node has drawn the seed
        # (OpenSpiel clones a state by deep-copying its attributes: the inner state copies by replay)

    def current_player(self):
        if self._inner is None:
            return pyspiel.PlayerId.CHANCE
        p = self._inner.current_player()
        return pyspiel.PlayerId.TERMINAL if p == TERMINAL else p

    def _legal_actions(self, player):
        return self._inner.legal_actions()

    def chance_outcomes(self):
        p = 1.0 / SEEDS
        return [(i, p) for i in range(SEEDS)]

    def _apply_action(self, action):
        if self._inner is None:
            self._inner = self.get_game().ruleplay.new_initial_state(seed=int(action))
        else:
            self._inner.apply_action(int(action))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self._inner.action_to_string(action)

    def is_terminal(self):
        return self._inner is not None and self._inner.is_terminal()

    def returns(self):
        if self._inner is None:
            return [0.0] * self._players
        return self._inner.returns()

    def __str__(self):
        return "" if self._inner is None else str(self._inner)

class _Observer:
    """String observations only: what the seat may see (ruleplay's `observation_string`)."""

    def __init__(self):
        self.tensor = None
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return "" if state._inner is None else state._inner.observation_string(player)


pyspiel.register_game(_TYPE, RuleplayGame)

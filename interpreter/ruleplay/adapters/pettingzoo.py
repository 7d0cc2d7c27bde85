"""Every ruleset as a PettingZoo AEC environment, in the style of PettingZoo's classic card games.

    from ruleplay.adapters.pettingzoo import env
    e = env("oh-hell", players=4, options={"hand-sizes": [5]})
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else int(obs["action_mask"].nonzero()[0][0])
        e.step(action)

Needs `pip install 'ruleplay[pettingzoo]'`. Agents are `player_0 .. player_{n-1}`. An observation
is `{"observation": int8 array, "action_mask": int8 array}`: for each card of the deck, a one-hot of
where the agent knows it to be (each per-seat zone of each seat, counted from the agent, when that
zone is visible to it; each table zone when public; else "unknown"), then the size of every zone
(capped at 255): `State.observation_tensor`, laid out in engine/visibility.py. The action space is
ruleplay's fixed one (`Game.num_distinct_actions()`); rewards are `returns()` at the end. `render()`
prints the agent-to-move's view in words.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ruleplay.engine.state import State
from ruleplay.pipeline import load_game
from ruleplay.engine.visibility import observation_places, observation_size


class RuleplayEnv(AECEnv):
    metadata = {"render_modes": ["human", "ansi"], "name": "ruleplay_v0", "is_parallelizable": False}

    def __init__(self, ruleset: str, players: int | None = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None):
        super().__init__()
        self.game = load_game(ruleset, players, options)
        rules = self.game.rules
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self.render_mode = render_mode
        self._seat_zones = rules.seat_zones          # the observation's zone order, for readers of the one-hot
        self._places = observation_places(rules)
        size = observation_size(rules)
        n_actions = self.game.num_distinct_actions()
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0, 255, (size,), dtype=np.uint8),
            "action_mask": spaces.Box(0, 1, (n_actions,), dtype=np.int8)}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self.state: State | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the AEC loop
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.state = self.game.new_initial_state(seed=0 if seed is None else int(seed))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._settle()

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """After a move: whose turn it is, or, at the end, every agent's reward."""
        s = self.state
        if s.is_terminal():
            returns = s.returns()
            for i, a in enumerate(self.possible_agents):
                if a in self.agents:
                    self.rewards[a] = float(returns[i])
                    self.terminations[a] = True
            if self.agent_selection not in self.agents:
                self.agent_selection = self.agents[0]
            return
        self.rewards = {a: 0.0 for a in self.agents}
        self.agent_selection = self.possible_agents[s.current_player()]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        return {"observation": self._observation(seat), "action_mask": self._mask(seat)}

    def _mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        s = self.state
        if s is not None and not s.is_terminal() and s.current_player() == seat:
            mask[s.legal_actions()] = 1
        return mask

    def _observation(self, seat: int) -> np.ndarray:
        space = self.observation_spaces[self.possible_agents[seat]]["observation"]
        if self.state is None:
            return np.zeros(space.shape, dtype=space.dtype)
        return np.asarray(self.state.observation_tensor(seat), dtype=space.dtype)

    def render(self):
        if self.state is None:
            return None
        text = self.state.observation_string(self.possible_agents.index(self.agent_selection))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(ruleset: str, players: int | None = None, options: dict[str, Any] | None = None,
        render_mode: str | None = None) -> AECEnv:
    """The environment with PettingZoo's usual wrappers (illegal moves end the game as an error)."""
    e = RuleplayEnv(ruleset, players, options, render_mode)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)

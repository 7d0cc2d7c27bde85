"""Every ruleset as a PettingZoo AEC environment, in the style of PettingZoo's classic card games.

    from ruleplay.adapters.pettingzoo import env
    e = env("oh-hell", players=4, options={"hand-sizes": [5]})
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else int(obs["action_mask"].nonzero()[0][0])
        e.step(action)

Needs `pip install 'ruleplay[pettingzoo]'`. Agents are `player_0 .. player_{n-1}`. An observation
is `{"observation": float32 array, "action_mask": int8 array}`: the observation tensor of the OpenSpiel
adapter, generated from the rules (adapters/tensors.py: where the agent knows each card to be, zone
sizes, the trick in order, trump, led suit, bids, scores, counters, public choices, voids). `state()` is
the global state: every agent's observation, seat by seat (`state_space`). The actions are numbered
0..k-1 over those the ruleset's phases may ever offer (adapters/actions.py, as in the OpenSpiel adapter;
`env.unwrapped.actions.ruleplay(a)` is ruleplay's id, the one its logs record).

Rewards come at the end: `returns="points"` (the default) as the OpenSpiel adapter pays them (a game
scored by totals: each seat's total, negated when the lowest wins; a game won or lost: the winners
share +1, the losers -1), `"normalized"` ruleplay's [0, 1] returns. A game stopped by a cycle or by
the action limit (`max_actions`) is truncated, not terminated. `reset()` without a seed draws a fresh
deal (Gymnasium's convention: `reset(seed=s)` deals game seed `s` and seeds the stream the later
unseeded resets draw from). `infos[agent]` holds `points` (the seat's total, None in a game that does
not score) and, for the agent to move, `legal_actions` and their `labels`. `render()` prints the
agent-to-move's view in words.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ruleplay.adapters.actions import Actions
from ruleplay.adapters.tensors import Layout, Memory
from ruleplay.adapters.returns import points_returns
from ruleplay.engine.run import DEFAULT_MAX_ACTIONS
from ruleplay.engine.state import State
from ruleplay.engine.visibility import observation_places
from ruleplay.pipeline import load_game

RETURNS = ("points", "normalized")


class RuleplayEnv(AECEnv):
    metadata = {"render_modes": ["human", "ansi"], "name": "ruleplay_v1", "is_parallelizable": False}

    def __init__(self, ruleset: str, players: int | None = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None, max_actions: int = DEFAULT_MAX_ACTIONS, returns: str = "points"):
        super().__init__()
        if returns not in RETURNS:
            raise ValueError(f"returns: one of {', '.join(RETURNS)}, got {returns!r}")
        self.game = load_game(ruleset, players, options)
        rules = self.game.rules
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self.render_mode = render_mode
        self.max_actions, self.returns_kind = max_actions, returns
        self._seat_zones = rules.seat_zones          # the observation's zone order, for readers of the one-hot
        self._places = observation_places(rules)
        self.layout = Layout(self.game, perfect_recall=False)
        self._memory = [Memory(self.layout, s) for s in range(len(self.possible_agents))]   # each seat's reading
        size = self.layout.size
        self.actions = Actions.of(self.game)
        n_actions = len(self.actions)
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (n_actions,), dtype=np.int8)}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(-np.inf, np.inf, (size * len(self.possible_agents),), dtype=np.float32)
        self.game_state: State | None = None
        self._rng: np.random.Generator | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the AEC loop
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            if self._rng is None:
                self._rng = np.random.default_rng()      # fresh entropy
            game_seed = int(self._rng.integers(1 << 31))
        self.game_state = self.game.new_initial_state(seed=game_seed, max_actions=self.max_actions)
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
        self.game_state.apply_action(self.actions.ruleplay(int(action), self.game_state))
        self._settle()
        self._accumulate_rewards()

    def _returns(self) -> list[float]:
        s = self.game_state
        if self.returns_kind == "normalized":
            return s.returns()
        return points_returns(self.game, s)

    def _settle(self) -> None:
        """After a move: whose turn it is and the infos, or, at the end, every agent's reward."""
        s = self.game_state
        scores = s.seat_view(0).scores
        for i, a in enumerate(self.possible_agents):
            if a in self.agents:
                self.infos[a] = {"points": None if scores is None else scores[i]}
        if s.is_terminal():
            returns = self._returns()
            stopped = s.result().outcome != "finished"        # a cycle, the action limit, stuck
            for i, a in enumerate(self.possible_agents):
                if a in self.agents:
                    self.rewards[a] = float(returns[i])
                    (self.truncations if stopped else self.terminations)[a] = True
            if self.agent_selection not in self.agents:
                self.agent_selection = self.agents[0]
            return
        self.rewards = {a: 0.0 for a in self.agents}
        seat = s.current_player()
        self.agent_selection = self.possible_agents[seat]
        legal = self.actions.compact_all(s.legal_actions())
        self.infos[self.agent_selection].update(legal_actions=legal, labels=[
            self.actions.label(a) or s.action_to_string(self.actions.ids[a]) for a in legal])

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        return {"observation": self._observation(seat), "action_mask": self._mask(seat)}

    def state(self) -> np.ndarray:
        """The global state: every seat's observation, seat by seat (`state_space`)."""
        return np.concatenate([self._observation(i) for i in range(len(self.possible_agents))])

    def _mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(len(self.actions), dtype=np.int8)
        s = self.game_state
        if s is not None and not s.is_terminal() and s.current_player() == seat:
            mask[self.actions.compact_all(s.legal_actions())] = 1
        return mask

    def _observation(self, seat: int) -> np.ndarray:
        if self.game_state is None:
            return np.zeros(self.layout.size, dtype=np.float32)
        return self.layout.encode(self.game_state, seat, memory=self._memory[seat])

    def render(self):
        if self.game_state is None:
            return None
        text = self.game_state.observation_string(self.possible_agents.index(self.agent_selection))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(ruleset: str, players: int | None = None, options: dict[str, Any] | None = None,
        render_mode: str | None = None, max_actions: int = DEFAULT_MAX_ACTIONS, returns: str = "points") -> AECEnv:
    """The environment with PettingZoo's usual wrappers (illegal moves end the game as an error);
    `max_actions`: the action limit (a game reaching it is truncated); `returns`: "points" or "normalized"."""
    e = RuleplayEnv(ruleset, players, options, render_mode, max_actions, returns)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)

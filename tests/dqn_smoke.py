"""OpenSpiel's JAX DQN through `rl_environment` on ruleplay games, in a process of its own.

    python tests/dqn_smoke.py RULESET PLAYERS OPTIONS [RULESET PLAYERS OPTIONS ...]

JAX starts threads when imported, and a process that forks after that may deadlock (`ruleplay sim --jobs`,
pexpect and subprocess all fork in the test suite): so the suite runs this as a child process
(tests/test_spiel_learning.py), once for all its games (JAX is imported once), and never imports JAX itself.
Prints `RULESET steps N rewards M` for each game; an assertion fails the process.
"""
from __future__ import annotations

import sys

import pyspiel
import ruleplay.adapters.spiel  # noqa: F401 - registers "ruleplay"
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import random_agent
from open_spiel.python.jax import dqn
from ruleplay.adapters.spiel import SeedSampler


def main(ruleset: str, players: int, options: str) -> None:
    game = pyspiel.load_game("ruleplay", {"ruleset": ruleset, "players": players, "options": options,
                                          "max_actions": 3000})
    env = rl_environment.Environment(game, chance_event_sampler=SeedSampler(0))
    size, actions = env.observation_spec()["info_state"][0], env.action_spec()["num_actions"]
    learner = dqn.DQN(0, size, actions, hidden_layers_sizes=[32], batch_size=8, min_buffer_size_to_learn=16,
                      learn_every=4)
    agents = [learner] + [random_agent.RandomAgent(p, actions) for p in range(1, players)]
    steps = 0
    for _ in range(3):
        step = env.reset()
        while not step.last():
            p = step.observations["current_player"]
            assert step.observations["legal_actions"][p] and max(step.observations["legal_actions"][p]) < actions
            step = env.step([agents[p].step(step).action])
            steps += 1
        for agent in agents:
            agent.step(step)
    print(f"{ruleset} steps {steps} rewards {len(step.rewards)}", flush=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    for i in range(0, len(args), 3):
        main(args[i], int(args[i + 1]), args[i + 2] if i + 2 < len(args) else "")

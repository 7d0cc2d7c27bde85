"""Random Hearts hands through the OpenSpiel adapter against OpenSpiel's C++ `hearts` (issue 36's yardstick).

    python bench/spiel_speed.py [HANDS]

Both sides draw chance outcomes uniformly and play a uniformly random legal action; "information-state tensor"
builds the acting seat's information-state tensor before every decision (as a learner would), "observation
tensor" its observation tensor (ruleplay only: the C++ game has none); `rl_environment` steps give every seat's
information-state tensor at every step (ruleplay's chance nodes drawn by `SeedSampler`). Best of three,
in-process.
Not a test: timings stay out of the suite.
"""
from __future__ import annotations

import random
import sys
import time

import pyspiel

from ruleplay.adapters.spiel import SeedSampler  # registers "ruleplay"


def hands_per_second(game, hands: int, tensor: str) -> float:
    best = 0.0
    for _ in range(3):
        rng = random.Random(0)
        start = time.perf_counter()
        for _ in range(hands):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()
                    s.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    continue
                if tensor == "information-state":
                    s.information_state_tensor(s.current_player())
                elif tensor == "observation":
                    s.observation_tensor(s.current_player())
                acts = s.legal_actions()
                s.apply_action(acts[rng.randrange(len(acts))])
        best = max(best, hands / (time.perf_counter() - start))
    return best


def rl_steps_per_second(game, hands: int, sampler) -> tuple[float, float]:
    """`rl_environment` steps (and hands) per second, random legal actions, best of three."""
    from open_spiel.python import rl_environment
    best = (0.0, 0.0)
    for _ in range(3):
        env = rl_environment.Environment(game, chance_event_sampler=sampler)
        rng = random.Random(0)
        steps = 0
        start = time.perf_counter()
        for _ in range(hands):
            step = env.reset()
            while not step.last():
                p = step.observations["current_player"]
                step = env.step([step.observations["legal_actions"][p][rng.randrange(
                    len(step.observations["legal_actions"][p]))]])
                steps += 1
        took = time.perf_counter() - start
        best = max(best, (steps / took, hands / took))
    return best


def chance_node_us(game, n: int = 2000) -> float:
    s = game.new_initial_state()
    while not s.is_chance_node():
        s = game.new_initial_state()
    start = time.perf_counter()
    for _ in range(n):
        s.chance_outcomes()
    return (time.perf_counter() - start) / n * 1e6


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    ours = pyspiel.load_game("ruleplay", {"ruleset": "hearts", "options": "hands=single"})
    cpp = pyspiel.load_game("hearts")
    print(f"chance_outcomes(): ruleplay {chance_node_us(ours):.1f} us, C++ hearts {chance_node_us(cpp):.1f} us")
    for tensor in ("no", "observation", "information-state"):
        a = hands_per_second(ours, hands, tensor)
        if tensor == "observation":
            print(f"observation tensor: ruleplay {a:.0f} hands/s")
            continue
        b = hands_per_second(cpp, hands, tensor)
        print(f"{tensor} tensor: ruleplay {a:.0f} hands/s, C++ hearts {b:.0f} hands/s, ratio {a / b:.2f}")
    (a, ah), (b, bh) = (rl_steps_per_second(ours, hands // 4, SeedSampler(0)),
                        rl_steps_per_second(cpp, hands // 4, None))
    print(f"rl_environment: ruleplay {a:.0f} steps/s ({ah:.0f} hands/s), C++ hearts {b:.0f} steps/s ({bh:.0f} hands/s), "
          f"ratio {a / b:.2f}")


if __name__ == "__main__":
    main()

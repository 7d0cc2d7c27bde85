"""Random Hearts hands through the OpenSpiel adapter against OpenSpiel's C++ `hearts` (issue 36's yardstick).

    python bench/spiel_speed.py [HANDS]

Both sides draw chance outcomes uniformly and play a uniformly random legal action; "information-state tensor"
builds the acting seat's information-state tensor before every decision (as a learner would), "observation
tensor" its observation tensor (ruleplay only: the C++ game has none). Best of three, in-process.
Not a test: timings stay out of the suite.
"""
from __future__ import annotations

import random
import sys
import time

import pyspiel

import ruleplay.adapters.spiel  # noqa: F401 - registers "ruleplay"


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


if __name__ == "__main__":
    main()

"""OpenSpiel's C++ `hearts` driven by a lean Python loop: issue 34's whole-process yardstick for

    ruleplay sim hearts -n N --jobs 1 --bots lowest --set hands=single --set passing=none

    python bench/spiel_hearts_loop.py [N]

N single hands without passing, the deal drawn uniformly at each chance node (Python's `random`, seeded),
every seat playing `lowest`'s card (the lowest legal card in ruleplay's canonical order: clubs, diamonds,
hearts, spades, each 2..A; OpenSpiel numbers a card rank * 4 + suit). Prints the mean points per seat, so
a run is checked to have played. Time it as a process (`farm-bench`), beside the `ruleplay sim` line above.
"""
from __future__ import annotations

import random
import sys

import pyspiel


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 30000
    game = pyspiel.load_game("hearts", {"pass_cards": False})
    rng = random.Random(0)
    key = lambda a: (a % 4, a // 4)          # noqa: E731 - suit first, then rank: ruleplay's canonical order
    totals = [0.0] * 4
    for _ in range(hands):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                s.apply_action(min(s.legal_actions(), key=key))
        for p, r in enumerate(s.returns()):
            totals[p] += r
    print("mean returns per seat:", [round(t / hands, 2) for t in totals])


if __name__ == "__main__":
    main()

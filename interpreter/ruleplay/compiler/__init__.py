"""The compiler: a checked rule file -> `Rules`, the immutable IR the engine runs (cards, teams, counters, defines).

It is handed the phase kinds' registry by `ruleplay.pipeline`; it never imports a kind itself.
"""

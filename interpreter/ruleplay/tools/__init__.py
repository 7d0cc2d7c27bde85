"""Tools a person runs: the CLI and everything behind its subcommands (sim, stats, explain, logs, play, web).

The top layer: it may import any other layer, and nothing imports it.
"""

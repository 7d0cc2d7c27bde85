"""Counters kept across hands: `counters: {bags: {start: 0}}` declares a per-seat int, read as `s.bags`.

A counter starts at `start` when the game starts and keeps its value from
hand to hand; a `tally` phase (kinds/tally.py) sets it. Team counters are
counters a tally sets alike for every seat of a team (e.g. a side's bags).
"""
from __future__ import annotations

from typing import Callable

from ruleplay.lang import expr as X


def compile_counters(ctx, taken: set[str]) -> dict[str, int]:
    """Each counter's start value; a name that is already a seat field is an error."""
    out: dict[str, int] = {}
    for name in ctx.get(("counters",), {}) or {}:
        if name in taken:
            ctx.error(("counters", name), f"counter '{name}' has the same name as a seat field",
                      "choose another name (s." + name + " already means something)")
            continue
        out[name] = ctx.const_int(("counters", name, "start"), 0, -X.MAX_VALUE, X.MAX_VALUE)
    return out


def counter_fields(counters: dict[str, int]) -> dict[str, tuple[str, Callable]]:
    """The seat field of each counter: its current value at the table."""
    return {name: (X.INT, (lambda k: lambda f: lambda e: None if (x := f(e)) is None else e.counters[k][x])(name))
            for name in counters}

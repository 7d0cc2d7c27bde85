"""Counters kept across hands: `counters: {bags: {start: 0}}` declares a per-seat int, read as `s.bags`;
`counters: {pot: {start: 0, of: table}}` declares one int of the table, read by its bare name `pot`;
`counters: {banker: {type: seat, of: table}}` one player (none until set), read as `banker`.

A counter starts at `start` when the game starts and keeps its value from
hand to hand (with `reset: hand`, it starts again every hand); a `tally`
phase (kinds/tally.py) and a `turns` phase's `set`/`add` effects change it. Team counters are counters a tally sets alike for every
seat of a team (e.g. a side's bags). A table counter (a pot that carries over
until someone takes it) is one value for the whole table, so its name is a
name of every expression and may not be one the file or the language already
gives (an option, a zone, a definition, a reserved or bound name).
"""
from __future__ import annotations

from typing import Callable

from ruleplay.lang import expr as X

SEAT, TABLE = "seat", "table"      # whose a counter is: each seat's (the default) or the table's


def whose(ctx, name: str) -> str:
    """`of:` of the counter `name` as written (seat when left out)."""
    spec = (ctx.get(("counters",), {}) or {}).get(name) or {}
    return spec.get("of", SEAT) if isinstance(spec, dict) else SEAT


def seat_counters(ctx) -> frozenset[str]:
    """The table counters that hold a player (`type: seat`: the banker, the last winner), not a number; a seat's
    own counter holds a number."""
    out = set()
    for name, spec in (ctx.get(("counters",), {}) or {}).items():
        if isinstance(spec, dict) and ctx.word(("counters", name, "type"), ("number", "seat"), "number") == "seat":
            if whose(ctx, name) != TABLE:
                ctx.error(("counters", name, "type"), "a counter holding a player is one of the table",
                          "add of: table (read it by its bare name, e.g. banker)")
                continue
            out.add(name)
    return frozenset(out)


def secret_counters(ctx) -> frozenset[str]:
    """The per-seat counters only their seat knows (`visibility: owner`); a table counter cannot be one."""
    out = set()
    for name, spec in (ctx.get(("counters",), {}) or {}).items():
        if isinstance(spec, dict) and spec.get("visibility") == "owner":
            if whose(ctx, name) == TABLE:
                ctx.error(("counters", name, "visibility"), "a table counter is one value for everyone: it cannot "
                          "be known by one seat alone", "make it each seat's (leave out `of: table`), or public")
                continue
            out.add(name)
    return frozenset(out)


def reset_each_hand(ctx) -> frozenset[str]:
    """The counters (a seat's or the table's) that go back to their start value as every hand starts
    (`reset: hand`: a mark of this hand only, so a seat knocked out keeps no stale value)."""
    out = set()
    for name, spec in (ctx.get(("counters",), {}) or {}).items():
        if isinstance(spec, dict) and ctx.word(("counters", name, "reset"), ("never", "hand"), "never") == "hand":
            out.add(name)
    return frozenset(out)


def compile_counters(ctx, taken: set[str]) -> dict[str, int]:
    """Each per-seat counter's start value; a name that is already a seat field is an error."""
    out: dict[str, int] = {}
    for name in ctx.get(("counters",), {}) or {}:
        if whose(ctx, name) == TABLE:
            continue
        if name in taken:
            ctx.error(("counters", name), f"counter '{name}' has the same name as a seat field",
                      "choose another name (s." + name + " already means something)")
            continue
        out[name] = ctx.const_int(("counters", name, "start"), 0, -X.MAX_VALUE, X.MAX_VALUE)
    return out


def compile_table_counters(ctx, names: dict, reserved: tuple, bound: tuple, seats: frozenset[str]) -> dict[str, int]:
    """Each table counter's start value (of a counter holding a player, `seats`: a seat number or None); its name
    must be free among the table's `names` (options, zones, the language's words), the `reserved` and `bound`
    names and the file's definitions."""
    out: dict[str, int] = {}
    defines = ctx.get(("define",), {}) or {}
    for name in ctx.get(("counters",), {}) or {}:
        if whose(ctx, name) != TABLE:
            continue
        path = ("counters", name)
        clash = ("a reserved name of the language" if name in reserved or name in ("true", "false") else
                 "a name rules bind in places (a seat being judged, a move's chosen part)" if name in bound else
                 "an option" if name in ctx.options else "a zone" if name in ctx.zones else
                 "a definition" if name in defines else "a name of the table" if name in names else None)
        if clash is not None:
            ctx.error(path, f"table counter '{name}' has the same name as {clash}",
                      "choose another name: a table counter is read by its bare name in every rule")
            continue
        if name in seats:
            start = (ctx.get(("counters",))[name] or {}).get("start", "none")
            out[name] = None if start == "none" else ctx.const_int(path + ("start",), None, 0, ctx.players - 1)
            continue
        out[name] = ctx.const_int(path + ("start",), 0, -X.MAX_VALUE, X.MAX_VALUE)
    return out


def counter_fields(counters: dict[str, int]) -> dict[str, tuple[str, Callable]]:
    """The seat field of each counter: its current value at the table."""
    return {name: (X.INT, (lambda k: lambda f: lambda e: None if (x := f(e)) is None else e.counters[k][x])(name))
            for name in counters}


def table_counter_names(counters: dict[str, int], seats: frozenset[str]) -> dict[str, X.Binding]:
    """The name of each table counter: its current value at the table (a player's seat for those in `seats`)."""
    return {name: X.Binding(X.SEAT if name in seats else X.INT, (lambda k: lambda e: e.table_counters[k])(name))
            for name in counters}

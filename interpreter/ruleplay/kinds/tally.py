"""tally: set counters kept across hands (counters.py) from the table, at this point of the hand.

`set: {bags: "(s.bags + s.over) % 10"}` evaluates each int expression over
seat `s` for every seat, then stores the values; the counters are set in the
order written, so a later one reads the new value of an earlier one (write a
hand's penalty before the counter it depends on wraps). A tally placed after
the tricks runs before the hand is scored, so scoring reads the new values;
one placed first sees the hand as dealt (e.g. honours held). A table counter
(`of: table`, a pot) is set once from an expression over the table (no `s`).
Logged as a `tally` event (`counters`: name -> value per seat, or the one value
of a table counter). Counters are public, but a secret one (`visibility: owner`): it is logged as a
`secret-tally` event of its own (`counter`, `values` per seat), each value seen by its seat alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ruleplay.lang import expr as X
from ruleplay.errors import did_you_mean, one_of
from ruleplay.compiler.model import Ctx
from ruleplay.engine.table import Table
from ruleplay.engine.events import EventSpec, Private
from ruleplay.kinds.schema_parts import EXPR, NAME_PATTERN, phase_schema
from ruleplay.kinds.words import formula


# ---------------------------------------------------------------------------- the kind's keys (schema)
SUMMARY = "tally: set counters kept across hands."
SCHEMA = phase_schema("tally", {
    "set": {"type": "object", "propertyNames": {"pattern": NAME_PATTERN}, "minProperties": 1,
            "additionalProperties": EXPR,
            "description": "Counter name -> int over seat `s`: the counter's new value for each seat (a table "
                           "counter: one int over the table, no `s`), set in the order written (a later one reads "
                           "the new value of an earlier one)."},
}, ["set"])
EXAMPLES = {   # for editors: examples of the keys above, by path in the phase
    "set": {"examples": [{"bags": "(s.bags + 1) % 10"}]},
    "before": {"examples": ["score"]},
}


@dataclass
class Tally:
    name: str
    sets: list[tuple[str, Callable]]
    description: str = ""
    table: frozenset[str] = frozenset()   # the counters of `sets` that are the table's (one value, no seat)

    def offers(self, space) -> list[int]:
        return []

    def run(self, t: Table):
        """Sets the counters; no seat chooses anything, so there is nothing to yield."""
        table = self.table
        for counter, fn in self.sets:
            if counter in table:
                t.table_counters[counter] = fn(t)
                continue
            values = []
            for s in t.seat_range:
                t.loc["s"] = s
                values.append(fn(t))
            t.counters[counter] = values
        secret = t.rules.secret_counters
        shown = {c: t.table_counters[c] if c in table else list(t.counters[c]) for c, _ in self.sets if c not in secret}
        if shown or not secret:
            t.emit("tally", counters=shown)
        for c, _ in self.sets:
            if c in secret:
                t.emit("secret-tally", counter=c, values=list(t.counters[c]))
        return ()


def compile(ctx: Ctx, path: tuple, name: str) -> Tally | None:
    spec = ctx.get(path)
    seat_scope = ctx.scope.with_names(s=X.Binding(X.SEAT, lambda e: e.loc["s"]))
    sets = []
    known = {**ctx.counters, **ctx.table_counters}
    for counter in spec.get("set") or {}:
        if counter not in known:
            ctx.error(path + ("set", counter), f"'{counter}' is not a counter",
                      did_you_mean(counter, known) or
                      (f"counters: {one_of(known)}" if known else
                       "declare it first: counters: {" + counter + ": {start: 0}}"))
            continue
        c = ctx.expr(path + ("set", counter), X.SEAT if counter in ctx.table_seats else X.INT,
                     ctx.scope if counter in ctx.table_counters else seat_scope)
        if c is not None:
            sets.append((counter, c.fn))
    return Tally(name, sets, spec.get("description", ""),
                 frozenset(c for c, _ in sets if c in ctx.table_counters))


# ---------------------------------------------------------------------------- the rule sheet (explain)
def describe(spec: dict, phase=None) -> str:
    """The phase in words: each counter and its new value, in the order they are set."""
    table = getattr(phase, "table", frozenset())
    return "sets " + "; then ".join(f"{'the table' if k in table else 'each player'}'s {k} to {formula(v)}"
                                   for k, v in spec["set"].items()) + "."


# ---------------------------------------------------------------------------- the events in words (play)
def _tell_tally(n, ev: dict) -> list[str]:
    return [f"{name}: {values}" if isinstance(values, int) else
            f"{name}: " + ", ".join(f"{n.who(s)} {v}" for s, v in enumerate(values))
            for name, values in ev.get("counters", {}).items()]


def _tell_secret(n, ev: dict) -> list[str]:
    """A secret counter as a seat knows it: its own value (the others' are None to it)."""
    return [f"{ev.get('counter')}: {n.who(s)} {v}" for s, v in enumerate(ev.get("values") or []) if v is not None]


def _own_value(looker, _ev: dict, index: int | None) -> bool:
    return index == looker.me


NARRATION = {"tally": _tell_tally, "secret-tally": _tell_secret}
ACCOUNT = {"secret-tally": lambda ev: f"{ev['counter']} (each seat knows its own): "
                                      + ", ".join(f"seat {s} {v}" for s, v in enumerate(ev["values"])) + "."}
# the event kinds it logs, with the fields that hide cards (visibility.seat_event); replay checks logs against them
EVENTS = {"tally": EventSpec(("counters",), sample=None),
          "secret-tally": EventSpec(("counter", "values"), {"values": Private(_own_value, per_seat=True)}, sample=None)}

"""The phase-kind contract, written once: what a kind's module provides, and what each optional member
defaults to. `tests/test_phase_kinds.py` holds every registered kind to it.

A kind is a module (or a package), not a class: the registry in `kinds/__init__.py` maps a rule file's
`kind:` to it. ARCHITECTURE.md says who reads each member. Besides the module's members, a kind's decisions
carry views typed by a name (`View`), which the tables dispatch on. The compiled phase object's
`offers(space)` (the actions it may ever offer; without it, any) is what the review called `ACTIONS`.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Protocol, runtime_checkable

from ruleplay.engine.decision import Decision
from ruleplay.engine.events import EventSpec


@runtime_checkable
class Kind(Protocol):
    """The members every kind must have."""

    SUMMARY: str                       # one line, for the schema and `ruleplay list`
    SCHEMA: dict                       # its keys (schema_parts.phase_schema), merged into the rule-file schema
    EXAMPLES: dict                     # examples per key, for editors
    EVENTS: Mapping[str, EventSpec]    # every event kind it logs, with the fields that hide cards from seats

    def compile(self, ctx: Any, path: tuple, name: str) -> Any:
        """The phase object (its `run(table)` yields decisions), or None after placed errors."""

    def describe(self, spec: Mapping, phase: Any) -> str:
        """The phase in words, for `ruleplay explain`."""


OPTIONAL: dict[str, Any] = {
    "declare": None,      # (ctx, path) -> Declared: names and seat fields known before any expression compiles
    "NARRATION": {},      # event -> (narrator, event) -> lines, for `ruleplay play` and the web table
    "ACCOUNT": {},        # event -> (event) -> line, for the account `ruleplay run` prints
    "DEFS": {},           # schema definitions its SCHEMA refers to (#/$defs/NAME), e.g. a recursive list
    "FIELDS": {},         # name -> (n seats) -> value: the state it keeps on the table (Table.NAME), made on every
                          # table and copied by forks; the kind sets it afresh where its phase starts
    "SMART": {},          # view class -> (decision, mind) -> an index into the decision's actions: what a sensible
                          # player does at the decisions whose view it makes (the `smart` bot, which finds the
                          # heuristic by the view's class); a view no kind lists is answered as `lowest` answers
    "public": None,       # (table, seat) -> {fact name: value}: what its state on the table shows that seat, in the
                          # terminal and web tables (`visibility.seat_view` -> `SeatView.public`); a value is a
                          # list with one entry per seat (shown by each seat) or one value (shown for the table);
                          # called for the kinds a ruleset's phases use, in phase order; without it, nothing
    # (its views' `kind` is a member of each view class, not of the module: `View` below; without it, a plain choice)
}
"""Optional members and what a kind without them gets."""


class Mind(Protocol):
    """What the `smart` bot keeps between decisions, handed to a kind's `SMART` heuristic with the decision (its
    `view`, `seat`, `actions`). One bot may answer for every seat (a search's playouts), so what it keeps is
    per seat. A heuristic reads the view first; these are for what one decision leaves to a later one."""

    rng: random.Random            # the bot's own seeded randomness: a guess among equals draws from it
    plan: dict[int, Any]          # per seat, what its earlier choices aim at: the trump it bid on (a bid's heuristic
                                  # writes it, a trick's and a discard's read it)

    def tried_at(self, seat: int, position: Any) -> set[int]:
        """The choices this seat has made at this position (a digest), oldest memory first forgotten."""

    def remember(self, seat: int, position: Any, choice: int) -> None:
        """That the seat made `choice` at `position`."""


class View(Protocol):
    """A decision's view (`Decision.view`): what its seat may know, typed by `kind`, a class attribute naming
    the kind of decision ("bid", "pass", "trick", "slap"...), unique among the views. The terminal and web
    tables word their prompts by it and `smart` finds a heuristic by the view's class, so no reader guesses a
    view's meaning from the fields it happens to have. A view without `kind` (or none) is a plain choice: the
    tables offer its actions by their labels."""

    kind: str


def kind_of(view: object) -> str | None:
    """The view's kind of decision (`View.kind`), or None for a plain choice."""
    return getattr(view, "kind", None)


Public = Callable[[Any, int], Mapping[str, Any]]
"""A kind's `public(table, seat)`: name -> value, each value either a list with one entry per seat or one
value for the table (None: not known yet, shown as '-'). Read only what every seat may know, or what `seat`
may: the tables show it as it is."""


Smart = Callable[[Decision, Mind], int]
"""A kind's heuristic for one view class: (decision, mind) -> an index into `decision.actions`. It may import
only what a kind may (never `agents`): shared card sense lives in `kinds/` (tricksense, bidsense)."""


def member(kind: object, name: str) -> Any:
    """A kind's member, or the contract's default for an optional one."""
    return getattr(kind, name, OPTIONAL[name]) if name in OPTIONAL else getattr(kind, name)

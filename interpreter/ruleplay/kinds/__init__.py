"""Phase kinds: each module is one kind, a general mechanism games configure in their rule files
(turning cards onto a pile, a trick, an auction, a pass). A kind is a plug-in: everything about it is in
its module, and the registry below is the only other line that names it.

A kind's module provides:

- `SUMMARY` (one line) and `SCHEMA` (its keys, built with `schema_parts.phase_schema`), plus
  `EXAMPLES` for editors: `schema/make_schema.py` builds the rule-file schema from them;
- `declare(ctx, path) -> model.Declared` (optional): the names and seat fields it defines, known to
  every expression before any is compiled;
- `compile(ctx, path, name)`: the phase object (or None after placed errors via `ctx.error`); the
  object's `run(table)` is a generator that yields each `decision.Decision` and receives the action
  (`yield from table.ask(decision)`), and its optional `start_hand(table)` runs before any phase does;
- `describe(spec, phase) -> str`: the phase in words for `ruleplay explain`;
- `EVENTS`: each event kind it logs as an `events.EventSpec`: its fields and which of them hide cards
  from which seats (every view of the game reads this: `visibility.seat_event`);
- `NARRATION` (optional): its event kinds in words for `ruleplay play` (`human.Narrator`);
- `FIELDS` (optional): the state it keeps on the table, name -> its value for n seats (every `Table` has
  every kind's; kinds/contract.py);
- `SMART` (optional): what a sensible player does at its decisions, view class -> heuristic (the `smart`
  bot finds it by the view's class; kinds/contract.py).
- `public(t, seat)` (optional): the facts its state shows the terminal and web tables (kinds/contract.py).

Each view class it makes names its kind of decision (`kind = "bid"`), which the tables dispatch on.

docs/phase-kinds.md walks through a small kind written this way.
"""
from ruleplay.engine.events import ENGINE_EVENTS, merge
from ruleplay.kinds import battle
from ruleplay.kinds import bid
from ruleplay.kinds import choose
from ruleplay.kinds import climb
from ruleplay.kinds import discard
from ruleplay.kinds import flip
from ruleplay.kinds import passing
from ruleplay.kinds import shed
from ruleplay.kinds import tally
from ruleplay.kinds import trick
from ruleplay.kinds import turns

KINDS = {"flip": flip, "trick": trick, "pass": passing, "bid": bid, "discard": discard, "tally": tally, "shed": shed,
         "battle": battle, "climb": climb, "choose": choose,
         "turns": turns}

# every event the engine and the kinds log, each declared once with its private fields (events.py)
EVENT_SPECS = merge(ENGINE_EVENTS, *(k.EVENTS for k in KINDS.values()))

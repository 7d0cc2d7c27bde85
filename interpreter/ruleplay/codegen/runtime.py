"""Running a generated game: the same `Result` (and, with a log, the same events) as `engine.play`.

The generated path is taken only where no decision leaves the engine: `play` with bots answering
inline (`ruleplay run`, `sim`, `compare`), no `--check`, no explicit deal. A game whose phases
ask the seats (trick, pass) is generated only when every bot answers from the actions alone
(`random`, `lowest`, `highest`: the same Bot objects, so the same random streams); a bot that wants
a view (`smart`) or searches (`ismcts`) has its game interpreted. `stepped=True`
and the State of state.py (OpenSpiel, PettingZoo, `ruleplay play`, search bots) always interpret, so
the steppable contract (a decision stops the game) is untouched. A game that reaches the round at
which the interpreter starts recording tables for cycle detection (engine.CYCLE_CHECK_FROM) raises
`Bail` and is played again, from the start, by the interpreter: a rare, long game pays twice, and
cycle reports stay the reference's.

`play(..., why=[])` appends why a game was interpreted, one line, when it was (`ruleplay run -v` prints it).
"""
from __future__ import annotations

from ruleplay.agents import make_bots
from ruleplay.agents import play as interpret
from ruleplay.agents.bots import Bot
from ruleplay.codegen.build import program
from ruleplay.codegen.support import Bail, Game
from ruleplay.engine.results import Result, finish
from ruleplay.engine.run import CYCLE_CHECK_FROM, DEFAULT_MAX_ACTIONS, action_space, reaction_profiles, start_fields
from ruleplay.engine.table import GameOver


PLAIN = ("random", "lowest", "highest")   # bots that answer from the actions alone (no view, no log)


def play(rules, seed: int = 0, deal=None, max_actions: int = DEFAULT_MAX_ACTIONS, log=True, check: bool = False,
         bots: list[str] | None = None, profiles: list[str | None] | None = None, stepped: bool = False,
         interpret_only: bool = False, why: list[str] | None = None, notes: list[str] | None = None) -> Result:
    """`engine.play`, through the generated code where it applies (module docstring), else interpreted
    (and, given a list `why`, the reason appended to it; given `notes`, the bots' own notes)."""
    prog = None
    if not (interpret_only or stepped or check or deal is not None):
        prog = program(rules)
    if prog is None or prog.source is None:
        if why is not None:
            why.append("--interpret asked for the interpreter" if interpret_only else
                       "a stepped game (a decision stops it)" if stepped else
                       "a checked game (--check)" if check else
                       "an explicit deal" if deal is not None else prog.reason)
        return interpret(rules, seed, deal, max_actions, log, check, bots, profiles, stepped, notes)
    n = rules.players
    key = (tuple(bots or ()), tuple(profiles or ()))
    seats = prog.seats.get(key)
    if seats is None:
        kinds = list(bots or ["random"] * n)
        inline = make_bots(kinds, seed)          # checks the kinds, as the interpreter does
        plain = all(type(b) is Bot and b.kind in PLAIN for b in inline)
        seats = (any(b is not None and b.observes for b in inline), [b.kind if b is not None else "external" for b in inline],
                 reaction_profiles(rules, profiles or [None] * n), plain)
        if len(prog.seats) < 64:             # (bots, profiles) -> (a bot observes, kinds, profiles)
            prog.seats[key] = seats
    if prog.asks and not seats[3]:
        if why is not None:
            wants = sorted({k for k in seats[1] if k not in PLAIN})
            why.append(f"bots that want a view of the table ({', '.join(wants)}); the generated game asks only "
                       f"{', '.join(PLAIN)}")
        return interpret(rules, seed, deal, max_actions, log, check, bots, profiles, stepped, notes)
    g = Game((log() if callable(log) else []) if log or seats[0] else None, max_actions,
             make_bots(list(bots or ["random"] * n), seed) if prog.asks else None,
             action_space(rules) if prog.asks else None)
    if g.events is not None:
        g.events.append(start_fields(rules, seed, list(seats[1]), list(seats[2]), max_actions, None))
    try:
        (prog.run if g.events is None else prog.run_log)(g, seed)
        raise AssertionError("a generated game ended without an outcome")
    except GameOver as over:
        outcome, winners, reason = over.outcome, over.winners, over.reason
    except KeyboardInterrupt as stop:
        stop.events = g.events           # as engine.Run: the CLI still writes the partial --log
        raise
    except Bail:
        if hasattr(g.events, "close"):
            g.events.close()             # a sink (spool.EventSpool): the interpreter makes its own
        if why is not None:
            why.append(f"the game reached round {CYCLE_CHECK_FROM}, where the interpreter records tables to find "
                       "cycles; played again from the start" if g.rounds >= CYCLE_CHECK_FROM else
                       "a value beyond the limit, whose error is the interpreter's; played again from the start")
        return interpret(rules, seed, deal, max_actions, log, check, bots, profiles, stepped, notes)
    return finish(rules, seed, g, outcome, winners, reason, None, g.hands)

"""Code generation: a compiled ruleset as specialised Python source, run where it applies.

Like fastjsonschema (which writes a schema as Python where jsonschema interprets it), each ruleset is
written once as one Python function (`game.py`: deal, hands, scoring, match), each phase kind by its
own emitter (`flip.py`, `trick.py` for trick and pass, the registry `EMITTERS` below). The interpreter stays the reference: a kind, a feature or an expression
node without an emitter makes the whole ruleset run on the interpreter, and tests/test_codegen.py
plays every shipped ruleset both ways and requires the same events and results.

The rule for generated source: it is written only from the checked syntax tree (the parse trees the
interpreter compiled) and the compiled model. Every value from a rule file enters as a constant, the
`repr` of a validated int or bool, or a value the module receives (`K[i]`: strings, lists, per-card
tables, end-rule descriptions); no text of the file is ever pasted into code, and every name in the
generated code is made by the generator, never taken from the file (zones are indices, loop variables
`_v1`, temporaries `_t2`). So a hostile zone, option or phase name, or a string with quotes, newlines
or `__import__`, changes only the constants, never the shape of the code (tests check both), and
audit.py checks every generated module's strings and names before it is compiled.

Generated code is bounded, since definitions and aggregates over seats are written out where they are
used: at most `expr.MAX_CODE` characters of expressions, nested at most `expr.MAX_NESTING` deep, and
`MAX_SOURCE` characters in all. Past them the ruleset runs on the interpreter (what validates runs), and
`ruleplay compile` says why.

Compiled code is cached in memory: on the Rules object, and by source text for equal rulesets loaded
again. No disk cache: writing, auditing and compiling both variants (with and without a log) takes
about 5 ms.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from random import Random
from typing import Callable

from ..decision import Decision
from ..phases.flip import Flip
from ..phases.passing import Pass
from ..phases.trick import Trick
from ..table import GameOver
from . import flip, trick
from .audit import audit
from .expr import Unsupported
from .game import generate
from .runtime import Bail, best, play

EMITTERS: dict[type, Callable] = {Flip: flip.emit, Trick: trick.emit_trick, Pass: trick.emit_pass}

_CODE: dict[str, object] = {}      # source -> code object, for rulesets compiled again in this process
MAX_SOURCE = 500_000   # characters of one generated game (shipped ones: at most about 10,000): Python compiles a larger one slowly


@dataclass
class Program:
    source: str | None          # None: no generated form (the variant that keeps a log)
    run: Callable | None        # the game without a log
    run_log: Callable | None = None
    reason: str = ""            # why not, when source is None
    seats: dict = field(default_factory=dict)   # per (bots, profiles): what the wrapper checked once
    asks: bool = False          # the game asks the seats' bots (only bots that want no view run it)
    consts: list = field(default_factory=list)   # the constants it receives (K), for `ruleplay compile`


def program(rules) -> Program:
    """The ruleset's generated game (cached on the Rules object)."""
    prog = rules.__dict__.get("_codegen")
    if prog is None:
        prog = rules.__dict__["_codegen"] = _build(rules)
    return prog


def _build(rules) -> Program:
    try:
        sources, consts, asks = generate(rules, EMITTERS)
    except Unsupported as why:
        return Program(None, None, reason=str(why))
    if len(sources[1]) > MAX_SOURCE:
        return Program(None, None, reason=f"generated code of {len(sources[1]):,} characters, past the "
                                          f"generator's {MAX_SOURCE:,}")
    games = []
    for source in sources:                    # without the log, then with it
        code = _CODE.get(source)
        if code is None:
            broken = audit(source)
            if broken:
                return Program(None, None, reason="refused by the audit: " + broken)
            code = _CODE[source] = compile(source, "<ruleplay generated game>", "exec")
        space = {"__builtins__": __builtins__, "Random": Random, "deque": deque, "GameOver": GameOver,
                 "Bail": Bail, "best": best, "Decision": Decision, "NAMES": list(rules.deck.names), "K": tuple(consts)}
        exec(code, space)        # the generator's own source (module docstring), never text from a file
        games.append(space["game"])
    return Program(sources[1], games[0], games[1], asks=asks, consts=list(consts))


__all__ = ["EMITTERS", "Program", "Unsupported", "play", "program"]

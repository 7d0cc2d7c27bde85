"""Writing, auditing and compiling one ruleset's generated game: `program(rules)`, cached on the Rules."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from random import Random
from typing import Callable

from ruleplay.codegen import flip, trick
from ruleplay.codegen.audit import audit
from ruleplay.codegen.expr import Unsupported
from ruleplay.codegen.game import generate
from ruleplay.codegen.support import Bail, best
from ruleplay.engine.decision import Decision
from ruleplay.engine.table import GameOver
from ruleplay.kinds.flip import Flip
from ruleplay.kinds.passing import Pass
from ruleplay.kinds.trick import Trick

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

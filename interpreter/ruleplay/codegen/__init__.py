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

from ruleplay.codegen.build import EMITTERS, MAX_SOURCE, Program, program
from ruleplay.codegen.expr import Unsupported
from ruleplay.codegen.runtime import play

__all__ = ["EMITTERS", "MAX_SOURCE", "Program", "Unsupported", "play", "program"]

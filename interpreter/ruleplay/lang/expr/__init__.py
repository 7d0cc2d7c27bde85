"""The expression language: parse with lark, type-check, compile to closures.

Every expression is compiled once into a Python closure `fn(env)`. Names and
fields are resolved at compile time against a `Scope`, so evaluation never
looks anything up by a user-supplied string and can reach nothing but the
values the scope exposes. Expressions that depend only on options fold to
constants.

Missing cards (an index past the bottom of a pile) are `None`; a field of a
missing card is `None`; arithmetic with `None` gives `None`, and so does a
division or modulo by zero; every comparison with `None` is false. So
`pile[3].rank == pile[1].rank` is simply false on a two-card pile. Where a
setting needs an int (`checked_int`), a missing value, or one beyond
+-MAX_VALUE, is an error placed at the expression.
"""
from __future__ import annotations

from ruleplay.lang.expr.parse import (  # noqa: F401 - the language's public names, in one place
    BOOL, CARD, CARDS, INT, LIST, LOOPS, PILES, MAX_AGG_NESTING, MAX_LOOP_WORK, MAX_EXPR_CHARS, MAX_EXPR_DEPTH, MAX_VALUE,
    MAX_WRITTEN_DEPTH, MAX_WRITTEN_OUT, SEAT, SEATS, STR, ExprError, _col, parse, parser_cache_file, unwrap)
from ruleplay.lang.expr.scope import (  # noqa: F401
    Binding, Compiled, Definition, Fields, Scope, after_what_they_use, const, definitions, value_names, written_out)
from ruleplay.lang.expr.tables import (  # noqa: F401
    CARD_BINDING, CARDS_FIELDS, CardRule, _per_card, _tabulated, card_rule, per_card_values)
from ruleplay.lang.expr.compiler import Compiler, checked_int, compile_expr, compile_tree  # noqa: F401

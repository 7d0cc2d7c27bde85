"""A second line of defence for the rule in codegen/__init__.py: check the generated source itself.

Every string constant in it must be text the generator's own modules contain (an event word, a
reason), and every name must be one their templates contain or one the generator numbers (`_t1`,
`_v2`, `_w`). Text from a rule file could only get into the code by a bug in an emitter; then this
check refuses the module and the ruleset runs on the interpreter.
"""
from __future__ import annotations

import ast
import re
import sys
from functools import lru_cache
from types import CodeType, FunctionType
from typing import Iterator

NUMBERED = re.compile(r"_[tv]\d+|_w")
DENIED = frozenset({"exec", "eval", "compile", "open", "__import__", "getattr", "setattr", "delattr", "globals",
                    "locals", "vars", "breakpoint", "input", "__builtins__", "__dict__", "__class__"})


def _strings(consts) -> Iterator[str]:
    for c in consts:
        if isinstance(c, str):
            yield c
        elif isinstance(c, CodeType):
            yield from _strings(c.co_consts)
        elif isinstance(c, (tuple, frozenset)):       # a list or set of constants is one constant
            yield from _strings(c)


@lru_cache(maxsize=1)
def _generator_words() -> tuple[str, frozenset[str]]:
    """The string constants of the generator's modules (read from their compiled code, no parsing), and
    the identifiers in them: generated code is made of these templates, so its names are among them."""
    strings = []
    for name, mod in list(sys.modules.items()):
        if not name.startswith(__package__ + ".") or mod is None:
            continue
        for key, obj in vars(mod).items():
            if key == "__doc__":
                continue
            for f in [obj, *vars(obj).values()] if isinstance(obj, type) else [obj]:
                if isinstance(f, FunctionType) and f.__module__ == name:
                    strings.extend(_strings(f.__code__.co_consts))
            if isinstance(obj, (str, tuple, frozenset)):
                strings.extend(_strings([obj]))
    text = "\n".join(strings)
    return text, frozenset(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))


def audit(source: str) -> str | None:
    """None when the source keeps the rule, else what breaks it."""
    own, words = _generator_words()
    tree = ast.parse(source)
    header = tree.body[0].value if tree.body and isinstance(tree.body[0], ast.Expr) else None
    for node in ast.walk(tree):
        if node is header:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value not in own:
            return f"a string the generator does not write: {node.value[:40]!r}"
        if isinstance(node, ast.Constant) and not isinstance(node.value, (str, int, bool, type(None))):
            return f"a constant of type {type(node.value).__name__}"
        name = node.id if isinstance(node, ast.Name) else node.arg if isinstance(node, ast.arg) else \
            node.attr if isinstance(node, ast.Attribute) else None
        if name is not None and (name in DENIED or name not in words and not NUMBERED.fullmatch(name)):
            return f"a name the generator does not write: {name[:40]!r}"
    return None

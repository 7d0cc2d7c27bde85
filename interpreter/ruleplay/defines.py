"""A file's vocabulary (`define:`): named expressions, values by hand in turn (`cycle`) and values by the
number of players (`by-players`), checked once with placed errors.

Expressions become `expr.Definition`s, expanded where used (the same closure as writing them out);
a `by-players` value is a constant of the players in use, so it folds; a `cycle` is a name read per hand.
"""
from __future__ import annotations

from typing import Any

from lark import Token

from . import expr as X
from .errors import one_of


def _literal(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v) if isinstance(v, int) else "'" + str(v) + "'"


def value_type(v: Any) -> str:
    """The expression type of a constant a file gives (a by-players or cycle entry, an option value)."""
    return X.BOOL if isinstance(v, bool) else X.INT if isinstance(v, int) else X.STR


def compile_defines(ctx, taken: set[str]) -> tuple[dict[str, X.Definition], dict[str, X.Binding],
                                                     dict[str, X.Binding]]:
    """-> (expression definitions, constant bindings (by-players), per-hand bindings (cycle))."""
    defs: dict[str, X.Definition] = {}
    consts: dict[str, X.Binding] = {}
    cycles: dict[str, X.Binding] = {}
    for name, spec in (ctx.get(("define",)) or {}).items():
        path = ("define", name)
        if name in taken:
            ctx.error(path, f"'{name}' is already a name (an option, zone or built-in name)", "choose another name")
            continue
        if isinstance(spec, dict) and "by-players" in spec:
            table = {int(k): v for k, v in spec["by-players"].items()}
            if ctx.players not in table:
                ctx.error(path + ("by-players",), f"'{name}' has no value for {ctx.players} players",
                          f"it has values for {one_of([str(k) for k in sorted(table)])} players; add "
                          f"{ctx.players}: ...")
                continue
            v = table[ctx.players]
            consts[name] = X.Binding(value_type(v), const=v, is_const=True)
        elif isinstance(spec, dict) and "cycle" in spec:
            vals = list(spec["cycle"])
            types = {value_type(v) for v in vals}
            if len(types) != 1:
                ctx.error(path + ("cycle",), f"'{name}' mixes {' and '.join(sorted(types))} values",
                          "a cycle's values are all numbers, all words or all yes/no")
                continue
            cycles[name] = X.Binding(types.pop(), (lambda vs: lambda e: vs[(e.hand_number - 1) % len(vs)])(
                tuple(vals)))
        else:
            raw = spec["expr"] if isinstance(spec, dict) else spec
            text = _literal(raw) if not isinstance(raw, str) else raw
            try:
                X.parse(text)
            except X.ExprError as exc:
                ctx.error(path, f"in definition '{name}': {exc.message}", exc.hint, value=True)
                continue
            defs[name] = X.Definition(text, spec.get("description", "") if isinstance(spec, dict) else "")
    _check_cycles(ctx, defs)
    return defs, consts, cycles


def _names_in(text: str) -> set[str]:
    """The names an expression reads: not a field after a dot (`s.tricks` reads `s`, not a name `tricks`)."""
    return {str(t) for tree in X.parse(text).iter_subtrees() if tree.data in ("name", "call", "aggregate")
            for t in tree.children[:1] if isinstance(t, Token) and t.type == "NAME"}


def _check_cycles(ctx, defs: dict[str, X.Definition]) -> None:
    """A definition that uses itself, directly or through others, is refused where it is declared."""
    uses = {n: _names_in(d.text) & set(defs) for n, d in defs.items()}
    done: set[str] = set()

    def visit(n: str, stack: list[str]) -> None:
        if n in stack:
            chain = stack[stack.index(n):] + [n]
            ctx.error(("define", chain[0]), f"definition '{chain[0]}' uses itself ({' -> '.join(chain)})",
                      "a definition may use other definitions, but not in a circle")
            raise _Circle
        if n in done:
            return
        for m in sorted(uses[n]):
            visit(m, stack + [n])
        done.add(n)

    for n in sorted(defs):
        try:
            visit(n, [])
        except _Circle:
            for m in list(defs):          # refused: uses of any of them would only repeat the error
                if m not in done:
                    defs.pop(m, None)
            return


class _Circle(Exception):
    pass

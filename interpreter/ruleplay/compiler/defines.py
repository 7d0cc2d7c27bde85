"""A file's vocabulary (`define:`): named expressions, values by hand in turn (`cycle`) and values by the
number of players (`by-players`), checked once with placed errors.

Expressions become `expr.Definition`s, compiled where used (the same closure as writing them out, made
once per scope and shared); one whose size written out passes `expr.MAX_WRITTEN_OUT` is refused where it is
declared. A `by-players` value is a constant of the players in use, so it folds; a `cycle` is a name read per
hand.
"""
from __future__ import annotations

from typing import Any

from lark import Token, Tree

from ruleplay.lang import expr as X
from ruleplay.lang.expr.words import NAMES as WORDS
from ruleplay.errors import one_of

CALLS = frozenset(WORDS) | {"abs", "max", "min"}   # the language's own calls: a word given values never takes one


NONE = object()      # `for_players` found no entry (an error is placed)


def for_players(ctx, path: tuple, table: dict, said: str, has: str, example: str) -> Any:
    """A `by-players` table's entry for the number of players in use, or NONE after a placed error
    ("{said} for N players"; the hint lists the numbers the table has, "it has {has} ...", and adds N: {example})."""
    by = {int(k): v for k, v in table.items()}
    if ctx.players in by:
        return by[ctx.players]
    ctx.error(path, f"{said} for {ctx.players} players", f"it has {has} {one_of([str(k) for k in sorted(by)])} "
                                                        f"players; add {ctx.players}: {example}")
    return NONE


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
    texts: dict[str, tuple[str, str, Tree]] = {}
    params: dict[str, tuple[str, ...]] = {}
    consts: dict[str, X.Binding] = {}
    cycles: dict[str, X.Binding] = {}
    for name, spec in (ctx.get(("define",)) or {}).items():
        path = ("define", name)
        if name in taken:
            ctx.error(path, f"'{name}' is already a name (an option, zone or built-in name)", "choose another name")
            continue
        if isinstance(spec, dict) and spec.get("params") and name in CALLS:
            ctx.error(path, f"'{name}' is a word of the language, written {name}(...): a definition given values "
                      "may not take its name", "choose another name")
            continue
        if isinstance(spec, dict) and "by-players" in spec:
            v = for_players(ctx, path + ("by-players",), spec["by-players"], f"'{name}' has no value",
                            "values for", "...")
            if v is NONE:
                continue
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
                tree = X.parse(text)
            except X.ExprError as exc:
                ctx.error(path, f"in definition '{name}': {exc.message}", exc.hint, value=True)
                continue
            texts[name] = (text, spec.get("description", "") if isinstance(spec, dict) else "", tree)
            if isinstance(spec, dict) and "params" in spec:
                params[name] = _params(ctx, path + ("params",), spec["params"], taken | set(ctx.get(("define",))))
    _check_cycles(ctx, texts)
    defs = X.definitions(texts, params)
    _check_sizes(ctx, defs)
    return defs, consts, cycles


def _params(ctx, path: tuple, names: list[str], taken: set[str]) -> tuple[str, ...]:
    """A definition's parameters (`params: [a, b]`): names of its own, read in its expression only."""
    for i, p in enumerate(names):
        if p in taken:
            ctx.error(path + (i,), f"'{p}' is already a name (an option, zone, definition or built-in name)",
                      "a parameter takes a name of its own: a, b, first, other", value=True)
        elif names.index(p) != i:
            ctx.error(path + (i,), f"'{p}' is named twice", value=True)
    return tuple(names)


def _check_sizes(ctx, defs: dict[str, X.Definition]) -> None:
    """Refuse what is too big or too deep written out, at the definition where it crosses the limit (every
    one using it crosses it as well, and goes without an error of its own)."""
    big = {n for n, d in defs.items() if d.size > X.MAX_WRITTEN_OUT or d.depth > X.MAX_WRITTEN_DEPTH}
    for name in [n for n in defs if n in big and not big & X.value_names(defs[n].tree)]:
        d = defs[name]
        if d.size > X.MAX_WRITTEN_OUT:
            ctx.error(("define", name), f"definition '{name}' written out has {d.size:,} nodes; the limit is "
                      f"{X.MAX_WRITTEN_OUT:,}", "each use of a definition inside another counts in full, so a "
                      "chain of definitions that each use the next twice doubles at every step")
        else:
            ctx.error(("define", name), f"definition '{name}' written out nests {d.depth} levels deep; the limit "
                      f"is {X.MAX_WRITTEN_DEPTH}", "a definition used inside another nests inside it: make the "
                      "chain of definitions shorter, or the definitions shallower")
    for name in big:
        del defs[name]


def _names_in(tree: Tree) -> set[str]:
    """The names an expression reads: not a field after a dot (`s.tricks` reads `s`, not a name `tricks`)."""
    return {str(t) for sub in tree.iter_subtrees() if sub.data in ("name", "call", "aggregate")
            for t in sub.children[:1] if isinstance(t, Token) and t.type == "NAME"}


def _check_cycles(ctx, defs: dict[str, tuple[str, str, Tree]]) -> None:
    """A definition that uses itself, directly or through others, is refused where it is declared (one
    circle is reported; walked without recursion, so a long chain is no risk)."""
    known = set(defs)
    uses = {n: sorted(_names_in(tree) & known) for n, (_, _, tree) in defs.items()}
    done: set[str] = set()
    for root in sorted(defs):
        path, on_path, todo = [root], {root}, [iter(uses[root])]
        while todo:
            m = next(todo[-1], None)
            if m is None:
                finished = path.pop()
                on_path.discard(finished)
                done.add(finished)
                todo.pop()
            elif m in on_path:
                chain = path[path.index(m):] + [m]
                ctx.error(("define", chain[0]), f"definition '{chain[0]}' uses itself ({' -> '.join(chain)})",
                          "a definition may use other definitions, but not in a circle")
                for k in list(defs):          # refused: uses of any of them would only repeat the error
                    if k not in done:
                        defs.pop(k, None)
                return
            elif m not in done:
                path.append(m)
                on_path.add(m)
                todo.append(iter(uses[m]))

"""A move's condition judged in stages: what does not read the part chosen last, once per answer of the parts
before it (once a search, for the first part), not once per combination.

`legal: "from-pile == 0 or card != took"`: `from-pile == 0` is judged once, and when it holds every card
passes untested.

`legal: "card.value == 0 and court-pair or card.value > 0 and (adds-up or takes-a-build)"` with a card and a
set of cards: for the card chosen, `card.value == 0`, `card.value > 0` and `takes-a-build` are judged once,
and what is left (`adds-up`, say, for a number card) is the test of each set of cards tried with it. The
`and`s and `or`s of the condition are followed down to the parts that read the last part chosen; the rest
is worked out first. Conditions read the table and never change it, so judging a part earlier, once, gives
the same truth as the whole condition judged combination by combination.
"""
from __future__ import annotations

from typing import Any, Callable, Union

from ruleplay.kinds.turns.refs import names_read
from ruleplay.lang import expr as X

# A condition, staged: ("now", fn) read before the last part is chosen, ("late", fn) read with it, or
# ("chain", decisive, [nodes]) an `or` (decisive True: a true part decides) or an `and` (False) of nodes.
Node = tuple
Stage = Callable[[Any], Union[bool, Callable[[Any], Any]]]    # t -> the condition's truth, or what is left to test


def node(tree, text: str, scope: X.Scope, late: frozenset) -> Node:
    """The condition `tree` (a node of `text`) staged: the names in `late` (the last part's) are read last."""
    try:
        c = X.compile_tree(tree, text, scope, X.BOOL)
    except X.ExprError:                       # a part that does not stand alone (never here in practice): whole
        return ("late", None)
    if not names_read(c, scope) & late:
        return ("now", c.fn)
    kind = getattr(tree, "data", None)
    if kind in ("and_", "or_"):
        kids = [node(X.unwrap(k), text, scope, late) for k in tree.children]
        if any(k[0] != "late" for k in kids) and all(k[0] != "late" or k[1] is not None for k in kids):
            return ("chain", kind == "or_", kids)
    return ("late", c.fn)


def early(n: Node) -> bool:
    """Something of the condition can be judged before the last part is chosen."""
    return n[0] == "now" or (n[0] == "chain" and any(early(k) for k in n[2]))


def stage(n: Node) -> Stage:
    """stage(t): the condition's truth when the parts chosen so far decide it, else the test left for each
    answer of the last part (a function of the table, as the condition)."""
    if n[0] == "now":
        fn = n[1]
        return lambda t: bool(fn(t))
    if n[0] == "late":
        fn = n[1]
        return lambda t: fn
    decisive, stages = n[1], [stage(k) for k in n[2]]
    join = either if decisive else together

    def run(t):
        left = []
        for s in stages:
            r = s(t)
            if r is decisive:
                return decisive
            if r is not (not decisive):
                left.append(r)
        return join(left) if left else not decisive
    return run


def together(fns: list[Callable]) -> Callable | None:
    """One test for checks that are all tested at once: the check itself when it is alone (the usual case)."""
    if len(fns) <= 1:
        return fns[0] if fns else None
    if len(fns) == 2:                        # no generator per combination searched (only truth is read)
        f1, f2 = fns
        return lambda t: f1(t) and f2(t)
    if len(fns) == 3:
        f1, f2, f3 = fns
        return lambda t: f1(t) and f2(t) and f3(t)
    fns = tuple(fns)

    def run(t):
        for f in fns:
            if not f(t):
                return False
        return True
    return run


def either(fns: list[Callable]) -> Callable:
    """One test true when one of `fns` is (an `or` left to test)."""
    if len(fns) == 1:
        return fns[0]
    if len(fns) == 2:
        f1, f2 = fns
        return lambda t: f1(t) or f2(t)
    fns = tuple(fns)

    def run(t):
        for f in fns:
            if f(t):
                return True
        return False
    return run

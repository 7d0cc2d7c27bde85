"""What an expression may name: bindings, fields, definitions, the scope, and a compiled result."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from lark import Token, Tree

from ruleplay.lang.expr.parse import MAX_WRITTEN_OUT, MAX_WRITTEN_DEPTH, unwrap



@dataclass
class Binding:
    type: str
    getter: Callable[[Any], Any] | None = None
    const: Any = None
    is_const: bool = False
    piles: tuple = ()               # a table family's pile names (`dest in corner`)


@dataclass
class Fields:
    """What `.name` means on each type: name -> (result type, maker(inner_fn) -> fn)."""

    card: dict[str, tuple[str, Callable]] = field(default_factory=dict)
    seat: dict[str, tuple[str, Callable]] = field(default_factory=dict)
    seat_zones: dict[str, int] = field(default_factory=dict)   # seat field -> Table.seat_zones index
    card_tables: dict[str, list] = field(default_factory=dict)  # card field -> its per-card list
    ranking: Any = None        # the file's hand-ranking (compiler/ranking.py), read by best-hand(...)


@dataclass(frozen=True)
class Definition:
    """A file's named expression (`define:`): in the scope of each use it compiles to the closure the
    expression written out there would give. That closure is kept (`compiled`, by what it depends on), so a
    definition used twice, or used by one used twice, is compiled once: compiling stays linear in the file.

    Made by `definitions`, which works out `reads` (every name it or a definition it uses mentions) and
    `size` and `depth` (its nodes and nesting with the definitions it uses written out: what one evaluation
    may cost, how deep it recurses)."""
    text: str
    tree: Tree = field(compare=False, repr=False)
    reads: tuple[str, ...]
    size: int
    depth: int
    description: str = ""
    compiled: dict = field(default_factory=dict, compare=False, repr=False)
    params: tuple[str, ...] = ()     # the values it is given where it is used: `higher(a, b)`


def definitions(specs: dict[str, tuple[str, str, Tree]],
                params: dict[str, tuple[str, ...]] | None = None) -> dict[str, Definition]:
    """name -> (expression text, description, its parse tree), free of circles, as Definitions. Only one
    within MAX_WRITTEN_OUT and MAX_WRITTEN_DEPTH gets its `reads` (the others are refused, never compiled),
    so a long chain costs no set of names per link."""
    known = set(specs)
    used = {n: value_names(tree) & known for n, (_, _, tree) in specs.items()}
    order = after_what_they_use(used)
    shapes: dict[str, tuple[int, int]] = {}
    for n in order:
        shapes[n] = written_out(specs[n][2], shapes)
    reads: dict[str, frozenset[str]] = {}
    for n in order:
        if shapes[n][0] <= MAX_WRITTEN_OUT and shapes[n][1] <= MAX_WRITTEN_DEPTH:
            named = specs[n][2].scan_values(lambda v: isinstance(v, Token) and v.type == "NAME")
            reads[n] = frozenset(map(str, named)).union(*(reads[m] for m in used[n]), ["players"])
    params = params or {}
    return {n: Definition(text, tree, tuple(sorted(reads.get(n, ()))), *shapes[n], desc, params=params.get(n, ()))
            for n, (text, desc, tree) in specs.items()}


def value_names(tree: Tree) -> set[str]:
    """The names an expression reads as values (where a definition is put in), and the functions it calls
    (a definition given values, `higher(a, b)`): not `x.size`'s field."""
    return {str(t.children[0]) for t in tree.find_data("name")} | {str(t.children[0]) for t in tree.find_data("call")}


def after_what_they_use(used: dict[str, set[str]]) -> list[str]:
    """The definitions in an order where each comes after those it uses (no circles; no recursion, so a
    chain of a thousand is no deeper than one)."""
    order: list[str] = []
    placed: set[str] = set()
    for root in used:
        todo = [(root, iter(sorted(used[root])))]
        while todo:
            n, rest = todo[-1]
            m = next((m for m in rest if m not in placed), None)
            if m is not None:
                todo.append((m, iter(sorted(used[m]))))
                continue
            todo.pop()
            if n not in placed:
                placed.add(n)
                order.append(n)
    return order


def written_out(tree: Any, shapes: dict[str, tuple[int, int]]) -> tuple[int, int]:
    """(nodes, nesting levels) of `tree` with each definition in `shapes` (by its own nodes and levels)
    written out where it is named."""
    size, depth, stack = 0, 0, [(tree, 1)]
    while stack:
        node, level = stack.pop()
        node = unwrap(node)
        if not isinstance(node, Tree):
            continue
        shape = shapes.get(str(node.children[0])) if node.data in ("name", "call") else None
        if shape is not None:                # the name gives way to what it stands for
            size, depth = size + shape[0], max(depth, level - 1 + shape[1])
            if node.data == "name":
                continue
            stack.extend((c, level + 1) for c in node.children[1:])    # a call's values: written out too
            continue
        size, depth = size + 1, max(depth, level)
        stack.extend((c, level + 1) for c in node.children)
    return size, depth


@dataclass
class Scope:
    names: dict[str, Binding]
    fields: Fields
    loop_vars: dict[str, str] = field(default_factory=dict)  # aggregate variables in scope -> type
    defines: dict[str, Definition] = field(default_factory=dict)
    later: dict[str, str] = field(default_factory=dict)   # names known elsewhere, not here -> why (a hint)
    loop_work: int = 1          # how many times a body here is evaluated at most: the enclosing loops' sizes multiplied

    def with_names(self, **extra: Binding) -> "Scope":
        return Scope({**self.names, **extra}, self.fields, dict(self.loop_vars), self.defines, self.later,
                     self.loop_work)


@dataclass
class Compiled:
    fn: Callable[[Any], Any]
    type: str
    const: Any = None
    is_const: bool = False
    uses: frozenset = frozenset()   # names read (for analysis: e.g. depends only on `card`)
    defines: frozenset = frozenset()  # definitions expanded
    from_top: tuple | None = None   # (cards getter, k): this card is the k-th from the top of those cards
    top_field: tuple | None = None  # (cards getter, k, per-card list): a field of such a card
    loop_var: str | None = None     # this value is the aggregate variable of that name
    zone_of: tuple | None = None    # (seat_zones index, loop variable): `x.<zone>` for a loop seat x
    card_field: tuple | None = None  # (loop variable, per-card list): `x.<field>` for a loop card x
    compared: tuple | None = None   # (operator, left, right): a comparison of two values worked out in play
    every: tuple | None = None      # (NAME, each card's truth, 0 or 1): `all(BODY for x in NAME)`, BODY reading x alone
    piles: tuple = ()               # a table family named bare: its pile names (`dest in corner`)


def const(value: Any, type_: str) -> Compiled:
    return Compiled(lambda e, v=value: v, type_, value, True)

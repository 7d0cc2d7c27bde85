"""Expressions as Python source, from the parse tree the interpreter compiled (lang/expr/).

Only the node types and names below are emitted; anything else (a new function, a name a phase
declares, a nullable value where the form would differ) raises `Unsupported`, and the
ruleset runs on the interpreter. Values from the rule file never become code text: a string, a list
or a per-card table is a constant the generated module receives (`K[i]`), an int or bool is the
`repr` of a validated value, and every variable name is made here (`_v0`, `_t1`), never taken from
the file. The emitted code has the interpreter's meaning, missing values (None) included. A definition
(`define:`) is expanded where it is used, as the compiler does; a per-hand `cycle` is not emitted.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Tree

from ruleplay.lang import expr as X
from ruleplay.compiler.cards import RED
from ruleplay.compiler.defines import value_type


class Unsupported(Exception):
    """No emitter for this construct: the ruleset runs on the interpreter."""


def nesting(code: str) -> int:
    """How deep brackets nest in expression code (it holds no string literals: strings are `K[i]`)."""
    deep = most = 0
    for ch in code:
        if ch in "([{":
            deep += 1
            most = max(most, deep)
        elif ch in ")]}":
            deep -= 1
    return most


@dataclass
class Val:
    code: str
    type: str
    nullable: bool = False
    const: Any = None
    is_const: bool = False
    cost: int = 1            # a rough price, to test cheap operands of `and`/`or` first


class Consts:
    """The constants a generated module receives: `K[i]`. Ints and bools are written as their repr."""

    def __init__(self) -> None:
        self.values: list[Any] = []

    def ref(self, value: Any) -> str:
        for i, v in enumerate(self.values):
            if v is value:
                return f"K[{i}]"
        self.values.append(value)
        return f"K[{len(self.values) - 1}]"

    def literal(self, value: Any) -> str:
        if value is None:
            return "None"
        if type(value) in (int, bool):        # validated: exactly an int or a bool, so repr is a literal
            return repr(value)
        return self.ref(value)


def card_tables(rules) -> dict[str, tuple[str, list]]:
    """Card field -> (type, per-card list), in the order build_scope gives them (a later name wins)."""
    deck = rules.deck
    colors = ["red" if s in RED else None if s is None else "black" for s in deck.suit]
    out: dict[str, tuple[str, list]] = {"rank": (X.STR, deck.rank), "suit": (X.STR, deck.suit),
                                        "name": (X.STR, deck.names), "joker": (X.BOOL, deck.joker),
                                        "color": (X.STR, colors)}
    for name, arr in {**deck.attrs, **deck.orders}.items():
        out[name] = (X.INT, arr)
    return out


UNROLL_SEATS = 8       # an aggregate over `seats` is written out seat by seat up to this many players
MAX_CODE = 100_000     # characters of expression code in one generated game (shipped ones: a few thousand)
MAX_NESTING = 100      # nodes, and brackets, nested in one expression's code (Python's parser stops at 200)
_OPS = {"==", "!=", "<", ">", "<=", ">="}
_SEAT_FIELDS = ("out", "score", "index", "cards")
_SHADOWING = ("points", "hand-score")      # built-in seat fields a zone of that name does not replace
_HAND_FIELDS = {"points": "hand_points", "hand-score": "hand_scores", "tricks": "tricks_won"}  # game.py's lists


class Emitter:
    """Emits expressions of one ruleset. `names`: engine names bound to generated variables (`actor`)."""

    def __init__(self, rules, consts: Consts, names: dict[str, str]):
        self.rules = rules
        self.k = consts
        self.names = names
        self.tables = card_tables(rules)
        self.temps = 0
        self.seat_fields: set[str] = set()   # of _HAND_FIELDS, the ones the generated game keeps
        self.expanding: list[str] = []       # definitions being expanded (the compiler refused circles)
        self.written = 0                     # characters of the expressions emitted so far (MAX_CODE)
        self.depth = 0                       # nodes being emitted, one inside the other (MAX_NESTING)

    def temp(self, stem: str = "_t") -> str:
        self.temps += 1
        return f"{stem}{self.temps}"

    def emit(self, raw: Any, loop: dict[str, tuple[str, str]] | None = None) -> Val:
        """The expression the compiler saw at a path (`raw` as in the document), with loop variables bound.

        Definitions and unrolled aggregates are written out, so code can be far larger or deeper than its
        expression: past MAX_CODE in all or MAX_NESTING deep, the ruleset runs on the interpreter."""
        out = self.expand(raw, loop)
        if not self.expanding:
            self.written += len(out.code)
            deep = nesting(out.code)
            if deep > MAX_NESTING:
                raise Unsupported(f"an expression whose code would nest {deep} brackets deep, past the "
                                  f"generator's {MAX_NESTING}")
        return out

    def expand(self, raw: Any, loop: dict[str, tuple[str, str]] | None) -> Val:
        if isinstance(raw, bool):
            return Val(repr(raw), X.BOOL, const=raw, is_const=True)
        if isinstance(raw, int):
            return Val(repr(raw), X.INT, const=raw, is_const=True)
        return self.node(X.parse(str(raw)), dict(loop or {}))

    def node(self, t, loop) -> Val:
        t = X.unwrap(t)
        if not isinstance(t, Tree):
            raise Unsupported(f"token {t!s}")
        method = getattr(self, "n_" + str(t.data), None)
        if method is None:
            raise Unsupported(f"expression node '{t.data}'")
        self.depth += 1
        try:
            if self.depth > MAX_NESTING:
                raise Unsupported(f"an expression nested more than {MAX_NESTING} deep with its definitions "
                                  "written out")
            out = method(t, loop)
        finally:
            self.depth -= 1
        if self.written + len(out.code) > MAX_CODE:         # checked at every node: it stops early
            raise Unsupported(f"expressions whose code would pass {MAX_CODE:,} characters, with definitions and "
                              "aggregates over seats written out")
        return out

    # literals and names
    def n_int_(self, t, loop):
        v = int(t.children[0])
        return Val(repr(v), X.INT, const=v, is_const=True)

    def n_str_(self, t, loop):
        v = str(t.children[0])[1:-1]
        return Val(self.k.ref(v), X.STR, const=v, is_const=True)

    def n_true(self, t, loop):
        return Val("True", X.BOOL, const=True, is_const=True)

    def n_false(self, t, loop):
        return Val("False", X.BOOL, const=False, is_const=True)

    def n_list_(self, t, loop):
        items = [self.node(c, loop) for c in t.children if c is not None]
        if not all(i.is_const for i in items):
            raise Unsupported("list")
        value = frozenset(i.const for i in items)
        return Val(self.k.ref(value), X.LIST, const=value, is_const=True)

    def n_name(self, t, loop):
        name = str(t.children[0])
        rules = self.rules
        if name in loop:
            return Val(loop[name][0], loop[name][1])
        if name in rules.options:
            v = rules.options[name]
            if isinstance(v, list):
                fv = frozenset(v)
                return Val(self.k.ref(fv), X.LIST, const=fv, is_const=True)
            if type(v) not in (int, bool, str):
                raise Unsupported("option value")
            typ = value_type(v)
            return Val(self.k.literal(v), typ, const=v, is_const=True)
        if name == "players":
            return Val(repr(int(rules.players)), X.INT, const=rules.players, is_const=True)
        if name == "hand-number":
            return Val("hand_number", X.INT)
        z = rules.zones.get(name)
        if z is not None and z.owner == "table":
            return Val(f"shared[{int(z.index)}]", X.CARDS)
        if name == "seats":
            return Val("SEATS", X.SEATS, cost=2)
        if name in self.names:
            return Val(self.names[name], X.SEAT)
        return self.define(name, loop)

    def define(self, name: str, loop) -> Val:
        """A file's definition (defines.py), as the compiler has it: a by-players value is a constant, an
        expression is expanded where it is used (with the loop variables in scope there)."""
        spec = (self.rules.doc.data.get("define") or {}).get(name)
        if spec is None or name in self.expanding:
            raise Unsupported(f"name '{name}'")
        if isinstance(spec, dict) and "by-players" in spec:
            v = {int(k): v for k, v in spec["by-players"].items()}.get(self.rules.players)
            if type(v) not in (int, bool, str):
                raise Unsupported(f"definition '{name}'")
            typ = value_type(v)
            return Val(self.k.literal(v), typ, const=v, is_const=True)
        if isinstance(spec, dict) and isinstance(spec.get("cycle"), list) and spec["cycle"]:
            vals = list(spec["cycle"])
            kinds = {type(v) for v in vals}
            if len(kinds) != 1 or kinds.pop() not in (int, bool, str):
                raise Unsupported(f"definition '{name}' (a cycle)")
            typ = value_type(vals[0])
            return Val(f"{self.k.ref(tuple(vals))}[(hand_number - 1) % {len(vals)}]", typ, cost=2)
        if isinstance(spec, dict) and "expr" not in spec:
            raise Unsupported(f"definition '{name}' (a value per hand)")
        raw = spec["expr"] if isinstance(spec, dict) else spec
        if type(raw) not in (str, int, bool):
            raise Unsupported(f"definition '{name}'")
        self.expanding.append(name)
        try:
            return self.expand(raw, loop)
        finally:
            self.expanding.pop()

    # fields and indexing
    def n_field(self, t, loop):
        inner = self.node(t.children[0], loop)
        name = str(t.children[1])
        c = inner.code
        if inner.type == X.CARDS:
            if name == "size":
                return Val(f"len({c})", X.INT, cost=inner.cost)
            if name == "empty":
                return Val(f"(not {c})", X.BOOL, cost=inner.cost)
            if name in ("top", "bottom"):
                v = self.temp()
                return Val(f"({v}[{-1 if name == 'top' else 0}] if ({v} := {c}) else None)", X.CARD, True,
                           cost=inner.cost)
            raise Unsupported(f"cards field '{name}'")
        if inner.type == X.SEAT and not inner.nullable:
            if name in _SEAT_FIELDS:
                return Val({"out": f"out[{c}]", "score": f"scores[{c}]", "index": c,
                            "cards": f"sum(len(z[{c}]) for z in seat_zones)"}[name],
                           X.BOOL if name == "out" else X.INT, cost=inner.cost + (3 if name == "cards" else 0))
            z = self.rules.zones.get(name)
            if name in _HAND_FIELDS and (z is None or name in _SHADOWING) and name in self.seat_fields:
                return Val(f"{_HAND_FIELDS[name]}[{c}]", X.INT, cost=inner.cost)
            if z is not None and z.owner == "seat" and name not in _SHADOWING:
                return Val(f"seat_zones[{int(z.index)}][{c}]", X.CARDS, cost=inner.cost)
            raise Unsupported(f"seat field '{name}'")
        if inner.type == X.CARD and name in self.tables:
            typ, arr = self.tables[name]
            ref = self.k.ref(arr)
            if not inner.nullable:
                return Val(f"{ref}[{c}]", typ, None in arr, cost=inner.cost)
            v = self.temp()
            return Val(f"(None if ({v} := {c}) is None else {ref}[{v}])", typ, True, cost=inner.cost)
        raise Unsupported(f"field '{name}' of {inner.type}")

    def n_index(self, t, loop):
        inner = self.node(t.children[0], loop)
        idx = self.node(t.children[1], loop)
        if inner.type != X.CARDS or not idx.is_const or type(idx.const) is not int or idx.const < 1:
            raise Unsupported("index")
        v, k = self.temp(), idx.const
        return Val(f"({v}[{-k}] if len({v} := {inner.code}) >= {k} else None)", X.CARD, True, cost=inner.cost)

    # operators
    def n_neg(self, t, loop):
        a = self.node(t.children[0], loop)
        if a.nullable:
            raise Unsupported("nullable negation")
        if a.is_const:
            return Val(repr(-a.const), X.INT, const=-a.const, is_const=True)
        return Val(f"(-{a.code})", X.INT, cost=a.cost)

    def n_arith(self, t, loop):
        ch = t.children
        acc = self.node(ch[0], loop)
        for i in range(1, len(ch), 2):
            op = str(ch[i])
            rhs = self.node(ch[i + 1], loop)
            if acc.type != X.INT or rhs.type != X.INT:
                raise Unsupported("cards put together (+)")
            if acc.nullable or rhs.nullable or op not in ("+", "-", "*", "//", "%"):
                raise Unsupported("nullable arithmetic")
            if op in ("//", "%") and not (rhs.is_const and rhs.const):
                raise Unsupported("division by a value that may be 0")
            acc = Val(f"({acc.code} {op} {rhs.code})", X.INT, cost=acc.cost + rhs.cost)
        return acc

    def n_compare(self, t, loop):
        a = self.node(t.children[0], loop)
        op = " ".join(str(t.children[1]).split())
        b = self.node(t.children[2], loop)
        cost = a.cost + b.cost
        if op in ("in", "not in"):
            if b.type != X.LIST:
                raise Unsupported("in")
            if op == "in" or not a.nullable:
                return Val(f"({a.code} {op} {b.code})", X.BOOL, cost=cost)
            v = self.temp()
            return Val(f"(({v} := {a.code}) is not None and {v} not in {b.code})", X.BOOL, cost=cost)
        if op not in _OPS:
            raise Unsupported(f"operator {op}")
        if b.is_const and b.const is None:
            raise Unsupported("comparison with a missing constant")
        if not a.nullable and not b.nullable:
            return Val(f"({a.code} {op} {b.code})", X.BOOL, cost=cost)
        tests, x, y = [], a.code, b.code
        if a.nullable:
            x = self.temp()
            tests.append(f"({x} := {a.code}) is not None")
        if b.nullable:
            y = self.temp()
            tests.append(f"({y} := {b.code}) is not None")
        return Val(f"({' and '.join(tests)} and {x} {op} {y})", X.BOOL, cost=cost)

    def n_not_(self, t, loop):
        a = self.node(t.children[0], loop)
        return Val(f"(not {a.code})", X.BOOL, cost=a.cost)

    def n_and_(self, t, loop):
        return self.chain(t, loop, "and", False)

    def n_or_(self, t, loop):
        return self.chain(t, loop, "or", True)

    def chain(self, t, loop, word: str, decisive: bool) -> Val:
        """As expr.Compiler._chain: constants dropped (a decisive one decides), two parts give the raw
        value of Python's `and`/`or`, more give True or False. Without missing values the parts are
        pure booleans, so the cheap ones go first."""
        parts = [self.node(c, loop) for c in t.children]
        if any(p.is_const and p.const == decisive for p in parts):
            return Val(repr(decisive), X.BOOL, const=decisive, is_const=True)
        parts = [p for p in parts if not p.is_const]
        if not parts:
            return Val(repr(not decisive), X.BOOL, const=not decisive, is_const=True)
        nullable = any(p.nullable for p in parts)
        if not nullable:
            parts = sorted(parts, key=lambda p: p.cost)
        code = f" {word} ".join(p.code for p in parts)
        cost = sum(p.cost for p in parts)
        if len(parts) == 1:
            return parts[0]
        if len(parts) == 2:
            return Val(f"({code})", X.BOOL, nullable, cost=cost)
        return Val(f"(True if ({code}) else False)", X.BOOL, cost=cost)

    def n_cond(self, t, loop):
        a, c, b = t.children
        cc = self.node(c, loop)
        if cc.is_const:
            return self.node(a if cc.const else b, loop)
        va, vb = self.node(a, loop), self.node(b, loop)
        return Val(f"({va.code} if {cc.code} else {vb.code})", va.type, va.nullable or vb.nullable,
                   cost=va.cost + vb.cost + cc.cost)

    def n_call(self, t, loop):
        name = str(t.children[0])
        if name in (self.rules.doc.data.get("define") or {}):
            raise Unsupported(f"a definition given values ({name}(...))")
        args = [self.node(c, loop) for c in t.children[1:] if c is not None]
        if any(a.nullable or a.type != X.INT for a in args):
            raise Unsupported(f"call {name}")
        if (name == "abs" and len(args) == 1) or (name in ("max", "min") and len(args) >= 2):
            return Val(f"{name}({', '.join(a.code for a in args)})", X.INT, cost=sum(a.cost for a in args))
        raise Unsupported(f"call {name}")

    def n_aggregate(self, t, loop):
        if len(t.children) > 4:
            raise Unsupported("an aggregate with a condition ('... for x in xs if ...')")
        kind_tok, body, var_tok, coll = t.children
        kind = str(kind_tok)
        c = self.node(coll, loop)
        if c.type not in (X.CARDS, X.SEATS) or ":=" in c.code:
            raise Unsupported("aggregate collection")
        if c.code == "SEATS" and self.rules.players <= UNROLL_SEATS:
            return self.unrolled(kind, body, str(var_tok), loop)
        var = self.temp("_v")
        b = self.node(body, {**loop, str(var_tok): (var, X.CARD if c.type == X.CARDS else X.SEAT)})
        cost = 10 * (b.cost + c.cost)
        head = f"for {var} in {c.code}"
        if kind == "count":
            return Val(f"sum(1 {head} if {b.code})", X.INT, cost=cost)
        if kind in ("any", "all"):
            return Val(f"{kind}({b.code} {head})", X.BOOL, cost=cost)
        if b.nullable:
            raise Unsupported(f"{kind} over missing values")
        if kind == "sum":
            return Val(f"sum({b.code} {head})", X.INT, cost=cost)
        if kind in ("max", "min"):
            return Val(f"{kind}(({b.code} {head}), default=None)", X.INT, True, cost=cost)
        raise Unsupported(f"aggregate {kind}")

    def unrolled(self, kind: str, body, name: str, loop) -> Val:
        """`kind(body for name in seats)` written out for seats 0..n-1 (no generator per evaluation)."""
        parts = [self.node(body, {**loop, name: (repr(s), X.SEAT)}) for s in range(self.rules.players)]
        cost = sum(p.cost for p in parts) + 1
        nullable = any(p.nullable for p in parts)
        codes = [p.code for p in parts]
        if kind == "count":
            terms = codes if not nullable else [f"(1 if {c} else 0)" for c in codes]
            return Val(f"({' + '.join(terms)})", X.INT, cost=cost)
        if kind in ("any", "all"):
            code = f" {'or' if kind == 'any' else 'and'} ".join(codes)
            return Val(f"(True if ({code}) else False)" if nullable else f"({code})", X.BOOL, cost=cost)
        if nullable:
            raise Unsupported(f"{kind} over missing values")
        if kind == "sum":
            return Val(f"({' + '.join(codes)})", X.INT, cost=cost)
        if kind in ("max", "min"):
            return Val(f"{kind}({', '.join(codes)})" if len(codes) > 1 else codes[0], X.INT, cost=cost)
        raise Unsupported(f"aggregate {kind}")

"""The expression compiler: checked trees -> closures over the table, typed against a scope."""
from __future__ import annotations

import difflib

import operator
from dataclasses import dataclass, replace
from typing import Any, Callable

from lark import Tree

from ruleplay.errors import did_you_mean, one_of
from ruleplay.lang.expr.parse import (
    MAX_AGG_NESTING, MAX_LOOP_WORK, MAX_VALUE, MAX_WRITTEN_OUT, INT, BOOL, STR, CARD, CARDS, SEAT, SEATS, LIST,
    PILES, ExprError, parse, unwrap, _col)
from ruleplay.lang.expr.scope import Binding, Definition, Scope, Compiled, const
from ruleplay.lang.expr.tables import (
    CARD_BINDING, _CARD_ONLY, _FOLDED, _per_card, _tabulated, _seat_may_be_missing, _cards_field, CARDS_FIELDS,
    per_card_values)
from ruleplay.lang.expr import words as exprwords


class Compiler:
    """Compiles parse trees against a scope. One instance per expression."""

    def __init__(self, scope: Scope, text: str):
        self.scope = scope
        self.text = text
        self.uses: set[str] = set()
        self.dead = 0      # > 0 inside a branch that options rule out: its division by zero is no error
        self.expanding: list[str] = []   # definitions being expanded, innermost last
        self.defines_used: set[str] = set()
        self.written = [0]   # nodes of the definitions used, written out (shared with the aggregates' compilers)
        self.held: dict[str, str] = {}   # loop variables a definition's given value reads -> that definition's name:
        # its body may not loop over one of them (the value would read the body's variable, not the caller's)
        self.params: dict[str, str] = {}   # the parameters of the definitions being expanded -> their definition:
        # a definition used inside another may loop over a variable named like the outer one's parameter

    def compile_dead(self, tree, dead: bool) -> Compiled:
        """Compile (type-check) a part that options may rule out, e.g. `x // (players - 2) if players > 2 else x`."""
        self.dead += dead
        try:
            return self.compile(tree)
        finally:
            self.dead -= dead

    def compile(self, tree) -> Compiled:
        tree = unwrap(tree)
        method = getattr(self, "c_" + (tree.data if isinstance(tree, Tree) else "token"), None)
        if method is None:
            raise ExprError(f"unsupported construct {getattr(tree, 'data', tree)!s}", _col(tree))
        out = method(tree)
        if out.uses == _CARD_ONLY and not out.is_const and tree.data in _FOLDED \
                and self.scope.names.get("card") is CARD_BINDING:
            return _per_card(out, len(self.scope.fields.card_tables.get("name", ())))
        return out

    # literals
    def c_int_(self, t):
        return const(int(t.children[0]), INT)

    def c_str_(self, t):
        return const(str(t.children[0])[1:-1], STR)

    def c_true(self, t):
        return const(True, BOOL)

    def c_false(self, t):
        return const(False, BOOL)

    def c_list_(self, t):
        items = [self.compile(c) for c in t.children if c is not None]
        types = {i.type for i in items}
        if not items:
            return const((), LIST)
        if not all(i.is_const for i in items) or not types <= {INT, STR}:
            raise ExprError("a list may hold only constant numbers and strings", _col(t))
        return const(frozenset(i.const for i in items), LIST)

    def _own_hint(self, name: str) -> str | None:
        """The hint for a name each player has (a seat zone or counter) written bare: whose to read."""
        got = self.scope.fields.seat.get(name)
        if got is None:
            return None
        if name in self.scope.fields.seat_zones or got[0] == CARDS:
            return (f"'{name}' is each player's own zone: read one player's (actor.{name}, dealer.{name}, s.{name} "
                    f"where s is given), e.g. actor.{name}.size, or over the players: "
                    f"sum(x.{name}.size for x in seats)")
        return (f"'{name}' is each player's own (a seat counter or field): read one player's (actor.{name}, "
                f"dealer.{name}, s.{name} where s is given) or over the players: max(x.{name} for x in seats)")

    # names
    def c_name(self, t):
        tok = t.children[0]
        name = str(tok)
        if name in self.scope.loop_vars:
            self.uses.add(name)
            return Compiled(lambda e, n=name: e.loc[n], self.scope.loop_vars[name], uses=frozenset([name]),
                            loop_var=name)
        b = self.scope.names.get(name)
        if b is None and name in self.scope.defines:
            d = self.scope.defines[name]
            if d.params:
                raise ExprError(f"'{name}' needs {len(d.params)} value{'s' if len(d.params) > 1 else ''} where it is "
                                "used", _col(tok), f"write {name}({', '.join(d.params)})")
            return self._expand(name, tok)
        if b is None:
            known = list(self.scope.names) + list(self.scope.loop_vars) + list(self.scope.defines)
            hint = self.scope.later.get(name) or self._own_hint(name) or did_you_mean(name, known)
            if "-" in name and not hint and any(part in known for part in name.split("-")):
                hint = "names may contain hyphens, so write subtraction with spaces: a - b"
            if name == "s" and not hint and "actor" in known:
                hint = ("s is a player given to the rule (a seat in a condition over each player); here the player "
                        "the rule is read for is actor: e.g. actor.hand.size")
            if name == "none" and not hint:
                hint = ("none is only compared (holder == none, a seat or card with no value); as a word it is "
                        "quoted: 'none'")
            raise ExprError(f"unknown name '{name}'", _col(tok), hint or f"known names: {one_of(known)}")
        self.uses.add(name)
        if b.is_const:
            return Compiled(lambda e, v=b.const: v, b.type, b.const, True, frozenset([name]))
        if name in self.params and self.scope.loop_vars:
            # a definition's parameter read inside the definition's own loops: the value given was written where
            # the definition is used, and its loops (a word looping over the seats as x) must not clobber these
            return Compiled(_keeping_all(b.getter, tuple(self.scope.loop_vars)), b.type, uses=frozenset([name]),
                            piles=b.piles)
        return Compiled(b.getter, b.type, uses=frozenset([name]), piles=b.piles)

    def _expand(self, name: str, tok) -> Compiled:
        """A definition used here: its closure compiled in this scope, once (`Definition.compiled`).

        Each use counts its size written out (`MAX_WRITTEN_OUT`): the closure is shared, but every use of it
        is evaluated, so a chain of definitions each using the next twice is refused, not run."""
        d = self.scope.defines[name]
        self._may_use(name, d, tok)
        self.defines_used.add(name)
        key, held = self._key(d)
        got = d.compiled.get(key)
        if got is None or (got.error is not None and got.names is not self.scope.names):
            got = d.compiled[key] = self._compile_definition(d, name, held)
        self.uses |= got.uses
        self.defines_used |= got.defines
        self.written[0] += d.size
        if got.error is None:
            return replace(got.out)        # a copy: a caller may wrap its fn (model.checked_int)
        if self.expanding:              # used inside another definition: say which one failed, innermost last
            raise ExprError(f"in '{name}': {got.error.message}", got.error.column, got.error.hint)
        raise ExprError(f"in definition '{name}' ({d.text!r}): {got.error.message}", _col(tok),
                        got.error.hint) from None

    def _may_use(self, name: str, d: Definition, tok) -> None:
        """A definition may be used here: not inside itself, and not past MAX_WRITTEN_OUT written out."""
        if name in self.expanding:
            chain = " -> ".join(self.expanding[self.expanding.index(name):] + [name])
            raise ExprError(f"definition '{name}' uses itself ({chain})", _col(tok))
        if self.written[0] + d.size > MAX_WRITTEN_OUT:
            raise ExprError(f"written out, the definitions this expression uses have more than "
                            f"{MAX_WRITTEN_OUT:,} nodes (here '{name}' adds {d.size:,})", _col(tok),
                            "each use of a definition counts in full: use it fewer times, or make it smaller")

    def _given(self, name: str, args: list[Compiled], tok) -> Compiled:
        """A definition given values (`higher(a, b)` for `higher: {params: [a, b], expr: ...}`): compiled here
        with each parameter bound to its value's closure, so it reads as the expression with the values
        written in (each use compiled anew: the values differ from use to use)."""
        d = self.scope.defines[name]
        if not d.params:
            raise ExprError(f"'{name}' is a definition without values", _col(tok), f"write {name}, not {name}(...)")
        if len(args) != len(d.params):
            raise ExprError(f"'{name}' takes {len(d.params)} value{'s' if len(d.params) > 1 else ''} "
                            f"({', '.join(d.params)}), not {len(args)}", _col(tok))
        self._may_use(name, d, tok)
        bound = {p: Binding(a.type, a.fn, a.const, a.is_const) for p, a in zip(d.params, args)}
        scope = self.scope.with_names(**bound)
        for p in d.params:               # a parameter hides a loop variable of the same name where it is used
            scope.loop_vars.pop(p, None)
        sub = Compiler(scope, self.text)
        sub.dead, sub.expanding, sub.written = self.dead, self.expanding, self.written
        sub.held = {**self.held, **{v: name for a in args for v in a.uses if v in self.scope.loop_vars}}
        sub.params = {**self.params, **dict.fromkeys(d.params, name)}
        self.expanding.append(name)
        try:
            out = sub.compile(d.tree)
        except ExprError as exc:
            if len(self.expanding) > 1:
                raise ExprError(f"in '{name}': {exc.message}", exc.column, exc.hint) from None
            raise ExprError(f"in definition '{name}' ({d.text!r}): {exc.message}", _col(tok), exc.hint) from None
        finally:
            self.expanding.pop()
        self.written[0] += d.size
        d.compiled.setdefault("given", None)     # used (and checked) here: no "never used" note
        self.defines_used |= sub.defines_used | {name}
        uses = frozenset(sub.uses - set(d.params)).union(*(a.uses for a in args))
        self.uses |= uses
        return replace(out, uses=uses, defines=out.defines | {name})

    def _key(self, d: Definition) -> tuple[tuple, tuple]:
        """What compiling `d` here depends on: the bindings and loop variables of the names it reads, the
        fields, how many loops enclose it, a ruled-out branch. And the objects whose ids the key holds."""
        held = tuple(self.scope.names.get(n) for n in d.reads)
        loops = self.scope.loop_vars
        key = (tuple(map(id, held)), tuple(loops.get(n) for n in d.reads), len(loops), self.scope.loop_work,
               id(self.scope.fields), self.dead > 0)
        return key, (held, self.scope.fields)

    def _compile_definition(self, d: Definition, name: str, held: tuple) -> "_Expansion":
        sub = Compiler(self.scope, self.text)
        sub.dead, sub.expanding, sub.held, sub.params = self.dead, self.expanding, self.held, self.params
        self.expanding.append(name)
        try:
            return _Expansion(held, self.scope.names, sub.compile(d.tree), frozenset(sub.uses),
                              frozenset(sub.defines_used))
        except ExprError as exc:
            return _Expansion(held, self.scope.names, None, frozenset(sub.uses), frozenset(sub.defines_used), exc)
        finally:
            self.expanding.pop()

    # fields and indexing
    def c_field(self, t):
        inner = self.compile(t.children[0])
        tok = t.children[1]
        name = str(tok)
        f = inner.fn
        if inner.type == CARDS and inner.zone_of is not None and name == "size":
            # `s.<zone>.size` over a loop seat, fused into one closure: it is the usual end test
            i, var = inner.zone_of
            return Compiled(lambda e: len(e.seat_zones[i][e.loc[var]]), INT, uses=inner.uses)
        arr = self.scope.fields.card_tables.get(name) if inner.from_top is not None else None
        if arr is not None:
            # `pile[k].rank`, fused into one closure: the usual shape of a slap pattern
            zone, k = inner.from_top
            return Compiled(lambda e: (arr[z[-k]] if len(z := zone(e)) >= k else None),
                            self.scope.fields.card[name][0], uses=inner.uses, top_field=(zone, k, arr))
        if inner.type == CARDS:
            got = _cards_field(name, f)
            known = CARDS_FIELDS
        elif inner.type == CARD:
            spec = self.scope.fields.card.get(name)
            arr = self.scope.fields.card_tables.get(name)
            if spec and arr is not None and f is CARD_BINDING.getter:
                # `card.value`, read at every combination a move's search tries: the card read in place
                got = (spec[0], lambda e: None if (c := e.card) is None else arr[c])
            else:
                got = (spec[0], spec[1](f)) if spec else None
            known = self.scope.fields.card
        elif inner.type == SEAT:
            spec = self.scope.fields.seat.get(name)
            got = (spec[0], spec[1](f) if inner.loop_var is not None else _seat_may_be_missing(spec, f)) \
                if spec else None
            known = self.scope.fields.seat
        else:
            piles = sorted(n[:-6] for n in self.scope.names if n.endswith("-cards") and n[:-6] in self.scope.names)
            base = t.children[0]
            pile = str(base.children[0]) if isinstance(base, Tree) and base.data == "name" and \
                str(base.children[0]) in piles else piles[0] if piles else None
            raise ExprError(f"a value of type {inner.type} has no fields ('.{name}')", _col(tok),
                            f"{pile} is the chosen pile's name, as text; its cards are {pile}-cards (and {pile}-top, "
                            f"{pile}-size)" if inner.type == STR and pile else None)
        if got is None:
            raise ExprError(f"{inner.type} has no field '{name}'", _col(tok),
                            did_you_mean(name, known) or f"{inner.type} fields: {one_of(known)}")
        zone_of = card_field = None
        if inner.type == SEAT and inner.loop_var is not None and name in self.scope.fields.seat_zones:
            zone_of = (self.scope.fields.seat_zones[name], inner.loop_var)
        if inner.type == CARD and inner.loop_var is not None and name in self.scope.fields.card_tables:
            card_field = (inner.loop_var, self.scope.fields.card_tables[name])
        return Compiled(got[1], got[0], uses=inner.uses, zone_of=zone_of, card_field=card_field)

    def c_index(self, t):
        inner = self.compile(t.children[0])
        idx = self.compile(t.children[1])
        if inner.type not in (CARDS, PILES):
            raise ExprError(f"only cards and a family of piles can be indexed, not {inner.type}", _col(t))
        if idx.type != INT:
            raise ExprError(f"an index must be an int, not {idx.type}", _col(t.children[1]))
        f, g = inner.fn, idx.fn
        if inner.type == PILES:
            return self._pile(inner, idx, t)
        if idx.is_const:
            k = idx.const
            if k < 1:
                raise ExprError("cards are counted from the top starting at 1 (pile[1] is the top card)",
                                _col(t.children[1]))
            return Compiled(lambda e: (z[-k] if len(z := f(e)) >= k else None), CARD, uses=inner.uses,
                            from_top=(f, k))

        def index(e):
            z = f(e)
            k = g(e)
            return z[-k] if k is not None and 1 <= k <= len(z) else None
        return Compiled(index, CARD, uses=inner.uses | idx.uses)

    def _pile(self, inner: Compiled, idx: Compiled, t) -> Compiled:
        """`down[3]`, `up[card.value]`: a family's pile by number, from 1; a number past the piles is an empty
        pile (as `pile[9]` of a shorter pile is no card)."""
        f, g = inner.fn, idx.fn
        if idx.is_const and idx.const < 1:
            raise ExprError("a family's piles are numbered from 1 ([1] is the first pile)", _col(t.children[1]))

        def pile(e):
            piles = f(e)
            k = g(e)
            return piles[k - 1] if k is not None and 1 <= k <= len(piles) else ()
        return Compiled(pile, CARDS, uses=inner.uses | idx.uses)

    # operators
    def c_neg(self, t):
        a = self._typed(t.children[0], INT)
        if a.is_const:
            return const(-a.const, INT)
        f = a.fn
        return Compiled(lambda e: None if (v := f(e)) is None else -v, INT, uses=a.uses)

    def c_arith(self, t):
        ch = t.children
        first = self.compile(ch[0])
        second = self.compile(ch[2]) if first.type == CARD and str(ch[1]) == "+" else None
        if first.type == CARDS or (second is not None and second.type in (CARD, CARDS)):
            return self._cards_together(ch, self._as(first, ch[0], CARDS), second)
        acc = self._as(first, ch[0], INT)
        for i in range(1, len(ch), 2):
            op = str(ch[i])
            rhs = self._as(second, ch[2], INT) if i == 1 and second is not None else self._typed(ch[i + 1], INT)
            acc = self._arith(op, acc, rhs, ch[i])
        return acc

    def _cards_together(self, ch: list, first: Compiled, second: Compiled | None = None) -> Compiled:
        """`s.down + s.up`, `s.hand[1] + s.hand[2]`: the cards of both, one cards value (the first's, then the
        next's on top: a loop, a count or best-hand reads them together); a single card is the cards it is.
        `actor.hand - card`, `s.hand - board`: the first's cards without those of the next (each card once)."""
        parts = [("+", first)]
        for i in range(1, len(ch), 2):
            if str(ch[i]) not in ("+", "-"):
                raise ExprError(f"cards are put together with + (or taken out with -), not {ch[i]}", _col(ch[i]),
                                "s.hand + board is the cards of both, s.hand - card the hand without it; to count, "
                                "take sizes: s.hand.size * 2")
            got = second if i == 1 and second is not None else self.compile(ch[i + 1])
            parts.append((str(ch[i]), self._as(got, ch[i + 1], CARDS)))
        uses = frozenset().union(*(p.uses for _, p in parts))
        if all(op == "+" for op, _ in parts):
            fns = tuple(p.fn for _, p in parts)
            if len(fns) == 2:
                f1, f2 = fns
                return Compiled(lambda e: [*f1(e), *f2(e)], CARDS, uses=uses)
            return Compiled(lambda e: [c for f in fns for c in f(e)], CARDS, uses=uses)
        steps = tuple((op == "+", p.fn) for op, p in parts)

        def cards(e):
            out: list = []
            for add, f in steps:
                if add:
                    out.extend(f(e))
                else:
                    for c in f(e):
                        if c in out:
                            out.remove(c)
            return out
        return Compiled(cards, CARDS, uses=uses)

    def _arith(self, op, a: Compiled, b: Compiled, tok) -> Compiled:
        fn = _ARITH[op]
        if op in ("//", "%") and b.is_const and b.const == 0 and not self.dead:
            raise ExprError("division by zero" + ("" if a.is_const else " (here the divisor is always 0)"),
                            _col(tok), "guard it: x // d if d != 0 else 0")
        if a.is_const and b.is_const and a.const is not None and b.const is not None and b.const != 0:
            v = fn(a.const, b.const)
            if abs(v) <= MAX_VALUE:
                return const(v, INT)
            if not self.dead:
                raise ExprError(f"number too large (the limit is {MAX_VALUE:,})", _col(tok))
        fa, fb = a.fn, b.fn
        if op in ("//", "%"):
            def run(e):
                x, y = fa(e), fb(e)
                return None if x is None or y is None or y == 0 else fn(x, y)
        else:
            def run(e):
                x, y = fa(e), fb(e)
                return None if x is None or y is None else fn(x, y)
        return Compiled(run, INT, uses=a.uses | b.uses)

    def c_compare(self, t):
        op = " ".join(str(t.children[1]).split())
        if op in ("==", "!=") and (self._is_none(t.children[0]) or self._is_none(t.children[2])):
            return self._compare_none(t, op)
        a = self.compile(t.children[0])
        b = self.compile(t.children[2])
        if op in ("in", "not in") and (a.type, b.type) in ((SEAT, SEATS), (CARD, CARDS)):
            fa, fb, want = a.fn, b.fn, op == "in"      # a seat among seats (s.team-seats), a card among cards
            return Compiled(lambda e: (x := fa(e)) is not None and (x in fb(e)) == want, BOOL, uses=a.uses | b.uses)
        if op in ("in", "not in") and b.type == PILES and b.piles and a.type == STR:
            b = const(frozenset(b.piles), LIST)       # a chosen pile's name among a family's (`dest in corner`)
        if op in ("in", "not in"):
            if b.type != LIST:
                raise ExprError(f"'in' needs a list such as ['J', 'Q'], seats or cards, not {b.type}",
                                _col(t.children[2]), "a chosen pile is in a family of the table when its name is: "
                                "dest in corner" if b.type == PILES else None)
            s = b.const
            fa = a.fn
            if a.is_const:
                return const((a.const in s) == (op == "in"), BOOL)
            if op == "in":
                return Compiled(lambda e: fa(e) in s, BOOL, uses=a.uses)
            return Compiled(lambda e: (v := fa(e)) is not None and v not in s, BOOL, uses=a.uses)
        if a.type != b.type:
            contract = "contract" in (a.uses | b.uses) and {a.type, b.type} == {BOOL, INT}
            raise ExprError(f"cannot compare {a.type} with {b.type}", _col(t.children[1]),
                            "contract is yes or no (a bid stands); the number bid is high-bid (high-bid >= 3)"
                            if contract else _compare_hint(a.type, b.type))
        if op in ("<", ">", "<=", ">=") and a.type != INT:
            raise ExprError(f"'{op}' compares numbers, not {a.type}", _col(t.children[1]))
        fn = _COMPARE[op]
        if a.is_const and b.is_const:
            return const(a.const is not None and b.const is not None and fn(a.const, b.const), BOOL)
        if op in ("==", "!=") and a.top_field and b.top_field and a.top_field[0] is b.top_field[0]:
            return self._compare_on_top(op, a, b)
        fa, fb = a.fn, b.fn
        if b.is_const and b.const is not None:
            v = b.const
            if op == "==":
                return Compiled(lambda e: fa(e) == v, BOOL, uses=a.uses)
            if op == "!=":
                return Compiled(lambda e: (x := fa(e)) is not None and x != v, BOOL, uses=a.uses)
            # one closure per operator: no operator-function call on the per-card path
            run = {"<": lambda e: (x := fa(e)) is not None and x < v,
                   ">": lambda e: (x := fa(e)) is not None and x > v,
                   "<=": lambda e: (x := fa(e)) is not None and x <= v,
                   ">=": lambda e: (x := fa(e)) is not None and x >= v}[op]
            return Compiled(run, BOOL, uses=a.uses)

        if op == "==":                          # the usual operators inline: no operator call per evaluation
            def cmp(e):
                x = fa(e)
                if x is None:
                    return False
                y = fb(e)
                return y is not None and x == y
        elif op == "!=":
            def cmp(e):
                x = fa(e)
                if x is None:
                    return False
                y = fb(e)
                return y is not None and x != y
        else:
            def cmp(e):
                x = fa(e)
                if x is None:
                    return False
                y = fb(e)
                return y is not None and fn(x, y)
        return Compiled(cmp, BOOL, uses=a.uses | b.uses, compared=(op, a, b, t.children[0], t.children[2]))

    def _reads_freely(self, tree, var: str, seen: frozenset = frozenset()) -> bool:
        """Does `tree`, compiled here, read the loop variable `var` of this scope's loop over it (through the
        definitions it uses too)? Not where an inner loop binds a variable of the same name (`sum(x.value for
        x in picked)` inside a loop over x reads the inner x alone)."""
        tree = unwrap(tree)
        if not isinstance(tree, Tree):
            return False
        if tree.data == "name":
            n = str(tree.children[0])
            if n == var:
                return True
            if n in self.scope.loop_vars or n in self.scope.names or n not in self.scope.defines or n in seen:
                return n in seen        # a definition met again on its own path: read it as reading var
            return self._reads_freely(self.scope.defines[n].tree, var, seen | {n})
        if tree.data == "aggregate":
            _, body, var_tok, coll = tree.children[:4]
            if str(var_tok) == var:
                return self._reads_freely(coll, var, seen)
        return any(self._reads_freely(c, var, seen) for c in tree.children if isinstance(c, Tree))

    def _is_none(self, tree) -> bool:
        """`none` written bare, where no name of the file or the language is called that."""
        tree = unwrap(tree)
        return (isinstance(tree, Tree) and tree.data == "name" and str(tree.children[0]) == "none"
                and "none" not in self.scope.names and "none" not in self.scope.loop_vars
                and "none" not in self.scope.defines)

    def _compare_none(self, t, op: str) -> Compiled:
        """`holder == none` / `!= none`: a seat or a card with no value yet (a tracked one not set)."""
        none_left = self._is_none(t.children[0])
        other = t.children[2] if none_left else t.children[0]
        if self._is_none(other):
            return const(op == "==", BOOL)
        c = self.compile(other)
        if c.type not in (SEAT, CARD):
            raise ExprError(f"only a seat or a card may be none (no value), not {c.type}", _col(t.children[1]),
                            "a word compares with 'none' in quotes (order-up == 'none')" if c.type == STR else None)
        fn = c.fn
        if op == "==":
            return Compiled(lambda e: fn(e) is None, BOOL, uses=c.uses)
        return Compiled(lambda e: fn(e) is not None, BOOL, uses=c.uses)

    def _keyed(self, kind: str, body: Compiled, var: str, vtype: str, cards_of) -> Callable[[Any], Any] | None:
        """`_keyed_loop` for a body over a card that reads besides it only constants and names holding one value
        each (a number, a word, a card: `x.rank == rank and x.suit == suit`); None for any other."""
        if vtype != CARD or body.is_const or var not in body.uses:
            return None
        getters = []
        for n in sorted(body.uses - {var}):
            if n in self.scope.loop_vars:
                if self.scope.loop_vars[n] != CARD:
                    return None
                getters.append((lambda k: lambda e: e.loc[k])(n))
                continue
            b = self.scope.names.get(n)
            if b is None:
                return None
            if b.is_const:
                continue
            if b.type not in _ONE_VALUE or b.getter is None:
                return None
            getters.append(b.getter)
        if not getters:
            return None
        return _keyed_loop(kind, body.fn, var, tuple(getters), cards_of,
                           len(self.scope.fields.card_tables.get("name", ())))

    @staticmethod
    def _compare_on_top(op: str, a: Compiled, b: Compiled) -> Compiled:
        """`pile[1].rank == pile[2].rank` in one closure (the usual slap pattern); same meaning as cmp."""
        zone, k1, arr1 = a.top_field
        _, k2, arr2 = b.top_field
        kmax = max(k1, k2)
        if op == "==":
            def run(e):
                z = zone(e)
                return len(z) >= kmax and (x := arr1[z[-k1]]) is not None and \
                    (y := arr2[z[-k2]]) is not None and x == y
        else:
            def run(e):
                z = zone(e)
                return len(z) >= kmax and (x := arr1[z[-k1]]) is not None and \
                    (y := arr2[z[-k2]]) is not None and x != y
        return Compiled(run, BOOL, uses=a.uses | b.uses)

    def _typed(self, node, type_: str) -> Compiled:
        return self._as(self.compile(node), node, type_)

    def _as(self, c: Compiled, node, type_: str) -> Compiled:
        """`c`, compiled from `node`, as a value of `type_` (one card read as the cards it is), else an error."""
        if c.type == CARD and type_ == CARDS:    # one card where cards are read: the cards it is (none if missing)
            f = c.fn
            return Compiled(lambda e: () if (x := f(e)) is None else (x,), CARDS, uses=c.uses, defines=c.defines)
        if c.type != type_:
            raise ExprError(f"expected {type_} here, got {c.type}", _col(node),
                            "a card is not a number: read one of its values (card.value, card.order), or put cards "
                            "together with + (a + b)" if c.type == CARD and type_ == INT else None)
        return c

    def c_not_(self, t):
        a = self._typed(t.children[0], BOOL)
        if a.is_const:
            return const(not a.const, BOOL)
        f = a.fn
        return Compiled(lambda e: not f(e), BOOL, uses=a.uses)

    def c_and_(self, t):
        return self._chain(t, all, False)

    def c_or_(self, t):
        return self._chain(t, any, True)

    def _chain(self, t, agg, decisive: bool) -> Compiled:
        """`and` (agg=all, a false part decides) or `or` (agg=any, a true part decides), short-circuiting."""
        parts: list[Compiled] = []
        for c in t.children:
            decided = any(p.is_const and p.const == decisive for p in parts)
            self.dead += decided
            try:
                parts.append(self._typed(c, BOOL))
            finally:
                self.dead -= decided
        if any(p.is_const and p.const == decisive for p in parts):
            return const(decisive, BOOL)
        parts = [p for p in parts if not p.is_const]
        if not parts:
            return const(not decisive, BOOL)
        fns = tuple(p.fn for p in parts)
        uses = frozenset().union(*(p.uses for p in parts))
        if len(fns) == 1:
            return Compiled(fns[0], BOOL, uses=uses)
        if len(fns) == 2:
            f1, f2 = fns
            if agg is all:
                return Compiled(lambda e: f1(e) and f2(e), BOOL, uses=uses)
            return Compiled(lambda e: f1(e) or f2(e), BOOL, uses=uses)
        if agg is all:
            def run(e):
                for f in fns:
                    if not f(e):
                        return False
                return True
        else:
            def run(e):
                for f in fns:
                    if f(e):
                        return True
                return False
        return Compiled(run, BOOL, uses=uses)

    def c_cond(self, t):
        a, c, b = t.children  # a if c else b
        cc = self._typed(c, BOOL)
        ca = self.compile_dead(a, cc.is_const and not cc.const)
        cb = self.compile_dead(b, cc.is_const and bool(cc.const))
        if ca.type != cb.type:
            raise ExprError(f"both branches of 'if' must have one type, got {ca.type} and {cb.type}", _col(b))
        if cc.is_const:
            return ca if cc.const else cb
        fa, fc, fb = ca.fn, cc.fn, cb.fn
        return Compiled(lambda e: fa(e) if fc(e) else fb(e), ca.type, uses=ca.uses | cc.uses | cb.uses)

    def c_call(self, t):
        tok = t.children[0]
        name = str(tok)
        if name in exprwords.NAMES:         # seat words and pile helpers (lang/expr/words.py)
            return exprwords.compile_word(self, name, [c for c in t.children[1:] if c is not None], tok)
        args = [self.compile(c) for c in t.children[1:] if c is not None]
        if name in self.scope.defines and name not in self.scope.names:
            return self._given(name, args, tok)
        if all(a.is_const for a in args) and args and all(a.type == INT for a in args) and (
                (name == "abs" and len(args) == 1) or (name in ("max", "min") and len(args) >= 2)):
            vals = [a.const for a in args]          # options and numbers only: fold now, like any operator
            if None not in vals:
                return const(abs(vals[0]) if name == "abs" else (max if name == "max" else min)(vals), INT)
        if name == "abs" and len(args) == 1 and args[0].type == INT:
            f = args[0].fn
            return Compiled(lambda e: None if (v := f(e)) is None else abs(v), INT, uses=args[0].uses)
        if name in ("max", "min") and len(args) >= 2 and all(a.type == INT for a in args):
            fns = [a.fn for a in args]
            agg = max if name == "max" else min

            def pick(e):                            # a missing value is left out: max(0, max(... if ...)) is 0
                vals = [v for f in fns if (v := f(e)) is not None]        # when nothing is kept (t43)
                return agg(vals) if vals else None
            return Compiled(pick, INT, uses=frozenset().union(*(a.uses for a in args)))
        close = difflib.get_close_matches(name, list(exprwords.USAGE), n=1, cutoff=0.6)
        if name in ("len", "size", "length"):
            raise ExprError(f"unknown function '{name}'", _col(tok), "how many cards a zone or a set holds is "
                            "its field .size: actor.hand.size, picked.size; count(... for x in ...) counts others")
        raise ExprError(f"unknown function '{name}' for these arguments", _col(tok),
                        f"did you mean {exprwords.USAGE[close[0]]}?" if close else
                        "functions: abs, max, min; count/sum/max/min/any/all/first (x for x in ...); "
                        + "; ".join(f"{group}: {', '.join(names)}" for group, names in exprwords.GROUPS.items()))

    def _loop_size(self, c: Compiled, listed) -> int:
        """The most values a loop over `c` visits: a list's length, the players (64 when they vary), the
        deck's cards, a family's piles (60 at most)."""
        if listed is not None:
            return len(listed)
        if c.type == SEATS:
            players = self.scope.names.get("players")
            return players.const if players is not None and players.is_const else 64
        if c.type == PILES:
            return 60
        return len(self.scope.fields.card_tables.get("name", ())) or 1

    def c_aggregate(self, t):
        kind_tok, body, var_tok, coll, *only = t.children     # only: `... for x in xs if COND`
        kind = str(kind_tok)
        var = str(var_tok)
        c = self.compile(coll)
        listed = None
        if c.type == CARDS:
            vtype = CARD
        elif c.type == SEATS:
            vtype = SEAT
        elif c.type == LIST and c.is_const and c.const:
            listed, vtype = _listed(c.const, kind, var, coll)
        elif c.type == PILES:                     # a family of piles: each pile's cards in turn
            vtype = CARDS
        else:
            raise ExprError(f"'{kind}(... for {var} in ...)' needs cards, seats, piles or a list of values, not "
                            f"{'an empty list' if c.type == LIST else c.type}", _col(coll))
        owner = self.params.get(var)          # a parameter of a definition this loop's own definition is used in
        if var in self.scope.names and (owner is None or self.expanding[-1:] == [owner]):
            raise ExprError(f"'{var}' is already a name here; choose another loop variable", _col(var_tok))
        work = self.scope.loop_work * self._loop_size(c, listed)
        depth = len(self.scope.loop_vars) + 1
        if depth > MAX_AGG_NESTING and (depth > MAX_AGG_NESTING + 2 or work > MAX_LOOP_WORK):
            raise ExprError(f"'{kind}(... for ...)' nested {depth} deep (with the definitions it is written in), "
                            f"up to {work:,} steps each time it is read; past {MAX_AGG_NESTING} deep the limit is "
                            f"{MAX_LOOP_WORK:,} steps and 4 deep", _col(kind_tok),
                            "loop over fewer things (a list of suits, the seats), or keep the inner value in a "
                            "tracked value or counter (set: ...) and read that")
        inner_scope = Scope(self.scope.names, self.scope.fields, {**self.scope.loop_vars, var: vtype},
                            self.scope.defines, self.scope.later, work)
        sub = Compiler(inner_scope, self.text)
        sub.expanding, sub.defines_used, sub.written, sub.held = self.expanding, self.defines_used, self.written, \
            self.held
        sub.params = self.params
        b = sub.compile(body)
        if var in self.held:             # a loop over the name of the caller's loop variable a word was given
            owner = self.held[var]
            if any(p in b.uses for p, d in self.params.items() if d == owner and p != var):
                raise ExprError(f"'{var}' is a loop variable where '{owner}' is used, and the value given to "
                                f"it reads that '{var}': its own loop over '{var}' would hide it", _col(var_tok),
                                f"name the loop variable differently, here or where '{owner}' is used")
        want = BOOL if kind in ("count", "any", "all") else b.type if kind == "first" else CARD if kind == "cards" \
            else INT
        if b.type != want:
            raise ExprError(f"{kind}(...) needs a {want} expression before 'for', got {b.type}", _col(body))
        fb, fc = b.fn, c.fn
        if listed is not None:                    # a list of values: each in turn, in the order written
            fc = lambda e: listed                 # noqa: E731
        if only:
            keep = sub.compile(only[0])
            if keep.type != BOOL:
                raise ExprError(f"{kind}(... for {var} in ... if ...) needs a true/false condition after 'if', "
                                f"got {keep.type}", _col(only[0]))
            b = _kept(kind, b, keep)
            fb = b.fn
        self.uses |= sub.uses
        if kind == "cards":                       # the cards kept, in the collection's order (a filter)
            values = _values(fb, var, fc)
            fn = lambda e: list(values(e))        # noqa: E731
            if var in self.scope.loop_vars or var in self.held:
                fn = _keeping(fn, var)
            return Compiled(fn, CARDS, uses=c.uses | b.uses)
        if kind == "first":                       # the value of the first one (kept): a seat, a card, a number...
            fn = _first(fb, var, fc)
            if var in self.scope.loop_vars or var in self.held:
                fn = _keeping(fn, var)
            return Compiled(fn, want, uses=c.uses | b.uses)
        if vtype == CARD and b.uses == frozenset([var]) and not b.is_const:
            cards = len(self.scope.fields.card_tables.get("name", ()))
            fn = _tabulated(kind, b.fn, var, fc, cards)
            if fn is not None:
                return Compiled(fn, want if kind != "count" else INT, uses=c.uses | b.uses,
                                every=_every(kind, coll, b.fn, var, cards))
        if kind in ("count", "any", "all"):
            fn = self._keyed(kind, b, var, vtype, fc) or _hoisted(kind, b, var, fc, self._reads_freely) \
                or _judged(kind, fb, var, fc)
        else:
            values = _values(fb, var, fc)
            if kind == "sum":
                fn = lambda e: sum(values(e))
            else:
                agg = max if kind == "max" else min
                fn = lambda e: agg(values(e), default=None)
        if var in self.scope.loop_vars or var in self.held:     # the caller's value of the name comes back after
            fn = _keeping(fn, var)
        return Compiled(fn, want if kind != "count" else INT, uses=c.uses | b.uses)


def _every(kind: str, coll, body: Callable[[Any], Any], var: str, cards: int) -> tuple | None:
    """`Compiled.every` of `all(BODY for var in NAME)` over a name (BODY reads its card alone): what a set of cards
    chosen as NAME must hold card by card, so its sets can be listed from the cards that pass (kinds/turns)."""
    tree = unwrap(coll)
    if kind != "all" or not isinstance(tree, Tree) or tree.data != "name":
        return None
    return str(tree.children[0]), tuple(1 if v else 0 for v in per_card_values(body, cards, var))


def _values(body: Callable[[Any], Any], var: str, items: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """values(e): the body's values for the items in turn, each bound as `var` (a value left out: None)."""
    def values(e):
        loc = e.loc
        for x in items(e):
            loc[var] = x
            v = body(e)
            if v is not None:
                yield v
    return values


def _first(body: Callable[[Any], Any], var: str, items: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """first(body for var in items [if ...]): the body's value for the first item that gives one (None: none)."""
    values = _values(body, var, items)
    return lambda e: next(values(e), None)


def _kept(kind: str, body: Compiled, only: Compiled) -> Compiled:
    """The body of `kind(body for x in xs if only)` as the plain loop reads it: a value left out counts for
    nothing (count and any: false; all: true; sum, max, min: no value), and the condition is read first. It
    reads what both read (a loop judged card by card, or remembered per card, must see the condition too)."""
    fn, keep = body.fn, only.fn
    if kind in ("count", "any"):
        judged = lambda e: bool(keep(e)) and fn(e)          # noqa: E731
    elif kind == "all":
        judged = lambda e: not keep(e) or fn(e)             # noqa: E731
    else:
        judged = lambda e: fn(e) if keep(e) else None       # noqa: E731
    return Compiled(judged, body.type, uses=body.uses | only.uses)


def _listed(values, kind: str, var: str, coll) -> tuple[tuple, str]:
    """A literal list looped over (`all(holds(r) for r in ['A', '10', 'K'])`): its values in a fixed order
    (numbers, then words, each ascending: a list is a set of values) and their type, one type only."""
    types = {INT if isinstance(v, int) else STR for v in values}
    if len(types) > 1:
        raise ExprError(f"'{kind}(... for {var} in [...])' needs a list of numbers or of words, not both", _col(coll))
    return tuple(sorted(values)), types.pop()


def _judged(kind: str, body: Callable[[Any], Any], var: str, cards: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """count/any/all(body for var in cards), judged card by card (any and all stop at the first that decides)."""
    if kind == "count":
        def count(e):
            loc, n = e.loc, 0
            for x in cards(e):
                loc[var] = x
                if body(e):
                    n += 1
            return n
        return count
    want_true = kind == "any"

    def first(e):
        loc = e.loc
        for x in cards(e):
            loc[var] = x
            if bool(body(e)) == want_true:
                return want_true
        return not want_true
    return first


def _keyed_loop(kind: str, body: Callable[[Any], Any], var: str, getters: tuple, cards_of: Callable[[Any], Any],
                cards: int) -> Callable[[Any], Any]:
    """count/any/all over cards of a body that reads its card and names holding one value each: the body's truth
    per card kept per combination of those values (as `CardRule` does for a per-card rule), each card's worked
    out the first time the loop reaches it, so a loop never judges more cards, nor in another order, than
    the general loop does. Values that cannot be read here leave the loop to the general loop."""
    memo: dict = {}
    want_true = kind == "any"
    loop = _judged(kind, body, var, cards_of)
    key_of = _key_of(getters)

    def table_of(e):
        key = key_of(e)
        table = memo.get(key)
        if table is None:
            table = [None] * cards
            if len(memo) < 4096:
                memo[key] = table
        return table

    def run(e):
        held = cards_of(e)
        if not held:
            return loop(e)                 # none: nothing to judge (or not cards at all: as the loop fails)
        try:
            table = table_of(e)
        except Exception:                  # a value that cannot be read here: as the loop reads it, card by card
            return loop(e)
        loc = e.loc
        if kind == "count":
            n = 0
            for x in held:
                v = table[x]
                if v is None:
                    loc[var] = x
                    v = table[x] = 1 if body(e) else 0
                n += v
            return n
        for x in held:
            v = table[x]
            if v is None:
                loc[var] = x
                v = table[x] = 1 if body(e) else 0
            if (v == 1) == want_true:
                return want_true
        return not want_true
    return run


def _key_of(getters: tuple) -> Callable[[Any], Any]:
    """The values `getters` read, as one dict key: the value itself for one (the usual case: `rank`), a pair for
    two, no list built per evaluation."""
    if len(getters) == 1:
        return getters[0]
    if len(getters) == 2:
        g1, g2 = getters
        return lambda e: (g1(e), g2(e))
    return lambda e: tuple([g(e) for g in getters])


def _hoisted(kind: str, body: Compiled, var: str, cards: Callable[[Any], Any],
             reads: Callable[[Any, str], bool]) -> Callable[[Any], Any] | None:
    """`count/any/all(x.FIELD OP VALUE for x in CARDS)` (or `VALUE OP x.FIELD`) where VALUE does not read `x`:
    VALUE worked out once, where the loop first needs it (as the loop would: where the first card has the
    field), not again for every card (`any(x.value == card.value + sum(...) for x in actor.hand)`). The
    loop's meaning, to the order in which things are evaluated; None for any other body."""
    if body.compared is None:
        return None
    op, a, b, tree_a, tree_b = body.compared
    if a.card_field is not None and a.card_field[0] == var and (var not in b.uses or not reads(tree_b, var)):
        arr, other, card_left = a.card_field[1], b.fn, True
    elif b.card_field is not None and b.card_field[0] == var and (var not in a.uses or not reads(tree_a, var)):
        arr, other, card_left = b.card_field[1], a.fn, False
    else:
        return None
    if card_left and op == "==":             # the usual shape, as one plain loop
        return _hoisted_equal(kind, var, arr, other, cards)
    cmp = _COMPARE[op]
    if card_left:
        # per card: the card's field (missing: false), then VALUE (missing: false), then the comparison
        def test_each(e):
            loc, y, have = e.loc, None, False
            for x in cards(e):
                loc[var] = x
                xv = None if x is None else arr[x]
                if xv is None:
                    yield False
                    continue
                if not have:
                    y, have = other(e), True
                yield y is not None and cmp(xv, y)
    else:
        # per card: VALUE first (missing: false), then the card's field
        def test_each(e):
            loc, y, have = e.loc, None, False
            for x in cards(e):
                loc[var] = x
                if not have:
                    y, have = other(e), True
                if y is None:
                    yield False
                    continue
                xv = None if x is None else arr[x]
                yield xv is not None and cmp(y, xv)
    if kind == "count":
        return lambda e: sum(test_each(e))
    if kind == "any":
        return lambda e: any(test_each(e))
    return lambda e: all(test_each(e))


def _hoisted_equal(kind: str, var: str, arr: list, other: Callable[[Any], Any],
                   cards: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`_hoisted` for `x.FIELD == VALUE`: per card its field (missing: false), VALUE worked out at the first
    card that has the field (missing: false), then the comparison."""
    if kind == "any":
        def run(e):
            loc, y, have = e.loc, None, False
            for x in cards(e):
                loc[var] = x
                xv = None if x is None else arr[x]
                if xv is None:
                    continue
                if not have:
                    y, have = other(e), True
                if y is not None and xv == y:
                    return True
            return False
    elif kind == "all":
        def run(e):
            loc, y, have = e.loc, None, False
            for x in cards(e):
                loc[var] = x
                xv = None if x is None else arr[x]
                if xv is None:
                    return False
                if not have:
                    y, have = other(e), True
                if y is None or xv != y:
                    return False
            return True
    else:
        def run(e):
            loc, y, have, n = e.loc, None, False, 0
            for x in cards(e):
                loc[var] = x
                xv = None if x is None else arr[x]
                if xv is None:
                    continue
                if not have:
                    y, have = other(e), True
                if y is not None and xv == y:
                    n += 1
            return n
    return run


def _keeping(fn: Callable[[Any], Any], var: str) -> Callable[[Any], Any]:
    """A loop inside a loop over the same variable (often through a definition: `all(x.put == stake for x in
    seats)` where `stake` is `max(x.put for x in seats)`): the outer loop's value of the variable comes back
    after the inner loop, as in a language with scopes."""
    def run(e):
        loc = e.loc
        keep = loc.get(var)
        try:
            return fn(e)
        finally:
            loc[var] = keep
    return run


def _keeping_all(fn: Callable[[Any], Any], names: tuple[str, ...]) -> Callable[[Any], Any]:
    """`_keeping` for several loop variables at once: the loops' values as they were after `fn`."""
    def run(e):
        loc = e.loc
        keep = [loc.get(n) for n in names]
        try:
            return fn(e)
        finally:
            for n, v in zip(names, keep):
                loc[n] = v
    return run


@dataclass
class _Expansion:
    """A definition compiled in one scope (or the error it gave), kept on the Definition; `held` keeps alive
    the objects whose ids its key holds, `names` the scope an error's hint was written for."""
    held: tuple
    names: dict
    out: Compiled | None
    uses: frozenset
    defines: frozenset
    error: ExprError | None = None



_ONE_VALUE = frozenset([INT, BOOL, STR, CARD])     # a name of these types is one hashable value, and reads nothing more
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod}
_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt, "<=": operator.le,
            ">=": operator.ge}


def checked_int(fn: Callable[[Any], Any], fault: Callable[[Any], Exception]) -> Callable[[Any], int]:
    """`fn` where a setting needs an int: a missing value or one beyond +-MAX_VALUE raises `fault(value)`.

    One comparison per evaluation, on the value a setting takes (a score, a count), not on every operator:
    inside one expression of at most MAX_EXPR_CHARS characters values stay small enough to compute.
    """
    def run(e):
        v = fn(e)
        if v is None or not -MAX_VALUE <= v <= MAX_VALUE:
            raise fault(v)
        return v
    return run


def compile_expr(text: str, scope: Scope, want: str | tuple[str, ...] | None = None) -> Compiled:
    """Parse and compile `text`; raise ExprError on parse or type errors."""
    if not isinstance(text, str):
        text = str(text)
    return compile_tree(parse(text), text, scope, want)


def compile_tree(tree, text: str, scope: Scope, want: str | tuple[str, ...] | None = None) -> Compiled:
    """A node of `text`'s parse tree compiled as `compile_expr` compiles the whole (a part of a condition
    judged apart: kinds/turns/stages.py); raise ExprError on type errors."""
    comp = Compiler(scope, text)
    try:
        out = comp.compile(tree)
    except RecursionError:
        raise ExprError("expression nested too deeply") from None
    if want is not None:
        wants = (want,) if isinstance(want, str) else want
        if out.type not in wants:
            raise ExprError(f"this expression gives {out.type}, but {' or '.join(wants)} is expected here", 1)
    out.uses = frozenset(comp.uses) | out.uses
    out.defines = frozenset(comp.defines_used)
    return out


def _compare_hint(a: str, b: str) -> str | None:
    """What a comparison of two kinds usually meant (a seat against its number, a card against its rank)."""
    kinds = {a, b}
    if kinds == {SEAT, INT}:
        return "a seat compares with a seat (actor == dealer); its number is s.index, counting from 0 (actor.index == 0)"
    if kinds == {CARD, STR}:
        return "compare a card's field with the text: card.rank == 'K', card.suit == 'H', card.name == 'KH'"
    if kinds == {STR, INT}:
        return "ranks and suits are text in quotes (card.rank == '3'); a number compares with a number (card.value == 3)"
    if kinds == {SEAT, STR}:
        return "seats are not named by text: compare with a seat (dealer, left-of(actor)) or use s.index"
    return None

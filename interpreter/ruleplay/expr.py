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

import operator
import os
import stat
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Callable

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .errors import did_you_mean, one_of
from .resources import data_dir

MAX_EXPR_CHARS = 2000
MAX_EXPR_DEPTH = 60
MAX_AGG_NESTING = 2      # count(... count(... for c in pile) ... for s in seats): each level may loop over every card
MAX_VALUE = 10**9        # every int a setting takes lies within +-MAX_VALUE (a runaway score stops with an error)
MAX_WRITTEN_OUT = 20_000  # nodes of a definition, or of the definitions one expression uses, written out in full
MAX_WRITTEN_DEPTH = 250  # nesting of a definition written out (an expression nests at most 60 more)

# Types. Kept as short strings so messages can say them.
INT, BOOL, STR, CARD, CARDS, SEAT, SEATS = "int", "bool", "str", "card", "cards", "seat", "seats"
LIST = "list"  # a literal list of ints/strs, for `in`


class ExprError(Exception):
    """A problem in one expression; `column` counts from 1 inside the expression text."""

    def __init__(self, message: str, column: int = 1, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.column = column
        self.hint = hint


def parser_cache_file() -> str | bool:
    """Where lark keeps the analysed grammar between runs (building it is most of start-up), or False.

    The file is a pickle, so it is used only inside a directory this user owns that nobody else may
    write to: $XDG_CACHE_HOME/ruleplay (default ~/.cache/ruleplay), made with mode 0700. Lark checks a
    hash of the grammar, its options and its own version in the file and rebuilds when they differ."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "ruleplay")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        st = os.lstat(folder)
    except OSError:
        return False
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o022:
        return False
    return os.path.join(folder, "expr-grammar.lark-cache")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = (data_dir("schema") / "expr.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=False,
                cache=parser_cache_file())


@lru_cache(maxsize=4096)
def parse(text: str) -> Tree:
    if len(text) > MAX_EXPR_CHARS:
        raise ExprError(f"expression too long ({len(text)} characters; the limit is {MAX_EXPR_CHARS})")
    try:
        tree = _parser().parse(text)
    except UnexpectedCharacters as exc:
        char = text[exc.pos_in_stream]
        if char in "'\"":
            closed = char in text[exc.pos_in_stream + 1:].split("\n")[0]
            raise ExprError("a string has at most 200 characters" if closed else
                            f"a quoted string is not closed: this {char} has no closing {char}", exc.column,
                            None if closed else f"end the string with {char}") from None
        raise ExprError(f"unexpected character {char!r}", exc.column,
                        "names may contain hyphens, so write subtraction with spaces: a - b"
                        if char == "-" else None) from None
    except UnexpectedEOF:
        raise ExprError("the expression ends too early", len(text) + 1) from None
    except UnexpectedToken as exc:
        tok = exc.token
        expected = _expected_words(exc)
        if tok.type == "$END":
            raise ExprError("the expression ends too early", len(text) + 1, expected) from None
        start = getattr(tok, "start_pos", None)
        if tok.type == "INT" and start and text[start - 1].isdigit():     # 1000000000 lexes as 100000000, 0
            first = len(text[:start].rstrip("0123456789")) + 1
            raise ExprError("a number has at most 9 digits", first) from None
        raise ExprError(f"unexpected {tok.value!r}", getattr(tok, "column", 1), expected) from None
    except UnexpectedInput as exc:
        raise ExprError("cannot parse the expression", getattr(exc, "column", 1)) from None
    except RecursionError:
        raise ExprError("expression nested too deeply") from None
    _check_depth(tree)
    return tree


# The grammar's terminals, as a person reads them in "expected ..." (never AGG, LPAR, ...).
_VALUE_STARTS = {"INT", "STRING", "TRUE", "FALSE", "AGG", "MINUS", "NOT"}
_OPERATORS = {"ADDOP", "MULOP", "COMP", "AND", "OR", "IF", "DOT"}
_PUNCTUATION = {"RPAR": "')'", "RSQB": "']'", "COMMA": "','", "ELSE": "'else'", "FOR": "'for'", "IN": "'in'"}


def _expected_words(exc: UnexpectedToken) -> str | None:
    """What the parser would have accepted where it stopped, in words: 'expected an operator or ')''."""
    try:
        accepts = set(exc.interactive_parser.accepts())
    except Exception:                      # noqa: BLE001 - a hint only; lark's own list is the fallback
        accepts = set(exc.expected)
    words = []
    if accepts & _VALUE_STARTS:
        words.append("a value, a name or '('")
    elif "NAME" in accepts:
        words.append("a name")
    if accepts & _OPERATORS:
        words.append("an operator")
    words += [w for t, w in _PUNCTUATION.items() if t in accepts]
    if not words:
        return None
    return "expected " + (words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1])


def _check_depth(tree: Tree) -> None:
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_EXPR_DEPTH:
            raise ExprError(f"expression nested deeper than {MAX_EXPR_DEPTH} levels", _col(node))
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, depth + 1))


def _col(node) -> int:
    if isinstance(node, Token):
        return node.column or 1
    meta = getattr(node, "meta", None)
    return getattr(meta, "column", 1) if meta and not meta.empty else 1


# --------------------------------------------------------------------------- scopes

@dataclass
class Binding:
    type: str
    getter: Callable[[Any], Any] | None = None
    const: Any = None
    is_const: bool = False


@dataclass
class Fields:
    """What `.name` means on each type: name -> (result type, maker(inner_fn) -> fn)."""

    card: dict[str, tuple[str, Callable]] = field(default_factory=dict)
    seat: dict[str, tuple[str, Callable]] = field(default_factory=dict)
    seat_zones: dict[str, int] = field(default_factory=dict)   # seat field -> Table.seat_zones index
    card_tables: dict[str, list] = field(default_factory=dict)  # card field -> its per-card list


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


def definitions(specs: dict[str, tuple[str, str, Tree]]) -> dict[str, Definition]:
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
    return {n: Definition(text, tree, tuple(sorted(reads.get(n, ()))), *shapes[n], desc)
            for n, (text, desc, tree) in specs.items()}


def value_names(tree: Tree) -> set[str]:
    """The names an expression reads as values (where a definition is put in): not `x.size`'s field, nor a
    function's name."""
    return {str(t.children[0]) for t in tree.find_data("name")}


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
        shape = shapes.get(str(node.children[0])) if node.data == "name" else None
        if shape is not None:                # the name gives way to what it stands for
            size, depth = size + shape[0], max(depth, level - 1 + shape[1])
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

    def with_names(self, **extra: Binding) -> "Scope":
        return Scope({**self.names, **extra}, self.fields, dict(self.loop_vars), self.defines)


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


def const(value: Any, type_: str) -> Compiled:
    return Compiled(lambda e, v=value: v, type_, value, True)


CARD_BINDING = Binding(CARD, lambda e: e.card)   # `card`: the card a per-card rule is judged on
_CARD_ONLY = frozenset(["card"])
_FOLDED = frozenset(["neg", "arith", "compare", "not_", "and_", "or_", "cond", "call"])


class _Probe:
    """A table holding only a card: what a rule that reads nothing but the card (and constants) needs."""
    __slots__ = ("card", "loc")

    def __init__(self) -> None:
        self.card, self.loc = None, {}


def per_card_values(fn: Callable[[Any], Any], cards: int, var: str | None = None) -> list:
    """`fn`, a compiled rule that reads nothing but `card` (or the loop variable `var`, a card) and constants,
    for every card 0..cards-1."""
    probe = _Probe()
    out = []
    for i in range(cards):
        if var is None:
            probe.card = i
        else:
            probe.loc[var] = i
        out.append(fn(probe))
    return out


def _per_card(c: Compiled, cards: int) -> Compiled:
    """A compound expression that reads nothing but `card` (its fields are fixed per card) as a list
    lookup: its value for every card (and for no card) worked out once, when the rule is compiled.
    `card.suit == 'H' or card.name == 'QS'` is then one call a card instead of five."""
    try:
        values = per_card_values(c.fn, cards)
        missing = c.fn(_Probe())
    except Exception:                    # a part that reads more than the card after all: leave it as it is
        return c
    return Compiled(lambda e: missing if (i := e.card) is None else values[i], c.type, uses=c.uses, defines=c.defines)


_SCALARS = frozenset([INT, BOOL, STR, CARD])   # a name of these types is one hashable value, and reads nothing more


class CardRule:
    """A per-card rule (a trick's `lead-allowed`, say) that reads the card and otherwise only names holding
    one value each (`trick-number`, a flag, an option): its value for every card is a function of those
    values, so it is worked out for all cards once per combination of them (`table`) and kept. A
    lead then costs one tuple and one dict lookup instead of the expression on every card in hand. The
    rule is also callable as the compiled function it wraps."""

    __slots__ = ("fn", "getters", "cards", "memo")
    LIMIT = 4096        # combinations kept per rule; past that, each table is worked out and not kept

    def __init__(self, fn: Callable[[Any], Any], getters: list[Callable[[Any], Any]], cards: int):
        self.fn, self.getters, self.cards = fn, getters, cards
        self.memo: dict[tuple, list] | None = {}

    def __call__(self, e) -> Any:
        return self.fn(e)

    def table(self, e) -> list | None:
        """The rule's value for every card on table `e` as it stands (None when a card's value could not be
        worked out: the caller judges the cards it holds one by one, as without the table)."""
        memo = self.memo
        if memo is None:
            return None
        key = tuple([g(e) for g in self.getters])
        got = memo.get(key)
        if got is None:
            fn, keep = self.fn, e.card
            try:
                got = []
                for i in range(self.cards):
                    e.card = i
                    got.append(fn(e))
            except Exception:            # a value this rule cannot judge for some card: judge card by card
                self.memo = None
                return None
            finally:
                e.card = keep
            if len(memo) < self.LIMIT:
                memo[key] = got
        return got


def _tabulated(kind: str, body: Callable[[Any], Any], var: str, cards_of: Callable[[Any], Any],
               cards: int) -> Callable[[Any], Any] | None:
    """`count/any/all/sum/max/min(BODY for var in CARDS)` where BODY reads nothing but its card `var` (and
    constants): BODY worked out for every card once, when the rule is compiled, and the aggregate a
    fold of list lookups (`sum(c.points for c in s.taken)`, `count(c.suit == 'H' for c in s.taken)`: a
    hand's scoring). The general loop's meaning; None when BODY is missing or cannot be worked out for some
    card (the loop then judges the cards there are)."""
    try:
        values = per_card_values(body, cards, var)
    except Exception:
        return None
    if kind in ("count", "any", "all"):
        truth = [1 if v else 0 for v in values]
        get = truth.__getitem__
        if kind == "count":
            return lambda e: sum(map(get, cards_of(e)))
        agg = any if kind == "any" else all
        return lambda e: agg(map(get, cards_of(e)))
    if None in values:                   # a card without a value: the loop skips it
        return None
    get = values.__getitem__
    if kind == "sum":
        return lambda e: sum(map(get, cards_of(e)))
    agg = max if kind == "max" else min
    return lambda e: agg(map(get, cards_of(e)), default=None)


def card_rule(c: Compiled, scope: Scope, cards: int) -> Callable[[Any], Any]:
    """`c` as a CardRule when it reads nothing but `card`, constants and one-value names; else its function."""
    getters = []
    for name in sorted(c.uses - _CARD_ONLY):
        b = scope.names.get(name)
        if b is None or name in scope.loop_vars or not (b.is_const or b.type in _SCALARS):
            return c.fn
        if not b.is_const:
            getters.append(b.getter)
    return CardRule(c.fn, getters, cards)


# --------------------------------------------------------------------------- cards-type fields

def _seat_may_be_missing(spec: tuple[str, Callable], f: Callable) -> Callable:
    """A field of a seat that may be missing (`bidder` after a hand nobody bid on): missing too, and a
    zone of no seat holds no cards. A loop variable always names a seat and needs no check."""
    g = spec[1](f)
    if spec[0] == CARDS:
        return lambda e: () if f(e) is None else g(e)
    return lambda e: None if f(e) is None else g(e)


def _cards_field(name: str, inner: Callable) -> tuple[str, Callable] | None:
    if name == "size":
        return INT, lambda e: len(inner(e))
    if name == "top":
        return CARD, lambda e: (z[-1] if (z := inner(e)) else None)
    if name == "bottom":
        return CARD, lambda e: (z[0] if (z := inner(e)) else None)
    if name == "empty":
        return BOOL, lambda e: not inner(e)
    return None


CARDS_FIELDS = ("size", "top", "bottom", "empty")

# Rules whose alias the grammar gives even when they wrap a single child.
_PASS_THROUGH = {"or_", "and_", "compare", "arith"}


def unwrap(tree: Any) -> Any:
    """The node under the grammar's one-child levels (a tree, or a token)."""
    while isinstance(tree, Tree) and tree.data in _PASS_THROUGH and len(tree.children) == 1:
        tree = tree.children[0]
    return tree


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
            return self._expand(name, tok)
        if b is None:
            known = list(self.scope.names) + list(self.scope.loop_vars) + list(self.scope.defines)
            hint = did_you_mean(name, known)
            if "-" in name and not hint and any(part in known for part in name.split("-")):
                hint = "names may contain hyphens, so write subtraction with spaces: a - b"
            raise ExprError(f"unknown name '{name}'", _col(tok), hint or f"known names: {one_of(known)}")
        self.uses.add(name)
        if b.is_const:
            return Compiled(lambda e, v=b.const: v, b.type, b.const, True, frozenset([name]))
        return Compiled(b.getter, b.type, uses=frozenset([name]))

    def _expand(self, name: str, tok) -> Compiled:
        """A definition used here: its closure compiled in this scope, once (`Definition.compiled`).

        Each use counts its size written out (`MAX_WRITTEN_OUT`): the closure is shared, but every use of it
        is evaluated, so a chain of definitions each using the next twice is refused, not run."""
        if name in self.expanding:
            chain = " -> ".join(self.expanding[self.expanding.index(name):] + [name])
            raise ExprError(f"definition '{name}' uses itself ({chain})", _col(tok))
        d = self.scope.defines[name]
        self.defines_used.add(name)
        if self.written[0] + d.size > MAX_WRITTEN_OUT:
            raise ExprError(f"written out, the definitions this expression uses have more than "
                            f"{MAX_WRITTEN_OUT:,} nodes (here '{name}' adds {d.size:,})", _col(tok),
                            "each use of a definition counts in full: use it fewer times, or make it smaller")
        key, held = self._key(d)
        got = d.compiled.get(key)
        if got is None or (got.error is not None and got.names is not self.scope.names):
            got = d.compiled[key] = self._compile_definition(d, name, held)
        self.uses |= got.uses
        self.defines_used |= got.defines
        self.written[0] += d.size
        if got.error is None:
            return replace(got.out)        # a copy: a caller may wrap its fn (model.checked_int)
        if self.expanding:
            raise ExprError(got.error.message, got.error.column, got.error.hint)
        raise ExprError(f"in definition '{name}' ({d.text!r}): {got.error.message}", _col(tok),
                        got.error.hint) from None

    def _key(self, d: Definition) -> tuple[tuple, tuple]:
        """What compiling `d` here depends on: the bindings and loop variables of the names it reads, the
        fields, how many loops enclose it, a ruled-out branch. And the objects whose ids the key holds."""
        held = tuple(self.scope.names.get(n) for n in d.reads)
        loops = self.scope.loop_vars
        key = (tuple(map(id, held)), tuple(loops.get(n) for n in d.reads), len(loops), id(self.scope.fields),
               self.dead > 0)
        return key, (held, self.scope.fields)

    def _compile_definition(self, d: Definition, name: str, held: tuple) -> "_Expansion":
        sub = Compiler(self.scope, self.text)
        sub.dead, sub.expanding = self.dead, self.expanding
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
            got = (spec[0], spec[1](f)) if spec else None
            known = self.scope.fields.card
        elif inner.type == SEAT:
            spec = self.scope.fields.seat.get(name)
            got = (spec[0], spec[1](f) if inner.loop_var is not None else _seat_may_be_missing(spec, f)) \
                if spec else None
            known = self.scope.fields.seat
        else:
            raise ExprError(f"a value of type {inner.type} has no fields ('.{name}')", _col(tok))
        if got is None:
            raise ExprError(f"{inner.type} has no field '{name}'", _col(tok),
                            did_you_mean(name, known) or f"{inner.type} fields: {one_of(known)}")
        zone_of = None
        if inner.type == SEAT and inner.loop_var is not None and name in self.scope.fields.seat_zones:
            zone_of = (self.scope.fields.seat_zones[name], inner.loop_var)
        return Compiled(got[1], got[0], uses=inner.uses, zone_of=zone_of)

    def c_index(self, t):
        inner = self.compile(t.children[0])
        idx = self.compile(t.children[1])
        if inner.type != CARDS:
            raise ExprError(f"only cards can be indexed, not {inner.type}", _col(t))
        if idx.type != INT:
            raise ExprError(f"an index must be an int, not {idx.type}", _col(t.children[1]))
        f, g = inner.fn, idx.fn
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

    # operators
    def c_neg(self, t):
        a = self._typed(t.children[0], INT)
        if a.is_const:
            return const(-a.const, INT)
        f = a.fn
        return Compiled(lambda e: None if (v := f(e)) is None else -v, INT, uses=a.uses)

    def c_arith(self, t):
        ch = t.children
        acc = self._typed(ch[0], INT)
        for i in range(1, len(ch), 2):
            op = str(ch[i])
            rhs = self._typed(ch[i + 1], INT)
            acc = self._arith(op, acc, rhs, ch[i])
        return acc

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
        a = self.compile(t.children[0])
        op = " ".join(str(t.children[1]).split())
        b = self.compile(t.children[2])
        if op in ("in", "not in"):
            if b.type != LIST:
                raise ExprError(f"'in' needs a list such as ['J', 'Q'], not {b.type}", _col(t.children[2]))
            s = b.const
            fa = a.fn
            if a.is_const:
                return const((a.const in s) == (op == "in"), BOOL)
            if op == "in":
                return Compiled(lambda e: fa(e) in s, BOOL, uses=a.uses)
            return Compiled(lambda e: (v := fa(e)) is not None and v not in s, BOOL, uses=a.uses)
        if a.type != b.type:
            raise ExprError(f"cannot compare {a.type} with {b.type}", _col(t.children[1]))
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

        def cmp(e):
            x = fa(e)
            if x is None:
                return False
            y = fb(e)
            return y is not None and fn(x, y)
        return Compiled(cmp, BOOL, uses=a.uses | b.uses)

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
        c = self.compile(node)
        if c.type != type_:
            raise ExprError(f"expected {type_} here, got {c.type}", _col(node))
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
        if name in exprwords.NAMES:         # seat words and pile helpers (exprwords.py)
            return exprwords.compile_word(self, name, [c for c in t.children[1:] if c is not None], tok)
        args = [self.compile(c) for c in t.children[1:] if c is not None]
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

            def pick(e):
                vals = [f(e) for f in fns]
                return None if None in vals else agg(vals)
            return Compiled(pick, INT, uses=frozenset().union(*(a.uses for a in args)))
        raise ExprError(f"unknown function '{name}' for these arguments", _col(tok),
                        "functions: abs(int), max(a, b, ...), min(a, b, ...), count/sum/max/min/any/all "
                        "(x for x in ...), " + ", ".join(exprwords.USAGE.values()))

    def c_aggregate(self, t):
        kind_tok, body, var_tok, coll = t.children
        kind = str(kind_tok)
        var = str(var_tok)
        c = self.compile(coll)
        if c.type == CARDS:
            vtype = CARD
        elif c.type == SEATS:
            vtype = SEAT
        else:
            raise ExprError(f"'{kind}(... for {var} in ...)' needs cards or seats, not {c.type}", _col(coll))
        if var in self.scope.names:
            raise ExprError(f"'{var}' is already a name here; choose another loop variable", _col(var_tok))
        if len(self.scope.loop_vars) >= MAX_AGG_NESTING:
            raise ExprError(f"'{kind}(... for ...)' nested more than {MAX_AGG_NESTING} deep; its evaluation "
                            "would take too long", _col(kind_tok))
        inner_scope = Scope(self.scope.names, self.scope.fields, {**self.scope.loop_vars, var: vtype},
                            self.scope.defines)
        sub = Compiler(inner_scope, self.text)
        sub.expanding, sub.defines_used, sub.written = self.expanding, self.defines_used, self.written
        b = sub.compile(body)
        self.uses |= sub.uses
        want = BOOL if kind in ("count", "any", "all") else INT
        if b.type != want:
            raise ExprError(f"{kind}(...) needs a {want} expression before 'for', got {b.type}", _col(body))
        fb, fc = b.fn, c.fn
        if vtype == CARD and b.uses == frozenset([var]) and not b.is_const:
            fn = _tabulated(kind, b.fn, var, fc, len(self.scope.fields.card_tables.get("name", ())))
            if fn is not None:
                return Compiled(fn, want if kind != "count" else INT, uses=c.uses | b.uses)
        if kind == "count":
            def fn(e):
                loc, n = e.loc, 0
                for x in fc(e):
                    loc[var] = x
                    if fb(e):
                        n += 1
                return n
        elif kind in ("any", "all"):
            want_true = kind == "any"

            def fn(e):
                loc = e.loc
                for x in fc(e):
                    loc[var] = x
                    if bool(fb(e)) == want_true:
                        return want_true
                return not want_true
        else:
            def values(e):
                loc = e.loc
                for x in fc(e):
                    loc[var] = x
                    v = fb(e)
                    if v is not None:
                        yield v
            if kind == "sum":
                fn = lambda e: sum(values(e))
            else:
                agg = max if kind == "max" else min
                fn = lambda e: agg(values(e), default=None)
        return Compiled(fn, want if kind != "count" else INT, uses=c.uses | b.uses)


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


from . import exprwords  # noqa: E402 - it builds on the types above

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
    tree = parse(text)
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

"""Folding for rule sheets: an expression's parse tree with options and constant words put in, decided
branches dropped and `x * 0` gone, and a folded tree written back as an expression (for a formula)."""
from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

from lark import Token, Tree

from ruleplay.lang import expr as X

_FOLD_OPS = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
             "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


@dataclass
class Vocabulary:
    """What a sheet may fold (constant names) and say by name (defined words with descriptions)."""
    consts: dict[str, Any] = field(default_factory=dict)
    words: dict[str, tuple[str, str]] = field(default_factory=dict)     # name -> (expression, description)
    folded: dict[str, Any] = field(default_factory=dict)                # name -> its folded tree, once each
    families: frozenset[str] = frozenset()                              # zones that are families of piles
    seat_zones: frozenset[str] = frozenset()                            # zones each player has one of
    values: frozenset[str] = frozenset()        # the file's own tracked values and counters (Bridge's `contract`)


def value(v: Any) -> str:
    """A constant as a card player writes it: yes/no, a number, a word without quotes."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (list, tuple)):
        return ", ".join(map(value, v)) or "none"
    return str(v)


class Const:
    """A folded constant in a tree."""
    def __init__(self, v: Any) -> None:
        self.v = v


def fold(t: Any, vocab: Vocabulary, depth: int = 0) -> Any:
    """The tree with constant names replaced and decided branches dropped; a `Const` when all is known."""
    t = X.unwrap(t)
    if isinstance(t, Token):
        return t
    k, ch = t.data, t.children
    if k == "int_":
        return Const(int(ch[0]))
    if k == "str_":
        return Const(str(ch[0])[1:-1])
    if k in ("true", "false"):
        return Const(k == "true")
    if k == "name":
        n = str(ch[0])
        if n in vocab.consts:
            return Const(vocab.consts[n])
        if n in vocab.words and vocab.words[n][0] and depth < 8:
            if n not in vocab.folded:          # once per word: a word used many times costs nothing more
                vocab.folded[n] = fold(X.parse(vocab.words[n][0]), vocab, depth + 1)
            inner = vocab.folded[n]
            if isinstance(inner, Const):
                return inner
        return t
    if k == "aggregate":
        return Tree(k, [ch[0], fold(ch[1], vocab, depth), ch[2], *(fold(c, vocab, depth) for c in ch[3:])])
    if k == "list_":
        items = [fold(c, vocab, depth) for c in ch if c is not None]
        return Const([c.v for c in items]) if all(isinstance(c, Const) for c in items) else t
    parts = [fold(c, vocab, depth) for c in ch]
    if k == "cond":
        a, c, b = parts
        if isinstance(c, Const):
            return a if c.v else b
    elif k in ("and_", "or_"):
        stop = k == "or_"
        kept = []
        for p in parts:
            if isinstance(p, Const):
                if bool(p.v) == stop:
                    return Const(stop)
                continue
            kept.append(p)
        if not kept:
            return Const(not stop)
        return kept[0] if len(kept) == 1 else Tree(k, kept)
    elif k == "not_":
        if isinstance(parts[0], Const):
            return Const(not parts[0].v)
    elif k == "compare" and len(parts) == 3:
        a, op, b = parts
        if isinstance(a, Const) and isinstance(b, Const) and str(op) in _FOLD_OPS:
            with contextlib.suppress(TypeError):
                return Const(_FOLD_OPS[str(op)](a.v, b.v))
    elif k == "neg" and isinstance(parts[0], Const) and isinstance(parts[0].v, int):
        return Const(-parts[0].v)
    elif k == "arith" and len(parts) == 3 and _zero_drops(parts) is not None:
        return _zero_drops(parts)
    elif k == "arith" and all(isinstance(p, Const) for p in parts[::2]) and all(
            isinstance(p.v, int) and not isinstance(p.v, bool) for p in parts[::2]):
        acc = parts[0].v
        for op, p in zip(parts[1::2], parts[2::2]):
            o = str(op)
            if o in ("//", "%") and p.v == 0:
                break
            acc = {"+": acc + p.v, "-": acc - p.v, "*": acc * p.v}.get(o, acc // p.v if o == "//" else acc % p.v
                                                                        if o == "%" else acc)
        else:
            return Const(acc)
    return Tree(k, parts)


def _zero_drops(parts: list) -> Any:
    """`x * 0` is 0, `x + 0` and `x - 0` are x: what an option set to 0 leaves (`pass-chip * x.passes`)."""
    a, op, b = parts
    o = str(op)
    zero = lambda p: isinstance(p, Const) and p.v == 0 and not isinstance(p.v, bool)   # noqa: E731
    if o == "*" and (zero(a) or zero(b)):
        return Const(0)
    if o in ("+", "-") and zero(b):
        return a
    if o == "+" and zero(a):
        return b
    return None


_TIGHT = ("name", "field", "index", "call", "aggregate", "list_")


def text_of(t: Any) -> str:
    """The folded tree written back as an expression (parentheses around anything compound)."""
    if isinstance(t, Const):
        v = t.v
        return ("true" if v else "false") if isinstance(v, bool) else f"'{v}'" if isinstance(v, str) else \
            "[" + ", ".join(text_of(Const(x)) for x in v) + "]" if isinstance(v, list) else str(v)
    if isinstance(t, Token):
        return str(t)
    k, ch = t.data, t.children

    def sub(c: Any) -> str:
        s = text_of(c)
        return s if isinstance(c, (Const, Token)) or c.data in _TIGHT else f"({s})"
    if k == "name":
        return str(ch[0])
    if k == "field":
        return f"{sub(ch[0])}.{ch[1]}"
    if k == "index":
        return f"{sub(ch[0])}[{text_of(ch[1])}]"
    if k == "call":
        return f"{ch[0]}(" + ", ".join(text_of(c) for c in ch[1:] if c is not None) + ")"
    if k == "aggregate":
        loops = ""
        while getattr(ch[0], "type", None) == X.LOOPS:      # loops written one after another: as written
            loops += f" for {ch[2]} in {text_of(ch[3])}" + (f" if {text_of(ch[4])}" if len(ch) > 4 else "")
            ch = ch[1].children
        only = f" if {text_of(ch[4])}" if len(ch) > 4 else ""
        return f"{ch[0]}({text_of(ch[1])}{loops} for {ch[2]} in {text_of(ch[3])}{only})"
    if k == "list_":
        return "[" + ", ".join(text_of(c) for c in ch if c is not None) + "]"
    if k == "cond":
        return f"{sub(ch[0])} if {sub(ch[1])} else {sub(ch[2])}"
    if k in ("and_", "or_"):
        return f" {k[:-1]} ".join(sub(c) for c in ch)
    if k == "not_":
        return f"not {sub(ch[0])}"
    if k == "neg":
        return f"-{sub(ch[0])}"
    if k in ("compare", "arith"):
        return " ".join(str(c) if isinstance(c, Token) else sub(c) for c in ch)
    return " ".join(text_of(c) for c in ch)

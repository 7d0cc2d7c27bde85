"""Expressions in plain words for rule sheets: options folded in, defined words used by name, simple
conditions said in words, and anything else quoted once and marked as a formula.

The sheet sets the words in force (`speaking`); every phase kind's `describe` goes through `say`, so a
new kind reads the same way without knowing any of this.
"""
from __future__ import annotations

import contextlib
import contextvars
from dataclasses import dataclass, field
from typing import Any, Iterator

from lark import Token, Tree

from . import expr as X

_FOLD_OPS = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
             "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
_COMP_WORDS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
               ">=": "is at least", "in": "is one of", "not in": "is not one of"}
_ORDINALS = {1: "top", 2: "second", 3: "third", 4: "fourth"}
_AGG_WORDS = {"sum": "the total", "max": "the highest", "min": "the lowest"}
_SUBJECTS = {"s": "the player's", "card": "the card's", "c": "the card's", "actor": "the player's"}


@dataclass
class Vocabulary:
    """What a sheet may fold (constant names) and say by name (defined words with descriptions)."""
    consts: dict[str, Any] = field(default_factory=dict)
    words: dict[str, tuple[str, str]] = field(default_factory=dict)     # name -> (expression, description)
    folded: dict[str, Any] = field(default_factory=dict)                # name -> its folded tree, once each


_current: contextvars.ContextVar[Vocabulary] = contextvars.ContextVar("plain_words", default=Vocabulary())


@contextlib.contextmanager
def speaking(vocab: Vocabulary) -> Iterator[None]:
    token = _current.set(vocab)
    try:
        yield
    finally:
        _current.reset(token)


def value(v: Any) -> str:
    """A constant as a card player writes it: yes/no, a number, a word without quotes."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (list, tuple)):
        return ", ".join(map(value, v)) or "none"
    return str(v)


class _Const:
    """A folded constant in a tree."""
    def __init__(self, v: Any) -> None:
        self.v = v


def _fold(t: Any, vocab: Vocabulary, depth: int = 0) -> Any:
    """The tree with constant names replaced and decided branches dropped; a `_Const` when all is known."""
    if isinstance(t, Token):
        return t
    k, ch = t.data, t.children
    if k in ("or_", "and_", "compare", "arith") and len(ch) == 1:      # the grammar's one-child levels
        return _fold(ch[0], vocab, depth)
    if k == "int_":
        return _Const(int(ch[0]))
    if k == "str_":
        return _Const(str(ch[0])[1:-1])
    if k in ("true", "false"):
        return _Const(k == "true")
    if k == "name":
        n = str(ch[0])
        if n in vocab.consts:
            return _Const(vocab.consts[n])
        if n in vocab.words and vocab.words[n][0] and depth < 8:
            if n not in vocab.folded:          # once per word: a word used many times costs nothing more
                vocab.folded[n] = _fold(X.parse(vocab.words[n][0]), vocab, depth + 1)
            inner = vocab.folded[n]
            if isinstance(inner, _Const):
                return inner
        return t
    if k == "aggregate":
        return Tree(k, [ch[0], _fold(ch[1], vocab, depth), ch[2], _fold(ch[3], vocab, depth)])
    if k == "list_":
        items = [_fold(c, vocab, depth) for c in ch if c is not None]
        return _Const([c.v for c in items]) if all(isinstance(c, _Const) for c in items) else t
    parts = [_fold(c, vocab, depth) for c in ch]
    if k == "cond":
        a, c, b = parts
        if isinstance(c, _Const):
            return a if c.v else b
    elif k in ("and_", "or_"):
        stop = k == "or_"
        kept = []
        for p in parts:
            if isinstance(p, _Const):
                if bool(p.v) == stop:
                    return _Const(stop)
                continue
            kept.append(p)
        if not kept:
            return _Const(not stop)
        return kept[0] if len(kept) == 1 else Tree(k, kept)
    elif k == "not_":
        if isinstance(parts[0], _Const):
            return _Const(not parts[0].v)
    elif k == "compare" and len(parts) == 3:
        a, op, b = parts
        if isinstance(a, _Const) and isinstance(b, _Const) and str(op) in _FOLD_OPS:
            with contextlib.suppress(TypeError):
                return _Const(_FOLD_OPS[str(op)](a.v, b.v))
    elif k == "neg" and isinstance(parts[0], _Const) and isinstance(parts[0].v, int):
        return _Const(-parts[0].v)
    elif k == "arith" and all(isinstance(p, _Const) for p in parts[::2]) and all(
            isinstance(p.v, int) and not isinstance(p.v, bool) for p in parts[::2]):
        acc = parts[0].v
        for op, p in zip(parts[1::2], parts[2::2]):
            o = str(op)
            if o in ("//", "%") and p.v == 0:
                break
            acc = {"+": acc + p.v, "-": acc - p.v, "*": acc * p.v}.get(o, acc // p.v if o == "//" else acc % p.v
                                                                        if o == "%" else acc)
        else:
            return _Const(acc)
    return Tree(k, parts)


_TIGHT = ("name", "field", "index", "call", "aggregate", "list_")


def _text(t: Any) -> str:
    """The folded tree written back as an expression (parentheses around anything compound)."""
    if isinstance(t, _Const):
        v = t.v
        return ("true" if v else "false") if isinstance(v, bool) else f"'{v}'" if isinstance(v, str) else \
            "[" + ", ".join(_text(_Const(x)) for x in v) + "]" if isinstance(v, list) else str(v)
    if isinstance(t, Token):
        return str(t)
    k, ch = t.data, t.children

    def sub(c: Any) -> str:
        s = _text(c)
        return s if isinstance(c, (_Const, Token)) or c.data in _TIGHT else f"({s})"
    if k == "name":
        return str(ch[0])
    if k == "field":
        return f"{sub(ch[0])}.{ch[1]}"
    if k == "index":
        return f"{sub(ch[0])}[{_text(ch[1])}]"
    if k == "call":
        return f"{ch[0]}(" + ", ".join(_text(c) for c in ch[1:] if c is not None) + ")"
    if k == "aggregate":
        return f"{ch[0]}({_text(ch[1])} for {ch[2]} in {_text(ch[3])})"
    if k == "list_":
        return "[" + ", ".join(_text(c) for c in ch if c is not None) + "]"
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
    return " ".join(_text(c) for c in ch)


def _words(t: Any, vocab: Vocabulary) -> str | None:
    """A folded tree said in words, or None when it has no words yet."""
    if isinstance(t, _Const):
        return value(t.v)
    if isinstance(t, Token):
        return None
    k, ch = t.data, t.children
    if k == "name":
        return str(ch[0])
    if k == "field" and isinstance(ch[0], Tree):
        if ch[0].data == "name" and str(ch[0].children[0]) in _SUBJECTS:
            return f"{_SUBJECTS[str(ch[0].children[0])]} {ch[1]}"
        base = _words(ch[0], vocab)
        if base is None or " " in base and " card of " not in base:
            return None
        return f"the top card of {base}" if str(ch[1]) == "top" else f"the {ch[1]} of {base}"
    if k == "index" and isinstance(ch[1], _Const) and ch[1].v in _ORDINALS:
        base = _words(ch[0], vocab)
        return None if base is None or " " in base else f"the {_ORDINALS[ch[1].v]} card of {base}"
    if k == "compare" and len(ch) == 3:
        a, b = _words(ch[0], vocab), _words(ch[2], vocab)
        return None if a is None or b is None else f"{a} {_COMP_WORDS[str(ch[1])]} {b}"
    if k == "aggregate" and str(ch[0]) in _AGG_WORDS and isinstance(ch[1], Tree) and ch[1].data == "field" \
            and isinstance(ch[1].children[0], Tree) and str(ch[1].children[0].children[0]) == str(ch[2]):
        where = "any player" if _text(ch[3]) == "seats" else _words(ch[3], vocab)
        return None if where is None else f"{_AGG_WORDS[str(ch[0])]} {ch[1].children[1]} of {where}"
    if k == "not_":
        inner = _words(ch[0], vocab)
        return None if inner is None or ch[0].data not in ("name",) else f"not {inner}"
    if k in ("and_", "or_"):
        said = [_words(c, vocab) if isinstance(c, Tree) and c.data not in ("and_", "or_") else None for c in ch]
        return None if None in said else f" {k[:-1]} ".join(said)        # type: ignore[arg-type]
    return None


def say(v: Any, besides: str = "") -> str:
    """A rule file's value (an expression, a number, a yes/no) as the sheet writes it; `besides` is a
    defined word not to say it by (the definition of that word itself)."""
    vocab = _current.get()
    if not isinstance(v, str):
        return value(v)
    try:
        tree = X.parse(v)
    except X.ExprError:
        return v
    folded = _fold(tree, vocab)
    text = _text(folded)
    for name, (expr_text, desc) in vocab.words.items():       # the whole expression is a defined word
        if expr_text and name != besides and not isinstance(folded, _Const) and _same(expr_text, text, vocab):
            folded = Tree("name", [Token("NAME", name)])
            break
    if isinstance(folded, Tree) and folded.data == "name" and str(folded.children[0]) in vocab.words:
        name = str(folded.children[0])
        desc = vocab.words[name][1]
        return f"{name} ({desc})" if desc else name
    said = _words(folded, vocab)
    if said is not None:
        return said
    return f"the formula `{text}`"


def _same(expr_text: str, text: str, vocab: Vocabulary) -> bool:
    try:
        return _text(_fold(X.parse(expr_text), vocab)) == text
    except X.ExprError:
        return False

"""The expression grammar: limits, type names, parsing with lark into checked trees, placed parse errors."""
from __future__ import annotations

import os
import stat
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ruleplay.resources import data_dir

MAX_EXPR_CHARS = 2000
MAX_EXPR_DEPTH = 60
MAX_AGG_NESTING = 2      # count(... count(... for c in pile) ... for s in seats): each level may loop over every card
MAX_LOOP_WORK = 20_000   # deeper (3 or 4 levels), only while the loops' sizes multiplied stay within this
MAX_VALUE = 10**9        # every int a setting takes lies within +-MAX_VALUE (a runaway score stops with an error)
MAX_WRITTEN_OUT = 20_000  # nodes of a definition, or of the definitions one expression uses, written out in full
MAX_WRITTEN_DEPTH = 250  # nesting of a definition written out (an expression nests at most 60 more)

# Types. Kept as short strings so messages can say them.
INT, BOOL, STR, CARD, CARDS, SEAT, SEATS = "int", "bool", "str", "card", "cards", "seat", "seats"
LIST = "list"  # a literal list of ints/strs, for `in`
LOOPS = "LOOPS"   # the kind of an aggregate whose body is the next of loops written one after another
PILES = "piles"   # a family of table piles (a zone with a count: meld1..meldN), looped over pile by pile


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
    if text.count("for") > 1:             # loops after loops, perhaps: aggregates one in another
        tree = _unnest(tree)
    if "count" in text:
        tree = _counted(tree)
    _check_depth(tree)
    return tree


def _unnest(node: Any) -> Any:
    """`KIND(body for a in A if p for b in B if q)` written as aggregates one in another, outermost first:
    `all`, `any`, `sum`, `max`, `min` and `first` of the inner loop's values (an inner loop that gives none
    is left out, as a value left out is), `count` as the sum of the inner counts. An outer one's kind is a
    LOOPS token, so the expression is written back (`text_of`) as it was written."""
    if not isinstance(node, Tree):
        return node
    children = [_unnest(c) for c in node.children]
    if node.data != "nested":
        return Tree(node.data, children, node.meta) if any(a is not b for a, b in zip(children, node.children)) \
            else node
    kind_tok, body, *rest = children
    loops, head = [], [c for c in rest if not (isinstance(c, Tree) and c.data == "then_for")]
    loops.append((head, node.meta))
    loops += [(c.children, c.meta) for c in rest if isinstance(c, Tree) and c.data == "then_for"]
    outer = "sum" if str(kind_tok) == "count" else str(kind_tok)
    inner = body
    for i in range(len(loops) - 1, -1, -1):
        parts, meta = loops[i]
        kind = kind_tok if i == len(loops) - 1 else Token.new_borrow_pos(LOOPS, outer, kind_tok)
        inner = Tree("aggregate", [kind, inner, *parts], meta)
    return inner


def _counted(node: Any) -> Any:
    """`count(x for x in xs if COND)`, a list counted as Python counts one, as `count(COND for x in xs)`
    (and `count(x for x in xs)` as `count(true for x in xs)`): a count's body is a condition."""
    if not isinstance(node, Tree):
        return node
    children = [_counted(c) for c in node.children]
    if node.data == "aggregate" and str(children[0]) == "count":
        body, var = unwrap(children[1]), str(children[2])
        if isinstance(body, Tree) and body.data == "name" and str(body.children[0]) == var:
            kept = children[4:]
            children = [children[0], kept[0] if kept else Tree("true", [], children[1].meta), *children[2:4]]
    return Tree(node.data, children, node.meta) if any(a is not b for a, b in zip(children, node.children)) \
        or len(children) != len(node.children) else node


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


_PASS_THROUGH = {"or_", "and_", "compare", "arith"}


def unwrap(tree: Any) -> Any:
    """The node under the grammar's one-child levels (a tree, or a token)."""
    while isinstance(tree, Tree) and tree.data in _PASS_THROUGH and len(tree.children) == 1:
        tree = tree.children[0]
    return tree

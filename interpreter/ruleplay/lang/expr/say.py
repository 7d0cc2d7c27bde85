"""Expressions in plain words for rule sheets: options folded in (lang/expr/fold.py), defined words used by
name, conditions, aggregates, arithmetic, seat words and pile helpers said in words, and anything else
quoted once and marked as a formula.

The sheet sets the words in force (`speaking`); every phase kind's `describe` goes through `say`, so a
new kind reads the same way without knowing any of this.
"""
from __future__ import annotations

import contextlib
import contextvars
from dataclasses import dataclass, replace
from typing import Any, Iterable, Iterator

from lark import Token, Tree

from ruleplay.lang import expr as X
from ruleplay.lang.expr.combos import WORDS as COMBO_WORDS
from ruleplay.lang.expr.words import PILE_WORDS
from ruleplay.lang.expr.fold import Const, Vocabulary, fold, text_of, value

__all__ = ["Vocabulary", "say", "speaking", "value"]

_COMP_WORDS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
               ">=": "is at least", "in": "is one of", "not in": "is not one of"}
_ORDINALS = {1: "top", 2: "second", 3: "third", 4: "fourth"}
_current: contextvars.ContextVar[Vocabulary] = contextvars.ContextVar("plain_words", default=Vocabulary())


@contextlib.contextmanager
def speaking(vocab: Vocabulary) -> Iterator[None]:
    token = _current.set(vocab)
    try:
        yield
    finally:
        _current.reset(token)


@contextlib.contextmanager
def shadowing(names: Iterable[str]) -> Iterator[None]:
    """Say rules where `names` are bound by the rule itself (a move's chosen `target`), not the options or
    words of the same name: an option `target: 21` must not turn a chosen seat into 21."""
    vocab = _current.get()
    names = set(names)
    if not names & (set(vocab.consts) | set(vocab.words)):
        yield
        return
    token = _current.set(replace(vocab, consts={k: v for k, v in vocab.consts.items() if k not in names},
                                 words={k: v for k, v in vocab.words.items() if k not in names}, folded={}))
    try:
        yield
    finally:
        _current.reset(token)


_WHO = {"s": "the player", "actor": "the player", "dealer": "the dealer", "partner": "the partner",
        "bidder": "the bidder", "leader": "the leader", "card": "the card", "c": "the card",
        "high-bid": "the highest bid", "led": "the suit led", "mover": "the mover",
        "winning-seat": "the player winning the trick so far", "winning-card": "the card winning the trick so far",
        "last-winner": "the winner of the last trick", "high-level": "the level of the highest bid",
        "high-strain": "the strain of the highest bid", "bid-level": "the bid's level", "bid-strain": "the bid's strain",
        "each-top": "the top card of the pile", "each-size": "the number of cards in the pile",
        "each-cards": "the cards of the pile", "each-number": "the number of the pile in its family",
        "source-top": "the top card of the pile taken from", "source-size": "the number of cards in the pile taken from",
        "source-cards": "the cards of the pile taken from", "source-number": "the number of the pile taken from in its family",
        "dest-top": "the top card of the pile played to", "dest-size": "the number of cards in the pile played to",
        "dest-cards": "the cards of the pile played to", "dest-number": "the number of the pile played to in its family"}
# a chosen pile's number, read to pick the pile of another family alike (`down[each-number]`)
SAME_NUMBER = {"each-number": "", "source-number": " as the pile taken from", "dest-number": " as the pile played to"}


def family_pile(family: str, same_as: str) -> str:
    """`down[each-number]` said: the down pile of the same number (as the pile taken from)."""
    return f"the {family} pile of the same number{same_as}"


_FLAGS = {"contract": ("a bid stands (the contract)", "no bid stands (no contract)")}   # a kind's yes/no: both ways
_SEAT_WORDS = {"left-of": "the player left of {}", "right-of": "the player right of {}",
               "opposite": "the player opposite {}", "players-after": "the other players in turn after {}",
               "next-player": "the next player in turn after {}", "seat": "seat {}"}
_ARITH_WORDS = {"+": "+", "-": "-", "*": "times"}
_CALL_WORDS = {"max": "the larger of {}", "min": "the smaller of {}", "abs": "the size of {}",
               "best-hand": "the score of the best hand of {}", "best-hand-name": "the name of the best hand of {}"}


@dataclass(frozen=True)
class _Loop:
    """An aggregate's variable while its body is said: 'its'/'their' instead of a letter."""
    var: str
    noun: str          # card | player


def _words(t: Any, vocab: Vocabulary, loops: tuple[_Loop, ...] = ()) -> str | None:
    """A folded tree said in words, or None when it has no words yet."""
    if isinstance(t, Const):
        return value(t.v)
    if isinstance(t, Token):
        return None
    k, ch = t.data, t.children
    w = lambda c: _words(c, vocab, loops)           # noqa: E731 - the same words, one level down
    if k == "name":
        n = str(ch[0])
        loop = next((lp for lp in loops if lp.var == n), None)
        if loop is not None:
            return f"that {loop.noun}"
        return n if n in vocab.words else _WHO.get(n, n)     # a file's own word is said by its name
    if k == "field":
        return _field_words(ch[0], str(ch[1]), vocab, loops)
    if k == "index" and isinstance(ch[0], Tree) and ch[0].data == "name" and str(ch[0].children[0]) in vocab.families:
        number = ch[1]                      # `down[each-number]`: a family's pile by its number, not a card
        if isinstance(number, Tree) and number.data == "name" and str(number.children[0]) in SAME_NUMBER:
            return family_pile(str(ch[0].children[0]), SAME_NUMBER[str(number.children[0])])
        said = w(number)
        return None if said is None else f"the {ch[0].children[0]} pile numbered {said}"
    if k == "index" and isinstance(ch[1], Const) and ch[1].v in _ORDINALS:
        base = w(ch[0])
        return None if base is None else f"the {_ORDINALS[ch[1].v]} card of {_the(base)}"
    if k == "compare" and len(ch) == 3:
        return _compare_words(ch[0], str(ch[1]), ch[2], vocab, loops)
    if k == "aggregate":
        return _aggregate_words(t, vocab, loops)
    if k == "not_":
        inner = ch[0]
        if isinstance(inner, Tree) and inner.data == "compare" and len(inner.children) == 3:
            op = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">", "in": "not in",
                  "not in": "in"}[" ".join(str(inner.children[1]).split())]
            return _compare_words(inner.children[0], op, inner.children[2], vocab, loops)
        if isinstance(inner, Tree) and inner.data == "field" and str(inner.children[1]) in _STATES:
            who = w(inner.children[0])
            return None if who is None else f"{_the(who)} {_STATES[str(inner.children[1])][1]}"
        flag = _flag(inner, vocab, 1)
        if flag is not None:
            return flag
        said = w(inner)
        if said is None:
            return None
        return f"not {said}" if isinstance(inner, Tree) and inner.data == "name" else f"not ({said})"
    if k in ("and_", "or_"):
        said = [_flag(c, vocab) or w(c) for c in ch]
        if None in said:
            return None
        parts = [f"({x})" if isinstance(c, Tree) and c.data in ("and_", "or_", "cond") else x
                 for c, x in zip(ch, said)]
        # a clause with its own verb ("the player is not the dealer") ends at a comma, so the next one is not
        # read as more of it ("..., or contract", not "the dealer or contract")
        sep = f", {k[:-1]} " if any(" is " in x or " has " in x for x in parts[:-1]) else f" {k[:-1]} "
        return sep.join(parts)     # type: ignore[arg-type]
    if k == "cond":
        return _cond_words(t, vocab, loops)
    if k == "arith":
        return _arith_words(ch, vocab, loops)
    if k == "neg":
        inner = w(ch[0])
        return None if inner is None else f"minus {_paren(ch[0], inner)}"
    if k == "call":
        name = str(ch[0])
        args = [c for c in ch[1:] if c is not None]
        return _call_words(name, args, vocab, loops)
    return None


def _the(text: str) -> str:
    """A zone or name as the object of a phrase: 'pile' -> 'the pile', 'the player's hand' unchanged, and a
    file's own defined word as it is named (t41: "the t is not a joker")."""
    return text if " " in text or text[:1].isdigit() or text in _current.get().words else f"the {text}"


def _paren(node: Any, said: str) -> str:
    return f"({said})" if isinstance(node, Tree) and node.data in ("arith", "cond", "and_", "or_") else said


def _possessive(node: Any, vocab: Vocabulary, loops: tuple[_Loop, ...]) -> str | None:
    """Whose a field is: 'the player's', 'its' / 'their' for an aggregate's variable, 'the X's'."""
    if isinstance(node, Tree) and node.data == "name":
        n = str(node.children[0])
        loop = next((lp for lp in loops if lp.var == n), None)
        if loop is not None:
            return "its" if loop.noun == "card" else "their"
        if n in _WHO:
            return _WHO[n] + "'s"
    base = _words(node, vocab, loops)
    return None if base is None else f"{_the(base)}'s"


_STATES = {"out": ("is out", "is not out"), "sits-out": ("sits the hand out", "does not sit the hand out"),
           "joker": ("is a joker", "is not a joker")}       # a seat's or a card's yes/no: said as a state


def _field_words(base: Any, name: str, vocab: Vocabulary, loops: tuple[_Loop, ...]) -> str | None:
    if name in ("size", "empty") and isinstance(base, Tree) and base.data == "name" and \
            str(base.children[0]) == "picked":              # the set of cards a move chose
        return "the number of cards picked" if name == "size" else "no card is picked"
    if name in ("top", "bottom", "size", "empty"):          # fields of cards (a zone, a seat's zone)
        said = _words(base, vocab, loops)
        if said is None:
            return None
        said = _the(said)
        return {"top": f"the top card of {said}", "bottom": f"the bottom card of {said}",
                "size": f"the number of cards in {said}", "empty": f"{said} is empty"}[name]
    if name in _STATES:                                       # a seat's yes/no: 'the player is out'
        who = _words(base, vocab, loops)
        return None if who is None else f"{_the(who)} {_STATES[name][0]}"
    whose = _possessive(base, vocab, loops)
    if whose is None:
        return None
    if name == "team-seats":
        return f"{whose} side"
    if name == "played" and name not in vocab.seat_zones:     # a trick's s.played, not a zone so named (t42)
        return f"{whose} card in the trick"
    if whose.count(" ") > 1:           # a compound owner: 'the suit of the top card of the pile'
        return f"the {name} of {whose[:-2]}"
    return f"{whose} {name}"


def _compare_words(a: Any, op: str, b: Any, vocab: Vocabulary, loops: tuple[_Loop, ...]) -> str | None:
    op = " ".join(op.split())
    if isinstance(a, Tree) and a.data == "field" and str(a.children[1]) == "size" and isinstance(b, Const) \
            and b.v == 0 and op in ("==", ">", "!=", "<="):
        zone = _words(a.children[0], vocab, loops)            # `x.size > 0`: has cards
        if zone is None:
            return None
        return f"{_the(zone)} is empty" if op in ("==", "<=") else f"{_the(zone)} has cards"
    if isinstance(a, Tree) and a.data == "field" and str(a.children[1]) == "cards" and isinstance(b, Const) \
            and b.v == 0 and op in ("==", ">", "!="):
        who = _words(a.children[0], vocab, loops)             # `s.cards == 0`: out of cards
        if who is None:
            return None
        who = "they" if who == "that player" else who
        return f"{who} {'has' if who != 'they' else 'have'} {'no cards' if op == '==' else 'cards'} left"
    sa, sb = _words(a, vocab, loops), _words(b, vocab, loops)
    if sa is None or sb is None:
        return None
    if op in ("in", "not in") and isinstance(b, Const) and isinstance(b.v, (list, tuple)) and b.v:
        return f"{sa} is {_among(op, [value(v) for v in b.v])}"       # "K or Q": a list ends where it ends
    if op in ("in", "not in") and isinstance(b, Tree) and b.data == "name" and str(b.children[0]) in vocab.families:
        return f"{sa} is {'not ' if op == 'not in' else ''}one of the {b.children[0]} piles"    # `dest in corner`
    if op in ("==", "!=") and _a_condition(a) and _a_condition(b):       # two conditions compared: not "is ... is"
        return f"{sa} exactly when {sb}" if op == "==" else f"either {sa} or {sb}, not both"
    if sa == sb and op in ("==", "!=") and not (isinstance(a, Const) or isinstance(b, Const)) and a != b:
        # two names said alike (`s != actor`: both 'the player'): the second is the one acting
        return f"{sa} is {'not ' if op == '!=' else ''}the one acting" if sa == "the player" else \
            f"{sa} {_COMP_WORDS[op]} the other {sb.removeprefix('the ')}"
    return f"{sa} {_COMP_WORDS[op]} {sb}"


def _a_condition(t: Any) -> bool:
    """A comparison, `and`, `or` or `not`, written out: a yes-or-no value by its form."""
    t = X.unwrap(t)
    return isinstance(t, Tree) and t.data in ("compare", "and_", "or_", "not_")


def _among(op: str, values: list[str]) -> str:
    """A value written out among a list: `in ['K', 'Q']` "K or Q", `not in` "neither K nor Q" (three or more:
    "none of J, Q, K"), so a condition after it (`and ...`) does not read as one more value."""
    if op == "in":
        return values[0] if len(values) == 1 else ", ".join(values[:-1]) + f" or {values[-1]}"
    if len(values) == 1:
        return f"not {values[0]}"
    return f"neither {values[0]} nor {values[1]}" if len(values) == 2 else f"none of {', '.join(values)}"


def _flag(node: Any, vocab: Vocabulary, way: int = 0) -> str | None:
    """A kind's yes/no name standing where a condition is (`not contract`, `... or contract`, `a if contract
    else b`) in words, `way` 1 for its negation; None for anything else (a file's own word of that name, or
    the name as a number: Bridge's tracked `contract > 0`)."""
    if isinstance(node, Tree) and node.data == "name" and str(node.children[0]) in _FLAGS and \
            str(node.children[0]) not in vocab.words and str(node.children[0]) not in vocab.values:
        return _FLAGS[str(node.children[0])][way]
    return None


def _cond_words(t: Tree, vocab: Vocabulary, loops: tuple[_Loop, ...]) -> str | None:
    """`a if c else b if d else e` -> 'a when c, b when d, otherwise e'."""
    parts = []
    subject = None             # 'the player is ' said once: 'the player is A when C, otherwise B'
    while isinstance(t, Tree) and t.data == "cond":
        a, c, t = t.children
        sa, sc = _words(a, vocab, loops), _flag(c, vocab) or _words(c, vocab, loops)
        if sa is None or sc is None:
            return None
        said = _paren(a, sa)
        if not parts and said.count(" is ") == 1:
            subject = said.split(" is ")[0] + " is "
        elif subject and said.startswith(subject):
            said = said[len(subject):]
        parts.append(f"{said} when {sc}")
        if X.unwrap(a).__class__ is Tree and X.unwrap(a).data == "cond":
            break              # a choice within a choice: the rest is one case, "otherwise (... when ...)"
    last = _words(t, vocab, loops)
    if last is None:
        return None
    last = _paren(t, last)
    if subject and last.startswith(subject):
        last = last[len(subject):]
    return ", ".join(parts) + f", otherwise {last}"


def _operand(node: Any, said: str) -> str:
    """An operand of arithmetic in brackets where its words would run on into the sum: an aggregate's ("the
    number of cards whose rank is Q - 4" reads as Q - 4), a call's said in words, as any compound's (`_paren`)."""
    if isinstance(node, Tree) and node.data == "call" and " " in said and not said.startswith("("):
        return f"({said})"                      # "the larger of 0 and x - 1" times 2 (t43)
    return f"({said})" if isinstance(node, Tree) and node.data == "aggregate" else _paren(node, said)


def _arith_words(ch: list, vocab: Vocabulary, loops: tuple[_Loop, ...]) -> str | None:
    said = _words(ch[0], vocab, loops)
    if said is None:
        return None
    if isinstance(ch[0], Const) and ch[0].v == 0 and len(ch) == 3 and str(ch[1]) == "-":
        rhs = _words(ch[2], vocab, loops)                     # `0 - x`: the grammar's way to write -x
        return None if rhs is None else f"minus {_paren(ch[2], rhs)}"
    out = _operand(ch[0], said)
    for op, rhs_node in zip(ch[1::2], ch[2::2]):
        rhs = _words(rhs_node, vocab, loops)
        if rhs is None:
            return None
        rhs = _operand(rhs_node, rhs)
        o = str(op)
        if o == "//":
            out = f"{out} divided by {rhs} (rounded down)"
        elif o == "%":
            out = f"the remainder of {out} divided by {rhs}"
        else:
            out = f"{out} {_ARITH_WORDS[o]} {rhs}"
    return out


def _combo_words(name: str, args: list, vocab: Vocabulary, loops: tuple[_Loop, ...]) -> str | None:
    """The combination words (combos.py) in words: 'the number of sets of the hand and the starter whose
    fifteen values add up to 15'."""
    split = len(args) - COMBO_WORDS[name]
    said = [_words(a, vocab, loops) for a in args[:split]]
    if None in said or split < 1:
        return None
    group = " and ".join(_the(z) for z in said)            # type: ignore[arg-type]
    if name == "pairs":
        return f"the pairs of one rank among {group}"
    if name == "ways-to-sum":
        total = _words(args[split + 1], vocab, loops)
        return None if total is None else \
            f"the number of sets of {group} whose {text_of(args[split])} values add up to {total}"
    if name == "deadwood":
        return f"the least total of the {text_of(args[-1])} values of {group} left out of sets and runs"
    order = "rank order" if text_of(args[-1]) == "order" else f"the {text_of(args[-1])} order"
    if name == "longest-run":
        return f"the most cards of {group} in a row in {order}"
    if name == "top-run":
        return f"the most cards from the top of {group} that make a run in {order}, in any order"
    least = _words(args[split], vocab, loops)
    runs = f"runs of at least {least} of {group} in {order}"
    return f"the number of {runs}" if name == "run-count" else f"the cards in {runs}, each run counted"


def _call_words(name: str, args: list, vocab: Vocabulary, loops: tuple[_Loop, ...]) -> str | None:
    if name in _SEAT_WORDS and len(args) == 1:
        who = _words(args[0], vocab, loops)
        return None if who is None else _SEAT_WORDS[name].format(who)
    if name in PILE_WORDS and len(args) >= 2 and isinstance(args[1], Const):
        zone = _words(args[0], vocab, loops)
        if zone is None:
            return None
        top = f"the top {args[1].v} cards of {_the(zone)}"
        if name == "same-rank":
            return f"{top} are of one rank"
        field = text_of(args[2]) if len(args) > 2 else "order"
        if name == "adds-to":
            total = _words(args[3], vocab, loops) if len(args) > 3 else None
            return None if total is None else f"the {field} values of {top} add up to {total}"
        wrap = args[3] if len(args) > 3 else Const(False)
        if not isinstance(wrap, Const):
            said = _words(wrap, vocab, loops)
            return None if said is None else f"{top} go up or down one step at a time in the {field} order " \
                                             f"(wrapping around when {said})"
        return f"{top} go up or down one step at a time in the {field} order" + \
            (", wrapping around from the last to the first" if wrap.v else "")
    if name in COMBO_WORDS:
        return _combo_words(name, args, vocab, loops)
    if name in ("best-hand", "best-hand-name") and len(args) >= 2 and len(args) % 2 == 0 and all(
            isinstance(a, Const) and type(a.v) is int for a in args[1::2]):     # so many cards of each
        said = [_words(a, vocab, loops) for a in args[::2]]
        if None in said:
            return None
        parts = " and ".join(f"{a.v} of {_the(w)}" for w, a in zip(said, args[1::2]))   # type: ignore[arg-type]
        return ("the score of" if name == "best-hand" else "the name of") + f" the best hand of exactly {parts}"
    if name in _CALL_WORDS:
        said = [_words(a, vocab, loops) for a in args]
        if None in said:
            return None
        return _CALL_WORDS[name].format(" and ".join(said))        # type: ignore[arg-type]
    if name in vocab.words:                  # a definition given values: its name, the values in words
        said = [_words(a, vocab, loops) for a in args]
        return None if None in said else f"{name}({', '.join(said)})"     # type: ignore[arg-type]
    return None


def _aggregate_words(t: Tree, vocab: Vocabulary, loops: tuple[_Loop, ...]) -> str | None:
    """`any/all/count/sum/max/min/first/cards(body for x in coll)` in words, the variable said as 'its' / 'their'."""
    kind, body, var, coll = str(t.children[0]), t.children[1], str(t.children[2]), t.children[3]
    listed = isinstance(coll, Const) and isinstance(coll.v, (list, tuple))    # a list of values written out
    coll_text = "" if listed else text_of(coll)
    pile = coll_text in vocab.families or ("." in coll_text and coll_text.rpartition(".")[2] in vocab.families)
    noun = "value" if listed else "pile" if pile else "player" if coll_text == "seats" \
        or coll_text.endswith("team-seats") or coll_text.startswith("players-after(") else "card"
    plural = noun + "s"
    group = f"the {plural}"
    where = ""
    if pile and "." in coll_text:                  # a family each player has: `actor.spread`
        said = _words(coll, vocab, loops)
        if said is None:
            return None
        where, group = f" of {_the(said)}", f"the piles of {_the(said)}"
    elif pile:
        where, group = f" of {coll_text}", f"the piles of {coll_text}"
    elif listed:
        values = [value(v) for v in coll.v]
        among = ", ".join(values[:-1]) + f" and {values[-1]}" if len(values) > 1 else values[0]
        where, group = f" among {among}", f"the values {among}"
    elif coll_text != "seats":
        said = _words(coll, vocab, loops)
        if said is None:
            return None
        where = f" of {_the(said)}" if noun == "player" else " picked" if said == "picked" else f" in {_the(said)}"
        group = _the(said) if noun == "player" else "the cards picked" if said == "picked" else \
            f"the cards in {_the(said)}"
    if any(lp.noun == noun for lp in loops) or getattr(t.children[0], "type", None) == X.LOOPS:
        return None                           # 'that card' would say either card; loops in a row: as written
    inner = loops + (_Loop(var, noun),)
    said = _words(body, vocab, inner)
    if said is None:
        return None
    if len(t.children) > 4:                   # `... if COND`: only those for which it holds
        kept = _words(t.children[4], vocab, inner)
        if kept is None:
            return None
        many = _relative(kept, noun, many=True)          # the group is plural: "those players who are not out"
        group = f"those {plural}{where} {many}" if group == f"the {plural}" else f"{group} {many}"
        among = f"{where} {many}"
        where = f"{where} {_relative(kept, noun)}"
    if kind == "cards":                       # a filter: the cards kept
        if said != f"that {noun}":
            return f"{said} for each of {group}"
        return group if len(t.children) > 4 else f"the {plural}{where}"
    if kind == "first":                       # the first one (in order), or a value of it
        one = f"the first {noun}{where}" if where.startswith(" ") and not where.startswith((" of", " in", " among")) \
            else f"the first of {group}"
        if said.startswith(("its ", "their ")):          # a field of it: the name of the first card ...
            said = "the " + said.split(" ", 1)[1]
        return one if said == f"that {noun}" else f"{said} of {one}"
    if kind in ("sum", "max", "min"):
        what = {"sum": "the total", "max": "the highest", "min": "the lowest"}[kind]
        owner = "their" if noun == "player" else "its"
        if said.startswith(owner + " ") and " " not in said[len(owner) + 1:]:
            return f"{what} {said[len(owner) + 1:]} of {group}"     # the total tricks of the player's side
        return f"{what} of {said} over {group}"
    rel = _relative(said, noun)
    if len(t.children) > 4:                   # two relative clauses: the second after "of those,"
        if kind == "count":                   # a number (compared, added): a noun phrase, both clauses in it
            return f"the number of {plural}{among} and {_relative(said, noun, many=True)}"
        if kind == "any":
            return f"of the {plural}{among}, there is one {rel}"
        return f"of the {plural}{among}, every one is one {rel}"
    if kind == "count":
        if said == "yes":                     # count(true for ...): every one counts
            return f"the number of {plural}{where}"
        return f"the number of {plural}{where} {_relative(said, noun, many=True)}"
    if kind == "any":
        return f"there is a {noun}{where} {rel}"
    return f"every {noun}{where} is one {rel}"


_PLURAL_VERBS = {"is": "are", "does": "do", "has": "have", "sits": "sit"}


def _relative(said: str, noun: str, many: bool = False) -> str:
    """A condition on the loop's card, player or value as a relative clause: 'whose rank is A', 'for which ...',
    'who is out' (of `many`, players counted: 'who are out')."""
    if said.startswith(("its ", "their ")):
        return "whose " + said.split(" ", 1)[1]
    if noun == "player" and said.startswith("that player ") and " and " not in said and " or " not in said:
        verb, _, rest = said[len("that player "):].partition(" ")
        return f"who {_PLURAL_VERBS.get(verb, verb) if many else verb} {rest}".rstrip()
    return ("for whom " if noun == "player" else "for which ") + said


def players_zone(name: str) -> bool:
    """Is `name` a zone each player has one of (a move's bare `hand` is then the player's own)?"""
    return name in _current.get().seat_zones


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
    folded = fold(tree, vocab)
    text = text_of(folded)
    for name, (expr_text, desc) in vocab.words.items():       # the whole expression is a defined word
        if expr_text and name != besides and not isinstance(folded, Const) and _same(expr_text, text, vocab):
            folded = Tree("name", [Token("NAME", name)])
            break
    if (flag := _flag(folded, vocab)) is not None:           # `when: contract` as inside `contract and ...`
        return flag
    if isinstance(folded, Tree) and folded.data == "name" and str(folded.children[0]) in vocab.words:
        name = str(folded.children[0])
        desc = vocab.words[name][1]
        return f"{name} ({desc})" if desc else name
    said = _words(folded, vocab)
    if said is not None:
        return said
    return f"the formula `{text}`"


def say_of(v: Any, var: str, noun: str = "player") -> str:
    """A condition on one thing named `var` (a seat part's candidate `s`) as a relative clause after "a player":
    "whose team is not the player's team" ("the player" is then the one acting alone), else "for whom ..."."""
    vocab = _current.get()
    if isinstance(v, str):
        try:
            tree = X.unwrap(fold(X.parse(v), vocab))
        except X.ExprError:
            tree = None
        conds = tree.children if isinstance(tree, Tree) and tree.data == "and_" else [tree]
        worded = isinstance(tree, Tree) and tree.data == "name" and str(tree.children[0]) in vocab.words
        said = [_clause_of(c, var, noun, vocab) for c in conds] if tree is not None and not worded else [None]
        if None not in said:
            return ", and ".join(said)      # type: ignore[arg-type]
    return ("for whom " if noun == "player" else "for which ") + say(v)


def _clause_of(t: Any, var: str, noun: str, vocab: Vocabulary) -> str | None:
    """One condition on `var` as a relative clause: `s != actor` "who is not the one acting"."""
    u = X.unwrap(t)
    if isinstance(u, Tree) and u.data == "compare" and len(u.children) == 3:
        names = {str(X.unwrap(c).children[0]) for c in (u.children[0], u.children[2])
                 if isinstance(X.unwrap(c), Tree) and X.unwrap(c).data == "name"}
        op = " ".join(str(u.children[1]).split())
        if names == {var, "actor"} and op in ("==", "!="):
            return "who is the one acting" if op == "==" else "who is not the one acting"
    said = _words(t, vocab, (_Loop(var, noun),))
    return None if said is None else _relative(said, noun)


def _same(expr_text: str, text: str, vocab: Vocabulary) -> bool:
    try:
        return text_of(fold(X.parse(expr_text), vocab)) == text
    except X.ExprError:
        return False

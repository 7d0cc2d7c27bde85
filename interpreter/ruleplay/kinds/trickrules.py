"""The trick kind's switches for the common rules, in words instead of expressions.

`first-lead` (the holder of a card leads the first trick, with that card), `breaks` (a suit may not be led
until a card that breaks it is played) and `first-trick` (cards a player who cannot follow may not play
on the first trick). Each switch is compiled into text of the expression language and AND-ed with the
file's own `leader`, `lead-allowed`, `play-allowed` and `flags`: the interpreter and the generated code
(codegen/trick.py) run the one text, and a restriction lifts like any other when no card in hand passes.
The text is made of validated parts only (card, suit and rank words of the deck, zone and flag names, and
conditions that compiled on their own), never of unchecked file text.

A list of cards is one word or a list of words: a card name (`QS`), a suit (`H`), a rank (`A`) or
`points` (the cards the deck's `points` attribute makes worth more than 0), each optionally followed by
`if CONDITION` (a bool, typically an option: `QS if queen-breaks`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ruleplay.lang import expr as X
from ruleplay.errors import did_you_mean, one_of
from ruleplay.kinds.schema_parts import EXPR, NAME_PATTERN, obj, text
from ruleplay.kinds.words import formula

CARDS = {"type": ["string", "array"], "items": {"type": "string"}, "maxItems": 100,
         "description": "A card name (QS), a suit (H), a rank (A) or `points`, or a list of them; each may end "
                        "with `if CONDITION` (e.g. 'QS if queen-breaks')."}
WHEN = {"description": "Bool: the rule holds only when this does (typically an option); default true.",
        "examples": ["must-break", "hand-number > 1"], **EXPR}
SCHEMA = {
    "first-lead": {"description": "The holder of this card leads the first trick (unless `leader` says who "
                                  "does), and leads it: a card name, or {card, instead: cards that may be led "
                                  "instead}.",
                   "anyOf": [text("The card (e.g. 2C)."),
                             obj({"card": text("The card (e.g. 2C).", examples=["2C"]),
                                  "instead": {**CARDS, "description": "Cards the holder may lead instead. " +
                                              CARDS["description"], "examples": ["C if lead-any-club"]}},
                                 ["card"])]},
    "breaks": {"type": "object", "maxProperties": 20,
               "description": "Suits that may not be led until broken: suit -> {flag, by, when, unless-only}.",
               "additionalProperties": obj({
                   "flag": {"type": "string", "pattern": NAME_PATTERN,
                            "description": "The per-hand flag that says the suit is broken, a name in expressions "
                                           "(default: the suit in lower case + '-broken', e.g. h-broken).",
                            "examples": ["h-broken"]},
                   "by": {**CARDS, "description": "The cards whose play breaks the suit (default: the suit). " +
                          CARDS["description"], "examples": [["H", "QS if queen-breaks"]]},
                   "when": WHEN,
                   "unless-only": {**CARDS, "description": "A leader holding only the suit and these may lead "
                                   "it unbroken. " + CARDS["description"], "examples": [["QS"]]}})},
    "first-trick": obj({"no-discard": {**CARDS, "description": "Cards a player who cannot follow may not play "
                                       "on the first trick. " + CARDS["description"],
                                       "examples": [["points"], ["H", "QS", "A"]]},
                        "when": WHEN}, ["no-discard"],
                       desc="A rule for the first trick only."),
}
EXAMPLES = {
    "first-lead": {"examples": ["2C", {"card": "2C", "instead": "C if lead-any-club"}]},
    "breaks": {"examples": [{"H": {"flag": "h-broken", "by": ["H", "QS if queen-breaks"], "when": "must-break",
                                   "unless-only": ["QS"]}}]},
    "first-trick": {"examples": [{"no-discard": ["points"], "when": "no-points-first-trick"}]},
}
_ITEM = re.compile(r"\s*(\S*)(\s+if\s+(?=\S))?(.*)", re.S)     # WORD [if CONDITION]
_VAR = "_c"                      # the cards of a hand in an aggregate: no file's name has an underscore


@dataclass(frozen=True)
class _Item:
    """One word of a list of cards: the field and value it tests, and the condition that does not fold."""
    field: str                   # name | suit | rank | points
    value: str
    cond: str | None = None

    def test(self, var: str) -> str:
        t = f"{var}.points > 0" if self.field == "points" else f"{var}.{self.field} == {_lit(self.value)}"
        return t if self.cond is None else f"(({self.cond}) and {t})"


def _lit(word: str) -> str:
    """A deck's word as a string of the expression language (`_writable` checked that it can be one)."""
    return f'"{word}"' if "'" in word else f"'{word}'"


def _writable(ctx, path: tuple, word: str) -> bool:
    if ("'" in word and '"' in word) or "\n" in word or len(word) > 200:
        ctx.error(path, f"the deck's word {word!r} cannot be named in a rule (it holds both quotes or a line break)",
                  "rename the suit or rank in deck", value=True)
        return False
    return True


@dataclass
class Switched:
    """What the switches add to the phase: a leader rule, restrictions to AND in, flags."""
    leader: str | None = None
    lead: list[str] = field(default_factory=list)
    play: list[str] = field(default_factory=list)
    flags: dict[str, str] = field(default_factory=dict)
    words: dict[str, str] = field(default_factory=dict)      # for the rule sheet: 'H' -> 'suit H'


def break_flags(spec: dict) -> dict[str, str]:
    """Suit -> the flag saying it is broken (known before anything compiles: names for every expression)."""
    return {suit: (b or {}).get("flag") or f"{str(suit).lower()}-broken"
            for suit, b in (spec.get("breaks") or {}).items()}


def _listed(raw: Any) -> list:
    return [] if raw is None else list(raw) if isinstance(raw, list) else [raw]


def _items(ctx, path: tuple, raw: Any, cscope: X.Scope, points_ok: bool, words: dict[str, str]) -> list[_Item] | None:
    """The words of a list of cards, checked with placed errors; a word whose condition folds to false is
    left out, one whose condition folds to true is kept without it. None after an error."""
    deck = ctx.deck
    out: list[_Item] | None = []
    for i, word in enumerate(_listed(raw)):
        at = path + (i,) if isinstance(raw, list) else path
        m = _ITEM.fullmatch(str(word))
        name, cond = m.group(1), m.group(3) if m.group(2) else None
        if cond is None and m.group(3).strip():
            ctx.error(at, f"in {str(word)!r}: a card word may be followed only by 'if' and a condition",
                      "e.g. 'QS if an-option'", value=True)
            out = None
            continue
        kinds = [k for k, vals in (("name", deck.names), ("suit", deck.suits), ("rank", deck.ranks)) if name in vals]
        if name == "points":
            if not points_ok:
                ctx.error(at, "'points' here means the deck's points attribute, but this phase counts points "
                              "with its own `points` key", "list the cards instead", value=True)
                out = None
                continue
            if "points" not in deck.attrs:
                ctx.error(at, "no card is worth points: the deck has no 'points' attribute",
                          "add deck.attributes.points, or list the cards", value=True)
                out = None
                continue
            kinds = ["points"]
        if len(kinds) != 1 or not _writable(ctx, at, name):
            if len(kinds) > 1:
                ctx.error(at, f"'{name}' is both a {' and a '.join('card' if k == 'name' else k for k in kinds)} of this deck", "list the cards instead",
                          value=True)
            elif not kinds:
                ctx.error(at, f"'{name}' is not a card, suit or rank of this deck",
                          did_you_mean(name, [*deck.names, *deck.suits, *deck.ranks, "points"]) or
                          "write a card name (QS), a suit (H), a rank (A) or points, optionally followed by 'if' "
                          "and a condition", value=True)
            out = None
            continue
        if cond is not None:
            c = ctx.expr_of(at, cond, X.BOOL, cscope, at=m.start(3))
            if c is None:
                out = None
                continue
            if c.is_const:
                if not c.const:
                    continue
                cond = None
        words[name] = _PHRASE[kinds[0]].format(name)
        if out is not None:
            out.append(_Item(kinds[0], name, cond))
    return out


_PHRASE = {"name": "{}", "suit": "suit {}", "rank": "rank {}", "points": "a card worth points"}


def _any(items: list[_Item], var: str) -> str:
    return " or ".join(i.test(var) for i in items)


def _when(ctx, path: tuple, cscope: X.Scope) -> str | bool | None:
    """The `when` of a switch: True or False when it folds, else its text; None after an error."""
    if ctx.get(path) is None:
        return True
    c = ctx.expr(path, X.BOOL, cscope)
    if c is None:
        return None
    return bool(c.const) if c.is_const else str(ctx.get(path))


def compile_switches(ctx, path: tuple, spec: dict, cscope: X.Scope) -> Switched | None:
    """The switches of the trick phase at `path` as expression text (None after placed errors)."""
    out = Switched()
    ok = _first_lead(ctx, path, spec, cscope, out) if spec.get("first-lead") is not None else True
    taken = set((spec.get("flags") or {})) | set((spec.get("choices") or {}))
    for suit, flag in break_flags(spec).items():
        ok = _breaks(ctx, path, spec, cscope, out, suit, flag, taken) and ok
    if spec.get("first-trick") is not None:
        ok = _first_trick(ctx, path, spec, cscope, out) and ok
    return out if ok else None


def _first_lead(ctx, path: tuple, spec: dict, cscope: X.Scope, out: Switched) -> bool:
    """The holder of the card leads (unless the file's `leader` says who does); the card, or one of
    `instead`, is the first lead."""
    first, fpath = spec["first-lead"], path + ("first-lead",)
    card = first if isinstance(first, str) else first.get("card")
    cpath = fpath if isinstance(first, str) else fpath + ("card",)
    instead = [] if isinstance(first, str) else _items(ctx, fpath + ("instead",), first.get("instead"), cscope,
                                                         "points" not in spec, out.words)
    if card not in ctx.deck.names:
        ctx.error(cpath, f"'{card}' is not a card of this deck", did_you_mean(card, ctx.deck.names), value=True)
        return False
    if not _writable(ctx, cpath, card) or instead is None:
        return False
    if "leader" not in spec:
        out.leader = f"any({_Item('name', card).test(_VAR)} for {_VAR} in s.{spec['from']})"
    out.lead.append(" or ".join(["trick-number > 1", _Item("name", card).test("card"),
                                 *(i.test("card") for i in instead)]))
    return True


def _breaks(ctx, path: tuple, spec: dict, cscope: X.Scope, out: Switched, suit: str, flag: str,
            taken: set[str]) -> bool:
    """The flag set once a card of `by` is played, and the lead refused for the suit until then (the first
    lead aside when `first-lead` fixes it), unless the leader holds only the suit and `unless-only`."""
    b, bpath = spec["breaks"][suit] or {}, path + ("breaks", suit)
    if suit not in ctx.deck.suits:
        ctx.error(bpath, f"'{suit}' is not a suit of this deck",
                  did_you_mean(suit, ctx.deck.suits) or f"suits: {one_of(ctx.deck.suits)}")
        return False
    if flag in taken:
        ctx.error(bpath, f"the flag '{flag}' is already a flag or choice of this phase", "name it with `flag:`")
        return False
    if not re.fullmatch(NAME_PATTERN, flag):
        ctx.error(bpath, f"'{flag}', the flag this suit would get, is not a name", "name it with `flag:`")
        return False
    taken.add(flag)
    if not _writable(ctx, bpath, suit):
        return False
    points_ok = "points" not in spec
    by = _items(ctx, bpath + ("by",), b["by"], cscope, points_ok, out.words) if "by" in b else [_Item("suit", suit)]
    only = _items(ctx, bpath + ("unless-only",), b.get("unless-only"), cscope, points_ok, out.words)
    when = _when(ctx, bpath + ("when",), cscope)
    if by is None or only is None or when is None:
        return False
    out.flags[flag] = _any(by, "card") or "false"
    if when is False:
        return True
    parts = (["trick-number == 1"] if spec.get("first-lead") is not None else []) + \
        [f"card.suit != {_lit(suit)}", flag] + ([] if when is True else [f"not ({when})"])
    extra = [i for i in only if (i.field, i.value) != ("suit", suit)]
    if extra:
        parts.append(f"all({_any([_Item('suit', suit), *extra], _VAR)} for {_VAR} in actor.{spec['from']})")
    out.lead.append(" or ".join(parts))
    return True


def _first_trick(ctx, path: tuple, spec: dict, cscope: X.Scope, out: Switched) -> bool:
    """On the first trick a player who cannot follow may not play the cards of `no-discard`."""
    fpath = path + ("first-trick",)
    cards = _items(ctx, fpath + ("no-discard",), spec["first-trick"].get("no-discard"), cscope,
                   "points" not in spec, out.words)
    when = _when(ctx, fpath + ("when",), cscope)
    if cards is None or when is None:
        return False
    if cards and when is not False:
        out.play.append(" or ".join(([] if when is True else [f"not ({when})"]) +
                                    ["trick-number > 1", f"not ({_any(cards, 'card')})"]))
    return True


def joined(own: Any, added: list[str]) -> Any:
    """A restriction the file wrote, AND-ed with what the switches add (the file's own value alone when
    they add nothing)."""
    if not added:
        return own
    parts = ([] if own is None else ["true" if own is True else "false" if own is False else str(own)]) + added
    return parts[0] if len(parts) == 1 else " and ".join(f"({p})" for p in parts)


# ---------------------------------------------------------------------------- the rule sheet (explain)
def _said(raw: Any, words: dict[str, str]) -> list[str]:
    """A list of cards in words, options folded: 'suit H', 'QS (when x)'; a word that is off is left out."""
    out = []
    for word in _listed(raw):
        m = _ITEM.fullmatch(str(word))
        what = words.get(m.group(1), m.group(1))
        when = formula(m.group(3)) if m.group(2) else "yes"
        if when != "no":
            out.append(what if when == "yes" else f"{what} (when {when})")
    return out


def _or(words: list[str], conj: str = "or") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {conj} " + words[-1]


def leader_words(spec: dict) -> str | None:
    """Who leads the first trick, when `first-lead` says it."""
    first = spec.get("first-lead")
    if first is None or "leader" in spec:
        return None
    return f"the player holding {first if isinstance(first, str) else first.get('card')}"


def _under(when: str, sentence: str) -> str:
    """A sentence under a condition that did not fold: 'When X, on the first trick ...'."""
    return f" {sentence}" if when == "yes" else f" When {when}, {sentence[0].lower()}{sentence[1:]}"


def describe(spec: dict, words: dict[str, str]) -> tuple[str, bool]:
    """The switches in sentences (options folded: a rule that is off is not said), and whether any of them
    restricts a card (the sheet then says that a restriction lifts when no card in hand meets it)."""
    out, restricting = "", False
    first = spec.get("first-lead")
    if first is not None:
        card = first if isinstance(first, str) else first.get("card")
        instead = [] if isinstance(first, str) else _said(first.get("instead"), words)
        out += f" The first trick is led with {_or([card, *instead])}" + \
            (" when the leader holds it." if "leader" in spec else ".")
        restricting = True
    flags = break_flags(spec)
    for suit, b in (spec.get("breaks") or {}).items():
        b = b or {}
        by = _said(b["by"], words) if "by" in b else [f"suit {suit}"]
        when = formula(b["when"]) if "when" in b else "yes"
        if when != "no":
            out += _under(when, f"Suit {suit} may not be led until it is broken ({flags[suit]}).")
            restricting = True
            only = [w for w in _said(b.get("unless-only"), words) if w != f"suit {suit}"]
            if only:
                out += f" A leader holding nothing but suit {suit} and {_or(only, 'and')} may lead suit {suit} before it is broken."
        out += f" {flags[suit]} becomes true once {_or(by)} is played this hand." if by else ""
    ft = spec.get("first-trick")
    if ft is not None:
        cards = _said(ft.get("no-discard"), words)
        when = formula(ft["when"]) if "when" in ft else "yes"
        if cards and when != "no":
            out += _under(when, f"On the first trick a player who cannot follow may not play {_or(cards)}.")
            restricting = True
    return out, restricting

"""Per-card tabulation: a rule that reads only its card becomes a lookup table (`CardRule`), a speed device."""
from __future__ import annotations

from typing import Any, Callable


from ruleplay.lang.expr.parse import INT, BOOL, STR, CARD, CARDS
from ruleplay.lang.expr.scope import Binding, Scope, Compiled


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

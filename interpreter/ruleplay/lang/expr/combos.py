"""Words that count the combinations among some cards (a hand and a starter, the table): how many sets add
up to a total, the runs and the pairs they hold. Each reads one to four cards values together, as
`best-hand` does, so `ways-to-sum(s.hand, starter, fifteen, 15)` counts the sets of a hand and a starter
whose `fifteen` values add up to 15.

- `ways-to-sum(cards, ..., field, total)`: the number of different sets of the cards whose values of
  `field` (a card field with numbers) add up to `total`; a card with no value above 0 is in none;
- `longest-run(cards, ..., order)`: the most cards of consecutive values in `order` (one card a value);
- `run-count(cards, ..., n, order)`: the number of different runs of at least `n` cards (a run: cards of
  consecutive values, one a value, that no other of the cards extends); with two 4s, 3-4-5 is two runs;
- `run-cards(cards, ..., n, order)`: the cards in those runs, each run counted whole (a cribbage hand's
  points for runs: 3-3-4-5 is 6);
- `pairs(cards, ...)`: the number of pairs of cards of one rank (three of a rank are three pairs);
- `deadwood(cards, ..., field)`: the least total of `field` values left over when the cards are split into
  melds, each a set (three or four cards of one rank) or a run (three or more of one suit in a row in the
  deck's rank order), no card in two (gin rummy's deadwood; 0: every card melded); more than MAX_MELD_CARDS
  cards give no value (the game stops with an error at the expression);
- `top-run(pile, order)`: the most cards from the top of one pile that make a run in any order (cribbage's
  pegging: 4-6-5 played in a row is a run of three; 0 when not even the top card has a value).

The work is bounded when the file is validated: a sum is counted over the reachable totals (at most the
deck's cards times the field's largest value, MAX_SUMS), runs and pairs over the cards once.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import TYPE_CHECKING, Any, Callable

from ruleplay.lang.expr.parse import INT, CARDS, ExprError, _col
from ruleplay.lang.expr.scope import Compiled

if TYPE_CHECKING:
    from ruleplay.lang.expr.compiler import Compiler

MAX_CARDS_ARGS = 4
MAX_SUMS = 100_000      # the totals `ways-to-sum` may keep: the deck's cards times the field's largest value
WORDS = {"ways-to-sum": 2, "longest-run": 1, "run-count": 2, "run-cards": 2, "pairs": 0,     # arguments after
         "top-run": 1, "deadwood": 1}                                                         # the cards
MAX_MELD_CARDS = 16     # deadwood's cards: the split is searched over the melds they hold
USAGE = {"ways-to-sum": "ways-to-sum(cards, ..., field, total)", "longest-run": "longest-run(cards, ..., order)",
         "run-count": "run-count(cards, ..., n, order)", "run-cards": "run-cards(cards, ..., n, order)",
         "pairs": "pairs(cards, ...)", "top-run": "top-run(pile, order)", "deadwood": "deadwood(cards, ..., field)"}


def union(parts: list[Compiled]) -> Callable[[Any], list]:
    """The cards of several cards values together, as one list."""
    fns = [p.fn for p in parts]
    if len(fns) == 1:
        return fns[0]

    def cards(e) -> list:
        out: list = []
        for f in fns:
            out.extend(f(e))
        return out
    return cards


def compile_combo(comp: "Compiler", name: str, args: list, tok: Any, field_table: Callable) -> Compiled:
    """`name(args...)` for a name in WORDS; `field_table(comp, node, name, what)` reads a card field's table."""
    extra = WORDS[name]
    if not extra + 1 <= len(args) <= extra + MAX_CARDS_ARGS:
        raise ExprError(f"{name} takes 1 to {MAX_CARDS_ARGS} cards values"
                        f"{' and ' + str(extra) + ' more' if extra else ''}: {USAGE[name]}", _col(tok))
    split = len(args) - extra
    parts = [comp._typed(a, CARDS) for a in args[:split]]
    rest = args[split:]
    uses = frozenset().union(*(p.uses for p in parts))
    cards = union(parts)
    if name == "pairs":
        ranks = comp.scope.fields.card_tables.get("rank")
        return Compiled(lambda e: _pairs(cards(e), ranks), INT, uses=uses)
    if name == "ways-to-sum":
        arr = field_table(comp, rest[0], name, "field")
        top = max((v for v in arr if v is not None), default=0)
        if top * len(arr) > MAX_SUMS:
            raise ExprError(f"ways-to-sum: totals of {len(arr)} cards with values up to {top} could be "
                            f"{top * len(arr):,}; the limit is {MAX_SUMS:,}", _col(rest[0]),
                            "use a card field with smaller values")
        total = comp._typed(rest[1], INT)
        tf = total.fn
        return Compiled(lambda e: _ways(cards(e), arr, tf(e)), INT, uses=uses | total.uses)
    if name == "deadwood":
        arr = field_table(comp, rest[0], name, "field")
        tables = comp.scope.fields.card_tables
        ranks, suits, order = tables.get("rank"), tables.get("suit"), tables.get("order")
        return Compiled(lambda e: _deadwood(cards(e), ranks, suits, order, arr), INT, uses=uses)
    order = field_table(comp, rest[-1], name, "order")
    if name == "top-run":
        if len(parts) != 1:
            raise ExprError(f"top-run reads one pile: {USAGE[name]}", _col(tok))
        return Compiled(lambda e: _top_run(cards(e), order), INT, uses=uses)
    if name == "longest-run":
        return Compiled(lambda e: _runs(cards(e), order, 1)[0], INT, uses=uses)
    n = comp._typed(rest[0], INT)
    if not n.is_const or not 1 <= n.const <= 60:
        raise ExprError(f"{name}: the fewest cards of a run is a number from 1 to 60 (options allowed)", _col(rest[0]))
    k = n.const
    at = 1 if name == "run-count" else 2
    return Compiled(lambda e: _runs(cards(e), order, k)[at], INT, uses=uses)


def _pairs(cards: list, ranks: list) -> int:
    counts = Counter(ranks[c] for c in cards if ranks[c] is not None)
    return sum(m * (m - 1) // 2 for m in counts.values())


def _ways(cards: list, arr: list, total: int | None) -> int:
    """Sets of the cards whose values add up to `total`: counted by totals, each card in or out."""
    if total is None or total <= 0:
        return 0
    ways = {0: 1}
    for c in cards:
        v = arr[c]
        if v is None or v <= 0:
            continue
        for s, w in list(ways.items()):
            if s + v <= total:
                ways[s + v] = ways.get(s + v, 0) + w
    return ways.get(total, 0)


def _runs(cards: list, order: list, least: int) -> tuple[int, int, int]:
    """(the longest run, the runs of at least `least` cards, the cards in them), runs of consecutive values
    one card a value, each maximal; cards of one value multiply the runs through it."""
    counts = Counter(order[c] for c in cards if order[c] is not None and order[c] > 0)
    longest = runs = in_runs = 0
    values = sorted(counts)
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        length = j - i + 1
        longest = max(longest, length)
        if length >= least:
            ways = 1
            for v in values[i:j + 1]:
                ways *= counts[v]
            runs += ways
            in_runs += ways * length
        i = j + 1
    return longest, runs, in_runs


def _top_run(pile, order: list) -> int:
    """The most cards from the top of `pile` whose values are consecutive, one card a value, in any order."""
    best, seen = 0, set()
    lo = hi = 0
    for k, c in enumerate(reversed(pile), 1):
        v = order[c]
        if v is None or v <= 0 or v in seen:
            break
        seen.add(v)
        lo, hi = (v, v) if k == 1 else (min(lo, v), max(hi, v))
        if hi - lo == k - 1:
            best = k
    return best


def _melds(cards: list, ranks: list, suits: list, order: list) -> list[int]:
    """Every set and run among the cards, as bit masks over their places in `cards` (each card's bit worked
    out once; a run of one card per value grown a card at a time)."""
    out: list[int] = []
    by_rank: dict = {}
    by_suit: dict = {}
    for i, c in enumerate(cards):
        bit = 1 << i
        r = ranks[c]
        if r is not None:
            got = by_rank.get(r)
            if got is None:
                by_rank[r] = [bit]
            else:
                got.append(bit)
        s, o = suits[c], order[c]
        if s is not None and o is not None and o > 0:
            got = by_suit.get(s)
            if got is None:
                by_suit[s] = {o: [bit]}
            else:
                got.setdefault(o, []).append(bit)
    for bits in by_rank.values():                    # sets: three or four of a rank (bits of distinct places)
        if len(bits) >= 3:
            out += [a | b | c for a, b, c in combinations(bits, 3)]
            if len(bits) >= 4:
                out += [sum(combo) for combo in combinations(bits, 4)]
    for values in by_suit.values():                  # runs: consecutive values, one card each (any copy)
        vals = sorted(values)
        for a in range(len(vals)):
            single = len(values[vals[a]]) == 1
            mask = values[vals[a]][0]
            for b in range(a + 1, len(vals)):
                if vals[b] - vals[a] != b - a:
                    break
                here = values[vals[b]]
                single = single and len(here) == 1
                if single:
                    mask |= here[0]
                    if b >= a + 2:
                        out.append(mask)
                elif b >= a + 2:
                    out += [sum(pick) for pick in product(*(values[v] for v in vals[a:b + 1]))]
    return out


def _deadwood(cards, ranks: list, suits: list, order: list, arr: list) -> int | None:
    """The least total left unmelded: each card in turn is either left over or put in a meld that holds it
    and no card already used (a search over the used cards, remembered)."""
    cards = list(cards)
    if len(cards) > MAX_MELD_CARDS:
        return None
    values = [arr[c] or 0 for c in cards]
    melds = _melds(cards, ranks, suits, order)
    if not melds:                                            # no set nor run: every card is left over
        return sum(values)
    holding = [[m for m in melds if m >> i & 1] for i in range(len(cards))]
    full = (1 << len(cards)) - 1
    known: dict[int, int] = {}

    def best(used: int) -> int:
        if used == full:
            return 0
        got = known.get(used)
        if got is None:
            i = (~used & (used + 1)).bit_length() - 1          # the first card not yet placed
            got = values[i] + best(used | 1 << i)
            for m in holding[i]:
                if not m & used:
                    got = min(got, best(used | m))
            known[used] = got
        return got
    return best(0)

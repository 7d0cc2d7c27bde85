"""Words of the expression language that are calls: seats around the table and patterns on top of a pile.

Seats are numbered clockwise, so `left-of(s)` is the next seat clockwise whatever the direction of play;
`opposite(s)` is `players // 2` seats along (at an odd table, the seat just left of the middle).
`players-after(s)` is the other seats in turn after `s`, in the direction of play: with `first(...)`, the
next player who holds a card (`first(x for x in players-after(actor) if x.hand.size > 0)`); `next-player(s)`
is the first of them (a Draw Two aimed at the next player: `next-player(actor).hand`). `seat(n)` is the seat
numbered n (0, 1, ... clockwise, as `s.index`; none past the last), for a seat kept as a number.

Pile helpers read the top `n` cards of a cards value (`pile`, `s.hand`), counted like `pile[1]`:
- `same-rank(cards, n)`: the top n cards share one rank (5-5-5);
`n` is a number from 1 to 60: fixed (an option) or worked out in play (a chosen run's length, `number`),
where a value outside 1..60 makes the pattern false.
- `in-a-row(cards, n, order, wrap)`: the top n cards go one step up, or one step down, at a time in a
  rank order (`order`, `rank`-like deck orders), wrapping from the last step of the order to the first
  when `wrap` (a yes/no, often an option) holds; cards outside the order (a joker: 0) never make a run;
- `adds-to(cards, n, field, total)`: the top n cards each have a value of `field` above 0 and those
  values add up to `total` (a card whose value is 0, say a J under a `tens` attribute, never counts).
`order` and `field` are written as the name of a card field (`run`, `tens`), not as a value.

Hand words read the file's `hand-ranking:` (compiler/ranking.py) on the cards of one to four cards values
together (`s.hand` and `board`: the union of a player's hand and the board):
- `best-hand(cards, ...)`: the score of the best hand among them, an int (higher wins; 0 for none); with a
  number after each cards value (`best-hand(s.hand, 2, board, 3)`), of exactly that many of each;
- `best-hand-name(cards, ...)`: the name of its combination (`'full-house'`; `'none'`).
Combination words (combos.py) count sets among such cards: `ways-to-sum`, `longest-run`, `run-count`,
`run-cards`, `pairs`.
Each is one closure that behaves like the comparisons written out (`pile[1].rank == pile[2].rank and ...`):
a missing card or a missing value makes the pattern false.
"""
from __future__ import annotations

from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from lark import Tree

from ruleplay.lang.expr.combos import USAGE as COMBO_USAGE, WORDS as COMBO_WORDS, compile_combo
from ruleplay.lang.expr.parse import BOOL, CARDS, ExprError, INT, SEAT, SEATS, STR, _col, unwrap
from ruleplay.lang.expr.scope import Compiled, const

if TYPE_CHECKING:
    from ruleplay.lang.expr.compiler import Compiler

MAX_TOP = 60          # cards a pile helper may look at: each evaluation reads each of them once
SEAT_WORDS = ("left-of", "right-of", "opposite")
NUMBER_WORDS = ("seat",)
ROUND_WORDS = ("players-after", "next-player")
PILE_WORDS = {"same-rank": 2, "in-a-row": (2, 4), "adds-to": 4}
HAND_WORDS = ("best-hand", "best-hand-name")
MAX_HAND_ARGS = 4
NAMES = SEAT_WORDS + ROUND_WORDS + NUMBER_WORDS + tuple(PILE_WORDS) + HAND_WORDS + tuple(COMBO_WORDS)
GROUPS = {"seats": SEAT_WORDS + ROUND_WORDS + NUMBER_WORDS, "top of a pile": tuple(PILE_WORDS), "hands": HAND_WORDS,
          "combinations": tuple(COMBO_WORDS)}     # for an unknown function's hint
USAGE = {"left-of": "left-of(seat)", "right-of": "right-of(seat)", "opposite": "opposite(seat)",
         "players-after": "players-after(seat)", "next-player": "next-player(seat)", "seat": "seat(number)",
         "same-rank": "same-rank(cards, n)", "in-a-row": "in-a-row(cards, n, order, wrap)",
         "adds-to": "adds-to(cards, n, field, total)", "best-hand": "best-hand(cards, ...)",
         "best-hand-name": "best-hand-name(cards, ...)", **COMBO_USAGE}


def _counted(comp: "Compiler", args: list) -> list[int] | None:
    """The numbers when the arguments are cards values each followed by a fixed number (`s.hand, 2, board, 3`),
    else None (plain cards values)."""
    if len(args) < 2 or len(args) % 2:
        return None
    counts = []
    for a in args[1::2]:
        try:
            c = comp._typed(a, INT)
        except ExprError:
            return None
        if not c.is_const or c.const is None:
            return None
        counts.append(c.const)
    return counts


def _best_hand_of(comp: "Compiler", name: str, args: list, counts: list[int], tok: Any, ranking) -> Compiled:
    """`best-hand(A, 2, B, 3)`: the best hand made of exactly 2 cards of A and 3 of B (Omaha's two of the hand
    and three of the board), each way of choosing them scored; no hand (0, 'none') when a value holds too few."""
    pairs = [(comp._typed(a, CARDS), k) for a, k in zip(args[::2], counts)]
    if len(pairs) > MAX_HAND_ARGS:
        raise ExprError(f"{name} takes 1 to {MAX_HAND_ARGS} cards values, each with its number", _col(tok))
    if any(k < 1 for k in counts) or sum(counts) != ranking.size:
        raise ExprError(f"{name}: the numbers of cards taken add up to {sum(counts)}, but a hand is "
                        f"{ranking.size} cards (hand-ranking size)", _col(tok),
                        f"e.g. {name}(s.hand, 2, board, {max(1, ranking.size - 2)})")
    uses = frozenset().union(*(c.uses for c, _ in pairs))
    best, fns = ranking.best, [(c.fn, k) for c, k in pairs]

    def top(e) -> tuple[int, int]:
        choices = []
        for f, k in fns:
            cards = list(f(e))
            if len(cards) < k:
                return 0, -1
            choices.append(combinations(cards, k))
        return max((best([c for part in pick for c in part]) for pick in product(*choices)), default=(0, -1))
    if name == "best-hand":
        return Compiled(lambda e: top(e)[0], INT, uses=uses)
    cats = [c.name for c in ranking.categories]
    return Compiled(lambda e: cats[i] if (i := top(e)[1]) >= 0 else "none", STR, uses=uses)


def compile_word(comp: "Compiler", name: str, args: list, tok: Any) -> Compiled:
    """The call `name(args...)` (args as parse trees) compiled, for a name in NAMES."""
    if name in SEAT_WORDS:
        return _seat(comp, name, args, tok)
    if name in ROUND_WORDS:
        return _players_after(comp, name, args, tok)
    if name in NUMBER_WORDS:
        return _seat_numbered(comp, name, args, tok)
    if name in HAND_WORDS:
        return _best_hand(comp, name, args, tok)
    if name in COMBO_WORDS:
        return compile_combo(comp, name, args, tok, _field_table)
    want = PILE_WORDS[name]
    lo, hi = want if isinstance(want, tuple) else (want, want)
    if not lo <= len(args) <= hi:
        raise ExprError(f"{name} takes {lo if lo == hi else f'{lo} to {hi}'} arguments: {USAGE[name]}",
                          _col(tok))
    cards = comp._typed(args[0], CARDS)
    n = _count(comp, args[1], name)
    if name == "same-rank":
        return _same_rank(comp, cards, n)
    if name == "in-a-row":
        arr = _field_table(comp, args[2], name, "order") if len(args) > 2 else comp.scope.fields.card_tables.get(
            "order")
        if arr is None:
            raise ExprError("in-a-row needs a rank order: in-a-row(cards, n, order)", _col(tok))
        wrap = comp._typed(args[3], BOOL) if len(args) > 3 else const(False, BOOL)
        return _in_a_row(cards, n, arr, wrap)
    arr = _field_table(comp, args[2], name, "field")
    total = comp._typed(args[3], INT)
    return _adds_to(cards, n, arr, total)


def _one_seat(comp: "Compiler", name: str, args: list, tok: Any) -> tuple[Compiled, int]:
    """A seat word's one seat, compiled, and the number of players it counts around."""
    if len(args) != 1:
        raise ExprError(f"{name} takes one seat: {USAGE[name]}", _col(tok))
    return comp._typed(args[0], SEAT), _players(comp, name, tok)


def _players(comp: "Compiler", name: str, tok: Any) -> int:
    """The number of players a seat word counts around (fixed when the rules are compiled)."""
    players = comp.scope.names.get("players")
    if players is None or not players.is_const:
        raise ExprError(f"{name} needs the number of players, which is not known here", _col(tok))
    comp.uses.add("players")
    return players.const


def _seat(comp: "Compiler", name: str, args: list, tok: Any) -> Compiled:
    seat, n = _one_seat(comp, name, args, tok)
    step = {"left-of": 1, "right-of": n - 1, "opposite": n // 2}[name]
    f = seat.fn
    return Compiled(lambda e: None if (s := f(e)) is None else (s + step) % n, SEAT, uses=seat.uses)


def _seat_numbered(comp: "Compiler", name: str, args: list, tok: Any) -> Compiled:
    """`seat(n)`: the seat numbered n (as `s.index`), none when there is no such seat."""
    if len(args) != 1:
        raise ExprError(f"{name} takes one number: {USAGE[name]}", _col(tok))
    k = comp._typed(args[0], INT)
    n, f = _players(comp, name, tok), k.fn
    if k.is_const and k.const is not None and not 0 <= k.const < n:
        raise ExprError(f"seat {k.const} does not exist with {n} players", _col(args[0]),
                        f"seats are numbered 0 to {n - 1}")
    return Compiled(lambda e: v if (v := f(e)) is not None and 0 <= v < n else None, SEAT, uses=k.uses)


def _players_after(comp: "Compiler", name: str, args: list, tok: Any) -> Compiled:
    """The other seats still in the game, in turn after a seat, in the direction of play as it stands when the
    rule runs (the table's, turned round by a `turns` phase's `reverse`): a seat knocked out of the match is
    passed over, as play passes it."""
    seat, n = _one_seat(comp, name, args, tok)
    f = seat.fn

    def after(e):
        s = f(e)
        if s is None:
            return []
        d, out = e.rules.direction * getattr(getattr(e, "runner", None), "direction", 1), e.out
        return [x for k in range(1, n) if not out[x := (s + d * k) % n]]
    if name == "next-player":                    # the first of them: none when every other seat is out
        return Compiled(lambda e: next(iter(after(e)), None), SEAT, uses=seat.uses)
    return Compiled(after, SEATS, uses=seat.uses)


def _count(comp: "Compiler", node: Any, name: str) -> Compiled:
    """The number of top cards a pile helper reads: a constant from 1 to MAX_TOP, or a number worked out in
    play (a run's chosen length), for which a value outside 1..MAX_TOP makes the pattern false."""
    c = comp._typed(node, INT)
    if c.is_const and (c.const is None or not 1 <= c.const <= MAX_TOP):
        raise ExprError(f"{name}: the number of cards is a number from 1 to {MAX_TOP}", _col(node))
    return c


def _top(n: Compiled, e) -> int | None:
    """How many top cards to read now (None: none, the pattern is false)."""
    k = n.const if n.is_const else n.fn(e)
    return k if k is not None and 1 <= k <= MAX_TOP else None


def _field_table(comp: "Compiler", node: Any, name: str, what: str) -> list:
    """The per-card table of a card field written as a bare name (`run`, `tens`)."""
    tables = comp.scope.fields.card_tables
    node = unwrap(node)
    field = str(node.children[0]) if isinstance(node, Tree) and node.data == "name" else None
    arr = tables.get(field) if field is not None else None
    if arr is None or not all(v is None or (isinstance(v, int) and not isinstance(v, bool)) for v in arr):
        numeric = [k for k, t in tables.items() if all(v is None or type(v) is int for v in t)]
        raise ExprError(f"{name}: the {what} is the name of a card field with numbers", _col(node),
                          f"card fields with numbers: {', '.join(numeric) or 'none'}")
    return arr


def _same_rank(comp: "Compiler", cards: Compiled, count: Compiled) -> Compiled:
    ranks = comp.scope.fields.card_tables.get("rank")
    if ranks is None:
        raise ExprError("same-rank needs cards with ranks")
    zone = cards.fn
    if count.is_const and count.const == 2:     # a double, the commonest slap: one closure without a loop
        return Compiled(lambda e: len(z := zone(e)) >= 2 and (r := ranks[z[-1]]) is not None and ranks[z[-2]] == r,
                          BOOL, uses=cards.uses)

    def run(e) -> bool:
        z = zone(e)
        n = _top(count, e)
        if n is None or len(z) < n:
            return False
        r = ranks[z[-1]]
        if r is None:
            return False
        for k in range(2, n + 1):
            if ranks[z[-k]] != r:
                return False
        return True
    return Compiled(run, BOOL, uses=cards.uses | count.uses)


def _in_a_row(cards: Compiled, count: Compiled, arr: list, wrap: Compiled) -> Compiled:
    zone, wrap_fn = cards.fn, wrap.fn
    size = max((v for v in arr if v is not None), default=0)      # the order's last step

    def run(e) -> bool:
        z = zone(e)
        n = _top(count, e)
        if n is None or len(z) < n:
            return False
        wraps = (wrap.const if wrap.is_const else wrap_fn(e)) and size
        down_step = size - 1 if wraps else -1
        prev = arr[z[-1]]
        if prev is None or prev <= 0:
            return False
        up = down = True
        for k in range(2, n + 1):            # from the top card down: each one step below (up) or above (down)
            v = arr[z[-k]]
            if v is None or v <= 0:
                return False
            d = (prev - v) % size if wraps else prev - v
            up, down = up and d == 1, down and d == down_step
            if not (up or down):
                return False
            prev = v
        return True
    return Compiled(run, BOOL, uses=cards.uses | wrap.uses | count.uses)


def _adds_to(cards: Compiled, count: Compiled, arr: list, total: Compiled) -> Compiled:
    zone, total_fn = cards.fn, total.fn

    def run(e) -> bool:
        z = zone(e)
        n = _top(count, e)
        if n is None or len(z) < n:
            return False
        acc = 0
        for k in range(1, n + 1):
            v = arr[z[-k]]
            if v is None or v <= 0:
                return False
            acc += v
        t = total_fn(e)
        return t is not None and acc == t
    return Compiled(run, BOOL, uses=cards.uses | total.uses | count.uses)



def _best_hand(comp: "Compiler", name: str, args: list, tok: Any) -> Compiled:
    """`best-hand(s.hand, board)`: the file's hand ranking on the cards of its arguments together."""
    ranking = comp.scope.fields.ranking
    if ranking is None:
        raise ExprError(f"{name} needs a ranking of hands: this file has no hand-ranking", _col(tok),
                        "declare one at the top level (docs/hand-ranking.md)")
    counts = _counted(comp, args)
    if counts is not None:                   # `best-hand(s.hand, 2, board, 3)`: so many of each (Omaha)
        return _best_hand_of(comp, name, args, counts, tok, ranking)
    if not 1 <= len(args) <= MAX_HAND_ARGS:
        raise ExprError(f"{name} takes 1 to {MAX_HAND_ARGS} cards values: {USAGE[name]}", _col(tok))
    parts = [comp._typed(a, CARDS) for a in args]
    uses = frozenset().union(*(p.uses for p in parts))
    fns = [p.fn for p in parts]
    best = ranking.best
    if len(fns) == 1:
        f = fns[0]
        cards = f
    elif len(fns) == 2:
        f1, f2 = fns

        def cards(e):
            return [*f1(e), *f2(e)]
    else:
        def cards(e):
            out: list = []
            for f in fns:
                out.extend(f(e))
            return out
    if name == "best-hand":
        return Compiled(lambda e: best(cards(e))[0], INT, uses=uses)
    cats = [c.name for c in ranking.categories]
    return Compiled(lambda e: cats[i] if (i := best(cards(e))[1]) >= 0 else "none", STR, uses=uses)

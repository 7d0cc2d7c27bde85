"""A ranking of combinations (`hand-ranking:`): the best hand of a set of cards, as a comparable number.

A file declares its combinations best first; each is a pattern over the `size` cards of a hand:

- `groups: [3, 2]`: groups of cards of one rank each, the ranks all different (a full house);
- `run: 5`: that many cards of consecutive ranks in the rank order (a straight); with the ranking's
  `ace-low`, the highest rank may also play below the lowest (A-2-3-4-5, whose top card is the 5);
- `same-suit: true`: all `size` cards of one suit (a flush; with `run`, a straight flush);
- `ranks: [A, 2, 3]`: one card of each of those ranks (a special run of its own, Brag's A-2-3);
- nothing: any cards (a high card).
A category may count its cards by an `order` of its own (Brag's prials, three 3s the best), not with `run`.

The cards a pattern leaves over are kickers. A set of cards (seven, say) scores as its best hand of `size`
cards: the first combination, best first, that some `size` of them make, and within it the best tie-break:
the groups' ranks (bigger groups first, then higher ranks), a run's top card, then the kickers from the
highest down. The score is one int: the combination's place counted from the worst, then each tie-break
rank as one digit in base (ranks + 1); it is bounded (MAX_SCORE), so the size and the ranks are checked
when the file is validated.

No subset is enumerated: each combination is matched greedily on all the cards (the highest group first,
the highest run, the highest cards of a suit), which gives the same hand as trying every subset of `size`
cards (a test checks it against a brute force over every subset) and costs a pass over the
cards per combination. Results are kept by the cards' ranks (and, when a suit could hold a same-suit
combination, that suit's ranks), so the usual evaluation is one dict lookup.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from itertools import combinations, combinations_with_replacement

from ruleplay.errors import GameError, did_you_mean, one_of
from ruleplay.lang.expr.parse import MAX_VALUE

MAX_SCORE = MAX_VALUE          # scores are ints of the expression language
MAX_SIZE = 10                  # cards in a hand
MAX_WILD = 4                   # wild cards of one hand that stand in (every choice of what they are is tried)
MAX_CATEGORIES = 50
MEMO_LIMIT = 200_000           # evaluations kept; past that, the memo starts again
MAX_LOW_CARDS = 12             # a low hand (`low: true`) is found among at most this many cards (every set of
                               # `size` of them is tried: 12 cards hold 792 hands of five)


@dataclass(frozen=True)
class Category:
    name: str
    groups: tuple[int, ...] = ()      # sizes, biggest first
    run: int = 0
    same_suit: bool = False
    description: str = ""
    ranks: tuple[int, ...] = ()       # `ranks`: these rank values, one card each (high to low)
    recount: tuple[int, ...] = ()     # `order`: value -> its value in the category's own order (index by value)
    rank_words: tuple[str, ...] = ()  # `ranks` as written, for words
    order_words: tuple[str, ...] = () # `order`: its ranks low to high, for words

    def words(self, size: int, ace_low: bool) -> str:
        """The pattern in words: "three of one rank and two of another"."""
        parts = []
        if self.groups:
            which = ["one rank", "another", "a third", "a fourth"]
            named = [f"{g} of {which[i] if i < len(which) else 'another'}" for i, g in enumerate(self.groups)]
            parts.append(" and ".join(named) if len(named) <= 2 else ", ".join(named[:-1]) + " and " + named[-1])
        if self.run:
            parts.append(f"{self.run} cards in a row" + (" (the highest rank may also play lowest)" if ace_low else ""))
        if self.ranks:
            parts.append("one each of " + "-".join(self.rank_words))
        if self.same_suit:
            parts.append(f"all {size} cards of one suit")
        said = ", ".join(parts) if parts else "any cards"
        return said + (f" (ranks counting in the order {' '.join(self.order_words)})" if self.order_words else "")


@dataclass
class Ranking:
    size: int
    categories: list[Category]
    values: list[int]                 # card -> rank value 1..ranks (0: plays in no combination, a joker)
    suits: list[Any]                  # card -> suit (None: no suit)
    ranks: int                        # the highest rank value
    ace_low: bool = False
    low: bool = False                 # lowball: the hand that ranks lowest among the categories is the best
    order_name: str = "order"
    rank_names: list[str] = field(default_factory=list)   # value - 1 -> rank name, for words
    wild: frozenset = frozenset()     # `wild`: cards that stand for whatever makes the best hand
    card_names: list[str] = field(default_factory=list)   # card -> name, for the sheet's words about wild cards
    memo: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.base = self.ranks + 1
        self.unit = self.base ** self.size
        self.suited = any(c.same_suit for c in self.categories)
        self.suit_ids = {s: i for i, s in enumerate(dict.fromkeys(s for s in self.suits if s is not None))}
        self.suit_of = [None if s is None else self.suit_ids[s] for s in self.suits]

    # ------------------------------------------------------------------ evaluation
    def best(self, cards) -> tuple[int, int]:
        """(score, category index) of the best hand among `cards` (card ids); (0, -1) when none matches."""
        if self.low:
            return self._lowest(cards)
        if self.wild and any(c in self.wild for c in cards):
            return self._best_wild(cards)
        values, suit_of, size = self.values, self.suit_of, self.size
        vals = sorted([values[c] for c in cards if values[c]], reverse=True)
        key: Any = tuple(vals)
        suited = None
        if self.suited and len(vals) >= size:
            by_suit: dict[int, list[int]] = {}
            for c in cards:
                s = suit_of[c]
                if s is not None and values[c]:
                    by_suit.setdefault(s, []).append(values[c])
            suited = [sorted(v, reverse=True) for v in by_suit.values() if len(v) >= size]
            if suited:
                suited.sort(reverse=True)
                key = (key, tuple(map(tuple, suited)))
        got = self.memo.get(key)
        if got is None:
            got = self._evaluate(vals, suited or [])
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = got
        return got

    def _best_wild(self, cards) -> tuple[int, int]:
        """`best` of cards some of which are wild (up to MAX_WILD count): the best hand over every choice of the
        ranks they stand for, and in a flush the suit they join (each a rank that suit lacks)."""
        values, suit_of, size, wild = self.values, self.suit_of, self.size, self.wild
        w = min(MAX_WILD, sum(1 for c in cards if c in wild))
        vals = sorted([values[c] for c in cards if c not in wild and values[c]], reverse=True)
        by_suit: dict[int, list[int]] = {}
        if self.suited:
            for c in cards:
                s = suit_of[c]
                if c not in wild and s is not None and values[c]:
                    by_suit.setdefault(s, []).append(values[c])
        suits = sorted(tuple(sorted(v, reverse=True)) for v in by_suit.values() if len(v) + w >= size)
        key = ("wild", w, tuple(vals), tuple(suits))
        got = self.memo.get(key)
        if got is None:
            got = (0, -1)
            for subs in combinations_with_replacement(range(self.ranks, 0, -1), w):
                both = sorted(vals + list(subs), reverse=True)
                suited = [sorted(list(sv) + list(subs), reverse=True) for sv in suits
                          if len(set(subs)) == w and not set(subs) & set(sv)]    # a flush holds each card once
                got = max(got, self._evaluate(both, suited))
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = got
        return got

    def _lowest(self, cards) -> tuple[int, int]:
        """`best` of a low ranking: of every `size` of the cards, the hand that ranks lowest as a high hand would,
        scored so that the lower hand scores higher (`max` still finds the winner); its category's index."""
        ranked = sorted((self.values[c], -1 if self.suit_of[c] is None else self.suit_of[c]) for c in cards
                        if self.values[c])
        if len(ranked) > MAX_LOW_CARDS:
            raise GameError(f"a low hand is found among at most {MAX_LOW_CARDS} cards, not {len(ranked)}")
        key = ("low", tuple(ranked) if self.suited else tuple(v for v, _ in ranked))
        got = self.memo.get(key)
        if got is None:
            worst = (len(self.categories) + 1) * self.unit
            low, cat = worst, -1
            for hand in combinations(ranked, min(self.size, len(ranked))):
                vals = sorted((v for v, _ in hand), reverse=True)
                suited = [vals] if self.suited and len(hand) == self.size and len({s for _, s in hand}) == 1 \
                    and hand[0][1] >= 0 else []
                score, i = self._evaluate(vals, suited)
                if score < low:
                    low, cat = score, i
            got = (worst - low, cat) if cat >= 0 else (0, -1)
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = got
        return got

    def _evaluate(self, vals: list[int], suited: list[list[int]]) -> tuple[int, int]:
        n = len(self.categories)
        for i, cat in enumerate(self.categories):
            if cat.same_suit:
                ties = [t for t in (self._match(v, cat) for v in suited) if t is not None]
                tie = max(ties) if ties else None
            else:
                tie = self._match(vals, cat)
            if tie is not None:
                score = n - i
                for k in range(self.size):
                    score = score * self.base + (tie[k] if k < len(tie) else 0)
                return score, i
        return 0, -1

    def _match(self, vals: list[int], cat: Category) -> list[int] | None:
        """The tie-break ranks of the best hand of `size` among `vals` (sorted high to low) that makes the
        pattern (suits already checked), or None."""
        size = self.size
        if cat.same_suit and len(vals) < size:
            return None
        if cat.recount:                              # the category's own order: the same cards, counted anew
            vals = sorted((cat.recount[v] for v in vals), reverse=True)
        rest = list(vals)
        tie: list[int] = []
        if cat.ranks:
            for v in cat.ranks:
                if v not in rest:
                    return None
                rest.remove(v)
        if cat.groups:
            counts: dict[int, int] = {}
            for v in vals:
                counts[v] = counts.get(v, 0) + 1
            used: set[int] = set()
            for g in cat.groups:
                pick = next((v for v in sorted(counts, reverse=True) if v not in used and counts[v] >= g), None)
                if pick is None:
                    return None
                used.add(pick)
                tie.append(pick)
                for _ in range(g):
                    rest.remove(pick)
        elif cat.run:
            have = set(vals)
            top = None
            for t in range(self.ranks, cat.run - 1, -1):
                if all(v in have for v in range(t - cat.run + 1, t + 1)):
                    top = t
                    break
            if top is None and self.ace_low and self.ranks in have and cat.run - 1 <= self.ranks - 1 and \
                    all(v in have for v in range(1, cat.run)):
                top = cat.run - 1                      # the highest rank plays below the lowest
            if top is None:
                return None
            tie.append(top)
            for v in range(top - cat.run + 1, top + 1):
                rest.remove(v if v >= 1 else self.ranks)
        used_cards = sum(cat.groups) + cat.run + len(cat.ranks)
        tie.extend(rest[:max(0, size - used_cards)])
        return tie

    def score(self, cards) -> int:
        return self.best(cards)[0]

    def name(self, cards) -> str:
        i = self.best(cards)[1]
        return self.categories[i].name if i >= 0 else "none"

    # ------------------------------------------------------------------ words
    def describe(self) -> str:
        """The ranking in words (the rule sheet's)."""
        lines = [f"Hands: the best {self.size} cards of those a rule names count; combinations, best first:"
                 if not self.low else f"Hands (low: the lowest hand wins): the {self.size} cards of those a rule "
                 "names that make the lowest hand count; combinations, highest first (the lower, the better):"]
        for i, c in enumerate(self.categories, 1):
            lines.append(f"  {i}. {c.name}: " + (c.description + (f" (ranks counting in the order "
                         f"{' '.join(c.order_words)})" if c.order_words else "") if c.description
                         else c.words(self.size, self.ace_low)))
        order = " ".join(self.rank_names) if self.rank_names else self.order_name
        lines.append(f"  Ranks count in the order {order} (low to high)" +
                     (f"; in a run the {self.rank_names[-1] if self.rank_names else 'highest rank'} may also "
                      "play lowest, below the lowest rank, and the run then counts by its top card" if self.ace_low
                      else "") + ". Equal combinations compare by their groups' ranks (bigger groups first), a "
                     "run by its top card, then the other cards from the highest down; equal hands tie.")
        if self.wild:
            names = " ".join(dict.fromkeys(self.card_names[c] for c in sorted(self.wild))) if self.card_names else ""
            lines.append(f"  Wild cards{f' ({names})' if names else ''}: each stands for whatever card makes the best "
                         f"hand (at most {MAX_WILD} in a hand).")
        return "\n".join(lines) + "\n"


KEYS = ("name", "groups", "run", "same-suit", "description", "ranks", "order")


def _fixed_ranks(ctx, p: tuple, c: dict, deck, values: list[int], other) -> tuple | None:
    """A category's `ranks` as (their values high to low, the ranks as written); () when it has none; None
    after a placed error."""
    raw = c.get("ranks")
    if raw is None:
        return ()
    if other:
        ctx.error(p + ("ranks",), "a pattern of given ranks stands alone, without groups or a run",
                  "write two categories", value=True)
        return None
    by_rank = {deck.rank[i]: v for i, v in enumerate(values) if v}
    names = [str(r) for r in raw] if isinstance(raw, list) else []
    unknown = [r for r in names if r not in by_rank]
    if not names or unknown or len(set(names)) != len(names):
        ctx.error(p + ("ranks",), f"'{unknown[0]}' is not a rank the order counts" if unknown else
                  "ranks lists different ranks of the deck, e.g. [A, 2, 3]",
                  did_you_mean(unknown[0], by_rank) if unknown else None, value=True)
        return None
    return tuple(sorted((by_rank[r] for r in names), reverse=True)), tuple(names)


def _recount(ctx, p: tuple, c: dict, deck, values: list[int], ranks: int, run: int) -> tuple | None:
    """A category's own `order` as a table from the ranking's values to that order's; () when it has none;
    None after a placed error."""
    name = c.get("order")
    if name is None:
        return ()
    name = "order" if name == "rank" else str(name)
    other = deck.orders.get(name)
    if other is None:
        ctx.error(p + ("order",), f"unknown order '{name}'", did_you_mean(name, deck.orders) or
                  f"orders: rank, {one_of([o for o in deck.orders if o != 'order'])}", value=True)
        return None
    if run:
        ctx.error(p + ("order",), "a run counts by the ranking's own order", "drop order here, or write "
                  "the run's ranks with ranks: [...]", value=True)
        return None
    table = [0] * (ranks + 1)
    for i, v in enumerate(values):
        w = other[i]
        if v and (not 1 <= w <= ranks or table[v] not in (0, w)):
            ctx.error(p + ("order",), f"the order '{name}' must rank the same cards as the ranking's, each rank "
                      f"once, from 1 to {ranks}", value=True)
            return None
        if v:
            table[v] = w
    return tuple(table)


def compile_ranking(ctx, deck) -> Ranking | None:
    """The file's `hand-ranking:` checked against its deck (placed errors on ctx), or None."""
    path = ("hand-ranking",)
    spec = ctx.get(path)
    if spec is None:
        return None
    if not isinstance(spec, dict):
        ctx.error(path, "hand-ranking is a mapping with size and categories", value=True)
        return None
    errors = len(ctx.errors)
    order_name = str(spec.get("order", "order"))
    order_name = "order" if order_name == "rank" else order_name
    values = deck.orders.get(order_name)
    if values is None:
        ctx.error(path + ("order",), f"unknown order '{order_name}'",
                  did_you_mean(order_name, deck.orders) or f"orders: rank, {one_of([o for o in deck.orders if o != 'order'])}",
                  value=True)
        return None
    ranks = max(values, default=0)
    rank_names = [None] * ranks
    for c, v in enumerate(values):
        if v:
            rank_names[v - 1] = deck.rank[c]
    size = spec.get("size", 5)
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= MAX_SIZE:
        ctx.error(path + ("size",), f"a hand's size is a number from 1 to {MAX_SIZE}", value=True)
        return None
    cats = spec.get("categories") or []
    if not isinstance(cats, list) or not cats:
        ctx.error(path + ("categories",), "hand-ranking needs categories: a list of combinations, best first",
                  "e.g. [{name: pair, groups: [2]}, {name: high-card}]")
        return None
    if len(cats) > MAX_CATEGORIES:
        ctx.error(path + ("categories",), f"at most {MAX_CATEGORIES} categories, not {len(cats)}")
        return None
    suits = {s for s in deck.suit if s is not None}
    out: list[Category] = []
    seen: dict[str, int] = {}
    for i, c in enumerate(cats):
        p = path + ("categories", i)
        if not isinstance(c, dict) or "name" not in c:
            ctx.error(p, "a category is a mapping with a name and its pattern",
                      "e.g. {name: full-house, groups: [3, 2]}")
            continue
        name = str(c["name"])
        if name in seen:
            ctx.error(p + ("name",), f"category '{name}' is listed twice (first as number {seen[name] + 1})",
                      value=True)
        seen[name] = i
        groups = c.get("groups") or []
        run = c.get("run", 0) or 0
        same = bool(c.get("same-suit", False))
        bad = False
        if not isinstance(groups, list) or not all(isinstance(g, int) and not isinstance(g, bool) for g in groups):
            ctx.error(p + ("groups",), "groups is a list of group sizes, e.g. [3, 2]", value=True)
            continue
        if any(g < 2 for g in groups):
            ctx.error(p + ("groups",), "a group has at least 2 cards of one rank",
                      "a single card is a kicker: leave it out (the cards a pattern leaves over are kickers)",
                      value=True)
            bad = True
        if sum(groups) > size:
            ctx.error(p + ("groups",), f"these groups hold {sum(groups)} cards, more than a hand's {size}",
                      f"groups of at most {size} cards in all, or a bigger size", value=True)
            bad = True
        if len(groups) > ranks:
            ctx.error(p + ("groups",), f"{len(groups)} groups need {len(groups)} different ranks; the order has "
                      f"{ranks}", value=True)
            bad = True
        if groups and same and deck.names and max(deck.names.count(n) for n in set(deck.names)) < max(groups):
            ctx.error(p + ("same-suit",), f"a group of {max(groups)} cards of one rank and one suit needs "
                      "that many copies of a card; this deck has fewer", "drop same-suit or the groups", value=True)
            bad = True
        if not isinstance(run, int) or isinstance(run, bool) or run < 0:
            ctx.error(p + ("run",), "run is a number of cards", value=True)
            continue
        if run and groups:
            ctx.error(p + ("run",), "a pattern has groups of equal ranks or a run, not both",
                      "write two categories", value=True)
            bad = True
        if run == 1:
            ctx.error(p + ("run",), "a run has at least 2 cards", value=True)
            bad = True
        if run > size:
            ctx.error(p + ("run",), f"a run of {run} is longer than a hand's {size} cards", value=True)
            bad = True
        if run > ranks:
            ctx.error(p + ("run",), f"a run of {run} needs {run} ranks; the order '{order_name}' has {ranks}",
                      value=True)
            bad = True
        if same and not suits:
            ctx.error(p + ("same-suit",), "the deck has no suits", value=True)
            bad = True
        fixed = _fixed_ranks(ctx, p, c, deck, values, run or groups)
        recount = _recount(ctx, p, c, deck, values, ranks, run)
        if fixed is None or recount is None or (fixed and len(fixed[0]) + sum(groups) > size):
            if fixed and recount is not None and len(fixed[0]) + sum(groups) > size:
                ctx.error(p + ("ranks",), f"{len(fixed[0])} ranks are more cards than a hand's {size}", value=True)
            continue
        if not bad:
            words = tuple(dict.fromkeys(deck.rank[i] for i in sorted(
                (i for i, v in enumerate(values) if v), key=lambda i: recount[values[i]]))) if recount else ()
            out.append(Category(name, tuple(sorted(groups, reverse=True)), run, same, str(c.get("description", "")),
                                fixed[0] if fixed else (), recount, fixed[1] if fixed else (), words))
    ace_low = bool(spec.get("ace-low", False))
    low = spec.get("low", False) is True
    if low and spec.get("wild") not in (None, False):
        ctx.error(path + ("wild",), "wild cards stand in for the best hand, not for a low one",
                  "remove wild, or low", value=True)
    if low and out and (out[-1].groups or out[-1].run or out[-1].same_suit) and len(ctx.errors) == errors:
        ctx.error(path + ("categories",), "a low ranking needs a last category that any cards make: the hands "
                  "that make none of the others are the low ones", "end the list with {name: high-card}")
    if ace_low and not any(c.run for c in out) and len(ctx.errors) == errors:
        ctx.error(path + ("ace-low",), "ace-low is about runs, and no category has a run", value=True)
    if ranks and len(ctx.errors) == errors:
        top = (len(out) + 1) * (ranks + 1) ** size
        if top > MAX_SCORE:
            ctx.error(path + ("size",), f"scores of {size}-card hands over {ranks} ranks and {len(out)} categories "
                      f"go up to {top:,}; the limit is {MAX_SCORE:,}",
                      "a smaller size, or fewer ranks or categories", value=True)
    if not ranks:
        ctx.error(path + ("order",), f"the order '{order_name}' ranks no card", value=True)
    if len(ctx.errors) != errors:
        return None
    return Ranking(size, out, list(values), list(deck.suit), ranks, ace_low, low, order_name, rank_names)

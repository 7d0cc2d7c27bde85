"""Combinations a card player names: a set (cards of one rank, each of a different suit) and a run (cards of
one suit whose ranks follow each other in the deck's rank order, `deck.ranks`: a deck listing A first plays
the ace low, A-2-3, and not Q-K-A; with `first-rank-high` the first rank may also follow the last, A-2-3 and
Q-K-A, never K-A-2: such a card has two places in the order, 0 and one past the last rank), and a sequence
(a run whatever the suits: Phase 10's runs, straights). `find` lists the sets and runs a zone holds, fast (by
rank and by suit, never every subset); `count` bounds them on the whole deck when the file is validated (or,
for sequences, which a deck holds millions of, in the zone as it is: `bounded_in_play`); `fits` tests a pile
with cards laid off on it.

Wild cards (`deck: {wild: COND}`, `Deck.wild`) stand for any card a meld lacks: a set's missing suit, a run's
missing rank, inside it or at either end. A wild card is always wild (never its own rank); a meld holds at
least one natural card, a set no more cards than the deck has suits, a run no more than it has ranks.

    choose:
      cards: {from: hand, as: [set, run], min: 3}      # a new meld of 3 to 13 cards
      to-pile: {among: meld, keeps: [set, run]}         # a meld a card is laid off on
"""
from __future__ import annotations

from itertools import combinations, product
from math import comb

SHAPES = ("set", "run", "same-rank", "sequence")   # same-rank: suits repeated (two packs: Canasta); sequence:
#                                                   a run whatever the suits


def bounded_in_play(deck, shapes: tuple[str, ...]) -> bool:
    """Are these melds counted in the zone as it is, in play, rather than on the whole deck at validation (which
    holds too many: a deck with several wild cards, sequences of any suits)?"""
    return bool(deck.wild) or "sequence" in shapes


def _positions(deck) -> list[int | None]:
    """Each card's place in the deck's rank order (None for a joker or a card of no listed rank)."""
    got = deck.__dict__.get("_rank_positions")
    if got is None:
        where = {r: i for i, r in enumerate(deck.ranks)}
        got = deck.__dict__["_rank_positions"] = [None if deck.joker[c] else where.get(deck.rank[c])
                                                  for c in range(len(deck.names))]
    return got


def _naturals(cards, deck) -> list | None:
    """The cards of a meld that are not wild, when wild cards may fill the rest of it; None when it holds
    wild cards only."""
    wild = deck.wild
    out = [c for c in cards if c not in wild]
    return out or None


def is_set(cards, deck) -> bool:
    """One rank, no suit twice (a wild card: any suit missing)."""
    if deck.wild:
        if len(cards) > len(deck.suits):
            return False
        cards = _naturals(cards, deck)
    pos = _positions(deck)
    if not cards or pos[cards[0]] is None:
        return False
    rank = deck.rank[cards[0]]
    suits = {deck.suit[c] for c in cards}
    return len(suits) == len(cards) and all(deck.rank[c] == rank for c in cards)


def _run_places(cards, deck, any_suit: bool = False) -> list[int] | None:
    """The cards' places in the rank order, ascending, if they are a run (one suit unless `any_suit`, one after
    another, no rank twice), else None; with `first-rank-high` the first rank is tried low, then high. With wild
    cards, the natural cards' places, when the wild ones can fill the gaps between them (and the run fits)."""
    pos = _positions(deck)
    length = len(cards)
    if deck.wild:
        if length > len(deck.ranks):
            return None
        cards = _naturals(cards, deck)
    if not cards:
        return None
    suit = deck.suit[cards[0]]
    at = sorted(pos[c] if (any_suit or deck.suit[c] == suit) and pos[c] is not None else -1 for c in cards)
    if at[0] >= 0 and at[-1] - at[0] < length and len(set(at)) == len(at):
        return at
    if deck.first_rank_high and at[0] == 0:
        high = sorted(len(deck.ranks) if p == 0 else p for p in at)
        if high[-1] - high[0] < length and len(set(high)) == len(high):
            return high
    return None


def is_run(cards, deck) -> bool:
    """One suit, ranks one after another in the deck's order, no rank twice."""
    return _run_places(cards, deck) is not None


def is_sequence(cards, deck) -> bool:
    """Ranks one after another in the deck's order, whatever the suits, no rank twice."""
    return _run_places(cards, deck, any_suit=True) is not None


def is_same_rank(cards, deck) -> bool:
    """Cards of one rank whatever their suits (two packs: 7H 7H 7S), a wild card standing for any."""
    pos = _positions(deck)
    natural = _naturals(cards, deck) if deck.wild else cards
    if not natural or pos[natural[0]] is None:
        return False
    rank = deck.rank[natural[0]]
    return all(deck.rank[c] == rank and pos[c] is not None for c in natural)


def fits(cards, shapes: tuple[str, ...], deck) -> bool:
    return ("set" in shapes and is_set(cards, deck)) or ("run" in shapes and is_run(cards, deck)) or \
        ("same-rank" in shapes and is_same_rank(cards, deck)) or ("sequence" in shapes and is_sequence(cards, deck))


def ends(pile: tuple, shapes: tuple[str, ...], deck) -> tuple:
    """What one card laid off on `pile` must be for the pile to stay one of the shapes: (rank, suits
    taken) for a set, (suit, the places in the rank order either end) for a run; None for what it is not."""
    as_set = (deck.rank[pile[0]], frozenset(deck.suit[c] for c in pile)) \
        if "set" in shapes and is_set(pile, deck) else None
    as_run = None
    at = _run_places(pile, deck) if "run" in shapes else None
    if at is not None:
        as_run = (deck.suit[pile[0]], at[0] - 1, at[-1] + 1)
    return as_set, as_run


def extends(info: tuple, card: int, deck) -> bool:
    """`card` laid off on a pile whose `ends` are `info` keeps it a set or a run."""
    as_set, as_run = info
    if as_set is not None and deck.rank[card] == as_set[0] and deck.suit[card] not in as_set[1] \
            and not deck.joker[card]:
        return True
    if as_run is not None and deck.suit[card] == as_run[0]:
        p = _positions(deck)[card]
        if p is None:
            return False
        if p == 0 and deck.first_rank_high and as_run[2] == len(deck.ranks):
            return True                              # the first rank played high, after the last (Q-K-A)
        return p == as_run[1] or p == as_run[2]
    return False


def wanted(pile: tuple, shapes: tuple[str, ...], deck) -> frozenset:
    """The cards that, laid off one at a time on `pile`, keep it one of the shapes: worked out once per pile,
    so trying each card of a hand on each pile is a set lookup rather than a rule tested again. With wild
    cards a pile's ends depend on what its wild cards stand for, so each card is tried on it (once a pile)."""
    if deck.wild or "same-rank" in shapes or "sequence" in shapes:
        return frozenset(c for c in range(len(deck.names)) if c not in pile and fits(pile + (c,), shapes, deck))
    info = ends(pile, shapes, deck)
    if info == (None, None):
        return frozenset()
    return frozenset(c for c in range(len(deck.names)) if extends(info, c, deck))


def order(deck) -> list[tuple]:
    """A key per card: its place in the deck's rank order, then its suit's: a run is asked and laid out low
    card first (A-2-3 with the ace low), a set suit by suit."""
    got = deck.__dict__.get("_meld_order")
    if got is None:
        pos = _positions(deck)
        suits = {s: i for i, s in enumerate(deck.suits)}
        got = deck.__dict__["_meld_order"] = [(-1 if pos[c] is None else pos[c], suits.get(deck.suit[c], -1), c)
                                              for c in range(len(deck.names))]
    return got


def _bits(deck) -> tuple[list, int, int]:
    """Per card: (its rank's number, its suit's number, its place in the rank order as one bit), None for a card
    of no place; and the numbers of ranks and suits: what `_may_hold` counts and ors together."""
    got = deck.__dict__.get("_meld_bits")
    if got is None:
        pos = _positions(deck)
        ranks = {r: i for i, r in enumerate(dict.fromkeys(deck.rank))}
        suits = {s: i for i, s in enumerate(dict.fromkeys(deck.suit))}
        top = len(deck.ranks) if deck.first_rank_high else None     # the first rank's second place
        got = deck.__dict__["_meld_bits"] = ([None if p is None else
                                              (ranks[r], suits[s], 1 << p | (1 << top if p == 0 and top else 0))
                                              for p, r, s in zip(pos, deck.rank, deck.suit)], len(ranks), len(suits))
    return got


def _may_hold(held, shapes: tuple[str, ...], least: int, deck) -> bool:
    """Could `held` hold a meld of `least` cards or more? False only when no rank has that many cards and no
    suit that many places in a row: most hands, answered without listing anything."""
    info, ranks, suits = _bits(deck)
    counts, rows = [0] * ranks, [0] * suits
    for c in held:
        x = info[c]
        if x is not None:
            r, s, b = x
            counts[r] += 1
            rows[s] |= b
    if ("set" in shapes or "same-rank" in shapes) and max(counts, default=0) >= least:
        return True
    for row in (rows if "run" in shapes else []) + ([_or_all(rows)] if "sequence" in shapes else []):
        for _ in range(least - 1):              # the places starting `least` in a row
            row &= row >> 1
        if row:
            return True
    return False


def _or_all(rows: list[int]) -> int:
    out = 0
    for row in rows:
        out |= row
    return out


def find(held, shapes: tuple[str, ...], lo: int, hi: int, deck) -> list[tuple]:
    """The sets and runs of `lo` to `hi` cards among `held`, each in the deck's order (`order`: low card
    first; a run with wild cards as it is laid, `laid_run`), equal cards of a multi-deck game taken once. A hand that cannot hold one (`_may_hold`), and a
    rank or a suit with fewer cards than the smallest meld, is passed over unlooked-at."""
    least = max(lo, 1)
    if deck.wild and any(c in deck.wild for c in held):
        return _find_wild(held, shapes, least, hi, deck) if hi >= least else []
    if "same-rank" in shapes:
        others = tuple(x for x in shapes if x != "same-rank")
        out = dict.fromkeys(_same_rank(held, least, hi, deck, [[()]]))
        return list({**out, **dict.fromkeys(find(held, others, lo, hi, deck))}) if others else list(out)
    if hi < least or not _may_hold(held, shapes, least, deck):
        return []
    pos = _positions(deck)
    keys = order(deck)
    names, rank, suit = deck.names, deck.rank, deck.suit
    one: dict[str, int] = {}
    for c in sorted(held, key=keys.__getitem__):
        if pos[c] is not None:
            one.setdefault(names[c], c)
    out: dict[tuple, None] = {}
    if "set" in shapes:
        by_rank: dict[str, list[int]] = {}
        for c in one.values():
            by_rank.setdefault(rank[c], []).append(c)
        for group in by_rank.values():
            if len(group) < least:
                continue
            for k in range(least, min(hi, len(group)) + 1):
                for combo in combinations(group, k):
                    out[tuple(sorted(combo, key=keys.__getitem__))] = None
    if "sequence" in shapes:
        out.update(dict.fromkeys(_sequences(one.values(), least, hi, deck)))
    if "run" in shapes:
        by_suit: dict[str, dict[int, int]] = {}
        high = len(deck.ranks) if deck.first_rank_high else None
        for c in one.values():
            by_suit.setdefault(suit[c], {})[pos[c]] = c
            if pos[c] == 0 and high:                   # the first rank, also after the last
                by_suit[suit[c]][high] = c
        hi = min(hi, len(deck.ranks))                  # a run never holds one card twice
        for at in by_suit.values():
            if len(at) < least:
                continue
            for start in sorted(at):                       # every start: runs inside a longer one too
                end = start
                while end in at and end - start + 1 <= hi:
                    if end - start + 1 >= least:
                        out[tuple(sorted((at[p] for p in range(start, end + 1)), key=keys.__getitem__))] = None
                    end += 1
    return list(out)


def _places(cards, deck) -> dict[int, list[int]]:
    """The natural cards among `cards` by their place in the rank order, each place's in the deck's order (with
    `first-rank-high` the first rank's also one past the last): what a run of ranks is taken from."""
    pos, keys = _positions(deck), order(deck)
    high = len(deck.ranks) if deck.first_rank_high else None
    at: dict[int, list[int]] = {}
    for c in sorted(cards, key=keys.__getitem__):
        if pos[c] is not None and c not in deck.wild:
            at.setdefault(pos[c], []).append(c)
            if pos[c] == 0 and high:                   # the first rank, also after the last
                at.setdefault(high, []).append(c)
    return at


def _sequences(cards, least: int, hi: int, deck) -> list[tuple]:
    """The sequences (ranks one after another, any suits) of `least` to `hi` of these distinct cards: every run
    of places, and every choice of one card at each place."""
    keys, at = order(deck), _places(cards, deck)
    hi = min(hi, len(deck.ranks))
    out: list[tuple] = []
    for start in sorted(at):
        end = start
        while end in at and end - start + 1 <= hi:
            if end - start + 1 >= least:
                for pick in product(*(at[p] for p in range(start, end + 1))):
                    out.append(tuple(sorted(pick, key=keys.__getitem__)))
            end += 1
    return out


def by_rank(held, per: int, lo: int, hi: int, deck) -> list[tuple]:
    """`as: sequence, per-rank: N`: ranks one after another with N cards of each (a straight, a run of pairs,
    an airplane of triples), the suits not chosen: each rank's lowest N cards in the deck's order (`order`), so
    a hand offers one play for each run of ranks, from `lo` to `hi` cards. Wild cards are not used."""
    keys, at = order(deck), _places(held, deck)
    out: list[tuple] = []
    for start in sorted(at):
        end = start
        while len(at.get(end, ())) >= per and (end - start + 1) * per <= hi and end - start < len(deck.ranks):
            if (end - start + 1) * per >= max(lo, 1):
                out.append(tuple(sorted((c for p in range(start, end + 1) for c in at[p][:per]),
                                        key=keys.__getitem__)))
            end += 1
    return out


def count_by_rank(deck, per: int, lo: int, hi: int) -> int:
    """How many runs of ranks `by_rank` may offer at most: one for each run of places in the rank order."""
    places = len(deck.ranks) + (1 if deck.first_rank_high else 0)
    return sum(places - length + 1 for length in range(1, len(deck.ranks) + 1)
               if max(lo, 1) <= length * per <= hi and length <= places)


def hand_bound(deck, shapes: tuple[str, ...], lo: int, hi: int, size: int) -> int:
    """The sequences a hand of `size` cards may hold when they are spread evenly over the ranks (the worst
    case for sequences): what `validate` warns of when it passes the limit a move may offer in play."""
    pos = _positions(deck)
    by_place: dict[int, list[int]] = {}
    for c in range(len(deck.names)):
        if pos[c] is not None and c not in deck.wild:
            by_place.setdefault(pos[c], []).append(c)
    piles = [by_place[p] for p in sorted(by_place)]
    hand: list[int] = []
    k = 0
    while len(hand) < size and any(piles):
        pile = piles[k % len(piles)]
        if pile:
            hand.append(pile.pop())
        k += 1
    return count(deck, shapes, lo, hi, hand)


def _find_wild(held, shapes: tuple[str, ...], least: int, hi: int, deck) -> list[tuple]:
    """`find` for a hand holding wild cards: each set of natural cards that could be a set or a run (one rank;
    or one suit with its ranks close enough), with each choice of wild cards that makes it long enough and
    not too long; equal cards (two jokers) taken once."""
    pos, keys, names = _positions(deck), order(deck), deck.names
    wild = deck.wild
    ranked = sorted(held, key=keys.__getitem__)
    one = {names[c]: c for c in reversed(ranked) if c not in wild and pos[c] is not None}
    wilds = [c for c in ranked if c in wild]
    fillers: list[list[tuple]] = [list({tuple(names[c] for c in w): w for w in combinations(wilds, j)}.values())
                                  for j in range(len(wilds) + 1)]
    out: dict[tuple, tuple] = {}                       # the cards (sorted) -> the order they are laid in

    def add(natural: tuple, span: int, most: int, run: bool) -> None:
        for j in range(max(0, least - len(natural), span - len(natural)), min(most, hi) - len(natural) + 1):
            if j < len(fillers):
                for w in fillers[j]:
                    key = tuple(sorted(natural + w, key=keys.__getitem__))
                    # two natural cards or more place a run's wild cards (one alone does not say where they
                    # stand, and such cards may be a set too: listed once, in the deck's order)
                    out.setdefault(key, laid_run(natural, w, deck) if run and len(natural) > 1 else key)
    if "same-rank" in shapes:
        out.update((m, m) for m in _same_rank(held, least, hi, deck, fillers))
    groups: dict[tuple, list[int]] = {}
    for c in sorted(one.values(), key=keys.__getitem__):
        if "set" in shapes:
            groups.setdefault(("set", deck.rank[c]), []).append(c)
        if "run" in shapes:
            groups.setdefault(("run", deck.suit[c]), []).append(c)
        if "sequence" in shapes:
            groups.setdefault(("sequence", None), []).append(c)
    for (shape, _), group in groups.items():
        most = len(deck.suits) if shape == "set" else len(deck.ranks)
        for k in range(1, min(len(group), most, hi) + 1):
            for natural in combinations(group, k):
                span = k if shape == "set" else _span(natural, deck)
                if span is not None and span <= most:
                    add(natural, span, most, shape != "set")
    return list(out.values())


def laid_run(natural: tuple, wilds: tuple, deck) -> tuple:
    """A run's cards in the order it is laid: its natural cards up the rank order (the first rank high when
    that makes the run narrower), each wild card in the gap it fills, those left over above the top while
    there is room, then under the bottom (t38: 8C JK 10C was laid JK 8C 10C)."""
    pos = _positions(deck)
    at = {c: pos[c] for c in natural}
    if deck.first_rank_high and any(p == 0 for p in at.values()):
        high = {c: len(deck.ranks) if p == 0 else p for c, p in at.items()}
        if max(high.values()) - min(high.values()) < max(at.values()) - min(at.values()):
            at = high
    top_place = len(deck.ranks) if deck.first_rank_high else len(deck.ranks) - 1
    left = list(wilds)
    out: list[int] = []
    for c in sorted(natural, key=at.__getitem__):
        if out:
            for _ in range(min(len(left), at[c] - at[out[-1]] - 1)):
                out.append(left.pop(0))
        out.append(c)
    top = max(at.values())
    above = min(len(left), max(0, top_place - top))
    return tuple(left[above:]) + tuple(out) + tuple(left[:above])


def _same_rank(held, least: int, hi: int, deck, fillers: list[list[tuple]]) -> list[tuple]:
    """The `same-rank` melds among `held`: per rank, how many of each equal card (two 7H are one choice, its
    first card taken), with each choice of wild cards (`fillers[j]`: the ways to add j) that makes the meld
    `least` to `hi` cards long."""
    pos, keys, names = _positions(deck), order(deck), deck.names
    by_rank: dict[str, dict[str, list[int]]] = {}
    for c in sorted(held, key=keys.__getitem__):
        if c not in deck.wild and pos[c] is not None:
            by_rank.setdefault(deck.rank[c], {}).setdefault(names[c], []).append(c)
    out: list[tuple] = []
    for same in by_rank.values():
        for counts in product(*(range(len(ids) + 1) for ids in same.values())):
            natural = tuple(c for ids, k in zip(same.values(), counts) for c in ids[:k])
            if not natural or len(natural) > hi:
                continue
            for j in range(max(0, least - len(natural)), min(len(fillers) - 1, hi - len(natural)) + 1):
                out.extend(tuple(sorted(natural + w, key=keys.__getitem__)) for w in fillers[j])
    return out


def _span(cards: tuple, deck) -> int | None:
    """How many places in the rank order a run through these cards of one suit covers at least (the first
    rank low, or high with `first-rank-high`); None when two share a place."""
    pos = _positions(deck)
    best = None
    for at in ([pos[c] for c in cards], [len(deck.ranks) if pos[c] == 0 else pos[c] for c in cards]
               if deck.first_rank_high else []):
        if at and len(set(at)) == len(at):
            width = max(at) - min(at) + 1
            best = width if best is None else min(best, width)
    return best


def count(deck, shapes: tuple[str, ...], lo: int, hi: int, cards=None) -> int:
    """How many sets and runs of `lo` to `hi` cards the whole deck holds (the bound checked at validation);
    with wild cards, at most how many `cards` (the whole deck: None) hold, as a deck with several wild cards
    holds too many to bound them all at validation (they are bounded in play, in the zone as it is)."""
    held = range(len(deck.names)) if cards is None else cards
    if "same-rank" in shapes:
        rest = tuple(x for x in shapes if x != "same-rank")
        return _count_same_rank(deck, max(lo, 1), hi, held) + (count(deck, rest, lo, hi, cards) if rest else 0)
    if "sequence" in shapes:
        rest = tuple(x for x in shapes if x != "sequence")
        return _count_sequences(deck, max(lo, 1), hi, held) + (count(deck, rest, lo, hi, cards) if rest else 0)
    if deck.wild:
        return _count_wild(deck, shapes, max(lo, 1), hi, held)
    pos = _positions(deck)
    ranks: dict[str, set] = {}
    suits: dict[str, set] = {}
    for c in range(len(deck.names)):
        if pos[c] is not None:
            ranks.setdefault(deck.rank[c], set()).add(deck.suit[c])
            suits.setdefault(deck.suit[c], set()).add(pos[c])
            if pos[c] == 0 and deck.first_rank_high:
                suits[deck.suit[c]].add(len(deck.ranks))      # the first rank, also after the last
    if deck.first_rank_high:
        hi = min(hi, len(deck.ranks))
    total = 0
    if "set" in shapes:
        total += sum(comb(len(s), k) for s in ranks.values() for k in range(max(lo, 1), min(hi, len(s)) + 1))
    if "run" in shapes:
        for at in suits.values():
            for start in at:
                end = start
                while end in at and end - start + 1 <= hi:
                    total += end - start + 1 >= max(lo, 1)
                    end += 1
    return total


def _count_same_rank(deck, least: int, hi: int, cards) -> int:
    """`count` of the `same-rank` melds, an upper bound: per rank, each choice of how many of each equal card
    (one or more in all), times each choice of the wild cards among `cards` up to the longest meld."""
    pos, wild = _positions(deck), deck.wild
    wilds = sum(c in wild for c in cards)
    by_rank: dict[str, dict[str, int]] = {}
    for c in cards:
        if c not in wild and pos[c] is not None:
            same = by_rank.setdefault(deck.rank[c], {})
            same[deck.names[c]] = same.get(deck.names[c], 0) + 1
    fills = sum(comb(wilds, j) for j in range(0, min(wilds, max(hi - 1, 0)) + 1))
    total = 0
    for same in by_rank.values():
        ways = 1
        for m in same.values():
            ways *= m + 1
        total += (ways - 1) * fills
    return total if hi >= least else 0


def _count_sequences(deck, least: int, hi: int, cards) -> int:
    """`count` of the sequences, an upper bound: each choice of natural cards of different places in the rank
    order (equal cards once), times each choice of the wild cards that gives it an allowed length."""
    pos, wild = _positions(deck), deck.wild
    wilds = sum(c in wild for c in cards)
    names: dict[int, set] = {}
    for c in cards:
        if c not in wild and pos[c] is not None:
            names.setdefault(pos[c], set()).add(deck.names[c])
            if pos[c] == 0 and deck.first_rank_high:
                names.setdefault(len(deck.ranks), set()).add(deck.names[c])
    ways = [1]                                       # ways[k]: the choices of k cards at k different places
    for at in names.values():
        ways = [a + len(at) * b for a, b in zip(ways + [0], [0] + ways)]
    most = min(hi, len(deck.ranks))
    return sum(ways[k] * comb(wilds, length - k) for k in range(1, len(ways))
               for length in range(max(least, k), most + 1) if length - k <= wilds)


def _count_wild(deck, shapes: tuple[str, ...], least: int, hi: int, cards) -> int:
    """`count` with wild cards, an upper bound: each set of natural cards `_find_wild` may take (by the places
    it spans), times each choice of wild cards that gives it an allowed length."""
    pos, wild = _positions(deck), deck.wild
    wilds = sum(c in wild for c in cards)

    def fills(k: int, shortest: int, most: int) -> int:
        return sum(comb(wilds, length - k) for length in range(max(least, shortest, k), min(hi, most) + 1))
    naturals = [c for c in cards if c not in wild and pos[c] is not None]
    total = 0
    if "set" in shapes:
        most = len(deck.suits)
        for rank in dict.fromkeys(deck.rank[c] for c in naturals):
            n = len({deck.suit[c] for c in naturals if deck.rank[c] == rank})
            total += sum(comb(n, k) * fills(k, k, most) for k in range(1, min(n, most) + 1))
    if "run" in shapes:
        most = len(deck.ranks)
        for suit in dict.fromkeys(deck.suit[c] for c in naturals):
            places = {pos[c] for c in naturals if deck.suit[c] == suit}
            if deck.first_rank_high and 0 in places:
                places.add(most)                              # the first rank, also after the last
            at = sorted(places)
            for i, a in enumerate(at):
                for j in range(i, len(at)):
                    span = at[j] - a + 1
                    if span > most:
                        break
                    inside = j - i + 1                         # the places from a to b the suit holds
                    total += fills(1, 1, most) if i == j else \
                        sum(comb(inside - 2, k - 2) * fills(k, span, most) for k in range(2, inside + 1))
    return total

"""Card sense for bidding: what a plain, sensible player bids from its hand (the bid kind's `SMART`).

`smart_bid` picks the bid; `hand_tricks` estimates the tricks a hand takes under a trump (a shared
helper: anything that weighs a hand may import it from here). `bid_sense` is the bid kind's heuristic
(kinds/contract.py): it bids and leaves the trump it bid on as the seat's plan, which a trick's card and
a discard read later.
"""
from __future__ import annotations


def bid_sense(d, mind) -> int:
    """A bid (`BidView`): `smart_bid`; in an auction a bid's plan is the trump it names, else the suit the hand
    is best in (`best_trump`); a pass or a bid of another style leaves no plan."""
    v = d.view
    i = smart_bid(v)
    mind.plan[d.seat] = (v.names[i] or best_trump(v)) if v.style == "auction" and v.legal[i] is not None else None
    return i


def smart_bid(v) -> int:
    """`smart` at a bid (an index into the legal choices; None is a pass).

    One bid each or sealed (bids count tricks), with no pass: the bid nearest its count of tricks, a card of
    the top two ranks or a trump of the top five counting one. An auction, or bids that may be passed (a
    round of Tarneeb's bids, each above the last): each bid asks for `v.need` tricks
    (the phase's `bots.tricks`, else its default reading, kinds/bid.py) under the trump it names
    (`bots.trump`; else the table's trump, else its best suit). It estimates its tricks
    (`hand_tricks`) and, with a partner, adds the partner's share (`_partner_share`); a bid of card
    points (`unit` points) it compares with the points it holds, its top cards and its longest suit's
    length. It bids the legal bid with the most to spare over what it asks for (the lowest of
    equals); it passes when none is within reach or when its partner holds the high bid, and bids
    the smallest bid when it may not pass and nothing is within reach.
    """
    legal = v.legal
    bids = [i for i, b in enumerate(legal) if b is not None]
    if not bids:
        return 0
    may_pass = None in legal
    if v.worth is not None:                            # the file says what the hand is worth (`bots.worth`)
        return _worth_bid(v, bids, may_pass)
    if v.style != "auction" and not may_pass:          # bids that must be made: the nearest to its tricks
        return _trick_bid(v, bids)
    if may_pass and v.partner is not None and v.bids[v.partner] is not None and v.high_bid == v.bids[v.partner]:
        return legal.index(None)                       # never outbid the partner
    if v.unit == "points":
        st, suit = v.strength.__getitem__, v.suit
        lengths: dict = {}
        for c in v.hand:
            lengths[suit[c]] = lengths.get(suit[c], 0) + 1
        held = sum(v.points[c] for c in v.hand) + sum(1 for c in v.hand if st(c) == v.top)
        spare = {i: held + max(lengths.values(), default=0) - legal[i] for i in bids}
    else:
        share = _partner_share(v)
        cache: dict = {}

        def can(name: str | None) -> float:
            if name not in cache:
                trumps = [name] if name is not None else [v.trump] if v.trump is not None else \
                    sorted({v.suit[c] for c in v.hand if v.suit[c] is not None}) or [None]
                cache[name] = max(hand_tricks(v, t) for t in trumps) + share
            return cache[name]
        low = v.at_most or [False] * len(legal)        # misere: at most `need` (no trump unless one is named),
        spare = {i: (v.need[i] - hand_tricks(v, v.names[i]) - share) if low[i]     # so a weak hand has to spare
                 else can(v.names[i]) - v.need[i] for i in bids}
    ok = [i for i in bids if spare[i] >= 0]
    if ok:
        return max(ok, key=lambda i: (spare[i], -legal[i]))
    return legal.index(None) if may_pass else min(bids, key=legal.__getitem__)


def _worth_bid(v, bids: list[int], may_pass: bool) -> int:
    """With `bots.worth`: in an auction the least raise within the hand's worth (never over the partner's
    high bid), else a pass; bidding once, the highest bid within it. Nothing within it and no pass: the
    lowest bid."""
    legal = v.legal
    within = [i for i in bids if legal[i] <= v.worth]
    if v.style == "auction":
        if may_pass and v.partner is not None and v.bids[v.partner] is not None and \
                v.high_bid == v.bids[v.partner]:
            return legal.index(None)
        if within:
            return min(within, key=legal.__getitem__)
    elif within:
        return max(within, key=legal.__getitem__)
    return legal.index(None) if may_pass else min(bids, key=legal.__getitem__)


def best_trump(v) -> str | None:
    """The suit its hand is best in as trump when its bid names none and no trump is set (else None)."""
    if v.trump is not None or any(n is not None for n in v.names):
        return None
    suits = sorted({v.suit[c] for c in v.hand if v.suit[c] is not None})
    return max(suits, key=lambda s: hand_tricks(v, s), default=None)


def _trick_bid(v, bids: list[int]) -> int:
    """One bid each or sealed: the bid nearest its top cards and high trumps (the lower of two as near)."""
    hand, st, top, suit = v.hand, v.strength.__getitem__, v.top, v.suit
    est = 0
    for c in hand:
        if v.trump is not None and suit[c] == v.trump:
            est += 1 if st(c) >= top - 4 else 0
        elif st(c) >= top - 1:
            est += 1
    low = v.at_most or [False] * len(v.legal)          # a bid of at most its tricks (misere) only if it is met
    bids = [i for i in bids if not low[i] or est <= v.need[i]] or bids
    return min(bids, key=lambda i: (abs(v.legal[i] - est), v.legal[i]))


def _partner_share(v) -> float:
    """Tricks a partner is expected to add: a seat's share of the hand's tricks, a half of it when the
    partner passed or an opponent has bid (the strength lies elsewhere), a third when both."""
    if v.partner is None:
        return 0.0
    share = v.hand_size / max(1, len(v.passed))
    rivals = any(b is not None for i, b in enumerate(v.bids) if i not in (v.seat, v.partner))
    return share / (1 + v.passed[v.partner] + rivals)


def hand_tricks(v, trump: str | None) -> float:
    """Tricks the hand should take with `trump` as trump ('none' or None: no trumps), from the deck order.

    `dealt` is the share of the unseen cards the other seats hold. A card counts one trick less half a
    trick for each higher card of its suit it does not hold (times `dealt`): an ace one, a king behind
    an ace held one, a lone king about half. A card the others should have run out of by the time it
    is played (a long suit: its place in the suit at least their expected length) counts one, except
    in a side suit of a trump game, where such a card is ruffed and counts nothing; a card of no suit
    (a joker) counts one. Each side suit shorter than two lets a trump that counted less than one ruff,
    for half a trick (the others may draw trumps first).
    """
    st, top, suit = v.strength, v.top, v.suit
    others = max(1, len(v.passed) - 1)
    dealt = min(1.0, others * v.hand_size / max(1, len(suit) - len(v.hand)))
    by_suit: dict = {}
    for c in v.hand:
        by_suit.setdefault(suit[c], []).append(st[c])
    trumped = trump is not None and trump != "none"
    total = float(len(by_suit.pop(None, [])))
    spare = 0
    for s, ranks in by_suit.items():
        ranks.sort(reverse=True)
        theirs = (top + 1 - len(ranks)) * dealt / others        # each other seat's expected length
        side = trumped and s != trump
        for k, r in enumerate(ranks):
            out = k >= theirs
            value = max(0.0, 1 - ((top - r) - k) * dealt / 2)
            if side:
                value = 0.0 if out else value
            elif out:
                value = 1.0
            spare += s == trump and value < 1
            total += value
    if trumped:
        short = sum(max(0, 2 - len(by_suit.get(s, []))) for s in {x for x in suit if x is not None} - {trump})
        total += min(spare, short) / 2
    return total

"""Bots choose among the legal choices a phase offers; they see only their seat's view.

`random` is seeded from the game seed (uniform over legal choices);
`smart` plays with simple card sense for point-avoidance trick games (see
`smart_card`), bidding (`smart_bid`: in an auction it estimates the tricks its
hand takes under the trump a bid names, `hand_tricks`, adds a share for a
partner, and bids only what that reaches, as the bid phase's `bots` key or
its default reads a bid; it leads the suit it bid on while no trump is set),
shedding (`smart_shed`: keeps wild cards,
plays what keeps its hand moving) and climbing (`smart_climb`: the lowest
combination that beats, no broken sets, high cards kept); where a phase's
view says it has no sense for the choice (`guessing`: a `turns` phase) it
picks at random, and where the rules say what a sensible player aims for
(`preferring`: a `turns` phase's `prefer`) it takes the highest value,
at random among equals; elsewhere it plays like `lowest`;
`ismcts` searches (ismcts.py: information-set Monte Carlo tree search);
`lowest` and `highest` are deterministic: the lowest/highest legal card in
the canonical order (suit C<D<H<S, then rank 2..A, jokers last), the
smallest/largest bid. A pass is ordered below every bid, so `lowest`
passes whenever passing is allowed and `highest` bids the largest legal bid
(it passes only when it must). A yes/no choice (e.g. reversing the rank
order) is [no, yes]: `lowest` declines, `highest` accepts. A choice with one
legal option never asks the bot, so it never consumes randomness.
"""
from __future__ import annotations

import math
import random

from ruleplay.kinds.tricksense import trick_card


class Bot:
    """A seat's policy: `act` answers a Decision from the decision's own view and actions alone."""

    def __init__(self, kind: str, rng: random.Random | str | None):
        self.kind = kind
        if isinstance(rng, str):
            self._seed = rng                  # seeded on first use (`__getattr__`): many games never ask a bot
        else:
            self.rng = rng
        self.wants_view = kind == "smart"    # phases build a view of the decision for bots that want one
        self.next_false: float | None = None  # the card number from which this bot slaps falsely next
        self.tried: dict[tuple, set[int]] = {}   # `smart`: per (seat, position digest) the choices made there
        self.plan: dict[int, str | None] = {}  # `smart`: per seat, the trump it bid on (to lead while none is set,
        # to keep); per seat because a search's playout policy answers for every seat

    observes = False                      # True: the table offers `Decision.observe` (the seat's events) to it
    rollout: "Bot | None" = None          # a `smart` bot that answers this seat's cards now, unlogged (a search's
    # playout): a trick runner may play the rest of the phase itself (kinds/trick.py `run_out`)

    def __getattr__(self, name: str):
        if name != "rng" or "_seed" not in self.__dict__:
            raise AttributeError(name)
        self.rng = random.Random(self._seed)  # from now on a plain attribute
        return self.rng

    def act(self, d, space) -> int:
        """The action for decision `d` (decision.py); `space` orders actions and encodes slaps."""
        v = d.view
        if d.window is not None:
            if getattr(v, "slapping", False):
                got = self.slap(v.pattern is not None, v.pace, v.profile, v.fingers, d.window)
                return space.NO_SLAP if got is None else space.slap(*got)
            return space.YES if self.out_of_turn(v.profile) else space.NO
        acts = d.actions
        if self.kind == "random":
            return acts[self.rng.randrange(len(acts))]
        if self.kind == "smart" and v is not None:
            how = _SMART_HOW.get(v.__class__) or _smart_how(v)
            if how == "card":                       # a card choice it has card sense for (trick, pass)
                return acts[smart_card(v, self.plan.get(d.seat))]
            if how == "climbing":
                return acts[smart_climb(v)]
            if how == "shedding":
                return acts[smart_shed(v)]
            if how == "valuing":
                return acts[smart_value(v)]
            if how == "bidding":
                i = smart_bid(v)
                self.plan[d.seat] = (v.names[i] or best_trump(v)) if v.style == "auction" and v.legal[i] is not None \
                    else None
                return acts[i]
            if how == "discarding":
                return acts[smart_discard(v, self.plan.get(d.seat))]
            if how == "choosing":
                return acts[smart_choice(v)]
            if how == "guessing":                   # a choice it has no sense for: any, not always the same
                return acts[self.rng.randrange(len(acts))]
            if how == "preferring":                 # what the rules say a sensible player aims for
                return acts[self._prefer(d.seat, v)]
        pick = max if self.kind == "highest" else min
        # cards in the canonical order; other actions are numbered in the bots' order (a pass below every bid)
        if acts[0] >= space.cards:
            return pick(acts)
        if acts[-1] < space.cards:
            return pick(acts, key=space.keys.__getitem__)
        return pick(acts, key=lambda a: (0, space.keys[a]) if a < space.cards else (1, a))   # cards, then e.g. draw

    def _prefer(self, seat: int, v) -> int:
        """`smart_prefer`, but never the same choice twice from the same position: a choice that led back to
        exactly where it was made (an ask that failed all round the table) got nowhere, so another is tried."""
        if v.position is None:
            return smart_prefer(v.best, self.rng)
        key = (seat, v.position)
        tried = self.tried.setdefault(key, set())
        i = smart_prefer(v.best, self.rng, tried)
        tried.add(i)
        if len(self.tried) > MAX_REMEMBERED:
            self.tried.clear()
        return i

    # ------------------------------------------------------------ reaction profiles
    def slap(self, slappable: bool, pace: int, prof, fingers: int, card: int) -> tuple[int, int] | None:
        """(time ms, fingers) of this bot's slap in the window of card number `card`, or None, from its
        profile and its own RNG.

        A valid pattern costs a miss draw and a reaction time. False slaps: the card of the
        next one is drawn ahead (geometric gap, the profile's chance per card); the bot slaps
        falsely in the first pattern-free window from that card on in which it may slap. So
        the usual window, which shows nothing, costs no draw, and whether the bot would slap
        falsely is known without asking it (`false_due`), which keeps windows cheap.
        """
        rng = self.rng
        if self.next_false is None:
            self.next_false = card - 1 + self._false_gap(prof)
        if slappable:
            if prof.miss >= 1.0 or rng.random() < prof.miss:
                return None
            time = round(rng.gauss(prof.mean, prof.spread))
            if time < 1:
                time = 1
            elif time >= pace:
                return None
        else:
            if card < self.next_false:
                return None
            self.next_false = card + self._false_gap(prof)
            time = rng.randrange(1, pace)
        most = prof.fingers if prof.fingers < fingers else fingers
        return time, (1 + rng._randbelow(most) if most > 1 else 1)    # randrange(most)'s draw, without its checks

    def false_due(self, card: int) -> bool:
        """Might this bot slap the pattern-free pile of card number `card`? (No draw, no change.)"""
        return self.next_false is None or card >= self.next_false

    def _false_gap(self, prof) -> float:
        """Cards until the next false slap: geometric with the profile's chance per card (never: infinite)."""
        if prof.false <= 0.0:
            return math.inf
        if prof.false >= 1.0:
            return 1
        return 1 + int(math.log(1.0 - self.rng.random()) / math.log(1.0 - prof.false))

    def out_of_turn(self, prof) -> bool:
        """Play a card out of turn now? The profile's chance per card."""
        return prof.out_of_turn > 0.0 and self.rng.random() < prof.out_of_turn


MAX_REMEMBERED = 100_000    # positions a `smart` bot remembers its choices at (then it forgets them all)
_SMART_HOW: dict[type, str] = {}     # a view's class -> which of smart's heuristics answers it (`_smart_how`)


def _smart_how(v) -> str:
    """Which heuristic `smart` uses for a view of this class (its class's flag: every view of a phase kind is
    answered alike), remembered per class: the hot path of a playout is one dict lookup."""
    how = next((f for f in ("climbing", "shedding", "valuing", "bidding", "discarding", "choosing", "guessing",
                            "preferring") if getattr(v, f, False)), "card" if hasattr(v, "strength") else "none")
    _SMART_HOW[v.__class__] = how
    return how


def smart_card(v, plan: str | None = None) -> int:
    """`smart`: card sense for games where card points are bad (taken tricks with points cost).

    Passing: give away the point cards first, then the highest cards (in a game where no card carries
    points, the lowest cards: high ones are strength there). In a trick: `trick_card`, or `seek_card`
    where the game's own points table has a card worth less than nothing (a bonus card at -10, say) and no bid
    or partner is in play. Only the decision's legal cards and the public trick are read.
    """
    if getattr(v, "passing", False):
        cards, pts, st = v.legal, v.points, v.strength.__getitem__
        idx = range(len(cards))
        if not any(pts):              # no card carries points: the high cards are strength, give the lowest
            return min(idx, key=lambda i: st(cards[i]))
        return max(idx, key=lambda i: (pts[cards[i]], st(cards[i])))
    if v.want is None and not v.partner_winning and v.would_win is not None and _has_bonus(v.points):
        return seek_card(v)
    return trick_card(v.legal, v.points, v.strength.__getitem__, v.suit, v.trump, v.leading, v.following, v.winning,
                      v.want, v.would_win, v.partner_winning, plan)


_BONUS: dict[int, tuple[list, bool]] = {}     # id of a phase's points table -> (the table, a card below 0?)


def _has_bonus(points: list[int]) -> bool:
    """Does some card count less than nothing? Remembered per table (a phase keeps one list for a game)."""
    hit = _BONUS.get(id(points))
    if hit is None or hit[0] is not points:
        hit = _BONUS[id(points)] = (points, min(points, default=0) < 0)
        if len(_BONUS) > 256:
            _BONUS.clear()
    return hit[1]


def seek_card(v) -> int:
    """`smart` in a trick of a game where some card is worth less than nothing (a bonus card): points cost,
    the bonus card is sought. The index of one of the legal cards.

    A trick whose cards so far add up to less than nothing is taken when a legal card can win it: by the
    highest winner while others are still to play (so it holds), by the lowest when last, a card without
    points first. Otherwise as `trick_card`, but a bonus card is never led or ducked under another's win
    while another card will do, and when every card wins the trick the bonus card goes into it.
    """
    cards, pts, st = v.legal, v.points, v.strength.__getitem__
    idx = range(len(cards))
    wins = [i for i in idx if cards[i] in v.would_win]
    if v.leading:
        return min(idx, key=lambda i: (pts[cards[i]] > 0, pts[cards[i]] < 0, st(cards[i])))
    if wins and sum(pts[c] for _, c in v.plays) < 0:
        clean = [i for i in wins if pts[cards[i]] <= 0] or wins
        if v.to_play:
            return max(clean, key=lambda i: (st(cards[i]), -pts[cards[i]]))
        return min(clean, key=lambda i: (pts[cards[i]], st(cards[i])))
    if len(wins) == len(cards):                       # the trick is ours whatever we play: put the bonus in
        return max(idx, key=lambda i: (pts[cards[i]] <= 0, -pts[cards[i]], st(cards[i])))
    if v.following and v.winning is not None:         # duck: the highest losing card, a bonus card last
        losing = [i for i in idx if i not in wins]
        return max(losing, key=lambda i: (pts[cards[i]] >= 0, st(cards[i]), -pts[cards[i]]))
    return max(idx, key=lambda i: (pts[cards[i]], st(cards[i])))


def smart_shed(v) -> int:
    """`smart` at a shedding turn (the index of a legal card; it never draws while it can play): keep the
    cards legal on anything (wild cards) for last; else the card after which most of its other cards are
    legal (a suit or run it holds many of); then the one worth most points (shed the costly ones)."""
    cards = v.legal
    return min(range(len(cards)), key=lambda i: (v.anywhere[cards[i]], -v.after[cards[i]], -v.points[cards[i]], i))


def smart_climb(v) -> int:
    """`smart` at a climbing turn (an index into the legal combinations, then pass when not leading).

    A combination that empties the hand is played. Leading: the lowest combination that breaks no set
    (a pair is led as a pair), the longer at equal rank. Following: the lowest combination that beats
    without breaking a set and without spending a high card (one of the two top ranks, or a play that
    clears the pile), unless its hand is down to four cards or an opponent's to two; otherwise it passes.
    """
    order, legal = v.order, v.legal
    held: dict[int, int] = {}
    for c in v.hand:
        held[order[c]] = held.get(order[c], 0) + 1
    top_rank = max(order)
    idx = range(len(legal))

    def breaks(i: int) -> bool:
        cards = legal[i][1]
        used: dict[int, int] = {}
        for c in cards:
            used[order[c]] = used.get(order[c], 0) + 1
        return any(held[o] > k for o, k in used.items())

    def low(i: int) -> int:
        return min(order[c] for c in legal[i][1])

    def high(i: int) -> bool:
        return v.clears[i] or max(order[c] for c in legal[i][1]) >= top_rank - 1

    for i in idx:
        if len(legal[i][1]) == len(v.hand):
            return i
    if v.top is None:
        return min(idx, key=lambda i: (breaks(i), high(i), low(i), -len(legal[i][1])))
    pressed = len(v.hand) <= 4 or min(v.held, default=99) <= 2
    ok = [i for i in idx if not breaks(i) and (pressed or not high(i))]
    if not ok and pressed:
        ok = list(idx)
    return min(ok, key=lambda i: (breaks(i), low(i))) if ok else len(legal)


def smart_bid(v) -> int:
    """`smart` at a bid (an index into the legal choices; None is a pass).

    One bid each or sealed (bids count tricks): the bid nearest its count of tricks, a card of the top
    two ranks or a trump of the top five counting one. An auction: each bid asks for `v.need` tricks
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
    if v.style != "auction":
        return _trick_bid(v, bids)
    may_pass = None in legal
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
        spare = {i: can(v.names[i]) - v.need[i] for i in bids}
    ok = [i for i in bids if spare[i] >= 0]
    if ok:
        return max(ok, key=lambda i: (spare[i], -legal[i]))
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


def smart_discard(v, plan: str | None = None) -> int:
    """`smart` discarding (an index into the legal cards): never a trump (the table's, else the suit it
    bid on) or a card of no suit while another will do, nor a card of the top rank; among the rest the
    lowest card of its shortest suit (emptying a suit lets it ruff or discard later)."""
    cards, order, suit = v.legal, v.order, v.suit
    trump = v.trump if v.trump is not None else plan
    top = max(order)
    length: dict = {}
    for c in cards:
        length[suit[c]] = length.get(suit[c], 0) + 1
    return min(range(len(cards)), key=lambda i: (suit[cards[i]] is None or suit[cards[i]] == trump,
                                                 order[cards[i]] == top, length[suit[cards[i]]],
                                                 order[cards[i]], i))


def smart_value(v) -> int:
    """A value to choose or a pass (kinds/choose.py): the value it holds most of (a trump to name, a
    card to order up), taken when that is at least half its hand counting a high card as 1.5, or when
    it may not pass; a value it holds nothing of (going alone) only when it must."""
    best = max(range(len(v.values)), key=lambda i: (v.held[i], -i))
    if not v.may_pass:
        return best
    return 1 + best if v.held[best] * 2 >= v.hand_size and v.held[best] > 0 else 0


def smart_prefer(best: list[int], rng: random.Random, tried: set[int] = frozenset()) -> int:
    """The index of an action with the highest `prefer` value (a `turns` phase's rules say what a sensible
    player aims for), any of equals at random: with every value equal it guesses as with no `prefer`. The
    indices `tried` are left out while any other is left."""
    left = [i for i in range(len(best)) if i not in tried] if tried else range(len(best))
    if not left:
        left = range(len(best))
    top = max(best[i] for i in left)
    ties = [i for i in left if best[i] == top]
    return ties[rng.randrange(len(ties))]


def smart_choice(v) -> int:
    """A yes/no switch offered to a trick winner: take it (1) when most of the rest of its hand is in the
    lower half of the ranks (the switch favours the cards it holds); otherwise decline (0)."""
    hand = v.hand
    if not hand:
        return 0
    order = v.order
    top = max(order) or 1
    low = sum(1 for c in hand if order[c] <= top // 2)
    return 1 if low * 2 > len(hand) else 0

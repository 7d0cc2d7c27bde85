"""Card sense for trick play: the card a plain, sensible player plays from a trick's public facts.

The trick kind's `SMART` heuristics (`smart_trick` for a card, `smart_switch` for a yes/no switch offered
to a trick's winner) are here: the `smart` bot answers a trick's decisions with them (kinds/contract.py),
and the trick kind's playouts (`_Run.rollout_card`) call `trick_card` directly, so a rule of play never imports
an agent.
"""
from __future__ import annotations

from typing import Sequence


def trick_card(cards: list[int], pts: Sequence[int], st, suit: Sequence, trump: str | None, leading: bool,
               following: bool, winning: int | None, want: int | None, would_win, partner_winning: bool,
               plan: str | None = None) -> int:
    """`smart` in a trick (the index of one of the legal `cards`), from the trick's public facts: `st` a card's
    rank under the trick's order, `suit` per card, `winning` the card winning so far, `want` the tricks still
    wanted toward a bid (None: no bid), `would_win` the legal cards that would take the trick.

    Leading: the lowest card that carries no points. Following suit: the highest card that still loses
    to the card winning the trick (duck); if every card would win, the highest card without points (the
    trick is ours anyway). Void in the suit led: dump the card with the most points, else the highest
    card. Partnerships: when the partner is winning the trick, play the lowest card (never overtake a
    partner). Toward a bid: `_contract_card`. The trick runner calls this directly in a playout
    (`_Run.rollout_card`); a view is its arguments by name (`smart_card`).
    """
    idx = range(len(cards))
    if partner_winning:
        keys = [(trump is not None and suit[c] == trump, st(c)) for c in cards]
        return min(idx, key=keys.__getitem__)
    if want is not None and would_win is not None:
        return _contract_card(cards, st, suit, trump, leading, want, would_win, plan)
    if leading:
        keys = [(pts[c] > 0, st(c)) for c in cards]
        return min(idx, key=keys.__getitem__)
    if following and winning is not None:
        w = winning
        sw = suit[w]
        trumped = trump is not None and sw == trump
        top = st(w)
        # the cards that lose to the one winning: a non-trump under a trump, else not a higher card of its suit
        losing = [i for i, c in enumerate(cards)
                  if not (trump is not None and suit[c] == trump and not trumped or suit[c] == sw and st(c) > top)]
        if losing:
            keys = [(st(c), -pts[c]) for c in cards]
            return max(losing, key=keys.__getitem__)
        keys = [(pts[c] <= 0, st(c)) for c in cards]
        return max(idx, key=keys.__getitem__)
    keys = [(pts[c], st(c)) for c in cards]
    return max(idx, key=keys.__getitem__)


def _contract_card(cards: list[int], st, suit: Sequence, trump: str | None, leading: bool, want: int, would_win,
                   plan: str | None = None) -> int:
    """Toward a bid: win tricks while some are still wanted, lose them once the bid is reached. Leading
    while no trump is set, a bidder leads the top card of the suit it bid on as trump (`plan`; where
    the lead sets trump, that makes it trump)."""
    idx = range(len(cards))
    key = [(trump is not None and suit[c] == trump, st(c)) for c in cards].__getitem__
    if leading:
        if want > 0 and trump is None and any(suit[c] == plan for c in cards):
            return max((i for i in idx if suit[cards[i]] == plan), key=key)
        return max(idx, key=key) if want > 0 else min(idx, key=key)
    winners = [i for i in idx if cards[i] in would_win]
    if want > 0:
        return min(winners, key=key) if winners else min(idx, key=key)
    losers = [i for i in idx if cards[i] not in would_win]
    return max(losers, key=key) if losers else min(idx, key=key)


# ------------------------------------------------------------ the trick kind's `SMART` (kinds/contract.py)
def smart_trick(d, mind) -> int:
    """A card in a trick (`TrickView`): `smart_card`, toward the trump the seat bid on (its plan, if any)."""
    return smart_card(d.view, mind.plan.get(d.seat))


def smart_switch(d, mind) -> int:
    """A yes/no switch offered to a trick's winner (trick.ChoiceView): `smart_choice`."""
    return smart_choice(d.view)


def smart_card(v, plan: str | None = None) -> int:
    """`smart` in a trick (a `TrickView`), for games where card points are bad (taken tricks with points cost):
    `trick_card`, or `seek_card` where the game's own points table has a card worth less than nothing (a bonus card at -10, say) and no bid
    or partner is in play. Only the decision's legal cards and the public trick are read.
    """
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

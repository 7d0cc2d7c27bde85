"""Card sense for trick play: the card a plain, sensible player plays from a trick's public facts.

The `smart` bot uses it at a trick decision, and the trick kind's playouts (`_Run.run_out`) call it
directly, so a rule of play never imports an agent.
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
    (`_Run.run_out`); a view is its arguments by name (`smart_card`).
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

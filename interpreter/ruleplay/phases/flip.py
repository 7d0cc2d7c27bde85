"""flip: each turn the actor turns the top card of their stack onto a shared pile.

Covers the pile-collecting family: card powers that demand payment from the
next player (challenges), taking the pile under your stack, running out of
cards. Seats that are out, or have no card when `empty-hand: skip`, are
passed over in turn order.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import expr as X
from ..model import Ctx, Zone, per_card
from ..table import GameOver, Table


@dataclass
class Flip:
    name: str
    src: Zone
    pile: Zone
    chances: list[int] | None
    answer: bool
    empty_payer: str
    take_to: Zone
    take_bottom: bool
    leads_taker: bool
    empty_out: bool
    last_takes: bool
    description: str = ""

    def run(self, t: Table) -> None:
        _Run(self, t).loop()


def compile(ctx: Ctx, path: tuple, name: str) -> Flip | None:
    spec = ctx.get(path)
    src = ctx.zone(path + ("from",), owner="seat")
    pile = ctx.zone(path + ("to",), owner="table")
    take_to = ctx.zone(path + ("take", "to"), owner="seat")
    chances = per_card(ctx, path + ("challenge", "chances"), X.INT) if "challenge" in spec else None
    if None in (src, pile, take_to):
        return None
    ch = spec.get("challenge", {})
    take = spec["take"]
    return Flip(name, src, pile, chances, ch.get("answer", True), ch.get("empty-payer", "challenger-takes"),
                take_to, take.get("where", "bottom") == "bottom", take.get("leads", "taker") == "taker",
                spec.get("empty-hand", "skip") == "out", spec.get("last-standing", "takes-pile") == "takes-pile",
                spec.get("description", ""))


class _Run:
    """One run of a flip phase; locals kept on self only where helpers need them."""

    def __init__(self, ph: Flip, t: Table):
        self.ph = ph
        self.t = t
        self.src = t.seat_zones[ph.src.index]
        self.pile = t.shared[ph.pile.index]
        self.dest = t.seat_zones[ph.take_to.index]
        self.last_player: int | None = None

    def take(self, seat: int, why: str) -> None:
        t, pile = self.t, self.pile
        count = len(pile)
        if self.ph.take_bottom:
            self.dest[seat].extendleft(pile)   # first card played ends nearest the top of the new part
        else:
            self.dest[seat].extend(pile)
        pile.clear()
        t.pile_takes += 1
        t.emit("take", seat=seat, count=count, why=why)

    def in_game(self) -> list[int]:
        return [s for s in self.t.seat_range if not self.t.out[s]]

    def next_player(self, seat: int) -> int | None:
        """The next seat in turn order whose turn it is (may be `seat` itself).

        With `empty-hand: out` that is the next seat still in the game, cards or
        not (it will be put out when it cannot play); with `skip`, the next
        seat that has a card.
        """
        t = self.t
        empty_out = self.ph.empty_out
        for step in range(1, t.n + 1):
            s = t.next_seat(seat, step)
            if not t.out[s] and (empty_out or self.src[s]):
                return s
        return None

    def eliminate(self, seat: int, why: str) -> None:
        t = self.t
        t.out[seat] = True
        t.emit("out", seat=seat, why=why)
        left = self.in_game()
        if len(left) == 1 and self.ph.last_takes:
            if self.pile:
                self.take(left[0], "last player in the game")
            t.check_end()
            raise GameOver("finished", left, "one player left in the game")

    def loop(self) -> None:
        t, ph, src, pile = self.t, self.ph, self.src, self.pile
        chances = ph.chances
        events = t.events
        actor = t.actor
        challenger: int | None = None
        owed = 0
        t.boundary()
        while True:
            hand = src[actor]
            if not hand:
                # The actor must play (lead or pay) and cannot.
                if ph.empty_out:
                    self.eliminate(actor, "no card to play")
                nxt = self.next_player(actor)
                if challenger is not None and (ph.empty_payer == "challenger-takes" or nxt == challenger or nxt is None):
                    self.take(challenger, "payment not made")
                    actor = challenger if ph.leads_taker else self.next_player(challenger)
                    challenger = None
                    if actor is None or not src[actor]:
                        actor = self.next_player(actor if actor is not None else 0) or 0
                    t.actor = actor
                    t.boundary()
                    continue
                if nxt is None:
                    # Nobody can play: the last player to play takes the pile.
                    if self.last_player is not None and pile:
                        self.take(self.last_player, "nobody can play")
                    t.check_end()
                    raise GameOver("finished" if t.rules.end == [] else "stuck", [],
                                   "no player can play a card")
                actor = nxt
                continue
            card = hand.pop()
            pile.append(card)
            t.cards_played += 1
            self.last_player = actor
            if events is not None:
                t.emit("play", seat=actor, card=t.rules.deck.names[card])
            t.act()
            c = chances[card] if chances is not None else 0
            if c > 0 and (challenger is None or ph.answer):
                challenger = actor
                owed = c
                nxt = self.next_player(actor)
            elif challenger is not None:
                owed -= 1
                if owed > 0:
                    continue            # the same payer goes on paying
                self.take(challenger, "payment complete")
                actor = challenger if ph.leads_taker else self.next_player(challenger)
                challenger = None
                if actor is None or not src[actor]:
                    t.actor = actor if actor is not None else 0
                    t.check_end()
                    actor = self.next_player(t.actor)
                    if actor is None:
                        raise GameOver("stuck", [], "no player can play a card")
                t.actor = actor
                t.boundary()
                continue
            else:
                nxt = self.next_player(actor)
            if nxt is None:
                nxt = actor             # nobody else has cards; keep playing (or run out above)
            if nxt == challenger and challenger is not None:
                # Nobody but the challenger can pay: the challenger wins the pile.
                self.take(challenger, "nobody can pay")
                challenger = None
                t.actor = nxt
                t.boundary()
            actor = nxt

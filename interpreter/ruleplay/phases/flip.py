"""flip: each turn the actor turns the top card of their stack onto a shared pile.

Covers the pile-collecting family: card powers that demand payment from the
next player (challenges), taking the pile under your stack, running out of
cards, and (with `reactions`) slaps judged in a window after every card.
Seats that are out, or have no card when `empty-hand: skip`, are passed over
in turn order.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .. import expr as X
from ..model import Ctx, Zone, per_card
from ..table import GameOver, Table
from .reactions import Reactions, compile_reactions


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
    reactions: Reactions | None
    description: str = ""

    def run(self, t: Table) -> None:
        _Run(self, t).loop()


def compile(ctx: Ctx, path: tuple, name: str) -> Flip | None:
    spec = ctx.get(path)
    src = ctx.zone(path + ("from",), owner="seat")
    pile = ctx.zone(path + ("to",), owner="table")
    take_to = ctx.zone(path + ("take", "to"), owner="seat")
    chances = per_card(ctx, path + ("challenge", "chances"), X.INT) if "challenge" in spec else None
    empty_payer = ctx.word(path + ("challenge", "empty-payer"), ("challenger-takes", "next-pays"),
                           "challenger-takes")
    reactions = compile_reactions(ctx, path + ("reactions",), pile)
    if None in (src, pile, take_to):
        return None
    ch = spec.get("challenge", {})
    take = spec["take"]
    return Flip(name, src, pile, chances, ch.get("answer", True), empty_payer,
                take_to, take.get("where", "bottom") == "bottom", take.get("leads", "taker") == "taker",
                spec.get("empty-hand", "skip") == "out", spec.get("last-standing", "takes-pile") == "takes-pile",
                reactions, spec.get("description", ""))


class _Run:
    """One run of a flip phase."""

    def __init__(self, ph: Flip, t: Table):
        self.ph = ph
        self.t = t
        self.src = t.seat_zones[ph.src.index]
        self.pile = t.shared[ph.pile.index]
        self.dest = t.seat_zones[ph.take_to.index]
        self.false_run = [0] * t.n      # cards in a row each seat false-slapped
        r = ph.reactions
        self.seat_profiles = [r.profiles[p] for p in t.profiles] if r is not None else []
        self.false_countdown = [self.cards_to_false_slap(p) for p in self.seat_profiles] \
            if r is not None and t.script is None else []
        self.false_total = [0] * t.n
        t.extra_state = lambda: (tuple(self.false_run), tuple(self.false_total), t.round_plays, t.round_burned)

    # ---------------------------------------------------------------- table moves
    def take(self, seat: int, why: str) -> None:
        t, pile = self.t, self.pile
        count = len(pile)
        if self.ph.take_bottom:
            self.dest[seat].extendleft(pile)   # the first card played ends nearest the top of the new part
        else:
            self.dest[seat].extend(pile)
        pile.clear()
        t.pile_takes += 1
        if t.events is not None:
            t.emit("take", seat=seat, count=count, why=why)

    def burn(self, payer: int, owner: int, n: int) -> int:
        """Cards from the top of `payer`'s stack to the bottom of the pile, on behalf of `owner`."""
        hand, pile = self.src[payer], self.pile
        k = min(n, len(hand))
        for _ in range(k):
            pile.appendleft(hand.pop())
        self.t.round_burned += k
        if k:
            self.t.stat("burns", owner, k)
            self.t.emit("burn", seat=owner, count=k, **({"lender": payer} if payer != owner else {}))
        return k

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
        """Out for good; the seat's cards go face down under the pile, so none are lost."""
        t = self.t
        t.out[seat] = True
        hand = self.src[seat]
        if hand:
            self.pile.extendleft(hand)
            hand.clear()
        t.stat("eliminations", seat)
        t.emit("out", seat=seat, why=why)
        left = self.in_game()
        if len(left) == 1 and self.ph.last_takes:
            if self.pile:
                self.take(left[0], "last player in the game")
            t.check_end()
            raise GameOver("finished", left, "one player left in the game")

    def new_round(self, taker: int) -> int:
        """After a take: who leads, then the round boundary (end tests, cycle check)."""
        t = self.t
        actor = taker if self.ph.leads_taker else self.next_player(taker)
        if actor is None or not self.src[actor]:
            t.actor = taker
            t.check_end()
            actor = self.next_player(taker if actor is None else actor)
            if actor is None:
                raise GameOver("stuck", [], "no player can play a card")
        t.actor = actor
        t.round_first = None
        t.round_plays = 0
        t.round_burned = 0
        t.round_cards.clear()
        t.boundary()
        return actor

    # ---------------------------------------------------------------- the loop
    def loop(self) -> None:
        t, ph, src, pile = self.t, self.ph, self.src, self.pile
        chances = ph.chances or [0] * len(t.rules.deck)
        events = t.events
        reactions = ph.reactions
        check = t.check
        out, n, step, empty_out = t.out, t.n, t.rules.direction, ph.empty_out
        next_player = self.next_player
        actor = t.actor
        challenger: int | None = None
        owed = 0
        last_player: int | None = None         # who put the last card on the pile
        # Cards played here are counted in `k`; the table's counters (cards_played, actions) are
        # brought up to date before anything reads them (a round boundary, a slap window, the end),
        # which keeps attribute writes off the per-card path.
        k = 0
        played0, actions0 = t.cards_played, t.actions
        room = t.max_actions - actions0        # cards this loop may play before --max-actions

        def sync() -> None:
            t.cards_played = played0 + k
            t.actions = actions0 + k
        t.round_first, t.round_plays, t.round_burned = None, 0, 0
        round_cards = t.round_cards
        round_cards.clear()
        t.boundary()
        try:
            while True:
                hand = src[actor]
                if not hand:
                    # The actor must play (lead or pay) and cannot.
                    sync()
                    if empty_out and not out[actor]:
                        self.eliminate(actor, "no card to play")
                    nxt = next_player(actor)
                    if challenger is not None and (ph.empty_payer == "challenger-takes" or nxt == challenger
                                                   or nxt is None):
                        self.take(challenger, "payment not made")
                        actor = self.new_round(challenger)
                        challenger = None
                        continue
                    if nxt is None:
                        # Nobody can play: the last player to play takes the pile.
                        if last_player is not None and pile and not out[last_player]:
                            self.take(last_player, "nobody can play")
                        t.check_end()
                        raise GameOver("stuck", [], "no player can play a card")
                    actor = nxt
                    continue
                card = hand.pop()
                pile.append(card)
                k += 1
                if events is not None:
                    t.emit("play", seat=actor, card=t.rules.deck.names[card])
                if check:
                    sync()
                    t.check_conservation()
                if k >= room:
                    sync()
                    raise GameOver("limit", [], f"stopped after {t.actions} actions (--max-actions)")
                if reactions is not None:
                    sync()
                    last_player = actor
                    if t.round_plays == 0:
                        t.round_first = card
                    t.round_plays += 1
                    round_cards.append(card)    # burned cards and an out seat's cards go under these (Q4)
                    t.actor = actor
                    # Q8: the window of every card, the last owed one included, closes before anyone collects.
                    taker = self.react(reactions, actor)
                    if taker is not None:
                        challenger = None
                        actor = self.new_round(taker)
                        continue
                    if challenger is not None and out[challenger]:
                        challenger = None   # a challenger put out for good collects nothing
                else:
                    last_player = actor
                # A card counts even when its player was put out for good in its window (Q10): the
                # payment goes on from the top of the loop, where an actor with no card hands over.
                c = chances[card]
                if c > 0 and (challenger is None or ph.answer):
                    challenger = None if out[actor] else actor
                    owed = c
                elif challenger is not None:
                    owed -= 1
                    if owed > 0:
                        continue            # the same payer goes on paying (or hands over: see above)
                    sync()
                    t.stat("challenges-won", challenger)
                    self.take(challenger, "payment complete")
                    actor = self.new_round(challenger)
                    challenger = None
                    continue
                if out[actor]:
                    continue                # put out in the window: the top of the loop passes the turn
                nxt = (actor + step) % n            # the usual case without a call: the next seat can play
                if out[nxt] or not (empty_out or src[nxt]):
                    nxt = next_player(actor)
                if nxt is None:
                    nxt = actor             # nobody else has cards; keep playing (or run out above)
                if nxt == challenger and challenger is not None:
                    # Nobody but the challenger can pay: the challenger wins the pile.
                    sync()
                    t.stat("challenges-won", challenger)
                    self.take(challenger, "nobody can pay")
                    challenger = None
                    actor = self.new_round(nxt)
                    continue
                actor = nxt
        finally:
            sync()

    # ---------------------------------------------------------------- slaps
    def react(self, r: Reactions, actor: int) -> int | None:
        """Run one reaction window; return the seat that took the pile by a slap, if any."""
        t = self.t
        matched = None
        for p in r.patterns:
            if p.when(t):
                matched = p
                break
        slaps = self.scripted(r) if t.script is not None else self.bot_slaps(r, matched, actor)
        if t.reactors:
            self.reactor_slaps(r, slaps)
        if not slaps:
            if any(self.false_run):
                self.restart_runs(())
        elif matched is None:
            slaps.sort()
            self.restart_runs({seat for _, seat, _ in slaps})
            counted = set()
            for time, seat, _ in slaps:
                if t.out[seat]:
                    continue
                t.emit("slap", seat=seat, time=time, valid=False, pattern=None)
                t.stat("false-slaps", seat)
                self.penalty(r, seat, seat not in counted)
                counted.add(seat)
        else:
            slaps.sort()
            self.restart_runs(())          # every slap on this card is valid, won or not (Q16)
            winner = self.first_slap(r, slaps)
            for time, seat, _ in slaps:
                t.emit("slap", seat=seat, time=time, valid=True, pattern=matched.name, won=seat == winner)
            if winner is not None:
                t.stat("slaps:" + matched.name, winner)
                if matched.effect == "win":
                    t.emit("win", seat=winner, why=f"slapped {matched.name}")
                    raise GameOver("finished", [winner], f"seat {winner} slapped {matched.name}")
                if matched.effect == "lose":
                    self.eliminate(winner, f"slapped {matched.name}")
                else:
                    if t.out[winner]:
                        t.out[winner] = False
                    self.take(winner, f"slapped {matched.name}")
                    return winner
        if r.out_of_turn_burn and t.script is None:
            self.out_of_turn(r, actor)
        return None

    def restart_runs(self, slapped) -> None:
        """Q16: a card a seat did not false-slap (no slap, or a valid one) restarts its cards in a row."""
        run = self.false_run
        if any(run):
            for s in self.t.seat_range:
                if s not in slapped:
                    run[s] = 0

    def scripted(self, r: Reactions) -> list[tuple[int, int, int]]:
        """The script's slaps after this card, from seats the rules let slap."""
        t = self.t
        out = []
        for s in t.script.get(t.cards_played, []):
            t.loc["s"] = s["seat"]
            if not t.out[s["seat"]] and r.eligible(t):
                out.append((s["time"], s["seat"], s.get("fingers", 1)))
        return out

    def bot_slaps(self, r: Reactions, matched, actor: int) -> list[tuple[int, int, int]]:
        """Each bot decides from its profile; who may slap (`who`) is asked only of a bot about to slap.

        A valid pattern costs each bot a miss draw and a reaction time. False slaps
        come from a countdown: the number of pattern-free cards until a bot's next
        false slap is drawn once (geometric, the same chance per card as drawing on
        every card), so the usual card, which shows nothing, costs no draw at all.
        """
        t = self.t
        rng = t.rng
        reactors = t.reactors
        out_ = t.out
        profiles = self.seat_profiles
        countdown = self.false_countdown
        loc = t.loc
        eligible = r.eligible
        pace = r.pace
        out = []
        for s in t.seat_range:
            if out_[s] or s in reactors:
                continue
            prof = profiles[s]
            if matched is not None:
                if prof.miss >= 1.0:
                    continue
                t.rng_draws += 1
                if rng.random() < prof.miss:
                    continue
                time = max(1, round(rng.gauss(prof.mean, prof.spread)))
                if time >= pace:
                    continue
            else:
                left = countdown[s] - 1
                if left > 0:
                    countdown[s] = left
                    continue
                if left < 0:             # a profile that never slaps falsely
                    continue
                countdown[s] = self.cards_to_false_slap(prof)
                t.rng_draws += 1
                time = rng.randrange(1, pace)
            loc["s"] = s
            if eligible(t):
                out.append((time, s, 1 + rng.randrange(prof.fingers)))
        return out

    def cards_to_false_slap(self, prof) -> int:
        """Pattern-free cards until the next false slap: geometric with the profile's chance per card."""
        if prof.false <= 0.0:
            return -1
        if prof.false >= 1.0:
            return 1
        self.t.rng_draws += 1
        return 1 + int(math.log(1.0 - self.t.rng.random()) / math.log(1.0 - prof.false))

    def reactor_slaps(self, r: Reactions, slaps: list[tuple[int, int, int]]) -> None:
        """Slaps of seats with a reactor (a human at the keyboard), added to the others' of this window.

        Asked after the others' slaps are known, so a real-time reactor stops
        waiting when the earliest other slap lands (`deadline`, ms); it is
        asked even when its seat may not slap, so a display keeps pace.
        """
        t = self.t
        deadline = min((x[0] for x in slaps), default=r.pace)
        for s, reactor in t.reactors.items():
            t.loc["s"] = s
            eligible = not t.out[s] and bool(r.eligible(t))
            got = reactor(deadline, r.pace, eligible)
            if got is not None and eligible and got[0] < r.pace:
                slaps.append((got[0], s, got[1]))

    def first_slap(self, r: Reactions, slaps: list[tuple[int, int, int]]) -> int | None:
        """The earliest slap; exact ties go to the finger rule, then to nobody (or a seeded draw)."""
        t = self.t
        first = slaps[0][0]
        tied = [x for x in slaps if x[0] == first]
        if len(tied) == 1:
            return tied[0][1]
        if r.finger_rule:
            most = max(x[2] for x in tied)
            tied = [x for x in tied if x[2] == most]
            if len(tied) == 1:
                return tied[0][1]
        if r.tie_no_winner:
            t.emit("tie", seats=[x[1] for x in tied])
            return None
        t.rng_draws += 1
        return t.rng.choice(tied)[1]

    def penalty(self, r: Reactions, seat: int, new_card: bool) -> None:
        """One false slap: each costs a burn and counts for the total; a card counts once in a row (Q16)."""
        t = self.t
        if new_card:
            self.false_run[seat] += 1
        self.false_total[seat] += 1
        if r.limit_total and self.false_total[seat] >= r.limit_total:
            self.eliminate(seat, f"false slap number {self.false_total[seat]}")
            return
        if r.limit_consecutive and self.false_run[seat] >= r.limit_consecutive:
            self.eliminate(seat, f"false slaps on {self.false_run[seat]} cards in a row")
            return
        if self.src[seat]:
            self.burn(seat, seat, r.burn)      # Q11: short of cards, burn what you have
            return
        if r.lending:
            # Q15: the next seat in turn order with enough cards lends them, burned straight into the pile.
            for step in range(1, t.n):
                lender = t.next_seat(seat, step)
                if not t.out[lender] and len(self.src[lender]) >= r.burn:
                    self.burn(lender, seat, r.burn)
                    return
        if r.out_when_empty and r.burn > 0:
            self.eliminate(seat, "false slap with no cards")

    def out_of_turn(self, r: Reactions, actor: int) -> None:
        t = self.t
        rng = t.rng
        for s in t.seat_range:
            if s == actor or t.out[s] or not self.src[s] or s in t.reactors:
                continue
            p = r.profiles[t.profiles[s]].out_of_turn
            if p > 0.0:
                t.rng_draws += 1
                if rng.random() < p:
                    # Q18: the card is not played; the offence costs a burn.
                    t.emit("out-of-turn", seat=s)
                    t.stat("out-of-turn", s)
                    self.burn(s, s, r.out_of_turn_burn)

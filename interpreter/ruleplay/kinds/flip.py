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

from ruleplay.lang import expr as X
from ruleplay.compiler.model import Ctx, Zone, per_card
from ruleplay.engine.decision import Decision
from ruleplay.engine.table import GameOver, Table
from ruleplay.engine.events import OUT, PLAY, TAKE, EventSpec
from ruleplay.kinds.reactions import OutOfTurnView, Reactions, SlapView, compile_reactions
from ruleplay.kinds.words import formula
from ruleplay.kinds.schema_parts import phase_schema, text


# ---------------------------------------------------------------------------- the kind's keys (schema)
SUMMARY = 'flip: each turn the actor turns the top card of a stack onto a pile (the slap/challenge family).'
SCHEMA = phase_schema('flip', {
    "from": text("Per-seat stack the actor plays from (its top card)."),
    "to": text("Shared pile the card goes on."),
    "challenge": {"$ref": "#/$defs/challenge"},
    "take": {"$ref": "#/$defs/take"},
    "empty-hand": {"enum": ["out", "skip"], "default": "skip",
                   "description": "A seat that must play and has no card: is out of the game, or is skipped."},
    "last-standing": {"enum": ["takes-pile", "none"], "default": "takes-pile",
                      "description": "When one seat is left in the game, it takes the pile."},
    "reactions": {"$ref": "#/$defs/reactions"},
}, ['from', 'to', 'take'])
EXAMPLES = {   # for editors: examples and descriptions of the keys above, by path in the phase
    'from': {"examples": ["stock"]},
    'to': {"examples": ["pile"]},
    'challenge': {"description": "Card powers: a card that demands payment from the next player.", "examples": [{"chances": "card.chances"}]},
    'take': {"description": "Where a won pile goes and who leads next.", "examples": [{"to": "stock", "leads": "taker"}]},
    'reactions': {"description": "A slap window after every card put on the pile (Egyptian Ratscrew).", "examples": [{"profiles": {"casual": {"mean": 450}}, "patterns": {"double": {"when": "pile[1].rank == pile[2].rank"}}}]},
    'before': {"examples": ["play"]},
}
# the event kinds it logs (replay checks logs against them)
# the event kinds it logs, with the fields that hide cards (visibility.seat_event); replay checks logs against them
# what the kind keeps on the table (Table's fields): the round under way, read as round-first / round-plays /
# round-burned; the cards played this round, bottom first, are what the slap patterns see
FIELDS = {"round_first": lambda n: None, "round_plays": lambda n: 0, "round_burned": lambda n: 0,
          "round_cards": lambda n: []}
EVENTS = {"play": PLAY, "take": TAKE, "slap": EventSpec(("seat", "time", "valid", "pattern", "won"), sample=None),
          "burn": EventSpec(("seat", "count", "lender"), sample=None), "tie": EventSpec(("seats",), sample=None),
          "out-of-turn": EventSpec(("seat",), sample=None), "out": OUT, "win": EventSpec(("seat", "why"), sample=None)}


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

    def offers(self, space) -> list[int]:
        """A card turned on its owner's word (`Table.turn_asked`), the slap windows, an out-of-turn play."""
        r = self.reactions
        if r is None:
            return [space.YES]
        return [space.NO, space.YES, *space.slaps(r.pace)]

    def run(self, t: Table):
        """A generator: its slap windows yield decisions (when some seat is answered outside the engine)."""
        return _Run(self, t).loop()


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


def out_of_turn_decision(space, seat: int, window: int, view=None) -> Decision:
    """Play a card out of turn (it costs a burn) or wait: a window's decision, `wait` left implicit in the log."""
    return Decision(seat, [space.NO, space.YES], view, {space.NO: "wait", space.YES: "play out of turn"},
                    window=window, default=space.NO)


class _Run:
    """One run of a flip phase."""

    def __init__(self, ph: Flip, t: Table):
        self.ph = ph
        self.t = t
        self.src = t.seat_zones[ph.src.index]
        self.pile = t.shared[ph.pile.index]
        self.dest = t.seat_zones[ph.take_to.index]
        self.false_run = [0] * t.n      # cards in a row each seat false-slapped
        self.runs_live = False          # any(false_run), kept up to date for the per-card path
        r = ph.reactions
        self.seat_profiles = [r.profiles[p] for p in t.profiles] if r is not None else []
        # Windows answered inline when every seat's bot is at hand (or a script slaps): the bots asked directly, no
        # decision or view built per seat (`window`).
        self.inline = all(b is not None for b in t.inline) or t.script is not None
        self.false_total = [0] * t.n
        self.quiet: float = -1       # see `window`: no window is skipped before the bots have been asked
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
        empty_out, out, src, n, d = self.ph.empty_out, t.out, self.src, t.n, t.rules.direction
        for step in range(1, n + 1):
            s = (seat + step * d) % n          # t.next_seat(seat, step)
            if not out[s] and (empty_out or src[s]):
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
    def loop(self):
        t, ph, src, pile = self.t, self.ph, self.src, self.pile
        chances = ph.chances or [0] * len(t.rules.deck)
        events = t.events
        reactions = ph.reactions
        check = t.check
        logged_or_checked = events is not None or check
        out, n, step, empty_out = t.out, t.n, t.rules.direction, ph.empty_out
        next_player = self.next_player
        asks = t.asks_turns
        actor = t.actor
        challenger: int | None = None
        owed = 0
        last_player: int | None = None         # who put the last card on the pile
        # Cards played here are counted in `k` (and windows judged without asking, in `quiet_draws`);
        # the table's counters (cards_played, actions, rng_draws) are brought up to date before anything
        # reads them (a round boundary, a slap window, the end), which keeps attribute writes off the
        # per-card path. No expression reads them, so slap patterns need no update.
        k = quiet_draws = 0
        played0, actions0 = t.cards_played, t.actions
        room = t.max_actions - actions0        # cards this loop may play before --max-actions

        def sync() -> None:
            nonlocal quiet_draws
            t.cards_played = played0 + k
            t.actions = actions0 + k
            t.rng_draws += quiet_draws
            quiet_draws = 0
        t.round_first, t.round_plays, t.round_burned = None, 0, 0
        round_cards = t.round_cards
        # The window inline without a call when bots answer every seat, none plays out of turn, no script.
        quick = reactions is not None and self.inline and t.script is None and not reactions.out_of_turn_burn
        whens = [(p, p.when) for p in reactions.patterns] if reactions is not None else []
        quiet_k = self.quiet - played0         # `quiet` counted in this loop's cards, like `k`
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
                if asks and actor in asks:       # a person turns their own card (`Table.turn_asked`)
                    sync()
                    t.actor = actor
                    yield from t.turn_asked(actor)
                card = hand.pop()
                pile.append(card)
                k += 1
                if logged_or_checked:
                    if events is not None:
                        t.emit("play", seat=actor, card=t.rules.deck.names[card])
                    if check:
                        sync()
                        t.check_conservation()
                if k >= room:
                    sync()
                    raise GameOver("limit", [], f"stopped after {t.actions} actions (--max-actions)")
                if reactions is not None:
                    last_player = actor
                    plays = t.round_plays + 1
                    t.round_plays = plays
                    if plays == 1:
                        t.round_first = card
                    round_cards.append(card)    # burned and out seats' cards lie face down under these
                    t.actor = actor
                    # A slap beats a challenge: the window of every card, the last owed one included, closes before the
                    # challenger collects, so a pattern made by the last owed card is slapped first.
                    if quick:
                        # The usual window: the pile shows nothing and no bot is due a false slap (`quiet`),
                        # so nobody slaps; `window` would ask no bot and judge no slap.
                        matched = None          # `match`, inline: this runs for every card
                        for p, when in whens:
                            if when(t):
                                matched = p
                                break
                        if matched is None and k < quiet_k:
                            quiet_draws += 1            # the window's draw (see `window`)
                            taker = None
                        else:
                            sync()
                            taker = yield from self.window(reactions, None, matched)   # no out-of-turn play here
                            quiet_k = self.quiet - played0
                    else:
                        sync()
                        due = self.due_next(actor, card, challenger, owed)
                        taker = yield from self.window(reactions, due, self.match(reactions))
                    if taker is not None:
                        challenger = None
                        actor = self.new_round(taker)
                        continue
                    if challenger is not None and out[challenger]:
                        challenger = None   # a challenger put out for good collects nothing
                else:
                    last_player = actor
                # A card counts even when its player was put out for good in its window: the payment goes on
                # from the top of the loop, where an actor with no card hands over, and the next seat with
                # cards owes what was still owed, not a fresh count.
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
    # A window is a sealed decision of every seat that may slap (`who`), in seat order: `no slap` or
    # `slap at T ms` (decision.py). Bots answer from their reaction profiles and their own RNG; one routine
    # (`window`) runs every window, asking the bots directly when every seat is a bot answering inline
    # (`engine.play`), otherwise through decisions it yields.
    def match(self, r: Reactions):
        t = self.t
        for p in r.patterns:
            if p.when(t):
                return p
        return None

    def window_seats(self, r: Reactions) -> list[int]:
        t = self.t
        out, loc, eligible = t.out, t.loc, r.eligible
        seats = []
        for s in t.seat_range:
            if not out[s]:
                loc["s"] = s
                if eligible(t):
                    seats.append(s)
        return seats

    def window(self, r: Reactions, due: int | None, matched):
        """One slap window, the only copy of its rules (a generator; it yields only a decision answered outside,
        so with every seat's bot inline it runs straight through); the seat that took the pile, if any.
        `due`: the seat in turn when nobody takes the pile (`due_next`; any other may play out of turn; None
        where the rules burn no card played out of turn). `matched`: the pattern the pile shows (`match`).

        Every seat the rules let slap (`who`) decides, sealed, in seat order: `no slap` or `slap at T ms`; the
        slaps are logged (a do-nothing is not), revealed and judged (`judge`); then, when nobody took the pile
        and the rules burn a card played out of turn, every seat that could so play (`out_of_turn_seats`) is
        asked whether it does. The deal's script, when it has one, slaps instead of every seat.

        Only who answers differs. Every seat's bot inline (`self.inline`): each is asked at once in the pass
        that finds who may slap, and on a pile showing no pattern a bot that will not slap falsely
        (`Bot.false_due`) is passed over without evaluating `who` (the same slaps, cheaper); afterwards `quiet`
        is the first card number on which a bot still in the game may slap falsely (or -1 while a false-slap
        run is to restart): until then a pattern-free window asks nobody and judges nothing (`loop`).
        Otherwise each seat gets a decision with its view (`SlapView`, `OutOfTurnView`) through `Table.ask`
        (its inline bot answers at once, an outside one is yielded)."""
        t = self.t
        if t.script is not None:
            return (yield from self.judge(r, matched, self.scripted(r)))
        t.rng_draws += 1                       # a window: the choices made in it make the future differ
        space, profiles, pace, k = t.space, self.seat_profiles, r.pace, t.cards_played
        inline, bots = self.inline, t.inline
        slaps = []
        if inline:
            out, loc, eligible, fingers = t.out, t.loc, r.eligible, space.fingers
            slappable = matched is not None
            moved = False       # did some bot's next false slap move (`Bot.slap`: a false slap, or a first ask)?
            for s in t.seat_range:
                if out[s]:
                    continue
                bot = bots[s]
                if not slappable and not bot.false_due(k):
                    continue
                loc["s"] = s
                if eligible(t):
                    moved = moved or not slappable or bot.next_false is None
                    got = bot.slap(slappable, pace, profiles[s], fingers, k)
                    if got is not None:
                        slaps.append((got[0], s, got[1]))
            if slaps and t.events is not None:
                for time, s, f in slaps:
                    t.decided(Decision(s, (), sealed=True, window=k, default=space.NO_SLAP), space.slap(time, f))
                t.reveal()
        else:
            top = [c for c in self.pile][-3:]
            seats = self.window_seats(r)
            name = matched.name if matched is not None else None
            for s in seats:
                view = SlapView(s, name, pace, profiles[s], space.fingers, top, seats, profiles)
                a = yield from t.ask(Decision(s, space.slaps(pace), view, sealed=True, window=k,
                                              default=space.NO_SLAP))
                got = space.slap_of(a)
                if got is not None:
                    slaps.append((got[0], s, got[1]))
            t.reveal()
        taker = yield from self.judge(r, matched, slaps)
        if taker is None and r.out_of_turn_burn:
            for s in self.out_of_turn_seats(due):
                if inline:
                    plays = bots[s].out_of_turn(profiles[s])
                    if plays and t.events is not None:
                        t.decided(out_of_turn_decision(space, s, k), space.YES)
                else:
                    plays = (yield from t.ask(out_of_turn_decision(space, s, k,
                                                                   OutOfTurnView(s, profiles[s])))) == space.YES
                if plays:
                    self.offend(r, s)
        if inline:
            if self.runs_live:
                self.quiet = -1     # a false-slap run to end (a card not false-slapped ends it): `judge` the next window
            elif moved or self.quiet < 0:
                self.quiet = self.quiet_from(bots)
        return taker

    def quiet_from(self, bots) -> float:
        """The first card number on which a bot still in the game may slap falsely (-1: one not asked yet)."""
        t, quiet = self.t, math.inf
        for s in t.seat_range:
            if not t.out[s]:
                due = bots[s].next_false
                if due is None:
                    return -1
                if due < quiet:
                    quiet = due
        return quiet

    def judge(self, r: Reactions, matched, slaps: list[tuple[int, int, int]]):
        """The window's slaps (time, seat, fingers) judged against the pile; the seat that took it, if any (a
        generator: a tie drawn by lot may be a chance decision, `first_slap`)."""
        t = self.t
        if not slaps:
            if self.runs_live:
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
            if self.runs_live:
                self.restart_runs(())      # every slap on this card is valid, won or not: every false-slap run ends
            if matched.effect == "lose":
                self.lose(matched, slaps)
                return None
            winner = slaps[0][1] if len(slaps) == 1 or slaps[1][0] != slaps[0][0] else \
                (yield from self.first_slap(r, slaps))
            if t.events is not None:
                for time, seat, _ in slaps:
                    t.emit("slap", seat=seat, time=time, valid=True, pattern=matched.name, won=seat == winner)
            if winner is not None:
                t.stat(matched.stat, winner)
                if matched.effect == "win":
                    t.emit("win", seat=winner, why=f"slapped {matched.name}")
                    raise GameOver("finished", [winner], f"seat {winner} slapped {matched.name}")
                if t.out[winner]:
                    t.out[winner] = False
                self.take(winner, f"slapped {matched.name}")
                return winner
        return None

    def lose(self, matched, slaps: list[tuple[int, int, int]]) -> None:
        """A pattern that costs the game (`effect: lose`: whoever slaps it is out): no race to win it, so every
        seat that slapped is out, the earliest first (with one seat left, that seat wins: `eliminate`)."""
        t = self.t
        if t.events is not None:
            for time, seat, _ in slaps:
                t.emit("slap", seat=seat, time=time, valid=True, pattern=matched.name, won=True)
        for _, seat, _ in slaps:
            if not t.out[seat]:
                t.stat(matched.stat, seat)
                self.eliminate(seat, f"slapped {matched.name}")

    def restart_runs(self, slapped) -> None:
        """The count of cards in a row a seat false-slapped restarts on a card it did not false-slap (no slap, or a
        valid one)."""
        run = self.false_run
        if any(run):
            for s in self.t.seat_range:
                if s not in slapped:
                    run[s] = 0
            self.runs_live = any(run)

    def scripted(self, r: Reactions) -> list[tuple[int, int, int]]:
        """The script's slaps after this card, from seats the rules let slap."""
        t = self.t
        out = []
        for s in t.script.get(t.cards_played, []):
            t.loc["s"] = s["seat"]
            if not t.out[s["seat"]] and r.eligible(t):
                out.append((s["time"], s["seat"], s.get("fingers", 1)))
        return out

    def first_slap(self, r: Reactions, slaps: list[tuple[int, int, int]]):
        """The earliest slap; exact ties go to the finger rule, then to nobody (or a draw by lot: a generator,
        `Table.lot`)."""
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
        return (yield from t.lot([x[1] for x in tied], lambda s: f"seat {s} wins the tie"))

    def penalty(self, r: Reactions, seat: int, new_card: bool) -> None:
        """One false slap: each costs a burn and counts for the whole-game total; for the cards-in-a-row limit a
        card counts once, however often the seat false-slapped it."""
        t = self.t
        if new_card:
            self.false_run[seat] += 1
            self.runs_live = True
        self.false_total[seat] += 1
        if r.limit_total and self.false_total[seat] >= r.limit_total:
            self.eliminate(seat, f"false slap number {self.false_total[seat]}")
            return
        if r.limit_consecutive and self.false_run[seat] >= r.limit_consecutive:
            self.eliminate(seat, f"false slaps on {self.false_run[seat]} cards in a row")
            return
        if self.src[seat]:
            self.burn(seat, seat, r.burn)      # short of cards, burn what you have (and stay in with none)
            return
        if r.lending:
            # Card lending: a seat with no cards that owes a burn borrows it from the next seat in turn order
            # with enough cards; the lent cards are burned straight into the pile.
            for step in range(1, t.n):
                lender = t.next_seat(seat, step)
                if not t.out[lender] and len(self.src[lender]) >= r.burn:
                    self.burn(lender, seat, r.burn)
                    return
        if r.out_when_empty and r.burn > 0:
            self.eliminate(seat, "false slap with no cards")

    def due_next(self, actor: int, card: int, challenger: int | None, owed: int) -> int | None:
        """The seat in turn after `actor`'s `card` when its window takes no pile (rule 3.4: any other seat
        that plays now plays out of turn): the payer of a face card just played, the same payer while it
        still owes, the challenger's lead once the payment is complete, else the next seat with cards."""
        ph = self.ph
        if challenger is not None and not (ph.chances and ph.chances[card] > 0 and ph.answer):
            if owed > 1:
                return actor
            return challenger if ph.leads_taker else self.next_player(challenger)
        nxt = self.next_player(actor)
        return actor if nxt is None else nxt

    def out_of_turn_seats(self, due: int | None) -> list[int]:
        """Seats that could play out of turn now: in the game, holding cards, not the seat in turn (`due`)."""
        t = self.t
        return [s for s in t.seat_range if s != due and not t.out[s] and self.src[s]]

    def offend(self, r: Reactions, s: int) -> None:
        """A card played out of turn is refused, never added to the pile as played; the offence costs a burn."""
        t = self.t
        t.emit("out-of-turn", seat=s)
        t.stat("out-of-turn", s)
        self.burn(s, s, r.out_of_turn_burn)


# ---------------------------------------------------------------------------- the rule sheet (explain)
def describe(spec: dict, phase=None) -> str:
    """The phase in words, from its spec (and its compiled form where options fold a value)."""
    text = f"in turn, each player turns the top card of their {spec['from']} onto the {spec['to']}."
    if "challenge" in spec:
        text += f" A card with {formula('(' + str(spec['challenge']['chances']) + ') > 0')} makes the next player pay that many cards;" \
                " if they pay without turning up such a card, the challenger takes the pile."
    take = spec["take"]
    text += f" A taken pile goes to the {take.get('where', 'bottom')} of the taker's {take['to']}."
    if spec.get("empty-hand") == "out":
        text += " A player who must play and has no card is out."
    else:
        text += " A player with no cards is skipped."
    r = getattr(phase, "reactions", None)
    if r is not None:
        text += "\n    Slaps: after every card, anyone allowed may slap; the earliest slap is judged against " \
                "the pile at that instant."
        effects = {"take": "takes the pile and leads", "win": "wins the game", "lose": "is out of the game"}
        for p in r.patterns:
            given = (spec["reactions"].get("patterns") or {}).get(p.name) or {}
            said = given.get("description") or formula(given.get("when", p.description))
            text += f"\n      {p.name}: {said}; the slapper {effects[p.effect]}."
        if not r.patterns:
            text += "\n      (no slap patterns are on)"
        text += f"\n    A false slap burns {r.burn} card(s) under the pile (all you have when short)."
        if r.out_when_empty:
            text += " A player with no cards who slaps falsely is out" + \
                    (", unless another player lends the cards." if r.lending else ".")
        if r.limit_consecutive:
            text += f" False-slapping {r.limit_consecutive} cards in a row puts you out."
        if r.limit_total:
            text += f" The {r.limit_total}th false slap of the game puts you out."
        if r.out_of_turn_burn:
            text += f" Playing out of turn burns {r.out_of_turn_burn} card(s)."
        text += " Exact ties: " + ("most fingers on the pile, then " if r.finger_rule else "") + \
                ("nobody wins." if r.tie_no_winner else "a draw decides.")
    return text


# ---------------------------------------------------------------------------- the events in words (play)
def _tell_slap(n, ev: dict) -> list[str]:
    s = ev["seat"]
    if not ev.get("valid"):
        return [f"{n.verb(s, 'slap', 'slaps')} at {ev['time']} ms, but the pile shows nothing: "
                "a false slap."]
    if ev.get("won"):
        n.slap = ev
        return []
    return [f"{n.verb(s, 'slap', 'slaps')} too, at {ev['time']} ms."]


def _tell_tie(n, ev: dict) -> list[str]:
    return ["Slaps at the same instant by " + " and ".join(n.who(s) for s in ev["seats"]) +
            ": nobody wins the pile."]


def _tell_burn(n, ev: dict) -> list[str]:
    lender = f" (lent by {n.who(ev['lender'])})" if "lender" in ev else ""
    k = ev["count"]
    return [f"{n.verb(ev['seat'], 'burn', 'burns')} {k} card{'s' if k != 1 else ''} under the pile{lender}."]


def _tell_out_of_turn(n, ev: dict) -> list[str]:
    return [f"{n.verb(ev['seat'], 'play', 'plays')} out of turn."]


def _tell_win(n, ev: dict) -> list[str]:
    return [f"{n.verb(ev['seat'], 'win', 'wins')} at once ({ev['why']})."]


def _tell_take(n, ev: dict) -> list[str]:
    s, k = ev["seat"], ev["count"]
    top = " ".join(reversed(n.recent[-3:]))
    n.recent = []
    sl, n.slap = n.slap, None
    if sl is not None and sl["seat"] == s and ev["why"].startswith("slapped "):
        return [f"{n.verb(s, 'slap', 'slaps')} the {sl['pattern']} ({top}, top first) at {sl['time']} ms "
                f"and {'take' if s == n.me else 'takes'} {k} cards."]
    return [f"{n.verb(s, 'take', 'takes')} {k} cards ({ev['why']})."]


def public(t: Table, seat: int) -> dict:
    """What the tables show of the flipping (kinds/contract.py `public`): the cards played onto the pile in the
    round under way (counted in a game with slaps, whose patterns read the round), once there is one."""
    return {"this round": t.round_plays} if t.round_plays else {}


NARRATION = {'slap': _tell_slap, 'tie': _tell_tie, 'burn': _tell_burn, 'out-of-turn': _tell_out_of_turn, 'win': _tell_win, 'take': _tell_take}

"""A `turns` phase under way: whose turn it is, which way play goes, and the effects' work on the table.

Where the phase stands (the seat in turn, the direction, the turns taken, the parts chosen so far this
turn) is kept on the runner, not in the loop's locals, so a copy of the game goes on from any decision
(`fork`: the search bot plays sampled games on from here). The phase's values live on the table
(`Table.kind_state[name]`), where a copy copies them and cycle detection sees them.
"""
from __future__ import annotations

from collections import deque

from ruleplay.engine.decision import Decision
from ruleplay.engine.table import GameOver, Table, ThrowIn, runner_copy
from ruleplay.errors import GameError
from ruleplay.kinds.turns import melds
from ruleplay.kinds.turns.refs import ChosenPile


class TurnsView:
    """What a bot sees of a turn beyond its actions in a phase that says nothing of what a sensible player
    aims for (no `prefer`): nothing, so `smart` guesses (turns/sense.py)."""

    kind = "turns"


GUESS = TurnsView()


class PreferView:
    """Per action of a decision, the highest `prefer` value among the alternatives it leads to (a move
    without `prefer`, or a pass, counts 0): `smart` takes the highest, guessing among equals."""

    kind = "prefer"
    __slots__ = ("best", "position")

    def __init__(self, best: list[int]):
        self.best = best
        self.position: int | None = None     # a digest of the whole position (the table and the steps taken)


MAX_WORK = 200_000       # effects a phase's repeats and every-player loops may run in a hand (docs/limits.md)
MAX_CHAIN = 20           # answers to answers (`reopens`) after one move (docs/limits.md)


class Going:
    exact = True        # a copy goes on as this game would: Run.fork, State.clone, Decision.fork
    work = 0            # effects run by repeats and every-player this hand (MAX_WORK)
    starting = False    # the phase's `start` is running: what it shows is the phase's, no player's

    def __init__(self, ph, t: Table):
        self.ph, self.t = ph, t
        self.block = t.space.own.get(ph.name, 0)
        self.pending: Decision | None = None
        t.runner = self

    def fork(self, t: Table):
        """The rest of the phase on `t`, a copy of this runner's table, from the decision being asked."""
        return runner_copy(self, t, picked=list(self.picked), reply_picked=list(self.reply_picked),
                           raced=list(self.raced), made=list(self.made), order=list(self.order)).loop(resume=True)

    # ------------------------------------------------------------ the loop
    def loop(self, resume: bool = False):
        """The turns (a generator of decisions)."""
        ph, t = self.ph, self.t
        if not resume:
            self.seat = t.first_seat(ph.first_mode, ph.first_fn)
            self.direction, self.turns, self.blocked, self.over = 1, 0, 0, None
            self.again, self.skips, self.to = False, 0, None    # `start` may choose who plays first
            self.answering: int | None = None                   # the move whose reaction window is open
            self.asked = 0                                      # the players asked in it so far
            self.win_mover, self.chain = None, 0                # the window's mover (an answer reopening it:
                                                                # its player) and the answers reopened so far
            self.reply: int | None = None                       # the answer chosen there, its parts being asked
            self.reply_picked: list = []                        # ... and the steps of those answered so far
            self.raced: list = []                               # a race's answers so far: (seat, action)
            self.race_drawn: tuple | None = None                # ... and who reacted first and last, once drawn
            self.picked: list = []
            self.round: tuple = ()                              # simultaneous: the seats asked this round,
            self.at = 0                                         # ... how many so far,
            self.made: list = []                                # ... the moves chosen: (seat, move, answers),
            self.order: list = []                               # ... and the order drawn to make them in
            t.actor = self.seat
            self.starting = True                         # the phase's own doing: a card shown is nobody's
            for fn in ph.start:
                if (drawn := fn(self)) is not None:      # an effect that draws by chance (effects.draws)
                    yield from drawn
            self.starting = False
            if self.to is not None or self.skips:        # `next` or `skip` in `start`: who plays first
                self.seat = self.after(self.to if self.to is not None else self.seat, self.skips)
                self.to, self.skips = None, 0
            elif ph.start and ph.first_mode == "expr":   # a rule for who starts reads the table `start` laid out
                self.seat = t.first_seat(ph.first_mode, ph.first_fn)
            self.head = self.seat                        # simultaneous: each round asks from here
            if not ph.moves:                 # a phase of fixed play alone (a dealer's draws)
                return
        self.starting = False                            # (a copy made in `start` goes on past it)
        keep_extra, t.extra_state = t.extra_state, self.key
        try:
            if ph.simultaneous:
                yield from self.together(resume)
                return
            while True:
                if not resume:
                    if self.ended("turns"):
                        return
                    if not self.takes_turns(self.seat):
                        self.seat = self.after(self.seat, 1)
                        if not self.takes_turns(self.seat):      # `who` holds for nobody: nobody can move
                            self.over = "blocked"
                            self.ended("turns")
                            return
                    t.actor = self.seat
                    for fn in ph.before:             # the start of the turn (draw a card), before the choice
                        if (drawn := fn(self)) is not None:
                            yield from drawn
                    if ph.before and self.over is not None and self.ended("turns"):     # `end` there
                        return
                if resume and self.answering is not None:    # a copy stopped in a reaction window
                    move = ph.moves[self.answering]
                else:
                    self.again, self.skips, self.to = False, 0, None
                    move, combo = yield from self.choose(resume)
                    resume = False
                    if move is not None:
                        self.blocked = 0
                        for part, answer in zip(move.parts, combo):
                            part.bind(t, answer)
                        if move.laid_as:                 # a set chosen `as:` shapes: a meld laid keeps them
                            t.loc["picked-as"] = move.laid_as
                        for fn in move.effects:
                            if (drawn := fn(self)) is not None:
                                yield from drawn
                        if move.respond is not None:
                            self.answering, self.asked = ph.moves.index(move), 0
                            self.win_mover, self.chain = self.seat, 0
                if move is None:
                    self.blocked += 1
                    t.emit("cannot-move", phase=ph.name, seat=self.seat)
                    if self.blocked >= self.in_turn():
                        self.over = "blocked"
                else:
                    if self.answering is not None:
                        yield from self.window(move.respond)
                        resume, self.answering = False, None
                    for part in move.parts:
                        part.unbind(t)
                    t.loc.pop("mover", None)
                    t.loc.pop("picked-as", None)
                    for fn in ph.after:
                        if (drawn := fn(self)) is not None:
                            yield from drawn
                self.turns += 1
                t.act()
                self.boundary()
                self.seat = self.following()
        finally:
            t.extra_state = keep_extra

    def boundary(self) -> None:
        """A turn's (a round's) end at the table (`Table.boundary`: the end rules, a repeated table). With
        `on-cycle: end-phase` a table come back as it was with no choice in between (a patience stuck shuttling
        one card) ends the phase, as when nobody can move, and the hand is scored; else the game stops."""
        try:
            self.t.boundary()
        except GameOver as over:
            if over.outcome != "cycle" or not self.ph.end_on_cycle:
                raise
            self.t.forget_cycle()
            self.over = "cycle"

    def ended(self, turns: str) -> bool:
        """Before a turn (a round): is the phase over (its end holds, or it was ended)? Then it says why. Past
        max-turns the game stops as a limit."""
        ph, t = self.ph, self.t
        if self.over is None and ph.until is not None and ph.until(t):
            self.over = "until"
        if self.over is not None:
            t.emit("turns-over", phase=ph.name, why=self.over)
            return True
        if self.turns >= ph.max_turns:
            if ph.end_on_limit:                  # `on-limit: end-phase`: the hand is scored as it stands
                self.over = "limit"
                t.emit("turns-over", phase=ph.name, why="limit")
                return True
            raise GameOver("limit", [], f"the {ph.name} phase reached its {ph.max_turns} {turns} (max-turns) "
                                        "without ending")
        return False

    def together(self, resume: bool):
        """A simultaneous phase's rounds (a generator): every player who takes turns, in turn from the first,
        chooses a move sealed (none sees another's choice until all have chosen; one with no move cannot move);
        the choices are shown together, the order the moves are made in is drawn by lot, and each is made if it
        is still possible when its turn comes, else the player was too late. The phase's end is read before
        each round and after each move; a round where nobody can move ends it (blocked). Where the round stands
        is kept on the runner, so a copy goes on from any decision or draw."""
        ph, t = self.ph, self.t
        head = self.head                         # each round asks from the same seat: the order of asking is
        while True:                              # not the order of play, which the lot draws
            if not resume:
                if self.ended("rounds"):
                    return
                self.round = tuple(s for s in (t.next_seat(head, k) for k in range(t.n)) if self.takes_turns(s))
                self.at, self.made, self.order = 0, [], []
            while self.at < len(self.round):
                self.seat = t.actor = self.round[self.at]
                move, combo = yield from self.choose(resume)
                resume = False
                if move is None:
                    t.emit("cannot-move", phase=ph.name, seat=self.seat)
                else:
                    self.made.append((self.seat, ph.moves.index(move), combo))
                self.at += 1
            resume = False
            t.reveal()
            while len(self.order) < len(self.made):
                left = [s for s, _, _ in self.made if s not in self.order]
                self.order.append(left[0] if len(left) == 1 else
                                  (yield from t.lot(left, lambda s: f"seat {s} moves next")))
            chosen = {s: (ph.moves[i], combo) for s, i, combo in self.made}
            for s in self.order:
                if self.over is not None:        # the end held after an earlier move: the rest are not made
                    break
                yield from self.made_now(s, *chosen[s])
                if ph.until is not None and ph.until(t):
                    self.over = "until"
            if not self.made and self.over is None:
                self.over = "blocked"
            self.made, self.order = [], []
            self.turns += 1
            t.act()
            self.boundary()
            self.seat = t.actor = head

    def made_now(self, seat: int, move, combo: tuple):
        """One player's move of a simultaneous round, at its turn in the order drawn (a generator): made with its
        effects and the phase's after-turn ones, or, when it is no longer possible, a `too-late` event."""
        t = self.t
        self.seat = t.actor = seat
        if (move.allowed is not None and not move.allowed(t)) or not any(c == combo for c in move.alternatives(t)):
            t.emit("too-late", phase=self.ph.name, seat=seat, move=move.name)
            return
        for part, answer in zip(move.parts, combo):
            part.bind(t, answer)
        for fn in move.effects:
            if (drawn := fn(self)) is not None:
                yield from drawn
        for part in move.parts:
            part.unbind(t)
        for fn in self.ph.after:
            if (drawn := fn(self)) is not None:
                yield from drawn

    def window(self, respond):
        """A move's reaction window (a generator): each other player in turn from the mover's left may answer
        or pass; the first answer's effects run (`actor` the one answering, `mover` the one who moved). An
        answer that `reopens` the window is answered the same way in turn, its player the mover (a counter to
        a counter, a raise), at most MAX_CHAIN times. Where the chain stands is kept on the runner."""
        t = self.t
        while True:
            mover = self.win_mover
            t.loc["mover"] = mover               # (`who` may read it)
            seats = []
            for k in range(0 if respond.race else 1, t.n):      # a race: the mover may answer too
                s = t.next_seat(mover, k * self.direction)
                if t.takes_part(s):
                    t.loc["s"] = s
                    if respond.who is None or respond.who(t):
                        seats.append(s)
            if respond.race:
                yield from self.race(respond, seats[1:] + seats[:1] if seats and seats[0] == mover else seats)
                return
            answered = None
            while self.asked < len(seats):
                s = t.actor = seats[self.asked]
                offered = self.offered(respond)
                if offered and self.reply is None:
                    a = yield from self.ask_answer(s, offered, respond.move)
                    if a is not None:
                        self.reply, self.reply_picked = a, []
                if self.reply is not None:
                    answered = (s, offered[self.reply][0])
                    yield from self.answer(s, offered[self.reply])
                    break
                self.asked += 1
            if answered is None or not answered[1].reopens or self.chain >= MAX_CHAIN:
                break
            self.win_mover, self.asked, self.chain = answered[0], 0, self.chain + 1
        t.actor = self.seat

    def ask_answer(self, seat: int, offered: dict, move: str, sealed: bool = False):
        """A player's answer among `offered` to `move`, or None for a pass, labelled `MOVE: no answer` (t39: `pass` read as
        a turn's own pass; a generator); `sealed` in a race."""
        t, space = self.t, self.t.space
        view = _answers_view(t, offered.values()) if self.sense(seat) else GUESS
        d = Decision(seat, [space.PASS, *offered], view, {space.PASS: f"{move}: no answer"}, sealed=sealed)
        self.pending = d
        a = t.answer(d)
        if a is None:
            a = yield from t.outside(d)
        self.pending = None
        if a != space.PASS and a not in offered:
            raise GameError(f"action {a} is not one of the choices offered")
        return a if a in offered else None

    def offered(self, respond) -> dict:
        """The answers the player asked (`t.actor`) may give: action -> (answer, its parts' combinations)."""
        t, offered = self.t, {}
        for r in respond.answers:
            if r.allowed is None or r.allowed(t):
                combos = list(r.alternatives(t)) if r.parts else [()]
                if combos:
                    offered[self.block + r.slot] = (r, combos)
        return offered

    def answer(self, seat: int, chosen: tuple):
        """An answer given (a generator): its parts asked, a `respond` event, its effects (`actor` the seat)."""
        t = self.t
        r, combos = chosen
        combo = (yield from self.ask_parts(seat, r, combos)) if r.parts else ()
        self.reply = None
        for part, answer in zip(r.parts, combo):
            part.bind(t, answer)
        t.emit("respond", phase=self.ph.name, seat=seat, move=r.name, to=self.win_mover)
        for fn in r.effects:
            if (drawn := fn(self)) is not None:
                yield from drawn
        for part in r.parts:
            part.unbind(t)

    def race(self, respond, seats: list[int]):
        """A race (`race: true`, a generator): each player in `seats` who may answer decides at once, sealed,
        to answer or let it pass (none may: no race); who reacted first is drawn by lot among those who
        answered (a chance node), then the last (among those who let it pass, else those who answered) when
        `slowest` needs one. The first's answer runs, then `slowest` with `actor` the last. No seat's place
        at the table decides a race."""
        t = self.t
        while self.asked < len(seats):
            s = t.actor = seats[self.asked]
            offered = self.offered(respond)
            if offered:
                self.raced.append((s, (yield from self.ask_answer(s, offered, respond.move, sealed=True))))
            self.asked += 1
        t.reveal()
        if not self.raced:                   # nobody could answer: no race
            return
        if self.race_drawn is None:
            answered = [s for s, a in self.raced if a is not None]
            first = last = None
            if answered:
                first = answered[0] if len(answered) == 1 else \
                    (yield from t.lot(answered, lambda x: f"seat {x} reacts first"))
            if respond.slowest is not None:      # the last: one who let it pass, else another than the first
                pool = [s for s in seats if s not in answered] or [s for s in answered if s != first] or answered
                last = pool[0] if len(pool) == 1 else (yield from t.lot(pool, lambda x: f"seat {x} reacts last"))
            self.race_drawn = (first, last)
            t.emit("race", phase=self.ph.name, answered=answered, first=first, last=last)
        first, last = self.race_drawn
        if first is not None:
            t.actor = first
            yield from self.answer(first, self.offered(respond)[dict(self.raced)[first]])
        if last is not None:
            t.actor = last
            for fn in respond.slowest:
                if (drawn := fn(self)) is not None:
                    yield from drawn
        self.raced, self.race_drawn = [], None
        t.actor = self.seat

    def ask_parts(self, seat: int, move, combos: list[tuple]):
        """An answer's parts (a generator): each step asked while more than one is left, as `choose` asks a
        move's; the steps answered stay on the runner (`reply_picked`), so a copy asks the same question."""
        alts = {move.steps(c): c for c in combos}
        picked = self.reply_picked
        while True:
            k = len(picked)
            left = [a for a in alts if a[:k] == tuple(picked)]
            if len(left) == 1:
                self.forced(seat, [self.action(move, x) for x in left[0][k:]])
                return alts[left[0]]
            options = list(dict.fromkeys(a[k] for a in left))
            if len(options) == 1:
                self.forced(seat, [self.action(move, options[0])])
                picked.append(options[0])
                continue
            picked.append((yield from self.ask({self.action(move, x): x for x in options}, seat=seat)))

    def forced(self, seat: int, actions: list[int]) -> None:
        """Steps the rules took for the seat, each its only answer, logged as if chosen (`Table.forced`)."""
        if self.t.events is not None:
            for a in actions:
                self.t.forced(seat, a, sealed=self.ph.simultaneous)

    def key(self) -> tuple:
        """What decides the future besides the table (for cycle detection): with who plays next as the turn's
        effects left it (`again`, `skip`, `next`), so a turn that changes nothing but the next player (a "go"
        passing the turn on) is no repeat of the one before it."""
        return (self.seat, self.direction, self.blocked, self.over, self.again, self.skips, self.to)

    def choose(self, resume: bool):
        """The move and its parts' answers, as (move, answers) (a generator): the move is asked first when
        several are possible, then each part in turn while more than one answer is left (a set of cards
        card by card, then "done"). (None, ()) when no move is possible. The answers picked so far stay on
        the runner, so a copy asks the same question. Only the chosen move's alternatives are listed: the
        others are searched to their first alternative (whether the move is possible), no further, unless
        the seat's answerer weighs them all (`prefer`, read by `smart`)."""
        t, ph = self.t, self.ph
        picked = self.picked
        if not resume:
            picked.clear()
        weigh = ph.prefers and self.sense(self.seat)
        found: dict[int, tuple] = {}         # a move possible -> (its first combination, the rest's search)
        lone = False
        if picked:                           # a copy goes on after the move was chosen
            i = picked[0]
        else:
            moves = [i for i, move in enumerate(ph.moves) if move.allowed is None or move.allowed(t)]
            if len(moves) > 1 or weigh:
                for i in moves:
                    search = ph.moves[i].alternatives(t)
                    if weigh:                # every alternative, to rate each move by its best
                        listed = list(search)
                        if listed:
                            found[i] = (listed[0], iter(listed[1:]), listed)
                        continue
                    combo = next(search, None)
                    if combo is not None:
                        found[i] = (combo, search)
                moves = list(found)
            if not moves:
                return None, ()
            i = moves[0]
            # the only move open, not asked: said once it is made (a phase's one move too when nothing is chosen
            # in it and it may be answered: the answer names it, t39)
            lone = len(moves) == 1 and (len(ph.moves) > 1 or ph.moves[i].respond is not None and
                                        not ph.moves[i].parts)
            if len(moves) > 1:
                view = PreferView([max(_score(t, ph.moves[j], c) for c in found[j][2]) for j in moves]) \
                    if weigh else GUESS
                i = yield from self.ask({self.block + ph.moves[i].slot: i for i in moves}, view)
        move = ph.moves[i]
        sets = move.has_sets                 # a set of cards is asked card by card: steps tagged by kind
        combos = [found[i][0], *found[i][1]] if i in found else list(move.alternatives(t))
        if sets:                             # an alternative's steps after the move's -> the combination
            alts: dict = {move.steps(combo): combo for combo in combos}
        else:                                # a combination is its own steps (one per part)
            alts = dict.fromkeys(combos)
        if not alts:                         # the one move allowed has no alternative
            return None, ()
        if lone:
            self.forced(self.seat, [self.block + move.slot])
        if not picked:
            picked.append(i)
        k = len(picked) - 1                  # the steps answered after the move's
        left = [a for a in alts if a[:k] == tuple(picked[1:])] if k else list(alts)
        scores = {a: _score(t, move, alts[a] if sets else a) for a in alts} if weigh else None
        last = len(move.parts) - 1
        while True:
            if len(left) == 1:
                if t.events is not None:
                    self.forced(self.seat, [self.action(move, x) for x in left[0][k:]] if sets else
                                [move.parts[j].action(t, self.block, left[0][j]) for j in range(k, last + 1)])
                return move, (alts[left[0]] if sets else left[0])
            if sets or k < last:
                options = list(dict.fromkeys([a[k] for a in left]))     # a list, not a generator: cheaper
            else:                            # the last part: the alternatives left differ there alone
                options = [a[k] for a in left]
            if len(options) == 1:
                if t.events is not None:
                    self.forced(self.seat, [self.action(move, options[0]) if sets else
                                            move.parts[k].action(t, self.block, options[0])])
                picked.append(options[0])
                k += 1
                continue
            acts = [self.action(move, x) for x in options] if sets else move.parts[k].actions(t, self.block, options)
            answers, view = dict(zip(acts, options)), GUESS      # one action an option: the usual case
            if len(answers) < len(options) or weigh:
                groups = _grouped(acts, options)
                answers = {a: xs[0] for a, xs in groups.items()}
                if weigh:
                    view = _best(scores, left, k, groups.values())
            x = yield from self.ask(answers, view, labels=None if sets else move.parts[k].seat_labels(t, answers))
            picked.append(x)
            if not sets and k == last:       # the one alternative left with this answer, found where it was offered
                return move, left[options.index(x)]
            left = [s for s in left if s[k] == x]        # narrowed step by step, not filtered from all again
            k += 1

    def ask(self, answers: dict, view=GUESS, seat: int | None = None, labels: dict | None = None):
        """The answer chosen among `answers` (action -> answer), asked of the seat in turn (or `seat`, one
        answering a move) (a generator); `labels`: those that differ from the actions' (another seat's pile)."""
        t = self.t
        if type(view) is PreferView:         # `smart` steers away from a choice that led back to this very position
            where = t.state_key()            # but the count of draws and decisions, which only grows
            view.position = hash((where[0], where[2:], self.key(), tuple(self.picked), tuple(self.reply_picked)))
        d = Decision(self.seat if seat is None else seat, list(answers), view, sealed=self.ph.simultaneous,
                     labels=labels)
        self.pending = d
        a = t.answer(d)
        if a is None:
            a = yield from t.outside(d)
        self.pending = None
        if a not in answers:
            raise GameError(f"action {a} is not one of the choices offered")
        return answers[a]

    def action(self, move, step) -> int:
        """The action that answers one step: ("part", k, answer), a card of a set (its number), ("done", k)."""
        if type(step) is int:
            return self.t.space.card(step)
        part = move.parts[step[1]]
        return self.block + part.base if step[0] == "done" else part.action(self.t, self.block, step[2])

    def sense(self, seat: int) -> bool:
        """Does the seat's answerer read a view (a `smart` bot, a search, a player outside)?"""
        bot = self.t.inline[seat]
        return bot is None or bot.wants_view

    def in_turn(self) -> int:
        return sum(1 for s in self.t.seat_range if self.takes_turns(s))

    def takes_turns(self, seat: int) -> bool:
        t, who = self.t, self.ph.who
        if not t.takes_part(seat):
            return False
        if who is None:
            return True
        t.loc["s"] = seat
        return bool(who(t))

    def after(self, seat: int, k: int) -> int:
        """The k-th seat after `seat` in the direction of play that takes turns (`seat` when none does)."""
        t = self.t
        for _ in range(k):
            for step in range(1, t.n + 1):
                s = t.next_seat(seat, step * self.direction)
                if self.takes_turns(s):
                    seat = s
                    break
        return seat

    def following(self) -> int:
        if self.again:
            return self.seat
        if self.to is not None:
            return self.to
        return self.after(self.seat, 1 + self.skips)

    # ------------------------------------------------------------ what effects do
    def go_again(self) -> None:
        self.again = True
        self.t.emit("turn-order", phase=self.ph.name, seat=self.seat, what="again")

    def skip_next(self) -> None:
        self.skips += 1
        self.t.emit("turn-order", phase=self.ph.name, seat=self.seat, what="skip")

    def reverse(self) -> None:
        self.direction = -self.direction
        self.t.emit("turn-order", phase=self.ph.name, seat=self.seat, what="reverse")

    def pass_to(self, seat: int | None) -> None:
        if seat is None:
            raise GameError(f"the {self.ph.name} phase passes the turn to a seat that does not exist")
        self.to = seat
        self.t.emit("turn-order", phase=self.ph.name, seat=self.seat, what="next", to=seat)

    def spend(self, effects: int) -> None:
        """Count effects run by a loop; a file whose loops nest to more than MAX_WORK in a hand stops."""
        self.work += effects
        if self.work > MAX_WORK:
            raise GameOver("limit", [], f"the {self.ph.name} phase ran more than {MAX_WORK:,} effects in "
                                        f"repeats (nested repeats and every-player multiply)")

    def each_player(self, effects: int):
        """`every-player`'s steps (a generator; the caller runs its `effects` at each, effects.py): once for
        each seat that takes turns, from the seat in turn on, that seat the `actor` as if it were its turn."""
        self.spend(effects * self.t.n)
        t, keep = self.t, self.t.actor
        for k in range(t.n):
            s = t.next_seat(keep, k * self.direction)
            if self.takes_turns(s):
                t.actor = s
                yield
        t.actor = keep

    def each_pile(self, piles, effects: int):
        """`every-pile`'s steps (a generator, as `each_player`): once for each pile of a family, in order, the
        pile read as `each` (t.loc)."""
        self.spend(effects * len(piles))
        loc = self.t.loc
        for ref in piles:
            loc["each-ref"], loc["each"] = ref, ref.zone.name
            yield
        loc.pop("each-ref", None)
        loc.pop("each", None)

    def finish(self, why: str) -> None:
        self.over = why

    def throw_in(self, same_dealer: bool = False) -> None:
        """`redeal`: the hand is thrown in, as a `choose` phase whose seats all passed (no scoring; the next
        hand is dealt, the same dealer with no match or with `redeal: same-dealer`, else the match's next)."""
        self.t.emit("turns-over", phase=self.ph.name, why="redeal")
        raise ThrowIn(self.ph.name, same_dealer)

    def assign(self, pairs, add: bool) -> None:
        t = self.t
        values = t.kind_state[self.ph.name]
        for tgt, fn in pairs:
            v = fn(t)
            if tgt.table:                                            # a counter of the table (a pot)
                row = t.table_counters
                row[tgt.name] = row[tgt.name] + v if add else v
                t.emit("set", phase=self.ph.name, name=tgt.name, value=row[tgt.name])
                continue
            if tgt.seat is None:
                was = values[tgt.name]
                values[tgt.name] = was + v if add else v
                if tgt.type != "card" and values[tgt.name] != was:     # a card kept is the phase's secret
                    t.emit("set", phase=self.ph.name, name=tgt.name, value=values[tgt.name])
                continue
            s = tgt.seat(t)
            if s is None:
                raise GameError(f"{tgt.text}: the seat does not exist")
            row = t.counters[tgt.name]
            row[s] = row[s] + v if add else v
            t.emit("set", phase=self.ph.name, name=tgt.name, seat=s, value=row[s])

    def move(self, m) -> None:
        cards, dest = self._lift(m)
        if m.picked and not dest and (shapes := self.t.loc.get("picked-as")):
            self.remember_meld(m, cards, shapes)
        if m.at == "top":
            dest.extend(cards)
        elif m.at == "bottom":                   # cards dealt one at a time (count): each goes under the last;
            dest.extendleft(cards if m.count is not None and not m.keep_order else reversed(cards))   # a packet keeps its order
        else:                                    # middle: each card at the middle place
            for c in cards:
                dest.insert(len(dest) - len(dest) // 2, c)     # half the cards (rounded down) above it
        self._moved(m, cards)

    def remember_meld(self, m, cards: list[int], shapes: tuple) -> None:
        """A set chosen `as:` shapes laid on an empty pile: the shapes it is of are kept for the pile while
        those cards stay in it, so a lay-off keeps it one of them (a set with jokers is no run: melds.fits)."""
        t = self.t
        deck = t.rules.deck.for_hand(t)
        kept = tuple(x for x in shapes if melds.fits(tuple(cards), (x,), deck))
        if kept:
            t.melded[m.dest.zone_key(t)] = (kept, frozenset(cards))

    def move_at_random(self, m):
        """`move` to random places (a generator: each card's place is drawn by lot, `Table.lot`)."""
        cards, dest = self._lift(m)
        for c in cards:
            dest.insert((yield from self.t.lot(range(len(dest) + 1), _place)), c)
        self._moved(m, cards)

    def _lift(self, m) -> tuple[list[int], deque]:
        """The cards a move takes from its source (gone from there), and the zone they go to."""
        t = self.t
        src, dest = m.src.cards(t), m.dest.cards(t)
        if src is None or dest is None:
            raise GameError(f"the {self.ph.name} phase moves cards of a seat that does not exist")
        chosen = t.card
        if m.where is not None:                  # every card for which `where` holds; with `count`, the top N
            most = None if m.count is None else m.count(t)
            cards = []
            for c in (list(src) if most is None else reversed(src)):
                if most is not None and len(cards) >= most:
                    break
                t.card = c
                if m.where(t):
                    cards.append(c)
            t.card = chosen
            for c in cards:
                src.remove(c)
        elif m.count is not None:
            k = max(0, min(m.count(t), len(src)))
            cards = [src.pop() for _ in range(k)]
            if m.keep_order:                     # lifted as one packet: the lowest of them lands first
                cards.reverse()
            if isinstance(m.src, ChosenPile):    # cards taken from the pile the player chose are played
                t.cards_played += k
        elif m.all:
            cards = list(src)
            src.clear()
        elif m.picked:
            cards = list(t.loc.get("picked", ()))
            for c in cards:
                if c not in src:
                    raise GameError(f"the {self.ph.name} phase moves a picked card from {m.src.text}, where it is not")
                src.remove(c)
            t.cards_played += len(cards)         # a chosen set that moves is played, as a chosen card is
        else:
            if chosen is None or chosen not in src:
                raise GameError(f"the {self.ph.name} phase moves the chosen card from {m.src.text}, "
                                f"where it is not")
            src.remove(chosen)
            cards = [chosen]
            t.cards_played += 1                  # a chosen card that moves is a card played
        return cards, dest

    def _moved(self, m, cards: list[int]) -> None:
        """The `move` event of cards moved (none: no event)."""
        t = self.t
        if not cards or t.events is None:
            return
        names = t.rules.deck.names
        ev = {"phase": self.ph.name, "seat": t.actor, "from": m.src.name(t), "to": m.dest.name(t),
              "cards": [names[c] for c in cards], "count": len(cards)}
        shown = m.show or (bool(t.exposed) and (m.src.zone_key(t) in t.exposed or m.dest.zone_key(t) in t.exposed))
        for key, value in (("from_seat", m.src.owner(t)), ("to_seat", m.dest.owner(t)), ("shown", shown or None)):
            if value is not None:            # a table zone's seat, a move not shown: left out (logs stay small)
                ev[key] = value
        t.emit("move", **ev)

    def expose(self, ref) -> None:
        """`expose`: a zone face up for everyone for the rest of the hand (`Table.exposed`): its cards shown
        now, and every card moved into or out of it shown as it moves."""
        t = self.t
        cards = ref.cards(t)
        if cards is None:
            raise GameError(f"the {self.ph.name} phase exposes the cards of a seat that does not exist")
        t.exposed.add(ref.zone_key(t))
        self.reveal(list(reversed(cards)), ref.owner(t))

    def swap(self, there, back) -> None:
        """Two zones exchange their cards (`swap`), each keeping its order: two moves, at once."""
        t = self.t
        a, b = there.src.cards(t), there.dest.cards(t)
        if a is None or b is None:
            raise GameError(f"the {self.ph.name} phase swaps the cards of a seat that does not exist")
        mine, theirs = list(a), list(b)
        a.clear()
        b.clear()
        a.extend(theirs)
        b.extend(mine)
        self._moved(there, mine)
        self._moved(back, theirs)

    def shuffle(self, ref):
        """A zone shuffled (a generator: at a table whose chance is drawn outside, by chance decisions,
        `Table.draw_order`; the first card drawn ends on top)."""
        z = ref.cards(self.t)
        if z is None:
            raise GameError(f"the {self.ph.name} phase shuffles the cards of a seat that does not exist")
        cards = list(z)
        yield from self.t.draw_order(cards)
        z.clear()
        z.extend(cards)
        owner = ref.owner(self.t)
        self.t.emit("shuffle", phase=self.ph.name, zone=ref.name(self.t), **({} if owner is None else {"seat": owner}))

    def reveal(self, cards: list[int], owner: int | None = None, to: int | None = None) -> None:
        """Cards shown to everyone (or to the seat `to` alone), said as the seat's whose zone holds them (a hand
        shown in turn by `every-player`), else the mover's (a chosen card, the set picked)."""
        names = self.t.rules.deck.names
        seat = owner if owner is not None else None if self.starting else self.seat
        if to is None:
            self.t.emit("reveal", phase=self.ph.name, seat=seat, cards=[names[c] for c in cards])
        else:
            self.t.emit("reveal", phase=self.ph.name, seat=seat, cards=[names[c] for c in cards], to=to)


def _score(t: Table, move, combo: tuple) -> int:
    """An alternative's `prefer` (0 for a move without one), read with its parts bound as they would be; none
    of them stays readable after."""
    if move.prefer is None:
        return 0
    for part, answer in zip(move.parts, combo):
        part.bind(t, answer)
    value = move.prefer(t)
    for part in move.parts:
        part.unbind(t)
    return value


def _grouped(acts: list[int], options: list) -> dict[int, list]:
    """The options by their action: equal cards (one name: two jokers) are one action, answered by the first (a
    set keeps its cards in deck order, so the first leaves every larger set open)."""
    groups: dict[int, list] = {}
    for a, x in zip(acts, options):
        groups.setdefault(a, []).append(x)
    return groups


def _best(scores: dict[tuple, int], left: list[tuple], k: int, groups) -> PreferView:
    """Per group of options of step `k` (one action each), the best score among the alternatives left that take
    one of them."""
    best: dict = {}
    for a in left:
        x, v = a[k], scores[a]
        if x not in best or v > best[x]:
            best[x] = v
    return PreferView([max(best[x] for x in xs) for xs in groups])


def _answers_view(t: Table, offered) -> PreferView | TurnsView:
    """A reaction window's view: passing counts 0, each answer its `prefer` (0 without one; an answer that
    chooses, the best of its combinations)."""
    if all(r.prefer is None for r, _ in offered):
        return GUESS
    return PreferView([0, *(max(_score(t, r, c) for c in combos) for r, combos in offered)])


def _place(i: int) -> str:
    """A random place's label (`Going.move_at_random`): how many cards lie under it."""
    return f"{i} card{'' if i == 1 else 's'} under it"

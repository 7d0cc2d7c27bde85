"""The table at run time: zones, seats, scores, counters and the event log.

The Table is also the environment compiled expressions read (`e.shared`,
`e.seat_zones`, `e.card`, `e.loc`, ...), so evaluating a rule is a couple of
list lookups. Zones are deques whose right end is the top.
"""
from __future__ import annotations

import hashlib
import random
from collections import Counter, deque
from functools import partial
from typing import Any, Callable, Sequence

from ruleplay.compiler.model import Rules
from ruleplay.engine.decision import CHANCE, Decision
from ruleplay.engine.visibility import SeatLooker, seat_events


class GameOver(Exception):
    def __init__(self, outcome: str, winners: list[int], reason: str = "", losers: list[int] | None = None):
        super().__init__(outcome)
        self.outcome = outcome
        self.winners = winners
        self.reason = reason
        self.losers = losers          # an end rule's `losers` (the others still in win); None: not named


class ThrowIn(Exception):
    """The hand is thrown in (e.g. every seat passed the choice of trump): no scoring, the next hand is dealt;
    `same_dealer`: by the same dealer whatever the match's `dealer` says (a misdeal dealt again)."""

    def __init__(self, phase: str, same_dealer: bool = False):
        super().__init__(phase)
        self.same_dealer = same_dealer


class Table:
    def __init__(self, rules: Rules, seed: int, max_actions: int, log: bool | Callable[[], Any], check: bool):
        self.rules = rules
        self.end_rules = rules.end
        self.n = n = rules.players
        self.seed = seed
        self.rng = random.Random(seed)
        self.rng_draws = 0
        self.chance = False                    # random events are chance decisions (draw_order, lot)
        self.seat_range = list(range(n))
        self.seat_zones = [[deque() for _ in range(n)] for _ in rules.seat_zones]
        self.shared = [deque() for _ in rules.shared_zones]
        self.out = [False] * n                 # out of the game (a flip phase's out effect, a match's knock-out): dealt no more cards
        self.sitting = [False] * n             # sitting out this hand only (e.g. a lone player's partner)
        self.scores = [0] * n
        self.hand_points = [0] * n
        self.pot_won = [0] * n                 # this hand's winnings from the pots (scoring.pot), read as pot-won
        self.hand_scores = [0] * n
        self.score_history: list[list[int]] = []
        self.card: int | None = None
        self.loc: dict = {}
        self.actor = 0
        self.dealer = 0
        self.hand_number = 1
        self.hand_size = 0                     # cards dealt to each seat this hand
        # each kind's own state (its module's FIELDS: the bids, tricks won, trump, the named suit, the flip
        # round...), made here so that every table has every field, whichever kinds the game uses
        for name, make in rules.table_fields.items():
            setattr(self, name, make(n))
        self.max_actions = max_actions
        self.actions = 0
        self.chance_drawn = 0                  # chance decisions drawn (a chance table), at most max_chance
        self.knocked_none_at: int | None = None    # the first hand whose knock-out held for every seat still in
        self.max_chance = 0
        self.cards_played = 0
        self.pile_takes = 0
        self.tricks = 0
        # the event list: a plain list, a sink the caller makes (spool.EventSpool keeps memory flat), or none
        self.events = (log() if callable(log) else []) if log else None
        self.check = check
        self.inline: list = [None] * n         # per seat: a bot answering its decisions inline, or None (asked outside)
        self.space = None                      # the ruleset's ActionSpace (decision.py), set by the engine
        self.sealed: list[dict] = []           # decision events held back until the phase reveals them
        self.exposed: set = set()              # (zone index, seat or None): zones face up for everyone this hand
        self.in_play: Counter | None = None   # the multiset of cards in the game, for conservation checks
        self.rounds = 0
        self.cycle_from = 0
        self.cycle_length = 0                  # known loop length: the replay that locates its start
        self.saved_key: tuple | None = None    # Brent's saved table, its (actor, draws), (round, actions)
        self.saved_quick = (0, 0)
        self.saved_at = (0, 0)
        self.power = 1
        self.recent: deque = deque()           # locating a loop: the last cycle_length tables, as digests
        self.cycle: dict | None = None
        self.extra_state = tuple               # a phase's own state that decides the future (for cycles)
        self.kind_state: dict[str, dict] = {}  # per phase name: a kind's own values (a `turns` phase's vars);
        # plain values only (numbers, words, seats, cards): copied by `fork`, part of `state_key`
        self.stats: dict[str, list[int]] = {}  # per-seat counters for --json (slaps, burns, ...)
        self.script: dict[int, list[dict]] | None = None   # scripted slaps by cards_played
        self.profiles: list[str] = []          # reaction profile per seat
        self.received: tuple[int, set] = (0, set())   # (hand number, cards passed in): not passable again
        self.counters = {k: [v] * n for k, v in rules.counters.items()}   # kept across hands (counters.py)
        self.table_counters = dict(rules.table_counters)   # the table's own counters (a pot), kept across hands
        self.phase_index = 0                   # the hand's phase under way (engine._play_hands)
        self.runner = None                     # its runner, when the phase kind can go on from a copy (`fork`)
        self.hand_only = False                 # a fork that stops when the hand is over (engine.Run.fork)
        self.asks_turns: frozenset[int] = frozenset()   # seats asked before each card they turn in a flip or
        # battle phase (a person at the web table turns their own cards: `Run(ask_turns=...)`)
        self.forker = None                     # engine.fork_table, set by the engine (a decision's `fork`)

    def fork(self, seed: int | None, log, inline: list) -> "Table":
        """A copy of this table to play on from here (a search's sampled game, a cloned state): every
        container is copied, so nothing the copy does reaches this table; the rules, the action space and
        the compiled expressions are shared. The copy has its own event sink and seats' bots, and its own
        random stream: seeded by `seed`, or (None) at the same point as this table's."""
        c = Table.__new__(Table)
        d = c.__dict__
        for k, v in self.__dict__.items():
            d[k] = v if type(v) in _ATOMIC or k in _SHARED else _copied(v)
        c.seat_zones = [[deque(z) for z in zones] for zones in self.seat_zones]
        c.shared = [deque(z) for z in self.shared]
        c.runner, c.events, c.inline, c.sealed = None, log, inline, list(self.sealed)
        c.rng = random.Random(seed)
        if seed is None:
            c.rng.setstate(self.rng.getstate())
        # a copy answered from outside keeps drawing by chance decisions; a search's copy shuffles by itself
        c.chance = self.chance and seed is None and all(b is None for b in inline)
        return c

    # ---------------------------------------------------------------- helpers
    def emit(self, event: str, **fields) -> None:
        if self.events is not None:
            fields["event"] = event
            self.events.append(fields)

    def shuffle(self, cards: list[int]) -> None:
        self.rng_draws += 1
        self.rng.shuffle(cards)

    def draw_order(self, cards: list[int], first: int | None = None):
        """Shuffle `cards` (a generator; `cards.pop()` then gives the first card drawn): a deal's, or one
        mid-hand (a reshuffled stock, a shuffled hand). From the random stream; at a table whose chance is
        drawn outside (`chance`: OpenSpiel's chance nodes), card by card as chance decisions, each uniform over
        the cards not drawn yet (`first`: only that many matter, the others follow in deck order). The draws
        are logged (`chance-draw`, seen by no seat) for replay, and they seed the stream (which a copy of the
        game answered inline goes on drawing from: `fork`), so the game is a function of its chance
        decisions and its players' choices."""
        if not self.chance:
            self.shuffle(cards)
            return
        self.rng_draws += 1
        left, drawn = sorted(cards), []
        names = self.rules.deck.names
        want = len(left) - 1 if first is None else min(first, len(left) - 1)
        equal = not self.space.unique
        while len(drawn) < want:
            self.count_chance()
            if equal:                    # equal cards (two packs) are one outcome, weighted by how many are left
                a = yield _by_name(left, names)
            else:
                a = yield Decision(CHANCE, tuple(left))       # a card's action is the card (its label, its name)
            left.remove(a)
            drawn.append(a)
        order = drawn + left
        cards[:] = order[::-1]
        self.rng.seed("|".join(names[c] for c in order))
        if drawn:                                             # (one card shuffled: nothing drawn, nothing to replay)
            self.emit("chance-draw", drawn=[names[c] for c in drawn])

    def lot(self, options: Sequence[int], label: Callable[[int], str]):
        """One of `options` drawn by lot (a generator): a random first dealer, a tie no rule breaks, a card's
        random place. From the random stream (one draw, as `random.choice`), or at a table whose chance is
        drawn outside (`chance`) as one chance decision, uniform over them, each labelled `label(option)` and
        the one drawn logged (`chance-draw`) for replay."""
        self.rng_draws += 1
        if not self.chance:
            return self.rng.choice(options)
        labels = {o: label(o) for o in options}
        self.count_chance()
        a = yield Decision(CHANCE, tuple(options), None, labels)
        self.emit("chance-draw", drawn=[labels[a]])
        return a

    def count_chance(self) -> None:
        """Count one chance decision about to be drawn; past `max_chance` (`run.chance_bound`: every deal's draws
        and as many more as the action limit) the game stops as `limit`, so a game at a chance table has a
        length the OpenSpiel adapter can state (`max_game_length`), reshuffles included."""
        self.chance_drawn += 1
        if self.chance_drawn > self.max_chance:
            raise GameOver("limit", [], f"stopped after {self.max_chance} chance draws (the deals' and as many "
                                        "as the action limit: a reshuffle, a tie drawn by lot)")

    def turn_asked(self, seat: int):
        """Before `seat` turns a card in a flip or battle phase: when it turns its own cards (`asks_turns`) and is
        answered outside the engine, a decision with one action, "turn a card" (a generator)."""
        if seat in self.asks_turns and self.inline[seat] is None:
            yes = self.space.YES
            yield from self.outside(Decision(seat, [yes], None, {yes: "turn a card"}))

    def ask(self, d):
        """A decision's action (a generator): the seat's inline bot answers at once, else it is yielded out."""
        a = self.answer(d)
        if a is None:
            a = yield from self.outside(d)
        return a

    def answer(self, d) -> int | None:
        """The action of the seat's inline bot, recorded; None when the seat is answered outside. Hot
        paths call this, and `outside` only when needed, to spare a generator per decision."""
        bot = self.inline[d.seat]
        if bot is None:
            return None
        if bot.observes:
            self.offer(d)
        a = bot.act(d, self.space)
        self.decided(d, a)
        return a

    def outside(self, d):
        """Yield the decision out of the rules and record the action sent back (a generator)."""
        self.offer(d)
        a = yield d
        self.decided(d, a)
        return a

    def offer(self, d) -> None:
        """What a decision offers the one who answers it beyond its view: the seat's events (`observe`) and,
        where the phase under way can go on from a copy, the game copied from here (`fork`)."""
        d.observe = partial(self.seat_log, d.seat)
        runner = self.runner
        if runner is not None and runner.pending is d and self.forker is not None and \
                (self.space.unique or getattr(runner.ph, "searched_with_equal_cards", False)):
            d.fork = partial(self.forker, self)

    def decided(self, d, a: int) -> None:
        """Record a decision: in the log (a sealed one when revealed; a window's do-nothing not at all), and
        as a draw for cycle detection (the future depends on the choice; a slap window counts once)."""
        if d.window is None and len(d.actions) > 1:      # a forced step (turn a card) changes no future
            self.rng_draws += 1
        if self.events is None or a == d.default:
            return
        label = d.labels.get(a) if d.labels else None
        ev = {"seat": d.seat, "action": a, "label": label or self.space.label(a), "event": "decision"}
        if d.window is not None:
            ev["after"] = d.window
        if d.sealed:
            self.sealed.append(ev)
        else:
            self.events.append(ev)

    def forced(self, seat: int, a: int, label: str | None = None, sealed: bool = False) -> None:
        """Log a choice the rules made for the seat, its only one (not asked), as a decision marked `forced`,
        unless it is a card (another seat never sees which card a seat chose): to the others it reads as a
        choice made, so whether the seat had another choice, which may hang on its hidden cards, stays its own.
        Alone at the table (a patience) too: the log, and so `run -v`, says every move made, forced or not."""
        if self.events is None or a < self.space.cards:
            return
        ev = {"seat": seat, "action": a, "label": label or self.space.label(a), "event": "decision", "forced": True}
        (self.sealed if sealed else self.events).append(ev)

    def reveal(self) -> None:
        """The sealed decisions so far go into the log (the phase has made them public)."""
        if self.sealed:
            if self.events is not None:     # (a search's game stops logging at its decision: ismcts.Iteration)
                self.events.extend(self.sealed)
            self.sealed.clear()

    def seat_log(self, me: int) -> list[dict]:
        """This game's events as seat `me` may know them (`visibility.seat_event`, from each event kind's
        declaration), for bots that search (`Decision.observe`); `me`'s own decisions still sealed come last."""
        looker = SeatLooker(me, self.rules, self.space.cards)
        return seat_events(self.events or (), looker, self.rules.events) + [ev for ev in self.sealed if ev["seat"] == me]

    def next_seat(self, seat: int, step: int = 1) -> int:
        return (seat + step * self.rules.direction) % self.n

    def takes_part(self, seat: int) -> bool:
        """The seat takes part in this hand: not out of the game, not sitting the hand out."""
        return not self.out[seat] and not self.sitting[seat]

    def next_in_play(self, seat: int) -> int:
        """The next seat in play direction after `seat` that is in play (`seat` itself when no other is)."""
        return next((s for s in (self.next_seat(seat, k) for k in range(1, self.n + 1)) if self.takes_part(s)), seat)

    def first_seat(self, mode: str, fn) -> int:
        """Who starts a phase (model.Ctx.first_seat) among the seats in play: the dealer, or the first seat
        from the dealer's left for which `fn` (a bool over seat `s`) holds, else the next in play after the
        dealer."""
        if mode == "dealer" and self.takes_part(self.dealer):
            return self.dealer
        if mode == "expr" and fn is not None:
            for step in range(1, self.n + 1):
                s = self.next_seat(self.dealer, step)
                self.loc["s"] = s
                if self.takes_part(s) and fn(self):
                    return s
        return self.next_in_play(self.dealer)

    def playing_from(self, first: int) -> list[int]:
        """The seats in play, in turn from `first` (skipped when it is not in play). Called once a trick:
        the usual table, where nobody is out or sitting out, costs no call per seat."""
        n, d, out, sitting = self.n, self.rules.direction, self.out, self.sitting
        seats = [(first + k * d) % n for k in range(n)]
        if True in out or True in sitting:
            seats = [s for s in seats if not out[s] and not sitting[s]]
        return seats

    def stat(self, name: str, seat: int, k: int = 1) -> None:
        row = self.stats.get(name)
        if row is None:
            row = self.stats[name] = [0] * self.n
        row[seat] += k

    def cards_held(self, seat: int) -> int:
        return sum(len(z[seat]) for z in self.seat_zones)

    def act(self) -> None:
        """Count one action; stop a run that hit --max-actions; check conservation in tests."""
        self.actions += 1
        if self.check:
            self.check_conservation()
        if self.actions >= self.max_actions:
            raise GameOver("limit", [], f"stopped after {self.actions} actions (--max-actions)")

    def all_cards(self) -> Counter:
        c: Counter = Counter()
        for zone in self.seat_zones:
            for z in zone:
                c.update(z)
        for z in self.shared:
            c.update(z)
        return c

    def check_conservation(self) -> None:
        now = self.all_cards()
        if now != self.in_play:
            lost = self.in_play - now
            extra = now - self.in_play
            raise AssertionError(f"cards not conserved after action {self.actions}: "
                                 f"missing {sorted(lost.elements())}, extra {sorted(extra.elements())}")

    def state_key(self) -> tuple:
        """The whole table, for cycle detection (random draws included: a draw makes the future differ)."""
        return (self.actor, self.rng_draws, tuple(self.out), tuple(self.sitting), tuple(self.scores), self.extra_state(),
                tuple((k, tuple(v.items())) for k, v in self.kind_state.items()),
                tuple(tuple(v) for v in self.counters.values()), tuple(self.table_counters.values()),
                tuple(map(tuple, self.shared)), *[tuple(z) for zone in self.seat_zones for z in zone])

    def check_end(self) -> None:
        for rule in self.end_rules:
            if rule.when(self):
                chosen = self.select(rule.mode, rule.value)
                if rule.losers:
                    raise GameOver("finished", [s for s in self.seat_range if s not in chosen and not self.out[s]],
                                   rule.text, chosen)
                raise GameOver("finished", chosen, rule.text)

    def select(self, mode: str, fn) -> list[int]:
        vals = []
        for s in self.seat_range:
            self.loc["s"] = s
            vals.append(fn(self))
        if mode == "where":
            return [s for s, v in zip(self.seat_range, vals) if v]
        known = [v for v in vals if v is not None]
        if not known:                 # every seat's value is missing (e.g. a card past the bottom): no winner
            return []
        best = (min if mode == "lowest" else max)(known)
        return [s for s, v in zip(self.seat_range, vals) if v == best]

    def boundary(self) -> None:
        """A round or trick boundary: test the end rules, then look for a repeated table.

        Brent's method keeps one table: it is compared with every later one and
        replaced by the current table whenever the rounds since it reach a
        power of two, so memory stays flat however long a game runs, and the
        first repeat gives the loop's exact length. A random draw changes the
        table (`rng_draws`), so a game with draws compares one number per round.
        Tables are compared only from round `cycle_from` on: most games end
        long before. The engine then plays the game again with the length known
        (`cycle_length`) to say where the loop starts: the first round whose
        table equals the one `cycle_length` rounds before (a game with a cycle
        is deterministic, so the second run is the same game); that run keeps a
        16-byte digest per round of one loop, not the whole game.
        """
        self.check_end()
        self.rounds += 1
        if self.cycle_length:
            self._locate()
        elif self.rounds >= self.cycle_from:
            self._brent()

    def _brent(self) -> None:
        saved = self.saved_key
        quick = (self.actor, self.rng_draws)       # parts of the table that are cheap to compare first
        if saved is not None and self.saved_quick == quick:
            key = self.state_key()
            if key == saved:
                start, start_action = self.saved_at     # a round in the loop; the replay finds the first
                self._found(start, start_action)
        else:
            key = None
        if saved is None or self.rounds - self.saved_at[0] >= self.power:
            self.saved_key = key if key is not None else self.state_key()
            self.saved_quick = quick
            self.saved_at = (self.rounds, self.actions)
            self.power = 1 if saved is None else 2 * self.power

    def forget_cycle(self) -> None:
        """A repeated table a rule has dealt with (a `turns` phase that ends on it): play goes on, and the search
        for a loop starts again from here."""
        self.cycle, self.saved_key, self.power = None, None, 1

    def _locate(self) -> None:
        digest = hashlib.blake2b(repr(self.state_key()).encode(), digest_size=16).digest()
        recent = self.recent
        if len(recent) == self.cycle_length:
            old, start_action = recent.popleft()
            if old == digest:
                self._found(self.rounds - self.cycle_length, start_action)
        recent.append((digest, self.actions))

    def _found(self, start: int, start_action: int) -> None:
        self.cycle = {"start": start, "length": self.rounds - start,
                      "start_action": start_action, "length_actions": self.actions - start_action}
        raise GameOver("cycle", [], f"the table at round {self.rounds} repeats round {start}")


def runner_copy(runner, t: Table, **fields):
    """A phase runner's copy for `t`, a copy of its table (Table.fork): the rules' tables and where the phase
    stands are shared with `runner`, except `fields` (its zones on `t`, the state the copy may change); the
    copy waits on nothing yet and is `t.runner`, so a copy of the copy can fork too."""
    other = object.__new__(type(runner))
    other.__dict__.update(runner.__dict__)
    other.__dict__.update(fields, t=t, pending=None)
    t.runner = other
    return other


def _copied(v: Any) -> Any:
    """A copy of a table's value sharing no container with it (zones, per-seat lists, counters, flags)."""
    kind = type(v)
    if kind is list or kind is deque:
        return kind(v) if _NESTED.isdisjoint(map(type, v)) else kind(map(_copied, v))
    if kind is dict or kind is Counter:
        return kind(v) if _NESTED.isdisjoint(map(type, v.values())) else kind({k: _copied(x) for k, x in v.items()})
    if kind is set:
        return set(v)
    if kind is tuple:
        return v if _NESTED.isdisjoint(map(type, v)) else tuple(map(_copied, v))
    return v


_NESTED = frozenset((list, deque, dict, set, tuple, Counter))
_ATOMIC = frozenset((int, bool, str, float, type(None)))     # values a copy shares as they are
# what Table.fork shares or sets itself (the zones it copies as they are: deques of card numbers)
_SHARED = frozenset(("rules", "end_rules", "space", "runner", "rng", "events", "inline", "sealed", "seat_zones",
                     "shared"))


def _by_name(left: list[int], names: list[str]) -> Decision:
    """A chance draw from cards some of which are equal (two packs): one outcome per name, its first card left,
    weighted by how many of that name are left (OpenSpiel wants one outcome per distinct card)."""
    first: dict[str, int] = {}
    count: Counter = Counter()
    for c in left:
        first.setdefault(names[c], c)
        count[names[c]] += 1
    return Decision(CHANCE, tuple(first.values()), weights=tuple(count[names[c]] for c in first.values()))

"""The server's table of live games: each game a steppable State, its seats people or bots.

The server is the referee. A game advances by itself while bots are to choose (they answer
from their own decision's view, as in `ruleplay run`) and stops at a person's decision;
a person's action is accepted only when it is that seat's turn and among the state's legal
actions. Each human seat is reached by a secret token of its own, and what a seat is shown
is built from its own view only (views.py).

Slap windows run on the server's clock: when a window opens for a person, their slap lands
at the milliseconds between the moment their page was first shown the card and the moment
the slap arrives; a seat that has not slapped when its window's time is up chose `no slap`.
Time is read from an injected clock, so tests need no sleeping.

One upload must not stall or fill the server. Bot moves are played in slices of BOT_SLICE, holding
only their own game's lock: a request plays one slice, and a longer run of bot moves goes on in the
game's own worker thread (pages are read between slices). A web game is capped in actions, events
and log size (MAX_ACTIONS, MAX_EVENTS, MAX_LOG_BYTES): past a cap it ends with outcome `limit`.
"""
from __future__ import annotations

import ipaddress
import json
import logging
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from ruleplay.agents import parse_bots, make_bots
from ruleplay.errors import GameError, RuleplayError
from ruleplay.tools.play.seat import Narrator
from ruleplay.engine.state import Game, State
from ruleplay.engine.table import GameOver
from ruleplay.kinds.contract import kind_of
from ruleplay.tools.web.rewind import Rewinder, Rewound
from ruleplay.tools.web.rulefiles import Loaded
from ruleplay.tools.web.tablemeta import PileInfo, card_table, pattern_words, slap_piles, teams_of

HUMAN = "human"
MAX_GAMES = 64                 # live games in memory (finished or idle ones make room first): docs/limits.md
MAX_STORED = 1000              # games under way per server with a store, awake or asleep (gametable.py)
REST_SECONDS = 60              # with a store, a game untouched this long may sleep (leave memory) to make room
SLEEP_SECONDS = 7 * 24 * 3600  # a sleeping game nobody woke for this long is dropped
MAX_GAMES_PER_CLIENT = 4       # games under way that one client address (an IPv6 /64) may have started
IDLE_SECONDS = 3 * 3600        # a game nobody looked at for this long may be dropped for a new one
UNOPENED_SECONDS = 10 * 60     # a game whose people never opened their page, as soon as this
MAX_ISMCTS = 200               # iterations per decision a visitor may ask of an ismcts bot
GRACE_SECONDS = 1.5            # how long a window waits for a page that has not fetched the card yet
MAX_LINES = 40                 # narration lines kept per seat
MAX_ACTIONS = 50_000           # actions per game (the longest built-in game took 26,551 with random bots)
MAX_EVENTS = 100_000           # events kept per game (about 300 bytes each in memory)
MAX_LOG_BYTES = 8_000_000      # the game's log (JSON lines)
BOT_SLICE = 32                 # bot moves played per hold of a game's lock
MAX_BATCH = 16                 # moves one request may make in a row (the cards of a pass)

GONE = "this game has just left the server's memory to make room: reload the page"

log = logging.getLogger(__name__)


def new_seed() -> int:
    """A live game's seed: 64 secret bits, so that no player can work the deal out from the cards they hold."""
    return secrets.randbits(64)


class TableFull(Exception):
    """No room for another game on this server."""


class TooMany(Exception):
    """This client already has its share of the server's games under way."""


def client_key(host: str | None) -> str:
    """Whom the per-client limit counts: an IPv4 address, or an IPv6 /64 (a home or a machine usually has
    a whole /64, so counting single addresses would not bound it)."""
    try:
        ip = ipaddress.ip_address(host or "")
    except ValueError:
        return host or "unknown"
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else str(ip)


class CappedEvents(list):
    """A web game's events: once they pass MAX_EVENTS or MAX_LOG_BYTES the game ends there, with outcome
    `limit`, so that one upload cannot fill the server's memory (the `end` event still follows)."""

    def __init__(self) -> None:
        super().__init__()
        self.bytes = 0
        self.full = False
        self.scored = 0                          # hands scored (`score` events): the server holds after each
        self.deciders: set[int] = set()          # seats whose decisions are logged

    def append(self, event: dict) -> None:
        super().append(event)
        kind = event.get("event")
        if kind == "score":
            self.scored += 1
        elif kind == "decision":
            self.deciders.add(event.get("seat", -1))
        if self.full:
            return
        self.bytes += len(json.dumps(event)) + 1
        if len(self) >= MAX_EVENTS or self.bytes >= MAX_LOG_BYTES:
            self.full = True
            raise GameOver("limit", [], f"stopped after {len(self):,} events ({self.bytes:,} bytes of log): "
                                        "this server's limit for a game")

    def extend(self, events) -> None:
        for ev in events:
            self.append(ev)


@dataclass
class SlapWindow:
    """A slap window that a person decides in: when it opened, when each person's page showed it."""

    key: int                      # Decision.window: the cards played when it opened
    opened: float
    pace: int                     # ms
    shown: dict[int, float] = field(default_factory=dict)
    answers: dict[int, int] = field(default_factory=dict)


@dataclass
class SeatSlot:
    kind: str                     # "human" or a bot kind
    token: str | None             # a human seat's secret
    narrator: Narrator
    said: list[str] = field(default_factory=list)
    seen: int = 0                 # events narrated so far


def seat_kinds(items: list[str], players: int) -> tuple[list[str], list[str | None]]:
    """Seat kinds from the form: 'human' or a bot as `--bots` takes it (ismcts capped for a server)."""
    if len(items) != players:
        raise GameError(f"give one kind per seat: {players} seats, {len(items)} kinds")
    if any("," in k for k in items):
        raise GameError("a seat's kind is one word such as smart or random:sharp, without commas")
    spec = ",".join("random" if k == HUMAN else str(k)[:40] for k in items)
    kinds, profiles = parse_bots(spec, players)
    for i, k in enumerate(items):
        if k == HUMAN:
            kinds[i], profiles[i] = HUMAN, None
        elif kinds[i].startswith("ismcts:") and int(kinds[i].partition(":")[2]) > MAX_ISMCTS:
            raise GameError(f"seat {i}: this server allows ismcts up to {MAX_ISMCTS} iterations per decision")
    return kinds, profiles


@dataclass
class TableMeta:
    """What the page knows of the ruleset beside a state: cards in words, teams, slap piles (tablemeta.py)."""

    cards: dict[str, dict]
    teams: list[int] | None
    piles: dict[str, PileInfo]
    patterns: dict[str, str]


class LiveGame:
    """One game on the server. Every method that touches the state holds `lock` (this game's only).

    A game with people in it holds at the end of each hand (a `score` event) until a person asks for the next
    one, so the bots never race on past the score table. `saver`, when given, stores the game's new decisions
    (the state's history) after every step, before a person's move is acknowledged."""

    def __init__(self, gid: str, loaded: Loaded, seed: int, kinds: list[str], profiles: list[str | None],
                 clock: Callable[[], float] = time.monotonic, client: str = "", tokens: list[str | None] | None = None,
                 history: list[int] | None = None, released: int = 0,
                 saver: "Callable[[LiveGame, int, list[int]], None] | None" = None, recipe: dict | None = None):
        self.id = gid
        self.client = client                    # who started it (client_key), for the per-client limit
        self.loaded = loaded
        rules = self.rules = loaded.rules
        self.seed = seed
        self.kinds, self.profiles = list(kinds), list(profiles)
        self.clock = clock
        self.lock = threading.RLock()
        self.closed = False                     # dropped from the table: its worker stops
        self._worker: threading.Thread | None = None
        self.bots = make_bots([None if k == HUMAN else k for k in kinds], seed)
        self.log = CappedEvents()
        # people turn their own cards in flip and battle phases (each turning a stack's top card), unless the game
        # was started to deal automatically: each card is then a decision of theirs, "turn a card"
        # (a game stored before this choice existed, or made without a recipe, deals automatically, as it did)
        self.ask_turns = () if (recipe or {}).get("auto-deal", True) else \
            tuple(s for s, k in enumerate(kinds) if k == HUMAN)
        self.state: State = self.fresh_state(watch=True)
        self.space = self.state.game.space
        self.meta = TableMeta(card_table(rules), teams_of(rules), slap_piles(rules), pattern_words(rules))
        tokens = tokens or [secrets.token_urlsafe(18) if k == HUMAN else None for k in kinds]
        self.seats = [SeatSlot(k, tokens[s] if k == HUMAN else None, Narrator(s, rules, self.space.cards))
                      for s, k in enumerate(kinds)]
        self.saver = saver
        self.released = released               # hands whose score table a person has closed
        self.held = False                       # waiting for "next hand"
        self.asked = False                      # a person has decided in this game
        self.stored = 0                         # decisions stored so far
        self._saved_released = released
        self.recipe: dict = recipe or {}        # how to load the rules again (store.py)
        self.window: SlapWindow | None = None
        self._rewinder: Rewinder | None = None
        self.error: str | None = None           # a rule's runtime error stopped the game
        # a page redraws when the version differs from the one it drew; a random start keeps a resumed game's
        # versions from repeating the ones its pages saw before the server restarted
        self.version = secrets.randbelow(2 ** 30)
        self.touched = self.created = clock()
        self.opened = False                     # a person's page (or move) reached it
        with self.lock:
            try:
                for a in history or []:         # a stored game resumed: its decisions again, from the same seed
                    self.state.apply_action(a)
            except RuleplayError as exc:
                self.error = self.loaded.tidy(exc.errors)[0].format().splitlines()[0]
            except GameError as exc:
                self.error = str(exc)
            self.stored = len(self.state.history())
            self._scored = 0
            self._scan()
            self.held = self._hands_scored() > self.released and not self.state.is_terminal() and self._people()
            self._narrate()
            self._play_on()

    def fresh_state(self, watch: bool = False) -> State:
        """The game's state before its first decision, capped for the server (the replay page steps on from here,
        under the same caps, so it stops where the game stopped). `watch`: the game's own state, whose log the
        game reads as it grows (hands scored, people who decided)."""
        first = [watch]

        def log() -> CappedEvents:
            events = CappedEvents()
            if first[0]:                        # the state's own log (a copy of the state makes another one)
                self.log, first[0] = events, False
            return events
        return Game(self.rules).new_initial_state(self.seed, None, profiles=self.profiles, seat_kinds=self.kinds,
                                                  max_actions=MAX_ACTIONS, log=log, ask_turns=self.ask_turns)

    # ------------------------------------------------------------------ stepping
    def finished(self) -> bool:
        return self.state.is_terminal() or self.error is not None

    def waiting_for(self) -> int | None:
        """The seat whose decision the game waits on, or None when it is over or held at a hand's end."""
        return None if self.finished() or self.held else self.state.current_player()

    def _advance(self) -> bool:
        """Bots answer (and windows answered in advance are applied) until a person must choose, for at most
        BOT_SLICE moves; True when that slice ran out (more moves may be due). Hold `lock`."""
        st = self.state
        more = False
        try:
            for _ in range(BOT_SLICE):
                if st.is_terminal() or self._hold_now():
                    break
                d = st.decision()
                kind = self.seats[d.seat].kind
                if kind != HUMAN:
                    st.apply_action(self.bots[d.seat].act(d, self.space))
                elif kind_of(d.view) == "out-of-turn":
                    st.apply_action(self.space.NO)     # a person plays out of turn only by mistake: never here
                elif kind_of(d.view) == "slap":
                    w = self.window
                    if w is None or w.key != d.window:
                        w = self.window = SlapWindow(d.window, self.clock(), d.view.pace)
                    if d.seat not in w.answers:
                        break
                    st.apply_action(w.answers[d.seat])
                else:
                    break
            else:
                more = not st.is_terminal()
        except RuleplayError as exc:
            self.error = self.loaded.tidy(exc.errors)[0].format().splitlines()[0]
        except GameError as exc:
            self.error = str(exc)
        self.version += 1
        self._narrate()
        self._save()
        return more and self.error is None and not self.held

    def _people(self) -> bool:
        """Whether a person has decided in this game: only then does a hand's end wait for them (a game that
        never asks its people plays on by itself)."""
        return self.asked

    def _hands_scored(self) -> int:
        return self.log.scored

    def _scan(self) -> bool:
        """Whether a hand was scored since the last scan (and note whether a person has decided)."""
        if not self.asked:
            self.asked = any(self.seats[s].kind == HUMAN for s in self.log.deciders if 0 <= s < len(self.seats))
        scored, self._scored = self.log.scored > self._scored, self.log.scored
        return scored

    def _hold_now(self) -> bool:
        """True when a hand has just been scored and a person should see the score table first (a hand scored
        before any person decided counts as closed)."""
        if not self.held and self._scan() and not self.state.is_terminal():
            if self._people():
                self.held = True
            else:
                self.released = self.log.scored
        return self.held

    def next_hand(self) -> str | None:
        """A person closes the score table: the next hand starts. None when done, else why not."""
        with self.lock:
            if self.closed:
                return GONE
            self.touched, self.opened = self.clock(), True
            if not self.held:
                return "no hand is waiting to be closed"
            self.held = False
            self.released = self._hands_scored()
            self.version += 1
            self._save()
            self._play_on()
            return None

    def _save(self) -> None:
        """Store the decisions made since the last save (hold `lock`): a move is acknowledged after this."""
        if self.saver is None:
            return
        hist = self.state.history()
        if len(hist) > self.stored or self.released != self._saved_released:
            self.saver(self, self.stored, list(hist[self.stored:]))
            self.stored, self._saved_released = len(hist), self.released

    def _play_on(self) -> None:
        """One slice of moves now; a longer run of bot moves goes on in the game's worker. Hold `lock`."""
        if self._advance() and self._worker is None:
            self._worker = threading.Thread(target=self._work, name="ruleplay-game", daemon=True)
            self._worker.start()

    def _work(self) -> None:
        """The game's worker: bot moves a slice at a time, this game's lock let go between slices (so its pages
        are read and its people slap meanwhile), until a person must choose, the game is over or dropped."""
        try:
            more = True
            while more:
                with self.lock:
                    more = not self.closed and self._advance()
                time.sleep(0)                       # a request waiting for the lock takes it now
        except Exception:                           # a bug: the game stops with a message, the server goes on
            log.exception("a game's worker failed")
            with self.lock:
                self.error = "internal error (please report it)"
                self._narrate()
        finally:
            with self.lock:
                self._worker = None

    def close(self) -> None:
        """The game leaves the table: its worker stops after the slice under way (no lock taken: the table's
        lock never waits on a game's)."""
        self.closed = True

    def _narrate(self) -> None:
        events = self.state.events()
        for slot in self.seats:
            if slot.kind != HUMAN:
                continue
            for ev in events[slot.seen:]:
                slot.said.extend(slot.narrator.tell(ev))
            slot.seen = len(events)
            del slot.said[:-MAX_LINES]
        if self.error is not None:
            for slot in self.seats:
                if slot.kind == HUMAN:
                    slot.said.append(f"The game stopped: {self.error}")

    def act(self, seat: int, action: int | list[int]) -> str | None:
        """A person's move, or several in a row (a pass of three cards): None when accepted, else why not (the
        state is unchanged: the moves are tried on a copy first)."""
        actions = action if isinstance(action, list) else [action]
        if not 1 <= len(actions) <= MAX_BATCH:
            return f"send one move, or at most {MAX_BATCH} in a row"
        with self.lock:
            if self.closed:
                return GONE
            self.touched, self.opened = self.clock(), True
            if self.held:
                return "the hand is over: close the score table (next hand) first"
            trial = self.state.clone() if len(actions) > 1 else self.state
            for a in actions:
                why = self._refuse(trial, seat, a)
                if why is not None:
                    return why
                if trial is not self.state:
                    trial.apply_action(a)
            for a in actions:
                self.state.apply_action(a)
            self.asked = True
            self._play_on()
            return None

    @staticmethod
    def _refuse(state: State, seat: int, action: object) -> str | None:
        d = state.decision()
        if state.is_terminal() or d is None:
            return "the game is over"
        if d.seat != seat:
            return f"it is not your turn (seat {d.seat} is to move)"
        if kind_of(d.view) == "slap":
            return "a slap window is open: slap, or let it pass"
        if not isinstance(action, int) or isinstance(action, bool) or action not in state.legal_actions():
            return "that move is not legal now"
        return None

    def slap(self, seat: int) -> str | None:
        """A person's slap, timed by the server's clock from when their page showed the card."""
        with self.lock:
            if self.closed:
                return GONE
            now = self.clock()
            self.touched, self.opened = now, True
            self._expire(now)
            w = self.window
            if self.finished() or w is None or seat not in self._window_seats():
                return "no card to slap now"
            if seat in w.answers:
                return "you already answered this card"
            ms = round((now - w.shown.get(seat, w.opened)) * 1000)
            w.answers[seat] = self.space.slap(min(max(ms, 1), w.pace - 1), 1) if ms < w.pace else self.space.NO_SLAP
            self._play_on()
            return None

    def _window_seats(self) -> list[int]:
        """The people deciding in the open window (the decision's public list of who may slap)."""
        d = self.state.decision()
        if self.window is None or d is None or d.window != self.window.key or kind_of(d.view) != "slap":
            return []
        return [s for s in d.view.seats if self.seats[s].kind == HUMAN]

    def _expire(self, now: float) -> None:
        """Every person whose window time is up has chosen `no slap`."""
        w = self.window
        if w is None or self.finished():
            return
        late = [s for s in self._window_seats() if s not in w.answers and
                now >= (w.shown[s] + w.pace / 1000 if s in w.shown else w.opened + w.pace / 1000 + GRACE_SECONDS)]
        if late:
            for s in late:
                w.answers[s] = self.space.NO_SLAP
            self._play_on()

    def tick(self) -> None:
        """Time out slap windows on the server's clock (a push stream calls it; hold `lock`)."""
        self._expire(self.clock())

    def look(self, seat: int) -> None:
        """The seat's page is fetching the table: time out windows, and start this seat's window clock."""
        now = self.clock()
        self.touched, self.opened = now, True
        self._expire(now)
        w = self.window
        if w is not None and seat in self._window_seats() and seat not in w.answers:
            w.shown.setdefault(seat, now)

    def rewound(self, seat: int, step: int) -> tuple[Rewound, int]:
        """The finished game as `seat` saw it after `step` decisions, and the number of steps. Hold `lock`."""
        if self._rewinder is None:
            self._rewinder = Rewinder(self.fresh_state, self.state.history())
        return Rewound(self, self._rewinder.at(step), seat, MAX_LINES), len(self._rewinder.actions)

    def idle(self, now: float, seconds: float) -> bool:
        """No bot moves under way and nobody touched the game for `seconds`: it may sleep (gametable.py)."""
        return self._worker is None and not self.closed and now - self.touched > seconds

    def slap_open(self, seat: int) -> bool:
        w = self.window
        return w is not None and seat in self._window_seats() and seat not in w.answers

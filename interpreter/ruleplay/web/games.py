"""The server's table of live games: each game a steppable State, its seats people or bots.

The server is the referee. A game advances by itself while bots are to choose (they answer
inline from their own decision's view, as in `ruleplay run`) and stops at a person's decision;
a person's action is accepted only when it is that seat's turn and among the state's legal
actions. Each human seat is reached by a secret token of its own, and what a seat is shown
is built from its own view only (views.py).

Slap windows run on the server's clock: when a window opens for a person, their slap lands
at the milliseconds between the moment their page was first shown the card and the moment
the slap arrives; a seat that has not slapped when its window's time is up chose `no slap`.
Time is read from an injected clock, so tests need no sleeping.
"""
from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from ..bots import parse_bots, make_bots
from ..errors import GameError, RuleplayError
from ..human import Narrator
from .rewind import Rewinder, Rewound
from .rulefiles import Loaded
from ..state import Game, State

HUMAN = "human"
MAX_GAMES = 16                 # live games per server (finished or idle ones make room first)
IDLE_SECONDS = 3 * 3600        # a game nobody looked at for this long may be dropped for a new one
MAX_ISMCTS = 200               # iterations per decision a visitor may ask of an ismcts bot
GRACE_SECONDS = 1.5            # how long a window waits for a page that has not fetched the card yet
MAX_LINES = 40                 # narration lines kept per seat


def new_seed() -> int:
    """A live game's seed: 64 secret bits, so that no player can work the deal out from the cards they hold."""
    return secrets.randbits(64)


class TableFull(Exception):
    """No room for another game on this server."""


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


class LiveGame:
    """One game on the server. Every method that touches the state holds `lock`."""

    def __init__(self, gid: str, loaded: Loaded, seed: int, kinds: list[str], profiles: list[str | None],
                 clock: Callable[[], float] = time.monotonic):
        self.id = gid
        self.loaded = loaded
        rules = self.rules = loaded.rules
        self.seed = seed
        self.kinds, self.profiles = list(kinds), list(profiles)
        self.clock = clock
        self.lock = threading.RLock()
        self.bots = make_bots([None if k == HUMAN else k for k in kinds], seed)
        self.state: State = self.fresh_state()
        self.space = self.state.game.space
        self.seats = [SeatSlot(k, secrets.token_urlsafe(18) if k == HUMAN else None,
                               Narrator(s, rules.players, rules.direction)) for s, k in enumerate(kinds)]
        self.window: SlapWindow | None = None
        self._rewinder: Rewinder | None = None
        self.error: str | None = None           # a rule's runtime error stopped the game
        self.version = 0
        self.touched = clock()
        self._advance()

    def fresh_state(self) -> State:
        """The game's state before its first decision (the replay page steps on from here)."""
        return Game(self.rules).new_initial_state(self.seed, None, profiles=self.profiles, seat_kinds=self.kinds)

    # ------------------------------------------------------------------ stepping
    def finished(self) -> bool:
        return self.state.is_terminal() or self.error is not None

    def waiting_for(self) -> int | None:
        """The seat whose decision the game waits on, or None when it is over."""
        return None if self.finished() else self.state.current_player()

    def _advance(self) -> None:
        """Bots answer (and windows answered in advance are applied) until a person must choose."""
        st = self.state
        try:
            while not st.is_terminal():
                d = st.decision()
                kind = self.seats[d.seat].kind
                if kind != HUMAN:
                    st.apply_action(self.bots[d.seat].act(d, self.space))
                elif getattr(d.view, "out_of_turn", False):
                    st.apply_action(self.space.NO)     # a person plays out of turn only by mistake: never here
                elif getattr(d.view, "slapping", False):
                    w = self.window
                    if w is None or w.key != d.window:
                        w = self.window = SlapWindow(d.window, self.clock(), d.view.pace)
                    if d.seat not in w.answers:
                        break
                    st.apply_action(w.answers[d.seat])
                else:
                    break
        except RuleplayError as exc:
            self.error = self.loaded.tidy(exc.errors)[0].format().splitlines()[0]
        except GameError as exc:
            self.error = str(exc)
        self.version += 1
        self._narrate()

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

    def act(self, seat: int, action: int) -> str | None:
        """A person's move; None when accepted, else why not (the state is unchanged)."""
        with self.lock:
            self.touched = self.clock()
            d = self.state.decision()
            if self.finished() or d is None:
                return "the game is over"
            if d.seat != seat:
                return f"it is not your turn (seat {d.seat} is to move)"
            if getattr(d.view, "slapping", False):
                return "a slap window is open: slap, or let it pass"
            if not isinstance(action, int) or isinstance(action, bool) or action not in self.state.legal_actions():
                return "that move is not legal now"
            self.state.apply_action(action)
            self._advance()
            return None

    def slap(self, seat: int) -> str | None:
        """A person's slap, timed by the server's clock from when their page showed the card."""
        with self.lock:
            now = self.clock()
            self.touched = now
            self._expire(now)
            w = self.window
            if self.finished() or w is None or seat not in self._window_seats():
                return "no card to slap now"
            if seat in w.answers:
                return "you already answered this card"
            ms = round((now - w.shown.get(seat, w.opened)) * 1000)
            w.answers[seat] = self.space.slap(min(max(ms, 1), w.pace - 1), 1) if ms < w.pace else self.space.NO_SLAP
            self._advance()
            return None

    def _window_seats(self) -> list[int]:
        """The people deciding in the open window (the decision's public list of who may slap)."""
        d = self.state.decision()
        if self.window is None or d is None or d.window != self.window.key:
            return []
        return [s for s in getattr(d.view, "seats", []) if self.seats[s].kind == HUMAN]

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
            self._advance()

    def look(self, seat: int) -> None:
        """The seat's page is fetching the table: time out windows, and start this seat's window clock."""
        now = self.clock()
        self.touched = now
        self._expire(now)
        w = self.window
        if w is not None and seat in self._window_seats() and seat not in w.answers:
            w.shown.setdefault(seat, now)

    def rewound(self, seat: int, step: int) -> tuple[Rewound, int]:
        """The finished game as `seat` saw it after `step` decisions, and the number of steps. Hold `lock`."""
        if self._rewinder is None:
            self._rewinder = Rewinder(self.fresh_state, self.state.history())
        return Rewound(self, self._rewinder.at(step), seat, MAX_LINES), len(self._rewinder.actions)

    def slap_open(self, seat: int) -> bool:
        w = self.window
        return w is not None and seat in self._window_seats() and seat not in w.answers


class GameTable:
    """The live games of one server, bounded in number; a human seat is found by its token alone."""

    def __init__(self, max_games: int = MAX_GAMES, clock: Callable[[], float] = time.monotonic,
                 seeds: Callable[[], int] = new_seed):
        self.max_games = max_games
        self.clock = clock
        self.seeds = seeds
        self.lock = threading.Lock()
        self.games: dict[str, LiveGame] = {}
        self.tokens: dict[str, tuple[LiveGame, int]] = {}

    def create(self, loaded: Loaded, kinds: list[str], profiles: list[str | None]) -> LiveGame:
        """A new game, dealt from a seed of `seeds` (secret: shown to its players only once it is over)."""
        with self.lock:
            self._make_room()
            game = LiveGame(secrets.token_urlsafe(9), loaded, self.seeds(), kinds, profiles, self.clock)
            self.games[game.id] = game
            for s, slot in enumerate(game.seats):
                if slot.token:
                    self.tokens[slot.token] = (game, s)
            return game

    def _make_room(self) -> None:
        if len(self.games) < self.max_games:
            return
        now = self.clock()
        spare = [g for g in self.games.values() if g.finished() or now - g.touched > IDLE_SECONDS]
        if not spare:
            raise TableFull(f"this server already has {len(self.games)} games under way (its limit); "
                            "try again when one is over")
        self._drop(min(spare, key=lambda g: g.touched))

    def _drop(self, game: LiveGame) -> None:
        del self.games[game.id]
        if game.loaded.keep is not None:
            game.loaded.keep.cleanup()
        for slot in game.seats:
            if slot.token:
                self.tokens.pop(slot.token, None)

    def seat(self, token: str) -> tuple[LiveGame, int] | None:
        return self.tokens.get(token)

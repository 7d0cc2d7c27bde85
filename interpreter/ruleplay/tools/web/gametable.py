"""The server's table of live games: bounded in number and per client; a human seat is found by its token alone.

Without a store every game lives in memory (at most `max_games`) and a finished, idle or unopened one makes room
for a new one. With a store (store.py) every game is also on disk, so memory holds only the games being played:
when the table is full, a game nobody touched for REST_SECONDS *sleeps* (it leaves memory, its rows stay) and
wakes from the store, replayed from its seed and decisions, when one of its links is opened again. The games
under way, awake or asleep, are then bounded by `max_stored`; a game asleep for SLEEP_SECONDS is dropped.
"""
from __future__ import annotations

import logging
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Callable

from ruleplay.tools.web.games import (IDLE_SECONDS, MAX_GAMES, MAX_GAMES_PER_CLIENT, MAX_STORED, REST_SECONDS,
                                      SLEEP_SECONDS, UNOPENED_SECONDS, LiveGame, TableFull, TooMany, new_seed)
from ruleplay.tools.web.rulefiles import Loaded, load_any
from ruleplay.tools.web.store import Store

log = logging.getLogger(__name__)


def load_recipe(recipe: dict) -> Loaded:
    """A stored game's rules, loaded as they were when it started (a built-in by name, or its uploaded text)."""
    up = recipe.get("upload")
    return load_any(recipe.get("ruleset"), (up["text"], up["name"]) if up else None,
                    dict(recipe.get("options") or {}), recipe.get("players"))


@dataclass
class Sleeper:
    """A game under way that is on disk only: whose it is, when it was last touched, since when it sleeps."""

    client: str
    touched: float
    since: float
    tokens: list[str | None]


class GameTable:
    """The live games of one server (see the module docstring)."""

    def __init__(self, max_games: int = MAX_GAMES, clock: Callable[[], float] = time.monotonic,
                 seeds: Callable[[], int] = new_seed, per_client: int = MAX_GAMES_PER_CLIENT,
                 store: Store | None = None, max_stored: int = MAX_STORED):
        self.max_games = max_games
        self.max_stored = max_stored
        self.per_client = per_client
        self.clock = clock
        self.seeds = seeds
        self.lock = threading.Lock()
        self.games: dict[str, LiveGame] = {}
        self.tokens: dict[str, tuple[LiveGame, int]] = {}
        self.asleep: dict[str, tuple[str, int]] = {}      # token -> (game id, seat) of a sleeping game
        self.sleeping: dict[str, Sleeper] = {}
        self.store = store
        if store is not None:
            self._resume(store)

    # ------------------------------------------------------------------ stored games
    def _resume(self, store: Store) -> None:
        """The most recently played stored games again, up to `max_games`; the others sleep until a link wakes them."""
        now = self.clock()
        for stub in store.index():
            game = self._load(stub.id) if len(self.games) < self.max_games else None
            if game is not None:
                self._place(game)
            elif stub.id in store.known:
                self._note_sleeper(stub.id, Sleeper(stub.client, now, now, stub.tokens))

    def _load(self, gid: str) -> LiveGame | None:
        """A stored game replayed from its rules, seed and decisions (None, and dropped, if it no longer loads)."""
        assert self.store is not None
        g = self.store.game(gid)
        if g is None:
            return None
        try:
            game = LiveGame(g.id, load_recipe(g.recipe), g.seed, g.kinds, g.profiles, self.clock, g.client,
                            tokens=g.tokens, history=g.history, released=g.released, saver=self.store.save,
                            recipe=g.recipe)
        except Exception:                       # a game whose rules no longer load is told in the log and dropped
            log.exception("a stored game could not be resumed; it is dropped")
            self.store.drop(gid)
            return None
        game.opened = True
        game.touched = self.clock() - REST_SECONDS - 1      # resting until a page touches it (a wake does at once)
        return game

    def _note_sleeper(self, gid: str, sleeper: Sleeper) -> None:
        self.sleeping[gid] = sleeper
        for s, token in enumerate(sleeper.tokens):
            if token:
                self.asleep[token] = (gid, s)

    def _forget_sleeper(self, gid: str) -> None:
        sleeper = self.sleeping.pop(gid, None)
        for token in (sleeper.tokens if sleeper else []):
            if token:
                self.asleep.pop(token, None)

    def _sleep(self, game: LiveGame) -> None:
        """The game leaves memory; its rows stay in the store and its links wake it."""
        with game.lock:
            game.close()
        del self.games[game.id]
        tokens = [slot.token for slot in game.seats]
        for token in tokens:
            if token:
                self.tokens.pop(token, None)
        if game.loaded.keep is not None:
            game.loaded.keep.cleanup()
        self._note_sleeper(game.id, Sleeper(game.client, game.touched, self.clock(), tokens))

    def _purge(self, now: float) -> None:
        """Sleeping games nobody woke for SLEEP_SECONDS are dropped."""
        for gid in [gid for gid, s in self.sleeping.items() if now - s.since > SLEEP_SECONDS]:
            self._forget_sleeper(gid)
            if self.store is not None:
                self.store.drop(gid)

    # ------------------------------------------------------------------ new games
    def _place(self, game: LiveGame) -> None:
        self.games[game.id] = game
        for s, slot in enumerate(game.seats):
            if slot.token:
                self.tokens[slot.token] = (game, s)

    def create(self, loaded: Loaded, kinds: list[str], profiles: list[str | None], client: str = "",
               recipe: dict | None = None) -> LiveGame:
        """A new game of `client` (client_key), dealt from a seed of `seeds` (secret: shown to its players only
        once it is over). It is dealt and plays its first bot moves outside the table's lock (no other visitor
        waits on it), then takes its place if there is still room. With a store, `recipe` says how to load its
        rules again (store.py) and the game is stored before its links are given."""
        with self.lock:
            self._admit(client)
        saver = self.store.save if self.store is not None else None
        game = LiveGame(secrets.token_urlsafe(9), loaded, self.seeds(), kinds, profiles, self.clock, client,
                        saver=saver, recipe=recipe)
        with self.lock:
            try:
                self._admit(client)
            except (TableFull, TooMany):
                game.close()
                if self.store is not None:
                    self.store.drop(game.id)
                raise
            if self.store is not None and game.id not in self.store.known:
                with game.lock:
                    self.store.save(game, 0, list(game.state.history()))
            self._place(game)
            return game

    def _admit(self, client: str | None) -> None:
        """Room in memory for one more game: for a new one of `client` within its share (and, with a store, within
        the games under way), for a game woken (client None) just room."""
        now = self.clock()
        self._purge(now)
        if client is not None:
            mine = (sum(g.client == client and not self._spare(g, now) for g in self.games.values()) +
                    sum(s.client == client and now - s.touched <= IDLE_SECONDS for s in self.sleeping.values()))
            if mine >= self.per_client:
                raise TooMany(f"you already have {mine} games under way on this server (its limit for one "
                              f"visitor); finish one first (a game whose link nobody opens ends after "
                              f"{UNOPENED_SECONDS // 60} minutes)")
            if self.store is not None and len(self.games) + len(self.sleeping) >= self.max_stored:
                self._make_stored_room(now)
        if len(self.games) < self.max_games:
            return
        spare = [g for g in self.games.values() if self._spare(g, now) and (self.store is None or g.finished() or
                                                                            not g.opened)]
        if spare:
            self._drop(min(spare, key=lambda g: g.touched))
            return
        resting = [g for g in self.games.values() if self.store is not None and g.idle(now, REST_SECONDS)]
        if resting:
            self._sleep(min(resting, key=lambda g: g.touched))
            return
        raise TableFull(f"this server already has {len(self.games)} games under way (its limit); "
                        "try again when one is over")

    def _make_stored_room(self, now: float) -> None:
        """Below `max_stored` games under way: a finished or unopened game dropped, else the game asleep longest
        if nobody touched it for IDLE_SECONDS; else the server is full."""
        spare = [g for g in self.games.values() if g.finished() or not g.opened and now - g.created > UNOPENED_SECONDS]
        if spare:
            self._drop(min(spare, key=lambda g: g.touched))
            return
        old = [gid for gid, s in self.sleeping.items() if now - s.touched > IDLE_SECONDS]
        if not old:
            raise TableFull(f"this server already has {len(self.games) + len(self.sleeping)} games under way "
                            "(its limit); try again when one is over")
        gid = min(old, key=lambda g: self.sleeping[g].since)
        self._forget_sleeper(gid)
        assert self.store is not None
        self.store.drop(gid)

    @staticmethod
    def _spare(game: LiveGame, now: float) -> bool:
        """A game that may make room: over, left alone for IDLE_SECONDS, or never opened in UNOPENED_SECONDS."""
        return (game.finished() or now - game.touched > IDLE_SECONDS or
                not game.opened and now - game.created > UNOPENED_SECONDS)

    def _drop(self, game: LiveGame) -> None:
        del self.games[game.id]
        game.close()
        if self.store is not None:
            self.store.drop(game.id)
        if game.loaded.keep is not None:
            game.loaded.keep.cleanup()
        for slot in game.seats:
            if slot.token:
                self.tokens.pop(slot.token, None)

    # ------------------------------------------------------------------ seats
    def seat(self, token: str) -> tuple[LiveGame, int] | None:
        """The game and seat of a token; a sleeping game is woken (replayed from the store) first."""
        found = self.tokens.get(token)
        if found is not None or token not in self.asleep:
            return found
        with self.lock:
            if token in self.tokens or token not in self.asleep:
                return self.tokens.get(token)
            gid = self.asleep[token][0]
            self._admit(None)
            game = self._load(gid)
            self._forget_sleeper(gid)
            if game is None:
                return None
            self._place(game)
            return self.tokens.get(token)

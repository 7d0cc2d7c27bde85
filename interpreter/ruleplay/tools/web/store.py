"""Live games kept durably in SQLite (the standard library's `sqlite3`): a server that stops or crashes resumes
them when it starts again, and every seat's link keeps working.

A game is stored as what the engine replays exactly: how to load its rules (a built-in's name or the uploaded
text, the options and the number of players), its seed, its seat kinds and profiles, the people's tokens, and
every decision (the state's history) in order. A person's move is acknowledged only once the decisions it led
to are committed (`LiveGame._save` runs before the answer), so a move the page saw accepted is never lost.
The file lives in the data directory (`ruleplay serve --data DIR`), readable by its user only (it holds the
seats' tokens); writes are one transaction per save.
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
create table if not exists games (
    id text primary key,
    recipe text not null,          -- {"ruleset": NAME} or {"upload": {"text", "name"}}, with "options" and "players"
    seed text not null,            -- 64 bits, as text
    kinds text not null,           -- JSON: each seat's kind ("human" or a bot)
    profiles text not null,        -- JSON: each seat's reaction profile or null
    tokens text not null,          -- JSON: each seat's secret token or null (bots)
    client text not null,
    released integer not null default 0,   -- hands whose score table a person closed
    finished integer not null default 0,
    saved real not null default 0          -- when its last decision was stored (seconds since the epoch)
);
create table if not exists decisions (
    game text not null,
    n integer not null,
    action integer not null,
    primary key (game, n)
) without rowid;
"""


@dataclass
class StoredGame:
    """One stored game, as read back to resume it."""

    id: str
    recipe: dict[str, Any]
    seed: int
    kinds: list[str]
    profiles: list[str | None]
    tokens: list[str | None]
    client: str
    released: int
    history: list[int]


@dataclass
class Stub:
    """A stored game in brief: enough to find it by a token and to count it, without replaying it."""

    id: str
    tokens: list[str | None]
    client: str
    finished: bool
    saved: float


class Store:
    """The server's SQLite file of live games. Safe to call from any thread (one connection, one lock)."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.path.touch(mode=0o600, exist_ok=True)      # it holds the seats' secret tokens: this user's only
        os.chmod(self.path, 0o600)
        self.lock = threading.Lock()
        self.db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None)
        self.db.execute("pragma journal_mode=wal")
        self.db.execute("pragma synchronous=full")      # a commit is on disk before a move is acknowledged
        self.db.executescript(SCHEMA)
        if "saved" not in {row[1] for row in self.db.execute("pragma table_info(games)")}:    # a file of before
            self.db.execute("alter table games add column saved real not null default 0")
        self.known: set[str] = {row[0] for row in self.db.execute("select id from games")}
        self.dropped: set[str] = set()      # games that left the table: a late save of their worker is ignored

    def save(self, game, start: int, actions: list[int]) -> None:
        """The game's decisions from index `start` on (and the game's row, the first time), in one transaction."""
        with self.lock:
            if game.id in self.dropped:
                return
            self.db.execute("begin immediate")
            try:
                if game.id not in self.known:
                    self.db.execute(
                        "insert or replace into games (id, recipe, seed, kinds, profiles, tokens, client, released)"
                        " values (?, ?, ?, ?, ?, ?, ?, ?)",
                        (game.id, json.dumps(game.recipe), str(game.seed), json.dumps(game.kinds),
                         json.dumps(game.profiles), json.dumps([slot.token for slot in game.seats]), game.client,
                         game.released))
                self.db.executemany("insert or replace into decisions (game, n, action) values (?, ?, ?)",
                                    [(game.id, start + i, int(a)) for i, a in enumerate(actions)])
                self.db.execute("update games set released = ?, finished = ?, saved = ? where id = ?",
                                (game.released, int(game.finished()), time.time(), game.id))
                self.db.execute("commit")
            except BaseException:
                self.db.execute("rollback")
                raise
            self.known.add(game.id)

    def drop(self, gid: str) -> None:
        """Forget a game (it left the table)."""
        with self.lock:
            self.db.execute("begin immediate")
            self.db.execute("delete from decisions where game = ?", (gid,))
            self.db.execute("delete from games where id = ?", (gid,))
            self.db.execute("commit")
            self.known.discard(gid)
            self.dropped.add(gid)

    def index(self) -> list[Stub]:
        """Every stored game in brief (no decisions), the most recently stored first."""
        with self.lock:
            rows = self.db.execute("select id, tokens, client, finished, saved from games "
                                   "order by saved desc, rowid desc").fetchall()
        return [Stub(gid, json.loads(tokens), client, bool(finished), saved)
                for gid, tokens, client, finished, saved in rows]

    def game(self, gid: str) -> StoredGame | None:
        """One stored game with its decisions, to resume it."""
        with self.lock:
            row = self.db.execute("select id, recipe, seed, kinds, profiles, tokens, client, released from games "
                                  "where id = ?", (gid,)).fetchone()
            if row is None:
                return None
            history = [a for (a,) in self.db.execute("select action from decisions where game = ? order by n",
                                                     (gid,))]
        gid, recipe, seed, kinds, profiles, tokens, client, released = row
        return StoredGame(gid, json.loads(recipe), int(seed), json.loads(kinds), json.loads(profiles),
                          json.loads(tokens), client, released, history)

    def close(self) -> None:
        with self.lock:
            self.db.close()

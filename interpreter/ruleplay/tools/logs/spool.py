"""An event list that keeps memory flat: past a few thousand events it spills to a temporary file.

`ruleplay run` with its account, `--log` or `--json` needs the whole game's events after the
game, and a game may run a million actions. A Python list of event dicts takes about 1.5 KB an
event; the spool keeps at most `keep` events in memory and writes older ones, as JSON lines, to
an anonymous temporary file (deleted when closed or when the process ends). Reading it back
parses one line at a time, so writing a log or an account from it stays flat too.
"""
from __future__ import annotations

import json
import tempfile
from typing import IO, Iterable, Iterator


class EventSpool:
    """Append-only events, iterated in order; only the newest `keep` are held in memory."""

    def __init__(self, keep: int = 4096) -> None:
        self.keep = keep
        self.recent: list[dict] = []
        self.spilled = 0
        self.file: IO[str] | None = None

    def append(self, event: dict) -> None:
        self.recent.append(event)
        if len(self.recent) > self.keep:
            self._spill()

    def extend(self, events: Iterable[dict]) -> None:
        for ev in events:
            self.append(ev)

    def _spill(self) -> None:
        if self.file is None:
            self.file = tempfile.TemporaryFile("w+", encoding="utf-8")
        self.file.seek(0, 2)
        self.file.writelines(json.dumps(ev) + "\n" for ev in self.recent)
        self.spilled += len(self.recent)
        self.recent = []

    def __len__(self) -> int:
        return self.spilled + len(self.recent)

    def __iter__(self) -> Iterator[dict]:
        if self.file is not None:
            self.file.flush()
            self.file.seek(0)
            for _ in range(self.spilled):       # read once the game is over (an append would move the file)
                yield json.loads(self.file.readline())
        yield from list(self.recent)

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None

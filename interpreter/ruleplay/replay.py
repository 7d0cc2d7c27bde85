"""Replaying a JSONL game log: run the same game again and compare it event for event.

The `start` event records everything a game depends on (ruleset, seed,
players, the options set, bots and profiles, and for an explicit deal the
hands and scripted slaps); the replay plays it again and reports the first
event that differs.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from .engine import Deal, play
from .errors import GameError
from .pipeline import load


@dataclass
class ReplayReport:
    same: bool
    events: int
    index: int | None = None        # first differing event (0-based line)
    logged: dict | None = None
    replayed: dict | None = None


def read_log(path: str) -> list[dict]:
    events = []
    try:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    ev = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise GameError(f"{path}:{n}: not a JSON line ({exc.msg})") from None
                if not isinstance(ev, dict) or "event" not in ev:
                    raise GameError(f"{path}:{n}: an event is a JSON object with an 'event' field")
                events.append(ev)
    except OSError as exc:
        raise GameError(f"{path}: {exc.strerror}") from None
    if not events or events[0]["event"] != "start":
        raise GameError(f"{path}: a game log starts with a 'start' event")
    return events


def _as_set(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def replay(logged: list[dict]) -> ReplayReport:
    start = logged[0]
    try:
        sets = {k: _as_set(v) for k, v in start.get("set", {}).items()}
        rules = load(start["ref"], sets, start["players"])
        deal = None
        if start.get("explicit_deal"):
            d = next(e for e in logged if e["event"] == "deal")
            deal = Deal(d["hands"], d.get("rest", []), d["dealer"], start.get("slaps"))
        bots = start.get("bots")
        if bots and "human" in bots:         # a person's seat: feed back the choices and slaps the log records
            from .human import recorded_bots
            bots = recorded_bots(bots, logged)
        result = play(rules, start["seed"], deal, start.get("max_actions", 1_000_000), log=True,
                      bots=bots, profiles=start.get("profiles"))
    except (KeyError, StopIteration, TypeError) as exc:
        raise GameError(f"the log's start event lacks what a replay needs ({exc})") from None
    again = json.loads(json.dumps(result.events))     # the same JSON round trip the log went through
    for i, (a, b) in enumerate(zip(logged, again)):
        if a != b:
            return ReplayReport(False, len(logged), i, a, b)
    if len(logged) != len(again):
        i = min(len(logged), len(again))
        return ReplayReport(False, len(logged), i, logged[i] if i < len(logged) else None,
                            again[i] if i < len(again) else None)
    return ReplayReport(True, len(logged))

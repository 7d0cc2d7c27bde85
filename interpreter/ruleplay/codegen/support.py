"""What a generated game runs against, in place of the Table: `Game` (its counters and log), `Bail`, `best`."""
from __future__ import annotations


def _pick(bot, space) -> int | None:
    """Which of the actions (cards, in the canonical order) the bot takes without being asked: `lowest` the
    first (min keeps the first of equal keys), `highest` the last when no two cards share a key; else None."""
    if bot.kind == "lowest":
        return 0
    if bot.kind == "highest" and len(set(space.keys)) == len(space.keys):
        return -1
    return None


class Bail(Exception):
    """The generated game leaves the rest to the interpreter (which plays it again from the start)."""


class Game:
    """What a generated game reads (events, limit) and writes (counters), in place of the Table."""

    __slots__ = ("events", "max_actions", "stats", "cards_played", "actions", "pile_takes", "rounds",
                 "tricks", "hands", "scores", "score_history", "bots", "space", "picks")

    def __init__(self, events: list | None, max_actions: int, bots: list | None = None, space=None):
        self.events = events
        self.max_actions = max_actions
        self.stats: dict[str, list[int]] = {}
        self.cards_played = self.actions = self.pile_takes = self.rounds = self.tricks = 0
        self.hands = 1
        self.scores: list[int] = []
        self.score_history: list[list[int]] = []
        self.bots, self.space = bots, space
        self.picks = [_pick(b, space) for b in bots] if bots is not None else None


def best(vals: list, lowest: bool) -> list[int]:
    """Table.select for lowest/highest: the seats with the best known value (none when all are missing)."""
    known = [v for v in vals if v is not None]
    if not known:
        return []
    top = min(known) if lowest else max(known)
    return [s for s, v in enumerate(vals) if v == top]

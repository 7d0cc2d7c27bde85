"""A finished game's `Result`, the `end` event that closes its log, and its returns per seat.

One home for both, because every way of running a game ends here: the interpreter (`run.Run`), the
generated games (codegen/runtime.py) and the search bot's playouts all build the same Result with
`finish`, and `returns_of` is the only place a result becomes a value per seat in [0, 1]
(`State.returns()`, OpenSpiel, and ISMCTS's value of a hand played out).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ruleplay.compiler.model import Rules


@dataclass
class Result:
    ruleset: str
    seed: int
    players: int
    options: dict
    outcome: str
    winners: list[int]
    reason: str
    cards_played: int
    pile_takes: int
    tricks: int
    actions: int
    rounds: int
    scores: list[int] | None
    cycle: dict | None
    events: list[dict] | None
    hand_scores: list[list[int]] | None = None
    hands: int = 1
    stats: dict[str, list[int]] = field(default_factory=dict)
    losers: list[int] | None = None       # named by an end rule's `losers` (the winners are the others still in)

    def to_json(self) -> dict:
        out = {k: getattr(self, k) for k in ("ruleset", "seed", "players", "options", "outcome", "winners",
                                               "reason", "cards_played", "pile_takes", "tricks", "actions",
                                               "rounds", "scores", "cycle", "hand_scores", "hands", "stats")}
        if self.losers is not None:
            out["losers"] = self.losers
        return out


def finish(rules: Rules, seed: int, c: Any, outcome: str, winners: list[int], reason: str, cycle: dict | None,
           hands: int, losers: list[int] | None = None) -> Result:
    """The `end` event (when the game keeps a log) and the game's Result, read from `c`: the interpreter's
    Table or a generated game's counters (codegen/runtime.Game), which carry the same fields."""
    if c.events is not None:
        c.events.append({"outcome": outcome, "winners": winners, "scores": list(c.scores), "reason": reason,
                         **({} if losers is None else {"losers": losers}), "event": "end"})
    scored = rules.scoring is not None
    return Result(rules.name, seed, rules.players, dict(rules.options), outcome, winners, reason, c.cards_played,
                  c.pile_takes, c.tricks, c.actions, c.rounds, list(c.scores) if scored else None, cycle, c.events,
                  c.score_history if scored else None, hands, dict(sorted(c.stats.items())), losers)


def returns_of(rules: Rules, result: Result | None, hand: list[int] | None = None) -> list[float]:
    """Returns per kind of game, each in [0, 1]:

    - a game that scores, with a match winner by lowest (or highest) total: a seat's return is
      (worst - its total) / (worst - best), monotone in the final scores: 1.0 for the winners,
      0.0 for the worst total (all 1.0 when every total is equal);
    - any other finished game: 1.0 for each winner, 0.0 for the others;
    - a game stopped as a cycle, stuck or at the action limit, or not over yet: 0.0 for every seat.

    `hand`: the scores of one hand, placed the same way instead of the totals whatever the outcome (a
    search's playout stops when the hand is scored: ISMCTS values the hand), also for a match won `where`
    a total is high enough (`s.score >= 7`: `Match.leaning`); any other game is valued by its result as above.
    """
    n = rules.players
    match = rules.match
    mode = match.wins_by if match is not None and match.winners is not None else None
    if hand is not None and mode is not None and match.leaning in ("lowest", "highest"):
        return _placed(hand, match.leaning)
    if result is None or result.outcome != "finished":
        return [0.0] * n
    if result.scores is not None and mode in ("lowest", "highest"):
        return _placed(result.scores, mode)
    return [1.0 if s in result.winners else 0.0 for s in range(n)]


def _placed(scores: list[int], mode: str) -> list[float]:
    """Each score between the worst and the best (1.0 best; all 1.0 when every score is equal)."""
    best, worst = (min(scores), max(scores)) if mode == "lowest" else (max(scores), min(scores))
    if best == worst:
        return [1.0] * len(scores)
    return [(worst - s) / (worst - best) for s in scores]

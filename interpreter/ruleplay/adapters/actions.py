"""The learners' action space: the actions a ruleset's phases may ever offer, numbered 0..k-1.

ruleplay's own action ids (logs, `State.legal_actions`) come from one fixed space per ruleset (every card,
pass/no/yes, a bid block of 1,001, the slap times, each phase's own block: engine/decision.py). A learner
wants only the game's decisions: a trick game's 52 cards, not 1,057 slots of which 52 can be legal. Each phase
says what it may offer (`offers(space)`, read by `ActionSpace.offered`); OpenSpiel and PettingZoo number
those, and translate at the boundary, so the engine, its logs and its bots keep their ids.

A slap window's timings (a slap 1..pace-1 ms after the card lands, with each finger count) reach a learner as
`SLAP_BUCKETS` buckets of times per finger count ("slap at 1-100 ms"): a bucket plays the earliest time in it
that the window offers, so the learner chooses how fast to slap without a thousand near-equal actions.
ruleplay's own bots keep the continuous form (their reaction profiles draw a time).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ruleplay.engine.state import Game

SLAP_BUCKETS = 10
"""How many time buckets a learner sees in a slap window (per finger count)."""


@dataclass(frozen=True)
class Actions:
    """The compact numbering of one compiled game's actions. `ids[i]` is ruleplay's id of action i (a slap
    bucket's: its earliest time); `members[i]` a bucket's ruleplay ids, earliest first; `labels[i]` its words."""

    ids: tuple[int, ...]
    index: dict[int, int] = field(compare=False, repr=False)
    members: dict[int, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)
    labels: dict[int, str] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, game: Game) -> "Actions":
        space = game.space
        timed = [a for a in game.space.offered() if space.SLAP0 <= a < space.OWN0]
        buckets: dict[tuple[int, int], list[int]] = {}
        if timed:
            last = max(space.slap_of(a)[0] for a in timed)
            width = -(-last // SLAP_BUCKETS)                    # ceil: SLAP_BUCKETS buckets cover 1..last
            for a in timed:
                time, fingers = space.slap_of(a)
                buckets.setdefault(((time - 1) // width, fingers), []).append(a)
        rows: list[tuple[int, tuple[int, ...], str | None]] = [
            (a, (a,), None) for a in space.offered() if not space.SLAP0 <= a < space.OWN0]
        for (k, fingers), members in sorted(buckets.items()):
            members.sort()
            times = [space.slap_of(a)[0] for a in members]
            words = f" with {fingers} finger{'s' if fingers > 1 else ''}" if space.fingers > 1 else ""
            rows.append((members[0], tuple(members), f"slap at {times[0]}-{times[-1]} ms{words}"))
        rows.sort(key=lambda row: row[0])
        index = {a: i for i, (_, members, _) in enumerate(rows) for a in members}
        return cls(tuple(row[0] for row in rows), index,
                   {i: members for i, (_, members, words) in enumerate(rows) if words is not None},
                   {i: words for i, (_, _, words) in enumerate(rows) if words is not None})

    def __len__(self) -> int:
        return len(self.ids)

    def compact(self, action: int) -> int:
        """ruleplay's id -> the learner's (a phase offering an action it did not declare is a defect)."""
        try:
            return self.index[action]
        except KeyError:
            raise ValueError(f"action {action} is offered but no phase of the rules declares it "
                             "(its kind's `offers`)") from None

    def compact_all(self, actions: list[int]) -> list[int]:
        """The learner's legal actions for ruleplay's legal `actions`, in their order (a bucket once)."""
        index = self.index
        out = [index[a] if a in index else self.compact(a) for a in actions]
        if self.members:
            out = list(dict.fromkeys(out))
        return out

    def ruleplay(self, action: int, state=None) -> int:
        """The learner's id -> ruleplay's: for a slap bucket, the earliest of its times that `state` (a ruleplay
        `State` at the window) offers; without a state, the bucket's earliest time."""
        if not 0 <= action < len(self.ids):
            raise ValueError(f"action {action} is outside 0..{len(self.ids) - 1}")
        members = self.members.get(action)
        if members is not None and state is not None:
            offered = set(state.legal_actions())
            return next((a for a in members if a in offered), members[0])
        return self.ids[action]

    def label(self, action: int) -> str | None:
        """A slap bucket's words ("slap at 1-100 ms"); None for an action that is ruleplay's own."""
        return self.labels.get(action)

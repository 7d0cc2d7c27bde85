"""The learners' action space: the actions a ruleset's phases may ever offer, numbered 0..k-1.

ruleplay's own action ids (logs, `State.legal_actions`) come from one fixed space per ruleset (every card,
pass/no/yes, a bid block of 1,001, the slap times, each phase's own block: engine/decision.py). A learner
wants only the game's decisions: a trick game's 52 cards, not 1,057 slots of which 52 can be legal. Each phase
says what it may offer (`offers(space)`, read by `ActionSpace.offered`); OpenSpiel and PettingZoo number
those, and translate at the boundary, so the engine, its logs and its bots keep their ids.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ruleplay.engine.state import Game


@dataclass(frozen=True)
class Actions:
    """The compact numbering of one compiled game's actions (`ids[i]` is ruleplay's id of action i)."""

    ids: tuple[int, ...]
    index: dict[int, int] = field(compare=False, repr=False)

    @classmethod
    def of(cls, game: Game) -> "Actions":
        ids = game.space.offered()
        return cls(ids, {a: i for i, a in enumerate(ids)})

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
        index = self.index
        return [index[a] if a in index else self.compact(a) for a in actions]

    def ruleplay(self, action: int) -> int:
        """The learner's id -> ruleplay's."""
        if not 0 <= action < len(self.ids):
            raise ValueError(f"action {action} is outside 0..{len(self.ids) - 1}")
        return self.ids[action]

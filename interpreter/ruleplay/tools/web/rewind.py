"""A finished game shown step by step: the table as one seat saw it after the first `step` decisions.

The game's decisions are applied again to a fresh state from the same seed (a state stops only at
decisions, so its history is the whole game), and the page is built by the same `views.seat_page`
as during play: at every step the seat sees its own view and nothing more.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from ruleplay.tools.play.seat import Narrator
from ruleplay.engine.state import State

if TYPE_CHECKING:
    from ruleplay.tools.web.games import LiveGame


class Rewinder:
    """The steps of one finished game; it keeps the last state asked for, so stepping on is one action."""

    def __init__(self, fresh: Callable[[], State], actions: list[int]):
        self.fresh, self.actions = fresh, actions
        self.step, self.state = 0, fresh()

    def at(self, step: int) -> State:
        step = max(0, min(step, len(self.actions)))
        if step < self.step:
            self.step, self.state = 0, self.fresh()
        for a in self.actions[self.step:step]:
            self.state.apply_action(a)
        self.step = step
        return self.state


@dataclass
class _Seat:
    kind: str
    said: list[str] = field(default_factory=list)


class Rewound:
    """What `views.seat_page` reads of a live game, here of a finished one at an earlier step."""

    window = None
    error = None

    def __init__(self, game: "LiveGame", state: State, seat: int, lines: int):
        self.state, self.space, self.version = state, game.space, len(state.history())
        self.meta, self.rules = game.meta, game.rules
        narrator = Narrator(seat, game.rules, game.space.cards)
        said = [line for ev in state.events() for line in narrator.tell(ev)]
        self.seats = [_Seat(slot.kind, said[-lines:] if s == seat else []) for s, slot in enumerate(game.seats)]

    def look(self, seat: int) -> None:
        """Nothing runs on a clock in a replay."""

    def slap_open(self, seat: int) -> bool:
        return False

    def finished(self) -> bool:
        return self.state.is_terminal()

    def waiting_for(self) -> int | None:
        return None if self.finished() else self.state.current_player()

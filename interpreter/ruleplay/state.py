"""A steppable game state with OpenSpiel's names: it stops at each decision and waits for an action.

    game = ruleplay.load_game("oh-hell", options={"hand-sizes": [5]})
    state = game.new_initial_state(seed=0)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    state.returns()

How it stops: the engine runs its phases as written, in a greenlet of its
own; each seat is an `_Agent` whose `choose` hands the decision to the
caller and waits for the action (the same place a bot answers in
`engine.play`). So the rules are the same code for every driver, and a
phase needs nothing to be steppable. A decision with one legal option is
never asked, as with bots.

Actions are ints in a fixed space per game (`num_distinct_actions()`):
a card is its deck index (`0 .. len(deck) - 1`; of equal cards of a
multi-deck game the lowest index stands for them all), then `pass`,
`no`, `yes`, then a bid b is `len(deck) + 3 + b` (0 <= b <= MAX_BID).

Not yet decisions: slap windows (in games with reactions the seats' reaction
profiles still decide, from the table's random stream), so a game of
Egyptian Ratscrew, like Beggar-my-neighbour, is terminal when created.
`clone()` replays the history on a fresh state (cost: the game so far).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from greenlet import greenlet

from .bots import Bot
from .engine import Deal, Result, play
from .errors import GameError, RuleplayError
from .model import Rules
from .pipeline import load

TERMINAL = -4          # OpenSpiel's kTerminalPlayerId
MAX_BID = 1000

RulesError = RuleplayError     # a rule file that does not load: `.errors` holds the placed messages


@dataclass
class Decision:
    """What the seat to move must choose: its legal actions (sorted), their labels, the bot's sort keys."""

    seat: int
    actions: list[int]
    labels: dict[int, str]
    index: dict[int, int]          # action -> index of the option in the phase's list
    keys: list
    view: Any


class Game:
    """A compiled ruleset with its options and player count: the factory of states."""

    def __init__(self, rules: Rules):
        self.rules = rules

    def num_players(self) -> int:
        return self.rules.players

    def num_distinct_actions(self) -> int:
        return len(self.rules.deck) + 3 + MAX_BID + 1

    def new_initial_state(self, seed: int = 0, deal: Deal | None = None) -> "State":
        return State(self, seed, deal)

    def __repr__(self) -> str:
        return f"<ruleplay game {self.rules.name}, {self.rules.players} players>"


def load_game(ruleset: str, players: int | None = None, options: dict[str, Any] | None = None,
              include: tuple[str, ...] = ()) -> Game:
    """A built-in name or a path; `options` as `--set` takes them. Bad input raises RulesError."""
    sets = {k: _as_set(v) for k, v in (options or {}).items()}
    return Game(load(ruleset, sets, players, include))


def _as_set(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ",".join(map(str, v)) + "]"
    return str(v)


class _Agent(Bot):
    """A seat whose choices come from outside: `choose` passes the decision up and waits for the answer."""

    def __init__(self, state: "State", seat: int):
        super().__init__("external", None)      # never draws: the caller decides
        self.wants_view = True                  # the view tells what kind of choice it is
        self.state = state
        self.seat = seat

    def sit(self, t, seat: int) -> None:
        self.state._table = t

    def choose(self, keys: Sequence, view=None) -> int:
        decision = self.state._decision_for(self.seat, keys, view)
        return greenlet.getcurrent().parent.switch(decision)


class State:
    """One game in progress. Created by `Game.new_initial_state`; see the module docstring."""

    def __init__(self, game: Game, seed: int, deal: Deal | None):
        self.game = game
        self.seed = seed
        self.deal = deal
        self._table = None
        self._history: list[int] = []
        self._decision: Decision | None = None
        self._result: Result | None = None
        rules = game.rules
        agents = [_Agent(self, s) for s in range(rules.players)]
        self._run = greenlet(lambda: play(rules, seed, deal, bots=agents))
        self._step(self._run.switch())

    # ------------------------------------------------------------------ the OpenSpiel names
    def current_player(self) -> int:
        return TERMINAL if self._decision is None else self._decision.seat

    def is_terminal(self) -> bool:
        return self._decision is None

    def legal_actions(self) -> list[int]:
        return [] if self._decision is None else list(self._decision.actions)

    def action_to_string(self, action: int) -> str:
        d = self._decision
        if d is not None and action in d.labels:
            return d.labels[action]
        return _label(self.game.rules, action)

    def apply_action(self, action: int) -> None:
        d = self._decision
        if d is None:
            raise ValueError("the game is over")
        if action not in d.index:
            raise ValueError(f"action {action} is not legal here; legal: {d.actions}")
        self._history.append(action)
        self._step(self._run.switch(d.index[action]))

    def returns(self) -> list[float]:
        """At the end: 1.0 for each winner, 0.0 for the others (all 0.0 for a game stopped as a cycle
        or at the action limit). Before the end: all 0.0."""
        n = self.game.num_players()
        if self._result is None:
            return [0.0] * n
        return [1.0 if s in self._result.winners else 0.0 for s in range(n)]

    def history(self) -> list[int]:
        return list(self._history)

    def clone(self) -> "State":
        other = State(self.game, self.seed, self.deal)
        for a in self._history:
            other.apply_action(a)
        return other

    def __deepcopy__(self, memo) -> "State":
        return self.clone()                  # a running greenlet cannot be copied; its history can

    def events(self) -> list[dict]:
        t = self._table
        if self._result is not None:
            return list(self._result.events or [])
        return list(t.events) if t is not None and t.events is not None else []

    def result(self) -> Result | None:
        """The engine's Result once the game is over (as `engine.play` returns it)."""
        return self._result

    def decision(self) -> Decision | None:
        """The pending decision with the phase's view of it, for bots (see `bot_action`)."""
        return self._decision

    def observation_string(self, seat: int) -> str:
        """What `seat` may see, in words: public zones, its own `owner` zones, the sizes of the rest."""
        from .human import seat_view
        t = self._table
        if t is None:
            return ""
        v = seat_view(t, seat)
        lines = [f"{v.title}: seat {seat} of {v.players}, hand {v.hand_number}, dealer seat {v.dealer}"]
        for z in v.seat_zones + v.table_zones:
            where = z.name if z.seat is None else f"seat {z.seat} {z.name}"
            shown = "hidden" if z.cards is None else " ".join(z.cards)      # bottom to top
            lines.append(f"{where}: {z.size} cards" + (f" ({shown})" if z.size else ""))
        if v.trump is not None:
            lines.append(f"trump: {v.trump}")
        if v.scores is not None:
            lines.append("scores: " + " ".join(map(str, v.scores)))
        if self._decision is not None:
            lines.append(f"to move: seat {self._decision.seat}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return "\n".join(self.observation_string(s) for s in range(self.game.num_players()))

    # ------------------------------------------------------------------ plumbing
    def _step(self, got) -> None:
        if isinstance(got, Decision):
            self._decision = got
        else:
            self._decision = None
            self._result = got

    def _decision_for(self, seat: int, keys: Sequence, view) -> Decision:
        rules = self.game.rules
        n_cards = len(rules.deck)
        if getattr(view, "choosing", False):                 # a yes/no choice: [no, yes]
            options = [n_cards + 1, n_cards + 2]
        elif getattr(view, "bidding", False):                # bids; None is a pass
            options = []
            for o in view.legal:
                if o is not None and not 0 <= o <= MAX_BID:
                    raise GameError(f"a bid of {o} is outside the state's action space (0..{MAX_BID})")
                options.append(n_cards if o is None else n_cards + 3 + o)
        else:                                                # cards: the phase's legal list, in key order
            names = rules.deck.names
            first: dict[str, int] = {}
            options = [first.setdefault(names[c], c) for c in view.legal]
        index: dict[int, int] = {}
        for i, a in enumerate(options):
            index.setdefault(a, i)
        actions = sorted(index)
        return Decision(seat, actions, {a: _label(rules, a) for a in actions}, index, list(keys), view)


def _label(rules: Rules, action: int) -> str:
    n = len(rules.deck)
    if 0 <= action < n:
        return rules.deck.names[action]
    return {n: "pass", n + 1: "no", n + 2: "yes"}.get(action, f"bid {action - n - 3}")


def bot_action(state: State, bot: Bot) -> int:
    """The action a ruleplay bot takes at the state's decision, from the seat's own view only."""
    d = state.decision()
    if d is None:
        raise ValueError("the game is over")
    i = bot.choose(d.keys, d.view if bot.wants_view else None)
    return next(a for a in d.actions if d.index[a] == i or _same_card(state, d, a, i))


def _same_card(state: State, d: Decision, action: int, i: int) -> bool:
    """Of equal cards (a multi-deck game), the one action stands for every copy the phase listed."""
    names = state.game.rules.deck.names
    legal = getattr(d.view, "legal", [])
    return action < len(names) and i < len(legal) and isinstance(legal[i], int) and \
        names[action] == names[legal[i]]

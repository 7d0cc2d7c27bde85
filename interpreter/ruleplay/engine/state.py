"""A steppable game state with OpenSpiel's names: it stops at each decision and waits for an action.

    game = ruleplay.load_game("oh-hell", options={"hand-sizes": [5]})
    state = game.new_initial_state(seed=0)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    state.returns()

How it stops: the rules run as a generator (engine/run.py `_game`, each phase's
`run`): where a seat must choose, the phase yields a `Decision` and the
state waits for `apply_action`. Every chance draw (shuffles, a random
dealer, a seeded tie-break) comes from the table's random stream seeded by
`seed`, so a state stops only at decisions: a game with none
(Beggar-my-neighbour) is terminal as soon as it is created. A decision with
one legal option is never asked. Slap windows are decisions too: after each
card every seat that may slap chooses `no slap` or `slap at T ms`, in seat
order, none seeing the others' choices until the window closes.

Actions are ints in a fixed space per ruleset (`num_distinct_actions()`,
encoding in decision.py): cards by deck index, pass, no/yes, bids, no slap,
slap times. `clone()` is exact: at a card decision of a trick phase or a
climb's turn it copies the table and goes on from where the phase stands
(Run.fork: tens of microseconds); elsewhere it re-creates the game from (rules, seed, deal) and
re-applies `history()` (a generator cannot be copied, and the rules are
deterministic given the seed and the actions), which costs as much as
playing the game so far again (a 52-card trick hand: about 1 ms).
"""
from __future__ import annotations

from collections import deque
from typing import Any, Callable, Iterable

from ruleplay.engine.decision import CHANCE, Decision
from ruleplay.engine.results import Result, returns_of
from ruleplay.engine.visibility import (SeatLooker, SeatView, counters_seen, observation_tensor, seat_events,
                                       seat_numbers, seat_view)
from ruleplay.engine.run import DEFAULT_MAX_ACTIONS, Deal, Run, action_space
from ruleplay.errors import RuleplayError
from ruleplay.compiler.model import Rules

TERMINAL = -4          # OpenSpiel's kTerminalPlayerId

RulesError = RuleplayError     # a rule file that does not load: `.errors` holds the placed messages


class Game:
    """A compiled ruleset with its options and player count: the factory of states."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.space = action_space(rules)
        self.lookers = [SeatLooker(s, rules, self.space.cards) for s in range(rules.players)]   # one per seat

    def num_players(self) -> int:
        return self.rules.players

    def num_distinct_actions(self) -> int:
        return self.space.size

    def new_initial_state(self, seed: int = 0, deal: Deal | None = None, *,
                          inline: Callable[[], list] | None = None, max_actions: int = DEFAULT_MAX_ACTIONS,
                          log: bool | Callable[[], Any] = True, check: bool = False,
                          profiles: list[str | None] | None = None, seat_kinds: list[str] | None = None,
                          ask_turns: Iterable[int] = (), chance: bool = False) -> "State":
        """A new game. `deal` replaces the shuffle (a search bot's determinized deal). `inline` makes one
        agent per seat (None: that seat is asked through `apply_action`) answering inside the phases with no
        stop: the fast path of `agents.play` (`run`, `sim`); a factory, since a game that must be played
        again to locate a cycle needs fresh agents. `log`: keep the events in a list (True), in the sink
        `log()` makes (a server's capped list), or not at all; `check`: test card conservation at every
        action; `profiles`: a reaction profile per seat; `seat_kinds`: who sits where, for the log;
        `ask_turns`: seats asked before each card they turn in a flip or battle phase (a person's table);
        `chance`: every random event is drawn as chance decisions (`current_player()` is CHANCE, -1;
        `chance_outcomes()`): a shuffle card by card, a deal's or one mid-hand, and a lot (a random dealer,
        a tie) as one decision, as OpenSpiel's adapter plays them."""
        return State(self, seed, deal, inline=inline, max_actions=max_actions, log=log, check=check,
                     profiles=profiles, seat_kinds=seat_kinds, ask_turns=ask_turns, chance=chance)

    def __repr__(self) -> str:
        return f"<ruleplay game {self.rules.name}, {self.rules.players} players>"


class State:
    """One game in progress. Created by `Game.new_initial_state`; see the module docstring."""

    def __init__(self, game: Game, seed: int, deal: Deal | None, *, inline: Callable[[], list] | None = None,
                 max_actions: int = DEFAULT_MAX_ACTIONS, log: bool | Callable[[], Any] = True, check: bool = False,
                 profiles: list[str | None] | None = None, seat_kinds: list[str] | None = None,
                 ask_turns: Iterable[int] = (), chance: bool = False):
        """The options as `Game.new_initial_state` takes them, kept to play the game again (`clone`)."""
        self.game = game
        self.seed = seed
        self.deal = deal
        self._options: dict[str, Any] | None = dict(inline=inline, max_actions=max_actions, log=log, check=check,
                                                     profiles=profiles, seat_kinds=seat_kinds, ask_turns=ask_turns,
                                                     chance=chance)
        self._run = Run(game.rules, seed, deal, agents=inline, max_actions=max_actions, log=log, check=check,
                        profiles=profiles, seat_kinds=seat_kinds, ask_turns=ask_turns, chance=chance)
        self._legal: list[int] | None = None
        self._rows = 0                       # hands scored before this state began (`last_hand_scores`)

    # ------------------------------------------------------------------ the OpenSpiel names
    def current_player(self) -> int:
        d = self._run.decision
        return TERMINAL if d is None else d.seat

    def is_terminal(self) -> bool:
        return self._run.decision is None

    def is_chance_node(self) -> bool:
        d = self._run.decision
        return d is not None and d.seat == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance decision (`chance`), its outcomes: the cards not drawn yet, uniform (equal cards of several
        packs as one outcome, weighted by how many are left: `Table.draw_order`), or a lot's options."""
        d = self._run.decision
        if d is None or d.seat != CHANCE:
            return []
        if d.weights is not None:
            total = sum(d.weights)
            return [(a, w / total) for a, w in zip(d.actions, d.weights)]
        p = 1.0 / len(d.actions)
        return [(a, p) for a in d.actions]

    def legal_actions(self) -> list[int]:
        d = self._run.decision
        if d is None:
            return []
        if self._legal is None:
            acts = d.actions
            self._legal = list(acts) if isinstance(acts, range) else sorted(set(acts))
        return list(self._legal)

    def action_to_string(self, action: int) -> str:
        d = self._run.decision
        if d is not None and d.labels and action in d.labels:
            return d.labels[action]
        return self.game.space.label(action)

    def apply_action(self, action: int) -> None:
        d = self._run.decision
        if d is None:
            raise ValueError("the game is over")
        if action not in d.actions:
            raise ValueError(f"action {action} ({self.game.space.label(action)}) is not legal here; "
                             f"legal: {', '.join(self.action_to_string(a) for a in self.legal_actions()[:20])}")
        self._legal = None
        self._run.advance(action)

    def returns(self) -> list[float]:
        """One float per seat in [0, 1]; all 0.0 before the end (see `returns_of`)."""
        return returns_of(self.game.rules, self._run.result)

    def history(self) -> list[int]:
        return list(self._run.history)

    def clone(self) -> "State":
        """An exact copy: where the phase can go on from a copy (a trick's card decision, a climb's turn) the
        game is copied as it stands (Run.fork, the same random stream and log); elsewhere it is played again
        from the seed with `history()`."""
        other = self.fork(answer=list(self._run.t.inline), log=True)
        if other is not None:
            other.seed, other.deal, other._options = self.seed, self.deal, self._options
            return other
        if self._options is None:
            raise ValueError("a search's fork is a game of its own: it is copied only where it can be forked")
        other = State(self.game, self.seed, self.deal, **self._options)
        for a in self._run.history:
            other.apply_action(a)
        return other

    def __deepcopy__(self, memo) -> "State":
        return self.clone()

    def events(self) -> list[dict]:
        t = self._run.t
        return list(t.events) if t.events is not None else []

    def seat_events(self, seat: int) -> list[dict]:
        """The events as `seat` may know them (each kind's declared private fields hidden: events.py)."""
        return self._run.t.seat_log(seat)

    def saved_events(self) -> list[dict]:
        """The events and the decisions still sealed (a pass or a slap window under way): what a saved
        game keeps, so that resuming it asks nobody again what they already chose."""
        return self.events() + list(self._run.t.sealed)

    def result(self) -> Result | None:
        """The engine's Result once the game is over (as `engine.play` returns it)."""
        return self._run.result

    def decision(self) -> Decision | None:
        """The pending decision with the phase's view of it, for bots (see `bot_action`)."""
        return self._run.decision

    def seat_view(self, seat: int) -> SeatView:
        """What `seat` may look at now (hidden zones as sizes only): what a table shows that seat."""
        return seat_view(self._run.t, seat)

    def seat_numbers(self, seat: int) -> tuple:
        """`seat_view(seat)` as plain numbers (visibility.seat_numbers): each zone's card indices where `seat`
        may look, else its size, and the public facts; what a tensor reads without building a view."""
        return seat_numbers(self._run.t, seat)

    # ---- views for tables and adapters
    def observation_tensor(self, seat: int) -> list[int]:
        """`seat_view(seat)` as a flat list of ints for a learning agent (layout: visibility.observation_tensor;
        length: visibility.observation_size), so an adapter never judges zones itself."""
        return observation_tensor(self._run.t, seat)

    def seat_events_since(self, seat: int, start: int) -> tuple[list[dict], int]:
        """The events logged from index `start` of the log on, as `seat` may know them (what `seat_events`
        shows, without the seat's own sealed choices: `sealed_choices`), and the log's length now, to pass as
        the next `start`: a reader that keeps up with a game (a learning agent's tensors) filters each event
        once. An index counts the log kept in memory (`log=True`); a game that keeps none has no events."""
        t = self._run.t
        events = t.events
        if events is None:
            return [], start
        lookers = self.game.lookers
        looker = lookers[seat] if 0 <= seat < len(lookers) else SeatLooker(seat, self.game.rules, self.game.space.cards)
        return seat_events(events[start:], looker, self.game.rules.events), len(events)

    def sealed_choices(self, seat: int) -> list[dict]:
        """`seat`'s own decisions still sealed (a pass's picks before every seat has picked), as the `decision`
        events `seat_events` ends with."""
        return [ev for ev in self._run.t.sealed if ev["seat"] == seat]

    def phase(self) -> int:
        """The index in `game.rules.phases` of the hand's phase under way (public: every seat sees which phase
        is being played), for tensors that show it."""
        return self._run.t.phase_index

    def counters(self, seat: int | None = None) -> dict[str, list[int | None]]:
        """The rules' counters now, name -> value per seat, for views and tensors that show them; empty when the
        rules keep none. As `seat` may know them: a secret counter's (`visibility: owner`) other values None."""
        return counters_seen(self._run.t, seat)

    def table_counters(self) -> dict[str, int]:
        """The rules' table counters now (`of: table`, a pot), name -> value; public, like every counter."""
        return dict(self._run.t.table_counters)

    # ---- search
    # What a search bot needs of a game, so that it reaches one only through a State: copies that play on by
    # themselves (`fork`, `fork_at`) with the unseen cards dealt again (`redeal`), a sampled game that its
    # own search answers inside the phases once it stands at its first decision (`answer_inline`), a log
    # switched off once read (`stop_log`), and the value of the hand a playout ends with (`last_hand_scores`).
    # A seat's own log is `seat_events`.

    @property
    def forkable(self) -> bool:
        """Whether `fork` can copy the game where it stands: the phase under way can go on from a copy (a
        trick's card decision, a climb's turn: Run.forkable)."""
        return self._run.forkable

    def fork(self, *, answer: list, seed: int | None = None, hand_only: bool = False, log: bool = False,
             redeal: Callable[[list[list[deque]], list[deque]], bool] | None = None,
             more_actions: int | None = None) -> "State | None":
        """A copy of the game as it stands, played on at once (None where it cannot be copied: `forkable`).
        `answer`: one agent per seat answering inside the phases (None: that seat is asked through
        `apply_action`, starting with the decision copied); `seed`: the copy's random stream (None: this
        game's, at the same point); `hand_only`: it ends when the hand does (outcome "hand", see
        `last_hand_scores`); `log`: it keeps this game's events and goes on logging (else it logs nothing);
        `redeal(seat_zones, shared)`: called on the copy's zones (card numbers, bottom first) before it plays
        on, to deal cards a searching seat has not seen again where they lie (False: no copy, None is
        returned); `more_actions`: at most that many more actions (then outcome "limit"). A fork is a game of
        its own: its `history()` starts empty and it can be cloned only where it can be forked."""
        run, t = self._run, self._run.t
        events = list(t.events) if log and t.events is not None else None
        copy = run.fork(seed, events, answer, hand_only)
        return None if copy is None else State._played_on(self.game, copy, redeal, more_actions)

    @staticmethod
    def fork_at(decision: Decision, *, answer: list, seed: int | None = None, hand_only: bool = False,
                redeal: Callable[[list[list[deque]], list[deque]], bool] | None = None,
                more_actions: int | None = None) -> "State | None":
        """`fork` for an agent answering inside the phases, which holds the decision but no State: the game
        copied at `decision` (`Decision.fork`; None when it offers none, or `redeal` refuses). A pass pick's
        copy starts the pass again, the deciding seat's own picks standing (kinds/passing.py). It logs nothing."""
        if decision.fork is None:
            return None
        copy = decision.fork(seed, None, answer, hand_only)
        return State._played_on(Game(copy.t.rules), copy, redeal, more_actions)

    def answer_inline(self, agents: list, *, hand_only: bool = False) -> None:
        """From now on `agents` (one per seat) answer inside the phases, with no stop; `hand_only`: the game
        ends when the hand does. A search's sampled game is dealt with every seat asked from outside, so it
        stops at its first decision; the search then answers that one (`apply_action`) and the rest itself."""
        t = self._run.t
        t.inline, t.hand_only = agents, hand_only

    def stop_log(self) -> None:
        """Log nothing more, and build no event: a search's game once the proof has read its log."""
        self._run.t.events = None

    def last_hand_scores(self) -> list[int] | None:
        """The scores of the hand the game ended with when it stopped at a hand's end (outcome "hand":
        `hand_only`) after scoring a hand since this state began; else None (a hand thrown in, a game that
        does not score by hands, a game over or not over otherwise). A search values a playout by them."""
        result = self._run.result
        if result is None or result.outcome != "hand":
            return None
        rows = result.hand_scores
        if self.game.rules.scoring is None:
            return self._standing()
        return rows[-1] if rows is not None and len(rows) > self._rows else None

    def _standing(self) -> list[int] | None:
        """Where each seat stands by the match's rule for its winners (`highest: s.wins`) once an unscored hand
        is over (its counters set by a tally): what a search values such a hand by; None when the rule ranks
        no totals (`where`) or says nothing of any seat. A seat whose value is missing counts as the worst."""
        m = self.game.rules.match
        if m is None or m.winners is None or m.leaning not in ("highest", "lowest"):
            return None
        t = self._run.t
        values = []
        for s in t.seat_range:
            t.loc["s"] = s
            values.append(m.winners(t))
        known = [v for v in values if v is not None]
        if not known:
            return None
        worst = min(known) if m.leaning == "highest" else max(known)
        return [worst if v is None else int(v) for v in values]

    @staticmethod
    def _played_on(game: Game, run: Run, redeal: Callable[[list[list[deque]], list[deque]], bool] | None,
                   more_actions: int | None) -> "State | None":
        """A forked game (`fork`, `fork_at`) redealt, bounded and played on, as a State of its own."""
        t = run.t
        if redeal is not None and not redeal(t.seat_zones, t.shared):
            return None
        if more_actions is not None:
            t.max_actions = t.actions + more_actions
        state = State.__new__(State)
        state.game, state.seed, state.deal, state._options = game, None, None, None
        state._run, state._legal, state._rows = run, None, len(t.score_history)
        run.resume()
        return state

    @property
    def _table(self):
        return self._run.t

    def observation_string(self, seat: int) -> str:
        """What `seat` may see, in words: public zones, its own `owner` zones, the sizes of the rest,
        the trick so far, trump, bids and scores; never another seat's hidden cards or pending choice."""
        t = self._run.t
        v = seat_view(t, seat)
        lines = [f"{v.title}: seat {seat} of {v.players}, hand {v.hand_number}, dealer seat {v.dealer}"]
        for z in v.seat_zones + v.table_zones:
            where = z.name if z.seat is None else f"seat {z.seat} {z.name}"
            shown = "hidden" if z.cards is None else " ".join(z.cards)      # bottom to top
            lines.append(f"{where}: {z.size} cards" + (f" ({shown})" if z.size else ""))
        if v.trump is not None:
            lines.append(f"trump: {v.trump}")
        if v.bids is not None:
            lines.append("bids: " + " ".join("pass" if p else "-" if b is None else str(b)
                                             for b, p in zip(v.bids, v.passed)))
        if v.scores is not None:
            lines.append("scores: " + " ".join(map(str, v.scores)))
        d = self._run.decision
        if d is not None:
            lines.append("to move: chance (a card drawn, or a lot)" if d.seat == CHANCE else f"to move: seat {d.seat}")
            if d.seat == seat:
                lines.append("choices: " + ", ".join(self.action_to_string(a) for a in self.legal_actions()[:60]))
        return "\n".join(lines)

    def __str__(self) -> str:
        return "\n".join(self.observation_string(s) for s in range(self.game.num_players()))


"""Decisions: what a phase asks a seat, and the fixed action space every decision's answer lives in.

A phase is a generator: where a seat must choose, it builds a `Decision`
and `yield from table.ask(decision)` hands it to whoever answers that seat
(a bot answering inline, or the caller of a `State`), receiving the action.

The action space is fixed per ruleset (`ActionSpace.size`), so tools that
need one (OpenSpiel, PettingZoo) have it before any game starts. With D
cards in the deck (`deck.names`), B = MAX_BID, P the slowest slap pace
(ms) of the ruleset's reaction windows and F the most fingers a slap may
count (the largest profile's `fingers` when some `ties.finger-rule` holds,
else 1):

    0 .. D-1          a card, by deck index (of equal cards of a multi-deck
                      game the lowest index stands for every copy)
    D                 pass (a bid phase)
    D+1, D+2          no, yes (a yes/no choice, e.g. playing out of turn)
    D+3 .. D+3+B      bid 0 .. bid B
    D+4+B             no slap
    D+5+B + (T-1)*F + (f-1)
                      slap T ms after the card lands with f fingers,
                      T = 1 .. P-1 (every whole millisecond of the window), f = 1 .. F
    then              each phase's own actions (a phase whose `action_labels` lists them, e.g. the
                      combinations of a climbing game), a block per phase in the order phases run

Slap times keep the engine's whole milliseconds (not coarser steps), so a
slap decided as an action races and ties exactly as a slap always has.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

MAX_BID = 1000
CHANCE = -1        # OpenSpiel's kChancePlayerId: the seat of a draw answered by chance (`Table.draw_order`)


@dataclass(slots=True)
class Decision:
    """One seat's choice: its legal actions (in the phase's order, which `random` bots index),
    the seat's view of the decision for bots (`view`), and how the log keeps it."""

    seat: int
    actions: Sequence[int]
    view: Any = None
    labels: dict[int, str] | None = None   # labels that differ from the action space's (e.g. "wait")
    sealed: bool = False                   # hidden from the others until the phase reveals it (sealed bids, passes)
    window: int | None = None              # a slap window's decision: cards played when the window opened
    default: int | None = None             # a window's do-nothing action, which the log leaves implicit
    observe: Callable[[], list[dict]] | None = None   # the game's events as this seat may know them (Table.seat_log)
    weights: Sequence[int] | None = None   # a chance decision's outcomes' weights (equal cards drawn as one: their
    # number); None: uniform
    fork: Callable[..., Any] | None = None  # for a search: the game copied from here (engine.fork_table: seed, log,
    # inline bots, hand_only), where the phase can go on from a copy (a pass starts again, the other seats picking
    # afresh: kinds/passing.py); the copy holds the true cards, so a seat's search deals the ones it has not
    # seen again before reading it (determinize.Unseen)


class ActionSpace:
    """The fixed action space of one compiled ruleset (see the module docstring)."""

    def __init__(self, rules) -> None:
        deck = rules.deck
        d = len(deck)
        self.rules = rules                       # public: a search bot plays its own games of them
        self.deck = deck
        self.cards = d
        self.PASS, self.NO, self.YES, self.BID0 = d, d + 1, d + 2, d + 3
        self.NO_SLAP = self.BID0 + MAX_BID + 1
        self.SLAP0 = self.NO_SLAP + 1
        pace, fingers = 0, 1
        for ph in rules.phases:
            r = getattr(ph, "reactions", None)
            if r is not None:
                pace = max(pace, r.pace)
                if r.finger_rule:
                    fingers = max([fingers, *(p.fingers for p in r.profiles.values())])
        self.fingers = fingers
        self.size = self.OWN0 = self.SLAP0 + max(0, pace - 1) * fingers
        self.own: dict[str, int] = {}            # phase name -> the first of its own actions
        self.own_labels: list[str] = []
        for ph in rules.phases:
            labels = getattr(ph, "action_labels", None)
            if labels:
                self.own[ph.name] = self.OWN0 + len(self.own_labels)
                self.own_labels.extend(labels)
        self.size += len(self.own_labels)
        self.first: dict[str, int] = {}          # card name -> its first card, the action that names it
        self.card_action = [self.first.setdefault(name, c) for c, name in enumerate(deck.names)]
        self.unique = len(self.first) == d       # one card per name: the action is the card
        self.keys = deck.canonical_keys()

    def card(self, c: int) -> int:
        return self.card_action[c]

    def card_actions(self) -> list[int]:
        """The actions that name a card, one per card name (equal cards of a multi-deck game are one)."""
        return sorted(self.first.values())

    def own_actions(self, phase: str) -> range:
        """A phase's own block (its `action_labels`)."""
        start = self.own.get(phase)
        if start is None:
            return range(0)
        end = min((s for s in self.own.values() if s > start), default=self.size)
        return range(start, end)

    def offered(self) -> tuple[int, ...]:
        """The actions some phase of the rules may ever offer, ascending: each phase's `offers(space)`, and a
        phase without it may offer any. The adapters number only these (adapters/actions.py), so a learner's
        action space is the size of the game's decisions, not the whole fixed space (logs keep these ids)."""
        got: set[int] = set()
        for ph in self.rules.phases:
            offers = getattr(ph, "offers", None)
            if offers is None:
                return tuple(range(self.size))
            got.update(offers(self))
        return tuple(sorted(got)) or (self.PASS,)

    def bid(self, b: int | None) -> int:
        if b is None:
            return self.PASS
        if not 0 <= b <= MAX_BID:
            from ruleplay.errors import GameError
            raise GameError(f"a bid of {b} is outside the action space (0..{MAX_BID})")
        return self.BID0 + b

    def bid_of(self, a: int) -> int | None:
        return None if a == self.PASS else a - self.BID0

    def slaps(self, pace: int) -> range:
        """The window's legal actions: no slap, then every time below `pace` with every finger count."""
        return range(self.NO_SLAP, self.SLAP0 + (pace - 1) * self.fingers)

    def slap(self, time: int, fingers: int) -> int:
        return self.SLAP0 + (time - 1) * self.fingers + min(max(fingers, 1), self.fingers) - 1

    def slap_of(self, a: int) -> tuple[int, int] | None:
        if a == self.NO_SLAP:
            return None
        k = a - self.SLAP0
        return k // self.fingers + 1, k % self.fingers + 1

    def label(self, a: int) -> str:
        if 0 <= a < self.cards:
            return self.deck.names[a]
        if a == self.PASS:
            return "pass"
        if a in (self.NO, self.YES):
            return "no" if a == self.NO else "yes"
        if self.BID0 <= a < self.NO_SLAP:
            return f"bid {a - self.BID0}"
        if a == self.NO_SLAP:
            return "no slap"
        if self.OWN0 <= a < self.size:
            return self.own_labels[a - self.OWN0]
        if self.SLAP0 <= a < self.OWN0:
            time, f = self.slap_of(a)
            return f"slap at {time} ms" + (f" with {f} finger{'s' if f > 1 else ''}" if self.fingers > 1 else "")
        return f"action {a}"

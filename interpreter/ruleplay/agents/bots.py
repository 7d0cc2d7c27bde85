"""Bots choose among the legal choices a phase offers; they see only their seat's view.

`random` is seeded from the game seed (uniform over legal choices);
`smart` plays as the kind that made the decision says a sensible player does: each kind's `SMART` maps
the view classes it makes to a heuristic (kinds/contract.py), found here by the view's class
(`smart_for`), so a kind brings its own card sense. The built-in kinds': a trick's card for point-avoidance
and toward a bid (kinds/tricksense.py), a pass (kinds/passing.py), a bid (kinds/bidsense.py: in an auction
it estimates the tricks its hand takes under the trump a bid names and bids only what that reaches, and
leaves that trump as the seat's plan, which it leads while no trump is set and keeps in a discard), a
discard, a shedding turn, a climbing turn, a value to choose, and a `turns` phase (a guess, or the
highest `prefer`). The bot keeps what one decision leaves to a later one (`Mind`: its randomness, each
seat's plan, the choices made per position). A view no kind has a heuristic for is answered as `lowest`;
`ismcts` searches (ismcts.py: information-set Monte Carlo tree search);
`lowest` and `highest` are deterministic: the lowest/highest legal card in
the canonical order (suit C<D<H<S, then rank 2..A, jokers last), the
smallest/largest bid. A pass is ordered below every bid, so `lowest`
passes whenever passing is allowed and `highest` bids the largest legal bid
(it passes only when it must). A yes/no choice (e.g. reversing the rank
order) is [no, yes]: `lowest` declines, `highest` accepts. A choice with one
legal option never asks the bot, so it never consumes randomness.
"""
from __future__ import annotations

import math
import random

from ruleplay.kinds import KINDS
from ruleplay.kinds.contract import Smart, kind_of, member


class Bot:
    """A seat's policy: `act` answers a Decision from the decision's own view and actions alone."""

    def __init__(self, kind: str, rng: random.Random | str | None):
        self.kind = kind
        if isinstance(rng, str):
            self._seed = rng                  # seeded on first use (`__getattr__`): many games never ask a bot
        else:
            self.rng = rng
        self.wants_view = kind == "smart"    # phases build a view of the decision for bots that want one
        self.next_false: float | None = None  # the card number from which this bot slaps falsely next
        self.tried: dict[tuple, set[int]] = {}   # `smart`: per (seat, position digest) the choices made there
        self.plan: dict[int, str | None] = {}  # `smart`: per seat, the trump it bid on (to lead while none is set,
        # to keep); per seat because a search's playout policy answers for every seat

    observes = False                      # True: the table offers `Decision.observe` (the seat's events) to it
    rollout: "Bot | None" = None          # a `smart` bot that answers this seat's cards now, unlogged (a search's
    # playout): a trick runner picks its cards itself (kinds/trick.py `rollout_card`)

    def __getattr__(self, name: str):
        if name != "rng" or "_seed" not in self.__dict__:
            raise AttributeError(name)
        self.rng = random.Random(self._seed)  # from now on a plain attribute
        return self.rng

    def act(self, d, space) -> int:
        """The action for decision `d` (decision.py); `space` orders actions and encodes slaps."""
        v = d.view
        if d.window is not None:
            if kind_of(v) == "slap":
                got = self.slap(v.pattern is not None, v.pace, v.profile, v.fingers, d.window)
                return space.NO_SLAP if got is None else space.slap(*got)
            return space.YES if self.out_of_turn(v.profile) else space.NO
        acts = d.actions
        if self.kind == "random":
            return acts[self.rng.randrange(len(acts))]
        if self.kind == "smart" and v is not None:
            how = _SMART.get(v.__class__, _UNKNOWN)
            if how is _UNKNOWN:
                how = smart_for(v.__class__)
            if how is not None:                     # the kind's own card sense (its `SMART`), with this bot's memory
                return acts[how(d, self)]
        pick = max if self.kind == "highest" else min
        # cards in the canonical order; other actions are numbered in the bots' order (a pass below every bid)
        if acts[0] >= space.cards:
            return pick(acts)
        if acts[-1] < space.cards:
            return pick(acts, key=space.keys.__getitem__)
        return pick(acts, key=lambda a: (0, space.keys[a]) if a < space.cards else (1, a))   # cards, then e.g. draw

    # ------------------------------------------------------------ `smart`'s memory (kinds/contract.py `Mind`)
    def tried_at(self, seat: int, position) -> set[int]:
        """The choices `seat` has made at `position` (a digest of the whole position)."""
        return self.tried.get((seat, position), _NONE)

    def remember(self, seat: int, position, choice: int) -> None:
        """That `seat` made `choice` at `position`; past `MAX_REMEMBERED` positions it forgets them all."""
        self.tried.setdefault((seat, position), set()).add(choice)
        if len(self.tried) > MAX_REMEMBERED:
            self.tried.clear()

    # ------------------------------------------------------------ reaction profiles
    def slap(self, slappable: bool, pace: int, prof, fingers: int, card: int) -> tuple[int, int] | None:
        """(time ms, fingers) of this bot's slap in the window of card number `card`, or None, from its
        profile and its own RNG.

        A valid pattern costs a miss draw and a reaction time. False slaps: the card of the
        next one is drawn ahead (geometric gap, the profile's chance per card); the bot slaps
        falsely in the first pattern-free window from that card on in which it may slap. So
        the usual window, which shows nothing, costs no draw, and whether the bot would slap
        falsely is known without asking it (`false_due`), which keeps windows cheap.
        """
        rng = self.rng
        if self.next_false is None:
            self.next_false = card - 1 + self._false_gap(prof)
        if slappable:
            if prof.miss >= 1.0 or rng.random() < prof.miss:
                return None
            time = round(rng.gauss(prof.mean, prof.spread))
            if time < 1:
                time = 1
            elif time >= pace:
                return None
        else:
            if card < self.next_false:
                return None
            self.next_false = card + self._false_gap(prof)
            time = rng.randrange(1, pace)
        most = prof.fingers if prof.fingers < fingers else fingers
        return time, (1 + rng._randbelow(most) if most > 1 else 1)    # randrange(most)'s draw, without its checks

    def false_due(self, card: int) -> bool:
        """Might this bot slap the pattern-free pile of card number `card`? (No draw, no change.)"""
        return self.next_false is None or card >= self.next_false

    def _false_gap(self, prof) -> float:
        """Cards until the next false slap: geometric with the profile's chance per card (never: infinite)."""
        if prof.false <= 0.0:
            return math.inf
        if prof.false >= 1.0:
            return 1
        return 1 + int(math.log(1.0 - self.rng.random()) / math.log(1.0 - prof.false))

    def out_of_turn(self, prof) -> bool:
        """Play a card out of turn now? The profile's chance per card."""
        return prof.out_of_turn > 0.0 and self.rng.random() < prof.out_of_turn


MAX_REMEMBERED = 100_000    # positions a `smart` bot remembers its choices at (then it forgets them all)
_NONE: frozenset = frozenset()
_UNKNOWN = object()
_SMART: dict[type, Smart | None] = {}     # a view's class -> the heuristic its kind gives it (None: none), `smart_for`


def smart_for(cls: type) -> Smart | None:
    """The heuristic `smart` answers a view of class `cls` with: the one in the `SMART` of the kind that lists
    it (a kind registered in `KINDS`), else None (`lowest`). Remembered per class: the hot path of a playout
    is one dict lookup."""
    how = next((m[cls] for m in (member(k, "SMART") for k in KINDS.values()) if cls in m), None)
    _SMART[cls] = how
    return how


# The heuristics' old names (they live with their kinds now), for callers that imported them from here.
from ruleplay.kinds.bidsense import best_trump, hand_tricks, smart_bid  # noqa: E402
from ruleplay.kinds.choose import smart_value  # noqa: E402
from ruleplay.kinds.climb import smart_climb  # noqa: E402
from ruleplay.kinds.discard import smart_discard  # noqa: E402
from ruleplay.kinds.passing import smart_pass  # noqa: E402
from ruleplay.kinds.shed import smart_shed  # noqa: E402
from ruleplay.kinds.tricksense import seek_card, smart_card, smart_choice  # noqa: E402
from ruleplay.kinds.turns.sense import smart_prefer  # noqa: E402

__all__ = ["Bot", "MAX_REMEMBERED", "smart_for", "best_trump", "hand_tricks", "smart_bid", "smart_value",
           "smart_climb", "smart_discard", "smart_pass", "smart_shed", "seek_card", "smart_card", "smart_choice",
           "smart_prefer"]

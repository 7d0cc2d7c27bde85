"""Observation and information-state tensors generated from the compiled rules: one layout for every ruleset.

Nothing here names a game. The layout is read from the compiled `Rules` (the deck, its suits, the zones,
the counters, the players) and the action space (the blocks of public choices); the values from a
`State` through its public API only: `seat_numbers` (`seat_view` as plain numbers: what the seat may look
at now, judged by `visibility.visible_to`), `seat_events_since` and `sealed_choices` (the events as the seat
may know them, filtered by each event kind's declaration: a `Memory` reads each once, keeping the hand's
plays, tricks, passes, public choices and the voids shown, as `determinize.knowledge` reads them) and
`counters`. So a
tensor holds no card the seat may not know.

Seats are counted from the observing seat (0 = itself, 1 = the next seat in seat order...). Cards are
the deck's cards in deck order (`rules.deck.names`). The segments, in order (`Layout.segments` gives
the offsets and sizes for one ruleset, `Layout.describe()` prints them; `docs/agents.md` gives the sizes
for four shipped games):

observation (`Layout(game, perfect_recall=False)`, `game` a `ruleplay.load_game` result):

- `card_place`   deck x places: a one-hot of where the seat knows each card to be: each per-seat zone of
                 each seat (zone-major, seats counted from the seat), each table zone, then "unknown". A
                 card in a zone the seat may not look at is "unknown", unless the seat passed it to that
                 seat's hand (and nobody has played it since): then it is in that hand.
- `card_order`   deck: (position in its zone + 1) / deck size for a card in a zone the seat may look at
                 (bottom first: a trick's cards in play order), else 0.
- `zone_size`    places - 1: each zone's size / deck size.
- `to_move`      players + 1: the seat to move (relative), or "nobody".
- `dealer`       players: the dealer (relative).
- `leader`       players + 1: who played the first card of the trick under way (relative), or "none".
- `trick`        players x (players + deck): the current trick's cards in play order (up to one per
                 seat), each as who played it and which card.
- `trump`, `led` suits + 2 each: a one-hot over the deck's suits, "none", "other" (not a suit).
- `bids`         players x 3: a bid made this hand (1/0), its value / deck size, passed (1/0).
- `scores`       players: totals / 100.  `tricks_won` players: / deck size.  `out` players: out of the game.
- `progress`     2: hand number / 100, tricks played this hand / deck size.
- `counters`     counters x players + table counters: each counter of the rules / 100 (another seat's
                 secret counter, `visibility: owner`, stays 0), a table counter (a pot) one value after the
                 per-seat ones.
- `decisions`    players x (3 + the phases' own actions): the public non-card, non-bid choices each seat made
                 this hand (pass, no, yes, each phase's own actions: Euchre's order-up or going alone).
- `voids`        players x suits: a suit a seat showed it lacks by not following.
- `chosen`       deck: cards the seat chose this hand (its own decisions) that are still where it may look
                 and on no table zone: a pass's picks, sealed until every seat has picked.
- `phase`        phases: the hand's phase under way (`State.phase`).
- `choices`      3 + the phases' own actions: the public choices the seat may make now (its turn only).

information state (`perfect_recall=True`): the observation, then what the seat saw earlier in the hand:

- `played`       deck x (players + 1): who played each card this hand (relative), and (its order + 1) /
                 deck size.
- `passed`       deck x 2: the seat passed the card; the card was passed to the seat.
- `dealt`        deck: the seat's own dealt hand.

Perfect recall covers the hand under way; earlier hands reach the tensor as totals, counters and the
hand number (the string form, `information_state_string`, keeps every event).
"""
from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleplay.engine.state import Game, State
from ruleplay.kinds.passing import receivers

if TYPE_CHECKING:                      # numpy only where an array is made (`encode`): the layout needs none
    import numpy as np

MEANING = {
    "card_place": "where the seat knows each card to be (a one-hot of places per card)",
    "card_order": "each seen card's position in its zone",
    "zone_size": "each zone's size",
    "to_move": "the seat to move, or nobody",
    "dealer": "the dealer",
    "leader": "who led the trick under way, or none",
    "trick": "the trick's cards in play order and who played each",
    "trump": "the trump suit, none or other",
    "led": "the suit led, none or other",
    "bids": "each seat's bid (made, value, passed)",
    "scores": "each seat's total",
    "tricks_won": "each seat's tricks this hand",
    "out": "each seat out of the game",
    "progress": "the hand number and tricks played",
    "counters": "the rules' counters per seat, then the table's",
    "decisions": "each seat's public non-card choices this hand",
    "voids": "suits each seat showed it lacks",
    "chosen": "the seat's own chosen cards still in its zones",
    "phase": "the phase under way",
    "choices": "the public choices the seat may make now",
    "played": "who played each card this hand, and when",
    "passed": "cards the seat passed, and passed to it",
    "dealt": "the seat's dealt hand",
}
"""Each segment in a few words (`describe`; the module docstring says more)."""


class _Float32(dict):
    """x -> x rounded to float32, as a Python float (remembered): a tensor written as a list holds exactly the
    values its float32 array would, so both forms of a tensor agree."""

    _format = struct.Struct("f")

    def __missing__(self, x: float) -> float:
        v = self._format.unpack(self._format.pack(x))[0]
        if len(self) < 65536:
            self[x] = v
        return v


f32 = _Float32()


@dataclass(frozen=True)
class Segment:
    """One named part of a tensor: `size` entries from `start`."""

    name: str
    size: int
    start: int


class Layout:
    """The tensor layout of one compiled ruleset (see the module docstring for the segments)."""

    def __init__(self, game: Game, perfect_recall: bool = False):
        rules = game.rules
        space = game.space
        self.rules, self.space, self.perfect_recall = rules, space, perfect_recall
        n, deck = rules.players, rules.deck
        d = len(deck)
        self.n, self.d = n, d
        self.suits = list(dict.fromkeys(s for s in deck.suit if s is not None))
        self.suit_index = {s: i for i, s in enumerate(self.suits)}
        self.names = {c: i for i, c in enumerate(deck.names)}
        self.card_suit = list(deck.suit)
        self.seat_zone_pos = {z.name: i for i, z in enumerate(rules.seat_zones)}
        self.places = len(rules.seat_zones) * n + len(rules.shared_zones) + 1
        self.hand_pos = self.seat_zone_pos.get(rules.deal.to.name) if rules.deal is not None else None
        self.counters = list(rules.counters)
        self.table_counters = list(rules.table_counters)   # one value each, after the per-seat ones
        self.public0 = space.PASS                        # pass, no, yes; then the phases' own actions
        self.own0 = space.OWN0
        self.k = 3 + len(space.own_labels)
        s = len(self.suits)
        sizes = [("card_place", d * self.places), ("card_order", d), ("zone_size", self.places - 1),
                 ("to_move", n + 1), ("dealer", n), ("leader", n + 1), ("trick", n * (n + d)),
                 ("trump", s + 2), ("led", s + 2), ("bids", n * 3), ("scores", n), ("tricks_won", n),
                 ("out", n), ("progress", 2), ("counters", len(self.counters) * n + len(self.table_counters)), ("decisions", n * self.k),
                 ("voids", n * s), ("chosen", d), ("phase", len(rules.phases)), ("choices", self.k)]
        if perfect_recall:
            sizes += [("played", d * (n + 1)), ("passed", d * 2), ("dealt", d)]
        self.segments: list[Segment] = []
        at = 0
        for name, size in sizes:
            self.segments.append(Segment(name, size, at))
            at += size
        self.size = at
        self.at = {sg.name: sg.start for sg in self.segments}
        self.table0 = len(rules.seat_zones) * n          # the table zones' places come after the seat zones'
        # each zone's place (in `State.seat_numbers`' order: seat zones zone by zone, seats in order; then the
        # table's), seen from each seat: seats counted from the observing one
        self.zone_place = [[zi * n + (s - me) % n for zi in range(len(rules.seat_zones)) for s in range(n)]
                           + [self.table0 + i for i in range(len(rules.shared_zones))] for me in range(n)]
        self.fraction = [f32[i / d] for i in range(max(d, 1) + 1)]     # i / d (i cards of the deck)
        self.cell = [self.at["card_place"] + c * self.places for c in range(d)]   # card c's row of places

    def describe(self) -> str:
        """The segments as lines `name start size what`, for a reader of the tensor."""
        rows = [f"{'segment':12} {'start':>6} {'size':>6}  what"]
        rows += [f"{sg.name:12} {sg.start:6} {sg.size:6}  {MEANING[sg.name]}" for sg in self.segments]
        return "\n".join(rows) + f"\ntotal {self.size}"

    def public_choice(self, a: int) -> int | None:
        """The column of a public choice in a seat's `decisions` row (None: a card, a bid, a slap)."""
        if self.public0 <= a < self.public0 + 3:
            return a - self.public0
        if a >= self.own0 and a - self.own0 < self.k - 3:
            return 3 + a - self.own0
        return None

    def encode(self, state: State, seat: int, out: np.ndarray | None = None,
               memory: "Memory | None" = None) -> np.ndarray:
        """The tensor of `state` as seat `seat` may know it, written into `out` (zeroed first) if given.
        `memory`: the seat's `Memory` of this game, kept between calls so each event is read once (a new one
        reads the log from its start)."""
        if out is None:
            import numpy as np
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out[:] = 0
        w = memoryview(out) if out.flags.c_contiguous and out.ndim == 1 else out   # an item written through
        # a memoryview costs a few times less than through numpy's indexing, with the same float32 rounding
        recall = self._write(state, seat, w, memory)
        if recall is not None:
            at = self.at["played"]
            out[at:at + len(recall)] = recall
        return out

    def encode_list(self, state: State, seat: int, memory: "Memory | None" = None) -> list[float]:
        """`encode` as a list of Python floats (the same float32 values), the form OpenSpiel's tensor calls
        return: written as a list, its zeros and ones are shared objects, not 1,000 floats made from an array."""
        w = [0.0] * self.size
        recall = self._write(state, seat, w, memory)
        if recall is not None:
            at = self.at["played"]
            w[at:at + len(recall)] = recall
        return w

    def _write(self, state: State, seat: int, w, memory: "Memory | None") -> list[float] | None:
        """Write the tensor's entries (every value float32-exact) into `w`, zeroed; the information state's
        last segments (the memory's `recall`) are returned for the caller to copy in one go."""
        if memory is None:
            memory = Memory(self, seat)
        m = memory.update(state)
        n, d, at = self.n, self.d, self.at
        me = seat
        zones, dealer, hand_number, trick_number, trump, led, bids, passed, scores, tricks_won, outs = \
            state.seat_numbers(seat)
        places = self.places
        unknown = places - 1
        # card places, order and zone sizes
        where = [unknown] * d
        table0 = self.table0
        sizes = at["zone_size"]
        order = at["card_order"]
        fraction = self.fraction
        for place, z in zip(self.zone_place[me], zones):
            if z.__class__ is int:                     # a zone the seat may not look at: its size only
                w[sizes + place] = fraction[z]
                continue
            w[sizes + place] = fraction[len(z)]
            for pos, c in enumerate(z, 1):
                where[c] = place
                w[order + c] = fraction[pos]
        if self.hand_pos is not None:
            for c, r in m.given.items():               # cards the seat passed, not played since
                if where[c] == unknown:
                    where[c] = self.hand_pos * n + (r - me) % n
        for cell, place in zip(self.cell, where):
            w[cell + place] = 1.0
        # whose turn, dealer, trick
        cp = state.current_player()
        w[at["to_move"] + ((cp - me) % n if cp >= 0 else n)] = 1.0
        w[at["dealer"] + (dealer - me) % n] = 1.0
        trick = m.trick
        w[at["leader"] + ((trick[0][0] - me) % n if trick else n)] = 1.0
        for j, (s, c) in enumerate(trick[:n]):
            row = at["trick"] + j * (n + d)
            w[row + (s - me) % n] = 1.0
            w[row + n + c] = 1.0
        ns = len(self.suits)
        w[at["trump"] + (ns if trump is None else self.suit_index.get(trump, ns + 1))] = 1.0
        w[at["led"] + (ns if led is None else self.suit_index.get(led, ns + 1))] = 1.0
        if bids is not None:
            for s in range(n):
                b = bids[s]
                row = at["bids"] + (s - me) % n * 3
                if b is not None:
                    w[row] = 1.0
                    w[row + 1] = f32[b / d]
                if passed and passed[s]:
                    w[row + 2] = 1.0
        for s in range(n):
            r = (s - me) % n
            if scores is not None:
                w[at["scores"] + r] = f32[scores[s] / 100]
            if tricks_won is not None:
                w[at["tricks_won"] + r] = f32[tricks_won[s] / d]
            w[at["out"] + r] = 1.0 if outs[s] else 0.0
        w[at["progress"]] = f32[hand_number / 100]
        w[at["progress"] + 1] = f32[trick_number / d]
        if self.counters:
            values = state.counters(seat)
            for i, name in enumerate(self.counters):
                for s, x in enumerate(values.get(name, ())):
                    if x is not None:                   # another seat's secret counter: unknown, left 0
                        w[at["counters"] + i * n + (s - me) % n] = f32[x / 100]
        if self.table_counters:
            values = state.table_counters()
            seats = self.rules.table_seats
            for i, name in enumerate(self.table_counters):
                x = values.get(name)
                if name in seats:                       # a player: where they sit from the looker, 1..n (none: 0)
                    x = None if x is None else (x - me) % n + 1
                w[at["counters"] + len(self.counters) * n + i] = f32[(x or 0) / 100]
        for s, col in m.decisions:
            w[at["decisions"] + (s - me) % n * self.k + col] = 1.0
        for s, suit in m.voids:
            w[at["voids"] + (s - me) % n * ns + suit] = 1.0
        own = table0                                    # the seat zones' places come first
        for a in m.mine + [ev["action"] for ev in state.sealed_choices(seat)]:
            if isinstance(a, int) and 0 <= a < d and where[a] < own:
                w[at["chosen"] + a] = 1.0
        ph = state.phase()
        if 0 <= ph < len(self.rules.phases):
            w[at["phase"] + ph] = 1.0
        if cp == me:
            for a in state.legal_actions():
                col = self.public_choice(a) if a >= d else None
                if col is not None:
                    w[at["choices"] + col] = 1.0
        return m.recall if self.perfect_recall else None     # played, passed, dealt: kept by the memory


class Memory:
    """What seat `seat` has read of one game's log, kept up to date event by event (`update`): this hand's
    deal, plays, current trick, passes, public choices and the voids shown. A copy of a game starts a new
    Memory (it reads the copy's log once)."""

    def __init__(self, layout: Layout, seat: int):
        self.layout, self.seat = layout, seat
        self.read = 0
        self.state: State | None = None
        self.follow = any(getattr(ph, "follow", False) for ph in layout.rules.phases)
        n, d = layout.n, layout.d
        # the information state's last segments (`played`, `passed`, `dealt`: see the module docstring), written
        # event by event as the seat reads them (float32-exact values), so that a tensor copies them in one go
        self._passed0, self._dealt0 = d * (n + 1), d * (n + 3)
        self._new_hand([])

    def _new_hand(self, dealt: list[int]) -> None:
        lay = self.layout
        self.recall = w = [0.0] * (lay.d * (lay.n + 1) + 3 * lay.d)
        at = self._dealt0
        for c in dealt:
            w[at + c] = 1.0
        self.dealt = dealt
        self.plays: list[tuple[int, int]] = []          # (seat, card) played from a hand this hand, in order
        self.trick: list[tuple[int, int]] = []          # the trick under way
        self.voids: set[tuple[int, int]] = set()        # (seat, suit index) shown lacking
        self.decisions: set[tuple[int, int]] = set()    # (seat, column) public choices this hand
        self.mine: list[int] = []                       # the seat's own decisions this hand
        self.given: dict[int, int] = {}                 # card -> the seat it was passed to, by this seat
        self.passed: set[int] = set()
        self.received: set[int] = set()

    def update(self, state: State) -> "Memory":
        """Read the events logged since the last call (all of them for a game not seen before)."""
        if state is not self.state:
            self.state, self.read = state, 0
            self._new_hand([])
        events, self.read = state.seat_events_since(self.seat, self.read)
        lay = self.layout
        names, n, me = lay.names, lay.n, self.seat
        for ev in events:
            kind = ev["event"]
            if kind == "play":
                seat, card = ev.get("seat"), ev.get("card")
                if not isinstance(seat, int) or card not in names:
                    continue
                c = names[card]
                if self.follow and self.trick:
                    led, suit = lay.card_suit[self.trick[0][1]], lay.card_suit[c]
                    if led is not None and suit is not None and suit != led and led in lay.suit_index:
                        self.voids.add((seat, lay.suit_index[led]))
                self.trick.append((seat, c))
                self.plays.append((seat, c))
                row = c * (n + 1)
                self.recall[row + (seat - me) % n] = 1.0
                k = len(self.plays)                     # (a game whose cards come back may play more than the deck)
                self.recall[row + n] = lay.fraction[k] if k <= lay.d else f32[k / lay.d]
                self.given.pop(c, None)
            elif kind == "decision":
                seat, a = ev.get("seat"), ev.get("action")
                if isinstance(seat, int) and isinstance(a, int):
                    if seat == me:
                        self.mine.append(a)
                    col = lay.public_choice(a)
                    if col is not None:
                        self.decisions.add((seat, col))
            elif kind == "trick":
                self.trick = []
            elif kind == "pass":
                to = receivers(ev, n, lay.rules.direction)
                for r in set(self.given.values()):
                    if to[r] is not None and ev["cards"][r]:
                        self.given = {c: g for c, g in self.given.items() if g != r}   # passed on: lost track
                for s, picks in enumerate(ev["cards"]):
                    for card in picks:
                        if card is None or card not in names:
                            continue
                        c = names[card]
                        if s == me:
                            self.passed.add(c)
                            self.recall[self._passed0 + c * 2] = 1.0
                            if to[s] is not None:
                                self.given[c] = to[s]
                        elif to[s] == me:
                            self.received.add(c)
                            self.recall[self._passed0 + c * 2 + 1] = 1.0
            elif kind == "deal":
                hands = ev.get("hands")
                mine = hands[me] if isinstance(hands, list) and me < len(hands) else []
                self._new_hand([names[c] for c in mine if c in names])
        return self

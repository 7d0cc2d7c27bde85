"""Observation and information-state tensors generated from the compiled rules: one layout for every ruleset.

Nothing here names a game. The layout is read from the compiled `Rules` (the deck, its suits, the zones,
the counters, the players) and the action space (the blocks of public choices); the values from a
`State` through its public API only: `seat_view` (what the seat may look at now, judged by
`visibility.visible_to`), `seat_events` (the events as the seat may know them, filtered by each event
kind's declaration) read by the search's own `determinize.knowledge` (passes, plays, voids shown), and
`counters`. So a tensor holds no card the seat may not know.

Seats are counted from the observing seat (0 = itself, 1 = the next seat in seat order...). Cards are
the deck's cards in deck order (`rules.deck.names`). The segments, in order (`Layout.segments` gives
the sizes of one ruleset; `docs/agents.md` lists Hearts' and Oh Hell's):

observation (`Layout(rules, perfect_recall=False)`):

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
- `counters`     counters x players: each counter of the rules / 100 (counters are public).
- `decisions`    players x (3 + the phases' own actions): the public non-card, non-bid choices each seat made
                 this hand (pass, no, yes, each phase's own actions: Euchre's order-up or going alone).
- `voids`        players x suits: a suit a seat showed it lacks by not following.
- `chosen`       deck: cards the seat chose this hand (its own decisions) that are still where it may look
                 and on no table zone: a pass's picks, sealed until every seat has picked.

information state (`perfect_recall=True`): the observation, then what the seat saw earlier in the hand:

- `played`       deck x (players + 1): who played each card this hand (relative), and (its order + 1) /
                 deck size.
- `passed`       deck x 2: the seat passed the card; the card was passed to the seat.
- `dealt`        deck: the seat's own dealt hand.

Perfect recall covers the hand under way; earlier hands reach the tensor as totals, counters and the
hand number (the string form, `information_state_string`, keeps every event).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ruleplay.agents.determinize import knowledge
from ruleplay.engine.state import State
from ruleplay.kinds.passing import receivers


@dataclass(frozen=True)
class Segment:
    name: str
    size: int
    start: int


class Layout:
    """The tensor layout of one compiled ruleset (see the module docstring for the segments)."""

    def __init__(self, game, perfect_recall: bool = False):
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
        self.public0 = space.PASS                        # pass, no, yes; then the phases' own actions
        self.own0 = space.OWN0
        self.k = 3 + len(space.own_labels)
        s = len(self.suits)
        sizes = [("card_place", d * self.places), ("card_order", d), ("zone_size", self.places - 1),
                 ("to_move", n + 1), ("dealer", n), ("leader", n + 1), ("trick", n * (n + d)),
                 ("trump", s + 2), ("led", s + 2), ("bids", n * 3), ("scores", n), ("tricks_won", n),
                 ("out", n), ("progress", 2), ("counters", len(self.counters) * n), ("decisions", n * self.k),
                 ("voids", n * s), ("chosen", d)]
        if perfect_recall:
            sizes += [("played", d * (n + 1)), ("passed", d * 2), ("dealt", d)]
        self.segments: list[Segment] = []
        at = 0
        for name, size in sizes:
            self.segments.append(Segment(name, size, at))
            at += size
        self.size = at
        self.at = {sg.name: sg.start for sg in self.segments}

    def describe(self) -> str:
        """The segments as lines `name start size`, for a reader of the tensor."""
        return "\n".join(f"{sg.name:12} {sg.start:6} {sg.size:6}" for sg in self.segments) + f"\ntotal {self.size}"

    def _public_choice(self, a: int) -> int | None:
        """The column of a public choice in a seat's `decisions` row (None: a card, a bid, a slap)."""
        if self.public0 <= a < self.public0 + 3:
            return a - self.public0
        if a >= self.own0 and a - self.own0 < self.k - 3:
            return 3 + a - self.own0
        return None

    def encode(self, state: State, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The tensor of `state` as seat `seat` may know it, written into `out` (zeroed first) if given."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out[:] = 0
        n, d, at = self.n, self.d, self.at
        me = seat
        rel = lambda s: (s - me) % n                      # noqa: E731
        v = state.seat_view(seat)
        # card places, order and zone sizes
        where = [self.places - 1] * d
        zones = v.seat_zones + v.table_zones
        for i, z in enumerate(zones):
            if z.seat is not None:
                place = (i // n) * n + rel(z.seat)
            else:
                place = i - len(v.seat_zones) + len(self.rules.seat_zones) * n
            out[at["zone_size"] + place] = z.size / d
            if z.ids is not None:
                for pos, c in enumerate(z.ids):
                    where[c] = place
                    out[at["card_order"] + c] = (pos + 1) / d
        events = state.seat_events(seat)
        k = knowledge(self.rules, seat, events) if any(ev["event"] == "deal" for ev in events) else None
        names = self.names
        if k is not None:
            played = {c for _, c in k.plays}
            for i, p in enumerate(k.passes):
                to = receivers(p, n, self.rules.direction)
                r = to[me] if me < len(to) else None
                if r is None or self.hand_pos is None:
                    continue
                later = any(to2[r] is not None and q["cards"][r] for q in k.passes[i + 1:]
                            for to2 in [receivers(q, n, self.rules.direction)])
                for c in p["cards"][me]:
                    if c is not None and c not in played and not later:
                        ci = names[c]
                        if where[ci] == self.places - 1:
                            where[ci] = self.hand_pos * n + rel(r)
        base = at["card_place"]
        for c, place in enumerate(where):
            out[base + c * self.places + place] = 1.0
        # whose turn, dealer, trick
        cp = state.current_player()
        out[at["to_move"] + (rel(cp) if cp >= 0 else n)] = 1.0
        out[at["dealer"] + rel(v.dealer)] = 1.0
        trick: list[tuple[int, str]] = []
        if k is not None:
            for ev in k.events[1:]:
                kind = ev["event"]
                if kind == "trick":
                    trick = []
                elif kind == "play" and isinstance(ev.get("seat"), int):
                    trick.append((ev["seat"], ev["card"]))
        out[at["leader"] + (rel(trick[0][0]) if trick else n)] = 1.0
        for j, (s, c) in enumerate(trick[:n]):
            row = at["trick"] + j * (n + d)
            out[row + rel(s)] = 1.0
            if c in names:
                out[row + n + names[c]] = 1.0
        ns = len(self.suits)
        for key, value in (("trump", v.trump), ("led", v.led)):
            out[at[key] + (ns if value is None else self.suit_index.get(value, ns + 1))] = 1.0
        if v.bids is not None:
            for s in range(n):
                b = v.bids[s]
                row = at["bids"] + rel(s) * 3
                if b is not None:
                    out[row] = 1.0
                    out[row + 1] = b / d
                if v.passed and v.passed[s]:
                    out[row + 2] = 1.0
        for s in range(n):
            r = rel(s)
            if v.scores is not None:
                out[at["scores"] + r] = v.scores[s] / 100
            if v.tricks_won is not None:
                out[at["tricks_won"] + r] = v.tricks_won[s] / d
            out[at["out"] + r] = float(v.out[s])
        out[at["progress"]] = v.hand_number / 100
        out[at["progress"] + 1] = v.trick_number / d
        if self.counters:
            values = state.counters()
            for i, name in enumerate(self.counters):
                for s, x in enumerate(values.get(name, ())):
                    out[at["counters"] + i * n + rel(s)] = x / 100
        if k is not None:
            for ev in k.events:
                if ev["event"] == "decision" and isinstance(ev.get("action"), int) and isinstance(ev.get("seat"), int):
                    col = self._public_choice(ev["action"])
                    if col is not None:
                        out[at["decisions"] + rel(ev["seat"]) * self.k + col] = 1.0
            for a in k.mine:
                if isinstance(a, int) and 0 <= a < d and where[a] != self.places - 1 \
                        and where[a] < len(self.rules.seat_zones) * n:
                    out[at["chosen"] + a] = 1.0
            for s in range(n):
                for suit in k.voids[s]:
                    if suit in self.suit_index:
                        out[at["voids"] + rel(s) * ns + self.suit_index[suit]] = 1.0
        if self.perfect_recall and k is not None:
            for j, (s, c) in enumerate(k.plays):
                if c in names:
                    row = at["played"] + names[c] * (n + 1)
                    out[row + rel(s)] = 1.0
                    out[row + n] = (j + 1) / d
            for p in k.passes:
                to = receivers(p, n, self.rules.direction)
                for s, picks in enumerate(p["cards"]):
                    for c in picks:
                        if c is None or c not in names:
                            continue
                        if s == me:
                            out[at["passed"] + names[c] * 2] = 1.0
                        elif to[s] == me:
                            out[at["passed"] + names[c] * 2 + 1] = 1.0
            for c in k.dealt[me]:
                if c is not None and c in names:
                    out[at["dealt"] + names[c]] = 1.0
        return out

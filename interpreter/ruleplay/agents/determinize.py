"""Determinization for search bots: what a seat knows of the hand under way, and deals consistent with it.

What the seat knows comes from its own events alone (`Decision.observe`,
`State.seat_events`). `knowledge` reads what each event means as its kind
declares it (`EventSpec.sample`, the vocabulary `events.SAMPLE`), never its
name: a deal (the seat's hand, the sizes of the others and of the rest),
cards played from a hand, cards drawn from the rest (the stock's top first,
so the i-th card drawn was the rest's i-th card), a card turned from the
rest (played by no seat), cards taken from the table or given into a hand
(that seat's now: `gained`), cards leaving a hand unseen, passes, a kitty,
and the suits a seat showed it lacks by not following. Any other card the log
shows (a trump card turned from a hand or from the rest) is `loose`: where
it was dealt is learned by replay (`learn_slots`): a deal with the card in
each hidden place is run up to the event that shows it, and only the places
that show the seat the same events are kept. A sampled deal is then proven
by the search (ismcts.py) by replaying the hand on it. Where the decision
offers a copy of the game (`Decision.fork`: a trick's card, a pass pick, a
climb's turn) the search plays its iterations on copies of the true game
instead, and `Unseen` deals the cards the seat has not seen again, in the
places they lie (a seat that knows of a loose card copies a proven sample).
Games are reached only through `engine.state` (`Game`, `State`).
"""
from __future__ import annotations

import random
from collections import Counter, deque
from itertools import islice
from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import Callable

from ruleplay.engine.visibility import visible_to
from ruleplay.engine.run import Deal
from ruleplay.engine.state import Game
from ruleplay.kinds import EVENT_SPECS
from ruleplay.kinds.passing import receivers

REST = -1            # a slot of the deal's rest (seat slots are seat numbers)


@dataclass
class Knowledge:
    """What seat `me` knows of the hand under way, read from its events."""

    me: int
    hand: int                                # the hand number of the match
    dealer: int
    scores: list[int] | None                 # totals before this hand
    dealt: list[list]                        # per seat, its dealt hand as `me` sees it (None: hidden)
    rest: list                               # the deal's rest, as `me` sees it
    events: list[dict]                       # the hand's events as `me` sees them, for the proof
    passes: list[dict] = field(default_factory=list)        # this hand's pass events, as `me` sees them
    plays: list[tuple[int, str]] = field(default_factory=list)   # (seat, card) played from a hand, in order
    voids: list[set] = field(default_factory=list)          # per seat, suits it showed it lacks
    seen_rest: list[str] = field(default_factory=list)      # rest cards taken as a kitty the seat saw
    pins: dict[str, tuple[int, int]] = field(default_factory=dict)   # card -> (REST, i): turned or drawn by `me`
    draws: list[list] = field(default_factory=list)        # other seats' hidden draws: [seat, i, plays before,
    # the card if the seat played it next (drawing until it could play): a guess the proof checks]
    mine: list[int] = field(default_factory=list)           # `me`'s decisions this hand, in order
    counters: dict | None = None             # the counters kept across hands as the hand started (as `me` saw them)
    moves: dict[int, list[tuple[bool, object]]] = field(default_factory=dict)   # other seats' public moves:
    # (True, card) a card played, (False, action) a decision, in the order of the log
    loose: list[str] = field(default_factory=list)          # cards shown whose dealt place is learned by replay
    gained: list[set] = field(default_factory=list)         # per seat, cards seen arriving in its hand (taken from a
    # table zone, given, moved in; not a draw from the rest: `pins`) and not seen leaving it: it holds them now
    arrived: list[tuple[int, object]] = field(default_factory=list)    # (seat, card or None) into a seat's hand
    # from a table zone or another hand, in order
    departed: list[tuple[int, object]] = field(default_factory=list)   # (seat, card or None) out of a seat's hand
    # but not played face up (a discard, a gift, a move face down)
    seen: list[str] = field(default_factory=list)           # cards shown where they lie (revealed, moved between
    # table zones): known, not loose
    blind: bool = False                      # the rest was reshuffled: its order is the table's secret


def meanings(rules) -> Callable[[dict], str | None]:
    """What each event means to the sampler (`EventSpec.sample`, events.SAMPLE), read from the ruleset's event
    declarations (`Rules.events`), else from the built-in kinds' (`kinds.EVENT_SPECS`)."""
    specs = getattr(rules, "events", None) or EVENT_SPECS

    def meaning(ev: dict) -> str | None:
        spec = specs.get(ev["event"])
        return spec.sample if spec is not None else None
    return meaning


def _kept_counters(rules, before: list[dict]) -> dict:
    """The counters kept across hands (not `reset: hand`) as the hand starts, from what the seat saw of them
    before it (each `set` and `tally`; a value it may not see, another seat's secret, stays unknown: its start),
    so a sampled deal of a later hand starts from the same table (a first hand's lot that chose the opener)."""
    n, kept = rules.players, rules.hand_counters
    seat = {name: [start] * n for name, start in rules.counters.items() if name not in kept}
    table = {name: start for name, start in rules.table_counters.items() if name not in kept}
    for ev in before:
        kind = ev.get("event")
        if kind == "set":
            name, value = ev.get("name"), ev.get("value")
            if value is None:
                continue
            if name in seat and isinstance(ev.get("seat"), int) and 0 <= ev["seat"] < n:
                seat[name][ev["seat"]] = value
            elif name in table and "seat" not in ev:
                table[name] = value
        elif kind == "tally":
            for name, value in (ev.get("counters") or {}).items():
                if name in seat and isinstance(value, list) and len(value) == n:
                    seat[name] = [v if v is not None else old for v, old in zip(value, seat[name])]
                elif name in table and value is not None and not isinstance(value, list):
                    table[name] = value
    return {"seat": seat, "table": table}


def knowledge(rules, me: int, events: list[dict]) -> Knowledge:
    meaning = meanings(rules)
    starts = [i for i, ev in enumerate(events) if meaning(ev) == "deal"]
    start = starts[-1]
    totals = [ev["totals"] for ev in events[:start] if meaning(ev) == "totals"]
    deal = events[start]
    n = rules.players
    suit = dict(zip(rules.deck.names, rules.deck.suit))
    known = set(rules.deck.names)
    # who showed a void by not following: by the trick's own suits (a left bower is a trump, t42), and not at all
    # where a card may be played off suit by the rules (an excuse) or the suit to follow is named
    tricks = [ph for ph in rules.phases if getattr(ph, "follow", False)]
    follow = bool(tricks) and not any(getattr(ph, "excuse_fn", None) is not None or
                                      getattr(ph, "suitless_lead", None) is not None for ph in tricks)
    suited = next((ph for ph in tricks if getattr(ph, "suit_fn", None) is not None), None)
    index = {name: c for c, name in reversed(list(enumerate(rules.deck.names)))}
    trump: str | None = None

    def suit_of(name: str) -> str | None:
        return suit[name] if suited is None else suited.suit_under(index[name], trump)
    hand_zone = rules.deal.to.name
    rest_zone = rules.deal.rest.name if rules.deal.rest is not None else None
    k = Knowledge(me, len(starts), deal["dealer"], totals[-1] if totals else None, deal["hands"], deal["rest"],
                  events[start:], voids=[set() for _ in range(n)], gained=[set() for _ in range(n)],
                  counters=_kept_counters(rules, events[:start]) if start else None)
    trick: list[str] = []
    for i, c in enumerate(k.rest):           # a rest the seat sees (a dummy's hand face up) stays where it was dealt
        if c is not None:
            k.pins[c] = (REST, i)
    pops = 0                                 # cards taken from the rest's top so far
    shown: list[str] = []                    # every card the events name, in order
    drew = None                              # the hidden draw just before this event

    def draws(seat: int, cards: list) -> None:
        nonlocal pops, drew
        for c in cards:
            if c is None and seat is None:   # turned face down onto the table: its place in the rest is passed
                pass
            elif c is None:
                drew = [seat, pops, len(k.plays), None]
                k.draws.append(drew)
            else:
                k.pins[c] = (REST, pops)
            pops += 1

    def arrive(seat: int, cards: list) -> None:
        """Cards into the seat's hand from a table zone or another hand: those seen are the seat's now."""
        for c in cards:
            k.arrived.append((seat, c))
            if c is not None:
                k.gained[seat].add(c)

    def leave(seat: int, cards: list) -> None:
        """Cards out of the seat's hand unseen by the looker, or into a zone not played (a discard, a gift)."""
        for c in cards:
            k.departed.append((seat, c))
            if c is not None:
                k.gained[seat].discard(c)

    def put_down(seat: int, cards: list) -> None:
        k.plays.extend((seat, c) for c in cards)
        for c in cards:
            k.gained[seat].discard(c)

    for ev in k.events[1:]:
        m = meaning(ev)
        if ev.get("event") == "trump":       # the hand's trump, for the suits a `suit` rule gives
            trump = ev.get("suit")
        last, drew = drew, None
        if m in ("plays", "follows"):
            seat, card = ev["seat"], ev["card"]
            if seat is None:                 # turned from the stock onto the pile
                k.pins[card] = (REST, pops)
                pops += 1
                continue
            if ev.get("from") is not None:   # played for a dummy from a table zone: no card of the seat's hand
                trick.append(card)
                if seat != me:
                    k.moves.setdefault(seat, []).append((True, card))
                continue
            if last is not None and last[0] == seat:
                last[3] = card
            if m == "follows" and follow and trick:
                led, s = suit_of(trick[0]), suit_of(card)
                if led is not None and s is not None and s != led:
                    k.voids[seat].add(led)
            trick.append(card)
            k.plays.append((seat, card))
            k.gained[seat].discard(card)
            if seat != me:
                k.moves.setdefault(seat, []).append((True, card))
        elif m == "trick-over":
            trick = []
        elif m == "draws" or (m == "takes" and ev.get("zone") == rest_zone):
            draws(ev["seat"], _moved(ev))
        elif m == "takes":
            arrive(ev["seat"], _moved(ev))
        elif m == "gives":
            cards = _moved(ev)
            leave(ev["seat"], cards)
            arrive(ev["to"], cards)
        elif m == "discards":
            leave(ev["seat"], _moved(ev))
            shown.extend(_cards_named(ev, known))    # its dealt place, when the seat cannot place it: learned by replay
        elif m == "moves":
            cards, src, dst = ev["cards"], ev.get("from"), ev.get("to")
            giver = ev.get("from_seat") if src == hand_zone else None
            taker = ev.get("to_seat") if dst == hand_zone else None
            if giver is not None and taker is not None:
                leave(giver, cards)
                arrive(taker, cards)
            elif giver is not None:
                if None in cards:
                    leave(giver, cards)
                else:
                    put_down(giver, cards)
            elif taker is not None:
                (draws if src == rest_zone else arrive)(taker, cards)
            elif src == rest_zone:           # turned from the rest's top onto the table
                draws(ev.get("to_seat"), cards)
            else:                            # between table zones (or a seat's other zones): seen where they lie
                k.seen.extend(c for c in cards if c is not None and c not in k.seen)
        elif m == "reveals":
            k.seen.extend(c for c in _cards_named(ev, known) if c not in k.seen)
        elif m == "reshuffle":
            k.blind = True
        elif m == "pass":
            k.passes.append(ev)
        elif m == "rest-top" and ev.get("zone") == rest_zone and ev.get("card") in known:
            k.pins[ev["card"]] = (REST, pops)     # the next card drawn from the rest
        elif m == "shown-rest":
            k.seen_rest.extend(c for c in ev["cards"] if c is not None and c not in k.seen_rest)
        elif m == "decision":
            if ev["seat"] == me:
                k.mine.append(ev["action"])
            else:
                k.moves.setdefault(ev["seat"], []).append((False, ev["action"]))
        elif m == "puts-down" and isinstance(ev.get("seat"), int) and isinstance(ev.get("cards"), list) \
                and None not in ev["cards"]:
            # cards a seat put down together (a climb): from its hand; its choice is a public decision
            put_down(ev["seat"], _cards_named(ev, known))
        else:
            shown.extend(_cards_named(ev, known))
    # a card shown before it is played (a turned trump) still has a dealt place to learn
    located = set(c for c in deal["hands"][me] if c is not None) | set(k.pins) | set(k.seen_rest) \
        | {c for p in k.passes for s in p["cards"] for c in s if c is not None}
    k.loose = list(dict.fromkeys(c for c in shown if c not in located))
    return k


def _moved(ev: dict) -> list:
    """The cards an event moves (`cards`, or a pick-up's `took`), a hidden one None."""
    cards = ev.get("cards", ev.get("took"))
    return cards if isinstance(cards, list) else []


def _cards_named(ev: dict, known: set[str]) -> list[str]:
    """The card names an event shows (`known`: the deck's names)."""
    out = [ev["card"]] if isinstance(ev.get("card"), str) and ev["card"] in known else []
    cards = ev.get("cards")
    if isinstance(cards, list):
        out.extend(c for c in cards if isinstance(c, str) and c in known)
    return out


@dataclass
class Sample:
    """A determinization: the deal, and each other seat's pass picks (per pass, in order)."""

    deal: Deal
    picks: dict[int, deque] = field(default_factory=dict)


def determinize(rules, k: Knowledge, rng: random.Random, slots: dict[str, list] | None = None,
                hints: dict[int, set] | None = None) -> Sample | None:
    """A deal consistent with the seat's knowledge as the sampler models it (None: the draw failed);
    `slots` gives each loose card the places it may have been dealt (learn_slots), `hints` cards a seat is
    thought not to hold (the search's refusals); the search then proves the deal against everything the
    seat saw."""
    hints = hints or {}
    n, me = rules.players, k.me
    if k.blind:
        return None
    step = rules.direction
    suit = dict(zip(rules.deck.names, rules.deck.suit))
    placed: dict[str, tuple[int, int]] = dict(k.pins)
    by = {c: s for s, c in k.plays}
    for c, where in (slots or {}).items():
        where = [w for w in where if c not in by or w[0] in (by[c], REST)]     # a card played came from that hand
        if where:
            placed[c] = where[rng.randrange(len(where))]
    if len(set(placed.values())) < len(placed):
        return None

    got = set()                              # cards `me` received by a pass
    fixed = [set() for _ in range(n)]        # cards a seat holds for sure: `me` passed them, or dealt there
    out = [0] * n
    into = [0] * n
    for p in k.passes:
        to = receivers(p, n, step)
        for s, picks in enumerate(p["cards"]):
            r = to[s]
            if r is None:                    # out of play: it gave nothing
                continue
            out[s] += len(picks)
            into[r] += len(picks)
            if r == me:
                got.update(picks)
            if s == me:
                fixed[r].update(picks)
    drawn = [0] * n
    rest_at = {i: c for c, (where, i) in placed.items() if where == REST}
    for s, i, _, _ in k.draws:
        drawn[s] += 1
        if i in rest_at:                     # a hidden draw of a rest place the seat knows: that card, held or gone
            fixed[s].add(rest_at[i])
    played = [[c for s, c in k.plays if s == j] for j in range(n)]
    for c, (where, _) in placed.items():
        if where != REST and where != me and c not in played[where]:
            fixed[where].add(c)
    # cards seen coming into a hand from the table or another hand (held now, unless seen leaving), and going out
    # of one not face up: each hand's size follows them; those of another seat seen leaving were in its hand
    gone = [[c for s, c in k.departed if s == j and c is not None] for j in range(n)]
    unseen_gone = [sum(1 for s, c in k.departed if s == j and c is None) for j in range(n)]
    came = [[c for s, c in k.arrived if s == j] for j in range(n)]
    for j in range(n):
        if j != me:
            fixed[j] |= k.gained[j]
    arrived = {c for _, c in k.arrived if c is not None}
    located = set(c for c in k.dealt[me]) | got | {c for _, c in k.plays} | set(k.seen_rest) | set(placed) \
        | arrived | {c for g in gone for c in g}
    pool = [c for c in rules.deck.names if c not in located]
    rng.shuffle(pool)
    hidden: list[list[str]] = [[] for _ in range(n)]
    need = {}
    for j in range(n):
        if j != me:
            now = len(k.dealt[j]) - out[j] + into[j] - len(played[j]) + drawn[j] + len(came[j]) - len(gone[j]) \
                - unseen_gone[j]
            fixed[j] -= set(played[j]) | set(gone[j])
            need[j] = now - len(fixed[j]) + unseen_gone[j]      # the cards it gave away unseen were in its hand too
            if need[j] < 0:
                return None
    left = _spread(pool, need, hidden, lambda c: [j for j in need if suit[c] not in k.voids[j] and c not in hints.get(j, ())],
                   rng)
    if left is None:
        return None
    # each seat's holding over the hand; its hidden draws undone (each from the cards it did not play before)
    hold = [set(played[j]) | fixed[j] | set(hidden[j]) | set(gone[j]) for j in range(n)]     # `me`'s: its dealt hand
    # the cards that came into a hand from the table or another hand were not dealt there: undone, the last first (a
    # hidden one: a card of the hand's not played), each back to the rest unless another hand accounts for it
    spare_cards: list[str] = []
    for s, c in reversed(k.arrived):
        if s == me:
            continue
        if c is None:
            cand = sorted(hold[s] - set(played[s]) - fixed[s] - set(gone[s]))
            if not cand:
                return None
            c = cand[rng.randrange(len(cand))]
        hold[s].discard(c)
        if not any(c in hold[j] for j in range(n) if j != me) and c not in k.dealt[me]:
            spare_cards.append(c)
    guessed = {c for *_, c in k.draws if c is not None}
    for s, i, before, c in reversed(k.draws):
        if c is None and i in rest_at:
            c = rest_at[i]
        elif c is None:
            early = {c for j, (seat, c) in enumerate(k.plays) if seat == s and j < before}
            cand = sorted(hold[s] - early - guessed - {c for c, (w, _) in placed.items() if w == s})
            if not cand:
                return None
            c = cand[rng.randrange(len(cand))]
        hold[s].discard(c)
        rest_at[i] = c
    rest_need = len(k.rest) - len(rest_at)
    left = [c for c in spare_cards if c not in rest_at.values() and c not in k.seen_rest] + left
    fill = list(k.seen_rest) + left[:rest_need - len(k.seen_rest)]
    if rest_need < len(k.seen_rest) or len(fill) < rest_need or any(i >= len(k.rest) for i in rest_at):
        return None
    rng.shuffle(fill)
    it = iter(fill)
    rest = [rest_at[i] if i in rest_at else next(it) for i in range(len(k.rest))]
    sample_picks = _undo_passes(k, hold, n, step, rng)
    if sample_picks is None:
        return None
    hands = []
    for j in range(n):
        if j == me:
            hands.append(list(k.dealt[me]))
            continue
        h = sorted(hold[j])
        rng.shuffle(h)
        if len(h) != len(k.dealt[j]):
            return None
        for c, (where, i) in sorted(placed.items(), key=lambda kv: kv[1][1]):
            if where == j:
                if i >= len(h):
                    return None
                h.remove(c)
                h.insert(i, c)
        hands.append(h)
    if len({c for h in hands for c in h} | set(rest)) != sum(map(len, hands)) + len(rest):
        return None                          # a card placed twice (a guess that cannot hold)
    deal = Deal(hands, rest, k.dealer, None, k.hand, k.scores, k.counters)
    return Sample(deal, {s: deque(c for pick in ps for c in pick) for s, ps in sample_picks.items()})


Zones = Sequence[Sequence[deque]]          # a game's zones as `State.fork` hands them to `redeal`: card numbers


def relabel(rules, seat_zones: Zones, shared: Sequence[deque], k: Knowledge, rng: random.Random,
            hints: dict[int, set] | None = None) -> bool:
    """Deal again, where they lie in a game's zones (a copy of a game proven to the seat's decision), the
    cards seat `k.me` has not seen (`Unseen`); False when the constraints left no deal."""
    return Unseen(rules, k, hints).deal(seat_zones, shared, rng)


class Unseen:
    """The cards seat `k.me` has not seen in a game proven to its decision, and where they lie: found on the
    first copy of that game it deals (every copy of one decision holds the same cards in the same places),
    dealt again on each copy (`deal`, the `redeal` of `State.fork`). They change places among themselves,
    each place keeping its size, so a seat's hand gets no card of a suit the seat showed it lacks, nor one a
    hint says it did not hold. The cards the seat knows (its own, those played, passed to it or by it, turned
    or shown, another's dealt face up or facing out to it) stay put; its own cards facing out (`visibility:
    others`), which it cannot see, are dealt again too. The search uses it instead of a replay: the hand so far is the same public history
    on any such game, the true one included (`State.fork_at`): what it deals depends on which cards the seat
    has not seen and on the sizes of the places, not on where those cards truly lie."""

    def __init__(self, rules, k: Knowledge, hints: dict[int, set] | None = None):
        self.rules, self.k, self.hints = rules, k, hints
        self.cards: list[int] | None = None  # the unseen cards (ids), once found (`_find`)

    def _find(self, seat_zones: Zones, shared: Sequence[deque]) -> None:
        """Which cards are unseen, where they lie, and where each may go."""
        rules, k, hints = self.rules, self.k, self.hints
        me = k.me
        names = rules.deck.names
        index = {c: i for i, c in enumerate(names)}
        got = {c for p in k.passes for picks in p["cards"] for c in picks if c is not None}
        known = {index[c] for c in k.dealt[me] if c is not None} | {index[c] for c in got} \
            | {index[c] for _, c in k.plays} | {index[c] for c in k.seen_rest} | {index[c] for c in k.pins} \
            | {index[c] for c in k.rest if c is not None} | {index[c] for ev in k.events if ev.get("from") is not None
                                                            for c in [ev.get("card")] if c in index} \
            | {index[c] for c in k.loose} | {index[c] for c in k.seen} | {index[c] for g in k.gained for c in g} \
            | {index[c] for j, dealt in enumerate(k.dealt) if j != me for c in dealt if c is not None}
        hand = rules.deal.to.index
        self.held: dict[int, list] = {}      # per other seat, the places in its hand holding unseen cards
        self.other: list = []                # any other place holding an unseen card: (seat zone, seat, i)
        self.cards = []                      # or (None, shared zone, i)
        seen = {z.index: z.visibility for z in rules.seat_zones}
        # a card of a name the deck holds twice or more is never known where it lies unseen: the events name a
        # card, not which copy, so a copy the seat saw go somewhere might be the other one; both are dealt again
        copies = Counter(names)
        known -= {i for i, c in enumerate(names) if copies[c] > 1}
        for zi, zones in enumerate(seat_zones):
            for j, z in enumerate(zones):        # a zone the seat sees stays as it lies, and its own but one facing out
                if visible_to(seen[zi], j, me) or (j == me and seen[zi] != "others"):
                    continue
                for i, c in enumerate(z):
                    if c not in known:
                        (self.held.setdefault(j, []) if zi == hand else self.other).append((zi, j, i))
                        self.cards.append(c)
        public = {z.index for z in rules.shared_zones if z.visibility == "public"}
        for zi, z in enumerate(shared):
            if zi in public:                 # face up (a discard tray filled between hands): stays as it lies
                continue
            for i, c in enumerate(z):
                if c not in known:
                    self.other.append((None, zi, i))
                    self.cards.append(c)
        self.cards.sort()                    # the deal depends on which cards are unseen, never on where they lie
        hints = hints or {}
        suit = rules.deck.suit
        banned = {j: {c for c in self.cards if suit[c] in k.voids[j] or names[c] in hints.get(j, ())}
                  for j in self.held}
        self.seats = {c: [j for j in self.held if c not in banned[j]] for c in self.cards}   # where each may lie
        self.need = {j: len(p) for j, p in self.held.items()}
        self.n = rules.players

    def deal(self, seat_zones: Zones, shared: Sequence[deque], rng: random.Random) -> bool:
        """The unseen cards dealt again in a copy's zones (seat zones, shared zones); False: no deal."""
        if self.cards is None:
            self._find(seat_zones, shared)
        cards = list(self.cards)
        rng.shuffle(cards)
        hidden: list[list[int]] = [[] for _ in range(self.n)]
        left = _spread(cards, self.need, hidden, self.seats.__getitem__, rng)
        if left is None or len(left) != len(self.other):
            return False
        zones = seat_zones
        for j, places in self.held.items():
            for (zi, _, i), c in zip(places, hidden[j]):
                zones[zi][j][i] = c
        for (zi, j, i), c in zip(self.other, left):
            if zi is None:
                shared[j][i] = c
            else:
                zones[zi][j][i] = c
        return True


def _spread(pool: list[str], need: dict[int, int], hidden: list[list[str]], seats_of: Callable[[str], list[int]],
            rng: random.Random) -> list | None:
    """Deal the shuffled `pool` to the seats' hidden holdings (`need` cards each; `seats_of(card)` the seats of
    `need`, in its order, that may hold the card): the
    cards some seat may not hold first, each to a seat drawn by its room left (the rest of the pool
    counting as one more place), then the free cards in the pool's order. The rest of the pool is
    returned (None: some card had no room)."""
    room = dict(need)
    spare = len(pool) - sum(need.values())
    left, free, tied = [], [], []
    everywhere = len(need)
    for c in pool:
        seats = seats_of(c)
        (free if len(seats) == everywhere else tied).append((c, seats))
    for c, seats in sorted(tied, key=lambda cs: len(cs[1])):
        seats = [j for j in seats if room[j]]
        places = sum(room[j] for j in seats) + spare if seats else spare
        if places <= 0:                      # no room left for it (fewer cards than places): no deal, drawn again
            return None
        x = rng.randrange(places)
        for j in seats:
            x -= room[j]
            if x < 0:
                room[j] -= 1
                hidden[j].append(c)
                break
        else:
            spare -= 1
            left.append(c)
    it = iter(c for c, _ in free)
    for j in need:
        hidden[j].extend(islice(it, room[j]))
    left.extend(it)
    return left if all(len(hidden[j]) == need[j] for j in need) else None


def _undo_passes(k: Knowledge, hold: list[set], n: int, step: int, rng: random.Random) -> dict | None:
    """Undo the passes, the last first, in `hold` (becoming the dealt hands); the other seats' hidden picks."""
    sample_picks: dict[int, list[list[str]]] = {}
    for p in reversed(k.passes):
        to = receivers(p, n, step)
        picks = []
        for s, shown in enumerate(p["cards"]):
            if None not in shown or to[s] is None:
                picks.append(list(shown))
                continue
            r = to[s]
            known_from = set().union(*(set(q) for g, q in enumerate(p["cards"]) if g != s and None not in q
                                       and to[g] == r))
            cand = sorted(hold[r] - known_from)
            if len(cand) < len(shown):
                return None
            picks.append(rng.sample(cand, len(shown)))
        for s, chosen in enumerate(picks):
            if to[s] is not None:
                hold[to[s]] -= set(chosen)
        for s, chosen in enumerate(picks):
            hold[s] |= set(chosen)
            if s != k.me:
                sample_picks.setdefault(s, []).insert(0, chosen)
    return sample_picks


def learn_slots(rules, k: Knowledge, rng: random.Random) -> dict[str, list]:
    """Each loose card's possible dealt places: a deal with the card there, run to its first decision, shows
    the seat the same events up to the one that shows the card (a place is kept when the run stops before)."""
    n, me = rules.players, k.me
    pinned = {i for where, i in k.pins.values() if where == REST}
    places = [(j, i) for j in range(n) if j != me for i in range(len(k.dealt[j]))] + \
             [(REST, i) for i in range(len(k.rest)) if i not in pinned]
    out: dict[str, list] = {}
    known = set(rules.deck.names)
    for c in k.loose:
        upto = next(i for i, ev in enumerate(k.events) if c in _cards_named(ev, known))
        keep = []
        for where in places:
            s = determinize(rules, k, rng, {**out, c: [where]})
            if s is None:
                continue
            log = Game(rules).new_initial_state(rng.randrange(1 << 30), s.deal).seat_events(me)[1:]
            if len(log) <= upto or log[:upto + 1] == k.events[:upto + 1]:
                keep.append(where)
        out[c] = keep
    return out

"""ismcts: a bot that searches, by information-set Monte Carlo tree search (single observer).

Cowling, Powley and Whitehouse (2012): each iteration samples a
determinization (the hidden cards dealt one way the seat cannot tell from
the truth), descends one tree shared by all determinizations, choosing by
UCB among the actions legal in this determinization (a child's count of
times it was available stands in for the parent's visits), adds one node,
plays the hand out with the `smart` bot for every seat and backs up each
seat's value of the hand. The most visited action at the root is played.

What the seat knows comes from its own events alone (`Decision.observe`,
`Table.seat_log`): its hand, every card played, cards turned up or taken
from a public kitty, cards it passed and received, hand sizes, and the
suits a seat showed it lacks by not following. A sampled deal is then
proven: the hand so far is replayed on it (other seats' public decisions
as they were, their hidden pass picks as sampled) and its seat-filtered
log must equal the seat's own, event for event, so a deal that would have
shown the seat anything different (a void broken, a forced card that was
not played, another trump turned) is never searched. Nothing here knows a
game: the sampler reads only deck suits, zone sizes and the events, and
the replay lets the rules judge the rest.

The search covers the current hand: a determinized game starts at this
hand of the match (`Deal.hand`, `Deal.scores`) and a playout stops when the
hand is scored. A seat's value is its hand score placed between the hand's
worst and best (1.0 best), as `returns()` places final totals; a game that
does not score by hands is valued by `returns()` at its end. Slap windows
are answered by the bot's reaction profile, not searched.
"""
from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass, field

from .bots import Bot
from .engine import DEFAULT_MAX_ACTIONS, Deal, Run
from .state import returns_of

DEFAULT_ITERATIONS = 50
TRIES = 30           # sampled deals per iteration before the bot gives up and plays `smart`
EXPLORE = 0.7        # UCB's exploration constant (values lie in [0, 1])


@dataclass
class Knowledge:
    """What seat `me` knows of the hand under way, read from its events."""

    me: int
    hand: int                                # the hand number of the match
    dealer: int
    scores: list[int] | None                 # totals before this hand
    dealt: list[list]                        # per seat, its dealt hand as `me` sees it (None: hidden)
    rest: list                               # the deal's rest, as `me` sees it
    passes: list[dict]                       # this hand's pass events, as `me` sees them
    plays: list[tuple[int, str]]             # (seat, card) in play order
    voids: list[set]                         # per seat, suits it showed it lacks
    seen_rest: list[str]                     # rest cards turned up (a trump card) or taken as a kitty
    mine: list[int]                          # `me`'s decisions this hand, in order
    others: dict[int, list[int]]             # other seats' public decisions (bids, choices), in order
    events: list[dict]                       # the hand's events as `me` sees them, for the proof


def knowledge(rules, me: int, events: list[dict]) -> Knowledge:
    starts = [i for i, ev in enumerate(events) if ev["event"] == "deal"]
    start = starts[-1]
    totals = [ev["totals"] for ev in events[:start] if ev["event"] == "score"]
    deal = events[start]
    n = rules.players
    suit = _suits(rules)
    follow = any(getattr(ph, "follow", False) for ph in rules.phases)
    k = Knowledge(me, len(starts), deal["dealer"], totals[-1] if totals else None, deal["hands"], deal["rest"],
                  [], [], [set() for _ in range(n)], [], [], {}, events[start:])
    trick: list[tuple[int, str]] = []
    for ev in k.events:
        kind = ev["event"]
        if kind == "play":
            seat, card = ev["seat"], ev["card"]
            if follow and trick:
                led, s = suit[trick[0][1]], suit[card]
                if led is not None and s is not None and s != led:
                    k.voids[seat].add(led)
            trick.append((seat, card))
            k.plays.append((seat, card))
        elif kind == "trick":
            trick = []
        elif kind == "pass":
            k.passes.append(ev)
        elif kind == "trump" and ev.get("card") and not ev.get("lead"):
            k.seen_rest.append(ev["card"])
        elif kind == "kitty":
            k.seen_rest.extend(c for c in ev["cards"] if c is not None and c not in k.seen_rest)
        elif kind == "decision":
            (k.mine if ev["seat"] == me else k.others.setdefault(ev["seat"], [])).append(ev["action"])
    return k


def _suits(rules) -> dict[str, str | None]:
    deck = rules.deck
    return dict(zip(deck.names, deck.suit))


@dataclass
class Sample:
    """A determinization: the deal, and each other seat's pass picks (per pass, in order)."""

    deal: Deal
    picks: dict[int, deque] = field(default_factory=dict)


def determinize(rules, k: Knowledge, rng: random.Random) -> Sample | None:
    """A deal consistent with the seat's knowledge as the sampler models it (None: the draw failed);
    `prove` then checks it against everything the seat saw."""
    n, me = rules.players, k.me
    step = rules.direction
    suit = _suits(rules)

    def receiver(s: int, off: int) -> int:
        return (s + off * step) % n
    got = set()                              # cards `me` received by a pass
    fixed = [set() for _ in range(n)]        # cards `me` passed to a seat
    out = [0] * n
    into = [0] * n
    for p in k.passes:
        for s, picks in enumerate(p["cards"]):
            r = receiver(s, p["offset"])
            out[s] += len(picks)
            into[r] += len(picks)
            if r == me:
                got.update(picks)
            if s == me:
                fixed[r].update(picks)
    played = [[c for s, c in k.plays if s == j] for j in range(n)]
    located = set(c for c in k.dealt[me]) | got | {c for _, c in k.plays} | set(k.seen_rest)
    pool = [c for c in rules.deck.names if c not in located]
    rng.shuffle(pool)
    hidden: list[list[str]] = [[] for _ in range(n)]
    need = {}
    for j in range(n):
        if j != me:
            now = len(k.dealt[j]) - out[j] + into[j] - len(played[j])
            fixed[j] -= set(played[j])
            need[j] = now - len(fixed[j])
            if need[j] < 0:
                return None
    taken: set[str] = set()
    for j in sorted(need, key=lambda j: sum(1 for c in pool if suit[c] not in k.voids[j])):
        ok = [c for c in pool if c not in taken and suit[c] not in k.voids[j]]
        if len(ok) < need[j]:
            return None
        hidden[j] = ok[:need[j]]
        taken.update(hidden[j])
    left = [c for c in pool if c not in taken]
    rest_need = len(k.rest) - len(k.seen_rest)
    if rest_need < 0 or len(left) < rest_need:
        return None
    rest = [c for c in k.seen_rest] + left[:rest_need]
    # each seat's holding after every pass, then the passes undone, the last first
    hold = [set(played[j]) | fixed[j] | set(hidden[j]) for j in range(n)]     # `me`'s own: its dealt hand
    sample_picks: dict[int, list[list[str]]] = {}
    for p in reversed(k.passes):
        off = p["offset"]
        picks = []
        for s, shown in enumerate(p["cards"]):
            if None not in shown:
                picks.append(list(shown))
                continue
            r = receiver(s, off)
            known_from = set().union(*(set(q) for g, q in enumerate(p["cards"]) if g != s and None not in q
                                       and receiver(g, off) == r))
            cand = sorted(hold[r] - known_from)
            if len(cand) < len(shown):
                return None
            picks.append(rng.sample(cand, len(shown)))
        for s, chosen in enumerate(picks):
            hold[receiver(s, off)] -= set(chosen)
        for s, chosen in enumerate(picks):
            hold[s] |= set(chosen)
            if s != me:
                sample_picks.setdefault(s, []).insert(0, chosen)
    hands = []
    for j in range(n):
        if j == me:
            hands.append(list(k.dealt[me]))
            continue
        h = sorted(hold[j])
        rng.shuffle(h)
        if len(h) != len(k.dealt[j]):
            return None
        hands.append(h)
    deal = Deal(hands, rest, k.dealer, None, k.hand, k.scores)
    return Sample(deal, {s: deque(c for pick in ps for c in pick) for s, ps in sample_picks.items()})


def prove(rules, k: Knowledge, sample: Sample, actions, rng: random.Random) -> Run | None:
    """The sampled game replayed to the seat's decision, or None when the seat would have seen anything
    different from what it saw (its filtered log, and its legal actions now, must be the same)."""
    me = k.me
    run = Run(rules, rng.randrange(1 << 30), sample.deal, DEFAULT_MAX_ACTIONS, True, False,
              [None] * rules.players, None)
    space = run.space
    index = {name: c for c, name in reversed(list(enumerate(rules.deck.names)))}
    mine = deque(k.mine)
    others = {s: deque(v) for s, v in k.others.items()}
    seen = 0          # events of the sampled game read so far, counting its plays
    plays = 0
    while True:
        d = run.decision
        if d is None or d.window is not None:
            return None
        ev = run.t.events
        for e in ev[seen:]:
            plays += e["event"] == "play"
        seen = len(ev)
        acts = d.actions
        card = bool(acts) and acts[0] < space.cards
        if d.seat == me:
            if not mine:
                break
            a = mine.popleft()
        elif d.sealed and card:
            q = sample.picks.get(d.seat)
            a = space.card(index[q.popleft()]) if q else acts[rng.randrange(len(acts))]
        elif card:
            if plays >= len(k.plays) or k.plays[plays][0] != d.seat:
                return None
            a = space.card(index[k.plays[plays][1]])
        elif others.get(d.seat):
            a = others[d.seat].popleft()
        elif d.sealed:
            a = acts[rng.randrange(len(acts))]
        else:
            return None
        if a not in acts:
            return None
        run.advance(a)
    if sorted(d.actions) != sorted(actions) or any(others.values()):
        return None
    return run if run.t.seat_log(me)[1:] == k.events else None


@dataclass(slots=True)
class Node:
    seat: int                        # the seat whose action led here (its value is backed up)
    visits: int = 0
    value: float = 0.0
    avail: int = 0
    children: dict = field(default_factory=dict)


def hand_values(rules, run: Run) -> list[float]:
    """Each seat's value of the hand played out: its hand score between the worst and the best (match
    winners by lowest or highest total), else `returns()` of the finished game."""
    t = run.t
    match = rules.match
    mode = match.mode if match is not None and match.winners is not None else None
    if t.score_history and mode in ("lowest", "highest"):
        sc = t.score_history[0]
        best, worst = (min(sc), max(sc)) if mode == "lowest" else (max(sc), min(sc))
        if best == worst:
            return [1.0] * len(sc)
        return [(worst - s) / (worst - best) for s in sc]
    return returns_of(rules, run.result)


class ISMCTSBot(Bot):
    """`--bots ismcts[:N]`: N iterations of the search per decision (see the module docstring)."""

    observes = True

    def __init__(self, rng: random.Random, iterations: int | None = None, kind: str = "ismcts"):
        super().__init__(kind, rng)
        self.wants_view = True                       # the `smart` playouts and fallback read views
        self.iterations = iterations or DEFAULT_ITERATIONS
        self.policy = Bot("smart", rng)
        self.proven = self.failed = 0                # sampled deals proven, and refused, for tests

    def act(self, d, space) -> int:
        if d.window is not None or d.observe is None or not space.unique:
            return super().act(d, space) if d.window is not None else self.policy.act(d, space)
        events = d.observe()
        if not events or not any(ev["event"] == "deal" for ev in events):
            return self.policy.act(d, space)
        return self.search(d, space, events)

    def sample(self, rules, k: Knowledge, actions) -> Run | None:
        """A proven determinization at this decision, or None after TRIES draws."""
        for _ in range(TRIES):
            s = determinize(rules, k, self.rng)
            run = prove(rules, k, s, actions, self.rng) if s is not None else None
            if run is not None:
                self.proven += 1
                return run
            self.failed += 1
        return None

    def search(self, d, space, events: list[dict]) -> int:
        rules = space.rules
        k = knowledge(rules, d.seat, events)
        root = Node(d.seat)
        rng, policy = self.rng, self.policy
        for _ in range(self.iterations):
            run = self.sample(rules, k, d.actions)
            if run is None:
                break
            node, path = root, []
            while run.decision is not None and run.t.hand_number == k.hand:
                dd = run.decision
                if dd.window is not None:
                    run.advance(policy.act(dd, space))
                    continue
                acts = dd.actions
                kids = node.children
                fresh = [a for a in acts if a not in kids]
                for a in acts:
                    if a in kids:
                        kids[a].avail += 1
                if fresh:
                    a = fresh[rng.randrange(len(fresh))]
                    child = kids[a] = Node(dd.seat, avail=1)
                    path.append(child)
                    run.advance(a)
                    break
                a = max(acts, key=lambda a: _ucb(kids[a]))
                node = kids[a]
                path.append(node)
                run.advance(a)
            while run.decision is not None and run.t.hand_number == k.hand:
                run.advance(policy.act(run.decision, space))
            values = hand_values(rules, run)
            for nd in path:
                nd.visits += 1
                nd.value += values[nd.seat]
        if not root.children:
            return policy.act(d, space)
        return max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].value, -kv[0]))[0]


def _ucb(nd: Node) -> float:
    return nd.value / nd.visits + EXPLORE * math.sqrt(math.log(nd.avail) / nd.visits)

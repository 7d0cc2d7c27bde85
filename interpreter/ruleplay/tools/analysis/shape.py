"""The shape of play: games played decision by decision, their standings and choices folded into `ShapeAgg`.

A game's *standing* is read from what the whole table can see (`State.seat_view`), at every decision
(slap windows included) and once more at the end:
- a game that scores: each seat's match total, higher is better when the match is won by the highest
  total, lower when by the lowest;
- any other game: the cards each seat holds (all its zones);
- where the match names no direction, the direction in which that game's winners end up ahead;
- a seat that is out stands below every seat still in, and at the end the winners stand first.
A game without decisions (War: the deal decides it) has no standing history and only counts as such.
Everything kept is an integer (per-game measures in 1/SCALE units), so batches merge exactly in any order.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ruleplay.tools.analysis import measures as M
from ruleplay.tools.sim import Spec, _rules, game_seed

BINS = 20                       # the game's course in twentieths, for the average trend and the choices by time


@dataclass
class GameTrace:
    """One game as recorded: the raw standing measure per point, who was out, the choices of each turn
    decision (seat, number of legal actions) and the number of slap windows."""

    raw: list[list[int]] = field(default_factory=list)
    out: list[list[bool]] = field(default_factory=list)
    turns: list[tuple[int, int]] = field(default_factory=list)
    windows: int = 0


def direction(rules) -> int | None:
    """+1 when a higher score wins the match, -1 when a lower one does, None when the rules do not say."""
    m = rules.match
    if rules.scoring is None or m is None or m.wins_by not in ("lowest", "highest"):
        return None
    return 1 if m.wins_by == "highest" else -1


def standings(trace: GameTrace, winners: list[int], sign: int | None) -> list[list[int]]:
    """The `rank2` of every seat at every point of a game, the final point ranking the winners first."""
    if sign is None:
        last = trace.raw[-1]
        n = len(last)
        won = [last[s] for s in winners] or [0]
        rest = [last[s] for s in range(n) if s not in winners] or [0]
        sign = 1 if sum(won) / len(won) >= sum(rest) / len(rest) else -1
    hist = []
    final = len(trace.raw) - 1
    for i, (raw, out) in enumerate(zip(trace.raw, trace.out)):
        keys = [(i == final and s in winners, not o, sign * v) for s, (v, o) in enumerate(zip(raw, out))]
        hist.append(M.rank2(keys))
    return hist


@dataclass
class ShapeAgg:
    """The shape measures of many games; `merge` is exact and order-free (integers only)."""

    players: int
    games: int = 0
    interrupted: bool = False
    no_decision: int = 0                                   # games with no decision at all
    judged: int = 0                                        # games with one winner and a standing history
    trend_sum: list[list[int]] = field(default_factory=list)   # [place][bin]: sum of rank2
    trend_n: list[list[int]] = field(default_factory=list)
    choice_sum: list[int] = field(default_factory=lambda: [0] * BINS)   # [bin]: choices of turn decisions
    choice_n: list[int] = field(default_factory=lambda: [0] * BINS)
    choices: Counter = field(default_factory=Counter)      # legal actions per turn decision
    decisions: Counter = field(default_factory=Counter)    # turn decisions per game
    seat_decisions: list[Counter] = field(default_factory=list)
    windows: Counter = field(default_factory=Counter)      # slap windows per game
    changes: Counter = field(default_factory=Counter)      # lead changes per game
    drama: Counter = field(default_factory=Counter)        # per game, in 1/SCALE
    security: Counter = field(default_factory=Counter)
    decided: Counter = field(default_factory=Counter)
    convergence: Counter = field(default_factory=Counter)

    def __post_init__(self):
        n = self.players
        if not self.trend_sum:
            self.trend_sum = [[0] * BINS for _ in range(n)]
            self.trend_n = [[0] * BINS for _ in range(n)]
        if not self.seat_decisions:
            self.seat_decisions = [Counter() for _ in range(n)]

    def add(self, trace: GameTrace, winners: list[int], sign: int | None) -> None:
        """Fold one game in."""
        n = self.players
        self.games += 1
        self.windows[trace.windows] += 1
        self.decisions[len(trace.turns)] += 1
        per_seat = [0] * n
        for seat, k in trace.turns:
            per_seat[seat] += 1
            self.choices[k] += 1
        for s in range(n):
            self.seat_decisions[s][per_seat[s]] += 1
        m = len(trace.turns)
        for i, (_, k) in enumerate(trace.turns):
            b = min(BINS - 1, i * BINS // m)
            self.choice_sum[b] += k
            self.choice_n[b] += 1
        if m:
            self.convergence[M.fixed(M.convergence([k for _, k in trace.turns]))] += 1
        if len(trace.raw) < 2:                    # the end alone: no decision was ever taken
            self.no_decision += 1
            return
        hist = standings(trace, winners, sign)
        self.changes[M.lead_changes(hist)] += 1
        final = hist[-1]
        places = sorted(range(n), key=lambda s: (-final[s], s))       # finishing place -> seat
        pts = len(hist)
        for i, r2 in enumerate(hist):
            b = min(BINS - 1, i * BINS // pts)
            for place, seat in enumerate(places):
                self.trend_sum[place][b] += r2[seat]
                self.trend_n[place][b] += 1
        if len(winners) == 1:
            w = winners[0]
            self.judged += 1
            drama, security = M.drama_security([M.scaled(r2[w], n) for r2 in hist], n)
            self.drama[M.fixed(drama)] += 1
            self.security[M.fixed(security)] += 1
            self.decided[M.fixed(M.decided_at(hist, w))] += 1

    def merge(self, o: "ShapeAgg") -> "ShapeAgg":
        self.games += o.games
        self.no_decision += o.no_decision
        self.judged += o.judged
        for mine, theirs in ((self.trend_sum, o.trend_sum), (self.trend_n, o.trend_n)):
            for a, b in zip(mine, theirs):
                for i, v in enumerate(b):
                    a[i] += v
        for i in range(BINS):
            self.choice_sum[i] += o.choice_sum[i]
            self.choice_n[i] += o.choice_n[i]
        for name in ("choices", "decisions", "windows", "changes", "drama", "security", "decided", "convergence"):
            getattr(self, name).update(getattr(o, name))
        for a, b in zip(self.seat_decisions, o.seat_decisions):
            a.update(b)
        return self


def trace_game(rules, spec: Spec, seed: int) -> tuple[GameTrace, object]:
    """Play one game of `spec` decision by decision (the same game `sim` plays inline) and record it."""
    from ruleplay.agents import make_bots
    from ruleplay.engine.state import Game
    n = rules.players
    kinds = list(spec.bots) if spec.bots else ["random"] * n
    game = Game(rules)
    state = game.new_initial_state(seed, None, max_actions=spec.max_actions, log=False,
                                   profiles=list(spec.profiles) if spec.profiles else None, seat_kinds=kinds)
    agents = make_bots(kinds, seed)
    trace = GameTrace()
    scored = rules.scoring is not None

    def look() -> None:
        v = state.seat_view(0)
        if scored:
            trace.raw.append(list(v.scores))
        else:
            held = [0] * n
            for z in v.seat_zones:
                held[z.seat] += z.size
            trace.raw.append(held)
        trace.out.append(list(v.out))

    space = game.space
    while (d := state.decision()) is not None:
        look()
        if d.window is None:
            trace.turns.append((d.seat, len(d.actions)))
        else:
            trace.windows += 1
        state.apply_action(agents[d.seat].act(d, space))
    look()
    return trace, state.result()


def shape_batch(spec: Spec, seed: int, start: int, stop: int) -> ShapeAgg:
    """Games start..stop-1 of a simulation, traced: sim.simulate's `batch` for the shape measures."""
    rules = _rules(spec)
    agg = ShapeAgg(rules.players)
    sign = direction(rules)
    for i in range(start, stop):
        trace, result = trace_game(rules, spec, game_seed(seed, i))
        agg.add(trace, list(result.winners) if result.outcome == "finished" else [], sign)
    return agg

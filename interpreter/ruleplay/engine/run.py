"""Runs a compiled ruleset: choose the dealer, deal (or take an explicit deal), run the phases.

The game is a generator (`_game`): phases yield a Decision wherever a seat
answered outside the engine must choose (decision.py). `Run` steps it (the
State of state.py wraps one, and every driver goes through it); `agents.play()`,
the entry point of the CLI, the tests and simulations, is a State whose seats
are bots answering inline. The same rules, seed, options and decisions give the same events.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ruleplay.compiler.cards import split_name
from ruleplay.engine.decision import ActionSpace
from ruleplay.errors import GameError, RuleplayError
from ruleplay.compiler.model import Rules
from ruleplay.engine.pots import split_pots
from ruleplay.engine.results import Result, finish
from ruleplay.engine.table import GameOver, Table, ThrowIn

DEFAULT_MAX_ACTIONS = 1_000_000
MAX_THROW_INS = 1000       # deals of a game without a match whose hands are all thrown in
CYCLE_CHECK_FROM = 200       # rounds played before tables are recorded (see Table.boundary)


@dataclass
class Deal:
    """An explicit deal: hands per seat (first card listed is the top), the rest, the dealer."""

    hands: list[list[str]]
    rest: list[str] = field(default_factory=list)
    dealer: int | None = None
    slaps: list[dict] | None = None   # scripted slaps: {after, seat, time, fingers}; replaces bots' reactions
    hand: int = 1                     # the hand of the match it is (a search bot's deal in mid-match) ...
    scores: list[int] | None = None   # ... with the totals before it
    counters: dict | None = None      # ... and the counters kept across hands: {"seat": {name: [...]}, "table": {...}}


def reaction_profiles(rules: Rules, wanted: list[str | None]) -> list[str]:
    """Each seat's reaction profile: the one --bots names, else the ruleset's default."""
    known: dict[str, None] = {}
    default = ""
    for ph in rules.phases:
        r = getattr(ph, "reactions", None)
        if r is not None:
            known.update(dict.fromkeys(r.profiles))
            default = default or r.profile
    out = []
    for w in wanted:
        if w and w not in known:
            raise GameError(f"unknown reaction profile '{w}'" +
                            (f"; this ruleset has: {', '.join(known)}" if known else "; this ruleset has no slaps"))
        out.append(w or default)
    return out


def _choose_dealer(rules: Rules, t: Table):
    """The first dealer (a generator: a draw may be a chance decision, `Table.lot`, `Table.draw_order`)."""
    d = rules.dealer
    if isinstance(d, int):
        return d
    if d == "last-seat":
        return t.n - 1
    if d == "random":
        return (yield from t.lot(t.seat_range, lambda s: f"seat {s} deals"))
    # low-card: every seat draws from a shuffled deck; the lowest deals; tied lowest seats draw again.
    order = rules.dealer_order
    contenders = list(range(t.n))
    while True:
        cards = list(range(len(rules.deck)))
        yield from t.draw_order(cards, len(contenders))
        if t.chance:
            cards.reverse()              # the cards drawn by chance, the first drawn first (seeded games as ever)
        draws = {s: cards[i] for i, s in enumerate(contenders)}
        t.emit("draw-for-dealer", draws={s: rules.deck.names[c] for s, c in draws.items()})
        low = min(order[c] for c in draws.values())
        contenders = [s for s, c in draws.items() if order[c] == low]
        if len(contenders) == 1:
            return contenders[0]


def _deal(rules: Rules, t: Table):
    """Shuffle and deal (a generator: the shuffle may be drawn by chance decisions, `Table.draw_order`)."""
    cards = list(range(len(rules.deck)))
    yield from t.draw_order(cards)
    _deal_out(rules, t, cards, "new" if rules.deal.shoe is not None else None)


def _deal_out(rules: Rules, t: Table, cards: list[int], shoe: str | None) -> None:
    """Deal from the packet `cards` (its last card first); what is left goes to the rest zone. `shoe`: the deal
    came from a new shoe or one kept from the hand before (said in the deal event)."""
    spec = rules.deal
    to = t.seat_zones[spec.to.index]
    per = spec.count
    if spec.sizes:                        # a hand schedule: this hand's size (the last size repeats past the end)
        per = spec.sizes[min(t.hand_number, len(spec.sizes)) - 1]
    n = t.n
    # from the dealer's left; seats out of the game are dealt nothing (no seat sits out before the deal)
    live = t.playing_from(t.next_seat(t.dealer)) or [t.next_seat(t.dealer, k) for k in range(1, n + 1)]
    k = len(live)
    if per is None:
        dealt = len(cards) if spec.remainder == "extra-to-first" else len(cards) - len(cards) % k
    else:
        dealt = per * k
    if spec.rest is None:        # fewer seats in than the deal was checked for: the extra cards go round too
        dealt = len(cards)
    for i in range(dealt):
        to[live[i % k]].append(cards.pop())
    t.hand_size = dealt // k
    if cards:
        t.shared[spec.rest.index].extend(cards)
    if t.events is not None:      # the names are built only for a log
        t.emit("deal", dealer=t.dealer, hands=[[rules.deck.names[c] for c in reversed(to[s])] for s in range(n)],
               rest=[rules.deck.names[c] for c in reversed(t.shared[spec.rest.index])] if spec.rest else [],
               **({"shoe": shoe} if shoe else {}))


def _explicit_deal(rules: Rules, t: Table, deal: Deal) -> None:
    n = t.n
    if len(deal.hands) != n:
        raise GameError(f"the deal has {len(deal.hands)} hands, but the game has {n} players")
    if deal.rest and rules.deal.rest is None:
        raise GameError("the deal lists 'rest' cards, but this ruleset's deal has no rest zone")
    free = {name: list(reversed(ids)) for name, ids in rules.deck.by_name().items()}

    def take(name: str) -> int:
        key = name
        if key not in free:                  # not written as the deck names it (a deal file's 'th')
            try:
                r, s = split_name(name)
            except ValueError:
                raise GameError(f"not a card name: {name!r}") from None
            key = r if s is None else f"{r}{s}"
        if key not in free:
            raise GameError(f"{name!r} is not a card of this deck")
        if not free[key]:
            raise GameError(f"{name!r} appears more often than the deck holds it")
        return free[key].pop()
    to = t.seat_zones[rules.deal.to.index]
    for s, hand in enumerate(deal.hands):
        for name in reversed(hand):          # first listed ends on top
            to[s].append(take(name))
    if deal.rest:
        rest = t.shared[rules.deal.rest.index]
        for name in reversed(deal.rest):
            rest.append(take(name))
    t.hand_size = max((len(h) for h in deal.hands), default=0)
    t.emit("deal", dealer=t.dealer, hands=[list(h) for h in deal.hands], rest=list(deal.rest))


LOG_FORMAT = 3        # the `start` event's `format`: 3 logs choices the rules made (`forced`), 2 every decision asked,
                      # 1 none


def action_space(rules: Rules) -> ActionSpace:
    """The ruleset's fixed action space, built once per compiled ruleset."""
    space = getattr(rules, "_action_space", None)
    if space is None:
        space = rules._action_space = ActionSpace(rules)
    return space


def chance_bound(rules: Rules, max_actions: int) -> int:
    """The most chance decisions a game at a chance table draws (`Table.count_chance`): every deal card by card
    and its first dealer (as many deals as the match may hold), and as many more, mid-hand, as the action
    limit (a reshuffled stock, a tie drawn by lot)."""
    deals = rules.match.max_hands if rules.match is not None else MAX_THROW_INS + 1
    return (len(rules.deck) + 1) * deals + max_actions


def start_fields(rules: Rules, seed: int, kinds_seen: list, profiles: list[str], max_actions: int,
                 deal: Deal | None, ask_turns: frozenset = frozenset(), chance: bool = False) -> dict:
    """The log's `start` event (also written by generated games, codegen/runtime.py)."""
    return {"format": LOG_FORMAT, "ruleset": rules.name, "ref": rules.ref or rules.name, "seed": seed,
            "players": rules.players, "options": rules.options, "set": rules.option_set, "bots": kinds_seen,
            "profiles": profiles, "max_actions": max_actions, "explicit_deal": deal is not None,
            **({"slaps": deal.slaps} if deal is not None and deal.slaps is not None else {}),
            **({"ask_turns": sorted(ask_turns)} if ask_turns else {}), **({"chance": True} if chance else {}),
            "event": "start"}


class Run:
    """One game under way: its table and the rules running as a generator, stopped at a decision or over.

    Seats whose kind is a bot are answered inline (inside the phases, no stop); a seat given as None is
    answered outside: `decision` holds what it must choose and `advance(action)` runs the rules on.
    """

    def __init__(self, rules: Rules, seed: int, deal: Deal | None = None, *,
                 agents: Callable[[], list] | None = None, max_actions: int = DEFAULT_MAX_ACTIONS,
                 log: bool | Callable[[], Any] = True, check: bool = False,
                 profiles: list[str | None] | None = None, seat_kinds: list[str] | None = None,
                 cycle_length: int = 0, ask_turns: Iterable[int] = (), chance: bool = False):
        """`agents()` makes the seats' inline answerers (None for a seat asked from outside; no factory:
        every seat is asked from outside). A factory, not a list: a game that must be played again to
        locate a cycle needs fresh agents in their starting state. `ask_turns`: seats (answered outside) that
        turn their own cards in flip and battle phases, each card a decision of one action, "turn a card".
        `chance`: every random event (a shuffle, for a deal or mid-hand, card by card: `Table.draw_order`; a
        random dealer, a tie drawn by lot, a card's random place: `Table.lot`) is drawn as chance decisions of
        seat CHANCE (OpenSpiel's chance nodes); `seed` then only starts the stream."""
        ask_turns = frozenset(ask_turns)
        self.args = dict(rules=rules, seed=seed, deal=deal, agents=agents, max_actions=max_actions, log=log,
                         check=check, profiles=profiles, seat_kinds=seat_kinds, ask_turns=ask_turns, chance=chance)
        inline = agents() if agents is not None else [None] * rules.players
        log = log or any(b is not None and b.observes for b in inline)    # a bot that reads the game's events
        t = self.t = Table(rules, seed, max_actions, log, check)
        t.cycle_from = CYCLE_CHECK_FROM
        t.cycle_length = cycle_length
        t.space = self.space = action_space(rules)
        t.forker = fork_table
        t.inline = inline
        t.asks_turns = ask_turns
        t.chance = chance
        t.max_chance = chance_bound(rules, max_actions) if chance else 0
        t.profiles = reaction_profiles(rules, profiles or [None] * t.n)
        if deal is not None and deal.slaps is not None:
            t.script = {}
            for sl in deal.slaps:
                t.script.setdefault(sl["after"], []).append(sl)
        if t.events is not None:
            kinds_seen = seat_kinds or [b.kind if b is not None else "external" for b in t.inline]
            t.events.append(start_fields(rules, seed, kinds_seen, t.profiles, max_actions, deal, ask_turns, chance))
        self.history: list[int] = []          # the actions given from outside, in order
        self.decision = None
        self.result: Result | None = None
        self.gen = _game(rules, t, deal)
        self._step(None)

    def fork(self, seed: int | None, log: list | None, inline: list, hand_only: bool = False) -> "Run | None":
        """A copy of this game, stopped at its decision, that plays on when `resume()`d: its table copied
        (Table.fork; `seed` None: the same random stream), each seat answered by `inline` (None: asked
        from outside, as the decision it is stopped at is asked again), its events into `log` (None: none);
        `hand_only`: it stops when the hand is over (outcome "hand"; `t.score_history` has one more row when
        the hand was scored). None when the phase under way cannot go on from a copy (its kind keeps no
        resumable place, or the decision is not one it can resume at). The search bot uses it to play many
        sampled games on from one decision without replaying the hand."""
        if not self.forkable:
            return None
        other = fork_table(self.t, seed, log, inline, hand_only)
        other.args, other.history = self.args, list(self.history)
        return other

    @property
    def forkable(self) -> bool:
        """Whether `fork` can copy this game where it stands: the phase under way keeps a runner
        (`Table.runner`: the trick's and the climb's) whose copy is the same game (`exact`; a pass's copy
        starts the pass again) and its `pending` decision, the one it can go on from (`runner.fork(table)`),
        is the decision the game is stopped at."""
        runner = self.t.runner
        return self.decision is not None and runner is not None and runner.exact and runner.pending is self.decision

    def resume(self) -> None:
        """Run a fork on (its seats are answered inline: to the end, or to a seat asked from outside)."""
        self._step(None)

    def advance(self, action: int) -> None:
        """Answer the pending decision (a legal action, checked by the caller) and run on to the next one."""
        self.history.append(action)
        self._step(action)

    def _step(self, action: int | None) -> None:
        t = self.t
        try:
            try:
                self.decision = next(self.gen) if action is None else self.gen.send(action)
                return
            except RecursionError:
                raise GameOver("limit", [], "evaluation too deep") from None
        except GameOver as over:
            outcome, winners, reason, losers = over.outcome, over.winners, over.reason, over.losers
        except (KeyboardInterrupt, Exception) as stop:   # a rule's error, Ctrl-C, or a bug of ours
            try:
                stop.events = t.events      # what was played so far: the CLI still writes a partial --log
            except AttributeError:
                pass
            raise
        self.decision = None
        if outcome == "cycle" and not t.cycle_length and self.args is not None:
            # the same game again, to find where the loop starts (a fork, a search's copy, keeps Brent's round)
            again = Run(**self.args, cycle_length=t.cycle["length"])
            for a in self.history:
                if again.decision is None:      # the loop's start is found before the later decisions
                    break
                again.advance(a)
            self.t, self.result = again.t, again.result
            return
        if t.check and t.in_play is not None:
            t.check_conservation()
        self.result = finish(t.rules, t.seed, t, outcome, winners, reason, t.cycle, t.hand_number, losers)


def fork_table(t: Table, seed: int | None, log: list | None, inline: list, hand_only: bool = False) -> Run:
    """A game copied from table `t`, whose phase runner waits on a decision it can go on from (its `pending`):
    Run.fork's copy, and `Decision.fork`'s for a seat answered inline (Table.answer). Its history is its own
    from here (a copy of a game asked from outside takes that game's: Run.fork)."""
    c = t.fork(seed, log, inline)
    c.hand_only = hand_only
    going = t.runner.fork(c)
    other = Run.__new__(Run)
    other.args, other.history = None, []
    other.t, other.space = c, t.space
    other.decision, other.result = None, None
    other.gen = _play_hands(c.rules, c, going)
    return other


def _game(rules: Rules, t: Table, deal: Deal | None):
    """The whole game as a generator of decisions: the dealer, the deal, then hand after hand."""
    if deal is not None and deal.dealer is not None:
        if not 0 <= deal.dealer < t.n:
            raise GameError(f"dealer seat {deal.dealer} does not exist with {t.n} players")
        t.dealer = deal.dealer
    elif deal is not None:
        t.dealer = t.n - 1
    else:
        t.dealer = yield from _choose_dealer(rules, t)
    if deal is not None:
        t.hand_number = deal.hand
        if deal.scores is not None:
            t.scores = list(deal.scores)
        for name, values in ((deal.counters or {}).get("seat") or {}).items():
            if name in t.counters:
                t.counters[name] = list(values)
        for name, value in ((deal.counters or {}).get("table") or {}).items():
            if name in t.table_counters:
                t.table_counters[name] = value
        _explicit_deal(rules, t, deal)
    else:
        yield from _deal(rules, t)
    if t.check:                          # the multiset conservation is checked against, only when checking
        t.in_play = t.all_cards()
    yield from _play_hands(rules, t)


HAND_OVER = "the hand is over (a fork that plays one hand: Run.fork)"


def _play_hands(rules: Rules, t: Table, resume=None):
    """Hand after hand: run the phases, score, test the match end, rotate the dealer, deal again. `resume`
    (a forked runner's generator, Run.fork) goes on with the phase under way instead of starting a hand."""
    match = rules.match
    phases = list(zip(rules.phases, rules.phase_when))
    while True:
        keep_dealer = False                 # `redeal: same-dealer` threw the hand in
        thrown_in = False                   # the hand was thrown in: no hand played, so no match end read
        if resume is None:
            for name in rules.hand_counters:    # `reset: hand`: a mark of this hand only
                if name in t.table_counters:
                    t.table_counters[name] = rules.table_counters[name]
                else:
                    t.counters[name] = [rules.counters[name]] * t.n
            t.actor = t.next_seat(t.dealer)
            for phase in rules.phases:          # hand-start hooks (e.g. a trump turned up before the bidding)
                start = getattr(phase, "start_hand", None)
                if start is not None:
                    start(t)
            t.actor = t.next_seat(t.dealer)
            first = 0
        else:
            first = t.phase_index
        try:
            if resume is not None:
                going, resume = resume, None
                yield from going
                first += 1
            for i in range(first, len(phases)):
                phase, when = phases[i]
                if when is None or when(t):
                    t.phase_index, t.runner = i, None
                    yield from phase.run(t)
        except ThrowIn as thrown:           # no scoring: the next hand is dealt (a new hand, the deal moves on)
            keep_dealer, thrown_in = thrown.same_dealer, True
            if t.hand_only:
                raise GameOver("hand", [], HAND_OVER) from None
            if match is None or match.end is None:     # a one-hand game: dealt again, at most MAX_THROW_INS times
                if t.hand_number >= MAX_THROW_INS:
                    raise GameOver("limit", [], f"every hand thrown in ({MAX_THROW_INS} deals)") from None
                t.hand_number += 1
                yield from _redeal(rules, t, same_dealer=True)
                continue
        else:
            if rules.scoring is not None:
                _score_hand(rules, t)
                if t.hand_only and match is not None and match.end is not None:    # (a one-hand game ends: its result)
                    raise GameOver("hand", [], HAND_OVER)
            if match is not None and match.knock_out is not None:
                _knock_out(match, t)
        t.check_end()
        if match is None or match.end is None:
            winners, losers = _match_result(match, t)
            raise GameOver("finished", winners, "the hand is over", losers)
        if not thrown_in and match.end(t):
            winners, losers = _match_result(match, t)
            raise GameOver("finished", winners, "the match is over", losers)
        if t.hand_number >= match.max_hands:
            stuck = "" if t.knocked_none_at is None else (
                f"; after hand {t.knocked_none_at} the knock-out held for every player still in, so it knocked "
                "nobody out (say who is worst off: docs/choosing.md, 'Knocked out of the match')")
            raise GameOver("limit", [], f"no result after {match.max_hands} hands (match.max-hands){stuck}")
        if t.hand_only:
            raise GameOver("hand", [], HAND_OVER)
        if match.dealer_to is not None and not keep_dealer:     # read on the hand just scored (its number too)
            _dealer_to(match.dealer_to, t)
        t.hand_number += 1
        yield from _redeal(rules, t, same_dealer=match.dealer != "rotate" or keep_dealer)


def _dealer_to(to, t: Table) -> None:
    """`match.dealer: {to: ...}`: the next dealer is the first seat in play from the dealer's left for which
    `to` holds on the hand just scored (the dealer last), else one seat on."""
    for k in range(1, t.n + 1):
        s = t.next_seat(t.dealer, k)
        t.loc["s"] = s
        if not t.out[s] and to(t):
            t.dealer = s
            return
    t.dealer = t.next_in_play(t.dealer)


def _redeal(rules: Rules, t: Table, same_dealer: bool):
    """The next deal (a generator, as `_deal`): the dealer moves on to the next seat still in the game (or
    stays), every seat is back in play for the hand, the cards are gathered and dealt again."""
    t.sitting = [False] * t.n
    if not same_dealer:
        t.dealer = t.next_in_play(t.dealer)
    if rules.deal.shoe is not None and _shoe_kept(rules, t):
        shoe = t.shared[rules.deal.rest.index]
        cards = list(shoe)
        shoe.clear()
        _deal_out(rules, t, cards, "kept")
    else:
        _gather(t)
        yield from _deal(rules, t)
    if t.check:
        t.in_play = t.all_cards()


def _match_result(match, t: Table) -> tuple[list[int], list[int] | None]:
    """The match's winners, and its losers when it names them (`losers`: the other players still in win)."""
    if match is None or match.winners is None:
        return [], None
    chosen = t.select(match.mode, match.winners)
    if not match.losers:
        return chosen, None
    return [s for s in t.seat_range if s not in chosen and not t.out[s]], chosen


def _knock_out(match, t: Table) -> None:
    """After a scored hand, every seat still in for which `match.knock-out` holds is out of the game. Every
    seat is judged on the same table (before anyone goes out); a knock-out that would leave no seat in knocks
    nobody out (the match end decides what follows; `max-hands` stops a match that never ends)."""
    hit = []
    for s in t.seat_range:
        t.loc["s"] = s
        if not t.out[s] and match.knock_out(t):
            hit.append(s)
    if all(t.out[s] or s in hit for s in t.seat_range):
        if t.knocked_none_at is None:                 # said if the match then never ends (`max-hands`)
            t.knocked_none_at = t.hand_number
        return
    for s in hit:
        t.out[s] = True
        t.emit("out", seat=s, why="knocked out")
        t.stat("knocked-out", s)


def _pots_won(pot: tuple, t: Table) -> list[int]:
    """Each seat's winnings from the main and side pots (`scoring.pot`, engine/pots.py)."""
    stake, strength, contending, side = pot
    stakes, strengths = [], []
    for s in t.seat_range:
        t.loc["s"] = s
        stakes.append(stake(t) or 0)
        strengths.append(strength(t) if not t.out[s] and (contending is None or contending(t)) else None)
    return split_pots(stakes, strengths, [t.next_seat(t.dealer, k) for k in range(1, t.n + 1)], side)


def _shoe_kept(rules: Rules, t: Table) -> bool:
    """A shoe after a hand: every card but the shoe's goes to the discards (zone by zone, in order), every zone
    face down again; is the next hand dealt from the shoe as it is? Not when `reshuffle` holds or the shoe is
    too short for the deal (then every card is gathered and shuffled into a new shoe)."""
    spec = rules.deal
    keep, out = spec.rest.index, t.shared[spec.shoe.discards.index]
    t.exposed.clear()
    for zone in t.seat_zones:
        for z in zone:
            out.extend(z)
            z.clear()
    for i, z in enumerate(t.shared):
        if i != keep and z is not out:
            out.extend(z)
            z.clear()
    per = spec.sizes[min(t.hand_number, len(spec.sizes)) - 1] if spec.sizes else spec.count
    live = t.playing_from(t.next_seat(t.dealer)) or list(t.seat_range)
    if len(t.shared[keep]) < per * len(live):
        return False
    return spec.shoe.reshuffle is None or not spec.shoe.reshuffle(t)


def _gather(t: Table) -> None:
    """Every card back into one sorted packet, so the next shuffle depends only on the seed; every zone face
    down again as its visibility says (`exposed`)."""
    t.exposed.clear()
    for zone in t.seat_zones:
        for z in zone:
            z.clear()
    for z in t.shared:
        z.clear()


def _score_hand(rules: Rules, t: Table) -> None:
    sc = rules.scoring
    if sc.pot is not None:
        t.pot_won = _pots_won(sc.pot, t)
    for s in t.seat_range:
        t.loc["s"] = s
        t.hand_points[s] = sc.points(t)
    chosen = None
    named: dict = {}
    for rule in sc.rules:
        if rule.when(t):
            chosen = rule.score
            if rule.name:
                named = {"rule": rule.name, "who": t.select("where", rule.who) if rule.who else []}
                for s in named["who"]:            # a counter per named rule, for `ruleplay sim`
                    t.stat("rule:" + rule.name, s)
            break
    for s in t.seat_range:
        t.loc["s"] = s
        t.hand_scores[s] = chosen(t) if chosen else t.hand_points[s]
        t.scores[s] += t.hand_scores[s]
    t.score_history.append(list(t.hand_scores))
    t.emit("score", hand=t.hand_number, points=list(t.hand_points), scores=list(t.hand_scores),
           totals=list(t.scores), tricks_won=list(t.tricks_won), **named)

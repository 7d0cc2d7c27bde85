"""ismcts: a bot that searches, by information-set Monte Carlo tree search (single observer).

Cowling, Powley and Whitehouse (2012): each iteration samples a
determinization (the hidden cards dealt one way the seat cannot tell from
the truth: determinize.py), descends one tree shared by all
determinizations, choosing by UCB among the actions legal in this
determinization (a child's count of times it was available stands in for
the parent's visits), adds one node, plays the hand out with the `smart`
bot for every seat and backs up each seat's value of the hand. The most
visited action at the root is played.

The policy's own choice at the root (what `smart` would play, read from the
real decision's view) is expanded first and carries a progressive bias,
PRIOR / visits, in its UCB value (Chaslot et al. 2008): with a small budget
the search leaves the policy only on evidence, so few iterations already
play clearly better than the policy (docs/python-api.md "The ismcts bot": 20
iterations with the bias are about as strong as 50 without it).

An iteration is one game run from the sampled deal with every seat answered
inline by an `Iteration` (the engine stops only at the first decision, where
the iteration takes its seats and the game becomes one hand long:
`State.answer_inline`): first
the hand so far is replayed (`Script`: other seats' public decisions as they
were, their hidden pass picks as sampled) with no views built; at the seat's
decision the sampled deal is proven: its seat-filtered log must equal the
seat's own, event for event, and its legal actions the same, so a deal that
would have shown the seat anything different (a void broken, a forced card
that was not played, another trump turned) is never searched. Then the log is
switched off, the tree is descended and the policy plays on (a plain trick's
cards worked out without views: `Bot.rollout`); the game stops when the hand
is over. Nothing here knows a game: the sampler
reads only deck suits, zone sizes and the events, and the replay lets the
rules judge the rest. A refused deal leaves a hint for the sampler
(`Script.hint`).

Where the phase under way can go on from a copy (a trick phase's card
decision, a pass pick, a climb's turn: `State.fork_at`, `State.fork`), each iteration
plays on a copy of the game as it stands instead (a pass starts again on it,
the seat's own picks standing and the seats before it picking afresh, at
random like a replay's: the `CHANCE` step): the cards the seat has not seen are dealt
again where they lie (`determinize.Unseen`, which keeps the voids shown and
the refusal hints, and whose deal depends only on which cards are unseen,
never on where they truly lie), so no replay is needed. (OpenSpiel's
`ResampleFromInfostate` does the same from the true state.) When the seat
knows of a card it cannot place (a loose card), one sampled deal is proven
first and copied instead. Such a deal is not proven against the seat's whole
log (a lead restriction that showed a seat held nothing else, say), only
against what the sampler models; bids and the other kinds still replay.

The budget is N iterations, and at most N/5 per legal action (PER_ACTION at
the default N; a choice between two cards needs fewer than a lead from thirteen).

Cost: an iteration costs about one hand of the engine with `smart` bots
(the replay to the decision, then the playout), or the rest of the hand on a
fork, so the budget is counted in iterations. The search stops early when
the most visited action can no longer be overtaken (`_settled`: the same action as the full budget), and a
decision that follows the seat's own last one with nothing between (the
next pass pick) starts from that search's subtree, with half the budget
(`CONTINUED`).

The search covers the current hand: a determinized game starts at this
hand of the match (`Deal.hand`, `Deal.scores`) and a playout stops when the
hand is scored. A seat's value is its hand score placed between the hand's
worst and best (1.0 best), as `returns()` places final totals (a match won
`where` a total is high enough, `s.score >= 7`, as `highest`: `Match.leaning`;
one whose `where` says neither is played as `smart`, and `run -v` says so); a
game that does not score by hands is valued by `returns()` at its end. Slap windows
are answered by the bot's reaction profile, not searched.
"""
from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass, field
from functools import partial

from ruleplay.agents.bots import Bot
from ruleplay.agents.determinize import Knowledge, Sample, Unseen, determinize, knowledge, learn_slots, meanings
from ruleplay.engine.results import returns_of
from ruleplay.engine.run import action_space
from ruleplay.engine.state import Game, State
from ruleplay.errors import GameError, RuleplayError

__all__ = ["ISMCTSBot", "Knowledge", "Sample", "determinize", "knowledge", "prove"]

DEFAULT_ITERATIONS = 20
TRIES = 30           # sampled deals per iteration before the bot gives up and plays `smart`
NO_DEAL = f"none of {TRIES} deals sampled fitted what the seat had seen"
EQUAL_CARDS = ("the deck has equal cards (two of one name), searched only at a card to play in a trick, a pass, "
               "a climb or a `turns` move (a copy of the game), not where the hand so far would be replayed on a "
               "sampled deal")
EXPLORE = 0.7        # UCB's exploration constant (values lie in [0, 1])
PRIOR = 1.0          # the progressive bias of the policy's own choice at the root (PRIOR / visits)
PER_ACTION = 4       # a decision between k actions gets at most 4k iterations of the default N (20), N/5 each at
# another N: two cards are told apart with fewer iterations than thirteen (docs/python-api.md "The ismcts bot": the
# same strength, a fifth less CPU), and a larger N buys every decision more (`ismcts:200` at a yes/no: 80, not 8)
CONTINUED = 2        # a decision that goes on from the seat's own last one (its next pass pick) gets N / 2, its
# subtree included: the search of the first pick explored the same tree (docs/python-api.md "The ismcts bot": as strong
# with a tenth less CPU)
PLAYOUT_ACTIONS = 10  # a playout stops (valued 0 for every seat) after this many actions per deck card: a
# shed game whose seats may draw instead of playing can draw and reshuffle for a long time


class Refuted(Exception):
    """The sampled game showed the seat something it did not see: the deal is not in its information set."""


class HandOver(Exception):
    """A sampled game was scored before the seat's decision: it never reached it."""


class Script:
    """Answers every seat's decisions of the hand so far in a sampled game, as the seat saw them made: its
    own in order, another seat's card as its next card played, its public choices in order, its hidden
    pass picks as sampled. `events` is the sampled game's log, read for the cards played so far; `game`
    the sampled game, once it is dealt (the seat's log there, for `hint`)."""

    def __init__(self, k: Knowledge, sample: Sample, space, rng: random.Random, events: list[dict]):
        self.game: State | None = None
        self.k, self.me = k, k.me
        self.mine = deque(k.mine)
        self.moves = {s: deque(v) for s, v in k.moves.items()}
        self.picks = {s: deque(q) for s, q in sample.picks.items()}
        self.space, self.rng, self.events = space, rng, events
        self.seen = 0
        self.hints: dict[int, set] | None = None     # set by the search to learn from refusals (`hint`)
        self.played = [0] * space.rules.players        # cards each seat played in the sampled game so far
        self.meaning = meanings(space.rules)           # what each event means (EventSpec.sample)
        self.moved = [0] * space.rules.players         # cards of `moves` consumed, per seat

    def action(self, d) -> int:
        """The action for decision `d` of another seat, or of `me` while it has decisions left (Refuted
        when the sampled game has gone where the true one did not)."""
        if d.window is not None:
            raise Refuted
        acts, space, seat = d.actions, self.space, d.seat
        if seat == self.me:                    # (`reached` caught up with its forced choices)
            a = self.mine.popleft()
        elif d.sealed and acts[0] < space.cards:
            q = self.picks.get(seat)
            a = space.first[q.popleft()] if q else acts[self.rng.randrange(len(acts))]
        elif acts[-1] < space.cards and self._hidden_choice():
            a = self._laid_away(seat, acts)
        else:
            self._catch_up()
            q = self.moves.get(seat)
            if q:
                is_card, what = q.popleft()
                if is_card:
                    self.moved[seat] += 1
                    a = space.first[what]
                else:
                    a = what
            elif d.sealed:
                a = acts[self.rng.randrange(len(acts))]
            else:
                self.hint(d)
                raise Refuted
        if a not in acts:
            self.hint(d)
            raise Refuted
        return a

    def _hidden_choice(self) -> bool:
        """Is the phase under way one whose card choices the others never see (cards laid away: a dealer's
        discard after taking the turn-up)? Its card is then no card played: it must not take one of the
        seat's plays seen later."""
        game = self.game
        return game is not None and getattr(game.game.rules.phases[game.phase()], "hides_choice", False)

    def _laid_away(self, seat: int, acts: list[int]) -> int:
        """A card laid away unseen, drawn among those the seat is not seen to play later (else any)."""
        later = {self.space.first[what] for is_card, what in self.moves.get(seat, ()) if is_card}
        free = [a for a in acts if a not in later] or acts
        return free[self.rng.randrange(len(free))]

    def hint(self, d) -> None:
        """On a refusal, a hint for the sampler (`hints`, per seat): where the seat's log first differs, another
        seat truly drew or passed without choosing, but here played a card (or is asked to): the cards it
        played or could play were not in its hand then; or it made the same move with other cards (a
        climb's pair): the cards only the sampled move used were not in its hand. A hint only steers the
        sampling; the proof decides."""
        if self.hints is None or d.observe is None:
            return
        seen, real = self.game.seat_events(self.me)[1:], self.k.events
        i = next((i for i, (x, y) in enumerate(zip(seen, real)) if x != y), min(len(seen), len(real)))
        r = real[i] if i < len(real) else {}
        j = r.get("seat")
        if j is None or j == self.me or "card" in r or self.meaning(r) == "decision":
            return
        names = self.space.rules.deck.names
        if i < len(seen):
            x = seen[i]
            if self.meaning(x) in ("plays", "follows") and x.get("seat") == j:
                self.hints.setdefault(j, set()).add(x["card"])
            elif x["event"] == r["event"] and x.get("seat") == j and isinstance(x.get("cards"), list) \
                    and isinstance(r.get("cards"), list) and None not in x["cards"]:
                # the same move put down other cards (a pair of the same rank): the rules chose these over the
                # true ones, so the seat did not hold them
                self.hints.setdefault(j, set()).update(set(x["cards"]) - set(r["cards"]))
        elif d.seat == j and not d.sealed:
            self.hints.setdefault(j, set()).update(names[a] for a in d.actions if a < self.space.cards)

    def _catch_up(self) -> None:
        """Drop the cards the rules played for a seat (its only legal card, not asked) since the last look, and
        the choices they made for it (`forced`: logged as decisions, and so in the seat's knowledge)."""
        ev = self.events
        meaning = self.meaning
        for e in ev[self.seen:]:
            m = meaning(e)
            if m in ("plays", "follows") and e["seat"] is not None:
                self.played[e["seat"]] += 1
            elif m == "decision" and "forced" in e:
                q = self.mine if e["seat"] == self.me else self.moves.get(e["seat"])
                if q and q[0] == (e["action"] if e["seat"] == self.me else (False, e["action"])):
                    q.popleft()
        self.seen = len(ev)
        for seat, q in self.moves.items():
            while q and q[0][0] and self.moved[seat] < self.played[seat]:
                q.popleft()
                self.moved[seat] += 1

    def reached(self, d) -> bool:
        """Whether `d` is the seat's decision the search is for: its own, after all it decided so far."""
        if d.seat == self.me:
            self._catch_up()
        return d.seat == self.me and not self.mine and d.window is None

    def proves(self, d, actions: list[int]) -> bool:
        """At that decision, the sampled game shows the seat what it saw: the same legal actions (`actions`,
        sorted), every public move of the others made, and its log event for event."""
        return sorted(d.actions) == actions and self.done() and d.observe()[1:] == self.k.events

    def done(self) -> bool:
        """Every public move of the others was made (the decisions still pending are `me`'s)."""
        self._catch_up()
        return not any(self.moves.values())


def prove(rules, k: Knowledge, sample: Sample, actions, rng: random.Random, *, hints: dict | None = None,
          script_class: type | None = None) -> State | None:
    """The sampled game replayed to the seat's decision, every decision asked from outside, or None when
    the seat would have seen anything different from what it saw (its filtered log, and its legal actions
    now, must be the same). The search does the same inline (`Iteration`). `hints`: the refusals' hints
    kept across calls (`Script.hint`); `script_class`: a `Script` that answers the other seats otherwise
    (OpenSpiel's resampling draws their unseen choices at random)."""
    events: list[dict] = []
    game = Game(rules)
    state = game.new_initial_state(rng.randrange(1 << 30), sample.deal, log=lambda: events)
    script = (script_class or Script)(k, sample, game.space, rng, events)
    script.game = state
    if hints is not None:
        script.hints = hints
    try:
        while True:
            d = state.decision()
            if d is None:
                return None
            if script.reached(d):
                break
            state.apply_action(script.action(d))
    except (Refuted, GameError, RuleplayError):     # a sampled deal the rules cannot play (a world that the
        return None                                  # real deal's conditions rule out): no proof
    return state if script.proves(d, sorted(actions)) else None


@dataclass(slots=True)
class Node:
    seat: int                        # the seat whose action led here (its value is backed up)
    visits: int = 0
    value: float = 0.0
    avail: int = 0
    children: dict = field(default_factory=dict)


class Log(list):
    """A searched game's event list while the hand so far is replayed (for the proof): a score before the
    seat's decision ends that game there (the decision was never reached)."""

    def __init__(self, meaning):
        super().__init__()
        self.meaning = meaning               # what each event means (EventSpec.sample)

    def append(self, ev: dict) -> None:
        if self.meaning(ev) == "totals":
            raise HandOver
        list.append(self, ev)


REPLAY, CHANCE, TREE, PLAYOUT = range(4)


class Iteration(Bot):
    """One iteration of the search, answering every seat of a sampled game inline (no stop between
    decisions): the hand so far replayed by the `Script` and proven at the seat's decision (its log and
    legal actions as they truly are), then the tree descended by UCB and one node added, then the hand
    played out by the policy (`rollout`: in a plain trick the runner picks its cards without views,
    kinds/trick.py `rollout_card`). Views are built only for the policy (`wants_view`); the log is off after
    the proof, and a copy's iteration reads no log at all (`observes`)."""

    def __init__(self, bot: "ISMCTSBot", k: Knowledge, sample: Sample | None, space, root: Node, actions: list[int]):
        self.kind, self.rng, self.next_false = bot.kind, bot.rng, None
        self.policy, self.k, self.root, self.actions = bot.policy, k, root, actions
        self.game: State | None = None       # the sampled game, once it is dealt (ISMCTSBot.descend)
        self.observes = sample is not None   # a replay proves its deal on the seat's log; a copy needs none
        if sample is None:                   # a copy of the game at the decision (ISMCTSBot.fork_descend)
            self.phase = CHANCE
        else:
            self.log = Log(meanings(space.rules))
            self.script = Script(k, sample, space, bot.rng, self.log)
            self.script.hints = bot.hints
            self.phase = REPLAY
        self.node, self.path = root, []
        self.grown: tuple | None = None      # (children, action): the node this iteration added, until backed up
        self.prior = bot.prior

    @property
    def wants_view(self) -> bool:
        return self.phase == PLAYOUT

    def forget(self) -> None:
        """An iteration given up after it grew the tree (its world could not be played on): the node it added,
        never visited, is taken out again."""
        if self.grown is not None:
            kids, a = self.grown
            kids.pop(a, None)
            self.grown = None

    def act(self, d, space) -> int:
        if self.phase == REPLAY:
            if not self.script.reached(d):
                return self.script.action(d)
            if not self.script.proves(d, self.actions):
                self.script.hint(d)
                raise Refuted
            self.game.stop_log()             # nothing is logged from here: the proof has read the log
            self.phase = TREE
        elif self.phase == CHANCE:
            # a copy of a pass asks the seats before this one again: their picks, which the seat never saw,
            # drawn at random (as a replay draws them); the seat's own decision is the search's
            if d.seat != self.k.me or d.window is not None:
                if not d.sealed:
                    raise Refuted
                return d.actions[self.rng.randrange(len(d.actions))]
            self.phase = TREE
        if d.window is not None or self.phase == PLAYOUT:
            return self.policy.act(d, space)
        acts, kids, rng = d.actions, self.node.children, self.rng
        fresh = [a for a in acts if a not in kids]
        for a in acts:
            if a in kids:
                kids[a].avail += 1
        if fresh:
            prior = self.prior if self.node is self.root else None
            a = prior if prior in fresh else fresh[rng.randrange(len(fresh))]
            self.path.append(Node(d.seat, avail=1))
            kids[a] = self.path[-1]
            self.grown = (kids, a)
            self.phase = PLAYOUT             # the rest of the hand as the policy plays it, views built again
            self.rollout = self.policy       # (a plain trick's cards without views: Bot.rollout)
            return a
        if self.node is self.root and self.prior is not None:
            p = self.prior
            a = max(acts, key=lambda a: _ucb(kids[a]) + (PRIOR / kids[a].visits if a == p else 0.0))
        else:
            a = max(acts, key=lambda a: _ucb(kids[a]))
        self.node = kids[a]
        self.path.append(self.node)
        return a


def unsearchable(rules, space) -> str | None:
    """Why the search cannot run on any decision of this game, so the bot plays it all as `smart` (a driver says
    so before the games: `run`, `sim`); None when it can."""
    if not space.unique and not any(getattr(ph, "searched_with_equal_cards", False) for ph in rules.phases):
        return EQUAL_CARDS
    m = rules.match
    if rules.scoring is not None and m is not None and m.mode == "where" and m.leaning is None \
            and m.end is not None:                    # (a match of one hand is valued by its winners)
        return ("the match's winners (where:) do not say whether a higher or a lower total is better, so a hand "
                "played out has no value")
    if rules.scoring is None and m is not None and m.end is not None and m.knock_out is not None:
        return ("the hands of the knock-out match are not scored, so a hand played out has no value (score each "
                "hand: a life or a token lost is -1)")
    return None


def unsearched_notes(rules, kinds: list[str]) -> list[str]:
    """What a driver tells before playing: the seats whose `ismcts` cannot search this game at all (`unsearchable`),
    which play as `smart` (a search that looked like one would otherwise go unnoticed)."""
    seats = [str(i) for i, k in enumerate(kinds) if k.split(":")[0] == "ismcts"]
    why = unsearchable(rules, action_space(rules)) if seats else None
    return [] if why is None else [f"ismcts (seat{'s' if len(seats) > 1 else ''} {', '.join(seats)}) plays every "
                                   f"decision as smart here: {why}"]


class ISMCTSBot(Bot):
    """`--bots ismcts[:N]`: N iterations of the search per decision (see the module docstring)."""

    observes = True

    def __init__(self, rng: random.Random, iterations: int | None = None, kind: str = "ismcts"):
        super().__init__(kind, rng)
        self.wants_view = True                       # the `smart` fallback reads views
        self.iterations = iterations or DEFAULT_ITERATIONS
        self.policy = Bot("smart", rng)
        self.proven = self.failed = 0                # sampled deals proven, and refused, for tests
        self.searched = 0                            # decisions searched; and those played as `smart`, by why:
        self.unsearched: dict[str, int] = {}         # what `note` tells the user (`ruleplay run -v`)
        self.slots: tuple[tuple, dict] = ((), {})    # loose cards' places, learned once per hand
        self.last: tuple | None = None               # (events, subtree, action) of the last search
        self.hints: dict[int, set] = {}              # per seat, cards it did not hold (`Script.hint`)
        self.prior: int | None = None                # the policy's action at the root of the search under way

    def act(self, d, space) -> int:
        if d.window is not None:
            return super().act(d, space)
        if d.observe is None:
            return self._unsearched(d, space, "the decision does not show the seat the game's events")
        why = unsearchable(space.rules, space)
        if why is not None:
            return self._unsearched(d, space, why)
        events = d.observe()
        meaning = meanings(space.rules)
        if not events or not any(meaning(ev) == "deal" for ev in events):
            return self._unsearched(d, space, "no cards were dealt yet (nothing to sample)")
        # the policy's memory of choices made at a position (`smart`'s "not the same choice twice from the same
        # position") is the search's own: its playouts pass positions the game never reached, and the game's
        # memory would steer the root's prior away from the choice smart makes (a tester's find: a seat that
        # could beat picked up, every time)
        tried, self.policy.tried = self.policy.tried, {}
        try:
            return self.search(d, space, events)
        finally:
            self.policy.tried = tried

    def _unsearched(self, d, space, why: str) -> int:
        """`smart`'s action, where the search cannot run, counted by why (`note`)."""
        self.unsearched[why] = self.unsearched.get(why, 0) + 1
        return self.policy.act(d, space)

    def note(self) -> str | None:
        """How many decisions it searched and why it played the rest as `smart` (None: it searched them all)."""
        if not self.unsearched:
            return None
        rest = sum(self.unsearched.values())
        whys = "; ".join(f"{why} ({n})" for why, n in sorted(self.unsearched.items(), key=lambda kv: -kv[1]))
        return (f"{self.kind} searched {self.searched} of {self.searched + rest} decisions and played the "
                f"rest as smart: {whys}")

    def places(self, rules, k: Knowledge) -> dict[str, list]:
        """The loose cards' possible places (learn_slots), kept for the rest of the hand; the hints of the
        refusals (`Script.hint`) are kept for the hand too."""
        key = (k.hand, k.dealer, tuple(k.loose))
        if self.slots[0] != key:
            if self.slots[0][:2] != key[:2]:
                self.hints = {}
            self.slots = (key, learn_slots(rules, k, self.rng) if k.loose else {})
        return self.slots[1]

    def iterate(self, space, k: Knowledge, slots: dict, root: Node, actions: list[int]) -> bool:
        """One iteration on a proven determinization (up to TRIES sampled deals); False if none was proven."""
        for _ in range(TRIES):
            s = determinize(space.rules, k, self.rng, slots, self.hints)
            if s is not None and self.descend(space, k, s, root, actions):
                self.proven += 1
                return True
            self.failed += 1
        return False

    def descend(self, space, k: Knowledge, sample: Sample, root: Node, actions: list[int]) -> bool:
        """One iteration on `sample` (see `Iteration`), its values backed up; False when the proof refuses it.
        The sampled game is dealt with no seat answered inline, so it stops at the first decision; from there
        the iteration answers every seat, and the game stops when the hand is over (`hand_only`)."""
        rules = space.rules
        it = Iteration(self, k, sample, space, root, actions)
        cap = PLAYOUT_ACTIONS * len(rules.deck) + 2 * len(k.events)     # the replay emits at least as many events
        try:
            game = Game(rules).new_initial_state(self.rng.randrange(1 << 30), sample.deal, max_actions=cap,
                                                 log=lambda: it.log)
            it.game = it.script.game = game
            game.answer_inline([it] * rules.players, hand_only=True)
            d = game.decision()
            if d is not None:
                game.apply_action(it.act(d, space))
        except (Refuted, HandOver, GameError, RuleplayError):   # a sampled world the rules cannot play on
            it.forget()
            return False
        if it.phase == REPLAY:                       # the game ended before the seat's decision
            return False
        self.back_up(rules, it, game)
        return True

    def start(self, space, k: Knowledge, slots: dict, actions: list[int]) -> State | None:
        """A sampled game proven to the decision (`prove`; None when none of TRIES deals is). Where the phase
        under way can go on from a copy there (`State.forkable`), the search forks it for each iteration
        instead of replaying the hand."""
        for _ in range(TRIES):
            s = determinize(space.rules, k, self.rng, slots, self.hints)
            state = prove(space.rules, k, s, actions, self.rng) if s is not None else None
            if state is not None:
                return state
            self.failed += 1
        return None

    def fork_descend(self, fork, unseen: Unseen, space, k: Knowledge, root: Node, actions: list[int]) -> bool:
        """One iteration on a copy of the game at the decision (`fork`: `State.fork` of the true game at the
        decision, or of a proven sample) whose unseen cards are dealt again where they lie (`Unseen`): the
        tree descended from the decision and the hand played out; False when no deal was drawn."""
        rules = space.rules
        it = Iteration(self, k, None, space, root, actions)
        try:
            game = fork(seed=self.rng.randrange(1 << 30), answer=[it] * rules.players, hand_only=True,
                        redeal=partial(unseen.deal, rng=self.rng), more_actions=PLAYOUT_ACTIONS * len(rules.deck))
        except (Refuted, GameError, RuleplayError):   # a copy dealt again that the rules cannot play on
            it.forget()
            game = None
        if game is None:
            self.failed += 1
            return False
        self.back_up(rules, it, game)
        self.proven += 1
        return True

    @staticmethod
    def back_up(rules, it: "Iteration", game: State) -> None:
        """Each seat's value of the hand played out (its hand score placed between the hand's worst and best,
        else the game's returns: `returns_of`) added along the iteration's path."""
        values = returns_of(rules, game.result(), game.last_hand_scores())
        for nd in it.path:
            nd.visits += 1
            nd.value += values[nd.seat]

    def search(self, d, space, events: list[dict]) -> int:
        rules = space.rules
        k = knowledge(rules, d.seat, events)
        if not space.unique and (d.fork is None or k.loose):
            return self._unsearched(d, space, EQUAL_CARDS)
        slots = self.places(rules, k)
        reused = self.reuse(k, meanings(rules))
        root = reused or Node(d.seat)
        actions = sorted(d.actions)
        self.prior = self.policy.act(d, space)
        cap = self.iterations if reused is None else max(1, self.iterations // CONTINUED)
        each = max(1, PER_ACTION * self.iterations // DEFAULT_ITERATIONS)
        budget = min(cap, each * len(actions)) - sum(nd.visits for nd in root.children.values())
        fork = None
        if budget > 0 and d.fork is not None and not k.loose:
            fork = partial(State.fork_at, d)     # the game as it stands: every card the seat has not seen dealt again
        elif budget > 0 and not d.sealed and actions[-1] < space.cards:      # a card to play: a proven sample's copy
            base = self.start(space, k, slots, actions)
            if base is None:
                budget = 0                   # no deal proven in TRIES: as `iterate` would give up
            elif base.forkable:
                fork = base.fork
        unseen = Unseen(rules, k, self.hints) if fork is not None else None
        for done in range(budget):
            if fork is not None:
                ok = any(self.fork_descend(fork, unseen, space, k, root, actions) for _ in range(TRIES))
            else:
                ok = self.iterate(space, k, slots, root, actions)
            if not ok:
                break
            if _settled(root, actions, budget - done - 1):
                break
        offered = set(actions)
        tried = [kv for kv in root.children.items() if kv[0] in offered]
        if not tried:
            self.last = None
            self.unsearched[NO_DEAL] = self.unsearched.get(NO_DEAL, 0) + 1
            return self.prior
        self.searched += 1
        a = max(tried, key=lambda kv: (kv[1].visits, kv[1].value, -kv[0]))[0]
        self.last = (k.events, root.children[a], a)
        return a

    def reuse(self, k: Knowledge, meaning) -> Node | None:
        """The subtree under the seat's last action when nothing but that action happened since (its next
        pass pick, say): the seat knows what it knew then, so the tree's statistics hold as they are."""
        if self.last is None:
            return None
        events, node, a = self.last
        new = k.events
        if len(new) != len(events) + 1 or new[-1].get("seat") != k.me or new[-1].get("action") != a \
                or meaning(new[-1]) != "decision" or new[:-1] != events:
            return None
        return node


def _settled(root: Node, actions: list[int], left: int) -> bool:
    """The most visited of `actions` stays the most visited whatever the `left` iterations do (so stopping
    now plays the same action as going on). A reused tree may hold children of actions not offered now
    (a set chosen card by card): only the offered count (t41: they made the list too short, an IndexError)."""
    visits = sorted(root.children[a].visits if a in root.children else 0 for a in actions)
    return len(visits) < 2 or visits[-1] > visits[-2] + left


def _ucb(nd: Node) -> float:
    return nd.value / nd.visits + EXPLORE * math.sqrt(math.log(nd.avail) / nd.visits)

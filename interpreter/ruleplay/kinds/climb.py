"""climb: seats in turn play a combination that beats the last one, or pass; the pile clears when all
others pass, and seats are ranked in the order they go out (President, Big Two and other climbing games).

A combination is a set (one to four, or more with several decks, cards of one rank; `sets` lists the
sizes allowed) or, with `runs: N`, a run of N or more consecutive ranks (one card each), or with `runs-of:
{pairs: N, triples: N}` a run of pairs or triples of N or more consecutive ranks (33 44 55). Ranks are
ranked by `order` (a deck order, or an int over `card`): a play beats the current one when it has the
same shape (a set of as many cards, a run as long and as wide) and a higher rank (a run: its top rank);
`equal: allowed` also lets an equal rank beat, and `equal: skips` makes such a play skip the next seat.
`bombs: [4]`: a set of such a size (four of a kind) beats any play that is no bomb, and a bomb beats a
smaller bomb or one as big of a lower rank (Dou Dizhu, Tichu, Zheng Shangyou). `wild`: cards that stand for
any rank a set, run or bomb lacks (kinds/climbwild.py); `kickers`: cards a set carries (kinds/climbkick.py).
Suits matter only through `order`: the cards played of a rank are the lowest of that rank in the order, then
in the canonical order, unless they do not beat the play on the pile and an order that ranks a rank's cards
apart (`rank * 4 + suit`: Big Two) has a higher one: its top card is then the least that beats (`raised`). Each combination is one labelled action (`7 7` for a pair of sevens, `5 6 7` for a
run), from a block of actions fixed per ruleset (decision.py), so a seat's choices are finite.

The leader plays any combination; the others in turn beat it or pass. When every other seat still
holding cards has passed since the last play (`pass-locks: true`: a seat that passed may not play again
until the pile clears), the pile clears (into `clear-to` when given) and the last to play leads again;
if they went out, the next seat still holding cards leads. A play whose top card satisfies `clears`
(e.g. a 2) clears the pile at once, and its player leads. A seat out of cards takes the next place
(`s.place`: 1 for the first out, 0 while holding cards); the hand ends when one seat is left holding
cards (it takes the last place) or, with `end: first-out`, when the first seat goes out. A `tally`
after the phase keeps the places as a counter for the next hand (an exchange by rank, a first lead).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ruleplay.lang import expr as X
from ruleplay.engine.decision import Decision
from ruleplay.compiler.model import Ctx, Declared, Zone, card_scope, per_card
from ruleplay.engine.table import Table, runner_copy
from ruleplay.engine.events import EventSpec
from ruleplay.kinds.climbkick import KICK_EXAMPLES, KICK_SCHEMA, choices, describe_kickers, kicked
from ruleplay.kinds.climbwild import WILD_EXAMPLES, WILD_SCHEMA, Wild, compile_wild, describe_wild, fill
from ruleplay.kinds.schema_parts import EXPR, phase_schema, text
from ruleplay.kinds.shed import first_seat, word_rule
from ruleplay.kinds.words import formula

MAX_COMBOS = 5_000           # the combinations a climb may offer: every turn scans them (13 ranks: 66 runs)
EQUAL = ("refused", "allowed", "skips")
ENDS = ("all-but-one", "first-out")

# ---------------------------------------------------------------------------- the kind's keys (schema)
SUMMARY = "climb: seats in turn play a set or run that beats the last, or pass; the order seats go out is kept."
SCHEMA = phase_schema("climb", {
    "from": text("Per-seat hand the combinations are played from."),
    "to": text("Table zone (public) the combinations are played to."),
    "clear-to": text("Table zone the pile goes to when it clears (default: it stays in `to`)."),
    "order": {"description": "Rank order deciding what beats what: a deck order name ('rank' or deck.orders), "
                             "or an int over `card` that depends on the card and options only.",
              "default": "rank", **EXPR},
    "sets": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 64}, "minItems": 1,
             "description": "The set sizes that may be played (cards of one rank); must include 1. "
                            "Default: 1 up to the copies of a rank in the deck."},
    "runs": {"description": "The shortest run of consecutive ranks that may be played (one card each); "
                            "0: no runs.", "default": 0, **EXPR},
    "bombs": {"type": "array", "items": {"type": "integer", "minimum": 2, "maximum": 64}, "minItems": 1,
              "uniqueItems": True,
              "description": "Set sizes that are bombs (4: four of a kind): a bomb beats any play that is no bomb, "
                             "and a smaller bomb or one as big of a lower rank; each must be one of `sets`."},
    "runs-of": {"type": "object", "additionalProperties": False, "minProperties": 1,
                "properties": {w: {"type": "integer", "minimum": 2, "maximum": 64,
                                   "description": f"The shortest run of {w} of consecutive ranks that may be played."}
                               for w in ("pairs", "triples", "fours")},
                "description": "Runs of sets: pairs, triples or fours of consecutive ranks (33 44 55), each "
                               "with its shortest length in ranks; such a run beats one as long and as wide."},
    "equal": {"description": "Whether an equal rank beats: refused (only a higher rank), allowed, or skips "
                             "(allowed, and the next seat loses its turn as if it passed); or an expression of "
                             "options giving one.", "default": "refused", **EXPR},
    "pass-locks": {"description": "A seat that passes may not play again until the pile clears (bool of options).",
                   "default": False, **EXPR},
    "clears": {"description": "A play whose top card satisfies this (bool over `card`) clears the pile at once; "
                              "its player leads.", **EXPR},
    "first": {"description": "Who leads first: left-of-dealer, dealer, or a bool over seat `s` (the first seat "
                             "from the dealer's left where it holds).", "default": "left-of-dealer", **EXPR},
    "end": {"description": "When the hand ends: all-but-one (one seat is left holding cards) or first-out.",
            "default": "all-but-one", **EXPR},
    "first-play": {"description": "Bool over `card`: the hand's first play must hold a card for which it holds "
                                   "(Big Two's 3D, Tien Len's 3S, with `first` naming its holder); lifted when no "
                                   "play would.", **EXPR},
    **WILD_SCHEMA,
    **KICK_SCHEMA,
}, ["from", "to"])
EXAMPLES = {"from": {"examples": ["hand"]}, "to": {"examples": ["pile"]}, "clear-to": {"examples": ["discards"]},
            "order": {"examples": ["rank", "'2-high'"]}, "sets": {"examples": [[1, 2, 3, 4]]},
            "runs": {"examples": [0, 3]}, "bombs": {"examples": [[4]]}, "runs-of": {"examples": [{"pairs": 2, "triples": 2}]},
            "runs-of/pairs": {"examples": [2, 3]}, "runs-of/triples": {"examples": [2]},
            "runs-of/fours": {"examples": [2]}, "equal": {"examples": ["no", "skips"]},
            "clears": {"examples": ["card.rank == '2'"]}, "first": {"examples": ["s.standing == players"]},
            "end": {"examples": ["all-but-one", "first-out"]}, "first-play": {"examples": ["card.name == '3D'"]}, "before": {"examples": ["score"]}, **WILD_EXAMPLES, **KICK_EXAMPLES}
# the event kinds it logs, with the fields that hide cards (visibility.seat_event); replay checks logs against them
# what the kind keeps on the table (Table's fields, made for n seats): each seat's finishing place this hand
FIELDS = {"places": lambda n: [0] * n}
EVENTS = {"climb": EventSpec(("seat", "cards", "combination"), sample="puts-down"),
          "climb-pass": EventSpec(("seat",), sample=None),
          "skipped": EventSpec(("seat",), sample=None), "cleared": EventSpec(("seat", "count"), sample=None),
          "finished": EventSpec(("seat", "place", "left"), sample=None)}


@dataclass(frozen=True)
class Combo:
    """One combination of the ruleset's action block: a set of `size` cards of rank ranks[0], or a run."""

    run: int                               # 0: a set; a run: the cards of each rank in it (1, or 2 for pairs)
    ranks: tuple[str, ...]                 # a set: one rank; a run: its ranks, low to high
    size: int                              # cards played (the kickers' too)
    label: str
    kick: tuple[int, int] = (0, 0)         # kickers carried: (cards in each, how many)
    # worked out once (read at every turn for every combination): what a play must match to beat this one
    # besides bombs (run width, size, kickers), and the cards of each rank of its body (kickers aside)
    shape: tuple = field(init=False, compare=False)
    each: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape", (self.run, self.size, self.kick))
        object.__setattr__(self, "each", self.run or self.size - self.kick[0] * self.kick[1])


@dataclass
class ClimbView:
    """What a bot may know at a climbing turn: its hand, the combinations it may play, the one to beat."""

    kind = "climb"
    seat: int
    hand: list[int]
    order: list[int]                       # per card: its rank under the phase's order
    legal: list[tuple[int, list[int]]]     # (action, the cards it plays), lowest first; a pass is not listed
    top: tuple | None                      # the combination to beat: (shape, (rank value, -wild cards or 0),
                                           # bomb size or 0); None when leading (kicker choices: None too)
    clears: list[bool]                     # per legal combination: it would clear the pile at once
    held: list[int]                        # cards each other seat still holding cards holds
    bombs: list[bool] = field(default_factory=list)   # per legal combination: it is a bomb (beats any shape)


@dataclass
class Climb:
    searched_with_equal_cards = True      # a search copies its decisions, equal cards too (agents/ismcts.py)
    name: str
    src: Zone
    dest: Zone
    cleared_to: Zone | None
    order: list[int]
    combos: list[Combo]
    equal: Callable
    pass_locks: Callable
    clears: Callable | None
    first_mode: str
    first_fn: Callable | None
    end: Callable
    description: str = ""
    spec: dict = field(default_factory=dict)
    fixed: dict = field(default_factory=dict)   # settings the options fix (for the rule sheet): key -> value
    bombs: frozenset = frozenset()         # set sizes that are bombs: they beat any play that is no bomb
    wild: Wild | None = None               # cards standing for a missing rank (kinds/climbwild.py)
    rank_value: dict = field(default_factory=dict)     # rank -> its lowest value in `order` (a wild card's stand-in)
    bomb_size: list = field(default_factory=list)       # per combination: its size when it is a bomb, else 0
    suited: bool = False                   # the order ranks some rank's cards apart (by suit): a play may be raised
    first_play: list | None = None         # `first-play`, per card: the hand's first play must hold such a card

    @property
    def action_labels(self) -> list[str]:
        """This phase's own actions (decision.py gives them a block): one per combination."""
        return [c.label for c in self.combos]

    def offers(self, space) -> list[int]:
        """A single card, a combination (its own block), a pass."""
        return [*space.card_actions(), space.PASS, *space.own_actions(self.name)]

    def start_hand(self, t: Table) -> None:
        """Nobody has gone out yet: every place is 0 until the phase runs."""
        t.places = [0] * t.n

    def run(self, t: Table):
        """A generator: yields each turn (a combination or a pass) as a Decision."""
        return _Run(self, t).loop()


class _Run:
    """The climb under way. Where it stands (whose turn, the combination to beat, who passed, places given)
    is kept here rather than in the loop's locals, so a copy of the game can go on from a turn (`fork`)."""

    exact = True        # a copy goes on as this game would: Run.fork, State.clone, Decision.fork

    def __init__(self, ph: Climb, t: Table):
        self.ph, self.t = ph, t
        self.hand = t.seat_zones[ph.src.index]
        self.pile = t.shared[ph.dest.index]
        self.base = t.space.own[ph.name]
        self.keys = t.rules.deck.canonical_keys()
        self.rank = t.rules.deck.rank
        self.pending: Decision | None = None     # the turn being asked
        self.natural_beats = ph.wild is not None and bool(ph.wild.natural_beats(t))
        t.runner = self

    def fork(self, t: Table):
        """The rest of the climb on `t`, a copy of this runner's table (Table.fork), from the turn this runner
        is asking (`pending`; a generator)."""
        ph = self.ph
        return runner_copy(self, t, hand=t.seat_zones[ph.src.index], pile=t.shared[ph.dest.index],
                           passed=set(self.passed)).loop(resume=True)

    def held(self, seat: int) -> dict[str, list[int]]:
        """The seat's cards by rank, each rank's lowest first (rank order, then the canonical order)."""
        order, keys, rank = self.ph.order, self.keys, self.rank
        out: dict[str, list[int]] = {}
        for c in sorted(self.hand[seat], key=lambda c: (order[c], keys[c])):
            out.setdefault(rank[c], []).append(c)
        return out

    @staticmethod
    def cards_for(held: dict[str, list[int]], combo: Combo) -> list[int] | None:
        """The cards played for `combo` from `held` (the lowest of each rank), or None when it cannot be."""
        k = combo.each
        out = []
        for r in combo.ranks:
            mine = held.get(r, ())
            if len(mine) < k:
                return None
            out.extend(mine[:k])
        return out

    def wild_value(self, cards: list[int], combo: Combo, wilds: int) -> tuple[int, int]:
        """What a play with wild cards standing in is ranked by: its top rank's value (the highest card played
        as its own rank, a rank a wild card stands for at its lowest value), then, with natural-beats-wild, the
        fewer wild cards (a play without any: (its highest card's value, 0), worked out in `offer`)."""
        v = max(self.ph.order[c] for c in self.natural(cards, combo))
        return max(v, self.ph.rank_value[combo.ranks[-1]]), (-wilds if self.natural_beats else 0)

    def natural(self, cards: list[int], combo: Combo) -> list[int]:
        """The cards of a play that are of its own ranks (not wild cards standing in for another)."""
        return [c for c in cards if self.rank[c] in combo.ranks]

    def offer(self, seat: int, top: tuple | None, equal: str) -> list[tuple[int, list[int], tuple]]:
        """The combinations `seat` may play now, as (action, cards, value), in the block's order."""
        out, held, wild, hand, order = [], self.held(seat), self.ph.wild, self.hand[seat], self.ph.order
        sizes, cards_for, base, suited = self.ph.bomb_size, self.cards_for, self.base, self.ph.suited
        for i, combo in enumerate(self.ph.combos):
            bomb = sizes[i]
            if top is not None and combo.shape != top[0] and not (bomb and bomb > top[2]):
                continue                     # the same shape, or a bomb on no bomb, or a bigger bomb
            kicked = combo.kick[1]
            if kicked and len(hand) < combo.size:
                continue
            wilds = 0
            cards = cards_for(held, combo)
            if cards is None and wild is not None and combo.each * len(combo.ranks) > 1:
                found = fill(hand, self.rank, wild.cards(combo.run, bomb), combo.ranks, combo.each, self.sort_key)
                if found is None:
                    continue
                cards, wilds = found
            elif cards is None:
                continue
            if kicked and not self.can_kick(hand, cards, combo):
                continue
            v = self.wild_value(cards, combo, wilds) if wilds else (max(order[c] for c in cards), 0)
            if top is not None and combo.shape == top[0]:
                if suited and (v < top[1] or (v == top[1] and equal == "refused")) and not wilds:
                    cards = self.raised(held, combo, cards, top[1][0], equal != "refused")
                    if cards is None:
                        continue
                    v = (max(order[c] for c in cards), 0)
                if v < top[1] or (v == top[1] and equal == "refused"):
                    continue
            out.append((base + i, cards, v))
        return out

    def raised(self, held: dict[str, list[int]], combo: Combo, cards: list[int], beat: int, equal: bool) -> list[int] | None:
        """The cards of `combo` that beat a play worth `beat` when its lowest do not: its top rank's card (or
        cards) raised to the least that beats, where the order ranks cards of a rank apart (by suit: Big Two's
        pair 7S 7H over 7D 7C); None when no card of that rank beats."""
        order, k, top = self.ph.order, combo.each, combo.ranks[-1]
        mine = held.get(top, [])
        better = next((c for c in mine[k - 1:] if order[c] > beat or (equal and order[c] == beat)), None)
        if better is None:
            return None
        kept = [c for c in cards if self.rank[c] != top]
        return kept + mine[:k - 1] + [better]

    def can_kick(self, hand: list[int], body: list[int], combo: Combo) -> bool:
        """Are there kickers enough besides the body (as many ranks of as many cards as it carries)?"""
        return len(choices(hand, self.rank, body, combo.ranks, [], combo.kick[0], self.sort_key)) >= combo.kick[1]

    def kickers(self, seat: int, combo: Combo, body: list[int], taken: tuple):
        """The kickers a play of `combo` carries, asked one by one (a generator of decisions; a single kicker
        left is taken unasked). `taken`: those chosen before a copy went on (`kicking`)."""
        t, cards = self.t, combo.kick[0]
        taken = list(taken)
        while len(taken) < combo.kick[1] * cards:
            left = choices(self.hand[seat], self.rank, body, combo.ranks, taken, cards, self.sort_key)
            acts = {t.space.card(cs[0]): cs for cs in left.values()}
            if len(acts) == 1:
                a = next(iter(acts))
                t.forced(seat, a)
            else:
                legal = [(a, cs, (0, 0)) for a, cs in acts.items()]
                bot = t.inline[seat]
                view = self.view(seat, None, legal, kick=True) if bot is None or bot.wants_view else None
                d = self.pending = Decision(seat, list(acts), view)
                self.kicking = self.kicking[:3] + (tuple(taken),)
                a = yield from t.ask(d)
                self.pending = None
            taken.extend(acts[a])
        return taken

    def sort_key(self, c: int) -> tuple:
        return self.ph.order[c], self.keys[c]

    def clears_with(self, cards: list[int], combo: Combo) -> bool:
        """Does the play clear the pile: `clears` over its top card played as its own rank?"""
        fn = self.ph.clears
        if fn is None:
            return False
        t = self.t
        t.card = max(self.natural(cards, combo), key=self.sort_key)
        try:
            return bool(fn(t))
        finally:
            t.card = None

    def next_holding(self, seat: int) -> int:
        """The next seat after `seat`, in play direction, that still holds cards."""
        t = self.t
        for k in range(1, t.n + 1):
            s = t.next_seat(seat, k)
            if self.hand[s]:
                return s
        return seat

    def loop(self, resume: bool = False):
        """The climb (a generator). `resume`: a copy going on from the turn its original was asking, with the
        state kept on the runner (`fork`): the same checks then lead to the same turn, asked again."""
        ph, t, hand, pile = self.ph, self.t, self.hand, self.pile
        names = t.rules.deck.names
        if not resume:
            self.equal, self.locks, self.end = ph.equal(t), bool(ph.pass_locks(t)), ph.end(t)
            self.out_count = 0
            self.seat = first_seat(t, ph.first_mode, ph.first_fn)
            if not hand[self.seat]:
                self.seat = self.next_holding(self.seat)
            self.top: tuple | None = None
            self.last: int | None = None
            self.passed: set[int] = set()
            self.kicking: tuple | None = None    # a play whose kickers are being asked: (action, body, value, taken)
            self.opened = False                  # a play has been made this hand (`first-play` holds until then)
        equal, locks, end, places = self.equal, self.locks, self.end, t.places
        kicking = self.kicking if resume else None
        out_count, seat, top, last, passed = self.out_count, self.seat, self.top, self.last, self.passed
        while sum(1 for s in t.seat_range if hand[s]) > (0 if end == "first-out" else 1):
            if top is not None and all(s in passed or s == last for s in t.seat_range if hand[s]):
                lead = last if hand[last] else self.next_holding(last)
                self.clear(lead)
                top, passed, seat = None, set(), lead
                continue
            if seat in passed and locks and kicking is None:
                seat = self.next_holding(seat)
                continue
            legal = self.offer(seat, top, equal) if kicking is None else [kicking[:3]]   # leading: a single at least
            if not self.opened and ph.first_play is not None and kicking is None:
                legal = [x for x in legal if any(ph.first_play[c] for c in x[1])] or legal
            acts = [a for a, _, _ in legal] + ([] if top is None else [t.space.PASS])
            if kicking is not None:
                a = kicking[0]
            elif len(acts) == 1:
                a = acts[0]
                t.forced(seat, a)
            else:
                bot = t.inline[seat]
                view = self.view(seat, top, legal) if bot is None or bot.wants_view else None
                d = self.pending = Decision(seat, acts, view)
                self.out_count, self.seat, self.top, self.last, self.passed = out_count, seat, top, last, passed
                a = yield from t.ask(d)
                self.pending = None
            if a == t.space.PASS:
                passed.add(seat)
                t.emit("climb-pass", seat=seat)
                seat = self.next_holding(seat)
                continue
            cards, value = next((cs, v) for x, cs, v in legal if x == a)
            self.opened = True
            combo = ph.combos[a - self.base]
            if combo.kick[1]:
                self.out_count, self.seat, self.top, self.last, self.passed = out_count, seat, top, last, passed
                self.kicking = (a, cards, value, kicking[3] if kicking else ())
                cards = cards + (yield from self.kickers(seat, combo, cards, self.kicking[3]))
                self.kicking = kicking = None
            equal_play = top is not None and combo.shape == top[0] and value == top[1]
            for c in cards:
                hand[seat].remove(c)
                pile.append(c)
            t.cards_played += len(cards)
            t.act()
            t.emit("climb", seat=seat, cards=[names[c] for c in cards], combination=combo.label)
            top, last = (combo.shape, value, ph.bomb_size[a - self.base]), seat
            if not locks:
                passed = set()
            if not hand[seat]:
                out_count += 1
                places[seat] = out_count
                t.stat(f"place-{out_count}", seat)
                t.emit("finished", seat=seat, place=out_count)
                if end == "first-out" or sum(1 for s in t.seat_range if hand[s]) <= 1:
                    break
            if self.clears_with(cards, combo):
                lead = seat if hand[seat] else self.next_holding(seat)
                self.clear(lead)
                top, passed, seat = None, set(), lead
                continue
            seat = self.next_holding(seat)
            if equal_play and equal == "skips":      # the next seat loses its turn, as if it passed
                passed.add(seat)
                t.emit("skipped", seat=seat)
                seat = self.next_holding(seat)
        for s in t.seat_range:                 # the one left holding cards takes the last place
            if hand[s] and end != "first-out":
                out_count += 1
                places[s] = out_count
                t.stat(f"place-{out_count}", s)
                t.emit("finished", seat=s, place=out_count, left=len(hand[s]))

    def clear(self, lead: int) -> None:
        """The pile is beaten by nobody: it goes to `clear-to` (or stays), and `lead` leads anything."""
        t, ph = self.t, self.ph
        count = len(self.pile)
        if ph.cleared_to is not None:
            dest = t.shared[ph.cleared_to.index]
            dest.extend(self.pile)
            self.pile.clear()
            t.act()
        t.emit("cleared", seat=lead, count=count)

    def view(self, seat: int, top, legal, kick: bool = False) -> ClimbView:
        """The turn as a bot sees it; `kick`: the choice of a kicker (a card of the rank it adds), which is
        neither a bomb nor clears."""
        t, ph = self.t, self.ph
        at = [a - self.base for a, _, _ in legal]
        return ClimbView(seat, list(self.hand[seat]), ph.order, [(a, cs) for a, cs, _ in legal], top,
                         [False] * len(at) if kick else [self.clears_with(cs, ph.combos[i]) for i, (_, cs, _) in zip(at, legal)],
                         [len(self.hand[s]) for s in t.seat_range if s != seat and self.hand[s]],
                         [False] * len(at) if kick else [bool(ph.bomb_size[i]) for i in at])


def declare(ctx: Ctx, path: tuple) -> Declared:
    """`s.place`: the place a seat went out in this hand (1 first; 0 while it holds cards)."""
    return Declared({}, {"place": (X.INT, lambda f: lambda e: None if (x := f(e)) is None else e.places[x])})


def compile(ctx: Ctx, path: tuple, name: str) -> Climb | None:
    spec = ctx.get(path)
    deck = ctx.deck
    src = ctx.zone(path + ("from",), owner="seat")
    dest = ctx.zone(path + ("to",), owner="table")
    cleared_to = ctx.zone(path + ("clear-to",), owner="table") if "clear-to" in spec else None
    raw = spec.get("order", "rank")
    raw = "order" if raw == "rank" else raw
    order = deck.orders[raw] if isinstance(raw, str) and raw in deck.orders else per_card(ctx, path + ("order",), X.INT)
    runs = ctx.const_int(path + ("runs",), 0, 0, 64)
    equal = word_rule(ctx, path + ("equal",), EQUAL, "refused")
    locks = ctx.expr(path + ("pass-locks",), X.BOOL, default=False)
    clears = ctx.expr(path + ("clears",), X.BOOL, card_scope(ctx.scope)) if "clears" in spec else None
    end = word_rule(ctx, path + ("end",), ENDS, "all-but-one")
    first_mode, first_fn = ctx.first_seat(path + ("first",))
    first_play = per_card(ctx, path + ("first-play",), X.BOOL) if "first-play" in spec else None
    if None in (src, dest, order, equal, locks, end) or ("clear-to" in spec and cleared_to is None) \
            or ("clears" in spec and clears is None) or ("first-play" in spec and first_play is None):
        return None
    widths = {WIDTHS[k]: v for k, v in (spec.get("runs-of") or {}).items() if k in WIDTHS and isinstance(v, int)}
    wild = compile_wild(ctx, path)
    if wild is False:
        return None
    found = _combos(ctx, path, order, runs or 0, widths, wild)
    if found is None:
        return None
    combos, low = found
    sizes = set(ctx.get(path + ("sets",)) or range(1, 65))
    extra = kicked(ctx, path, combos, {c.size for c in combos if not c.run}, set(widths), lambda c, cards, count, label:
                   Combo(c.run, c.ranks, c.size + cards * count, label, (cards, count)))
    if extra is None:
        return None
    combos += extra
    if len(combos) > MAX_COMBOS:
        ctx.error(path + ("kickers",), f"the kickers make {len(combos):,} combinations; at most {MAX_COMBOS:,}",
                  "fewer kicker shapes, or longer shortest runs", value=True)
        return None
    bombs = frozenset(spec.get("bombs") or ())
    if not bombs <= sizes:
        ctx.error(path + ("bombs",), f"a bomb is a set of one of the sizes in sets; {sorted(bombs - sizes)[0]} is not",
                  "add it to sets, e.g. sets: [1, 2, 3, 4] with bombs: [4]", value=True)
        return None
    fixed = {"runs": runs or 0, "equal": _fixed(ctx, path + ("equal",), EQUAL, "refused"),
             "pass-locks": locks.const if locks.is_const else None,
             "clears": clears.const if clears is not None and clears.is_const else None,
             "end": _fixed(ctx, path + ("end",), ENDS, "all-but-one")}
    return Climb(name, src, dest, cleared_to, list(order), combos, equal, locks.fn, clears.fn if clears else None,
                 first_mode, first_fn, end, spec.get("description", ""), dict(spec), fixed, bombs, wild, low,
                 [c.size if not c.run and not c.kick[1] and c.size in bombs else 0 for c in combos],
                 len({(ctx.deck.rank[c], v) for c, v in enumerate(order)}) > len(set(ctx.deck.rank)),
                 [bool(x) for x in first_play] if first_play is not None else None)


def _fixed(ctx: Ctx, path: tuple, words: tuple, default: str):
    """A word setting's value when the options fix it, else None (word_rule has reported any error)."""
    raw = ctx.get(path, default)
    if raw in words:
        return raw
    try:
        c = X.compile_expr(raw, ctx.scope, X.STR)
    except X.ExprError:
        return None
    return c.const if c.is_const and c.const in words else None


WIDTHS = {"pairs": 2, "triples": 3, "fours": 4}


def _combos(ctx: Ctx, path: tuple, order: list[int], runs: int, widths: dict[int, int],
            wild: Wild | None) -> tuple[list[Combo], dict[str, int]] | None:
    """Every combination the deck allows (wild cards standing in), lowest first within each shape: the
    phase's action block; and each rank's lowest value in the order."""
    deck = ctx.deck
    copies: dict[str, int] = {}
    low: dict[str, int] = {}
    for c, r in enumerate(deck.rank):
        copies[r] = copies.get(r, 0) + 1
        low[r] = min(low.get(r, order[c]), order[c])
    ranks = sorted(copies, key=lambda r: (low[r], r))
    sizes = ctx.get(path + ("sets",)) or list(range(1, max(copies.values()) + 1))
    if 1 not in sizes:
        ctx.error(path + ("sets",), "the sets must include 1 (a seat left with one card of a rank must be able to "
                  "lead it)", "sets: [1, 2, 3, 4]", value=True)
        return None
    spare_sets = len(wild.sets | wild.bombs) if wild else 0        # wild cards that may fill a set
    spare_runs = len(wild.runs) if wild else 0
    out = [Combo(0, (r,), k, " ".join([r] * k)) for k in sorted(set(sizes)) for r in ranks
           if copies[r] >= k or (k > 1 and copies[r] + spare_sets >= k)]
    if runs == 1:
        ctx.error(path + ("runs",), "a run is at least 2 ranks long (0: no runs)", value=True)
        return None
    jokers = {x for c, x in enumerate(deck.rank) if deck.joker[c]}
    chains = _consecutive([r for r in ranks if r not in jokers], low)
    for width, shortest in sorted(({1: runs} if runs else {}).items() | widths.items()):
        at = path + (("runs",) if width == 1 else ("runs-of", next(k for k, w in WIDTHS.items() if w == width)))
        wide = [[r for r in seq if copies[r] + spare_runs >= width] for seq in chains]  # ranks with cards enough
        wide = [part for seq, part in zip(chains, wide) for part in _consecutive(part, low)]
        spans = [max(0, len(seq) - shortest + 1) for seq in wide]
        total = len(out) + sum(k * (k + 1) // 2 for k in spans)     # so far, and one run per span of each length
        if total > MAX_COMBOS:
            ctx.error(at, f"runs of {shortest} or more of {sum(map(len, wide))} ranks make {total:,} "
                      f"combinations with the sets; at most {MAX_COMBOS:,}", "fewer ranks, or longer shortest runs",
                      value=True)
            return None
        for n in range(shortest, max(map(len, wide), default=0) + 1):
            for seq in wide:
                out.extend(Combo(width, tuple(seq[i:i + n]), n * width,
                                 " ".join(r for r in seq[i:i + n] for _ in range(width)))
                           for i in range(len(seq) - n + 1))
    return out, low


def _consecutive(ranks: list[str], low: dict[str, int]) -> list[list[str]]:
    """The ranks (sorted by the order) in chains of consecutive values: a run never spans a gap in the order
    (a 2 ranked above the ace with a value of its own, 10 against the ace's 4, is in no run with it). A step is
    the least gap between two ranks: an order that ranks suits within a rank (`rank * 4 + suit`: Big Two, Tien
    Len) steps by 4 from rank to rank."""
    chains: list[list[str]] = []
    gaps = [b - a for a, b in zip((low[r] for r in ranks), (low[r] for r in ranks[1:])) if b > a]
    unit = min(gaps, default=1)
    for r in ranks:
        if chains and low[r] == low[chains[-1][-1]] + unit:
            chains[-1].append(r)
        else:
            chains.append([r])
    return chains


# ---------------------------------------------------------------------------- the rule sheet (explain)
def describe(spec: dict, phase=None) -> str:
    """The phase in words; a setting the options fix is said as its value, a rule that is off not at all."""
    fixed = getattr(phase, "fixed", {})

    def value(key: str, default):
        v = fixed.get(key)
        return v if v is not None else spec.get(key, default)
    sizes = spec.get("sets")
    shapes = ("sets of " + ", ".join(map(str, sizes)) + " cards of one rank") if sizes else "a card or a set of one rank"
    runs = value("runs", 0)
    if runs:
        shapes += f", or a run of at least {formula(runs)} consecutive ranks"
    for kind, shortest in (spec.get("runs-of") or {}).items():
        shapes += f", or a run of {kind} of at least {shortest} consecutive ranks"
    order = spec.get("order", "rank")
    order = order if isinstance(order, str) and " " not in order else formula(order)
    out = [f"In turn, each player plays {shapes} from their {spec['from']} to the {spec['to']}, or passes; the "
           f"leader plays anything, the others must beat the last play with the same shape of a higher rank "
           f"(order: {order})."]
    if spec.get("wild") is not None:
        out.append(describe_wild(spec, formula))
    if spec.get("kickers"):
        out.append(describe_kickers(spec))
    if spec.get("bombs"):
        sizes = " or ".join(map(str, spec["bombs"]))
        out.append(f"A set of {sizes} cards of one rank is a bomb: it beats any play that is no bomb, and a bomb "
                   "beats a smaller bomb or one as big of a lower rank.")
    equal = value("equal", "refused")
    if equal == "allowed":
        out.append("An equal rank also beats.")
    elif equal == "skips":
        out.append("An equal rank also beats, and the next player loses their turn.")
    elif equal != "refused":
        out.append(f"An equal rank also beats as {formula(equal)} says (skips: the next player loses their turn).")
    locks = value("pass-locks", False)
    if locks is True:
        out.append("A player who passes may not play again until the pile clears.")
    elif locks is not False:
        out.append(f"A player who passes may not play again until the pile clears when {formula(locks)}.")
    out.append("When all the others pass, the pile clears and the last to play leads; if they are out, the next "
               "player holding cards leads.")
    if "clears" in spec and fixed.get("clears") is not False:
        out.append(f"A play clears the pile at once when, for its top card, {formula(spec['clears'])}.")
    if "first-play" in spec:
        out.append(f"The hand's first play must hold a card for which {formula(spec['first-play'])}.")
    end = value("end", "all-but-one")
    out.append("Players are ranked in the order they go out; " +
               ("the first out ends the hand." if end == "first-out" else
                "the hand ends when one player is left holding cards." if end == "all-but-one" else
                f"the hand ends as {formula(end)} says."))
    return " ".join(out)


# ---------------------------------------------------------------------------- the events in words (play)
NARRATION = {
    "climb": lambda n, ev: [f"{n.verb(ev.get('seat'), 'play', 'plays')} {' '.join(ev.get('cards') or [])}."],
    "climb-pass": lambda n, ev: [f"{n.verb(ev.get('seat'), 'pass', 'passes')}."],
    "skipped": lambda n, ev: [f"{n.verb(ev.get('seat'), 'are', 'is')} skipped (an equal rank was played)."],
    "cleared": lambda n, ev: [f"The pile is cleared; {n.who(ev.get('seat'))} leads."],
    "finished": lambda n, ev: [f"{n.verb(ev.get('seat'), 'finish', 'finishes')} in place {ev.get('place')}."],
}
ACCOUNT = {
    "climb": lambda ev: f"Seat {ev['seat']} plays {' '.join(ev['cards'])}.",
    "climb-pass": lambda ev: f"Seat {ev['seat']} passes.",
    "skipped": lambda ev: f"Seat {ev['seat']} is skipped.",
    "cleared": lambda ev: f"The pile clears; seat {ev['seat']} leads.",
    "finished": lambda ev: f"Seat {ev['seat']} finishes in place {ev['place']}.",
}


# ------------------------------------------------------------ what a sensible player does (kinds/contract.py)
def smart_climb(v) -> int:
    """`smart` at a climbing turn (an index into the legal combinations, then pass when not leading).

    A combination that empties the hand is played. Leading: the lowest combination that breaks no set
    (a pair is led as a pair), the longer at equal rank. Following: the lowest combination that beats
    without breaking a set and without spending a high card (one of the two top ranks, or a play that
    clears the pile), unless its hand is down to four cards or an opponent's to two; otherwise it passes.
    """
    order, legal = v.order, v.legal
    held: dict[int, int] = {}
    for c in v.hand:
        held[order[c]] = held.get(order[c], 0) + 1
    top_rank = max(order)
    idx = range(len(legal))

    def breaks(i: int) -> bool:
        cards = legal[i][1]
        used: dict[int, int] = {}
        for c in cards:
            used[order[c]] = used.get(order[c], 0) + 1
        return any(held[o] > k for o, k in used.items())

    def low(i: int) -> int:
        return min(order[c] for c in legal[i][1])

    def high(i: int) -> bool:
        return v.clears[i] or (bool(v.bombs) and v.bombs[i]) or max(order[c] for c in legal[i][1]) >= top_rank - 1

    for i in idx:
        if len(legal[i][1]) == len(v.hand):
            return i
    if v.top is None:
        return min(idx, key=lambda i: (breaks(i), high(i), low(i), -len(legal[i][1])))
    pressed = len(v.hand) <= 4 or min(v.held, default=99) <= 2
    ok = [i for i in idx if not breaks(i) and (pressed or not high(i))]
    if not ok and pressed:
        ok = list(idx)
    return min(ok, key=lambda i: (breaks(i), low(i))) if ok else len(legal)


def public(t: Table, seat: int) -> dict:
    """What the tables show of the climb (kinds/contract.py `public`): each seat's finishing place this hand,
    once a seat has gone out (None: still playing)."""
    return {"place": [p or None for p in t.places]} if any(t.places) else {}


SMART = {ClimbView: lambda d, mind: smart_climb(d.view)}

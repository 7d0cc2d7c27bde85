"""bid: the seats bid numbers (one each, an auction, or sealed bids revealed together).

The legal range is two int expressions evaluated when the phase starts
(they may read `hand-size`, `players`, options and the table, e.g. `trump`).
Styles:

`pass` is a bool evaluated for each seat as it bids (`actor`), so a rule
may oblige some seat to bid (e.g. the dealer, when everyone else passed).

- `one-each`: from the first bidder in play direction, every seat bids once;
  bids are public as they are made. `forbid-last` (bool over `bid`) removes
  bids the last bidder may not make (e.g. the total of bids equal to the
  number of tricks).
- `sealed`: every seat chooses without seeing the others' bids; the bids are
  revealed together (one `bid` event each, in seat order from the first
  bidder, with `sealed: true`). There is no last bidder, so `forbid-last`
  must be false (checked when the rules are compiled).
- `auction`: the turn goes around the seats still in the auction (a pass is
  final, so a seat that passed is skipped); each bids higher than the
  current high bid or passes (if `pass` allows). The auction ends when the
  maximum is bid or, after a bid, every other seat has passed; the highest
  bidder is the `bidder`. A seat left alone before anyone bid still bids
  or passes. When every seat passes there is no bidder (`contract` is false).

`forbid` (bool over `bid` and `actor`) removes bids for every bidder. A
restriction that would leave a seat without any legal choice lifts (a rule
never leaves a player without a move).

Names: `bid` (the bid being judged, in forbid expressions), `bidder` (seat
with the highest bid, or none), `high-bid` (int, 0 when nobody bid),
`contract` (bool: some seat bid). Seat fields: `s.bid` (int, none before the
seat bids or after a pass), `s.passed`. These are known in every expression,
but one read by a phase that runs before the bidding is a compile error (it
would only see the reset of the hand's start). Events: `bid` with `seat` and `bid`
or `pass: true`; an auction ends with an `auction` event (`bidder`, `bid`).
`bots: {tricks, trump}` tells bots what a bid means, and the rules never
read it: `tricks` (int over `bid`) the tricks the bidder's side must take,
`trump` (text over `bid`) the trump the bid names ('none': no trumps), as
in a schedule where one number is a level and a suit. Without them a bid
counts tricks, except in an auction: card points when the top bid is at
least half the deck's points, else the top bid asks for every trick and a
lower one for its share (a bid of points, as in Auction Pitch). A `smart`
bot bids what it expects to make by that reading (kinds/bidsense.py `smart_bid`).
Bots choose among the legal options with a pass ordered below every bid:
`lowest` passes whenever passing is allowed and otherwise bids the smallest
legal bid; `highest` bids the largest.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ruleplay.lang import expr as X
from ruleplay.compiler.model import Ctx, Declared
from ruleplay.engine.decision import MAX_BID, Decision
from ruleplay.errors import RuleplayError
from ruleplay.engine.table import Table, ThrowIn
from ruleplay.compiler.teams import partners
from ruleplay.engine.events import EventSpec
from ruleplay.kinds import bidladder
from ruleplay.kinds.words import first_player, formula
from ruleplay.kinds.bidsense import bid_sense
from ruleplay.kinds.schema_parts import EXPR, obj, phase_schema, text


# ---------------------------------------------------------------------------- the kind's keys (schema)
SUMMARY = 'bid: the seats bid numbers (one each, sealed, or an auction).'
SCHEMA = phase_schema('bid', {
    "first": {"description": "Who bids first: left-of-dealer, dealer, or a bool over seat `s` (the first seat from the dealer's left where it holds).", "default": "left-of-dealer", **EXPR},
    "range": obj({"min": {"description": "Lowest bid (int; may read hand-size, players, options).", "default": 0, **EXPR},
                  "max": {"description": "Highest bid (int).", "default": "hand-size", **EXPR}},
                 desc="The legal bids, evaluated when the phase starts."),
    "pass": {"description": "Bool: a seat may pass instead of bidding (in an auction a pass is final).", "default": False, **EXPR},
    "style": {"description": "one-each: every seat bids once in turn, publicly; sealed: all choose, then the bids are revealed together; auction: raise or pass until the maximum is bid or every other seat has passed (may be an expression of options).", "default": "one-each", **EXPR},
    "hold": {"type": "boolean", "default": False,
             "description": "auction only: a player earlier in the bidding order than the highest bidder may hold, "
                            "bidding the same number, and becomes the highest bidder; a later player must bid "
                            "higher (Skat's and Twenty-Nine's 'hold')."},
    "rounds": {"description": "auction only: at most this many turns each, in order from the first bidder (1: one chance each); default: until one bidder is left.", "type": "integer", "minimum": 1, "maximum": 100},
    "forbid": {"description": "Bool over `bid` (and actor): bids no seat may make. Lifted when it would leave no choice.", **EXPR},
    "forbid-last": {"description": "Bool over `bid`: bids the last bidder may not make (one-each only), e.g. sum(s.bid for s in seats) + bid == hand-size. Lifted when it would leave no choice.", **EXPR},
    "words": {"type": "object", "propertyNames": {"pattern": "^[0-9]{1,4}$"},
              "additionalProperties": {"type": "string", "minLength": 1, "maxLength": 40},
              "description": "Bids said by a name rather than a number, e.g. {35: misere, 50: nap}: the name labels the action, the log's `bid` event (`said`), the table's narration and the rule sheet; the rules still read the number."},
    "hand": text("Per-seat zone the bots judge their hand from (default: deal.to)."),
    "bots": obj({"tricks": {"description": "Int over `bid`: the tricks a bid of `bid` asks the bidder (with a partner: the side) to take; for a bid of points, about the tricks it takes to make them. Default: the bid itself; in an auction, card points when the highest bid is at least half the deck's points, else the highest bid's share of every trick.", **EXPR},
                 "trump": {"description": "Text over `bid`: the trump a bid of `bid` names, a suit or 'none' (no trumps). Default: the table's trump, else the suit the bot's hand is best in.", **EXPR},
                 "at-most": {"description": "Bool over `bid`: a bid of `bid` asks the bidder to take at most its `tricks` (misere: 0), not at least: a bot makes it with a hand weak enough.", "default": False, **EXPR},
                 "worth": {"description": "Int over the bidder (actor): the highest bid a sensible player makes with its hand, in the bids' own units (Pinochle: its meld plus the points it expects to take). With it, `smart` raises an auction by the least step while the bid stays within its worth, else passes; bidding once, it bids the highest it may within its worth.", "examples": ["meld(actor) + 10 * count(c.rank == 'A' for c in actor.hand)"], **EXPR}},
                desc="What a bid means, for bots only (the rules never read it): bots bid what they expect to make."),
    **bidladder.SCHEMA,
    "all-pass": {"enum": ["continue", "redeal"], "default": "continue",
                 "description": "When nobody bids (every seat passed): continue with the next phase (no contract), or "
                                "redeal (the hand is thrown in, not scored, and the next hand is dealt)."},
}, [])
EXAMPLES = {   # for editors: examples and descriptions of the keys above, by path in the phase
    'before': {"examples": ["tricks"]},
    'range': {"examples": [{"min": 0, "max": "hand-size"}]},
    'forbid': {"examples": ["bid < 3 and not may-pass"]},
    'rounds': {"examples": [1]},
    'forbid-last': {"examples": ["sum(s.bid for s in seats) + bid == hand-size"]},
    'hand': {"examples": ["hand"]},
    'words': {"examples": [{"35": "misere", "50": "nap"}]},
    'bots': {"examples": [{"tricks": "6 + (bid - 40) // 100", "trump": "bid-suit"}]},
    'bots/tricks': {"examples": ["6 + (bid - 40) // 100"]},
    'bots/trump': {"examples": ["'none' if (bid - 40) // 20 % 5 == 4 else bid-suit"]},
    'bots/at-most': {"examples": ["bid == 35"]},
    **bidladder.EXAMPLES,
    'all-pass': {"examples": ["redeal"]},
}
# the event kinds it logs, with the fields that hide cards (visibility.seat_event); replay checks logs against them
# what the kind keeps on the table (Table's fields, made for n seats): per hand
FIELDS = {"bids": lambda n: [None] * n, "passed": lambda n: [False] * n,
          "bidder": lambda n: None,          # the seat that won the auction / the highest bid
          "high_bid": lambda n: None, "bid_style": lambda n: None}
EVENTS = {"all-passed": EventSpec(("phase", "redeal"), sample=None),      # as the choose kind's
          "bid": EventSpec(("seat", "bid", "pass", "sealed", "said"), sample=None),
          "auction": EventSpec(("bidder", "bid", "said"), sample=None)}

STYLES = ("one-each", "auction", "sealed")
PASS = None


@dataclass
class BidView:
    """What a bot may know about its bid: the legal choices (None is a pass) and its own hand."""

    kind = "bid"
    seat: int
    legal: list[int | None]
    hand: list[int]
    trump: str | None
    style: str
    high_bid: int | None
    hand_size: int
    strength: dict[int, int]              # each card in hand: its rank order (deck order `order`)
    top: int                              # the highest rank order
    points: list[int]                     # per card of the deck (public rules)
    suit: list                            # per card of the deck (public rules)
    bids: list[int | None]                # the bids made so far (public; empty to a sealed bidder's eyes)
    passed: list[bool]
    need: list[float | None] = field(default_factory=list)  # per legal choice: the tricks it asks for (None: pass)
    names: list[str | None] = field(default_factory=list)  # per legal choice: the trump it names (None: none)
    unit: str = "tricks"                  # what `need` counts: tricks, or card points (`points`)
    partner: int | None = None            # the seat's partner (teams of two), whose bids are in `bids`
    at_most: list[bool] = field(default_factory=list)   # per legal choice: it asks for at most `need` (misere)
    worth: int | None = None              # `bots.worth`: the highest bid its hand is worth (None: not said)


@dataclass
class Bid:
    name: str
    first_mode: str                        # left-of-dealer | dealer | expr
    first_fn: Callable | None
    lo: Callable
    hi: Callable
    may_pass: Callable
    style: str
    forbid: Callable | None
    forbid_last: Callable | None
    hand_zone: int | None                  # per-seat zone index of the hand, for bots' views
    points: list[int]
    tricks_fn: Callable | None = None      # `bots.tricks`: the tricks a bid asks for (None: the bid itself)
    trump_fn: Callable | None = None       # `bots.trump`: the trump a bid names (None: none named)
    description: str = ""
    spec: dict = field(default_factory=dict)
    rounds: int | None = None              # auction: at most this many turns each (None: no limit)
    most: int = MAX_BID                    # the highest bid the range can reach (its constant max, else a bound)
    words: dict = field(default_factory=dict)   # `words`: a bid's name (35 -> "misere"), for labels, log, sheet
    at_most_fn: Callable | None = None     # `bots.at-most`: a bid asks for at most its tricks (misere), for bots
    hold: bool = False                     # auction: an earlier seat may equal the high bid (and so takes it)
    worth_fn: Callable | None = None       # `bots.worth`: the highest bid a sensible player makes (over actor)
    redeal: bool = False                   # `all-pass: redeal`: nobody bid, the hand is thrown in

    def offers(self, space) -> list[int]:
        return [space.PASS, *range(space.BID0, space.BID0 + self.most + 1)]

    def __post_init__(self):
        self.total = sum(self.points)        # the deck's card points

    def start_hand(self, t: Table) -> None:
        t.bids = [None] * t.n
        t.passed = [False] * t.n
        t.bidder = None
        t.high_bid = None
        t.bid_style = self.style

    def run(self, t: Table):
        """A generator: yields each bidder's Decision (see decision.py), ends when the bidding does; with
        `all-pass: redeal`, a hand nobody bid in is thrown in."""
        yield from self._bidding(t)
        if self.redeal and t.bidder is None:
            t.emit("all-passed", phase=self.name, redeal=True)
            raise ThrowIn(self.name)

    def _bidding(self, t: Table):
        self.start_hand(t)
        lo, hi = self.lo(t), self.hi(t)
        lo = 0 if lo is None else lo
        hi = lo if hi is None else hi
        order = self._order(t)
        if self.style == "auction":
            yield from self._auction(t, order, lo, hi)
            return
        chosen: list[tuple[int, int | None]] = []
        sealed = self.style == "sealed"
        for i, seat in enumerate(order):
            last = self.style == "one-each" and i == len(order) - 1
            options = self._legal(t, seat, list(range(lo, hi + 1)), self._may_pass(t, seat), last)
            choice = yield from self._ask(t, seat, options, hi, sealed)
            chosen.append((seat, choice))
            if not sealed:
                self._record(t, seat, choice)
                if choice is not None and (t.high_bid is None or choice > t.high_bid):
                    t.high_bid, t.bidder = choice, seat     # the highest so far: `high-bid` as the bids go round
        if sealed:
            t.reveal()
            for seat, choice in chosen:
                self._record(t, seat, choice, sealed=True)
        bids = [b for b in t.bids if b is not None]
        if bids:
            t.high_bid = max(bids)
            t.bidder = next(s for s in order if t.bids[s] == t.high_bid)

    # ------------------------------------------------------------ helpers
    def _order(self, t: Table) -> list[int]:
        return t.playing_from(t.first_seat(self.first_mode, self.first_fn))   # seats out of the game do not bid

    def _may_pass(self, t: Table, seat: int) -> bool:
        t.actor = seat
        return bool(self.may_pass(t))

    def _legal(self, t: Table, seat: int, bids: list[int], may_pass: bool, last: bool) -> list[int | None]:
        t.actor = seat
        for fn in (self.forbid, self.forbid_last if last else None):
            if fn is None or not bids:
                continue
            ok = []
            for b in bids:
                t.loc["bid"] = b
                if not fn(t):
                    ok.append(b)
            t.loc.pop("bid", None)
            if ok or may_pass:
                bids = ok
        options: list[int | None] = ([PASS] if may_pass or not bids else []) + bids
        return options

    def _ask(self, t: Table, seat: int, options: list[int | None], hi: int, sealed: bool = False):
        """The seat's bid (None: a pass), asked as a Decision; a single legal option is not asked."""
        space = t.space
        words = self.words
        if len(options) == 1:
            o = options[0]
            t.forced(seat, space.bid(o), f"bid {words[o]}" if words and o in words else None, sealed)
            return o
        bot = t.inline[seat]
        view = None
        if bot is None or bot.wants_view:
            deck = t.rules.deck
            hand = list(t.seat_zones[self.hand_zone][seat]) if self.hand_zone is not None else []
            order = deck.orders["order"]
            mates = partners(t.rules.teams, t.n)
            need, names, unit, at_most = self._meaning(t, options, hi)
            view = BidView(seat, list(options), hand, t.trump, self.style, t.high_bid, t.hand_size,
                           {c: order[c] for c in hand}, max(order) if order else 0, self.points, deck.suit,
                           list(t.bids), list(t.passed), need, names, unit,
                           partner=None if mates is None else mates[seat], at_most=at_most,
                           worth=self._worth(t, seat))
        labels = {space.bid(o): f"bid {words[o]}" for o in options if o in words} if words else None
        a = yield from t.ask(Decision(seat, [space.bid(o) for o in options], view, labels or None, sealed=sealed))
        return space.bid_of(a)

    def _worth(self, t: Table, seat: int) -> int | None:
        """`bots.worth` for the seat (its hand read as the actor's), or None when the file does not say it."""
        if self.worth_fn is None:
            return None
        t.actor = seat
        v = self.worth_fn(t)
        return v if isinstance(v, int) else None

    def _meaning(self, t: Table, options: list[int | None], hi: int) -> tuple[list, list, str, list]:
        """What each option asks for and names, for bots: `bots.tricks` and `bots.trump` when given. Else
        a bid counts tricks, except in an auction: there it counts card points when the highest bid is
        at least half the deck's points, else the highest bid asks for every trick and the others for
        their share of them. And whether it asks for at most that (`bots.at-most`: a misere)."""
        need: list[float | None] = []
        names: list[str | None] = []
        at_most: list[bool] = []
        auction = self.style == "auction" and self.tricks_fn is None
        points = auction and 2 * hi >= self.total > 0
        for b in options:
            t.loc["bid"] = b
            if b is None or self.tricks_fn is None:
                need.append(b if b is None or points or not auction else b * t.hand_size / max(1, hi))
            else:
                need.append(self.tricks_fn(t))
            names.append(None if b is None or self.trump_fn is None else self.trump_fn(t))
            at_most.append(b is not None and self.at_most_fn is not None and bool(self.at_most_fn(t)))
        t.loc.pop("bid", None)
        return need, names, "points" if points else "tricks", at_most

    def _record(self, t: Table, seat: int, choice: int | None, sealed: bool = False) -> None:
        extra = {"sealed": True} if sealed else {}
        if choice is None:
            t.passed[seat] = True
            t.bids[seat] = None                            # an auction bid passed over is no longer a bid
            t.emit("bid", seat=seat, **{"pass": True}, **extra)
        else:
            t.bids[seat] = choice
            if choice in self.words:
                extra["said"] = self.words[choice]
            t.emit("bid", seat=seat, bid=choice, **extra)
        t.act()

    def _auction(self, t: Table, order: list[int], lo: int, hi: int):
        """Raise or pass around the seats still in, from the first bidder (a pass is final), until
        the maximum is bid, one seat is left in after a bid, or every seat has passed."""
        seat = order[0]
        turns = None if self.rounds is None else self.rounds * len(order)     # `rounds`: turns left in all
        while not self._auction_over(t, hi, order if self.hold else None) and turns != 0:
            if turns is not None:
                turns -= 1
            start = lo if t.high_bid is None else t.high_bid + (0 if self._holds(order, seat, t.bidder) else 1)
            options = self._legal(t, seat, list(range(start, hi + 1)), self._may_pass(t, seat), False)
            choice = yield from self._ask(t, seat, options, hi)
            self._record(t, seat, choice)
            if choice is not None:
                t.high_bid, t.bidder = choice, seat
            seat = next((s for s in (t.next_seat(seat, k) for k in range(1, t.n + 1))
                         if not t.passed[s] and t.takes_part(s)), seat)
        t.emit("auction", bidder=t.bidder, bid=t.high_bid,
               **({"said": self.words[t.high_bid]} if t.high_bid in self.words else {}))

    def _holds(self, order: list[int], seat: int, bidder: int | None) -> bool:
        """With `hold`: may `seat` equal the high bid, being earlier in the bidding order than its bidder?"""
        return self.hold and bidder is not None and seat != bidder and bidder in order and seat in order and \
            order.index(seat) < order.index(bidder)

    def _auction_over(self, t: Table, hi: int, order: list[int] | None = None) -> bool:
        """Every seat passed, or a bid stands with one seat left in, or the maximum is bid (and, with `hold`
        in `order`, no seat still in may hold it)."""
        still_in = sum(t.takes_part(s) and not t.passed[s] for s in t.seat_range)
        if still_in == 0:
            return True                                    # every seat passed: no bidder
        if t.high_bid is None:
            return False
        if still_in == 1:
            return True
        return t.high_bid >= hi and not (order is not None and any(
            t.takes_part(s) and not t.passed[s] and self._holds(order, s, t.bidder) for s in t.seat_range))


def declare(ctx: Ctx, path: tuple) -> Declared:
    """The names a bid phase defines; they have a value once it has run (its hand-start hook resets them)."""
    return Declared(
        names={"bidder": X.Binding(X.SEAT, lambda e: e.bidder),
               "high-bid": X.Binding(X.INT, lambda e: e.high_bid or 0),
               "contract": X.Binding(X.BOOL, lambda e: e.bidder is not None),
               **bidladder.names(ctx.get(path) or {})},
        seat_fields={"bid": (X.INT, lambda f: lambda e: e.bids[f(e)]),
                     "passed": (X.BOOL, lambda f: lambda e: e.passed[f(e)])})


def _checked(ctx: Ctx, path: tuple, c: X.Compiled, ok: Callable[[Any], bool], wrong: Callable[[Any, bool], str],
             hint: str, raw: Any) -> Callable | None:
    """`c`, a value that must pass `ok`: a constant that fails is refused where it is written, a value worked out
    in play that fails stops the game with an error placed there (`wrong(value, in_play)` says why)."""
    if c.is_const:
        if c.const is not None and not ok(c.const):
            ctx.error(path, wrong(c.const, False), hint, value=True)
            return None
        return c.fn
    fn = c.fn

    def checked(e):
        v = fn(e)
        if v is not None and not ok(v):
            raise RuleplayError([ctx._expr_error(path, raw, wrong(v, True), 1, hint)])
        return v
    return checked


def _bid_bound(ctx: Ctx, path: tuple, c: X.Compiled | None) -> Callable | None:
    """An end of the bid range, within the action space 0..MAX_BID (decision.py)."""
    if c is None:
        return None
    return _checked(ctx, path, c, lambda v: 0 <= v <= MAX_BID, lambda v, _: f"a bid of {v} is outside 0..{MAX_BID}",
                    f"bids are whole numbers from 0 to {MAX_BID}", ctx.get(path, "hand-size"))


def _trump_named(ctx: Ctx, path: tuple, c: X.Compiled) -> Callable | None:
    """`bots.trump`: a suit of the deck or 'none' (never a word the bot would take for a suit)."""
    suits = sorted({s for s in ctx.deck.suit if s is not None})
    allowed = set(suits) | {"none"}
    return _checked(ctx, path, c, allowed.__contains__,
                    lambda v, in_play: (f"gave '{v}', not" if in_play else f"'{v}' is not") +
                    " a suit of the deck or 'none'",
                    f"a suit of the deck ({', '.join(suits)}) or 'none', e.g. \"'S' if bid-suit == 'spades' else "
                    "'none'\"", ctx.get(path))


def compile(ctx: Ctx, path: tuple, name: str) -> Bid | None:
    spec = ctx.get(path)
    ladder = bidladder.compile_ladder(ctx, path, spec) if "ladder" in spec else None
    if "ladder" in spec and ladder is None:
        return None
    bid_scope = ctx.scope.with_names(bid=X.Binding(X.INT, lambda e: e.loc.get("bid")),
                                     **(bidladder.bid_names(ladder) if ladder else {}))

    first_mode, first_fn = ctx.first_seat(path + ("first",))
    lo_c = ctx.expr(path + ("range", "min"), X.INT, default=1 if ladder else 0)
    lo = _bid_bound(ctx, path + ("range", "min"), lo_c)
    hi_c = ctx.expr(path + ("range", "max"), X.INT, default=ladder.count if ladder else "hand-size")
    hi = _bid_bound(ctx, path + ("range", "max"), hi_c)
    may_pass = ctx.expr(path + ("pass",), X.BOOL, default=False)
    style = ctx.word(path + ("style",), STYLES, "one-each")
    forbid = ctx.expr(path + ("forbid",), X.BOOL, bid_scope) if "forbid" in spec else None
    forbid_last = ctx.expr(path + ("forbid-last",), X.BOOL, bid_scope) if "forbid-last" in spec else None
    if forbid_last is not None and style != "one-each" and not (forbid_last.is_const and not forbid_last.const):
        ctx.error(path + ("forbid-last",), f"forbid-last needs a last bidder, but style {style} has none "
                  "(it applies only to one-each bidding)", value=True)
    if forbid_last is not None and forbid_last.is_const and not forbid_last.const:
        forbid_last = None
    if forbid is not None and forbid.is_const and not forbid.const:
        forbid = None
    rounds = spec.get("rounds")
    if spec.get("hold") and style != "auction":
        ctx.error(path + ("hold",), f"hold lets an earlier player equal the high bid of an auction, but style {style} "
                  "has no high bid to hold", "style: auction", value=True)
    if rounds is not None and style != "auction":
        ctx.error(path + ("rounds",), f"rounds limits an auction's turns, but style {style} gives each seat one turn "
                  "anyway", "style: auction", value=True)
    hand_name = spec.get("hand")
    hand_zone = None
    if hand_name is not None:
        z = ctx.zone(path + ("hand",), owner="seat")
        hand_zone = z.index if z else None
    else:
        hand_zone = ctx.zones[ctx.doc.data["deal"]["to"]].index if ctx.doc.data.get("deal", {}).get("to") in \
            ctx.zones else None
    points = list(ctx.deck.attrs.get("points", [0] * len(ctx.deck)))
    hints = spec.get("bots") or {}
    tricks = ctx.expr(path + ("bots", "tricks"), X.INT, bid_scope) if "tricks" in hints else None
    trump = ctx.expr(path + ("bots", "trump"), X.STR, bid_scope) if "trump" in hints else None
    at_most = ctx.expr(path + ("bots", "at-most"), X.BOOL, bid_scope) if "at-most" in hints else None
    worth = ctx.expr(path + ("bots", "worth"), X.INT) if "worth" in hints else None
    trump_fn = _trump_named(ctx, path + ("bots", "trump"), trump) if trump is not None else None
    if None in (lo, hi, may_pass) or (tricks is None) != ("tricks" not in hints) or \
            (trump_fn is None) != ("trump" not in hints) or (at_most is None) != ("at-most" not in hints) or \
            (worth is None) != ("worth" not in hints):
        return None
    tricks_fn = tricks.fn if tricks else None
    if ladder is not None:             # a bid means its level in tricks and its strain as trump, unless said
        hint_tricks, hint_trump = bidladder.bot_hints(ladder, {x for x in ctx.deck.suit if x is not None})
        tricks_fn = tricks_fn or hint_tricks
        trump_fn = trump_fn or hint_trump
    words = ladder.words() if ladder else {int(k): str(v) for k, v in (spec.get("words") or {}).items()}
    least, most = lo_c.const if lo_c.is_const and lo_c.const is not None else 0, _most(ctx, path, hi_c)
    for k, v in (spec.get("words") or {}).items():
        if not least <= int(k) <= most:
            ctx.error(path + ("words", k), f"'{v}' names a bid of {int(k)}, but the bids run from {least} to {most}",
                      "name a bid within the range, or widen range:", value=True)
            return None
    return Bid(name, first_mode, first_fn, lo, hi, may_pass.fn, style,
               forbid.fn if forbid else None, forbid_last.fn if forbid_last else None, hand_zone, points,
               tricks_fn, trump_fn, spec.get("description", ""),
               dict(spec), rounds, _most(ctx, path, hi_c), words, at_most.fn if at_most else None,
               spec.get("hold") is True, worth.fn if worth else None, spec.get("all-pass") == "redeal")


def _most(ctx: Ctx, path: tuple, hi: X.Compiled) -> int:
    """The highest bid the range reaches, for the adapters' action space: its constant max; `hand-size` (a
    hand holds at most the deck); else any bid."""
    if hi.is_const and hi.const is not None:
        return hi.const
    if str(ctx.get(path + ("range", "max"), "hand-size")).strip() == "hand-size":
        return len(ctx.deck)
    return MAX_BID


# ---------------------------------------------------------------------------- the rule sheet (explain)
def describe(spec: dict, phase=None) -> str:
    """The phase in words, from its spec (and its compiled form where options fold a value)."""
    first = spec.get("first", "left-of-dealer")
    who = {"left-of-dealer": "the player on the dealer's left", "dealer": "the dealer"}.get(
        first, first_player(first))
    rng = spec.get("range") or {}
    style = getattr(phase, "style", spec.get("style", "one-each"))
    text = {"one-each": f"starting with {who}, each player in turn bids once, publicly",
            "sealed": "every player chooses a bid in secret; the bids are revealed together",
            "auction": f"an auction starting with {who}: in turn each player bids higher than the current "
                       "bid or passes (a pass is final), until the maximum is bid or every other player "
                       "has passed; the highest bidder is the bidder"}.get(style, style)
    if style == "auction" and spec.get("hold") is True:
        text += ("; a player earlier in the bidding order than the highest bidder may hold, bidding the same "
                 "number, and becomes the highest bidder (a later player must bid higher)")
    if style == "auction" and spec.get("rounds"):
        n = spec["rounds"]
        text += f"; each player has at most {'one turn' if n == 1 else f'{n} turns'}"
    text += "." + bidladder.describe(spec) if "ladder" in spec else \
        f". A bid is a number from {formula(rng.get('min', 0))} to {formula(rng.get('max', 'hand-size'))}."
    p = spec.get("pass", False)
    text += (" Passing is not allowed." if p is False else " A player may pass." if p is True
             else f" A player may pass when {formula(p)}.")
    if "forbid" in spec:
        text += f" Nobody may bid a number for which {formula(spec['forbid'])}."
    if getattr(phase, "forbid_last", None) is not None:
        text += f" The last bidder may not bid a number for which {formula(spec['forbid-last'])}."
    if spec.get("all-pass") == "redeal":
        text += " When nobody bids, the hand is thrown in and the next is dealt."
    if spec.get("words"):
        text += " Bids said by name: " + ", ".join(f"{k} is {v}" for k, v in spec["words"].items()) + "."
    return text


# ---------------------------------------------------------------------------- the events in words (play)
def _tell_bid(n, ev: dict) -> list[str]:
    if ev.get("pass"):
        return [f"{n.verb(ev['seat'], 'pass', 'passes')}."]
    return [f"{n.verb(ev['seat'], 'bid', 'bids')} {ev.get('said', ev['bid'])}."]


def _tell_auction(n, ev: dict) -> list[str]:
    if ev.get("bidder") is None:
        return ["Everyone passed: nobody won the auction."]
    return [f"{n.verb(ev['bidder'], 'win', 'wins')} the auction with {ev.get('said', ev['bid'])}."]


NARRATION = {"bid": _tell_bid, "auction": _tell_auction}

def public(t: Table, seat: int) -> dict:
    """What the tables show of the bidding (kinds/contract.py `public`): each seat's bid this hand ("pass", the
    bid, None before it bids; sealed bids once revealed) and, in an auction, the bid to beat and who made it
    (the contract once the auction is over)."""
    if all(b is None for b in t.bids) and not any(t.passed):
        return {}
    facts = {"bid": ["pass" if p else b for b, p in zip(t.bids, t.passed)]}
    if t.bid_style == "auction" and t.high_bid is not None:
        facts["high bid"] = f"{t.high_bid} by seat {t.bidder}"
    return facts


SMART = {BidView: bid_sense}     # what a sensible player bids (kinds/bidsense.py, kinds/contract.py)

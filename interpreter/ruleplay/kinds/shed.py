"""shed: seats in turn play one legal card from their hand to a table pile or layout, draw from a
stock or pass; the first seat out of cards ends the hand.

Legality is a bool over `card` that may read the pile (`pile.top`: the last card played to it), `named`
(the value the seat that played the top card named, or none) and any zone (a layout is the whole
`to` pile: e.g. a card fits next to a card of its suit). `draw` (one of none, one, until-playable,
or an expression of options giving one) says what a seat without a legal card does: `none` passes;
`one` draws a card, plays it if it is legal, else passes; `until-playable` draws until it holds a
legal card (or the stock is out, or it drew `draw-max` cards: then it passes). With `may-draw`, a seat may draw instead of playing. When the stock
runs out, `reshuffle` turns the pile (all but its top card) into a new stock. A seat with no legal
card and nothing to draw passes; when every seat in a row passes so, the hand is blocked and ends.

Declared choices: `name: {when, values}`: after a card for which `when` (bool over `card`) holds
is played, its seat names one of `values` (a decision labelled "name V", logged as a `named`
event); `named` reads it until the next card is played. `turn-up: true` turns the first stock card
onto the pile when the phase starts (a starter); a starter for which `bury` (a bool over `card`) holds is
buried in the middle of the stock and the next card turned (logged as `buried`), as long as the stock
has cards that would not be buried.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ruleplay.lang import expr as X
from ruleplay.engine.decision import Decision
from ruleplay.compiler.model import Ctx, Declared, Zone, card_scope
from ruleplay.engine.table import Table
from ruleplay.engine.events import EventSpec, movers
from ruleplay.kinds.choose import ChoiceView
from ruleplay.kinds.schema_parts import EXPR, obj, phase_schema, text
from ruleplay.kinds.words import first_player, formula

DRAWS = ("none", "one", "until-playable")

# ---------------------------------------------------------------------------- the kind's keys (schema)
SUMMARY = "shed: seats in turn play a legal card to a pile or layout, draw or pass; the first out of cards ends the hand."
SCHEMA = phase_schema("shed", {
    "from": text("Per-seat hand the cards are played from."),
    "to": text("Table zone the cards are played to (a discard pile, or a layout)."),
    "stock": text("Table zone seats draw from (optional)."),
    "legal": {"description": "Which card may be played: a bool over `card` that may read zones (pile.top), named; a seat with none draws or passes.", **EXPR},
    "draw": {"description": "What a seat without a legal card does: none (pass), one (draw one, play it "
                            "if legal, else pass), until-playable (draw until legal); or an expression of options.",
             "default": "none", **EXPR},
    "draw-max": {"description": "With draw: until-playable, the most cards a seat draws in one turn before it "
                                "passes (an int of options, at least 1); without it, until it can play.", **EXPR},
    "may-draw": {"description": "A seat may draw (as the draw rule says) instead of playing.", "type": "boolean",
                 "default": False},
    "reshuffle": {"description": "When the stock is empty, the pile but its top card is shuffled into a new stock.",
                  "type": "boolean", "default": True},
    "turn-up": {"description": "Turn the first stock card onto the pile when the phase starts.", "type": "boolean",
                "default": False},
    "bury": {"description": "A turned-up starter for which this holds (bool over `card`) is buried in the middle of "
                            "the stock and the next card turned instead.", **EXPR},
    "first": {"description": "Who plays first: left-of-dealer, dealer, or a bool over seat `s` (the first seat "
                             "from the dealer's left where it holds).", "default": "left-of-dealer", **EXPR},
    "name": obj({
        "when": {"description": "Which played card makes its seat name a value (bool over `card`).", **EXPR},
        "values": {"type": "array", "items": {"type": "string"}, "minItems": 1,
                   "description": "The values a seat may name (e.g. the suits)."},
    }, ["when", "values"], "After a card for which `when` holds, its seat names one of `values` (read as `named`)."),
}, ["from", "to", "legal"])
EXAMPLES = {"from": {"examples": ["hand"]}, "to": {"examples": ["pile"]}, "stock": {"examples": ["stock"]},
            "legal": {"examples": ["card.rank == '8' or card.rank == top.rank or card.suit == top.suit"]},
            "draw": {"examples": ["one", "until-playable"]}, "draw-max": {"examples": [3, "draw-limit"]},
            "before": {"examples": ["play"]},
            "name": {"examples": [{"when": "card.rank == '8'", "values": ["C", "D", "H", "S"]}]},
            "name/when": {"examples": ["card.rank == '8'"]}, "bury": {"examples": ["card.rank == '8'"]}, "name/values": {"examples": [["C", "D", "H", "S"]]}}
# the event kinds it logs, with the fields that hide cards (visibility.seat_event); replay checks logs against them
# what the kind keeps on the table (Table's fields, made for n seats): per hand
FIELDS = {"named": lambda n: None,           # the value named with the pile's top card
          "passes": lambda n: [0] * n}       # the times each seat could not play
EVENTS = {"shed": EventSpec(("seat", "card", "zone"), sample="plays"),
          "draw": EventSpec(("seat", "zone", "cards"), {"cards": movers("seat")}, sample="draws"),     # hidden as the stock is
          "no-play": EventSpec(("seat",), sample=None), "named": EventSpec(("seat", "value"), sample=None),
          "reshuffle": EventSpec(("zone", "count"), sample="reshuffle"), "blocked": EventSpec((), sample=None),
          "went-out": EventSpec(("seat",), sample=None),
          "buried": EventSpec(("card", "zone"), sample=None)}


@dataclass
class ShedView:
    """What a bot may know at a shedding turn: its legal cards and, per legal card, what it keeps open."""

    kind = "shed"
    seat: int
    legal: list[int]
    after: dict[int, int]              # per legal card: the seat's other cards legal once it is played
    anywhere: dict[int, bool]          # per legal card: legal whatever card is on top (a wild card)
    points: list[int]                  # per card (the deck's `points`, else 0)


@dataclass
class Shed:
    name: str
    src: Zone
    dest: Zone
    stock: Zone | None
    legal: Callable
    draw: Callable                # -> one of DRAWS
    may_draw: bool
    reshuffle: bool
    turn_up: bool
    first_mode: str
    first_fn: Callable | None
    name_when: Callable | None
    name_values: list[str]
    bury: Callable | None = None
    description: str = ""
    spec: dict = field(default_factory=dict)
    draw_max: int | None = None          # until-playable draws at most this many cards a turn

    def offers(self, space) -> list[int]:
        """A card, a draw (pass), a value named after a card."""
        return [*space.card_actions(), space.PASS, *range(space.BID0, space.BID0 + len(self.name_values))]

    def _legal(self, t: Table, seat: int) -> list[int]:
        t.actor, out = seat, []
        for c in sorted(t.seat_zones[self.src.index][seat], key=t.rules.deck.canonical_key):
            t.card = c
            if self.legal(t):
                out.append(c)
        t.card = None
        return out

    def _view(self, t: Table, seat: int, legal: list[int]) -> ShedView:
        """One step ahead, from the seat's own cards and the public pile: each legal card's follow-ups in the
        seat's hand (were it on top), and whether it is legal on any top card of the deck."""
        hand, pile = t.seat_zones[self.src.index][seat], t.shared[self.dest.index]
        deck, named = t.rules.deck, t.named
        after, anywhere = {}, {}
        t.named = None
        for c in legal:
            i = hand.index(c)
            del hand[i]
            pile.append(c)
            after[c] = len(self._legal(t, seat))
            pile.pop()
            ok = True
            for probe in t.space.first.values():      # one card of each name, in deck order
                pile.append(probe)
                t.card = c
                ok = bool(self.legal(t))
                pile.pop()
                if not ok:
                    break
            anywhere[c] = ok
            hand.insert(i, c)
        t.card, t.named = None, named
        return ShedView(seat, list(legal), after, anywhere, list(deck.attrs.get("points", [0] * len(deck))))

    def _ask_card(self, t: Table, seat: int, legal: list[int], may_draw: bool):
        """A generator: the card the seat plays from `legal`, or None when it draws instead (`may_draw`)."""
        space = t.space
        bot = t.inline[seat]
        view = self._view(t, seat, legal) if bot is None or bot.wants_view else None
        acts = [space.card(c) for c in legal] + ([space.PASS] if may_draw else [])
        a = yield from t.ask(Decision(seat, acts, view, labels={space.PASS: "draw"} if may_draw else None))
        return None if a == space.PASS else next(c for c in legal if space.card(c) == a)

    def _draw_one(self, t: Table, seat: int):
        """Move the stock's top card to the seat's hand, reshuffling the pile when allowed (a generator: the
        reshuffle may be drawn by chance decisions, `Table.draw_order`); whether a card was drawn."""
        stock, pile = t.shared[self.stock.index], t.shared[self.dest.index]
        if not stock and self.reshuffle and len(pile) > 1:
            cards = list(pile)
            top = cards.pop()
            yield from t.draw_order(cards)           # (the pile lies as it is while they are drawn)
            pile.clear()
            pile.append(top)
            stock.extend(cards)                      # the first card drawn on top
            t.emit("reshuffle", zone=self.stock.name, count=len(cards))
        if not stock:
            return False
        c = stock.pop()
        t.seat_zones[self.src.index][seat].append(c)
        t.act()
        t.emit("draw", seat=seat, zone=self.src.name, cards=[t.rules.deck.names[c]])   # hidden from the others as the zone is
        return True

    def _turn_up(self, t: Table) -> None:
        """The starter: the stock's top card onto the pile; one to be buried goes into the middle of the
        stock instead, and the next is turned. When the stock holds no card that would stay up, the top card
        stays; after as many burials as the stock has cards (a stock whose upper half is all such cards),
        the first card from the top that stays up is turned."""
        stock, names = t.shared[self.stock.index], t.rules.deck.names
        at = len(stock) - 1
        if self.bury is not None:
            def buried(c: int) -> bool:
                t.card = c
                return bool(self.bury(t))
            if not all(buried(c) for c in stock):
                for _ in range(len(stock)):
                    if not buried(stock[-1]):
                        break
                    c = stock.pop()
                    stock.insert(len(stock) // 2, c)
                    t.act()
                    t.emit("buried", card=names[c], zone=self.stock.name)
                at = max(i for i, c in enumerate(stock) if not buried(c))
            t.card = None
        c = stock[at]
        del stock[at]
        t.shared[self.dest.index].append(c)
        t.act()
        t.emit("shed", seat=None, card=names[c], zone=self.dest.name)

    def run(self, t: Table):
        """A generator: yields each play, draw and naming as a Decision."""
        space, names = t.space, t.rules.deck.names
        hand, pile = t.seat_zones[self.src.index], t.shared[self.dest.index]
        t.named, t.passes = None, [0] * t.n
        if self.turn_up and self.stock is not None and t.shared[self.stock.index]:
            self._turn_up(t)
        seat, passes = first_seat(t, self.first_mode, self.first_fn), 0
        seat = seat if t.takes_part(seat) else t.next_in_play(seat)   # seats out of the game or the hand: skipped
        while True:
            rule = self.draw(t) if self.stock is not None else "none"
            legal = self._legal(t, seat)
            played = None
            if legal and not (self.may_draw and rule != "none"):
                played = legal[0] if len(legal) == 1 else (yield from self._ask_card(t, seat, legal, False))
            elif legal:                                  # may draw instead of playing
                played = yield from self._ask_card(t, seat, legal, True)
            drawn = 0                                    # cards drawn this turn
            if played is None and rule != "none":
                while (yield from self._draw_one(t, seat)):
                    drawn += 1
                    legal = self._legal(t, seat)
                    if rule == "one" or legal or drawn == self.draw_max:
                        break
                if legal and rule == "one":
                    card = hand[seat][-1]
                    legal = [card] if card in legal else []
                if legal:
                    played = legal[0] if len(legal) == 1 else (yield from self._ask_card(t, seat, legal, False))
            if played is None:
                t.emit("no-play", seat=seat)
                t.passes[seat] += 1
                passes = 0 if drawn else passes + 1      # blocked: every seat in a row with nothing to draw
                if passes >= sum(map(t.takes_part, t.seat_range)):
                    t.emit("blocked")
                    return
            else:
                passes = 0
                hand[seat].remove(played)
                pile.append(played)
                t.named = None
                t.cards_played += 1
                t.act()
                t.emit("shed", seat=seat, card=names[played], zone=self.dest.name)
                t.card = played
                if self.name_when is not None and self.name_when(t) and self.name_values:
                    acts = [space.BID0 + i for i in range(len(self.name_values))]
                    bot, deck = t.inline[seat], t.rules.deck
                    view = ChoiceView(seat, list(self.name_values), [sum(    # a value it must name: no pass
                        1 for c in hand[seat] if v in (deck.suit[c], deck.rank[c])) for v in self.name_values],
                        len(hand[seat]), False) if bot is None or bot.wants_view else None
                    a = yield from t.ask(Decision(seat, acts, view, labels={
                        x: f"name {v}" for x, v in zip(acts, self.name_values)}))
                    t.named = self.name_values[a - space.BID0]
                    t.emit("named", seat=seat, value=t.named)
                t.card = None
                if not hand[seat]:
                    t.emit("went-out", seat=seat)
                    return
            seat = t.next_in_play(seat)


def declare(ctx: Ctx, path: tuple) -> Declared:
    """`named`: the value named with the top card of the pile (or none); `s.passes`: the times a seat
    could not play this hand (a house rule may make each cost a chip)."""
    return Declared({"named": X.Binding(X.STR, lambda e: e.named)},
                    {"passes": (X.INT, lambda f: lambda e: e.passes[f(e)])})


def compile(ctx: Ctx, path: tuple, name: str) -> Shed | None:
    spec = ctx.get(path)
    src = ctx.zone(path + ("from",), owner="seat")
    dest = ctx.zone(path + ("to",), owner="table")
    stock = ctx.zone(path + ("stock",), owner="table") if "stock" in spec else None
    cscope = card_scope(ctx.scope)
    legal = ctx.expr(path + ("legal",), X.BOOL, cscope)
    draw = word_rule(ctx, path + ("draw",), DRAWS, "none")
    first_mode, first_fn = ctx.first_seat(path + ("first",))
    name_when, values = None, []
    if "name" in spec:
        w = ctx.expr(path + ("name", "when"), X.BOOL, cscope)
        name_when = w.fn if w is not None else None
        values = [str(v) for v in (spec["name"] or {}).get("values") or []]
    bury = ctx.expr(path + ("bury",), X.BOOL, cscope) if "bury" in spec else None
    draw_max = ctx.const_int(path + ("draw-max",), None, 1, 1000) if "draw-max" in spec else None
    if None in (src, dest, legal, draw) or ("stock" in spec and stock is None) or ("bury" in spec and bury is None):
        return None
    return Shed(name, src, dest, stock, legal.fn, draw, bool(spec.get("may-draw", False)),
                bool(spec.get("reshuffle", True)), bool(spec.get("turn-up", False)), first_mode, first_fn,
                name_when, values, bury.fn if bury else None, spec.get("description", ""), dict(spec), draw_max)


def first_seat(t: Table, mode: str, fn: Callable | None) -> int:
    """Who plays first (model.Ctx.first_seat): the dealer, the dealer's left, or the first seat from the
    dealer's left for which `fn` (a bool over seat `s`) holds (the dealer's left when none does)."""
    if mode == "dealer":
        return t.dealer
    start = t.next_seat(t.dealer)
    if fn is None:
        return start
    for k in range(t.n):
        seat = (start + k * t.rules.direction) % t.n
        t.loc["s"] = seat
        if fn(t):
            return seat
    return start


def word_rule(ctx: Ctx, path: tuple, words: tuple[str, ...], default: str) -> Callable | None:
    """A setting that is one of `words`, written literally or as an expression (e.g. of options) giving one;
    a value outside `words` at run time counts as `default`."""
    raw = ctx.get(path, default)
    if isinstance(raw, str) and raw in words:
        return lambda e: raw
    c = ctx.expr(path, X.STR)
    if c is None:
        return None
    if c.is_const and c.const not in words:
        ctx.error(path, f"{path[-1]} {c.const!r} is not one of: {', '.join(words)}", value=True)
        return None
    fn = c.fn
    return lambda e: v if (v := fn(e)) in words else default


# ---------------------------------------------------------------------------- the rule sheet (explain)
def describe(spec: dict, phase=None) -> str:
    first = spec.get("first", "left-of-dealer")
    who = {"left-of-dealer": "the player on the dealer's left", "dealer": "the dealer"}.get(first) or \
        first_player(first)
    out = [f"{who[0].upper()}{who[1:]} plays first; then in turn, each player plays one card from their "
           f"{spec['from']} to the {spec['to']} when {formula(spec['legal'])}."]
    if "stock" in spec:
        most = f", at most {formula(spec['draw-max'])} cards a turn" if "draw-max" in spec else ""
        out.append(f"A player who cannot play draws from the {spec['stock']} ({formula(spec.get('draw', 'none'))}{most})"
                   + ("; a player may also draw instead of playing" if spec.get("may-draw") else "") + ".")
    out.append("A player who cannot play passes; the first player out of cards ends the hand.")
    if spec.get("turn-up"):
        out.insert(0, f"The top card of the {spec.get('stock', 'stock')} is turned up to start the {spec['to']}" +
                   (f"; a card where {formula(spec['bury'])} is buried in the middle of the {spec.get('stock')} "
                    "and the next turned instead." if "bury" in spec else "."))
    if "name" in spec:
        out.append(f"Who plays a card where {formula(spec['name']['when'])} names one of "
                   f"{', '.join(map(str, spec['name']['values']))}.")
    return " ".join(out)


# ---------------------------------------------------------------------------- the events in words (play)
def _plays(n, seat) -> str:
    return "The stock turns up" if seat is None else n.verb(seat, "play", "plays")


NARRATION = {
    "shed": lambda n, ev: [f"{_plays(n, ev.get('seat'))} {ev.get('card')} to the {ev.get('zone')}."],
    "draw": lambda n, ev: [f"You draw {' '.join(ev.get('cards') or [])}." if ev.get("seat") == n.me
                           else f"{n.who(ev.get('seat'))} draws a card."],
    "no-play": lambda n, ev: [f"{n.verb(ev.get('seat'), 'cannot play and pass', 'cannot play and passes')}."],
    "named": lambda n, ev: [f"{n.verb(ev.get('seat'), 'name', 'names')} {ev.get('value')}."],
    "went-out": lambda n, ev: [f"{n.verb(ev.get('seat'), 'are', 'is')} out of cards."],
    "buried": lambda n, ev: [f"{ev.get('card')} is turned up and buried in the {ev.get('zone')}."],
    "reshuffle": lambda n, ev: [f"The pile but its top card is shuffled into a new {ev.get('zone')}."],
}
ACCOUNT = {
    "shed": lambda ev: f"Seat {ev['seat']} plays {ev['card']}." if ev.get("seat") is not None
    else f"{ev['card']} is turned up.",
    "draw": lambda ev: f"Seat {ev['seat']} draws.",
    "named": lambda ev: f"Seat {ev['seat']} names {ev['value']}.",
    "no-play": lambda ev: f"Seat {ev['seat']} passes.",
    "went-out": lambda ev: f"Seat {ev['seat']} is out of cards.",
    "buried": lambda ev: f"{ev['card']} is turned up and buried in the {ev['zone']}.",
    "blocked": lambda ev: "Nobody can play: the hand is blocked.",
    "reshuffle": lambda ev: f"{ev['count']} cards of the pile are shuffled into a new {ev['zone']}.",
}


# ------------------------------------------------------------ what a sensible player does (kinds/contract.py)
def smart_shed(v) -> int:
    """`smart` at a shedding turn (the index of a legal card; it never draws while it can play): keep the
    cards legal on anything (wild cards) for last; else the card after which most of its other cards are
    legal (a suit or run it holds many of); then the one worth most points (shed the costly ones)."""
    cards = v.legal
    return min(range(len(cards)), key=lambda i: (v.anywhere[cards[i]], -v.after[cards[i]], -v.points[cards[i]], i))


def public(t: Table, seat: int) -> dict:
    """What the tables show of the shedding (kinds/contract.py `public`): the value named with the pile's top card,
    and the times each seat could not play, once one could not."""
    facts: dict = {} if t.named is None else {"named": t.named}
    if any(t.passes):
        facts["passes"] = list(t.passes)
    return facts


SMART = {ShedView: lambda d, mind: smart_shed(d.view)}

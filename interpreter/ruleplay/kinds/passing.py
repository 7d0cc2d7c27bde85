"""pass: every seat picks N cards from its hand at once; they move a number of seats along, or to a
seat chosen by rank.

All seats choose before any card moves, so nobody sees what they receive
before choosing. The offset is an int expression (it may read `hand-number`
and options): seats along in play direction (1 = the next seat, -1 = the
previous one, 2 = across at four); 0 skips the pass for that hand. Instead,
`receiver` (a bool over the passing seat `s` and a seat `r`) sends each
seat's cards to the first seat from its left where it holds (e.g. the
player placed first gets the last player's cards): an exchange by rank,
logged as one `exchange` event per giver. `count` may be an int over `s`
(0: that seat gives nothing). `choose: highest` (or `lowest`) makes the
choice forced: the seat gives its N highest (lowest) cards by `by` (an int
over `card`, default the deck's rank order). Cards a seat received by a
pass this hand cannot be passed on again by a later pass, unless
`pass-received` says they may. Bots choose one card at a time among the
passable cards, so `lowest` passes its N lowest cards and `highest` its N
highest (canonical order).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from lark import Tree

from ruleplay.lang import expr as X
from ruleplay.lang.expr.fold import text_of
from ruleplay.compiler.model import Ctx, Zone, per_card
from ruleplay.engine.decision import Decision
from ruleplay.engine.table import Table
from ruleplay.engine.events import EventSpec, Private, movers
from ruleplay.kinds.words import formula
from ruleplay.lang.expr.say import say_of
from ruleplay.kinds.schema_parts import EXPR, phase_schema, text


# ---------------------------------------------------------------------------- the kind's keys (schema)
SUMMARY = 'pass: every seat passes N cards to another seat at once.'
CHOICES = ("chosen", "highest", "lowest")
SCHEMA = phase_schema('pass', {
    "from": text("Per-seat zone the cards are chosen from."),
    "to": text("Per-seat zone they arrive in (default: the same zone)."),
    "count": {"description": "Cards each seat passes: an int, or an int over seat `s` (0: it gives none).", **EXPR},
    "offset": {"description": "Seats along in play direction the cards go (int; may read hand-number and options); 0 skips the pass.", "default": 1, **EXPR},
    "receiver": {"description": "Instead of offset: a bool over the passing seat `s` and a seat `r`; the cards go "
                                "to the first seat r from s's left where it holds (none: s gives nothing).", **EXPR},
    "choose": {"description": "chosen: each seat picks its cards; highest / lowest: it must give its highest "
                              "(lowest) cards by `by`.", "enum": list(CHOICES), "default": "chosen"},
    "by": {"description": "The order `choose: highest|lowest` goes by (int over `card`, options); default: the "
                          "deck's rank order.", **EXPR},
    "pass-received": {"description": "Cards received by an earlier pass this hand may be passed on.",
                      "type": "boolean", "default": False},
    "points": {"description": "Card points, for bots (int over `card`); default: the deck attribute 'points' if any.", **EXPR},
}, ['from', 'count'])
EXAMPLES = {   # for editors: examples and descriptions of the keys above, by path in the phase
    'from': {"examples": ["hand"]},
    'to': {"examples": ["hand"]},
    'count': {"examples": [3, "2 if s.rank == players else 0"]},
    'receiver': {"examples": ["r.rank == 1 and s.rank == players"]},
    'by': {"examples": ["card.order"]},
    'points': {"examples": ["card.points"]},
    'before': {"examples": ["tricks"]},
}


def receivers(ev: dict, n: int, direction: int) -> list[int | None]:
    """Who received each seat's cards in a `pass` event: its `to` when the pass skipped a seat out of play,
    else `offset` seats along (the one rule the seat filter and the narrator both read)."""
    to = ev.get("to")
    if to is not None:
        return list(to)
    off = ev.get("offset", 0)
    return [(s + off * direction) % n if off else None for s in range(n)]


def _pass_seen(looker, ev: dict, giver: int | None) -> bool:
    """A seat's passed cards are seen by the giver and the receiver."""
    rules = looker.rules
    return looker.me == giver or (giver is not None and
                                  receivers(ev, rules.players, rules.direction)[giver] == looker.me)


# the event kinds it logs, with the fields that hide cards (visibility.seat_event); replay checks logs against them
EVENTS = {"pass": EventSpec(("offset", "to", "cards"), {"cards": Private(_pass_seen, per_seat=True)},
                            sample="pass"),
          "exchange": EventSpec(("seat", "to", "zone", "cards"), {"cards": movers("seat", "to")}, sample="gives")}


def _along(t: Table, seat: int, off: int) -> int | None:
    """The seat `off` seats along in play direction, counting only seats in play (a seat knocked out or
    sitting the hand out neither gives nor receives); None when the pass comes back to `seat`. With
    every seat in play this is `t.next_seat(seat, off)`."""
    if not t.takes_part(seat):
        return None
    live = t.playing_from(seat)             # `seat` first, then the seats in play in turn
    s = live[off % len(live)]
    return None if s == seat else s


@dataclass
class PassView:
    kind = "pass"
    seat: int
    legal: list[int]
    strength: dict[int, int]              # each legal card: its rank order
    points: list[int]
    suit: list
    picked: list[int]                     # the cards this seat already chose to pass
    count: int = 1                        # the cards it passes in all
    to: int | None = None                 # the seat they go to


@dataclass
class Pass:
    searched_with_equal_cards = True      # a search copies its decisions, equal cards too (agents/ismcts.py)
    name: str
    src: Zone
    dest: Zone
    count: Callable                          # int over seat `s`
    offset: Callable
    points: list[int]
    description: str = ""
    spec: dict = field(default_factory=dict)
    offset_const: int | None = None          # the offset when options fix it
    receiver: Callable | None = None         # bool over `s` and `r`: who receives s's cards (instead of offset)
    choose: str = "chosen"                   # or highest / lowest: a forced choice by `by`
    by: list[int] | None = None
    pass_received: bool = False

    def offers(self, space) -> list[int]:
        return space.card_actions()

    def _receivers(self, t: Table) -> list[int | None]:
        """With a receiver rule: each seat's receiver, the first seat in play after it for which the rule
        holds (None: it gives nothing; a seat not in play neither gives nor receives)."""
        out: list[int | None] = []
        for s in t.seat_range:
            t.loc["s"] = s
            found = None
            if t.takes_part(s):
                for r in t.playing_from(s)[1:]:
                    t.loc["r"] = r
                    if self.receiver(t):
                        found = r
                        break
            out.append(found)
        return out

    def run(self, t: Table, keep: tuple[int, list[int]] | None = None):
        """A generator: each pick is a sealed Decision (nobody sees another seat's picks before the pass).
        `keep` (a copy made for a seat's search, `_Resample`): that seat's picks so far stand, every other
        seat picks afresh."""
        runner = t.runner = _Resample(self)
        if self.receiver is None:
            off: int | None = self.offset(t)      # an int: a missing value stops the game (checked)
            if off % t.n == 0:
                t.emit("pass", offset=0, cards=[[] for _ in t.seat_range])
                return
            targets = [_along(t, s, off) for s in t.seat_range]
        else:
            off, targets = None, self._receivers(t)
        counts = []
        for s in t.seat_range:
            t.loc["s"] = s
            counts.append(max(0, self.count(t)) if targets[s] is not None else 0)
        src = t.seat_zones[self.src.index]
        dest = t.seat_zones[self.dest.index]
        deck = t.rules.deck
        key = deck.canonical_key
        order = deck.orders["order"]
        if t.received[0] != t.hand_number:
            t.received = (t.hand_number, set())
        received = set() if self.pass_received else t.received[1]
        space = t.space
        chosen: list[list[int]] = []
        for seat in t.seat_range:
            pool = sorted((c for c in src[seat] if c not in received), key=key)
            want = min(counts[seat], len(pool))
            if self.choose != "chosen":
                by = self.by
                ranked = sorted(pool, key=lambda c: (by[c], key(c)), reverse=self.choose == "highest")
                chosen.append(ranked[:want])
                continue
            picks: list[int] = []
            if keep is not None and keep[0] == seat:
                picks = list(keep[1])
                pool = [c for c in pool if c not in picks]
            runner.seat, runner.picks = seat, picks
            bot = t.inline[seat]
            while len(picks) < want:
                if len(pool) == 1:
                    picks.append(pool.pop())
                    continue
                view = PassView(seat, list(pool), {c: order[c] for c in pool}, self.points, deck.suit,
                                list(picks), count=want, to=targets[seat]) if bot is None or bot.wants_view else None
                d = runner.pending = Decision(seat, [space.card(c) for c in pool], view, sealed=True)
                a = yield from t.ask(d)
                runner.pending = None
                i = pool.index(a) if space.unique else next(i for i, c in enumerate(pool) if space.card(c) == a)
                picks.append(pool.pop(i))
            chosen.append(picks)
        t.reveal()
        for seat, picks in enumerate(chosen):
            to = targets[seat]
            for c in picks:
                src[seat].remove(c)
                dest[to].append(c)
                t.received[1].add(c)
            if picks:
                t.act()
        if off is not None:
            plain = [t.next_seat(s, off) for s in t.seat_range]
            skipped = {"to": targets} if targets != plain else {}     # a seat out of play: who got what
            t.emit("pass", offset=off, **skipped, cards=[[deck.names[c] for c in p] for p in chosen])
            return
        for seat, picks in enumerate(chosen):      # seen by the giver and the receiver only (Table.seat_log)
            if picks:
                t.emit("exchange", seat=seat, to=targets[seat], zone=self.dest.name,
                       cards=[deck.names[c] for c in picks])


class _Resample:
    """The pass's runner (Table.runner): a copy of the game at a seat's pick (`decision.fork`) starts the pass
    again with that seat's own picks so far standing and every other seat picking afresh, since the seat
    never saw what they chose. So such a copy is a game the seat cannot tell from the truth, not the same
    game (`exact` False: Run.fork and State.clone, which need the same game, replay instead)."""

    exact = False

    def __init__(self, phase: Pass):
        self.ph = phase
        self.pending: Decision | None = None     # the pick being asked
        self.seat, self.picks = 0, []            # whose picks are under way, and those made so far

    def fork(self, t: Table):
        """The pass again on `t`, a copy of the table (Table.fork), from its start: the other seats' picks made
        so far are dropped with their logged decisions, the seat under way keeps its own."""
        t.sealed[:] = [e for e in t.sealed if e["seat"] == self.seat]
        return self.ph.run(t, (self.seat, list(self.picks)))


def compile(ctx: Ctx, path: tuple, name: str) -> Pass | None:
    spec = ctx.get(path)
    src = ctx.zone(path + ("from",), owner="seat")
    dest = ctx.zone(path + ("to",), owner="seat") if "to" in spec else src
    seat = X.Binding(X.SEAT, lambda e: e.loc["s"])
    count = ctx.expr(path + ("count",), X.INT, ctx.scope.with_names(s=seat), default=0)
    if count is not None and count.is_const and not 0 <= count.const <= 1000:
        ctx.error(path + ("count",), f"value {count.const} is out of range 0..1000", value=True)
        count = None
    off = ctx.expr(path + ("offset",), X.INT, default=1)
    receiver = None
    if "receiver" in spec:
        if "offset" in spec:
            ctx.error(path + ("offset",), "a pass has an offset or a receiver, not both",
                      "remove the offset: the receiver says where each seat's cards go")
        receiver = ctx.expr(path + ("receiver",), X.BOOL, ctx.scope.with_names(
            s=seat, r=X.Binding(X.SEAT, lambda e: e.loc["r"])))
    by = per_card(ctx, path + ("by",), X.INT) if "by" in spec else list(ctx.deck.orders["order"])
    if "points" in spec:
        points = per_card(ctx, path + ("points",), X.INT) or [0] * len(ctx.deck)
    else:
        points = list(ctx.deck.attrs.get("points", [0] * len(ctx.deck)))
    if None in (src, dest, off, count, by) or ("receiver" in spec and (receiver is None or "offset" in spec)):
        return None
    return Pass(name, src, dest, count.fn, off.fn, points, spec.get("description", ""), dict(spec),
                off.const if off.is_const else None, receiver.fn if receiver else None,
                spec.get("choose", "chosen"), by, bool(spec.get("pass-received", False)))


# ---------------------------------------------------------------------------- the rule sheet (explain)
def describe(spec: dict, phase=None) -> str:
    """The phase in words, from its spec (and its compiled form where options fold a value)."""
    off = getattr(phase, "offset_const", None) if phase is not None else None
    if off is not None and off == 0:
        return "no cards are passed."
    where = (f"{off} seat(s) along in play direction" if off is not None
             else f"{formula(spec.get('offset', 1))} seats along in play direction (0: no pass)")
    if "receiver" in spec:
        named = _named_receiver(str(spec["receiver"]))
        rule = formula(named) if named is not None else say_of(spec["receiver"], "r")
        where = f"to {rule}" if named is not None and "`" not in rule else \
            f"to the first player after them in turn {rule}" + (
                " (s: the giver, r: the receiver)" if "`" in rule else "")
    if isinstance(spec["count"], int):
        count = f"{spec['count']} card{'' if spec['count'] == 1 else 's'}"
    else:
        rule = formula(spec["count"])
        count = "as many cards as " + rule + (" (s: the giver)" if "`" in rule else "")
    choose = spec.get("choose", "chosen")
    what = f"chooses {count}" if choose == "chosen" else f"must give {count}, their {choose}"
    if "by" in spec and choose != "chosen":
        what += f" by {formula(spec['by'])}"
    return (f"every player {what} from their {spec['from']} at once and passes them {where}; "
            + ("cards received may be passed on." if spec.get("pass-received")
               else "cards received cannot be passed on that hand."))


def _named_receiver(rule: str) -> str | None:
    """`r == EXPR` (or `EXPR == r`) with EXPR not reading r: the receiver named outright (`s.partner`), so
    the sheet says "to the player's partner"; None for any other rule."""
    try:
        tree = X.unwrap(X.parse(rule))
    except X.ExprError:
        return None
    if not isinstance(tree, Tree) or tree.data != "compare" or len(tree.children) != 3 or \
            str(tree.children[1]) != "==":
        return None
    left, right = tree.children[0], tree.children[2]
    for me, other in ((left, right), (right, left)):
        me = X.unwrap(me)
        if isinstance(me, Tree) and me.data == "name" and str(me.children[0]) == "r" and \
                "r" not in X.value_names(other):
            return text_of(other)
    return None


# ---------------------------------------------------------------------------- the events in words (play)
def _tell_pass(n, ev: dict) -> list[str]:
    if not ev.get("offset", 0):
        return ["No pass this hand."]
    cards = ev.get("cards", [])
    to = receivers(ev, n.n, n.direction)
    frm = next((s for s, r in enumerate(to) if r == n.me), None)
    said = []
    if to[n.me] is not None and n.me < len(cards):
        said.append(f"You pass {_shown(cards[n.me])} to {n.who(to[n.me])}")
    if frm is not None and frm < len(cards):
        said.append(f"{'receive' if said else 'You receive'} {_shown(cards[frm])} from {n.who(frm)}")
    return [(" and ".join(said) if said else "You take no part in the pass") + "."]


def _shown(cards: list) -> str:
    return " ".join(c or "?" for c in cards)


def _tell_exchange(n, ev: dict) -> list[str]:
    seat, to, cards = ev.get("seat"), ev.get("to"), ev.get("cards") or []
    shown = _shown(cards)
    if seat == n.me:
        return [f"You give {shown} to {n.who(to)}."]
    if to == n.me:
        return [f"{n.who(seat)} gives you {shown}."]
    return [f"{n.who(seat)} gives {n.who(to)} {len(cards)} card{'s' if len(cards) != 1 else ''}."]


NARRATION = {'pass': _tell_pass, 'exchange': _tell_exchange}
ACCOUNT = {"exchange": lambda ev: f"Seat {ev['seat']} gives {' '.join(ev['cards'])} to seat {ev['to']}."}


# ------------------------------------------------------------ what a sensible player does (kinds/contract.py)
def smart_pass(v) -> int:
    """`smart` passing (an index into the legal cards), for games where card points are bad: give away the point
    cards first, then the highest cards (in a game where no card carries points, the lowest cards: high ones
    are strength there)."""
    cards, pts, st = v.legal, v.points, v.strength.__getitem__
    idx = range(len(cards))
    if not any(pts):              # no card carries points: the high cards are strength, give the lowest
        return min(idx, key=lambda i: st(cards[i]))
    return max(idx, key=lambda i: (pts[cards[i]], st(cards[i])))


SMART = {PassView: lambda d, mind: smart_pass(d.view)}

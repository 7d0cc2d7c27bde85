"""choose: seats in turn each pick one of a list of values (a suit, "yes") or pass; the first taker ends it.

From the `first` seat (left of the dealer, the dealer, or the first seat from the dealer's left for which a
bool over `s` holds; with `cut`, one of those seats drawn at random, as cutting the cards), every seat in
play for which `who` holds is asked in turn, once. `allowed` (bool over `value`, read with `actor` the seat
asked) filters the values; `pass` (bool over `actor`) says whether the seat may pass (false for the
dealer when the dealer is "stuck"). A seat with no allowed value passes; a rule never leaves a seat
without a move, so a seat that may not pass and has no value passes all the same.

The first seat to choose ends the phase (with `each`, every seat asked chooses or passes, and the last value
chosen is the phase's). The phase's name then reads the value chosen (a str, 'none'
until someone chooses, reset when each hand starts) and `<name>-by` the seat that chose (missing until
then), in every later rule: a trick's `trump` that reads them is evaluated after the choice. When every
seat asked passes, `all-pass: redeal` throws the hand in (no scoring; the next hand is dealt),
`continue` (the default) goes on with the next phase. `sit-out` (bool over `s`, read with `actor` the
chooser) names the seats that sit out the rest of the hand once a value is chosen (a lone player's
partner); they are dealt in but play no card and are skipped in turn (`s.sits-out`). `turn-up` (a card
expression, e.g. `kitty.top`) shows that card to every seat when the phase starts.

Events: `turn-up` (card), `cut` (the seats tied, the seat drawn), `choose` (seat, and `value` or
`pass: true`), `all-passed` (`redeal`), `sit-out` (seat). Decisions are labelled `<name> V` and `pass`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ruleplay.lang import expr as X
from ruleplay.engine.decision import Decision
from ruleplay.compiler.model import Ctx, Declared
from ruleplay.engine.table import Table, ThrowIn
from ruleplay.engine.events import EventSpec
from ruleplay.kinds.schema_parts import EXPR, phase_schema
from ruleplay.kinds.words import first_player, formula, one_seat

# ---------------------------------------------------------------------------- the kind's keys (schema)
SUMMARY = "choose: seats in turn pick one of a list of values or pass (naming trump, ordering up, going alone)."
SCHEMA = phase_schema("choose", {
    "values": {"type": "array", "items": {"type": ["string", "integer"]}, "minItems": 1, "maxItems": 100,
               "description": "The values a seat may choose (e.g. the suits, or [yes])."},
    "allowed": {"description": "Bool over `value` (and `actor`, the seat asked): the values it may choose now, "
                               "e.g. value != kitty.top.suit.", **EXPR},
    "first": {"description": "Who is asked first: left-of-dealer, dealer, or a bool over seat `s` (the first seat "
                             "from the dealer's left where it holds).", "default": "left-of-dealer", **EXPR},
    "cut": {"description": "Bool of options: when `first` holds for several seats, one of them is drawn at random "
                           "(cutting the cards) instead of the first from the dealer's left.", "default": False,
            **EXPR},
    "who": {"description": "Bool over seat `s`: the seats asked, in turn from the first (default: every seat in "
                           "play this hand).", **EXPR},
    "pass": {"description": "Bool over `actor`: the seat asked may pass (e.g. actor != dealer: stick the dealer).",
             "default": True, **EXPR},
    "each": {"type": "boolean", "default": False,
             "description": "Every seat asked chooses or passes in turn, a choice not ending the round (each player "
                            "folds or plays, with sit-out: s == actor); the phase's name then reads the last value "
                            "chosen and <name>-by its chooser."},
    "sealed": {"type": "boolean", "default": False,
               "description": "With each: every seat asked chooses in secret, all at once; the choices are shown "
                              "together when all have chosen (Guts: everyone declares in or out at once)."},
    "all-pass": {"enum": ["continue", "redeal"], "default": "continue",
                 "description": "When every seat asked passes: continue with the next phase, or redeal (the hand is "
                                "thrown in, not scored, and the next hand is dealt)."},
    "sit-out": {"description": "Bool over seat `s`, read with actor = the chooser once a value is chosen: these "
                               "seats sit out the rest of the hand (e.g. s == partner: going alone).", **EXPR},
    "turn-up": {"description": "A card shown to every seat when the phase starts (e.g. kitty.top).", **EXPR},
    "prefer": {"description": "Int over `value` and `actor` (the seat asked): how much a sensible player wants to "
                              "choose that value; the `smart` bot takes the value rated highest when it rates above "
                              "0 (a pass rates 0) or when it may not pass. Without it, `smart` takes the value it "
                              "holds most cards of (a trump to name).", **EXPR},
}, ["values"])
EXAMPLES = {"values": {"examples": [["C", "D", "H", "S"], ["yes"]]},
            "allowed": {"examples": ["value != kitty.top.suit"]},
            "first": {"examples": ["left-of-dealer", "s.won == max(x.won for x in seats)"]},
            "who": {"examples": ["s == maker"]}, "pass": {"examples": ["actor != dealer"]},
            "sit-out": {"examples": ["s == partner"]}, "turn-up": {"examples": ["kitty.top"]},
            "prefer": {"examples": ["count(c.trumps > 0 for c in actor.hand) - 3"]},
            "before": {"examples": ["play"]}}
# the event kinds it logs, with the fields that hide cards (visibility.seat_event); replay checks logs against them
# what the kind keeps on the table (Table's fields): per hand, each choose phase's (value, seat)
FIELDS = {"chosen": lambda n: {}}
EVENTS = {"turn-up": EventSpec(("card",), sample=None), "cut": EventSpec(("phase", "seats", "seat"), sample=None),
          "choose": EventSpec(("phase", "seat", "pass", "value"), sample=None),
          "all-passed": EventSpec(("phase", "redeal"), sample=None),
          "sit-out": EventSpec(("seat",), sample=None)}


@dataclass
class ChoiceView:
    """What a bot sees of a choice: the values it may take, what its hand holds of each, and whether it
    may pass (so `smart` takes a value it is strong in, and passes on one it holds nothing of)."""

    kind = "choose"
    seat: int
    values: list[str]                  # the allowed values, in the order of the decision's actions after a pass
    held: list[float]                  # per value: its cards of that suit or rank, a high one counting 1.5
    hand_size: int
    may_pass: bool
    rated: list[int] | None = None     # per value, the phase's `prefer` (None: the phase has none)


@dataclass
class Choose:
    name: str
    values: list[str]
    allowed: Callable | None
    first_mode: str                      # left-of-dealer | dealer | expr
    first_fn: Callable | None
    cut: bool
    who: Callable | None
    may_pass: Callable
    redeal: bool
    sit_out: Callable | None
    turn_up: Callable | None
    description: str = ""
    spec: dict = field(default_factory=dict)
    prefer: Callable | None = None       # int over `value` and `actor`: what `smart` aims for (ChoiceView.rated)
    each: bool = False                   # every seat asked chooses or passes: a choice does not end the round
    sealed: bool = False                 # (with each) the choices made in secret, shown together at the end

    def offers(self, space) -> list[int]:
        """A pass or one of the values (numbered from the bid block's start)."""
        return [space.PASS, *range(space.BID0, space.BID0 + len(self.values))]

    def start_hand(self, t: Table) -> None:
        t.chosen[self.name] = ("none", None)

    def run(self, t: Table):
        """A generator: yields each seat's choice as a Decision; ends at the first taker or when all passed."""
        names = t.rules.deck.names
        if self.turn_up is not None:
            card = self.turn_up(t)
            if card is not None:
                t.emit("turn-up", card=names[card])
        space = t.space
        chose = False
        made: list[tuple[int, int]] = []     # sealed: (seat, action), shown together at the end
        for seat in (yield from self._asked(t)):
            if t.sitting[seat]:
                continue                 # sat out by an earlier choice of this round (`each`)
            t.actor = seat
            options = self._allowed(t)
            acts = [space.BID0 + i for i in options]
            if not acts or self.may_pass(t):
                acts = [space.PASS] + acts
            bot = t.inline[seat]
            view = self._view(t, seat, options, acts[0] == space.PASS) \
                if len(acts) > 1 and (bot is None or bot.wants_view) else None
            labels = {space.PASS: "pass", **{space.BID0 + i: f"{self.name} {self.values[i]}" for i in options}}
            if len(acts) == 1:
                a = acts[0]
                t.forced(seat, a, labels[a], self.sealed)
            else:
                a = yield from t.ask(Decision(seat, acts, view, labels=labels, sealed=self.sealed))
            t.act()
            if self.sealed:                  # shown when every seat has chosen
                made.append((seat, a))
                continue
            if self._made(t, seat, a):
                if not self.each:
                    return
                chose = True
        if self.sealed:
            t.reveal()
            for seat, a in made:
                chose = self._made(t, seat, a) or chose
        if chose:
            return
        t.emit("all-passed", phase=self.name, redeal=self.redeal)
        if self.redeal:
            raise ThrowIn(self.name)

    def _asked(self, t: Table):
        """The seats asked, in turn from the first (a generator: a cut for the first may be a chance decision,
        `Table.lot`)."""
        first = t.next_seat(t.dealer)
        if self.first_mode == "dealer":
            first = t.dealer
        elif self.first_mode == "expr" and self.first_fn is not None:
            tied = []
            for k in range(1, t.n + 1):
                s = t.next_seat(t.dealer, k)
                t.loc["s"] = s
                if t.takes_part(s) and self.first_fn(t):
                    tied.append(s)
            if len(tied) > 1 and self.cut:
                first = yield from t.lot(tied, lambda s: f"seat {s} wins the cut")
                t.emit("cut", phase=self.name, seats=tied, seat=first)
            elif tied:
                first = tied[0]
        out = []
        for s in t.playing_from(first):
            t.loc["s"] = s
            if self.who is None or self.who(t):
                out.append(s)
        return out

    def _view(self, t: Table, seat: int, options: list[int], may_pass: bool) -> ChoiceView:
        deck = t.rules.deck
        hand = [c for z in t.rules.seat_zones if z.visibility == "owner" for c in t.seat_zones[z.index][seat]]
        top = len(deck.ranks) or 1
        high = {r for r in deck.ranks[top // 2:]}
        held = [sum(1.5 if deck.rank[c] in high else 1.0 for c in hand
                    if self.values[i] in (deck.suit[c], deck.rank[c])) for i in options]
        rated = None
        if self.prefer is not None:
            t.actor, rated = seat, []
            for i in options:
                t.loc["value"] = self.values[i]
                rated.append(self.prefer(t) or 0)
            t.loc.pop("value", None)
        return ChoiceView(seat, [self.values[i] for i in options], held, len(hand), may_pass, rated)

    def _allowed(self, t: Table) -> list[int]:
        """The indices of the values the actor may choose."""
        if self.allowed is None:
            return list(range(len(self.values)))
        ok = []
        for i, v in enumerate(self.values):
            t.loc["value"] = v
            if self.allowed(t):
                ok.append(i)
        t.loc.pop("value", None)
        return ok

    def _made(self, t: Table, seat: int, a: int) -> bool:
        """The seat's choice made known (a value chosen: True; a pass: False)."""
        if a == t.space.PASS:
            t.emit("choose", phase=self.name, seat=seat, **{"pass": True})
            return False
        value = self.values[a - t.space.BID0]
        t.chosen[self.name] = (value, seat)
        t.emit("choose", phase=self.name, seat=seat, value=value)
        self._sit_out(t, seat)
        return True

    def _sit_out(self, t: Table, chooser: int) -> None:
        if self.sit_out is None:
            return
        for s in t.seat_range:
            t.loc["s"] = s
            t.actor = chooser
            if not t.sitting[s] and self.sit_out(t):
                t.sitting[s] = True
                t.emit("sit-out", seat=s)


def declare(ctx: Ctx, path: tuple) -> Declared:
    """The phase's name reads the value chosen ('none' until then); `<name>-by` the seat that chose."""
    name = path[-1]
    return Declared({name: X.Binding(X.STR, lambda e: e.chosen.get(name, ("none", None))[0]),
                     f"{name}-by": X.Binding(X.SEAT, lambda e: e.chosen.get(name, ("none", None))[1])},
                    own=frozenset({name, f"{name}-by"}))


def compile(ctx: Ctx, path: tuple, name: str) -> Choose | None:
    spec = ctx.get(path)
    values = [str(v) for v in spec.get("values") or []]
    if len(set(values)) != len(values):
        ctx.error(path + ("values",), "a value is listed twice", "list each value once")
    seat_scope = ctx.scope.with_names(s=X.Binding(X.SEAT, lambda e: e.loc["s"]))
    value_scope = ctx.scope.with_names(value=X.Binding(X.STR, lambda e: e.loc.get("value")))
    allowed = ctx.expr(path + ("allowed",), X.BOOL, value_scope) if "allowed" in spec else None
    first_mode, first_fn = ctx.first_seat(path + ("first",))
    cut = ctx.expr(path + ("cut",), X.BOOL, default=False)
    if cut is not None and not cut.is_const:
        ctx.error(path + ("cut",), "this value must be fixed before the game starts (options only)", value=True)
    who = ctx.expr(path + ("who",), X.BOOL, seat_scope) if "who" in spec else None
    may_pass = ctx.expr(path + ("pass",), X.BOOL, default=True)
    sit_out = ctx.expr(path + ("sit-out",), X.BOOL, seat_scope) if "sit-out" in spec else None
    turn_up = ctx.expr(path + ("turn-up",), X.CARD) if "turn-up" in spec else None
    prefer = ctx.expr(path + ("prefer",), X.INT, value_scope) if "prefer" in spec else None
    if spec.get("sealed") is True and spec.get("each") is not True:
        ctx.error(path + ("sealed",), "sealed choices are made by every seat asked, all at once, but without each: "
                  "true the first to choose ends the round", "add each: true", value=True)
        return None
    if may_pass is None or cut is None or any(k in spec and c is None for k, c in
                                              (("allowed", allowed), ("who", who), ("sit-out", sit_out),
                                               ("turn-up", turn_up), ("prefer", prefer))):
        return None
    return Choose(name, values, allowed.fn if allowed else None, first_mode, first_fn, bool(cut.const),
                  who.fn if who else None, may_pass.fn, spec.get("all-pass", "continue") == "redeal",
                  sit_out.fn if sit_out else None, turn_up.fn if turn_up else None,
                  spec.get("description", ""), dict(spec), prefer.fn if prefer else None, spec.get("each") is True,
                  spec.get("sealed") is True)


# ---------------------------------------------------------------------------- the rule sheet (explain)
def describe(spec: dict, phase=None) -> str:
    first = spec.get("first", "left-of-dealer")
    who = {"left-of-dealer": "the player on the dealer's left", "dealer": "the dealer"}.get(
        first, first_player(first))
    if first not in ("left-of-dealer", "dealer") and getattr(phase, "cut", False):
        who += " (several such players cut the cards: one of them at random)"
    out = []
    if "turn-up" in spec:
        out.append(f"The card {formula(spec['turn-up'])} is turned up.")
    alone = one_seat(spec["who"]) if "who" in spec else None
    asked = f"{alone}" if alone else f"starting with {who}, " + (
        f"each player for whom {formula(spec['who'])}" if "who" in spec else "each player in the hand") + " in turn"
    allowed = formula(spec["allowed"]) if "allowed" in spec else None
    p = spec.get("pass", True)
    p = False if formula(p) == "no" else p       # `pass: "false"`, or options that rule passing out
    must = p is False and not spec.get("each")  # the first asked must choose: nobody after that player is asked
    if must:
        asked = alone or who
    out.append(f"{asked[0].upper()}{asked[1:]} {'chooses' if must else 'may choose'} one of "
               f"{', '.join(map(str, spec['values']))}"
               + ("" if allowed is None else " (none may be chosen: every player passes)" if allowed == "no"
                  else f" (only a value where {allowed})") + ".")
    if must:
        out.append("Passing is not allowed.")
    elif spec.get("each"):
        out.append("Every player asked chooses or passes" + (", in secret and all at once; the choices are shown "
                                                              "together" if spec.get("sealed") else
                                                              "; a choice does not end the round") +
                   ("; passing is not allowed." if p is False else "." if p is True else
                    f"; a player may pass when {formula(p)}."))
    else:
        out.append("The first to choose ends the round" + ("; a player may pass." if p is True else
                                                            f"; a player may pass when {formula(p)}."))
    if spec.get("all-pass") == "redeal":
        out.append("If every player passes, the hand is thrown in and the next one is dealt.")
    if "sit-out" in spec:
        sits = one_seat(spec["sit-out"])
        out.append(f"Once a value is chosen, {sits or 'each player for whom ' + formula(spec['sit-out'])} sits out "
                   "the hand.")
    if "prefer" in spec:
        out.append(f"A sensible player (the smart bot) chooses the value that makes {formula(spec['prefer'])} "
                   "highest, when that is above 0.")
    name = getattr(phase, "name", "")
    out.append(f"Later rules read the value chosen as {name} and who chose it as {name}-by." if name else
               "The value chosen and who chose it are recorded for the later rules.")
    return " ".join(out)


# ---------------------------------------------------------------------------- the events in words (play)
def _tell_choose(n, ev: dict) -> list[str]:
    if ev.get("pass"):
        return [f"{n.verb(ev['seat'], 'pass', 'passes')} ({ev.get('phase')})."]
    return [f"{n.verb(ev['seat'], 'choose', 'chooses')} {ev.get('value')} ({ev.get('phase')})."]


def _nobody(ev: dict) -> str:
    """Nobody chose (one seat asked or several)."""
    return f"Nobody chose ({ev.get('phase')})" + (": the hand is thrown in." if ev.get("redeal") else ".")


NARRATION = {
    "turn-up": lambda n, ev: [f"{ev.get('card')} is turned up."],
    "cut": lambda n, ev: [f"Tied players cut: {n.who(ev.get('seat'))} chooses."],
    "choose": _tell_choose,
    "all-passed": lambda n, ev: [_nobody(ev)],
    "sit-out": lambda n, ev: [f"{n.verb(ev.get('seat'), 'sit', 'sits')} out this hand."],
}
ACCOUNT = {
    "turn-up": lambda ev: f"{ev['card']} is turned up.",
    "cut": lambda ev: f"Seats {', '.join(map(str, ev['seats']))} cut: seat {ev['seat']} chooses.",
    "choose": lambda ev: f"Seat {ev['seat']} " + ("passes" if ev.get("pass") else f"chooses {ev['value']}")
    + f" ({ev['phase']}).",
    "all-passed": _nobody,
    "sit-out": lambda ev: f"Seat {ev['seat']} sits out this hand.",
}


# ------------------------------------------------------------ what a sensible player does (kinds/contract.py)
def smart_value(v) -> int:
    """`smart` at a value to choose or a pass (an index into the decision's actions, 0 the pass when it may
    pass): the value it holds most of (a trump to name, a card to order up), taken when that is at least
    half its hand counting a high card as 1.5, or when it may not pass; a value it holds nothing of
    (going alone) only when it must."""
    if v.rated is not None:                  # the phase's `prefer`: the value rated highest, above a pass's 0
        best = max(range(len(v.values)), key=lambda i: (v.rated[i], -i))
        if not v.may_pass:
            return best
        return 1 + best if v.rated[best] > 0 else 0
    best = max(range(len(v.values)), key=lambda i: (v.held[i], -i))
    if not v.may_pass:
        return best
    return 1 + best if v.held[best] * 2 >= v.hand_size and v.held[best] > 0 else 0


def public(t: Table, seat: int) -> dict:
    """What the tables show of the choices (kinds/contract.py `public`): each value chosen this hand, by name,
    with who chose it."""
    return {name: f"{value} by seat {who}" for name, (value, who) in t.chosen.items() if who is not None}


SMART = {ChoiceView: lambda d, mind: smart_value(d.view)}

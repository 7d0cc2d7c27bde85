"""What a move does, as a list of effects a card player reads in order.

    - move: {from: target.hand, to: hand, where: "card.rank == value", show: all}
    - move: {from: stock, to: hand, count: 1}        # the top card(s)
    - move: {from: hand, to: pile}                   # the chosen card
    - set: {total: 98}          - add: {total: card.points, actor.lives: -1}
    - again | skip | reverse | end                   - next: left-of(actor)
    - shuffle: stock            - reveal: card       - if: COND, then: [...], else: [...]
    - lot: {number: [1, 6], set: roll}                # a number (or a player: seat: COND) drawn by lot
    - every-player: [...]                            # once per player, each as `actor` in turn
    - repeat: {until: COND, max: 10, do: [...]}      # again and again until COND (at most `max` times)

Each effect compiles to a function of the phase under way (`Going`, runner.py), so running one is a call.
An effect that may draw by chance (a `shuffle`, a `lot`, a move to a `random` place, or an if, every-player,
every-pile or repeat that holds one: known when compiling) compiles to a generator function instead, whose
generator the runner drives with `yield from`, so that at a table whose chance is drawn outside
(`Table.chance`: OpenSpiel's chance nodes) its draws are chance decisions; every other effect stays a
plain call, as fast as before.
"""
from __future__ import annotations

import inspect
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable

from ruleplay.compiler.model import Ctx, card_scope
from ruleplay.errors import GameError, RuleError, RuleplayError, did_you_mean, one_of
from ruleplay.kinds.turns.refs import Target, ZoneRef, family, pile_names, target, zone_ref
from ruleplay.kinds.words import formula, piles_said, players_zone
from ruleplay.lang import expr as X
from ruleplay.lang.expr.say import SAME_NUMBER, family_pile

MAX_EFFECTS = 200        # effects in one phase, nested ones included
MAX_DEPTH = 6            # `if` inside `if`
WORDS = ("again", "skip", "reverse", "end", "redeal")
KEYS = ("move", "set", "add", "next", "shuffle", "swap", "expose", "lot", "reveal", "every-player", "every-pile",
        "repeat", "redeal", "tell", "if")
_PLACES = {"bottom": "the bottom of ", "middle": "the middle of ", "random": "a random place in "}
MAX_REPEAT = 1000        # the most times a `repeat` may run its effects
Effect = Callable[[Any], Any]     # returns None, or (one that draws by chance: `draws`) a generator


@dataclass
class Budget:
    """Counts the effects compiled for one phase (a file that validates cannot hold a runaway list)."""

    used: int = 0


def compile_effects(ctx: Ctx, path: tuple, scope: X.Scope, own: dict[str, str], chose_card: bool,
                    budget: Budget, depth: int = 0) -> list[Effect] | None:
    """The effects listed at `path`, in order; None after placed errors."""
    specs = ctx.get(path) or []
    out: list[Effect] = []
    ok = True
    for i, spec in enumerate(specs):
        budget.used += 1
        if budget.used > MAX_EFFECTS:
            ctx.error(path + (i,), f"more than {MAX_EFFECTS} effects in one phase", "use `define:` and fewer cases")
            return None
        fn = _one(ctx, path + (i,), spec, scope, own, chose_card, budget, depth)
        ok = ok and fn is not None
        out.append(fn)
    return out if ok else None


def _one(ctx: Ctx, path: tuple, spec: Any, scope: X.Scope, own: dict[str, str], chose_card: bool,
         budget: Budget, depth: int) -> Effect | None:
    fn = _effect(ctx, path, spec, scope, own, chose_card, budget, depth)
    if fn is None or isinstance(spec, str):          # a word (again, skip...) cannot fail; a named list's
        return fn                                    # effects are placed each at its own line
    return _placed(ctx, path, fn)


def draws(fn: Effect) -> bool:
    """Whether effect `fn` may draw by chance: it is a generator function (see the module docstring)."""
    return inspect.isgeneratorfunction(fn)


def run_drawing(g, effects: tuple[Effect, ...]):
    """Effects of which some draw by chance, in order (a generator: the drawing ones' decisions yielded)."""
    for fn in effects:
        drawn = fn(g)
        if drawn is not None:
            yield from drawn


def _placed(ctx: Ctx, path: tuple, fn: Effect) -> Effect:
    """`fn`, whose failures while playing (a card moved from where it is not, a seat that does not exist) are
    the file's: reported at the effect's own line, as a faulty expression is."""
    mark = ctx.doc.mark(path)

    def placed(exc: GameError) -> RuleplayError:
        return RuleplayError(RuleError(str(exc), mark, path, "guard the effect with `if:` so that it runs only "
                                                             "when it can"))
    if draws(fn):
        def run_drawing_placed(g):
            try:
                yield from fn(g)
            except GameError as exc:
                raise placed(exc) from None
        return run_drawing_placed

    def run(g) -> None:
        try:
            fn(g)
        except GameError as exc:
            raise placed(exc) from None
    return run


def _looped(steps: Callable[[Any], Iterable], body: list[Effect]) -> Effect:
    """`body` run at each step `steps(g)` takes (each player, each pile, a repeat's rounds): a plain function,
    or a generator function when some effect of the body draws by chance."""
    body = tuple(body)
    if any(map(draws, body)):
        def loop_drawing(g):
            for _ in steps(g):
                yield from run_drawing(g, body)
        return loop_drawing

    def loop(g) -> None:
        for _ in steps(g):
            for fn in body:
                fn(g)
    return loop


_NAMING: ContextVar[tuple[str, ...]] = ContextVar("naming", default=())   # named lists being compiled, outermost first


def named_effects(data: dict) -> dict:
    """The file's own named lists of effects (`effects: {NAME: [...]}`), written where a word effect goes."""
    named = data.get("effects")
    return named if isinstance(named, dict) else {}


def _named(ctx: Ctx, path: tuple, name: str, scope: X.Scope, own: dict[str, str], chose_card: bool,
           budget: Budget, depth: int) -> Effect | None:
    """A word that names a list under the file's `effects:`: its effects in order, compiled here (with this
    place's names: the chosen card, the tracked values), each placed at its own line under `effects:`."""
    named = named_effects(ctx.doc.data)
    if name not in named:
        ctx.error(path, f"unknown effect '{name}'", did_you_mean(name, [*WORDS, *named]) or
                  f"the words are {one_of(WORDS)}; a list of effects of your own is named under `effects:`",
                  value=True)
        return None
    if name in _NAMING.get():
        ctx.error(path, f"the effects '{name}' run themselves ({' -> '.join([*_NAMING.get(), name])})",
                  "a named list may run other named lists, never itself", value=True)
        return None
    if depth >= MAX_DEPTH:
        ctx.error(path, f"`if` nested more than {MAX_DEPTH} deep (a named list counts as a level)")
        return None
    ctx.effects_used.add(name)
    token = _NAMING.set((*_NAMING.get(), name))
    try:
        body = compile_effects(ctx, ("effects", name), scope, own, chose_card, budget, depth + 1)
    finally:
        _NAMING.reset(token)
    return None if body is None else _looped(_once, body)


def _once(g) -> tuple:
    return (None,)


def _effect(ctx: Ctx, path: tuple, spec: Any, scope: X.Scope, own: dict[str, str], chose_card: bool,
            budget: Budget, depth: int) -> Effect | None:
    if isinstance(spec, str):
        if spec in _WORD_EFFECTS:
            return _WORD_EFFECTS[spec]
        return _named(ctx, path, spec, scope, own, chose_card, budget, depth)
    key = next(k for k in KEYS if k in spec)        # the schema requires exactly one (or `if` with then/else)
    p = path + (key,)
    if key == "if":
        if depth >= MAX_DEPTH:
            ctx.error(p, f"`if` nested more than {MAX_DEPTH} deep")
            return None
        cond = ctx.expr(p, X.BOOL, scope)
        then = compile_effects(ctx, path + ("then",), scope, own, chose_card, budget, depth + 1)
        other = compile_effects(ctx, path + ("else",), scope, own, chose_card, budget, depth + 1) \
            if "else" in spec else []
        if cond is None or then is None or other is None:
            return None
        test, then, other = cond.fn, tuple(then), tuple(other)
        if any(map(draws, then + other)):
            def when_drawing(g):
                yield from run_drawing(g, then if test(g.t) else other)
            return when_drawing

        def when(g, test=test, then=then, other=other) -> None:
            for fn in (then if test(g.t) else other):
                fn(g)
        return when
    if key == "every-player":
        each = compile_effects(ctx, p, scope, own, False, budget, depth + 1)
        return None if each is None else _looped(lambda g, k=len(each): g.each_player(k), each)
    if key == "every-pile":
        return _every_pile(ctx, p, spec[key], scope, own, chose_card, budget, depth)
    if key == "repeat":
        return _repeat(ctx, p, spec["repeat"], scope, own, chose_card, budget, depth)
    if key == "move":
        return _move(ctx, p, spec["move"], scope, chose_card, own, budget, depth)
    if key in ("set", "add"):
        return _set(ctx, p, spec[key], scope, own, key == "add")
    if key == "redeal":                              # the schema allows only same-dealer
        return lambda g: g.throw_in(same_dealer=True)
    if key == "next":
        seat = ctx.expr(p, X.SEAT, scope)
        return None if seat is None else (lambda g, f=seat.fn: g.pass_to(f(g.t)))
    if key == "lot":
        return _lot(ctx, p, spec[key], scope, own)
    if key == "swap":
        return _swap(ctx, p, scope)
    if key == "tell":
        return _tell(ctx, p, spec[key], scope)
    if key == "expose":
        ref = zone_ref(ctx, p, scope)
        return None if ref is None else (lambda g, r=ref: g.expose(r))
    if key == "shuffle":
        ref = zone_ref(ctx, p, scope)
        if ref is None:
            return None

        def shuffle(g):
            yield from g.shuffle(ref)
        return shuffle
    # reveal: the chosen card, or a zone's cards (all, or those `where` picks)
    raw = spec["reveal"]
    if isinstance(raw, dict):
        return _reveal_some(ctx, p, raw, scope)
    if raw == "picked":
        if "picked" not in scope.names:
            ctx.error(p, "this move chooses no set of cards to reveal", value=True)
            return None
        return lambda g: g.reveal(list(g.t.loc.get("picked", ())))
    if raw == "card":
        if not chose_card:
            ctx.error(p, "this move chooses no card to reveal", "reveal a zone instead, e.g. reveal: target.hand",
                      value=True)
            return None
        return lambda g: g.reveal([g.t.card])
    ref = zone_ref(ctx, p, scope)
    return None if ref is None else (lambda g, r=ref: g.reveal(list(reversed(r.cards(g.t) or ())), r.owner(g.t)))


def _tell(ctx: Ctx, path: tuple, raw: dict, scope: X.Scope) -> Effect | None:
    """`tell: {NAME: EXPR}`: the values, worked out now, told to everyone in a `tell` event (a card by its name,
    cards as names, a player as its seat)."""
    compiled = {name: ctx.expr(path + (name,), (X.INT, X.BOOL, X.STR, X.SEAT, X.CARD, X.CARDS), scope)
                for name in raw}
    if None in compiled.values():
        return None
    seats = [name for name, c in compiled.items() if c.type == X.SEAT]
    cards = {name for name, c in compiled.items() if c.type in (X.CARD, X.CARDS)}

    def tell(g) -> None:
        t = g.t
        names = t.rules.deck.names
        values = {}
        for name, c in compiled.items():
            v = c.fn(t)
            if name in cards and v is not None:
                v = names[v] if isinstance(v, int) else [names[x] for x in reversed(v)]   # top first (t40)
            values[name] = v
        t.emit("tell", phase=g.ph.name, values=values, seats=seats)
    return tell


def _reveal_some(ctx: Ctx, path: tuple, raw: dict, scope: X.Scope) -> Effect | None:
    """`reveal: {from: ZONE, where: BOOL over card, count: N, to: SEAT}`: those cards of the zone, top first,
    shown (to everyone, or to the seat `to` alone)."""
    ref = zone_ref(ctx, path + ("from",), scope)
    where = ctx.expr(path + ("where",), X.BOOL, card_scope(scope)) if "where" in raw else None
    count = ctx.expr(path + ("count",), X.INT, scope) if "count" in raw else None
    to = ctx.expr(path + ("to",), X.SEAT, scope) if "to" in raw else None
    if ref is None or any(k in raw and v is None for k, v in (("where", where), ("count", count), ("to", to))):
        return None
    test, most, shown_to = (where.fn if where else lambda t: True), count.fn if count is not None else None, \
        to.fn if to is not None else None

    def reveal(g) -> None:
        t = g.t
        cards = ref.cards(t)
        if cards is None:
            raise GameError(f"the {g.ph.name} phase shows the cards of a seat that does not exist")
        keep, shown = t.card, []
        for c in reversed(cards):                # top first
            t.card = c
            if test(t):
                shown.append(c)
        t.card = keep
        g.reveal(shown[:max(0, most(t))] if most is not None else shown, ref.owner(t),
                 None if shown_to is None else _seat_shown(g, shown_to(t)))
    return reveal


def _seat_shown(g, seat: int | None) -> int:
    """The seat a reveal's `to` names; a game error when it names none."""
    if seat is None:
        raise GameError(f"the {g.ph.name} phase shows cards to a seat that does not exist")
    return seat


def _repeat(ctx: Ctx, path: tuple, spec: dict, scope: X.Scope, own: dict[str, str], chose_card: bool,
            budget: Budget, depth: int) -> Effect | None:
    """The effects again and again until `until` holds (tested before each time), at most `max` times."""
    until = ctx.expr(path + ("until",), X.BOOL, scope)
    most = ctx.const_int(path + ("max",), None, 1, MAX_REPEAT)
    body = compile_effects(ctx, path + ("do",), scope, own, chose_card, budget, depth + 1)
    if until is None or most is None or body is None:
        return None

    def rounds(g, test=until.fn, most=most, k=len(body)):
        for _ in range(most):
            if test(g.t):
                return
            g.spend(k)
            yield
    return _looped(rounds, body)


@dataclass(frozen=True)
class Move:
    """Cards from one zone to another: the chosen card, the top `count`, those `where` holds, or `all`."""

    src: ZoneRef
    dest: ZoneRef
    count: Callable | None
    where: Callable | None
    all: bool
    at: str                              # top, bottom, middle (each card at the middle place), random
    show: bool
    picked: bool = False                 # the set of cards the move chose (`cards:`)
    keep_order: bool = False             # `count` lifts the top cards as one packet (a run moved as a unit)


def _swap(ctx: Ctx, path: tuple, scope: X.Scope) -> Effect | None:
    """`swap: [A, B]`: the two zones exchange their cards, each keeping its order; two `move` events."""
    a, b = (zone_ref(ctx, path + (i,), scope) for i in (0, 1))
    if a is None or b is None:
        return None
    if a.text == b.text:
        ctx.error(path + (1,), f"a zone swapped with itself ({a.text})", "name two zones", value=True)
        return None
    there, back = Move(a, b, None, None, True, "top", False), Move(b, a, None, None, True, "top", False)
    return lambda g: g.swap(there, back)


def _move(ctx: Ctx, path: tuple, spec: dict, scope: X.Scope, chose_card: bool, own: dict[str, str],
          budget: Budget, depth: int) -> Effect | None:
    src = zone_ref(ctx, path + ("from",), scope)
    dest = zone_ref(ctx, path + ("to",), scope, new=True)      # a family: its first empty pile
    count = ctx.expr(path + ("count",), X.INT, scope) if "count" in spec else None
    where = ctx.expr(path + ("where",), X.BOOL, card_scope(scope)) if "where" in spec else None
    which = [k for k in ("count", "where", "all", "picked") if k in spec]
    if len(which) > 1 and which != ["count", "where"]:      # count with where: the first N such cards, top down
        ctx.error(path + (which[1],), f"`{which[0]}` and `{which[1]}` both say which cards move",
                  "keep one of them (count and where together move the top N cards for which where holds)")
        return None
    if spec.get("picked") is False:
        ctx.error(path + ("picked",), "write picked: true (the set of cards chosen), or leave it out", value=True)
        return None
    if not which and not chose_card:
        ctx.error(path, "which cards move? This move chooses no card",
                  "add count: N (the top N), where: COND (every such card) or all: true")
        return None
    if src is None or dest is None or ("count" in spec and count is None) or ("where" in spec and where is None):
        return None
    if spec.get("keep-order") and "count" not in spec:
        ctx.error(path + ("keep-order",), "keep-order is for count: N (the top N cards lifted together)",
                  "other moves keep the cards' order already", value=True)
        return None
    if "picked" in spec and "picked" not in scope.names:
        ctx.error(path + ("picked",), "this move chooses no set of cards", "choose them with cards: {from: ZONE}")
        return None
    m = Move(src, dest, count.fn if count else None, where.fn if where else None, spec.get("all") is True,
             spec.get("at", "top"), spec.get("show") == "all", "picked" in spec, spec.get("keep-order") is True)
    if "refill" in spec:
        return _refilled(ctx, path, spec, m, scope, own, chose_card, budget, depth)
    if m.at == "random":
        def move_at_random(g):
            yield from g.move_at_random(m)
        return move_at_random
    return lambda g: g.move(m)


def _refilled(ctx: Ctx, path: tuple, spec: dict, m: Move, scope: X.Scope, own: dict[str, str], chose_card: bool,
              budget: Budget, depth: int) -> Effect | None:
    """`move: {from: stock, count: N, refill: [EFFECTS]}`: when `from` holds fewer than N cards, the cards it
    holds move, the refill effects run once (the discards turned into a new stock), and the rest move from
    `from` as it is then (fewer when it is still short). With enough cards, the plain move."""
    if "count" not in spec or "where" in spec or m.at == "random" or m.keep_order:
        bad = "where" if "where" in spec else "at" if m.at == "random" else "keep-order" if m.keep_order else None
        ctx.error(path + ((bad,) if bad else ("refill",)),
                  "refill is for a draw of the top N cards (count: N), one by one, onto the top, the bottom or "
                  "the middle of `to`", "draw with count: N and no where, keep-order or at: random")
        return None
    if depth >= MAX_DEPTH:
        ctx.error(path + ("refill",), f"`if` nested more than {MAX_DEPTH} deep")
        return None
    refill = compile_effects(ctx, path + ("refill",), scope, own, chose_card, budget, depth + 1)
    if refill is None:
        return None
    refill, count = tuple(refill), m.count

    def move_refilled(g):
        t = g.t
        want, held = count(t), m.src.cards(t)
        have = 0 if held is None else len(held)
        if want <= have or held is None:         # enough (or no such seat: the plain move says so)
            g.move(m)
            return
        if have:
            g.move(replace(m, count=lambda e: have))
        yield from run_drawing(g, refill)
        g.move(replace(m, count=lambda e: want - have))
    return move_refilled


def _set(ctx: Ctx, path: tuple, spec: dict, scope: X.Scope, own: dict[str, str], add: bool) -> Effect | None:
    pairs: list[tuple[Target, Callable]] = []
    ok = True
    for name, raw in spec.items():
        tgt = target(ctx, path + (name,), str(name), scope, own)
        if tgt is None:
            ok = False
            continue
        if add and tgt.type != X.INT:
            ctx.error(path + (name,), f"'{name}' is not a number: `add` needs one", "use `set`")
            ok = False
            continue
        if not add and raw == "none" and tgt.type in (X.SEAT, X.CARD):
            pairs.append((tgt, lambda e: None))      # a seat or a card kept goes back to none (no value)
            continue
        val = ctx.expr(path + (name,), tgt.type, scope)
        if val is None:
            ok = False
            continue
        pairs.append((tgt, val.fn))
    if not ok:
        return None
    return lambda g: g.assign(pairs, add)


def _lot(ctx: Ctx, path: tuple, spec: dict, scope: X.Scope, own: dict[str, str]) -> Effect | None:
    """`lot: {seat: COND, set: NAME}` or `lot: {number: [LOW, HIGH], set: NAME}`: a player among those for whom
    COND holds (over `s`), or a number, drawn by lot (`Table.lot`: a chance decision at a chance table, else the
    game's random stream), becomes NAME's value."""
    if ("seat" in spec) == ("number" in spec):
        ctx.error(path, "a lot draws a player (seat: a condition over s) or a number (number: [LOW, HIGH])",
                  "write one of them, e.g. lot: {seat: \"s != actor\", set: slowest}")
        return None
    tgt = target(ctx, path + ("set",), str(spec["set"]), scope, own)
    if tgt is None:
        return None
    want = X.SEAT if "seat" in spec else X.INT
    if tgt.type != want:
        ctx.error(path + ("set",), f"'{spec['set']}' holds a {tgt.type}, but a lot of a "
                                   f"{'player' if want == X.SEAT else 'number'} gives a {want}",
                  "track it as {type: seat}" if want == X.SEAT else "draw into a number", value=True)
        return None
    if "seat" in spec:
        ok = ctx.expr(path + ("seat",), X.BOOL, scope.with_names(s=X.Binding(X.SEAT, lambda e: e.loc["s"])))
        if ok is None:
            return None

        def draw_seat(g):
            t, loc = g.t, g.t.loc
            options = []
            for s in t.seat_range:
                loc["s"] = s
                if ok.fn(t):
                    options.append(s)
            if not options:
                raise GameError(f"no player for whom {spec['seat']} to draw by lot")
            drawn = yield from t.lot(options, lambda s: f"seat {s} drawn")
            g.assign([(tgt, lambda e: drawn)], False)
        return draw_seat
    lo, hi = spec["number"]
    most = len(ctx.deck)                 # a chance node has at most as many outcomes as the deck has cards
    if hi < lo or hi - lo + 1 > most:
        ctx.error(path + ("number",), f"write [LOW, HIGH] with LOW <= HIGH, at most {most} numbers (the deck's "
                                      "cards: a chance event has at most as many outcomes)", value=True)
        return None

    def draw_number(g):
        drawn = yield from g.t.lot(list(range(hi - lo + 1)), lambda i: f"{lo + i} drawn")
        g.assign([(tgt, lambda e: lo + drawn)], False)
    return draw_number


def _every_pile(ctx: Ctx, path: tuple, spec: dict, scope: X.Scope, own: dict[str, str], chose_card: bool,
                budget: Budget, depth: int) -> Effect | None:
    """`every-pile: {of: FAMILY, do: [...]}`: the effects once for each pile of a family, in order; the pile is
    `each` where a move names a zone, `each-top`, `each-size`, `each-cards` in the rules (a patience's columns).
    The move's chosen card is still the chosen card there (moved to the pile an `if` picks)."""
    piles = family(ctx, spec.get("of"), scope, path + ("of",))
    if piles is None:
        return None
    if not piles:
        families = getattr(ctx, "families", {})
        ctx.error(path + ("of",), f"'{spec.get('of')}' is not a family of piles (a zone with a count)",
                  did_you_mean(str(spec.get("of")), families) or
                  (f"families: {one_of(families)}" if families else "declare one: col: {owner: table, count: 10}"),
                  value=True)
        return None
    if "each-top" in scope.names:
        ctx.error(path, "an every-pile inside another: the inner one's `each` would hide the outer's",
                  "loop over the piles once, or name the inner piles one by one")
        return None
    inner = compile_effects(ctx, path + ("do",), scope.with_names(**pile_names("each")), own, chose_card, budget,
                            depth + 1)
    return None if inner is None else _looped(lambda g, refs=tuple(piles), k=len(inner): g.each_pile(refs, k), inner)


_WORD_EFFECTS: dict[str, Effect] = {
    "again": lambda g: g.go_again(),
    "skip": lambda g: g.skip_next(),
    "reverse": lambda g: g.reverse(),
    "end": lambda g: g.finish("end"),
    "redeal": lambda g: g.throw_in(),
}


# ---------------------------------------------------------------------------- the effects in words (explain)
def say_effects(specs: list) -> str:
    """The effects in order, as a sentence's parts joined by '; ' (one the options leave out says nothing)."""
    return "; ".join(text for text in (say(s) for s in specs or ()) if text)


def _inner(specs: list) -> str:
    """Effects inside another (a branch, a repeat, each player's turn) in brackets: the effects after it
    are then plainly not part of it."""
    said = say_effects(specs)
    return f"({said})" if said else "nothing"


def say(spec: Any) -> str:
    if isinstance(spec, str):
        return {"again": "the same player takes another turn", "skip": "the next player is skipped",
                "reverse": "the direction of play reverses", "end": "this part of the hand ends",
                "redeal": "the hand is thrown in (not scored) and the next one is dealt"}.get(spec, spec)
    if "if" in spec:
        cond = formula(spec["if"])
        if cond in ("yes", "no"):                # options decided it: only the branch that applies
            return say_effects(spec.get("then") if cond == "yes" else spec.get("else"))
        out = f"if {cond}: {_inner(spec.get('then'))}"
        return out + (f", otherwise: {_inner(spec['else'])}" if spec.get("else") else "")
    if "move" in spec:
        m = spec["move"]
        if m.get("count") == f"{m.get('from')}.size" and not m.get("at") and not m.get("show") \
                and not m.get("keep-order"):
            return f"{zone_words(m['from'])} is turned over onto {zone_words(m['to'])} (its cards one by one, top first)"
        n = formula(m["count"]) if "count" in m else None
        source = zone_words(m["from"])
        whole = m.get("count") == f"{m.get('from')}.size"       # kept in order (turned over: above)
        which, one = ((("the first card" if n == "1" else f"the first {n} cards") + f" from the top of {source} "
                       f"for which {formula(m['where'])}", n == "1") if "count" in m and "where" in m else
                      ("the top card of " + source, True) if n == "1" else
                      (f"all the cards of {source}" + (" together, in their order," if m.get("keep-order") else ""),
                       False) if whole else
                      ((f"the top {n} cards of {source}" if n.isdigit() else
                        f"cards from the top of {source}, as many as {n},")
                       + (" together, in their order," if m.get("keep-order") else ""), False) if "count" in m else
                      (f"the cards picked from {source}", False) if m.get("picked") else
                      (f"the cards of {source} for which {formula(m['where'])}", False) if "where" in m else
                      (f"all the cards of {source}", False) if m.get("all") else (f"the chosen card of {source}", True))
        out = f"{which} go{'es' if one else ''} to {_PLACES.get(m.get('at'), '')}{zone_words(m['to'])}"
        out += ", shown to everyone" if m.get("show") == "all" else ""
        return out + (f" (when {source} holds fewer: the cards it holds, then {say_effects(m['refill'])}, then the "
                      f"rest from {source})" if m.get("refill") else "")
    if "redeal" in spec:
        return "the hand is thrown in (not scored) and dealt again by the same dealer"
    if "set" in spec or "add" in spec:
        add = "add" in spec
        return ", ".join((_added(formula(k), v) if add else f"{formula(k)} becomes {formula(v)}")
                         for k, v in spec["add" if add else "set"].items())
    if "repeat" in spec:
        r = spec["repeat"]
        if r.get("max") == 1:
            until = str(r["until"]).strip()
            if until.startswith("not ") and " and " not in until and " or " not in until:
                return f"if {formula(until[4:])}: {_inner(r.get('do'))}"       # not a double negative
            return f"unless {formula(r['until'])}: {_inner(r.get('do'))}"
        return f"until {formula(r['until'])} (at most {r['max']} times): {_inner(r.get('do'))}"
    if "every-player" in spec:
        return f"for each player in turn: {_inner(spec['every-player'])}"
    if "every-pile" in spec:
        return f"for each of {piles_said(str(spec['every-pile']['of']))} (each): {_inner(spec['every-pile'].get('do'))}"
    if "next" in spec:
        return f"the turn passes to {formula(spec['next'])}"
    if "shuffle" in spec:
        return f"{zone_words(spec['shuffle'])} is shuffled"
    if "expose" in spec:
        return f"{zone_words(spec['expose'])} is laid face up for everyone for the rest of the hand"
    if "tell" in spec:
        return "everyone is told " + ", ".join(k if formula(v) == k else f"{k} ({formula(v)})"
                                               for k, v in spec["tell"].items())
    if "swap" in spec:
        x, y = (spec["swap"] + [None, None])[:2]
        return f"{zone_words(x)} and {zone_words(y)} swap their cards"
    if "lot" in spec:
        lot = spec["lot"]
        what = ("a player" if formula(lot["seat"]) == "yes" else f"a player for whom {formula(lot['seat'])}") \
            if "seat" in lot else \
            f"a number from {lot['number'][0]} to {lot['number'][1]}"
        return f"{what}, drawn by lot, becomes {lot['set']}"
    raw = spec["reveal"]
    if isinstance(raw, dict):
        most = f"at most {formula(raw['count'])} of " if "count" in raw else ""
        which = f" for which {formula(raw['where'])}" if "where" in raw else ""
        to = f"to {formula(raw['to'])} alone" if "to" in raw else "to everyone"
        return f"{most}the cards of {zone_words(raw.get('from'))}{which} are shown {to}"
    return {"card": "the chosen card is turned face up for everyone",
            "picked": "the cards picked are turned face up for everyone"}.get(
        raw, f"the cards of {zone_words(raw)} are shown to everyone")


def _added(name: str, value: Any) -> str:
    if isinstance(value, int) and value < 0:
        return f"{name} goes down by {-value}"
    return f"{name} goes up by {value}" if isinstance(value, int) else f"{formula(value)} is added to {name}"


_CHOSEN_PILES = {"each": "that pile", "source": "the pile taken from", "dest": "the pile played to"}


def zone_words(ref: str) -> str:
    """A zone as the rule sheet says it: `pile`, a seat's zone in words (`actor.hand`: the player's hand), a
    bare zone each player has one of as the player's own (`hand`: the player's hand), a family's pile by
    number (`up[at]`: the up pile numbered at)."""
    ref = str(ref)
    if ref in _CHOSEN_PILES:
        return _CHOSEN_PILES[ref]
    if ref.endswith("]") and "[" in ref:
        head, _, number = ref[:-1].partition("[")
        if number.strip() in SAME_NUMBER and "." not in head:
            return family_pile(head, SAME_NUMBER[number.strip()])
        said = zone_words(head)
        return f"{'' if said.startswith('the ') else 'the '}{said} pile numbered {formula(number)}"
    if "." in ref:
        return formula(ref)
    return f"the player's {ref}" if players_zone(str(ref)) else str(ref)

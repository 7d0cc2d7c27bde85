"""Reaction windows: after every card put on a pile, any eligible seat may slap it.

Each eligible seat decides in every window (`no slap` or `slap at T ms`,
decision.py), sealed until the window closes; bots decide from their
reaction profiles (data in the rule file) with their own random stream
(bots.py). A scripted list of slaps replaces every seat's decision for
hand-made tests. The earliest
slap is judged against the pile at that instant (the pile cannot change
inside a window: the next card closes it). Patterns are expressions with an
effect and a precedence; false slaps cost what the penalty says.
"""
from __future__ import annotations

from dataclasses import dataclass

from ruleplay.lang import expr as X
from ruleplay.compiler.model import Ctx, Zone


@dataclass
class Pattern:
    name: str
    when: object
    effect: str            # take | win | lose
    precedence: int
    description: str = ""

    def __post_init__(self):
        self.stat = "slaps:" + self.name       # the counter of this pattern's won slaps


@dataclass
class Profile:
    mean: int              # ms from the card landing to the slap
    spread: int
    miss: float            # chance to miss a valid pattern
    false: float           # chance, per card, to slap a pile that shows nothing
    out_of_turn: float     # chance, per card, to play a card out of turn
    fingers: int           # most fingers a hand can land on the pile (finger rule)


@dataclass
class SlapView:
    """A seat's slap window: what it sees (the pile's top cards, which pattern they show, if any) and its profile."""

    kind = "slap"
    seat: int
    pattern: str | None            # the slappable pattern the pile shows (public: anyone can see it), or None
    pace: int                      # ms until the next card closes the window
    profile: Profile               # the seat's own reaction profile
    fingers: int                   # most fingers a slap counts in this game
    top: list[int]                 # the pile's top cards, bottom to top (public)
    seats: list[int]               # the seats deciding in this window (public: who may slap)
    profiles: list[Profile]        # every seat's profile, as the game's start names them (public)


@dataclass
class OutOfTurnView:
    """Whether to play a card out of turn now (it costs a burn)."""

    kind = "out-of-turn"
    seat: int
    profile: Profile


@dataclass
class Reactions:
    patterns: list[Pattern]
    eligible: object                   # bool over seat s
    pace: int                          # ms until the next card closes the window
    profiles: dict[str, Profile]
    profile: str                       # default profile for every seat
    finger_rule: bool
    tie_no_winner: bool
    burn: int
    out_when_empty: bool
    lending: bool
    limit_consecutive: int             # 0: no limit
    limit_total: int
    out_of_turn_burn: int              # 0: no out-of-turn offences


def _num(ctx: Ctx, path: tuple, default, lo, hi):
    v = ctx.get(path, default)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
        ctx.error(path, f"expected a number in {lo}..{hi}", value=True)
        return default
    return v


def compile_reactions(ctx: Ctx, path: tuple, pile: Zone | None) -> Reactions | None:
    spec = ctx.get(path)
    if spec is None:
        return None
    seat_scope = ctx.scope.with_names(s=X.Binding(X.SEAT, lambda e: e.loc["s"]))
    # Burned cards (and an out seat's cards) lie face down under the pile and count for no
    # pattern, so to a pattern the pile is the cards played this round: `pile[k]`, `pile.size`,
    # `pile.bottom` (the first card played, like `round-first`) and loops over it alike.
    pattern_scope = ctx.scope if pile is None else \
        ctx.scope.with_names(**{pile.name: X.Binding(X.CARDS, lambda e: e.round_cards)})
    patterns = []
    for name, p in (spec.get("patterns") or {}).items():
        pp = path + ("patterns", name)
        when = ctx.expr(pp + ("when",), X.BOOL, pattern_scope)
        prec = ctx.const_int(pp + ("precedence",), 0, -1000, 1000)
        if when is None or (when.is_const and not when.const):
            continue                       # switched off by its options: no cost at run time
        patterns.append(Pattern(name, when.fn, p.get("effect", "take"), prec,
                                p.get("description") or " ".join(str(p["when"]).split())))
    patterns.sort(key=lambda p: -p.precedence)
    profiles = {}
    for name, p in (spec.get("profiles") or {}).items():
        pp = path + ("profiles", name)
        profiles[name] = Profile(_num(ctx, pp + ("mean",), 500, 1, 60_000), _num(ctx, pp + ("spread",), 0, 0, 60_000),
                                 _num(ctx, pp + ("miss",), 0.0, 0, 1), _num(ctx, pp + ("false",), 0.0, 0, 1),
                                 _num(ctx, pp + ("out-of-turn",), 0.0, 0, 1), _num(ctx, pp + ("fingers",), 1, 1, 10))
    if not profiles:
        ctx.error(path, "reactions need at least one profile under 'profiles'")
        return None
    profile = ctx.word(path + ("profile",), tuple(profiles), next(iter(profiles)))
    eligible = ctx.expr(path + ("who",), X.BOOL, seat_scope, default="not s.out")
    fs = path + ("false-slap",)
    ties = path + ("ties",)

    def flag(p, default):
        c = ctx.expr(p, X.BOOL, default=default)
        if c is not None and not c.is_const:
            ctx.error(p, "this switch must be fixed before the game (true, false or options)", value=True)
            return default
        return c.const if c is not None else default
    return Reactions(
        patterns, eligible.fn if eligible else (lambda e: True), ctx.const_int(path + ("pace",), 1000, 2, 60_000),
        profiles, profile, flag(ties + ("finger-rule",), False), flag(ties + ("no-winner",), True),
        ctx.const_int(fs + ("burn",), 1, 0, 52 * 16), flag(fs + ("out-when-empty",), True),
        flag(fs + ("lending",), False), ctx.const_int(fs + ("limit-consecutive",), 0, 0, 10_000),
        ctx.const_int(fs + ("limit-total",), 0, 0, 10_000),
        ctx.const_int(path + ("out-of-turn", "burn"), 0, 0, 52 * 16))

"""A trick that a card stops: `cut: {when, to, by}` on a trick phase.

After the lead, each card played is read by `when` (over `card`, actor its player, `led` the suit led); when it
holds, the trick stops at once and is won by nobody: its cards go into the `to` zone (a hand: picked up) of the
taker, the best card so far by the trick's own rules (`by: winner`, Getaway/Bhabhi) or the player whose card
stopped it (`by: player`, Rolling Stone), who leads next. A `trick` event with `cut` says so, and a `pick-up`
event (as the discard kind's) tells where the cards went, which every seat saw played. Cards going back into
hands may bring the table back as it was: a trick phase with a cut is checked for repeats (Table.boundary).
"""
from __future__ import annotations

from typing import Callable

from ruleplay.lang import expr as X
from ruleplay.compiler.model import Ctx
from ruleplay.kinds.schema_parts import EXPR, obj, text

SCHEMA = {
    "cut": obj({"when": {"description": "Bool over `card`, each card played after the lead (actor = its player; led, the suit led): when it holds the trick stops at once (Bhabhi: a card off the suit led).", **EXPR},
                "to": text("The seat zone the stopped trick's cards go to (hand: picked up)."),
                "by": {"enum": ["winner", "player"], "default": "winner",
                       "description": "Who takes them: winner, the best card so far by the trick's rules (Bhabhi); player, the one whose card stopped it (Rolling Stone). The taker leads next."}},
               ["when", "to"], "A trick that a card stops, its cards taken into a player's zone (picked up) instead of being won: Bhabhi (Getaway), Rolling Stone."),
}
EXAMPLES = {
    'cut': {"examples": [{"when": "card.suit != led", "to": "hand", "by": "winner"}]},
    'cut/when': {"examples": ["card.suit != led"]},
    'cut/to': {"examples": ["hand"]},
    'cut/by': {"examples": ["winner", "player"]},
}


def compile_cut(ctx: Ctx, path: tuple, cscope) -> tuple | None:
    """`cut` as (when over card, the seat zone, 'winner' | 'player'); None after a placed error."""
    when = ctx.expr(path + ("cut", "when"), X.BOOL, cscope)
    zone = ctx.zone(path + ("cut", "to"), owner="seat")
    if when is None or zone is None:
        return None
    return when.fn, zone, (ctx.get(path + ("cut",)) or {}).get("by", "winner")


def cuts(run, place: int, card: int) -> bool:
    """Whether the card just played stops the trick (`cut.when`, read over `card`, actor its player)."""
    t = run.t
    t.card, t.actor = card, run.who[place]
    try:
        return bool(run.ph.cut[0](t))
    finally:
        t.card = None


def cut_trick(run, plays: list[tuple[int, int]], place: int) -> None:
    """The trick stopped at `place`'s card: its cards to the taker's zone, the taker to lead next; the phase's
    `until` read, then the end rules and a repeated table (`Table.boundary`)."""
    t, ph, pile, names, who = run.t, run.ph, run.pile, run.deck.names, run.who
    _, zone, by = ph.cut
    taker_place = run.winner(plays)[0] if by == "winner" else place
    taker = who[taker_place]
    cards = list(pile)
    t.seat_zones[zone.index][taker].extend(cards)
    pile.clear()
    t.trick_winner = taker
    if t.events is not None:
        t.emit("trick", number=t.trick_number, leader=who[run.leader], cards=[[who[s], names[c]] for s, c in plays],
               winner=taker, points=sum(run.points[c] for _, c in plays), cut=True)
        t.emit("pick-up", seat=taker, zone=ph.pile.name, took=[names[c] for c in cards])
    if t.check:
        t.check_conservation()
    run.leader = taker_place
    t.actor = taker
    if ph.until is not None and ph.until(t):
        run.stopped = True
        t.emit("tricks-over", why="until")
    t.boundary()             # cards come back into hands: the table may repeat


def describe(spec: dict, card_words: Callable[[object], str]) -> str:
    """The cut in words, for the rule sheet."""
    cut = spec.get("cut")
    if not (isinstance(cut, dict) and "when" in cut and "to" in cut):
        return ""
    who = "the player who played it" if cut.get("by") == "player" else \
        "the player with the best card so far (by the rules above)"
    return (f" A card played after the lead {card_words(cut['when'])} stops the trick at once: its cards go to the "
            f"{cut['to']} of {who}, who leads next; nobody wins it.")

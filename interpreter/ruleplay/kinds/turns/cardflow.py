"""Where the chosen card is, effect by effect: a move of "the chosen card" from a zone it cannot be in by then
(it was moved on already) is refused when the file is validated, not found out in play.

Read from the file's effects as written, by zone name (whose zone it is is not followed: the chosen card in a
hand may be moved from any player's `hand`). It says no more than it knows: a move from a chosen pile, a
family's pile by number, a loop's body or any effect it does not follow makes the card's place unknown, and
an unknown place is never an error.
"""
from __future__ import annotations

from typing import Any

from ruleplay.compiler.model import Ctx
from ruleplay.kinds.turns.refs import ZoneRef, split

Places = frozenset | None          # the zones the chosen card may be in; None: not known
_STILL = ("set", "add", "next", "lot", "reveal", "expose", "shuffle", "tell")     # effects that move no card


def check_chosen_card(ctx: Ctx, path: tuple, start: str | None) -> None:
    """Place an error on each move of the chosen card, in the effects at `path`, from a zone it is not in by then
    (`start`: the zone it is chosen from, None when that is not one named zone)."""
    _flow(ctx, path, ctx.get(path) or [], None if start is None else frozenset([start]), report=True)


def _zone(ctx: Ctx, raw: Any) -> str | None:
    """The zone's name, when `raw` names one zone by name (`hand`, `left-of(actor).built`); else None."""
    if not isinstance(raw, str) or "[" in raw:
        return None
    name = split(raw)[1]
    return name if name in ctx.zones else None


def _flow(ctx: Ctx, path: tuple, specs: list, places: Places, report: bool) -> Places:
    for i, spec in enumerate(specs):
        if places is None:
            return None
        if not isinstance(spec, dict):       # a word: again, skip, end...
            continue
        places = _step(ctx, path + (i,), spec, places, report)
    return places


def _step(ctx: Ctx, path: tuple, spec: dict, places: frozenset, report: bool) -> Places:
    if "if" in spec:
        then = _flow(ctx, path + ("then",), spec.get("then") or [], places, report)
        other = _flow(ctx, path + ("else",), spec.get("else") or [], places, report)
        return None if then is None or other is None else then | other
    if any(k in spec for k in _STILL):
        return places
    if "swap" in spec:
        pair = spec["swap"] if isinstance(spec["swap"], list) else []
        zones = [_zone(ctx, z) for z in pair]
        if len(zones) != 2 or None in zones:
            return None
        return places | frozenset(zones) if places & frozenset(zones) else places
    if "move" not in spec:                   # a loop (every-player, every-pile, repeat): followed no further
        return None
    move = spec["move"] if isinstance(spec["move"], dict) else {}
    src, dest = _zone(ctx, move.get("from")), _zone(ctx, move.get("to"))
    if any(k in move for k in ("count", "where", "all", "picked")):     # other cards; the chosen one maybe among them
        if src is None:
            return None
        if src not in places:
            return places
        return None if dest is None else places | {dest}
    if report and src is not None and src not in places:
        ctx.error(path + ("move", "from"),
                  f"the chosen card cannot be in {move['from']} here: it is in {' or '.join(sorted(places))}",
                  f"move it from {sorted(places)[0]}, or say which cards of {move['from']} move (all: true, count: N "
                  f"or where: COND)", value=True)
        return None
    return None if dest is None else frozenset([dest])


def chosen_from(parts: list) -> str | None:
    """The zone a move's card (or blind position) is chosen from, when it is one zone named by name."""
    for p in parts:
        if p.kind in ("card", "position"):
            return p.zone.zone.name if isinstance(p.zone, ZoneRef) else None
    return None

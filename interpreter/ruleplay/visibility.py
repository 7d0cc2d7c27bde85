"""What one seat may learn from the game's events, read from each event kind's declaration (`events.py`).

Everything that shows events to a seat goes through `seat_event`: the search bots' `Decision.observe`
(`Table.seat_log`), the narrators of `ruleplay play` and of the web table, and the web page. A private
field's hidden cards become None (a list keeps its length); a field the event's kind does not declare
reaches a seat only as a plain value; an event of a kind nobody declared shows no list or mapping.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Mapping

if TYPE_CHECKING:
    from .events import EventSpec

_PLAIN = (int, str, bool, float, type(None))


@dataclass(frozen=True)
class SeatLooker:
    """Seat `me` of a game of `rules`, whose card actions are the numbers below `cards`."""

    me: int
    rules: object
    cards: int


def visible_to(visibility: str, owner: int | None, me: int) -> bool:
    """A zone of this visibility owned by `owner` (None: a table zone) may be looked at by seat `me`."""
    return visibility == "public" or (visibility == "owner" and owner == me)


def hide(value):
    """A private value as a seat that may not see it gets it: each card None, a list keeping its length."""
    if isinstance(value, list):
        return [hide(v) if isinstance(v, list) else None for v in value]
    return None


def seat_event(ev: dict, looker: SeatLooker, specs: Mapping[str, EventSpec]) -> dict | None:
    """The event as `looker` may know it (None: it may not know of it at all)."""
    spec = specs.get(ev["event"])
    if spec is None:
        return {k: v for k, v in ev.items() if isinstance(v, _PLAIN)}
    if spec.only is not None and not spec.only(looker, ev, None):
        return None
    if not spec.private and spec.allowed.issuperset(ev):
        return ev                 # the common case: a public event of declared fields, shown as it is
    out = ev
    for key, value in ev.items():
        private = spec.private.get(key)
        if private is not None:
            shown = _shown(private, looker, ev, value)
        elif key in spec.allowed or isinstance(value, _PLAIN):
            continue
        else:
            shown = None          # an undeclared field holding a list or mapping: it may carry cards
        if shown is not value:
            if out is ev:
                out = dict(ev)
            if shown is None and private is None:
                del out[key]
            else:
                out[key] = shown
    return out


def _shown(private, looker: SeatLooker, ev: dict, value):
    if not private.per_seat:
        return value if private.sees(looker, ev, None) else hide(value)
    if not isinstance(value, list):
        return hide(value)
    entries = [v if private.sees(looker, ev, i) else hide(v) for i, v in enumerate(value)]
    return value if all(a is b for a, b in zip(entries, value)) else entries


def seat_events(events: Iterable[dict], looker: SeatLooker, specs: Mapping[str, EventSpec]) -> list[dict]:
    """The events `looker` may know of, each as it may know it, in order."""
    out = []
    for ev in events:
        shown = seat_event(ev, looker, specs)
        if shown is not None:
            out.append(shown)
    return out

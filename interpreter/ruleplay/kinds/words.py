"""How rule sheets say a rule file's values: in words where there are words, else a marked formula."""
from __future__ import annotations

import re
from typing import Any

from ruleplay.lang.expr.say import players_zone, say as formula

__all__ = ["formula", "first_player", "one_seat", "players_zone", "piles_said"]

_ONE_SEAT = re.compile(r"\s*s\s*==\s*(.+?)\s*")


def one_seat(rule: Any) -> str | None:
    """A bool over seat `s` that names one seat ("s == bidder"): that seat in words ("the bidder"), else None."""
    m = _ONE_SEAT.fullmatch(str(rule))
    if m and not any(w in f" {m.group(1)} " for w in ("==", " if ", " and ", " or ", " not ")):
        return formula(m.group(1))
    return None


def first_player(rule: str) -> str:
    """Who a `first`/`leader` rule (a bool over seat `s`) picks: "s == right-of(dealer)" is that seat itself,
    else the first player from the dealer's left for whom it holds."""
    return one_seat(rule) or f"the first player from the dealer's left for whom {formula(rule)}"


def piles_said(name: str) -> str:
    """A family of piles as a sheet says it: `col` "the col piles", a seat's `target.spread` "the piles of the
    target's spread"."""
    return f"the piles of {formula(name)}" if "." in name else f"the {name} piles"

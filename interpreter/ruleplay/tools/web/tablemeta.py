"""What the table page needs to know of a ruleset that no single state says: card names in words, the teams,
and for each slap pile how many of its top cards the slap patterns look at.

All of it is read from the compiled rules (`Rules.deck`, `Rules.teams`, each phase's compiled reactions and the
resolved rule data they were compiled from), generically: no game is named here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ruleplay.compiler.model import Rules

RANK_WORDS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "JK": "Joker", "T": "10"}
SUITS = {"S": ("♠", "spades"), "H": ("♥", "hearts"), "D": ("♦", "diamonds"), "C": ("♣", "clubs")}
RED_SUITS = {"H", "D"}
DEFAULT_DEPTH = 4           # when no pattern names its depth in a way read here
MAX_DEPTH = 8               # the most top cards a page spreads out
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


@dataclass(frozen=True)
class PileInfo:
    """A pile slaps are judged on: how many top cards its patterns read, and whether one reads the round's first."""

    zone: str
    depth: int
    bottom: bool


def card_words(rank: str, suit: str | None) -> str:
    """'Queen of spades', '10 of diamonds', 'Joker'."""
    r = RANK_WORDS.get(rank, rank)
    if suit is None:
        return r
    return f"{r} of {SUITS[suit][1]}" if suit in SUITS else f"{r} of {suit}"


def card_table(rules: Rules) -> dict[str, dict[str, Any]]:
    """Each card name of the deck: its rank, suit symbol, colour and name in words."""
    deck = rules.deck
    out: dict[str, dict[str, Any]] = {}
    for name, rank, suit, joker in zip(deck.names, deck.rank, deck.suit, deck.joker):
        if name in out:
            continue
        sym = SUITS[suit][0] if suit in SUITS else ("★" if joker else (suit or ""))
        out[name] = {"name": name, "rank": "Joker" if joker and rank in ("JK", "") else rank, "suit": sym,
                     "red": suit in RED_SUITS, "label": card_words(rank, suit) if not joker else "Joker"}
    return out


def _expand(text: str, defines: dict[str, str], depth: int = 0) -> str:
    """The expression with every defined name replaced by its own expression (a few levels deep)."""
    if depth > 5:
        return text
    return _NAME.sub(lambda m: "(" + _expand(defines[m.group(0)], defines, depth + 1) + ")"
                     if m.group(0) in defines else m.group(0), text)


def _looks(expr: str, pile: str) -> tuple[int, bool]:
    """How deep into `pile` an expression reads (pile[k]; a call f(pile, k, ...)) and whether it reads the
    round's first card (pile.bottom, round-first)."""
    p = re.escape(pile)
    depth = max([int(k) for k in re.findall(rf"(?<![\w-]){p}\s*\[\s*(\d+)\s*\]", expr)] +
                [int(k) for k in re.findall(rf"\(\s*{p}\s*,\s*(\d+)", expr)] + [0])
    bottom = bool(re.search(rf"(?<![\w-]){p}\.bottom|round-first", expr))
    return depth, bottom


def slap_piles(rules: Rules) -> dict[str, PileInfo]:
    """Each zone whose cards are slapped: the most top cards any of its live patterns reads."""
    data = rules.doc.data or {}
    raw_defs = data.get("define") or {}
    defines = {k: str(v.get("expr", "")) if isinstance(v, dict) else str(v) for k, v in raw_defs.items()}
    specs = data.get("phases") or {}
    out: dict[str, PileInfo] = {}
    for ph in rules.phases:
        r = getattr(ph, "reactions", None)
        spec = specs.get(getattr(ph, "name", ""), {}) if isinstance(specs, dict) else {}
        if r is None or not isinstance(spec, dict):
            continue
        pile = getattr(getattr(ph, "pile", None), "name", None) or str(spec.get("to", "pile"))
        raw = ((spec.get("reactions") or {}).get("patterns") or {})
        depth, bottom = 0, False
        for pat in r.patterns:
            d, b = _looks(_expand(str((raw.get(pat.name) or {}).get("when", "")), defines), pile)
            depth, bottom = max(depth, d), bottom or b
        out[pile] = PileInfo(pile, min(depth or DEFAULT_DEPTH, MAX_DEPTH), bottom)
    return out


def pattern_words(rules: Rules) -> dict[str, str]:
    """Each live slap pattern's description ("two cards of one rank on top (5-5)"), by its name."""
    return {p.name: p.description for ph in rules.phases
            for p in (getattr(getattr(ph, "reactions", None), "patterns", None) or [])}


def teams_of(rules: Rules) -> list[int] | None:
    """Each seat's team number (partners share one), or None when the game has no teams."""
    if not rules.teams:
        return None
    out = [0] * rules.players
    for t, seats in enumerate(rules.teams):
        for s in seats:
            if 0 <= s < rules.players:
                out[s] = t
    return out


def direction_word(me: int, to: int, players: int) -> str:
    """Where seat `to` sits from `me` at a table played clockwise: left, right, across, or "" (further round)."""
    k = (to - me) % players
    if players == 2 and k == 1:
        return "across"
    if k == 1:
        return "left"
    if k == players - 1:
        return "right"
    if players % 2 == 0 and k == players // 2:
        return "across"
    return ""

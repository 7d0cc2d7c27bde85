"""`ruleplay list`: each built-in with its player count and the start of its description, one line each,
cut to the terminal's width (80 columns when it cannot tell)."""
from __future__ import annotations

import shutil
from typing import Any, TextIO

from ruleplay.lang.resolve import Resolved

ELLIPSIS = "..."


def players_text(players: Any) -> str:
    """`4`, or `2-12` for a range."""
    if isinstance(players, dict):
        return f"{players.get('min')}-{players.get('max')}"
    return str(players)


def fit(text: str, width: int) -> str:
    """`text` on one line of at most `width` characters, cut at a word with an ellipsis when too long."""
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    room = max(width - len(ELLIPSIS), 0)
    cut = text[:room + 1].rsplit(" ", 1)[0] if " " in text[:room + 1] else text[:room]
    return cut[:room].rstrip(" ,;:") + ELLIPSIS


def write_list(resolved: dict[str, Resolved], out: TextIO, width: int | None = None) -> None:
    width = width or shutil.get_terminal_size((80, 24)).columns
    name_w = max(map(len, resolved), default=0)
    rows = {n: players_text(r.doc.data.get("players", 2)) for n, r in resolved.items()}
    players_w = max(map(len, rows.values()), default=0)
    for name, r in resolved.items():
        head = f"{name:<{name_w}}  {rows[name]:>{players_w}}  "
        out.write(head + fit(r.doc.data.get("description", ""), width - len(head) - 1) + "\n")

"""A small `ruleplay compare` run for the page: built-in sides, bounded games, one run at a time.

The sides, seeds and statistics are `ruleplay compare`'s own (sim.py): the same Spec, the same
seeded games, the same table of differences and the same plot, so the page and the command line
agree game for game. A server shares its cores with its players, so a run here is capped
(MAX_COMPARE_GAMES per side, one process, one run at a time).
"""
from __future__ import annotations

import base64
import io
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from ruleplay.agents import parse_bots
from ruleplay.errors import GameError
from ruleplay.pipeline import load
from ruleplay.resources import builtin_names
from ruleplay.tools import sim

MAX_COMPARE_GAMES = 2000
MAX_SIDES = 4
COMPARE_BOTS = ("random", "lowest", "highest", "smart")      # ismcts is far too slow for a page


class Busy(Exception):
    """Another compare is running on this server."""


_RUNNING = threading.Lock()


@dataclass
class CompareResult:
    text: str                 # `ruleplay compare`'s table
    plot: str | None          # the plot as a data: URL (None without matplotlib)


def run_compare(sides: list[str], games: int, seed: int, bots: str) -> CompareResult:
    """Each side is `NAME` or `NAME:OPTION=VALUE,...` of a built-in; the first is the baseline."""
    if not 2 <= len(sides) <= MAX_SIDES:
        raise GameError(f"give 2 to {MAX_SIDES} sides, one per line")
    if not 1 <= games <= MAX_COMPARE_GAMES:
        raise GameError(f"this server plays 1 to {MAX_COMPARE_GAMES} games per side")
    if bots not in COMPARE_BOTS:
        raise GameError(f"bots: one of {', '.join(COMPARE_BOTS)}")
    specs = []
    for side in sides:
        ref, sets = _side(side)
        rules = load(ref, sets)
        kinds, profiles = parse_bots(bots, rules.players)
        specs.append(sim.Spec(ref, tuple(sorted(sets.items())), None, tuple(kinds), tuple(profiles), label=side))
    if not _RUNNING.acquire(blocking=False):
        raise Busy("another compare is running on this server; try again in a moment")
    try:
        aggs = [sim.simulate(spec, games, seed, jobs=1) for spec in specs]
    finally:
        _RUNNING.release()
    out = io.StringIO()
    sim.write_compare(sides, sim.compare_rows(sides, aggs), out, games,
                      f"{games} games per side, seed {seed}, bots {bots}")
    return CompareResult(out.getvalue(), _plot(sides, aggs))


def _side(text: str) -> tuple[str, dict[str, str]]:
    """A compare side naming a built-in (never a server path: parse_side would take an existing file whole)."""
    name = text.strip().partition(":")[0]
    ref, sets = sim.parse_side(text.strip())
    if name not in builtin_names() or ref != name:
        raise GameError(f"side {text.strip()[:40]!r}: the page compares built-in rulesets only")
    return ref, sets


def _plot(names: list[str], aggs: list) -> str | None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return None
    with tempfile.TemporaryDirectory(prefix="ruleplay-plot-") as tmp:
        path = Path(tmp) / "compare.png"
        sim.plot(names, aggs, str(path))
        return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")

"""`ruleplay analyze` for the compare page: an uploaded variant against the built-in it is written on.

The report is the command line's own (`ruleplay analyze BASE VARIANT --html`): the same seeds, measures,
ladder and pictures. An upload is untrusted, so the run happens in a child process killed after
ANALYZE_SECONDS (checks.run_bounded), one analysis at a time, with at most MAX_ANALYZE_GAMES games per
side, one process, and a short skill ladder (no search bot: it is far too slow for a page). The page
shows the report in a frame from `/analysis/ID`, served with a policy of its own: its inline styles
and SVG pictures are allowed, nothing else (no script, nothing fetched). The last MAX_KEPT reports are
kept in memory.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import secrets
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from ruleplay.errors import GameError, RuleError, RuleplayError
from ruleplay.resources import builtin_names
from ruleplay.tools.analysis.command import add_parser, cmd_analyze
from ruleplay.tools.web.checks import run_bounded
from ruleplay.tools.web.compare import Busy
from ruleplay.tools.web.rulefiles import formatted, load_upload

MAX_ANALYZE_GAMES = 500
ANALYZE_SECONDS = 240.0
WEB_LADDER = "lowest,smart"       # each alone against random; ismcts is left to the command line
MAX_SHAPE_GAMES = 100
MAX_KEPT = 16
REPORT_POLICY = b"default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox"

_RUNNING = threading.Lock()
_REPORTS: OrderedDict[str, str] = OrderedDict()
_KEPT = threading.Lock()


def analyze_upload(base: str, text: str, name: str, games: int, seed: int) -> dict[str, Any]:
    """In a child process: `ruleplay analyze BASE UPLOAD` as HTML, or the upload's placed errors."""
    if base not in builtin_names():
        return {"ok": False, "errors": formatted([RuleError(f"no built-in ruleset named {base[:40]!r}", None, (),
                                                           "the base is the built-in the variant extends")])}
    try:
        loaded = load_upload(text, name)
    except RuleplayError as exc:
        return {"ok": False, "errors": formatted(exc.errors)}
    try:
        path, shown = loaded.shown[0], loaded.rules.ref
        out = Path(loaded.keep.name) / "report.html"
        parser = argparse.ArgumentParser(prog="ruleplay")
        add_parser(parser.add_subparsers(dest="cmd"))
        args = parser.parse_args(["analyze", base, path, "-n", str(games), "--seed", str(seed), "--jobs", "1", "-q",
                                  "--ladder", WEB_LADDER, "--shape-games", str(min(games, MAX_SHAPE_GAMES)),
                                  "--html", str(out)])
        try:
            with contextlib.redirect_stderr(io.StringIO()):
                cmd_analyze(args, {})
        except RuleplayError as exc:
            return {"ok": False, "errors": formatted(loaded.tidy(exc.errors))}
        except GameError as exc:
            return {"ok": False, "errors": formatted([RuleError(str(exc).replace(path, shown)[:300])])}
        return {"ok": True, "html": out.read_text(encoding="utf-8").replace(path, shown)}
    finally:
        loaded.keep.cleanup()


def run_analysis(base: str, text: str, name: str, games: int, seed: int,
                 seconds: float = ANALYZE_SECONDS) -> dict[str, Any]:
    """The page's analysis: {"ok", "report": ID} or {"ok": False, "errors"}; Busy while another runs."""
    if not 1 <= games <= MAX_ANALYZE_GAMES:
        raise ValueError(f"this server plays 1 to {MAX_ANALYZE_GAMES} games per side")
    if not _RUNNING.acquire(blocking=False):
        raise Busy("another analysis is running on this server; try again in a moment")
    try:
        answer = run_bounded(analyze_upload, (base, text, name, games, seed), seconds)
    except TimeoutError:
        return {"ok": False, "errors": formatted([RuleError(
            f"the analysis took more than {seconds:g} s, this server's limit", None, (),
            "fewer games, or `ruleplay analyze` on your own machine")])}
    finally:
        _RUNNING.release()
    if not answer["ok"]:
        return answer
    token = secrets.token_urlsafe(12)
    with _KEPT:
        _REPORTS[token] = answer["html"]
        while len(_REPORTS) > MAX_KEPT:
            _REPORTS.popitem(last=False)
    return {"ok": True, "report": token}


def report(token: str) -> str | None:
    with _KEPT:
        return _REPORTS.get(token)

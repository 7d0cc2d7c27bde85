"""Checking an uploaded rule file within a time budget: in a process of its own, killed when it runs over.

Validation is meant to be bounded, but a server cannot count on that for every hostile file: a check
that never ends would hold one of the server's threads for good, and a few dozen of them would stop
it. So each check runs in a child process, at most MAX_CHECKS at a time (more are refused at once:
no thread waits in a queue), and one that has not answered within CHECK_SECONDS is killed and
answered with a placed error. The children are forked from a small process started once with the
package loaded (multiprocessing's `forkserver`): a check starts in milliseconds and inherits none of
the server's threads. A child's temporary files live in a directory the server removes afterwards,
so a killed check leaves nothing behind.
"""
from __future__ import annotations

import multiprocessing
import tempfile
import threading
from typing import Any, Callable

from ruleplay.errors import Mark, RuleError, RuleplayError
from ruleplay.tools.explain.sheet import sheet_text
from ruleplay.tools.web.rulefiles import formatted, load_any, upload_name

CHECK_SECONDS = 10.0           # a 256 kB upload checks in well under a second
MAX_CHECKS = 4                 # checks running at once (the server has its players to serve too)

_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload([__name__])
_SLOTS = threading.BoundedSemaphore(MAX_CHECKS)


class CheckBusy(Exception):
    """MAX_CHECKS checks are running."""


def check_upload(text: str, name: str, sets: dict[str, str], players: int | None) -> dict[str, Any]:
    """What the editor shows of an upload: its placed errors, or its rule sheet (the work done in a child)."""
    try:
        loaded = load_any(None, (text, name), sets, players)
    except RuleplayError as exc:
        return {"ok": False, "errors": formatted(exc.errors), "sheet": None}
    rules = loaded.rules
    if loaded.keep is not None:
        loaded.keep.cleanup()
    return {"ok": True, "errors": [], "sheet": sheet_text(rules), "title": rules.title, "players": rules.players}


def timed_check(text: str, name: str, sets: dict[str, str], players: int | None,
                seconds: float = CHECK_SECONDS) -> dict[str, Any]:
    """`check_upload` within `seconds`; past them, an answer of the same shape with a placed error."""
    try:
        return run_bounded(check_upload, (text, name, sets, players), seconds)
    except TimeoutError:
        error = RuleError(f"checking this file took more than {seconds:g} s, this server's limit", Mark(
            upload_name(name), 1, 1), (), "ruleplay validate checks it on your own machine, without a limit")
        return {"ok": False, "errors": formatted([error]), "sheet": None}


def run_bounded(fn: Callable[..., Any], args: tuple, seconds: float) -> Any:
    """`fn(*args)` in a child process: its (picklable) value; TimeoutError when it has not answered within
    `seconds` (the child is killed), CheckBusy when MAX_CHECKS are running, RuntimeError when it failed."""
    if not _SLOTS.acquire(blocking=False):
        raise CheckBusy(f"this server is checking {MAX_CHECKS} files already; try again in a moment")
    try:
        with tempfile.TemporaryDirectory(prefix="ruleplay-check-") as work:
            here, there = _CONTEXT.Pipe(duplex=False)
            child = _CONTEXT.Process(target=_child, args=(there, work, fn, args), daemon=True)
            child.start()
            there.close()
            try:
                if not here.poll(seconds):
                    raise TimeoutError(f"no answer within {seconds} s")
                ok, value = here.recv()
            except EOFError:
                ok, value = False, None             # the child died without a word
            finally:
                child.kill()
                child.join()
                here.close()
    finally:
        _SLOTS.release()
    if not ok:
        raise RuntimeError("a check failed in its process")
    return value


def _child(conn, work: str, fn: Callable[..., Any], args: tuple) -> None:
    """In the child: temporary files under `work` (removed by the server), then the answer, or a bare failure."""
    tempfile.tempdir = work
    try:
        answer = (True, fn(*args))
    except Exception:
        answer = (False, None)
    conn.send(answer)
    conn.close()

"""Every file ruleplay reads goes through here: regular files only, never more than a cap.

Rule files, deal files and logs come from strangers. A FIFO would hang a
plain `open()`, `/dev/zero` would grow without end, a directory or socket
gives an unplaced OS error: so a file is opened without blocking, checked to
be a regular file on the open descriptor (no race with a swapped path), and
read up to its cap plus one byte. Problems are placed errors at line 1 of
the file; nothing of its content is ever quoted.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from ruleplay.errors import Mark, RuleError, RuleplayError

RULE_FILE_BYTES = 1_000_000        # rule files and deal files (docs/limits.md)
LOG_BYTES = 64_000_000             # a --log file: about 500,000 events


def read_bytes(path: Path | str, cap: int, display: str | None = None) -> bytes:
    """The bytes of the regular file `path`, refused with a placed error if it is anything else or too big."""
    name = display or str(path)
    where = Mark(name, 1, 1)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not a file name"
        raise RuleplayError(RuleError(f"cannot read file: {reason}", where)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise RuleplayError(RuleError(f"not a regular file ({_kind(st.st_mode)})", where,
                                          hint="ruleplay reads only regular files"))
        if st.st_size > cap:
            raise RuleplayError(RuleError(f"file too large (the limit is {cap} bytes)", where))
        chunks = []
        left = cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise RuleplayError(RuleError(f"cannot read file: {exc.strerror}", where)) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > cap:                 # it grew while we read it
        raise RuleplayError(RuleError(f"file too large (the limit is {cap} bytes)", where))
    return data


def _kind(mode: int) -> str:
    for test, word in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a pipe"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return word
    return "not a plain file"

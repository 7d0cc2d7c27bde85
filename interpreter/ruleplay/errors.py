"""One error type for every step of the pipeline, and one printer.

A rule file is written by a person; every complaint must point at the place
in their file (file:line:column), say what was wrong and, where we can guess,
what they meant.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Iterable, Sequence, TextIO


@dataclass(frozen=True)
class Mark:
    """A position in a source file; line and column count from 1."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass
class RuleError:
    message: str
    mark: Mark | None = None
    path: tuple = ()
    hint: str | None = None
    level: str = "error"            # or "note": the file validates, but the writer may want to know

    def format(self) -> str:
        where = str(self.mark) if self.mark else "<command line>"
        key = f" [{printable(path_str(self.path))}]" if self.path else ""
        text = f"{where}: {self.level}{key}: {printable(self.message)}"
        if self.hint:
            text += f"\n    hint: {printable(self.hint)}"
        return text


MAX_SHOWN = 50      # errors printed at most: past that, a count (the first ones are the ones to fix)


def printable(text: str, keep: str = "") -> str:
    """Text from a file, safe on a terminal: escape newlines (unless kept), controls, bidi overrides, surrogates."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in keep else repr(c)[1:-1] for c in text)


class TerminalText:
    """A stream that escapes what `printable` escapes, but newlines and tabs: for sheets and accounts of games,
    which print descriptions, names and card names written in a rule file."""

    def __init__(self, out: TextIO):
        self.out = out

    def write(self, text: str) -> int:
        return self.out.write(printable(text, "\n\t"))

    def flush(self) -> None:
        self.out.flush()


class RuleplayError(Exception):
    """Raised with one or more RuleErrors; the CLI prints them and exits 1."""

    def __init__(self, errors: RuleError | Sequence[RuleError]):
        # each error once: a list of effects checked where it is used (a named list, a YAML alias) gives the
        # same error, at the same place, from every use
        self.errors = [errors] if isinstance(errors, RuleError) else _once(errors)
        super().__init__("\n".join(e.format() for e in self.errors))

    def __reduce__(self):
        """Raised in a `sim` worker (a runaway value), it travels to the parent whole."""
        return type(self), (self.errors,)


def _once(errors: Sequence[RuleError]) -> list[RuleError]:
    """The errors in order, an error said again word for word at the same place left out."""
    seen: set[str] = set()
    out = []
    for e in errors:
        key = e.format()
        if key not in seen:
            seen.add(key)
            out.append(e)
    return out


class GameError(Exception):
    """A runtime problem that is not the rule file's fault (bad --deal, bad --set)."""


def path_str(path: Iterable) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    close = difflib.get_close_matches(str(word), sorted(set(map(str, choices))), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


def one_of(choices: Iterable[str]) -> str:
    items = sorted(set(map(str, choices)))
    if len(items) > 12:
        items = items[:12] + ["..."]
    return ", ".join(items)


def clip(value: object, limit: int = 40) -> str:
    """Someone's text (a typed answer, a name in a file) shortened for a one-line message; repr-quoted."""
    text = value if isinstance(value, str) else str(value) if not isinstance(value, int) else \
        (str(value) if abs(value) < 10 ** limit else f"a {len(str(abs(value)))}-digit number")
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return repr(text) if isinstance(value, str) else text

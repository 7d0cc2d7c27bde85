"""Rule files for the server: the built-in catalogue, and uploaded text checked exactly as `ruleplay validate` does.

An upload is untrusted. Its text is written alone into a fresh private directory and loaded through
the same pipeline as a file on the command line, so every check and every placed message is the
same. The `extends` policy then leaves it nothing to read but built-ins: its own directory holds
only itself, absolute paths and `..` are refused on the `extends` line. Messages name the file by
the uploader's name, never by the temporary path.
"""
from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ruleplay.errors import MAX_SHOWN, Mark, RuleError, RuleplayError
from ruleplay.compiler.model import Rules
from ruleplay.pipeline import load
from ruleplay.lang.resolve import display_name
from ruleplay.resources import builtin_names

MAX_UPLOAD_BYTES = 256_000        # a rule file sent to the server (the largest shipped one is 12 kB)
_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass
class Catalogue:
    """What the new-game form offers for one ruleset: players and options, from the resolved data."""

    name: str
    title: str
    description: str
    players: dict[str, int]
    options: dict[str, dict[str, Any]] = field(default_factory=dict)


def upload_name(name: str | None) -> str:
    """A harmless file name for messages: letters, digits, . _ - only, ending in .yaml."""
    base = _SAFE_NAME.sub("-", (name or "").replace("\\", "/").rsplit("/", 1)[-1]).strip(".-")[:60]
    if not base:
        base = "upload"
    return base if base.endswith((".yaml", ".yml")) else base + ".yaml"


def _rename(errors: list[RuleError], paths: tuple[str, ...], name: str) -> list[RuleError]:
    """The same errors with the temporary file's path replaced by the uploader's name."""
    def text(s: str | None) -> str | None:
        if s is None:
            return None
        for p in paths:
            s = s.replace(p, name)
        return s
    out = []
    for e in errors:
        mark = e.mark
        if mark is not None and mark.file in paths:
            mark = Mark(name, mark.line, mark.column)
        out.append(replace(e, mark=mark, message=text(e.message), hint=text(e.hint)))
    return out


@dataclass
class Loaded:
    """Compiled rules, and for an upload the directory its text lives in while a game runs: the rules
    place an error found during play by re-reading their file, and `tidy` names the file as its uploader did."""

    rules: Rules
    keep: tempfile.TemporaryDirectory | None = None
    shown: tuple[str, ...] = ()

    def tidy(self, errors: list[RuleError]) -> list[RuleError]:
        return _rename(errors, self.shown, self.rules.ref) if self.shown else errors


def load_upload(text: str, name: str, sets: dict[str, str] | None = None, players: int | None = None) -> Loaded:
    """Compile uploaded rule text; a bad file raises RuleplayError with placed messages naming `name`."""
    name = upload_name(name)
    if len(text.encode("utf-8", "surrogatepass")) > MAX_UPLOAD_BYTES:
        raise RuleplayError(RuleError(f"file too large (the limit for an upload is {MAX_UPLOAD_BYTES} bytes)",
                                      Mark(name, 1, 1)))
    keep = tempfile.TemporaryDirectory(prefix="ruleplay-upload-")
    tmp = keep.name
    path = Path(tmp) / name
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    shown = (str(path), display_name(path), str(path.resolve()), str(Path(tmp).resolve()), tmp)
    try:
        rules = load(str(path), sets, players)
    except RuleplayError as exc:
        keep.cleanup()
        raise RuleplayError(_rename(exc.errors, shown, name)) from None
    rules.ref = name
    rules.files = [name if f in shown else f for f in rules.files]     # the rule sheet's "Based on" line
    return Loaded(rules, keep, shown)


def load_any(ruleset: str | None, upload: tuple[str, str] | None, sets: dict[str, str],
             players: int | None) -> Loaded:
    """A built-in by name (never a path: the server reads no file a visitor names) or an upload."""
    if upload is not None:
        return load_upload(upload[0], upload[1], sets, players)
    if ruleset not in builtin_names():
        raise RuleplayError(RuleError(f"no built-in ruleset named {str(ruleset)[:40]!r}", None, (),
                                      "choose one from the list, or upload a file"))
    return Loaded(load(ruleset, sets, players))


def formatted(errors: list[RuleError]) -> list[dict[str, Any]]:
    """Errors for a page: the exact `validate` text, and the line and column to mark (an unplaced error,
    such as a bad option value, without the terminal's `<command line>` prefix)."""
    out = [{"text": e.format() if e.mark else e.format().removeprefix("<command line>: "),
            "line": e.mark.line if e.mark else None,
            "column": e.mark.column if e.mark else None} for e in errors[:MAX_SHOWN]]
    if len(errors) > MAX_SHOWN:
        out.append({"text": f"... and {len(errors) - MAX_SHOWN:,} more errors ({len(errors):,} in all); fix the "
                            "first ones and validate again", "line": None, "column": None})
    return out


def catalogue_of(rules: Rules) -> Catalogue:
    data = rules.doc.data
    spec = data.get("players", 2)
    players = ({"min": spec, "max": spec, "default": spec} if isinstance(spec, int) else
               {"min": spec.get("min", 2), "max": spec.get("max", 8), "default": rules.players})
    return Catalogue(rules.name, rules.title or rules.name, " ".join(rules.description.split()),
                     players, {k: dict(v) for k, v in (rules.option_specs or {}).items()})


def builtin_catalogue() -> list[Catalogue]:
    return [catalogue_of(load(name)) for name in builtin_names()]


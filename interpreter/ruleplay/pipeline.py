"""The one-way pipeline: file -> resolved document -> schema check -> options -> compiled Rules."""
from __future__ import annotations

from .errors import RuleplayError
from .model import Rules, compile_rules
from .resolve import Resolved, apply_options, resolve
from .schemacheck import check


def load_resolved(ref: str, sets: dict[str, str] | None = None) -> Resolved:
    res = resolve(ref, sets)
    errors = check(res.doc)
    if errors:
        raise RuleplayError(errors)
    apply_options(res)
    return res


def load(ref: str, sets: dict[str, str] | None = None, players: int | None = None) -> Rules:
    rules = compile_rules(load_resolved(ref, sets), players)
    rules.ref = ref
    return rules

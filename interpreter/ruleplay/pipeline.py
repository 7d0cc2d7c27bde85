"""The one-way pipeline: file -> resolved document -> schema check -> options -> compiled Rules."""
from __future__ import annotations

from .errors import RuleError, RuleplayError
from .model import Rules, compile_rules
from .resolve import Resolved, apply_options, resolve
from .schemacheck import check_cached


def load_resolved(ref: str, sets: dict[str, str] | None = None, include: tuple[str, ...] = ()) -> Resolved:
    res = resolve(ref, sets, include)
    errors = check_cached(res.doc, res.files)
    if errors:
        raise RuleplayError(errors)
    apply_options(res)
    return res


def load(ref: str, sets: dict[str, str] | None = None, players: int | None = None,
         include: tuple[str, ...] = ()) -> Rules:
    """`include`: directories besides the rule file's own that its `extends` may read."""
    sets = dict(sets or {})
    res = load_resolved(ref, {k: v for k, v in sets.items() if k != "players"}
                        if "players" in sets else sets, include)
    if "players" in sets:
        if "players" in (res.doc.data.get("options") or {}):
            res = load_resolved(ref, sets, include)
        elif players is None:
            # `--set players=N` is the same as `--players N`, so a house rule file of options reads naturally
            try:
                players = int(sets["players"])
            except ValueError:
                raise RuleplayError(RuleError(f"--set players={sets['players']}: the number of players is a "
                                              "whole number")) from None
    rules = compile_rules(res, players)
    rules.ref = ref
    return rules

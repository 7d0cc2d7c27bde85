"""The one-way pipeline: file -> resolved document -> schema check -> options -> compiled Rules.

This is the composition root: it hands the phase-kind registry to the compiler, so neither the
front end nor the compiler imports the kinds, and `load_game` wraps the result as a `Game`."""
from __future__ import annotations

from typing import Any

from ruleplay.errors import RuleError, RuleplayError
from ruleplay.engine.state import Game
from ruleplay.kinds import EVENT_SPECS, KINDS
from ruleplay.compiler.model import Rules, compile_rules
from ruleplay.lang.resolve import Resolved, apply_options, resolve
from ruleplay.lang.schemacheck import check_cached


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
    rules = compile_rules(res, players, kinds=KINDS, events=EVENT_SPECS)
    rules.ref = ref
    return rules


def load_game(ruleset: str, players: int | None = None, options: dict[str, Any] | None = None,
              include: tuple[str, ...] = ()) -> Game:
    """A built-in name or a path; `options` as `--set` takes them. Bad input raises RulesError."""
    sets = {k: _as_set(v) for k, v in (options or {}).items()}
    return Game(load(ruleset, sets, players, include))


def _as_set(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ",".join(map(str, v)) + "]"
    return str(v)

"""The one-way pipeline: file -> resolved document -> schema check -> options -> compiled Rules.

This is the composition root: it hands the phase-kind registry to the compiler, so neither the
front end nor the compiler imports the kinds, and `load_game` wraps the result as a `Game`."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

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
        raise RuleplayError(_from_the_base(res, errors))
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
    try:
        rules = compile_rules(res, players, kinds=KINDS, events=EVENT_SPECS)
    except RuleplayError as exc:
        raise RuleplayError(_from_the_base(res, exc.errors)) from None
    rules.ref = ref
    return rules


MAX_OTHER_COUNTS = 10    # numbers of players `validate` compiles besides the default: a wider range, its ends


def other_counts(rules: Rules, load_with: Callable[[int], Rules]) -> list[RuleError]:
    """The errors the file has with the other numbers of players it allows (`validate` without --players): a
    pack, a deal or a `by-players` value that fits the default count may not fit another. Each is said once,
    with the first count it fails at. A range wider than MAX_OTHER_COUNTS is checked at its two ends (five
    counts each), so the work stays bounded."""
    spec = rules.doc.data.get("players", 2)
    lo, hi = (spec, spec) if isinstance(spec, int) else (spec["min"], spec["max"])
    counts = range(lo, hi + 1) if hi - lo <= MAX_OTHER_COUNTS else \
        sorted({*range(lo, lo + MAX_OTHER_COUNTS // 2), *range(hi - MAX_OTHER_COUNTS // 2 + 1, hi + 1)})
    out: list[RuleError] = []
    seen = set()
    for n in counts:
        if n == rules.players:
            continue
        try:
            load_with(n)
        except RuleplayError as exc:
            if all(e.path[:1] == ("constraints",) for e in exc.errors):
                continue                    # a count the file's own constraint refuses (2 or 4 players, not 3)
            for e in exc.errors:
                if (e.message, e.path) not in seen:
                    seen.add((e.message, e.path))
                    out.append(replace(e, message=f"with {n} players: {e.message}"
                                       if e.level == "error" else e.message))
    return out


def _from_the_base(res: Resolved, errors: list[RuleError]) -> list[RuleError]:
    """Errors placed in a base the file extends may be made by what the file changes (a variant leaving out
    a suit the base's card points name): a note at the file's `extends` says so, so the writer looks here too."""
    bases = [f for f in dict.fromkeys(e.mark.file for e in errors
                                      if e.mark and e.path[:1] not in (("constraints",), ("players",)))
             if f in res.files[1:]]       # a constraint or the player range refuses what the command line chose
    if not bases:
        return errors
    names = " and ".join(bases)
    return errors + [RuleError(f"this file extends {names}: the errors placed there are wrong in it alone, or made "
                               "wrong by what this file changes", res.doc.marks.get(("extends",)), ("extends",),
                               f"`ruleplay validate {' '.join(_as_typed(b) for b in bases)}` tells which; fix the "
                               "second kind here", level="note")]


def _as_typed(name: str) -> str:
    """A base's display name as a command takes it (`<built-in NAME>` is `NAME`)."""
    return name[len("<built-in "):-1] if name.startswith("<built-in ") and name.endswith(">") else name


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

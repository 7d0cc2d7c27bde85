"""Replaying a JSONL game log: run the same game again and compare it event for event.

The `start` event records everything a game depends on (ruleset, seed,
players, the options set, bots and profiles, and for an explicit deal the
hands and scripted slaps) and the log's `format`; `decision` events record
every choice a seat made (seat, action, label; a slap window's with `after`,
the cards played when it opened, and only when the seat did something: `no
slap` and `wait` are implicit), and from format 3 a seat's only choice, which
the rules took without asking, marked `forced` (never shown to a seat). The
replay re-applies the decisions asked to a fresh State (`Feed`) and reports the
first event that differs; a format 2 log is compared without the forced ones. A
log of format 1 (before decisions were logged) replays only if its bots still
play the same game; otherwise the report says it was written by an older
ruleplay. A log is untrusted input, like a rule file: every event
is a JSON object with a known `event` kind, and every field a replay or a
resumed game reads is checked for type and range (`check_log`, `setup`), with
an error that names the file, the line and the field (`LogError`).
"""
from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, NoReturn

from ruleplay.agents import BOT_KINDS, is_kind
from ruleplay.tools.logs.dealfile import check_deal, check_deal_data, is_int, slap_problem
from ruleplay.engine.decision import CHANCE
from ruleplay.engine.run import LOG_FORMAT, Deal
from ruleplay.agents import play
from ruleplay.errors import GameError, RuleplayError, clip, path_str, printable
from ruleplay.kinds import KINDS
from ruleplay.resources import builtin_path
from ruleplay.lang.files import LOG_BYTES, read_bytes

# Every kind of event the engine and its phases emit: the engine's own, then each phase kind's EVENTS
# (a test keeps the engine's list complete).
ENGINE_EVENTS = ("start", "deal", "draw-for-dealer", "chance-draw", "score", "out", "decision",
                 "end")   # out: a match's knock-out; chance-draw: a game whose random events were drawn as chance decisions
EVENT_KINDS = tuple(dict.fromkeys(ENGINE_EVENTS + tuple(e for k in KINDS.values() for e in k.EVENTS)))
OLD_KINDS = ("choice", "reaction")    # a person's decisions in format 1 logs
SEAT_KINDS = (*BOT_KINDS, "human", "external")     # external: a seat a State's caller answered
MAX_PLAYERS = 64
MAX_SEED = 2 ** 128           # `run --seed` takes any int; a log's seed is kept to a size a person could type
MAX_ACTIONS = 10 ** 12


class LogError(GameError):
    """A problem in a log file, placed as FILE:LINE: error [FIELD]: MESSAGE (JSON lines have no useful column)."""

    def __init__(self, path: str, line: int, field: tuple, message: str, hint: str | None = None):
        self.path, self.line, self.field, self.message, self.hint = path, line, field, message, hint
        key = f" [{printable(path_str(field))}]" if field else ""
        text = f"{path}:{line}: error{key}: {printable(message)}"
        super().__init__(text + (f"\n    hint: {printable(hint)}" if hint else ""))


class Log(list):
    """The events of a log file (a list of dicts), remembering the line each came from, for placed errors."""

    def __init__(self, path: str, events: list[dict], lines: list[int]):
        super().__init__(events)
        self.path = path
        self.lines = lines

    def fail(self, i: int, field: tuple, message: str, hint: str | None = None) -> NoReturn:
        raise LogError(self.path, self.lines[i] if i < len(self.lines) else 1, field, message, hint)


@dataclass
class ReplayReport:
    same: bool
    events: int
    index: int | None = None        # first differing event (0-based line)
    logged: dict | None = None
    replayed: dict | None = None
    note: str = ""                  # why it differs, when that is known (an older log)
    unfinished: bool = False        # the log stops before the game's end: only its events were compared


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON value")


def read_log(path: str) -> Log:
    """A log file, read as untrusted input: a regular file within LOG_BYTES, every line checked."""
    events, lines = [], []
    try:
        text = read_bytes(path, LOG_BYTES).decode("utf-8")
    except UnicodeDecodeError:
        raise GameError(f"{path}: not a game log (not UTF-8 text)") from None
    for n, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            ev = json.loads(line, parse_constant=_no_constant)
        except json.JSONDecodeError as exc:
            raise LogError(path, n, (), f"not a JSON line ({exc.msg})") from None
        except ValueError as exc:          # NaN, Infinity, an int of more than 4,300 digits
            raise LogError(path, n, (), f"not a JSON line ({str(exc).split(';')[0]})") from None
        except RecursionError:
            raise LogError(path, n, (), "not a JSON line (nested too deeply)") from None
        events.append(ev)
        lines.append(n)
    log = Log(path, events, lines)
    check_log(log)
    return log


def check_log(log: Log) -> None:
    """Every line an event of a known kind, the first (and only the first) a `start`; its fields as a replay needs."""
    if not log:
        raise LogError(log.path, 1, (), "a game log starts with a 'start' event; this file has no events")
    for i, ev in enumerate(log):
        if not isinstance(ev, dict) or "event" not in ev:
            log.fail(i, (), "an event is a JSON object with an 'event' field")
        kind = ev["event"]
        if not isinstance(kind, str) or kind not in EVENT_KINDS + OLD_KINDS:
            log.fail(i, ("event",), f"unknown event kind {clip(kind)}", "events: " + ", ".join(EVENT_KINDS))
        if (kind == "start") != (i == 0):
            log.fail(i, ("event",), "a game log starts with a 'start' event" if i == 0 else
                     "a second 'start' event: a log holds one game")
    _check_start(log)
    players = log[0]["players"]
    for i, ev in enumerate(log):
        if ev["event"] == "decision":
            _check_decision(log, i, ev, players)
        elif ev["event"] == "chance-draw":
            drawn = ev.get("drawn")
            if not (isinstance(drawn, list) and len(drawn) <= 10_000 and all(isinstance(x, str) for x in drawn)):
                log.fail(i, ("drawn",), "a chance draw lists the cards (or the options) drawn, as texts")


def _check_start(log: Log) -> None:
    start = log[0]

    def need(key: str, ok, what: str, optional: bool = False):
        if key not in start:
            if optional:
                return None
            log.fail(0, (key,), f"the start event lacks '{key}' ({what})")
        v = start[key]
        if not ok(v):
            log.fail(0, (key,), f"'{key}' must be {what}, not {clip(v) if is_int(v) else type(v).__name__}")
        return v

    need("ref", lambda v: isinstance(v, str) and v.strip() != "", "the ruleset's name or path")
    need("seed", lambda v: is_int(v) and abs(v) <= MAX_SEED, "a whole number (at most 2^128 either way)")
    n = need("players", lambda v: is_int(v) and 1 <= v <= MAX_PLAYERS, f"a number of players, 1..{MAX_PLAYERS}")
    need("max_actions", lambda v: is_int(v) and 1 <= v <= MAX_ACTIONS, "a number of actions, 1..10^12", True)
    need("explicit_deal", lambda v: isinstance(v, bool), "true or false", True)
    sets = need("set", lambda v: isinstance(v, dict), "a mapping of option names to values", True) or {}
    for k, v in sets.items():
        if not (_set_value(v) or isinstance(v, list) and len(v) <= 1000 and all(_set_value(x) for x in v)):
            log.fail(0, ("set", k), "an option value is true, false, a number, a text or a list of those")
    for key, kinds in (("bots", SEAT_KINDS), ("profiles", None)):
        seats = need(key, lambda v: isinstance(v, list) and len(v) == n,
                     f"a list with one entry per seat ({n})", True)
        for s, v in enumerate(seats or []):
            if kinds is not None and v not in kinds and not is_kind(v):
                log.fail(0, (key, s), f"unknown bot {clip(v)}", "bots: " + ", ".join(kinds))
            if kinds is None and not (v is None or isinstance(v, str)):
                log.fail(0, (key, s), "a reaction profile is a name (or null for the ruleset's default)")
    need("chance", lambda v: isinstance(v, bool), "true or false", True)
    need("ask_turns", lambda v: isinstance(v, list) and len(v) <= n and len(set(map(str, v))) == len(v)
         and all(is_int(s) and 0 <= s < n for s in v), f"a list of different seats, 0..{n - 1}", True)
    slaps = need("slaps", lambda v: isinstance(v, list), "a list of scripted slaps", True)
    for j, sl in enumerate(slaps or []):
        problem = slap_problem(sl, n)
        if problem is not None:
            log.fail(0, ("slaps", j, *problem[0]), problem[1])


def _set_value(v: object) -> bool:
    return isinstance(v, bool) or is_int(v) and abs(v) <= 10 ** 18 or isinstance(v, str) and len(v) <= 1000


def _check_decision(log: Log, i: int, ev: dict, players: int) -> None:
    """A recorded decision {seat, action, label[, after]}."""
    fields = {"seat": (0, players - 1), "action": (0, 10 ** 9)}
    if "after" in ev:
        fields["after"] = (0, 10 ** 12)
    for k, (lo, hi) in fields.items():
        v = ev.get(k)
        if not (is_int(v) and lo <= v <= hi):
            log.fail(i, (k,), f"'{k}' must be a whole number {lo}..{hi}" + (f" (players: {players})"
                                                                            if k == "seat" else ""))
    if not isinstance(ev.get("label"), str):
        log.fail(i, ("label",), "a decision records its label, as text")
    if "forced" in ev and ev["forced"] is not True:
        log.fail(i, ("forced",), "'forced' marks a choice the rules made: true, or left out")


def log_format(log: Log) -> int:
    """The log's format: 2 and later record every decision; a log without `format` is 1."""
    v = log[0].get("format", 1)
    if not (is_int(v) and 1 <= v):
        log.fail(0, ("format",), "'format' must be a whole number, 1 or more")
    if v > LOG_FORMAT:
        log.fail(0, ("format",), f"written by a newer ruleplay (format {v}); this one reads formats 1 to {LOG_FORMAT}")
    return v


class Feed:
    """The decisions a log records, fed back to a State: in order, and a slap window's by (card, seat).

    `complete`: the log is of a whole game (a replay); else it was cut short (a game to resume), and a
    decision the log does not hold is left to the live players (`answer` returns None).
    """

    def __init__(self, log: list[dict], space, complete: bool):
        self.space = space
        self.complete = complete
        self.queue = deque((i, ev) for i, ev in enumerate(log)
                           if ev["event"] == "decision" and "after" not in ev and "forced" not in ev)
        self.chance = deque((i, label) for i, ev in enumerate(log) if ev["event"] == "chance-draw"
                            for label in ev["drawn"])
        self.windows = {(ev["after"], ev["seat"], ev["action"] >= space.NO_SLAP): (i, ev)
                        for i, ev in enumerate(log) if ev["event"] == "decision" and "after" in ev}
        self.last_card = sum(1 for ev in log if ev["event"] == "play")   # windows before it were all logged
        self.log = log

    def answer(self, d) -> int | None:
        if d.seat == CHANCE:
            return self._drawn(d)
        if d.window is not None:
            got = self.windows.pop((d.window, d.seat, d.default == self.space.NO_SLAP), None)
            if got is not None:
                return self._fits(d, *got)
            return d.default if self.complete or d.window < self.last_card else None
        if self.queue:
            return self._fits(d, *self.queue.popleft())
        if self.complete:
            raise GameError(f"the log has no more decisions, but the game asks seat {d.seat} for one")
        return None

    def _drawn(self, d) -> int | None:
        """A chance decision, answered by the next label the log's `chance-draw` events list."""
        if not self.chance:
            if self.complete:
                raise GameError("the log has no more chance draws, but the game draws a card")
            return None
        i, label = self.chance.popleft()
        for a in d.actions:
            if ((d.labels or {}).get(a) or self.space.label(a)) == label:
                return a
        msg = f"the log's chance draw {clip(label)} is not one this game can draw now"
        if isinstance(self.log, Log):
            self.log.fail(i, ("drawn",), msg)
        raise GameError(msg)

    def _fits(self, d, i: int, ev: dict) -> int:
        a = ev["action"]
        label = (d.labels or {}).get(a) or self.space.label(a)
        if ev["seat"] != d.seat or a not in d.actions or label != ev["label"]:
            msg = (f"the log's decision {clip(ev['label'])} of seat {ev['seat']} does not fit this game "
                   f"(seat {d.seat} is to choose)")
            if isinstance(self.log, Log):
                self.log.fail(i, ("action",), msg)
            raise GameError(msg)
        return a


def _as_set(value) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_as_set(v) for v in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass
class Setup:
    """What `play` needs to play a logged game again."""

    rules: object
    seed: int
    deal: Deal | None
    bots: list
    profiles: list | None
    max_actions: int
    ask_turns: tuple = ()           # seats that turned their own cards (a person at the web table)
    chance: bool = False            # random events were drawn as chance decisions (OpenSpiel's adapter)


def log_ruleset(log: Log) -> str:
    """The rule file a log names, under the file-access policy (docs/limits.md): a built-in name, or a
    .yaml/.yml path inside the log's own directory (relative, or absolute and resolving there). A crafted log cannot make ruleplay read
    another file: anything else is refused; `--ruleset FILE` names the rules instead."""
    ref = log[0]["ref"]
    if builtin_path(ref) is not None and "/" not in ref and not ref.endswith((".yaml", ".yml")):
        return ref
    here = Path(log.path).resolve().parent
    rel = Path(ref)
    if rel.suffix in (".yaml", ".yml") and not ref.startswith("~"):       # absolute: still inside it (`run` with
                                                                          # a full path writes it so)
        target = (here / rel).resolve()
        if target.is_relative_to(here):
            built_in = target.parent.name == "rulesets" and target.suffix == ".yaml" and builtin_path(target.stem)
            if not target.is_file() and not built_in:     # written by `run` from another directory
                log.fail(0, ("ref",), f"the log names the ruleset {clip(ref)}, which is not beside the log "
                                      f"({clip(str(target))})", "give the rule file on the command line: "
                                      "--ruleset FILE (a log looks for its rules in its own directory)")
            return str(target)
    log.fail(0, ("ref",), f"the log names a ruleset outside its own directory: {clip(ref)}",
             "give the rule file on the command line: --ruleset FILE")


def setup(log: Log, ruleset: str | None = None, include: tuple[str, ...] = ()) -> Setup:
    """The game a checked log records: its rules, seed, deal, seats. Errors of `--set` origin point at the log.
    `ruleset`: the rule file named on the command line, instead of the one the log names."""
    from ruleplay.pipeline import load
    start = log[0]
    sets = {k: _as_set(v) for k, v in (start.get("set") or {}).items()}
    try:
        rules = load(ruleset or log_ruleset(log), sets, start["players"], include)
        rules.ref = start["ref"]            # the log stays about the game it recorded, whoever names the rules
    except RuleplayError as exc:
        unplaced = [e for e in exc.errors if e.mark is None]     # about the options or players, i.e. the log's
        if unplaced:
            log.fail(0, ("set",) if sets else ("players",), unplaced[0].message, unplaced[0].hint)
        raise
    deal = None
    if start.get("explicit_deal"):
        i = next((k for k, e in enumerate(log) if e["event"] == "deal"), None)
        if i is None:
            log.fail(0, ("explicit_deal",), "the game had an explicit deal, but the log has no 'deal' event")

        def fail(message: str, where: tuple = (), hint: str | None = None, value: bool = True) -> NoReturn:
            log.fail(i, where, message, hint)
        d = log[i]
        deal = check_deal_data({k: d[k] for k in ("hands", "rest", "dealer") if k in d}, fail, rules.players)
        check_deal(deal, rules, fail)
        deal.slaps = [{"time": 100, "fingers": 1, **sl} for sl in start["slaps"]] if "slaps" in start else None
    return Setup(rules, start["seed"], deal, list(start.get("bots") or []) or None, start.get("profiles"),
                 start.get("max_actions", 1_000_000), tuple(start.get("ask_turns") or ()), start.get("chance") is True)


class _PastTheLog(Exception):
    """The replayed game wrote more events than the log holds."""


class _UpTo(list):
    """A replay's events, stopped at the first one past the log's length: a game that asks nobody would
    otherwise play on inside the engine to the log's `max_actions` (up to 10^12), keeping every event.
    `counts`: which events count (a format 1 log holds no decisions)."""

    def __init__(self, limit: int, counts: Callable[[dict], bool]):
        super().__init__()
        self.limit, self.counts, self.seen = limit, counts, 0

    def append(self, ev: dict) -> None:
        super().append(ev)
        self.seen += self.counts(ev)
        if self.seen > self.limit:
            raise _PastTheLog

    def extend(self, evs) -> None:
        for ev in evs:
            self.append(ev)


def _bounded(logged: Log, counts: Callable[[dict], bool] = lambda ev: True) -> tuple[Callable[[], _UpTo], list]:
    """A log factory for the engine, and a list holding the newest list it made."""
    made: list[_UpTo] = []

    def make() -> _UpTo:
        made[:] = [_UpTo(sum(map(counts, logged)), counts)]
        return made[0]
    return make, made


def _as_format_2(events: list[dict]) -> list[dict]:
    """A replay's events as a format 2 log holds them: without the choices the rules made (`forced`)."""
    out = [ev for ev in events if "forced" not in ev]
    if out and out[0].get("event") == "start":
        out[0] = {**out[0], "format": 2}
    return out


def _past_the_log(logged: Log, events: list[dict], unfinished: bool) -> ReplayReport:
    """The report when the replay wrote one event more than the log: an unfinished log compares its part."""
    if log_format(logged) == 2:
        events = _as_format_2(events)
    report = compare(logged, events[:len(logged)] if unfinished else events)
    report.unfinished = unfinished
    if not unfinished and report.index == len(logged):
        report.note = (f"the replay stopped at the first event past the log's end (line {logged.lines[-1]}): the "
                       "game goes on where the log says it ended")
    return report


def replay(logged: Log, ruleset: str | None = None, include: tuple[str, ...] = ()) -> ReplayReport:
    game = setup(logged, ruleset, include)
    if log_format(logged) < 2:
        return _replay_format_1(logged, game)
    unfinished = not any(ev["event"] == "end" for ev in logged)      # a game quit in `play`, or cut short
    from ruleplay.engine.state import Game
    g = Game(game.rules)
    older = log_format(logged) == 2          # written before forced choices were logged: compared without them
    make, made = _bounded(logged, (lambda ev: "forced" not in ev) if older else (lambda ev: True))
    shape = _as_format_2 if older else (lambda events: events)
    try:
        state = g.new_initial_state(game.seed, game.deal, profiles=game.profiles, seat_kinds=game.bots,
                                    max_actions=game.max_actions, log=make, ask_turns=game.ask_turns,
                                    chance=game.chance)
        feed = Feed(logged, g.space, complete=not unfinished)
        while not state.is_terminal():
            a = feed.answer(state.decision())
            if a is None:                                   # the log stops here: so does the replay
                break
            state.apply_action(a)
    except _PastTheLog:
        return _past_the_log(logged, made[0], unfinished)
    if not unfinished:
        return compare(logged, shape(state.events()))
    report = compare(logged, shape(state.saved_events())[:len(logged)])
    report.unfinished = True
    return report


def _replay_format_1(logged: Log, game: "Setup") -> ReplayReport:
    """A log from before decisions were logged: its bots may still play the same game (the decisions and
    the format are then the only new events); a person's seat, or a game that now differs, cannot."""
    older = f"{logged.path}: written by an older ruleplay (format 1), before decisions were logged"
    if game.bots and "human" in game.bots:
        raise GameError(f"{older}; a person's choices in it cannot be replayed by this version "
                        "(replay it with the ruleplay that wrote it)")
    make, made = _bounded(logged, lambda ev: ev["event"] != "decision")
    try:
        events, past = play(game.rules, game.seed, game.deal, game.max_actions, log=make, bots=game.bots,
                            profiles=game.profiles).events, False
    except _PastTheLog:
        events, past = made[0], True
    again = [e for e in events if e["event"] != "decision"]
    again[0] = {k: v for k, v in again[0].items() if k != "format"}
    report = _past_the_log(logged, again, False) if past else compare(logged, again)
    if not report.same:
        report.note = f"{older}; its bots no longer play the same game (slaps now draw from each bot's own " \
                      "random stream): regenerate the log with this version"
    return report


def compare(logged: list[dict], events: list[dict]) -> ReplayReport:
    """The first event that differs, after the same JSON round trip the log went through."""
    again = json.loads(json.dumps(events))
    for i, (a, b) in enumerate(zip(logged, again)):
        if a != b:
            return ReplayReport(False, len(logged), i, a, b)
    if len(logged) != len(again):
        i = min(len(logged), len(again))
        return ReplayReport(False, len(logged), i, logged[i] if i < len(logged) else None,
                            again[i] if i < len(again) else None)
    return ReplayReport(True, len(logged))

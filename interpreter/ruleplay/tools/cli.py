"""The `ruleplay` command line: run, validate, list, explain, schema, diff, replay, play, new, sim, compare, analyze, serve."""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys

from ruleplay import __version__
from ruleplay.tools.account import count, write_account, write_result
from ruleplay.agents import parse_bots
from ruleplay.engine.run import DEFAULT_MAX_ACTIONS
from ruleplay.errors import MAX_SHOWN, GameError, RuleError, RuleplayError, TerminalText, printable
from ruleplay.pipeline import load, load_resolved, other_counts
from ruleplay.lang.resolve import parse_set
from ruleplay.resources import builtin_names, data_dir
from ruleplay.tools.logs.spool import EventSpool


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="ruleplay", description="Card games and house rules as data.")
    p.add_argument("--version", action="version", version=f"ruleplay {__version__}")
    sub = p.add_subparsers(dest="cmd", required=True, metavar="COMMAND")

    def ruleset_args(sp, players=True):
        sp.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="set a house-rule option (repeatable)")
        if players:
            sp.add_argument("--players", type=int, help="number of players (within the ruleset's range)")
        sp.add_argument("--include", action="append", default=[], metavar="DIR",
                        help="a directory whose rule files `extends` may also read (repeatable)")

    r = sub.add_parser("run", help="play one game with bots and tell what happened")
    r.add_argument("ruleset", help="a built-in name or a path to a .yaml file")
    r.add_argument("--seed", type=int, default=0)
    ruleset_args(r)
    r.add_argument("--bots", default="random", help="random|lowest|highest|smart|ismcts[:N], or one per seat: ismcts:100,smart,smart,smart (default: random)")
    r.add_argument("--deal", metavar="FILE", help="play this explicit deal (YAML or JSON)")
    r.add_argument("--json", action="store_true", help="print one JSON object with the result")
    r.add_argument("--log", metavar="FILE", help="write the events as JSON lines")
    r.add_argument("--max-actions", type=int, default=DEFAULT_MAX_ACTIONS)
    r.add_argument("-q", "--quiet", action="store_true", help="print only the result")
    r.add_argument("-v", "--verbose", action="store_true", help="print every event, and on stderr why the game "
                   "was interpreted rather than run as generated code, when it was")
    r.add_argument("--interpret", action="store_true", help="run on the interpreter (the reference), never "
                   "on generated code")
    c = sub.add_parser("compile", help="print the Python source generated for a ruleset (or why there is none)")
    c.add_argument("ruleset", help="a built-in name or a path to a .yaml file")
    ruleset_args(c)

    v = sub.add_parser("validate", help="check rule files; exit 0 when all are valid, 1 otherwise")
    v.add_argument("files", nargs="+")
    ruleset_args(v)

    rp = sub.add_parser("replay", help="play a logged game again and check it matches, event for event")
    rp.add_argument("log", help="a JSONL log written by run --log")
    rp.add_argument("--ruleset", metavar="FILE", help="the rules to replay with (else the log's own, if it "
                    "is a built-in or a file in the log's directory)")
    rp.add_argument("--include", action="append", default=[], metavar="DIR",
                    help="a directory whose rule files `extends` may also read (repeatable)")

    sub.add_parser("list", help="the built-in rulesets: names, player counts, what each is")

    e = sub.add_parser("explain", help="a rule sheet generated from the data")
    e.add_argument("ruleset")
    e.add_argument("--format", choices=("text", "md", "html"), default="text",
                   help="text for the terminal, md (Markdown) or html for sharing")
    ruleset_args(e)

    sub.add_parser("schema", help="print the JSON Schema of a ruleset")

    tl = sub.add_parser("tensor-layout", help="the learning adapters' tensors of a ruleset: each segment's "
                        "offset, size and meaning (docs/agents.md)")
    tl.add_argument("ruleset")
    ruleset_args(tl)

    from ruleplay.tools.play.terminal import add_parser as add_play
    from ruleplay.tools.starter import add_parser as add_new
    add_play(sub)
    add_new(sub)

    d = sub.add_parser("diff", help="the rules that differ between two rulesets, in the rule sheet's words (after extends and options)")
    d.add_argument("a")
    d.add_argument("b")
    ruleset_args(d)

    sv = sub.add_parser("serve", help="play and edit rule files in the browser (pip install 'ruleplay[web]')")
    sv.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: this machine only)")
    sv.add_argument("--port", type=int, default=8000)
    sv.add_argument("--data", metavar="DIR", help="where live games are stored, to survive a restart "
                    "(default: $XDG_DATA_HOME/ruleplay, else ~/.local/share/ruleplay)")

    from ruleplay.tools.sim import add_arguments
    add_arguments(sub.add_parser("sim", help="play many seeded games and report outcomes, lengths, win rates"),
                  compare=False)
    add_arguments(sub.add_parser("compare", help="the same seeds under two or more rule variants, side by side"),
                  compare=True)
    from ruleplay.tools.analysis.command import add_parser as add_analyze
    add_analyze(sub)
    return p


def _err(errors: list[RuleError]) -> int:
    for e in errors[:MAX_SHOWN]:
        print(e.format(), file=sys.stderr)
    if len(errors) > MAX_SHOWN:
        print(f"... and {len(errors) - MAX_SHOWN:,} more errors ({len(errors):,} in all); fix the first ones and "
              "validate again", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    with _terminated_as_exit():
        try:
            rc = _dispatch(args)
            sys.stdout.flush()        # here, so that a reader gone away is seen below and not at exit
            return rc
        except RuleplayError as exc:
            return _err(exc.errors)
        except (GameError, ValueError) as exc:
            from ruleplay.tools.logs.replay import LogError
            print(exc if isinstance(exc, LogError) else f"error: {exc}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            return 130
        except BrokenPipeError:
            return _stdout_closed()
        except OSError as exc:
            print(f"error: {exc.filename + ': ' if exc.filename else ''}{exc.strerror or exc}", file=sys.stderr)
            return 1
        except Exception as exc:  # a bug of ours, not the user's: say so briefly (RULEPLAY_DEBUG=1 shows the trace)
            if os.environ.get("RULEPLAY_DEBUG"):
                raise
            print(f"internal error: {type(exc).__name__}: {exc} (please report it; RULEPLAY_DEBUG=1 shows details)",
                  file=sys.stderr)
            return 2


class Terminated(BaseException):
    """SIGTERM, raised in the main thread so that `with` blocks (a process pool) clean up on the way out."""


@contextlib.contextmanager
def _terminated_as_exit():
    """SIGTERM ends the command like Ctrl-C does, quietly, with the shell's code for it (143)."""
    def ring(signum, frame):
        raise Terminated()
    try:
        old = signal.signal(signal.SIGTERM, ring)
    except ValueError:            # not the main thread (an embedding program): leave signals alone
        yield
        return
    try:
        yield
    except Terminated:
        sys.exit(128 + signal.SIGTERM)
    finally:
        signal.signal(signal.SIGTERM, old)


def _stdout_closed() -> int:
    """The reader of our output went away (`| head -1`): stop quietly, as CLI tools do (exit 141, SIGPIPE's)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())     # the interpreter's final flush then goes nowhere, silently
    except (OSError, ValueError, AttributeError):
        pass
    return 128 + signal.SIGPIPE


def _dispatch(args) -> int:
    cmd = args.cmd
    if cmd == "list":
        from ruleplay.tools.listing import write_list
        write_list({name: load_resolved(name) for name in builtin_names()}, TerminalText(sys.stdout))
        return 0
    if cmd == "schema":
        print((data_dir("schema") / "ruleset.schema.json").read_text(encoding="utf-8"), end="")
        return 0
    sets = parse_set(getattr(args, "set", []))
    if cmd == "validate":
        bad = 0
        for f in args.files:
            try:
                rules = load(f, sets, args.players, tuple(args.include))
                others = [] if args.players is not None or "players" in sets else \
                    other_counts(rules, lambda n: load(f, sets, n, tuple(args.include)))
                if others:
                    raise RuleplayError(others)
                for note in rules.notes:
                    print(note.format())
                seats = f"{rules.players} player" + ("s" if rules.players != 1 else "")
                print(printable(f"{f}: OK ({rules.title}, {seats}, {len(rules.deck)} cards)"))
            except RuleplayError as exc:
                bad += 1
                _err(exc.errors)
        return 1 if bad else 0
    if cmd == "explain":
        from ruleplay.tools.explain.sheet import sheet_text
        from ruleplay.tools.explain.sheetformat import render
        text = sheet_text(load(args.ruleset, sets, args.players, tuple(args.include)))
        TerminalText(sys.stdout).write(render(text, args.format))
        return 0
    if cmd == "tensor-layout":
        from ruleplay.adapters.tensors import Layout
        from ruleplay.engine.state import Game
        rules = load(args.ruleset, sets, args.players, tuple(args.include))
        game = Game(rules)
        seen, recall = Layout(game, perfect_recall=False), Layout(game, perfect_recall=True)
        print(printable(f"{rules.title}, {rules.players} players, {len(rules.deck)} cards: the observation tensor "
                        f"is {seen.size} floats (the segments down to {seen.segments[-1].name}), the "
                        f"information-state tensor {recall.size} (all of them)"))
        print(recall.describe())
        return 0
    if cmd == "diff":
        from ruleplay.tools.explain.sheet import shown_file
        from ruleplay.tools.explain.sheetdiff import write_diff
        inc = tuple(args.include)
        specs = [load_resolved(f, {}, inc).doc.data.get("options") or {} for f in (args.a, args.b)]
        unknown = [k for k in sets if k != "players" and not any(k in sp for sp in specs)]
        if unknown:          # an option neither side has: the usual placed error, from the first file
            load(args.a, sets, args.players, inc)
        sides = [load(f, {k: v for k, v in sets.items() if k in sp or k == "players"}, args.players, inc)
                 for f, sp in zip((args.a, args.b), specs)]   # each side takes the options it has (and players)
        write_diff(*sides, TerminalText(sys.stdout), (shown_file(args.a), shown_file(args.b)))
        return 0
    if cmd == "run":
        return _run(args, sets)
    if cmd == "play":
        from ruleplay.tools.play.terminal import run_play
        return run_play(args, sets)
    if cmd == "new":
        from ruleplay.tools.starter import run_new
        return run_new(args)
    if cmd == "replay":
        from ruleplay.tools.logs.replay import read_log, replay
        report = replay(read_log(args.log), args.ruleset, tuple(args.include))
        if report.same and report.unfinished:
            print(f"{args.log}: an unfinished game; its {report.events} events replay identically "
                  f"(ruleplay play --resume {args.log} continues it if a person played it).")
            return 0
        if report.same:
            print(f"{args.log}: the game replays identically ({report.events} events).")
            return 0
        print(f"{args.log}: the replay differs at event {report.index + 1} of {report.events}:\n"
              f"  logged:   {json.dumps(report.logged)}\n  replayed: {json.dumps(report.replayed)}")
        if report.note:
            print(report.note)
        return 1
    if cmd == "serve":
        return _serve(args)
    if cmd == "compile":
        from ruleplay.codegen.show import show
        print(show(load(args.ruleset, sets, args.players, tuple(args.include))), end="")
        return 0
    if cmd == "analyze":
        from ruleplay.tools.analysis.command import cmd_analyze
        return cmd_analyze(args, sets)
    if cmd in ("sim", "compare"):
        from ruleplay.tools import sim
        return sim.cmd_sim(args, sets) if cmd == "sim" else sim.cmd_compare(args, sets)
    raise AssertionError(cmd)


def _run(args, sets) -> int:
    rules = load(args.ruleset, sets, args.players, tuple(args.include))
    bots, profiles = parse_bots(args.bots, rules.players)
    deal = None
    if args.deal:
        from ruleplay.tools.logs.dealfile import read_deal
        deal = read_deal(args.deal, rules)
    if args.max_actions < 1:
        raise GameError("--max-actions must be at least 1")
    log_file = None
    if args.log:
        try:
            log_file = open(args.log, "w", encoding="utf-8")   # before the game: a bad path fails fast
        except OSError as exc:
            raise GameError(f"--log {args.log}: cannot write: {exc.strerror}") from None
    # -q without --log or --json needs no event list; else the events spill to a temporary file, so memory
    # stays flat however long the game
    keep = EventSpool if args.log or args.json or not args.quiet else False
    why: list[str] = []
    notes: list[str] = []
    try:
        from ruleplay.codegen import play
        result = play(rules, args.seed, deal, args.max_actions, log=keep, bots=bots, profiles=profiles,
                      interpret_only=args.interpret, why=why, notes=notes)
    except (KeyboardInterrupt, Exception) as stop:   # Ctrl-C, a rule's runtime error or an internal one: the
        played = getattr(stop, "events", None) or []   # log keeps the events played so far (valid JSON lines)
        why = "the interrupt" if isinstance(stop, KeyboardInterrupt) else "the error"
        if log_file is not None:
            written = _write_log(log_file, played)
            print(f"{args.log}: {written} events written before {why}", file=sys.stderr)
        if played and not args.quiet and not args.json:     # the account so far, to see what led to it
            write_account(played, TerminalText(sys.stdout), args.verbose, rules.seat_valued,
                          rules.quiet_values)
            print(f"The game stopped here, at {why} below.")
        raise
    if log_file is not None:
        _write_log(log_file, result.events)
    if args.verbose:
        for reason in why:
            print(f"note: interpreted, not generated: {reason}", file=sys.stderr)
    for note in notes:                       # a search bot that played some decisions as smart says so, always
        print(f"note: {note}", file=sys.stderr)
    if args.json:
        out = result.to_json()
        out["bots"] = bots
        out.update(_trick_summary(result.events, [r.name for r in rules.scoring.rules if r.name]
                                  if rules.scoring else []))
        print(json.dumps(out))
    elif args.quiet:
        write_result({"outcome": result.outcome, "winners": result.winners, "reason": result.reason,
                      "losers": result.losers}, TerminalText(sys.stdout))
    else:
        write_account(result.events, TerminalText(sys.stdout), args.verbose, rules.seat_valued,
                      rules.quiet_values)
        said = [f"{count(result.cards_played, 'card')} played" if result.cards_played else "",
                f"{count(result.pile_takes, 'pile')} taken" if result.pile_takes else "",
                count(result.tricks, 'trick') if result.tricks else "", count(result.actions, 'action')]
        print(", ".join(x for x in said if x) + ".")          # what the game did (no '0 piles taken' in a game without piles)
        if result.cycle:
            c = result.cycle
            print(f"Cycle: the table repeats every {c['length']} rounds from round {c['start']}.")
    return 0


def _serve(args) -> int:
    try:
        import uvicorn
        from ruleplay.tools.web.app import durable_app
    except ImportError as exc:
        raise GameError(f"ruleplay serve needs the web extra ({exc.name} is not installed): "
                        "pip install 'ruleplay[web]'") from None
    if not 0 < args.port < 65536:
        raise GameError(f"--port {args.port}: a port is 1 to 65535")
    app, where = durable_app(args.data)
    print(f"ruleplay serve: http://{args.host}:{args.port}/  (Ctrl-C stops; games are kept in {where})")
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def _write_log(fh, events) -> int:
    """The events as JSON lines; the file is closed after. The number written."""
    n = 0
    with fh:
        for ev in events:
            fh.write(json.dumps(ev) + "\n")
            n += 1
    return n


def _trick_summary(events: list[dict], names: list[str]) -> dict:
    """From the events: tricks won per seat per hand, and per named scoring rule the seats it named per hand."""
    out: dict = {}
    scores = [ev for ev in events if ev["event"] == "score"]
    if any(ev["event"] == "trick" for ev in events):
        out["tricks_won"] = [ev.get("tricks_won") for ev in scores]
    for name in names:
        out[name] = [ev.get("who") if ev.get("rule") == name else [] for ev in scores]
    return out


if __name__ == "__main__":
    sys.exit(main())

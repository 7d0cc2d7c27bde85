"""`ruleplay analyze SIDE [SIDE...]`: the runs behind the report, and the command line.

Per side, on the same seeds: the main run (`-n` games with `--bots`, random by default: CardStock's
fairness is measured with random players), the traced run (the first `--shape-games` of those games played
decision by decision for the shape measures), and the skill ladder (each rung's bot alone against
`random`, in every seat; the ismcts rung plays `--ismcts-games` games, it is far slower). Every run goes
through sim.simulate: the same seeds, job pool or Ray, and results that do not depend on `--jobs`.
"""
from __future__ import annotations

import sys
import time

from ruleplay.errors import GameError
from ruleplay.tools import sim
from ruleplay.tools.analysis.ladder import Rung, per_seat, rung_report, seat_specs
from ruleplay.tools.analysis.seats import seat_batch
from ruleplay.tools.analysis.shape import shape_batch

DEFAULT_LADDER = "lowest,highest,smart,ismcts"
DEFAULT_SHAPE_GAMES = 300
DEFAULT_ISMCTS_GAMES = 20
DEFAULT_LADDER_GAMES = 1000     # per rung, at most: CardStock's order came from 100 games


def add_parser(sub) -> None:
    sp = sub.add_parser("analyze", help="what a rule change does: points, fairness, skill, shape of play, pictures")
    sim.add_arguments(sp, compare=True, outputs=False)
    sp.add_argument("--ladder", default=DEFAULT_LADDER, metavar="KINDS",
                    help=f"the bots of the skill ladder, each alone against random (default {DEFAULT_LADDER}; "
                         "'none' for no ladder; ismcts:N sets its iterations)")
    sp.add_argument("--ladder-games", type=int, default=None, metavar="N",
                    help=f"games per rung (default: -n, at most {DEFAULT_LADDER_GAMES}), spread over the seats")
    sp.add_argument("--ismcts-games", type=int, default=DEFAULT_ISMCTS_GAMES, metavar="N",
                    help=f"games of the ismcts rung (default {DEFAULT_ISMCTS_GAMES}: it is slow)")
    sp.add_argument("--shape-games", type=int, default=DEFAULT_SHAPE_GAMES, metavar="N",
                    help=f"games traced decision by decision for the shape of play (default {DEFAULT_SHAPE_GAMES}, "
                         "at most -n)")
    g = sp.add_mutually_exclusive_group()
    g.add_argument("--json", action="store_true", help="print the report as one JSON object")
    g.add_argument("--md", metavar="FILE", help="write the report as Markdown, its pictures as SVG files beside it")
    g.add_argument("--html", metavar="FILE", help="write the report as one self-contained HTML page")


def rungs(text: str, games: int, ismcts_games: int) -> list[Rung]:
    """The ladder's rungs from a comma list of bot kinds (checked like --bots)."""
    from ruleplay.agents import parse_bots
    if text.strip() in ("", "none"):
        return []
    kinds, _ = parse_bots(text, len(text.split(",")))
    return [Rung(k, "random", ismcts_games if k.startswith("ismcts") else games) for k in kinds]


def run_sides(specs: list[sim.Spec], args, ladder: list[Rung], shape_games: int) -> list[dict]:
    """Every run of every side over one pool (sim.simulate_many): per side the main aggregate (with
    positions), the traced shape and the ladder's rungs (one task per seat of the stronger bot)."""
    tasks: list[sim.Task] = []
    plan = []
    for spec in specs:
        players = sim._rules(spec).players
        first = len(tasks)
        tasks += [sim.Task(spec, args.games, seat_batch), sim.Task(spec, shape_games, shape_batch)]
        for rung in ladder:
            tasks += [sim.Task(s, per_seat(rung, players)) for s in seat_specs(spec, rung, players)]
        plan.append((first, players))
    show = not args.quiet and sys.stderr.isatty()
    with sim.Progress(sum(t.games for t in tasks), "analyze", show) as bar:
        aggs = sim.simulate_many(tasks, args.seed, args.jobs, args.backend, args.ray_address, bar)
    if aggs and aggs[0].interrupted:
        raise KeyboardInterrupt
    runs = []
    for first, players in plan:
        skill = [rung_report(rung, aggs[first + 2 + i * players: first + 2 + (i + 1) * players])
                 for i, rung in enumerate(ladder)]
        runs.append({"main": aggs[first], "shape": aggs[first + 1], "skill": skill})
    return runs


def cmd_analyze(args, sets: dict) -> int:
    import json
    from ruleplay.tools.analysis import report as R
    sim._check_jobs_arg(args)
    if args.games < 1:
        raise GameError("the number of games (-n) must be at least 1")
    if args.shape_games < 1 or args.ismcts_games < 1 or (args.ladder_games is not None and args.ladder_games < 1):
        raise GameError("--shape-games, --ladder-games and --ismcts-games at least 1")
    ladder = rungs(args.ladder, args.ladder_games or min(args.games, DEFAULT_LADDER_GAMES), args.ismcts_games)
    shape_games = min(args.shape_games, args.games)
    specs, names = [], []
    for side in args.sides:
        ref, own = sim.parse_side(side)
        specs.append(sim._spec(ref, sets | own, args, side))
        names.append(side)
    t0 = time.perf_counter()
    runs = run_sides(specs, args, ladder, shape_games)
    secs = time.perf_counter() - t0
    rules = [sim._rules(s) for s in specs]
    meta = {"games": args.games, "seed": args.seed, "bots": list(specs[0].bots), "shape_games": shape_games,
            "ladder": [{"bot": r.bot, "against": r.against, "games": per_seat(r, rules[0].players) * rules[0].players}
                       for r in ladder],
            "jobs": sim._jobs_text(args), "seconds": secs}
    rep = R.build(names, rules, runs, meta)
    if args.json:
        print(json.dumps(rep))
    elif args.md:
        R.write_markdown(rep, args.md)
        print(f"wrote {args.md} and its pictures", file=sys.stderr)
    elif args.html:
        R.write_html(rep, args.html)
        print(f"wrote {args.html}", file=sys.stderr)
    else:
        R.write_terminal(rep, sys.stdout)
    return 0

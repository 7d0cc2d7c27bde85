"""Agents: who answers a decision. The engine never imports this package; drivers hand it agents.

`parse_bots` reads a `--bots` list, `make_bots` makes one agent per seat, `play` runs a game to the end
with named bots (the fast path of `run` and `sim`: the bots answer inside the phases), `bot_action`
asks a bot for its action at a `State`.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from ruleplay.agents.bots import Bot
from ruleplay.agents.ismcts import DEFAULT_ITERATIONS, ISMCTSBot
from ruleplay.compiler.model import Rules
from ruleplay.engine.results import Result
from ruleplay.engine.run import DEFAULT_MAX_ACTIONS, Deal
from ruleplay.engine.state import Game, State

BOT_KINDS = ("random", "lowest", "highest", "smart", "ismcts")


def parse_bots(spec: str | None, players: int) -> tuple[list[str], list[str | None]]:
    """'random' for every seat, or a comma list with one per seat; each KIND or KIND:PROFILE.

    PROFILE names a reaction profile of the ruleset (how fast and how carefully
    the bot slaps); without one the ruleset's default profile is used. `ismcts`
    takes its iterations per decision first: `ismcts:200`, `ismcts:200:sharp`;
    its kind stays `ismcts:200` (make_bots reads the number), and `ismcts` alone is `ismcts:20`, the same bot.
    """
    items = (spec or "random").split(",")
    if len(items) == 1:
        items = items * players
    if len(items) != players:
        raise ValueError(f"--bots lists {len(items)} bots for {players} players")
    kinds: list[str] = []
    profiles: list[str | None] = []
    for item in items:
        k, _, prof = item.partition(":")
        if k not in BOT_KINDS:
            raise ValueError(f"unknown bot '{k}'; bots: {', '.join(BOT_KINDS)}")
        if k == "ismcts":                   # its iterations always in its kind: `ismcts` plays as `ismcts:20`
            n = str(DEFAULT_ITERATIONS)
            if prof.partition(":")[0].isdigit():
                n, _, prof = prof.partition(":")
            if not 1 <= int(n) <= 100_000:
                raise ValueError(f"ismcts:{n}: the iterations per decision are 1 to 100000")
            k = f"ismcts:{int(n)}"
        kinds.append(k)
        profiles.append(prof or None)
    return kinds, profiles


def make_bots(kinds: list, seed: int) -> list[Bot | None]:
    """One bot per seat from its kind, seeded from the game seed and the seat (its own random stream,
    never the table's); None stays None (a seat answered outside); a Bot object is used as it is."""
    return [k if k is None or isinstance(k, Bot) else _bot(k, f"{seed}:{i}:{k}")
            for i, k in enumerate(kinds)]


def _bot(kind: str, seed: str) -> Bot:
    if not is_kind(kind):                    # (a kind mistyped would otherwise play as `random`)
        raise ValueError(f"unknown bot '{kind}'; bots: {', '.join(BOT_KINDS)}")
    if kind.startswith("ismcts"):
        n = kind.partition(":")[2]
        return ISMCTSBot(random.Random(seed), int(n) if n else None, kind)
    return Bot(kind, seed)


def is_kind(kind) -> bool:
    """A bot kind as parse_bots gives it (a log's `bots`): a name of BOT_KINDS, or ismcts:N."""
    if not isinstance(kind, str):
        return False
    k, _, n = kind.partition(":")
    return k in BOT_KINDS and (not n or k == "ismcts" and n.isdigit() and 1 <= int(n) <= 100_000)


def play(rules: Rules, seed: int = 0, deal: Deal | None = None, max_actions: int = DEFAULT_MAX_ACTIONS,
         log: bool | Callable[[], Any] = True, check: bool = False, bots: list[str] | str | None = None,
         profiles: list[str | None] | None = None, stepped: bool = False, notes: list[str] | None = None) -> Result:
    """One game with bots. The bots answer inline (the fast path); `stepped=True` asks them from outside,
    decision by decision, through the same rule code (a test checks both give the same events).
    `log`: keep the events in a list (True), in a sink `log()` makes (e.g. spool.EventSpool), or not.
    `notes`: a list the bots' own notes are added to ("seat 1: ismcts searched ..."), for `run -v`."""
    if isinstance(bots, str):                # "smart" for every seat, or "ismcts:30,smart" (as --bots says it)
        bots, named = parse_bots(bots, rules.players)
        profiles = profiles if profiles is not None else named
    kinds = list(bots or ["random"] * rules.players)
    game = Game(rules)
    made: list[list] = []

    def inline() -> list:
        made.append(make_bots(kinds, seed))
        return made[-1]
    if not stepped:
        result = game.new_initial_state(seed, deal, inline=inline, max_actions=max_actions,
                                        log=log, check=check, profiles=profiles).result()
    else:
        state = game.new_initial_state(seed, deal, max_actions=max_actions, log=log, check=check,
                                       profiles=profiles, seat_kinds=kinds)
        made.append(make_bots(kinds, seed))
        while (d := state.decision()) is not None:
            state.apply_action(made[-1][d.seat].act(d, game.space))
        result = state.result()
    if notes is not None and made:
        for seat, bot in enumerate(made[-1]):
            said = getattr(bot, "note", None)
            text = said() if said is not None else None
            if text:
                notes.append(f"seat {seat}: {text}")
    return result


def bot_action(state: State, bot: Bot) -> int:
    """The action a ruleplay bot takes at the state's decision, from the decision's view only."""
    d = state.decision()
    if d is None:
        raise ValueError("the game is over")
    return bot.act(d, state.game.space)

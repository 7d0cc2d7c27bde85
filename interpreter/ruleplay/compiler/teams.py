"""Partnerships: a top-level `teams:` declaration and the seat fields it defines.

`teams: [[0, 2], [1, 3]]` lists the seats of each team; `teams: {alternate: K}`
puts seat i in team i % K (partners opposite each other at a table of four);
`teams: {alternate: K, players: [4, 6]}` plays in partnerships with those
numbers of players only, each player a team of one with any other (Escoba:
three each for themselves, four in two partnerships).
Every seat is in exactly one team. Expressions then read `s.team` (the team's
number, 0-based, in the order listed), `s.team-seats` (the seats of s's team,
for aggregates such as `sum(x.tricks for x in s.team-seats)`) and, when every
team has two seats, `s.partner` and `partner` (the actor's partner). A team's
result is written with these fields: a seat scoring its team's result gives
both partners the same score, so `winners: {highest: s.score}` names them both.
"""
from __future__ import annotations

from typing import Callable

from ruleplay.lang import expr as X


def compile_teams(ctx) -> list[list[int]] | None:
    """The teams as lists of seats, or None when the ruleset declares none; errors go to ctx."""
    raw = ctx.get(("teams",))
    if raw is None:
        return None
    n = ctx.players
    if isinstance(raw, dict):
        k = raw["alternate"]
        if "players" in raw and n not in raw["players"]:      # no partnerships with this many: each alone
            return [[s] for s in range(n)]
        if n % k:
            ctx.error(("teams", "alternate"), f"{k} teams cannot share {n} players evenly",
                      f"alternate: {k} puts seat i in team i % {k}; list the teams for uneven ones, or name the "
                      f"numbers of players that play in partnerships (players: [{k * 2}]): the others play alone",
                      value=True)
            return None
        return [[s for s in range(n) if s % k == t] for t in range(k)]
    errors = len(ctx.errors)
    team_of: dict[int, int] = {}
    for i, team in enumerate(raw):
        for j, seat in enumerate(team):
            if seat >= n:
                ctx.error(("teams", i, j), f"seat {seat} does not exist with {n} players",
                          f"seats are numbered 0 to {n - 1}", value=True)
            elif seat in team_of:
                ctx.error(("teams", i, j), f"seat {seat} is already in team {team_of[seat]}",
                          "every seat is in exactly one team", value=True)
            else:
                team_of[seat] = i
    missing = [s for s in range(n) if s not in team_of]
    if missing:
        ctx.error(("teams",), f"seat{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))} "
                  f"{'are' if len(missing) > 1 else 'is'} in no team", "every seat is in exactly one team")
    return [list(t) for t in raw] if len(ctx.errors) == errors else None


def partners(teams: list[list[int]] | None, n: int) -> list[int] | None:
    """Each seat's partner when every team has two seats, else None."""
    if not teams or any(len(t) != 2 for t in teams):
        return None
    out = [0] * n
    for a, b in teams:
        out[a], out[b] = b, a
    return out


def _by_seat(table: list) -> Callable:
    return lambda f: lambda e: None if (x := f(e)) is None else table[x]


def add_team_names(ctx, seat_fields: dict, names: dict) -> None:
    """Adds the teams' seat fields and names to a scope being built; a zone or option of the same name is
    an error at the user's key (it would otherwise be shadowed without a word)."""
    fields, tnames = team_fields(ctx.teams, ctx.players)
    for k in fields:
        if k in seat_fields:
            ctx.error(("zones", k), f"zone '{k}' has the same name as the seat field s.{k} that teams define",
                      "rename the zone")
    for k in tnames:
        if k in names:
            where = "options" if k in ctx.options else "zones"
            ctx.error((where, k), f"{where[:-1]} '{k}' has the same name as the actor's partner, a name "
                      "teams of two define", f"rename the {where[:-1]}")
    seat_fields.update(fields)
    names.update(tnames)


def team_fields(teams: list[list[int]], n: int) -> tuple[dict[str, tuple[str, Callable]], dict[str, X.Binding]]:
    """Seat fields (team, team-seats, partner) and names (partner) of declared teams."""
    team_of = [0] * n
    for i, team in enumerate(teams):
        for s in team:
            team_of[s] = i
    seats_of = [list(teams[team_of[s]]) for s in range(n)]
    fields = {"team": (X.INT, _by_seat(team_of)), "team-seats": (X.SEATS, _by_seat(seats_of))}
    names: dict[str, X.Binding] = {}
    mate = partners(teams, n)
    if mate is not None:
        fields["partner"] = (X.SEAT, _by_seat(mate))
        names["partner"] = X.Binding(X.SEAT, lambda e: mate[e.actor])
    return fields, names

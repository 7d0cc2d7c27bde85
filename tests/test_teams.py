"""Teams and counters: placed errors for bad team lists, the values of s.team / s.team-seats /
s.partner / partner on a hand-made table, team results, counters carried from hand to hand, and the
smart bot's partner rule. Every expected value is worked out by hand in the comment next to it."""
from __future__ import annotations

import pytest

from ruleplay.agents.bots import smart_card
from ruleplay.tools.cli import main
from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.errors import RuleplayError
from ruleplay.kinds.trick import TrickView
from ruleplay.pipeline import load

from conftest import ev

# A one-trick game: four seats, one card each from a four-card deck. The tally runs first (with the
# actor = the dealer's left), so its event shows what each expression gives for every seat s.
PROBE = """\
name: probe
description: what the team expressions give
players: {players}
teams: {teams}
deck: {{ranks: [2, 3, 4, 5, 6, 7], suits: [C]}}
zones:
  hand: {{owner: seat, visibility: owner}}
  trick: {{owner: table, visibility: public}}
  taken: {{owner: seat, visibility: public}}
  stock: {{owner: table, visibility: hidden}}
deal: {{to: hand, count: 1, rest: stock}}
counters:
{counters}
phases:
  probe:
    kind: tally
    set: {{{sets}}}
  play: {{kind: trick, from: hand, to: trick, won-to: taken}}
"""


def probe(tmp_path, teams: str, sets: dict[str, str], players: int = 4, name: str = "probe.yaml"):
    text = PROBE.format(players=players, teams=teams,
                        counters="\n".join(f"  {k}: {{start: 0}}" for k in sets),
                        sets=", ".join(f'{k}: "{v}"' for k, v in sets.items()))
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def validate(path, capsys) -> tuple[int, str]:
    rc = main(["validate", str(path)])
    return rc, capsys.readouterr().err


# --------------------------------------------------------------------------- bad teams, placed

@pytest.mark.parametrize("teams, where, message", [
    # line 4 is `teams: ...`; columns count from 1
    ("[[0, 2], [1, 2]]", "4:21", "error [teams[1][1]]: seat 2 is already in team 0"),     # the second 2
    ("[[0, 2], [1, 3, 2]]", "4:24", "error [teams[1][2]]: seat 2 is already in team 0"),
    ("[[0, 2], [1]]", "4:1", "error [teams]: seat 3 is in no team"),
    ("[[0], [1]]", "4:1", "error [teams]: seats 2, 3 are in no team"),
    ("[[0, 2], [1, 4], [3]]", "4:21", "error [teams[1][1]]: seat 4 does not exist with 4 players"),
    ("{alternate: 3}", "4:20", "error [teams.alternate]: 3 teams cannot share 4 players evenly"),
])
def test_bad_teams_are_placed_errors(tmp_path, capsys, teams, where, message):
    rc, err = validate(probe(tmp_path, teams, {"t": "s.team"}), capsys)
    assert rc == 1
    assert f"probe.yaml:{where}: {message}\n" in err


def test_alternate_checks_the_players_of_the_run(tmp_path, capsys):
    # 6 seats divide into 2 or 3 alternating teams but not into 4
    path = probe(tmp_path, "{alternate: 4}", {"t": "s.team"}, players=6)
    rc, err = validate(path, capsys)
    assert rc == 1 and "error [teams.alternate]: 4 teams cannot share 6 players evenly" in err


def test_partner_needs_teams_of_two(tmp_path, capsys):
    rc, err = validate(probe(tmp_path, "[[0], [1, 2, 3]]", {"m": "s.partner.index"}), capsys)
    assert rc == 1 and "seat has no field 'partner'" in err


# --------------------------------------------------------------------------- the values, by hand

def tally_of(path, players: int = 4) -> dict[str, list[int]]:
    r = play(load(str(path)), deal=Deal([[c] for c in ["2C", "3C", "4C", "5C", "6C", "7C"][:players]],
                                        dealer=players - 1), check=True, bots=["lowest"] * players)
    return ev(r, "tally")[0]["counters"]


def test_team_expressions_on_partners_opposite(tmp_path):
    path = probe(tmp_path, "[[0, 2], [1, 3]]", {
        "t": "s.team", "m": "s.partner.index", "p": "partner.index",
        "n": "count(x != s for x in s.team-seats)", "sum": "sum(x.index for x in s.team-seats)"})
    got = tally_of(path)
    assert got["t"] == [0, 1, 0, 1]          # the order the teams are listed in
    assert got["m"] == [2, 3, 0, 1]          # opposite seats
    assert got["p"] == [2, 2, 2, 2]          # the actor is seat 0 (the dealer, 3, has seat 0 on its left)
    assert got["n"] == [1, 1, 1, 1]          # one other seat in each team
    assert got["sum"] == [2, 4, 2, 4]        # 0 + 2, 1 + 3


def test_team_expressions_with_alternate_and_uneven_teams(tmp_path):
    # alternate: 3 at six seats: seat i in team i % 3, so the teams are {0, 3}, {1, 4}, {2, 5}
    got = tally_of(probe(tmp_path, "{alternate: 3}", {"t": "s.team", "m": "s.partner.index"}, players=6), 6)
    assert got == {"t": [0, 1, 2, 0, 1, 2], "m": [3, 4, 5, 0, 1, 2]}
    # one seat against three: no partner, but team-seats works
    got = tally_of(probe(tmp_path, "[[1], [0, 2, 3]]", {"t": "s.team", "n": "count(x == x for x in s.team-seats)"},
                         name="uneven.yaml"))
    assert got == {"t": [1, 0, 1, 1], "n": [3, 1, 3, 3]}


def test_partnerships_with_some_numbers_of_players_only(tmp_path, capsys):
    # players: [4]: four play in two alternating partnerships; three each alone (a team of one, its own seat)
    sets = {"t": "s.team", "n": "count(x == x for x in s.team-seats)", "sum": "sum(x.index for x in s.team-seats)"}
    four = probe(tmp_path, "{alternate: 2, players: [4]}", sets)
    assert tally_of(four) == {"t": [0, 1, 0, 1], "n": [2, 2, 2, 2], "sum": [2, 4, 2, 4]}
    three = probe(tmp_path, "{alternate: 2, players: [4]}", sets, players=3, name="three.yaml")
    assert tally_of(three, 3) == {"t": [0, 1, 2], "n": [1, 1, 1], "sum": [0, 1, 2]}
    assert main(["explain", str(three)]) == 0
    assert "Teams: none with 3 players, each plays alone (partnerships with 4 players)." in capsys.readouterr().out
    rc, err = validate(probe(tmp_path, "{alternate: 2}", sets, players=3, name="uneven.yaml"), capsys)
    assert rc == 1 and "2 teams cannot share 3 players evenly" in err


# --------------------------------------------------------------------------- team results

TEAM_GAME = """\
name: team-game
description: a side scores the tricks its two seats took; the side with more wins
players: 4
teams: {alternate: 2}
deck: {ranks: [2, 3, 4, 5], suits: [C, D]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
deal: {to: hand, count: 2}
phases:
  play: {kind: trick, from: hand, to: trick, won-to: taken}
scoring:
  points: "sum(x.tricks for x in s.team-seats)"
match:
  winners: {highest: s.score}
"""


def test_a_side_scores_together_and_both_partners_win(tmp_path):
    path = tmp_path / "team-game.yaml"
    path.write_text(TEAM_GAME, encoding="utf-8")
    # dealer 3, seat 0 leads; `lowest` everywhere. Trick 1: 2C 3C 4C 5C, seat 3 wins with 5C;
    # trick 2: seat 3 leads 5D, the others follow 2D 3D 4D, seat 3 wins. Seats 1 and 3 (team 1)
    # took 2 tricks, seats 0 and 2 none: scores [0, 2, 0, 2], and both partners of team 1 win.
    deal = Deal([["2C", "2D"], ["3C", "3D"], ["4C", "4D"], ["5C", "5D"]], dealer=3)
    r = play(load(str(path)), deal=deal, check=True, bots=["lowest"] * 4)
    assert [t["winner"] for t in ev(r, "trick")] == [3, 3]
    assert r.scores == [0, 2, 0, 2]
    assert r.winners == [1, 3]


# --------------------------------------------------------------------------- counters across hands

COUNTING = """\
name: counting
description: each seat counts the tricks it took over the whole match
players: 2
deck: {ranks: [2, 3], suits: [C]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
deal: {to: hand, count: 1}
counters:
  won: {start: 10, description: tricks won over the match}
phases:
  play: {kind: trick, from: hand, to: trick, won-to: taken}
  count:
    kind: tally
    set: {won: "s.won + s.tricks"}
scoring:
  points: "s.won"
match:
  end: "hand-number == 3"
  winners: {highest: s.score}
"""


def test_a_counter_keeps_its_value_from_hand_to_hand(tmp_path):
    path = tmp_path / "counting.yaml"
    path.write_text(COUNTING, encoding="utf-8")
    r = play(load(str(path)), seed=5, check=True, bots=["random", "random"])
    # one trick a hand, so after hand k the counters add up to 10 + 10 + k; each hand adds 1 to the
    # winner of its trick, and scoring reads the new value (the tally runs before the hand is scored)
    tallies = [e["counters"]["won"] for e in ev(r, "tally")]
    winners = [t["winner"] for t in ev(r, "trick")]
    assert len(tallies) == 3 and len(winners) == 3
    expected, won = [], [10, 10]
    for w in winners:
        won[w] += 1
        expected.append(list(won))
    assert tallies == expected
    assert [e["scores"] for e in ev(r, "score")] == expected


# --------------------------------------------------------------------------- the smart bot's partner rule

# cards as small ints for a hand-made view: 0-3 are clubs 2..5, 4-7 spades 2..5, 8-9 diamonds 2 and A
SUIT = ["C"] * 4 + ["S"] * 4 + ["D"] * 2
STRENGTH = {c: c % 4 for c in range(8)} | {8: 0, 9: 12}


def _view(partner_winning: bool) -> TrickView:
    """Seat 2, void in diamonds (led), holds 2C 3C 3S 5S with spades trump; seat 0 led AD, seat 1 played 2D."""
    return TrickView(seat=2, leading=False, following=False, legal=[0, 1, 5, 7], plays=[(0, 9), (1, 8)],
                     led="D", trump="S", to_play=1, strength=STRENGTH, points=[0] * 10, suit=SUIT,
                     winning=9, partner_winning=partner_winning)


def test_smart_does_not_trump_a_trick_its_partner_is_winning():
    # partner (seat 0) is winning with AD: smart throws its lowest non-trump, 2C (card 0)
    v = _view(True)
    assert v.legal[smart_card(v)] == 0
    # the same cards with an opponent winning: void, no points to dump, smart plays its highest card,
    # the 5S (card 7), a trump that takes the trick
    v = _view(False)
    assert v.legal[smart_card(v)] == 7


def test_smart_partner_rule_in_a_whist_trick():
    # Whist, dealer 3 turns up its first card, 2C: clubs are trump; seat 0 leads; seat 2 is `smart`, the
    # others `lowest` (canonical order C < D < H < S, then rank). Seat 0 leads AH (its lowest, H < S),
    # seat 1 follows 2H; seat 2 is void in hearts with 5C (a trump) and 4D, and its partner is winning:
    # smart discards 4D rather than trumping with 5C.
    deal = Deal([["AH", "2S"], ["2H", "3H"], ["5C", "4D"], ["2C", "5D"]], dealer=3)
    r = play(load("whist"), deal=deal, check=True, bots=["lowest", "lowest", "smart", "lowest"])
    assert ev(r, "trump")[0]["suit"] == "C"
    assert ev(r, "trick")[0]["cards"][:3] == [[0, "AH"], [1, "2H"], [2, "4D"]]
    # the same seat when an opponent is winning (seat 0 leads 2H, seat 1 follows 3H, the lowest it has
    # that follows): void, no points to dump, smart plays its highest card, the 5C trump
    plain = Deal([["2H", "2S"], ["AH", "3H"], ["5C", "4D"], ["2C", "5D"]], dealer=3)
    r = play(load("whist"), deal=plain, check=True, bots=["lowest", "lowest", "smart", "lowest"])
    assert ev(r, "trick")[0]["cards"][:3] == [[0, "2H"], [1, "3H"], [2, "5C"]]


def test_a_runaway_counter_stops_the_game_at_its_expression(tmp_path):
    # start 10, times 100,000 a hand: 1,000,000 after hand 1, 10^11 after hand 2 (beyond 10^9)
    path = tmp_path / "counting.yaml"
    path.write_text(COUNTING.replace('"s.won + s.tricks"', '"s.won * 100000"'), encoding="utf-8")
    with pytest.raises(RuleplayError) as exc:
        play(load(str(path)), seed=1)
    assert "counting.yaml:16:17: error [phases.count.set.won]" in str(exc.value)
    assert "gave 100,000,000,000 while the game was played" in str(exc.value)

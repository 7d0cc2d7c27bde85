"""`ruleplay analyze` (issue 37): every measure on hand-built standings and choices whose values are worked
out by hand in the comments, the aggregate's exact merge, and the command's outputs on a few games."""
from __future__ import annotations

import json
import math

import pytest

from ruleplay.tools.analysis import measures as M
from ruleplay.tools.analysis.ladder import Rung, order_difference, rung_report
from ruleplay.tools.analysis.shape import GameTrace, ShapeAgg, standings
from ruleplay.tools.cli import main
from ruleplay.tools.sim import Agg


# ------------------------------------------------------------------ measures of one game
def test_rank2_is_cardstock_scaled_rank_with_shared_places():
    # 4 seats: alone first 1.0 (6 of 6), level second and third share 2.5 -> (4 - 2.5)/3 = 0.5 (3), last 0.
    assert M.rank2([9, 5, 5, 1]) == [6, 3, 3, 0]
    assert M.rank2([0, 0, 0, 0]) == [3, 3, 3, 3]          # all level: 0.5 each
    assert M.rank2([1, 2]) == [0, 2] and M.scaled(3, 4) == 0.5
    assert M.sole_leader([6, 3, 3, 0]) == 0 and M.sole_leader([5, 5, 1, 1]) is None


def test_lead_changes_count_only_changes_of_a_sole_leader():
    # leaders: none (all level), 0, 0, none (shared), 1, 0 -> changes 0->1 and 1->0: 2
    hist = [M.rank2(k) for k in ([0, 0, 0], [2, 1, 0], [3, 1, 0], [3, 3, 0], [3, 4, 0], [6, 4, 0])]
    assert M.lead_changes(hist) == 2
    assert M.lead_changes([M.rank2([1, 0])] * 5) == 0


def test_drama_and_security_as_cardstock_defines_them():
    assert M.drama_threshold(2) == 0.5 and M.drama_threshold(4) == pytest.approx(5 / 6)
    # two players, the winner's path 0.5 0 0.5 1 1: below 0.5 once, by 0.5 -> drama sqrt(0.5), security 1 - 1/5
    drama, security = M.drama_security([0.5, 0.0, 0.5, 1.0, 1.0], 2)
    assert drama == pytest.approx(math.sqrt(0.5)) and security == pytest.approx(0.8)
    assert M.drama_security([1.0, 1.0], 2) == (0.0, 1.0)       # never behind: no drama, fully secure


def test_decided_at_is_where_the_winner_leads_for_good():
    # seat 1 leads alone from point 3 of 5 (points 0..2 are not its) -> decided after 3/5 of the game
    hist = [M.rank2(k) for k in ([0, 0], [1, 0], [1, 0], [0, 1], [0, 2])]
    assert M.decided_at(hist, 1) == pytest.approx(3 / 5)
    assert M.decided_at([M.rank2([0, 1])] * 3, 1) == 0.0


def test_slope_convergence_order_fairness():
    assert M.slope([5, 4, 3, 2, 1]) == -1.0 and M.convergence([5, 4, 3, 2, 1]) == 1.0    # 1 - (-1/2 + 1/2)
    assert M.convergence([3, 3, 3]) == 0.5 and M.slope([7]) == 0.0
    assert M.order(0.6, 4) == pytest.approx((0.6 - 0.25) / 0.75)        # CardStock's Hearts: 60% of 4 -> 0.47
    assert M.order(0.25, 4) == 0.0
    assert M.fairness(0.25, 4) == 1.0 and M.fairness(0.125, 4) == 0.5
    assert M.fairness(0.5, 4) == pytest.approx(-4 / 3 * 0.5 + 4 / 3)    # 2/3 above the fair share


# ------------------------------------------------------------------ a war-like game, recorded by hand
def _war_trace() -> GameTrace:
    """Two seats, cards held at each decision and at the end (26-26, 30-22, 20-32, 24-28, 40-12, 52-0);
    seat 0 wins with every card. Turn decisions: (seat, legal choices)."""
    return GameTrace(raw=[[26, 26], [30, 22], [20, 32], [24, 28], [40, 12], [52, 0]], out=[[False, False]] * 6,
                     turns=[(0, 3), (1, 2), (0, 2), (1, 1), (0, 1)], windows=2)


def test_war_like_game_by_hand():
    t = _war_trace()
    hist = standings(t, [0], None)          # holding more is better here: the winner ends with every card
    assert [h[0] for h in hist] == [1, 2, 0, 0, 2, 2]          # rank2 of seat 0: level, ahead, behind, ...
    agg = ShapeAgg(2)
    agg.add(t, [0], None)
    assert agg.changes == {2: 1}            # leader 0, then 1, then 0 again
    # seat 0's scaled ranks 0.5 1 0 0 1 1: below 0.5 twice by 0.5 -> drama sqrt(0.5), security 1 - 2/6
    assert agg.drama == {M.fixed(math.sqrt(0.5)): 1} and agg.security == {M.fixed(4 / 6): 1}
    assert agg.decided == {M.fixed(4 / 6): 1}                  # it leads for good from point 4 of 6
    assert agg.decisions == {5: 1} and agg.seat_decisions[0] == {3: 1} and agg.seat_decisions[1] == {2: 1}
    assert agg.choices == {3: 1, 2: 2, 1: 2} and agg.windows == {2: 1}
    assert agg.convergence == {M.fixed(M.convergence([3, 2, 2, 1, 1])): 1}   # slope -0.5 -> 0.75
    assert M.convergence([3, 2, 2, 1, 1]) == pytest.approx(0.75)
    # the average trend: place 1 is seat 0; 6 points over 20 bins -> point i in bin i * 20 // 6
    assert agg.trend_sum[0][0] == 1 and agg.trend_sum[0][3] == 2 and agg.trend_sum[1][6] == 2


def test_shedding_direction_and_the_matchs_own_direction():
    # fewer cards is better when the winner ends with none; out seats stand last
    t = GameTrace(raw=[[5, 5, 5], [3, 4, 5], [0, 2, 5]], out=[[False] * 3, [False, False, True], [False] * 3],
                  turns=[(0, 2)])
    hist = standings(t, [0], None)
    assert hist[0] == [2, 2, 2] and hist[1] == [4, 2, 0] and hist[2] == [4, 2, 0]
    assert standings(t, [0], -1)[1] == [4, 2, 0]                # lower scores win: the same order
    assert standings(t, [0], +1)[1] == [2, 4, 0]                 # higher scores win: seat 1 ahead of seat 0


def test_shape_merge_is_exact_and_order_free():
    parts = []
    for w in (0, 1, 0):
        a = ShapeAgg(2)
        a.add(_war_trace(), [w], None)
        parts.append(a)
    fwd, bwd = ShapeAgg(2), ShapeAgg(2)
    for p in parts:
        fwd.merge(p)
    for p in reversed(parts):
        bwd.merge(p)
    assert fwd == bwd and fwd.games == 3 and fwd.judged == 3


def test_ladder_order_from_seat_aggregates():
    aggs = [Agg(4) for _ in range(4)]
    for s, a in enumerate(aggs):            # the bot in seat s wins 6 of 10 games each time
        a.games, a.wins[s] = 10, 6
    r = rung_report(Rung("smart", "random", 40), aggs)
    assert (r["games"], r["wins"], r["win_rate"]) == (40, 24, 0.6) and r["order"] == pytest.approx(0.35 / 0.75)
    half = dict(r, wins=12, win_rate=0.3, order=M.order(0.3, 4))
    d = order_difference(r, half, 4)
    assert d["diff"] == pytest.approx(M.order(0.3, 4) - r["order"]) and d["ratio"] == pytest.approx(-6 / 7)


def test_positions_count_from_the_first_dealer_in_the_tables_direction():
    from types import SimpleNamespace
    from ruleplay.tools.analysis.seats import SeatAgg

    def game(winners, scores):
        return SimpleNamespace(outcome="finished", actions=1, cards_played=1, tricks=0, hands=1, pile_takes=0,
                               rounds=0, winners=winners, stats={}, scores=scores, hand_scores=[scores])
    a = SeatAgg(Agg(4))
    a.add(game([0], [1, 2, 3, 4]), dealer=3, direction=1)     # seat 0 is the dealer's left: position 1
    a.add(game([3], [5, 6, 7, 8]), dealer=3, direction=1)     # the dealer wins: position 4
    a.add(game([2], [9, 9, 9, 0]), dealer=3, direction=-1)    # counter-clockwise, seat 2 plays first
    assert a.pos_wins == [2, 0, 0, 1]
    assert a.pos_final[0] == {1: 1, 5: 1, 9: 1} and a.pos_final[3] == {4: 1, 8: 1, 0: 1}


# ------------------------------------------------------------------ the command
ARGS = ["--jobs", "1", "-q", "--ladder", "lowest", "--ladder-games", "8", "--shape-games", "4"]


def test_analyze_json_shows_points_fairness_skill_and_shape(capsys):
    assert main(["analyze", "hearts:hands=single", "hearts:hands=single,jd-bonus=yes", "-n", "12", "--json",
                 *ARGS]) == 0
    rep = json.loads(capsys.readouterr().out)
    a, b = rep["sides"]
    assert a["points"]["per_hand_total"]["median"] == 26 and b["points"]["per_hand_total"]["median"] == 16
    assert len(a["fairness"]["positions"]) == 4 and sum(p["wins"] for p in a["fairness"]["positions"]) >= 12
    assert a["skill"][0]["bot"] == "lowest" and a["skill"][0]["games"] == 8
    assert a["shape"]["games"] == 4 and a["shape"]["decisions"]["mean"] > 40       # 52 cards, 13 tricks
    measures = {r["measure"] for r in rep["differences"]}
    assert {"points/hand total", "order lowest", "drama", "win position 1", "lead changes /game",
            "points/game position 4"} <= measures


def test_analyze_report_does_not_depend_on_jobs(capsys):
    outs = []
    for jobs in ("1", "2"):
        assert main(["analyze", "beggar-my-neighbour", "-n", "16", "--json", "-q", "--jobs", jobs, "--ladder",
                     "none", "--shape-games", "6"]) == 0
        rep = json.loads(capsys.readouterr().out)
        rep.pop("meta")
        outs.append(rep)
    assert outs[0] == outs[1]


def test_analyze_markdown_html_and_terminal(tmp_path, capsys):
    md = tmp_path / "r.md"
    assert main(["analyze", "ers", "ers:slap-sandwich=false", "-n", "6", "--md", str(md), *ARGS]) == 0
    text = md.read_text()
    assert "## Summary" in text and "![trend-a](r-trend-a.svg)" in text
    assert (tmp_path / "r-trend-b.svg").read_text().startswith("<svg") and (tmp_path / "r-seats.svg").exists()
    html = tmp_path / "r.html"
    assert main(["analyze", "hearts:hands=single", "-n", "6", "--html", str(html), *ARGS]) == 0
    page = html.read_text()
    assert page.count("<svg") >= 3 and "http://www.w3.org/2000/svg" in page
    assert "https:" not in page and "<script" not in page and "src=" not in page      # self-contained
    assert main(["analyze", "hearts:hands=single", "-n", "6", *ARGS]) == 0
    out = capsys.readouterr().out
    assert "order lowest (CardStock)" in out and "drama (CardStock)" in out
    assert main(["analyze", "hearts", "-n", "5", "--shape-games", "0", "-q"]) == 1


def test_analyze_shows_cycles_and_games_without_decisions(capsys):
    # War loops in some deals (outcome cycle) unless the won cards are shuffled; it has no decision at all.
    assert main(["analyze", "war", "war:pickup=shuffled", "-n", "16", "--json", "--jobs", "1", "-q", "--ladder",
                 "none", "--shape-games", "3"]) == 0
    rep = json.loads(capsys.readouterr().out)
    a, b = rep["sides"]
    assert a["sim"]["outcomes"]["cycle"] > 0 and b["sim"]["outcomes"]["cycle"] == 0
    assert a["shape"]["no_decision"] == 3 and a["shape"]["decisions"]["max"] == 0
    assert any(r["measure"] == "outcome cycle" for r in rep["differences"])
    assert main(["analyze", "war", "war:pickup=shuffled", "-n", "16", "--jobs", "1", "-q", "--ladder", "none",
                 "--shape-games", "3"]) == 0
    assert "cycles (the table repeats)" in capsys.readouterr().out

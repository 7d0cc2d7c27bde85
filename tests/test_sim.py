"""`ruleplay sim` / `compare`: determinism across workers, statistics against known values, CLI outputs.

Known values were computed with scipy 1.x / numpy (scipy.stats.mannwhitneyu(method="asymptotic"),
binomtest(...).proportion_ci(method="wilson"), ttest_ind(equal_var=False).confidence_interval(),
numpy.percentile); ruleplay itself does not need them.
"""
from __future__ import annotations

import csv
import importlib.util
import json
import math
from collections import Counter

import pytest

from ruleplay.tools import stats as S
from ruleplay.tools.cli import main
from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.tools.sim import Agg, Spec, compare_rows, game_seed, parse_side, run_batch, simulate

X = [1, 2, 2, 3, 5, 8, 8, 8, 13]
Y = [2, 3, 3, 4, 4, 9, 10, 11, 12, 20, 21]
BMN = Spec("beggar-my-neighbour", bots=("random", "random"), profiles=(None, None))


# ------------------------------------------------------------------ statistics
def test_wilson_known_values():
    assert S.wilson(7, 20) == pytest.approx((0.1811918241010821, 0.5671457233147637), abs=1e-12)
    assert S.wilson(0, 10) == pytest.approx((0.0, 0.27753279986288926), abs=1e-12)
    assert S.wilson(10, 10) == pytest.approx((1 - 0.27753279986288926, 1.0), abs=1e-12)


def test_mann_whitney_known_values():
    u, p, eff = S.mann_whitney(Counter(X), Counter(Y))
    assert u == 32.0
    assert p == pytest.approx(0.1943175914705776, rel=1e-9)
    assert eff == pytest.approx(32 / 99)
    u2, p2, _ = S.mann_whitney(Counter(Y), Counter(X))
    assert u2 == 67.0 and p2 == pytest.approx(p)
    assert S.mann_whitney(Counter(X), Counter(X))[1] == 1.0


def test_percentiles_like_numpy():
    h = Counter(X)
    for q, want in [(5, 1.4), (50, 5.0), (95, 10.999999999999998), (37.5, 3.0), (0, 1), (100, 13)]:
        assert S.percentile(h, q) == pytest.approx(want)
    s = S.summary(h)
    assert (s["n"], s["median"], s["max"]) == (9, 5.0, 13)
    assert s["mean"] == pytest.approx(50 / 9)


def test_welch_interval_and_t_quantile():
    d, lo, hi, _ = S.welch(Counter(X), Counter(Y))
    assert d == pytest.approx(3.4444444444444446)
    assert (lo, hi) == pytest.approx((-1.6653454133885655, 8.554234302277454), abs=1e-4)
    assert S.t_quantile_975(30) == pytest.approx(2.0422724563012378, abs=1e-6)


def test_two_proportion_newcombe_holm():
    z, p = S.two_proportion(45, 100, 60, 100)
    assert z == pytest.approx(2.1239769762143657) and p == pytest.approx(0.033672068856345876)
    # Newcombe (1998), method 10, example (56/70 vs 48/80): the difference p1 - p2 = 0.2 in [0.0524, 0.3339]
    lo, hi = S.newcombe(48, 80, 56, 70)
    assert (lo, hi) == pytest.approx((0.0524, 0.3339), abs=1e-4)
    assert S.two_proportion(5, 10, 5, 10) == (0.0, 1.0)
    assert S.holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])


def test_bootstrap_is_seeded_and_brackets_the_difference():
    a = S.bootstrap_median_diff(Counter(X), Counter(Y), resamples=300, seed=1)
    assert a == S.bootstrap_median_diff(Counter(X), Counter(Y), resamples=300, seed=1)
    d, lo, hi = a
    assert d == 4.0 and lo <= d <= hi


# ------------------------------------------------------------------ simulation
def test_game_seed_replays_single_games():
    rules = load("beggar-my-neighbour")
    agg = run_batch(BMN, 3, 0, 5)
    direct = Agg(2)
    for i in range(5):
        direct.add(play(rules, game_seed(3, i), log=False))
    assert agg.report() == direct.report()
    assert game_seed(0, 7) == 7


def test_same_aggregate_for_any_number_of_jobs():
    one = simulate(BMN, 300, seed=5, jobs=1).report()
    two = simulate(BMN, 300, seed=5, jobs=2).report()
    assert one == two
    assert one["games"] == 300 and sum(one["outcomes"].values()) == 300
    assert simulate(BMN, 300, seed=6, jobs=1).report() != one


def test_merge_is_order_free_and_counters_appear_late():
    spec = Spec("hearts", sets=(("avoid-all-tricks-bonus", "true"), ("hands", "single")))
    parts = [run_batch(spec, 0, a, a + 5) for a in range(0, 30, 5)]
    fwd, bwd = Agg(4), Agg(4)
    for p in parts:
        fwd.merge(p)
    for p in reversed(parts):
        bwd.merge(p)
    assert fwd.report() == bwd.report() == run_batch(spec, 0, 0, 30).report()
    rep = fwd.report()
    for name, c in rep["counters"].items():
        assert c["per_game"]["n"] == 30, name


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed (pip install 'ruleplay[ray]')")
def test_ray_backend_matches_local():
    local = simulate(BMN, 60, seed=2, jobs=1).report()
    import ray
    try:
        remote = simulate(BMN, 60, seed=2, backend="ray").report()
    finally:
        ray.shutdown()
    assert remote == local


def test_parse_side():
    assert parse_side("hearts") == ("hearts", {})
    assert parse_side("ers.yaml:burn=2,slap-sandwich=false") == ("ers.yaml", {"burn": "2", "slap-sandwich": "false"})
    with pytest.raises(Exception):
        parse_side("hearts:moon")


# ------------------------------------------------------------------ CLI
def test_sim_cli_json(capsys):
    assert main(["sim", "beggar-my-neighbour", "-n", "200", "--jobs", "1", "--json", "-q"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["games"] == 200 and rep["ruleset"] == "beggar-my-neighbour"
    assert set(rep["lengths"]) >= {"actions", "cards_played", "pile_takes"}
    assert "tricks" not in rep["lengths"] and "hands" not in rep["lengths"]
    wr = rep["win_rate"]
    assert sum(w["wins"] for w in wr) + rep["no_winner"] == 200
    for w in wr:
        assert w["ci95"][0] <= w["rate"] <= w["ci95"][1]
    assert rep["counters"]["challenges-won"]["per_game"]["mean"] > 0


def test_sim_cli_text_and_csv(capsys, tmp_path):
    assert main(["sim", "hearts", "-n", "20", "--jobs", "1", "--bots", "lowest", "--set", "hands=single"]) == 0
    out = capsys.readouterr().out
    assert "win rate (95% Wilson interval)" in out and "points per hand" in out and "tricks" in out
    f = tmp_path / "r.csv"
    assert main(["sim", "hearts", "-n", "20", "--jobs", "1", "--csv", str(f)]) == 0
    rows = list(csv.DictReader(f.open()))
    assert rows[0] == {"section": "meta", "measure": "games", "seat": "", "statistic": "count", "value": "20"}
    assert {r["measure"] for r in rows if r["section"] == "score"} == {"mean_final", "points_per_hand"}


def test_compare_identical_sides_no_difference(capsys):
    assert main(["compare", "beggar-my-neighbour", "beggar-my-neighbour", "-n", "300", "--jobs", "1",
                 "--json", "-q"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["reports"][0] == out["reports"][1]
    for r in out["comparisons"]:
        assert r["diff"] == 0 and r["p"] == 1.0 and r["p_holm"] == 1.0, r


def test_compare_detects_a_real_difference(capsys):
    # Hearts single hands against whole matches: matches are many hands long.
    assert main(["compare", "hearts:hands=single", "hearts", "-n", "40", "--jobs", "1", "--bots", "lowest",
                 "-q"]) == 0
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if ln.startswith("hands"))
    assert "*" in line and "Mann-Whitney" in line


def test_compare_csv_and_errors(capsys, tmp_path):
    f = tmp_path / "c.csv"
    assert main(["compare", "hearts", "hearts:moon=zero-and-26", "-n", "10", "--jobs", "1", "--csv", str(f)]) == 0
    rows = list(csv.DictReader(f.open()))
    assert rows and all(r["side"] == "hearts:moon=zero-and-26" for r in rows)
    assert main(["compare", "hearts", "hearts:moon=sideways", "-n", "5", "-q"]) == 1
    assert main(["sim", "hearts", "-n", "0", "-q"]) == 1
    assert main(["sim", "hearts", "-n", "5", "--bots", "lowest,lowest", "-q"]) == 1


def test_plot_is_a_png_or_a_clear_message(capsys, tmp_path):
    f = tmp_path / "p.png"
    code = main(["compare", "beggar-my-neighbour", "beggar-my-neighbour", "-n", "50", "--jobs", "1", "-q",
                 "--plot", str(f)])
    if importlib.util.find_spec("matplotlib") is None:
        assert code == 1 and "pip install 'ruleplay[plot]'" in capsys.readouterr().err
    else:
        assert code == 0 and f.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ------------------------------------------------------------------ points rows (issue 37)
def _result(scores, hand_scores, stats=None, winners=(0,)):
    """A finished game as sim folds it: only the fields `Agg.add` reads."""
    from types import SimpleNamespace
    return SimpleNamespace(outcome="finished", actions=10, cards_played=8, tricks=2, hands=len(hand_scores),
                           pile_takes=0, rounds=1, winners=list(winners), stats=stats or {}, scores=scores,
                           hand_scores=hand_scores)


def test_points_and_counter_rows_from_hand_built_games():
    base, side = Agg(2), Agg(2)
    base.add(_result([3, 5], [[1, 2], [2, 3]]))                 # hand totals 3 and 5, game total 8
    base.add(_result([4, 4], [[4, 4]], {"rule:x": [1, 0]}))     # hand total 8, game total 8
    side.add(_result([0, 2], [[0, 2]], {"rule:x": [2, 1]}))     # hand total 2, game total 2
    side.add(_result([6, 0], [[6, 0]], {"rule:x": [0, 3]}))     # hand total 6, game total 6
    assert base.hand_hist[0] == Counter({1: 1, 2: 1, 4: 1}) and base.hand_total == Counter({3: 1, 5: 1, 8: 1})
    assert base.final_total == Counter({8: 2}) and side.counter_sq["rule:x"] == [4, 10]
    rows = {r["measure"]: r for r in compare_rows(["a", "b"], [base, side])}
    tot = rows["points/hand total"]
    assert (tot["base"], tot["value"], tot["diff"]) == (16 / 3, 4.0, 4.0 - 16 / 3)
    assert rows["points/game seat 1"]["base"] == 4.5 and rows["points/game seat 1"]["value"] == 1.0
    assert rows["points/game total"]["value"] == 4.0
    c1 = rows["rule:x seat 1 /game"]                             # 0, 0 against 1, 3
    assert (c1["base"], c1["value"], c1["test"]) == (0.0, 2.0, "Welch")
    c0 = rows["rule:x seat 0 /game"]                             # 0, 1 against 2, 0: means 0.5 and 1.0
    assert (c0["base"], c0["value"]) == (0.5, 1.0)


def test_compare_shows_where_a_points_rule_acts(capsys):
    # JD -10: a single hand's points add up to 26 in Hearts, 16 with jd-bonus (a moon shot aside).
    assert main(["compare", "hearts:hands=single", "hearts:hands=single,jd-bonus=yes", "-n", "20", "--jobs", "1",
                 "--json", "-q"]) == 0
    rows = {r["measure"]: r for r in json.loads(capsys.readouterr().out)["comparisons"]}
    tot = rows["points/hand total"]
    assert tot["base_median"] == 26 and tot["median"] == 16 and tot["p_holm"] < 0.05
    assert {f"points/hand seat {s}" for s in range(4)} | {"points/game total"} <= set(rows)


def test_chi_square_and_welch_from_moments():
    assert S.chi2_sf(2.0, 2) == pytest.approx(math.exp(-1.0))                      # df 2: e^(-x/2)
    assert S.chi2_sf(4.0, 1) == pytest.approx(math.erfc(math.sqrt(2.0)))           # df 1: erfc(sqrt(x/2))
    assert S.chi2_sf(3.0, 3) == pytest.approx(0.39162517627108)                   # scipy.stats.chi2.sf(3, 3)
    stat, p = S.chi_square_equal([30, 10])                                          # expected 20 each
    assert stat == 10.0 and p == pytest.approx(math.erfc(math.sqrt(5.0)))
    assert S.chi_square_equal([5, 5, 5]) == (0.0, 1.0)
    h1, h2 = Counter({1: 2, 3: 2}), Counter({2: 1, 6: 3})
    assert S.welch(h1, h2) == S.welch_moments(S.moments_mean_var(4, 8, 20), S.moments_mean_var(4, 20, 112))


def test_partners_winning_together_is_not_a_shared_win(tmp_path):
    """Two partnerships, three tricks: one side always wins, its two seats together. `sim` counted every such
    game as "shared" (games with tied winners, t39); a tie is between sides. Each seat's wins still count."""
    p = tmp_path / "sides.yaml"
    p.write_text("""name: sides
description: Four players in two partnerships; the side that takes more of three tricks wins.
players: 4
teams: {alternate: 2}
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
  rest: {owner: table, visibility: hidden}
deal: {to: hand, count: 3, rest: rest}
phases:
  play: {kind: trick, from: hand, to: trick, won-to: taken, follow: suit, trump: none}
scoring:
  points: "sum(x.tricks for x in s.team-seats)"
match:
  end: "true"
  winners: {highest: s.score}
""", encoding="utf-8")
    rep = simulate(Spec(str(p)), 60, jobs=1).report()
    assert rep["shared_wins"] == 0 and rep["no_winner"] == 0
    wins = [w["wins"] for w in rep["win_rate"]]
    assert wins[0] == wins[2] and wins[1] == wins[3] and wins[0] + wins[1] == 60


def test_a_slow_runs_rate_is_not_said_as_zero():
    """t43: a run of 0.4 games a second was reported as "(0 games/s)"."""
    from ruleplay.tools.sim import _rate
    assert _rate(0.43) == "0.4" and _rate(3.0) == "3.0" and _rate(12.6) == "13"

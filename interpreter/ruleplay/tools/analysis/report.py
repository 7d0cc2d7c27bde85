"""The analyze report: built once as a plain dict (the JSON), then written for a terminal, as Markdown with
SVG files beside it, or as one self-contained HTML page with the SVG inline.

Differences use sim's rows (`compare_rows`, `rate_diff`, `mean_diff`: Welch or Newcombe intervals,
Mann-Whitney or two-proportion tests) and Holm's adjustment over every row of the report.
"""
from __future__ import annotations

import math
from html import escape
from pathlib import Path

from ruleplay.tools import stats as S
from ruleplay.tools.analysis import measures as M
from ruleplay.tools.analysis import svg
from ruleplay.tools.analysis.ladder import order_difference
from ruleplay.tools.analysis.shape import BINS, ShapeAgg
from ruleplay.tools.sim import compare_rows, mean_diff, rate_diff

FIXED = ("drama", "security", "decided", "convergence")     # ShapeAgg histograms kept in 1/SCALE units


def _mean(h) -> float:
    return S.hist_mean_var(h)[0] if h else math.nan


def _scaled(summary: dict, f: float) -> dict:
    """A summary of a fixed-point histogram in the measure's own units (every statistic but the count)."""
    return {k: v if k == "n" else v * f for k, v in summary.items()}


def points_block(agg, rules) -> dict | None:
    """Points per seat per hand and per game, and how often each named scoring rule applied per hand."""
    rep = agg.report()
    sc = rep.get("scores")
    if not sc:
        return None
    hands = sc["hands"]
    fired = {name[5:]: {"applications": sum(c["per_seat"]), "per_hand": sum(c["per_seat"]) / hands if hands else None,
                        "games_with": c["games_with"] / rep["games"]}
             for name, c in rep["counters"].items() if name.startswith("rule:")}
    return {"hands": hands, "per_hand": sc["hand_summary"], "per_hand_total": sc["hand_total_summary"],
            "per_game": sc["final_summary"], "per_game_total": sc["final_total_summary"], "rules": fired,
            "hand_hist": [dict(sorted(h.items())) for h in agg.hand_hist],
            "lower_wins": rules.match is not None and rules.match.wins_by == "lowest"}


def fairness_block(seats, rules) -> dict:
    """Win rate and final points by position from the first dealer, the chi-square test of equal chances
    and CardStock's Fairness of the first player."""
    agg = seats.agg
    n, g = agg.players, agg.games
    wins = seats.pos_wins
    stat, p = S.chi_square_equal(wins)
    first = wins[0] / g if g else math.nan
    return {"positions": [{"position": i + 1, "label": _position(i, n), "wins": w, "rate": w / g,
                           "ci95": list(S.wilson(w, g)),
                           "points_per_game": _mean(seats.pos_final[i]) if seats.pos_final[i] else None}
                          for i, w in enumerate(wins)],
            "chi2": stat, "df": n - 1, "p": p, "cardstock_fairness": M.fairness(first, n),
            "dealer": str(rules.dealer)}


def _position(i: int, n: int) -> str:
    """Position i (0 = plays first) in words: 1st ... and the dealer last."""
    nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(i + 1, f"{i + 1}th")
    return f"{nth} (dealer)" if i == n - 1 else f"{nth} (dealer's left)" if i == 0 else nth


def shape_block(sh: ShapeAgg, agg) -> dict:
    n = sh.players
    f = 1 / M.SCALE
    trend = [[(s / c / (2 * (n - 1)) if c else None) for s, c in zip(ss, cc)]
             for ss, cc in zip(sh.trend_sum, sh.trend_n)]
    choices_t = [(s / c if c else None) for s, c in zip(sh.choice_sum, sh.choice_n)]
    out = {"games": sh.games, "no_decision": sh.no_decision, "judged": sh.judged,
           "lengths": agg.report()["lengths"],
           "outcomes": {k: v for k, v in agg.outcomes.items()},
           "decisions": S.summary(sh.decisions),
           "decisions_per_seat": [_mean(h) for h in sh.seat_decisions],
           "choices": S.summary(sh.choices), "windows": S.summary(sh.windows),
           "lead_changes": S.summary(sh.changes),
           "trend": trend, "choices_by_time": choices_t, "bins": BINS,
           "drama_threshold": M.drama_threshold(n)}
    for name in FIXED:
        out[name] = _scaled(S.summary(getattr(sh, name)), f)
    return out


def _scale_row(r: dict, f: float) -> dict:
    for k in ("base", "value", "diff", "base_median", "median"):
        if r.get(k) is not None:
            r[k] *= f
    r["ci95"] = [v * f for v in r["ci95"]]
    return r


def difference_rows(names: list[str], runs: list[dict]) -> list[dict]:
    """Every side against the first: sim's rows, positions, the ladder's Order and the shape measures;
    Holm's adjustment over all of them."""
    rows = compare_rows(names, [r["main"].agg for r in runs])
    base = runs[0]
    for k in range(1, len(runs)):
        side, name = runs[k], names[k]
        nb, ns = base["main"].games, side["main"].games
        for i, (wb, ws) in enumerate(zip(base["main"].pos_wins, side["main"].pos_wins)):
            rows.append(rate_diff(f"win position {i + 1}", wb, nb, ws, ns, name, k))
        for i, (hb, hs) in enumerate(zip(base["main"].pos_final, side["main"].pos_final)):
            if hb and hs:
                rows.append(mean_diff(f"points/game position {i + 1}", hb, hs, name, k))
        players = base["main"].agg.players
        for rb, rs in zip(base["skill"], side["skill"]):
            d = order_difference(rb, rs, players)
            rows.append({"side": name, "index": k, "measure": f"order {rb['bot']}", "kind": "order",
                         "base": rb["order"], "value": rs["order"], "diff": d["diff"], "ci95": d["ci95"],
                         "test": "two-proportion", "p": d["p"], "ratio": d["ratio"]})
        sb, ss = base["shape"], side["shape"]
        for label, attr in (("decisions /game", "decisions"), ("choices /decision", "choices"),
                            ("lead changes /game", "changes")):
            hb, hs = getattr(sb, attr), getattr(ss, attr)
            if hb and hs:
                rows.append(mean_diff(label, hb, hs, name, k))
        for attr in FIXED:
            hb, hs = getattr(sb, attr), getattr(ss, attr)
            if hb and hs:
                rows.append(_scale_row(mean_diff(attr, hb, hs, name, k), 1 / M.SCALE))
    for r, p in zip(rows, S.holm([r["p"] for r in rows])):
        r["p_holm"] = p
    return rows


def build(names: list[str], rules: list, runs: list[dict], meta: dict) -> dict:
    sides = []
    for name, rl, run in zip(names, rules, runs):
        agg = run["main"].agg
        sides.append({"name": name, "ruleset": rl.name, "title": rl.title, "players": rl.players,
                      "options": dict(rl.options), "sim": agg.report(), "points": points_block(agg, rl),
                      "fairness": fairness_block(run["main"], rl), "skill": run["skill"],
                      "shape": shape_block(run["shape"], agg)})
    return {"sides": sides, "meta": meta, "differences": difference_rows(names, runs)}


# ------------------------------------------------------------------ the short table
def _f(x, nd: int = 2) -> str:
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "-"
    return f"{x:.{nd}f}"


def _pct(x) -> str:
    return "-" if x is None or not math.isfinite(x) else f"{100 * x:.1f}%"


def summary_rows(rep: dict) -> list[tuple[str, list[str], str | None]]:
    """(label, one value per side, the measure of its difference row or None): the short table's rows."""
    sides = rep["sides"]
    rows: list[tuple[str, list[str], str | None]] = []

    def add(label, fn, diff=None):
        rows.append((label, [fn(s) for s in sides], diff))
    add("finished", lambda s: _pct(s["sim"]["outcomes"]["finished"] / s["sim"]["games"]), "outcome finished")
    for oc in sorted({k for s in sides for k, v in s["sim"]["outcomes"].items() if v and k != "finished"}):
        add({"cycle": "cycles (the table repeats)", "limit": "action-limit hits"}.get(oc, oc),
            lambda s, oc=oc: _pct(s["sim"]["outcomes"].get(oc, 0) / s["sim"]["games"]), f"outcome {oc}")
    for ln in ("actions", "hands"):
        if all(ln in s["sim"]["lengths"] for s in sides):
            add(f"{ln} /game", lambda s, ln=ln: _f(s["sim"]["lengths"][ln]["mean"], 1), ln)
    if all(s["points"] for s in sides):
        add("points/hand (all seats)", lambda s: _f(s["points"]["per_hand_total"]["mean"]), "points/hand total")
        add("points/game (all seats)", lambda s: _f(s["points"]["per_game_total"]["mean"], 1), "points/game total")
        names = sorted({r for s in sides for r in s["points"]["rules"]})
        for r in names:
            add(f"rule {r} /hand", lambda s, r=r: _f((s["points"]["rules"].get(r) or {}).get("per_hand"), 3))
    add("first player wins", lambda s: _pct(s["fairness"]["positions"][0]["rate"]), "win position 1")
    add("positions equal? (chi2 p)", lambda s: f"{s['fairness']['p']:.2g}")
    add("fairness (CardStock)", lambda s: _f(s["fairness"]["cardstock_fairness"]))
    for i, rung in enumerate(sides[0]["skill"]):
        add(f"order {rung['bot']} (CardStock)", lambda s, i=i: _f(s["skill"][i]["order"]), f"order {rung['bot']}")
    add("decisions /game", lambda s: _f(s["shape"]["decisions"].get("mean"), 1), "decisions /game")
    add("decisions /player /game", lambda s: _f(sum(s["shape"]["decisions_per_seat"]) / s["players"], 1))
    if any(s["shape"]["windows"].get("mean") for s in sides):
        add("slap windows /game", lambda s: _f(s["shape"]["windows"].get("mean"), 1))
    add("choices /decision (sd)", lambda s: f"{_f(s['shape']['choices'].get('mean'))} ({_f(s['shape']['choices'].get('sd'))})",
        "choices /decision")
    for key, label in (("convergence", "convergence (CardStock)"), ("drama", "drama (CardStock)"),
                       ("security", "security (CardStock)"), ("decided", "decided at (share of game)")):
        add(label, lambda s, key=key: _f(s["shape"][key].get("mean")), key)
    add("lead changes /game", lambda s: _f(s["shape"]["lead_changes"].get("mean")), "lead changes /game")
    return rows


def _diff_text(r: dict | None) -> str:
    if r is None:
        return ""
    mark = " *" if r["p_holm"] < 0.05 else ""
    if r["kind"] == "rate":
        return f"{100 * r['diff']:+.1f}pt [{100 * r['ci95'][0]:+.1f}, {100 * r['ci95'][1]:+.1f}]{mark}"
    scale = max(abs(v) for v in (r["diff"], *r["ci95"]) if math.isfinite(v)) if any(
        math.isfinite(v) for v in (r["diff"], *r["ci95"])) else 0.0
    nd = max(0, 2 - math.floor(math.log10(scale))) if scale > 0 else 0       # three digits of the largest
    text = f"{r['diff']:+.{nd}f} [{r['ci95'][0]:+.{nd}f}, {r['ci95'][1]:+.{nd}f}]{mark}"
    if r.get("ratio") is not None:
        text += f" ({100 * r['ratio']:+.0f}%)"
    return text


def write_terminal(rep: dict, out) -> None:
    m = rep["meta"]
    sides = rep["sides"]
    print(f"{m['games']} games per side, seed {m['seed']}, bots {','.join(m['bots'])}, {m['jobs']}, "
          f"{m['seconds']:.1f} s; shape of play from the first {m['shape_games']} games; ladder: " +
          (", ".join(f"{r['bot']} {r['games']} games" for r in m["ladder"]) or "none"), file=out)
    for i, s in enumerate(sides):
        print(f"  {chr(65 + i)} = {s['name']}", file=out)
    diffs = {(r["index"], r["measure"]): r for r in rep["differences"]}
    rows = summary_rows(rep)
    w = max(len(r[0]) for r in rows)
    head = f"{'measure':{w}} " + " ".join(f"{chr(65 + i):>12}" for i in range(len(sides)))
    head += "".join(f"  {chr(65 + k) + '-A [95% interval]':>30}" for k in range(1, len(sides)))
    print("\n" + head, file=out)
    for label, vals, dname in rows:
        line = f"{label:{w}} " + " ".join(f"{v:>12}" for v in vals)
        for k in range(1, len(sides)):
            line += f"  {_diff_text(diffs.get((k, dname)) if dname else None):>30}"
        print(line.rstrip(), file=out)
    print("\n* = significant at 5% after Holm's adjustment over every difference of the report (--json has them "
          "all); --md or --html draw the pictures. Measures: docs/analysis.md.", file=out)


# ------------------------------------------------------------------ pictures
def pictures(rep: dict) -> dict[str, str]:
    """Every picture of the report as SVG text, by a short file-friendly name."""
    sides = rep["sides"]
    out: dict[str, str] = {}
    xs = [(b + 0.5) / BINS for b in range(BINS)]
    for i, s in enumerate(sides):
        sh = s["shape"]
        if sh["games"] > sh["no_decision"]:
            n = s["players"]
            series = [(f"place {p + 1}", xs, [v if v is not None else math.nan for v in row])
                      for p, row in enumerate(sh["trend"])]
            series.append(("drama threshold", [0, 1], [sh["drama_threshold"]] * 2))
            out[f"trend-{chr(97 + i)}"] = svg.lines(
                f"{chr(65 + i)}: average lead history ({n} players)", "share of the game", "rank estimate",
                series, ylim=(0, 1), dashes=[""] * n + ["4 3"], colours=list(range(n)) + [7])
    series = [(f"{chr(65 + i)}", xs, [v if v is not None else math.nan for v in s["shape"]["choices_by_time"]])
              for i, s in enumerate(sides) if s["shape"]["choices"].get("n")]
    if series:
        out["choices"] = svg.lines("choices per decision over the game", "share of the game", "legal choices", series)
    positions = [p["label"] for p in sides[0]["fairness"]["positions"]]
    out["seats"] = svg.bars("win rate by position from the first dealer", "win rate", positions,
                            [(chr(65 + i), [p["rate"] for p in s["fairness"]["positions"]]) for i, s in enumerate(sides)],
                            [[tuple(p["ci95"]) for p in s["fairness"]["positions"]] for s in sides],
                            reference=1 / sides[0]["players"])
    if all(s["points"] for s in sides):
        out["points"] = _points_picture(rep)
    return out


def _points_picture(rep: dict) -> str:
    """The distribution of a seat's points in a hand, all seats together, per side (share of seat-hands)."""
    from collections import Counter
    series = []
    hs = []
    for s in rep["sides"]:
        h = Counter()
        for row in s["points"]["hand_hist"]:
            h.update({int(k): v for k, v in row.items()})
        hs.append(h)
    lo = min(min(h) for h in hs if h)
    hi = max(max(h) for h in hs if h)
    xs = list(range(lo, hi + 1))
    for i, h in enumerate(hs):
        tot = sum(h.values()) or 1
        series.append((chr(65 + i), xs, [h.get(x, 0) / tot for x in xs]))
    return svg.lines("a seat's points in a hand", "points", "share of seat-hands", series)


# ------------------------------------------------------------------ Markdown and HTML
def _tables(rep: dict) -> list[tuple[str, list[str], list[list[str]]]]:
    """The report's tables: (title, header, rows)."""
    sides = rep["sides"]
    letters = [chr(65 + i) for i in range(len(sides))]
    diffs = {(r["index"], r["measure"]): r for r in rep["differences"]}
    rows = [[label] + vals + [_diff_text(diffs.get((k, d)) if d else None) for k in range(1, len(sides))]
            for label, vals, d in summary_rows(rep)]
    out = [("Summary", ["measure"] + letters + [f"{x}-A [95% interval]" for x in letters[1:]], rows)]
    for i, s in enumerate(sides):
        fa = s["fairness"]
        out.append((f"{letters[i]}: by position from the first dealer (dealer rule: {fa['dealer']})",
                    ["position", "win rate", "95% interval", "points per game"],
                    [[p["label"], _pct(p["rate"]), f"{_pct(p['ci95'][0])} - {_pct(p['ci95'][1])}",
                      _f(p["points_per_game"], 1)] for p in fa["positions"]]))
        if s["skill"]:
            out.append((f"{letters[i]}: skill ladder (each bot alone against random, in every seat)",
                        ["bot", "games", "win rate", "95% interval", "order", "points/hand", "others' points/hand"],
                        [[r["bot"], str(r["games"]), _pct(r["win_rate"]), f"{_pct(r['ci95'][0])} - {_pct(r['ci95'][1])}",
                          _f(r["order"]), _f(r.get("points_per_hand")), _f(r.get("others_points_per_hand"))]
                         for r in s["skill"]]))
        if s["points"]:
            p = s["points"]
            out.append((f"{letters[i]}: points per seat ({p['hands']} hands; " +
                        ("lower is better)" if p["lower_wins"] else "higher is better)"),
                        ["seat", "per hand: mean", "sd", "median", "per game: mean", "sd"],
                        [[str(k), _f(h.get("mean")), _f(h.get("sd")), _f(h.get("median"), 1), _f(g.get("mean"), 1),
                          _f(g.get("sd"), 1)] for k, (h, g) in enumerate(zip(p["per_hand"], p["per_game"]))]))
    extra = [[r["measure"], r["side"], _f(r["base"], 3), _f(r["value"], 3), _diff_text(r), f"{r['p']:.2g}",
              r["test"]] for r in rep["differences"]]
    if extra:
        out.append(("Every difference", ["measure", "side", "A", "side's", "difference [95%]", "p", "test"], extra))
    return out


def _notes(rep: dict) -> list[str]:
    m = rep["meta"]
    notes = [f"{m['games']} games per side on the same seeds (seed {m['seed']}), bots {','.join(m['bots'])}; "
             f"the shape of play from the first {m['shape_games']} of them; {m['jobs']}, {m['seconds']:.1f} s.",
             "Ladder: " + ("; ".join(f"{r['bot']} alone against {r['against']} in {r['games']} games"
                                     for r in m["ladder"]) or "none") +
             (" (the ismcts rung plays fewer games: its intervals are wide)." if any(r["bot"].startswith("ismcts")
                                                                                      for r in m["ladder"]) else "."),
             "Order, fairness, convergence, drama and security are CardStock's formulas (docs/analysis.md); "
             "the lead history is the standing a table can see, not a search's estimate."]
    for s in rep["sides"]:
        sh = s["shape"]
        if sh["no_decision"]:
            notes.append(f"{s['name']}: {sh['no_decision']} of {sh['games']} traced games had no decision (the deal "
                         "decides them): no lead history for them.")
    return notes


def write_markdown(rep: dict, path: str) -> None:
    p = Path(path)
    lines = [f"# ruleplay analyze: {' vs '.join(s['name'] for s in rep['sides'])}", ""]
    lines += [f"- {n}" for n in _notes(rep)] + [""]
    for i, s in enumerate(rep["sides"]):
        lines.append(f"- {chr(65 + i)} = `{s['name']}` ({s['title']}, {s['players']} players)")
    for title, head, rows in _tables(rep):
        lines += ["", f"## {title}", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in rows]
    lines += ["", "## Pictures", ""]
    for name, text in pictures(rep).items():
        f = p.with_name(f"{p.stem}-{name}.svg")
        f.write_text(text, encoding="utf-8")
        lines.append(f"![{name}]({f.name})")
        lines.append("")
    p.write_text("\n".join(lines), encoding="utf-8")


def write_html(rep: dict, path: str) -> None:
    Path(path).write_text(html_page(rep), encoding="utf-8")


def html_page(rep: dict) -> str:
    """The report as one self-contained HTML page: its pictures inline SVG, no script, nothing fetched."""
    title = "ruleplay analyze: " + " vs ".join(s["name"] for s in rep["sides"])
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">', f"<title>{escape(title)}</title>",
             "<style>body{font-family:sans-serif;max-width:1200px;margin:1em auto;padding:0 1em}"
             "table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:2px 8px;"
             "text-align:right}td:first-child,th:first-child{text-align:left}svg{margin:4px}</style></head><body>",
             f"<h1>{escape(title)}</h1><ul>"]
    parts += [f"<li>{escape(n)}</li>" for n in _notes(rep)]
    parts += [f"<li>{chr(65 + i)} = <code>{escape(s['name'])}</code> ({escape(s['title'])}, {s['players']} players)</li>"
              for i, s in enumerate(rep["sides"])]
    parts.append("</ul><h2>Pictures</h2><div>")
    parts += list(pictures(rep).values())
    parts.append("</div>")
    for title_, head, rows in _tables(rep):
        parts.append(f"<h2>{escape(title_)}</h2><table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>")
        parts += ["<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows]
        parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts)

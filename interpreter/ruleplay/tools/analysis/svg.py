"""Small self-contained SVG charts (no network, no library): lines and grouped bars with whiskers.

Every text is escaped; sizes are fixed so a report reads the same everywhere. Used inline in the HTML
report and as files beside a Markdown one.
"""
from __future__ import annotations

import math
from html import escape
from typing import Sequence

W, H = 560, 300
LEFT, RIGHT, TOP, BOTTOM = 52, 150, 28, 40
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")


def _nice(lo: float, hi: float) -> tuple[float, float, float]:
    """Axis bounds and a tick step covering lo..hi with about five ticks."""
    if not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / 5
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    return math.floor(lo / step) * step, math.ceil(hi / step) * step, step


def _frame(title: str, xlabel: str, ylabel: str, y0: float, y1: float, step: float,
           xticks: Sequence[tuple[float, str]], x0: float, x1: float) -> tuple[list[str], callable, callable]:
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

    def X(x: float) -> float:
        return LEFT + (x - x0) / ((x1 - x0) or 1) * pw

    def Y(y: float) -> float:
        return TOP + ph - (y - y0) / ((y1 - y0) or 1) * ph
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           f'font-family="sans-serif" font-size="11" role="img" aria-label="{escape(title)}">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{LEFT}" y="16" font-size="13" font-weight="bold">{escape(title)}</text>']
    y = y0
    while y <= y1 + step / 2:
        out.append(f'<line x1="{LEFT}" x2="{LEFT + pw}" y1="{Y(y):.1f}" y2="{Y(y):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 4}" y="{Y(y) + 4:.1f}" text-anchor="end">{y:g}</text>')
        y += step
    for x, label in xticks:
        out.append(f'<text x="{X(x):.1f}" y="{TOP + ph + 14}" text-anchor="middle">{escape(label)}</text>')
    out.append(f'<line x1="{LEFT}" x2="{LEFT + pw}" y1="{TOP + ph}" y2="{TOP + ph}" stroke="#444"/>')
    out.append(f'<text x="{LEFT + pw / 2}" y="{H - 6}" text-anchor="middle">{escape(xlabel)}</text>')
    out.append(f'<text transform="translate(12,{TOP + ph / 2}) rotate(-90)" text-anchor="middle">{escape(ylabel)}</text>')
    return out, X, Y


def _legend(out: list[str], labels: Sequence[str], dashes: Sequence[str] | None = None,
            colours: Sequence[int] | None = None) -> None:
    for i, label in enumerate(labels):
        y = TOP + 8 + 16 * i
        dash = f' stroke-dasharray="{dashes[i]}"' if dashes and dashes[i] else ""
        c = COLOURS[(colours[i] if colours else i) % len(COLOURS)]
        out.append(f'<line x1="{W - RIGHT + 10}" x2="{W - RIGHT + 30}" y1="{y}" y2="{y}" '
                   f'stroke="{c}" stroke-width="2"{dash}/>')
        out.append(f'<text x="{W - RIGHT + 34}" y="{y + 4}">{escape(label[:22])}</text>')


def lines(title: str, xlabel: str, ylabel: str, series: Sequence[tuple[str, Sequence[float], Sequence[float]]],
          ylim: tuple[float, float] | None = None, dashes: Sequence[str] | None = None,
          colours: Sequence[int] | None = None) -> str:
    """A line chart: each series (label, xs, ys); NaN values break a line."""
    xs_all = [x for _, xs, _ in series for x in xs]
    ys_all = [y for _, _, ys in series for y in ys if math.isfinite(y)]
    x0, x1, xstep = _nice(*((min(xs_all), max(xs_all)) if xs_all else (0.0, 1.0)))
    lo, hi = ylim if ylim else ((min(ys_all), max(ys_all)) if ys_all else (0.0, 1.0))
    y0, y1, step = _nice(lo, hi)
    xt = [(x0 + xstep * i, f"{x0 + xstep * i:g}") for i in range(int(round((x1 - x0) / xstep)) + 1)]
    out, X, Y = _frame(title, xlabel, ylabel, y0, y1, step, xt, x0, x1)
    for i, (_, xs, ys) in enumerate(series):
        c = COLOURS[(colours[i] if colours else i) % len(COLOURS)]
        dash = f' stroke-dasharray="{dashes[i]}"' if dashes and dashes[i] else ""
        pts, runs = [], []
        for x, y in zip(xs, ys):
            if math.isfinite(y):
                pts.append(f"{X(x):.1f},{Y(y):.1f}")
            elif pts:
                runs.append(pts)
                pts = []
        runs.append(pts)
        for run in runs:
            if run:
                out.append(f'<polyline fill="none" stroke="{c}" stroke-width="2"{dash} points="{" ".join(run)}"/>')
    _legend(out, [s[0] for s in series], dashes, colours)
    out.append("</svg>")
    return "\n".join(out)


def bars(title: str, ylabel: str, groups: Sequence[str], series: Sequence[tuple[str, Sequence[float]]],
         whiskers: Sequence[Sequence[tuple[float, float]]] | None = None, ylim: tuple[float, float] | None = None,
         reference: float | None = None) -> str:
    """Grouped bars: one group per label in `groups`, one bar per series, optional (lo, hi) whiskers and a
    dashed reference line (the fair share)."""
    vals = [v for _, vs in series for v in vs if math.isfinite(v)]
    if whiskers:
        vals += [b for ws in whiskers for w in ws for b in w if math.isfinite(b)]
    lo, hi = ylim if ylim else (min([0.0] + vals), max([0.0] + vals))
    y0, y1, step = _nice(lo, hi)
    g = len(groups)
    xt = [(i + 0.5, name) for i, name in enumerate(groups)]
    out, X, Y = _frame(title, "", ylabel, y0, y1, step, xt, 0, g)
    k = max(1, len(series))
    width = (X(1) - X(0)) * 0.8 / k
    for j, (_, vs) in enumerate(series):
        c = COLOURS[j % len(COLOURS)]
        for i, v in enumerate(vs):
            if not math.isfinite(v):
                continue
            left = X(i) + (X(1) - X(0)) * 0.1 + j * width
            top, base = Y(max(v, 0.0)), Y(min(v, 0.0))
            out.append(f'<rect x="{left:.1f}" y="{top:.1f}" width="{width:.1f}" height="{max(base - top, 0.5):.1f}" '
                       f'fill="{c}" fill-opacity="0.8"/>')
            if whiskers:
                a, b = whiskers[j][i]
                mid = left + width / 2
                out.append(f'<line x1="{mid:.1f}" x2="{mid:.1f}" y1="{Y(a):.1f}" y2="{Y(b):.1f}" stroke="#222"/>')
    if reference is not None:
        out.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{Y(reference):.1f}" y2="{Y(reference):.1f}" '
                   f'stroke="#444" stroke-dasharray="4 3"/>')
    _legend(out, [s[0] for s in series])
    out.append("</svg>")
    return "\n".join(out)

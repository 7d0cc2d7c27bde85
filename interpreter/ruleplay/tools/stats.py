"""Statistics for simulations, in pure Python and on streamed histograms.

A simulation never keeps a list of games: every integer measure (actions,
cards played, a counter's total in one game) is kept as a histogram
``{value: games}``, which merges exactly across processes and stays small as
the number of games grows. Everything here works on such histograms, so
percentiles and rank tests are exact, not approximations of a sample.

Closed forms only (no scipy): Wilson score intervals, Newcombe's interval for
a difference of proportions, the pooled two-proportion z test, Welch's
interval for a difference of means, the Mann-Whitney U test (normal
approximation with tie and continuity correction, as scipy's
``mannwhitneyu(method="asymptotic")``), a bootstrap for the difference of
medians, and Holm's step-down adjustment for several tests.
"""
from __future__ import annotations

import math
import random
from bisect import bisect_right
from itertools import accumulate
from typing import Mapping, Sequence

Z95 = 1.959963984540054       # the 97.5% quantile of the standard normal

Hist = Mapping[int, int]


def norm_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def t_quantile_975(df: float) -> float:
    """The 97.5% quantile of Student's t (Cornish-Fisher expansion: within 0.004 at df = 3, 1e-5 from df = 10)."""
    if not math.isfinite(df) or df > 1e7:
        return Z95
    z = Z95
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4


# ----------------------------------------------------------------- proportions
def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials (default 95%)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    den = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def newcombe(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> tuple[float, float]:
    """Newcombe's hybrid score interval (method 10) for p2 - p1, built from the two Wilson intervals."""
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return (lo, hi)


def two_proportion(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """Pooled two-proportion z test of p1 == p2: (z, two-sided p). Equal rates (or 0/1 everywhere) give p = 1."""
    p = (k1 + k2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    if se == 0:
        return (0.0, 1.0)
    z = (k2 / n2 - k1 / n1) / se
    return (z, min(1.0, 2 * norm_sf(abs(z))))


# ----------------------------------------------------------------- histograms
def hist_n(h: Hist) -> int:
    return sum(h.values())


def hist_mean_var(h: Hist) -> tuple[float, float, int]:
    """(mean, sample variance, n); exact integer sums, so the result does not depend on merge order."""
    n = s = ss = 0
    for v, c in h.items():
        n += c
        s += v * c
        ss += v * v * c
    if n == 0:
        return (math.nan, math.nan, 0)
    mean = s / n
    var = (ss - s * s / n) / (n - 1) if n > 1 else 0.0
    return (mean, max(0.0, var), n)


def percentile(h: Hist, q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between order statistics
    (numpy's default, Hyndman-Fan type 7), computed on the histogram."""
    items = sorted(h.items())
    n = sum(c for _, c in items)
    if n == 0:
        return math.nan
    pos = (n - 1) * q / 100.0
    lo = math.floor(pos)
    frac = pos - lo

    def at(rank: int) -> int:      # the rank-th smallest value (0-based)
        seen = 0
        for v, c in items:
            seen += c
            if rank < seen:
                return v
        return items[-1][0]
    a = at(lo)
    if frac == 0:
        return float(a)
    b = at(lo + 1)
    return a + (b - a) * frac


def summary(h: Hist) -> dict:
    """mean, median, p5, p95, min, max and n of a histogram."""
    mean, var, n = hist_mean_var(h)
    if n == 0:
        return {"n": 0}
    return {"n": n, "mean": mean, "sd": math.sqrt(var), "median": percentile(h, 50), "p5": percentile(h, 5),
            "p95": percentile(h, 95), "min": min(h), "max": max(h)}


def moments_mean_var(n: int, s: float, ss: float) -> tuple[float, float, int]:
    """(mean, sample variance, n) from a count, a sum and a sum of squares: measures kept as sums, not histograms."""
    if n == 0:
        return (math.nan, math.nan, 0)
    mean = s / n
    var = (ss - s * s / n) / (n - 1) if n > 1 else 0.0
    return (mean, max(0.0, var), n)


def welch(h1: Hist, h2: Hist) -> tuple[float, float, float, float]:
    """mean2 - mean1 with Welch's 95% interval and a two-sided p (normal approximation, for large samples): (diff, lo, hi, p)."""
    return welch_moments(hist_mean_var(h1), hist_mean_var(h2))


def welch_moments(a: tuple[float, float, int], b: tuple[float, float, int]) -> tuple[float, float, float, float]:
    """`welch` from two (mean, variance, n) triples (`hist_mean_var`, `moments_mean_var`)."""
    m1, v1, n1 = a
    m2, v2, n2 = b
    if n1 == 0 or n2 == 0:
        return (math.nan, math.nan, math.nan, 1.0)
    d = m2 - m1
    se2 = v1 / n1 + v2 / n2
    if se2 == 0:
        return (d, d, d, 1.0 if d == 0 else 0.0)
    se = math.sqrt(se2)
    df = se2 ** 2 / ((v1 / n1) ** 2 / max(n1 - 1, 1) + (v2 / n2) ** 2 / max(n2 - 1, 1)) if se2 else math.inf
    t = t_quantile_975(df)
    return (d, d - t * se, d + t * se, min(1.0, 2 * norm_sf(abs(d) / se)))


def mann_whitney(h1: Hist, h2: Hist) -> tuple[float, float, float]:
    """Mann-Whitney U test of two samples given as histograms: (U1, two-sided p, effect).

    U1 counts the pairs (x from sample 1, y from sample 2) with x > y, ties
    counting one half, as scipy's `mannwhitneyu(x, y).statistic`. The p value
    is the normal approximation with tie correction and continuity correction
    (scipy's `method="asymptotic"`). `effect` is U1 / (n1 n2): the probability
    that a game of sample 1 is longer than one of sample 2 (0.5 = no effect).
    """
    n1, n2 = hist_n(h1), hist_n(h2)
    if n1 == 0 or n2 == 0:
        return (math.nan, 1.0, math.nan)
    u1 = 0.0
    below2 = 0
    ties = 0
    for v in sorted(set(h1) | set(h2)):
        a, b = h1.get(v, 0), h2.get(v, 0)
        u1 += a * (below2 + 0.5 * b)
        below2 += b
        t = a + b
        ties += t * t * t - t
    n = n1 + n2
    mu = n1 * n2 / 2
    var = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1))) if n > 1 else 0.0
    if var <= 0:
        return (u1, 1.0, u1 / (n1 * n2))
    u = max(u1, n1 * n2 - u1)
    z = (u - mu - 0.5) / math.sqrt(var)
    return (u1, min(1.0, 2 * norm_sf(z)), u1 / (n1 * n2))


def bootstrap_median_diff(h1: Hist, h2: Hist, resamples: int = 1000, seed: int = 0,
                          level: float = 0.95) -> tuple[float, float, float]:
    """median(2) - median(1) with a percentile-bootstrap interval: (diff, lo, hi). Seeded, so repeatable."""
    rng = random.Random(seed)

    def prep(h):
        vals = sorted(h)
        return vals, list(accumulate(h[v] for v in vals))

    def draw_median(vals, cum):
        n = cum[-1]
        picks = sorted(vals[bisect_right(cum, rng.randrange(n))] for _ in range(n))
        return (picks[(n - 1) // 2] + picks[n // 2]) / 2
    p1, p2 = prep(h1), prep(h2)
    diffs = sorted(draw_median(*p2) - draw_median(*p1) for _ in range(resamples))
    a = (1 - level) / 2
    lo = diffs[int(math.floor(a * (resamples - 1)))]
    hi = diffs[int(math.ceil((1 - a) * (resamples - 1)))]
    return (percentile(h2, 50) - percentile(h1, 50), lo, hi)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment: adjusted p values, family-wise error controlled over all tests."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out


def chi2_sf(x: float, df: int) -> float:
    """P(X > x) for a chi-square X with `df` (a whole number) degrees of freedom, in closed form:
    the Poisson sum for even df, erfc and the half-integer gamma terms for odd df."""
    if df < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if x <= 0:
        return 1.0
    h = x / 2.0
    if df % 2 == 0:
        term = total = math.exp(-h)
        for i in range(1, df // 2):
            term *= h / i
            total += term
        return min(1.0, total)
    total = math.erfc(math.sqrt(h))
    term = math.exp(-h) * math.sqrt(h) / math.gamma(1.5)      # i = 1: h^(1/2) e^-h / Gamma(3/2)
    for i in range(1, (df - 1) // 2 + 1):
        total += term
        term *= h / (i + 0.5)
    return min(1.0, total)


def chi_square_equal(counts: Sequence[int]) -> tuple[float, float]:
    """Pearson's chi-square test that every category is equally likely: (statistic, p) with len - 1 degrees
    of freedom; p = 1 when there are no counts or a single category."""
    k, n = len(counts), sum(counts)
    if k < 2 or n == 0:
        return (0.0, 1.0)
    e = n / k
    stat = sum((c - e) ** 2 / e for c in counts)
    return (stat, chi2_sf(stat, k - 1))

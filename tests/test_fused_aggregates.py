"""`sum/max/min(c.FIELD for c in ZONE)` is fused into one closure (expr.py `card_field`): it must give what
the general loop gives. A variant whose scoring spells the same sums in a form the fusion does not take
(`c.points * 1`) plays the same games, event for event."""
from __future__ import annotations

from ruleplay.engine import play
from ruleplay.pipeline import load

VARIANT = """
extends: hearts
name: hearts-unfused
scoring:
  points: "{points}"
"""


def _games(path, n: int = 12) -> list:
    rules = load(str(path), {"hands": "single"})
    return [play(rules, seed, bots=["random"] * 4).events[1:] for seed in range(n)]     # the start event names the file


def test_fused_and_general_sums_score_alike(tmp_path):
    games = {}
    spread = "0 if s.taken.size == 0 else sum({x} for c in s.taken) + max({x} for c in s.taken) - min({x} for c in s.taken)"
    for name, points in (("fused", spread.format(x="c.points")), ("general", spread.format(x="c.points * 1"))):
        path = tmp_path / f"{name}.yaml"
        path.write_text(VARIANT.format(points=points))
        games[name] = _games(path)
    assert games["fused"] == games["general"]
    scored = [e for g in games["fused"] for e in g if e["event"] == "score"]
    assert len(scored) == 12 and any(max(e["points"]) > 0 for e in scored)


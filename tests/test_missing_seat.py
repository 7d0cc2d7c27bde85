"""A seat that may be missing (`bidder` after a hand nobody bid on) has missing fields, not an internal
error: `bidder.score >= target` is false then, and a zone of no seat holds no cards. Found by writing
Five Hundred from the docs alone: the file validated and `run` stopped with a TypeError."""
from __future__ import annotations

from ruleplay.agents import play
from ruleplay.pipeline import load

VARIANT = """\
extends: five-hundred
define:
  bid-won: {expr: "bidder.score >= target and bidder.hand.size >= 0", description: "unguarded"}
"""


def test_fields_of_a_missing_bidder_are_missing(tmp_path):
    f = tmp_path / "unguarded.yaml"
    f.write_text(VARIANT)
    r = load(str(f), {}, 4)
    thrown_in = 0
    for seed in range(4):
        res = play(r, seed, bots=["lowest"] * 4, check=True, max_actions=3000)
        assert res.outcome in ("finished", "limit")
        thrown_in += sum(e["event"] == "all-passed" for e in res.events)
    assert thrown_in > 0                  # the case at hand: hands that nobody bid on were read

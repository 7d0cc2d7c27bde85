"""A `choose` phase with `each: true`: every seat asked chooses or passes, a choice not ending the round (Bourré's
fold-or-play, each player deciding for themselves, a fold sitting that player out)."""
from __future__ import annotations

from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

VARIANT = """extends: whist
name: fold-or-play
phases:
  fold:
    kind: choose
    before: play
    description: "Each player in turn folds or plays the hand."
    values: [fold]
    each: true
    allowed: "count(not x.sits-out for x in seats) > 2"
    sit-out: "s == actor"
"""


def test_every_seat_is_asked_once_and_those_who_fold_play_no_card(tmp_path):
    f = tmp_path / "v.yaml"
    f.write_text(VARIANT)
    rules = load(str(f), {})
    folds_seen = set()
    for seed in range(12):
        events = play(rules, seed, max_actions=300).events
        first = events.index(next(e for e in events if e["event"] == "choose"))
        asked = [e for e in events[first:first + 12] if e["event"] == "choose"]
        assert [e["seat"] for e in asked] == [(asked[0]["seat"] + k) % 4 for k in range(4)]
        folded = {e["seat"] for e in asked if e.get("value") == "fold"}
        assert len(folded) <= 2                        # `allowed`: two players stay in
        hand_end = next(i for i, e in enumerate(events) if e["event"] == "score")
        players = {e["seat"] for e in events[first:hand_end] if e["event"] == "play"}
        assert players == set(range(4)) - folded
        folds_seen.add(len(folded))
    assert folds_seen >= {0, 1, 2}                     # random seats fold now and then


def test_the_sheet_says_every_player_is_asked(tmp_path):
    f = tmp_path / "v.yaml"
    f.write_text(VARIANT)
    sheet = sheet_text(load(str(f), {}))
    assert "Every player asked chooses or passes; a choice does not end the round." in sheet

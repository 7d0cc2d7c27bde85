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


SEALED = VARIANT.replace("name: fold-or-play", "name: fold-or-play-sealed").replace(
    "    each: true\n", "    each: true\n    sealed: true\n").replace(
    '    allowed: "count(not x.sits-out for x in seats) > 2"\n', "")


def test_sealed_choices_are_made_unseen_and_shown_together(tmp_path):
    """`sealed: true`: every seat folds or plays in secret, all at once (Guts' in-or-out). A seat deciding sees
    no choice of the others (no decision, no choose event: before, the last to decide knew who had folded);
    then every choice is shown together, in turn order, and those who folded play no card."""
    import ruleplay
    f = tmp_path / "s.yaml"
    f.write_text(SEALED)
    game = ruleplay.load_game(str(f))
    rng_choices = [["pass", "fold fold", "fold fold", "pass"], ["fold fold", "pass", "pass", "fold fold"]]
    for seed, picks in enumerate(rng_choices):
        s = game.new_initial_state(seed=seed)
        for k in range(4):
            seat = s.current_player()
            seen = s.seat_events(seat)
            assert not [e for e in seen if e["event"] == "choose"]
            assert [e["seat"] for e in seen if e["event"] == "decision"] == []      # its own come at the end
            s.apply_action(next(a for a in s.legal_actions() if s.action_to_string(a) == picks[k]))
        first = (next(e for e in s.events() if e["event"] == "deal")["dealer"] + 1) % 4
        shown = [e for e in s.events() if e["event"] == "choose"]
        assert [e["seat"] for e in shown] == [(first + k) % 4 for k in range(4)]
        assert [("fold fold" if e.get("value") == "fold" else "pass") for e in shown] == picks
        out = {e["seat"] for e in shown if e.get("value") == "fold"}
        assert {e["seat"] for e in s.events() if e["event"] == "sit-out"} == out


def test_sealed_needs_each(tmp_path, capsys):
    from ruleplay.tools.cli import main
    f = tmp_path / "s.yaml"
    f.write_text(SEALED.replace("    each: true\n", ""))
    assert main(["validate", str(f)]) == 1
    assert "sealed choices are made by every seat asked, all at once" in capsys.readouterr().err


def test_a_sealed_game_replays_and_the_search_plays_it(tmp_path):
    from ruleplay.tools.logs.replay import read_log, replay
    f = tmp_path / "s.yaml"
    f.write_text(SEALED)
    events = play(load(str(f), {}), 3, bots=["ismcts:4", "smart", "random", "random"], max_actions=300).events
    log = tmp_path / "g.jsonl"
    import json
    log.write_text("".join(json.dumps(e) + "\n" for e in events))
    assert replay(read_log(str(log)), ruleset=str(f)).same

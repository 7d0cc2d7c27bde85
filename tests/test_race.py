"""A race after a move (`respond: {race: true}`): every player who may answer decides at once, sealed; who
reacted first is drawn by lot among those who answered, so no seat's place at the table wins a race, and
`slowest` runs for the last to react. Snap (tests/data/snap.yaml) is the test game."""
from __future__ import annotations

import json
from pathlib import Path

import ruleplay
from ruleplay.agents import make_bots, play
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text
from ruleplay.tools.logs.replay import read_log, replay

SNAP = str(Path(__file__).parent / "data" / "snap.yaml")


def test_when_both_call_snap_either_may_be_first_and_the_first_takes_both_piles():
    rules = load(SNAP, {})
    firsts = {0: 0, 1: 0}
    for seed in range(30):
        events = play(rules, seed, bots=["smart", "smart"], max_actions=600).events
        for i, e in enumerate(events):
            if e["event"] == "race" and len(e["answered"]) == 2:
                firsts[e["first"]] += 1
                answer = events[i + 1]
                assert answer["event"] == "respond" and answer["seat"] == e["first"]
                moved = [x for x in events[i + 2:i + 4] if x["event"] == "move"]
                assert {x["to_seat"] for x in moved} == {e["first"]} and {x["to"] for x in moved} == {"stock"}
    assert min(firsts.values()) >= 0.3 * sum(firsts.values()) and sum(firsts.values()) >= 40


def test_a_race_with_a_slowest_rule_names_the_last_to_react(tmp_path):
    """Everyone who let the snap pass is slower than those who called: the last is one of them."""
    text = Path(SNAP).read_text().replace("              prefer: \"1\"\n", "").replace(
        "          race: true\n", "          race: true\n          slowest: [{add: {actor.slow: 1}}]\n").replace(
        "deal: {to: stock, count: all}", "counters: {slow: {start: 0}}\ndeal: {to: stock, count: all}")
    f = tmp_path / "snap.yaml"
    f.write_text(text)
    rules = load(str(f), {})
    assert "the last to react (one who let it pass, if any): the player's slow goes up by 1" in sheet_text(rules)
    races = 0
    for seed in range(10):
        events = play(rules, seed, max_actions=400).events
        for i, e in enumerate(events):
            if e["event"] == "race":
                races += 1
                passed = {0, 1} - set(e["answered"])
                assert e["last"] in (passed or set(e["answered"]))
                assert e["last"] != e["first"] or len(e["answered"]) == 1 and not passed    # never both, but alone
                assert any(x["event"] == "set" and x["name"] == "slow" and x["seat"] == e["last"]
                           for x in events[i:i + 6])
    assert races >= 10


def test_a_race_replays_from_its_log_and_ismcts_plays_it_legally(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "snap.yaml").write_text(Path(SNAP).read_text())
    rules = load("snap.yaml", {})
    log = tmp_path / "g.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in play(rules, 5, max_actions=300).events))
    assert replay(read_log(log)).same
    g = ruleplay.load_game(SNAP)
    s = g.new_initial_state(3, max_actions=200)
    bots = make_bots(["ismcts:2", "random"], 3)
    while not s.is_terminal():
        s.apply_action(ruleplay.bot_action(s, bots[s.decision().seat]))


def test_who_may_read_the_mover(tmp_path):
    """`who: "s != mover"`: the mover is left out of the race, the others race (mover is known to `who`)."""
    f = tmp_path / "snap.yaml"
    f.write_text(Path(SNAP).read_text().replace("          race: true\n", "          race: true\n          who: \"s != mover\"\n"))
    rules = load(str(f), {})
    races = 0
    for seed in range(10):
        events = play(rules, seed, bots=["smart", "smart"], max_actions=400).events
        for i, e in enumerate(events):
            if e["event"] == "race":
                races += 1
                mover = next(x["seat"] for x in reversed(events[:i]) if x["event"] == "move" and x["to"] == "pile")
                assert mover not in e["answered"] and e["first"] != mover
    assert races >= 5

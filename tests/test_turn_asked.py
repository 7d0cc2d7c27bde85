"""A person turns their own cards (`ask_turns`): in flip and battle phases each card a seat turns is first a
decision of one action, "turn a card", for a seat answered outside the engine (the web table's people). The
game is the same game: the same events but those decisions, the same cycle found, and its log replays."""
from __future__ import annotations

import pytest

import ruleplay
from ruleplay.agents import make_bots
from ruleplay.tools.cli import main


def played(name: str, seed: int, asked: bool, players: int | None = None):
    """Seat 0 answered from outside (no slap in a window, else the one action); the others random bots."""
    g = ruleplay.load_game(name, players=players)
    n = g.num_players()
    s = g.new_initial_state(seed=seed, inline=lambda: [None] + make_bots(["random"] * n, seed)[1:],
                            ask_turns=[0] if asked else (), max_actions=20_000)
    turns = 0
    while not s.is_terminal():
        labels = {s.action_to_string(a): a for a in s.legal_actions()}
        if "turn a card" in labels:
            assert list(labels) == ["turn a card"] and s.current_player() == 0
            turns += 1
        s.apply_action(labels.get("no slap", labels.get("turn a card", s.legal_actions()[0])))
    return s, turns


@pytest.mark.parametrize("name, seed", [("war", 3), ("beggar-my-neighbour", 2), ("ers", 4), ("war", 0)])
def test_turning_ones_own_cards_plays_the_same_game(name, seed):
    asked, turns = played(name, seed, True)
    auto, none = played(name, seed, False)
    assert none == 0 and turns > 0
    keep = lambda s: [e for e in s.events() if e["event"] not in ("decision", "start")]   # noqa: E731
    assert keep(asked) == keep(auto)
    assert asked.result().outcome == auto.result().outcome          # war seed 0 loops: a cycle both ways
    plays = [e for e in asked.events() if e["event"] in ("play", "battle")]
    asks = [e for e in asked.events() if e["event"] == "decision" and e["label"] == "turn a card"]
    assert all(e["seat"] == 0 for e in asks)
    # a cycle's game is played again to where the loop starts: its log stops there, before the later turns
    assert len(asks) == turns if asked.result().outcome != "cycle" else 0 < len(asks) < turns
    if name != "war":                                                # each of seat 0's cards was asked for
        assert turns == sum(1 for e in plays if e["seat"] == 0)
    assert {"event": "start"}.items() <= asked.events()[0].items() and asked.events()[0]["ask_turns"] == [0]


def test_the_log_of_a_game_whose_person_turned_their_cards_replays(tmp_path):
    import json
    s, _ = played("beggar-my-neighbour", 2, True)
    path = tmp_path / "bmn.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in s.events()), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    bad = [dict(e, ask_turns=[5]) if e["event"] == "start" else e for e in s.events()]
    path.write_text("".join(json.dumps(e) + "\n" for e in bad), encoding="utf-8")
    assert main(["replay", str(path)]) == 1                         # a seat that does not exist is refused

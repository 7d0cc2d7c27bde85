"""Deals drawn card by card as chance decisions (`new_initial_state(chance=True)`, OpenSpiel's chance nodes):
the deal follows the draws, no seat learns of them, a copy and a replay of the log play the same game."""
from __future__ import annotations

import json
import random

import ruleplay
from ruleplay.engine.decision import CHANCE
from ruleplay.tools.cli import main


def drawn_game(name: str, seed: int, **options):
    """A game whose every chance decision and choice is drawn at random with `seed`."""
    s = ruleplay.load_game(name, options=options or None).new_initial_state(chance=True, max_actions=20_000)
    rng = random.Random(seed)
    while not s.is_terminal():
        acts = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
        s.apply_action(rng.choice(acts))
    return s


def test_the_deal_follows_the_draws_and_every_draw_is_uniform():
    game = ruleplay.load_game("black-maria")           # three players, a random first dealer, 51 cards dealt out
    d = len(game.rules.deck)
    s = game.new_initial_state(chance=True)
    assert s.current_player() == CHANCE and s.chance_outcomes() == [(k, 1 / 3) for k in range(3)]   # the dealer
    s.apply_action(1)
    order = []
    while s.is_chance_node():
        outs = s.chance_outcomes()
        assert [p for _, p in outs] == [1 / len(outs)] * len(outs) and len(outs) == d - len(order)
        order.append(outs[-1][0])                        # always the highest card left
        s.apply_action(order[-1])
    order.append(min(set(range(d)) - set(order)))
    names = game.rules.deck.names
    deal = next(ev for ev in s.events() if ev["event"] == "deal")
    assert deal["dealer"] == 1
    for k in range(3):                                   # one at a time from the dealer's left: seat 2 first
        assert deal["hands"][(2 + k) % 3] == [names[c] for c in order[k::3]][::-1]   # listed top first
    assert not any(ev["event"] == "chance-draw" for seat in range(3) for ev in s.seat_events(seat))
    c = s.clone()
    assert c.history() == s.history() and c.observation_string(0) == s.observation_string(0)


def test_a_game_with_drawn_deals_replays_from_its_log(tmp_path, capsys):
    s = drawn_game("crazy-eights", 2)
    assert sum(ev["event"] == "chance-draw" for ev in s.events()) >= 2        # the dealer, then the deal
    log = tmp_path / "g.jsonl"
    log.write_text("".join(json.dumps(ev) + "\n" for ev in s.events()))
    assert main(["replay", str(log)]) == 0
    assert "replays identically" in capsys.readouterr().out
    lines = log.read_text().splitlines()
    i = next(n for n, line in enumerate(lines) if '"chance-draw"' in line and '"seat ' not in line)
    ev = json.loads(lines[i])
    ev["drawn"][3] = "XX"
    lines[i] = json.dumps(ev)
    log.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr()
    assert f":{i + 1}:" in err.err and "chance draw 'XX' is not one this game can draw now" in err.err


def test_seeded_games_are_as_before():
    """Without `chance`, a seed deals as it always has (the golden logs hold the long form of this)."""
    g = ruleplay.load_game("hearts")
    a, b = g.new_initial_state(seed=5), g.new_initial_state(seed=5)
    assert not a.is_chance_node() and a.events() == b.events()
    assert not any(ev["event"] == "chance-draw" for ev in a.events())

"""The steppable state's contract on every shipped ruleset (ruleplay.engine.state)."""
import random
import re

import pytest

import ruleplay
from ruleplay.agents import make_bots
from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.resources import builtin_names

ALL = builtin_names()
CARD = re.compile(r"^(10|[2-9TJQKA])[CDHS]$|^JK$")


def _playout(state, seed: int, limit: int = 5000) -> list[int]:
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_terminal():
            return state.history()
        state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("a random playout did not end")


def _game(name):
    # short matches keep the suite fast: one hand where the ruleset has such an option
    g = ruleplay.load_game(name)
    opts = g.rules.option_specs
    if "hands" in opts and "single" in (opts["hands"].get("choices") or []):
        g = ruleplay.load_game(name, options={"hands": "single"})
    elif "hand-sizes" in opts:
        g = ruleplay.load_game(name, options={"hand-sizes": [3, 2]})
    return g


def _without_bots(events: list[dict]) -> list[dict]:
    """The events less the start event's `bots` (a state's seats are 'external': the caller decides)."""
    return [{k: v for k, v in e.items() if k != "bots"} if e["event"] == "start" else e for e in events]


@pytest.mark.parametrize("name", ALL)
def test_random_playouts_end_and_replay_event_for_event(name):
    g = _game(name)
    for seed in range(2):
        a = g.new_initial_state(seed=seed)
        actions = _playout(a, seed)
        b = g.new_initial_state(seed=seed)
        for x in actions:
            b.apply_action(x)
        assert a.is_terminal() and b.is_terminal()
        assert a.events() == b.events() and a.events()[-1]["event"] == "end"
        assert a.current_player() == ruleplay.TERMINAL and a.legal_actions() == []
        assert len(a.returns()) == g.num_players()


@pytest.mark.parametrize("name", ALL)
def test_the_state_plays_what_engine_play_plays_with_the_same_bots(name):
    g = _game(name)
    n = g.num_players()
    for kinds in (["random"] * n, ["lowest", "highest"] * (n // 2) + ["smart"] * (n % 2)):
        state = g.new_initial_state(seed=3)
        bots = make_bots(kinds, 3)
        while not state.is_terminal():
            state.apply_action(ruleplay.bot_action(state, bots[state.current_player()]))
        assert _without_bots(state.events()) == _without_bots(play(g.rules, seed=3, bots=kinds).events)


def test_games_without_decisions_are_terminal_when_created():
    assert not ruleplay.load_game("ers").new_initial_state(seed=5).is_terminal()     # slap windows are decisions
    for name in ("beggar-my-neighbour", "beggar-my-neighbour-ers"):
        s = ruleplay.load_game(name).new_initial_state(seed=5)
        assert s.is_terminal() and s.history() == []
        assert _without_bots(s.events()) == _without_bots(play(load(name), seed=5).events)
        winners = s.result().winners
        assert s.returns() == [1.0 if i in winners else 0.0 for i in range(s.game.num_players())]


@pytest.mark.parametrize("name", ["hearts", "oh-hell", "one-card", "ers"])
def test_clones_are_independent(name):
    g = _game(name)
    s = g.new_initial_state(seed=7)
    rng = random.Random(7)
    for _ in range(5):
        s.apply_action(rng.choice(s.legal_actions()))
    c = s.clone()
    assert c.history() == s.history() and c.events() == s.events()
    before = (s.history(), s.events())
    c.apply_action(c.legal_actions()[-1])
    assert (s.history(), s.events()) == before                      # the original did not move
    s.apply_action(c.history()[-1])
    assert s.events() == c.events()                                  # and both go on alike


@pytest.mark.parametrize("name", ["hearts", "hearts-seed", "oh-hell", "one-card", "one-card-two-of-diamonds-joker",
                                  "ers-wikihow", "ers-instructables"])
def test_labels_are_distinct_and_observations_hide_other_hands(name):
    g = _game(name)
    s = g.new_initial_state(seed=11)
    rng = random.Random(11)
    rules = g.rules
    for _ in range(400):                  # a whole game of tricks; a few hundred slap decisions
        if s.is_terminal():
            break
        acts = s.legal_actions()
        labels = [s.action_to_string(a) for a in acts]
        assert len(set(labels)) == len(labels) and acts == sorted(acts)
        t = s._table
        for me in range(g.num_players()):
            seen = set()
            for z in rules.shared_zones:
                if z.visibility == "public":
                    seen |= {rules.deck.names[c] for c in t.shared[z.index]}
            for z in rules.seat_zones:
                for seat in range(g.num_players()):
                    if z.visibility == "public" or (z.visibility == "owner" and seat == me):
                        seen |= {rules.deck.names[c] for c in t.seat_zones[z.index][seat]}
            body = s.observation_string(me).split("\n")[1:]          # after the title line
            shown = {w.strip("()") for w in " ".join(body).split()}
            shown = {w for w in shown if CARD.match(w)}
            assert shown <= seen, f"seat {me} sees {sorted(shown - seen)}"
        s.apply_action(rng.choice(acts))


def test_labels_and_bad_input():
    s = ruleplay.load_game("one-card", players=3).new_initial_state(seed=3)
    labels = [s.action_to_string(a) for a in s.legal_actions()]
    assert labels[0] == "pass" and labels[1:] == [f"bid {b}" for b in range(7, 16)]
    with pytest.raises(ValueError):
        s.apply_action(0)                      # a card where a bid is asked
    with pytest.raises(ruleplay.RulesError) as exc:
        ruleplay.load_game("hearts", options={"passing": "sideways"})
    assert "option 'passing' must be one of" in exc.value.errors[0].message

"""Every shipped ruleset with decisions as a PettingZoo AEC environment passes PettingZoo's api_test."""
import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

from ruleplay.adapters.pettingzoo import env  # noqa: E402

CASES = [("hearts", None, {"hands": "single"}), ("hearts-seed", None, None), ("oh-hell", 3, {"hand-sizes": [3]}),
         ("one-card", 3, {"target": 10}), ("one-card-two-of-diamonds-joker", 4, {"target": 10})]


@pytest.mark.parametrize("ruleset, players, options", CASES)
def test_api_test(ruleset, players, options):
    api_test(env(ruleset, players, options), num_cycles=200, verbose_progress=False)


def test_observation_shows_own_cards_and_hides_others():
    e = env("oh-hell", 3, {"hand-sizes": [4]})
    e.reset(seed=2)
    raw = e.unwrapped
    t = raw.state._table
    me = raw.possible_agents.index(e.agent_selection)
    obs = e.observe(e.agent_selection)
    deck = raw.game.rules.deck
    places = raw._places
    onehot = obs["observation"][: len(deck) * places].reshape(len(deck), places)
    assert (onehot.sum(axis=1) == 1).all()                        # every card has one place
    hand = raw.game.rules.zones["hand"]
    zi = raw._seat_zones.index(hand)
    for s in range(3):
        for c in t.seat_zones[hand.index][s]:
            col = np.flatnonzero(onehot[c])[0]
            assert col == (zi * 3 if s == me else places - 1)        # own hand at offset 0; others unknown
    legal = np.flatnonzero(obs["action_mask"]).tolist()
    assert legal == raw.state.legal_actions()


def test_a_full_game_gives_the_returns_as_rewards():
    e = env("oh-hell", 4, {"hand-sizes": [5]})
    e.reset(seed=0)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert list(total.values()) == e.unwrapped.state.returns()

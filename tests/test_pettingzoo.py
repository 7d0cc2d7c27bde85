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
    t = raw.game_state._table
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
    assert [raw.actions.ruleplay(a) for a in legal] == raw.game_state.legal_actions()


def rewards_of_a_game(e, seed: int) -> dict:
    """Each agent's rewards summed over a game in which every agent takes its first legal action."""
    e.reset(seed=seed)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    return total


def test_a_full_game_gives_the_returns_as_rewards():
    e = env("oh-hell", 4, {"hand-sizes": [5]})
    total = rewards_of_a_game(e, 0)
    state = e.unwrapped.game_state
    assert list(total.values()) == [float(x) for x in state.result().scores]     # Oh Hell: the highest total wins


def test_unseeded_resets_draw_fresh_deals_and_a_seed_repeats_them():
    e = env("oh-hell", 3, {"hand-sizes": [4]})

    def hand():
        e.reset()
        return e.unwrapped.game_state.observation_string(0)

    assert len({hand() for _ in range(6)}) > 1
    e.reset(seed=5)
    a = e.unwrapped.game_state.observation_string(0)
    nxt = [hand() for _ in range(3)]
    e.reset(seed=5)
    assert e.unwrapped.game_state.observation_string(0) == a
    assert [hand() for _ in range(3)] == nxt             # the later unseeded resets follow the seed


def test_global_state_and_state_space():
    e = env("hearts", None, {"hands": "single"})
    e.reset(seed=1)
    raw = e.unwrapped
    g = e.state()
    assert g.shape == raw.state_space.shape and raw.state_space.contains(g)
    size = raw.layout.size
    for i, agent in enumerate(raw.possible_agents):
        assert (g[i * size:(i + 1) * size] == e.observe(agent)["observation"]).all()


def test_the_action_limit_truncates():
    e = env("hearts", None, {"hands": "single"}, max_actions=10)
    e.reset(seed=0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        steps += 1
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    raw = e.unwrapped
    assert raw.game_state.result().outcome == "limit"
    assert all(raw.truncations.values()) and not any(raw.terminations.values())


def test_infos_carry_labels_and_points():
    e = env("oh-hell", 3, {"hand-sizes": [2]})
    e.reset(seed=3)
    raw = e.unwrapped
    agent = e.agent_selection
    info = raw.infos[agent]
    ruleplay_ids = [raw.actions.ruleplay(a) for a in info["legal_actions"]]
    assert ruleplay_ids == raw.game_state.legal_actions()
    assert info["labels"] == [raw.game_state.action_to_string(a) for a in ruleplay_ids]
    assert all(raw.infos[a]["points"] == 0 for a in raw.possible_agents)
    final = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            final[agent] = info["points"]
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    scores = raw.game_state.result().scores
    assert [final[a] for a in raw.possible_agents] == scores and any(scores)


def test_normalized_rewards_stay_available():
    e = env("oh-hell", 3, {"hand-sizes": [2]}, returns="normalized")
    total = rewards_of_a_game(e, 3)
    assert list(total.values()) == e.unwrapped.game_state.returns() and max(total.values()) == 1.0


def test_observations_read_incrementally_match_a_fresh_reading_across_resets():
    e = env("hearts", None, {"hands": "single"})
    raw = e.unwrapped
    for seed in (1, 2):
        e.reset(seed=seed)
        for agent in e.agent_iter(max_iter=80):
            obs, reward, term, trunc, info = e.last()
            seat = raw.possible_agents.index(agent)
            assert (obs["observation"] == raw.layout.encode(raw.game_state, seat)).all()
            e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))

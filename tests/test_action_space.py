"""The learners' action space (adapters/actions.py): only what the ruleset's phases may offer, numbered 0..k-1.

Each phase kind says what its phases may offer (`offers(space)`); a random game of every shipped ruleset
offers nothing outside it (a kind that forgot an action would fail the adapters here, not at a learner's).
"""
from __future__ import annotations

import random

import pytest

from ruleplay.adapters.actions import Actions
from ruleplay.pipeline import load_game
from ruleplay.resources import builtin_names


@pytest.mark.parametrize("name", builtin_names())
def test_a_random_game_offers_only_declared_actions(name):
    game = load_game(name)
    declared = set(game.space.offered())
    rng = random.Random(1)
    s = game.new_initial_state(seed=1, max_actions=600, log=False)
    seen = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        assert set(legal) <= declared, [game.space.label(a) for a in set(legal) - declared]
        s.apply_action(rng.choice(legal))
        seen += 1
    assert seen or name in ("war", "beggar-my-neighbour", "beggar-my-neighbour-ers", "baccarat")


def test_sizes_are_the_games_decisions():
    hearts = Actions.of(load_game("hearts"))
    assert len(hearts) == 52 and load_game("hearts").num_distinct_actions() == 1057
    # Oh Hell: 52 cards, a pass, bids 0..52 (the range's max is the hand size: at most the deck)
    oh = load_game("oh-hell")
    assert len(Actions.of(oh)) == 52 + 1 + 53
    assert Actions.of(load_game("war")).ids == (oh.space.YES,)     # only "turn a card", on its owner's word
    euchre = load_game("euchre")
    a = Actions.of(euchre)
    assert all(a.compact(a.ruleplay(i)) == i for i in range(len(a)))
    assert euchre.space.label(a.ruleplay(0)) == euchre.rules.deck.names[0]
    with pytest.raises(ValueError, match="no phase of the rules declares it"):
        a.compact(euchre.space.NO_SLAP)
    with pytest.raises(ValueError, match="outside"):
        a.ruleplay(len(a))


def test_a_slap_window_reaches_a_learner_as_a_few_time_buckets():
    """ERS's window offers no slap and 999 timings; a learner sees no slap and 10 buckets ("slap at 1-100 ms"),
    each playing the earliest time in it that the window offers, and every ruleplay timing maps to its bucket."""
    from ruleplay.adapters.actions import SLAP_BUCKETS
    game = load_game("ers-triples")
    space = game.space
    a = Actions.of(game)
    timed = [x for x in space.offered() if space.SLAP0 <= x < space.OWN0]
    assert len(timed) == 999 and len(a.members) == SLAP_BUCKETS == 10
    buckets = sorted(a.members)
    assert [a.label(b) for b in buckets[:2]] == ["slap at 1-100 ms", "slap at 101-200 ms"]
    assert a.label(buckets[-1]) == "slap at 901-999 ms" and a.label(a.compact(space.NO_SLAP)) is None
    assert a.compact(space.slap(150, 1)) == buckets[1] and a.compact(space.slap(999, 1)) == buckets[-1]
    assert a.ruleplay(buckets[1]) == space.slap(101, 1)
    # at a real window: the learner's legal actions are no slap and the ten buckets, in ascending order
    s = game.new_initial_state(seed=4, max_actions=2000)
    rng = random.Random(4)
    while not s.is_terminal() and space.NO_SLAP not in s.legal_actions():
        s.apply_action(rng.choice(s.legal_actions()))
    legal = a.compact_all(s.legal_actions())
    assert legal == sorted(legal) and len(legal) == 1 + SLAP_BUCKETS
    assert a.ruleplay(buckets[3], s) == space.slap(301, 1)


def test_a_bucket_plays_the_earliest_time_the_window_offers():
    """A window that offers only some times (a bucket's start not among them) plays the earliest one offered."""
    game = load_game("ers-triples")
    space = game.space
    a = Actions.of(game)
    b = a.compact(space.slap(250, 1))

    class Window:                                   # a state whose window offers 230..260 ms only
        def legal_actions(self):
            return [space.NO_SLAP, *(space.slap(t, 1) for t in range(230, 261))]
    assert a.ruleplay(b, Window()) == space.slap(230, 1)
    assert a.compact_all(Window().legal_actions()) == [a.compact(space.NO_SLAP), b]

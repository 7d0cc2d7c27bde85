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

"""`smart` at a `choose` phase (naming trump, ordering up, going alone) and in trick games without bids.

Before it had a view of choices, `smart` passed every choice it could pass: four `smart` seats at Euchre
threw in every hand and stopped at the throw-in limit. Without `want`, it played Whist to lose tricks.
"""
from __future__ import annotations

from ruleplay.agents.bots import smart_value
from ruleplay.agents import play
from ruleplay.kinds.choose import ChoiceView
from ruleplay.pipeline import load


def test_it_takes_the_value_it_is_strong_in():
    v = ChoiceView(seat=0, values=["C", "D", "H", "S"], held=[1.0, 3.5, 0.0, 1.0], hand_size=5, may_pass=True)
    assert smart_value(v) == 1 + 1                  # action 0 is the pass; D is the second value


def test_it_passes_when_weak_and_takes_the_best_when_it_may_not_pass():
    weak = ChoiceView(seat=0, values=["C", "D", "H"], held=[1.0, 1.5, 2.0], hand_size=5, may_pass=True)
    assert smart_value(weak) == 0
    forced = ChoiceView(seat=0, values=["C", "D", "H"], held=[1.0, 1.5, 2.0], hand_size=5, may_pass=False)
    assert smart_value(forced) == 2                  # no pass among the actions: H is the third


def test_it_does_not_go_alone_on_nothing():
    alone = ChoiceView(seat=0, values=["yes"], held=[0.0], hand_size=5, may_pass=True)
    assert smart_value(alone) == 0


def test_four_smart_seats_play_euchre_to_the_end():
    r = load("euchre", {}, 4)
    for seed in range(6):
        res = play(r, seed, bots=["smart"] * 4, check=True)
        assert res.outcome == "finished", res.outcome
        assert max(res.scores) >= 10
        made = [e for e in res.events if e["event"] == "choose" and "value" in e]
        assert made, "somebody names trump"


def test_smart_partners_beat_random_partners():
    euchre, whist = load("euchre", {}, 4), load("whist", {}, 4)
    for rules in (euchre, whist):
        wins = sum(0 in play(rules, seed, bots=["smart", "random", "smart", "random"], log=False).winners
                   for seed in range(60))
        assert wins >= 45, (rules.name, wins)

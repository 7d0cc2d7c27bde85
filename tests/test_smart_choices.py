"""`smart` at a `choose` phase (naming trump, ordering up, going alone) and in trick games without bids.

Before it had a view of choices, `smart` passed every choice it could pass: four `smart` seats at Euchre
threw in every hand and stopped at the throw-in limit. Without `want`, it played Whist to lose tricks.
"""
from __future__ import annotations

from ruleplay.agents.bots import smart_value
from ruleplay.agents import make_bots, play
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


def test_a_prefer_rates_the_values_and_a_pass_rates_0():
    rated = ChoiceView(seat=0, values=["pick", "wait"], held=[0.0, 5.0], hand_size=5, may_pass=True, rated=[2, 1])
    assert smart_value(rated) == 1                   # pick (2) over wait (1), both over a pass (0)
    low = ChoiceView(seat=0, values=["pick"], held=[5.0], hand_size=5, may_pass=True, rated=[0])
    assert smart_value(low) == 0                     # not above 0: a pass, however many cards it holds
    forced = ChoiceView(seat=0, values=["pick", "wait"], held=[0.0, 0.0], hand_size=5, may_pass=False, rated=[-3, -1])
    assert smart_value(forced) == 1                  # no pass among the actions: the better of two bad values


# Euchre with a `prefer` on ordering up: order it up holding three or more of the turned card's suit. Seat 1
# deals; the kitty's top is 9H. Seat 2 holds two hearts (rates 0: passes; without the prefer its AH KH count 3
# of its 5 cards, and it ordered up), seat 3 three (rates 1: orders up).
def test_smart_follows_a_choose_phase_s_prefer(tmp_path):
    from ruleplay.engine.run import Deal
    from ruleplay.engine.state import Game
    p = tmp_path / "pref.yaml"
    p.write_text("extends: euchre\nname: pref\nphases:\n  order-up:\n"
                 "    prefer: \"count(c.suit == kitty.top.suit for c in actor.hand) - 2\"\n", encoding="utf-8")
    deal = Deal([["9C", "10C", "JC", "QC", "KC"], ["9S", "10S", "JS", "QS", "KS"],
                 ["AH", "KH", "9D", "10D", "JD"], ["10H", "JH", "QH", "AS", "QD"]],
                rest=["9H", "KD", "AD", "AC"], dealer=1)
    s = Game(load(str(p))).new_initial_state(seed=0, deal=deal, inline=lambda: make_bots(["smart"] * 4, 0))
    chose = [(e["seat"], e.get("value", "pass")) for e in s.events() if e["event"] == "choose"]
    assert chose[:2] == [(2, "pass"), (3, "H")]

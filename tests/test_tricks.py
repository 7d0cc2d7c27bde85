"""The trick and pass phase kinds on small rulesets: trumps, orders, flags, leaders, passing."""
from pathlib import Path

import pytest

from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.pipeline import load

DATA = Path(__file__).parent / "data"
ONE = Deal([["6D"], ["8D"], ["2H"], ["KC"]], dealer=3)   # seat 0 leads 6D (hearts.md 3.4's example)


def mini(**sets):
    return load(str(DATA / "mini-one.yaml"), {k: str(v) for k, v in sets.items()})


def trick_events(r):
    return [e for e in r.events if e["event"] == "trick"]


@pytest.mark.parametrize("trump, winner", [("none", 1), ("S", 1), ("D", 1), ("H", 2), ("C", 3)])
def test_trick_winner_and_trumps(trump, winner):
    # No trump: the highest card of the led suit (8D) wins; KC and 2H are off-suit.
    # A trump suit that was played wins with its highest card, however low.
    r = play(mini(**{"trump-suit": trump}), deal=ONE, check=True)
    (t,) = trick_events(r)
    assert t["leader"] == 0
    assert t["cards"] == [[0, "6D"], [1, "8D"], [2, "2H"], [3, "KC"]]
    assert t["winner"] == winner
    assert t["points"] == 1
    assert r.tricks == 1 and r.cards_played == 4


def test_order_expression_reverses_ranks():
    r = play(mini(**{"low-wins": "true"}), deal=ONE, check=True)
    assert trick_events(r)[0]["winner"] == 0            # 6D beats 8D when low wins


def test_flags_tricks_and_named_rule_reach_scoring():
    r = play(mini(), deal=ONE, check=True)
    score = next(e for e in r.events if e["event"] == "score")
    assert score["rule"] == "flagged" and score["who"] == [1]
    assert score["tricks_won"] == [0, 1, 0, 0]
    assert r.hand_scores == [[0, 101, 0, 0]]          # 100 * s.tricks + s.points


def test_direction_and_dealer_change_the_leader():
    r = play(mini(), deal=Deal([["6D"], ["8D"], ["2H"], ["KC"]], dealer=1), check=True)
    t = trick_events(r)[0]
    assert t["leader"] == 2 and t["cards"][0] == [2, "2H"]
    assert t["winner"] == 2                             # hearts led; nobody follows


def test_received_cards_are_not_passed_again():
    rules = load(str(DATA / "two-pass.yaml"))
    for seed in range(5):
        r = play(rules, seed=seed, check=True, bots=["lowest"] * 4)
        first, second = [e for e in r.events if e["event"] == "pass"]
        assert first["offset"] == 1 and second["offset"] == -1
        for s in range(4):
            got = set(first["cards"][(s - 1) % 4])
            assert not got & set(second["cards"][s])
        assert r.cards_played == 52 and r.tricks == 13


def test_one_legal_card_does_not_ask_the_bot():
    # With one card each there is never a choice, so random bots give the same game for every seed.
    a = play(mini(), seed=1, deal=ONE)
    b = play(mini(), seed=2, deal=ONE)
    assert [e for e in a.events if e["event"] != "start"] == [e for e in b.events if e["event"] != "start"]

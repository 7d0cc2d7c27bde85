import pytest

from ruleplay.engine import Deal, play
from ruleplay.pipeline import load


@pytest.fixture(scope="session")
def bmn():
    return load("beggar-my-neighbour")


def honours_deal(p0: str, p1: str) -> Deal:
    """A deal written as honour patterns ('-' is any number card), the way BMN records are published."""
    nums = [f"{r}{s}" for s in "CDHS" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10"]]
    hon = {k: [f"{k}{s}" for s in "CDHS"] for k in "JQKA"}

    def conv(p):
        return [nums.pop(0) if ch == "-" else hon[ch].pop() for ch in p]
    return Deal([conv(p0), conv(p1)])


def ev(r, kind):
    """The events of one kind, in order."""
    return [e for e in r.events if e["event"] == kind]


def oh(players=3, **sets):
    return load("oh-hell", {k: str(v) for k, v in sets.items()}, players)


# 3 players, dealer 2: seat 0 bids first and leads; the first rest card (9S) is turned up: spades are trump
DEAL4 = Deal([["AS", "KS", "QS", "JS"], ["2C", "3C", "4C", "5C"], ["2D", "3D", "4D", "5D"]],
             rest=["9S", "2H"], dealer=2)

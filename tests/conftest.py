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

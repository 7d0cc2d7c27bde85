"""`smart` reads the game's own points table (issue 37): a card worth less than nothing (Hearts' JD at -10
with jd-bonus) is sought, never led or ducked away; games without such a card play as before (the golden
logs hold that)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

import ruleplay.agents.bots as B
import ruleplay.kinds.tricksense as sense
from ruleplay.agents import play
from ruleplay.kinds.tricksense import trick_card
from ruleplay.pipeline import load

# six cards: 0 and 1 plain, 2 the bonus card (-10), 3 a heart (1), 4 the queen (13), 5 plain; ranks by `st`
POINTS = [0, 0, -10, 1, 13, 0]
ST = {0: 5, 1: 1, 2: 3, 3: 2, 4: 6, 5: 4, 9: 9}


def view(legal, plays=(), wins=(), leading=False, following=True, to_play=1):
    return SimpleNamespace(legal=list(legal), points=POINTS + [0] * 4, strength=ST, plays=list(plays),
                           would_win=frozenset(wins), to_play=to_play, leading=leading, following=following,
                           winning=plays[-1][1] if plays else None, want=None, partner_winning=False, suit=[None] * 10,
                           trump=None)


def old(v) -> int:
    return trick_card(v.legal, v.points, ST.__getitem__, v.suit, v.trump, v.leading, v.following, v.winning,
                      v.want, v.would_win, v.partner_winning)


def test_takes_a_trick_holding_the_bonus_card():
    v = view([0, 1], plays=[(1, 2)], wins=[0])         # JD is in the trick; card 0 wins it, card 1 ducks
    assert B.smart_card(v) == 0 and old(v) == 1        # before: it ducked and let JD go
    last = view([0, 5], plays=[(1, 2), (2, 1)], wins=[0, 5], to_play=0)
    assert B.smart_card(last) == 1                     # last to play: the lowest winner (5 under 0) is enough


def test_never_leads_or_ducks_the_bonus_card_away_and_drops_it_into_its_own_trick():
    lead = view([2, 5], leading=True, following=False)
    assert B.smart_card(lead) == 1 and old(lead) == 0     # JD is the lowest no-point card, but it is kept
    duck = view([2, 1], plays=[(1, 9)], wins=[])           # both lose to the 9: duck with card 1, keep JD
    assert B.smart_card(duck) == 1 and old(duck) == 0
    ours = view([2, 5], plays=[(1, 1)], wins=[2, 5])       # every card wins: JD goes into our own trick
    assert B.smart_card(ours) == 0 and old(ours) == 1


def _points(rules, deals: int) -> float:
    """smart's mean points in one hand, alone against random in every seat of the first `deals` deals."""
    total = 0
    for i in range(deals):
        for seat in range(4):
            bots = ["random"] * 4
            bots[seat] = "smart"
            total += play(rules, i, log=False, bots=bots).scores[seat]
    return total / (4 * deals)


def test_smart_scores_better_with_jd_bonus_when_it_seeks_jd(monkeypatch):
    rules = load("hearts", {"jd-bonus": "yes", "hands": "single"}, None, ())
    seeking = _points(rules, 10)
    monkeypatch.setattr(sense, "_has_bonus", lambda points: False)      # smart as it was: JD worth nothing to it
    blind = _points(rules, 10)
    assert seeking < blind - 1.0, (seeking, blind)                  # measured: -0.75 against 0.80


def test_games_without_a_bonus_card_take_the_old_path(monkeypatch):
    plain = load("hearts", {"hands": "single"}, None, ())
    assert not sense._has_bonus(list(plain.deck.attrs["points"]))
    monkeypatch.setattr(sense, "seek_card", lambda v: pytest.fail("seek_card in a game without a bonus card"))
    play(plain, 3, log=False, bots=["smart"] * 4)

"""A compound expression that reads nothing but `card` is worked out once per card when it is compiled
(`lang/expr/tables.py` `_per_card`): every built-in plays the same games with and without that, and an expression that
reads anything else is left as it is."""
from __future__ import annotations

import pytest

from ruleplay.lang import expr
from ruleplay.lang.expr import compiler   # the module that reads _FOLDED
from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.resources import builtin_names


# games whose random matches run to tens of thousands of actions (Gin Rummy's random hands are mostly void)
SHORT = {"gin-rummy": {"hands": "single"}}


def _games(name: str, monkeypatch, fold: bool) -> list:
    monkeypatch.setattr(compiler, "_FOLDED", compiler._FOLDED if fold else frozenset())
    rules = load(name, SHORT.get(name, {}))
    bots = ["smart"] * rules.players if "ers" not in name else None
    return [play(rules, seed, bots=bots, max_actions=20000).events for seed in range(3)]


@pytest.mark.parametrize("name", sorted(builtin_names()))
def test_folded_rules_play_the_same_games(name, monkeypatch):
    folded = _games(name, monkeypatch, True)
    plain = _games(name, monkeypatch, False)
    assert folded == plain


class _Table:
    """What the probed rules read: the card, the trick number and the hand's flags."""

    def __init__(self, card, trick: int, broken: bool):
        self.card, self.trick_number, self.flags, self.loc, self.actor = card, trick, {"hearts-broken": broken}, {}, 0


def _trick(monkeypatch, fold: bool):
    monkeypatch.setattr(compiler, "_FOLDED", compiler._FOLDED if fold else frozenset())
    return next(ph for ph in load("hearts", {}).phases if hasattr(ph, "flags"))


def test_a_card_only_rule_becomes_a_lookup_and_others_do_not(monkeypatch):
    """Hearts' flag (`card.suit == 'H' or card.name == 'QS'`) is one list lookup, its lead rule (which reads
    the trick number and the flag) is not; both give what the general form gives for every card and none."""
    lookup = expr._per_card(expr.Compiled(lambda e: 1, expr.INT), 1).fn.__code__
    folded, plain = _trick(monkeypatch, True), _trick(monkeypatch, False)
    (_, flag), (_, plain_flag) = folded.flags[0], plain.flags[0]
    assert flag.__code__ is lookup and plain_flag.__code__ is not lookup
    assert folded.lead_allowed.fn.__code__ is not lookup
    for card in [None, *range(52)]:
        for trick in (1, 2):
            for broken in (False, True):
                t = _Table(card, trick, broken)
                assert flag(t) == plain_flag(t)
                assert folded.lead_allowed(t) == plain.lead_allowed(t)

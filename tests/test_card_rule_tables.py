"""Two shortcuts of the trick runner that must not change a game:

- a restriction that reads the card and otherwise only one-value names (`trick-number`, a flag, an option)
  is worked out for every card once per combination of those values and kept (lang/expr/tables.py `CardRule`);
- a search's playout (`Bot.rollout`) in a plain trick has `smart`'s card worked out by the trick runner from
  the trick itself, with no view or Decision (kinds/trick.py `rollout_card`).

Every built-in trick game plays the same games with each shortcut and without it."""
from __future__ import annotations

import random

import pytest

from ruleplay.agents import bots as bots_mod
from ruleplay.lang import expr
from ruleplay.agents import play
from ruleplay.kinds import trick as trick_mod
from ruleplay.kinds.trick import Trick
from ruleplay.pipeline import load
from ruleplay.resources import builtin_names

TRICK_GAMES = sorted(n for n in builtin_names() if any(isinstance(ph, Trick) for ph in load(n, {}).phases))


def _games(name: str) -> list:
    rules = load(name, {})
    return [play(rules, seed, bots=["smart"] * rules.players, max_actions=20000).events for seed in range(3)]


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_kept_tables_play_the_same_games(name, monkeypatch):
    kept = _games(name)
    monkeypatch.setattr(expr, "card_rule", lambda c, scope, cards: c.fn)
    assert kept == _games(name)


def _results(name: str) -> list:
    rules = load(name, {})
    out = []
    for seed in range(4):
        r = play(rules, seed, bots=["smart"] * rules.players, max_actions=20000, log=False)
        out.append((r.outcome, r.winners, r.scores, r.hand_scores, r.tricks, r.cards_played, r.actions, r.stats))
    return out


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_a_playout_plays_the_cards_smart_picks_from_its_views(name, monkeypatch):
    """Every `smart` seat marked as a rollout: each asked card of a plain trick phase is picked by the runner
    (no view, no Decision), and every game ends as the games asked through views do."""
    asked = _results(name)
    runs = []
    real = trick_mod._Run.rollout_card
    monkeypatch.setattr(trick_mod._Run, "rollout_card", lambda self, *a: runs.append(a) or real(self, *a))
    monkeypatch.setattr(bots_mod.Bot, "rollout", property(lambda b: b if b.kind == "smart" else None))
    assert asked == _results(name)
    plain = any(isinstance(ph, Trick) and ph.suit_fn is None and ph.high_fn is None and not ph.choices
                and ph.order_table is not None and ph.trump_from_lead is None and ph.dummy is None
                for ph in load(name, {}).phases)   # a dummy's trick is played through views
    assert bool(runs) == plain


def _hearts_tricks():
    return next(ph for ph in load("hearts", {}).phases if isinstance(ph, Trick))


class _Table:
    def __init__(self, trick: int, broken: bool, card=None):
        self.card, self.trick_number, self.flags, self.loc, self.actor = card, trick, {"hearts-broken": broken}, {}, 0


def test_hearts_rules_are_tables_and_each_equals_the_rule_card_by_card():
    ph = _hearts_tricks()
    assert isinstance(ph.lead_allowed, expr.CardRule) and isinstance(ph.play_allowed, expr.CardRule)
    for trick in (1, 2, 7):
        for broken in (False, True):
            for rule in (ph.lead_allowed, ph.play_allowed):
                tab = rule.table(_Table(trick, broken))
                assert tab == [rule.fn(_Table(trick, broken, card)) for card in range(52)]
    # one table kept per (flag, trick number) seen: the names it reads, in order of name
    assert {(b, n) for n in (1, 2, 7) for b in (False, True)} <= set(ph.lead_allowed.memo)


def test_the_table_follows_the_state_it_reads():
    ph = _hearts_tricks()
    rule = ph.lead_allowed
    unbroken, broken = rule.table(_Table(2, False)), rule.table(_Table(2, True))
    hearts = [c for c in range(52) if ph.points[c] == 1]
    assert not any(unbroken[c] for c in hearts) and all(broken[c] for c in hearts)
    first = rule.table(_Table(1, True))
    assert [c for c in range(52) if first[c]] == [load("hearts", {}).deck.names.index("2C")]


def test_a_rule_that_reads_a_seat_or_a_zone_is_judged_card_by_card(tmp_path):
    f = tmp_path / "longest.yaml"
    f.write_text("extends: hearts\nname: longest\nphases:\n  tricks:\n"
                 "    lead-allowed: \"count(c.suit == card.suit for c in actor.hand) > 1\"\n", encoding="utf-8")
    ph = next(p for p in load(str(f), {}).phases if isinstance(p, Trick))
    assert not isinstance(ph.lead_allowed, expr.CardRule)
    rules = load(str(f), {})
    games = [play(rules, s, bots=["smart"] * 4).events for s in range(2)]
    assert all(g[-1]["event"] == "end" for g in games)


def test_a_full_table_works_out_without_keeping(monkeypatch):
    """Past its limit a rule keeps no more tables, and still gives each state's own."""
    monkeypatch.setattr(expr.CardRule, "LIMIT", 2)
    rules = load("hearts", {})
    ph = next(p for p in rules.phases if isinstance(p, Trick))
    ph.lead_allowed.memo.clear()
    rng = random.Random(5)
    for _ in range(30):
        st = _Table(rng.randrange(1, 14), rng.random() < 0.5)
        assert ph.lead_allowed.table(st) == [ph.lead_allowed.fn(_Table(st.trick_number, st.flags["hearts-broken"], c))
                                             for c in range(52)]
    assert len(ph.lead_allowed.memo) == 2


def test_a_rule_that_fails_on_some_card_is_judged_card_by_card():
    calls = []

    def fn(e):
        calls.append(e.card)
        if e.card == 3:
            raise ZeroDivisionError
        return e.card % 2 == 0
    rule = expr.CardRule(fn, [lambda e: e.trick_number], 10)
    assert rule.table(_Table(1, False)) is None and rule.memo is None
    assert rule.table(_Table(1, False)) is None          # and stays so, without trying again
    assert calls == [0, 1, 2, 3]

"""A trick's `excuse` (French Tarot's Excuse): a card that may be played to any trick whatever the rules of
following, never wins, goes back to its player's tricks; led, the next card sets the suit to follow (a tester
found Tarot impossible to write faithfully without it). Hand-checked deals on a nine-card pack."""
from __future__ import annotations

import random

import ruleplay
from conftest import offered, step
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

GAME = """name: excuse
description: Three players, three cards each; clubs and diamonds, and one card of its own, the excuse.
players: 3
deck: {ranks: [7, 8, 9, 10], suits: [C, D, X], strip: [8X, 9X, 10X]}
zones:
  hand: {owner: seat}
  trick: {owner: table, visibility: public}
  won: {owner: seat, visibility: public}
deal: {to: hand, count: 3}
phases:
  play:
    kind: trick
    from: hand
    to: trick
    won-to: won
    follow: suit
    trump: none
    excuse: "card.suit == 'X'"
scoring:
  points: "s.won.size"
match: {end: "true"}
"""


def _state(tmp_path, hands):
    p = tmp_path / "excuse.yaml"
    p.write_text(GAME, encoding="utf-8")
    g = ruleplay.Game(load(str(p)))
    return g, g.new_initial_state(seed=1, deal=Deal(hands, dealer=2))


def _won(s, seat: int) -> list[str]:
    t = s._table
    z = t.rules.zones["won"]
    return sorted(t.rules.deck.names[c] for c in t.seat_zones[z.index][seat])


def test_an_excuse_may_be_played_instead_of_following_and_never_wins(tmp_path):
    """Seat 0 leads 10C; seat 1 holds 8C but may play the excuse 7X instead; seat 2 follows with a club; seat 0
    wins with 10C and takes 10C and the club, while 7X goes back to seat 1's tricks."""
    _, s = _state(tmp_path, [["10C", "7D", "9D"], ["8C", "7X", "10D"], ["9C", "7C", "8D"]])
    step(s, "10C")
    assert offered(s) == ["7X", "8C"]
    step(s, "7X")
    assert offered(s) == ["7C", "9C"]
    step(s, "9C")
    trick = next(e for e in s.events() if e["event"] == "trick")
    assert trick["winner"] == 0
    assert _won(s, 0) == ["10C", "9C"] and _won(s, 1) == ["7X"]


def test_an_excuse_led_leaves_the_suit_to_the_next_card(tmp_path):
    """Seat 0 leads the excuse; seat 1 may play anything and plays 9D; diamonds are then the suit to follow, so
    seat 2 must play 8D; 9D wins, and the excuse goes back to seat 0."""
    _, s = _state(tmp_path, [["7X", "10C", "7D"], ["8C", "9D", "10D"], ["9C", "7C", "8D"]])
    step(s, "7X")
    assert offered(s) == ["10D", "8C", "9D"]
    step(s, "9D")
    assert [e["card"] for e in s.events() if e["event"] == "play"] == ["7X", "9D", "8D"]   # 8D, seat 2's only
    trick = next(e for e in s.events() if e["event"] == "trick")
    assert trick["winner"] == 1 and _won(s, 1) == ["8D", "9D"] and _won(s, 0) == ["7X"]


def test_random_games_keep_every_card_and_the_excuse_never_wins(tmp_path):
    """Random play on many deals: every card ends in a won pile, and no trick is won by its excuse."""
    g, _ = _state(tmp_path, [["7X", "10C", "7D"], ["8C", "9D", "10D"], ["9C", "7C", "8D"]])
    for seed in range(40):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        for e in s.events():
            if e["event"] == "trick":
                winner_card = next(c for seat, c in e["cards"] if seat == e["winner"])
                assert not winner_card.endswith("X")
        assert sum(len(_won(s, q)) for q in range(3)) == 9
    assert "an excuse) may be played to any trick, whatever the rules of following" in sheet_text(g.rules)

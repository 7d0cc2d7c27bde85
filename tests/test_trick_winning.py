"""`winning-seat` and `winning-card` in a trick phase's rules: the seat (and its card) winning the trick on the table
so far, by the phase's own rules. Belote's rule, "a player who cannot follow must trump unless their partner is
winning", took a tester five hand-written definitions rebuilding the trick's winner (t39). Hand-checked deals."""
from __future__ import annotations

import random

import ruleplay
from conftest import offered, step
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

GAME = """name: partner-winning
description: Four players in partnerships; hearts are trumps; a player who cannot follow must trump unless the
  partner is winning the trick.
players: 4
teams: {alternate: 2}
deck: {ranks: [7, 8, 9, 10, J, Q, K, A], suits: [S, H, D]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
  rest: {owner: table, visibility: hidden}
deal: {to: hand, count: 2, rest: rest}
phases:
  play:
    kind: trick
    from: hand
    to: trick
    won-to: taken
    follow: suit
    trump: H
    play-allowed: "card.suit == trump or winning-seat == partner or not any(c.suit == trump for c in actor.hand)"
    awards:
      nine: {points: "1 if winning-card.name == '9H' and winning-seat == last-winner else 0"}
scoring:
  points: "s.nine"
match: {end: "true"}
"""


def _game(tmp_path):
    p = tmp_path / "pw.yaml"
    p.write_text(GAME, encoding="utf-8")
    return ruleplay.Game(load(str(p)))


def test_a_player_whose_partner_is_winning_need_not_trump(tmp_path):
    """Seat 0 leads AS and is winning; seat 1 follows 7S (its one spade); seat 2, seat 0's partner, has no spade
    and may throw 7D (its partner is winning); seat 3 has no spade and its partner is not winning: it must trump
    with 9H (its only trump, played for it). 9H wins; the award reads the winning card once the trick is won."""
    g = _game(tmp_path)
    s = g.new_initial_state(seed=1, deal=Deal([["AS", "KD"], ["7S", "QD"], ["10H", "7D"], ["9H", "8D"]], dealer=3))
    step(s, "AS")
    assert s.current_player() == 2 and offered(s) == ["10H", "7D"]
    step(s, "7D")
    trick = next(e for e in s.events() if e["event"] == "trick")
    assert trick["cards"] == [[0, "AS"], [1, "7S"], [2, "7D"], [3, "9H"]] and trick["winner"] == 3
    assert [(e["seat"], e["points"]) for e in s.events() if e["event"] == "award" and e["points"]] == [(3, 1)]


def test_a_player_must_trump_when_an_opponent_is_winning(tmp_path):
    """Seat 0 leads 7S; seat 1 (no spade) trumps with 8H and is winning; seat 2, void in spades, holds 10H and
    7D: its partner is not winning, so it must trump (10H, played for it)."""
    g = _game(tmp_path)
    s = g.new_initial_state(seed=1, deal=Deal([["7S", "KD"], ["8H", "QD"], ["10H", "7D"], ["AS", "8D"]], dealer=3))
    step(s, "7S")                          # seat 1 must trump: 8H, played for it
    plays = [(e["seat"], e["card"]) for e in s.events() if e["event"] == "play"]
    assert plays[:3] == [(0, "7S"), (1, "8H"), (2, "10H")]


def test_random_games_follow_the_rule_by_a_referee(tmp_path):
    """Random play: every card a player without the suit led played off trumps was allowed (their partner was
    winning, by a winner worked out here from the trick, or they held no trump)."""
    g = _game(tmp_path)
    rank = "7 8 9 10 J Q K A".split()
    for seed in range(80):
        s = g.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        events = s.events()
        hands = {k: set(h) for k, h in enumerate(next(e for e in events if e["event"] == "deal")["hands"])}
        trick: list = []
        for e in events:
            if e["event"] == "play":
                seat, card = e["seat"], e["card"]
                if trick:
                    led = trick[0][1][-1]
                    best = trick[0]
                    for p in trick[1:]:
                        c, b = p[1], best[1]
                        if (c[-1] == "H" and b[-1] != "H") or (c[-1] == b[-1] and rank.index(c[:-1]) > rank.index(b[:-1])):
                            best = p
                    void = not any(c[-1] == led for c in hands[seat])
                    has_trump = any(c[-1] == "H" for c in hands[seat])
                    if void and has_trump and best[0] != (seat + 2) % 4:
                        assert card[-1] == "H", (seed, trick, seat, card)
                hands[seat].discard(card)
                trick.append((seat, card))
            if e["event"] == "trick":
                trick = []
    assert "may play a card only if the card's suit is trump, or the player winning the trick so far is the " \
        "partner" in sheet_text(g.rules)

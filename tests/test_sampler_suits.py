"""The search's sampler reads who showed a void by the trick's own suits: a left bower played to a trump lead
follows it (t42: Bid Euchre's bowers made the sampler infer a void in trumps, and 20 of 215 decisions found no
deal that fitted; the same game without bowers found every one)."""
from __future__ import annotations

import ruleplay
from conftest import step
from ruleplay.agents.determinize import knowledge
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

GAME = """name: bower
description: Hearts are trumps and the jack of diamonds counts as a heart (a left bower).
players: 2
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  won: {owner: seat, visibility: public}
  rest: {owner: table, visibility: hidden}
deal: {to: hand, count: 3, rest: rest}
phases:
  play:
    kind: trick
    from: hand
    to: trick
    won-to: won
    follow: suit
    trump: H
    suit: "'H' if card.name == 'JD' else card.suit"
    order: "20 if card.name == 'JD' else card.order"
scoring: {points: "s.tricks"}
match: {end: "true"}
"""


def test_a_left_bower_follows_trumps_and_shows_no_void(tmp_path):
    p = tmp_path / "bower.yaml"
    p.write_text(GAME, encoding="utf-8")
    g = ruleplay.Game(load(str(p)))
    s = g.new_initial_state(seed=1, deal=Deal([["AH", "9C", "9S"], ["JD", "10C", "KS"]], dealer=1))
    step(s, "AH")                                    # seat 1 must follow trumps: JD, its only one, is played
    plays = [(e["seat"], e["card"]) for e in s.events() if e["event"] == "play"]
    assert plays == [(0, "AH"), (1, "JD")]
    k = knowledge(g.rules, 0, s.events())
    assert "H" not in k.voids[1] and "D" not in k.voids[1]
    s2 = g.new_initial_state(seed=1, deal=Deal([["AH", "9C", "9S"], ["10C", "QC", "KS"]], dealer=1))
    step(s2, "AH", "10C")                            # no heart, no bower: a void in trumps, read as such
    assert knowledge(g.rules, 0, s2.events()).voids[1] == {"H"}

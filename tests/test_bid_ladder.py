"""`ladder` on a bid phase: bids of a level and a strain, numbered up the ladder and said by name, with
`high-level`/`high-strain` for the rules (t36 and t39 packed such bids into numbers with fifty `words`).
Hand-checked auctions, a referee over random and smart games, the sheet and placed errors."""
from __future__ import annotations

import random

import ruleplay
from conftest import offered, step
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

GAME = """name: ladder
description: Four players in partnerships bid a level and a strain; the bidder's side must take the level.
players: 4
teams: {alternate: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
deal: {to: hand, count: 13}
phases:
  auction:
    kind: bid
    style: auction
    pass: true
    ladder: {levels: [LOW, HIGH], STEPstrains: [S, H, NT]}
    forbid: "bid-strain == 'H' and bid-level == HIGH"
  play:
    kind: trick
    from: hand
    to: trick
    won-to: taken
    follow: suit
    trump: "'none' if high-strain == 'NT' else high-strain"
    leader: "s == bidder"
scoring:
  points: "(high-level if sum(x.tricks for x in s.team-seats) >= high-level else 0 - high-level) if contract and bidder.team == s.team else 0"
match: {end: "true"}
"""
HANDS = [["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"],
         ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"],
         ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"],
         ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]]


def _rules(tmp_path, low: int = 6, high: int = 7, step: str = ""):
    p = tmp_path / "ladder.yaml"
    p.write_text(GAME.replace("LOW", str(low)).replace("HIGH", str(high)).replace("STEP", step), encoding="utf-8")
    return load(str(p))


def test_a_higher_bid_is_a_higher_level_or_a_higher_strain_at_the_level(tmp_path):
    """Seat 1 (dealer's left: seat 0 deals) bids 6H; seat 2 may bid 6NT or any 7 but not 6S or 6H, and not 7H
    (`forbid` reads `bid-level` and `bid-strain`); it bids 7S; seat 3 passes, seat 0 bids 7NT, the top of the
    ladder, which ends the auction. The bidder leads with no trump (`high-strain` is NT)."""
    g = ruleplay.Game(_rules(tmp_path))
    s = g.new_initial_state(seed=1, deal=Deal(HANDS, dealer=0))
    assert s.current_player() == 1
    assert offered(s) == ["bid 6H", "bid 6NT", "bid 6S", "bid 7NT", "bid 7S", "pass"]
    step(s, "bid 6H")
    assert offered(s) == ["bid 6NT", "bid 7NT", "bid 7S", "pass"]
    step(s, "bid 7S", "pass", "bid 7NT")
    auction = next(e for e in s.events() if e["event"] == "auction")
    assert (auction["bidder"], auction["said"]) == (0, "7NT")
    assert s.current_player() == 0 and [e["suit"] for e in s.events() if e["event"] == "trump"] == [None]


def test_step_spaces_the_levels(tmp_path):
    """Coinche's 80 to 160 by tens: the bids are said 80S ... 160NT."""
    g = ruleplay.Game(_rules(tmp_path, 80, 160, "step: 10, "))
    s = g.new_initial_state(seed=1, deal=Deal(HANDS, dealer=0))
    labels = offered(s)
    assert "bid 80S" in labels and "bid 150NT" in labels and "bid 160NT" in labels and "bid 85S" not in labels
    assert "bid 160H" not in labels                         # forbidden: the top level in hearts


def test_a_referee_over_random_and_smart_games(tmp_path):
    """From the logs: each bid is higher on the ladder than the one before, said by its name, never the
    forbidden 7H; the trick phase's trump is the contract's strain (none for NT); the score reads its level."""
    rules = _rules(tmp_path)
    strains = ["S", "H", "NT"]
    contracts = 0
    for seed in range(60):
        r = play(rules, seed=seed, bots=random.Random(seed).choice(["random", "smart"]), log=True)
        last = None
        for e in r.events:
            if e["event"] == "bid" and not e.get("pass"):
                said = e["said"]
                level, strain = int(said[0]), said[1:]
                assert said != "7H"
                rung = (level, strains.index(strain))
                assert last is None or rung > last, (seed, said, last)
                last = rung
            if e["event"] == "auction" and e.get("bidder") is not None:
                contracts += 1
                strain = e["said"][1:]
                trumps = [x["suit"] for x in r.events if x["event"] == "trump"]
                assert trumps == [None if strain == "NT" else strain], (seed, trumps)
    assert contracts > 30




def test_the_sheet_says_the_ladder_and_the_contract(tmp_path):
    text = sheet_text(_rules(tmp_path))
    assert "A bid is a level from 6 to 7 and a strain (S, H, NT, low to high), said as one (6S); a higher bid is " \
        "a higher level, or the same level in a higher strain." in text
    assert "none when the strain of the highest bid is NT, otherwise the strain of the highest bid" in text


def test_nobody_bidding_throws_the_hand_in_and_hands_scored_leaves_it_out(tmp_path):
    """`all-pass: redeal` on a bid phase: a hand nobody bids in is thrown in (an `all-passed` event, no score,
    the next hand dealt; t39 wrote a dummy choose phase for it). `hands-scored` counts the hands scored, so a
    match of three played hands is `hands-scored >= 3`, however many were thrown in."""
    p = tmp_path / "ladder.yaml"
    p.write_text(GAME.replace("LOW", "6").replace("HIGH", "7").replace("STEP", "")
                 .replace("    pass: true\n", "    pass: true\n    all-pass: redeal\n")
                 .replace('match: {end: "true"}', 'match: {end: "hands-scored >= 3"}'), encoding="utf-8")
    rules = load(str(p))
    thrown = 0
    for seed in range(30):
        r = play(rules, seed=seed, bots="smart", log=True)
        deals = [e for e in r.events if e["event"] == "deal"]
        scores = [e for e in r.events if e["event"] == "score"]
        passed = [e for e in r.events if e["event"] == "all-passed"]
        assert len(scores) == 3 and len(deals) == 3 + len(passed), seed
        thrown += len(passed)
    assert thrown > 0
    assert "When nobody bids, the hand is thrown in and the next is dealt." in sheet_text(rules)

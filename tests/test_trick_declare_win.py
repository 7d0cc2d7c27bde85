"""A declaration by the winner of a trick (`declare: {NAME: {on: win}}`), as Tute, Gaigel and two-handed
Bezique declare melds: offered after the trick, before any drawing, read over the winner; once a hand when
its `when` says so; never after the last trick. A hand-checked deal, a referee over random games, words."""
from __future__ import annotations

import random
from pathlib import Path

import ruleplay
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

from conftest import offered, step

RULES = str(Path(__file__).parent / "data" / "whist-marriages.yaml")


# Seat 3 deals (4S on top of its hand: spades are trumps), seat 0 leads AS, the others follow with their only
# spade and seat 0 wins holding KH QH: it may declare the marriage (yes: 20). It leads KH and wins again: the
# marriage is declared already, nothing is offered. The last trick is forced, and nothing is offered after it.
def test_the_winner_declares_once_before_the_next_lead():
    deal = Deal(hands=[["AS", "KH", "QH"], ["2S", "3C", "4C"], ["3S", "5C", "6C"], ["4S", "7C", "8C"]], dealer=3)
    s = ruleplay.load_game(RULES).new_initial_state(seed=1, deal=deal, check=True)
    seen = step(s, "AS", "hearts-marriage: yes", "KH", "3C", "5C", "7C")
    assert seen[:3] == [(0, ["AS", "KH", "QH"]), (0, ["hearts-marriage: no", "hearts-marriage: yes"]),
                        (0, ["KH", "QH"])]
    assert s.is_terminal()
    events = s.events()
    declared = [(e["seat"], e["name"], e["points"]) for e in events if e["event"] == "declare"]
    assert declared == [(0, "hearts-marriage", 20)]
    kinds = [e["event"] for e in events if e["event"] in ("trick", "declare")]
    assert kinds[:2] == ["trick", "declare"]                # told after the trick it was made on
    assert next(e for e in events if e["event"] == "score")["points"] == [20, 0, 0, 0]


def test_a_referee_over_random_games():
    """From the logs alone: a declaration follows a trick its seat won, while it held KH and QH, at most once a
    hand, never after the last trick; and every such chance was offered (a `yes`/`no` decision)."""
    rules = ruleplay.load_game(RULES)
    offered = 0
    for seed in range(30):
        s = rules.new_initial_state(seed=seed, check=True)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        hands: dict = {}
        made: set = set()
        events = s.events()
        for i, e in enumerate(events):
            if e["event"] == "deal":
                hands = {k: set(h) for k, h in enumerate(e["hands"])}
                made = set()
            elif e["event"] == "play":
                hands[e["seat"]].discard(e["card"])
            elif e["event"] == "trick":
                w = e["winner"]
                chance = w not in made and {"KH", "QH"} <= hands[w] and e["number"] < 13
                asked = [f for f in events[i - 1:i] if f["event"] == "decision" and f.get("label") in ("hearts-marriage: yes", "hearts-marriage: no")]
                nxt = events[i + 1] if i + 1 < len(events) else {}
                assert (nxt.get("event") == "declare") == (chance and bool(asked) and asked[0]["label"] == "hearts-marriage: yes")
                assert bool(asked) == chance, (seed, e)
                offered += chance
                if nxt.get("event") == "declare":
                    made.add(w)
    assert offered > 0


def test_the_sheet_says_who_declares_and_when():
    assert "After winning a trick, when the player's hearts-marriage is 0, and there is a card in the player's " \
           "hand whose name is KH" in sheet_text(load(RULES))


STOP = """name: stop
description: Two players, three cards each and a stock; a trick's winner may call stop, which ends the tricks.
players: 2
deck: {ranks: [7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
  trick: {owner: table, visibility: public}
  won: {owner: seat, visibility: hidden}
deal: {to: hand, count: 3, rest: stock}
phases:
  play:
    kind: trick
    from: hand
    to: trick
    won-to: won
    follow: any
    declare:
      stop: {on: win, when: "true", points: 1}
    refill: {from: [stock]}
    until: "any(x.stop > 0 for x in seats)"
scoring:
  points: "s.stop"
match: {end: "true"}
"""


def test_until_made_true_by_a_winners_declaration_stops_the_hand_before_anyone_draws(tmp_path):
    """t40: a winner's `stop` made `until` true, yet both players drew from the stock before the tricks stopped
    (the docs: `until` is read after a declaration, which is made before any drawing). Seat 0 wins the first
    trick and declares: nobody draws, two cards stay in each hand and four in the stock."""
    p = tmp_path / "stop.yaml"
    p.write_text(STOP, encoding="utf-8")
    deal = Deal(hands=[["AS", "7C", "8C"], ["7S", "9C", "10C"]], rest=["7D", "8D", "9D", "10D"], dealer=1)
    s = ruleplay.load_game(str(p)).new_initial_state(seed=1, deal=deal, check=True)
    step(s, "AS", "7S", "stop: yes")
    assert s.is_terminal()
    events = s.events()
    assert not [e for e in events if e["event"] == "refill"]
    assert [e["event"] for e in events if e["event"] in ("declare", "tricks-over")] == ["declare", "tricks-over"]
    t = s._table
    assert [len(t.seat_zones[t.rules.zones["hand"].index][q]) for q in (0, 1)] == [2, 2]
    assert len(t.shared[t.rules.zones["stock"].index]) == 4


def test_at_most_one_declaration_for_each_trick_won(tmp_path):
    """`declare-limit: 1` (Tute, Bezique: one meld for each trick won; t40 wrote the trick number into the points
    to fake it): the winner holding both marriages is offered the second only once the first is refused, and
    after a yes nothing more that trick; with no limit, both are offered."""
    p = tmp_path / "two.yaml"
    p.write_text("""name: two-marriages
description: Whist; the winner of a trick may declare a marriage in hearts or in spades.
players: 2
deck: {ranks: [9, 10, J, Q, K, A], suits: [H, S, C]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  won: {owner: seat, visibility: public}
deal: {to: hand, count: 9}
phases:
  play:
    kind: trick
    from: hand
    to: trick
    won-to: won
    follow: suit
    trump: none
    LIMIT
    declare:
      hearts: {on: win, when: "actor.hearts == 0 and count(c.suit == 'H' and c.rank in ['K', 'Q'] for c in actor.hand) == 2", points: 20}
      spades: {on: win, when: "actor.spades == 0 and count(c.suit == 'S' and c.rank in ['K', 'Q'] for c in actor.hand) == 2", points: 20}
scoring:
  points: "s.hearts + s.spades"
match: {end: "true"}
""".replace("LIMIT", "declare-limit: 1"), encoding="utf-8")
    hands = [["AC", "KH", "QH", "KS", "QS", "9H", "9S", "10H", "10S"],
             ["9C", "10C", "JC", "QC", "KC", "JH", "AH", "JS", "AS"]]
    s = ruleplay.load_game(str(p)).new_initial_state(seed=1, deal=Deal(hands=hands, dealer=1))
    seen = step(s, "AC", "9C", "hearts: yes")           # seat 0 wins with AC
    assert seen[2] == (0, ["hearts: no", "hearts: yes"])
    assert s.current_player() == 0 and "spades: yes" not in offered(s)     # one a trick: the next lead
    s = ruleplay.load_game(str(p)).new_initial_state(seed=1, deal=Deal(hands=hands, dealer=1))
    step(s, "AC", "9C", "hearts: no", "spades: yes")    # refused the first: the second is offered
    assert [(e["name"], e["points"]) for e in s.events() if e["event"] == "declare"] == [("spades", 20)]
    assert "At most one declaration at a time." in sheet_text(load(str(p)))
    p.write_text(p.read_text().replace("declare-limit: 1", ""), encoding="utf-8")
    s = ruleplay.load_game(str(p)).new_initial_state(seed=1, deal=Deal(hands=hands, dealer=1))
    step(s, "AC", "9C", "hearts: yes")
    assert offered(s) == ["spades: no", "spades: yes"]        # no limit: both the same trick

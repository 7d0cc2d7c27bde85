"""Crazy Eights and Sevens (the shed phase kind) on hand-made deals, each result worked out by hand from
the published rules the rulesets cite (Pagat); the computation is in the comment above each check."""
from __future__ import annotations

import random

import ruleplay
from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.pipeline import load

from conftest import Script, ev


# Two players, dealer 1: seat 0 plays first. The starter 5S is turned up; the stock is then 2C 3C 4D.
# Seat 0 may play only 8H (eight) or draw: it plays 8H and names D. Seat 1 (9S QD 4H) may play only QD:
# the named D, not the 8H's hearts. Seat 0 follows with KD; seat 1 cannot play and draws until it can:
# 2C, 3C, then 4D, which it plays. Seat 0 plays 4C on it (same rank) and is out. Seat 0 scores the
# cards left in seat 1's hand: 9S 9 + 4H 4 + 2C 2 + 3C 3 = 18.
EIGHTS = Deal([["8H", "KD", "4C"], ["9S", "QD", "4H"]], rest=["5S", "2C", "3C", "4D"], dealer=1)


def test_crazy_eights_named_suit_draw_until_playable_and_score():
    s0, s1 = Script("8H", "name D", "KD", "4C"), Script("QD")
    r = play(load("crazy-eights", {"target": "1"}, 2), deal=EIGHTS, check=True, bots=[s0, s1])
    assert s0.offered[0] == ["8H", "draw"]
    assert s0.offered[1] == ["name C", "name D", "name H", "name S"]
    assert s1.offered[0] == ["QD", "draw"]              # 4H does not match: the named suit is D
    assert ev(r, "named") == [{"seat": 0, "value": "D", "event": "named"}]
    assert [e["cards"][0] for e in ev(r, "draw")] == ["2C", "3C", "4D"]
    assert [e["card"] for e in ev(r, "shed")] == ["5S", "8H", "QD", "KD", "4D", "4C"]
    assert ev(r, "went-out")[0]["seat"] == 0
    assert r.scores == [18, 0] and r.winners == [0]


# The same deal, drawing one card and passing when it does not fit: seat 1 draws 2C and passes; seat 0
# (4C on KD) draws 3C and passes; seat 1 draws 4D and plays it; seat 0 plays 4C, seat 1 2C on it, seat 0
# 3C and is out. Seat 1 keeps 9S 4H: 13.
def test_crazy_eights_draw_one_then_pass():
    s0, s1 = Script("8H", "name D", "KD", "4C", "3C"), Script("QD", "2C")
    r = play(load("crazy-eights", {"target": "1", "draw-rule": "one"}, 2), deal=EIGHTS, check=True, bots=[s0, s1])
    assert [(e["seat"], e["cards"][0]) for e in ev(r, "draw")] == [(1, "2C"), (0, "3C"), (1, "4D")]
    assert [e["seat"] for e in ev(r, "no-play")] == [1, 0]
    assert [e["card"] for e in ev(r, "shed")][-4:] == ["4D", "4C", "2C", "3C"]
    assert r.scores == [13, 0]


# Three players, dealer 2. Seat 1 holds the 7D and must start with it (7C may not start). Seat 2 may
# play 6D or 8D: it plays 6D. Seat 0 (KS 8C) cannot play and passes. Seat 1 may play 7C only (9D needs
# the 8D). Seat 2 plays 8D and is out: it takes a point per card left, 2 from seat 0 and 1 from seat 1.
SEVENS = Deal([["KS", "8C"], ["7D", "7C", "9D"], ["8D", "6D"]], dealer=2)


def test_sevens_layout_builds_from_the_seven():
    bots = [Script(), Script(), Script("6D")]
    r = play(load("sevens", {}, 3), deal=SEVENS, check=True, bots=bots)
    assert bots[2].offered == [["6D", "8D"]]
    assert [e["card"] for e in ev(r, "shed")] == ["7D", "6D", "7C", "8D"]
    assert [e["seat"] for e in ev(r, "no-play")] == [0]
    assert r.scores == [-2, -1, 3] and r.winners == [2]


# House rule: a pass costs a chip paid to the winner: seat 0 pays 2 + 1, the winner takes 4.
def test_sevens_pass_chip():
    r = play(load("sevens", {"pass-chip": "1"}, 3), deal=SEVENS, check=True, bots=[Script(), Script(), Script("6D")])
    assert r.scores == [-3, -1, 4]


def test_state_api_plays_both_to_the_end():
    for name in ("crazy-eights", "sevens"):
        state = ruleplay.load_game(name).new_initial_state(7)
        rng = random.Random(7)
        for _ in range(20000):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.is_terminal()
        assert sum(state.returns()) == 0 or max(state.returns()) > 0


def _starter(rest: list[str], options: dict | None = None):
    """The table when the first seat is asked, after the starter was turned: (pile, stock top first, events)."""
    g = ruleplay.load_game("crazy-eights", 2, options or {})
    s = g.new_initial_state(deal=Deal([["9S", "KD", "4C"], ["9H", "QD", "4H"]], rest=rest, dealer=1))
    t, names = s._table, g.rules.deck.names
    zones = g.rules.zones
    return ([names[c] for c in t.shared[zones["pile"].index]],
            [names[c] for c in reversed(t.shared[zones["stock"].index])], s.events())


# Pagat: an eight turned up as the starter is buried in the stock and the next card turned. The stock
# 8D 5S 2C 3C 4D (top first): 8D goes under two of the four cards left (the middle), 5S is turned up.
def test_crazy_eights_buries_an_eight_turned_up_as_the_starter():
    pile, stock, events = _starter(["8D", "5S", "2C", "3C", "4D"])
    assert pile == ["5S"] and stock == ["2C", "8D", "3C", "4D"]
    assert [e["card"] for e in events if e["event"] == "buried"] == ["8D"]
    pile, stock, _ = _starter(["8D", "5S", "2C", "3C", "4D"], {"eights-wild": False})   # an ordinary card then
    assert pile == ["8D"] and stock == ["5S", "2C", "3C", "4D"]


# Only eights on top, one card that may stay up at the bottom: 8D goes under 8S, 8S under 8D, and so on;
# after as many burials as the stock has cards the first card that may stay up (5S) is turned. A stock of
# eights only keeps its top card up.
def test_a_starter_that_cannot_stay_up_ends():
    pile, stock, _ = _starter(["8D", "8S", "5S"])
    assert pile == ["5S"] and sorted(stock) == ["8D", "8S"]
    pile, stock, _ = _starter(["8D", "8S"])
    assert pile == ["8D"] and stock == ["8S"]


def test_draw_max_stops_drawing_until_playable_after_that_many_cards(tmp_path):
    """`draw-max: 2` with `draw: until-playable`: a player who cannot play draws at most two cards in a turn,
    then passes (Pagat's common limit); without it, some turns draw more (the same seeds)."""
    def turns(text: str) -> list[tuple[int, str]]:
        p = tmp_path / "c8.yaml"
        p.write_text(text, encoding="utf-8")
        rules = load(str(p), {"draw-rule": "until-playable"})
        out = []
        for seed in range(12):
            drawn, seat = 0, None
            for e in play(rules, seed, bots=["lowest"] * rules.players).events:
                if e["event"] == "draw":
                    drawn, seat = (drawn + 1 if e["seat"] == seat else 1), e["seat"]
                elif e["event"] in ("shed", "no-play") and drawn:
                    out.append((drawn, e["event"]))
                    drawn, seat = 0, None
        return out
    limited = turns("extends: crazy-eights\nname: c8\nphases:\n  play:\n    draw-max: 2\n    may-draw: false\n")
    assert limited and max(n for n, _ in limited) == 2 and (2, "no-play") in limited
    free = turns("extends: crazy-eights\nname: c8\nphases:\n  play:\n    may-draw: false\n")
    assert max(n for n, _ in free) > 2

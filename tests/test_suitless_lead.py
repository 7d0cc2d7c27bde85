"""`suitless-lead` on a trick: a card without a suit (a joker) led. `named`: its player names the suit the others
must follow (Five Hundred's joker in no trumps, Mighty's); `next`: the next card with a suit sets it and the trick
is decided as if that card had been led (Bid Whist's jokers in no trumps). Hand-checked deals on a nine-card pack
(two suits of four and a joker); testers could only fake it (t36, t37)."""
from __future__ import annotations

import random

import pytest

import ruleplay
from conftest import offered, step, validate_errors
from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

GAME = """name: suitless
description: Three players, three cards each from two suits and a joker; no trumps.
players: 3
deck: {ranks: [7, 8, 9, 10], suits: [C, D], jokers: 1}
zones:
  hand: {owner: seat}
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
    trump: none
    order: "20 if card.joker else card.order"
    suitless-lead: MODE
scoring:
  points: "s.won.size"
match: {end: "true"}
"""


def _state(tmp_path, mode: str, hands, extra: str = ""):
    p = tmp_path / f"{mode}.yaml"
    p.write_text(GAME.replace("MODE", mode) + extra, encoding="utf-8")
    g = ruleplay.Game(load(str(p)))
    return g, g.new_initial_state(seed=1, deal=Deal(hands, dealer=2))


def _tricks(s) -> list[dict]:
    return [e for e in s.events() if e["event"] == "trick"]


def test_a_joker_led_names_the_suit_the_others_must_follow(tmp_path):
    """Seat 0 leads the joker and names diamonds: seat 1, holding clubs and diamonds, must play a diamond; seat 2
    holds one diamond, 9D, and must play it (not asked). The joker (order 20) stays the best card: it wins."""
    _, s = _state(tmp_path, "named", [["JK", "10C", "7D"], ["8C", "8D", "10D"], ["9C", "7C", "9D"]])
    step(s, "JK")
    assert offered(s) == ["suit C", "suit D"]
    step(s, "suit D")
    assert offered(s) == ["10D", "8D"]
    step(s, "8D")
    assert [e["card"] for e in s.events() if e["event"] == "play"] == ["JK", "8D", "9D"]
    named = [e for e in s.events() if e["event"] == "suit-named"]
    assert named == [{"seat": 0, "suit": "D", "event": "suit-named"}]
    assert _tricks(s)[0]["winner"] == 0


def test_a_named_suit_is_the_suit_led_in_deciding_the_trick(tmp_path):
    """With the joker ranked low (order 0), a card of the named suit beats it. Seat 0 names clubs; seat 1 plays
    its one club, 8C; seat 2 must follow clubs and 9C wins. On another deal seat 2 has no club and plays 10D, the highest card
    but not of the suit named: 8C wins."""
    p = tmp_path / "low.yaml"
    p.write_text(GAME.replace("MODE", "named").replace('"20 if card.joker else card.order"',
                                                      '"0 if card.joker else card.order"'), encoding="utf-8")
    g = ruleplay.Game(load(str(p)))
    s = g.new_initial_state(seed=1, deal=Deal([["JK", "10C", "7D"], ["8C", "8D", "10D"], ["9D", "7C", "9C"]],
                                              dealer=2))
    step(s, "JK", "suit C")                # seat 1's one club, 8C, is played for it
    assert offered(s) == ["7C", "9C"]
    step(s, "9C")
    assert _tricks(s)[0]["winner"] == 2
    s = g.new_initial_state(seed=1, deal=Deal([["JK", "10C", "7C"], ["8C", "8D", "9C"], ["9D", "7D", "10D"]],
                                              dealer=2))
    step(s, "JK", "suit C")
    assert offered(s) == ["8C", "9C"]
    step(s, "8C")
    assert offered(s) == ["10D", "7D", "9D"]
    step(s, "10D")
    assert _tricks(s)[0]["winner"] == 1


def test_next_lets_the_next_card_set_the_suit_and_the_joker_win_only_as_high(tmp_path):
    """`next`: seat 0 leads the joker; seat 1 may play anything and plays 8D; diamonds are now to be followed, so
    seat 2 must play 9D (not asked); 9D wins though the joker's order is the highest (it was led without a suit)."""
    _, s = _state(tmp_path, "next", [["JK", "10C", "7D"], ["8C", "8D", "10D"], ["9C", "7C", "9D"]])
    step(s, "JK")
    assert offered(s) == ["10D", "8C", "8D"]
    step(s, "8D")
    assert [e["card"] for e in s.events() if e["event"] == "play"] == ["JK", "8D", "9D"]
    assert _tricks(s)[0]["winner"] == 2
    assert not [e for e in s.events() if e["event"] == "suit-named"]


def test_any_keeps_todays_rule(tmp_path):
    """The default: the joker led asks nothing; anything may follow; the joker wins with no trump played."""
    _, s = _state(tmp_path, "any", [["JK", "10C", "7D"], ["8C", "8D", "10D"], ["9C", "7C", "9D"]])
    step(s, "JK")
    assert offered(s) == ["10D", "8C", "8D"]
    step(s, "8D")
    assert offered(s) == ["7C", "9C", "9D"]
    step(s, "9D")
    assert _tricks(s)[0]["winner"] == 0


@pytest.mark.parametrize("mode", ["named", "next"])
def test_random_and_smart_games_keep_every_card_and_follow_the_suit_set(tmp_path, mode):
    """Random and smart play on many deals: every card ends in a won pile, a named suit is followed by whoever
    holds it, and the winner of each trick holds the best card by the rule (referee re-derived from the log)."""
    g, _ = _state(tmp_path, mode, [["JK", "10C", "7D"], ["8C", "8D", "10D"], ["9C", "7C", "9D"]])
    order = {"7": 7, "8": 8, "9": 9, "10": 10}
    for seed in range(60):
        bots = random.Random(seed).choice(["random", "smart"])
        r = play(g.rules, seed=seed, bots=bots, log=True)
        events = r.events
        hands = {s: set(h) for s, h in enumerate(next(e for e in events if e["event"] == "deal")["hands"])}
        named = None
        for e in events:
            if e["event"] == "suit-named":
                named = e["suit"]
            if e["event"] == "trick":
                cards = e["cards"]
                lead_seat, lead = cards[0]
                if lead == "JK":
                    if mode == "named":
                        assert named is not None
                        suit = named
                    else:
                        suit = next((c[-1] for _, c in cards[1:] if c != "JK"), None)
                else:
                    suit = lead[-1]
                for seat, c in cards[1:]:      # a follower holding the suit to follow played it
                    held = hands[seat]
                    if suit is not None and any(x != "JK" and x[-1] == suit for x in held):
                        if not (mode == "next" and lead == "JK" and c == next(x for _, x in cards[1:])):
                            assert c != "JK" and c[-1] == suit, (seed, e)
                    held.discard(c)
                hands[lead_seat].discard(lead)
                best = [(seat, c) for seat, c in cards if c != "JK" and c[-1] == suit]
                if mode == "named" and lead == "JK":
                    want = lead_seat          # the joker (order 20) is the best card of a named suit's trick
                elif best:
                    want = max(best, key=lambda p: order[p[1][:-1]])[0]
                else:
                    want = lead_seat
                assert e["winner"] == want, (seed, e)
                named = None
        assert r.outcome == "finished"
        assert sum(r.scores) == 9


def test_the_sheet_says_it_and_a_deck_without_suitless_cards_is_refused(tmp_path, capsys):
    p = tmp_path / "named.yaml"
    p.write_text(GAME.replace("MODE", "named"), encoding="utf-8")
    assert "When a card without a suit is led, its player names a suit: the others must follow it" \
        in sheet_text(load(str(p)))
    err = validate_errors(tmp_path, capsys, GAME.replace("MODE", "next").replace(", jokers: 1", ""))
    assert "[phases.play.suitless-lead]: no card of this deck is without a suit" in err and "hint: add jokers" in err

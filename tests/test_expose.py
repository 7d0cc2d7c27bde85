"""`expose: ZONE` in a turns phase: a zone face up for everyone for the rest of the hand (a dummy's hand, a
hand played open): shown now, each card moved into or out of it shown as it moves, in every seat's view;
face down again when the next hand is dealt."""
from __future__ import annotations

import ruleplay
from ruleplay.agents import make_bots

OPEN_HAND = """
name: open-hand
description: "The player on the dealer's left plays with their hand face up; everyone draws in turn."
players: 3
deck: {ranks: [A, K, Q, J, 10, 9], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
deal: {to: hand, count: 3, rest: stock}
phases:
  play:
    kind: turns
    start: [{expose: "left-of(dealer).hand"}]
    track: {drawn: 0}
    until: "drawn == 6"
    moves:
      draw:
        do: [{move: {from: stock, to: hand, count: 1}}, {add: {drawn: 1}}]
      wait:
        do: [{add: {drawn: 1}}]
scoring:
  points: "0"
match:
  end: "hand-number == 2"
  winners: {highest: s.score}
"""


def _hand(view, seat):
    return next(z for z in view.seat_zones if z.name == "hand" and z.seat == seat)


def test_an_exposed_hand_is_seen_by_everyone_until_the_next_deal(tmp_path):
    f = tmp_path / "open.yaml"
    f.write_text(OPEN_HAND)
    game = ruleplay.load_game(str(f))
    s = game.new_initial_state(4)
    bots = make_bots(["random"] * 3, 4)
    hands_checked, shown = set(), 0
    while not s.is_terminal():
        events = s.events()
        deal = [e for e in events if e["event"] == "deal"][-1]
        open_seat = (deal["dealer"] + 1) % 3
        other = (open_seat + 1) % 3
        hand = _hand(s.seat_view(other), open_seat)
        assert hand.cards is not None and len(hand.cards) == hand.size        # face up for the others
        assert _hand(s.seat_view(open_seat), other).cards is None              # the others' hands stay hidden
        third = (open_seat + 2) % 3                  # in the second hand, the first hand's open seat: face down
        assert _hand(s.seat_view(other), third).cards is None
        seen = s.seat_events(other)
        this_hand = seen[max(i for i, e in enumerate(seen) if e["event"] == "deal"):]
        draws = [e for e in this_hand if e["event"] == "move" and e.get("to_seat") == open_seat]
        assert all(None not in e["cards"] for e in draws)                       # its draws are seen too
        shown += len(draws)
        hands_checked.add(deal["dealer"])
        s.apply_action(ruleplay.bot_action(s, bots[s.decision().seat]))
    assert len(hands_checked) == 2 and shown                                    # both hands, each its own open seat
    revealed = [e for e in s.events() if e["event"] == "reveal"]
    assert len(revealed) == 2 and all(len(e["cards"]) == 3 for e in revealed)

"""A trick's `suit` expression that reads what changes during the trick (a hidden trump shown by a declaration,
Twenty-Nine): the suit to follow is the card led's suit as it is when each player plays, not as it was when it
was led (a tester's Twenty-Nine let players holding the led card's new suit play anything)."""
from __future__ import annotations

import ruleplay
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load
from conftest import offered, step

# Diamonds become trumps ('T') once anyone has shown them (a declaration with any diamond played after the
# lead); every card of the trick follows the suit led as the `suit` expression says at that moment.
GAME = """name: shown-trump
description: diamonds turn into trumps once shown
players: 3
deck: {ranks: [7, 8, 9, 10], suits: [C, D, H]}
zones:
  hand: {owner: seat}
  trick: {owner: table, visibility: public}
  won: {owner: seat}
deal: {to: hand, count: 4}
table: {dealer: 2}
define:
  shown-up: {expr: "any(x.shown > 0 for x in seats)", description: "someone has shown the trump"}
phases:
  play:
    kind: trick
    from: hand
    to: trick
    won-to: won
    leader: left-of-dealer
    follow: suit
    trump: "'T'"
    suit: "'T' if shown-up and card.suit == 'D' else card.suit"
    declare:
      shown: {when: "card.suit == 'D' and not shown-up", points: "1", on: play}
match: {end: "true"}
"""


def test_the_suit_to_follow_changes_with_a_declaration_mid_trick(tmp_path):
    """Seat 0 leads 7D (diamonds, not yet trumps) and does not show; seat 1 plays 8D and shows: diamonds are now trumps ('T'), so
    the 7D led is a trump lead. Seat 2, holding 9D, must play it (before the fix `led` stayed 'D' while 9D read
    'T', so seat 2 counted as void and could play 7C)."""
    p = tmp_path / "g.yaml"
    p.write_text(GAME, encoding="utf-8")
    g = ruleplay.Game(load(str(p)))
    deal = Deal(hands=[["7D", "10C", "10H", "8C"], ["8D", "7H", "8H", "9C"], ["9D", "7C", "9H", "10D"]])
    s = g.new_initial_state(seed=1, deal=deal)
    assert s.current_player() == 0
    step(s, "7D")
    assert offered(s) == ["shown: no", "shown: yes"]  # seat 0 may show with its diamond: it does not
    step(s, "shown: no")                                     # seat 1's one diamond, 8D, is played for it
    assert [e["card"] for e in s.events() if e["event"] == "play"] == ["7D", "8D"]
    assert offered(s) == ["shown: no", "shown: yes"] and s.current_player() == 1
    step(s, "shown: yes")
    assert s.current_player() == 2
    assert offered(s) == ["10D", "9D"]


def test_a_follower_may_switch_a_choice_on_before_its_card(tmp_path):
    """`choices: {call: {at: play, when: ...}}`: a follower who cannot follow suit may call before choosing its
    card (Twenty-Nine's call for the trump, a tester's wish: it could only declare after the card). Seat 1 holds
    no club and is asked before its card; seat 2 holds clubs and is not asked; the call makes diamonds trumps,
    so seat 1's 8D wins the trick."""
    text = GAME.replace("""    declare:
      shown: {when: "card.suit == 'D' and not shown-up", points: "1", on: play}
""", """    choices:
      call:
        at: play
        when: "not any(c.suit == led for c in actor.hand)"
        description: "a player who cannot follow calls for the diamonds to be trumps"
""").replace("any(x.shown > 0 for x in seats)", "call")
    p = tmp_path / "g.yaml"
    p.write_text(text, encoding="utf-8")
    g = ruleplay.Game(load(str(p)))
    deal = Deal(hands=[["7C", "10C", "10H", "8C"], ["8D", "7H", "8H", "9D"], ["9C", "7D", "9H", "10D"]])
    s = g.new_initial_state(seed=1, deal=deal)
    step(s, "7C")
    assert s.current_player() == 1 and offered(s) == ["call: no", "call: yes"]
    step(s, "call: yes")
    assert s.current_player() == 1
    step(s, "8D")
    assert [e["card"] for e in s.events() if e["event"] == "play"] == ["7C", "8D", "9C"]   # seat 2's one club,
    assert sum(e["event"] == "choice" for e in s.events()) == 1                             # and no call asked
    choice = next(e for e in s.events() if e["event"] == "choice")
    assert (choice["seat"], choice["name"], choice["value"]) == (1, "call", True)
    trick = next(e for e in s.events() if e["event"] == "trick")
    assert trick["winner"] == 1
    sheet = sheet_text_of(g)
    assert "Before playing a card to a trick led by another, when not (there is a card in the player's hand " \
           "whose suit is the suit led), a player may switch call on (a player who cannot follow calls for the diamonds to be " \
           "trumps) for the rest of the hand." in sheet


def sheet_text_of(g) -> str:
    from ruleplay.tools.explain.sheet import sheet_text
    return " ".join(sheet_text(g.rules).split())

"""Cards shown to one player alone (`reveal: {from, to}`): the chooser and the owner see them, the others see
only that cards were shown; the search bot's sampler learns them for that player only; placed errors."""
from __future__ import annotations

from pathlib import Path

import pytest

import ruleplay
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

from conftest import step, validate_errors

RULES = str(Path(__file__).parent / "data" / "peek.yaml")
DEAL = Deal(hands=[["2C", "4D", "2D", "4C"], ["5H", "3D", "4H", "3H"], ["5D", "2H", "5C", "3C"]], dealer=2)


def peeked():
    s = ruleplay.load_game(RULES).new_initial_state(seed=1, deal=DEAL, check=True)
    step(s, "peek", "peek: seat 2")
    return s


def reveals(events: list[dict]) -> list[dict]:
    return [e for e in events if e["event"] == "reveal"]


def test_only_the_peeker_and_the_owner_see_the_cards():
    s = peeked()
    shown = reveals(s.events())
    assert shown == [{"phase": "play", "seat": 2, "cards": ["5D", "2H", "5C", "3C"], "to": 0, "event": "reveal"}]
    assert reveals(s.seat_events(0))[0]["cards"] == ["5D", "2H", "5C", "3C"]
    assert reveals(s.seat_events(2))[0]["cards"] == ["5D", "2H", "5C", "3C"]
    assert reveals(s.seat_events(1))[0]["cards"] == [None, None, None, None]     # that four were shown, not which


def test_search_bot_plays_it_and_the_game_ends():
    from ruleplay.agents import play
    for bots in (["ismcts:10"] * 3, ["smart"] * 3, ["random"] * 3):
        r = play(load(RULES), seed=3, bots=bots, check=True)
        assert (r.outcome, r.reason) == ("finished", "the hand is over")


def test_account_and_sheet_say_to_whom():
    import io
    from ruleplay.tools.account import write_account
    s = peeked()
    out = io.StringIO()
    write_account(s.events(), out, verbose=True)
    assert "Seat 2 shows 5D, 2H, 5C, 3C to seat 0." in out.getvalue()
    assert "the cards of the target's hand are shown to the player alone" in sheet_text(load(RULES))


def test_a_reveal_to_something_not_a_seat_is_placed(tmp_path, capsys):
    text = Path(RULES).read_text().replace("to: actor}", "to: actor.hand}")
    err = validate_errors(tmp_path, capsys, text)
    assert "[phases.play.moves.peek.do[0].reveal.to]" in err


def test_the_other_players_table_says_how_many_cards_were_shown():
    from ruleplay.kinds.turns import NARRATION
    s = peeked()
    seen_by_1 = reveals(s.seat_events(1))[0]
    lines = NARRATION["reveal"](None, seen_by_1)
    assert lines == ["Seat 2 shows 4 cards to seat 0."]


def test_a_reveal_in_a_phase_start_is_nobodys(tmp_path):
    """A widow turned up by the phase's `start` is shown by nobody ("Shown: ..."), not by the player in turn
    (t29's bug 4); a reveal in a move stays the mover's."""
    f = tmp_path / "widow.yaml"
    f.write_text("""name: widow
description: Two cards are turned up from the widow for all to see; then each player plays a card.
players: 2
deck: {ranks: [2, 3, 4, 5, 6, 7], suits: [C]}
zones:
  hand: {owner: seat, visibility: owner}
  widow: {owner: table, visibility: hidden}
  pile: {owner: table, visibility: public}
deal: {to: hand, count: 2, rest: widow}
phases:
  show:
    kind: turns
    start: [{reveal: widow}]
  play:
    kind: turns
    until: "pile.size >= 4"
    moves:
      play:
        choose: {card: hand}
        do: [{move: {from: hand, to: pile}}]
""", encoding="utf-8")
    s = ruleplay.load_game(str(f)).new_initial_state(seed=1)
    shown = reveals(s.events())
    assert len(shown) == 1 and shown[0]["seat"] is None and len(shown[0]["cards"]) == 2
    assert reveals(peeked().events())[0]["seat"] == 2        # a chosen hand: its owner shows it

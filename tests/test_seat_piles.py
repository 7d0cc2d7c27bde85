"""A family of piles each player has (`zones: {spread: {owner: seat, count: 2}}`, tests/data/spreads.yaml):
a move lays a card on the actor's first empty pile, chooses among its own piles, or puts one on another
player's; an every-pile effect loops over the actor's piles; the scoring reads `s.spread`. A referee
re-derives every pile from the logs of random games, and the sheet says the piles in words."""
from __future__ import annotations

from pathlib import Path

import pytest

from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.tools.cli import main

SPREADS = Path(__file__).parent / "data" / "spreads.yaml"


@pytest.mark.parametrize("bots", ["random", "smart"])
def test_spreads_referee(bots):
    """From random games' logs: a `lay` goes to the actor's first empty spread, an `add` to one of its own
    spreads that holds cards, a `give` to another player's first spread; after each turn each of the actor's
    spreads holding three cards or more gives its top card back to the hand; each player scores the cards
    left on their own spreads."""
    rules = load(str(SPREADS))
    returned = 0
    for seed in range(6):
        r = play(rules, seed=seed, bots=[bots] * 3, check=True)
        assert r.outcome == "finished"
        piles = {(s, k): [] for s in range(3) for k in (1, 2)}
        move, due = None, set()
        for e in r.events:
            if e["event"] in ("decision", "score"):   # the last turn's after-turn is done
                assert not due
            if e["event"] == "decision" and e["label"] in ("lay", "add", "give"):
                move = e["label"]
            elif e["event"] == "move" and e["from"] == "hand":
                seat, k = e["to_seat"], int(e["to"].removeprefix("spread"))
                own = [piles[(seat, j)] for j in (1, 2)]
                if move == "lay":
                    assert seat == e["from_seat"] and k == 1 + [bool(p) for p in own].index(False)
                elif move == "add":
                    assert seat == e["from_seat"] and own[k - 1]
                else:
                    assert seat != e["from_seat"] and k == 1
                piles[(seat, k)].extend(e["cards"])
                move, mover = None, e["from_seat"]
                due = {(mover, j) for j in (1, 2) if len(piles[(mover, j)]) >= 3}     # each gives its top card
            elif e["event"] == "move" and e["from"].startswith("spread"):
                seat, k = e["from_seat"], int(e["from"].removeprefix("spread"))
                assert (seat, k) in due and e["to_seat"] == seat and e["cards"] == piles[(seat, k)][-1:]
                due.remove((seat, k))
                piles[(seat, k)].pop()
                returned += 1
        assert r.scores == [len(piles[(s, 1)]) + len(piles[(s, 2)]) for s in range(3)]
    assert returned > 0                                              # the every-pile effect was seen at work
    assert play(rules, seed=1, bots=["ismcts:5", "random", "random"], check=True).outcome == "finished"


def test_the_sheet_and_a_misnamed_family(tmp_path, capsys):
    assert main(["explain", str(SPREADS)]) == 0
    out = capsys.readouterr().out
    assert "spread1 to spread2: 2 piles each player has, public" in out
    assert "for each of the piles of the player's spread (each)" in out and "the target's spread1" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text(SPREADS.read_text(encoding="utf-8").replace("of: actor.spread", "of: actor.sprad"),
                   encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    assert "error [phases.play.after-turn[0].every-pile.of]: 'actor.sprad' is not a family of piles" \
        in capsys.readouterr().err


def test_laying_off_on_a_chosen_players_piles(tmp_path):
    """`to-pile: {among: target.spread, keeps: [set]}`: the piles are the chosen player's, laid out once that
    player is chosen (they were read before, with nobody chosen, so the move was never offered: a tester's
    Tonk). Seat 0 holds 9S and its spread1 holds 9H 9D 9C; seat 1 has no spread: hitting is offered, on seat 0
    alone, and 9S goes onto the set."""
    import ruleplay
    from conftest import offered, step
    from ruleplay.engine.run import Deal
    p = tmp_path / "hit.yaml"
    p.write_text("""name: hit
description: lay off a card on any player's sets
players: 2
deck: {ranks: [8, 9, 10, J], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  spread: {owner: seat, visibility: public, count: 3}
  stock: {owner: table, visibility: hidden}
deal: {to: hand, count: 4, rest: stock}
phases:
  play:
    kind: turns
    start:
      - every-player: [{move: {from: hand, to: spread, where: "card.rank == '9' and card.suit != 'S'"}}]
    max-turns: 4
    moves:
      hit-any:
        choose:
          seat: "true"
          card: hand
          to-pile: {among: target.spread, keeps: [set]}
        do: [{move: {from: hand, to: dest}}]
      pass:
        do: []
""", encoding="utf-8")
    g = ruleplay.Game(load(str(p)))
    deal = Deal([["9C", "9D", "9H", "9S"], ["8C", "8D", "8H", "10C"]], rest=[], dealer=1)
    s = g.new_initial_state(seed=0, deal=deal)
    assert s.current_player() == 0 and offered(s) == ["hit-any", "pass"]
    step(s, "hit-any")                                # seat, card and pile: one answer each, made for it
    hit = [e for e in s.events() if e["event"] == "move"][-1]
    assert (hit["cards"], hit["to"], hit.get("to_seat")) == (["9S"], "spread1", 0)

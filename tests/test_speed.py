"""Speed (rulesets/speed.yaml), both players at once: a referee re-derives every move of random games from the
full log alone (the cards each player holds, the centre piles, the replacement piles), and a hand-checked
opening."""
from __future__ import annotations

import pytest

from ruleplay.agents import play
from ruleplay.pipeline import load

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _fits(card: str, top: str, same_rank: bool = False) -> bool:
    d = (RANKS.index(card[:-1]) - RANKS.index(top[:-1])) % 13
    return d in (1, 12) or (same_rank and d == 0)


@pytest.mark.parametrize("same_rank", [False, True])
def test_referee_over_random_games(same_rank):
    """Every card played fitted its centre pile's top then (one rank up or down, ace next to two and king; the
    same rank too under the house rule); the replacement cards turned only when neither player held a card that
    fitted; a player who played draws back one card while the draw pile lasts; the winner is the
    first with neither hand nor draw pile; the 52 cards are all somewhere at every step."""
    rules = load("speed", {"same-rank": str(same_rank).lower()})
    turned = played = 0
    for seed in range(30):
        events = play(rules, seed, bots=["random", "smart"][::(-1) ** seed]).events
        deal = next(e for e in events if e["event"] == "deal")
        zones: dict[tuple, list[str]] = {("draw", s): list(h) for s, h in enumerate(deal["hands"])}
        zones[("deck", None)] = list(deal["rest"])
        started = False
        expect_draw = None
        for e in events:
            if e["event"] == "decision":
                started = True
                if e["label"] == "turn-up":      # decided on the round's table (decisions precede its moves)
                    tops = [zones[("left", None)][-1], zones[("right", None)][-1]]
                    assert not any(_fits(c, t, same_rank) for s in (0, 1) for c in zones.get(("hand", s), [])
                                   for t in tops), (seed, e)
                    turned += 1
            if e["event"] != "move":
                continue
            src, dst = (e["from"], e.get("from_seat")), (e["to"], e.get("to_seat"))
            cards = e["cards"]
            if expect_draw is not None:
                assert src == ("draw", expect_draw) and dst == ("hand", expect_draw) and len(cards) == 1, (seed, e)
                expect_draw = None
            if started and src[0] == "hand":
                top = zones[dst][-1]
                assert _fits(cards[0], top, same_rank), (seed, cards, top)
                played += 1
                if zones[("draw", src[1])]:
                    expect_draw = src[1]
            for c in cards:
                zones[src].remove(c)
            zones.setdefault(dst, []).extend(cards)
            assert sum(len(z) for z in zones.values()) == 52
        end = events[-1]
        out = [s for s in (0, 1) if not zones.get(("hand", s)) and not zones[("draw", s)]]
        assert end["outcome"] == "finished" and end["winners"] == out and len(out) == 1, (seed, end, out)
    assert played > 500 and turned > 30


def test_the_opening_by_hand():
    """Seed 4 (hand-checked from its log): five cards to each hand from its own draw pile, five to each
    replacement pile, 10D and KH start the centre piles; seat 0's first play is JH on 10D, and it draws the next
    card of its draw pile."""
    events = play(load("speed"), 4, bots=["random", "random"]).events
    deal = next(e for e in events if e["event"] == "deal")
    moves = [e for e in events if e["event"] == "move"]
    assert [m["cards"] for m in moves[:2]] == [deal["hands"][1][:5], deal["hands"][0][:5]]
    assert [(m["to"], m["cards"]) for m in moves[2:6]] == [
        ("left-spare", deal["rest"][:5]), ("right-spare", deal["rest"][5:10]), ("left", ["10D"]), ("right", ["KH"])]
    first0 = next(m for m in moves[6:] if m.get("from_seat") == 0 and m["from"] == "hand")
    assert first0["cards"] == ["JH"] and first0["to"] == "left"
    after = moves[moves.index(first0) + 1]
    assert after["from"] == "draw" and after["cards"] == [deal["hands"][0][5]]

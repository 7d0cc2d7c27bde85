"""President (the climb phase kind and the exchange keys of the pass kind) on hand-made deals, each result
worked out by hand from Pagat's rules as rulesets/president.yaml states them; the computation is in the
comment above each check."""
from __future__ import annotations

import random

import pytest

import ruleplay
from ruleplay.agents.bots import Bot
from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.pipeline import load

from conftest import Script, ev


def president(**sets) -> object:
    return load("president", {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in sets.items()}, 4)


# Four players, dealer 3: seat 0 leads. Seat 0 leads its pair of 3s. Seat 1 (4C KH) and seat 3 (7H AS)
# hold no pair and pass without being asked; seat 2 beats with 5C 5D. Seat 0 (9S) and seat 1 pass, so
# the pile clears and seat 2 leads its last card, the 2S (2s high): out first. Nobody beats a 2; the
# pile clears and, seat 2 being out, seat 3 (the next seat) leads 7H; seat 0 plays 9S and is out second;
# seat 1 KH, seat 3 AS: out third; seat 1 is left with 4C, last.
# Places [2, 4, 1, 3]; a point for every player out later: [2, 0, 3, 1].
HAND = Deal([["3C", "3D", "9S"], ["4C", "KH"], ["5C", "5D", "2S"], ["7H", "AS"]], dealer=3)


def _scripts():
    return [Script("3 3", "9"), Script("K"), Script("5 5"), Script("7", "A")]


def test_sets_beat_sets_pile_clears_and_places():
    bots = _scripts()
    r = play(president(rounds=1), deal=HAND, check=True, bots=bots)
    assert bots[0].offered[0] == ["3", "3 3", "9"]                 # the leader: any single or the pair
    assert bots[2].offered[0] == ["5 5", "pass"]                   # a pair only beats a pair
    assert bots[1].offered == [["K", "pass"]]                      # its only decision: the 4 is too low
    assert bots[3].offered == [["7", "A"], ["A", "pass"]]          # it leads after the 2 clears
    plays = [(e["seat"], e["cards"]) for e in ev(r, "climb")]
    assert plays == [(0, ["3C", "3D"]), (2, ["5C", "5D"]), (2, ["2S"]), (3, ["7H"]), (0, ["9S"]),
                     (1, ["KH"]), (3, ["AS"])]
    assert [(e["seat"], e["place"]) for e in ev(r, "finished")] == [(2, 1), (0, 2), (3, 3), (1, 4)]
    assert [e["seat"] for e in ev(r, "cleared")] == [2, 3]          # who leads after each clearing
    assert r.hand_scores == [[2, 0, 3, 1]] and r.scores == [2, 0, 3, 1] and r.winners == [2]


# With 2s low (aces high) the 2S is the lowest single: after it, seat 3 may beat it with either card.
def test_twos_low_option():
    bots = _scripts()
    r = play(president(rounds=1, **{"twos-high": False}), deal=HAND, check=True, bots=bots)
    assert bots[3].offered[0] == ["7", "A", "pass"]
    assert [(e["seat"], e["place"]) for e in ev(r, "finished")] == [(2, 1), (0, 2), (3, 3), (1, 4)]


# Seat 0 leads 5C; seat 1 passes (it holds KH); seat 2 plays 7D; seat 3 (4D 3D) and seat 0 (3C) cannot
# beat it. Pagat: seat 1 may now play KH on the 7D. With pass-locks it may not: the pile clears at once
# and seat 2 leads its 6D (out first); only then may seat 1 play KH.
LOCK = Deal([["5C", "3C"], ["KH", "4C"], ["7D", "6D"], ["4D", "3D"]], dealer=3)


@pytest.mark.parametrize("locks, first_plays", [(False, ["5C", "7D", "KH"]), (True, ["5C", "7D", "6D", "KH"])])
def test_pass_locks_until_the_pile_clears(locks, first_plays):
    bots = [_Then(Script("5")), _Then(Script("pass", "K")), _Then(Script("7")), _Then(Script())]
    r = play(president(rounds=1, **{"pass-locks": locks}), deal=LOCK, check=True, bots=bots)
    plays = [c for e in ev(r, "climb") for c in e["cards"]]
    assert plays[:len(first_plays)] == first_plays
    assert sorted(e["place"] for e in ev(r, "finished")) == [1, 2, 3, 4]


# Hand 1 as in the first test: seat 1 Scum (4th), seat 3 Vice-Scum (3rd), seat 2 President, seat 0
# Vice-President. Hand 2 is shuffled: whatever the deal, the Scum's two highest cards (2s high, then by
# suit) go to the President and the Vice-Scum's highest to the Vice-President, who give back two and one.
STRENGTH = "3 4 5 6 7 8 9 10 J Q K A 2".split()


def _best(cards: list[str], k: int) -> list[str]:
    return sorted(cards, key=lambda c: (STRENGTH.index(c[:-1]), "CDHS".index(c[-1])), reverse=True)[:k]


def test_exchange_scum_gives_best_cards_president_gives_any_back():
    r = play(president(rounds=2), deal=HAND, check=True, bots=[_Then(b) for b in _scripts()])
    assert ev(r, "tally")[0]["counters"]["rank"] == [2, 4, 1, 3]
    deal2 = [e for e in r.events if e["event"] == "deal"][-1]["hands"]
    ex = [(e["seat"], e["to"], e["cards"]) for e in ev(r, "exchange")]
    assert ex[:2] == [(1, 2, _best(deal2[1], 2)), (3, 0, _best(deal2[3], 1))]
    assert [(s, to, len(cs)) for s, to, cs in ex[2:]] == [(0, 3, 1), (2, 1, 2)]
    got = {to: cs for _, to, cs in ex[:2]}
    assert all(c in deal2[s] + got[s] for s, _, cs in ex[2:] for c in cs)   # any cards, received ones too


def test_one_card_exchange_and_no_vice_exchange():
    r = play(president(rounds=2, **{"exchange-cards": 1}), deal=HAND, check=True, bots=[_Then(b) for b in _scripts()])
    assert [(e["seat"], e["to"], len(e["cards"])) for e in ev(r, "exchange")] == [(1, 2, 1), (2, 1, 1)]


def test_no_exchange_in_the_first_hand_or_with_zero_cards():
    r = play(president(rounds=2, **{"exchange-cards": 0}), deal=HAND, check=True, bots=[_Then(b) for b in _scripts()])
    assert ev(r, "exchange") == []
    r = play(load("president", {}, 4), seed=2, check=True)
    first_hand = r.events[:next(i for i, e in enumerate(r.events) if e["event"] == "score")]
    assert not [e for e in first_hand if e["event"] == "exchange"]


class _Then(Bot):
    """A script for the first hand, then the lowest legal action."""

    def __init__(self, script: Script):
        super().__init__("lowest", random.Random(0))
        self.wants_view = False
        self.s = script

    def act(self, d, space) -> int:
        return self.s.act(d, space) if self.s.script else super().act(d, space)


@pytest.mark.parametrize("n", [3, 4, 5, 7])
def test_president_plays_whole_matches_with_every_bot(n):
    for bots in (["random"] * n, ["smart"] + ["lowest"] * (n - 1), ["highest"] * n):
        r = play(load("president", {}, n), seed=n, check=True, bots=bots)
        assert r.outcome == "finished"
        places = [e["place"] for e in ev(r, "finished")]
        assert sorted(places) == sorted(list(range(1, n + 1)) * 5)           # five hands, every place once
        assert sum(r.scores) == 5 * n * (n - 1) // 2
        assert len(ev(r, "exchange")) == 4 * (4 if n > 3 else 2)    # hands 2-5: 2 givers each way (1 at three)


def test_state_api_plays_president():
    g = ruleplay.load_game("president", options={"rounds": 2})
    s = g.new_initial_state(seed=4)
    rng = random.Random(4)
    while not s.is_terminal():
        acts = s.legal_actions()
        labels = [s.action_to_string(a) for a in acts]
        assert len(set(labels)) == len(labels)
        s.apply_action(rng.choice(acts))
    assert len(s.returns()) == 4


def test_the_docs_whole_game_validates_and_plays(tmp_path):
    """docs/climbing.md's last YAML block, as written: three hands, the exchange from the second on."""
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parent.parent / "docs" / "climbing.md").read_text(encoding="utf-8")
    body = re.findall(r"```yaml\n(.*?)```", doc, re.S)[-1]
    path = tmp_path / "climb-demo.yaml"
    path.write_text(body, encoding="utf-8")
    r = play(load(str(path)), seed=1, check=True)
    assert r.outcome == "finished" and len(r.hand_scores) == 3
    assert sorted(e["place"] for e in ev(r, "finished")) == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    ex = ev(r, "exchange")
    assert len(ex) == 4 and all(len(e["cards"]) == 1 for e in ex)             # hands 2 and 3, one card each way
    ranks = [e["counters"]["rank"] for e in ev(r, "tally")]
    assert (ex[0]["seat"], ex[0]["to"]) == (ranks[0].index(3), ranks[0].index(1))


def test_an_exchange_is_seen_by_giver_and_receiver_only():
    """Table.seat_log (what a search bot reads) and the narration of `ruleplay play` for each seat."""
    from ruleplay.tools.play.seat import Narrator
    g = ruleplay.load_game("president", options={"rounds": 2})
    s = g.new_initial_state(seed=2)
    def exchanges():
        return [x for x in s.events() if x["event"] == "exchange"]
    while not s.is_terminal() and not exchanges():
        s.apply_action(s.legal_actions()[0])
    e = exchanges()[0]
    t = s._table
    for me in range(4):
        seen = [x for x in t.seat_log(me) if x["event"] == "exchange"][0]
        told = Narrator(me, g.rules, g.space.cards).tell(e)[0]
        if me in (e["seat"], e["to"]):
            assert seen["cards"] == e["cards"] and all(c in told for c in e["cards"])
        else:
            assert seen["cards"] == [None] * len(e["cards"]) and not any(c in told for c in e["cards"])


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_president_deals_the_next_hand(players):
    """Pagat: after the first hand the President (first out) deals, so the player on the President's left
    leads (`match.dealer: {to: "s.place == 1"}`). Checked over seeded matches of random bots."""
    rules = load("president", {}, players)
    checked = 0
    for seed in range(8):
        r = play(rules, seed, check=True, bots=["random"] * players)
        deals = ev(r, "deal")
        for k, deal in enumerate(deals[1:]):
            first_out = [e["seat"] for e in r.events if e["event"] == "finished" and e.get("place") == 1]
            assert deal["dealer"] == first_out[k], (seed, k)
            checked += 1
    assert checked >= 8 * 4



def test_a_dealer_deals_three_hands_in_a_row_by_the_hand_just_scored(tmp_path):
    """`match.dealer: {to: ...}` reads the hand just scored, its number too: "the same dealer, except after every
    third hand" gives each dealer three hands in a row (Hearts, from seeded matches)."""
    f = tmp_path / "w.yaml"
    f.write_text("extends: hearts\nname: h3\ndescription: Hearts, a dealer dealing three hands in a row.\n"
                 "match:\n  dealer: {to: \"s == (dealer if hand-number % 3 != 0 else left-of(dealer))\"}\n")
    rules = load(str(f))
    for seed in range(3):
        dealers = [e["dealer"] for e in play(rules, seed, bots=["random"] * 4).events if e["event"] == "deal"]
        assert len(dealers) > 4
        assert dealers == [(dealers[0] + k // 3) % 4 for k in range(len(dealers))], (seed, dealers)

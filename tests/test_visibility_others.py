"""`visibility: others`: a seat's zone seen by every seat but its owner (cards held facing out: Indian poker,
Hanabi), checked on tests/data/indian-poker.yaml: each seat's view and events show the others' cards and never
its own; the search's sampler deals the looker's own card anew; every bot plays it; a table zone cannot be it."""
from __future__ import annotations

import random
from pathlib import Path

import ruleplay
from ruleplay.agents import play
from ruleplay.agents.determinize import knowledge, relabel
from ruleplay.pipeline import load

from conftest import validate_errors

GAME = Path(__file__).parent / "data" / "indian-poker.yaml"


def test_each_seat_sees_every_forehead_but_its_own():
    game = ruleplay.load_game(str(GAME))
    checked = 0
    for seed in range(8):
        s = game.new_initial_state(seed=seed)
        while not s.is_terminal():
            me = s.current_player()
            truth = {z.seat: z.cards for z in s.seat_view(me).seat_zones if z.name == "forehead"}
            for z in s.seat_view(me).seat_zones:
                if z.name == "forehead":
                    assert (z.cards is None) == (z.seat == me), (seed, me, z)
            deal = [e for e in s.seat_events(me) if e["event"] == "deal"][-1]
            assert all((c is None) == (i == me) for i, h in enumerate(deal["hands"]) for c in h), deal
            for other in range(3):
                view = {z.seat: z.cards for z in s.seat_view(other).seat_zones if z.name == "forehead"}
                assert all(view[x] == truth[x] for x in view if x not in (me, other))
            checked += 1
            s.apply_action(random.Random(seed + checked).choice(s.legal_actions()))
        folds = [e for e in s.events() if e["event"] == "move" and e["to"] == "folded"]
        for e in folds:                       # a card turned face up onto the table is seen by its owner too
            seen = [x for x in s.seat_events(e["seat"]) if x["event"] == "move" and x["to"] == "folded"]
            assert all(x["cards"][0] is not None for x in seen)
    assert checked > 30


def test_the_search_deals_the_lookers_own_card_anew():
    """The search's copies of seat 0's decision (`relabel` on a fork): the others' cards stay where they are, seen
    facing out; seat 0's own card, which it cannot see, is dealt again among the unseen cards (over 40 copies it
    varies, never one the others hold)."""
    rules = load(str(GAME))
    s = ruleplay.load_game(str(GAME)).new_initial_state(seed=3)
    while s.current_player() != 0:
        s.apply_action(s.legal_actions()[0])
    k = knowledge(rules, 0, s.seat_events(0))
    index = {c: i for i, c in enumerate(rules.deck.names)}
    truth = next(e for e in s.events() if e["event"] == "deal")["hands"]
    mine = set()
    rng = random.Random(1)
    for _ in range(40):
        got = {}

        def redeal(seat_zones, shared):
            ok = relabel(rules, seat_zones, shared, k, rng)
            got["zones"] = [[list(z) for z in zones] for zones in seat_zones]
            return ok
        assert s.fork(answer=[None] * 3, redeal=redeal) is not None
        forehead = got["zones"][rules.zones["forehead"].index]
        assert [forehead[1], forehead[2]] == [[index[c] for c in truth[1]], [index[c] for c in truth[2]]]
        mine.add(forehead[0][0])
    others = {index[truth[1][0]], index[truth[2][0]]}
    assert len(mine) > 10 and not mine & others


def test_every_bot_plays_it_and_a_table_zone_cannot_be_seen_by_others(tmp_path, capsys):
    rules = load(str(GAME))
    for bots in (["smart", "random", "ismcts:8"], ["lowest", "highest", "smart"]):
        r = play(rules, 5, bots=bots)
        assert r.outcome == "finished"
    err = validate_errors(tmp_path, capsys, GAME.read_text().replace("stock: {owner: table, visibility: hidden}",
                                                                     "stock: {owner: table, visibility: others}"))
    assert "[zones.stock.visibility]" in err and "it has no owner to see it" in err


def test_the_sheet_says_who_sees_a_card_held_facing_out(capsys):
    from ruleplay.tools.cli import main
    assert main(["explain", str(GAME)]) == 0
    assert "forehead: one per player, others (seen by every player but its owner)" in capsys.readouterr().out

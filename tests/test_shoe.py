"""`deal.shoe`: the deal's rest zone kept from hand to hand (tests/data/blackjack-shoe.yaml). Checked over seeded
games from their logs: a hand dealt from the shoe gets exactly the cards the shoe held next, in order; the shoe is
shuffled anew exactly when it fell below the cut card; cards are conserved; games replay; misuse is a placed
error."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleplay.agents import play
from ruleplay.pipeline import load

from conftest import validate_errors

SHOE = Path(__file__).parent / "data" / "blackjack-shoe.yaml"


def _drawn(events: list[dict], since: int, until: int) -> list[str]:
    """The cards taken from the shoe between two deals, in order (the shoe's top first)."""
    out = []
    for e in events[since + 1:until]:
        if e["event"] == "move" and e.get("from") == "shoe":
            out += e["cards"]
    return out


@pytest.mark.parametrize("cut", [78, 270])
def test_hands_come_from_the_shoe_in_order_until_the_cut_card(cut):
    rules = load(str(SHOE), {"cut-card": str(cut)})
    new = kept = 0
    for seed in range(6):
        events = play(rules, seed, bots=["smart", "random", "highest"], check=True).events
        deals = [i for i, e in enumerate(events) if e["event"] == "deal"]
        assert events[deals[0]]["shoe"] == "new"
        for a, b in zip(deals, deals[1:]):
            left = events[a]["rest"]                       # the shoe after the deal, top first
            drawn = _drawn(events, a, b)
            assert drawn == left[:len(drawn)], seed          # every card drawn was the shoe's next
            remaining = len(left) - len(drawn)
            want = "new" if remaining < cut else "kept"
            assert events[b]["shoe"] == want, (seed, remaining)
            if want == "kept":
                assert events[b]["rest"] == left[len(drawn):]  # the same shoe goes on, untouched
                kept += 1
            else:
                assert len(events[b]["rest"]) == 312        # every card back in a new shoe
                new += 1
    assert kept > 20 and (new > 3 if cut == 270 else new == 0)


def test_a_shoe_game_replays(tmp_path):
    from ruleplay.tools.logs.replay import read_log, replay
    events = play(load(str(SHOE), {"cut-card": "270"}), 2, bots=["smart", "random", "random"]).events
    log = tmp_path / "g.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events))
    assert replay(read_log(str(log)), ruleset=str(SHOE)).same


@pytest.mark.parametrize("shoe, message", [
    ("{discards: shoe}", "the discards go beside the shoe, not into it"),
    ("{discards: tary}", "'tary'"),
    ("{discards: tray, reshuffle: \"shoe.size\"}", "gives int, but bool is expected"),
])
def test_misused_shoes_are_placed_errors(tmp_path, capsys, shoe, message):
    err = validate_errors(tmp_path, capsys, SHOE.read_text().replace('{discards: tray, reshuffle: "shoe.size < cut-card"}',
                                                                     shoe))
    assert "[deal.shoe" in err and message in err, err


def test_a_shoe_needs_a_count_and_a_rest(tmp_path, capsys):
    err = validate_errors(tmp_path, capsys, SHOE.read_text().replace("deal:\n", "deal:\n  count: all\n"))
    assert "a shoe is where the cards not dealt wait" in err


def test_the_search_leaves_the_tray_where_everyone_sees_it():
    """The search's copies of a decision in a later hand (`relabel` on a fork): the tray (face up, filled between
    hands without a move event) keeps its cards; the shoe's unseen cards are dealt again among themselves."""
    import random

    import ruleplay
    from ruleplay.agents.determinize import knowledge, relabel
    rules = load(str(SHOE))
    s = ruleplay.load_game(str(SHOE)).new_initial_state(seed=4)
    while not s.is_terminal() and sum(e["event"] == "deal" for e in s.events()) < 2:
        s.apply_action(s.legal_actions()[0])
    me = s.current_player()
    tray_i, shoe_i = rules.zones["tray"].index, rules.zones["shoe"].index
    k = knowledge(rules, me, s.seat_events(me))
    rng = random.Random(2)
    trays, shoes = set(), set()
    for _ in range(10):
        got = {}

        def redeal(seat_zones, shared):
            ok = relabel(rules, seat_zones, shared, k, rng)
            got["tray"], got["shoe"] = tuple(shared[tray_i]), tuple(shared[shoe_i])
            return ok
        assert s.fork(answer=[None] * rules.players, redeal=redeal) is not None
        trays.add(got["tray"])
        shoes.add(got["shoe"])
    assert len(trays) == 1 and len(next(iter(trays))) > 0 and len(shoes) > 1

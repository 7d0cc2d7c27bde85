"""Hidden cards stay hidden: every event kind that moves hidden cards is shown to each seat only as its
declaration allows (events.py), in every view that reads events: the search bots' `observe`
(`Table.seat_log`), the narrators of `ruleplay play` and of the web table, and the web page."""
from __future__ import annotations

import random
import re

import pytest

import ruleplay
from ruleplay.tools.play.seat import Narrator
from ruleplay.kinds import EVENT_SPECS
from ruleplay.engine.visibility import SeatLooker, seat_event

CARD = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")
RULESETS = ruleplay.__path__[0] + "/../../rulesets"


def play_until(game, seed: int, found, limit: int = 5000):
    """A state stepped with random legal actions until `found(events)` holds."""
    s = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if s.is_terminal() or found(s.events()):
            break
        s.apply_action(rng.choice(s.legal_actions()))
    assert found(s.events()), "the event never happened"
    return s


def first(kind: str):
    return lambda events: any(e["event"] == kind for e in events)


def views(s, me: int) -> tuple[list[dict], str]:
    """Seat `me`'s events (what a search bot reads) and its narration (what a person is told)."""
    g = s.game
    narrator = Narrator(me, g.rules, g.space.cards)
    told = " ".join(line for ev in s.events() for line in narrator.tell(ev))
    return s._table.seat_log(me), told


def check_movers(s, kind: str, field: str, movers) -> int:
    """Each `kind` event's cards are known to the seats `movers(ev)` names and to no other seat."""
    checked = 0
    for i, ev in enumerate(s.events()):
        if ev["event"] != kind or not ev[field]:
            continue
        for me in range(s.game.num_players()):
            seen = seat_event(ev, SeatLooker(me, s.game.rules, s.game.space.cards), EVENT_SPECS)
            if me in movers(ev):
                assert seen[field] == ev[field]
            else:
                assert seen[field] == [None] * len(ev[field]), (me, ev)
            checked += 1
    return checked


def test_five_hundred_kitty_is_seen_by_the_bidder_alone():
    """The leak of issue 33: "Seat 3 picks up 5D 7C QH." was told to every seat and every search bot."""
    g = ruleplay.load_game("five-hundred")
    s = play_until(g, 4, first("pick-up"))
    pick = next(e for e in s.events() if e["event"] == "pick-up")
    took, k = set(pick["took"]), len(pick["took"])
    assert k == 3                                   # the 4-player kitty
    for me in range(4):
        log, told = views(s, me)
        seen = next(e for e in log if e["event"] == "pick-up")
        page = s.observation_string(me)
        if me == pick["seat"]:
            assert seen["took"] == pick["took"] and took <= set(CARD.findall(told))
        else:
            assert seen["took"] == [None] * k
            assert not took & set(CARD.findall(told)), told
            assert f"picks up {k} cards from the {pick['zone']}" in told
            assert not took & set(CARD.findall(page))


def test_discards_exchanges_and_draws_are_seen_by_their_movers():
    """Every other event kind that moves a seat's hidden cards: the Five Hundred discard into the face-down
    kitty, President's exchange, a Crazy Eights draw from the stock."""
    five = play_until(ruleplay.load_game("five-hundred"), 4, first("discard"))
    assert check_movers(five, "discard", "cards", lambda ev: {ev["seat"]})
    president = play_until(ruleplay.load_game("president", options={"rounds": 2}), 2, first("exchange"))
    assert check_movers(president, "exchange", "cards", lambda ev: {ev["seat"], ev["to"]})
    eights = play_until(ruleplay.load_game("crazy-eights"), 1, first("draw"))
    assert check_movers(eights, "draw", "cards", lambda ev: {ev["seat"]})


def test_a_deal_shows_a_seat_its_own_hand_only():
    s = ruleplay.load_game("hearts").new_initial_state(seed=3)
    deal = next(e for e in s.events() if e["event"] == "deal")
    for me in range(4):
        seen = next(e for e in s._table.seat_log(me) if e["event"] == "deal")
        assert seen["hands"][me] == deal["hands"][me]
        assert all(h == [None] * 13 for k, h in enumerate(seen["hands"]) if k != me)


def test_no_seat_learns_the_seed_from_the_start_event():
    """Whoever knows the seed knows every hand."""
    s = ruleplay.load_game("hearts").new_initial_state(seed=123456)
    for me in range(4):
        assert s._table.seat_log(me)[0]["seed"] is None


KNOCKED_HEARTS = """\
name: hearts-knock-out
description: Hearts with seat 1 knocked out after the first hand, passing across.
extends: hearts
match:
  knock-out: "s.index == 1"
"""


def test_a_pass_after_a_knock_out_tells_each_seat_who_really_gave_what(tmp_path):
    """Issue 33: with seat 1 out, passing across among seats 0, 2 and 3 sends 2 -> 0, 3 -> 2, 0 -> 3; seat 2
    was told it received the cards that actually went to seat 3."""
    path = tmp_path / "hearts-knock-out.yaml"
    path.write_text(KNOCKED_HEARTS)
    g = ruleplay.load_game(str(path), options={"passing": "across"})
    s = play_until(g, 1, lambda evs: sum(e["event"] == "pass" for e in evs) >= 2)
    hand2 = [e for e in s.events() if e["event"] == "pass"][1]
    assert hand2["to"] == [3, None, 0, 2]
    assert hand2["cards"][1] == [] and all(len(hand2["cards"][k]) == 3 for k in (0, 2, 3))
    for me in (0, 2, 3):
        giver = hand2["to"].index(me)
        seen = seat_event(hand2, SeatLooker(me, g.rules, g.space.cards), EVENT_SPECS)
        for k in (0, 2, 3):
            assert seen["cards"][k] == (hand2["cards"][k] if k in (me, giver) else [None] * 3)
        told = Narrator(me, g.rules, g.space.cards).tell(hand2)[0]
        gave, got = " ".join(hand2["cards"][me]), " ".join(hand2["cards"][giver])
        assert told == f"You pass {gave} to Seat {hand2['to'][me]} and receive {got} from Seat {giver}."
    assert Narrator(1, g.rules, g.space.cards).tell(hand2) == ["You take no part in the pass."]


def test_every_logged_field_is_declared_by_its_event_kind():
    """A field an event's kind does not declare never reaches a seat as a list, so a new field that carries
    cards must be declared (with who may see it) before any view shows it: every built-in's events,
    searched and stepped with random choices, use declared fields only."""
    from pathlib import Path
    for path in sorted(Path(RULESETS).glob("*.yaml")):
        g = ruleplay.load_game(str(path))
        s = g.new_initial_state(seed=7)
        rng = random.Random(7)
        for _ in range(400):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
        for ev in s.events():
            spec = EVENT_SPECS.get(ev["event"])
            assert spec is not None, f"{path.name}: {ev['event']} has no declaration"
            assert set(ev) - {"event"} <= set(spec.fields), (path.name, ev["event"], set(ev) - set(spec.fields))


@pytest.mark.parametrize("ev", [
    {"event": "no-such-kind", "seat": 1, "cards": ["AS", "KS"]},
    {"event": "bid", "seat": 1, "bid": 3, "hand": ["AS", "KS"]},      # a declared kind, an undeclared field
])
def test_what_nobody_declared_shows_no_list(ev):
    g = ruleplay.load_game("hearts")
    seen = seat_event(ev, SeatLooker(0, g.rules, g.space.cards), EVENT_SPECS)
    assert "AS" not in str(seen) and seen["seat"] == 1


# ------------------------------------------------------------------ choices the rules made
FORCED = ruleplay.__path__[0] + "/../../tests/data/forced-pass.yaml"


def _announce_round(seat_events: list[dict]) -> list[tuple]:
    """The announce round as a seat sees it: (event, seat, what it says) in order, and every key it shows."""
    return [(e["event"], e.get("seat"), e.get("label", e.get("value", e.get("pass"))), tuple(sorted(e)))
            for e in seat_events if e.get("event") in ("decision", "choose")]


def test_a_pass_the_rules_made_reads_to_the_others_as_a_pass_chosen():
    """Only the holder of QC may announce. Both seats pass: the holder by choice, the other because nothing is
    open to it. Before, the other's pass had no decision event, so either seat learned the secret role from the
    shape of the log. Now every seat sees the same round whoever holds QC; only the full log marks the pass the
    rules made (`forced`, for replay)."""
    game = ruleplay.load_game(FORCED)
    rounds, roles = set(), set()
    for seed in range(8):
        s = game.new_initial_state(seed=seed)
        while not s.is_terminal() and any(s.action_to_string(a) == "pass" for a in s.legal_actions()):
            s.apply_action(next(a for a in s.legal_actions() if s.action_to_string(a) == "pass"))
        holder = s.counters()["role"].index(1)
        roles.add(holder)
        forced = [e for e in s.events() if e.get("forced")]
        assert [(e["seat"], e["label"]) for e in forced] == [(1 - holder, "pass")]
        for me in (0, 1):
            seen = s.seat_events(me)
            assert not any("forced" in e for e in seen)
            rounds.add((me, tuple(_announce_round(seen))))
    assert roles == {0, 1}                       # both roles were dealt to each seat among the seeds
    assert len(rounds) == 2                      # each seat saw one and the same round, whoever held QC


def test_ismcts_plays_where_the_rules_choose_for_other_seats():
    """The search replays the other seats' choices in its sampled games; those the rules made are dropped as
    the sampled game makes them (`Script._catch_up`), so a sample where the roles fall as they truly did is
    proven and the search plays on (a game where every sample failed would stop with an error)."""
    from ruleplay.agents import play
    from ruleplay.pipeline import load
    r = play(load(FORCED), seed=3, bots=["ismcts:6", "random"])
    assert r.outcome == "finished"

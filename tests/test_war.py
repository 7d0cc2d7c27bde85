"""War (the `battle` phase kind), end to end on hand-checked deals: a plain round, a war, a double war,
a seat too short for a war, a seat with no card for it, three players, the end, a looping deal."""
import pytest

from conftest import ev
from ruleplay.tools.cli import main
from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.errors import RuleplayError
from ruleplay.pipeline import load


@pytest.fixture(scope="module")
def war():
    return load("war")


def battles(r):
    return [([tuple(x) for x in e["cards"]], e["down"]) for e in ev(r, "battle")]


def takes(r):
    return [(e["seat"], e["count"]) for e in ev(r, "take")]


def test_plain_rounds_to_the_end(war):
    # The first card listed is the top. R1 KC > 5H: seat 0 takes [KC, 5H] under its stock (KC nearer the
    # top): s0 2D KC 5H, s1 3S. R2 2D < 3S: s1 takes: s0 KC 5H, s1 2D 3S. R3 KC > 2D: s0 5H KC 2D, s1 3S.
    # R4 5H > 3S: seat 0 holds every card, seat 1 is out.
    r = play(war, deal=Deal([["KC", "2D"], ["5H", "3S"]]), check=True)
    assert battles(r) == [([(0, "KC"), (1, "5H")], 0), ([(0, "2D"), (1, "3S")], 0),
                          ([(0, "KC"), (1, "2D")], 0), ([(0, "5H"), (1, "3S")], 0)]
    assert takes(r) == [(0, 2), (1, 2), (0, 2), (0, 2)]
    assert [(e["seat"], e["why"]) for e in ev(r, "out")] == [(1, "no cards left")]
    assert (r.outcome, r.winners, r.reason) == ("finished", [0], "one player holds every card")
    assert (r.cards_played, r.pile_takes) == (8, 4)


def test_a_war_then_a_seat_too_short_for_one(war):
    # R1 7C = 7D: a war, three down each (s0 2C 3C 4C, s1 5D 6D 8D), then AC > KD: seat 0 takes the
    # ten cards in the order they went down: s0 7C 7D 2C 3C 4C AC 5D 6D 8D KD, s1 QD.
    # R2 7C < QD: s1 7C QD. R3 7D = 7C: a war; seat 1 has only QD, so it turns QD up as its war card;
    # seat 0 puts 2C 3C 4C down and turns AC: AC > QD, seat 0 takes the 7 cards on the table, seat 1 is out.
    r = play(war, deal=Deal([["7C", "2C", "3C", "4C", "AC"], ["7D", "5D", "6D", "8D", "KD", "QD"]]), check=True)
    assert battles(r) == [([(0, "7C"), (1, "7D")], 0), ([(0, "AC"), (1, "KD")], 3),
                          ([(0, "7C"), (1, "QD")], 0), ([(0, "7D"), (1, "7C")], 0), ([(0, "AC"), (1, "QD")], 3)]
    assert takes(r) == [(0, 10), (1, 2), (0, 7)]
    assert r.winners == [0] and r.cards_played == 10 + 2 + 7


def test_double_war(war):
    # 9C = 9D, three down each, JC = JD, three down each, AC > KD: seat 0 takes all 18 cards.
    r = play(war, deal=Deal([["9C", "2C", "3C", "4C", "JC", "5C", "6C", "7C", "AC"],
                             ["9D", "2D", "3D", "4D", "JD", "5D", "6D", "7D", "KD"]]), check=True)
    assert battles(r) == [([(0, "9C"), (1, "9D")], 0), ([(0, "JC"), (1, "JD")], 3), ([(0, "AC"), (1, "KD")], 3)]
    assert takes(r) == [(0, 18)]
    assert r.winners == [0]


def test_pagat_one_card_down():
    r = play(load("war", {"face-down": "1"}), deal=Deal([["9C", "2C", "AC"], ["9D", "2D", "KD"]]), check=True)
    assert battles(r) == [([(0, "9C"), (1, "9D")], 0), ([(0, "AC"), (1, "KD")], 1)]
    assert takes(r) == [(0, 6)] and r.winners == [0]


def test_a_tied_seat_with_no_card_left_loses_the_war(war):
    # 5C = 5D; seat 0 has nothing left for the war, so seat 1, the one tied seat with cards, takes both.
    r = play(war, deal=Deal([["5C"], ["5D", "2D"]]), check=True)
    assert battles(r) == [([(0, "5C"), (1, "5D")], 0)]
    assert takes(r) == [(1, 2)] and r.winners == [1]


def test_nobody_left_with_a_card_is_stuck(war):
    # 5C = 5D and neither seat has another card: the two cards stay on the table, nobody can play.
    r = play(war, deal=Deal([["5C"], ["5D"]]), check=True)
    assert takes(r) == [] and [e["seat"] for e in ev(r, "out")] == [0, 1]
    assert (r.outcome, r.winners) == ("stuck", [])


def test_three_players_only_the_tied_seats_fight():
    # R1 2C, AC, AD: seats 1 and 2 tie; seat 0 is left out of the war. Seats 1 and 2 put 3 down and
    # turn KC vs QD: seat 1 takes all 11 cards; seats 0 and 2 have none left, so both are out.
    r = play(load("war", players=3), deal=Deal([["2C"], ["AC", "3C", "4C", "5C", "KC"],
                                               ["AD", "3D", "4D", "5D", "QD"]]), check=True)
    assert battles(r) == [([(0, "2C"), (1, "AC"), (2, "AD")], 0), ([(1, "KC"), (2, "QD")], 3)]
    assert takes(r) == [(1, 11)]
    assert [e["seat"] for e in ev(r, "out")] == [0, 2] and r.winners == [1]


def test_looping_deal_is_a_cycle(war):
    # By hand: after R2 s0 3D 2D, s1 2C 3C; R3 -> s0 2D 3D 2C, s1 3C; R4 -> s0 3D 2C, s1 2D 3C;
    # R5 -> s0 2C 3D 2D, s1 3C; R6 -> s0 3D 2D, s1 2C 3C: the table after R2 again, a loop of 4 rounds.
    r = play(war, deal=Deal([["2C", "3D"], ["3C", "2D"]]), log=False)
    assert r.outcome == "cycle" and r.winners == []
    assert r.cycle["length"] == 4 and r.cycle["length_actions"] == 8
    assert play(war, deal=Deal([["2C", "3D"], ["3C", "2D"]]), log=False).cycle == r.cycle


def test_max_actions_gives_limit(war):
    r = play(war, seed=5, max_actions=10)
    assert r.outcome == "limit" and r.cards_played == 10 and r.winners == []


def test_shuffled_pickup_is_seeded():
    rules = load("war", {"pickup": "shuffled"})
    deal = Deal([["2C", "3D"], ["3C", "2D"]])
    a, b = play(rules, seed=1, deal=deal, check=True), play(rules, seed=1, deal=deal)
    assert a.events == b.events
    # the deal that loops when the cards go under in play order ends once they are shuffled
    assert {play(rules, seed=s, deal=deal).outcome for s in range(10)} <= {"finished", "stuck"}


@pytest.mark.parametrize("seed", range(10))
def test_every_deal_ends_with_a_clear_outcome(war, seed):
    r = play(war, seed=seed, check=True, log=False)
    assert r.outcome in ("finished", "cycle")
    assert len(r.winners) == (1 if r.outcome == "finished" else 0)


def test_the_run_account_and_rule_sheet(capsys):
    assert main(["run", "war", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Battle: 0:" in out and "Result: Seat" in out
    assert main(["explain", "war"]) == 0
    assert "the tied players each put 3 card(s) face down" in capsys.readouterr().out


@pytest.mark.parametrize("body, where, message", [
    ("phases:\n  play: {to: stock}\n", "v.yaml:5:14: error [phases.play.to]",
     "zone 'stock' is owned by the seat, but a table zone is needed here"),
    ("phases:\n  play: {from: pile}\n", "v.yaml:5:16: error [phases.play.from]", "unknown zone 'pile'"),
    ("phases:\n  play: {tie: {face-down: 60}}\n", "v.yaml:5:27: error [phases.play.tie.face-down]",
     "value 60 is out of range 0..52"),
    ("phases:\n  play: {take: {order: random}}\n", "v.yaml:5:24: error [phases.play.take.order]",
     "'random' is not allowed here; expected one of: played, shuffled"),
    ("phases:\n  play: {value: s.stock.size}\n", "v.yaml:5:17: error [phases.play.value]", "s"),
])
def test_bad_battles_get_placed_errors(tmp_path, capsys, body, where, message):
    v = tmp_path / "v.yaml"
    v.write_text("name: v\ndescription: a variant\nextends: war\n" + body, encoding="utf-8")
    assert main(["validate", str(v)]) == 1
    err = capsys.readouterr().err
    assert where in err and message in err, err
    with pytest.raises(RuleplayError):
        load(str(v))


def test_run_reports_a_looping_deal(tmp_path, capsys):
    deal = tmp_path / "loop.yaml"
    deal.write_text("hands: [[2C, 3D], [3C, 2D]]\n", encoding="utf-8")
    assert main(["run", "war", "--deal", str(deal)]) == 0
    out = capsys.readouterr().out
    # the table after R2 (the third boundary: one before R1, one after each round) comes back 4 rounds on
    assert "Result: cycle (the table at round 7 repeats round 3); no winner." in out
    assert "Cycle: the table repeats every 4 rounds from round 3." in out


def test_no_decisions_so_the_state_is_terminal_when_created():
    from ruleplay.pipeline import load_game
    state = load_game("war").new_initial_state(seed=4)
    assert state.is_terminal() and state.legal_actions() == []
    winners = play(load("war"), seed=4, log=False).winners
    assert winners and state.returns() == [1.0 if s in winners else 0.0 for s in range(2)]

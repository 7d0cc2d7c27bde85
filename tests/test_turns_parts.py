"""A move's parts read those chosen before them (a card taken blind from the chosen player's hand), and a set
of cards found by its sum (`cards: {adds-to, counting}`: the captures of the fishing games)."""
from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.errors import RuleplayError
from ruleplay.kinds.turns import sums
from ruleplay.pipeline import load
from conftest import offered, step

DATA = Path(__file__).parent / "data"
BLIND, SUMS = DATA / "blind-draw.yaml", DATA / "capture-by-sums.yaml"
VALUE = {"A": 1, **{str(v): v for v in range(2, 11)}}


def moves(state) -> list[tuple]:
    return [(e["seat"], e["from"], e.get("from_seat"), e["to"], e["cards"]) for e in state.events()
            if e["event"] == "move"]


def test_a_card_taken_blind_from_the_player_chosen_just_before():
    s = ruleplay.load_game(str(BLIND)).new_initial_state(deal=Deal(hands=[["2C", "3C"], ["4C", "2D"], ["3D", "4D"]]))
    assert s.current_player() == 0 and offered(s) == ["draw: seat 1", "draw: seat 2"]
    step(s, "draw: seat 2")
    assert offered(s) == ["draw: position 1", "draw: position 2"]       # seat 2's two cards, by place
    step(s, "draw: position 2")                                      # the second from the top: 4D
    assert moves(s) == [(0, "hand", 2, "hand", ["4D"])]
    assert s.current_player() == 1 and offered(s) == ["draw: seat 0", "draw: seat 2"]
    step(s, "draw: seat 2")                                          # one card left there: not asked
    assert moves(s)[-1] == (1, "hand", 2, "hand", ["3D"]) and s.current_player() == 2
    seen = [e for e in s.seat_events(2) if e["event"] == "move"]
    assert seen[0]["cards"] == ["4D"] and seen[1]["cards"] == ["3D"]  # the seat drawn from knows what it lost


def test_a_capture_by_sums_offers_exactly_the_sets_adding_up():
    table = ["3D", "4D", "2H", "5H", "AS", "6S", "10C"]
    s = ruleplay.load_game(str(SUMS)).new_initial_state(
        deal=Deal(hands=[["7C", "2C", "3C"], ["9D", "9H", "9S"]], rest=table))
    step(s, "capture")
    assert offered(s) == ["2C", "3C", "7C"]          # each has a capture: 2H; 3D or AS+2H; seven ways
    step(s, "7C")
    # the sets adding up to 7, each asked low card first in the deck's canonical order (suits C D H S, A high)
    order = ruleplay.load_game(str(SUMS)).space.keys
    names = ruleplay.load_game(str(SUMS)).rules.deck.names
    ids = {n: i for i, n in enumerate(names)}
    want = [sorted(c, key=lambda n: order[ids[n]]) for k in range(1, 8) for c in combinations(table, k)
            if sum(VALUE[x[:-1]] for x in c) == 7]
    assert sorted(want) == [["2H", "5H"], ["3D", "4D"], ["4D", "2H", "AS"], ["6S", "AS"]]
    assert offered(s) == sorted({w[0] for w in want})
    step(s, "6S")                                     # only 6S+AS starts with 6S: the rest is not asked
    assert moves(s) == [(0, "hand", 0, "taken", ["7C"]), (0, "table", None, "taken", ["6S", "AS"])]


def test_sums_find_agrees_with_every_subset_and_stops_at_its_bounds():
    rng = random.Random(5)
    for _ in range(200):
        values = [rng.randint(-1, 9) for _ in range(30)]
        cards = rng.sample(range(30), rng.randint(0, 11))
        total, lo = rng.randint(1, 20), rng.randint(1, 3)
        hi = rng.randint(lo, 7)
        brute = sorted(s for k in range(lo, hi + 1) for s in combinations(sorted(cards), k)
                       if sum(values[c] for c in s) == total and all(values[c] > 0 for c in s))
        assert sorted(sums.find(cards, values, total, lo, hi, key=int)) == brute
    ones = [1] * 40                                   # 40 cards of 1: C(40, 20) sets add up to 20
    with pytest.raises(sums.TooMany, match="more than 1,000 sets"):
        sums.find(range(40), ones, 20, 1, 40, most=1000)
    twos = [2] * 40                                   # an odd total no set of twos makes: a search with no end
    with pytest.raises(sums.TooMany, match="past 10,000 steps"):
        sums.find(range(40), twos, 39, 1, 40, steps=10_000)


def test_random_games_capture_only_what_adds_up():
    rules = load(str(SUMS))
    for seed in range(6):
        ev = ruleplay.agents.play(rules, seed, bots=["random", "random"]).events
        got = [e for e in ev if e["event"] == "move"]
        for played, taken in zip(got, got[1:]):
            if played["to"] == "taken" and played["from"] == "hand":
                assert taken["from"] == "table" and sum(VALUE[c[:-1]] for c in taken["cards"]) == \
                    VALUE[played["cards"][0][:-1]]


@pytest.mark.parametrize("cards, message", [
    ("{from: table, adds-to: card.value}", "adds-to needs `counting:`"),
    ("{from: table, adds-to: card.value, counting: points}", "'points' is not an attribute of the deck"),
    ("{from: table, adds-to: card.value, counting: value, as: set}", "either by shape (as:) or by sum"),
    ("{from: table, adds-to: card.suit, counting: value}", "int is expected here"),
])
def test_a_bad_sum_is_placed(tmp_path, cards, message):
    text = SUMS.read_text(encoding="utf-8").replace(
        "cards: {from: table, adds-to: card.value, counting: value}", f"cards: {cards}")
    p = tmp_path / "bad.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(RuleplayError) as err:
        load(str(p))
    assert any(message in e.message and e.mark.line == 23 for e in err.value.errors), err.value.errors


THROW = DATA / "throw-in.yaml"


def test_an_answer_chooses_a_card_and_a_copy_asks_the_same():
    s = ruleplay.load_game(str(THROW)).new_initial_state(
        deal=Deal(hands=[["2C", "3C", "4C", "5C"], ["2D", "2H", "3D", "4D"], ["5D", "5H", "3H", "4H"]]))
    step(s, "2C")
    assert s.current_player() == 1 and offered(s) == ["lead: no answer", "lead: throw"]
    step(s, "lead: throw")
    assert offered(s) == ["2D", "2H"]                     # only the cards its `legal` allows: the rank led
    copy = s.clone()
    assert copy.current_player() == 1 and offered(copy) == ["2D", "2H"]
    step(s, "2H")
    step(copy, "2H")
    assert copy.events() == s.events()
    got = [(e["event"], e["seat"], e.get("cards") or e.get("move")) for e in s.events()
           if e["event"] in ("move", "respond")]
    assert got == [("move", 0, ["2C"]), ("respond", 1, "throw"), ("move", 1, ["2H"])]
    assert s.current_player() == 1                        # the first answer ends the window; play goes on


def test_a_seat_with_nothing_to_throw_is_not_asked_and_bots_play_it_out():
    s = ruleplay.load_game(str(THROW)).new_initial_state(
        deal=Deal(hands=[["2C", "3C", "4C", "5C"], ["3D", "4D", "5D", "3H"], ["2D", "2H", "4H", "5H"]]))
    step(s, "2C")
    assert s.current_player() == 2 and offered(s) == ["lead: no answer", "lead: throw"]     # seat 1 holds no two
    rules = load(str(THROW))
    for seed in range(4):
        for bots in (["random"] * 3, ["smart"] * 3, ["ismcts:5", "random", "smart"]):
            ev = ruleplay.agents.play(rules, seed, bots=bots).events
            moves_ = [e for e in ev if e["event"] == "move"]
            for i, e in enumerate(ev):
                if e["event"] == "respond":
                    led = next(x for x in reversed(ev[:i]) if x["event"] == "move")
                    thrown = next(x for x in ev[i:] if x["event"] == "move")
                    assert thrown["cards"][0][:-1] == led["cards"][0][:-1]
                    assert thrown["seat"] == e["seat"] != led["seat"]
            assert moves_ and ev[-1]["event"] == "end"


def test_reveal_shows_the_cards_of_a_zone_a_rule_picks(tmp_path):
    (tmp_path / "throw-in.yaml").write_text(THROW.read_text(encoding="utf-8"), encoding="utf-8")
    p = tmp_path / "show.yaml"
    p.write_text("extends: throw-in.yaml\nname: show\nphases:\n  play:\n    moves:\n      lead:\n"
                 "        do:\n          - move: {from: hand, to: pile}\n"
                 "          - reveal: {from: hand, where: \"card.rank == '5' or card.rank == '3'\", count: 1}\n",
                 encoding="utf-8")
    s = ruleplay.load_game(str(p)).new_initial_state(
        deal=Deal(hands=[["2C", "3C", "4C", "5C"], ["3D", "4D", "5D", "3H"], ["2D", "2H", "4H", "5H"]]))
    step(s, "2C")                                            # seat 0 keeps 3C 4C 5C (3C on top)
    shown = [e for e in s.seat_events(2) if e["event"] == "reveal"]
    assert shown == [{"event": "reveal", "phase": "play", "seat": 0, "cards": ["3C"]}]   # the first from the top
    from ruleplay.tools.explain.sheet import sheet_text
    assert "at most 1 of the cards of the player's hand for which" in sheet_text(load(str(p)))


def test_a_set_of_up_to_four_of_a_five_card_hand_validates_and_is_counted_in_play(tmp_path):
    """Draw poker's discard: 0 to 4 of 52 cards are 294,204 sets of the whole deck (refused before), but a
    hand of five offers 31; a zone grown past the bound stops the game as a limit, not a long listing. A
    five-card hand from thirteen (Big Two) validates too."""
    text = ("name: discard\ndescription: discard 0 to 4, draw as many\nplayers: {min: 1, max: 2, default: 2}\n"
            "deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S]}\n"
            "zones:\n  hand: {owner: seat, visibility: owner}\n  stock: {owner: table, visibility: hidden}\n"
            "  out: {owner: table, visibility: hidden}\ndeal: {to: hand, count: COUNT, rest: stock}\n"
            "phases:\n  draw:\n    kind: turns\n    max-turns: 2\n    until: 'false'\n    moves:\n      discard:\n"
            "        choose: {cards: {from: hand, min: 0, max: 4}}\n        do:\n"
            "          - move: {from: hand, to: out, picked: true}\n"
            "          - move: {from: stock, to: hand, count: picked.size}\nmatch:\n  end: 'true'\n")
    p = tmp_path / "d.yaml"
    p.write_text(text.replace("COUNT", "5"), encoding="utf-8")
    s = ruleplay.load_game(str(p)).new_initial_state(seed=1)
    labels = offered(s)
    assert len(labels) == 6 and "discard: done" in labels      # any of 5 cards first, or none at all
    p.write_text(text.replace("COUNT", "26"), encoding="utf-8")   # 26 cards: 17,902 sets of 0 to 4, within
    result = ruleplay.agents.play(load(str(p)), 1, bots=["random"] * 2)
    assert (result.outcome, result.reason) == ("limit", "the draw phase reached its 2 turns (max-turns) without ending")
    p.write_text(text.replace("COUNT", "34"), encoding="utf-8")   # one player holding 34: 52,956 sets
    result = ruleplay.agents.play(load(str(p), players=1), 1, bots=["random"])
    assert result.outcome == "limit" and "52,956 sets of cards of 34 (more than 50,000)" in result.reason
    p.write_text(text.replace("COUNT", "13").replace("min: 0, max: 4", "min: 5, max: 5"), encoding="utf-8")
    s = ruleplay.load_game(str(p)).new_initial_state(seed=1)     # C(52, 5) = 2,598,960 of the deck: 1,287 here
    assert len(offered(s)) == 9                                  # the first card of a five: any of the lowest 9


def test_who_starts_is_read_after_the_start_effects(tmp_path):
    """`first: RULE` reads the table as `start` laid it out (before, no seat held 3 cards and the rule fell back
    to the dealer's left: a stud game's bring-in went to the wrong seat)."""
    (tmp_path / "throw-in.yaml").write_text(THROW.read_text(encoding="utf-8"), encoding="utf-8")
    p = tmp_path / "first.yaml"
    p.write_text("extends: throw-in.yaml\nname: first\nphases:\n  play:\n    first: \"s.hand.size == 3\"\n"
                 "    start:\n      - move: {from: left-of(left-of(dealer)).hand, to: left-of(dealer).hand, count: 1}\n",
                 encoding="utf-8")
    s = ruleplay.load_game(str(p)).new_initial_state(
        deal=Deal(hands=[["2C", "3C", "4C", "5C"], ["2D", "3D", "4D", "5D"], ["2H", "3H", "4H", "5H"]]))
    assert s.current_player() == 1                    # seat 1 gave a card to seat 0: the only one with 3


def test_a_set_of_exactly_n_cards_is_said_as_n_cards(tmp_path, capsys):
    """`explain` says a set of min 2, max 2 as '2 cards' (it said '2 or more' when min and max were equal)."""
    from ruleplay.tools.cli import main
    text = ("name: pairs\ndescription: lay a pair\nplayers: 2\n"
            "deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S]}\n"
            "zones:\n  hand: {owner: seat, visibility: owner}\n  out: {owner: table, visibility: public}\n"
            "deal: {to: hand, count: 5, rest: out}\n"
            "phases:\n  lay:\n    kind: turns\n    max-turns: 4\n    until: 'false'\n    moves:\n      lay:\n"
            "        choose: {cards: {from: hand, as: set, min: 2, max: MAX}}\n        do:\n"
            "          - move: {from: hand, to: out, picked: true}\nmatch:\n  end: 'true'\n")
    said = {}
    for top in ("2", "3", "null"):
        p = tmp_path / "pairs.yaml"
        p.write_text(text.replace("MAX", top).replace(", max: null", ""), encoding="utf-8")
        assert main(["explain", str(p)]) == 0
        said[top] = capsys.readouterr().out
    assert "a set (cards of one rank) of 2 cards from" in said["2"] and "or more" not in said["2"]
    assert "a set (cards of one rank) of 2 to 3 cards from" in said["3"]
    assert "a set (cards of one rank) of 2 or more cards from" in said["null"]


def test_the_bound_on_a_set_of_cards_counts_the_cards_a_per_card_check_keeps():
    """A hand of 30 and sets of up to five whose every card must be an ace: the sets are listed from the aces
    alone (Plan.keep), so they are counted from them too; counted on the whole hand, 174,436 sets stopped the game
    as a limit before its first move (a tester's Canasta: a pile of 66 picked up ended a match). Every ace held is
    laid down, and nothing else."""
    rules = load(str(Path(__file__).parent / "data" / "lay-aces.yaml"))
    for seed in range(6):
        for bot in ("random", "smart"):          # smart prefers the biggest set: all its aces in one move
            r = play(rules, seed=seed, bots=[bot])
            deal = next(e for e in r.events if e["event"] == "deal")
            aces = sorted(c for c in deal["hands"][0] if c.startswith("A"))
            laid = [e for e in r.events if e["event"] == "move"]
            assert r.outcome == "finished", (seed, r.reason)
            assert sorted(c for e in laid for c in e["cards"]) == aces
            assert bot == "random" or len(laid) == (1 if aces else 0)


def test_a_number_part_may_run_to_an_option(tmp_path, capsys):
    """`number: [1, limit]` with an option (t27: "expected integer, got str 'limit'"): the numbers offered
    follow the option as set; a bound that is not fixed before the game is refused where it is written."""
    from ruleplay.tools.cli import main
    from conftest import validate_errors
    text = """name: bet
description: One move that bets a number of chips up to an option's limit.
players: 2
options:
  limit: {type: int, default: 5, min: 1, max: 20, description: "the largest bet"}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S]}
counters:
  put: {start: 0}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
deal: {to: hand, count: 1, rest: stock}
phases:
  bet:
    kind: turns
    track: {bets: 0}
    until: "bets >= players"
    moves:
      bet:
        choose: {number: [1, limit]}
        prefer: number
        do:
          - add: {actor.put: number, bets: 1}
"""
    f = tmp_path / "bet.yaml"
    f.write_text(text, encoding="utf-8")
    import ruleplay
    from conftest import offered
    for limit in (3, 7):
        s = ruleplay.load_game(str(f), options={"limit": limit}).new_initial_state(seed=1)
        assert offered(s) == sorted(f"bet: {k}" for k in range(1, limit + 1))
    err = validate_errors(tmp_path, capsys, text.replace("[1, limit]", "[1, actor.hand.size]"))
    assert "[phases.bet.moves.bet.choose.number[1]]: this value must be fixed before the game starts" in err
    err = validate_errors(tmp_path, capsys, text.replace("[1, limit]", "[limit, 2]"))
    assert "write number: [LOW, HIGH], two whole numbers at most 1000 apart (here 5 to 2)" in err

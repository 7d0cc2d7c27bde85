"""The `turns` phase kind (kinds/turns/): its moves, choices, effects and turn order on the shipped games
that use it (Ninety-Eight, Authors) with hand-made deals, a referee that re-derives each game's rules from
the logs of random games, its placed validation errors, and copies of a game that go on from a turn.
Each expected result is worked out by hand in the comment above its test."""
from __future__ import annotations

from pathlib import Path

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

from conftest import ev, offered, step


def state_of(name: str, deal: Deal, players: int, **options):
    game = ruleplay.load_game(name, players=players, options={k: str(v) for k, v in options.items()})
    return game.new_initial_state(seed=1, deal=deal, check=True)



def totals(state) -> list[int]:
    return [e["value"] for e in state.events() if e["event"] == "set" and e.get("name") == "total"]


# Ninety-Eight, two players, seat 1 deals: seat 0 plays first. Seat 0 holds 5C KS 2D 3D, seat 1 holds
# 9C 10H 6C 4C; the stock's top cards are 8H 8S 8D 8C 7H 7S. Plays: 5C (5), 9C (14), KS (98 whatever it
# was), 10H (88), 2D (90), 6C (96), 3D (99: above 98). After each play but the last the player draws the
# stock's top card: seat 0 draws 8H first. With one token each, seat 0 loses its token, is out, and seat 1
# wins.
def test_ninety_eight_adds_cards_a_king_makes_98_and_the_player_past_98_loses():
    deal = Deal([["5C", "KS", "2D", "3D"], ["9C", "10H", "6C", "4C"]],
                rest=["8H", "8S", "8D", "8C", "7H", "7S"], dealer=1)
    s = state_of("ninety-eight", deal, 2, tokens=1)
    seen = step(s, "5C", "9C", "KS", "10H", "2D", "6C", "3D")
    assert [seat for seat, _ in seen] == [0, 1, 0, 1, 0, 1, 0]
    assert seen[0][1] == ["2D", "3D", "5C", "KS"]
    assert seen[2][1] == ["2D", "3D", "8H", "KS"]             # 8H drawn after the 5C
    assert totals(s) == [5, 14, 98, 88, 90, 96, 99]
    draws = [e["cards"] for e in s.events() if e["event"] == "move" and e["from"] == "stock"]
    assert draws == [["8H"], ["8S"], ["8D"], ["8C"], ["7H"], ["7S"]]
    assert s.is_terminal() and s.result().winners == [1]
    assert [e["value"] for e in s.events() if e["event"] == "set" and e.get("name") == "tokens"] == [0]


# fours-reverse, three players, seat 2 deals: seat 0 plays a 4, which adds nothing and reverses play, so
# seat 2 (not seat 1) plays next, then seat 1, then seat 0. Without the house rule the 4 adds 4 and seat 1
# is next.
@pytest.mark.parametrize("reverse, order, total", [(True, [0, 2, 1, 0], 0), (False, [0, 1, 2, 0], 4)])
def test_a_four_reverses_play_under_the_house_rule(reverse, order, total):
    deal = Deal([["4C", "2C", "2D", "2H"], ["3C", "3D", "3H", "3S"], ["5C", "5D", "5H", "5S"]],
                rest=["9C", "9D", "9H", "9S"], dealer=2)
    s = state_of("ninety-eight", deal, 3, **{"fours-reverse": str(reverse).lower()})
    seats = [seat for seat, _ in step(s, "4C")]
    assert totals(s) == ([] if reverse else [4])
    for card in ("5C", "3C", "2C") if reverse else ("3C", "5C", "2C"):
        seats.append(s.current_player())
        step(s, card)
    assert seats == order and totals(s)[-3:][0] == total + (5 if reverse else 3)


# Authors, three players, seat 2 deals: seat 2 is dealt four kings and lays them down at once. Seat 0
# (5C 5D 5H 7C) asks seat 1 for a five: the only five it lacks is 5S, so the suit is not asked. Given: its
# fives are a book (laid down) and it asks again, now only for a seven: of seat 2 (7D 9H left) it asks 7D
# (offered 7D 7H 7S): given, again. Of seat 1 it asks 7H (offered 7H 7S): given, again. It then holds
# 7C 7D 7H and asks seat 2 for the last seven, 7S (not asked: the only one): refused, so the turn passes
# to seat 1, on its left.
def test_authors_a_granted_ask_goes_again_and_books_are_laid_down():
    deal = Deal([["5C", "5D", "5H", "7C"], ["5S", "9C", "9D", "7H"], ["KC", "KD", "KH", "KS", "7D", "9H"]],
                dealer=2)
    s = state_of("authors", deal, 3)
    books = [e for e in s.events() if e["event"] == "move" and e["to"] == "books"]
    assert [(e["to_seat"], sorted(e["cards"])) for e in books] == [(2, ["KC", "KD", "KH", "KS"])]
    seen = step(s, "ask: seat 1", "ask: 5")
    assert seen == [(0, ["ask: seat 1", "ask: seat 2"]), (0, ["ask: 5", "ask: 7"])]
    moved = [e for e in s.events() if e["event"] == "move"]
    assert moved[-2]["cards"] == ["5S"] and moved[-2]["from_seat"] == 1
    assert moved[-1]["to"] == "books" and sorted(moved[-1]["cards"]) == ["5C", "5D", "5H", "5S"]
    seen = step(s, "ask: seat 2", "ask: D", "ask: seat 1", "ask: H")
    assert [o for _, o in seen] == [["ask: seat 1", "ask: seat 2"], ["ask: D", "ask: H", "ask: S"],
                                    ["ask: seat 1", "ask: seat 2"], ["ask: H", "ask: S"]]
    assert [e["cards"] for e in s.events() if e["event"] == "move"][-2:] == [["7D"], ["7H"]]
    step(s, "ask: seat 2")
    assert s.current_player() == 1
    assert [e["cards"] for e in s.events() if e["event"] == "move"][-1] == ["7H"]      # nothing moved since


# ---------------------------------------------------------------------------- referees: the rules re-derived from logs
def _hands(r) -> tuple[list[list[str]], list[str]]:
    deal = ev(r, "deal")[0]
    return [list(h) for h in deal["hands"]], list(deal["rest"])


def _cards_moved(e: dict) -> list[str]:
    return list(e["cards"])


NINETY_EIGHT = {"A": 1, "10": -10, "J": 0, "Q": 0, "K": 0}


@pytest.mark.parametrize("players, reverse", [(2, False), (4, False), (5, True)])
def test_ninety_eight_referee(players, reverse):
    """From random games' logs alone: every total is the last one plus the card's value (a king: 98), the
    seat that passes 98 loses a token and ends the hand, seats play in turn (the other way after a four
    under the house rule), and nobody plays a card it does not hold."""
    rules = load("ninety-eight", {"fours-reverse": str(reverse).lower()}, players)
    for seed in range(6):
        r = play(rules, seed=seed, check=True)
        assert r.outcome == "finished" and len(r.winners) == 1
        tokens = [3] * players
        out: set[int] = set()
        total, direction, expect = 0, 1, None
        for e in r.events:
            if e["event"] == "deal":
                hands = [list(h) for h in e["hands"]]
                total, direction = 0, 1
                expect = next(s for s in ((e["dealer"] + k) % players for k in range(1, players + 1)) if s not in out)
            elif e["event"] == "move" and e["from"] == "hand":
                seat, (card,) = e["seat"], e["cards"]
                assert seat == expect and card in hands[seat]
                hands[seat].remove(card)
                rank = card[:-1]
                if rank == "K":
                    total = 98
                elif reverse and rank == "4":
                    direction = -direction
                else:
                    total += NINETY_EIGHT.get(rank, int(rank) if rank.isdigit() else 0)
                if total > 98:
                    tokens[seat] -= 1
                    expect = None                              # the hand is over
                else:
                    expect = next(s for s in ((seat + direction * k) % players for k in range(1, players + 1))
                                  if s not in out)
            elif e["event"] == "move" and e["from"] == "stock":
                hands[e["to_seat"]].extend(e["cards"])
            elif e["event"] == "set" and e["name"] == "total":
                assert e["value"] == total
            elif e["event"] == "set" and e["name"] == "tokens":
                assert e["value"] == tokens[e["seat"]]
            elif e["event"] == "out":
                assert tokens[e["seat"]] <= 0
                out.add(e["seat"])
        assert r.winners == [s for s in range(players) if s not in out]


def test_authors_referee():
    """From random games' logs: every ask is of a seat holding cards, for a card of a rank the asker holds
    and not that card; a card held is handed over and the asker goes again, otherwise the turn passes to
    the left; every book is four cards of one rank; the winners hold the most books."""
    refusals = 0
    for players in (3, 4, 6):
        rules = load("authors", None, players)
        for seed in range(4):
            r = play(rules, seed=seed, check=True)
            assert r.outcome == "finished"
            hands, _ = _hands(r)
            books = [0] * players
            last = None
            for e in r.events:
                if e["event"] == "move" and e["to"] == "books":
                    cards = _cards_moved(e)
                    assert len(cards) == 4 and len({c[:-1] for c in cards}) == 1
                    for c in cards:
                        hands[e["to_seat"]].remove(c)
                    books[e["to_seat"]] += 1
                elif e["event"] == "move":
                    (card,) = _cards_moved(e)
                    giver, asker = e["from_seat"], e["to_seat"]
                    assert giver != asker and e["seat"] == asker
                    assert card in hands[giver] and any(c[:-1] == card[:-1] for c in hands[asker])
                    hands[giver].remove(card)
                    hands[asker].append(card)
                elif e["event"] == "turn-order":             # another ask only after a card was handed over
                    assert e["what"] == "again" and last is not None and last["event"] == "move" \
                        and e["seat"] == last["seat"]
                elif e["event"] == "decision" and last is not None and last["event"] == "decision" \
                        and last["label"].split(": ")[1].startswith("seat ") is False and e["seat"] != last["seat"]:
                    # a refused ask: the turn passes on, to the asker's left (the next seat holding cards)
                    n = players
                    left = next(s for s in ((last["seat"] + k) % n for k in range(1, n + 1)) if hands[s])
                    assert e["seat"] == left
                    refusals += 1
                if e["event"] in ("move", "decision", "turn-order"):
                    last = e
            assert all(not h for h in hands)
            assert sorted(r.winners) == [s for s in range(players) if books[s] == max(books)]
    assert refusals > 20


def test_switch_referee():
    """From random games' logs: every card played fits (a jack on anything; else the top card's rank or the
    suit to follow: the one named with the last jack), and a player facing twos plays a two or picks up
    two per two played."""
    for seed in range(8):
        r = play(load("switch", None, 3), seed=seed, check=True)
        top, named, pick, drawn = None, None, 0, None
        for e in r.events:
            if e["event"] == "set" and e["name"] == "named":
                assert e["value"] in ("C", "D", "H", "S", "none")
                named = None if e["value"] == "none" else e["value"]
            if e["event"] == "set" and e["name"] == "pick-up":
                if e["value"] == 0:                   # picked up: as many as the twos called for (or the stock had)
                    assert drawn is not None and drawn <= pick
                    pick = 0
                else:
                    assert e["value"] == pick
            if e["event"] != "move":
                continue
            if e["to"] == "pile" and e.get("from_seat") is not None:
                (card,) = e["cards"]
                rank, suit = card[:-1], card[-1]
                assert rank == "J" or rank == top[:-1] or suit == (named or top[-1]), (seed, card, top, named)
                assert pick == 0 or rank == "2"
                pick = pick + 2 if rank == "2" else 0
                top, drawn = card, None
            elif e["to"] == "pile":
                top = e["cards"][-1]
            elif e["from"] == "stock" and e.get("to_seat") is not None:
                drawn = e["count"]


def test_concentration_pairs_are_pairs_and_mismatches_go_back():
    for colour in (False, True):
        r = play(load("concentration", {"same-colour": str(colour).lower()}, 3), seed=5, check=True)
        assert r.outcome == "finished"
        for e in ev(r, "move"):
            if e["to"] == "pairs":
                a, b = e["cards"]
                assert a[:-1] == b[:-1] and (not colour or (a[-1] in "DH") == (b[-1] in "DH"))
            if e["from"] == "up" and e["to"] == "layout":
                a, b = e["cards"]
                assert a[:-1] != b[:-1] or (colour and (a[-1] in "DH") != (b[-1] in "DH"))
        taken = sum(len(e["cards"]) for e in ev(r, "move") if e["to"] == "pairs")
        assert taken == 52


# ---------------------------------------------------------------------------- secrecy, copies, every bot
def test_a_draw_is_seen_by_its_drawer_only_and_a_handed_over_card_by_everyone():
    s = state_of("ninety-eight", Deal([["5C", "KS", "2D", "3D"], ["9C", "10H", "6C", "4C"]],
                                      rest=["8H", "8S", "8D", "8C"], dealer=1), 2)
    step(s, "5C")
    draw = [e for e in s.seat_events(1) if e["event"] == "move" and e["from"] == "stock"][0]
    assert draw["cards"] == [None] and draw["count"] == 1
    assert [e for e in s.seat_events(0) if e["event"] == "move" and e["from"] == "stock"][0]["cards"] == ["8H"]
    a = state_of("authors", Deal([["5C", "5D", "5H", "7C"], ["5S", "9C", "9D", "7H"], ["7D", "9H", "9S"]],
                                 dealer=2), 3)
    step(a, "ask: seat 1", "ask: 5")
    given = [e for e in a.seat_events(2) if e["event"] == "move" and e["from"] == "hand"][0]
    assert given["cards"] == ["5S"]                          # shown: all


@pytest.mark.parametrize("name", ["ninety-eight", "authors", "concentration", "switch"])
def test_a_copy_goes_on_as_the_game_would(name):
    """Cloned at every decision of a game, the copy answered alike plays the same events to the end."""
    game = ruleplay.load_game(name, players=3)
    s = game.new_initial_state(seed=7)
    picks = __import__("random").Random(7)
    clones = 0
    while not s.is_terminal() and clones < 40:
        c = s.clone()
        a = picks.choice(s.legal_actions())
        s.apply_action(a)
        c.apply_action(a)
        assert c.events() == s.events()
        clones += 1
    assert clones == 40 or s.is_terminal()


@pytest.mark.parametrize("bots", ["lowest", "highest", "smart", "ismcts:4"])
def test_every_bot_plays_ninety_eight_and_concentration(bots):
    """Every bot plays to an end (a search only Ninety-Eight: a memory game's playouts run to its end)."""
    for name in ("ninety-eight", "concentration")[:1 if bots.startswith("ismcts") else 2]:
        r = play(load(name, {"tokens": "1"} if name == "ninety-eight" else None, 2), seed=3,
                 bots=[bots, "random"], check=True)
        assert r.outcome == "finished" or (bots in ("lowest", "highest") and r.outcome == "limit"), r.outcome


# ---------------------------------------------------------------------------- the kind's own parts
MINI = """
name: mini
description: A test game.
players: 3
deck: {ranks: [A, 2, 3], suits: [C, D]}
zones:
  hand: {owner: seat, visibility: owner}
  pile: {owner: table, visibility: public}
deal: {to: hand, count: 2}
phases:
  play:
    kind: turns
    track: {guesses: 0, last: 0}
    until: "guesses >= 4"
    moves:
      guess:
        choose: {number: [1, 3], seat: "s != actor"}
        legal: "number != 2"
        do:
          - add: {guesses: 1}
          - set: {last: number}
          - next: target
"""


def test_numbers_and_seats_are_chosen_and_next_passes_the_turn(tmp_path):
    path = tmp_path / "mini.yaml"
    path.write_text(MINI, encoding="utf-8")
    game = ruleplay.load_game(str(path))
    s = game.new_initial_state(seed=1, deal=Deal([["AC", "2C"], ["3C", "AD"], ["2D", "3D"]], dealer=2))
    seen = step(s, "guess: 3", "guess: seat 2", "guess: 1", "guess: seat 0")
    assert seen == [(0, ["guess: 1", "guess: 3"]), (0, ["guess: seat 1", "guess: seat 2"]),
                    (2, ["guess: 1", "guess: 3"]), (2, ["guess: seat 0", "guess: seat 1"])]
    assert s.current_player() == 0
    assert [(e["what"], e["to"]) for e in s.events() if e["event"] == "turn-order"] == [("next", 2), ("next", 0)]


def _guessed(tmp_path, tracked: str, effects: str):
    """MINI with more tracked values and `effects` before the turn passes, written to a file and played through
    four guesses (3, seat 2, 1, seat 0) of a hand-made deal: (the file, the state)."""
    text = MINI.replace("track: {guesses: 0, last: 0}", "track: {guesses: 0, last: 0, " + tracked + "}").replace(
        "          - next: target\n", effects + "          - next: target\n")
    path = tmp_path / "mini.yaml"
    path.write_text(text, encoding="utf-8")
    s = ruleplay.load_game(str(path)).new_initial_state(seed=1, deal=Deal([["AC", "2C"], ["3C", "AD"], ["2D", "3D"]],
                                                                          dealer=2))
    step(s, "guess: 3", "guess: seat 2", "guess: 1", "guess: seat 0")
    return path, s


def test_a_seat_kept_goes_back_to_none(tmp_path, capsys):
    """`set: {picked: none}` takes a tracked seat's value away: after guessing a seat, the next guess's
    `picked` is none again until it is set (the `set` events say so), and the sheet says "becomes none"."""
    path, s = _guessed(tmp_path, "picked: {type: seat}",
                       "          - set: {picked: none}\n          - set: {picked: target}\n")
    sets = [e["value"] for e in s.events() if e["event"] == "set" and e["name"] == "picked"]
    assert sets == [2, None, 0]                  # none at the start: the first set to none changes nothing
    from ruleplay.tools.cli import main
    assert main(["explain", str(path)]) == 0
    assert "picked becomes none; picked becomes target" in capsys.readouterr().out


def test_a_phase_that_never_ends_stops_at_its_turn_limit(tmp_path):
    path = tmp_path / "mini.yaml"
    path.write_text(MINI.replace('until: "guesses >= 4"', 'until: "guesses < 0"\n    max-turns: 7'), encoding="utf-8")
    r = play(load(str(path)), seed=2)
    assert r.outcome == "limit" and "7 turns" in r.reason and "play" in r.reason


# `start` may choose who plays first: dealer 2, so seat 0 would; `next: left-of(left-of(dealer))` makes it
# seat 1, and a `skip` after it seat 2. `again` there has no turn to repeat and is refused.
@pytest.mark.parametrize("start, first", [("[{next: left-of(left-of(dealer))}]", 1),
                                          ("[{next: left-of(left-of(dealer))}, skip]", 2), ("[skip]", 1)])
def test_start_may_choose_who_plays_first(tmp_path, start, first):
    path = tmp_path / "mini.yaml"
    path.write_text(MINI.replace("    until:", f"    start: {start}\n    until:"), encoding="utf-8")
    s = ruleplay.load_game(str(path)).new_initial_state(seed=1, deal=Deal([["AC", "2C"], ["3C", "AD"], ["2D", "3D"]],
                                                                          dealer=2))
    assert s.current_player() == first


def _moved_from_hand(tmp_path, choose: str, move: str):
    """MINI whose move chooses `choose` from the pile and then makes the `move` (from the hand), written out:
    (the file, its text, the move's line)."""
    text = MINI.replace('choose: {number: [1, 3], seat: "s != actor"}', choose).replace(
        '        legal: "number != 2"\n', "").replace("          - set: {last: number}\n", "").replace(
        "          - next: target\n", f"          - move: {move}\n")
    text = text.replace("deal: {to: hand, count: 2}", "deal: {to: hand, count: 1, rest: pile}")
    path = tmp_path / "mini.yaml"
    path.write_text(text, encoding="utf-8")
    return path, text.splitlines().index(f"          - move: {move}") + 1


# A move that takes a card of the pile but moves it from the hand: `validate` follows the chosen card and
# refuses the file at that effect's `from`.
def test_the_chosen_card_moved_from_where_it_is_not_is_refused_at_its_line(tmp_path, capsys):
    path, line = _moved_from_hand(tmp_path, "choose: {card: pile}", "{from: hand, to: pile}")
    from ruleplay.tools.cli import main
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.replace(str(tmp_path) + "/", "")
    assert f"mini.yaml:{line}:26: error [phases.play.moves.guess.do[1].move.from]: the chosen card cannot be in " \
           "hand here: it is in pile\n" in err, err


# A set of cards picked from the pile but moved from the hand: the file validates (what is picked is known only
# in play), and the first time it is played the game stops with an error at that effect's own line.
def test_an_effect_that_cannot_be_done_stops_the_game_at_its_line(tmp_path, capsys):
    path, line = _moved_from_hand(tmp_path, "choose: {cards: {from: pile, min: 1, max: 1}}",
                                  "{from: hand, to: pile, picked: true}")
    from ruleplay.tools.cli import main
    assert main(["validate", str(path)]) == 0
    assert main(["run", str(path), "--seed", "1", "-q"]) == 1
    err = capsys.readouterr().err.replace(str(tmp_path) + "/", "")
    assert f"mini.yaml:{line}:13: error [phases.play.moves.guess.do[1]]: the play phase moves a picked card " \
           "from hand, where it is not\n    hint: guard the effect with `if:`" in err, err
    assert "Traceback" not in err


# The stock, top first, is AC 2C 3C. `count: 3` moves them one by one as dealt: AC goes first, so it lies at
# the bottom of the pile and 3C on top. With keep-order the three are lifted together: AC stays on top.
def _packet_file(tmp_path, count: str, keep: bool):
    """MINI with a stock and a `start` that moves `count` of its cards onto the pile (`keep-order` or not)."""
    text = MINI.replace("    until:", "    start: [{move: {from: stock, to: pile, count: " + count
                        + (", keep-order: true" if keep else "") + "}}]\n    until:")
    text = text.replace("deal: {to: hand, count: 2}", "deal: {to: hand, count: 0, rest: stock}").replace(
        "  pile: {owner: table, visibility: public}", "  pile: {owner: table, visibility: public}\n"
        "  stock: {owner: table, visibility: hidden}")
    path = tmp_path / "mini.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("keep, top_first", [(False, ["3C", "2C", "AC"]), (True, ["AC", "2C", "3C"])])
def test_a_packet_keeps_its_order_only_when_lifted_together(tmp_path, keep, top_first):
    path = _packet_file(tmp_path, "3", keep)
    s = ruleplay.load_game(str(path)).new_initial_state(seed=1, deal=Deal([[], [], []], rest=["AC", "2C", "3C", "AD", "2D", "3D"],
                                                                          dealer=2))
    pile = next(z for z in s.seat_view(0).table_zones if z.name == "pile")
    assert pile.cards[::-1] == top_first                    # a view lists a zone bottom to top


@pytest.mark.parametrize("count, keep, said", [
    ("stock.size", False, "stock is turned over onto pile (its cards one by one, top first)"),
    ("stock.size", True, "all the cards of stock together, in their order, go to pile"),
    ("2", True, "the top 2 cards of stock together, in their order, go to pile"),
    ("2", False, "the top 2 cards of stock go to pile"),
])
def test_the_sheet_says_whether_a_packet_keeps_its_order(tmp_path, capsys, count, keep, said):
    """A whole zone moved card by card is turned over; with keep-order it is not (the sheet said it was)."""
    path = _packet_file(tmp_path, count, keep)
    from ruleplay.tools.cli import main
    assert main(["explain", str(path)]) == 0
    assert f"First: {said}." in capsys.readouterr().out


def test_a_chosen_seat_is_said_by_its_name_even_beside_an_option_of_that_name(tmp_path):
    """An option `target: 21` must not turn the chosen seat `target` into 21 on the rule sheet."""
    from ruleplay.tools.explain.sheet import sheet_text
    text = MINI.replace("deck:", "options:\n  target: {type: int, default: 21, min: 1, max: 100, "
                                 "description: points to win}\ndeck:").replace(
        'legal: "number != 2"', 'legal: "number != 2 and target.hand.size > 0"')
    (tmp_path / "mini.yaml").write_text(text, encoding="utf-8")
    sheet = sheet_text(load(str(tmp_path / "mini.yaml")))
    assert "the target's hand has cards" in sheet and "21's" not in sheet, sheet


# The stock, top first: AC 2C 3C AD 2D 3D. The top card put back at its middle: under AC, the other five
# cards hold 2C 3C above the middle and AD 2D 3D below, so AC goes under 3C (two cards above it). At a random
# place: where the seed puts it, the same each time, and the stock keeps its six cards.
@pytest.mark.parametrize("at", ["middle", "random"])
def test_a_card_goes_back_into_the_middle_or_anywhere(tmp_path, at):
    text = MINI.replace("    until:", "    start: [{move: {from: stock, to: pile, count: 1}}, "
                        f"{{move: {{from: pile, to: stock, all: true, at: {at}}}}}]\n    until:")
    text = text.replace("deal: {to: hand, count: 2}", "deal: {to: hand, count: 0, rest: stock}").replace(
        "  pile: {owner: table, visibility: public}", "  pile: {owner: table, visibility: public}\n"
        "  stock: {owner: table, visibility: hidden}")
    path = tmp_path / "mini.yaml"
    path.write_text(text, encoding="utf-8")
    game = ruleplay.load_game(str(path))
    stocks = []
    for _ in range(2):
        s = game.new_initial_state(seed=5, deal=Deal([[], [], []], rest=["AC", "2C", "3C", "AD", "2D", "3D"], dealer=2))
        stocks.append(list(s._table.shared[next(z.index for z in s._table.rules.shared_zones if z.name == "stock")]))
    top_first = [s._table.rules.deck.names[c] for c in reversed(stocks[0])]
    assert stocks[0] == stocks[1] and sorted(top_first) == sorted(["AC", "2C", "3C", "AD", "2D", "3D"])
    if at == "middle":
        assert top_first == ["2C", "3C", "AC", "AD", "2D", "3D"]


def test_again_in_start_is_refused(tmp_path, capsys):
    from ruleplay.tools.cli import main
    (tmp_path / "mini.yaml").write_text(MINI.replace("    until:", "    start: [{if: 'true', then: [again]}]\n    until:"),
                                        encoding="utf-8")
    assert main(["validate", str(tmp_path / "mini.yaml")]) == 1
    err = capsys.readouterr().err
    assert "[phases.play.start[0].then[0]]: `again` in `start`" in err and "hint:" in err, err


BAD = [
    ("          - next: target", "          - move: {from: hand, to: pil}",
     "mini.yaml:22:36: error [phases.play.moves.guess.do[2].move.to]: unknown zone 'pil'\n    hint: did you mean 'pile'?"),
    ("          - next: target", "          - move: {from: hand, to: pile}",
     "mini.yaml:22:13: error [phases.play.moves.guess.do[2].move]: which cards move? This move chooses no card"),
    ("          - add: {guesses: 1}", "          - add: {gueses: 1}",
     "mini.yaml:20:19: error [phases.play.moves.guess.do[0].add.gueses]: 'gueses' is not one of this phase's values\n    hint: did you mean 'guesses'?"),
    ("        choose: {number: [1, 3], seat: \"s != actor\"}", "        choose: {number: [1, 3000]}",
     "mini.yaml:17:26: error [phases.play.moves.guess.choose.number]: write number: [LOW, HIGH], two whole numbers"),
    ("        legal: \"number != 2\"", "        legal: \"number != 2 and target == nobody\"",
     "mini.yaml:18:43: error [phases.play.moves.guess.legal]: in expression 'target == nobody': unknown name 'nobody'"),
]


@pytest.mark.parametrize("old, new, message", BAD)
def test_bad_moves_get_placed_errors(tmp_path, capsys, old, new, message):
    from ruleplay.tools.cli import main
    assert old in MINI
    (tmp_path / "mini.yaml").write_text(MINI.replace(old, new), encoding="utf-8")
    assert main(["validate", str(tmp_path / "mini.yaml")]) == 1
    err = capsys.readouterr().err
    assert message in err.replace(str(tmp_path) + "/", ""), err


def test_a_blind_pick_may_not_look_at_the_card(tmp_path, capsys):
    from ruleplay.tools.cli import main
    text = MINI.replace('choose: {number: [1, 3], seat: "s != actor"}', "choose: {position: hand}").replace(
        'legal: "number != 2"', "legal: \"card.rank == 'A'\"").replace("          - set: {last: number}\n", "")
    text = text.replace("          - next: target\n", "")
    (tmp_path / "mini.yaml").write_text(text, encoding="utf-8")
    assert main(["validate", str(tmp_path / "mini.yaml")]) == 1
    assert "a blind pick's `legal` may not read `card`" in capsys.readouterr().err


def test_too_many_combinations_are_refused(tmp_path, capsys):
    from ruleplay.tools.cli import main
    values = ", ".join(f"v{i}" for i in range(40))
    for most, error in ((1, None), (6, "up to 7,560,000 combinations to choose from; the limit is 2,000,000")):
        # 1000 numbers, 40 values, 3 seats and sets of 1 to `most` of the 6-card deck (1: 6 sets, 720,000 in all;
        # 6: 63 sets)
        text = MINI.replace('choose: {number: [1, 3], seat: "s != actor"}',
                            f'choose: {{number: [1, 1000], value: [{values}], seat: "s != actor", '
                            f'cards: {{from: hand, max: {most}}}}}')
        (tmp_path / "mini.yaml").write_text(text, encoding="utf-8")
        rc = main(["validate", str(tmp_path / "mini.yaml")])
        err = capsys.readouterr().err
        assert (rc, error in err if error else err) == ((1, True) if error else (0, ""))


def test_nested_repeats_stop_at_the_work_bound(tmp_path):
    """Three repeats of 1,000 nested would run a billion effects: the game stops at the bound, as a limit."""
    inner = '{until: "n < 0", max: 1000, do: [{add: {n: 1}}]}'
    text = MINI.replace('    track: {guesses: 0, last: 0}', '    track: {guesses: 0, last: 0, n: 0}\n    start:\n'
                        '      - repeat: {until: "n < 0", max: 1000, do: [{repeat: {until: "n < 0", max: 1000, '
                        f'do: [{{repeat: {inner}}}]}}}}]}}')
    (tmp_path / "mini.yaml").write_text(text, encoding="utf-8")
    r = play(load(str(tmp_path / "mini.yaml")), seed=1, log=False)
    assert r.outcome == "limit" and "200,000 effects" in r.reason


# ---------------------------------------------------------------------------- FreeCell: choosing among piles
COLUMNS = [f"col{i}" for i in range(1, 9)]
CELLS = [f"cell{i}" for i in range(1, 5)]
HOMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def _rank(card: str) -> int:
    r = card[:-1]
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(r) or int(r)


def _red(card: str) -> bool:
    return card[-1] in "DH"


def test_freecell_referee():
    """From random games' logs: every move takes a pile's top card to an empty cell, onto its suit's
    foundation as the next card up, or onto an empty column or a card one higher of the other colour."""
    moves = 0
    for seed in range(6):
        r = play(load("freecell"), seed=seed, check=True)
        piles: dict[str, list[str]] = {}
        for e in r.events:
            if e["event"] != "move":
                continue
            src, dest, (card,) = e["from"], e["to"], e["cards"][-1:] or [None]
            if src == "stock":
                piles[dest] = piles.get(dest, []) + e["cards"]
                continue
            assert e["count"] == 1 and piles[src][-1] == card
            under = piles.get(dest, [])
            if dest in CELLS:
                assert not under
            elif dest in HOMES.values():
                assert dest == HOMES[card[-1]] and _rank(card) == len(under) + 1
            else:
                assert dest in COLUMNS and (not under or (_rank(under[-1]) == _rank(card) + 1
                                                          and _red(under[-1]) != _red(card)))
            piles[src].pop()
            piles[dest] = under + [card]
            moves += 1
        assert sum(len(piles[c]) for c in COLUMNS) + sum(len(piles.get(c, [])) for c in CELLS) + \
            sum(len(piles.get(h, [])) for h in HOMES.values()) == 52
    assert moves > 50


# FreeCell with the pack laid out from a stock whose top is listed first: col1 takes the first 7 cards, the
# 7th on top; col2 the next 7 and so on (7, 7, 7, 7, 6, 6, 6, 6). Here col1 is 3C..8C with the AC on top,
# col2 9C..KC, AD with the 2C on top; col3 2D..8D, col4 9D..KD, AH, 2H, col5 3H..8H, col6 9H..KH, AS,
# col7 2S..7S, col8 8S..KS. Every column may be moved from (the cells are empty). The AC may go to the
# clubs' foundation, to any empty cell, or onto col4's 2H (one higher, red): not onto col2's 2C (black).
# Then the 2C goes onto the clubs after the ace.
def test_freecell_offers_the_piles_a_card_may_go_to():
    rest = [f"{r}{s}" for s in "DHS" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]]
    clubs = ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]
    col1 = clubs[:6] + ["AC"]
    col2 = clubs[6:] + rest[:1] + ["2C"]
    deal = Deal([[]], rest=col1 + col2 + rest[1:], dealer=0)
    s = ruleplay.load_game("freecell").new_initial_state(seed=1, deal=deal, check=True)
    seen = step(s, "move: col1")
    assert seen[0][1] == [f"move: col{i}" for i in range(1, 9)]
    assert offered(s) == ["move: cell1", "move: cell2", "move: cell3", "move: cell4", "move: clubs",
                          "move: col4"]
    step(s, "move: clubs", "move: col2", "move: clubs")
    assert [e["cards"] for e in s.events() if e["event"] == "move" and e["to"] == "clubs"] == [["AC"], ["2C"]]


def test_a_search_copy_that_finds_a_cycle_ends_as_one():
    """A search's copies of a patience loop (a card moved back and forth): each copy ends as a cycle."""
    r = play(load("freecell"), seed=2, bots=["ismcts:2"], check=True)
    assert r.outcome in ("cycle", "finished", "limit")


@pytest.mark.parametrize("choose, zone", [("{card: stock}", "stock"), ("{card: left-of(actor).hand}", "left-of(actor).hand"),
                                          ("{cards: {from: stock, max: 2}}", "stock")])
def test_cards_are_chosen_by_name_only_where_the_player_sees_them(tmp_path, capsys, choose, zone):
    from ruleplay.tools.cli import main
    text = MINI.replace("  pile: {owner: table, visibility: public}", "  pile: {owner: table, visibility: public}\n"
                        "  stock: {owner: table, visibility: hidden}").replace(
        'choose: {number: [1, 3], seat: "s != actor"}', f"choose: {choose}").replace(
        '        legal: "number != 2"\n', "").replace("          - set: {last: number}\n", "").replace(
        "          - next: target\n", "")
    (tmp_path / "mini.yaml").write_text(text, encoding="utf-8")
    assert main(["validate", str(tmp_path / "mini.yaml")]) == 1
    err = capsys.readouterr().err
    assert f"the player cannot see the cards of {zone}" in err, err


# ---------------------------------------------------------------------------- Cheat: a reaction window
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_cheat_referee():
    """From random games' logs: a call of cheat turns up exactly the cards just laid; the pile goes to the
    player who laid them when one is not of the rank claimed, else to the caller; the claims go A, 2 ...
    K, A; only the players who did not lay may call, the first one answering ends the window."""
    calls = lies = 0
    for seed in range(4):
        r = play(load("cheat", None, 3), seed=seed, check=True)
        assert r.outcome == "finished"
        claim, laid, layer = 0, None, None
        for e in r.events:
            if e["event"] == "move" and e["to"] == "pile":
                laid, layer = e["cards"], e["seat"]
                claim = claim % 13 + 1
            elif e["event"] == "respond":
                assert e["to"] == layer and e["seat"] != layer and e["move"] == "cheat"
                calls += 1
            elif e["event"] == "reveal":
                assert e["cards"] == laid
                honest = all(c[:-1] == RANKS[claim - 1] for c in laid)
                lies += not honest
                expect = None if honest else layer
            elif e["event"] == "move" and e["from"] == "pile":
                assert e["to_seat"] == (expect if expect is not None else e["seat"])
            elif e["event"] == "set" and e["name"] == "claim":
                assert e["value"] == claim % 13 + 1
    assert calls > 20 and lies > 10


# Cheat, three players, seat 2 deals: seat 0 lays AC claiming aces (honest; a set is asked in the deck's
# order, clubs 2 to A, so nothing can follow the AC); seat 1 calls cheat: the AC is shown and seat 1 takes
# the pile. Seat 1 lays 5D claiming twos (a lie); seat 1's left, seat 2, is asked
# first and passes; seat 0 calls: seat 1 takes the pile (the 5D; the AC went with the first call). The
# next claim is threes, for seat 2.
def test_cheat_the_caller_or_the_liar_takes_the_pile():
    deal = Deal([["AC", "2C", "3C", "4C"], ["5D", "6D", "7D", "8D"], ["9S", "10S", "JS", "QS"]], dealer=2)
    s = state_of("cheat", deal, 3)
    seen = step(s, "AC", "lay: cheat")                    # (no set goes on from AC in the deck's order: done)
    assert seen[0] == (0, ["2C", "3C", "4C", "AC"]) and seen[1] == (1, ["lay: cheat", "lay: no answer"])
    assert [e["cards"] for e in s.events() if e["event"] == "reveal"] == [["AC"]]
    taken = [e for e in s.events() if e["event"] == "move" and e["from"] == "pile"]
    assert taken[-1]["to_seat"] == 1 and taken[-1]["cards"] == ["AC"]
    seen = step(s, "5D", "lay: done", "lay: no answer", "lay: cheat")
    assert [seat for seat, _ in seen] == [1, 1, 2, 0]
    taken = [e for e in s.events() if e["event"] == "move" and e["from"] == "pile"]
    assert taken[-1]["to_seat"] == 1 and taken[-1]["cards"] == ["5D"]
    assert s.current_player() == 2 and [e["value"] for e in s.events() if e["event"] == "set"][-1] == 3
    others = [e for e in s.seat_events(2) if e["event"] == "move" and e["from"] == "hand"]
    assert others[0]["cards"] == [None]                      # laid face down: only its count is seen


def test_a_seat_kept_is_compared_with_none(tmp_path):
    """`picked == none` holds until the seat is set (and `!= none` after); `none` beside a number is refused."""
    path, s = _guessed(tmp_path, "picked: {type: seat}, unset: 0",
                       "          - if: \"picked == none\"\n            then: [{add: {unset: 1}}]\n"
                       "          - set: {picked: target}\n")
    text = path.read_text(encoding="utf-8")
    unset = [e["value"] for e in s.events() if e["event"] == "set" and e["name"] == "unset"]
    assert unset == [1]                      # the first guess only: picked had no value then
    from ruleplay.errors import RuleplayError
    path.write_text(text.replace('"picked == none"', '"guesses == none"'), encoding="utf-8")
    with pytest.raises(RuleplayError, match="only a seat or a card may be none"):
        load(str(path))


def test_redeal_throws_the_hand_in(tmp_path, capsys):
    """`redeal` in `start` (here: the first hand only) throws the hand in, unscored, and the next is dealt by
    the same dealer (a game of one hand): two deals, one phase end for the redeal, then the game plays."""
    text = MINI.replace("    until:", "    start: [{if: \"hand-number == 1\", then: [redeal]}]\n    until:")
    path = tmp_path / "mini.yaml"
    path.write_text(text, encoding="utf-8")
    r = play(load(str(path)), seed=2)
    deals = [e for e in r.events if e["event"] == "deal"]
    assert len(deals) == 2 and deals[0]["dealer"] == deals[1]["dealer"]
    over = [e["why"] for e in r.events if e["event"] == "turns-over"]
    assert over[0] == "redeal" and r.outcome == "finished"
    from ruleplay.tools.cli import main
    assert main(["explain", str(path)]) == 0
    assert "if hand-number is 1: (the hand is thrown in (not scored) and the next one is dealt)" in capsys.readouterr().out


@pytest.mark.parametrize("effect, same", [("redeal", False), ("{redeal: same-dealer}", True)])
def test_a_misdeal_is_dealt_again_by_the_same_dealer_in_a_match(tmp_path, capsys, effect, same):
    """In a match whose deal rotates, `redeal` throws the hand in and the next dealer deals; `redeal:
    same-dealer` (Scopa's three kings on the table, a tester's wish) has the same dealer deal again, and the deal
    rotates as usual after a hand played out. Hands 1 and 3 are thrown in here."""
    text = MINI.replace("    until:", "    start: [{if: \"hand-number % 2 == 1\", then: [" + effect + "]}]\n    until:") + \
        "scoring:\n  points: \"s.hand.size\"\nmatch:\n  end: \"hand-number >= 4\"\n  winners: {highest: s.score}\n"
    path = tmp_path / "mini.yaml"
    path.write_text(text, encoding="utf-8")
    for seed in range(3):
        r = play(load(str(path)), seed=seed)
        dealers = [e["dealer"] for e in r.events if e["event"] == "deal"]
        over = [e["why"] for e in r.events if e["event"] == "turns-over"]
        assert over == ["redeal", "until", "redeal", "until"] and r.outcome == "finished"
        step = [(b - a) % 3 for a, b in zip(dealers, dealers[1:])]
        assert step == ([0, 1, 0] if same else [1, 1, 1]), (seed, dealers)
    from ruleplay.tools.cli import main
    assert main(["explain", str(path)]) == 0
    assert ("dealt again by the same dealer" in capsys.readouterr().out) == same


def test_a_chosen_pile_is_tested_against_a_family_of_the_table(capsys):
    """`dest in corner`: the chosen pile's name among a family's piles (Kings in the Corner: kings go to the
    corners, nothing else does; a tester's wish). Every card moved over random games goes where the rule says,
    and the sheet says "one of the corner piles"."""
    path = str(Path(__file__).parent / "data" / "kings-to-corners.yaml")
    rules = load(path)
    moved = 0
    for seed in range(6):
        for e in play(rules, seed=seed).events:
            if e["event"] == "move":
                assert e["cards"][0].startswith("K") == e["to"].startswith("corner"), (seed, e)
                moved += 1
    assert moved > 40
    from ruleplay.tools.cli import main
    assert main(["explain", path]) == 0
    assert "the card's rank is K exactly when dest is one of the corner piles" in capsys.readouterr().out


PILES = """
name: piles
description: Columns dealt from a stock; an ace on top of a column goes to the done pile.
players: 1
deck: {ranks: [A, 2, 3], suits: [C, D]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
  col: {owner: table, visibility: public, count: 3}
  done: {owner: table, visibility: public}
deal: {to: hand, count: 0, rest: stock}
phases:
  play:
    kind: turns
    start:
      - every-pile:
          of: col
          do:
            - move: {from: stock, to: each, count: 2}
      - every-pile:
          of: col
          do:
            - if: "each-size > 0 and each-top.rank == 'A'"
              then: [{move: {from: each, to: done, count: 1}}]
    until: "true"
    moves:
      wait: {do: [end]}
"""


def test_every_pile_runs_its_effects_on_each_pile_of_a_family(tmp_path, capsys):
    """Two cards dealt to each of three columns (stock top first: AC 2C | 3C AD | 2D 3D), then an ace on top of
    a column goes to `done`: AD only (AC lies under 2C)."""
    path = tmp_path / "piles.yaml"
    path.write_text(PILES, encoding="utf-8")
    s = ruleplay.load_game(str(path)).new_initial_state(seed=1, deal=Deal([[]], rest=["AC", "2C", "3C", "AD", "2D", "3D"],
                                                                          dealer=0))
    zones = {z.name: z.cards for z in s.seat_view(0).table_zones}
    assert zones["col1"] == ["AC", "2C"] and zones["col2"] == ["3C"] and zones["col3"] == ["2D", "3D"]
    assert zones["done"] == ["AD"]
    from ruleplay.tools.cli import main
    assert main(["explain", str(path)]) == 0
    assert "for each of the col piles (each): (if the number of cards in the pile" in capsys.readouterr().out
    path.write_text(PILES.replace("          of: col\n          do:\n            - move", "          of: stock\n"
                                  "          do:\n            - move"), encoding="utf-8")
    from ruleplay.errors import RuleplayError
    with pytest.raises(RuleplayError, match="'stock' is not a family of piles"):
        load(str(path))


def test_count_with_where_moves_the_first_such_cards_from_the_top(tmp_path):
    """`move: {count: 2, where: ...}`: the first two hearts from the top of the stock, the others left in
    order (Kalooki: one joker out of a meld)."""
    f = tmp_path / "v.yaml"
    f.write_text("extends: rummy\nname: v\nphases:\n  play:\n    start:\n"
                 "      - move: {from: stock, to: discard, count: 2, where: \"card.suit == 'H'\"}\n")
    for seed in range(5):
        events = play(load(str(f), {}), seed, max_actions=5).events
        deal = next(e for e in events if e["event"] == "deal")
        hearts = [c for c in deal["rest"] if c.endswith("H")][:2]       # the rest is logged top first
        moved = next(e for e in events if e["event"] == "move")
        assert (moved["from"], moved["to"], moved["cards"]) == ("stock", "discard", hearts)


def test_swap_exchanges_two_hands_seen_by_their_two_owners_only():
    """`swap: [hand, left-of(actor).hand]` (tests/data/chase-the-ace.yaml): two moves at once, each hand's card
    now the other's; a third player learns that cards moved, not which."""
    from pathlib import Path
    from ruleplay.engine.visibility import SeatLooker, seat_events
    rules = load(str(Path(__file__).parent / "data" / "chase-the-ace.yaml"), {})
    swaps = 0
    for seed in range(20):
        events = play(rules, seed).events
        hands = {s: h[0] for s, h in enumerate(next(e for e in events if e["event"] == "deal")["hands"])}
        for i, e in enumerate(events):
            if e["event"] == "decision" and e["label"] == "swap":
                there, back = events[i + 1], events[i + 2]
                me, left = there["from_seat"], there["to_seat"]
                assert (left - me) % 3 == 1 and (back["from_seat"], back["to_seat"]) == (left, me)
                assert (there["cards"], back["cards"]) == ([hands[me]], [hands[left]])
                hands[me], hands[left] = hands[left], hands[me]
                swaps += 1
                third = ({0, 1, 2} - {me, left}).pop()
                seen = seat_events([there], SeatLooker(third, rules, len(rules.deck)), rules.events)[0]
                assert seen.get("cards") != there["cards"]
        final = [e for e in events if e["event"] == "score"][0]
        assert final["points"] == [rules.deck.orders["order"][rules.deck.names.index(hands[s])] for s in range(3)]
    assert swaps >= 10


@pytest.mark.parametrize("start, first", [
    ([], "the player on the dealer's left"),
    ([{"next": "dealer"}], "the dealer"),                                  # a tester's find: it said the left
    ([{"next": "dealer"}, "skip"], "the player the turn is left with above (else the player on the dealer's left)"),
    ([{"if": "players > 2", "then": [{"next": "dealer"}]}],
     "the player the turn is left with above (else the player on the dealer's left)")])
def test_the_sheet_says_who_starts_after_the_start_passes_the_turn(start, first):
    from ruleplay.kinds.turns import describe
    spec = {"start": start, "moves": {"play": {"choose": {"card": "hand"}, "do": [{"move": {"from": "hand",
                                                                                            "to": "pile"}}]}}}
    assert f"Starting with {first}, the players take turns" in describe(spec)


def test_a_hand_thrown_in_is_dealt_again_when_the_match_names_only_its_winners():
    """A game of one hand whose `match` gives winners but no `end` (a tester's file): a `redeal` deals the hand
    again (it ended the game, unscored, every player a winner); the hand that is played has an ace in the first
    player's hand, and the player with the most aces wins."""
    rules = load(str(Path(__file__).parent / "data" / "throw-in-one-hand.yaml"))
    thrown = 0
    for seed in range(8):
        r = play(rules, seed=seed)
        deals = [e for e in r.events if e["event"] == "deal"]
        over = [e["why"] for e in r.events if e["event"] == "turns-over"]
        assert over == ["redeal"] * (len(deals) - 1) + ["end"] and r.outcome == "finished", (seed, over)
        first = (deals[-1]["dealer"] + 1) % 2
        assert any(c.startswith("A") for c in deals[-1]["hands"][first])
        aces = [sum(c.startswith("A") for c in h) for h in deals[-1]["hands"]]
        assert r.winners == [s for s in range(2) if aces[s] == max(aces)]
        thrown += len(deals) - 1
    assert thrown > 5


def test_players_after_follows_a_reverse(tmp_path):
    """`players-after(actor)` is in the direction of play as it stands: after a `reverse` the next player is the
    one on the other side (a tester's Crazy Uno set the next player from it and got the old direction)."""
    p = tmp_path / "rev.yaml"
    p.write_text("""name: rev
description: a 4 reverses play; nxt is the next player in the direction of play
players: 3
deck: {ranks: [2, 3, 4, 5], suits: [C, D, H]}
zones:
  hand: {owner: seat, visibility: owner}
  pile: {owner: table, visibility: public}
deal: {to: hand, count: 4}
phases:
  play:
    kind: turns
    track:
      nxt: {type: seat}
    max-turns: 3
    moves:
      play:
        choose: {card: hand}
        do:
          - move: {from: hand, to: pile}
          - if: "card.rank == '4'"
            then: [reverse]
          - set: {nxt: "first(x for x in players-after(actor))"}
""", encoding="utf-8")
    g = ruleplay.Game(load(str(p)))
    deal = Deal([["2C", "4D", "2D", "4C"], ["5H", "3D", "4H", "3H"], ["5D", "2H", "5C", "3C"]], dealer=2)
    s = g.new_initial_state(seed=1, deal=deal)
    step(s, "2C")
    assert s.current_player() == 1 and s._table.kind_state["play"]["nxt"] == 1
    step(s, "4H")                                     # reversed: seat 0 plays next, and nxt says so
    assert s.current_player() == 0 and s._table.kind_state["play"]["nxt"] == 0


# `who` holds for nobody (t32's bug: the dealer's left still played): nobody can move, so the phase ends
# blocked at once with no decision; with `who` naming seat 1, only seat 1 plays (its card, then `end`).
@pytest.mark.parametrize("who,plays", [("false", []), ("s.index == 1", [1])])
def test_a_phase_whose_who_holds_for_nobody_ends_blocked(tmp_path, who, plays):
    path = tmp_path / "nobody.yaml"
    path.write_text(f"""
name: nobody
description: A turns phase whose `who` may hold for nobody.
players: 3
deck: {{ranks: [2, 3, 4], suits: [C, D]}}
zones:
  hand: {{owner: seat, visibility: owner}}
  pile: {{owner: table, visibility: public}}
deal: {{to: hand, count: 2}}
phases:
  act:
    kind: turns
    who: "{who}"
    moves:
      play:
        choose: {{card: hand}}
        do: [{{move: {{from: hand, to: pile}}}}, end]
scoring:
  points: "s.hand.size"
""", encoding="utf-8")
    r = play(load(str(path)), seed=1, bots="random", check=True)
    assert [e["seat"] for e in ev(r, "move")] == plays
    assert [e["why"] for e in ev(r, "turns-over")] == ["blocked" if not plays else "end"]


SUMS = """
name: sums
description: The cookbook's capture by sums, a card from hand and the table cards adding up to it.
players: 2
deck:
  ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]
  suits: [C, D, H, S]
  attributes:
    value: {A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 11, Q: 12, K: 13}
zones:
  hand: {owner: seat, visibility: owner}
  table: {owner: table, visibility: public}
  captured: {owner: seat, visibility: public}
  stock: {owner: table, visibility: hidden}
deal: {to: hand, count: 4, rest: stock}
phases:
  play:
    kind: turns
    start: [{move: {from: stock, to: table, count: 8}}]
    until: "all(x.hand.empty for x in seats)"
    moves:
      capture:
        choose:
          card: hand
          cards: {from: table, adds-to: card.value, counting: value}
        do:
          - move: {from: hand, to: captured}
          - move: {from: table, to: captured, picked: true}
      trail:
        choose: {card: hand}
        do: [{move: {from: hand, to: table}}]
scoring:
  points: "s.captured.size"
"""
VALUE = {"A": 1, "J": 11, "Q": 12, "K": 13}


# The cookbook's recipe (t32: refused as 52 cards x 50,000 sets): a sum's sets are counted in play, so it
# validates; in random games every capture takes a card from hand and table cards adding up to its value.
def test_a_capture_by_sums_validates_and_takes_sets_adding_up_to_the_card(tmp_path):
    path = tmp_path / "sums.yaml"
    path.write_text(SUMS, encoding="utf-8")
    rules = load(str(path))
    captures = 0
    for seed in range(6):
        moves = ev(play(rules, seed=seed, bots="random", check=True), "move")
        for played, taken in zip(moves, moves[1:]):
            if played["from"] == "hand" and played["to"] == "captured":
                value = VALUE.get(played["cards"][0][:-1]) or int(played["cards"][0][:-1])
                assert taken["from"] == "table" and sum(VALUE.get(c[:-1]) or int(c[:-1]) for c in taken["cards"]) == value
                captures += 1
    assert captures > 5


def test_a_move_offering_more_than_the_limit_in_play_stops_as_a_limit(tmp_path, monkeypatch):
    from ruleplay.kinds.turns import choices
    path = tmp_path / "sums.yaml"
    path.write_text(SUMS, encoding="utf-8")
    rules = load(str(path))
    monkeypatch.setattr(choices, "MAX_ALTERNATIVES", 1)       # any second capture is too many
    outcomes = {play(rules, seed=seed, bots="random").outcome for seed in range(6)}
    assert "limit" in outcomes


# `at: bottom` (t33's bug: a packet was turned over). Zone a holds 2S under 3S, zone b holds 4S. A packet
# (all: true, where, keep-order) goes under b as it lay: b is 2S 3S 4S from the bottom, shown top first as
# 4S 3S 2S. Dealt one at a time (count: 2), 3S (a's top) goes under b first and 2S under it: 2S 3S 4S as
# well (on top, dealing turns the order over; under, it keeps it).
@pytest.mark.parametrize("how,shown", [("all: true", ["4S", "3S", "2S"]), ("where: \"true\"", ["4S", "3S", "2S"]),
                                       ("count: 2, keep-order: true", ["4S", "3S", "2S"]),
                                       ("count: 2", ["4S", "3S", "2S"])])
def test_cards_put_under_a_zone_keep_a_packet_s_order(tmp_path, how, shown):
    path = tmp_path / "bottom.yaml"
    path.write_text(f"""
name: bottom
description: Cards moved under a zone.
players: 1
deck: {{ranks: [2, 3, 4], suits: [S]}}
zones:
  hand: {{owner: seat, visibility: owner}}
  stock: {{owner: table, visibility: public}}
  a: {{owner: table, visibility: public}}
  b: {{owner: table, visibility: public}}
deal: {{to: hand, count: 0, rest: stock}}
phases:
  play:
    kind: turns
    start:
      - move: {{from: stock, to: a, where: "card.rank == '2'"}}
      - move: {{from: stock, to: a, where: "card.rank == '3'"}}
      - move: {{from: stock, to: b, where: "card.rank == '4'"}}
      - move: {{from: a, to: b, {how}, at: bottom}}
      - reveal: b
      - end
    moves:
      nothing: {{do: [end]}}
""", encoding="utf-8")
    r = play(load(str(path)), seed=1, check=True)
    assert ev(r, "reveal")[-1]["cards"] == shown


# The chosen card moved inside `every-pile` (t33: refused as "this move chooses no card"): each turn's card
# goes to the pile the `if` picks, col1; col2 gets nothing.
def test_the_chosen_card_moves_to_a_pile_every_pile_picks(tmp_path):
    path = tmp_path / "each.yaml"
    path.write_text("""
name: each
description: The chosen card goes to the first column.
players: 1
deck: {ranks: [2, 3, 4], suits: [S]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
  col: {owner: table, visibility: public, count: 2}
deal: {to: hand, count: 3, rest: stock}
phases:
  play:
    kind: turns
    until: "actor.hand.empty"
    moves:
      put:
        choose: {card: hand}
        do:
          - every-pile:
              of: col
              do:
                - if: "each-number == 1"
                  then: [{move: {from: hand, to: each}}]
""", encoding="utf-8")
    r = play(load(str(path)), seed=2, check=True)
    moved = ev(r, "move")
    assert [e["to"] for e in moved] == ["col1"] * 3
    chosen = [e["label"] for e in ev(r, "decision")]             # the last card, the only one left, is not asked
    assert [e["cards"][0] for e in moved][:len(chosen)] == chosen and len(chosen) == 2


# A pile chosen among another seat's family (t33's bug 4): the action's label is the file's text, `opp.col1`,
# alike for both players; the decision says whose pile it is, and the move's line agrees.
def test_another_seat_s_pile_is_labelled_as_that_seat_s(tmp_path):
    path = tmp_path / "give.yaml"
    path.write_text("""
name: give
description: Each player gives a card to a column of the other's.
players: 2
deck: {ranks: [2, 3, 4, 5, 6, 7], suits: [S]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
  col: {owner: seat, visibility: public, count: 2}
deal: {to: hand, count: 3, rest: stock}
define:
  opp: {expr: "left-of(actor)", description: the other player}
phases:
  play:
    kind: turns
    until: "all(x.hand.empty for x in seats)"
    moves:
      give:
        choose: {card: hand, to-pile: opp.col}
        do: [{move: {from: hand, to: dest}}]
""", encoding="utf-8")
    r = play(load(str(path)), seed=1, check=True)
    piles = [e for e in ev(r, "decision") if e["label"].startswith("give: ")]
    assert piles and all(e["label"] in (f"give: seat {1 - e['seat']}'s col1", f"give: seat {1 - e['seat']}'s col2")
                         for e in piles)
    for e in ev(r, "move"):
        assert e["to_seat"] == 1 - e["seat"]


# A card counted two ways (`counting: [value, high]`, t32's Tablanette: an ace 1 or 11). Among AC, 10D, 5H, 6S
# the sets adding up to 11 (a jack played) are AC as 11, AC (1) with 10D, and 5H with 6S: three, each once (AC
# with 10D is not listed again for the ace's other value). With `counting: value` alone the ace counts 1: AC
# with 10D, 5H with 6S. In random games every capture's cards add up to the card played, some way.
@pytest.mark.parametrize("counting,sets", [("[value, high]", [["10D", "AC"], ["5H", "6S"], ["AC"]]),
                                           ("value", [["10D", "AC"], ["5H", "6S"]])])
def test_a_card_counted_two_ways_adds_up_either_way(tmp_path, counting, sets):
    from itertools import product as ways
    from ruleplay.kinds.turns import sums
    text = SUMS.replace("value: {A: 1,", "high: {A: 11, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 11, "
                                        "Q: 12, K: 13}\n    value: {A: 1,").replace("counting: value", f"counting: {counting}")
    path = tmp_path / "ways.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load(str(path))
    deck = rules.deck
    idx = {n: i for i, n in enumerate(deck.names)}
    part = next(p for m in rules.phases[0].moves for p in m.parts if p.adds_to)
    got = sums.find([idx[n] for n in ["AC", "10D", "5H", "6S"]], part.values, 11, 1, 52, lambda c: c)
    assert sorted(sorted(deck.names[c] for c in g) for g in got) == sets
    two = counting != "value"
    value = {**{r: int(r) for r in "2 3 4 5 6 7 8 9 10".split()}, "A": 1, "J": 11, "Q": 12, "K": 13}
    captures = 0
    for seed in range(6):
        moves = ev(play(rules, seed=seed, bots="random", check=True), "move")
        for played, taken in zip(moves, moves[1:]):
            if played["from"] == "hand" and played["to"] == "captured":
                options = [[value[c[:-1]]] + ([11] if two and c[:-1] == "A" else []) for c in taken["cards"]]
                assert value[played["cards"][0][:-1]] in {sum(w) for w in ways(*options)}
                captures += 1
    assert captures > 5


KEEPS = """
name: keeps
description: Lay a set with jokers, then lay a card off on it.
players: 2
deck:
  ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]
  suits: [C, D, H, S]
  jokers: 2
  wild: card.joker
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
  meld: {owner: table, visibility: public, count: 4}
deal: {to: hand, count: 4, rest: stock}
phases:
  play:
    kind: turns
    until: "any(x.hand.empty for x in seats)"
    max-turns: 20
    moves:
      meld:
        choose: {cards: {from: hand, as: LAID, min: 3}}
        do: [{move: {from: hand, to: meld, picked: true}}]
      lay-off:
        choose: {card: hand, to-pile: {among: meld, keeps: [same-rank, run]}}
        do: [{move: {from: hand, to: dest}}]
"""


# A meld keeps the shape it was laid as (t35: 7H JK JK laid as a set took 8H and became a run, the jokers
# standing for 9 and 10). Laid `as: same-rank`, seat 0's other heart is never laid off on it; laid `as:
# [same-rank, run]` (the same cards are both), it is (the smart bot lays off what it can).
@pytest.mark.parametrize("laid,takes", [("same-rank", False), ("[same-rank, run]", True)])
def test_a_meld_laid_as_a_set_stays_a_set(tmp_path, laid, takes):
    path = tmp_path / "keeps.yaml"
    path.write_text(KEEPS.replace("LAID", laid), encoding="utf-8")
    deal = Deal([["7H", "JK", "JK", "8H"], ["2C", "3D", "5S", "9C"]], rest=["KC"], dealer=1)
    r = play(load(str(path)), deal=deal, bots=["smart", "smart"], check=True)
    moved = [(e["cards"], e["to"]) for e in ev(r, "move")]
    assert moved[0][1] == "meld1" and moved[0][0].count("JK") == 2       # the jokers and one natural card
    assert (len([m for m in moved if m[1] == "meld1"]) == 2) == takes   # the other card laid off, or not


LAY_WILD = """name: lay-wild
description: Two players; a run of three or more is laid from the hand, a joker standing in it.
players: 2
deck: {ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K], suits: [C, D], jokers: 2, wild: card.joker, first-rank-high: true}
zones:
  hand: {owner: seat, visibility: owner}
  meld: {owner: table, visibility: public}
  rest: {owner: table, visibility: hidden}
deal: {to: hand, count: 4, rest: rest}
phases:
  play:
    kind: turns
    max-turns: 2
    until: "meld.size >= 3"
    moves:
      lay:
        choose: {cards: {from: hand, as: run, min: 3}}
        do: [{move: {from: hand, to: meld, picked: true}}]
"""


@pytest.mark.parametrize("hand, laid", [
    (["8C", "JK", "10C", "2D"], ["8C", "JK", "10C"]),           # the joker in the gap it fills
    (["QC", "KC", "JK", "2D"], ["QC", "KC", "JK"]),             # above the top: the joker is the ace, high
    (["KC", "AC", "JK", "5D"], ["JK", "KC", "AC"]),             # K A, the ace high: no room above, the Q
    (["2C", "AC", "JK", "9D"], ["AC", "2C", "JK"]),             # A 2: the ace low, the joker is the 3
])
def test_a_run_is_laid_with_each_wild_card_where_it_stands(tmp_path, hand, laid):
    """t38: 8C JK 10C laid as a run went down JK 8C 10C (the deck's order), so rules could not read a run's ends
    (Yaniv takes an end card back). The cards go down up the run, each wild card in its place."""
    p = tmp_path / "lay.yaml"
    p.write_text(LAY_WILD, encoding="utf-8")
    g = ruleplay.Game(load(str(p)))
    others = [c for c in ("3D", "4D", "6D", "7D") if c not in hand]
    s = g.new_initial_state(seed=1, deal=Deal([hand, others], dealer=1))
    assert s.is_terminal()                    # each hand holds one run: laid for seat 0, not asked
    moved = next(e for e in s.events() if e["event"] == "move" and e.get("to") == "meld")
    assert moved["cards"] == laid

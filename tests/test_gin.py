"""Gin Rummy (rulesets/gin-rummy.yaml, Pagat's rules), written with the `turns` kind and `deadwood()`.
Hand-checked deals (the first turn's up-card, the discard that may not be the card just taken, a knock on
10 and its score with lay-offs, gin and its bonus, an undercut, a void hand, the game to 100 with its
bonuses), and a referee that re-derives from the logs of random games, with its own brute-force deadwood,
when a knock was allowed, every meld, lay-off and taken-back meld, the void hands and every score.

What the file approximates, and these tests hold it to: the knocker lays out melds one at a time and a meld
that would leave more than 10 of deadwood (any at all after gin) in the rest of the hand is taken back up
(moved to `trial` and back); the other player's own melds are never laid on the table: after their
lay-offs, their deadwood is the best split of the cards they still hold (`deadwood()`); the knocking
discard is face up. Each expected result is worked out by hand in the comment above its test."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

from conftest import lift, offered, step

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]      # Pagat: the ace is low
POINTS = {r: min(i + 1, 10) for i, r in enumerate(RANKS)}                      # courts 10, aces 1, pips


def pts(cards) -> int:
    return sum(POINTS[c[:-1]] for c in cards)


def is_set(cards) -> bool:
    return 3 <= len(cards) <= 4 and len({c[:-1] for c in cards}) == 1


def is_run(cards) -> bool:
    at = sorted(RANKS.index(c[:-1]) for c in cards)
    return len(cards) >= 3 and len({c[-1] for c in cards}) == 1 and at == list(range(at[0], at[0] + len(cards)))


@lru_cache(maxsize=None)
def brute_deadwood(cards: frozenset) -> int:
    """The least points left over, trying every subset of 3+ cards that is a set or a run as a meld."""
    best = pts(cards)
    for k in range(3, len(cards) + 1):
        for m in combinations(sorted(cards), k):
            if is_set(m) or is_run(m):
                best = min(best, brute_deadwood(cards - frozenset(m)))
    return best


def state_of(deal: Deal, **options):
    game = ruleplay.load_game("gin-rummy", options={k: str(v) for k, v in options.items()})
    return game.new_initial_state(seed=1, deal=deal, check=True)


def moves(state, where: str) -> list[tuple[str, str, list[str]]]:
    return [(e["from"], e["to"], e["cards"]) for e in state.events()
            if e["event"] == "move" and where in (e["from"], e["to"][:len(where)])]


def score_of(state) -> list[int]:
    return [e for e in state.events() if e["event"] == "score"][-1]["points"]


# Seat 1 deals: seat 0 has the first turn. Up-card KD, then the stock gives 2S.
# Seat 0: AC 2C 3C 7D 7H 7S KH QS 2D 2H (a run A-2-3C, three 7s). Seat 1: 4C 5C 7C 9C 9D 9H KS JS 8D 6H.
# Seat 0 is offered only take or pass (no draw), passes; seat 1 the same, takes the KD and may discard any
# card but the KD (its ten others); it discards 6H. Seat 0 draws the 2S (a set 2D 2H 2S besides the run)
# and discards KH: left QS alone, deadwood 10, so it may knock, and knocks. Laying out, it tries the set
# 2C 2D 2H first: that leaves AC 3C 2S QS = 16 > 10, so it is taken back; then 2D 2H 2S, A-2-3C and the
# 7s stay. Seat 1 lays off 4C and then 5C on the run (the 5C only after the 4C) and 7C on the 7s; its 9s
# are a set, and KS JS 8D KD = 38 are left. Seat 0 scores 38 - 10 = 28.
DEAL_A = Deal([["AC", "2C", "3C", "7D", "7H", "7S", "KH", "QS", "2D", "2H"],
               ["4C", "5C", "7C", "9D", "9H", "9C", "KS", "JS", "8D", "6H"]],
              rest=["KD", "2S", "AH", "3D", "4D", "5D", "6D"], dealer=1)
KNOCK_A = ("pass", "take", "6H", "draw", "KH", "knock", "2C", "2D", "2H", "meld: done", "2D", "AC")


def test_first_turn_the_taken_card_a_knock_on_ten_with_lay_offs_and_its_score():
    s = state_of(DEAL_A)
    seen = step(s, "pass", "take", "6H", "draw", "KH", "knock")
    assert seen[0] == (0, ["pass", "take"]) and seen[1] == (1, ["pass", "take"])     # no draw on the offer
    assert seen[2][0] == 1 and "KD" not in seen[2][1] and len(seen[2][1]) == 10      # not the card just taken
    assert seen[3] == (0, ["draw", "take"])
    assert moves(s, "stock")[-1] == ("stock", "hand", ["2S"])
    assert seen[5] == (0, ["knock", "play-on"])
    seen = step(s, "2C", "2D", "2H", "meld: done", "2D", "AC")
    assert moves(s, "trial") == [("hand", "trial", ["2C", "2D", "2H"]), ("trial", "hand", ["2C", "2D", "2H"]),
                                 ("hand", "trial", ["2D", "2H", "2S"]), ("trial", "meld1", ["2D", "2H", "2S"]),
                                 ("hand", "trial", ["AC", "2C", "3C"]), ("trial", "meld2", ["AC", "2C", "3C"]),
                                 ("hand", "trial", ["7D", "7H", "7S"]), ("trial", "meld3", ["7D", "7H", "7S"])]
    seen = step(s, "lay-off", "4C", "lay-off", "5C", "lay-off")
    assert seen[1] == (1, ["4C", "7C"]) and seen[3] == (1, ["5C", "7C"])             # 5C only after the 4C
    assert [m for m in moves(s, "meld") if m[0] == "hand"] == [("hand", "meld2", ["4C"]), ("hand", "meld2", ["5C"]),
                                                            ("hand", "meld3", ["7C"])]
    assert not s.is_terminal() and score_of(s) == [28, 0]                              # 28 < 100: a next hand
    assert [e for e in s.events() if e["event"] == "tally"][-1]["counters"] == {"won": [28, 0], "boxes": [1, 0]}


# The same hand reaching the target: with Pagat's bonuses seat 0 scores 28, 100 for the game and 25 for its
# one hand won (153); without them 28 alone. From 80 to 30 before the hand, 80 + 28 = 108 ends the game:
# 80 + 153 = 233 to 30 (seat 1 won no hand in this deal's count: no line bonus).
def test_the_game_to_the_target_with_the_game_and_line_bonuses():
    for options, want in (({"target": 20}, [153, 0]), ({"target": 20, "bonuses": "false"}, [28, 0])):
        s = state_of(DEAL_A, **options)
        step(s, *KNOCK_A, "lay-off", "4C", "lay-off", "5C", "lay-off")
        assert s.is_terminal() and score_of(s) == want
    deal = Deal(DEAL_A.hands, rest=DEAL_A.rest, dealer=1, hand=5, scores=[80, 30])
    s = state_of(deal)
    step(s, *KNOCK_A, "lay-off", "4C", "lay-off", "5C", "lay-off")
    assert s.is_terminal() and score_of(s) == [153, 0]
    assert [e for e in s.events() if e["event"] == "score"][-1]["totals"] == [233, 30]
    assert s.returns()[0] > s.returns()[1]


# Undercut: seat 1 holds 9C 9D 9H 8D 8H 8S 4C 5C 7C AD. Both refuse the KD, so seat 0 must draw (the 2S:
# not asked whether to draw), discards KH and knocks on QS = 10, laying out as above. Laying off 4C 5C 7C
# leaves AD = 1 <= 10: seat 1 undercuts and scores 10 - 1 + 25 = 34. Laying off nothing leaves
# 4 + 5 + 7 + 1 = 17 > 10: seat 0 scores 7.
DEAL_C = Deal([DEAL_A.hands[0], ["9C", "9D", "9H", "8D", "8H", "8S", "4C", "5C", "7C", "AD"]],
              rest=DEAL_A.rest, dealer=1)


def test_an_undercut_scores_the_difference_and_the_bonus_to_the_other_player():
    s = state_of(DEAL_C)
    seen = step(s, "pass", "pass", "KH")
    assert seen[2] == (0, ["2C", "2D", "2H", "2S", "3C", "7D", "7H", "7S", "AC", "KH", "QS"])   # drew unasked
    assert moves(s, "stock")[-1] == ("stock", "hand", ["2S"])
    step(s, "knock", "2D", "AC", "lay-off", "4C", "lay-off", "5C", "lay-off")
    assert score_of(s) == [0, 34]
    s = state_of(DEAL_C)
    step(s, "pass", "pass", "KH", "knock", "2D", "AC", "done")
    assert score_of(s) == [7, 0]


# Gin: seat 0 holds AC 2C 3C 7D 7H 7S 9S 10S JS QH; both refuse the 5H, seat 0 draws QS, discards QH:
# no deadwood, so its knock is gin and must lay out everything: the run 9S 10S JS without the QS is taken
# back (it would leave the QS, 10), 9S-QS stays, then A-2-3C and the 7s. Seat 1 (KC KD KH 2D 4D 6H 8H 10C 8S 3H) may not lay off its 8S on 9S-QS: no lay-off
# phase. Its deadwood: 2 + 4 + 6 + 8 + 10 + 8 + 3 = 41; seat 0 scores 41 + 25 = 66.
def test_gin_scores_the_bonus_and_allows_no_lay_off():
    deal = Deal([["AC", "2C", "3C", "7D", "7H", "7S", "9S", "10S", "JS", "QH"],
                 ["KC", "KD", "KH", "2D", "4D", "6H", "8H", "10C", "8S", "3H"]],
                rest=["5H", "QS", "AH", "3D"], dealer=1)
    s = state_of(deal)
    step(s, "pass", "pass", "QH", "knock", "9S", "meld: done")   # 9S-JS alone leaves QS: taken back
    assert moves(s, "trial") == [("hand", "trial", ["9S", "10S", "JS"]), ("trial", "hand", ["9S", "10S", "JS"])]
    step(s, "9S", "QS")
    while not s.is_terminal() and s.current_player() == 0:       # the run of clubs and the 7s: all stay
        step(s, offered(s)[0])
    assert not any(e["event"] == "move" and e["seat"] == 1 and e["to"].startswith("meld") for e in s.events())
    laid = [m[2] for m in moves(s, "trial") if m[0] == "trial" and m[1] != "hand"]
    assert sorted(map(len, laid)) == [3, 3, 4] and ["9S", "10S", "JS", "QS"] in laid
    assert score_of(s)[:2] == [66, 0]


# A void hand: the up-card 5H and a stock of three cards. Both refuse the up-card; seat 0 draws QS (two
# left) and discards it (deadwood AC 3C ... far above 10: no knock): the hand is void, nobody scores, and
# the next hand is dealt by seat 0.
def test_a_hand_is_void_when_the_stock_is_down_to_two_cards():
    deal = Deal([["AC", "3C", "5C", "7D", "9H", "JS", "KS", "QH", "2D", "4D"],
                 ["KC", "KD", "2H", "6D", "4H", "6H", "8H", "10C", "8S", "3H"]],
                rest=["5H", "QS", "AH", "3D"], dealer=1)
    s = state_of(deal)
    step(s, "pass", "pass", "QS")
    assert [e["value"] for e in s.events() if e["event"] == "set" and e["name"] == "void"] == [1]
    assert score_of(s) == [0, 0] and not s.is_terminal()
    assert [e["dealer"] for e in s.events() if e["event"] == "deal"] == [1, 0]


def test_gin_referee():
    """From random games' logs: the up-card offer (the dealer never draws from the stock before the first
    card is taken; the non-dealer draws from the stock first only after both refused); no discard of the
    card just taken from the pile; a knock only with 10 or less of brute-force deadwood after the discard;
    a void hand only with two cards in the stock; the knocker's melds sets or runs, a meld taken back exactly
    when the rest would hold more deadwood than allowed (10, none for gin), no meld left in the knocker's
    hand; lay-offs only by the other player, not after gin, keeping a set or a run; every hand's points
    (difference, gin, undercut, void) and the game's bonuses; the 52 cards all somewhere."""
    knocks = voids = taken_back = laid_off = 0
    for seed in range(3):
        r = play(load("gin-rummy", {"target": "1"}, 2), seed=seed, check=True)
        assert r.outcome == "finished"
        boxes = [0, 0]
        totals = [0, 0]
        for e in r.events:
            kind = e["event"]
            if kind == "deal":
                hands = [list(h) for h in e["hands"]]
                zones: dict[str, list[str]] = {"stock": list(e["rest"]), "discard": []}
                dealer = e["dealer"]
                taken = None
                first_draw = True
                knocker = None
                knock_dw = None
                void = False
            elif kind == "move":
                src, dst, cards = lift(e, hands, zones)
                if e["to"] == "hand" and e["from"] in ("stock", "discard") and first_draw:
                    first_draw = False
                    if e["from"] == "stock":
                        assert e["seat"] != dealer           # the non-dealer, after both refused
                if e["from"] == "discard" and e["to"] == "hand":
                    taken = cards[0]
                elif e["from"] == "hand" and e["to"] == "discard":
                    assert cards[0] != taken
                    taken = None
                if e["to"] == "trial":
                    assert knocker == e["from_seat"] and (is_set(cards) or is_run(cards))
                    limit = 0 if knock_dw == 0 else 10
                    back = brute_deadwood(frozenset(hands[knocker])) > limit
                elif e["from"] == "trial":
                    assert (e["to"] == "hand") == back
                    taken_back += back
                elif e["to"].startswith("meld"):                   # a lay-off
                    assert e["from_seat"] != knocker and knock_dw > 0 and len(cards) == 1
                    assert is_set(dst + cards) or is_run(dst + cards)
                    laid_off += 1
                dst.extend(cards)
                assert sum(map(len, hands)) + sum(map(len, zones.values())) == 52
            elif kind == "set" and e["name"] == "knocker":
                knocker = e["value"]
                knocks += 1
            elif kind == "set" and e["name"] == "knock-dw":
                knock_dw = e["value"]
                assert len(hands[knocker]) == 10 and knock_dw == brute_deadwood(frozenset(hands[knocker])) <= 10
            elif kind == "set" and e["name"] == "void":
                assert len(zones["stock"]) == 2 and knocker is None
                void = True
                voids += 1
            elif kind == "score":
                won = [0, 0]
                if knocker is not None:
                    other = 1 - knocker
                    kd = pts(hands[knocker])
                    assert brute_deadwood(frozenset(hands[knocker])) == kd <= (0 if knock_dw == 0 else 10)
                    od = brute_deadwood(frozenset(hands[other]))
                    if kd == 0:
                        won[knocker] = od + 25
                    elif od <= kd:
                        won[other] = kd - od + 25
                    else:
                        won[knocker] = od - kd
                else:
                    assert void
                boxes = [b + (w > 0) for b, w in zip(boxes, won)]
                over = any(t + w >= 1 for t, w in zip(totals, won))
                want = [w + (25 * b + (100 if t + w >= 1 else 0) if over else 0) for w, b, t in zip(won, boxes, totals)]
                assert e["points"] == want, (e, won, boxes)
                totals = [t + p for t, p in zip(totals, want)]
    assert knocks == 3 and voids > 20 and taken_back + laid_off > 0

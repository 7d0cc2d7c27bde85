"""Old Maid, Durak, Pyramid and Five Card Draw: a hand-made deal for each, worked out by hand from the
rules the ruleset cites (its `source`; the computation is in the comment above each test), and a referee
that re-derives each game's legality and result from the logs of seeded random games alone."""
from __future__ import annotations

from collections import Counter

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

from conftest import offered, step

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
VALUE = {r: i + 2 for i, r in enumerate(RANKS)}                  # 2 .. 14, aces high
SUITS = "CDHS"


def state_of(name: str, deal: Deal, players: int, **options):
    game = ruleplay.load_game(name, players=players, options={k: str(v) for k, v in options.items()})
    return game.new_initial_state(seed=1, deal=deal, check=True)


def rank(card: str) -> str:
    return card[:-1]


def moves(events: list[dict]) -> list[tuple]:
    """Each logged move as (from, from_seat, to, to_seat, cards)."""
    return [(e["from"], e.get("from_seat"), e["to"], e.get("to_seat"), e["cards"])
            for e in events if e["event"] == "move"]


def left_holding(seat: int, hands: list[list[str]], step_: int) -> int:
    """The nearest seat from `seat` (exclusive) in direction `step_` (1: left, -1: right) holding cards."""
    n = len(hands)
    return next(s for s in ((seat + step_ * k) % n for k in range(1, n + 1)) if hands[s])


# ----------------------------------------------------------------------------------------------- Old Maid

# Four players, seat 3 deals. The first discards: seat 0's four nines go (all four: two pairs), seat 1's
# three sixes lose one pair and keep the lowest suit (6C stays, 6H 6S go), seat 3's jacks go; seat 2 has
# no pair. Left: seat 0 5C, seat 1 6C QH, seat 2 6D, seat 3 5D. Seat 0 (the dealer's left) draws from
# the dealer, seat 3, its only card 5D: a pair with 5C, both go; seats 0 and 3 are out of cards. Seat 1
# draws next; on its right seats 0 and 3 hold nothing, so it draws from seat 2: 6D, a pair with 6C. Only
# QH is left, in seat 1's hand: seat 1 is the Old Maid, everyone else wins.
def test_old_maid_pairs_go_and_each_draws_from_the_nearest_holder_on_the_right():
    deal = Deal([["5C", "9C", "9D", "9H", "9S"], ["6C", "6H", "6S", "QH"], ["6D"], ["5D", "JC", "JD"]],
                dealer=3)
    s = state_of("old-maid", deal, 4)
    assert s.is_terminal()                                  # every draw was from a one-card hand
    got = [(f, fs, t, ts, sorted(c)) for f, fs, t, ts, c in moves(s.events())]
    assert got == [
        ("hand", 0, "pairs", None, ["9C", "9D", "9H", "9S"]),
        ("hand", 1, "pairs", None, ["6H", "6S"]),
        ("hand", 3, "pairs", None, ["JC", "JD"]),
        ("hand", 3, "hand", 0, ["5D"]), ("hand", 0, "pairs", None, ["5C", "5D"]),
        ("hand", 2, "hand", 1, ["6D"]), ("hand", 1, "pairs", None, ["6C", "6D"]),
    ]
    assert s.result().winners == [0, 2, 3]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_old_maid_referee(players):
    """From random games' logs: the first discards are exactly the pairs each hand holds (of three of a
    kind the lowest suit stays); then each draw is made by the next player on the left holding cards, from
    the nearest player on their right holding cards, of a card that player holds; a pair is discarded
    exactly when the card drawn matches one held; the game ends with one card, a queen, left, and every
    player but its holder wins."""
    rules = load("old-maid", None, players)
    for seed in range(4):
        r = play(rules, seed=seed, check=True)
        assert r.outcome == "finished"
        deal = next(e for e in r.events if e["event"] == "deal")
        hands = [list(h) for h in deal["hands"]]
        assert sum(map(len, hands)) == 51 and "QC" not in sum(hands, [])
        drawer, last_drawn = None, None
        for f, fs, t, ts, cards in moves(r.events):
            if t == "pairs" and last_drawn is None:           # the first discards
                by_rank = Counter(rank(c) for c in hands[fs])
                want = [c for c in hands[fs] if by_rank[rank(c)] % 2 == 0 or (
                    by_rank[rank(c)] == 3 and any(rank(x) == rank(c) and SUITS.index(x[-1]) < SUITS.index(c[-1])
                                                  for x in hands[fs]))]
                assert sorted(cards) == sorted(want)
                for c in cards:
                    hands[fs].remove(c)
            elif t == "hand":                                 # a draw: no hand holds a pair before it
                assert all(len({rank(c) for c in h}) == len(h) for h in hands)
                assert last_drawn is None or not last_drawn[1]   # the last draw's pair went
                start = deal["dealer"] if drawer is None else drawer
                drawer = left_holding(start, hands, 1)
                assert ts == drawer and fs == left_holding(drawer, hands, -1)
                (card,) = cards
                hands[fs].remove(card)
                pairs = any(rank(x) == rank(card) for x in hands[ts])
                hands[ts].append(card)
                last_drawn = (card, pairs)
            else:                                             # a pair after a draw: the card drawn and its twin
                card, pairs = last_drawn
                assert pairs and fs == drawer and card in cards and len({rank(c) for c in cards}) == 1
                for c in cards:
                    hands[fs].remove(c)
                last_drawn = (card, False)
        assert last_drawn is None or not last_drawn[1]
        left = [s for s in range(players) if hands[s]]
        assert len(left) == 1 and len(hands[left[0]]) == 1 and rank(hands[left[0]][0]) == "Q"
        assert r.winners == [s for s in range(players) if s not in left]


# ------------------------------------------------------------------------------------------------- Durak

# Two players, seat 0 deals; the talon's top card, 6S, is turned for trumps and laid under AC KC. Seat 1
# (the dealer's left) holds the 8S, seat 0 the lower 7S: seat 0 attacks first. The first bout may have 5
# attacking cards. Seat 0 leads 7H; seat 1 may beat it with 10H, JH (higher hearts) or 8S (a trump), and
# beats with 10H. Seat 0 throws in 7S (a 7 is on the table); only the higher trump 8S beats it. Seat 0
# throws in 8H (an 8 is on the table); seat 1 takes up: nothing more to throw in (seat 0's 9C KD AD match
# no rank), so seat 1 takes all five cards (11 in hand). Seat 0 refills first: AC KC from the talon, then
# the trump 6S, last. The defender took up, so the player on its left, seat 0, attacks again, now up to 6
# cards: 9C, beaten by QC (or by either trump); seat 0 has no 9 or queen to throw in, so the bout's cards
# go out of play and the defender, seat 1, attacks next.
def test_durak_beating_throwing_in_taking_up_and_refilling():
    deal = Deal([["7H", "8H", "9C", "KD", "AD", "7S"], ["10H", "JH", "6C", "6D", "8S", "QC"]],
                rest=["6S", "AC", "KC"], dealer=0)
    s = state_of("durak", deal, 2)
    assert s.current_player() == 0 and offered(s) == ["7H", "7S", "8H", "9C", "AD", "KD"]
    seen = step(s, "7H", "beat", "10H", "throw-in", "beat", "throw-in", "take-up")
    assert seen[2] == (1, ["10H", "8S", "JH"])
    got = moves(s.events())
    assert ("attack", None, "beaten", None, ["7S"]) in got and ("hand", 1, "beaten", None, ["8S"]) in got
    taken = [c for f, _, t, ts, c in got if t == "hand" and ts == 1 and f in ("attack", "beaten")]
    assert sorted(sum(taken, [])) == ["10H", "7H", "7S", "8H", "8S"]
    refill = [(f, c) for f, _, t, ts, c in got if t == "hand" and ts == 0]
    assert refill == [("talon", ["AC", "KC"]), ("trump-card", ["6S"])]
    limits = [e["value"] for e in s.events() if e["event"] == "set" and e["name"] == "limit"]
    assert limits == [5]
    assert s.current_player() == 0 and offered(s) == ["6S", "9C", "AC", "AD", "KC", "KD"]
    seen = step(s, "9C", "beat", "QC")
    assert seen[2] == (1, ["7S", "8S", "QC"])
    assert moves(s.events())[-1] == ("beaten", None, "out", None, ["9C", "QC"])
    assert [e["value"] for e in s.events() if e["event"] == "set" and e["name"] == "limit"] == [5, 6]
    assert s.current_player() == 1 and offered(s) == ["10H", "6C", "6D", "7H", "7S", "8H", "8S", "JH"]


def _durak_beats(card: str, led: str, trump: str) -> bool:
    same = card[-1] == led[-1] and VALUE[rank(card)] > VALUE[rank(led)]
    return same or (card[-1] == trump and led[-1] != trump)


@pytest.mark.parametrize("players", [2, 4])
def test_durak_referee(players):
    """From random games' logs: the lowest trump attacks first; every beating card beats the card it covers;
    every card thrown in is of a rank already on the table; a bout has at most 5 attacking cards in the
    first bout, 6 after, and never more than the defender held; only the defender beats or takes up; a bout
    beaten goes out of play, one not beaten goes to the defender; after each bout, while the talon lasts,
    every hand is back to six; the game ends when at most one player holds cards, and they lose."""
    rules = load("durak", None, players)
    takes = outs = 0
    for seed in range(3):
        r = play(rules, seed=seed, check=True)
        assert r.outcome == "finished"
        deal = next(e for e in r.events if e["event"] == "deal")
        hands = [set(h) for h in deal["hands"]]
        trump_card, *talon = deal["rest"]
        trump = trump_card[-1]
        lows = [min((VALUE[rank(c)] for c in h if c[-1] == trump), default=99) for h in hands]
        attack, beaten, led, first, limit, defender = [], [], None, True, 0, None
        bout_open = False
        for e in r.events:
            if e["event"] != "move":
                continue
            f, t, cs = e["from"], e["to"], e["cards"]
            if t == "trump-card":
                assert cs == [trump_card]
                continue
            if f == "talon":
                assert cs == talon[:len(cs)]
                del talon[:len(cs)]
            elif f == "trump-card":
                assert cs == [trump_card] and not talon            # the turned trump is drawn last
                trump_card = None
            if f == "hand":
                hands[e["from_seat"]] -= set(cs)
            if t == "hand":
                hands[e["to_seat"]] |= set(cs)
            if f == "hand" and t == "attack":
                (c,) = cs
                if not bout_open:                           # a lead
                    if first:
                        assert lows[e["seat"]] == min(lows)
                    defender = left_holding(e["seat"], hands, 1)
                    limit = min(5 if first else 6, len(hands[defender]))
                    bout_open = True
                else:
                    assert rank(c) in {rank(x) for x in attack + beaten} and e["seat"] != defender
                assert len(attack) + len(beaten) // 2 + 1 <= limit
                attack.append(c)
            elif f == "attack" and t == "beaten":
                assert e["seat"] == defender
                (led,) = cs
                attack.remove(led)
                beaten.append(led)
            elif f == "hand" and t == "beaten":
                (c,) = cs
                assert e["from_seat"] == defender and _durak_beats(c, led, trump)
                beaten.append(c)
            elif f in ("attack", "beaten"):                   # the bout is over
                assert t in ("hand", "out")
                if t == "out":
                    assert f == "beaten" and not attack and sorted(cs) == sorted(beaten)
                    outs += 1
                else:
                    assert e["to_seat"] == defender
                    takes += f == "attack"
                for c in cs:
                    (attack if f == "attack" else beaten).remove(c)
                if not attack and not beaten:
                    bout_open, first = False, False
        left = [s for s in range(players) if hands[s]]
        assert len(left) <= 1 and not talon and trump_card is None
        assert r.winners == [s for s in range(players) if not hands[s]]
    assert takes > 3 and outs > 3


def test_durak_refills_attacker_first_defender_last():
    """From random games' logs: after each bout the hands are filled up to six from the talon (its turned
    trump last): the attacker first, then the others in turn from the attacker's left, the defender last,
    each as far as the talon lasts."""
    checked = filled = 0
    for seed in range(3):
        r = play(load("durak", None, 4), seed=seed, check=True)
        deal = next(e for e in r.events if e["event"] == "deal")
        hands = [set(h) for h in deal["hands"]]
        talon = len(deal["rest"])
        attacker = defender = None
        drawn: list[tuple[int, int]] = []
        for e in r.events:
            if e["event"] == "set" and e["name"] == "stage" and e["value"] == "lead" and attacker is not None:
                order = [(attacker + k) % 4 for k in range(4)]
                order = [x for x in order if x != defender] + [defender]
                want, left = [], talon + sum(n for _, n in drawn)
                sizes = [len(h) for h in hands]
                for x in order:
                    n = min(left, max(0, 6 - (sizes[x] - sum(k for y, k in drawn if y == x))))
                    want += [(x, n)] if n else []
                    left -= n
                merged: dict[int, int] = {}
                for x, n in drawn:
                    merged[x] = merged.get(x, 0) + n
                assert list(merged.items()) == want
                checked += 1
                filled += len(want) > 1
                drawn, attacker = [], None
            if e["event"] != "move":
                continue
            f, t, cs = e["from"], e["to"], e["cards"]
            if f == "hand":
                hands[e["from_seat"]] -= set(cs)
            if t == "hand":
                hands[e["to_seat"]] |= set(cs)
            if f in ("talon", "trump-card") and t == "hand":
                talon -= len(cs)
                drawn.append((e["to_seat"], len(cs)))
            if f == "hand" and t == "attack" and attacker is None:
                attacker = e["seat"]
                defender = left_holding(attacker, hands, 1)
    assert checked > 30 and filled > 5


# ----------------------------------------------------------------------------------------------- Pyramid

# The stock's top 21 cards go to the covered positions b1..b21 (row by row from the apex), the next 7 to
# the bottom row p22..p28: KC 6C 7C 5D 8C AH QH; the stock's next card is 9S. A pair is chosen lower
# card first (each is offered once). The king goes alone. 6C+7C (13) frees p16 (covered by 22 and 23:
# 7H) and p17 (23, 24: 10S); 5D+8C frees p18 (4D) and p19 (9H); AH+QH frees p20 (10H) and p21 (2S). Of
# row six only 4D and 9H make 13: 7H, 10S, 10H and 2S have no partner among the free cards. 4D+9H frees
# p13 (covered by 18 and 19: 4H); 4H has no partner, so the only move is a turn of the stock, 9S, which
# pairs with it. Nothing is won yet: 17 cards are left.
COVERED = ["2C", "3C", "4C", "5C", "6D", "7D", "8D", "9D", "10D", "JD", "2H", "3H", "4H", "5H", "6H", "7H",
           "10S", "4D", "9H", "10H", "2S"]
BOTTOM = ["KC", "6C", "7C", "5D", "8C", "AH", "QH"]


def test_pyramid_pairs_of_13_kings_alone_and_cards_uncovered():
    used = set(COVERED + BOTTOM + ["9S"])
    rest = COVERED + BOTTOM + ["9S"] + [r + s for s in SUITS for r in RANKS if r + s not in used]
    s = state_of("pyramid", Deal([[]], rest=rest), 1)
    step(s, "king", "pair", "pair: p23", "pair", "pair: p25", "pair", "pair: p27")
    freed = [(f, t, c) for f, _, t, _, c in moves(s.events()) if f.startswith("b")]
    assert freed == [("b17", "p17", ["10S"]), ("b16", "p16", ["7H"]), ("b19", "p19", ["9H"]),
                     ("b18", "p18", ["4D"]), ("b21", "p21", ["2S"]), ("b20", "p20", ["10H"])]
    assert offered(s) == ["pair", "turn"]
    step(s, "pair")             # the one pair (lower card first) and then the one move, the turn: unasked
    assert offered(s) == ["pair", "turn"]
    step(s, "pair")
    gone = [c for _, _, t, _, c in moves(s.events()) if t == "gone"]
    assert gone == [["KC"], ["6C"], ["7C"], ["5D"], ["8C"], ["AH"], ["QH"], ["4D"], ["9H"], ["4H"], ["9S"]]
    assert not s.is_terminal()


# position n's two covering positions: row r (1..7) starts at r(r-1)/2 + 1; its i-th card is covered by
# the i-th and (i+1)-th of row r + 1
def _covers() -> dict[int, tuple[int, int]]:
    out, pos = {}, 1
    for row in range(1, 7):
        for i in range(row):
            below = row * (row + 1) // 2 + 1 + i
            out[pos] = (below, below + 1)
            pos += 1
    return out


@pytest.mark.parametrize("passes", [1, 2])
def test_pyramid_referee(passes):
    """From random games' logs: two cards removed together add up to 13 and one removed alone is a king,
    each the top of a free position or of the waste; a covered card is freed exactly when both cards on
    it are gone; the stock is gone through `passes` times at most; the score is the cards left in the
    pyramid and the game is won when it is cleared."""
    covers = _covers()
    value = {r: i + 1 for i, r in enumerate(["A"] + RANKS[:-1])}   # A 1 .. K 13
    turned_over = 0
    for seed in range(4):
        r = play(load("pyramid", {"passes": str(passes)}), seed=seed, check=True, bots=["smart"])
        assert r.outcome == "finished"
        zones: dict[str, list[str]] = {}
        removed: list[str] = []
        turns_over = 0
        zones["stock"] = list(next(e for e in r.events if e["event"] == "deal")["rest"])
        for e in r.events:
            if e["event"] == "decision":                    # between moves: every card uncovered is free
                assert not any(zones.get(f"b{n}") and not any(zones.get(f"{z}{k}") for k in ks for z in "bp")
                               for n, ks in covers.items())
            if e["event"] != "move":
                continue
            f, t, cards = e["from"], e["to"], e["cards"]
            src = zones.setdefault(f, [])
            zones.setdefault(t, [])
            if f == "waste" and t == "stock":
                turns_over += 1
                turned_over += 1
                assert not zones["stock"] and turns_over <= passes - 1
            for c in cards:
                assert src[-1 if f != "stock" else 0] == c
                src.remove(c)
                zones[t].append(c) if t != "stock" else zones[t].insert(0, c)
            if t == "gone":
                assert f == "waste" or f.startswith("p")
                removed.extend(cards)
                if len(removed) == 2 or (len(removed) == 1 and rank(removed[0]) == "K"):
                    assert sum(value[rank(c)] for c in removed) == 13
                    removed = []
            elif f.startswith("b"):
                n = int(f[1:])
                assert all(not zones.get(f"b{k}") and not zones.get(f"p{k}") for k in covers[n])
        assert removed == []
        left = sum(len(v) for k, v in zones.items() if k[0] in "bp" and k[1:].isdigit())
        assert r.scores == [left] and r.winners == ([0] if left == 0 else [])
    assert passes == 1 or turned_over > 0


# ----------------------------------------------------------------------------------------- Five Card Draw

def poker_rank(hand: list[str]) -> tuple:
    """The usual ranking of a five-card poker hand, as a tuple to compare (an ace high or low in a straight)."""
    values = sorted((VALUE[rank(c)] for c in hand), reverse=True)
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    flush = len({c[-1] for c in hand}) == 1
    straight = len(counts) == 5 and (values[0] - values[4] == 4 or values == [14, 5, 4, 3, 2])
    top = 5 if values == [14, 5, 4, 3, 2] else values[0]
    if straight and flush:
        return (8, top)
    if shape == [4, 1]:
        return (7, *[v for v, _ in groups])
    if shape == [3, 2]:
        return (6, *[v for v, _ in groups])
    if flush:
        return (5, *values)
    if straight:
        return (4, top)
    return ({(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0), *[v for v, _ in groups])


# Three players, seat 2 deals; antes of 1. Before the draw (bets of 2): nobody has bet, so seat 0 may
# check or bet but not fold; it checks, seat 1 bets (3 in), seat 2 calls, seat 0 calls. The draw, from the
# dealer's left: seat 0 discards 2C 7D 9H and may discard a fourth card while it keeps an ace: JS, not
# AS; four discarded, it shows the AS kept and is dealt AD AC 5H 5C (aces full). Seat 1, without an ace,
# may discard three only: 3C 4H 8S, dealt KC KH 2S (three kings). Seat 2 discards 9C, dealt 6D: 2D-6D, a straight flush.
# After the draw (bets of 4): seat 0 bets (7 in), seat 1 folds, seat 2 raises (11 in), seat 0 calls. The
# straight flush beats the full house: the pot of 3 + 11 + 11 = 25 goes to seat 2, which scores
# 25 - 11 = 14; seat 0 -11, seat 1 -3.
def test_five_card_draw_the_draw_limit_betting_and_showdown():
    deal = Deal([["AS", "2C", "7D", "9H", "JS"], ["3C", "4H", "8S", "JD", "KD"], ["2D", "3D", "4D", "5D", "9C"]],
                rest=["AD", "AC", "5H", "5C", "KC", "KH", "2S", "6D", "7C", "8C"], dealer=2)
    s = state_of("five-card-draw", deal, 3)
    seen = step(s, "call", "raise", "call", "call")
    assert seen[0] == (0, ["call", "raise"]) and seen[2] == (2, ["call", "fold", "raise"])
    seen = step(s, "2C", "7D", "9H")
    assert seen[0] == (0, ["2C", "7D", "9H", "AS", "JS", "draw: done"])
    assert offered(s) == ["JS", "draw: done"]                 # a fourth card only while an ace stays
    step(s, "JS")
    assert [e["cards"] for e in s.events() if e["event"] == "reveal"] == [["AS"]]
    seen = step(s, "3C", "4H", "8S")
    assert seen[1] == (1, ["4H", "8S", "JD", "KD", "draw: done"])
    assert s.current_player() == 2                            # no fourth without an ace: seat 1 was dealt 3
    step(s, "9C", "draw: done")
    assert [c for f, _, t, _, c in moves(s.events()) if t == "discards"] == [["2C", "7D", "9H", "JS"],
                                                                           ["3C", "4H", "8S"], ["9C"]]
    got = [(ts, c) for f, _, t, ts, c in moves(s.events()) if f == "deck"]
    assert got == [(0, ["AD", "AC", "5H", "5C"]), (1, ["KC", "KH", "2S"]), (2, ["6D"])]
    step(s, "raise", "fold", "raise", "call")
    assert s.is_terminal()
    assert s.result().scores == [-11, -3, 14] and s.result().winners == [2]


# Three players, seat 2 deals. Seat 0 checks, seat 1 bets (3 in), seat 2 folds (1 in), seat 0 calls;
# both stand pat and check after the draw. A-K-Q-J-9 against A-K-Q-J-9 (no flush): equal hands share the
# pot of 7; the odd chip goes to the first from the dealer's left, seat 0: 4 - 3 = 1, seat 1 3 - 3 = 0.
def test_five_card_draw_equal_hands_split_the_pot_odd_chip_to_the_dealers_left():
    deal = Deal([["AS", "KS", "QH", "JH", "9C"], ["AD", "KD", "QC", "JC", "9H"], ["2C", "3C", "4D", "5S", "7H"]],
                rest=["8C", "8D"], dealer=2)
    s = state_of("five-card-draw", deal, 3)
    step(s, "call", "raise", "fold", "call", "draw: done", "draw: done", "call", "call")
    assert s.is_terminal() and s.result().scores == [1, 0, -1] and s.result().winners == [0]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_five_card_draw_referee(players):
    """From random games' logs: antes of 1; in a betting round each player still in acts in turn from the
    dealer's left, putting in as much as the most anyone has put in (a check or a call) or that plus the
    round's bet (2 before the draw, 4 after it), at most four bets a round, folding only when behind; a
    round ends once everyone still in has acted and put in the same; each player still in discards at most
    three cards (four when an ace stays, and it is shown) and is dealt as many; the pot goes to the last player in or is
    split among the best poker hands at the showdown (odd chips from the dealer's left); each score is the
    chips won less those put in."""
    rules = load("five-card-draw", None, players)
    showdowns = 0
    for seed in range(6):
        r = play(rules, seed=seed, check=True)
        assert r.outcome == "finished"
        deal = next(e for e in r.events if e["event"] == "deal")
        dealer, hands = deal["dealer"], [list(h) for h in deal["hands"]]
        order = [(dealer + k) % players for k in range(1, players + 1)]    # from the dealer's left
        put, live, stage = [0] * players, set(range(players)), "ante"
        nxt, bets, acted, discarded, shown, drawers, draw_order = None, 0, 0, 0, 0, [], []

        def turn(seat: int) -> None:
            nonlocal nxt
            assert seat == nxt, (seat, nxt)
            i = order.index(seat)
            nxt = next((x for x in order[i + 1:] + order[:i + 1] if x in live and x != seat), seat)

        for e in r.events:
            if e["event"] == "set" and e["name"] == "put":
                seat, value = e["seat"], e["value"]
                if stage == "ante":                             # every player antes, then the first round
                    assert value == 1 and put[seat] == 0
                    put[seat] = value
                    if all(put):
                        stage, nxt = "bet1", order[0]
                    continue
                turn(seat)
                stake = max(put)
                size = 2 if stage == "bet1" else 4
                assert value in (stake, stake + size)
                if value > stake:
                    bets, acted = bets + 1, 1
                    assert bets <= 4
                else:
                    acted += 1
                put[seat] = value
            elif e["event"] == "set" and e["name"] == "stage":
                if stage in ("bet1", "bet2"):                   # a betting round is over
                    assert len({put[x] for x in live}) == 1 and acted >= len(live) - (bets > 0)
                stage, bets, acted = e["value"], 0, 0
                if stage == "draw":
                    draw_order = [x for x in order if x in live]
                nxt = next(x for x in order if x in live)
            elif e["event"] == "move" and e["from"] == "hand" and e["to"] == "muck":      # a fold
                seat = e["from_seat"]
                turn(seat)
                assert stage in ("bet1", "bet2") and put[seat] < max(put)
                live.discard(seat)
                hands[seat] = []
            elif e["event"] == "move" and e["to"] == "discards":
                seat = e["from_seat"]
                assert seat == nxt and stage == "draw"
                for c in e["cards"]:
                    hands[seat].remove(c)
                discarded = len(e["cards"])
                assert discarded <= 3 or (discarded == 4 and rank(hands[seat][0]) == "A")
            elif e["event"] == "reveal" and stage == "draw":        # the ace kept to draw four, shown
                assert discarded == 4 and e["cards"] == hands[nxt]
                shown += 1
            elif e["event"] == "move" and e["from"] == "deck":
                assert e["to_seat"] == nxt and len(e["cards"]) == discarded
                hands[nxt] += e["cards"]
            elif e["event"] == "set" and e["name"] == "drawn" and e["value"] > 0:   # a player has drawn
                assert (discarded == 4) == (shown == 1)
                drawers.append(nxt)
                turn(nxt)
                discarded = shown = 0
        pot = sum(put)
        if len(live) > 1:
            showdowns += 1
            assert drawers == draw_order
            best = max(poker_rank(hands[x]) for x in live)
            top = [x for x in order if x in live and poker_rank(hands[x]) == best]
            won = {x: pot // len(top) + (1 if i < pot % len(top) else 0) for i, x in enumerate(top)}
        else:
            won = {next(iter(live)): pot}
        assert r.scores == [won.get(x, 0) - put[x] for x in range(players)]
        assert r.winners == [x for x in range(players) if r.scores[x] == max(r.scores)]
    assert showdowns >= 3

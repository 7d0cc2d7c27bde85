"""Limit Texas Hold'em (rulesets/limit-holdem.yaml: a `turns` phase, chips as counters, the showdown by the
file's `hand-ranking:`) against OpenSpiel's `universal_poker` with limit betting: random games with the same
cards dealt in both, the same legal actions at every decision and the same returns, heads-up and three-handed.
And the hand ranking (compiler/ranking.py) against a brute force written here from the usual poker
ranking, on random seven-card sets, with hand-checked hands."""
from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path

import pytest

import ruleplay
from ruleplay.engine.run import Deal

ROOT = Path(__file__).resolve().parent.parent
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "CDHS"                  # OpenSpiel's c, d, h, s
NAMES = {0: "fold", 1: "call", 2: "raise"}


def card(c: int) -> str:
    """OpenSpiel's card c (rank c // 4 from the deuce, suit c % 4) as a ruleplay card name."""
    return RANKS[c // 4] + SUITS[c % 4]


def spiel_game(players: int):
    """universal_poker with the ruleset's defaults: blinds 1 and 2 (heads-up the dealer, the last seat, posts
    the small blind and acts first before the flop), raises of 2, 2, 4, 4, at most 3, 4, 4, 4 raises a
    round (four bets), stacks too deep to matter."""
    pyspiel = pytest.importorskip("pyspiel")
    blind = "2 1" if players == 2 else " ".join(["1", "2"] + ["0"] * (players - 2))
    first = "2 1 1 1" if players == 2 else "3 1 1 1" if players == 3 else f"3 1 1 1"
    return pyspiel.load_game(
        f"universal_poker(betting=limit,numPlayers={players},numRounds=4,blind={blind},firstPlayer={first},"
        f"numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,raiseSize=2 2 4 4,maxRaises=3 4 4 4,"
        f"stack={' '.join(['20000'] * players)})")


def expected_scores(theirs: list[float]) -> list[int]:
    """OpenSpiel splits a pot into fractions; the ruleset gives whole chips, an odd chip to the first of the
    best hands from the dealer's left (seat 0: the dealer is the last seat)."""
    split = [s for s, v in enumerate(theirs) if v != int(v)]
    out = [int(v) for v in theirs]
    if not split:
        return out
    for s in split:
        out[s] = int(theirs[s] // 1)
    odd = round(sum(theirs[s] - out[s] for s in split))
    for s in split[:odd]:
        out[s] += 1
    return out


@pytest.mark.parametrize("players, games", [(2, 150), (3, 100)])
def test_random_games_bet_and_pay_as_openspiel(players, games):
    game = ruleplay.load_game("limit-holdem", players=players)
    spiel = spiel_game(players)
    rng = random.Random(7 + players)
    showdowns = splits = odd = raises_capped = 0
    for _ in range(games):
        order = list(range(52))
        rng.shuffle(order)
        rigged = rng.random() < 0.3
        if rigged:                     # a board that plays for everyone (A K Q J 10, no flush): a split pot
            board = [51, 45, 42, 36, 35]
            low = rng.sample(range(28), 2 * players)          # hole cards from the 2 to the 8
            order = low + board + [c for c in order if c not in low and c not in board]
        hands = [[card(order[2 * p]), card(order[2 * p + 1])] for p in range(players)]
        rest = [card(c) for c in order[2 * players:]]
        ours = game.new_initial_state(seed=1, deal=Deal(hands, rest=rest, dealer=players - 1))
        theirs = spiel.new_initial_state()
        dealt = iter(order)
        passive = rng.random() < 0.5            # half the games rarely fold, so many reach the showdown
        sb, sb_folds = (1 if players == 2 else 0), rigged and players > 2 and rng.random() < 0.5
        while not theirs.is_terminal():
            if theirs.is_chance_node():
                theirs.apply_action(next(dealt))
                continue
            assert not ours.is_terminal() and ours.current_player() == theirs.current_player()
            labels = {ours.action_to_string(x): x for x in ours.legal_actions()}
            legal = theirs.legal_actions()
            assert sorted(labels) == sorted(NAMES[x] for x in legal)
            if 2 in legal or 0 in legal:
                raises_capped += 2 not in legal
            weights = [0.05 if x == 0 and (passive or rigged) else 1.0 for x in legal]
            x = rng.choices(legal, weights)[0]
            if sb_folds and theirs.current_player() == sb:   # the small blind folds its odd chip at once
                x, sb_folds = 0, False
            theirs.apply_action(x)
            ours.apply_action(labels[NAMES[x]])
        assert ours.is_terminal()
        want = expected_scores(list(theirs.returns()))
        shown = any(e.get("event") == "reveal" for e in ours.events())
        showdowns += shown
        splits += rigged and shown
        odd += want != [int(v) for v in theirs.returns()]
        assert ours.result().scores == want, (hands, rest[:5], theirs.history_str())
    assert showdowns > games // 4 and raises_capped > 0
    assert splits > games // 20
    if players == 3:
        assert odd > 0                 # pots split with an odd chip: the small blind folded its 1


# ------------------------------------------------------------------ the hand ranking, by brute force

def brute(cards: list[str]) -> tuple:
    """The best five of `cards` by the usual ranking, as (category from 8 = straight flush down to 0, tie-break
    ranks), trying every five-card subset: written from the rules, not from the ranking's code."""
    best = None
    for five in itertools.combinations(cards, 5):
        vals = sorted((RANKS.index(c[:-1]) + 2 for c in five), reverse=True)
        flush = len({c[-1] for c in five}) == 1
        distinct = sorted(set(vals), reverse=True)
        straight_top = None
        if len(distinct) == 5 and vals[0] - vals[4] == 4:
            straight_top = vals[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_top = 5
        counts = Counter(vals)
        shape = sorted(((n, v) for v, n in counts.items()), reverse=True)   # (count, rank), biggest first
        by_groups = [v for n, v in shape]
        if straight_top and flush:
            key = (8, [straight_top])
        elif shape[0][0] == 4:
            key = (7, by_groups)
        elif shape[0][0] == 3 and shape[1][0] == 2:
            key = (6, by_groups)
        elif flush:
            key = (5, vals)
        elif straight_top:
            key = (4, [straight_top])
        elif shape[0][0] == 3:
            key = (3, by_groups)
        elif shape[0][0] == 2 and shape[1][0] == 2:
            key = (2, by_groups)
        elif shape[0][0] == 2:
            key = (1, by_groups)
        else:
            key = (0, vals)
        key = (key[0], tuple(key[1]))
        if best is None or key > best:
            best = key
    return best


CATEGORY = ["high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house",
            "four-of-a-kind", "straight-flush"]


@pytest.fixture(scope="module")
def ranking():
    rules = ruleplay.load_game("limit-holdem").rules
    index = {n: i for i, n in enumerate(rules.deck.names)}
    return rules.ranking, index


def test_best_hand_of_seven_agrees_with_brute_force(ranking):
    rank, index = ranking
    deck = [r + s for r in RANKS for s in SUITS]
    rng = random.Random(3)
    hands = [rng.sample(deck, 7) for _ in range(1500)]
    # and hands rich in flushes and straights, which random sets rarely are
    hands += [rng.sample([r + s for r in RANKS for s in "HS"], 7) for _ in range(300)]
    hands += [rng.sample([r + s for r in RANKS[:6] + ["A"] for s in SUITS], 7) for _ in range(300)]
    scored = [(brute(h), rank.best([index[c] for c in h])) for h in hands]
    for h, (want, (score, cat)) in zip(hands, scored):
        assert CATEGORY[want[0]] == rank.categories[cat].name, h
    # one order: the brute force's keys and the scores sort the hands alike, ties included
    keys = sorted(set(w for w, _ in scored))
    by_key: dict = {}
    for want, (score, _) in scored:
        by_key.setdefault(want, set()).add(score)
    assert all(len(v) == 1 for v in by_key.values())
    assert [next(iter(by_key[k])) for k in keys] == sorted(next(iter(by_key[k])) for k in keys)
    assert len(keys) == len({s for _, (s, _) in scored})


def score(ranking, *cards: str) -> tuple[int, str]:
    rank, index = ranking
    s, cat = rank.best([index[c] for c in cards])
    return s, rank.categories[cat].name


def test_hand_checked_hands(ranking):
    wheel = score(ranking, "AS", "2D", "3C", "4H", "5S", "9D", "JC")
    six_high = score(ranking, "2D", "3C", "4H", "5S", "6S", "9D", "JC")
    assert wheel[1] == six_high[1] == "straight" and wheel[0] < six_high[0]      # the wheel is the lowest
    ace_high = score(ranking, "AS", "KD", "QC", "JH", "10S", "2D", "3C")
    assert ace_high[1] == "straight" and ace_high[0] > six_high[0]
    assert score(ranking, "QS", "KS", "AS", "2S", "3D", "4C", "9H")[1] == "high-card"   # no wrapping round
    steel = score(ranking, "AH", "2H", "3H", "4H", "5H", "KD", "KC")
    assert steel[1] == "straight-flush"
    flush = score(ranking, "2H", "7H", "9H", "JH", "KH", "QD", "10C")          # a flush beats the straight in it
    assert flush[1] == "flush" and flush[0] > ace_high[0]
    # two pair: the third pair does not play, the kicker does
    a = score(ranking, "KS", "KD", "8C", "8H", "4S", "4D", "QC")
    b = score(ranking, "KH", "KC", "8S", "8D", "5S", "5D", "JC")
    assert a[1] == b[1] == "two-pair" and a[0] > b[0]
    c = score(ranking, "KH", "KC", "8S", "8D", "5S", "5D", "QH")
    assert c[0] == a[0]                                                         # a split pot
    # full house: the higher three, of two threes
    fh = score(ranking, "9S", "9D", "9C", "4H", "4S", "4D", "2C")
    assert fh[1] == "full-house" and fh == score(ranking, "9H", "9D", "9C", "4H", "4S", "2D", "2C")
    assert score(ranking, "QS", "QD", "JC", "JH", "7S", "7D", "7C")[1] == "full-house"
    assert score(ranking, "5S", "5D", "5C", "5H", "KS", "QD", "2C")[0] > fh[0]
    # fewer than five cards: only what they make
    assert score(ranking, "AS", "AD")[1] == "pair" and score(ranking, "AS", "KD")[1] == "high-card"


def test_showdown_split_and_odd_chip():
    """Three players: the board plays for two of them (a split pot), the small blind folded its 1 chip, so
    the pot is odd: the first of the two from the dealer's left (seat 1) gets the odd chip."""
    game = ruleplay.load_game("limit-holdem", players=3)
    board = ["AS", "KS", "QD", "JC", "10H"]                   # a straight on the board
    state = game.new_initial_state(seed=1, deal=Deal([["2C", "3D"], ["4C", "5D"], ["6C", "7D"]],
                                                     rest=board + ["9C", "8C"], dealer=2))
    moves = ["call", "fold", "call"] + ["call", "call"] * 3   # seat 2 calls, seat 0 folds, seat 1 checks, ...
    for m in moves:
        if state.is_terminal():
            break
        labels = {state.action_to_string(x): x for x in state.legal_actions()}
        state.apply_action(labels[m])
    assert state.is_terminal()
    assert state.result().scores == [-1, 1, 0]                # pot 5: seat 1 gets 3, seat 2 gets 2


# ------------------------------------------------------------------ a referee of random games' logs

def referee(events: list[dict]) -> None:
    """Re-derive one hand from its log by the rules as a card room states them: who acts, what they may
    do, when the board comes, and what each player wins, with the brute-force ranking above."""
    start = events[0]
    n, opts = start["players"], start["options"]
    deal = next(e for e in events if e["event"] == "deal")
    hands, rest, dealer = deal["hands"], deal["rest"], deal["dealer"]
    assert dealer == n - 1
    sb = dealer if n == 2 else (dealer + 1) % n
    bb = (sb + 1) % n
    put = [0] * n
    put[sb], put[bb] = opts["small-blind"], opts["big-blind"]
    live = [True] * n
    board: list[str] = []
    rnd, bets, acted = 1, 1, [False] * n
    turn = (bb + 1) % n
    decisions = [e for e in events if e["event"] == "decision"]
    moves_to_board = [e["cards"] for e in events if e["event"] == "move" and e.get("to") == "board"]
    for d in decisions:
        assert d["seat"] == turn, (d, turn)
        stake = max(put)
        may = {"call"} | ({"fold"} if put[turn] < stake else set()) | ({"raise"} if bets < opts["cap"] else set())
        assert d["label"] in may, (d, may)
        if d["label"] == "fold":
            live[turn] = False
        elif d["label"] == "call":
            put[turn] = stake
        else:
            put[turn] = stake + (opts["small-bet"] if rnd <= 2 else opts["big-bet"])
            bets += 1
            acted = [False] * n
        acted[turn] = True
        if sum(live) == 1:
            break
        if all(acted[s] and put[s] == max(put) for s in range(n) if live[s]):
            if rnd == 4:
                rnd = 5
                break
            board += rest[len(board):len(board) + (3 if rnd == 1 else 1)]
            rnd, bets, acted = rnd + 1, 0, [False] * n
            turn = next(s % n for s in range(dealer + 1, dealer + 1 + n) if live[s % n])
        else:
            turn = next(s % n for s in range(turn + 1, turn + 1 + n) if live[s % n])
    assert decisions[-1] is d
    assert [c for cards in moves_to_board for c in cards] == board
    pot = sum(put)
    if rnd == 5:
        strength = {s: brute(hands[s] + board) for s in range(n) if live[s]}
        top = max(strength.values())
        winners = [s for s in range(n) if live[s] and strength[s] == top]   # seat 0 is left of the dealer
    else:
        winners = [live.index(True)]
    won = [0] * n
    for k, s in enumerate(winners):
        won[s] = pot // len(winners) + (1 if k < pot % len(winners) else 0)
    assert events[-1]["scores"] == [won[s] - put[s] for s in range(n)]


@pytest.mark.parametrize("players", [2, 3, 6])
def test_referee_rederives_random_games(players):
    game = ruleplay.load_game("limit-holdem", players=players)
    rng = random.Random(players)
    for seed in range(60):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            names = [state.action_to_string(x) for x in legal]
            weights = [0.1 if nm == "fold" else 1.0 for nm in names]
            state.apply_action(rng.choices(legal, weights)[0])
        referee(state.events())


def test_bad_rankings_are_placed_errors(tmp_path, capsys):
    """A ranking that cannot be is refused at its key with a hint, never run."""
    from ruleplay.tools.cli import main
    src = (ROOT / "rulesets" / "limit-holdem.yaml").read_text()
    cases = {
        "    - {name: full-house, groups: [3, 2]}": ("    - {name: full-house, groups: [3, 3]}",
                                                   "[hand-ranking.categories[2].groups]: these groups hold 6 cards"),
        "    - {name: straight, run: 5}": ("    - {name: straight, run: 5, groups: [2]}",
                                          "a pattern has groups of equal ranks or a run, not both"),
        "  size: 5 ": ("  size: 7 ", "[hand-ranking.size]: scores of 7-card hands over 13 ranks"),
        "    - {name: pair, groups: [2]}": ("    - {name: pair, group: [2]}", "did you mean 'groups'?"),
    }
    for old, (new, message) in cases.items():
        f = tmp_path / "bad.yaml"
        f.write_text(src.replace(old, new))
        assert main(["validate", str(f)]) == 1
        out = capsys.readouterr()
        assert f"{f}:" in out.err + out.out and message in out.err + out.out, out
    f.write_text(src.replace(src[src.index("hand-ranking:"):src.index("counters:")], ""))
    assert main(["validate", str(f)]) == 1
    assert "best-hand needs a ranking of hands" in capsys.readouterr().err


# ------------------------------------------------------------------ any ranking: matching on all the cards = the best subset

def subset_best(cards: list[tuple[int, int]], cats, size: int, ace_low: bool, ranks: int) -> tuple:
    """The best hand by trying every subset of `size` cards (value, suit) and, in each, every way the
    pattern could be laid out: the meaning docs/hand-ranking.md gives, written without the ranking's code."""
    def tie(sub, cat):
        vals = sorted((v for v, _ in sub), reverse=True)
        if cat.same_suit and (len(sub) < size or len({s for _, s in sub}) != 1):
            return None
        got = []
        if cat.groups:
            count = Counter(vals)
            for pick in itertools.permutations(sorted(count), len(cat.groups)):
                if all(count[r] >= g for r, g in zip(pick, cat.groups)):
                    rest = list(vals)
                    for r, g in zip(pick, cat.groups):
                        for _ in range(g):
                            rest.remove(r)
                    laid = [r for g, r in sorted(zip(cat.groups, pick), key=lambda p: (-p[0], -p[1]))]
                    got.append(laid + rest[:size - sum(cat.groups)])
        elif cat.run:
            tops = [(t, list(range(t - cat.run + 1, t + 1))) for t in range(cat.run, ranks + 1)]
            if ace_low:
                tops.append((cat.run - 1, [ranks] + list(range(1, cat.run))))
            for t, need in tops:
                if all(v in vals for v in need):
                    rest = list(vals)
                    for v in need:
                        rest.remove(v)
                    got.append([t] + rest[:size - cat.run])
        else:
            got.append(vals[:size])
        return max(got) if got else None
    best = (0, [])
    for sub in (itertools.combinations(cards, size) if len(cards) >= size else [cards]):
        for i, cat in enumerate(cats):
            t = tie(sub, cat)
            if t is not None:
                best = max(best, (len(cats) - i, t))
                break
    return best


def test_any_ranking_matches_the_best_subset():
    from ruleplay.compiler.ranking import Category, Ranking
    rng = random.Random(5)
    pool = [dict(groups=(2,)), dict(groups=(2, 2)), dict(groups=(3,)), dict(groups=(3, 2)), dict(groups=(4,)),
            dict(groups=(2, 2, 2)), dict(run=3), dict(run=4), dict(run=5), dict(same_suit=True),
            dict(run=3, same_suit=True), dict(run=5, same_suit=True), dict(groups=(2,), same_suit=True), dict()]
    for trial in range(40):
        size, ranks, suits, copies = rng.randint(3, 6), rng.randint(5, 9), rng.randint(1, 4), rng.randint(1, 2)
        fits = [p for p in pool if sum(p.get("groups", ())) + p.get("run", 0) <= size
                and not (p.get("same_suit") and p.get("groups") and copies < max(p["groups"]))]
        cats = [Category(f"c{i}", **p) for i, p in enumerate(rng.sample(fits, min(len(fits), rng.randint(2, 6))))]
        deck = [(v, s) for _ in range(copies) for s in range(suits) for v in range(1, ranks + 1)]
        ace_low = rng.random() < 0.5
        ranking = Ranking(size, cats, [v for v, _ in deck], [s for _, s in deck], ranks, ace_low)
        for _ in range(40):
            ids = rng.sample(range(len(deck)), min(len(deck), rng.randint(1, 9)))
            want = subset_best([deck[c] for c in ids], cats, size, ace_low, ranks)
            got, _ = ranking.best(ids)
            enc = want[0]
            for k in range(size):
                enc = enc * (ranks + 1) + (want[1][k] if k < len(want[1]) else 0)
            assert got == (enc if want[0] else 0), (trial, cats, [deck[c] for c in ids], want)

"""Oh Hell against OpenSpiel's `oh_hell` (open_spiel 2.0.2), bid for bid and card for card.

Skipped unless `pyspiel` is installed (`pip install -e '.[test,openspiel]'`).

Issue 7 item 8: our Oh Hell with

    --set hand-sizes=[N] --set no-exact-total=true --set no-trump-hands=never --set miss-scores-tricks=true

is OpenSpiel's `oh_hell` with players=P, num_tricks_fixed=N and the default
scoring (off_bid_penalty=False, points_per_trick=1, made-bid bonus 10), for
every P in 3..7 and every N from 1 to OpenSpiel's maximum (52 - 1) // P
(3: 17, 4: 12, 5: 10, 6: 8, 7: 7):

  * seeded random deals, dealers and trump cards, played by both engines with
    the same `lowest`/`highest` bot per seat: the bids, the trump card, every
    card played, every trick winner, the tricks won and the scores agree;
  * seeded games of ours with `random` bots are replayed in OpenSpiel: every
    bid and card must be legal there, and at each decision OpenSpiel offers
    exactly the bids / cards our engine offered (the legal sets agree, so the
    `no-exact-total` restriction and follow-suit are the same rule, not only
    their lowest and highest choices), with the same trick winners and scores.

The mapping (OpenSpiel -> ours):

    players=P                    -> --players P
    num_tricks_fixed=N           -> hand-sizes=[N] (one hand of N cards)
    chance: dealer d             -> Deal(dealer=d)
    chance: the deal             -> Deal(hands): OpenSpiel deals card i of the
                                    deal to player i % P from player 0 whatever
                                    the dealer (its comment says so), so we feed
                                    it hands[0][0], hands[1][0], ..., hands[P-1][N-1]
    chance: the trump card       -> Deal(rest)[0], the card turned up
    (always a trump)             -> no-trump-hands=never
    last bidder's restriction    -> no-exact-total (the dealer bids last)
    score tricks + 10 if exact   -> miss-scores-tricks (exact 10 + tricks,
                                    a miss 1 per trick)

Conventions:
  * Seats: OpenSpiel's players 0..P-1 are our seats 0..P-1; both bid and play
    to the next higher player (our `clockwise`), both start the bidding and
    the first trick at dealer + 1, and the winner of a trick leads the next.
  * Cards: OpenSpiel writes suit then rank with T for ten ('HT' is our '10H');
    the action of each card is read from `action_to_string`, not assumed.
    Its internal suit order (C, D, S, H) does not matter: both sides pick
    from the legal set with our canonical key (C<D<H<S, then 2..A).
  * Bids: OpenSpiel's bid action is NumCards + bid.
  * OpenSpiel reports the leader of each next trick (its current player); the
    winner of the last trick is taken from the trick itself (highest trump,
    else highest card of the suit led).

Not covered, on purpose (OpenSpiel has no counterpart): schedules of several
hands (OpenSpiel plays one hand), hands without trump (OpenSpiel always turns
a card, so it never deals the whole deck: P x N <= 51; with 4 players our
13-card hand has no trump card and is out of its range), `off_bid_penalty`
and `points_per_trick` other than 1 (not options of ours), and our other
variants (la-podrida, simultaneous-bidding, zero-bid-five-plus-hand).
"""
import random
from functools import lru_cache

import pytest

pyspiel = pytest.importorskip("pyspiel")

from conftest import play_stepped  # noqa: E402
from ruleplay.engine.run import Deal  # noqa: E402
from ruleplay.agents import play
from ruleplay.pipeline import load  # noqa: E402

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "CDHS"
DECK = [r + s for s in SUITS for r in RANKS]
NUM_CARDS = 52

SETS = {"no-exact-total": "true", "no-trump-hands": "never", "miss-scores-tricks": "true"}


def key(card):
    """Our canonical order: suit C<D<H<S, then rank 2..A."""
    return SUITS.index(card[-1]), RANKS.index(card[:-1])


def max_tricks(players):
    """OpenSpiel's MaxNumTricks: the deal leaves at least one card to turn up for trump."""
    return (NUM_CARDS - 1) // players


def _card_actions():
    st = pyspiel.load_game("oh_hell", {"players": 3, "num_tricks_fixed": 1}).new_initial_state()
    st.apply_action(1)      # the number of tricks
    st.apply_action(0)      # the dealer
    to_ours = {}
    for a, _ in st.chance_outcomes():
        s = st.action_to_string(a)
        to_ours[a] = ("10" if s[1] == "T" else s[1]) + s[0]
    assert sorted(to_ours.values()) == sorted(DECK)
    return to_ours, {c: a for a, c in to_ours.items()}


CARD_OF, ACTION_OF = _card_actions()


def pick(kind, legal, k=key):
    return (max if kind == "highest" else min)(legal, key=k)


def trick_winner(cards, trump):
    led = cards[0][1][-1]
    suit = trump if any(c[-1] == trump for _, c in cards) else led
    return max((sc for sc in cards if sc[1][-1] == suit), key=lambda sc: key(sc[1]))[0]


# --------------------------------------------------------------------------- the games

def sizes(players):
    """Every hand size OpenSpiel allows: 1 up to its maximum (P=3: 17 cards each, beyond our schedule's 15)."""
    return list(range(1, max_tricks(players) + 1))


def random_deal(rng, players, n):
    cards = list(DECK)
    rng.shuffle(cards)
    hands = [cards[p * n:(p + 1) * n] for p in range(players)]
    return hands, cards[players * n:], rng.randrange(players)      # rest[0] is turned up for trump


def bot_sets(rng, players):
    return [("lowest",) * players, ("highest",) * players,
            tuple(rng.choice(["lowest", "highest"]) for _ in range(players))]


DEALS_PER_SIZE = 10
GAMES = []                  # (players, n, deal number, hands, rest, dealer, bots)
for _p in range(3, 8):
    for _n in sizes(_p):
        _rng = random.Random(f"oh-hell {_p} {_n}")
        for _i in range(DEALS_PER_SIZE):
            _hands, _rest, _dealer = random_deal(_rng, _p, _n)
            for _b in bot_sets(_rng, _p):
                GAMES.append((_p, _n, _i, _hands, _rest, _dealer, _b))


# --------------------------------------------------------------------------- the two engines

def openspiel_start(players, n, hands, trump_card, dealer):
    st = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": n}).new_initial_state()
    assert st.chance_outcomes() == [(n, 1.0)]
    st.apply_action(n)
    assert dealer in [a for a, _ in st.chance_outcomes()]
    st.apply_action(dealer)
    for i in range(n):
        for p in range(players):
            assert st.is_chance_node()
            st.apply_action(ACTION_OF[hands[p][i]])
    assert st.is_chance_node()
    st.apply_action(ACTION_OF[trump_card])
    assert not st.is_chance_node()
    return st


def openspiel_hand(players, n, hands, rest, dealer, bots):
    """Drive OpenSpiel's oh_hell with this deal, dealer and trump card; the same bots choose."""
    st = openspiel_start(players, n, hands, rest[0], dealer)
    trump = rest[0][-1]
    bids, diverted = [], False
    for _ in range(players):
        p = st.current_player()
        legal = [a - NUM_CARDS for a in st.legal_actions()]
        bid = pick(bots[p], legal, k=int)
        diverted |= bid != pick(bots[p], range(n + 1), k=int)      # the last bidder's restriction bit
        bids.append([p, bid])
        st.apply_action(bid + NUM_CARDS)
    tricks, cur = [], []
    while not st.is_terminal():
        p = st.current_player()
        card = pick(bots[p], [CARD_OF[a] for a in st.legal_actions()])
        st.apply_action(ACTION_OF[card])
        cur.append([p, card])
        if len(cur) == players:
            winner = trick_winner(cur, trump) if st.is_terminal() else st.current_player()
            assert winner == trick_winner(cur, trump)
            tricks.append({"cards": cur, "winner": winner})
            cur = []
    return {"trump": rest[0], "bids": bids, "tricks": tricks, "diverted": diverted,
            "tricks_won": [sum(t["winner"] == s for t in tricks) for s in range(players)],
            "scores": [int(r) for r in st.returns()]}


@lru_cache(maxsize=None)
def our_rules(players, n):
    return load("oh-hell", dict(SETS, **{"hand-sizes": f"[{n}]"}), players)


def summary(events):
    """One hand: the deal and the fields compared with OpenSpiel."""
    out = {"bids": [], "tricks": []}
    for e in events:
        if e["event"] == "deal":
            out["deal"], out["rest"], out["dealer"] = e["hands"], e["rest"], e["dealer"]
        elif e["event"] == "trump":
            out["trump"] = e["card"]
        elif e["event"] == "bid":
            out["bids"].append([e["seat"], e["bid"]])
        elif e["event"] == "trick":
            out["tricks"].append({"cards": e["cards"], "winner": e["winner"]})
        elif e["event"] == "score":
            out["scores"], out["tricks_won"] = e["scores"], e["tricks_won"]
    return out


def ours_hand(players, n, hands, rest, dealer, bots):
    r = play(our_rules(players, n), deal=Deal([list(h) for h in hands], list(rest), dealer), bots=list(bots))
    assert r.outcome == "finished" and r.hands == 1
    mine = summary(r.events)
    assert r.scores == mine["scores"]
    return mine


def compare(mine, theirs, where):
    assert mine["trump"] == theirs["trump"], where
    assert mine["bids"] == theirs["bids"], where
    for k, (a, b) in enumerate(zip(mine["tricks"], theirs["tricks"]), 1):
        assert a == b, f"{where}: trick {k} differs: ours {a}, OpenSpiel {b}"
    assert len(mine["tricks"]) == len(theirs["tricks"]), where
    assert mine["tricks_won"] == theirs["tricks_won"], where
    assert mine["scores"] == theirs["scores"], where


# --------------------------------------------------------------------------- the cross-checks

@pytest.mark.parametrize("players", range(3, 8))
def test_same_deal_same_game(players):
    games = [g for g in GAMES if g[0] == players]
    assert {g[1] for g in games} >= {1, max_tricks(players)}
    for p, n, i, hands, rest, dealer, bots in games:
        where = f"players={p} N={n} deal={i} dealer={dealer} trump={rest[0]} bots={bots}"
        compare(ours_hand(p, n, hands, rest, dealer, bots), openspiel_hand(p, n, hands, rest, dealer, bots), where)


def test_the_games_exercise_the_rules():
    """The random deals are not blind: the dealer bids last and the restriction changes a bid, exact
    bids and misses both occur, trumps win tricks of another suit, and players fail to follow suit."""
    diverted = exact = missed = trumped = discards = 0
    for p, n, i, hands, rest, dealer, bots in GAMES:
        h = openspiel_hand(p, n, hands, rest, dealer, bots)
        assert [s for s, _ in h["bids"]] == [(dealer + 1 + k) % p for k in range(p)]
        assert h["tricks"][0]["cards"][0][0] == (dealer + 1) % p
        diverted += h["diverted"]
        exact += sum(h["tricks_won"][s] == b for s, b in h["bids"])
        missed += sum(h["tricks_won"][s] != b for s, b in h["bids"])
        trump = rest[0][-1]
        for t in h["tricks"]:
            led = t["cards"][0][1][-1]
            discards += sum(c[-1] != led for _, c in t["cards"])
            trumped += led != trump and t["cards"][[s for s, _ in t["cards"]].index(t["winner"])][1][-1] == trump
    assert min(diverted, exact, missed, trumped, discards) >= 10, (diverted, exact, missed, trumped, discards)
    assert len(GAMES) == 3 * DEALS_PER_SIZE * sum(max_tricks(p) for p in range(3, 8))


# --------------------------------------------------------------------------- random play, legal sets

def replay_in_openspiel(players, n, hand, asked):
    """Replay one of our hands in OpenSpiel: every bid and card must be legal there, and wherever either
    engine offered a choice, OpenSpiel must offer exactly what ours offered. `asked` holds the labels of
    the legal actions our state offered, in order: bids first ("bid 3"), then cards ("QS")."""
    st = openspiel_start(players, n, hand["deal"], hand["rest"][0], hand["dealer"])
    pending = iter(asked)
    for seat, bid in hand["bids"]:
        assert st.current_player() == seat
        legal = sorted(a - NUM_CARDS for a in st.legal_actions())
        assert bid in legal, (seat, bid, legal)
        if len(legal) > 1:
            ours = sorted(int(label.removeprefix("bid ")) for label in next(pending, []))
            assert ours == legal, (seat, "ours offered bids", ours, "OpenSpiel", legal)
        st.apply_action(bid + NUM_CARDS)
    for k, t in enumerate(hand["tricks"], 1):
        for seat, card in t["cards"]:
            assert st.current_player() == seat, (k, seat)
            legal = sorted((CARD_OF[a] for a in st.legal_actions()), key=key)
            assert card in legal, (k, seat, card, legal)
            if len(legal) > 1:
                ours = sorted(next(pending, []), key=key)
                assert ours == legal, (k, seat, "ours offered", ours, "OpenSpiel", legal)
            st.apply_action(ACTION_OF[card])
        if k < n:
            assert st.current_player() == t["winner"], k
    assert next(pending, None) is None, "ours offered a choice where OpenSpiel had one"
    assert st.is_terminal()
    assert hand["scores"] == [int(r) for r in st.returns()]


RANDOM_GAMES = 10           # seeded random games per (players, N)


@pytest.mark.parametrize("players", range(3, 8))
def test_random_play_offers_the_same_choices(players):
    """Our `random` bots play (random deal and dealer); OpenSpiel replays every bid and card and
    must offer the same legal bids and cards."""
    for n in sizes(players):
        rules = our_rules(players, n)
        for seed in range(RANDOM_GAMES):
            events, offered = play_stepped(rules, 1000 * players + 10 * n + seed, ["random"] * players)
            assert events[-1]["outcome"] == "finished"
            replay_in_openspiel(players, n, summary(events), offered)


# --------------------------------------------------------------------------- the command line of issue 7

@pytest.mark.parametrize("players, n, bots", [(5, 10, "highest"), (3, 4, "lowest,highest,lowest")])
def test_the_command_line_of_the_issue(tmp_path, monkeypatch, capsys, players, n, bots):
    """`ruleplay run oh-hell --set hand-sizes=[N] --set no-exact-total=true --set no-trump-hands=never
    --set miss-scores-tricks=true --deal FILE --bots ...` logs the game OpenSpiel plays."""
    import json

    from ruleplay.tools.cli import main

    hands, rest, dealer = random_deal(random.Random(f"cli {players} {n}"), players, n)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deal.json").write_text(json.dumps({"hands": hands, "rest": rest, "dealer": dealer}))
    argv = ["run", "oh-hell", "--players", str(players), "--set", f"hand-sizes=[{n}]",
            "--set", "no-exact-total=true", "--set", "no-trump-hands=never", "--set", "miss-scores-tricks=true",
            "--deal", "deal.json", "--bots", bots, "--log", "game.jsonl", "-q"]
    assert main(argv) == 0
    capsys.readouterr()
    events = [json.loads(x) for x in (tmp_path / "game.jsonl").read_text().splitlines()]
    per_seat = bots.split(",") if "," in bots else [bots] * players
    compare(summary(events), openspiel_hand(players, n, hands, rest, dealer, per_seat), argv)

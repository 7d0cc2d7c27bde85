"""In-Between (rulesets/in-between.yaml) and the table counter it keeps (`counters: {pot: {of: table}}`):
hand-made deals worked out by hand from the rules the file cites, and a referee that re-derives every
ante and payment of seeded random games from their logs alone."""
from __future__ import annotations

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

from conftest import offered, step

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
VALUE = {r: i + 2 for i, r in enumerate(RANKS)}                  # 2 .. 14, aces high


def value(card: str) -> int:
    return VALUE[card[:-1]]


def state_of(deal: Deal, players: int, **options):
    game = ruleplay.load_game("in-between", players=players, options={k: str(v) for k, v in options.items()})
    return game.new_initial_state(seed=1, deal=deal, check=True)


def pot_of(state) -> int:
    return state.table_counters()["pot"]


def no_hands(players: int) -> list[list[str]]:
    return [[] for _ in range(players)]


# Three players, seat 2 deals, antes of 1: the pot is 3 and everyone is 1 down. Seat 0's posts 3C KD (nine
# ranks between): it bets 2, the third card 9H falls between: it takes 2 from the pot (pot 1; seat 0 up 1).
# Seat 1's posts 5S 9D: with 1 in the pot its bet can only be 1, so only the move is asked; the third card
# 5H hits the low post: it pays double, 2 (pot 3; seat 1 down 3). Seat 2's posts 4D 10H: it bets 3, the
# third card JD falls outside: it pays 3 (pot 6; seat 2 down 4). Hand 1 scores [1, -3, -4]; the pot of 6
# stays on the table: the next round starts with it and nobody antes.
def test_a_bet_won_a_post_hit_a_bet_lost_and_the_pot_carried_to_the_next_round():
    deal = Deal(no_hands(3), rest=["3C", "KD", "9H", "5S", "9D", "5H", "4D", "10H", "JD"], dealer=2)
    s = state_of(deal, 3)
    assert pot_of(s) == 3 and s.counters()["won"] == [-1, -1, -1]
    seen = step(s, "bet", "bet: 2")
    assert seen[0] == (0, ["bet", "pass"]) and seen[1] == (0, ["bet: 1", "bet: 2", "bet: 3"])
    assert pot_of(s) == 1 and s.counters()["won"] == [1, -1, -1]
    seen = step(s, "bet")                                       # one chip is all the pot allows: not asked
    assert pot_of(s) == 3 and s.counters()["won"] == [1, -3, -1]
    step(s, "bet", "bet: 3")
    hand1 = [e for e in s.events() if e["event"] == "score"]
    assert hand1[0]["points"] == [1, -3, -4]
    assert pot_of(s) == 6                                       # carried over
    assert s.counters()["won"] == [0, 0, 0]                     # the new round's tally starts afresh
    after = s.events()[s.events().index(hand1[0]):]
    assert not any(e["event"] == "set" and e["name"] == "pot" for e in after)   # no ante: the pot is not empty
    assert any(e["event"] == "deal" for e in after) and s.current_player() == 1  # seat 0 deals, seat 1 starts
    v = s.seat_view(1)
    assert v.public["pot"] == 6 and v.public["won"] == [0, 0, 0]                 # shown on the tables


# Two players, seat 1 deals: the pot is 2. Seat 0's posts 2C AS, it bets the whole pot and 7H falls
# between: the pot is empty, which ends the round and the game at once. Seat 0 +1, seat 1 -1.
def test_taking_the_whole_pot_ends_the_game():
    deal = Deal(no_hands(2), rest=["2C", "AS", "7H", "3D", "4D"], dealer=1)
    s = state_of(deal, 2)
    step(s, "bet", "bet: 2")
    assert s.is_terminal() and pot_of(s) == 0
    assert s.result().scores == [1, -1] and s.result().winners == [0]


# With the house rule, the emptied pot is refilled by everyone's ante at the next round.
def test_with_re_ante_an_empty_pot_is_filled_again():
    deal = Deal(no_hands(2), rest=["2C", "AS", "7H", "3D", "4D"], dealer=1)
    s = state_of(deal, 2, **{"re-ante": "true"})
    step(s, "bet", "bet: 2")
    assert not s.is_terminal()
    score = next(e for e in s.events() if e["event"] == "score")
    assert score["points"] == [1, -1]                           # the round ended when the pot was taken
    assert pot_of(s) == 2 and s.counters()["won"] == [-1, -1]   # both anted again


# Consecutive posts leave nothing between: the player is not asked (only passing is possible). Seat 0's
# posts 7C 8C pass; seat 1's 9D 10H pass too; nothing is paid.
def asked(s) -> list[dict]:
    """The decisions a seat was asked (the rules' own, the only choice open, are logged `forced`: each a pass)."""
    decisions = [e for e in s.events() if e["event"] == "decision"]
    assert all(e["label"] == "pass" for e in decisions if e.get("forced"))
    return [e for e in decisions if not e.get("forced")]


def test_consecutive_posts_only_pass():
    deal = Deal(no_hands(2), rest=["7C", "8C", "9D", "10H"], dealer=1)
    s = state_of(deal, 2, rounds=1)
    assert s.is_terminal()
    assert not asked(s)
    assert s.result().scores == [-1, -1] and pot_of(s) == 2


# A pair for posts is a bet on higher or lower. Three players, seat 2 deals, pot 3. Seat 0's posts 8C 8D:
# it calls higher for 2, and JH is higher: pot 1, seat 0 up 1. Seat 1's posts 5S 5H: it calls lower for
# the one chip left, and 5D is of the pair's rank: it pays treble, 3 (pot 4; seat 1 down 4). Seat 2's
# posts QS QC: it calls lower for 4 and KD is higher: it pays 4 (pot 8; seat 2 down 5).
def test_a_pair_is_a_bet_on_higher_or_lower_and_the_pairs_rank_costs_treble():
    deal = Deal(no_hands(3), rest=["8C", "8D", "JH", "5S", "5H", "5D", "QS", "QC", "KD"], dealer=2)
    s = state_of(deal, 3)
    seen = step(s, "call", "call: higher", "call: 2")
    assert seen[0] == (0, ["call", "pass"]) and seen[1] == (0, ["call: higher", "call: lower"])
    assert pot_of(s) == 1 and s.counters()["won"] == [1, -1, -1]
    step(s, "call", "call: lower")                              # one chip is all the pot allows: not asked
    assert pot_of(s) == 4 and s.counters()["won"] == [1, -4, -1]
    step(s, "call", "call: lower", "call: 4")
    assert next(e for e in s.events() if e["event"] == "score")["points"] == [1, -4, -5]
    assert pot_of(s) == 8


# With pair-bets off, a pair leaves nothing between, like consecutive posts: the player only passes.
def test_without_pair_bets_a_pair_only_passes():
    deal = Deal(no_hands(2), rest=["8C", "8D", "9D", "10H"], dealer=1)
    s = state_of(deal, 2, rounds=1, **{"pair-bets": "false"})
    assert s.is_terminal() and not asked(s)


# post-pays=1: hitting a post is an ordinary loss. Seat 0's posts 3C 9D, bet 1, the third card 9S hits.
def test_post_pays_one_is_an_ordinary_loss():
    deal = Deal(no_hands(2), rest=["3C", "9D", "9S", "8D", "8H"], dealer=1)
    s = state_of(deal, 2, rounds=1, **{"post-pays": "1"})
    step(s, "bet", "bet: 1")
    assert pot_of(s) == 3 and s.counters()["won"] == [-2, -1]


def test_the_rule_sheet_names_the_table_counter():
    from ruleplay.tools.explain.sheet import sheet_text
    text = sheet_text(load("in-between", None, 4))
    assert "Counter pot: one value of the table (not of each player), kept across hands, starting at 0" in text


def test_a_copy_keeps_the_pot_and_plays_on_alike():
    deal = Deal(no_hands(3), rest=["3C", "KD", "9H", "5S", "9D", "5H", "4D", "10H", "JD"], dealer=2)
    s = state_of(deal, 3)
    step(s, "bet", "bet: 2")
    c = s.clone()
    assert pot_of(c) == 1
    step(c, "bet")
    assert pot_of(c) == 3 and pot_of(s) == 1                    # the copy's pot is its own


@pytest.mark.parametrize("players,options", [(2, {}), (4, {}), (8, {}),
                                             (3, {"post-pays": "3", "pair-pays": "2", "ante": "2"}),
                                             (5, {"re-ante": "true", "rounds": "6", "pair-bets": "false"})])
def test_referee(players, options):
    """From random games' logs alone: a round starts with everyone anteing when the pot is empty (with
    re-ante, or at the first round); each player in turn from the dealer's left has two posts turned up and
    bets 1 up to the pot, or passes (never asked when no rank lies between); a third card strictly between
    takes the bet from the pot, outside pays it in, equal to a post pays post-pays times it; with a pair
    for posts (and pair-bets) the bet is on higher or lower, the pair's rank paying pair-pays times it; a round ends
    after every player's turn or when the pot is empty; each round's points are the chips won less those
    put in; the game ends when the pot is empty (without re-ante) or after the rounds."""
    rules = load("in-between", options, players)
    ante, rounds = rules.options["ante"], rules.options["rounds"]
    post, re_ante = rules.options["post-pays"], rules.options["re-ante"]
    pair_pays, pair_bets = rules.options["pair-pays"], rules.options["pair-bets"]
    kinds = set()
    for seed in range(20):
        r = play(rules, seed=seed, check=True, bots=["random", "smart"] * 4)
        assert r.outcome == "finished"
        pot, logged_pot, hands, totals = 0, 0, 0, [0] * players
        won, order, posts, bet, asked = None, [], None, None, []
        for e in r.events:
            kind = e["event"]
            if kind == "deal":
                hands += 1
                won = [0] * players
                if pot == 0:
                    assert hands == 1 or re_ante
                    pot = ante * players
                    won = [-ante] * players
                dealer = e["dealer"]
                order = [(dealer + k) % players for k in range(1, players + 1)]
            elif kind == "set" and e["name"] == "pot":
                logged_pot = e["value"]
            elif kind == "move" and e["to"] == "posts":
                assert e["to_seat"] == order.pop(0)                # in turn from the dealer's left
                posts, bet, asked = sorted(map(value, e["cards"])), None, []
                assert logged_pot == pot                           # the antes and earlier payments, logged
            elif kind == "decision":
                asked.append(e["label"])
            elif kind == "move" and e["to"] == "middle":
                low, high = posts
                third, seat = value(e["cards"][0]), e["seat"]
                if low == high:                                    # a pair: higher or lower
                    assert pair_bets and asked[0] == "call" and asked[1] in ("call: higher", "call: lower")
                    bet = int(asked[2].split(": ")[1]) if len(asked) > 2 else 1
                    assert len(asked) > 2 or pot == 1
                    side = asked[1] == "call: higher"
                    paid = bet * pair_pays if third == low else -bet if (third > low) == side else bet
                    kinds.add("pair")
                else:
                    assert high - low > 1 and asked[0] == "bet"    # only a bet turns a third card
                    bet = int(asked[1].split(": ")[1]) if len(asked) > 1 else 1
                    assert len(asked) > 1 or pot == 1
                    paid = -bet if low < third < high else bet * post if third in (low, high) else bet
                    kinds.add("won" if paid < 0 else "post" if third in (low, high) else "lost")
                assert 1 <= bet <= pot
                pot += paid
                won[seat] -= paid
            elif kind == "move" and e["from"] == "posts" and bet is None:
                assert asked in (["pass"], [])                    # a pass, asked only when a rank lies between
                assert asked or posts[1] - posts[0] == 1 or posts[0] == posts[1] and not pair_bets
            elif kind == "score":
                assert logged_pot == pot
                assert order == [] or pot == 0                     # every player had a turn, or the pot was won
                assert e["points"] == won
                totals = [a + b for a, b in zip(totals, won)]
                assert e["totals"] == totals
        assert hands == rounds or (pot == 0 and not re_ante)
        assert r.scores == totals
        assert r.winners == [s for s in range(players) if totals[s] == max(totals)]
    assert kinds >= {"won", "lost", "post"} and ("pair" in kinds) == pair_bets

"""ERS rule fidelity (issue 14): burned cards under the pile, false slaps counted in cards in a row,
a payer put out in the middle of a challenge. Every case is a scripted deal checked by hand against
the digest (../shared/rules/egyptian-ratscrew.md: section 6 and Q4; 7.7 and Q16; 4.2, 4.4, Q10)."""
import pytest

from test_ers import events, game, plays, rules


def brief(r, kinds=("play", "take", "out", "burn", "slap")):
    out = []
    for e in r.events:
        if e["event"] == "play":
            out.append(f"{e['seat']} plays {e['card']}")
        elif e["event"] == "take" and "take" in kinds:
            out.append(f"{e['seat']} takes {e['count']} ({e['why']})")
        elif e["event"] == "out" and "out" in kinds:
            out.append(f"{e['seat']} out")
        elif e["event"] == "slap" and "slap" in kinds:
            out.append(f"{e['seat']} slaps {e['pattern'] if e['valid'] else 'falsely'}")
    return out


# ------------------------------------------------------------------ 1. burned cards count for no pattern

def test_the_issues_burned_queen_makes_no_sandwich():
    # seat 0 plays 3S; seat 1 false-slaps and burns QD under the pile; seat 1 plays QH; seat 0 slaps:
    # the pile shows 3S QH (QD lies face down under them), so the slap is false.
    r = game(rules(), [["3S", "2C", "4C", "5C", "6C"], ["QD", "QH", "7C", "8C", "9C"]],
             slaps=[{"after": 1, "seat": 1}, {"after": 2, "seat": 0}])
    assert brief(r)[:6] == ["0 plays 3S", "1 slaps falsely", "1 plays QH", "0 slaps falsely",
                            "0 plays 4C", "0 plays 5C"]          # 2C burned; 4C and 5C pay the queen's 2
    assert brief(r)[6] == "1 takes 6 (payment complete)"        # QD 3S QH, 2C under them, 4C 5C


# (options, seat 0's stack, seat 1's stack, the card after which seat 0 slaps): seat 1 false-slaps after
# card 1 and burns its top card, which would complete the pattern if burned cards counted (a double or a
# marriage needs only the top two cards, always played ones when a pattern is judged: no row for them).
BURIED = [
    ("sandwich", {}, ["3S", "2C"], ["QD", "QH", "7C"], 2),                    # QD . QH
    ("top-bottom", {"slap-top-bottom": True}, ["3S", "2C"], ["8D", "8H", "7C"], 2),   # bottom 8D, top 8H
    ("tens-sandwich", {"slap-tens-sandwich": True}, ["KS", "2C"], ["7D", "3H", "9C"], 2),  # 7 . K 3
    ("four-in-a-row", {"slap-four-in-a-row": True}, ["6S", "8C", "KC"], ["5D", "7H", "9C"], 3),  # 5 6 7 8
    ("triple", {"triples-win": True, "slap-double": False}, ["7C", "2C"], ["7H", "7D", "9C"], 2),  # 7H . 7C 7D
    ("triple-six", {"triple-six-loses": True, "slap-double": False}, ["6C", "2C"], ["6H", "6D", "9C"], 2),
    ("triple-as-double", {"triples-as-doubles": True, "slap-double": False}, ["7C", "2C"], ["7H", "7D", "9C"], 2),
]


@pytest.mark.parametrize("pattern, opts, s0, s1, after", BURIED, ids=[b[0] for b in BURIED])
def test_burned_cards_complete_no_pattern(pattern, opts, s0, s1, after):
    r = game(rules(**opts), [s0 + ["10S", "9S", "8S"], s1 + ["10D", "9D"]],
             slaps=[{"after": 1, "seat": 1}, {"after": after, "seat": 0}])
    slaps = [e for e in events(r, "slap")]
    assert [(s["seat"], s["valid"]) for s in slaps[:2]] == [(1, False), (0, False)], brief(r)


def test_patterns_still_see_the_played_cards_over_a_burn():
    # 3S, (QD burned under it), 7H, 3C: a sandwich of played cards; the taker gets the burned card too
    r = game(rules(), [["3S", "3C", "4S"], ["QD", "7H", "9C"]],
             slaps=[{"after": 1, "seat": 1}, {"after": 3, "seat": 0}])
    assert brief(r)[:6] == ["0 plays 3S", "1 slaps falsely", "1 plays 7H", "0 plays 3C", "0 slaps sandwich",
                            "0 takes 4 (slapped sandwich)"]


def test_custom_patterns_see_played_cards_only(tmp_path):
    # a table's own patterns read the same pile: pile.bottom is the first card played this round,
    # pile.size and loops over the pile count played cards only
    from ruleplay.pipeline import load
    f = tmp_path / "mine.yaml"
    f.write_text("extends: ers\nphases:\n  play:\n    reactions:\n      patterns:\n"
                 "        bottom: {when: \"pile.size >= 2 and pile[1].rank == pile.bottom.rank\", precedence: 5}\n"
                 "        two-queens: {when: \"count(c.rank == 'Q' for c in pile) >= 2\", precedence: 5}\n"
                 "        three: {when: \"pile.size == 3\", precedence: 5}\n")
    r = load(str(f), {"slap-double": "false", "slap-sandwich": "false"}, 2)
    script = [{"after": 1, "seat": 1}, {"after": 2, "seat": 0}]
    # 3S (s0), s1 burns QD, QH (s1): bottom 3S is no Q, one queen played, two cards played
    assert brief(game(r, [["3S", "2C", "4C"], ["QD", "QH", "5D"]], script))[:4] == [
        "0 plays 3S", "1 slaps falsely", "1 plays QH", "0 slaps falsely"]
    # 3S (s0), s1 burns QD, 3H (s1): the played bottom 3S matches the top
    assert brief(game(r, [["3S", "2C", "4C"], ["QD", "3H", "5D"]], script))[3:5] == [
        "0 slaps bottom", "0 takes 3 (slapped bottom)"]


# ------------------------------------------------------------------ 2. false slaps: cards in a row

S0 = ["2C", "3C", "4C", "5C"]
S1 = ["6D", "7D", "8D", "9D", "10D", "6H", "7H", "8H", "9H", "10H", "6S", "7S", "8S"]


def test_two_false_slaps_on_each_of_three_cards_are_three_in_a_row():
    r = game(rules(**{"false-slap-limit-consecutive": True}), [S0, S1],
             slaps=[{"after": k, "seat": 1, "time": t} for k in (1, 2, 3) for t in (100, 200)])
    assert len([e for e in events(r, "slap") if not e["valid"]]) == 6
    assert events(r, "out") == []


def test_false_slaps_on_six_cards_in_a_row_put_the_seat_out_on_the_sixth():
    r = game(rules(**{"false-slap-limit-consecutive": True}), [S0, S1],
             slaps=[{"after": k, "seat": 1} for k in range(1, 7)])
    outs = events(r, "out")
    assert [(o["seat"], o["why"]) for o in outs] == [(1, "false slaps on 6 cards in a row")]
    # put out in the window of the 6th card played
    sixth = [i for i, e in enumerate(r.events) if e["event"] == "play"][5]
    assert r.events.index(outs[0]) > sixth and len(plays(r)) == 6


def test_a_card_without_a_false_slap_restarts_the_count():
    slaps = [{"after": k, "seat": 1} for k in (1, 2, 3, 4, 5, 7, 8, 9, 10, 11)]   # card 6 not slapped
    r = game(rules(**{"false-slap-limit-consecutive": True}), [S0, S1], slaps=slaps)
    assert events(r, "out") == []


def test_a_valid_slap_that_loses_the_race_restarts_the_count():
    # seat 1 false-slaps cards 1 and 2 (burning 2D and 4D), card 3 (3C over 3D) is a double that seat 0 wins at 50 ms
    # against seat 1's valid slap at 100 ms; then seat 1 false-slaps five more cards: 5 in a row, not 7.
    s0 = ["2C", "3C", "4C", "5C", "6C", "7C"]
    s1 = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "8H", "9H", "10H"]
    slaps = [{"after": 1, "seat": 1}, {"after": 2, "seat": 1}, {"after": 3, "seat": 0, "time": 50},
             {"after": 3, "seat": 1, "time": 100}] + [{"after": k, "seat": 1} for k in range(4, 9)]
    r = game(rules(**{"false-slap-limit-consecutive": True}), [s0, s1], slaps=slaps)
    race = [e for e in events(r, "slap") if e["valid"]]
    assert [(e["seat"], e["won"]) for e in race] == [(0, True), (1, False)], brief(r)
    assert events(r, "out") == []


# ------------------------------------------------------------------ 3. a payer out in the middle of a challenge

STACKS3 = [["AS", "2C", "3C"], ["4D", "5D"], ["6H", "7H", "8H", "9H", "10H"]]


@pytest.mark.parametrize("continues", [True, False])
def test_a_payer_out_for_good_after_paying_two_of_four(continues):
    # seat 1 pays 4D and 5D, its last card, then false-slaps with no card left: out for good (Q11)
    r = game(rules(players=3, **{"eliminated-challenge-continues": continues}), STACKS3,
             slaps=[{"after": 3, "seat": 1}])
    b = brief(r)
    assert b[:5] == ["0 plays AS", "1 plays 4D", "1 plays 5D", "1 slaps falsely", "1 out"]
    if continues:       # the next seat with cards pays the remaining two; the ace's owner collects 5
        assert b[5:8] == ["2 plays 6H", "2 plays 7H", "0 takes 5 (payment complete)"]
    else:               # the challenger takes the pile at once
        assert b[5] == "0 takes 3 (payment not made)"


@pytest.mark.parametrize("continues", [True, False])
def test_a_payer_who_runs_out_hands_on_the_remaining_chances(continues):
    # the same without the false slap: seat 1 has no card to pay the third (empty-hand: skip)
    r = game(rules(players=3, **{"eliminated-challenge-continues": continues}), STACKS3)
    b = brief(r)
    if continues:
        assert b[:6] == ["0 plays AS", "1 plays 4D", "1 plays 5D", "2 plays 6H", "2 plays 7H",
                         "0 takes 5 (payment complete)"]
    else:
        assert b[:4] == ["0 plays AS", "1 plays 4D", "1 plays 5D", "0 takes 3 (payment not made)"]


def test_when_the_next_seat_with_cards_is_the_challenger_it_takes_at_once():
    r = game(rules(players=2, **{"eliminated-challenge-continues": True}), [["AS", "2C", "3C"], ["4D", "5D"]])
    assert brief(r) == ["0 plays AS", "1 plays 4D", "1 plays 5D", "0 takes 3 (payment not made)"]
    r = game(rules(players=2, **{"eliminated-challenge-continues": True}), [["AS", "2C", "3C"], ["4D", "5D"]],
             slaps=[{"after": 3, "seat": 1}])
    assert brief(r)[3:] == ["1 slaps falsely", "1 out", "0 takes 3 (last player in the game)"]


def test_out_for_good_on_the_last_owed_card_the_challenger_collects():
    r = game(rules(players=3, **{"eliminated-challenge-continues": True}),
             [["AS", "2C", "3C"], ["4D", "5D", "6D", "7D"], ["6H", "7H", "8H", "9H", "10H"]],
             slaps=[{"after": 5, "seat": 1}])
    assert brief(r)[:8] == ["0 plays AS", "1 plays 4D", "1 plays 5D", "1 plays 6D", "1 plays 7D",
                            "1 slaps falsely", "1 out", "0 takes 5 (payment complete)"]


# ------------------------------------------------------------------ random options, random scripted slaps

def test_random_options_and_scripted_slaps_conserve_every_card():
    import random

    from ruleplay.engine.run import Deal
    from ruleplay.agents import play
    from ruleplay.errors import RuleplayError
    from ruleplay.pipeline import load

    base = load("ers")
    bools = [k for k, v in base.option_specs.items() if v.get("type") == "bool"]
    rng = random.Random(14)
    deck = [f"{r}{s}" for s in "CDHS" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]]
    played = 0
    for _ in range(30):
        sets = {k: rng.choice(["true", "false"]) for k in bools}
        sets["burn"] = str(rng.randint(0, 3))
        players = rng.randint(2, 5)
        try:
            r = load("ers", sets, players)
        except RuleplayError:        # a combination a constraint refuses: another draw
            continue
        cards = deck[:]
        rng.shuffle(cards)
        hands = [cards[i::players] for i in range(players)]
        slaps = [{"after": rng.randint(1, 120), "seat": rng.randrange(players), "time": rng.randint(1, 999),
                  "fingers": rng.randint(1, 3)} for _ in range(rng.randint(0, 40))]
        res = play(r, deal=Deal(hands, slaps=slaps), check=True, max_actions=20_000)
        assert res.outcome in ("finished", "cycle", "limit", "stuck")
        played += 1
    assert played >= 20


# ------------------------------------------------------------------ the cycle check keeps one table

def _boundaries(mu: int, lam: int, length: int = 0) -> dict:
    """Table.boundary over made-up tables: all different until round mu, then a loop of lam rounds."""
    from ruleplay.engine.table import GameOver, Table
    t = Table(rules(), 0, 10 ** 9, False, False)
    t.cycle_from, t.cycle_length = 200, length
    t.check_end = lambda: None
    t.state_key = lambda: (t.rounds if t.rounds < mu else mu + (t.rounds - mu) % lam,)
    with pytest.raises(GameOver):
        while t.rounds < 10 ** 6:
            t.actions += 3
            t.boundary()
    assert len(t.recent) <= lam                     # locating keeps one loop of digests at most
    return t.cycle


@pytest.mark.parametrize("mu,lam", [(1, 1), (5, 4650), (250, 1), (300, 7), (1000, 999), (3, 70_000)])
def test_brent_finds_the_exact_length_then_the_replay_the_exact_start(mu, lam):
    assert _boundaries(mu, lam)["length"] == lam
    assert _boundaries(mu, lam, length=lam) == {"start": mu, "length": lam, "start_action": 3 * mu,
                                                "length_actions": 3 * lam}

"""Hearts, seed variant and standard: hand-checked deals, every option, and an independent referee.

The referee replays a hand from its events (deal, pass, trick, score) with
rules written out by hand here, not with the engine: it checks that every
card played was legal, the trick winner, and each seat's score.
"""
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.pipeline import load

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "CDHS"


def suit_of(c):
    return c[-1]


def rank_of(c):
    return RANKS.index(c[:-1])


def full(s):
    return [f"{r}{s}" for r in RANKS]


# Each seat holds one whole suit: seat 0 the clubs, so it leads 2C and wins all 13 tricks.
BY_SUIT = Deal([full("C"), full("D"), full("H"), full("S")], dealer=3)
# Seat 1 has the top six hearts and 2D-8D, seat 2 the low hearts and 9D-AD: the first-trick rules matter.
MIXED = Deal([full("C"), ["AH", "KH", "QH", "JH", "10H", "9H"] + full("D")[:7],
              full("H")[:7] + full("D")[7:], full("S")], dealer=3)

STD_DEFAULTS = {"passing": "rotate", "no-points-first-trick": True, "lead-any-club": False,
                "must-break-hearts": True, "qs-breaks-hearts": True, "lead-hearts-instead-of-qs": False,
                "jd-bonus": False, "avoid-all-tricks-bonus": False, "moon": "minus-26", "hands": "match",
                "target": 100}


@lru_cache(maxsize=None)
def _load(name, items):
    return load(name, {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in items})


def rules(name="hearts", **opts):
    return _load(name, tuple(sorted(opts.items())))


def std(**opts):
    o = {"passing": "none", "hands": "single"}
    o.update({k.replace("_", "-"): v for k, v in opts.items()})
    return rules("hearts", **o)


def tricks(r, hand=1):
    out, h = [], 1
    for e in r.events:
        if e["event"] == "score":
            h += 1
        elif e["event"] == "trick" and h == hand:
            out.append(e)
    return out


def first_score(r):
    return next(e for e in r.events if e["event"] == "score")


# --------------------------------------------------------------------------- the referee

def legal_seed(hand, trick_no, led, broken, opts, leading):
    if leading:
        return {"2C"} & hand if trick_no == 1 else hand
    same = {c for c in hand if suit_of(c) == led}
    if same:
        return same
    if trick_no == 1:
        ok = {c for c in hand if suit_of(c) != "H" and c != "QS" and c[:-1] != "A"}
        return ok or hand
    return hand


def legal_std(hand, trick_no, led, broken, o, leading):
    if leading:
        if trick_no == 1:
            ok = {c for c in hand if c == "2C" or (o["lead-any-club"] and suit_of(c) == "C")}
        else:
            only_h_qs = all(suit_of(c) == "H" or c == "QS" for c in hand)
            ok = {c for c in hand if suit_of(c) != "H" or broken or not o["must-break-hearts"]
                  or (o["lead-hearts-instead-of-qs"] and only_h_qs)}
        return ok or hand
    same = {c for c in hand if suit_of(c) == led}
    if same:
        return same
    if trick_no == 1 and o["no-points-first-trick"]:
        ok = {c for c in hand if suit_of(c) != "H" and c != "QS"}
        return ok or hand
    return hand


def score_seed(taken, won, o):
    pts = [sum(suit_of(c) == "H" for c in t) + 13 * ("QS" in t) for t in taken]
    if 26 in pts:
        return pts, [0 if p == 26 else 26 for p in pts], [pts.index(26)]
    return pts, pts, []


def score_std(taken, won, o):
    pts = [sum(suit_of(c) == "H" for c in t) + 13 * ("QS" in t) - (10 if o["jd-bonus"] and "JD" in t else 0)
           for t in taken]
    shooters = [s for s, t in enumerate(taken) if sum(suit_of(c) == "H" or c == "QS" for c in t) == 14]
    if shooters:
        sh = shooters[0]
        form = o["moon"]
        if form == "minus-26":
            sc = [p - 26 if s == sh else p + 26 for s, p in enumerate(pts)]
        elif form == "zero-and-26":
            sc = [0 if s == sh else 26 for s in range(4)]
        else:
            sc = [p - 52 if s == sh else p for s, p in enumerate(pts)]
        return pts, sc, shooters
    if o["avoid-all-tricks-bonus"]:
        return pts, [p - 5 if w == 0 else p for p, w in zip(pts, won)], [s for s in range(4) if won[s] == 0]
    return pts, pts, []


def referee(r, variant="std", direction=1):
    """Check every hand of a game from its events; returns how many plays had a real choice."""
    o = dict(STD_DEFAULTS, **r.options) if variant == "std" else r.options
    legal = legal_std if variant == "std" else legal_seed
    choices = 0
    for e in r.events:
        kind = e["event"]
        if kind == "deal":
            hands = [set(h) for h in e["hands"]]
            assert sorted(c for h in hands for c in h) == sorted(f"{r_}{s}" for s in SUITS for r_ in RANKS)
            taken = [[] for _ in range(4)]
            won = [0] * 4
            trick_no, broken, winner = 0, False, None
        elif kind == "pass":
            off = e["offset"]
            for s, cards in enumerate(e["cards"]):
                assert len(cards) == (3 if off else 0) and set(cards) <= hands[s]
            for s, cards in enumerate(e["cards"]):
                hands[s] -= set(cards)
            for s, cards in enumerate(e["cards"]):
                hands[(s + off * direction) % 4] |= set(cards)
        elif kind == "trick":
            trick_no += 1
            leader = e["leader"]
            if trick_no == 1:
                assert "2C" in hands[leader]
            else:
                assert leader == winner
            cards = e["cards"]
            assert [s for s, _ in cards] == [(leader + k * direction) % 4 for k in range(4)]
            led = suit_of(cards[0][1])
            for i, (s, c) in enumerate(cards):
                ok = legal(hands[s], trick_no, led, broken, o, i == 0)
                assert c in ok, (trick_no, s, c, sorted(ok))
                choices += len(ok) > 1
                hands[s].remove(c)
                if suit_of(c) == "H" or (variant == "std" and o["qs-breaks-hearts"] and c == "QS"):
                    broken = True
            winner = max((c for c in cards if suit_of(c[1]) == led), key=lambda sc: rank_of(sc[1]))[0]
            assert e["winner"] == winner
            taken[winner] += [c for _, c in cards]
            won[winner] += 1
        elif kind == "score":
            assert trick_no == 13 and not any(hands)
            pts, sc, who = (score_std if variant == "std" else score_seed)(taken, won, o)
            assert e["points"] == pts and e["scores"] == sc and e["tricks_won"] == won
            if e.get("rule") == "moon":
                assert e["who"] == who
            else:
                assert variant == "std" or not who
    return choices


# --------------------------------------------------------------------------- seed variant (hearts.md)

def test_seed_first_trick_and_moon_by_hand():
    r = play(rules("hearts-seed"), deal=BY_SUIT, check=True, bots=["lowest"] * 4)
    t = tricks(r)
    assert len(t) == 13 and all(x["winner"] == 0 for x in t)
    # 3.2: 2C leads; seat 2 holds only hearts, so the restriction lifts (Q1)
    assert t[0]["cards"] == [[0, "2C"], [1, "2D"], [2, "2H"], [3, "2S"]] and t[0]["points"] == 1
    s = first_score(r)
    assert s["points"] == [26, 0, 0, 0]
    assert s["scores"] == [0, 26, 26, 26] and s["rule"] == "moon" and s["who"] == [0]   # 4.2
    referee(r, "seed")


def test_seed_aces_banned_from_first_trick_discards():
    r = play(rules("hearts-seed"), deal=BY_SUIT, check=True, bots=["highest"] * 4)
    # seat 1 may not discard AD (an ace), seat 2 holds only hearts (lifted), seat 3 neither AS nor QS.
    assert tricks(r)[0]["cards"] == [[0, "2C"], [1, "KD"], [2, "AH"], [3, "KS"]]
    assert tricks(r)[1]["cards"] == [[0, "AC"], [1, "AD"], [2, "KH"], [3, "AS"]]
    r = play(rules("hearts-seed"), deal=MIXED, check=True, bots=["highest"] * 4)
    assert tricks(r)[0]["cards"] == [[0, "2C"], [1, "8D"], [2, "KD"], [3, "KS"]]
    referee(r, "seed")


def test_seed_follower_may_play_ace_of_clubs():
    # Q2: following suit on the first trick, AC is fine. Seat 1 holds AC and 3C; highest follows with AC.
    hands = [["2C"] + full("D")[:12], ["AC", "3C"] + full("H")[:11], full("C")[2:12] + ["AD", "KH", "AH"],
             full("S")]
    r = play(rules("hearts-seed"), deal=Deal(hands, dealer=3), check=True, bots=["highest"] * 4)
    t = tricks(r)[0]
    assert t["cards"] == [[0, "2C"], [1, "AC"], [2, "KC"], [3, "KS"]] and t["winner"] == 1
    referee(r, "seed")
    # (hearts.md 3.4's example trick, 6D 8D 2H KC, is checked in test_tricks.py on a one-card deal)


@pytest.mark.parametrize("direction, step", [("left", 1), ("right", -1)])
def test_seed_play_direction(direction, step):
    r = play(rules("hearts-seed", **{"play-direction": direction}), deal=BY_SUIT, check=True,
             bots=["lowest"] * 4)
    assert [s for s, _ in tricks(r)[0]["cards"]] == [0, step % 4, (2 * step) % 4, (3 * step) % 4]
    referee(r, "seed", step)


def test_seed_match_to_100_lowest_wins():
    for seed in range(6):
        r = play(rules("hearts-seed"), seed=seed, check=seed < 2)
        assert r.outcome == "finished" and max(r.scores) >= 100
        assert all(max(sum(h[s] for h in r.hand_scores[:k]) for s in range(4)) < 100
                   for k in range(1, r.hands))                          # Q7: only after a scored hand
        assert r.winners == [s for s in range(4) if r.scores[s] == min(r.scores)]   # Q6: ties joint
        assert all(sum(h) in (26, 78) for h in r.hand_scores)
        referee(r, "seed", 1)


# --------------------------------------------------------------------------- standard Hearts

def test_std_moon_forms_and_jd():
    cases = {("minus-26", False): [0, 26, 26, 26], ("minus-26", True): [-10, 26, 26, 26],
             ("zero-and-26", False): [0, 26, 26, 26], ("zero-and-26", True): [0, 26, 26, 26],
             ("shooter-minus-26", False): [-26, 0, 0, 0], ("shooter-minus-26", True): [-36, 0, 0, 0]}
    for (form, jd), want in cases.items():
        r = play(std(moon=form, jd_bonus=jd), deal=BY_SUIT, check=True, bots=["lowest"] * 4)
        s = first_score(r)
        assert s["scores"] == want, (form, jd)
        assert s["rule"] == "moon" and s["who"] == [0]
        assert s["points"] == [16 if jd else 26, 0, 0, 0]
        referee(r)


def test_std_no_points_first_trick():
    r = play(std(), deal=MIXED, check=True, bots=["highest"] * 4)
    assert tricks(r)[0]["cards"] == [[0, "2C"], [1, "8D"], [2, "AD"], [3, "AS"]]   # no heart, no QS
    referee(r)
    r = play(std(no_points_first_trick=False), deal=MIXED, check=True, bots=["highest"] * 4)
    assert tricks(r)[0]["cards"] == [[0, "2C"], [1, "AH"], [2, "8H"], [3, "AS"]]
    referee(r)
    # only hearts (seat 2 in BY_SUIT): any card is legal
    r = play(std(), deal=BY_SUIT, check=True, bots=["highest"] * 4)
    assert tricks(r)[0]["cards"][2] == [2, "AH"]


def test_std_aces_are_fine_on_the_first_trick():
    r = play(std(), deal=BY_SUIT, check=True, bots=["highest"] * 4)
    assert tricks(r)[0]["cards"] == [[0, "2C"], [1, "AD"], [2, "AH"], [3, "AS"]]


def test_std_lead_any_club():
    r = play(std(lead_any_club=True), deal=BY_SUIT, check=True, bots=["highest"] * 4)
    assert tricks(r)[0]["cards"][0] == [0, "AC"]
    r = play(std(), deal=BY_SUIT, check=True, bots=["highest"] * 4)
    assert tricks(r)[0]["cards"][0] == [0, "2C"]


@pytest.mark.parametrize("passing, offsets", [("left", [1]), ("right", [-1]), ("across", [2]), ("none", [0])])
def test_std_pass_directions(passing, offsets):
    r = play(std(passing=passing), deal=BY_SUIT, check=True, bots=["lowest"] * 4)
    (p,) = [e for e in r.events if e["event"] == "pass"]
    assert p["offset"] == offsets[0]
    if offsets[0]:
        assert p["cards"] == [["2C", "3C", "4C"], ["2D", "3D", "4D"], ["2H", "3H", "4H"], ["2S", "3S", "4S"]]
        # the 2C moved `offset` seats along, and its new holder leads
        assert tricks(r)[0]["leader"] == offsets[0] % 4
    else:
        assert p["cards"] == [[], [], [], []] and tricks(r)[0]["leader"] == 0
    referee(r)


def test_std_pass_rotation_over_a_match():
    r = play(rules("hearts"), seed=4, check=True)
    offsets = [e["offset"] for e in r.events if e["event"] == "pass"]
    assert r.hands >= 5 and offsets[:5] == [1, -1, 2, 0, 1]
    assert r.outcome == "finished" and max(r.scores) >= 100
    referee(r)


def test_std_single_hand_and_target():
    r = play(std(), seed=1)
    assert r.hands == 1 and len(r.hand_scores) == 1
    r = play(rules("hearts", target=30), seed=1)
    assert max(r.scores) >= 30 and r.hands < 10


@lru_cache(maxsize=None)
def _games(items, seeds=25):
    """Random games under these options: (results) for the option tests."""
    o = dict(items)
    return [play(std(**o), seed=s) for s in range(seeds)]


def _breaks(r, predicate):
    """Does any play in the game meet predicate(trick_no, position, card, broken, hand)?"""
    found = False
    for e in r.events:
        if e["event"] == "deal":
            hands = [set(h) for h in e["hands"]]
            n, broken = 0, False
        elif e["event"] == "trick":
            n += 1
            for i, (s, c) in enumerate(e["cards"]):
                found |= predicate(n, i, c, broken, hands[s])
                hands[s].discard(c)
                broken |= suit_of(c) == "H"
    return found


def test_std_must_break_hearts_changes_leads():
    heart_lead_unbroken = lambda n, i, c, broken, hand: (i == 0 and suit_of(c) == "H" and not broken
                                                         and any(suit_of(x) != "H" for x in hand))
    on = _games((("qs_breaks_hearts", False),))
    off = _games((("must_break_hearts", False), ("qs_breaks_hearts", False)))
    assert not any(_breaks(r, heart_lead_unbroken) for r in on)
    assert any(_breaks(r, heart_lead_unbroken) for r in off)
    for r in on + off:
        referee(r)


# Seat 3 wins trick 1 with KC (2C 3C 4C KC) and then holds only QS and eleven hearts, hearts unbroken.
QS_AND_HEARTS = Deal([["2C"] + full("D")[:12],
                      ["3C", "AD", "KH", "AH"] + full("S")[:9],
                      full("C")[2:11] + ["AC", "JS", "KS", "AS"],
                      ["KC", "QS"] + full("H")[:11]], dealer=3)


@pytest.mark.parametrize("opts, lead", [({}, "QS"), ({"lead_hearts_instead_of_qs": True}, "2H"),
                                        ({"must_break_hearts": False}, "2H")])
def test_std_lead_hearts_instead_of_qs(opts, lead):
    r = play(std(**opts), deal=QS_AND_HEARTS, check=True, bots=["lowest"] * 4)
    t = tricks(r)
    assert t[0]["cards"] == [[0, "2C"], [1, "3C"], [2, "4C"], [3, "KC"]] and t[0]["winner"] == 3
    assert t[1]["cards"][0] == [3, lead]
    referee(r)


def test_std_qs_breaks_hearts():
    # A heart led after QS was played but before any heart, by a leader holding a non-heart:
    heart_lead_after_qs = lambda n, i, c, broken, hand: (i == 0 and suit_of(c) == "H" and not broken
                                                         and any(suit_of(x) != "H" for x in hand))
    on = _games((("qs_breaks_hearts", True),))
    off = _games((("qs_breaks_hearts", False),))
    assert any(_breaks(r, heart_lead_after_qs) for r in on)
    assert not any(_breaks(r, heart_lead_after_qs) for r in off)
    for r in on + off:
        referee(r)


def test_std_avoid_all_tricks_bonus():
    games = _games((("avoid_all_tricks_bonus", True),))
    hit = 0
    for r in games:
        referee(r)
        s = first_score(r)
        if s.get("rule") == "avoid-all-tricks" and s["who"]:
            hit += 1
            assert all(s["scores"][w] == s["points"][w] - 5 for w in s["who"])
    assert hit


def test_std_jd_bonus_random_games():
    for r in _games((("jd_bonus", True),)):
        referee(r)
        s = first_score(r)
        assert sum(s["points"]) == 16


def test_same_seed_same_game():
    a = play(rules("hearts"), seed=9)
    b = play(rules("hearts"), seed=9)
    assert a.events == b.events
    assert play(rules("hearts"), seed=10).events != a.events


# --------------------------------------------------------------------------- property: never stuck

OPTION_STRATEGY = st.fixed_dictionaries({
    "passing": st.sampled_from(["rotate", "left", "right", "across", "none"]),
    "no_points_first_trick": st.booleans(), "lead_any_club": st.booleans(),
    "must_break_hearts": st.booleans(), "qs_breaks_hearts": st.booleans(),
    "lead_hearts_instead_of_qs": st.booleans(), "jd_bonus": st.booleans(),
    "avoid_all_tricks_bonus": st.booleans(),
    "moon": st.sampled_from(["minus-26", "zero-and-26", "shooter-minus-26"]),
})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=OPTION_STRATEGY, seed=st.integers(0, 10**6),
       bots=st.lists(st.sampled_from(["random", "lowest", "highest", "smart"]), min_size=4, max_size=4))
def test_never_stuck_and_always_legal(opts, seed, bots):
    r = play(std(**opts), seed=seed, check=True, bots=bots)
    assert r.outcome == "finished" and r.cards_played == 52 and r.tricks == 13
    referee(r)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), direction=st.sampled_from(["left", "right"]))
def test_seed_variant_never_stuck(seed, direction):
    r = play(rules("hearts-seed", **{"play-direction": direction}), seed=seed, check=True)
    assert r.outcome == "finished"
    referee(r, "seed", 1 if direction == "left" else -1)


def test_cli_json_carries_tricks_and_scores(capsys):
    from ruleplay.tools.cli import main
    import json
    assert main(["run", "hearts", "--seed", "3", "--json", "--set", "hands=single"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["tricks"] == 13 and len(out["hand_scores"]) == 1 and len(out["scores"]) == 4
    assert sum(out["tricks_won"][0]) == 13 and out["moon"] == [[]]
    assert main(["run", "hearts-seed", "--seed", "1"]) == 0
    text = capsys.readouterr().out
    assert "Trick 13:" in text and "Result:" in text and "totals" in text


def test_smart_bot_takes_fewer_points_than_random():
    rules = std()
    smart = others = 0
    for seed in range(200):
        bots = ["random"] * 4
        bots[seed % 4] = "smart"
        r = play(rules, seed=seed, bots=bots, log=False)
        hs = r.hand_scores[0]
        smart += hs[seed % 4]
        others += (sum(hs) - hs[seed % 4]) / 3
    assert smart < 0.6 * others


def test_smart_bot_passes_point_cards_first():
    hands = [["2C", "QS", "AH", "KH"] + full("D")[:9], full("C")[1:] + ["JD"], ["3H", "4H"] + full("S")[:10] + ["KS"],
             ["AS", "QD", "KD", "AD"] + [c for c in full("H") if c not in ("AH", "KH", "3H", "4H")]]
    r = play(std(passing="left"), deal=Deal(hands, dealer=3), check=True, bots=["smart"] * 4)
    p = next(e for e in r.events if e["event"] == "pass")
    assert p["cards"][0] == ["QS", "AH", "KH"]
    referee(r)


def test_explain_reads_like_a_rule_sheet(capsys):
    from ruleplay.tools.cli import main
    assert main(["explain", "hearts", "--set", "passing=none"]) == 0
    text = capsys.readouterr().out
    assert "pass (pass): no cards are passed." in text
    assert "Players must follow the suit led if they can. No trumps." in text
    assert "hearts-broken becomes true" in text and "Match: ends after a hand" in text
    assert main(["explain", "hearts", "--set", "passing=across"]) == 0
    assert "passes them 2 seat(s) along" in capsys.readouterr().out


def test_engine_knows_no_game_by_name():
    from pathlib import Path
    import ruleplay
    for f in Path(ruleplay.__file__).parent.rglob("*.py"):
        text = f.read_text(encoding="utf-8").lower().replace('"♥", "hearts"', "")   # the suit's name, for a card's
        assert "heart" not in text, f

"""Standard Hearts against OpenSpiel's `hearts` (open_spiel 2.0.2), card for card.

Skipped unless `pyspiel` is installed (`pip install -e '.[test,openspiel]'`).

Under each combination of OpenSpiel's eight bool parameters (pass_cards with
each pass direction it can draw: 128 x 5 configurations):

  * the same deals (hand-made ones where the options matter, and seeded random
    ones) are played by both engines with the same `lowest`/`highest` bot per
    seat; the passes, every card played, every trick winner, the tricks won and
    the hand scores must agree;
  * a few seeded games of ours with `random` bots are replayed in OpenSpiel:
    each card must be legal there, and at every decision OpenSpiel must offer
    exactly the cards our engine offered (the legal sets agree, not only the
    lowest and highest card of them), with the same trick winners and scores.

The mapping (OpenSpiel parameter -> our option):

    pass_cards=False                 -> passing=none
    pass_cards=True, chance 'No Pass'/'Left'/'Across'/'Right'
                                     -> passing=none/left/across/right
    no_pts_on_first_trick           -> no-points-first-trick
    can_lead_any_club               -> lead-any-club
    must_break_hearts               -> must-break-hearts
    qs_breaks_hearts                -> qs-breaks-hearts
    can_lead_hearts_instead_of_qs   -> lead-hearts-instead-of-qs
    jd_bonus                        -> jd-bonus
    avoid_all_tricks_bonus          -> avoid-all-tricks-bonus
    (always)                        -> moon=minus-26, hands=single

Conventions:
  * Seats: OpenSpiel's players 0..3 (N, E, S, W) are our seats 0..3; both play
    to the next higher seat (our `clockwise`), and OpenSpiel's 'Left' pass goes
    to player+1, like our offset 1 ('Across' +2, 'Right' +3 = our -1).
  * The deal: OpenSpiel deals its chance outcomes round-robin from player 0,
    so we feed it hand[0][0], hand[1][0], ..., hand[3][12]. Both engines let
    the holder of 2C lead, so the dealer does not matter.
  * Cards: OpenSpiel writes ten as 'T' ('TH' is our '10H'); the action of a
    card is read from `action_to_string`, not assumed.
  * Scores: OpenSpiel's returns are 26 minus the hand's points (so that more
    is better); our hand score = 26 - return (= `state.points()` at the end),
    with the same signs: JD -10, the moon -26 for the shooter and +26 for the
    others on their card points, -5 for no trick.
  * OpenSpiel plays one hand and knows only the `minus-26` moon form; the
    `zero-and-26` and `shooter-minus-26` forms, `rotate` over a match and
    `target` have no counterpart there. Rotation is still cross-checked hand by
    hand: each hand of one of our matches is replayed in OpenSpiel with that
    hand's deal and pass direction.
  * OpenSpiel reports the leader of each next trick (its current player); the
    winner of trick 13 is taken as the highest card of the suit led.
  * Our offered cards are the steppable state's legal actions (`play_stepped`:
    the state stops only where there is more than one legal card).

Each OpenSpiel rule (hearts.cc) means what issue 6 says of the matching option,
so no option is left out: OpenSpiel's moon ("every trick with points went to
one player", JD-only tricks aside) is "took every heart and QS"; with
can_lead_hearts_instead_of_qs a leader whose only non-heart is QS may lead
anything (QS or a heart); a leader holding only hearts may lead one.
"""
import itertools
import random
from functools import lru_cache

import pytest

pyspiel = pytest.importorskip("pyspiel")

from conftest import play_stepped  # noqa: E402
from ruleplay.engine.run import Deal  # noqa: E402
from ruleplay.agents import play
from ruleplay.kinds import EVENT_SPECS, KINDS
from ruleplay.compiler.model import compile_rules  # noqa: E402
from ruleplay.pipeline import load  # noqa: E402
from ruleplay.lang.resolve import Resolved, apply_options, resolve  # noqa: E402
from ruleplay.lang.schemacheck import check  # noqa: E402

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "CDHS"
DECK = [r + s for s in SUITS for r in RANKS]

# OpenSpiel parameter -> our option (pass_cards is handled with the pass direction).
PARAMS = {
    "no_pts_on_first_trick": "no-points-first-trick",
    "can_lead_any_club": "lead-any-club",
    "must_break_hearts": "must-break-hearts",
    "qs_breaks_hearts": "qs-breaks-hearts",
    "can_lead_hearts_instead_of_qs": "lead-hearts-instead-of-qs",
    "jd_bonus": "jd-bonus",
    "avoid_all_tricks_bonus": "avoid-all-tricks-bonus",
}
# OpenSpiel's pass-direction chance outcome -> our passing option and seat offset.
PASS_DIR = {"none": 0, "left": 1, "across": 2, "right": 3}
OFFSET = {"none": 0, "left": 1, "across": 2, "right": -1}
# (pass_cards, passing): pass_cards=False only ever draws 'No Pass'.
PASSINGS = [(False, "none")] + [(True, p) for p in PASS_DIR]


def key(card):
    """Our canonical order: suit C<D<H<S, then rank 2..A."""
    return SUITS.index(card[-1]), RANKS.index(card[:-1])


def _actions():
    st = pyspiel.load_game("hearts").new_initial_state()
    assert [st.action_to_string(a) for a, _ in st.chance_outcomes()] == ["No Pass", "Left", "Across", "Right"]
    st.apply_action(0)
    to_ours = {}
    for a, _ in st.chance_outcomes():
        s = st.action_to_string(a)
        to_ours[a] = ("10" if s[0] == "T" else s[0]) + s[1]
    assert sorted(to_ours.values()) == sorted(DECK)
    return to_ours, {c: a for a, c in to_ours.items()}


CARD_OF, ACTION_OF = _actions()


def full(s):
    return [r + s for r in RANKS]


# Hand-made deals where the options matter (as in test_hearts.py), then seeded random deals.
CRAFTED = [
    # one suit each: seat 0 takes every trick (the moon); seat 2 holds only hearts on the first trick
    [full("C"), full("D"), full("H"), full("S")],
    # seats 1 and 2 are void in clubs with hearts and diamonds: the first-trick discard rule
    [full("C"), ["AH", "KH", "QH", "JH", "10H", "9H"] + full("D")[:7], full("H")[:7] + full("D")[7:], full("S")],
    # seat 3 wins trick 1 and then holds only QS and hearts, hearts unbroken
    [["2C"] + full("D")[:12], ["3C", "AD", "KH", "AH"] + full("S")[:9],
     full("C")[2:11] + ["AC", "JS", "KS", "AS"], ["KC", "QS"] + full("H")[:11]],
    # seat 1 is void in clubs and holds QS, JD and top hearts; seat 3 holds only spades and hearts
    [full("C")[:6] + full("D")[:7], ["QS", "JD", "AH", "KH", "QH"] + full("S")[:8],
     full("C")[6:] + ["9D", "10D", "QD", "KD", "AD", "10S"], ["JS", "KS", "AS"] + full("H")[:10]],
]


def _deals(n, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = list(DECK)
        rng.shuffle(cards)
        out.append([cards[i * 13:(i + 1) * 13] for i in range(4)])
    return out


RANDOM_DEALS = _deals(3, 2024)
BOT_SETS = [("lowest",) * 4, ("highest",) * 4, ("lowest", "highest", "highest", "lowest"),
            ("highest", "lowest", "lowest", "highest")]


# (deal index, deal, bots): every bot set on the crafted deals, two on the random ones.
GAMES = [(i, h, b) for i, h in enumerate(CRAFTED) for b in BOT_SETS] + \
        [(len(CRAFTED) + i, h, b) for i, h in enumerate(RANDOM_DEALS) for b in BOT_SETS[2 * (i % 2):][:2]]


def _check_deal(hands):
    assert sorted(c for h in hands for c in h) == sorted(DECK) and all(len(h) == 13 for h in hands)


for _h in CRAFTED:
    _check_deal(_h)


def pick(kind, legal):
    return (max if kind == "highest" else min)(legal, key=key)


def trick_winner(cards):
    led = cards[0][1][-1]
    return max((sc for sc in cards if sc[1][-1] == led), key=lambda sc: key(sc[1]))[0]


# --------------------------------------------------------------------------- the two engines

def openspiel_hand(params: dict, pass_cards: bool, passing: str, hands, bots):
    """Drive OpenSpiel's hearts with this deal and pass direction; the same bots choose."""
    game = pyspiel.load_game("hearts", dict(params, pass_cards=pass_cards))
    st = game.new_initial_state()
    d = PASS_DIR[passing]
    assert d in [a for a, _ in st.chance_outcomes()] or not pass_cards
    assert d in st.legal_actions()
    st.apply_action(d)
    for i in range(13):
        for p in range(4):
            assert st.is_chance_node()
            st.apply_action(ACTION_OF[hands[p][i]])
    passes = [[] for _ in range(4)]
    if d:
        for _ in range(12):
            p = st.current_player()
            passes[p].append(pick(bots[p], [CARD_OF[a] for a in st.legal_actions()]))
            st.apply_action(ACTION_OF[passes[p][-1]])
    tricks = []
    cur = []
    while not st.is_terminal():
        p = st.current_player()
        card = pick(bots[p], [CARD_OF[a] for a in st.legal_actions()])
        st.apply_action(ACTION_OF[card])
        cur.append([p, card])
        if len(cur) == 4:
            winner = trick_winner(cur) if st.is_terminal() else st.current_player()
            tricks.append({"cards": cur, "winner": winner})
            cur = []
    returns = st.returns()
    assert [st.points(p) for p in range(4)] == [26 - r for r in returns]
    return {"passes": passes if d else [[], [], [], []], "tricks": tricks,
            "scores": [int(26 - r) for r in returns],
            "tricks_won": [sum(t["winner"] == s for t in tricks) for s in range(4)]}


@lru_cache(maxsize=None)
def _parsed():
    """hearts.yaml parsed and schema-checked once; each option set only recompiles it (load() parses every time)."""
    base = resolve("hearts")
    assert not check(base.doc)
    return base


def build(sets: dict):
    base = _parsed()
    res = Resolved(base.doc, base.files, option_set=dict(sets))
    apply_options(res)
    rules = compile_rules(res, None, kinds=KINDS, events=EVENT_SPECS)
    rules.ref = "hearts"
    return rules


@lru_cache(maxsize=None)
def our_rules(items: tuple, passing: str, hands: str = "single"):
    opts = {PARAMS[k]: str(v).lower() for k, v in items}
    return build(dict(opts, passing=passing, hands=hands, moon="minus-26"))


def ours_hand(rules, hands, bots):
    r = play(rules, deal=Deal([list(h) for h in hands], dealer=3), bots=list(bots))
    assert r.outcome == "finished"
    return summary(r.events)[0]


def summary(events):
    """Per hand: the deal, the pass offset, and the fields compared with OpenSpiel."""
    out = []
    for e in events:
        if e["event"] == "deal":
            cur = {"deal": e["hands"], "offset": 0, "passes": [[], [], [], []], "tricks": []}
        elif e["event"] == "pass":
            cur["offset"], cur["passes"] = e["offset"], e["cards"]
        elif e["event"] == "trick":
            cur["tricks"].append({"cards": e["cards"], "winner": e["winner"]})
        elif e["event"] == "score":
            cur["scores"], cur["tricks_won"] = e["scores"], e["tricks_won"]
            out.append(cur)
    return out


def compare(mine, theirs, where):
    assert mine["passes"] == theirs["passes"], where
    for n, (a, b) in enumerate(zip(mine["tricks"], theirs["tricks"]), 1):
        assert a == b, f"{where}: trick {n} differs: ours {a}, OpenSpiel {b}"
    assert len(mine["tricks"]) == len(theirs["tricks"]) == 13, where
    assert mine["tricks_won"] == theirs["tricks_won"], where
    assert mine["scores"] == theirs["scores"], where


# --------------------------------------------------------------------------- the cross-checks

COMBOS = list(itertools.product([False, True], repeat=len(PARAMS)))


def _ids(combo):
    return "".join("1" if v else "0" for v in combo)


@lru_cache(maxsize=None)
def cross(combo: tuple, pass_cards: bool, passing: str):
    """Every game of GAMES under one configuration; returns OpenSpiel's cards played, game by game."""
    params = dict(zip(PARAMS, combo))
    rules = our_rules(tuple(sorted(params.items())), passing)
    seen = []
    for i, hands, bots in GAMES:
        where = f"{params} pass_cards={pass_cards} passing={passing} deal={i} bots={bots}"
        theirs = openspiel_hand(params, pass_cards, passing, hands, bots)
        compare(ours_hand(rules, hands, bots), theirs, where)
        seen.append([c for t in theirs["tricks"] for _, c in t["cards"]])
    return seen


@pytest.mark.parametrize("combo", COMBOS, ids=_ids)
def test_every_option_combination_agrees(combo):
    """Option bits in PARAMS order; each combination under every pass setting."""
    for pass_cards, passing in PASSINGS:
        cross(combo, pass_cards, passing)


def test_each_option_changes_some_game():
    """The deals are not blind to an option: flipping each parameter changes OpenSpiel's play somewhere."""
    for i, name in enumerate(PARAMS):
        if name in ("jd_bonus", "avoid_all_tricks_bonus"):
            continue            # scoring only; the scores above show them
        changed = False
        for combo in COMBOS:
            if combo[i]:
                continue
            flipped = combo[:i] + (True,) + combo[i + 1:]
            if cross(combo, True, "none") != cross(flipped, True, "none"):
                changed = True
                break
        assert changed, name


def test_scoring_options_change_some_score():
    for name in ("jd_bonus", "avoid_all_tricks_bonus"):
        on = dict.fromkeys(PARAMS, False) | {name: True}
        off = dict.fromkeys(PARAMS, False)
        differ = any(openspiel_hand(on, False, "none", h, b)["scores"] != openspiel_hand(off, False, "none", h, b)["scores"]
                     for _, h, b in GAMES)
        assert differ, name


def test_fast_rules_build_is_load():
    """The parse-once shortcut above gives the same game as `load()`."""
    sets = {"passing": "across", "jd-bonus": "true", "must-break-hearts": "false", "hands": "single"}
    a = play(build(sets), seed=5, bots=["random"] * 4)
    b = play(load("hearts", sets), seed=5, bots=["random"] * 4)
    assert a.events == b.events


# --------------------------------------------------------------------------- random play, legal sets

RANDOM_GAMES = 3            # seeded random games per configuration


def replay_in_openspiel(params, pass_cards, passing, hand, choices):
    """Replay one of our hands in OpenSpiel: each card we passed or played must be legal there, and
    wherever either engine offered a choice, OpenSpiel must offer exactly the cards ours offered."""
    st = pyspiel.load_game("hearts", dict(params, pass_cards=pass_cards)).new_initial_state()
    st.apply_action(PASS_DIR[passing])
    for i in range(13):
        for p in range(4):
            st.apply_action(ACTION_OF[hand["deal"][p][i]])
    pending = iter(choices)
    steps = 0

    def step(p, card):
        nonlocal steps
        steps += 1
        assert st.current_player() == p, steps
        legal = sorted((CARD_OF[a] for a in st.legal_actions()), key=key)
        assert card in legal, (steps, p, card, legal)
        if len(legal) > 1:
            ours = next(pending, None)
            assert ours == legal, (steps, p, "ours offered", ours, "OpenSpiel", legal)
        st.apply_action(ACTION_OF[card])

    for p in range(4):
        for c in hand["passes"][p]:
            step(p, c)
    for n, t in enumerate(hand["tricks"], 1):
        for p, c in t["cards"]:
            step(p, c)
        if n < 13:
            assert st.current_player() == t["winner"], n
        else:
            assert t["winner"] == trick_winner(t["cards"])
    assert next(pending, None) is None, "ours offered a choice where OpenSpiel had one card"
    assert st.is_terminal()
    assert hand["scores"] == [int(26 - r) for r in st.returns()]


@pytest.mark.parametrize("combo", COMBOS, ids=_ids)
def test_random_play_offers_the_same_cards(combo):
    """Our `random` bots play; OpenSpiel replays every card and must offer the same legal cards."""
    params = dict(zip(PARAMS, combo))
    for j, (pass_cards, passing) in enumerate(PASSINGS):
        rules = our_rules(tuple(sorted(params.items())), passing)
        for seed in range(RANDOM_GAMES):
            events, offered = play_stepped(rules, int(_ids(combo), 2) * 100 + j * 10 + seed, ["random"] * 4)
            (hand,) = summary(events)
            choices = [sorted(labels, key=key) for labels in offered]
            replay_in_openspiel(params, pass_cards, passing, hand, choices)


@pytest.mark.parametrize("bots", BOT_SETS[:2] + BOT_SETS[2:3])
def test_rotating_match_agrees_hand_by_hand(bots):
    """passing=rotate over a match: every hand replayed in OpenSpiel with its deal and direction."""
    rules = load("hearts", {"passing": "rotate", "hands": "match", "moon": "minus-26"})
    r = play(rules, seed=7, bots=list(bots))
    assert r.outcome == "finished"
    hands = summary(r.events)
    assert len(hands) >= 4
    back = {v: k for k, v in OFFSET.items()}
    defaults = {"no_pts_on_first_trick": True, "can_lead_any_club": False, "must_break_hearts": True,
                "qs_breaks_hearts": True, "can_lead_hearts_instead_of_qs": False, "jd_bonus": False,
                "avoid_all_tricks_bonus": False}
    totals = [0] * 4
    for n, h in enumerate(hands, 1):
        passing = back[h["offset"]]
        assert passing == ["left", "right", "across", "none"][(n - 1) % 4]
        theirs = openspiel_hand(defaults, True, passing, h["deal"], bots)
        compare(h, theirs, f"hand {n}")
        totals = [t + s for t, s in zip(totals, theirs["scores"])]
    assert r.scores == totals

"""Euchre and Knock-out Whist as data, checked on deals written out by hand; and the mechanisms they use:
the `choose` kind (a value or a pass, in turn; redeal when all pass), seats sitting a hand out (going
alone), seats knocked out of the match, a phase's `when`, a discard that first picks up."""
from __future__ import annotations

from pathlib import Path

import pytest

from ruleplay.engine.run import DEFAULT_MAX_ACTIONS, Deal, Run
from ruleplay.agents import play
from ruleplay.errors import RuleplayError
from ruleplay.pipeline import load

ROOT = Path(__file__).resolve().parent.parent


def _rules(name: str, players: int | None = None, **options):
    sets = {k.replace("_", "-"): str(v).lower() for k, v in options.items()}
    return load(str(ROOT / "rulesets" / f"{name}.yaml"), sets, players=players)


def _drive(rules, deal, labels: list[str], prefs: dict[int, list[str]], seed: int = 0, stop_after: int | None = None):
    """Plays with every seat answered from outside: a choice or a discard takes the next label of `labels`
    (which must be legal); a card play takes the first card of the seat's `prefs` that is legal.
    Returns (run, the legal labels of each decision asked)."""
    run = Run(rules, seed, deal, check=True)
    asked = []
    labels = list(labels)
    while run.decision is not None:
        d = run.decision
        legal = {(d.labels or {}).get(a) or run.space.label(a): a for a in d.actions}
        asked.append((d.seat, sorted(legal)))
        cards = [c for c in prefs.get(d.seat, []) if c in legal]
        if cards and not (labels and labels[0] in legal and labels[0] not in cards):
            run.advance(legal[cards[0]])
        else:
            assert labels, f"no label left for seat {d.seat}: {sorted(legal)}"
            label = labels.pop(0)
            assert label in legal, (label, sorted(legal))
            run.advance(legal[label])
        if stop_after is not None and len(asked) >= stop_after:
            break
    return run, asked


def _events(run, kind: str) -> list[dict]:
    return [e for e in run.t.events if e["event"] == kind]


# ---------------------------------------------------------------------------- Euchre

# Dealer 3; seat 0 leads. Kitty top 9H is turned up. Every card of the 24 is placed by hand.
EUCHRE_1 = Deal(hands=[["JH", "JD", "AH", "AC", "9S"], ["KH", "QC", "KC", "10S", "QS"],
                       ["QH", "AS", "KS", "9C", "10D"], ["10H", "AD", "KD", "QD", "10C"]],
                rest=["9H", "JC", "JS", "9D"], dealer=3)


def test_euchre_order_up_bowers_and_a_point():
    # Seat 0 orders hearts up; dealer 3 picks up 9H and discards 10C; seat 0 does not go alone.
    # Trumps: JH (right bower) > JD (left bower, a heart) > AH > KH > QH > 10H > 9H.
    # T1 0:JH 1:KH 2:QH 3:9H -> 0.  T2 0:JD leads trumps: 3 must follow with 10H (JD is a heart, so
    # its AD is not a follow), 1 and 2 have none -> 0.  T3 0:AH 1:KC 2:KS 3:AD -> 0.
    # T4 0:AC 1:10S 2:9C 3:KD -> 0.  T5 0:9S 1:QS 2:10D 3:QD -> 1.  Makers (0, 2) took 4: 1 point.
    prefs = {0: ["JH", "JD", "AH", "AC", "9S"], 1: ["KH", "QC", "KC", "10S", "QS"],
             2: ["QH", "AS", "KS", "9C", "10D"], 3: ["9H", "AD", "KD", "QD", "10H"]}
    run, asked = _drive(_rules("euchre", target=1), EUCHRE_1, ["order-up H", "10C", "pass"], prefs)
    assert asked[0] == (0, ["order-up H", "pass"])            # only the turned suit may be ordered up
    assert _events(run, "turn-up")[0]["card"] == "9H"
    assert _events(run, "pick-up")[0] == {"event": "pick-up", "seat": 3, "zone": "kitty", "took": ["9H"]}
    assert _events(run, "trump")[0]["suit"] == "H"
    tricks = _events(run, "trick")
    assert [t["winner"] for t in tricks] == [0, 0, 0, 0, 1]
    assert tricks[1]["cards"] == [[0, "JD"], [1, "QC"], [2, "AS"], [3, "10H"]]
    assert _events(run, "score")[0]["scores"] == [1, 0, 1, 0]
    assert run.result.winners == [0, 2]                          # both partners


@pytest.mark.parametrize("house_rule", [False, True])
def test_euchre_the_dealer_keeps_the_card_picked_up(house_rule):
    """The laws of Euchre (Hoyle: "the trump card cannot be discarded"; World of Card Games, OpenSpiel):
    dealer 3 picks up 9H and chooses among its five other cards; `discard-up-card` allows 9H too."""
    prefs = {0: ["JH", "JD", "AH", "AC", "9S"], 1: ["KH", "QC", "KC", "10S", "QS"],
             2: ["QH", "AS", "KS", "9C", "10D"], 3: ["9H", "AD", "KD", "QD", "10H"]}
    rules = _rules("euchre", target=1, discard_up_card=house_rule)
    run, asked = _drive(rules, EUCHRE_1, ["order-up H", "10C", "pass"], prefs, stop_after=3)
    others = ["10C", "10H", "AD", "KD", "QD"]
    assert asked[1] == (3, sorted(others + ["9H"] if house_rule else others))


# Dealer 3. The turned 9C is passed by all; in round 2 dealer 3 (stuck) names spades and goes alone with
# every trump that matters: JS (right), JC (left bower: a spade now), AS, KS, QS.
EUCHRE_2 = Deal(hands=[["AH", "KH", "QH", "JH", "10H"], ["AD", "KD", "QD", "JD", "10D"],
                       ["AC", "KC", "QC", "10C", "9D"], ["JS", "JC", "AS", "KS", "QS"]],
                rest=["9C", "9H", "10S", "9S"], dealer=3)


def test_euchre_second_round_stick_the_dealer_and_a_lone_march():
    labels = ["pass"] * 4 + ["pass"] * 3 + ["call S", "alone yes"]
    prefs = {0: ["AH", "KH", "QH", "JH", "10H"], 2: ["AC", "KC", "QC", "10C", "9D"],
             3: ["AS", "KS", "QS", "JC", "JS"]}
    run, asked = _drive(_rules("euchre", target=4, stick_the_dealer=True), EUCHRE_2, labels, prefs)
    assert asked[4] == (0, ["call D", "call H", "call S", "pass"])    # the turned suit (C) is not offered
    assert asked[7] == (3, ["call D", "call H", "call S"])            # the dealer may not pass
    assert _events(run, "sit-out") == [{"event": "sit-out", "seat": 1}]
    tricks = _events(run, "trick")
    assert len(tricks) == 5 and all(len(t["cards"]) == 3 for t in tricks)    # seat 1 plays no card
    assert all(s != 1 for t in tricks for s, _ in t["cards"])
    assert [t["winner"] for t in tricks] == [3] * 5
    assert tricks[0]["cards"] == [[0, "AH"], [2, "AC"], [3, "AS"]]         # seat 0 leads, 3 trumps
    assert _events(run, "score")[0]["scores"] == [0, 4, 0, 4]               # a march alone
    assert run.result.winners == [1, 3]
    assert sorted(len(h) for h in (run.t.seat_zones[0][1],)) == [5]        # the partner kept its cards


def test_euchre_all_pass_throws_the_hand_in():
    run, _ = _drive(_rules("euchre"), EUCHRE_2, ["pass"] * 8, {}, stop_after=8)
    kinds = [e["event"] for e in run.t.events]
    assert kinds.count("all-passed") == 2
    after = kinds[kinds.index("all-passed", kinds.index("all-passed") + 1):]
    assert "score" not in kinds and after[1] == "deal"                      # no score: the next deal
    assert _events(run, "deal")[1]["dealer"] == 0 and run.t.hand_number == 2


def test_euchre_plays_to_a_proper_end_with_every_bot():
    # `smart` and `lowest` pass every choice they may pass (bots.py has no sense for naming yet): with the
    # dealer stuck they still finish; four of them without it throw every hand in (outcome 'limit').
    free, stuck = _rules("euchre"), _rules("euchre", stick_the_dealer=True)
    for seed in range(6):
        for rules, bots in ((free, ["random"] * 4), (stuck, ["smart"] * 4), (free, ["lowest", "highest"] * 2)):
            res = play(rules, seed=seed, bots=bots, check=True)
            assert res.outcome == "finished"
            assert len(res.winners) == 2 and res.winners[0] % 2 == res.winners[1] % 2
            assert max(res.scores) >= 10 and res.scores[0] == res.scores[2] and res.scores[1] == res.scores[3]


# ---------------------------------------------------------------------------- Knock-out Whist

# Three players, hands of 2 then 1 card (first-hand=2). Dealer 2; seat 0 leads; trump D (5D turned up).
# T1 0:AS 1:5C 2:KS -> 0.  T2 0:2C 1:AC 2:KH -> 1.  Seat 2 took nothing: knocked out.
KO = Deal(hands=[["AS", "2C"], ["5C", "AC"], ["KS", "KH"]], rest=["5D"], dealer=2)
KO_PREFS = {0: ["AS", "2C"], 1: ["5C", "AC"], 2: ["KS", "KH"]}


@pytest.mark.parametrize("ties", ["first", "cut"])
def test_knockout_whist_knock_out_and_the_choice_of_trump(ties):
    rules = _rules("knockout-whist", players=3, first_hand=2, trump_ties=ties)
    run, _ = _drive(rules, KO, ["call H"], KO_PREFS)
    tricks = _events(run, "trick")
    assert [t["winner"] for t in tricks[:2]] == [0, 1]
    assert _events(run, "trump")[0]["suit"] == "D"
    outs = _events(run, "out")
    assert outs[0] == {"event": "out", "seat": 2, "why": "knocked out"}
    deals = _events(run, "deal")
    assert deals[1]["dealer"] == 0 and [len(h) for h in deals[1]["hands"]] == [1, 1, 0]   # seat 2 gets none
    choice = _events(run, "choose")[0]
    if ties == "first":
        assert choice["seat"] == 1 and not _events(run, "cut")     # 1 and 0 tied: the first from the dealer's left
    else:
        cut = _events(run, "cut")[0]
        assert cut["seats"] == [1, 0] and choice["seat"] == cut["seat"]
    assert _events(run, "trump")[1]["suit"] == "H"
    last = tricks[2]
    assert len(last["cards"]) == 2 and {s for s, _ in last["cards"]} == {0, 1}
    assert run.result.winners == [last["winner"]]
    assert outs[1]["seat"] == 1 - last["winner"]


def test_knockout_whist_plays_to_one_survivor():
    for players in (2, 4, 7):
        rules = _rules("knockout-whist", players=players)
        for seed in range(5):
            res = play(rules, seed=seed, bots=["smart"] * players, check=True)
            assert res.outcome == "finished" and len(res.winners) == 1
            ev = [e for e in res.events if e["event"] == "deal"]
            assert [sum(map(len, d["hands"])) for d in ev][0] == 7 * players
            assert len(ev) <= 7
            outs = {e["seat"] for e in res.events if e["event"] == "out"}
            assert outs == set(range(players)) - set(res.winners)


# ---------------------------------------------------------------------------- the mechanisms, refused shapes

BASE = """\
name: t
description: A choose phase.
players: 2
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
  rest: {owner: table, visibility: hidden}
deal: {to: hand, count: 2, rest: rest}
phases:
  PHASE:
    kind: choose
    values: [C, D, H, S]
    CUT
  play: {kind: trick, from: hand, to: trick, won-to: taken, trump: "TRUMP"}
"""


def _load(tmp_path, phase="pick", cut="cut: false", trump="pick"):
    p = tmp_path / "t.yaml"
    p.write_text(BASE.replace("PHASE", phase).replace("CUT", cut).replace("TRUMP", trump))
    return load(str(p))


def test_a_trump_reading_a_choice_waits_for_it(tmp_path):
    res = play(_load(tmp_path), deal=Deal(hands=[["9C", "AS"], ["9H", "KS"]], dealer=1), bots=["highest", "lowest"])
    kinds = [e["event"] for e in res.events if e["event"] in ("choose", "trump")]
    assert kinds == ["choose", "trump"]                        # `highest` chooses S at once
    assert res.events[[e["event"] for e in res.events].index("trump")]["suit"] == "S"


def test_a_choose_phase_may_not_take_a_name_in_use(tmp_path):
    with pytest.raises(RuleplayError) as exc:
        _load(tmp_path, phase="trump", trump="none")
    assert "'trump' is a name phase 'trump' defines, but it is already a name the trick phase 'play' defines" in str(exc.value)


def test_cut_must_be_fixed(tmp_path):
    with pytest.raises(RuleplayError) as exc:
        _load(tmp_path, cut="cut: \"trump == 'S'\"")
    assert "phases.pick.cut" in str(exc.value)


def test_the_docs_example_plays(tmp_path):
    import re
    text = (ROOT / "docs" / "choosing.md").read_text(encoding="utf-8")
    body = re.findall(r"```yaml\n(name: choose-demo.*?)```", text, re.S)[0]
    (tmp_path / "demo.yaml").write_text(body)
    rules = load(str(tmp_path / "demo.yaml"))
    for seed in range(10):
        res = play(rules, seed=seed, bots=["random"] * 3, check=True)
        assert res.outcome == "finished" and len(res.winners) == 1
        calls = [e for e in res.events if e["event"] == "choose" and "value" in e]
        trumps = [e["suit"] for e in res.events if e["event"] == "trump"]
        assert trumps == [e["value"] for e in calls]          # every hand's trump is the value named


def test_knocked_out_seats_leave_cards_over_without_a_rest_zone(tmp_path):
    # 24 cards, 6 each to 4 players and no rest zone; once a seat is out, 18 cards would be dealt and 6 left
    # with nowhere to go: they are dealt round as well (the hand sizes differ by at most one)
    p = tmp_path / "ko.yaml"
    p.write_text("""\
name: ko-rest
description: Four players, every card dealt; no trick, out.
players: 4
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
deal: {to: hand, count: 6}
phases:
  play: {kind: trick, from: hand, to: trick, won-to: taken}
match:
  knock-out: "s.tricks == 0"
  end: "count(not x.out for x in seats) <= 1"
  winners: {where: "not s.out"}
  max-hands: 50
""")
    rules = load(str(p))
    seen = 0
    for seed in range(20):
        res = play(rules, seed=seed, check=True)
        assert res.outcome in ("finished", "limit")
        for d in (e for e in res.events if e["event"] == "deal"):
            sizes = [len(h) for h in d["hands"] if h]
            assert sum(len(h) for h in d["hands"]) == 24 and max(sizes) - min(sizes) <= 1
            seen += len(sizes) < 4
    assert seen                                       # some deal had a seat out


@pytest.mark.parametrize("want, card", [("", "9C"), ("want: hand-size", "AC")])
def test_want_tells_smart_to_win_tricks(tmp_path, want, card):
    # seat 0 leads KC; smart seat 1 holds AC and 9C: playing to avoid tricks it ducks with 9C, wanting them it
    # takes the trick with AC
    p = tmp_path / "w.yaml"
    p.write_text(f"""\
name: w
description: Two players, a plain trick.
players: 2
deck: {{ranks: [9, 10, J, Q, K, A], suits: [C, D, H, S]}}
zones:
  hand: {{owner: seat, visibility: owner}}
  trick: {{owner: table, visibility: public}}
  taken: {{owner: seat, visibility: public}}
  rest: {{owner: table, visibility: hidden}}
deal: {{to: hand, count: 2, rest: rest}}
phases:
  play:
    kind: trick
    from: hand
    to: trick
    won-to: taken
    {want}
""")
    res = play(load(str(p)), deal=Deal(hands=[["KC", "QC"], ["AC", "9C"]], dealer=1), bots=["highest", "smart"])
    first = next(e for e in res.events if e["event"] == "trick")
    assert first["cards"] == [[0, "KC"], [1, card]]


@pytest.mark.parametrize("lone_lead, leader", [("dealer-left", 0), ("maker-left", 1)])
def test_euchre_who_leads_against_a_lone_maker(lone_lead, leader):
    # dealer 3; seat 0 orders up and goes alone, seat 2 sits out: the dealer's left (seat 0) leads, or with
    # lone-lead=maker-left the player on the maker's left (seat 1)
    prefs = {s: [] for s in range(4)}
    run, _ = _drive(_rules("euchre", target=1, lone_lead=lone_lead), EUCHRE_1, ["order-up H", "10C", "alone yes"],
                    prefs | {0: ["JH", "JD", "AH", "AC", "9S"], 1: ["KH", "QC", "KC", "10S", "QS"],
                             3: ["9H", "AD", "KD", "QD", "10H"]})
    tricks = _events(run, "trick")
    assert tricks[0]["leader"] == leader and all(len(t["cards"]) == 3 for t in tricks)


def test_expressions_read_sitting_out(tmp_path):
    # the caller's left-hand neighbour sits each hand out; scoring gives a point to whoever sat out, so each
    # hand's scores name exactly that seat, and it plays no card in that hand
    text = (ROOT / "docs" / "choosing.md").read_text(encoding="utf-8")
    import re
    body = re.findall(r"```yaml\n(name: choose-demo.*?)```", text, re.S)[0]
    body = body.replace('    pass: "actor != dealer"\n',
                        '    pass: "actor != dealer"\n    sit-out: "s.index == (actor.index + 1) % players"\n')
    body = body.replace("match:\n", 'scoring: {points: "1 if s.sits-out else 0"}\nmatch:\n')
    (tmp_path / "demo.yaml").write_text(body)
    rules = load(str(tmp_path / "demo.yaml"))
    for seed in range(5):
        res = play(rules, seed=seed, bots=["random"] * 3, check=True)
        hand_events: list[dict] = []
        for e in res.events:
            hand_events.append(e)
            if e["event"] != "score":
                continue
            sat = [x["seat"] for x in hand_events if x["event"] == "sit-out"]
            assert len(sat) == 1 and e["scores"] == [int(s == sat[0]) for s in range(3)]
            assert all(x["seat"] != sat[0] for x in hand_events if x["event"] == "play")
            hand_events = []


def test_a_shedding_match_skips_seats_knocked_out(tmp_path):
    # the seat left holding the most cards when a hand ends is knocked out; a seat knocked out is dealt
    # nothing and never plays, draws or passes again
    p = tmp_path / "s.yaml"
    p.write_text("""\
name: shed-ko
description: Four players shed to a pile by suit or rank, drawing when stuck; most cards left, out.
players: 4
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
  pile: {owner: table, visibility: public}
deal: {to: hand, count: 4, rest: stock}
phases:
  play:
    kind: shed
    from: hand
    to: pile
    stock: stock
    turn-up: true
    legal: "card.suit == pile.top.suit or card.rank == pile.top.rank"
    draw: one
match:
  knock-out: "s.hand.size == max(x.hand.size for x in seats) and s.hand.size > 0"
  end: "count(not x.out for x in seats) <= 1"
  winners: {where: "not s.out"}
  max-hands: 40
""")
    rules = load(str(p))
    knocked_some = False
    for seed in range(8):
        res = play(rules, seed=seed, check=True)
        out: set[int] = set()
        for e in res.events:
            if e["event"] == "out":
                out.add(e["seat"])
                knocked_some = True
            elif e["event"] in ("shed", "draw", "no-play") and e.get("seat") is not None:
                assert e["seat"] not in out, (seed, e)
            elif e["event"] == "deal":
                assert all(not e["hands"][s] for s in out)
        assert res.outcome in ("finished", "limit")
    assert knocked_some

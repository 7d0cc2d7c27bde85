"""Run.fork / Table.fork (a game copied at a card decision plays on by itself), determinize.Unseen and its
one-shot form relabel (the cards a seat has not seen dealt again where they lie): what the search bot plays
its iterations on; and State.clone, which copies the same way."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import ruleplay
from ruleplay.agents.bots import Bot
from ruleplay.agents.determinize import knowledge, relabel
from ruleplay.engine.run import DEFAULT_MAX_ACTIONS, Run

GAMES = [("hearts", {"hands": "single"}), ("oh-hell", {"hand-sizes": "[7]"}), ("whist", {}), ("spades", {})]


def _until_score(events: list[dict]) -> list[dict]:
    """The events up to the hand's score (a fork's own random stream only differs from the next deal on)."""
    i = next((i for i, e in enumerate(events) if e["event"] == "score"), len(events) - 1)
    return events[:i + 1]


def _stepped(name: str, sets: dict, seed: int):
    """A game whose seats are all asked from outside, and the lowest-card bot that answers them."""
    rules = ruleplay.load_game(name, options=sets).rules
    return Run(rules, seed), Bot("lowest", None)


def _card_decisions(run: Run, bot: Bot, rng: random.Random, stops: int, cards: bool = True):
    """Play on with `bot`, stopping (yielding) at `stops` random card decisions of the trick phase (`cards`
    False: at any decision the game can be copied at, a climb's turn say)."""
    space = run.space
    seen = 0
    while run.decision is not None:
        d = run.decision
        if not d.sealed and (d.actions[0] < space.cards or not cards) and run.forkable and rng.random() < 0.15 \
                and seen < stops:
            seen += 1
            yield d
        run.advance(bot.act(d, space))


@pytest.mark.parametrize("name,sets", GAMES + [("president", {})])
def test_a_fork_plays_on_as_the_game_does(name, sets):
    """At random card decisions (a climb's turns in President), a fork answered inline by the same
    deterministic bot logs the same events as the game itself answered from outside, to the hand's score."""
    checked = 0
    for seed in range(4):
        run, bot = _stepped(name, sets, seed)
        forks = []
        for _ in _card_decisions(run, bot, random.Random(seed), 3, cards=name != "president"):
            log: list[dict] = []
            fork = run.fork(seed, log, [Bot("lowest", None)] * run.t.n)
            assert fork is not None
            forks.append((len(run.t.events), log, fork))
        end = run.t.events
        for at, log, fork in forks:
            fork.resume()
            assert fork.decision is None
            assert _until_score(log) == _until_score(end[at:])
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("name,sets", [("hearts", {}), ("oh-hell", {})])
def test_a_hand_only_fork_stops_at_the_hand_s_score(name, sets):
    """A fork with `hand_only` and no log stops when the hand is scored (outcome "hand"): its last score row
    is the hand's scores as the game itself logs them, and its table is the game's after that hand."""
    for seed in range(3):
        run, bot = _stepped(name, sets, seed)
        d = next(_card_decisions(run, bot, random.Random(seed), 1))
        fork = run.fork(seed, None, [Bot("lowest", None)] * run.t.n, hand_only=True)
        rows = len(fork.t.score_history)
        fork.resume()
        assert fork.result.outcome == "hand" and len(fork.t.score_history) == rows + 1
        while not any(e["event"] == "score" for e in run.t.events[-3:]):
            run.advance(bot.act(run.decision, run.space))
        score = [e for e in run.t.events if e["event"] == "score"][-1]
        assert fork.t.score_history[-1] == score["scores"] and fork.t.scores == score["totals"]
        assert fork.t.hand_number == score["hand"] and fork.t.tricks_won == score["tricks_won"]


def test_the_fork_leaves_the_game_as_it_was():
    """A fork played to its end changes nothing of the game it was copied from: that game goes on exactly as
    a twin that was never forked (same seed, same answers)."""
    for seed in range(3):
        run, bot = _stepped("hearts", {}, seed)
        twin, _ = _stepped("hearts", {}, seed)
        for d in _card_decisions(run, bot, random.Random(seed), 2):
            fork = run.fork(99, [], [Bot("random", random.Random(seed))] * run.t.n)
            fork.resume()
            while twin.decision is not None and len(twin.history) < len(run.history):
                twin.advance(run.history[len(twin.history)])
            assert twin.t.events == run.t.events
        while twin.decision is not None:
            twin.advance(bot.act(twin.decision, twin.space))
        assert twin.result.events == run.result.events
        assert twin.result.scores == run.result.scores


def test_no_fork_where_the_phase_cannot_go_on():
    """A pass pick (Hearts), a bid (Oh Hell) and a trick winner's yes/no choice (One Card's downtown) are not
    card decisions of a trick phase: no fork there; every card decision of a trick phase is forkable."""
    hearts, _ = _stepped("hearts", {}, 1)
    assert hearts.decision.sealed and not hearts.forkable and hearts.fork(0, [], [None] * 4) is None
    oh_hell, _ = _stepped("oh-hell", {"hand-sizes": "[7]"}, 1)
    assert oh_hell.decision.actions[0] >= oh_hell.space.cards and oh_hell.fork(0, [], [None] * 4) is None
    seen = set()
    for seed in range(20):
        run, lowest = _stepped("one-card", {"downtown-reversal": "true"}, seed)
        rnd = Bot("random", random.Random(seed))
        while run.decision is not None:
            d = run.decision                 # every seat passes the auction (no contract: the joker may be taken)
            bot = lowest if run.space.PASS in d.actions else rnd
            in_tricks = run.t.runner is not None
            kind = "card" if d.actions[-1] < run.space.cards else "yes/no" if run.space.YES in d.actions else "other"
            if in_tricks and kind != "other":
                seen.add(kind)
                assert run.forkable == (kind == "card")
            run.advance(bot.act(d, run.space))
    assert seen == {"card", "yes/no"}


def _cards(t) -> Counter:
    return t.all_cards()


@pytest.mark.parametrize("name,sets", GAMES[:3])
def test_relabel_moves_only_unseen_cards_and_keeps_the_voids(name, sets):
    """Over random card decisions: a relabelled fork holds the same cards, every zone the same number, the
    seat's own zones and every card it knows (played, passed to or by it, turned) where they were; no seat
    holds a card of a suit it showed it lacks; and unseen cards do change places."""
    moved = checked = 0
    for seed in range(5):
        run, bot = _stepped(name, sets, seed)
        rules = run.t.rules
        hand = rules.deal.to.index
        for d in _card_decisions(run, bot, random.Random(seed), 3):
            me = d.seat
            k = knowledge(rules, me, run.t.seat_log(me))
            rng = random.Random(seed)
            for _ in range(4):
                fork = run.fork(1, None, [None] * run.t.n)
                assert relabel(rules, fork.t.seat_zones, fork.t.shared, k, rng)
                t, f = run.t, fork.t
                assert _cards(f) == _cards(t)
                assert [[len(z) for z in zs] for zs in f.seat_zones] == [[len(z) for z in zs] for zs in t.seat_zones]
                assert [len(z) for z in f.shared] == [len(z) for z in t.shared]
                assert all(list(zs[me]) == list(fs[me]) for zs, fs in zip(t.seat_zones, f.seat_zones))
                names = rules.deck.names
                known = {c for _, c in k.plays} | set(k.pins) | set(k.seen_rest) | set(k.loose) \
                    | {c for p in k.passes for picks in p["cards"] for c in picks if c is not None}
                for zs, fs in zip(t.seat_zones, f.seat_zones):
                    for z, fz in zip(zs, fs):
                        assert [names[c] for c in z if names[c] in known] == [names[c] for c in fz if names[c] in known]
                for j in range(t.n):
                    suits = {rules.deck.suit[c] for c in f.seat_zones[hand][j]}
                    assert not suits & k.voids[j]
                moved += any(list(z) != list(fz) for zs, fs in zip(t.seat_zones, f.seat_zones) for z, fz in zip(zs, fs))
                checked += 1
    assert checked >= 20 and moved >= checked // 2


@pytest.mark.parametrize("name,sets", [("hearts", {}), ("oh-hell", {}), ("one-card", {}), ("euchre", {}),
                                       ("president", {})])
def test_a_clone_at_a_card_decision_is_a_copy_that_goes_on_alike(name, sets):
    """State.clone() at a trick phase's card decision copies the game (Run.fork with the same random
    stream), not replaying it: played on with the same choices to the end of the match, the clone and the
    original log the same events and returns (the next hands' shuffles included), and moving the clone
    does not move the original."""
    g = ruleplay.load_game(name, options=sets)
    forked = 0
    for seed in range(3):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal() and forked < 3 * (seed + 1):
            d = s.decision()
            if not d.sealed and (d.actions[0] < g.space.cards or name == "president") and s._run.forkable \
                    and rng.random() < 0.2:
                c = s.clone()
                assert c._run is not s._run and c._run.t is not s._run.t and c._run.gen is not s._run.gen
                assert c.history() == s.history() and c.events() == s.events() and c.legal_actions() == s.legal_actions()
                before = (s.history(), s.events())
                picks = random.Random(seed * 100 + forked)
                while not c.is_terminal():
                    c.apply_action(picks.choice(c.legal_actions()))
                assert (s.history(), s.events()) == before
                twin = g.new_initial_state(seed)          # the game played again from its seed: the truth
                for a in s.history():
                    twin.apply_action(a)
                picks = random.Random(seed * 100 + forked)
                while not twin.is_terminal():
                    twin.apply_action(picks.choice(twin.legal_actions()))
                assert twin.events() == c.events() and twin.returns() == c.returns()
                forked += 1
            s.apply_action(rng.choice(s.legal_actions()))
    assert forked >= 3


DECK = [f"{r}{s}" for s in "CDHS" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
HANDS = [DECK[i::4] for i in range(4)]       # seat 0: 2C 6C 10C AC 5D 9D KD 4H 8H QH 3S 7S JS


def _hearts_at_first_choice(hands: list[list[str]]):
    """A Hearts hand (no pass) dealt as given, every seat asked from outside with `lowest`, stopped at seat 0's
    first card decision of the tricks (a Decision offering `fork`)."""
    from ruleplay.engine.run import Deal
    rules = ruleplay.load_game("hearts", options={"hands": "single", "passing": "none"}).rules
    run = Run(rules, 3, Deal(hands, dealer=3))
    low = Bot("lowest", None)
    while not (run.decision.seat == 0 and run.decision.actions[0] < run.space.cards):
        run.advance(low.act(run.decision, run.space))
    return run


def _hearts_passing(hands: list[list[str]]):
    """A Hearts hand passing left, dealt as given, every seat asked from outside, stopped at seat 0's first pick."""
    from ruleplay.engine.run import Deal
    rules = ruleplay.load_game("hearts", options={"hands": "single", "passing": "left"}).rules
    return Run(rules, 3, Deal(hands, dealer=3))


@pytest.mark.parametrize("start", [_hearts_at_first_choice, _hearts_passing], ids=["card", "pick"])
def test_a_search_from_the_true_game_does_not_depend_on_where_unseen_cards_lie(start):
    """Two deals alike but for two cards seat 0 has not seen, swapped between seats 1 and 3: the same history
    to seat 0's decision (a card to play, a pick to pass), and its search from the decision's copy of the
    true game (`Decision.fork`) draws the same deals, so it ends with the same statistics; the true places
    of the cards are not read."""
    from ruleplay.agents.ismcts import ISMCTSBot
    swapped = [list(h) for h in HANDS]
    a, b = swapped[1].index("QS"), swapped[3].index("2S")
    swapped[1][a], swapped[3][b] = "2S", "QS"
    found = []
    for deal in (HANDS, swapped):
        run = start(deal)
        d = run.decision
        assert d.seat == 0 and d.fork is not None
        bot = ISMCTSBot(random.Random(11), 20)
        action = bot.act(d, run.space)
        _, node, _ = bot.last
        found.append((action, node.visits, round(node.value, 9), bot.proven, bot.failed, d.observe()))
    assert found[0] == found[1]
    assert found[0][2] > 0 and found[0][3] >= 8 and found[0][4] == 0


def test_unseen_cards_drawn_from_the_true_game_go_everywhere_they_may():
    """Over many copies of the true game, each card seat 0 has not seen lands in every other seat's hand:
    the draw never keeps it where it truly is."""
    from ruleplay.agents.determinize import Unseen
    run = _hearts_at_first_choice(HANDS)
    d = run.decision
    k = knowledge(run.t.rules, 0, d.observe())
    unseen = Unseen(run.t.rules, k)
    rng = random.Random(4)
    where: dict[int, set] = {}
    for _ in range(300):
        copy = d.fork(1, None, [None] * 4)
        assert unseen.deal(copy.t.seat_zones, copy.t.shared, rng)
        for seat in (1, 2, 3):
            for c in copy.t.seat_zones[0][seat]:
                where.setdefault(c, set()).add(seat)
    names = run.t.rules.deck.names
    mine = {names.index(c) for c in HANDS[0]}
    played = {names.index(e["card"]) for e in d.observe() if e["event"] == "play"}
    moved = [c for c in where if c not in mine | played]
    assert len(moved) == 39 - len(played - mine) and all(where[c] == {1, 2, 3} for c in moved)


def test_a_copy_at_a_pass_pick_keeps_the_seat_s_picks_and_asks_the_others_again():
    """At a pick, `decision.fork` starts the pass again on a copy: the picking seat's own picks so far stand,
    the seats that picked before it pick afresh (it never saw their picks), and no copy is offered to
    Run.fork / State.clone, which need the same game."""
    run = _hearts_passing(HANDS)
    high = Bot("highest", None)
    for _ in range(3):                               # seat 0 passes its three highest cards
        run.advance(high.act(run.decision, run.space))
    first = run.space.label(high.act(run.decision, run.space))
    run.advance(high.act(run.decision, run.space))  # seat 1's first pick
    d = run.decision
    assert d.seat == 1 and d.fork is not None and not run.forkable and run.fork(1, None, [None] * 4) is None
    log: list[dict] = []
    copy = d.fork(5, log, [Bot("lowest", None)] * 4, True)
    copy.resume()
    passed = next(e for e in log if e["event"] == "pass")["cards"]
    assert passed[0] == ["2C", "6C", "10C"]          # seat 0 asked again: `lowest` gives its lowest
    assert passed[1][0] == first and passed[1][1:] == ["3C", "7C"]
    assert copy.result.outcome == "hand"
    held = sorted(c for zones in copy.t.seat_zones for z in zones for c in z)
    assert held == list(range(52))                    # every card, once

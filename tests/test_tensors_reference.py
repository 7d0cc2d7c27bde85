"""The tensors of adapters/tensors.py against a plain reference: `reference_tensor` below reads the whole log
for every tensor and writes it entry by entry, as the encoder did before it was made fast (issue 36). The
fast path (a `Memory` kept per seat, bulk writes, blocks kept between calls) must give the same values at
every step of seeded random games, for every seat, observation and information state alike."""
import random

import numpy as np
import pytest

import ruleplay
from ruleplay.adapters.tensors import Layout, Memory
from ruleplay.kinds.passing import receivers


def reference_tensor(layout: Layout, state, me: int) -> np.ndarray:
    """The tensor of `state` for seat `me`, read from scratch: the seat's whole log, then its seat view."""
    lay = layout
    n, d, at, names = lay.n, lay.d, lay.at, lay.names
    follow = any(getattr(ph, "follow", False) for ph in lay.rules.phases)
    dealt, plays, trick, voids, decisions, mine = [], [], [], set(), set(), []
    given, passed, received = {}, set(), set()
    events, _ = state.seat_events_since(me, 0)
    for ev in events:
        kind = ev["event"]
        if kind == "deal":
            hands = ev.get("hands")
            hand = hands[me] if isinstance(hands, list) and me < len(hands) else []
            dealt = [names[c] for c in hand if c in names]
            plays, trick, voids, decisions, mine = [], [], set(), set(), []
            given, passed, received = {}, set(), set()
        elif kind == "play":
            seat, card = ev.get("seat"), ev.get("card")
            if not isinstance(seat, int) or card not in names:
                continue
            c = names[card]
            if follow and trick:
                led, suit = lay.card_suit[trick[0][1]], lay.card_suit[c]
                if led is not None and suit is not None and suit != led and led in lay.suit_index:
                    voids.add((seat, lay.suit_index[led]))
            trick.append((seat, c))
            plays.append((seat, c))
            given.pop(c, None)
        elif kind == "trick":
            trick = []
        elif kind == "pass":
            to = receivers(ev, n, lay.rules.direction)
            for r in set(given.values()):
                if to[r] is not None and ev["cards"][r]:
                    given = {c: g for c, g in given.items() if g != r}
            for s, picks in enumerate(ev["cards"]):
                for card in picks:
                    if card is None or card not in names:
                        continue
                    c = names[card]
                    if s == me:
                        passed.add(c)
                        if to[s] is not None:
                            given[c] = to[s]
                    elif to[s] == me:
                        received.add(c)
        elif kind == "decision":
            seat, a = ev.get("seat"), ev.get("action")
            if isinstance(seat, int) and isinstance(a, int):
                if seat == me:
                    mine.append(a)
                col = lay.public_choice(a)
                if col is not None:
                    decisions.add((seat, col))
    out = np.zeros(lay.size, dtype=np.float32)
    v = state.seat_view(me)
    places = lay.places
    unknown = places - 1
    where = [unknown] * d
    table0 = len(lay.rules.seat_zones) * n
    for i, z in enumerate(v.seat_zones):
        place = (i // n) * n + (z.seat - me) % n
        out[at["zone_size"] + place] = z.size / d
        for pos, c in enumerate(z.ids or (), 1):
            where[c] = place
            out[at["card_order"] + c] = pos / d
    for i, z in enumerate(v.table_zones):
        out[at["zone_size"] + table0 + i] = z.size / d
        for pos, c in enumerate(z.ids or (), 1):
            where[c] = table0 + i
            out[at["card_order"] + c] = pos / d
    if lay.hand_pos is not None:
        for c, r in given.items():
            if where[c] == unknown:
                where[c] = lay.hand_pos * n + (r - me) % n
    for c in range(d):
        out[at["card_place"] + c * places + where[c]] = 1.0
    cp = state.current_player()
    out[at["to_move"] + ((cp - me) % n if cp >= 0 else n)] = 1.0
    out[at["dealer"] + (v.dealer - me) % n] = 1.0
    out[at["leader"] + ((trick[0][0] - me) % n if trick else n)] = 1.0
    for j, (s, c) in enumerate(trick[:n]):
        out[at["trick"] + j * (n + d) + (s - me) % n] = 1.0
        out[at["trick"] + j * (n + d) + n + c] = 1.0
    ns = len(lay.suits)
    for key, value in (("trump", v.trump), ("led", v.led)):
        out[at[key] + (ns if value is None else lay.suit_index.get(value, ns + 1))] = 1.0
    if v.bids is not None:
        for s in range(n):
            row = at["bids"] + (s - me) % n * 3
            if v.bids[s] is not None:
                out[row] = 1.0
                out[row + 1] = v.bids[s] / d
            if v.passed and v.passed[s]:
                out[row + 2] = 1.0
    for s in range(n):
        r = (s - me) % n
        if v.scores is not None:
            out[at["scores"] + r] = v.scores[s] / 100
        if v.tricks_won is not None:
            out[at["tricks_won"] + r] = v.tricks_won[s] / d
        out[at["out"] + r] = float(v.out[s])
    out[at["progress"]] = v.hand_number / 100
    out[at["progress"] + 1] = v.trick_number / d
    counters = state.counters(me)
    for i, name in enumerate(lay.counters):
        for s, x in enumerate(counters.get(name, ())):
            if x is not None:
                out[at["counters"] + i * n + (s - me) % n] = x / 100
    pots = state.table_counters()
    for i, name in enumerate(lay.table_counters):
        out[at["counters"] + len(lay.counters) * n + i] = pots.get(name, 0) / 100
    for s, col in decisions:
        out[at["decisions"] + (s - me) % n * lay.k + col] = 1.0
    for s, suit in voids:
        out[at["voids"] + (s - me) % n * ns + suit] = 1.0
    for a in mine + [ev["action"] for ev in state.sealed_choices(me)]:
        if isinstance(a, int) and 0 <= a < d and where[a] < table0:
            out[at["chosen"] + a] = 1.0
    ph = state.phase()
    if 0 <= ph < len(lay.rules.phases):
        out[at["phase"] + ph] = 1.0
    if cp == me:
        for a in state.legal_actions():
            col = lay.public_choice(a) if a >= d else None
            if col is not None:
                out[at["choices"] + col] = 1.0
    if lay.perfect_recall:
        for j, (s, c) in enumerate(plays, 1):
            out[at["played"] + c * (n + 1) + (s - me) % n] = 1.0
            out[at["played"] + c * (n + 1) + n] = j / d
        for c in passed:
            out[at["passed"] + c * 2] = 1.0
        for c in received:
            out[at["passed"] + c * 2 + 1] = 1.0
        for c in dealt:
            out[at["dealt"] + c] = 1.0
    return out


def assert_numbers_are_the_view(state, p):
    """`State.seat_numbers` (what the tensors read) says what `State.seat_view` says."""
    zones, dealer, hand_number, trick_number, trump, led, bids, passed, scores, tricks_won, out = \
        state.seat_numbers(p)
    v = state.seat_view(p)
    assert [z if isinstance(z, int) else list(z) for z in zones] == \
        [z.size if z.ids is None else z.ids for z in v.seat_zones + v.table_zones]
    assert (dealer, hand_number, trick_number, trump, led) == (v.dealer, v.hand_number, v.trick_number, v.trump, v.led)
    assert [None if x is None else list(x) for x in (bids, passed, scores, tricks_won, out)] == \
        [v.bids, v.passed, v.scores, v.tricks_won, v.out]


CASES = [("hearts", {"hands": "single"}, 0), ("hearts", {"target": 40}, 1), ("oh-hell", {"hand-sizes": [4, 3]}, 2),
         ("euchre", {"target": 3}, 3), ("president", {}, 4), ("bridge", {}, 5), ("cribbage", {}, 6),
         ("in-between", {}, 7), ("ers-triples", {}, 8), ("five-hundred", {}, 9), ("black-maria", {}, 10)]


@pytest.mark.parametrize("name, options, seed", CASES)
def test_the_fast_tensors_equal_the_reference_at_every_step(name, options, seed):
    game = ruleplay.load_game(name, options=options)
    layouts = [Layout(game, perfect_recall=False), Layout(game, perfect_recall=True)]
    state = game.new_initial_state(seed=seed)
    n = game.num_players()
    memories = [Memory(layouts[1], p) for p in range(n)]        # one per seat, shared by both layouts
    out = np.zeros(layouts[1].size, dtype=np.float32)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and steps < 600:
        seats = [state.current_player()] if steps % 3 else range(n)   # the actor only, or every seat
        for p in seats:
            for lay in layouts:
                want = reference_tensor(lay, state, p)
                got = lay.encode(state, p, out[:lay.size], memories[p])
                assert got.shape == want.shape and (got == want).all(), (name, steps, p, lay.perfect_recall,
                                                                          np.nonzero(got != want)[0][:10])
                assert (lay.encode(state, p) == want).all()               # a fresh memory reads the same
            assert_numbers_are_the_view(state, p)
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    assert steps >= 3


def test_a_hand_that_plays_more_cards_than_the_deck_still_encodes():
    """In ERS the taken piles come back into play, so one hand plays far more than 52 cards: the `played`
    segment's order goes past 1 (it once ran off the end of a table of fractions: an IndexError in a DQN run).
    Both forms of the information-state tensor equal the reference there."""
    game = ruleplay.load_game("ers-triples")
    lay = Layout(game, perfect_recall=True)
    state = game.new_initial_state(seed=3)
    rng = random.Random(3)
    memories = [Memory(lay, p) for p in range(game.num_players())]
    while not state.is_terminal():
        p = state.current_player()
        played = sum(1 for e in state.events() if e["event"] == "play")
        got = lay.encode_list(state, p, memories[p])
        if played > 70:
            assert got == [float(x) for x in reference_tensor(lay, state, p)]
            assert (lay.encode(state, p) == reference_tensor(lay, state, p)).all()
            break
        legal = state.legal_actions()
        quiet = game.space.NO_SLAP                  # nobody slaps (a random slap burns): the cards go round
        state.apply_action(quiet if quiet in legal and rng.random() < 0.97 else rng.choice(legal))
    else:
        pytest.fail("the game ended before 70 cards were played")

"""A hand's random events besides its deal drawn as chance decisions at a chance table (OpenSpiel's
chance="cards"): a reshuffled stock and a shuffled zone card by card, uniform over exactly the cards
shuffled, the first drawn on top; a tie drawn by lot as one node over the tied seats. The game stays a
function of its history, and OpenSpiel's own check passes."""
from __future__ import annotations

import random

import pytest

import ruleplay
from ruleplay.engine.decision import CHANCE


def play_to(state, seed: int, stop) -> bool:
    """Random chance outcomes and choices until `stop(state)` holds at a chance node (True) or the game ends."""
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            if stop(state):
                return True
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return False


def stopped(game, stop, max_actions: int, seeds: int = 30):
    """The first of `seeds` random games stopped at a chance node where `stop` holds."""
    for seed in range(seeds):
        s = game.new_initial_state(chance=True, max_actions=max_actions)
        if play_to(s, seed, stop):
            return s
    pytest.fail(f"no such chance node in {seeds} games")


def draw_all(state, order: list[int]) -> None:
    """Answer the chance nodes under way by `order` (the cards to draw first, in turn), then the lowest left."""
    while state.is_chance_node():
        left = [a for a, _ in state.chance_outcomes()]
        pick = next((c for c in order if c in left), left[0])
        state.apply_action(pick)


def replayed(game, state):
    """The state played again from its history alone."""
    again = game.new_initial_state(chance=True, max_actions=state._run.t.max_actions)
    for a in state.history():
        again.apply_action(a)
    return again


def test_a_reshuffled_stock_is_drawn_card_by_card_and_the_next_card_drawn_is_the_first_chosen():
    game = ruleplay.load_game("crazy-eights")
    stock, pile = (game.rules.zones[z].index for z in ("stock", "pile"))

    def reshuffling(state) -> bool:
        t = state._run.t
        return not t.shared[stock] and len(t.shared[pile]) > 2 and any(
            ev["event"] == "shed" and ev["seat"] is not None for ev in state.events()[-30:])
    s = stopped(game, reshuffling, 20_000)
    t = s._run.t
    shuffled = sorted(list(t.shared[pile])[:-1])
    outcomes = s.chance_outcomes()
    assert [a for a, _ in outcomes] == shuffled                          # exactly the pile but its top card
    assert {p for _, p in outcomes} == {1 / len(shuffled)}
    assert s.current_player() == CHANCE
    order = shuffled[::-1]                                               # the highest first
    draw_all(s, order)
    names = game.rules.deck.names
    events = s.events()
    k = max(i for i, ev in enumerate(events) if ev["event"] == "reshuffle")
    assert events[k - 1] == {"event": "chance-draw", "drawn": [names[c] for c in order[:-1]]}
    draw = next(ev for ev in events[k:] if ev["event"] == "draw")
    assert draw["cards"] == [names[order[0]]]                            # the first card chosen is drawn next
    assert list(t.shared[stock])[::-1] == order[len(order) - len(t.shared[stock]):]   # the rest as chosen, top first
    assert all(ev["event"] != "chance-draw" for seat in range(game.rules.players) for ev in s.seat_events(seat))
    assert replayed(game, s).events() == events


def test_a_turns_shuffle_nested_in_every_player_draws_exactly_the_hand_shuffled():
    game = ruleplay.load_game("old-maid")       # start: every-player: [pairs out, shuffle: hand]
    s = game.new_initial_state(chance=True, max_actions=5_000)
    hand = game.rules.zones["hand"].index
    t = s._run.t
    assert play_to(s, 0, lambda state: any(ev["event"] == "deal" for ev in state.events()))
    seat = next(q for q in t.seat_range if sorted(t.seat_zones[hand][q]) == [a for a, _ in s.chance_outcomes()])
    cards = sorted(t.seat_zones[hand][seat])
    draw_all(s, cards)                                                  # the lowest first
    assert list(t.seat_zones[hand][seat])[::-1] == cards                # top first, in the order drawn
    shuffle = next(ev for ev in s.events()[::-1] if ev["event"] == "shuffle" and ev.get("seat") == seat)
    assert shuffle["zone"] == "hand"
    assert play_to(s, 0, lambda state: False) is False                  # plays on to the end, hands shuffled
    assert replayed(game, s).events() == s.events()


def test_a_shuffled_take_draws_exactly_the_cards_on_the_table_and_the_first_drawn_goes_deepest():
    game = ruleplay.load_game("war", options={"pickup": "shuffled"})
    table, stock = game.rules.zones["table"].index, game.rules.zones["stock"].index
    s = stopped(game, lambda state: bool(state._run.t.shared[table]), 2_000)
    t = s._run.t
    cards = sorted(t.shared[table])
    assert [a for a, _ in s.chance_outcomes()] == cards and len(cards) >= 2
    before = len(s.events())
    for c in cards[:-1]:                                                # the lowest first (the last one follows)
        s.apply_action(c)
    take = next(ev for ev in s.events()[before:] if ev["event"] == "take")
    assert take["count"] == len(cards)
    # under the taker's stock (its cards are played from the top), the first drawn at the bottom
    assert list(t.seat_zones[stock][take["seat"]])[:len(cards)] == cards
    assert replayed(game, s).events() == s.events()


TUCK = """\
name: tuck-test
description: each player tucks their card into the stock at a random place
players: 2
deck: {ranks: [A, 2, 3, 4, 5], suits: [S]}
zones:
  hand: {owner: seat}
  stock: {owner: table, visibility: hidden}
deal: {to: hand, count: 1, rest: stock}
phases:
  play:
    kind: turns
    track: {turns: 0}
    until: "turns >= 2"
    moves:
      tuck:
        description: "tuck your card into the stock"
        do: [{if: "turns >= 0", then: [{move: {from: hand, to: stock, count: 1, at: random}}]}, {add: {turns: 1}}]
scoring:
  points: "0"
match:
  end: "hand-number >= 1"
  winners: {highest: s.score}
"""


def test_a_card_put_at_a_random_place_is_one_chance_node_over_the_places(tmp_path):
    (tmp_path / "tuck.yaml").write_text(TUCK, encoding="utf-8")
    game = ruleplay.load_game(str(tmp_path / "tuck.yaml"))
    s = game.new_initial_state(chance=True)
    while not s._run.decision.labels:                                   # the deal, card by card: 3 in the stock
        s.apply_action(s.chance_outcomes()[0][0])
    assert s.chance_outcomes() == [(i, 1 / 4) for i in range(4)]       # seat 0's card: under 0..3 cards
    assert s.action_to_string(1) == "1 card under it"
    s.apply_action(0)                                                   # at the bottom
    tucked = next(ev for ev in s.events() if ev["event"] == "move")["cards"][0]
    stock = s._run.t.shared[game.rules.zones["stock"].index]
    assert game.rules.deck.names[stock[0]] == tucked
    assert {"event": "chance-draw", "drawn": ["0 cards under it"]} in s.events()
    assert replayed(game, s).events() == s.events()


def test_a_tie_cut_by_lot_is_one_chance_node_over_the_tied_seats():
    game = ruleplay.load_game("knockout-whist", 3)     # seats tied for most tricks cut for the choice of trump

    def cut(state) -> bool:
        d = state._run.decision
        return bool(d.labels) and all(label.endswith("wins the cut") for label in d.labels.values())
    s = stopped(game, cut, 5_000)
    tied = [a for a, _ in s.chance_outcomes()]
    assert 2 <= len(tied) <= 3 and {p for _, p in s.chance_outcomes()} == {1 / len(tied)}
    winner = tied[-1]
    s.apply_action(winner)
    events = s.events()
    assert events[-2:] == [{"event": "chance-draw", "drawn": [f"seat {winner} wins the cut"]},
                           {"event": "cut", "phase": "call", "seats": tied, "seat": winner}]
    assert replayed(game, s).events() == events


def test_an_exact_slap_tie_drawn_by_lot_is_one_chance_node_over_the_tied_seats():
    game = ruleplay.load_game("ers", 3, options={"tie-no-winner": False})
    space = game.space
    s = game.new_initial_state(chance=True, max_actions=5_000)
    rng = random.Random(0)
    while not (s.is_chance_node() and "wins the tie" in str(s._run.decision.labels)):
        d = s._run.decision
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
        elif d.window is not None:     # every seat slaps a pattern at the same ms: a tie no rule breaks
            s.apply_action(space.slap(1, 1) if d.view.pattern is not None else space.NO_SLAP)
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    assert s.chance_outcomes() == [(q, 1 / 3) for q in range(3)]
    before = len(s.events())
    s.apply_action(1)
    events = s.events()[before:]
    assert events[0] == {"event": "chance-draw", "drawn": ["seat 1 wins the tie"]}
    slaps = [ev for ev in events if ev["event"] == "slap"]
    assert len(slaps) == 3 and [ev["seat"] for ev in slaps if ev["won"]] == [1]
    assert next(ev for ev in events if ev["event"] == "take")["seat"] == 1
    assert replayed(game, s).events() == s.events()


def test_an_openspiel_state_at_a_reshuffle_serializes_and_copies():
    pyspiel = pytest.importorskip("pyspiel")
    import ruleplay.adapters.spiel  # noqa: F401 - registers "ruleplay"
    game = pyspiel.load_game("ruleplay", {"ruleset": "crazy-eights", "players": 3})
    rng = random.Random(1)
    s = game.new_initial_state()
    while not (s.is_chance_node() and s.ruleplay_state.events()[-1]["event"] in ("draw", "shed", "no-play")):
        outcomes = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
        s.apply_action(rng.choice(outcomes))
    t = s.ruleplay_state._run.t
    assert not t.shared[game.ruleplay.rules.zones["stock"].index]                # a reshuffle mid-hand
    assert 1 < len(s.chance_outcomes()) <= game.max_chance_outcomes()
    copies = [pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, s))[1], s.clone()]
    a = s.chance_outcomes()[0][0]
    s.apply_action(a)
    for other in copies:
        other.apply_action(a)
        assert other.history() == s.history() and other.chance_outcomes() == s.chance_outcomes()
        assert other.information_state_string(0) == s.information_state_string(0)


@pytest.mark.parametrize("ruleset, players, options", [("crazy-eights", 3, "target=20"), ("old-maid", 3, ""),
                                                        ("switch", 3, "")])
def test_openspiel_random_sim_test_passes_with_mid_hand_chance_nodes(ruleset, players, options):
    pyspiel = pytest.importorskip("pyspiel")
    import ruleplay.adapters.spiel  # noqa: F401 - registers "ruleplay"
    game = pyspiel.load_game("ruleplay", {"ruleset": ruleset, "players": players, "options": options,
                                          "max_actions": 400})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_max_game_length_bounds_games_that_reshuffle_and_past_it_the_game_is_a_limit():
    """max_game_length counts the deals' chance nodes and as many mid-hand as the action limit: random
    Crazy Eights games with a small limit (reshuffle after reshuffle, each up to 51 nodes) never pass it; a
    table allowed fewer chance draws than its reshuffles need stops as a limit, not mid-shuffle."""
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("ruleplay", {"ruleset": "crazy-eights", "players": 3, "max_actions": 120})
    rng, longest = random.Random(3), 0
    for _ in range(6):
        s, n = game.new_initial_state(), 0
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            n += 1
        longest = max(longest, n)
    assert 120 < longest <= game.max_game_length()
    state = ruleplay.load_game("crazy-eights").new_initial_state(2, max_actions=400, chance=True)
    state._run.t.max_chance = 60                 # the deal's 51 draws, then a reshuffle needs more
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.result().outcome == "limit" and "60 chance draws" in state.result().reason


def test_equal_cards_of_several_packs_are_one_outcome_weighted_by_how_many_are_left():
    """Baccarat's eight packs: a chance node offers each card name once (OpenSpiel refuses two outcomes with one
    string), weighted by how many of it are left: 8 of 416 each, then 7 of 415 for the name just drawn."""
    state = ruleplay.load_game("baccarat").new_initial_state(1, chance=True)
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])          # the bets
    first = state.chance_outcomes()
    labels = [state.action_to_string(a) for a, _ in first]
    assert len(labels) == len(set(labels)) == 52 and all(p == pytest.approx(8 / 416) for _, p in first)
    drawn = first[0][0]
    state.apply_action(drawn)
    after = dict(state.chance_outcomes())
    name = state.action_to_string(drawn)
    same = [a for a in after if state.action_to_string(a) == name]
    assert len(after) == 52 and len(same) == 1 and drawn not in after
    assert after[same[0]] == pytest.approx(7 / 415) and sum(after.values()) == pytest.approx(1.0)

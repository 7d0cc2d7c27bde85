"""Every shipped ruleset with decisions as an OpenSpiel game passes OpenSpiel's own conformance check, with
serialization; its returns are game points; its game string, states and information states hold up."""
import copy
import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel")
import ruleplay  # noqa: E402
import ruleplay.adapters.spiel  # noqa: E402,F401 - registers "ruleplay"
from ruleplay.adapters.spiel import format_options, parse_options  # noqa: E402
from conftest import chance_to_play  # noqa: E402

CASES = [
    ("hearts", 0, "hands=single"),
    ("hearts-seed", 0, ""),
    ("oh-hell", 3, "hand-sizes=[3,2]"),
    ("one-card", 3, "target=10"),
    ("one-card-two-of-diamonds-joker", 4, "target=10"),
    ("knockout-whist", 3, ""),
    ("slapjack", 2, ""),
]


def load(ruleset, players=0, options="", **more):
    return pyspiel.load_game("ruleplay", {"ruleset": ruleset, "players": players, "options": options, **more})


@pytest.mark.parametrize("ruleset, players, options", CASES)
def test_random_sim_test_with_serialization(ruleset, players, options):
    # a whole match drawn card by card is thousands of chance nodes, each serialized state played again from
    # its history: the seed node keeps the match's check short (the single hands check the card draws)
    chance = "seed" if ruleset == "hearts-seed" else "cards"
    pyspiel.random_sim_test(load(ruleset, players, options, chance=chance), num_sims=1 if chance == "seed" else 2,
                            serialize=True, verbose=False)        # a whole match, serialized at every state: one


def test_deals_are_drawn_card_by_card_at_chance_nodes():
    """Each chance node is uniform over the cards not drawn yet; the deal gives them out as a dealer would,
    one at a time from the dealer's left, the first card drawn first."""
    game = load("hearts", options="hands=single")
    assert game.max_chance_outcomes() == 52 and game.get_parameters()["chance"] == "cards"
    s = game.new_initial_state()
    assert s.is_chance_node() and [a for a, _ in s.chance_outcomes()] == [0, 1, 2, 3]   # who deals
    s.apply_action(3)
    names = game.ruleplay.rules.deck.names
    drawn = []
    while s.is_chance_node():
        outs = s.chance_outcomes()
        assert len(outs) == 52 - len(drawn) and sum(p for _, p in outs) == pytest.approx(1.0)
        assert len({p for _, p in outs}) == 1 and not set(a for a, _ in outs) & set(drawn)
        a = outs[len(outs) // 2][0]                          # the middle card of those left
        assert s.action_to_string(a) == f"deal {names[a]}"
        drawn.append(a)
        s.apply_action(a)
    assert len(drawn) == 51
    last = (set(range(52)) - set(drawn)).pop()
    order = drawn + [last]
    deal = next(ev for ev in s.ruleplay_state.events() if ev["event"] == "deal")
    for seat in range(4):
        mine = [names[c] for i, c in enumerate(order) if i % 4 == seat]     # seat 0 is the dealer's left
        assert deal["hands"][seat] == mine[::-1]                            # the log lists a hand top first
    assert not s.is_chance_node() and s.current_player() in range(4)
    c = pickle.loads(pickle.dumps(s))
    assert c.history() == s.history() and str(c) == str(s)


def test_the_seed_node_keeps_seeded_games():
    game = load("one-card", 3, chance="seed")
    s = game.new_initial_state()
    assert s.is_chance_node() and len(s.chance_outcomes()) == ruleplay.adapters.spiel.SEEDS
    s.apply_action(3)
    inner = ruleplay.load_game("one-card", players=3).new_initial_state(seed=3)
    assert s.current_player() == inner.current_player()
    assert [game.actions.ruleplay(a) for a in s.legal_actions()] == inner.legal_actions()
    assert [s.action_to_string(a) for a in s.legal_actions()][:2] == ["pass", "bid 7"]
    c = s.clone()
    c.apply_action(c.legal_actions()[0])
    assert s.history() == [3] and c.history() == [3, s.legal_actions()[0]]


def test_options_text():
    assert parse_options("hand-sizes=[5,6], no-exact-total=true") == {"hand-sizes": "[5,6]", "no-exact-total": "true"}
    assert parse_options("hand-sizes:[5;6];no-exact-total:true") == {"hand-sizes": "[5,6]", "no-exact-total": "true"}
    assert parse_options(format_options({"hand-sizes": "[5,6]", "x": "y"})) == {"hand-sizes": "[5,6]", "x": "y"}
    with pytest.raises(ValueError):
        parse_options("nonsense")


def play_out(state, seed=0):
    import random
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


# ---------------------------------------------------------------- returns in game points
def test_points_returns_are_the_negated_totals_of_a_lowest_wins_game():
    game = load("hearts", 0, "hands=single")
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.min_utility() < -26 and game.max_utility() > 26
    s = play_out(game.new_initial_state(), 1)
    scores = s.ruleplay_state.result().scores
    assert s.returns() == [-float(x) for x in scores] and sorted(scores) != [0, 0, 0, 0]
    assert sum(scores) in (26, 78)


def test_normalized_returns_stay_available():
    game = load("hearts", 0, "hands=single", returns="normalized")
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    s = play_out(game.new_initial_state(), 1)
    assert s.returns() == s.ruleplay_state.returns() and max(s.returns()) == 1.0
    with pytest.raises(Exception):
        load("hearts", returns="nonsense")


def test_a_game_won_or_lost_is_zero_sum():
    game = load("knockout-whist", 3)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    s = play_out(game.new_initial_state(), 2)
    r = s.returns()
    assert sorted(r) == [-0.5, -0.5, 1.0] and s.ruleplay_state.result().winners == [r.index(1.0)]


# ---------------------------------------------------------------- serialization
def test_the_game_string_round_trips_with_options():
    game = load("oh-hell", 3, "hand-sizes=[3,2],no-exact-total=true", max_actions=5000)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.ruleplay.rules.option_set == game.ruleplay.rules.option_set
    assert again.ruleplay.rules.options["hand-sizes"] == [3, 2]
    hands = again.ruleplay.rules.match.max_hands     # each deal's chance draws besides the actions, and as many
    assert again.max_game_length() == 5000 + 53 * hands + 5000        # mid-hand as the actions (a reshuffle)
    assert load("oh-hell", 3, max_actions=5000, chance="seed").max_game_length() == 5001


def test_states_pickle_deepcopy_and_serialize():
    game = load("oh-hell", 3, "hand-sizes=[3,2]")
    s = chance_to_play(game.new_initial_state(), 7)
    for _ in range(4):
        s.apply_action(s.legal_actions()[-1])
    for other in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s),
                  pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, s))[1]):
        assert other.history() == s.history() and str(other) == str(s)
        assert other.information_state_string(0) == s.information_state_string(0)
        other.apply_action(other.legal_actions()[0])
        assert other.history() != s.history()          # a copy, not the same game


# ---------------------------------------------------------------- perfect recall
def test_information_state_is_perfect_recall_and_private():
    game = load("hearts", 0, "hands=single")
    assert game.get_type().provides_information_state_string
    s = chance_to_play(game.new_initial_state(), 4)
    dealt0 = s.ruleplay_state.seat_view(0).seat_zones[0].cards
    passed = []
    while not any(ev["event"] == "pass" for ev in s.ruleplay_state.events()):     # the pass, revealed
        a = s.legal_actions()[0]
        if s.current_player() == 0:
            passed.append(s.action_to_string(a))
        s.apply_action(a)
    assert len(passed) == 3
    # seat 0's hand no longer shows the cards it passed; its information state still does
    hand_line = next(line for line in s.observation_string(0).splitlines() if line.startswith("seat 0 hand"))
    info = s.information_state_string(0)
    assert all(c not in hand_line.split() and f'"{c}"' in info for c in passed)
    # seat 1 knows no card of seat 0's dealt hand but the ones passed (possibly to it)
    info1 = s.information_state_string(1)
    assert {c for c in dealt0 if f'"{c}"' in info1} <= set(passed)


def test_information_state_never_forgets():
    """Perfect recall: everything a seat's information state held, it still holds a move later; the
    observation forgets (a trick's cards leave the table)."""
    import random
    rng = random.Random(3)
    game = load("oh-hell", 3, "hand-sizes=[3]")
    s = chance_to_play(game.new_initial_state(), 9)
    forgot = 0
    while not s.is_terminal():
        before = [s.information_state_string(p).splitlines() for p in range(3)]
        obs = [set(s.observation_string(p).splitlines()) for p in range(3)]
        s.apply_action(rng.choice(s.legal_actions()))
        for p in range(3):
            after = s.information_state_string(p).splitlines()
            assert set(before[p]) <= set(after) and len(after) >= len(before[p])
            forgot += not obs[p] <= set(s.observation_string(p).splitlines())
    assert forgot

"""OpenSpiel's own algorithms on ruleplay games: resampling and ISMCTSBot, ruleplay's bots as pyspiel.Bot,
the tensors generated from the rules, and rl_environment."""
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import ruleplay.adapters.spiel  # noqa: E402,F401 - registers "ruleplay"
from ruleplay.adapters.spiel import make_bot  # noqa: E402
from conftest import chance_to_play  # noqa: E402


def load(ruleset, players=0, options="", **more):
    return pyspiel.load_game("ruleplay", {"ruleset": ruleset, "players": players, "options": options, **more})


def hidden_hands(state, seat):
    """The other seats' hands as cards (the true state, for the test only)."""
    inner = state.ruleplay_state
    n = state.get_game().num_players()
    return [tuple(inner.seat_view(p).seat_zones[p].cards) for p in range(n) if p != seat]


# ---------------------------------------------------------------- resampling
def test_resample_keeps_the_information_state_and_deals_the_unseen_cards_again():
    game = load("hearts", 0, "hands=single")
    s = chance_to_play(game.new_initial_state(), 5)
    rng = random.Random(0)
    while len(s.ruleplay_state.seat_view(0).table_zones[0].cards or []) < 2 or s.current_player() != 0:
        s.apply_action(rng.choice(s.legal_actions()))       # into the first tricks, seat 0 to play
        if s.is_terminal():
            pytest.fail("the hand ended")
    p = s.current_player()
    deals = set()
    r = np.random.RandomState(1)
    for _ in range(5):
        t = s.resample_from_infostate(p, r.random_sample)
        assert t.information_state_string(p) == s.information_state_string(p)
        assert t.observation_string(p) == s.observation_string(p)
        assert t.legal_actions() == s.legal_actions()
        deals.add(tuple(hidden_hands(t, p)))
        play_to_end = t.clone()
        while not play_to_end.is_terminal():
            play_to_end.apply_action(play_to_end.legal_actions()[0])
    assert len(deals) > 1                                  # the unseen cards dealt again, not copied


@pytest.mark.parametrize("ruleset, options, decisions", [
    ("euchre", "target=3", 12),          # the dealer's unseen discard before going alone; the turned-up card
    ("president", "", 12),               # climbs: copies of the game
    ("crazy-eights", "", 4),             # hidden draws (until the stock is reshuffled)
    ("oh-hell", "hand-sizes=[4,3]", 4),  # the turned-up trump, bids, two hands
])
def test_resample_at_each_decision_of_other_games(ruleset, options, decisions):
    game = load(ruleset, 0, options, max_actions=3000)
    s, games = chance_to_play(game.new_initial_state(), 3), 1
    rng = np.random.RandomState(0)
    done = 0
    while done < decisions and games <= 3:
        if s.is_terminal():                   # a short game: the next one goes on
            s, games = chance_to_play(game.new_initial_state(), 3 + games), games + 1
            continue
        p = s.current_player()
        if p == 0:
            t = s.resample_from_infostate(p, rng.random_sample)
            assert t.information_state_string(p) == s.information_state_string(p)
            assert t.legal_actions() == s.legal_actions()
            c = t.clone()                     # a sample plays on
            c.apply_action(c.legal_actions()[-1])
            done += 1
        s.apply_action(int(rng.choice(s.legal_actions())))
    assert done == decisions


def test_a_slap_window_is_not_resampled():
    """What ruleplay's sampler cannot prove (a slap window) is refused, not guessed from the true state."""
    game = load("slapjack", 2)
    s = chance_to_play(game.new_initial_state(), 1)
    with pytest.raises(pyspiel.SpielError):
        s.resample_from_infostate(s.current_player(), np.random.RandomState(0).random_sample)


def test_ismcts_bot_plays_a_hearts_hand_unchanged():
    from open_spiel.python.algorithms import ismcts, mcts
    game = load("hearts", 0, "hands=single")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=4,
                           random_state=rng)
    s = chance_to_play(game.new_initial_state(), 3)
    asked = 0
    while not s.is_terminal():
        if s.current_player() == 0:
            a = bot.step(s)
            asked += 1
        else:
            a = rng.choice(s.legal_actions())
        s.apply_action(int(a))
    assert asked >= 10 and sum(s.returns()) in (-26, -78)


# ---------------------------------------------------------------- ruleplay's bots as pyspiel.Bot
def test_make_bot_seats_ruleplay_bots_at_an_openspiel_table():
    game = load("hearts", 0, "hands=single")
    bots = [make_bot(game, p, k, seed=p) for p, k in enumerate(["smart", "random", "lowest", "ismcts:3"])]
    assert all(isinstance(b, pyspiel.Bot) for b in bots)
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 7)
    assert sum(returns) in (-26, -78)
    with pytest.raises(ValueError):
        make_bot(game, 0, "nonsense")


# ---------------------------------------------------------------- tensors
def test_tensors_have_the_declared_sizes_and_hide_nothing_they_should_not_show():
    game = load("oh-hell", 3, "hand-sizes=[4]")
    assert game.get_type().provides_observation_tensor and game.get_type().provides_information_state_tensor
    s = chance_to_play(game.new_initial_state(), 2)
    layout = game.layouts[False]
    obs = np.asarray(s.observation_tensor(1))
    assert obs.shape == (game.observation_tensor_size(),) == (layout.size,)
    assert len(s.information_state_tensor(1)) == game.information_state_tensor_size() > layout.size
    places = layout.places
    onehot = obs[:len(layout.names) * places].reshape(-1, places)
    assert (onehot.sum(axis=1) == 1).all()
    inner = s.ruleplay_state
    views = inner.seat_view(1).seat_zones
    mine = set(views[1].ids)
    for c in range(len(layout.names)):
        if onehot[c, 0]:                       # the seat's own hand: place 0
            assert c in mine
    for z in views[:3]:
        if z.seat != 1:
            assert z.ids is None               # others' hands are hidden, and so unknown in the tensor
    assert onehot[:, places - 1].sum() == len(layout.names) - len(mine) - sum(
        len(z.ids) for z in inner.seat_view(1).table_zones if z.ids)


def collisions(game, seeds):
    """Observation tensors shared by two states whose observation strings differ, over random play."""
    seen: dict[bytes, str] = {}
    bad = 0
    rng = random.Random(0)
    n = game.num_players()
    for seed in seeds:
        s = chance_to_play(game.new_initial_state(), seed)
        while not s.is_terminal():
            for p in range(n):
                key = np.asarray(s.observation_tensor(p), dtype=np.float32).tobytes()
                text = s.observation_string(p)
                bad += seen.setdefault(key, text) != text
            s.apply_action(rng.choice(s.legal_actions()))
    return bad, len(seen)


@pytest.mark.parametrize("ruleset, players, options, seeds", [
    ("hearts", 0, "hands=single", range(3)),
    ("oh-hell", 4, "hand-sizes=[3,2]", range(12)),
    ("euchre", 0, "target=3", range(3)),      # ordering up and going alone: the same table, two phases
])
def test_the_observation_tensor_tells_apart_what_the_string_tells_apart(ruleset, players, options, seeds):
    bad, distinct = collisions(load(ruleset, players, options), seeds)
    assert distinct > 100 and bad == 0


def test_trump_and_the_trick_in_order_reach_the_tensor():
    """Two Oh Hell deals differing only in the turned-up trump give different tensors (the issue's case)."""
    game = load("oh-hell", 4, "hand-sizes=[3]")
    layout = game.layouts[False]
    trumps = {}
    for seed in range(40):
        s = chance_to_play(game.new_initial_state(), seed)
        t = np.asarray(s.observation_tensor(0))
        seg = next(sg for sg in layout.segments if sg.name == "trump")
        trumps[int(np.argmax(t[seg.start:seg.start + seg.size]))] = True
    assert len(trumps) == 4


def test_rl_environment_starts_on_hearts():
    from open_spiel.python import rl_environment
    from ruleplay.adapters.spiel import SEEDS, SeedSampler
    sampler = SeedSampler(0)
    seeded = load("hearts", 0, "hands=single", chance="seed")
    seeds = {sampler(seeded.new_initial_state()) for _ in range(20)}
    assert len(seeds) > 15 and all(0 <= x < SEEDS for x in seeds)
    game = load("hearts", 0, "hands=single")
    first = game.new_initial_state()
    assert {sampler(first) for _ in range(40)} == {a for a, _ in first.chance_outcomes()}    # who deals
    env = rl_environment.Environment(game, chance_event_sampler=SeedSampler(1))
    step = env.reset()
    assert len(step.observations["info_state"][0]) == env.observation_spec()["info_state"][0]
    n = 0
    rng = random.Random(0)
    while not step.last():
        p = step.observations["current_player"]
        step = env.step([rng.choice(step.observations["legal_actions"][p])])
        n += 1
    assert n >= 40 and sum(step.rewards) in (-26, -78)


def test_a_kept_memory_gives_the_tensor_a_fresh_reading_gives():
    """Tensors read the log incrementally (tensors.Memory): at every step of a game with passes and of a
    match of several hands they equal the tensor read from the whole log, and the State's incremental log
    is its seat log."""
    import ruleplay
    from ruleplay.adapters.tensors import Layout, Memory
    for name, opts in (("hearts", {"hands": "single"}), ("oh-hell", {"hand-sizes": [3, 2]})):
        game = ruleplay.load_game(name, options=opts)
        layout = Layout(game, perfect_recall=True)
        state = game.new_initial_state(seed=4)
        memories = [Memory(layout, p) for p in range(game.num_players())]
        rng = random.Random(1)
        steps = 0
        while not state.is_terminal():
            p = state.current_player()
            kept = layout.encode(state, p, memory=memories[p])
            assert (kept == layout.encode(state, p)).all()
            events, _ = state.seat_events_since(p, 0)
            assert events + state.sealed_choices(p) == state.seat_events(p)
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        assert steps > 15


@pytest.mark.parametrize("ruleset, players, options", [
    ("hearts", 0, "hands=single"), ("oh-hell", 4, "hand-sizes=[4,3]"), ("euchre", 0, "target=3"),
    ("president", 0, ""),
])
def test_tensors_leak_no_hidden_card(ruleset, players, options):
    """A state the seat cannot tell from the true one (the unseen cards dealt again: resample) gives it the
    same observation and information-state tensors: nothing in them depends on a card it has not seen."""
    game = load(ruleset, players, options, max_actions=3000)
    s = chance_to_play(game.new_initial_state(), 6)
    rng = np.random.RandomState(2)
    checked = differ = 0
    while not chance_to_play(s, checked).is_terminal() and checked < 12:
        p = s.current_player()
        t = s.resample_from_infostate(p, rng.random_sample)
        differ += hidden_hands(t, p) != hidden_hands(s, p)
        assert t.observation_tensor(p) == s.observation_tensor(p)
        assert t.information_state_tensor(p) == s.information_state_tensor(p)
        checked += 1
        s.apply_action(int(rng.choice(s.legal_actions())))
    assert checked == 12 and differ >= 6


@pytest.mark.parametrize("ruleset, players, options", [
    ("hearts", 0, ""), ("oh-hell", 4, "hand-sizes=[4,3]"), ("five-hundred", 0, "target=200"), ("in-between", 3, ""),
])
def test_the_tensor_calls_give_what_openspiels_observer_path_gives(ruleset, players, options):
    """The state answers `information_state_tensor` and `observation_tensor` itself (a list written directly); the
    generic path (pyspiel's own, through `make_py_observer` and a float32 array) must give the same values at
    every step: scores, bids, counters and fractions included, float32 rounding and all."""
    game = load(ruleset, players, options, max_actions=400)
    rng = random.Random(3)
    steps = nonzero = 0
    s = game.new_initial_state()
    while steps < 40:                           # whole games until 40 decisions were compared
        if s.is_terminal():
            s = game.new_initial_state()
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        for p in range(game.num_players()):
            mine = s.information_state_tensor(p)
            assert type(mine) is list and mine == pyspiel.State.information_state_tensor(s, p), (steps, p)
            assert s.observation_tensor(p) == pyspiel.State.observation_tensor(s, p), (steps, p)
            nonzero |= any(0.0 < abs(x) < 1.0 for x in mine)
        s.apply_action(rng.choice(s.legal_actions()))
        steps += 1
    assert nonzero                           # fractions were compared, not only zeros and ones
    with pytest.raises(pyspiel.SpielError):
        s.information_state_tensor(game.num_players())


def test_an_observer_of_public_facts_only_is_refused():
    """OpenSpiel may ask for a public-only observer: ruleplay's tensors hold the seat's own cards, so it refuses."""
    from open_spiel.python.observation import make_observation
    game = load("hearts", 0, "hands=single")
    kinds = pyspiel.PrivateInfoType
    for private in (kinds.NONE, kinds.ALL_PLAYERS):
        with pytest.raises(ValueError):
            make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                                              private_info=private))
    seat = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True, public_info=True,
                                                             private_info=kinds.SINGLE_PLAYER))
    assert seat.tensor.shape == (game.information_state_tensor_size(),)


DQN_GAMES = [("hearts", 4, "hands=single"), ("oh-hell", 4, "hand-sizes=[3]"), ("euchre", 4, "target=1"),
             ("ers-triples", 2, "")]


@pytest.fixture(scope="module")
def dqn_runs() -> dict[str, tuple[int, int]]:
    """tests/dqn_smoke.py run once for the four games (JAX imported once): each game's steps and rewards."""
    import importlib.util
    import subprocess
    import sys
    from pathlib import Path
    if any(importlib.util.find_spec(m) is None for m in ("jax", "flax", "optax", "chex")):
        pytest.skip("JAX is not installed (pip install 'ruleplay[rl]')")
    script = Path(__file__).resolve().parent / "dqn_smoke.py"
    args = [str(x) for game in DQN_GAMES for x in game]
    done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    out = {}
    for line in done.stdout.splitlines():
        name, _, steps, _, rewards = line.split()
        out[name] = (int(steps), int(rewards))
    return out


@pytest.mark.parametrize("ruleset, players, options", DQN_GAMES)
def test_dqn_smoke_runs(dqn_runs, ruleset, players, options):
    """OpenSpiel's own JAX DQN learns through rl_environment on the issue's four games (skipped without JAX). It
    runs in a child process (tests/dqn_smoke.py): JAX's threads would make the suite's later forks unsafe."""
    steps, rewards = dqn_runs[ruleset]
    assert steps > 16 and rewards == players

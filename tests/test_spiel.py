"""Every shipped ruleset with decisions as an OpenSpiel game passes OpenSpiel's own conformance check."""
import pytest

pyspiel = pytest.importorskip("pyspiel")
import ruleplay  # noqa: E402
import ruleplay.adapters.spiel  # noqa: E402,F401 - registers "ruleplay"
from ruleplay.adapters.spiel import parse_options  # noqa: E402

CASES = [
    ("hearts", 0, "hands=single"),
    ("hearts-seed", 0, ""),
    ("oh-hell", 3, "hand-sizes=[3,2]"),
    ("one-card", 3, "target=10"),
    ("one-card-two-of-diamonds-joker", 4, "target=10"),
]


@pytest.mark.parametrize("ruleset, players, options", CASES)
def test_random_sim_test(ruleset, players, options):
    game = pyspiel.load_game("ruleplay", {"ruleset": ruleset, "players": players, "options": options})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_the_chance_node_is_the_deal_and_play_goes_through_ruleplay():
    game = pyspiel.load_game("ruleplay", {"ruleset": "one-card", "players": 3})
    s = game.new_initial_state()
    assert s.is_chance_node() and len(s.chance_outcomes()) == ruleplay.adapters.spiel.SEEDS
    s.apply_action(3)
    inner = ruleplay.load_game("one-card", players=3).new_initial_state(seed=3)
    assert s.current_player() == inner.current_player() and s.legal_actions() == inner.legal_actions()
    assert [s.action_to_string(a) for a in s.legal_actions()][:2] == ["pass", "bid 7"]
    c = s.clone()
    c.apply_action(c.legal_actions()[0])
    assert s.history() == [3] and c.history() == [3, s.legal_actions()[0]]


def test_options_text():
    assert parse_options("hand-sizes=[5,6], no-exact-total=true") == {"hand-sizes": "[5,6]", "no-exact-total": "true"}
    with pytest.raises(ValueError):
        parse_options("nonsense")

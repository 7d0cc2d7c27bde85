"""A family's pile named by number: `up[at]` in a move, `down[at].size` in an expression (Clock patience,
tests/data/clock.yaml), against the same game written pile by pile (tests/data/clock-long-hand.yaml)."""
from __future__ import annotations

from pathlib import Path

import pytest

from ruleplay.agents import play
from ruleplay.errors import RuleplayError
from ruleplay.pipeline import load
from test_cli import cli  # noqa: F401  (the fixture)

DATA = Path(__file__).parent / "data"


def _events(name: str, seed: int) -> list:
    return play(load(str(DATA / name), {}), seed).events[1:]     # (the first names the file)


@pytest.mark.parametrize("seed", range(40))
def test_numbered_piles_play_as_the_piles_written_one_by_one(seed):
    assert _events("clock.yaml", seed) == _events("clock-long-hand.yaml", seed)


def test_each_turned_card_goes_under_the_pile_of_its_rank_and_the_next_comes_from_there():
    values = {r: i for i, r in enumerate("A 2 3 4 5 6 7 8 9 10 J Q K".split(), 1)}
    won = 0
    for seed in range(130):
        r = play(load(str(DATA / "clock.yaml"), {}), seed)
        moves = [e for e in r.events if e["event"] == "move" and e.get("from", "").startswith(("down", "turned"))]
        at = 13
        for take, put in zip(moves[0::2], moves[1::2]):
            assert take["from"] == f"down{at}" and take["to"] == "turned"
            at = values[put["cards"][0][:-1]]
            assert (put["from"], put["to"]) == ("turned", f"up{at}")
        face_down = 52 - len(moves) // 2
        assert (r.winners == [0]) == (face_down == 0)
        won += face_down == 0
    assert 3 <= won <= 20                 # about one deal in thirteen comes out (8 of these 130)


def test_a_pile_number_outside_the_family_stops_the_game_at_the_effect(tmp_path):
    text = (DATA / "clock.yaml").read_text().replace("set: {at: turned.top.value}", "set: {at: turned.top.value + 1}")
    bad = tmp_path / "clock.yaml"
    bad.write_text(text)
    with pytest.raises(RuleplayError, match=r"clock.yaml:\d+:\d+: error \[phases.play.moves.turn.do\[2\]\]: up\[at\] is "
                                            r"pile 14 of 13: the piles are numbered 1 to 13"):
        for seed in range(20):
            play(load(str(bad), {}), seed)


def test_run_tells_the_game_up_to_a_runtime_error(cli):
    """`ruleplay run` of a game stopped by a rule's error prints the account so far, then the placed error."""
    text = (DATA / "clock.yaml").read_text().replace("set: {at: turned.top.value}", "set: {at: turned.top.value + 1}")
    rc, out, err = cli("run", "clock.yaml", "--seed", "1", files={"clock.yaml": text})
    assert rc == 1
    assert "goes from down13 to turned." in out and out.endswith("The game stopped here, at the error below.\n")
    assert "error [phases.play.moves.turn.do[2]]: up[at] is pile" in err

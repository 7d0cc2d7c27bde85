"""`deck: {strip: {by-players: {N: [...]}}}`: a pack that depends on the number of players (7 to A for four, a
rank more for each player more), and `validate` checking every number of players a file allows."""
from __future__ import annotations

from ruleplay.pipeline import load
from test_cli import cli  # noqa: F401  (the fixture)

ROLLING = """extends: war
name: rolling
players: {min: 4, max: 6, default: 4}
deck:
  strip:
    by-players: {4: [2, 3, 4, 5, 6], 5: [2, 3, 4, 5], 6: [2, 3, 4]}
"""


def test_each_number_of_players_gets_its_pack(tmp_path):
    f = tmp_path / "rolling.yaml"
    f.write_text(ROLLING)
    for n, low in ((4, "7"), (5, "6"), (6, "5")):
        deck = load(str(f), {}, n).deck
        ranks = ["5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
        assert set(deck.rank) == set(ranks[ranks.index(low):]) and len(deck) == 4 * (15 - int(low))


def test_validate_says_the_number_of_players_a_file_fails_with(cli):
    text = ROLLING.replace(", 6: [2, 3, 4]", "")
    rc, out, err = cli("validate", "r.yaml", files={"r.yaml": text})
    assert (rc, out) == (1, "")
    assert err == ("r.yaml:6:5: error [deck.strip.by-players]: with 6 players: strip has no list for 6 players\n"
                   "    hint: it has lists for 4, 5 players; add 6: [] (nothing taken out) or the cards to take out\n")
    rc, out, err = cli("validate", "r.yaml", "--players", "5", files={"r.yaml": text})
    assert (rc, err) == (0, "") and out == "r.yaml: OK (War, 5 players, 36 cards)\n"

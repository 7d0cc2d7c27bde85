"""A definition given values (`define: {NAME: {params: [a, b], expr: ...}}`, used as `NAME(x, y)`): it plays
exactly as the expression written out with the values in its place, reads loop variables given to it,
may use another such word, and is refused with placed errors where it is misused (docs/errors.md shows
the messages)."""
from __future__ import annotations

import json

import pytest

from ruleplay.errors import RuleplayError
from ruleplay.pipeline import load
from ruleplay.tools.cli import main

MATCHES = """extends: crazy-eights
name: matches
define:
  matches:
    params: [a, b]
    expr: "a.rank == b.rank or a.suit == b.suit"
  playable:
    params: [c]
    expr: "c.rank == '8' or matches(c, pile.top)"
phases:
  play:
    legal: "LEGAL"
"""

HOLDS = """extends: beggar-my-neighbour
name: holds
define:
  holds:
    params: [p]
    expr: "p.stock.size > 0"
end:
  - when: "count(holds(x) for x in seats) == 1 and pile.empty"
    winners: {where: "holds(s)"}
    description: one player holds every card
"""


def _log(tmp_path, name: str, text: str, seed: int, capsys) -> list[dict]:
    p = tmp_path / f"{name}.yaml"
    p.write_text(text, encoding="utf-8")
    log = tmp_path / f"{name}-{seed}.jsonl"
    assert main(["run", str(p), "--seed", str(seed), "--log", str(log), "-q", "--interpret"]) == 0
    capsys.readouterr()
    return [e for e in map(json.loads, log.read_text().splitlines()) if e["event"] != "start"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_word_given_values_plays_as_the_expression_written_out(tmp_path, seed, capsys):
    written = "card.rank == '8' or card.rank == pile.top.rank or card.suit == pile.top.suit"
    given = _log(tmp_path, "given", MATCHES.replace("LEGAL", "playable(card)"), seed, capsys)
    out = _log(tmp_path, "out", MATCHES.replace("LEGAL", written), seed, capsys)
    assert given == out and len(given) > 20


@pytest.mark.parametrize("seed", [4, 5])
def test_a_loop_variable_given_as_a_value(tmp_path, seed, capsys):
    base = _log(tmp_path, "base", "extends: beggar-my-neighbour\nname: base\n", seed, capsys)
    assert _log(tmp_path, "holds", HOLDS, seed, capsys) == base


def test_the_sheet_names_the_word_with_its_values(tmp_path, capsys):
    p = tmp_path / "m.yaml"
    p.write_text(MATCHES.replace("LEGAL", "playable(card)"), encoding="utf-8")
    assert main(["explain", str(p)]) == 0
    out = capsys.readouterr().out
    assert "  matches(a, b): " in out and "  playable(c): " in out
    assert "playable(the card)" in out
    assert "never used" not in out


@pytest.mark.parametrize("legal, message", [
    ("matches", "'matches' needs 2 values where it is used"),
    ("matches(card)", "'matches' takes 2 values (a, b), not 1"),
    ("matches(card, 3)", "in definition 'matches' ('a.rank == b.rank or a.suit == b.suit'): a value of type int has no fields ('.rank')"),
])
def test_misuse_is_placed_at_the_use(tmp_path, legal, message):
    p = tmp_path / "bad.yaml"
    p.write_text(MATCHES.replace("LEGAL", legal), encoding="utf-8")
    with pytest.raises(RuleplayError) as e:
        load(str(p))
    errors = [x for x in e.value.errors if x.level == "error"]
    assert len(errors) == 1 and message in errors[0].message
    assert errors[0].path == ("phases", "play", "legal") and errors[0].mark.line == 12


def test_a_word_that_gives_itself_values_is_refused(tmp_path):
    p = tmp_path / "loop.yaml"
    p.write_text("extends: beggar-my-neighbour\nname: loop\ndefine:\n  deep:\n    params: [c]\n"
                 "    expr: \"deep(c) + 1\"\nphases:\n  play:\n    challenge:\n      chances: \"deep(card)\"\n",
                 encoding="utf-8")
    with pytest.raises(RuleplayError) as e:
        load(str(p))
    assert "'deep' uses itself" in str(e.value)


TWO_HANDS = """name: two-hands
description: Two hands dealt and compared at once, each score written twice (a word, and written out).
players: 2
deck: {{ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K], suits: [C, D, H, S],
       attributes: {{points: {{A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 10, Q: 10, K: 10}}}}}}
define:
{define}
zones:
  hand: {{owner: seat, visibility: owner}}
  trick: {{owner: table, visibility: public}}
  taken: {{owner: seat, visibility: hidden}}
  stock: {{owner: table, visibility: hidden}}
deal: {{to: hand, count: 5, rest: stock}}
phases:
  look: {{kind: trick, from: hand, to: trick, won-to: taken, follow: any, until: "true"}}
scoring:
  points: "{points}"
"""

# a parameter named like the caller's loop variable (PARAM: x or who)
SHADOW = TWO_HANDS.format(
    define='  worth:\n    params: [PARAM]\n    expr: "sum(c.points for c in PARAM.hand)"',
    points="""1000 * count(worth(x) <= worth(dealer) for x in seats)
           + count(sum(c.points for c in y.hand) <= sum(c.points for c in dealer.hand) for y in seats)""")


@pytest.mark.parametrize("param", ["x", "who"])
def test_a_parameter_hides_a_loop_variable_of_its_name(param):
    """`size(dealer)` inside `... for x in seats` reads the dealer, even when the parameter is named `x` (it read
    the loop's `x` before: the count was every seat, whatever the stacks). Each score's thousands (the word given
    values) must equal its units (the expression written out), in a few seeded hands (hands kept: no card played)."""
    seen = _both_halves_agree(SHADOW.replace("PARAM", param))
    assert len(seen) > 1                     # the counts differ between games: the test can tell them apart


# a word looping over x used inside a word whose parameter is x
NESTED = TWO_HANDS.format(
    define="""  least: {expr: "min(x.hand.top.points for x in seats)"}
  lowest: {params: [x], expr: "x.hand.top.points == least"}""",
    points="""1000 * count(lowest(y) for y in seats)
           + count(y.hand.top.points == min(z.hand.top.points for z in seats) for y in seats)""")


def test_a_word_used_inside_another_may_loop_over_the_name_of_its_parameter(tmp_path, capsys):
    """`least` loops over `x` and is used inside `lowest`, whose parameter is `x`: each word is written on its
    own, so `least`'s loop is its own (it was refused: "'x' is already a name here"). Both halves of each score
    agree. A word's own loop over its own parameter's name is still refused, and so is a loop that would hide
    the caller's variable given to the word where the loop reads the value given; the message names the word
    the loop is in. A word used inside it that loops over that name without reading the value (t31: the docs'
    own `least` inside `lowest(x)` under a loop over x) is its own loop: the caller's x comes back after it."""
    assert len(_both_halves_agree(NESTED)) > 1
    own = tmp_path / "own.yaml"
    own.write_text(NESTED.replace('"x.hand.top.points == least"', '"count(x.index > 0 for x in seats) > 0"'),
                   encoding="utf-8")
    assert main(["validate", str(own)]) == 1
    assert "in definition 'lowest' ('count(x.index > 0 for x in seats) > 0'): 'x' is already a name here" \
        in capsys.readouterr().err
    given = NESTED.replace("count(lowest(y) for y in seats)", "count(lowest(x) for x in seats)")
    assert given != NESTED                            # the caller's x given to lowest, then looped over by least
    assert len(_both_halves_agree(given)) > 1
    swapped = given.replace('"x.hand.top.points == least"', '"least == x.hand.top.points"')
    assert swapped != given and len(_both_halves_agree(swapped)) > 1     # least first: x must come back after it



def _both_halves_agree(text: str) -> set[int]:
    """Plays eight seeded hands of `text`; each score's thousands must equal its units. The units seen."""
    import tempfile
    from pathlib import Path
    from ruleplay.engine.state import Game
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "shadow.yaml"
        p.write_text(text, encoding="utf-8")
        game = Game(load(str(p)))
    seen = set()
    for seed in range(8):
        s = game.new_initial_state(seed=seed, max_actions=5000)
        while not s.is_terminal():
            s.apply_action(s.legal_actions()[0])
        for total in s.seat_view(0).scores:
            assert total // 1000 == total % 1000, (seed, total)
            seen.add(total % 1000)
    return seen


def test_a_loop_over_seats_keeps_those_a_condition_holds_for():
    """`count(... for x in seats if x != dealer)` scores as the condition written into the body, hand by hand;
    the generated code leaves such a file to the interpreter (the scores are the interpreter's either way)."""
    kept = SHADOW.replace("PARAM", "who").replace(
        "count(worth(x) <= worth(dealer) for x in seats)", "count(worth(x) <= worth(dealer) for x in seats if x != dealer)"
    ).replace("count(sum(c.points for c in y.hand) <= sum(c.points for c in dealer.hand) for y in seats)",
              "count(y != dealer and sum(c.points for c in y.hand) <= sum(c.points for c in dealer.hand) for y in seats)")
    assert _both_halves_agree(kept) == {0, 1}


def test_a_value_given_that_loops_does_not_clobber_the_words_own_loop(tmp_path):
    """`queens-of(cards-taken == 2)`: the value given (a word looping over the seats as x) is read inside the
    word's own loop over x; it ran with the given word's last x left in place, so the loop read the wrong seat's
    cards (a tester's Doppelkopf count: 101 points where the rules give 1). Seat 1 takes the one trick (JC, QC):
    queens-of(true) is 0 (seat 0's queens), queens-of(false) is 1."""
    from ruleplay.engine.run import Deal
    from ruleplay.agents import play
    text = """name: loop-clobber
description: Two players, one card each.
players: 2
deck: {ranks: [J, Q], suits: [C]}
define:
  queens-of:
    params: [side]
    expr: "sum(count(c.rank == 'Q' for c in x.taken) for x in seats if (x.index == 0) == side)"
  cards-taken: "count(true for x in seats if x.index >= 0 for c in x.taken)"
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
deal: {to: hand, count: 1}
phases:
  play: {kind: trick, from: hand, to: trick, won-to: taken, trump: none}
scoring:
  points: "queens-of(cards-taken == 2) * 100 + queens-of(true) * 10 + queens-of(false)"
match: {end: "true"}
"""
    p = tmp_path / "c.yaml"
    p.write_text(text, encoding="utf-8")
    r = play(load(str(p)), 1, deal=Deal([["JC"], ["QC"]], dealer=1))
    score = next(e for e in r.events if e["event"] == "score")
    assert score["points"] == [1, 1]

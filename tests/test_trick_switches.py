"""The trick kind's switches for the common rules (`first-lead`, `breaks`, `first-trick`; kinds/trickrules.py).

Each is checked on small hand-built deals of a three-player file written here: who leads, which cards are
legal at each decision (read from the steppable state, so a forced card is simply played), the fallback
when no card passes, and the options that switch a part off. The interpreter and the generated code must
agree on the file; bad values get placed errors; the rule sheet says the switches in words.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from ruleplay import codegen
from ruleplay.tools.cli import main
from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.errors import RuleplayError
from ruleplay.pipeline import load
from ruleplay.engine.state import Game

FILE = """\
name: switches
description: three players, small hands, the common trick rules as switches.
players: 3
options:
  any-club: {type: bool, default: false, description: any club may open}
  breaking: {type: bool, default: true, description: H may not be led until broken}
  queen-breaks: {type: bool, default: true, description: QS breaks H}
  queen-too: {type: bool, default: false, description: a leader with only H and QS may lead H}
  clean-first: {type: bool, default: true, description: no points on the first trick}
deck:
  ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]
  suits: [C, D, H, S]
  attributes: {points: {H: 1, QS: 13}}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
deal: {to: hand, count: all}
phases:
  tricks:
    kind: trick
    from: hand
    to: trick
    won-to: taken
    first-lead: {card: 2C, instead: C if any-club}
    breaks:
      H: {flag: h-out, by: [H, QS if queen-breaks], when: breaking, unless-only: [QS if queen-too]}
    first-trick: {no-discard: [points], when: clean-first}
"""


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    p = tmp_path_factory.mktemp("switches") / "switches.yaml"
    p.write_text(FILE, encoding="utf-8")
    return str(p)


def opts(**o) -> dict[str, str]:
    return {k.replace("_", "-"): str(v).lower() for k, v in o.items()}


class Step:
    """A hand dealt by hand, played a card at a time through the state; forced cards play themselves."""

    def __init__(self, path: str, hands: list[list[str]], dealer: int = 0, **o):
        self.rules = load(path, opts(**o))
        self.state = Game(self.rules).new_initial_state(deal=Deal(hands, dealer=dealer))

    def legal(self) -> tuple[int, set[str]]:
        s = self.state
        return s.current_player(), {s.action_to_string(a) for a in s.legal_actions()}

    def play(self, card: str) -> "Step":
        s = self.state
        s.apply_action(next(a for a in s.legal_actions() if s.action_to_string(a) == card))
        return self

    def plays(self) -> list[tuple[int, str]]:
        return [(e["seat"], e["card"]) for e in self.state.events() if e["event"] == "play"]


# ------------------------------------------------------------------ first-lead
def test_the_holder_of_the_card_leads_it_whoever_deals(path):
    for dealer in range(3):
        st = Step(path, [["3C", "9D", "4D"], ["2C", "5C", "KD"], ["AC", "2D", "3D"]], dealer=dealer)
        assert st.plays() == [(1, "2C"), (2, "AC"), (0, "3C")]    # every card forced: nothing asked
        assert st.legal() == (2, {"2D", "3D"})                   # the winner leads the next


def test_any_club_instead_when_the_option_is_on(path):
    hands = [["3C", "9D", "4D"], ["2C", "5C", "KD"], ["AC", "2D", "3D"]]
    assert Step(path, hands, dealer=0, any_club=True).legal() == (1, {"2C", "5C"})
    assert Step(path, hands, dealer=0).plays()[0] == (1, "2C")


def variant(path: str, name: str, tricks: str) -> str:
    """A file beside the test file that extends it (`extends` reads relative paths only)."""
    f = Path(path).parent / f"{name}.yaml"
    f.write_text(f"extends: switches.yaml\nname: {name}\nphases:\n  tricks:\n{tricks}", encoding="utf-8")
    return str(f)


def test_a_file_leader_decides_who_leads_and_the_card_lifts_when_not_held(path):
    f = variant(path, "led", "    leader: dealer\n")
    hands = [["3C", "9D", "4D"], ["2C", "5C", "KD"], ["AC", "2D", "3D"]]
    st = Step(f, hands, dealer=2)
    assert st.legal() == (2, {"AC", "2D", "3D"})     # the dealer leads; 2C is not theirs: any card
    st = Step(f, hands, dealer=1)
    assert st.plays()[0] == (1, "2C")                # the dealer holds 2C: it must lead it


def test_a_file_leader_is_said_with_the_first_lead(path, capsys):
    f = variant(path, "led2", "    leader: dealer\n")
    text = sheet(f, capsys)
    assert text.startswith("  tricks (trick): the dealer leads the first trick;")
    assert "The first trick is led with 2C when the leader holds it." in text


# ------------------------------------------------------------------ breaks
# Trick 1: seat 1 leads 2C, seat 2 follows AC and wins, seat 0 has no club.
BREAK = [["9S", "3H", "8S"], ["2C", "4S", "5S"], ["AC", "4H", "2D", "3D"]]


def test_a_suit_may_not_be_led_until_broken(path):
    st = Step(path, BREAK, dealer=0)
    assert st.legal() == (0, {"9S", "8S"})          # trick 1: no heart discarded (no points first trick)
    st.play("8S")
    assert st.legal() == (2, {"2D", "3D"})          # seat 2 won; hearts unbroken: 4H may not be led
    st = Step(path, BREAK, dealer=0, clean_first=False)
    st.play("3H")                                    # a heart discarded on trick 1 breaks hearts
    assert st.legal() == (2, {"4H", "2D", "3D"})


def test_the_rule_off_leaves_the_suit_free(path):
    st = Step(path, BREAK, dealer=0, breaking=False)
    st.play("8S")
    assert st.legal() == (2, {"4H", "2D", "3D"})


def test_a_listed_card_breaks_the_suit_only_while_its_condition_holds(path):
    hands = [["QS", "3H", "8S"], ["2C", "4S", "5S"], ["AC", "4H", "2D", "3D"]]
    st = Step(path, hands, dealer=0, clean_first=False)
    st.play("QS")
    assert st.legal() == (2, {"4H", "2D", "3D"})    # QS broke hearts
    st = Step(path, hands, dealer=0, clean_first=False, queen_breaks=False)
    st.play("QS")
    assert st.legal() == (2, {"2D", "3D"})


def test_a_leader_holding_only_the_suit_may_lead_it(path):
    hands = [["9S", "3H", "8S"], ["2C", "4S", "5S"], ["AC", "4H", "5H"]]
    st = Step(path, hands, dealer=0)
    st.play("8S")
    assert st.legal() == (2, {"4H", "5H"})          # nothing passes: the restriction lifts


def test_unless_only_lets_the_suit_be_led_beside_the_listed_cards(path):
    hands = [["9S", "3H", "8S", "7S"], ["2C", "4S", "5S", "6S"], ["AC", "4H", "5H", "QS"]]
    st = Step(path, hands, dealer=0)
    st.play("8S")
    assert st.plays()[3] == (2, "QS")                # only QS passes: forced, not asked
    st = Step(path, hands, dealer=0, queen_too=True)
    st.play("8S")
    assert st.legal() == (2, {"4H", "5H", "QS"})    # only hearts and QS: hearts too


def test_unless_only_needs_nothing_else_in_hand(path):
    hands = [["9S", "3H", "8S", "7S"], ["2C", "4S", "5S", "6S"], ["AC", "4H", "QS", "2D"]]
    st = Step(path, hands, dealer=0, queen_too=True)
    st.play("8S")
    assert st.legal() == (2, {"QS", "2D"})


# ------------------------------------------------------------------ first-trick
def test_no_point_card_on_the_first_trick_unless_only_point_cards_are_held(path):
    hands = [["QS", "3H", "8S"], ["2C", "4S", "5S"], ["AC", "4H", "2D"]]
    assert Step(path, hands, dealer=0).plays()[:3] == [(1, "2C"), (2, "AC"), (0, "8S")]    # forced: 8S
    hands = [["QS", "3H", "AH"], ["2C", "4S", "5S"], ["AC", "4H", "2D"]]
    assert Step(path, hands, dealer=0).legal() == (0, {"QS", "3H", "AH"})     # only points: any card
    assert Step(path, [["QS", "3H", "8S"], ["2C", "4S", "5S"], ["AC", "4H", "2D"]], dealer=0,
                clean_first=False).legal() == (0, {"QS", "3H", "8S"})


def test_the_first_trick_rule_ends_with_it(path):
    hands = [["9S", "3H", "8S"], ["2C", "4S", "5S"], ["AC", "2D", "3D"]]
    st = Step(path, hands, dealer=0)
    st.play("8S")                                   # seat 2 won trick 1 and leads 2D or 3D
    st.play("2D")
    assert st.legal() == (0, {"9S", "3H"})          # void in diamonds on trick 2: a heart may go


# ------------------------------------------------------------------ one text, two engines
def test_the_switches_run_the_same_generated_and_interpreted(path):
    rng = random.Random(20)
    for _ in range(6):
        o = {k: rng.choice(["true", "false"]) for k in ("any-club", "breaking", "queen-breaks", "queen-too",
                                                        "clean-first")}
        rules = load(path, o)
        assert codegen.program(rules).source is not None, codegen.program(rules).reason
        for seed in range(4):
            bots = [rng.choice(["random", "lowest", "highest"]) for _ in range(3)]
            assert codegen.play(rules, seed, bots=bots).events == play(rules, seed, bots=bots).events


def test_hearts_compiles_its_switches_into_texts_and_keeps_its_generated_code():
    rules = load("hearts")
    tricks = next(ph for ph in rules.phases if type(ph).__name__ == "Trick")
    assert tricks.texts["lead-allowed"] == "(trick-number > 1 or card.name == '2C') and " \
                                          "(trick-number == 1 or card.suit != 'H' or hearts-broken)"
    assert tricks.texts["flags.hearts-broken"] == "card.suit == 'H' or card.name == 'QS'"
    assert codegen.program(rules).source is not None


def test_a_file_restriction_is_anded_with_the_switches(path):
    f = variant(path, "own", "    lead-allowed: \"card.rank != '3'\"\n")
    st = Step(f, [["9S", "3H", "8S"], ["2C", "4S", "5S"], ["AC", "4H", "2D", "3D", "5D"]], dealer=0)
    st.play("8S")
    assert st.legal() == (2, {"2D", "5D"})          # not a heart (unbroken), not a 3



# ------------------------------------------------------------------ placed errors
BAD = [
    ("    first-lead: 2X\n", "5:17: error [phases.tricks.first-lead]: '2X' is not a card of this deck"),
    ("    first-lead: {card: 2C, instead: C if any-clubs}\n",
     "5:42: error [phases.tricks.first-lead.instead]: in expression 'any-clubs': unknown name 'any-clubs'"),
    ("    first-lead: {card: 2C, instead: [D, Z]}\n",
     "5:41: error [phases.tricks.first-lead.instead[1]]: 'Z' is not a card, suit or rank of this deck"),
    ("    first-lead: {card: 2C, instead: C or D}\n",
     "5:37: error [phases.tricks.first-lead.instead]: in 'C or D': a card word may be followed only by 'if'"),
    ("    breaks: {X: {}}\n", "5:14: error [phases.tricks.breaks.X]: 'X' is not a suit of this deck"),
    ("    breaks: {S: {flag: h-out}}\n",
     "5:14: error [phases.tricks.breaks.S]: the flag 'h-out' is already a flag or choice of this phase"),
    ("    breaks: {H: {when: 3}}\n",
     "5:24: error [phases.tricks.breaks.H.when]: this value is an int, but bool is expected here"),
    ("    first-trick: {no-discard: [points]}\n    points: \"1\"\n",
     "5:32: error [phases.tricks.first-trick.no-discard[0]]: 'points' here means the deck's points attribute"),
    ("    first-trick: {no-discard: [H], when: card}\n",
     "5:42: error [phases.tricks.first-trick.when]: in expression 'card': this expression gives card, but bool"),
    ("    first-lead: {card: 2C, extras: D}\n", "5:28: error [phases.tricks.first-lead.extras]: unknown key 'extras'"),
]


@pytest.mark.parametrize("extra,expected", BAD)
def test_bad_switches_get_placed_errors(path, extra, expected):
    with pytest.raises(RuleplayError) as err:
        load(variant(path, "bad", extra))
    assert f"bad.yaml:{expected}" in str(err.value)


def test_a_deck_without_points_and_an_ambiguous_word(tmp_path):
    f = tmp_path / "odd.yaml"
    f.write_text(FILE.replace("  attributes: {points: {H: 1, QS: 13}}\n", "").replace(
        "suits: [C, D, H, S]", "suits: [C, D, H, S, A]").replace("unless-only: [QS if queen-too]", "unless-only: [A]"),
        encoding="utf-8")
    with pytest.raises(RuleplayError) as err:
        load(str(f))
    text = str(err.value)
    assert "[phases.tricks.first-trick.no-discard[0]]: no card is worth points" in text
    assert "[phases.tricks.breaks.H.unless-only[0]]: 'A' is both a suit and a rank of this deck" in text


# ------------------------------------------------------------------ the rule sheet
def sheet(path, capsys, *sets) -> str:
    assert main(["explain", path, *[a for s in sets for a in ("--set", s)]]) == 0
    return next(line for line in capsys.readouterr().out.splitlines() if line.startswith("  tricks (trick)"))


def test_the_sheet_says_the_switches_in_words(path, capsys):
    text = sheet(path, capsys)
    assert "the player holding 2C leads the first trick" in text
    assert "The first trick is led with 2C." in text
    assert "Suit H may not be led until it is broken (h-out). h-out becomes true once suit H or QS is played" in text
    assert "On the first trick a player who cannot follow may not play a card worth points." in text
    assert "When no card in hand meets a restriction, it lifts." in text
    assert "==" not in text and "trick-number" not in text and "_c" not in text


def test_the_sheet_folds_the_options(path, capsys):
    text = sheet(path, capsys, "queen-breaks=false", "any-club=true", "queen-too=true", "clean-first=false")
    assert "h-out becomes true once suit H is played" in text
    assert "led with 2C or suit C" in text
    assert "A leader holding nothing but suit H and QS may lead suit H before it is broken." in text
    assert "first trick a player who cannot follow" not in text
    text = sheet(path, capsys, "breaking=false")
    assert "may not be led" not in text and "h-out becomes true" in text


def test_hearts_sheet_under_its_options(capsys):
    assert main(["explain", "hearts", "--set", "qs-breaks-hearts=false", "--set", "must-break-hearts=false"]) == 0
    out = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("  tricks (trick)"))
    assert "hearts-broken becomes true once suit H is played this hand" in out
    assert "may not be led until" not in out and "QS is played" not in out


def test_the_documented_switches_are_the_hearts_rules(tmp_path):
    doc = (Path(__file__).resolve().parent.parent / "docs" / "phase-kinds.md").read_text(encoding="utf-8")
    block = doc.split("## Keys that say a common rule")[1].split("```yaml\n")[1].split("```")[0]
    f = tmp_path / "doc.yaml"
    f.write_text("extends: hearts\nname: doc\nphases:\n" + block, encoding="utf-8")
    for sets in ({}, {"qs-breaks-hearts": "false", "lead-hearts-instead-of-qs": "true", "lead-any-club": "true"}):
        ours, doc_rules = load("hearts", sets), load(str(f), sets)
        texts = [next(ph for ph in r.phases if type(ph).__name__ == "Trick").texts for r in (ours, doc_rules)]
        assert texts[0] == texts[1]


def test_switches_too_long_for_one_rule_are_a_placed_error(path):
    words = ", ".join(f"'QS if hand-number > {i} and not any-club'" for i in range(100))
    with pytest.raises(RuleplayError) as err:
        load(variant(path, "long", f"    first-trick: {{no-discard: [{words}]}}\n"))
    assert "long.yaml:5:31: error [phases.tricks.first-trick.no-discard]" in str(err.value)
    assert "expression too long" in str(err.value)


def test_a_lifted_restriction_is_counted_alike_interpreted_and_generated(tmp_path):
    """t34: a play restriction that held for no card lifted silently, hiding a rule written wrong. Each lift
    is counted (`restriction-lifted`, shown by sim) by the interpreter and the generated code alike, once
    per card decision where it lifted: a player whose every card is a 2 cannot keep to "no 2s"."""
    from ruleplay import codegen
    from ruleplay.agents import play
    from ruleplay.pipeline import load
    path = tmp_path / "lift.yaml"
    path.write_text("extends: whist\nname: lift\nphases:\n  play:\n    play-allowed: \"card.rank != '2'\"\n",
                    encoding="utf-8")
    lifted = 0
    for seed in range(4):
        rules = load(str(path))
        runs = [play(rules, seed, bots=["random"] * 4), codegen.play(rules, seed, bots=["random"] * 4)]
        assert runs[0].events == runs[1].events
        assert runs[0].stats.get("restriction-lifted") == runs[1].stats.get("restriction-lifted")
        lifted += sum(runs[0].stats.get("restriction-lifted") or [0])
    assert lifted > 0

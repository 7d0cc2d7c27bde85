"""Every shipped ruleset's rule sheet reads as words (issue 20): under its defaults and under each value of
its choice options and each yes/no option turned over, the sheet has no Python literal, no internal path,
no digest rule id and no expression syntax outside the formulas it marks as such."""
from __future__ import annotations

import io
import re

import pytest

from ruleplay.errors import RuleplayError
from ruleplay.pipeline import load
from ruleplay.lang.expr.say import Vocabulary, say, speaking
from ruleplay.resources import builtin_names
from ruleplay.agents import play
from ruleplay.tools.explain.sheet import sheet_text, write_sheet

MARKED = re.compile(r"the formula `[^`\n]*`")
EVERYWHERE = {
    "a Python literal": re.compile(r"\b(True|False|None)\b(?!-)"),
    "an internal path": re.compile(r"site-packages|_data\b|\.py\b|rulesets/"),
    "a digest rule id": re.compile(r"\bQ\d+\b|\b\d+\.\d+\b"),
    "a comparison": re.compile(r"(?<!=)==(?!=)|!=|>=|<="),
    "a conditional": re.compile(r" if [^,.;]+ else "),
    "a seat field": re.compile(r"\b(s|c|card|actor)\.(?!md\b|txt\b|yaml\b)[a-z]"),
    "an unmarked quote": re.compile(r"`"),
}
BRACKETS = re.compile(r"[\[\]]")          # an index or a list; an option's own help may show a list value


def settings(name: str) -> list[dict[str, str]]:
    specs = load(name).option_specs
    out: list[dict[str, str]] = [{}]
    for opt, spec in specs.items():
        if spec.get("type") == "choice":
            out += [{opt: str(c)} for c in spec["choices"] if c != spec["default"]]
        elif spec.get("type") == "bool":
            out.append({opt: "false" if spec["default"] else "true"})
    return out


def leaks(sheet: str) -> list[str]:
    """What in a sheet is not words: each as 'what: the line'."""
    text = MARKED.sub("FORMULA", sheet)
    found = [f"{what}: {line}" for line in text.splitlines() for what, rx in EVERYWHERE.items() if rx.search(line)]
    rules = text.split("\nOptions (set with --set NAME=VALUE):\n")[0]
    found += [f"brackets: {line}" for line in rules.splitlines() if BRACKETS.search(line)]
    return found


def sheet_of(name: str, sets: dict[str, str]) -> str:
    out = io.StringIO()
    write_sheet(load(name, sets), out)
    return out.getvalue()


@pytest.mark.parametrize("name", builtin_names())
def test_every_shipped_sheet_is_words_under_every_setting(name):
    bad = []
    for sets in settings(name):
        try:
            sheet = sheet_of(name, sets)
        except RuleplayError:          # a combination the ruleset refuses (a constraint) has no sheet
            assert sets, f"{name} must load with its defaults"
            continue
        bad += [f"{sets or 'defaults'}: {leak}" for leak in leaks(sheet)]
    assert not bad, "\n".join(dict.fromkeys(bad))


@pytest.mark.parametrize("name", builtin_names())
def test_every_shipped_sheet_is_words_at_the_fewest_and_most_players(name):
    spec = load(name).doc.data.get("players", 2)
    counts = (spec["min"], spec["max"]) if isinstance(spec, dict) else (spec,)
    for n in counts:
        out = io.StringIO()
        write_sheet(load(name, {}, n), out)
        assert leaks(out.getvalue()) == [], n


def test_the_check_sees_what_sheets_used_to_leak():
    old = ("  pass (pass): passes them `pass-rotation if passing == 'rotate' else pass-fixed` seats along\n"
           "  taken: tricks won (3.5)\nBased on: /x/site-packages/ruleplay/_data/rulesets/hearts-seed.yaml\n"
           "  zero-card-false-slap-out = True (bool): out for good (Q11: every profile)\n")
    kinds = {leak.split(":")[0] for leak in leaks(old)}
    assert kinds == {"a Python literal", "an internal path", "a digest rule id", "a comparison", "a conditional",
                     "an unmarked quote"}
    assert leaks("when the formula `s.points == 0 if x else [1]`, each player scores 0\n") == []


def test_a_set_option_folds_into_the_sheet():
    rotate, left = sheet_of("hearts", {"passing": "rotate"}), sheet_of("hearts", {"passing": "left"})
    assert "passes them pass-rotation (left, right, across and no pass, by hand in turn) seats along" in rotate
    assert "passes them 1 seat(s) along" in left
    assert "JD = -10" in sheet_of("hearts", {"jd-bonus": "true"}) and "JD = 0" in rotate
    assert "Based on: hearts-seed <- hearts\n" in rotate


def _user_file(tmp_path, body: str) -> str:
    f = tmp_path / "v.yaml"
    f.write_text("extends: ers\nname: v\n" + body)
    return str(f)


def test_a_word_without_a_description_shows_its_formula_once_with_options_folded(tmp_path):
    f = _user_file(tmp_path, "define:\n  deep-king: \"pile[burn + 6].rank == 'K'\"\n")
    assert "  deep-king: the formula `pile[7].rank == 'K'`\n" in sheet_of(f, {})
    assert "  deep-king: the formula `pile[9].rank == 'K'`\n" in sheet_of(f, {"burn": "3"})


def test_a_users_own_numbers_stay_in_the_sheet(tmp_path):
    """Only the shipped files were cleared of digest ids; what a user writes is printed as written."""
    f = _user_file(tmp_path, "description: House rules v3.5, after Q11 of our club's list (2.1).\n"
                   "zones:\n  pile: {description: \"centre pile (3.5)\"}\n")
    sheet = sheet_of(f, {})
    assert "House rules v3.5, after Q11 of our club's list (2.1).\n" in sheet and "centre pile (3.5)" in sheet


def test_kinds_sentences_about_decided_values_are_tidy():
    sheet = sheet_of("one-card", {})
    assert "A player may pass." in sheet and "when yes" not in sheet
    assert "switch downtown on" not in sheet                         # downtown-reversal is off: no such rule
    assert "switch downtown on" in sheet_of("one-card", {"downtown-reversal": "true"})
    assert "The trump suit is the suit of the top card of the dealer's hand, as it stands when" in sheet_of("whist", {})


@pytest.mark.parametrize("text,consts,words", [
    ("s == bidder if contract else s == opposite(dealer)", {},
     "the player is the bidder when a bid stands (the contract), otherwise the player opposite the dealer"),
    # the bid kind's yes/no `contract` where a condition stands, both ways; a number of that name stays a number
    ("not contract or high-bid > 3", {}, "no bid stands (no contract) or the highest bid is more than 3"),
    ("contract > 0", {}, "contract is more than 0"),
    ("left-of(dealer) == actor", {}, "the player left of the dealer is the player"),
    ("any(c.name == '2C' for c in s.hand)", {}, "there is a card in the player's hand whose name is 2C"),
    ("count(s.stock.size > 0 for s in seats) == 1", {}, "the number of players whose stock has cards is 1"),
    ("max(0, sum(x.tricks for x in s.team-seats) - 6)", {},
     "the larger of 0 and (the total tricks of the player's side) - 6"),
    ("(s.bags + s.hand-bags) // bag-limit", {"bag-limit": 10},
     "(the player's bags + the player's hand-bags) divided by 10 (rounded down)"),
    ("sum(x.cards + pass-chip * x.passes for x in seats) - 3 if s.cards == 0 else 0 - 3", {"pass-chip": 0},
     "((the total cards of the players) - 3) when the player has no cards left, otherwise -3"),
    # an aggregate in a sum is bracketed: its relative clause would otherwise take the number ("rank is Q - 4")
    ("count(c.rank == 'Q' for c in actor.hand) - 4", {}, "(the number of cards in the player's hand whose rank "
     "is Q) - 4"),
    ("not (trick-number == 1)", {}, "trick-number is not 1"),
    ("0 - owed", {}, "minus owed"),
    # a card's yes/no said as a state (a tester read "the card's joker")
    ("card.joker", {}, "the card is a joker"),
    ("not card.joker", {}, "the card is not a joker"),
    ("same-rank(pile, 3) and pile[1].rank == '6'", {}, "the top 3 cards of the pile are of one rank and the rank "
     "of the top card of the pile is 6"),
    ("in-a-row(pile, 4, run, run-wraps)", {"run-wraps": True},
     "the top 4 cards of the pile go up or down one step at a time in the run order, wrapping around from the "
     "last to the first"),
    ("in-a-row(pile, 4, run, run-wraps)", {"run-wraps": False},
     "the top 4 cards of the pile go up or down one step at a time in the run order"),
    ("adds-to(pile, 2, tens, 10)", {}, "the tens values of the top 2 cards of the pile add up to 10"),
    ("pile[7].rank == 'K'", {}, "the formula `pile[7].rank == 'K'`"),
    ("(card.rank == 'K') == (pile.size > 0)", {}, "the card's rank is K exactly when the pile has cards"),
    # players in the plural: "those players who are not out" (a tester read "who is not out")
    ("max(x.score for x in seats if not x.out)", {}, "the highest score of those players who are not out"),
    ("any(x.score > 3 for x in seats if not x.out)", {},
     "of the players who are not out, there is one whose score is more than 3"),
])
def test_expressions_in_words(text, consts, words):
    with speaking(Vocabulary(consts)):
        assert say(text) == words
    assert leaks(words) == []


def test_a_turned_card_alone_makes_its_suit_trump_in_play_and_on_the_sheet(tmp_path):
    """`trump-card` without `trump`: its suit is trump (set_trump), and the sheet says so, not "No trumps"."""
    f = tmp_path / "v.yaml"
    f.write_text("extends: whist\nname: v\nphases:\n  play:\n    trump: null\n")
    rules = load(str(f), {})
    sheet = sheet_text(rules)
    assert "The trump suit is the suit of the top card of the dealer's hand, turned up as the hand starts." in sheet
    assert "No trumps" not in sheet and "is turned up when the hand starts" not in sheet     # said once
    events = play(rules, 2).events
    deal = next(e for e in events if e["event"] == "deal")
    turned = deal["hands"][deal["dealer"]][0]            # (a hand is logged top first)
    assert next(e for e in events if e["event"] == "trump") == {"suit": turned[-1], "card": turned, "event": "trump"}


def test_the_sheet_says_one_card_and_the_matchs_hand_limit(tmp_path):
    """"Deal: 1 card each" (not "1 cards"), and a match's `max-hands` is on the sheet: the game stops there
    with no winner (a tester found it nowhere)."""
    assert "Deal: 1 card each," in sheet_text(load("leduc-holdem"))
    p = tmp_path / "short.yaml"
    p.write_text("extends: hearts\nname: short\nmatch:\n  max-hands: 7\n", encoding="utf-8")
    text = sheet_text(load(str(p)))
    assert "after 7 hands with no end the game stops with no winner" in text
    assert "hands with no end" not in sheet_text(load("hearts"))


def test_trump_from_the_first_lead_is_said_once_and_rightly():
    """Pitch's trump is the suit of the first card led: the sheet said "No trumps. The highest card of the suit led
    wins" and then "When yes, the suit of the first card led becomes trump" (a tester's find)."""
    text = sheet_text(load("pitch"))
    assert "Trumps: the suit of the first card led in the hand." in text
    assert "The highest trump wins the trick, else the highest card of the suit led" in text
    assert "No trumps" not in text and "When yes" not in text


def test_a_turns_phase_one_player_alone_plays_is_said_so(tmp_path):
    """`who: "s == dealer"`: "Only the dealer takes turns", not "Starting with the player on the dealer's left,
    the players for whom the player is the dealer take turns" (a tester's find)."""
    p = tmp_path / "solo.yaml"
    p.write_text("""name: solo
description: Only the dealer plays.
players: 3
deck: {ranks: [A, K], suits: [C, D]}
zones:
  hand: {owner: seat, visibility: owner}
  pile: {owner: table, visibility: public}
deal: {to: hand, count: 1, rest: pile}
phases:
  play:
    kind: turns
    who: "s == dealer"
    until: "dealer.hand.empty"
    moves:
      discard:
        choose: {card: hand}
        do: [{move: {from: hand, to: pile}}]
""", encoding="utf-8")
    text = sheet_text(load(str(p)))
    assert "Only the dealer takes turns, move after move until the dealer's hand is empty" in text
    assert "Starting with" not in text


def test_a_pass_to_a_named_receiver_and_a_declarations_one_point(tmp_path):
    """A pass `receiver: "r == s.partner"` says "to the player's partner" (it said "to the first player on their
    left where r is the player's partner", the bound name bare) and "1 card"; a rule that only tests r names r
    as the player it tests; a declaration worth 1 says "1 point" (testers' finds)."""
    f = tmp_path / "p.yaml"
    f.write_text("extends: euchre\nname: p\nphases:\n  swap:\n    kind: pass\n    from: hand\n    count: 1\n"
                 "    receiver: \"r == s.partner\"\n", encoding="utf-8")
    text = sheet_text(load(str(f)))
    assert "every player chooses 1 card from their hand at once and passes them to the player's partner;" in text
    f.write_text(f.read_text().replace("r == s.partner", "r.index == 2 or r == s.partner"))
    assert "passes them to the first player after them in turn whose index is 2, or that player is the player's " \
           "partner;" in sheet_text(load(str(f)))     # after them in turn: the play direction, not the left
    f.write_text("extends: sixty-six\nname: p\nphases:\n  play:\n    declare:\n      marriages: {points: 1}\n",
                 encoding="utf-8")
    text = sheet_text(load(str(f)))
    assert "may declare marriages (a marriage: the king and queen of one suit, one of them led): 1 point, added " \
           "to the leader's marriages" in text


def test_a_match_without_winners_and_a_choice_that_may_not_be_passed(tmp_path, capsys):
    """A match naming no winners is won by the highest total, as run plays it (the sheet said lowest); a choose
    whose pass is "false" says the player chooses (it said "may choose"); `contract == 3` hints high-bid
    (testers' finds)."""
    from conftest import validate_errors
    f = tmp_path / "m.yaml"
    f.write_text("extends: whist\nname: m\nmatch:\n  end: \"hand-number >= 3\"\n  winners: null\n", encoding="utf-8")
    assert "the players with the highest score win (ties are joint)" in sheet_text(load(str(f)))
    f.write_text("extends: euchre\nname: m\nphases:\n  order-up:\n    pass: \"false\"\n", encoding="utf-8")
    text = sheet_text(load(str(f)))
    assert "The player on the dealer's left chooses one of C, D, H, S" in text and \
        "Passing is not allowed." in text
    err = validate_errors(tmp_path, capsys, "extends: pitch\nname: bad\nphases:\n  play:\n    when: \"contract == 3\"\n")
    assert "cannot compare bool with int\n    hint: contract is yes or no (a bid stands); the number bid is " \
           "high-bid (high-bid >= 3)" in err


def test_a_constraint_is_said_as_what_it_refuses():
    """The sheet said "Not allowed: the small blind is at most the big blind", the file's message after "Not
    allowed", which reads as the opposite of the rule (a tester's find): it says what is refused, then the
    message in quotes."""
    text = sheet_text(load("limit-holdem"))
    assert 'Refused: the formula `small-blind > big-blind` ("the small blind is at most the big blind").' in text
    assert "Not allowed" not in text


def test_a_players_pile_of_a_family_is_said_as_theirs(tmp_path):
    """A seat family's pile (Blackjack's split hands h1, h2) is the player's: "goes to the player's h1", not "goes
    to h1", which reads as one shared zone (a tester's find)."""
    f = tmp_path / "h.yaml"
    f.write_text("extends: switch\nname: h\nzones:\n  h: {owner: seat, visibility: public, count: 2}\nphases:\n"
                 "  play:\n    start:\n      - every-player: [{move: {from: stock, to: h1, count: 1}}]\n",
                 encoding="utf-8")
    text = sheet_text(load(str(f)))
    assert "(the top card of stock goes to the player's h1)" in text


@pytest.mark.parametrize("at, words", [
    ("play", "Before playing a card to a trick led by another, a player may switch closed on"),
    ("lead", "Before leading to a trick, the leader may switch closed on"),
    ("trick", "After a trick (before any drawing), its winner may switch closed on"),
    ("[lead, play]", "Before leading to a trick and again before playing a card to a trick led by another, a player "
                     "may switch closed on"),
])
def test_a_trick_choice_is_said_at_its_moments(tmp_path, at, words):
    """Each moment of a trick's choice in words, a condition that always holds left unsaid (it left ',,')."""
    f = tmp_path / "c.yaml"
    f.write_text(f"extends: sixty-six\nname: c\nphases:\n  play:\n    choices:\n      closed: {{at: {at}, when: "
                 "\"true\"}\n", encoding="utf-8")
    text = " ".join(sheet_text(load(str(f))).split())
    assert words in text and ",," not in text


def test_a_seat_part_tells_the_candidate_from_the_chooser(tmp_path):
    """In a move's seat part `s` is the player that may be chosen and `actor` the one choosing: the sheet says
    the candidate in relative clauses, so "the player" is the chooser alone (t28: both were "the player")."""
    f = tmp_path / "give.yaml"
    f.write_text("""name: give
description: A player gives a card to a player of the other side holding fewer cards.
players: 4
teams: [[0, 2], [1, 3]]
deck: {ranks: [2, 3, 4], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
deal: {to: hand, count: 3}
phases:
  play:
    kind: turns
    max-turns: 8
    moves:
      give:
        choose:
          seat: "s.team != actor.team and s.hand.size < actor.hand.size"
          card: hand
        prefer: "0"
        do: [{move: {from: hand, to: target.hand}}]
      ask:
        choose: {seat: "s != actor"}
        do: []
""", encoding="utf-8")
    sheet = sheet_text(load(str(f)))
    assert ("chooses a player whose team is not the player's team, and for whom the number of cards in their hand "
            "is less than the number of cards in the player's hand (target)") in sheet
    assert "chooses a player who is not the one acting (target)" in sheet


def test_a_kind_flag_alone_and_the_suit_led_are_words():
    """`when: contract` reads as inside `contract and ...` (t29: "Only when contract:"); `led` is the suit led
    ("eff-suit(the card) is led"); a file's own tracked `contract` (Bridge's number) stays a name."""
    with speaking(Vocabulary()):
        assert say("contract") == "a bid stands (the contract)"
        assert say("card.suit == led") == "the card's suit is the suit led"
    with speaking(Vocabulary(values=frozenset({"contract"}))):
        assert say("contract") == "contract"


def test_a_pack_stripped_by_players_names_what_is_left(tmp_path):
    """`strip: {by-players: ...}`: the sheet lists the ranks left and the cards stripped for the number of players
    (t27: "without by-players", and every rank listed)."""
    f = tmp_path / "strip.yaml"
    f.write_text("""name: strip
description: A pack stripped by the number of players; each plays one card, nothing else.
players: {min: 4, max: 5, default: 4}
deck:
  ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]
  suits: [C, D, H, S]
  strip: {by-players: {4: [2, 3, 4, 5, 6], 5: [2, 3, 4]}}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
deal: {to: hand, count: 8}
phases:
  play: {kind: trick, from: hand, to: trick, won-to: taken, follow: suit}
""", encoding="utf-8")
    assert "Cards: 32 cards; ranks 7 8 9 10 J Q K A (low to high); suits C D H S; without 2, 3, 4, 5, 6\n" in \
        sheet_text(load(str(f)))
    assert "Cards: 40 cards; ranks 5 6 7 8 9 10 J Q K A (low to high); suits C D H S; without 2, 3, 4\n" in \
        sheet_text(load(str(f), players=5))


def test_a_choice_within_a_choice_keeps_its_otherwise():
    """`(a if c else b) if d else (e if f else g)`: the else branch is one case, "otherwise (...)" (t30: it read
    as three cases); a plain chain `a if c else b if d else e` still reads as one list of cases."""
    with speaking(Vocabulary()):
        assert say("(2 if s.index == 0 else -1) if s.tricks > 2 else (-2 if s.index == 0 else 1)") == \
            "(2 when the player's index is 0, otherwise -1) when the player's tricks is more than 2, otherwise " \
            "(-2 when the player's index is 0, otherwise 1)"
        assert say("1 if s.tricks > 2 else 2 if s.tricks > 1 else 3") == \
            "1 when the player's tricks is more than 2, 2 when the player's tricks is more than 1, otherwise 3"


def test_a_definitions_own_words_are_not_turned_round_in_a_game_played_the_other_way(tmp_path):
    """Counter-clockwise play: the kinds' "dealer's left" is said as the players sit (the right), but a
    definition's own description ("the player on the dealer's right") is quoted as written (t31: it read
    "forehand (the player on the dealer's left)"); a table counter holding a player is told as the player."""
    f = tmp_path / "ccw.yaml"
    f.write_text("""name: ccw
description: Counter-clockwise play; the player on the dealer's right leads, written as right-of(dealer).
players: 4
deck: {ranks: ['8', '9', 'K', A], suits: [S, H]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  won: {owner: seat, visibility: hidden}
table: {direction: counterclockwise, dealer: random}
deal: {to: hand, count: 2}
counters:
  top: {type: seat, of: table, description: "the player who took most tricks"}
define:
  forehand: {expr: "right-of(dealer)", description: "the player on the dealer's right"}
phases:
  play: {kind: trick, from: hand, to: trick, won-to: won, leader: "s == forehand"}
  note:
    kind: tally
    set:
      top: "first(x for x in seats if x.tricks == max(y.tricks for y in seats))"
scoring: {points: s.tricks}
match: {end: "true"}
""", encoding="utf-8")
    assert "forehand (the player on the dealer's right) leads the first trick" in sheet_text(load(str(f)))
    from ruleplay.tools.cli import main
    import contextlib
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["run", str(f), "--seed", "1"]) == 0
    assert re.search(r"^  top Seat \d\n", out.getvalue(), re.M)


def test_a_move_that_does_nothing_says_so(tmp_path):
    """t38: a move whose `do` is empty was said "...; then ." on the sheet."""
    p = tmp_path / "wait.yaml"
    p.write_text("""name: wait
description: Players wait or stop.
players: 2
deck: {ranks: [A, K], suits: [S]}
zones: {hand: {owner: seat, visibility: owner}}
deal: {to: hand, count: 1}
phases:
  play:
    kind: turns
    max-turns: 20
    moves:
      wait: {description: Wait., do: []}
      stop: {do: [end]}
""", encoding="utf-8")
    text = sheet_text(load(str(p)))
    assert "Move 'wait' (Wait): the player may simply do it; nothing else happens (the turn passes)." in text
    assert "then ." not in text and "Move 'stop': the player may simply do it; then this part of the hand ends." in text


def test_a_shed_phase_says_who_plays_first():
    """t39: the sheet never said who starts a shed phase (Sevens: the holder of 7D)."""
    text = sheet_text(load("sevens"))
    assert "The first player from the dealer's left for whom there is a card in the player's hand whose name is " \
        "7D plays first; then in turn, each player plays one card" in text
    assert "The player on the dealer's left plays first; then in turn" in sheet_text(load("crazy-eights"))


def test_a_tricks_points_rule_is_said(tmp_path):
    """t39: `run` prints each trick's points, but the sheet never said what a trick's `points` rule is."""
    p = tmp_path / "jack.yaml"
    p.write_text("""name: jack
description: Two players; a trump jack is worth 20 in the trick points.
players: 2
deck:
  ranks: [9, 10, J, Q, K, A]
  suits: [C, D]
  attributes: {value: {9: 0, 10: 10, J: 2, Q: 3, K: 4, A: 11}}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
deal: {to: hand, count: all}
phases:
  play: {kind: trick, from: hand, to: trick, won-to: taken, follow: suit, trump: "'C'",
         points: "20 if card.suit == trump and card.rank == 'J' else card.value"}
""", encoding="utf-8")
    assert "A card's points (told with each trick and read by the bots): 20 when the card's suit is trump, and the " \
        "card's rank is J, otherwise the card's value." in sheet_text(load(str(p)))


def test_a_turn_order_of_everyone_but_one_player_reads_as_such():
    """t39: `who: "s != bidder"` read "the players for whom the player is not the bidder take turns"."""
    text = sheet_text(load("gin-rummy"))
    assert "the players other than knocker take turns" in text and "for whom the player is not knocker take" \
        not in text


def test_a_patience_of_several_deals_says_nothing_of_passing_the_deal(tmp_path):
    """t39: a one-player game of several hands said "the deal passes one seat on each hand"."""
    p = tmp_path / "solo.yaml"
    p.write_text("""name: solo
description: One player turns cards over three deals.
players: 1
deck: {ranks: [A, 2, 3], suits: [C]}
zones: {hand: {owner: seat, visibility: owner}, stock: {owner: table, visibility: hidden}}
deal: {to: hand, count: 1, rest: stock}
phases:
  turn: {kind: turns, max-turns: 3, on-limit: end-phase, moves: {draw: {do: [{move: {from: stock, to: hand, count: 1}}]}}}
scoring: {points: "s.hand.size"}
match: {end: "hand-number >= 3"}
""", encoding="utf-8")
    text = sheet_text(load(str(p)))
    assert "Match: ends after a hand when hand-number is at least 3" in text and "the deal passes" not in text


def test_a_count_with_a_filter_is_a_number_on_either_side_of_a_comparison():
    """t43: `passes >= count(x.hand.size > 0 for x in seats if x != last)` read "passes is at least of the players
    who are not last, the number whose hand has cards"."""
    with speaking(Vocabulary()):
        said = say("passes >= count(x.hand.size > 0 for x in seats if x != last)")
    assert said == "passes is at least the number of players who are not last and whose hand has cards"


def test_a_field_of_the_first_and_a_zone_named_played():
    """t42: `first(d.name for d in actor.hand if ...)` read "its name of the first of ..."; a seat zone named
    `played` was read as a trick's "card in the trick"."""
    with speaking(Vocabulary()):
        assert say("first(d.name for d in actor.hand if d.suit == 'H')") == \
            "the name of the first of the cards in the player's hand whose suit is H"
    with speaking(Vocabulary(seat_zones=frozenset({"played"}))):
        assert say("actor.played.size") == "the number of cards in the player's played"
    with speaking(Vocabulary()):
        assert say("actor.played") == "the player's card in the trick"


def test_a_call_in_arithmetic_keeps_its_grouping():
    """t43: `max(0, s.tricks - 1) * 2` read "the larger of 0 and the player's tricks - 1 times 2"."""
    with speaking(Vocabulary()):
        assert say("max(0, s.tricks - 1) * 2") == "(the larger of 0 and the player's tricks - 1) times 2"


def test_a_trump_the_options_turn_off_is_not_said_to_win(tmp_path):
    """t43: with the option off, the sheet said "No trumps. The highest trump wins the trick"."""
    p = tmp_path / "t.yaml"
    p.write_text("""name: t
description: Trumps from the dealer's card, when the option says so.
players: 2
options:
  turned: {type: bool, default: false, description: "turn up the dealer's card for trump"}
deck: {ranks: [7, 8, 9, 10], suits: [C, D]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
deal: {to: hand, count: 4}
phases:
  play: {kind: trick, from: hand, to: trick, won-to: taken, follow: suit,
         trump: "dealer.hand.top.suit if turned else 'none'"}
""", encoding="utf-8")
    text = sheet_text(load(str(p)))
    assert "No trumps. The highest card of the suit led wins the trick" in text and "highest trump" not in text
    assert "The highest trump wins the trick" in sheet_text(load(str(p), {"turned": True}))


def test_a_legal_the_options_switch_off_and_a_word_standing_for_a_card(tmp_path):
    """t41: with the option off the sheet said "only where yes"; a defined word standing for a card was given an
    article ("the t is not a joker")."""
    p = tmp_path / "aces.yaml"
    p.write_text("""name: aces
description: Players play cards; with must-ace only aces.
players: 2
options:
  must-ace: {type: bool, default: false, description: "only aces may be played"}
deck: {ranks: [2, 3, A], suits: [C, D]}
define:
  t: {expr: "pile.top", description: "the card on top of the pile"}
zones: {hand: {owner: seat, visibility: owner}, pile: {owner: table, visibility: public}}
deal: {to: hand, count: 3}
phases:
  play:
    kind: turns
    until: "all(x.hand.empty for x in seats)"
    moves:
      play:
        choose: {card: hand}
        legal: "not must-ace or card.rank == 'A'"
        do: [{move: {from: hand, to: pile}}]
      skip:
        if: "pile.size > 0 and not t.joker"
        do: []
""", encoding="utf-8")
    text = sheet_text(load(str(p)))
    assert "only where yes" not in text and "the player chooses a card from the player's hand (card); then" in text
    assert "Move 'skip', when the pile has cards, and t is not a joker:" in text and "the t " not in text

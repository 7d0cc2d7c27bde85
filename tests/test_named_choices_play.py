"""`ruleplay play` with named values (a choose phase's 'order-up D', a shed's 'name H') and with a card play
beside a word (crazy eights' 'draw'): the person sees the phase's labels and may type a label, its last word,
or, beside cards, a number or a card name."""
import ruleplay
from ruleplay.engine.decision import Decision
from ruleplay.tools.play.seat import match_input, options_for


def _space(name: str):
    return ruleplay.load_game(name).space


def test_named_values_show_their_labels_and_take_the_last_word():
    space = _space("euchre")
    acts = [space.PASS, space.BID0 + 2]
    d = Decision(0, acts, labels={space.PASS: "pass", space.BID0 + 2: "order-up H"})
    options = options_for(d, space)
    assert [o.label for o in options] == ["pass", "order-up H"]     # not the bare index '2'
    assert match_input("order-up h", options) == (1, "")
    assert match_input("H", options) == (1, "")
    assert match_input("pass", options) == (0, "")
    assert "not one of: pass, order-up H" in match_input("2", options)[1]
    assert match_input("S", options)[0] is None


def test_an_ambiguous_last_word_is_refused():
    space = _space("euchre")
    d = Decision(0, [space.BID0, space.BID0 + 1], labels={space.BID0: "call yes", space.BID0 + 1: "alone yes"})
    assert match_input("yes", options_for(d, space))[0] is None
    assert match_input("alone yes", options_for(d, space)) == (1, "")


def test_cards_beside_a_word_take_numbers_and_card_names():
    space = _space("crazy-eights")
    c3, c5 = space.deck.names.index("3S"), space.deck.names.index("5S")
    d = Decision(0, [space.card(c3), space.card(c5), space.PASS], labels={space.PASS: "draw"})
    options = options_for(d, space)
    assert [o.label for o in options] == ["3S", "5S", "draw"]
    assert match_input("2", options) == (1, "")
    assert match_input("3s", options) == (0, "")
    assert match_input("draw", options) == (2, "")
    assert match_input("9", options)[0] is None


def test_nobody_choosing_is_told_for_one_seat_asked_or_several():
    from ruleplay.kinds import choose
    assert choose.ACCOUNT["all-passed"]({"phase": "alone", "redeal": False}) == "Nobody chose (alone)."
    assert choose.ACCOUNT["all-passed"]({"phase": "call", "redeal": True}) == \
        "Nobody chose (call): the hand is thrown in."

"""`ruleplay diff`: a rule sheet cut into entries (sheetdiff.entries), and two sheets compared entry by entry."""
import io

from ruleplay.pipeline import load
from ruleplay.tools.explain.sheetdiff import entries, sheet_text, write_diff


def test_a_sheet_is_cut_into_labelled_entries_with_nested_lines_merged():
    e = entries(sheet_text(load("ers", {"slap-tens": "true"})))
    assert e["Title"] == "Egyptian Ratscrew" and e["Players"] == "4 (2-52)"
    play = e["Play: play (flip)"]
    assert "Slaps: after every card" in play and " / tens: the top two cards' tens values" in play
    assert not any(k.startswith("Play: ") and k != "Play: play (flip)" for k in e)     # slaps belong to the phase
    assert sum(k.startswith("Refused: ") for k in e) == 2                          # repeated labels kept apart
    assert e["Option: burn"].startswith("burn = 1 (int")
    spades = entries(sheet_text(load("spades")))
    assert {"Counter bags", "Counter hand-bags", "Counter bag-loss", "Word: side-bid"} <= set(spades)


def test_only_the_changed_sentences_of_a_long_entry_are_shown():
    out = io.StringIO()
    n = write_diff(load("ers"), load("ers", {"finger-rule": "true"}), out, ("ers", "fingers"))
    text = out.getvalue()
    assert n == 2 and text.startswith("- ers\n+ fingers\n")
    assert "Play: play (flip):\n  - Exact ties: nobody wins.\n  + Exact ties: most fingers on the pile, then nobody " \
           "wins.\n" in text
    assert "Option: finger-rule:\n  - no (bool, default no)" in text
    out = io.StringIO()
    assert write_diff(load("ers"), load("ers"), out) == 0 and out.getvalue() == "The rules are the same.\n"


def _file(tmp_path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_a_word_whose_formula_changed_under_the_same_description_is_a_difference(tmp_path):
    """A sheet says a defined word by its description; two files whose word differs in its formula alone were
    "the same" (a tester's find: Switch's legal play by suit, the variant's by rank)."""
    base = _file(tmp_path, "a.yaml", "extends: switch\nname: a\ndefine:\n  fits: {expr: \"card.suit == to-follow\", "
                                     "description: \"the card may be played on the pile\"}\n")
    other = _file(tmp_path, "b.yaml", "extends: a.yaml\nname: b\ndefine:\n  fits: {expr: \"card.rank == "
                                      "pile.top.rank\", description: \"the card may be played on the pile\"}\n")
    out = io.StringIO()
    assert write_diff(load(base), load(other), out) == 1
    assert out.getvalue().endswith("Word: fits:\n  - the card may be played on the pile (the formula "
                                   "`card.suit == to-follow`)\n  + the card may be played on the pile (the formula "
                                   "`card.rank == pile.top.rank`)\n")


def test_a_long_entry_is_cut_into_whole_sentences_each_on_its_line(tmp_path):
    """Two moves of a turns phase changed: each changed move is one line on each side, its effects in brackets
    kept whole (the cut was at every ';' and '.', brackets or not, and ran the moves together)."""
    a = _file(tmp_path, "a.yaml", "extends: switch\nname: a\n")
    text = open(a, encoding="utf-8").read()
    b = _file(tmp_path, "b.yaml", text.replace("name: a", "name: b") + "phases:\n  play:\n    moves:\n"
              "      keep: {if: \"drew == 1\", do: [{set: {drew: 0, called: 1}}]}\n"
              "      pick-up: {if: \"pick-up > 1\", do: [{move: {from: stock, to: hand, count: pick-up}}, "
              "{set: {pick-up: 0}}]}\n")
    out = io.StringIO()
    assert write_diff(load(a), load(b), out) == 1
    lines = out.getvalue().splitlines()
    minus = [x for x in lines if x.startswith("  - ")]
    plus = [x for x in lines if x.startswith("  + ")]
    assert [x.split(":")[0] for x in minus] == ["  - Move 'pick-up' (Pick up the cards the twos call for), when "
                                                "pick-up is more than 0", "  - Move 'keep' (Keep the card drawn and "
                                                "end the turn), when drew is 1"]
    assert len(plus) == 2 and all(x.endswith(".") and x.count("(") == x.count(")") for x in minus + plus)

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
    assert sum(k.startswith("Not allowed: ") for k in e) == 2                          # repeated labels kept apart
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

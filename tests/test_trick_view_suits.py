"""What a seat is shown of a trick phase: a bot's view gives every card its suit for following and trumps
(the trick's `suit` key), so `smart` counts Euchre's left bower as a trump, as the rules do; and while a
trump that waits for a choice is being chosen, the last hand's trump and tricks are not shown."""
from pathlib import Path

from ruleplay.engine.run import DEFAULT_MAX_ACTIONS, Deal, Run
from ruleplay.pipeline import load

ROOT = Path(__file__).resolve().parent.parent
# dealer 3; 9H turned up; seat 0 orders hearts up, so JH is the right bower and JD the left
DEAL = Deal(hands=[["JH", "JD", "AH", "AC", "9S"], ["KH", "QC", "KC", "10S", "QS"],
                   ["QH", "AS", "KS", "9C", "10D"], ["10H", "AD", "KD", "QD", "10C"]],
            rest=["9H", "JC", "JS", "9D"], dealer=3)


def test_the_left_bower_is_a_trump_in_the_view():
    rules = load(str(ROOT / "rulesets" / "euchre.yaml"))
    run = Run(rules, 0, DEAL)
    names = rules.deck.names
    while run.decision is not None and getattr(run.decision.view, "leading", None) is None:
        d = run.decision
        label = {a: (d.labels or {}).get(a) or run.space.label(a) for a in d.actions}
        want = "order-up H" if "order-up H" in label.values() else "10C" if "10C" in label.values() else "pass"
        run.advance(next(a for a, w in label.items() if w == want))
    view = run.decision.view
    assert run.decision.seat == 0 and view.trump == "H" and view.leading
    suit = {names[c]: view.suit[c] for c in range(len(names))}
    assert suit["JD"] == "H" and suit["JH"] == "H" and suit["JC"] == "C" and suit["QD"] == "D"


def test_a_trump_waiting_for_a_choice_is_not_the_last_hands_while_choosing():
    # hand 2 of Euchre: while the seats choose trump, no trump and no tricks are shown from hand 1
    rules = load(str(ROOT / "rulesets" / "euchre.yaml"))
    run = Run(rules, 5)
    seen = 0
    while run.decision is not None and seen < 3:
        if run.t.hand_number == 2 and run.decision.actions[0] >= run.space.cards:
            assert run.t.trump is None and run.t.tricks_won == [0] * 4 and run.t.trick_number == 0
            seen += 1
        run.advance(run.decision.actions[-1])
    assert seen


def test_a_trump_suit_of_the_cards_own(tmp_path):
    """`suit: "'T' if card.rank == 'Q' else card.suit"` with `trump: "'T'"` (a trump group that is no suit of the
    deck, as Sheepshead's queens): accepted (it was 'not a suit of this deck'), and in random games every trick
    goes to its first queen, else to the highest card of the suit led."""
    from ruleplay.agents import play
    p = tmp_path / "queens.yaml"
    p.write_text("extends: whist\nname: queens\nphases:\n  play:\n    trump: \"'T'\"\n    trump-card: null\n"
                 "    suit: \"'T' if card.rank == 'Q' else card.suit\"\n", encoding="utf-8")
    rules = load(str(p))
    order = {r: i for i, r in enumerate(rules.deck.ranks)}
    tricks = 0
    for seed in range(6):
        for ev in play(rules, seed).events:
            if ev["event"] != "trick":
                continue
            plays = [(s, c[:-1], c[-1]) for s, c in ev["cards"]]
            queens = [s for s, r, _ in plays if r == "Q"]
            led = plays[0][2]
            best = max((p for p in plays if p[2] == led), key=lambda p: order[p[1]])[0]
            assert ev["winner"] == (queens[0] if queens else best), ev
            tricks += bool(queens)
    assert tricks > 20

"""`deck: {wild: COND}` reading `hand-number`: the wild cards change from hand to hand (Three Thirteen: the rank
of the hand's size, 3s in hand 1, 4s in hand 2...), t40's top wish, written by hand over every subset of a
14-card hand without it. Hand-checked deals, a referee over random games, the sheet and a placed error."""
from __future__ import annotations

import ruleplay
from conftest import validate_errors
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import sheet_text

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
GAME = """name: tt
description: Three hands; the rank of the hand's number plus two is wild; a set or run of three or more is laid.
players: 2
deck: {ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K], suits: [C, D, H, S], wild: "WILD"}
zones:
  hand: {owner: seat, visibility: owner}
  meld: {owner: table, visibility: public}
  rest: {owner: table, visibility: hidden}
deal: {to: hand, count: 6, rest: rest}
phases:
  play:
    kind: turns
    max-turns: 4
    on-limit: end-phase
    moves:
      lay:
        choose: {cards: {from: hand, as: [set, run], min: 3}}
        prefer: "picked.size"
        do: [{move: {from: hand, to: meld, picked: true}}]
      wait: {do: []}
scoring:
  points: "s.hand.size"
match: {end: "hand-number >= 3", winners: {lowest: s.score}}
"""


def _rules(tmp_path, wild: str = "card.order == hand-number + 2"):
    p = tmp_path / "tt.yaml"
    p.write_text(GAME.replace("WILD", wild), encoding="utf-8")
    return load(str(p))


def _melds_offered(state) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def test_the_wild_rank_is_the_hands(tmp_path):
    """Seat 0 holds 3C 4D 9H 9S 2C KD: in hand 1 the 3s are wild and 3C makes 9H 9S a set (the one meld: laid
    when `lay` is chosen); in hand 2 the 4s are wild and 4D does (and 2C 3C 4D is a run); in hand 3 (5s wild)
    nothing of the hand melds."""
    g = ruleplay.Game(_rules(tmp_path))
    cards = ["3C", "4D", "9H", "9S", "2C", "KD"]
    for number, wild in ((1, "3C"), (2, "4D"), (3, None)):
        s = g.new_initial_state(seed=1, deal=Deal([cards, ["5C", "6C", "7D", "8H", "10S", "JC"]], dealer=1,
                                                    hand=number, scores=[0, 0]))
        offered = _melds_offered(s)
        assert ("lay" in offered) == (wild is not None), (number, offered)
        if wild is not None:
            s.apply_action(next(a for a in s.legal_actions() if s.action_to_string(a) == "lay"))
            for _ in range(4):                  # the set's cards, its wild card first (hand 2: 2C 3C 4D is a run too)
                if any(e["event"] == "move" and e.get("to") == "meld" for e in s.events()):
                    break
                labels = {s.action_to_string(a): a for a in s.legal_actions()}
                s.apply_action(labels.get(wild, labels.get("9H", s.legal_actions()[0])))
            moved = next(e for e in s.events() if e["event"] == "move" and e.get("to") == "meld")
            assert sorted(moved["cards"]) == sorted([wild, "9H", "9S"]), number


def test_a_referee_over_random_games(tmp_path):
    """Every meld laid in random and smart games is a set or a run with the wild rank of its own hand (the
    referee's: a natural rank, or one suit on distinct places of A..K within as many places as cards)."""
    rules = _rules(tmp_path)
    laid = 0
    for seed in range(40):
        r = play(rules, seed=seed, bots="random" if seed % 2 else "smart", log=True)
        hand = 0
        for e in r.events:
            if e["event"] == "deal":
                hand += 1
            if e["event"] == "move" and e.get("to") == "meld":
                laid += 1
                cards = e["cards"]
                wild = RANKS[hand + 1]
                natural = [c for c in cards if c[:-1] != wild]
                assert natural, (seed, hand, cards)
                ranks = {c[:-1] for c in natural}
                suits = {c[-1] for c in natural}
                places = [RANKS.index(c[:-1]) for c in natural]
                is_set = len(ranks) == 1 and len(cards) <= 4
                is_run = len(suits) == 1 and len(set(places)) == len(places) and \
                    max(places) - min(places) + 1 <= len(cards) <= len(RANKS)
                assert is_set or is_run, (seed, hand, cards)
                if is_run and not is_set:       # laid up the run, each wild card where it stands
                    order = [RANKS.index(c[:-1]) for c in cards if c[:-1] != wild]
                    assert order == sorted(order), (seed, hand, cards)
    assert laid > 20


def test_the_sheet_and_a_wild_rule_reading_more_than_the_hand(tmp_path, capsys):
    assert "wild in sets and runs: each hand, the cards for which the card's order is hand-number + 2" in \
        sheet_text(_rules(tmp_path))
    err = validate_errors(tmp_path, capsys, GAME.replace("WILD", "card.order == hand-number and meld.size > 0"))
    assert "[deck.wild]: this value may depend only on the card, on options and on hand-number" in err


def test_wild_cards_with_best_hand_are_noted(tmp_path, capsys):
    """t42: a poker game naming the joker wild validated with no word that best-hand ranks it as no card."""
    from ruleplay.tools.cli import main
    p = tmp_path / "pk.yaml"
    p.write_text("""name: pk
description: Two players, seven cards each; the best poker hand wins; the joker is wild.
players: 2
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], jokers: 1, wild: card.joker}
hand-ranking:
  categories:
    - {name: pair, groups: [2]}
    - {name: high-card}
zones: {hand: {owner: seat, visibility: owner}, stock: {owner: table, visibility: hidden}}
deal: {to: hand, count: 7, rest: stock}
phases:
  show: {kind: turns, start: [{every-player: [{tell: {best: "best-hand-name(actor.hand)"}}]}]}
end:
  - when: "true"
    winners: {highest: "best-hand(s.hand)"}
""", encoding="utf-8")
    assert main(["validate", str(p)]) == 0
    assert "note [deck.wild]: wild cards stand in for melds only: best-hand and best-hand-name rank a wild card" \
        in capsys.readouterr().out

"""Mustamaija (rulesets/mustamaija.yaml, a `turns` game): a hand-made deal stepped decision by decision
(an attack of two cards, a beat, a take-up, an attack beaten outright, a trump beating, the mustamaija
that nothing beats, and the attacker's role moving on each time), and a referee that re-derives the rules
from the logs of random games. Each expected value is worked out by hand in the comment above it."""
from __future__ import annotations

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def offered(state) -> list[str]:
    return sorted(state.action_to_string(a) for a in state.legal_actions())


def answer(state, label: str) -> None:
    by_label = {state.action_to_string(a): a for a in state.legal_actions()}
    assert label in by_label, f"{label!r} not offered to seat {state.current_player()}: {sorted(by_label)}"
    state.apply_action(by_label[label])


def moves(state) -> list[tuple]:
    """Every card move so far as (from, from seat, to, to seat, cards)."""
    return [(e["from"], e.get("from_seat"), e["to"], e.get("to_seat"), e["cards"])
            for e in state.events() if e["event"] == "move"]


def valued(state, name: str) -> list:
    return [e["value"] for e in state.events() if e["event"] == "set" and e.get("name") == name]


# Three players, seat 2 deals, so seat 0 attacks first and seat 1 (on its left) defends.
#   seat 0: 5C 9C 3H 7D KS      seat 1: 6C 10C 2D 4H QS      seat 2: 8C JH 5D 2S AC
#   talon, top first: 8H 4C 6D 9D JD
# 1. Seat 0 leads: 'lead' is its only move (nothing is led yet, so 'enough' is not possible): it is asked
#    for a card of its whole hand, and leads 5C. Then it is asked 'lead' or 'enough'; 'lead' has one card
#    left to offer (9C, its only other club), so 9C goes without a question. With no club left, 'enough'
#    is its only move and is made without a question: the talon's top card, 8H, is turned (not a spade:
#    hearts are trumps) and seat 0, holding 3H 7D KS, draws two (4C 6D). Seat 1 defends.
# 2. Seat 1 is asked 'beat' or 'take-up'; beat: which card led (5C or 9C); it takes 9C; then with what:
#    a higher club (10C; 6C is lower) or a trump (4H); the QS never beats. 10C beats 9C. Asked again, it
#    takes up the 5C: five cards in hand (6C 2D 4H QS 5C), none drawn. Not everything was beaten, so the
#    attack passes to seat 2, on the defender's left.
# 3. Seat 2 leads 2S (asked for a card of all five); no other spade, so 'enough' follows unasked and it
#    draws 9D. Seat 0 defends: beat (the only card led, 2S, is not asked) with 3H (a trump) or KS (a
#    higher spade); KS. Everything is beaten: seat 0 draws JD, the last card of the talon, and attacks
#    next itself.
# 4. Seat 0 (3H 7D 4C 6D JD) leads 7D, then is asked 'lead' (6D or JD) or 'enough': enough. It draws the
#    trump card 8H (the talon is empty). Seat 1 can beat the 7D only with 4H (a trump; 2D is lower), so
#    'beat' (asked against 'take-up') is all it is asked. Everything beaten: seat 1 attacks next.
# 5. Seat 1 (6C 2D QS 5C) leads QS; no other spade, so 'enough' follows (nothing left to draw). Seat 2
#    holds JH, a trump, but nothing beats the mustamaija: 'take-up' is its only move, made unasked. Seat 2
#    holds six cards; seat 0, on its left, attacks next.
def test_a_hand_made_deal_attack_beat_take_up_and_the_roles_moving_on():
    game = ruleplay.load_game("mustamaija", players=3)
    deal = Deal([["5C", "9C", "3H", "7D", "KS"], ["6C", "10C", "2D", "4H", "QS"], ["8C", "JH", "5D", "2S", "AC"]],
                rest=["8H", "4C", "6D", "9D", "JD"], dealer=2)
    s = game.new_initial_state(seed=1, deal=deal, check=True)

    # 1. the attack: 5C and 9C, trumps turned, the attacker draws
    assert s.current_player() == 0 and offered(s) == ["3H", "5C", "7D", "9C", "KS"]
    answer(s, "5C")
    assert s.current_player() == 0 and offered(s) == ["enough", "lead"]
    answer(s, "lead")
    assert valued(s, "trump") == ["H"]
    assert moves(s) == [("hand", 0, "attack", None, ["5C"]), ("hand", 0, "attack", None, ["9C"]),
                        ("talon", None, "trump-card", None, ["8H"]), ("talon", None, "hand", 0, ["4C", "6D"])]

    # 2. a beat (10C on 9C), then a take-up (5C): the attack passes to the defender's left
    assert s.current_player() == 1 and offered(s) == ["beat", "take-up"]
    answer(s, "beat")
    assert offered(s) == ["5C", "9C"]
    answer(s, "9C")
    assert offered(s) == ["10C", "4H"]
    answer(s, "10C")
    assert moves(s)[-2:] == [("attack", None, "beaten", None, ["9C"]), ("hand", 1, "beaten", None, ["10C"])]
    assert s.current_player() == 1 and offered(s) == ["beat", "take-up"]
    answer(s, "take-up")
    assert moves(s)[-1] == ("attack", None, "hand", 1, ["5C"])
    assert s.current_player() == 2

    # 3. seat 2 attacks seat 0, who beats everything and attacks next
    assert offered(s) == ["2S", "5D", "8C", "AC", "JH"]
    answer(s, "2S")
    assert moves(s)[-1] == ("talon", None, "hand", 2, ["9D"])
    assert s.current_player() == 0 and offered(s) == ["beat", "take-up"]
    answer(s, "beat")
    assert offered(s) == ["3H", "KS"]
    answer(s, "KS")
    assert moves(s)[-1] == ("talon", None, "hand", 0, ["JD"])
    assert s.current_player() == 0 and offered(s) == ["3H", "4C", "6D", "7D", "JD"]

    # 4. a trump beats a diamond; the trump card is drawn last
    answer(s, "7D")
    assert offered(s) == ["enough", "lead"]
    answer(s, "enough")
    assert moves(s)[-1] == ("trump-card", None, "hand", 0, ["8H"])
    assert s.current_player() == 1 and offered(s) == ["beat", "take-up"]
    answer(s, "beat")
    assert moves(s)[-2:] == [("attack", None, "beaten", None, ["7D"]), ("hand", 1, "beaten", None, ["4H"])]
    assert s.current_player() == 1 and offered(s) == ["2D", "5C", "6C", "QS"]

    # 5. the mustamaija led: nothing beats it, seat 2 takes it up, seat 0 attacks next
    answer(s, "QS")
    assert moves(s)[-2:] == [("hand", 1, "attack", None, ["QS"]), ("attack", None, "hand", 2, ["QS"])]
    assert valued(s, "attacker") == [0, 2, 0, 1]
    assert valued(s, "defender") == [1, 0, 1, 2]
    assert s.current_player() == 0 and not s.is_terminal()


def _beats(beater: str, covered: str, trump: str) -> bool:
    if "QS" in (beater, covered):
        return False
    (br, bs), (cr, cs) = (beater[:-1], beater[-1]), (covered[:-1], covered[-1])
    return (bs == cs and RANKS.index(br) > RANKS.index(cr)) or (bs == trump and cs != trump)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_referee_from_random_games(players):
    """From random games' logs alone: trumps are never spades; a lead is of one suit; every defending card
    beats the card it covers (higher of its suit, or a trump on a non-trump; never the QS either way);
    hands are refilled to five while the talon lasts; the game ends with one player holding cards, the
    QS among them, and that player alone loses."""
    rules = load("mustamaija", None, players)
    for seed in range(5):
        r = play(rules, seed=seed, check=True)
        assert r.outcome == "finished"
        deal = next(e for e in r.events if e["event"] == "deal")
        hands = [list(h) for h in deal["hands"]]
        trump, attack, covered, beats = None, [], None, 0
        for e in r.events:
            if e["event"] == "set" and e.get("name") == "trump":
                trump = e["value"]
                assert trump != "S"
            if e["event"] != "move":
                continue
            cards, src, dest = e["cards"], e["from"], e["to"]
            if src == "hand":
                for c in cards:
                    hands[e["from_seat"]].remove(c)
            if dest == "hand":
                hands[e["to_seat"]].extend(cards)
            if src == "attack":
                for c in cards:
                    attack.remove(c)
            if src in ("talon", "trump-card") and dest == "hand":    # a draw tops the hand up to five
                assert len(hands[e["to_seat"]]) <= 5
            if dest == "attack":                          # a lead: every card of the suit of the first
                (card,) = cards
                assert all(c[-1] == card[-1] for c in attack)
                attack.append(card)
            elif src == "attack" and dest == "beaten":
                (covered,) = cards
            elif src == "hand" and dest == "beaten":       # the beater follows the card it covers
                (beater,) = cards
                assert covered is not None and _beats(beater, covered, trump), (seed, beater, covered, trump)
                covered = None
                beats += 1
        assert beats > 0
        holders = [s for s in range(players) if hands[s]]
        assert len(holders) == 1 and "QS" in hands[holders[0]]
        assert r.winners == [s for s in range(players) if s != holders[0]]

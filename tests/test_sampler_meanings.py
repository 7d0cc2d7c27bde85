"""The search's sampler reads what each event means from its declaration (`EventSpec.sample`), never from
event names: every declared event says it, and a card taken from a face-up pile into a hand (Rummy's draw
from the discard pile) is known to be in that hand, not played, and stays there when the sampler deals the
unseen cards again."""
from __future__ import annotations

import ast
import random
from pathlib import Path

import ruleplay
from ruleplay.agents.determinize import Unseen, knowledge
from ruleplay.engine.events import MEANINGS, SAMPLE
from ruleplay.kinds import EVENT_SPECS

SRC = Path(ruleplay.__file__).resolve().parent


def test_every_event_kind_says_what_it_means_to_the_sampler():
    """Each spec's `sample` is in the vocabulary or None, and every `EventSpec(...)` in the source sets it
    explicitly (a new kind must decide, not fall to "shows cards only" by omission)."""
    assert SAMPLE == frozenset(MEANINGS) and all(MEANINGS.values())
    for name, spec in EVENT_SPECS.items():
        assert spec.sample is None or spec.sample in SAMPLE, name
    unset = []
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "EventSpec" \
                    and not any(kw.arg == "sample" for kw in node.keywords):
                unset.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert not unset, unset


def _taken_from_the_pile(seeds=range(40)):
    """(state, seat to move, the other seat, the card it took face up from the discard pile) in Rummy games
    played at random, at the seat's first decision after another seat took the pile's top card."""
    g = ruleplay.load_game("rummy")
    for seed in seeds:
        rng = random.Random(seed)
        s = g.new_initial_state(seed, max_actions=400)
        for _ in range(300):
            if s.is_terminal():
                break
            d = s.decision()
            if d.window is None and d.fork is not None:
                for ev in reversed(d.observe()):
                    if ev["event"] == "move" and ev.get("from") == "discard" and ev.get("to") == "hand" \
                            and ev.get("to_seat") not in (None, d.seat) and ev["cards"][0] is not None:
                        yield s, d.seat, ev["to_seat"], ev["cards"][0]
                        break
            acts = s.legal_actions()
            s.apply_action(acts[rng.randrange(len(acts))])


def test_a_card_taken_from_a_face_up_pile_is_the_takers_not_played():
    checked = 0
    for state, me, taker, card in _taken_from_the_pile():
        d = state.decision()
        rules = state.game.rules
        k = knowledge(rules, me, d.observe())
        hand = {rules.deck.names[c] for c in state._table.seat_zones[rules.deal.to.index][taker]}
        if card not in hand:                 # melded or discarded again since: no longer the taker's
            continue
        assert card in k.gained[taker]
        assert (taker, card) not in k.plays
        unseen = Unseen(rules, k)
        rng = random.Random(checked)
        for _ in range(3):
            copy = state.fork(answer=[None] * rules.players, seed=rng.randrange(1 << 30),
                              redeal=lambda zones, shared: unseen.deal(zones, shared, rng))
            if copy is None:
                continue
            names = rules.deck.names
            assert card in {names[c] for c in copy._table.seat_zones[rules.deal.to.index][taker]}
        checked += 1
        if checked >= 5:
            break
    assert checked >= 3

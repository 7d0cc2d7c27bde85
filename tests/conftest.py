import random

import pytest

import ruleplay.agents as bots_module
from ruleplay.agents.bots import Bot
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load


@pytest.fixture(scope="session")
def bmn():
    return load("beggar-my-neighbour")


def honours_deal(p0: str, p1: str) -> Deal:
    """A deal written as honour patterns ('-' is any number card), the way BMN records are published."""
    nums = [f"{r}{s}" for s in "CDHS" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10"]]
    hon = {k: [f"{k}{s}" for s in "CDHS"] for k in "JQKA"}

    def conv(p):
        return [nums.pop(0) if ch == "-" else hon[ch].pop() for ch in p]
    return Deal([conv(p0), conv(p1)])


def ev(r, kind):
    """The events of one kind, in order."""
    return [e for e in r.events if e["event"] == kind]


def oh(players=3, **sets):
    return load("oh-hell", {k: str(v) for k, v in sets.items()}, players)


# 3 players, dealer 2: seat 0 bids first and leads; the first rest card (9S) is turned up: spades are trump
DEAL4 = Deal([["AS", "KS", "QS", "JS"], ["2C", "3C", "4C", "5C"], ["2D", "3D", "4D", "5D"]],
             rest=["9S", "2H"], dealer=2)


def check_invariants(events: list[dict], players: int, direction: int = 1) -> None:
    """What must hold in every game log, whatever the ruleset (cards conserved is `play(..., check=True)`).

    - scores follow the `score` events: each hand's totals are the previous totals plus that hand's scores,
      and the `end` event's scores are the last totals (all 0 when nothing was scored);
    - no seat acts out of turn except through a declared rule (an `out-of-turn` event, never a `play`):
      in trick games the plays of a trick are exactly its cards, from the leader on in play direction,
      one per seat, skipping the seats out of the game, sitting the hand out or whose hand was laid down as a
      dummy (Bridge's, played by its partner in its place); in every game a seat that
      is out for good never plays again (a seat knocked out of a match, never in a later hand either).
    """
    totals = [0] * players
    pending: list[tuple[int, str]] = []
    out: set[int] = set()
    knocked: set[int] = set()        # out of the match (`match.knock-out`): stays out after a new deal
    sitting: set[int] = set()        # sitting this hand out
    for i, ev in enumerate(events):
        kind = ev["event"]
        if kind == "score":
            want = [t + s for t, s in zip(totals, ev["scores"])]
            assert ev["totals"] == want, f"event {i + 1}: totals {ev['totals']} != previous {totals} + {ev['scores']}"
            totals = ev["totals"]
        elif kind == "play":
            assert 0 <= ev["seat"] < players, f"event {i + 1}: no seat {ev['seat']}"
            assert ev["seat"] not in out, f"event {i + 1}: seat {ev['seat']} plays after it went out"
            assert ev["seat"] not in sitting, f"event {i + 1}: seat {ev['seat']} plays while sitting out"
            pending.append((ev["seat"], ev["card"]))
        elif kind == "out":
            out.add(ev["seat"])
            if ev.get("why") == "knocked out":
                knocked.add(ev["seat"])
        elif kind in ("sit-out", "lay-down"):        # a hand laid down as the dummy: its seat plays no more
            sitting.add(ev["seat"])
        elif kind == "trick":
            cards = [tuple(c) for c in ev["cards"]]
            assert pending == cards, f"event {i + 1}: the trick's cards {cards} are not the plays {pending}"
            own = list(cards)
            if ev.get("dummy") is not None:        # a dummy's card, played by its player in the dummy's turn
                del own[ev["dummy"]]
            first = own[0][0] if own and ev.get("dummy") == 0 else ev["leader"]
            order = [s for s in ((first + k * direction) % players for k in range(players))
                     if s not in out | sitting][:len(own)]
            assert [s for s, _ in own] == order, f"event {i + 1}: plays out of turn {cards}, leader {ev['leader']}"
            pending = []
        elif kind in ("deal", "take"):
            if kind == "deal":
                out = set(knocked)
                sitting.clear()
                assert all(not ev["hands"][s] for s in knocked), f"event {i + 1}: a seat knocked out is dealt cards"
    end = events[-1]
    assert end["event"] == "end" and end["outcome"] in ("finished", "cycle", "limit"), end
    assert end["scores"] == totals, f"end scores {end['scores']} != the score events' totals {totals}"


def play_stepped(rules, seed: int, kinds: list[str]) -> tuple[list[dict], list[list[str]]]:
    """A game through the steppable state with ruleplay's bots: its events and, at every decision
    (a choice of more than one option), the labels of the legal actions offered."""
    from ruleplay.agents import bot_action
    from ruleplay.engine.state import Game
    state = Game(rules).new_initial_state(seed=seed)
    bots = bots_module.make_bots(kinds, seed)
    offered = []
    while not state.is_terminal():
        offered.append([state.action_to_string(a) for a in state.legal_actions()])
        state.apply_action(bot_action(state, bots[state.current_player()]))
    return state.events(), offered


class Script(Bot):
    """Answers each asked decision with the next label of its script; keeps the labels it was offered."""

    def __init__(self, *labels: str):
        super().__init__("lowest", random.Random(0))
        self.script, self.offered = list(labels), []

    def act(self, d, space) -> int:
        labels = {a: (d.labels or {}).get(a) or space.label(a) for a in d.actions}
        self.offered.append(sorted(labels.values()))
        want = self.script.pop(0)
        return next(a for a, lab in labels.items() if lab == want)


def offered(state) -> list[str]:
    """The labels of the state's legal actions, sorted (the hand-checked tests of turns games)."""
    return sorted(state.action_to_string(a) for a in state.legal_actions())


def hand_of(state, seat: int, zone: str = "hand") -> list:
    """A seat's cards in one of its zones, as the seat itself sees them."""
    return next(z.cards for z in state.seat_view(seat).seat_zones if z.seat == seat and z.name == zone)


def step(state, *labels: str) -> list[tuple[int, list[str]]]:
    """Answer the decisions by label; returns (seat asked, labels offered) for each."""
    seen = []
    for label in labels:
        seen.append((state.current_player(), offered(state)))
        by_label = {state.action_to_string(a): a for a in state.legal_actions()}
        assert label in by_label, f"{label!r} not offered to seat {state.current_player()}: {sorted(by_label)}"
        state.apply_action(by_label[label])
    return seen


def clone_plays_on_alike(state, seed: int = 3) -> list[dict]:
    """A clone of `state` and the state itself, each played on with the same random choices, log the same
    events (a copy goes on as the game does); returns them."""
    import random
    copy = state.clone()
    for st in (state, copy):
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply_action(rng.choice(st.legal_actions()))
    assert copy.events() == state.events()
    return state.events()


def lift(e: dict, hands: list, zones: dict) -> tuple[list, list, list]:
    """A logged `move` replayed on a referee's zones (a hand per seat, the table's by name): its source and
    destination lists and its cards, taken out of the source (the stock's from its top, listed first; any
    other zone's wherever they lie, each of them there)."""
    src = hands[e["from_seat"]] if e["from"] == "hand" else zones.setdefault(e["from"], [])
    dst = hands[e["to_seat"]] if e["to"] == "hand" else zones.setdefault(e["to"], [])
    cards = e["cards"]
    if e["from"] == "stock":
        assert cards == src[:len(cards)]
        del src[:len(cards)]
    else:
        assert all(c in src for c in cards), (e, src)
        for c in cards:
            src.remove(c)
    return src, dst, cards


def chance_to_play(state, seed: int = 0):
    """An OpenSpiel state's chance nodes (a deal, card by card) drawn at random with `seed`, up to a seat's turn."""
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    return state


def validate_errors(tmp_path, capsys, text: str) -> str:
    """`ruleplay validate` of a rule file with `text`, which must fail: what it printed on stderr."""
    from ruleplay.tools.cli import main
    f = tmp_path / "bad.yaml"
    f.write_text(text, encoding="utf-8")
    assert main(["validate", str(f)]) == 1
    return capsys.readouterr().err

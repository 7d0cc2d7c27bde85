"""Euchre and Knock-out Whist checked against a small reference written from the published rules (Pagat),
independently of the engine: many seeded games with mixed bots are played, and every logged event is
re-judged by the reference (who is asked, what may be chosen, the pick-up, who sits out, which cards may
be played, who wins each trick, the scores, the knock-outs, the dealer, the winners). The reference reads
only the log, so a rule the engine gets wrong shows up as a disagreement here."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from ruleplay.agents import play
from ruleplay.pipeline import load

ROOT = Path(__file__).resolve().parent.parent
SUITS = "CDHS"
RED = {"D", "H"}


def _split(card: str) -> tuple[str, str]:
    return card[:-1], card[-1]


class Events:
    """The log without decisions, read in order."""

    def __init__(self, events: list[dict]):
        self.evs = [e for e in events if e["event"] not in ("decision", "start")]
        self.i = 0

    def peek(self) -> dict | None:
        return self.evs[self.i] if self.i < len(self.evs) else None

    def take(self, kind: str) -> dict:
        ev = self.peek()
        assert ev is not None and ev["event"] == kind, (kind, ev, self.i)
        self.i += 1
        return ev


def _check_tricks(evs: Events, hands: dict[int, list[str]], players: list[int], leader: int, n: int,
                  suit_of, rank_of) -> list[int]:
    """Plays the hand's tricks from the log: every card legal (follow the suit led when able), the winner
    by the rules, the winner leads next. Returns tricks won per seat."""
    won = [0] * n
    while any(hands[s] for s in players):
        order = [s for s in ((leader + k) % n for k in range(n)) if s in players]
        plays = []
        for seat in order:
            ev = evs.take("play")
            card = ev["card"]
            assert ev["seat"] == seat and card in hands[seat], (ev, hands[seat])
            if plays:
                led = suit_of(plays[0][1])
                if any(suit_of(c) == led for c in hands[seat]):
                    assert suit_of(card) == led, f"seat {seat} must follow {led}: {card} from {hands[seat]}"
            hands[seat].remove(card)
            plays.append((seat, card))
        led = suit_of(plays[0][1])
        best = max(plays, key=lambda p: (suit_of(p[1]) == "T", suit_of(p[1]) == led, rank_of(p[1])))
        trick = evs.take("trick")
        assert trick["cards"] == [[s, c] for s, c in plays] and trick["winner"] == best[0], (trick, best)
        won[best[0]] += 1
        leader = best[0]
    return won


# ---------------------------------------------------------------------------- Euchre
EUCHRE_RANKS = ["9", "10", "J", "Q", "K", "A"]


def _euchre_game(events: list[dict], opts: dict) -> None:
    evs, n = Events(events), 4
    totals = [0, 0]
    while evs.peek()["event"] != "end":
        deal = evs.take("deal")
        d = deal["dealer"]
        hands = {s: list(h) for s, h in enumerate(deal["hands"])}
        kitty = list(deal["rest"])                              # top first
        turned = kitty[0]
        assert evs.take("turn-up")["card"] == turned
        t_suit = _split(turned)[1]
        maker = trump = None
        for k in range(1, n + 1):                              # round 1: the dealer's left first, the dealer last
            ev = evs.take("choose")
            assert ev["phase"] == "order-up" and ev["seat"] == (d + k) % n
            if not ev.get("pass"):
                assert ev["value"] == t_suit
                maker, trump = ev["seat"], t_suit
                break
        if maker is None:
            assert evs.take("all-passed")["phase"] == "order-up"
            for k in range(1, n + 1):                          # round 2: another suit
                ev = evs.take("choose")
                seat = (d + k) % n
                assert ev["phase"] == "call" and ev["seat"] == seat
                if ev.get("pass"):
                    assert not (opts.get("stick-the-dealer") == "true" and seat == d), "the dealer is stuck"
                    continue
                assert ev["value"] in SUITS and ev["value"] != t_suit
                maker, trump = seat, ev["value"]
                break
            if maker is None:
                assert evs.take("all-passed")["redeal"] is True   # thrown in: no score, the next dealer
                nxt = evs.peek()
                assert nxt["event"] in ("deal", "end")
                if nxt["event"] == "deal":
                    assert nxt["dealer"] == (d + 1) % n
                continue
        else:
            pick = evs.take("pick-up")
            assert pick["seat"] == d and pick["took"] == [turned]
            hands[d].append(turned)
            disc = evs.take("discard")
            assert disc["seat"] == d and len(disc["cards"]) == 1 and disc["cards"][0] in hands[d]
            hands[d].remove(disc["cards"][0])
        alone = False
        if opts.get("going-alone", "true") == "true":
            ev = evs.take("choose")
            assert ev["phase"] == "alone" and ev["seat"] == maker
            if not ev.get("pass"):
                alone = True
                assert evs.take("sit-out")["seat"] == (maker + 2) % n
            else:
                evs.take("all-passed")
        assert evs.take("trump")["suit"] == trump
        colour = RED if trump in RED else set(SUITS) - RED

        def suit_of(card: str) -> str:
            r, s = _split(card)
            return "T" if s == trump or (r == "J" and s in colour) else s

        def rank_of(card: str) -> int:
            r, s = _split(card)
            if r == "J" and s == trump:
                return 100
            if r == "J" and s in colour:
                return 99
            return EUCHRE_RANKS.index(r)

        players = [s for s in range(n) if not (alone and s == (maker + 2) % n)]
        first = next(s for s in ((d + k) % n for k in range(1, n + 1)) if s in players)
        if alone and opts.get("lone-lead") == "maker-left":
            first = (maker + 1) % n                          # the lone maker's left leads instead
        won = _check_tricks(evs, hands, players, first, n, suit_of, rank_of)
        side = maker % 2
        made = won[side] + won[side + 2]
        points = [0, 0]
        if made == 5:
            points[side] = 4 if alone else 2
        elif made >= 3:
            points[side] = 1
        else:
            points[1 - side] = 2
        score = evs.take("score")
        assert score["scores"] == [points[s % 2] for s in range(n)], (score, won, maker, alone)
        totals = [totals[0] + points[0], totals[1] + points[1]]
        assert score["totals"] == [totals[s % 2] for s in range(n)]
    end = evs.take("end")
    target = int(opts.get("target", 10))
    if end["outcome"] == "finished":
        side = 0 if totals[0] >= target else 1
        assert totals[side] >= target > totals[1 - side]
        assert end["winners"] == [side, side + 2]


@pytest.mark.parametrize("opts", [{}, {"stick-the-dealer": "true"}, {"going-alone": "false", "target": "5"},
                                  {"lone-lead": "maker-left"}])
def test_euchre_against_the_reference(opts):
    rules = load(str(ROOT / "rulesets" / "euchre.yaml"), opts)
    finished = 0
    for seed in range(30):
        rng = random.Random(seed)
        bots = [rng.choice(["random", "random", "highest", "smart"]) for _ in range(4)]
        res = play(rules, seed=seed, bots=bots, max_actions=20_000)
        _euchre_game(res.events, opts)
        finished += res.outcome == "finished"
    assert finished >= 25


# ---------------------------------------------------------------------------- Knock-out Whist
KW_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def _knockout_game(events: list[dict], n: int, first_hand: int, ties: str) -> None:
    evs = Events(events)
    out: set[int] = set()
    dealer = None
    last_won: list[int] | None = None
    hand = 0
    while evs.peek()["event"] != "end":
        hand += 1
        deal = evs.take("deal")
        if dealer is not None:                                # the next seat still in deals
            assert deal["dealer"] == next(s for s in ((dealer + k) % n for k in range(1, n + 1)) if s not in out)
        dealer = deal["dealer"]
        live = [s for s in range(n) if s not in out]
        size = first_hand + 1 - hand
        assert all(len(deal["hands"][s]) == (size if s in live else 0) for s in range(n)), deal["hands"]
        hands = {s: list(h) for s, h in enumerate(deal["hands"])}
        if hand == 1:
            trump = _split(deal["rest"][0])[1]               # the stock's top card turned up
        else:
            top = max(last_won[s] for s in live)
            tied = [s for s in ((dealer + k) % n for k in range(1, n + 1)) if s in live and last_won[s] == top]
            if len(tied) > 1 and ties == "cut":
                cut = evs.take("cut")
                assert cut["seats"] == tied and cut["seat"] in tied
                chooser = cut["seat"]
            else:
                chooser = tied[0]
            ev = evs.take("choose")
            assert ev["phase"] == "call" and ev["seat"] == chooser and ev["value"] in SUITS
            trump = ev["value"]
        ev = evs.take("trump")
        assert ev["suit"] == trump and ev.get("card") == (deal["rest"][0] if hand == 1 else None)
        first = next(s for s in ((dealer + k) % n for k in range(1, n + 1)) if s in live)
        won = _check_tricks(evs, hands, live, first, n,
                            lambda c: "T" if _split(c)[1] == trump else _split(c)[1],
                            lambda c: KW_RANKS.index(_split(c)[0]))
        assert evs.take("tally")["counters"]["won"] == won
        for s in live:
            if won[s] == 0:
                ev = evs.take("out")
                assert ev["seat"] == s
                out.add(s)
        last_won = won
    end = evs.take("end")
    left = [s for s in range(n) if s not in out]
    assert len(left) == 1 and end["winners"] == left and end["outcome"] == "finished"
    assert hand <= first_hand


@pytest.mark.parametrize("players, opts", [(4, {}), (2, {}), (7, {}), (5, {"trump-ties": "first"}),
                                           (3, {"first-hand": "4"})])
def test_knockout_whist_against_the_reference(players, opts):
    rules = load(str(ROOT / "rulesets" / "knockout-whist.yaml"), opts, players=players)
    for seed in range(30):
        rng = random.Random(seed)
        bots = [rng.choice(["random", "lowest", "highest", "smart"]) for _ in range(players)]
        res = play(rules, seed=seed, bots=bots)
        _knockout_game(res.events, players, int(opts.get("first-hand", 7)), opts.get("trump-ties", "cut"))

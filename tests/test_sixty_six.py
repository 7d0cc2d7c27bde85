"""Sixty-Six: hand-checked deals worked out from Pagat's rules (the ruleset's `source`), and a referee that
re-derives, from the logs of seeded random games alone, the legality of every card played, each
declaration and exchange, where each hand stops, its game points and the match's end."""
from __future__ import annotations

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

from conftest import offered, step

ORDER = {r: i for i, r in enumerate(["9", "J", "Q", "K", "10", "A"])}
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def state_of(deal: Deal):
    return ruleplay.load_game("sixty-six").new_initial_state(seed=1, deal=deal, check=True)


# Seat 1 deals, so seat 0 leads; 9S is turned up: spades are trumps. Seat 0 closes the stock before the first
# lead, so the strict rules hold from the first trick. 1: QC led; seat 1 must head the trick in clubs: 10C or
# AC, not JC. AC wins (14). 2: seat 1 leads 10H; seat 0 has no heart and must trump: JS or KS, not a club or
# a diamond. JS wins (12). 3: 9D led, seat 1's 10D (its only diamond) wins (10). 4: AH led, seat 0's one trump
# KS wins (15). 5: 9C led; both of seat 1's clubs head it: 10C or JC. 10C wins (10). 6: JC led, seat 0's AD
# (no club, no trump) loses (13). Seat 0 closed and has 27, never 66; seat 1 had no trick when the stock was
# closed: it scores 3 game points.
def test_closed_stock_follow_head_and_trump():
    deal = Deal(hands=[["QC", "9C", "KS", "JS", "9D", "AD"], ["10C", "AC", "JC", "10H", "AH", "10D"]],
                rest=["9S", "KC", "QS", "AS", "10S", "9H", "JH", "QH", "KH", "JD", "QD", "KD"], dealer=1)
    s = state_of(deal)
    assert step(s, "closed: yes", "QC", "AC", "10H", "JS", "9D", "AH", "9C", "10C") == [
        (0, ["closed: no", "closed: yes"]),                   # close the stock?
        (0, ["9C", "9D", "AD", "JS", "KS", "QC"]),            # the leader plays any card
        (1, ["10C", "AC"]),                                   # head the trick in the suit led
        (1, ["10C", "10D", "10H", "AH", "JC"]),
        (0, ["JS", "KS"]),                                    # no heart: trump
        (0, ["9C", "9D", "AD", "KS"]),                        # 3: the lead (10D is forced)
        (1, ["10C", "AH", "JC"]),                             # 4: the lead (KS is forced)
        (0, ["9C", "AD"]),
        (1, ["10C", "JC"]),                                   # both beat 9C
    ]
    assert s.is_terminal() is False
    events = s.events()
    tricks = [(e["winner"], e["points"]) for e in events if e["event"] == "trick"]
    assert tricks == [(1, 14), (0, 12), (1, 10), (0, 15), (1, 10), (1, 13)]
    assert not any(e["event"] == "refill" for e in events)    # closed: nobody draws
    score = next(e for e in events if e["event"] == "score")
    assert score["points"] == [0, 3]                          # the closer failed, the other had no trick then: 3


# Seat 1 deals; AS is turned up (spades trumps). Trick 1: seat 0 does not close; with no trick won it is not
# offered the exchange of its 9S; it leads KH holding QH and declares the marriage (20, hearts are not
# trumps). The stock is open: seat 1 may play any card, and throws 9D; seat 0 wins (4) and draws first (10C),
# seat 1 then AC (seat 0 may close before drawing and again after). Trick 2: seat 0 does not close, exchanges 9S for the turned-up AS, and leads QH: its king
# is gone, so no marriage is offered.
def test_open_stock_marriage_and_exchange():
    deal = Deal(hands=[["KH", "QH", "9S", "9C", "JC", "QC"], ["10H", "AH", "9D", "JD", "QD", "KD"]],
                rest=["AS", "10C", "AC", "KC", "10S", "JS", "QS", "KS", "9H", "JH", "10D", "AD"], dealer=1)
    s = state_of(deal)
    seen = step(s, "closed: no", "KH", "marriages: yes", "9D", "closed: no", "closed: no", "exchange: yes", "QH")
    assert seen[:4] == [(0, ["closed: no", "closed: yes"]), (0, ["9C", "9S", "JC", "KH", "QC", "QH"]),
                        (0, ["marriages: no", "marriages: yes"]),
                        (1, ["10H", "9D", "AH", "JD", "KD", "QD"])]      # any card while the stock lasts
    # close before drawing? after? exchange?
    assert seen[4:7] == [(0, ["closed: no", "closed: yes"])] * 2 + [(0, ["exchange: no", "exchange: yes"])]
    events = s.events()
    kinds = [e["event"] for e in events if e["event"] in ("choice", "refill", "swap")]
    assert kinds == ["choice", "choice", "refill", "refill", "choice", "swap"]
    assert [(e["seat"], e["card"], e["points"]) for e in events if e["event"] == "declare"] == [(0, "KH", 20)]
    assert [(e["seat"], e["zone"], e["cards"]) for e in events if e["event"] == "refill"] == \
        [(0, "stock", ["10C"]), (1, "stock", ["AC"])]
    swap = next(e for e in events if e["event"] == "swap")
    assert (swap["seat"], swap["cards"], swap["gave"]) == (0, ["AS"], ["9S"])
    assert s.current_player() == 1 and "QH" in [e.get("card") for e in events if e["event"] == "play"]
    assert not any(e["event"] == "decision" and e["seat"] == 0 for e in events[-1:])   # no marriage with QH


def _counted(won: list[str], marriages: int, tricks: int) -> int:
    return sum(POINTS[rank(c)] for c in won) + (marriages if tricks else 0)


def _referee_hand(events: list[dict], start: int) -> tuple[int, list[int]]:
    """One hand from the `deal` event at `start`: every card played is legal, declarations and exchanges are
    allowed, the hand stops exactly when a player reaches 66; returns the index after its score event and the
    game points derived."""
    deal = events[start]
    hands = [list(h) for h in deal["hands"]]
    dealer = deal["dealer"]
    i = start + 1
    turned = events[i]["cards"][0]
    assert events[i]["to"] == "turned"
    trump = suit(turned)
    stock = 11
    closed_by = None
    bare = False
    won = [[], []]
    tricks = [0, 0]
    marriages = [0, 0]
    trick: list[tuple[int, str]] = []
    last = None
    leader = 1 - dealer                                     # the non-dealer leads
    stopped = False
    while events[i]["event"] != "score":
        e = events[i]
        kind = e["event"]
        if kind == "choice":
            assert e["seat"] == leader and not trick and e["name"] == "closed" and closed_by is None and stock > 0
            if e["value"]:
                closed_by = e["seat"]
                bare = tricks[1 - closed_by] == 0
        elif kind == "swap":
            assert e["seat"] == leader and not trick and tricks[leader] > 0 and closed_by is None and stock > 0
            assert e["gave"] == [f"9{trump}"] and e["cards"] == [turned]
            hands[leader].remove(e["gave"][0])
            hands[leader].append(turned)
            turned = e["gave"][0]
        elif kind == "play":
            seat, card = e["seat"], e["card"]
            assert card in hands[seat]
            if trick:
                strict = closed_by is not None or stock == 0
                led = trick[0][1]
                if strict:
                    same = [c for c in hands[seat] if suit(c) == suit(led)]
                    def beats(c, b=led):
                        return (suit(c) == suit(b) and ORDER[rank(c)] > ORDER[rank(b)]) or \
                            (suit(c) == trump != suit(b))
                    if same:
                        ok = [c for c in same if beats(c)] or same
                    else:
                        ok = [c for c in hands[seat] if suit(c) == trump] or hands[seat]
                    assert card in ok, (card, hands[seat], led, trump)
            else:
                assert seat == leader
            hands[seat].remove(card)
            trick.append((seat, card))
        elif kind == "declare":
            card = trick[0][1] if trick else None
            assert e["seat"] == leader and e["card"] == card and rank(card) in ("K", "Q")
            mate = ("Q" if rank(card) == "K" else "K") + suit(card)
            assert mate in hands[leader] and e["points"] == (40 if suit(card) == trump else 20)
            marriages[leader] += e["points"]
            reached = any(_counted(won[x], marriages[x], tricks[x]) >= 66 for x in (0, 1))
            assert (events[i + 1]["event"] == "tricks-over") == reached    # 66 by a marriage: out at once
            stopped = reached
        elif kind == "trick":
            (s0, c0), (s1, c1) = trick
            w = s1 if (suit(c1) == suit(c0) and ORDER[rank(c1)] > ORDER[rank(c0)]) or \
                (suit(c1) == trump != suit(c0)) else s0
            assert e["winner"] == w
            won[w] += [c0, c1]
            tricks[w] += 1
            last = leader = w
            trick = []
            reached = any(_counted(won[x], marriages[x], tricks[x]) >= 66 for x in (0, 1))
            if events[i + 1]["event"] == "choice":       # the winner may close before drawing
                c = events[i + 1]
                assert c["seat"] == w and c["name"] == "closed" and closed_by is None and stock > 0 and any(hands)
                closed_by = w if c["value"] else None
                bare = tricks[1 - w] == 0
                i += 1
            nxt = events[i + 1]["event"]
            if closed_by is None and stock > 0:
                assert events[i + 1]["event"] == "refill" and events[i + 1]["seat"] == w
                assert events[i + 2]["event"] == "refill" and events[i + 2]["seat"] == 1 - w
                for k in (1, 2):
                    r = events[i + k]
                    hands[r["seat"]] += r["cards"]
                    assert r["zone"] == ("stock" if stock > 0 else "turned")
                    if r["zone"] == "turned":
                        assert r["cards"] == [turned]
                    stock -= 1 if r["zone"] == "stock" else 0
                i += 2
                nxt = events[i + 1]["event"]
            assert (nxt == "tricks-over") == reached, (reached, nxt)
            stopped = nxt == "tricks-over"
        i += 1
    assert stopped or not any(hands)
    assert len(trick) == (1 if events[i - 2]["event"] == "declare" else 0)   # the card led stays after a marriage
    # the hand's winner and game points
    def counted(x):
        return _counted(won[x], marriages[x], tricks[x])
    if closed_by is not None:
        made = last == closed_by and counted(closed_by) >= 66
        winner = closed_by if made else 1 - closed_by
    else:
        winner = last
    loser = 1 - winner
    if closed_by is not None and winner != closed_by:
        gp = 3 if bare else 2                               # the opponent had no trick when the stock was closed
    else:
        gp = 3 if tricks[loser] == 0 else 2 if counted(loser) < 33 else 1
    points = [0, 0]
    points[winner] = gp
    assert events[i]["points"] == points, (events[i], won, marriages, closed_by, last)
    return i + 1, points


@pytest.mark.parametrize("seed", range(6))
def test_sixty_six_referee(seed):
    """From random games' logs: each hand re-derived card by card (tricks, draws, closing, the exchange, the
    marriages, heading and trumping once the stock is out or closed), its game points, and the match's end at
    7 game points."""
    rules = load("sixty-six")
    r = play(rules, seed=seed, check=True)
    assert r.outcome == "finished"
    events = r.events
    totals = [0, 0]
    hands = 0
    for i, e in enumerate(events):
        if e["event"] == "deal":
            _, pts = _referee_hand(events, i)
            totals = [a + b for a, b in zip(totals, pts)]
            hands += 1
            assert (max(totals) >= 7) == (hands == sum(1 for x in events if x["event"] == "deal"))
    end = events[-1]
    assert end["event"] == "end" and end["scores"] == totals
    assert end["winners"] == [x for x in (0, 1) if totals[x] >= 7]


# The `head` rule is the trick kind's, for any game: Whist with `head` on. Seat 3 deals and its first card, 2S,
# turns spades trumps; seat 0 leads 5H. Seat 1 must head the trick in hearts: 8H or 10H, not 3H. Seat 2 has no
# heart: it must win with a trump, 4S or 9S, not AD. Seat 3 has no heart and no trump beating 4S: it must still
# play a trump (2S or 3S), not QD.
def test_head_in_a_four_player_game(tmp_path):
    p = tmp_path / "heading.yaml"
    p.write_text("extends: whist\nname: heading\nphases:\n  play:\n    head: 'true'\n", encoding="utf-8")
    deal = Deal(hands=[["5H", "9C", "2C"], ["8H", "10H", "3H"], ["4S", "9S", "AD"], ["2S", "3S", "QD"]], dealer=3)
    s = ruleplay.load_game(str(p)).new_initial_state(seed=1, deal=deal, check=True)
    assert step(s, "5H", "8H", "4S", "3S") == [(0, ["2C", "5H", "9C"]), (1, ["10H", "8H"]), (2, ["4S", "9S"]),
                                                (3, ["2S", "3S"])]
    trick = next(e for e in s.events() if e["event"] == "trick")
    assert trick["winner"] == 2


def test_a_declaration_on_any_card_played(tmp_path):
    """`declare: {NAME: {on: play, ...}}` is offered with every card played, by its player, not only with the lead
    (Klaberjass's bella): in random games some are made with a card that did not lead its trick, and each
    player's s.NAME holds the points of the declarations logged for it."""
    from ruleplay.agents import play
    from ruleplay.pipeline import load
    p = tmp_path / "bella.yaml"
    p.write_text("extends: sixty-six\nname: bella\nphases:\n  play:\n    declare:\n      bella:\n"
                 "        on: play\n        when: \"card.rank == 'K' and card.suit == trump\"\n        points: 5\n"
                 "scoring:\n  points: \"s.bella\"\n  rules: []\n", encoding="utf-8")
    rules = load(str(p))
    following = 0
    for seed in range(12):
        events = play(rules, seed, bots=["highest", "highest"]).events
        led, made = None, [0, 0]
        for e in events:
            if e["event"] == "trick":
                led = None
            elif e["event"] == "play":
                led = led or e["card"]
            elif e["event"] == "declare" and e["name"] == "bella":
                assert e["points"] == 5 and e["card"][0] == "K"
                following += e["card"] != led
                made[e["seat"]] += 5
            elif e["event"] == "score":
                assert e["points"] == made, (seed, e)          # each player's s.bella: its own declarations
                made = [0, 0]
    assert following > 0


@pytest.mark.parametrize("prefer, closes", [("-1", False), ("1", True)])
def test_a_choice_prefer_steers_smart(tmp_path, prefer, closes):
    """A trick choice's `prefer` (read with actor the player asked) is what `smart` goes by: below 0 it never
    closes the stock, above 0 it closes at its first chance; random players are not steered."""
    p = tmp_path / "steer.yaml"
    p.write_text(f"extends: sixty-six\nname: steer\nphases:\n  play:\n    choices:\n      closed:\n"
                 f"        prefer: \"{prefer}\"\n", encoding="utf-8")
    rules = load(str(p))
    for seed in range(3):
        events = play(rules, seed=seed, bots=["smart", "smart"]).events
        offers = [e for e in events if e["event"] == "choice" and e["name"] == "closed"]
        assert offers and all(e["value"] is closes for e in offers)
    randomly = [e["value"] for seed in range(3) for e in play(rules, seed=seed, bots=["random", "random"]).events
                if e["event"] == "choice" and e["name"] == "closed"]
    assert True in randomly and False in randomly

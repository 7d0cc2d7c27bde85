"""Klondike and Golf (rulesets/klondike.yaml, rulesets/golf.yaml), two one-player patiences written with the
`turns` kind alone: hand-made deals that check each rule (a run moving as a unit, a king to an empty
column, a hidden card turned up when a column's face-up part empties, a foundation move, the stock turned
onto the waste and the waste turned over), a referee that re-derives from the logs of random games that
every move was legal and every card is still there, and that a face-down card is not shown to the
player before it is turned up. Each expected result is worked out by hand in the comment above its test."""
from __future__ import annotations

import random
import re

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
PACK = [r + s for s in "CDHS" for r in RANKS]
COLUMNS = [f"col{i}" for i in range(1, 8)]
HOMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def value(card: str) -> int:
    return RANKS.index(card[:-1]) + 1


def red(card: str) -> bool:
    return card[-1] in "DH"


def offered(state) -> list[str]:
    return sorted(state.action_to_string(a) for a in state.legal_actions())


def step(state, *labels: str) -> list[list[str]]:
    """Answer the decisions by label; returns the labels offered at each."""
    seen = []
    for label in labels:
        seen.append(offered(state))
        by_label = {state.action_to_string(a): a for a in state.legal_actions()}
        assert label in by_label, f"{label!r} not offered: {sorted(by_label)}"
        state.apply_action(by_label[label])
    return seen


def klondike(cols, stock, **options):
    """A Klondike table: `cols` the seven columns as (face-down cards bottom first, the face-up card), `stock`
    its top cards, top first; the rest of the pack goes under them. The file deals column by column from the
    top of the pack, so the pack is simply those cards in that order."""
    rest = [c for down, up in cols for c in down + [up]]
    rest += stock + [c for c in PACK if c not in rest and c not in stock]
    game = ruleplay.load_game("klondike", options={k: str(v) for k, v in options.items()})
    return game.new_initial_state(seed=1, deal=Deal([[]], rest=rest, dealer=0), check=True)


def moves(state) -> list[tuple[str, str, list[str]]]:
    return [(e["from"], e["to"], e["cards"]) for e in state.events() if e["event"] == "move"]


# The layout: col1 9H; col2 10S on 2C; col3 8C on 3C 4C; col4 KD on 5H 6H 7H; col5 AS on 2H 3H 4H QC; col6 9D
# on five clubs; col7 4D on six hearts. The stock's top cards are 2S, 3S.
LAYOUT = [([], "9H"), (["2C"], "10S"), (["3C", "4C"], "8C"), (["5H", "6H", "7H"], "KD"),
          (["2H", "3H", "4H", "QC"], "AS"), (["5C", "6C", "7C", "9C", "10C"], "9D"),
          (["AH", "8H", "10H", "JH", "QH", "KH"], "4D")]


# Nothing is empty, so no king moves; the columns that may move are col1 (9H onto 10S), col3 (8C onto 9H or
# 9D), col5 (AS to its foundation) and col6 (9D onto 10S); not col7 (4D: no black 5 is up). 8C goes onto 9H
# (col1) or 9D (col6): the player is asked which. col3's face-up part is then empty, and its top face-down
# card, 4C, is turned up. From col1 (9H, 8C) the player may move 8C alone onto 9D (col6), or 9H with 8C on
# it onto 10S (col2): the pile chosen says how many cards go. col2: it is 10S 9H 8C, in that order, and
# col1 is empty with nothing under it. KD goes to it (the only empty column: not asked), and col4 turns 7H
# up. 7H goes onto 8C (col2): col2 is 10S 9H 8C 7H. Its top two (8C 7H) move onto 9D (col6), in order,
# leaving 10S 9H.
def test_klondike_runs_move_as_a_unit_and_a_king_fills_an_empty_column():
    s = klondike(LAYOUT, ["2S", "3S"])
    assert offered(s) == ["move", "turn"]
    seen = step(s, "move", "move: col3", "move: col1")
    assert seen[1] == ["move: col1", "move: col3", "move: col5", "move: col6"]
    assert seen[2] == ["move: col1", "move: col6"]              # 8C onto either red nine
    assert moves(s)[-2:] == [("col3", "col1", ["8C"]), ("col3-down", "col3", ["4C"])]
    seen = step(s, "move", "move: col1", "move: col2")
    assert seen[2] == ["move: col2", "move: col6"]              # 9H with 8C onto 10S, or 8C alone onto 9D
    assert moves(s)[-1] == ("col1", "col2", ["9H", "8C"])       # bottom first: the run keeps its order
    step(s, "move", "move: col4")                               # KD: only col1 is empty, so not asked
    assert moves(s)[-2:] == [("col4", "col1", ["KD"]), ("col4-down", "col4", ["7H"])]
    step(s, "move", "move: col4")                               # 7H onto 8C: the only place
    step(s, "move", "move: col2")                               # two cards, onto 9D: the only choice
    assert moves(s)[-1] == ("col2", "col6", ["8C", "7H"])
    obs = s.observation_string(0)
    assert "col2: 2 cards (10S 9H)" in obs and "col6: 3 cards (9D 8C 7H)" in obs, obs


# AS goes to the spades' foundation (col5 then turns QC up: it was not shown before, it is after). The
# stock's 2S is turned onto the waste and goes onto the spades too (the only place). Then 3S is turned: it
# may go onto the spades or onto col7's 4D (a red four); it goes onto 4D.
def test_klondike_foundation_stock_waste_and_a_hidden_card_turned_up():
    s = klondike(LAYOUT, ["2S", "3S"])
    assert "QC" not in s.observation_string(0)
    step(s, "move", "move: col5")
    assert moves(s)[-2:] == [("col5", "spades", ["AS"]), ("col5-down", "col5", ["QC"])]
    assert "col5: 1 cards (QC)" in s.observation_string(0)
    step(s, "turn")
    assert moves(s)[-1] == ("stock", "waste", ["2S"])
    step(s, "move", "move: waste")                              # 2S: the spades only
    assert moves(s)[-1] == ("waste", "spades", ["2S"])
    step(s, "turn")
    seen = step(s, "move", "move: waste", "move: col7")
    assert seen[2] == ["move: col7", "move: spades"]
    assert moves(s)[-1] == ("waste", "col7", ["3S"])


# The stock's 24 cards turned one by one; when it is out the waste is turned over and is the stock again in
# the order it was first: the next card turned is the first one turned (the stock's old top). With
# passes=1 the waste cannot be turned over, and with draw=3 a turn moves three cards, the third on top.
def test_klondike_the_waste_turned_over_and_the_house_rules():
    stock = [c for c in PACK if c not in {x for d, u in LAYOUT for x in d + [u]}]
    s = klondike(LAYOUT, stock)
    for _ in range(24):
        step(s, "turn")
    assert "redeal" in offered(s) and "turn" not in offered(s)
    step(s, "redeal")
    assert moves(s)[-1][:2] == ("waste", "stock") and len(moves(s)[-1][2]) == 24
    step(s, "turn")
    assert moves(s)[-1] == ("stock", "waste", [stock[0]])
    s = klondike(LAYOUT, stock, passes=1)
    for _ in range(24):
        step(s, "turn")
    assert "redeal" not in offered(s)
    s = klondike(LAYOUT, stock, draw=3)
    step(s, "turn")
    assert moves(s)[-1] == ("stock", "waste", stock[:3])
    assert "waste: 3 cards" in s.observation_string(0)


def test_klondike_hidden_cards_are_never_shown_before_they_are_turned_up():
    """In random games, no card lying face down (in the stock or a column's face-down part) is named in the
    player's view, checked before every decision; and every card face up is."""
    game = ruleplay.load_game("klondike")
    rng = random.Random(5)
    for seed in (1,):
        s = game.new_initial_state(seed=seed)
        for _ in range(200):
            if s.is_terminal():
                break
            piles = _piles(s.events())
            view = set(re.findall(r"[0-9AJQK]+[CDHS]", s.observation_string(0)))
            hidden = {c for z, cards in piles.items() if z == "stock" or z.endswith("-down") for c in cards}
            assert len(hidden) + len(view) == 52 and not hidden & view
            s.apply_action(rng.choice(s.legal_actions()))


def _piles(events) -> dict[str, list[str]]:
    """Every zone's cards, bottom first, re-derived from the move events."""
    piles: dict[str, list[str]] = {"stock": []}
    for e in events:
        if e["event"] == "deal":
            piles["stock"] = list(reversed(e["rest"]))
        elif e["event"] == "move":
            src, dest = piles.setdefault(e["from"], []), piles.setdefault(e["to"], [])
            for c in e["cards"]:
                src.remove(c)
            dest.extend(e["cards"])
    return piles


def _check_run(cards: list[str]) -> None:
    for lower, upper in zip(cards[1:], cards):
        assert value(upper) == value(lower) + 1 and red(upper) != red(lower), cards


def referee_klondike(events, draw: int = 1, passes: int = 0) -> list[str]:
    """Re-derives every move of a Klondike log from the rules; returns the kinds of move seen. The layout:
    column N gets N - 1 cards face down and one face up, from the top of the pack."""
    piles = _piles([e for e in events if e["event"] == "deal"])
    layout = [e for e in events if e["event"] == "move"][:13]
    want = [("stock", "col1", 1)] + [z for n in range(2, 8) for z in (("stock", f"col{n}-down", n - 1),
                                                                       ("stock", f"col{n}", 1))]
    assert [(e["from"], e["to"], e["count"]) for e in layout] == want
    seen, turned_over, pending = [], 0, None
    for e in [e for e in events if e["event"] == "move"]:
        src, dest, cards = piles.setdefault(e["from"], []), piles.setdefault(e["to"], []), e["cards"]
        k = len(cards)
        if e in layout:
            pass
        elif pending is not None:            # the column emptied by the last move turns its top card up
            assert (e["from"], e["to"], cards) == (pending + "-down", pending, src[-1:]), e
            seen.append("turn-up")
            pending = None
        elif (e["from"], e["to"]) == ("stock", "waste"):
            assert cards == src[::-1][:draw] and k == min(draw, len(src))
            seen.append("stock")
        elif (e["from"], e["to"]) == ("waste", "stock"):
            turned_over += 1
            assert not dest and cards == src[::-1] and (passes == 0 or turned_over < passes)
            seen.append("redeal")
        else:
            assert e["from"] == "waste" or e["from"] in COLUMNS, e
            assert src[-k:] == cards and (k == 1 or e["from"] != "waste"), (e, src)
            if e["to"] in HOMES.values():
                assert k == 1 and HOMES[cards[0][-1]] == e["to"] and value(cards[0]) == len(dest) + 1, e
                seen.append("foundation")
            else:
                assert e["to"] in COLUMNS and e["to"] != e["from"], e
                _check_run(cards)
                if dest:
                    assert value(dest[-1]) == value(cards[0]) + 1 and red(dest[-1]) != red(cards[0]), (e, dest)
                    seen.append("run" if k > 1 else "build")
                else:
                    assert cards[0][:-1] == "K", e
                    assert e["from"] == "waste" or k < len(src) or piles.get(e["from"] + "-down"), \
                        "a king alone in its column moved to another empty one: a move that changes nothing"
                    seen.append("king")
            if e["from"] in COLUMNS and len(src) == k and piles.get(e["from"] + "-down"):
                pending = e["from"]
        for c in cards:
            src.remove(c)
        dest.extend(cards)
        for col in COLUMNS:
            _check_run(piles.get(col, []))
    assert sorted(c for cards in piles.values() for c in cards) == sorted(PACK)
    return seen


@pytest.mark.parametrize("seed, options, actions", [(2, {}, 1000), (3, {"draw": 3, "passes": 3}, 350),
                                                    (4, {"passes": 1}, 350)])
def test_klondike_referee(seed, options, actions):
    """Random games' logs (seed 2 is won by the random bot in 451 moves; the others are cut after some
    hundreds): every move follows the rules above, every card is still in the game."""
    r = play(load("klondike", {k: str(v) for k, v in options.items()}), seed=seed, check=True,
             max_actions=actions)
    seen = referee_klondike(r.events, **options)
    assert {"stock", "build", "turn-up"} <= set(seen) and ("redeal" in seen) == (options.get("passes") != 1)
    if seed == 2:
        assert r.outcome == "finished" and r.winners == [0] and r.scores == [52]
        assert {"run", "king", "foundation"} <= set(seen)


# ------------------------------------------------------------------------------------------------------ Golf
def golf(cols, foundation, stock, **options):
    """A Golf table: `cols` the seven columns, bottom first; the foundation's first card; the stock's top
    cards, top first (the rest of the pack under them)."""
    rest = [c for col in cols for c in col] + [foundation]
    rest += stock + [c for c in PACK if c not in rest and c not in stock]
    game = ruleplay.load_game("golf", options={k: str(v) for k, v in options.items()})
    return game.new_initial_state(seed=1, deal=Deal([[]], rest=rest, dealer=0), check=True)


GOLF = [["JH", "JS", "10D", "10H", "5H"], ["3C", "3D", "3H", "8D", "7S"], ["4C", "4D", "4H", "4S", "KC"],
        ["5C", "5D", "5S", "6D", "2D"], ["7C", "7D", "9H", "9S", "QD"], ["8C", "8H", "8S", "10C", "AS"],
        ["JC", "JD", "2C", "2H", "9C"]]


# The foundation starts with 6C. 5H (col1) and 7S (col2) are one away: the player is asked which. 7S; then
# col2's 8D is the only card one away (the other move is turning the stock): the column is not asked. 9C
# (col7) likewise. Then no column's top card is one away from 9C (5H 3H KC 2D QD AS 2H), so the only move
# is to turn the stock: not asked, KD is turned. QD (col5) is one below it. With wrap, AS (col6) is one
# above it too, and the player is asked.
@pytest.mark.parametrize("wrap", [False, True])
def test_golf_one_higher_or_lower_whatever_the_suit(wrap):
    s = golf(GOLF, "6C", ["KD", "AH"], wrap=str(wrap).lower())
    seen = step(s, "play", "play: col2", "play", "play")
    assert seen[0] == ["play", "turn"] and seen[1] == ["play: col1", "play: col2"]
    assert moves(s)[-1] == ("stock", "foundation", ["KD"])
    if wrap:
        assert step(s, "play", "play: col5")[1] == ["play: col5", "play: col6"]
    else:
        step(s, "play")
    assert [m for m in moves(s) if m[1] == "foundation"][1:] == [
        ("col2", "foundation", ["7S"]), ("col2", "foundation", ["8D"]), ("col7", "foundation", ["9C"]),
        ("stock", "foundation", ["KD"]), ("col5", "foundation", ["QD"])]


# A layout that can be cleared: from the foundation's AC the cards run 2 up to K, back down to A, and up
# again to Q (35 cards), laid so that each column's cards come off top first in that order. Played in that
# order it clears the layout: the game ends at once, won, scoring minus the 16 cards left in the stock.
def test_golf_cleared_layout_scores_minus_the_stock():
    ranks = RANKS[1:] + RANKS[-2::-1] + RANKS[1:12]
    used: dict[str, int] = {}
    order = []
    for r in ranks:
        suit = "CDHS"[used.get(r, 0) + (1 if r == "A" else 0)]
        used[r] = used.get(r, 0) + 1
        order.append(r + suit)
    cols = [order[5 * i:5 * i + 5][::-1] for i in range(7)]
    s = golf(cols, "AC", [])
    for i, card in enumerate(order):
        by_label = {s.action_to_string(a): a for a in s.legal_actions()}
        if "play" in by_label:
            s.apply_action(by_label["play"])
        by_label = {s.action_to_string(a): a for a in s.legal_actions()}
        if f"play: col{i // 5 + 1}" in by_label:
            s.apply_action(by_label[f"play: col{i // 5 + 1}"])
        assert moves(s)[-1] == (f"col{i // 5 + 1}", "foundation", [card])
    assert s.is_terminal() and s.result().winners == [0] and s.result().scores == [-16]


def test_golf_referee():
    """Random games' logs: every card played from a column is its top card and one away from the
    foundation's top card; the stock is turned one card at a time; a game ends when the layout is cleared
    or nothing can move (the stock out, no column's top card one away), scoring the cards left in the
    layout (or minus the stock's when it is cleared); every card is still in the game."""
    ends = set()
    for seed in range(12):
        wrap = seed % 2 == 1
        r = play(load("golf", {"wrap": str(wrap).lower()}), seed=seed, check=True)
        piles = _piles([e for e in r.events if e["event"] == "deal"])
        mv = [e for e in r.events if e["event"] == "move"]
        assert [(e["from"], e["to"], e["count"]) for e in mv[:8]] == \
            [("stock", c, 5) for c in COLUMNS] + [("stock", "foundation", 1)]
        for i, e in enumerate(mv):
            src, dest = piles.setdefault(e["from"], []), piles.setdefault(e["to"], [])
            assert e["count"] == 1 or i < 7
            if i >= 8:
                assert e["to"] == "foundation" and src[-1:] == e["cards"]
                if e["from"] != "stock":
                    apart = abs(value(e["cards"][0]) - value(dest[-1]))
                    assert apart == 1 or wrap and apart == 12, (e, dest[-1])
            for c in e["cards"]:
                src.remove(c)
            dest.extend(e["cards"])
        left = sum(len(piles.get(c, [])) for c in COLUMNS)
        tops = [piles[c][-1] for c in COLUMNS if piles.get(c)]
        top = piles["foundation"][-1]
        if left:
            assert not piles["stock"] and not any(
                abs(value(c) - value(top)) == 1 or wrap and abs(value(c) - value(top)) == 12 for c in tops)
        assert r.outcome == "finished" and r.scores == [left or -len(piles["stock"])]
        assert r.winners == ([] if left else [0])
        assert sorted(c for cards in piles.values() for c in cards) == sorted(PACK)
        ends.add(left)
    assert len(ends) > 3


def test_the_recipes_in_docs_turns_md_run(tmp_path):
    """docs/turns.md "Recipes": the whole file there (a Palace-like start: three zones a player, a pack that
    grows with the players) validates and plays to its end; with six players it has two packs."""
    import pathlib
    doc = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "turns.md").read_text(encoding="utf-8")
    recipes = doc[doc.index("## Recipes"):]
    files = [b for b in re.findall(r"```yaml\n(.*?)```", recipes, re.S) if b.startswith("name:")]
    assert files
    for i, text in enumerate(files):
        path = tmp_path / f"recipe{i}.yaml"
        path.write_text(text, encoding="utf-8")
        for players, cards in ((3, 52), (6, 104)):
            r = play(load(str(path), players=players), seed=1, check=True)
            assert r.outcome == "finished" and len(r.winners) == 1
            deal = next(e for e in r.events if e["event"] == "deal")
            assert len(deal["rest"]) == cards


# A table where, once the stock is gone through (passes=1), the only move left is 9H going from one black
# ten to the other and back: col1 10S; col2 10C; col3 9H (then 2H turned up); col4 to col7 2C 2S 2D 9S; the
# aces, 9D and the eights lie face down, so no card of the stock fits anywhere. 9H is the only card that can
# move (the column is not asked); it goes onto 10S. The forced moves then bring the same table back with no
# decision between: the game ends at once as a cycle, with no winner. With choices left (unlimited passes)
# a random player dithers instead, and the game stops at max-turns (outcome limit).
def test_klondike_back_and_forth_is_bounded():
    hidden = ["AC", "AD", "AH", "AS", "9D", "8C", "8S", "8D", "8H"]
    tops = ["10S", "10C", "9H", "2C", "2S", "2D", "9S"]
    down = hidden + [c for c in PACK if c not in tops + hidden + ["2H"]][:11]
    cols = [([], "10S"), (down[:1], "10C"), (down[1:2] + ["2H"], "9H"), (down[2:5], "2C"), (down[5:9], "2S"),
            (down[9:14], "2D"), (down[14:20], "9S")]
    stock = [c for c in PACK if c not in {x for d, u in cols for x in d + [u]}]
    assert len(stock) == 24 and not set(stock) & set(hidden)
    s = klondike(cols, stock, passes=1)
    assert step(s, "move", "move: col1")[1] == ["move: col1", "move: col2"]
    for _ in range(24):
        step(s, "turn")
    assert s.is_terminal() and s.result().outcome == "cycle" and s.result().winners == []
    r = play(load("klondike"), seed=1, max_actions=10_000)
    assert r.outcome == "limit" and "500 turns" in r.reason

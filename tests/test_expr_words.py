"""Seat words and pile helpers (lang/expr/words.py): each behaves like the comparisons it replaces in the shipped
rulesets, checked on random piles of a real deck with jokers, and on every seat at several table sizes."""
from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from ruleplay.lang import expr as X
from ruleplay.pipeline import load

DECK = load("ers", {"jokers": "2"}).deck          # 54 cards: ranks, `run` (A low), `tens`, two jokers


def _scope(players: int = 4, wrap: bool = True) -> X.Scope:
    tables = {"rank": DECK.rank, "run": DECK.orders["run"], "order": DECK.orders["order"],
              "tens": DECK.attrs["tens"], "name": DECK.names}
    card = {k: (X.STR if k in ("rank", "name") else X.INT,
                (lambda arr: lambda f: lambda e: None if (c := f(e)) is None else arr[c])(arr))
            for k, arr in tables.items()}
    seat = {"index": (X.INT, lambda f: f)}
    names = {"pile": X.Binding(X.CARDS, lambda e: e.pile), "players": X.Binding(X.INT, const=players, is_const=True),
             "run-wraps": X.Binding(X.BOOL, const=wrap, is_const=True),
             "s": X.Binding(X.SEAT, lambda e: e.s), "dealer": X.Binding(X.SEAT, lambda e: e.dealer)}
    return X.Scope(names, X.Fields(card=card, seat=seat, card_tables=tables))


OLD_RUN = ("pile[4].run > 0 and pile[3].run > 0 and pile[2].run > 0 and pile[1].run > 0 and ("
           "(pile[1].run - pile[2].run) % M == 1 and (pile[2].run - pile[3].run) % M == 1 and "
           "(pile[3].run - pile[4].run) % M == 1 or (pile[1].run - pile[2].run) % M == M - 1 and "
           "(pile[2].run - pile[3].run) % M == M - 1 and (pile[3].run - pile[4].run) % M == M - 1)")
PAIRS = [   # (as written before, in words)
    ("pile[1].rank == pile[2].rank", "same-rank(pile, 2)"),
    ("pile[1].rank == pile[2].rank and pile[2].rank == pile[3].rank", "same-rank(pile, 3)"),
    ("pile[1].tens > 0 and pile[2].tens > 0 and pile[1].tens + pile[2].tens == 10", "adds-to(pile, 2, tens, 10)"),
    (OLD_RUN.replace("M", "13"), "in-a-row(pile, 4, run, run-wraps)"),
]


def _piles(rng: random.Random, k: int):
    """Random piles, biased toward patterns: runs, pairs and short piles."""
    by_run = {}
    for c, r in enumerate(DECK.orders["run"]):
        by_run.setdefault(r, []).append(c)
    for _ in range(k):
        size = rng.randint(0, 6)
        pile = [rng.randrange(len(DECK)) for _ in range(size)]
        if size >= 4 and rng.random() < 0.4:       # a run, up or down, maybe wrapping
            start, step = rng.randint(1, 13), rng.choice((1, -1))
            for j in range(4):
                pile[-1 - j] = rng.choice(by_run[(start + step * j - 1) % 13 + 1])
        for k in (2, 3):
            if size >= k and rng.random() < 0.4:
                pile[-k] = rng.choice([c for c in range(len(DECK)) if DECK.rank[c] == DECK.rank[pile[1 - k]]])
        yield pile


@pytest.mark.parametrize("wrap", [True, False])
@pytest.mark.parametrize("old,new", PAIRS)
def test_a_pile_helper_behaves_like_the_comparisons_it_replaces(old, new, wrap):
    scope = _scope(wrap=wrap)
    if "in-a-row" in new:
        old = OLD_RUN.replace("M", "13" if wrap else "1000")
    f_old, f_new = X.compile_expr(old, scope, X.BOOL).fn, X.compile_expr(new, scope, X.BOOL).fn
    hits = 0
    for pile in _piles(random.Random(7), 4000):
        env = SimpleNamespace(pile=pile, loc={})
        assert f_old(env) == f_new(env), [DECK.names[c] for c in pile]
        hits += f_new(env)
    assert hits > 50          # the patterns were really met, not only missed


def test_runs_by_hand():
    scope = _scope(wrap=False)
    run = X.compile_expr("in-a-row(pile, 3, run, run-wraps)", scope).fn
    cards = {n: DECK.names.index(n) for n in ("QC", "KD", "AH", "2S", "3C", "4D", "JK")}

    def pile(*names):        # the last named is the top card
        return SimpleNamespace(pile=[cards[n] for n in names], loc={})
    assert run(pile("2S", "3C", "4D")) and run(pile("4D", "3C", "2S"))
    assert not run(pile("KD", "AH", "2S"))                      # no wrap
    wrapping = X.compile_expr("in-a-row(pile, 3, run, true)", scope).fn
    assert wrapping(pile("KD", "AH", "2S")) and wrapping(pile("2S", "AH", "KD")) and wrapping(pile("QC", "KD", "AH"))
    assert not wrapping(pile("2S", "3C")) and not wrapping(pile("JK", "2S", "3C"))
    assert not wrapping(pile("2S", "4D", "3C"))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seat_words_around_the_table(players):
    scope = _scope(players)
    words = {w: X.compile_expr(f"{w}(dealer)", scope, X.SEAT).fn for w in ("left-of", "right-of", "opposite")}
    # as written before: one-card's leader is `s.index == (dealer.index + players // 2) % players`
    old_opposite = X.compile_expr("s.index == (dealer.index + players // 2) % players", scope, X.BOOL).fn
    new_opposite = X.compile_expr("s == opposite(dealer)", scope, X.BOOL).fn
    for d in range(players):
        e = SimpleNamespace(dealer=d, loc={})
        assert words["left-of"](e) == (d + 1) % players
        assert words["right-of"](e) == (d - 1) % players
        assert words["opposite"](e) == (d + players // 2) % players
        for s in range(players):
            e.s = s
            assert old_opposite(e) == new_opposite(e)


@pytest.mark.parametrize("text,message", [
    ("left-of(pile)", "expected seat here, got cards"),
    ("left-of(s, s)", "left-of takes one seat"),
    ("same-rank(pile, 0)", "the number of cards is a number from 1 to 60"),
    ("same-rank(pile, 61)", "the number of cards is a number from 1 to 60"),
    ("same-rank(s, 2)", "expected cards here, got seat"),
    ("in-a-row(pile, 4, rank)", "the order is the name of a card field with numbers"),
    ("adds-to(pile, 2, nothing, 10)", "the field is the name of a card field with numbers"),
    ("adds-to(pile, 2, tens)", "adds-to takes 4 arguments"),
])
def test_misused_words_are_placed_errors(text, message):
    with pytest.raises(X.ExprError, match=message):
        X.compile_expr(text, _scope())


def test_seat_words_need_the_player_count():
    scope = X.Scope({"s": X.Binding(X.SEAT, lambda e: e.s)}, X.Fields())
    with pytest.raises(X.ExprError, match="needs the number of players"):
        X.compile_expr("left-of(s)", scope)


def test_a_count_worked_out_in_play_reads_that_many_cards():
    """in-a-row's count may be a number of the moment (a chosen run's length); outside 1..60 it is false."""
    scope = X.Scope({"pile": X.Binding(X.CARDS, lambda e: e.pile), "k": X.Binding(X.INT, lambda e: e.k)},
                    X.Fields(card_tables={"order": [1, 2, 3, 4, 5, 6]}))
    run = X.compile_expr("in-a-row(pile, k, order)", scope).fn

    class E:
        pile = [5, 1, 2, 3]               # bottom to top: ranks 6, 2, 3, 4 -> the top three go up one step
    e = E()
    for k, want in ((1, True), (2, True), (3, True), (4, False), (0, False), (61, False), (None, False)):
        e.k = k
        assert run(e) is want, k


def test_one_card_is_read_as_the_cards_it_is_where_cards_are_read(tmp_path):
    """A card where cards are read (a tester wrote best-hand(actor.building, card)): the cards it is."""
    import ruleplay
    from ruleplay.pipeline import load
    data = Path(__file__).parent / "data"
    (tmp_path / "throw-in.yaml").write_text((data / "throw-in.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    p = tmp_path / "v.yaml"
    p.write_text("extends: throw-in.yaml\nname: v\nphases:\n  play:\n    moves:\n      lead:\n"
                 "        prefer: \"10 if in-a-row(card, 1, order) and same-rank(card, 1) else 0\"\n", encoding="utf-8")
    rules = load(str(p))                    # was: "expected cards here, got card"
    assert ruleplay.agents.play(rules, 1, bots=["smart"] * 3).outcome == "finished"


def test_a_loop_over_a_list_of_values():
    """`all(... for r in ['A', 'K'])`: each value in turn (a list of words or of numbers, not both, not empty),
    said in words as the values it runs over."""
    from ruleplay.lang.expr.say import say
    scope = _scope()
    e = SimpleNamespace(pile=[DECK.names.index("AS"), DECK.names.index("KH")], loc={}, s=0, dealer=0)
    held = lambda text: X.compile_expr(text, scope, X.BOOL).fn(e)      # noqa: E731
    assert held("all(any(c.rank == r for c in pile) for r in ['A', 'K'])")
    assert not held("all(any(c.rank == r for c in pile) for r in ['A', 'Q'])")
    assert held("any(any(c.rank == r for c in pile) for r in ['A', 'Q'])")
    assert X.compile_expr("count(any(c.rank == r for c in pile) for r in ['A', 'Q', 'K'])", scope).fn(e) == 2
    assert X.compile_expr("sum(n * n for n in [1, 2, 3])", scope).fn(e) == 14
    assert X.compile_expr("max(n for n in [3, 1, 2])", scope).fn(e) == 3
    for bad, words in (("sum(n for n in [1, 'A'])", "numbers or of words, not both"),
                       ("sum(n for n in [])", "not an empty list")):
        with pytest.raises(X.ExprError, match=words):
            X.compile_expr(bad, scope)
    assert say("all(any(c.rank == r for c in pile) for r in ['A', 'K'])").startswith(
        "every value among A and K is one for which")


def test_a_loop_keeps_only_the_values_a_condition_holds_for():
    """`... for x in xs if COND`: count, any, all, sum, max and min over the values kept, on random piles
    against the same loop written with the condition in the body; a condition that is not true/false is
    refused, placed at the condition."""
    scope = _scope()
    rng = random.Random(7)
    pairs = [
        ("count(c.rank == 'A' for c in pile if c.tens > 5)", lambda p: sum(1 for c in p if DECK.attrs["tens"][c] > 5
                                                                         and DECK.rank[c] == "A")),
        ("any(c.rank == 'K' for c in pile if c.run < 7)", lambda p: any(DECK.rank[c] == "K" for c in p
                                                                        if DECK.orders["run"][c] < 7)),
        ("all(c.tens > 0 for c in pile if c.rank != 'K')", lambda p: all(DECK.attrs["tens"][c] > 0 for c in p
                                                                         if DECK.rank[c] != "K")),
        ("sum(c.run for c in pile if c.rank != 'A')", lambda p: sum(DECK.orders["run"][c] for c in p
                                                                    if DECK.rank[c] != "A")),
        ("max(c.run for c in pile if c.tens > 2)", lambda p: max((DECK.orders["run"][c] for c in p
                                                                  if DECK.attrs["tens"][c] > 2), default=None)),
    ]
    for text, want in pairs:
        fn = X.compile_expr(text, scope).fn
        for pile in _piles(rng, 60):
            e = SimpleNamespace(pile=pile, loc={}, s=1, dealer=2)
            assert fn(e) == want(pile), (text, [DECK.names[c] for c in pile])
    with pytest.raises(X.ExprError, match="needs a true/false condition after 'if', got int") as err:
        X.compile_expr("count(c.rank == 'A' for c in pile if c.run)", scope)
    assert err.value.column == "count(c.rank == 'A' for c in pile if c.run)".index("c.run") + 1


def test_in_asks_whether_a_seat_or_a_card_is_among_others():
    """`s in x.team-seats`, `card in pile`: membership of seats and cards (not only of a list of values)."""
    scope = _scope()
    e = SimpleNamespace(pile=[3, 7, 9], loc={}, s=1, dealer=2)
    assert X.compile_expr("pile.top in pile", scope, X.BOOL).fn(e)
    assert not X.compile_expr("pile.top not in pile", scope, X.BOOL).fn(e)
    assert X.compile_expr("count(c in pile for c in pile)", scope).fn(e) == 3
    seats = X.Scope({**scope.names, "team": X.Binding(X.SEATS, lambda e: [0, 2])}, scope.fields)
    assert X.compile_expr("s in team", seats, X.BOOL).fn(SimpleNamespace(s=2, loc={}))
    assert X.compile_expr("dealer not in team", seats, X.BOOL).fn(SimpleNamespace(dealer=1, loc={}))
    with pytest.raises(X.ExprError, match="'in' needs a list such as"):
        X.compile_expr("pile.top in 3", scope)


def test_a_family_of_piles_is_looped_over_pile_by_pile(tmp_path):
    """`count(not p.empty for p in meld)` over Rummy's 17 meld piles scores as the same count written out pile
    by pile, at the end of seeded games; the sheet says it of 'the piles of meld'."""
    from ruleplay.agents import play
    from ruleplay.tools.cli import main
    written = " + ".join(f"(0 if meld{i}.empty else 1)" for i in range(1, 18))
    p = tmp_path / "piles.yaml"
    p.write_text("extends: rummy\nname: piles\nscoring:\n  points: \"1000 * count(not p.empty for p in meld) + "
                 f"{written}\"\n", encoding="utf-8")
    rules = load(str(p))
    laid = set()
    for seed in range(3):
        r = play(rules, seed, log=False, max_actions=20000)
        for total in r.scores:
            assert total // 1000 == total % 1000, (seed, r.scores)
            laid.add(total % 1000)
    assert max(laid) > 0
    with pytest.raises(X.ExprError, match="needs cards, seats, piles or a list of values"):
        X.compile_expr("count(true for c in 3)", _scope())
    assert main(["explain", str(p)]) == 0


def test_first_gives_the_first_value_kept_and_players_after_go_round_in_the_direction_of_play():
    """`first(x for x in players-after(dealer) if COND)`: the next player after the dealer, in the direction of
    play, for whom COND holds (none: no value); `first(c.rank for c in pile)` the top card's rank (a pile
    lists bottom first)."""
    scope = _scope(players=4)
    after = X.compile_expr("first(x for x in players-after(dealer) if x.index >= 2)", scope, X.SEAT).fn
    still = [False] * 4
    for direction, dealer, want in ((1, 3, 2), (1, 1, 2), (-1, 1, 3), (-1, 3, 2), (1, 2, 3)):
        e = SimpleNamespace(dealer=dealer, loc={}, rules=SimpleNamespace(direction=direction), out=still)
        assert after(e) == want, (direction, dealer)
    every = X.compile_expr("count(true for x in players-after(dealer))", scope).fn
    assert every(SimpleNamespace(dealer=0, loc={}, rules=SimpleNamespace(direction=1), out=still)) == 3
    # a seat knocked out of the match is passed over, as play passes it
    assert after(SimpleNamespace(dealer=1, loc={}, rules=SimpleNamespace(direction=1), out=[0, 0, 1, 0])) == 3
    assert every(SimpleNamespace(dealer=0, loc={}, rules=SimpleNamespace(direction=1), out=[0, 1, 0, 1])) == 1
    nobody = X.compile_expr("first(x for x in players-after(dealer) if x.index > 5)", scope, X.SEAT).fn
    assert nobody(SimpleNamespace(dealer=0, loc={}, rules=SimpleNamespace(direction=1), out=still)) is None
    pile = [DECK.names.index("7H"), DECK.names.index("KS")]
    assert X.compile_expr("first(c.rank for c in pile if c.rank != '7')", scope, X.STR).fn(
        SimpleNamespace(pile=pile, loc={})) == "K"


def test_loops_may_follow_one_another_as_in_python():
    """`KIND(body for a in A if p for b in B if q)`: every kind over every pair, checked on random piles against
    Python's own generator with two loops; an error inside the second loop is placed there; a third loop over
    the same pile needs the loop-work bound, as three nested aggregates would."""
    scope = _scope()
    rng = random.Random(11)
    rank, run, tens = DECK.rank, DECK.orders["run"], DECK.attrs["tens"]
    pairs = [
        ("all(c.rank != d.rank or c == d for c in pile for d in pile)",
         lambda p: all(rank[c] != rank[d] or c == d for c in p for d in p)),
        ("any(c.run + 1 == d.run for c in pile if c.tens > 2 for d in pile)",
         lambda p: any(run[c] + 1 == run[d] for c in p if tens[c] > 2 for d in p)),
        ("count(c.rank == d.rank for c in pile for d in pile if d != c)",
         lambda p: sum(1 for c in p for d in p if d != c if rank[c] == rank[d])),
        ("sum(c.run * d.tens for c in pile if c.run > 5 for d in pile if d.tens < 5)",
         lambda p: sum(run[c] * tens[d] for c in p if run[c] > 5 for d in p if tens[d] < 5)),
        ("max(c.run - d.run for c in pile for d in pile if d.rank != c.rank)",
         lambda p: max((run[c] - run[d] for c in p for d in p if rank[d] != rank[c]), default=None)),
        ("min(c.run + d.run for c in pile if c.tens > 9 for d in pile if d.run > c.run)",
         lambda p: min((run[c] + run[d] for c in p if tens[c] > 9 for d in p if run[d] > run[c]), default=None)),
        ("first(d.run for c in pile if c.rank == 'K' for d in pile if d.run < c.run - 6)",
         lambda p: next((run[d] for c in p if rank[c] == "K" for d in p if run[d] < run[c] - 6), None)),
    ]
    for text, want in pairs:
        fn = X.compile_expr(text, scope).fn
        for pile in _piles(rng, 80):
            e = SimpleNamespace(pile=pile, loc={}, s=1, dealer=2)
            assert fn(e) == want(pile), (text, [DECK.names[c] for c in pile])
    bad = "count(c.rank == d.rank for c in pile for d in pile if d.run)"
    with pytest.raises(X.ExprError, match="needs a true/false condition after 'if', got int") as err:
        X.compile_expr(bad, scope)
    assert err.value.column == bad.index("d.run)") + 1
    with pytest.raises(X.ExprError, match="nested 3 deep"):
        X.compile_expr("count(c == d or d == f for c in pile for d in pile for f in pile)", scope)
    from ruleplay.lang.expr.say import say
    assert say("count(c.rank == d.rank for c in pile if c.tens > 2 for d in pile if d != c)") == \
        "the formula `count(c.rank == d.rank for c in pile if c.tens > 2 for d in pile if d != c)`"


def test_single_cards_put_together_are_cards():
    """`pile[1] + pile[2]` (a tester's Omaha: exactly two hole cards): two cards, one cards value, the first's
    then the next's, as `pile + pile` is; a missing card adds none; a card plus a number is refused with a hint."""
    scope = _scope()
    names = DECK.names
    e = SimpleNamespace(pile=[names.index("AS"), names.index("KH"), names.index("7D")], loc={}, s=0, dealer=0)
    both = X.compile_expr("pile[1] + pile[3]", scope)
    assert both.type == X.CARDS and [names[c] for c in both.fn(e)] == ["7D", "AS"]
    assert X.compile_expr("count(c.rank == 'K' for c in pile[2] + pile[1] + pile)", scope).fn(e) == 2
    assert X.compile_expr("(pile[1] + pile[9]).size", scope).fn(e) == 1
    with pytest.raises(X.ExprError, match="expected int here, got card") as err:
        X.compile_expr("pile[1] + 1", scope)
    assert "a card is not a number" in err.value.hint


def test_next_player_is_the_first_of_players_after():
    """`next-player(s)`: the next seat in turn still in the game, in the direction of play (t25: a Draw Two
    aimed at the next player needed `first(x for x in players-after(actor))`); none when all others are out."""
    scope = _scope(players=4)
    nxt = X.compile_expr("next-player(dealer)", scope, X.SEAT).fn
    for direction, dealer, out, want in ((1, 3, [0] * 4, 0), (-1, 3, [0] * 4, 2), (1, 0, [0, 1, 0, 0], 2),
                                         (-1, 0, [0, 0, 0, 1], 2), (1, 1, [1, 0, 1, 1], None)):
        e = SimpleNamespace(dealer=dealer, loc={}, rules=SimpleNamespace(direction=direction), out=out)
        assert nxt(e) == want, (direction, dealer, out)
    from ruleplay.lang.expr.say import say
    assert say("next-player(dealer).hand.size") == "the number of cards in the hand of the next player in turn " \
        "after the dealer"


def test_cards_taken_out_with_minus():
    """`pile - pile[1]`: the pile without its top card; `pile - pile` none; a card twice in the first value is
    taken out once for each time it is in the second (t31: a hand without the card to discard, for a rule on
    what is left). Any other arithmetic on cards is refused."""
    scope = _scope()
    ids = [DECK.names.index(n) for n in ("7H", "KS", "2C", "KS")]
    e = SimpleNamespace(pile=ids, loc={})
    names = lambda cs: [DECK.names[c] for c in cs]                        # noqa: E731
    assert names(X.compile_expr("pile - pile[1]", scope, X.CARDS).fn(e)) == ["7H", "2C", "KS"]
    assert X.compile_expr("(pile - pile).size", scope, X.INT).fn(e) == 0
    assert names(X.compile_expr("pile - pile[4] + pile[4]", scope, X.CARDS).fn(e)) == ["KS", "2C", "KS", "7H"]
    assert X.compile_expr("count(c.rank == 'K' for c in pile - pile[1])", scope, X.INT).fn(e) == 1
    with pytest.raises(X.ExprError, match=r"cards are put together with \+ \(or taken out with -\), not \*"):
        X.compile_expr("pile * 2", scope)


def test_seat_by_its_number():
    """`seat(n)`: the seat numbered n, as `s.index` counts (t31: a seat kept as a number); none past the last;
    a fixed number past the last is refused where it is written."""
    scope = _scope(players=4).with_names(k=X.Binding(X.INT, lambda e: e.k))
    f = X.compile_expr("seat(k)", scope, X.SEAT).fn
    assert [f(SimpleNamespace(k=k, loc={})) for k in (0, 3, 4, -1)] == [0, 3, None, None]
    assert X.compile_expr("left-of(seat(3))", scope, X.SEAT).fn(SimpleNamespace(loc={})) == 0
    with pytest.raises(X.ExprError, match="seat 4 does not exist with 4 players"):
        X.compile_expr("seat(4)", scope)

"""Casino (rulesets/casino.yaml, Pagat's two-player game): captures of several groups at once (one group a turn
of the same player), builds made, increased and captured whole, no trailing while owning a build, the last
capturer taking the rest. Hand-made deals checked by hand (the reasoning in the comment above each test), and
a referee that replays random games from their logs, re-deriving every capture's, build's and increase's
legality by brute force (every subset of the table), card conservation and each deal's points; it also checks,
at the start of every turn, that the moves offered are exactly those its own reasoning finds possible."""
from __future__ import annotations

import random
from itertools import combinations

import ruleplay
from ruleplay.agents import play
from ruleplay.engine.run import Deal
from ruleplay.pipeline import load

from conftest import offered, step

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [f"{r}{s}" for s in "CDHS" for r in RANKS]
MOVES = {"capture", "take", "stop", "build", "build-multiple", "increase", "increase-theirs", "trail"}


def value(card: str) -> int:
    rank = card[:-1]
    return 1 if rank == "A" else int(rank) if rank.isdigit() else 0


def state_of(deal: Deal, **options):
    game = ruleplay.load_game("casino", players=2, options={k: str(v) for k, v in options.items()})
    return game.new_initial_state(seed=1, deal=deal, check=True)



def dealt(hand0: list[str], hand1: list[str], table: list[str], then: list[str] = ()) -> Deal:
    """Seat 1 deals (seat 0 plays first); `table` is turned up first, `then` are the stock's next cards."""
    used = [*hand0, *hand1, *table, *then]
    return Deal([hand0, hand1], rest=[*table, *then] + [c for c in DECK if c not in used], dealer=1)


def moves(state, since: int = 0) -> list[tuple]:
    return [(e["from"], e["to"], e.get("to_seat"), e["cards"]) for e in state.events()[since:]
            if e["event"] == "move"]


# Seat 0 (2H 9C KS KD) faces 9D 5S 4H 6C. It trails 2H; seat 1 (AD QC QD JH) can only trail, and its four
# cards are all it may play (not asked which move): it trails AD. Now 9C captures, and only 9C can (the kings
# pair nothing, and no build is possible: 2H is gone), so the card is not asked; the groups adding up to 9
# are 9D, 4H+5S and 6C+2H+AD, offered by their lowest card in the deck's order (clubs, diamonds, hearts,
# spades): 4H, 6C, 9D. It takes 9D, then goes on ("take" or "stop"): 4H (5S follows unasked), then "take"
# again: 6C+2H+AD is the only group left, so it is not asked. The table is clear: a sweep; the turn passes.
def test_a_capture_takes_several_groups_one_after_another():
    s = state_of(dealt(["2H", "9C", "KS", "KD"], ["AD", "QC", "QD", "JH"], ["9D", "5S", "4H", "6C"]), sweeps=True)
    assert step(s, "trail", "2H", "AD", "capture") == [
        (0, ["capture", "trail"]), (0, ["2H", "9C", "KD", "KS"]), (1, ["AD", "JH", "QC", "QD"]),
        (0, ["capture", "trail"])]
    since = len(s.events())
    assert step(s, "9D", "take", "4H", "take") == [
        (0, ["4H", "6C", "9D"]), (0, ["stop", "take"]), (0, ["4H", "6C"]), (0, ["stop", "take"])]
    assert moves(s, since) == [("hand", "captured", 0, ["9C"]), ("table", "captured", 0, ["9D"]),
                               ("table", "captured", 0, ["4H", "5S"]), ("table", "captured", 0, ["6C", "AD", "2H"])]
    sweeps = [e for e in s.events() if e["event"] == "set" and e.get("name") == "sweeps"]
    assert sweeps[-1] == {**sweeps[-1], "seat": 0, "value": 1} and s.current_player() == 1


# The same deal, but seat 0 stops after 9D: 4H 5S 6C 2H AD stay on the table, no sweep, and seat 1 plays.
def test_a_capture_may_stop_before_every_group_is_taken():
    s = state_of(dealt(["2H", "9C", "KS", "KD"], ["AD", "QC", "QD", "JH"], ["9D", "5S", "4H", "6C"]), sweeps=True)
    step(s, "trail", "2H", "AD", "capture", "9D", "stop")
    assert s.current_player() == 1
    assert [e for e in s.events() if e["event"] == "set" and e.get("name") == "sweeps" and e["value"]] == []


# Seat 0 (2C 9C KS KD) faces 7D 5S 4H QC. 2C on 7D makes a build of 9, and seat 0 holds 9C to take it. It is
# the only build it can make (2C+5S = 7, 2C+4H = 6, 2C+4H+5S = 11, 2C+7D+... over 10: none held; 9C on
# anything is over 10), so once it says "build" nothing more is asked (9C could also capture 4H+5S).
# Seat 1 (3H QD JH JS) may take QC with QD, or trail: it trails JH. Seat 0 owns a build, so it may not
# trail: capture is its only move, and only 9C captures, so neither is asked; 9C takes its build 7D 2C and
# may take the group 4H+5S with it, or not ("done"): it takes it. All in one play.
def test_a_build_is_made_and_captured_whole():
    s = state_of(dealt(["2C", "9C", "KS", "KD"], ["3H", "QD", "JH", "JS"], ["7D", "5S", "4H", "QC"]))
    seen = step(s, "build")
    assert seen == [(0, ["build", "capture", "trail"])]
    assert moves(s)[-2:] == [("table", "built", 0, ["7D"]), ("hand", "built", 0, ["2C"])]
    step(s, "trail", "JH")
    assert offered(s) == ["4H", "capture: done"]          # capture, 9C: not asked; the group 4H 5S or the build alone
    since = len(s.events())
    step(s, "4H")
    assert moves(s, since) == [("hand", "captured", 0, ["9C"]), ("table", "captured", 0, ["4H", "5S"]),
                               ("built", "captured", 0, ["7D", "2C"])]
    assert s.current_player() == 1


# Seat 0 builds 9 (2C on 7D) as above. Seat 1 (AH 10S QD JH) could capture QC with QD, or build 10 with AH
# on 4H+5S; it increases instead: AH on seat 0's build makes 10, and it holds 10S (its one way to increase:
# 10S would make 19, the courts add nothing, so neither card nor build is asked); the build
# moves to its side (it is now seat 1's). Seat 0 cannot take it with 9C any more, but 9C takes 4H+5S; it owns
# no build now, so it may trail: it trails KS. Seat 1 owns the build: it may not trail, nor build again, and
# its courts add nothing to a build, so it must capture: 10S (the build; no loose group adds up to 10) or QD
# (QC). It takes the build with 10S.
def test_the_opponent_increases_a_build_and_takes_it():
    s = state_of(dealt(["2C", "9C", "KS", "KD"], ["AH", "10S", "QD", "JH"], ["7D", "5S", "4H", "QC"]))
    step(s, "build")
    seen = step(s, "increase-theirs")
    assert seen == [(1, ["build", "capture", "increase-theirs", "trail"])]   # only AH can: it is not asked
    assert moves(s)[-2:] == [("hand", "built", 0, ["AH"]), ("built", "built", 1, ["7D", "2C", "AH"])]
    assert offered(s) == ["capture", "trail"]       # 9C takes 4H 5S; the build of 10 is out of its reach
    step(s, "trail", "KS")
    assert offered(s) == ["10S", "QD"]      # capture is its only move (no trail): with 10S, or QD on QC
    step(s, "10S")
    assert moves(s)[-1] == ("built", "captured", 1, ["7D", "2C", "AH"])


# Seat 0 (AC 4C 5C KD) faces 3D 8S QH JH. Nothing captures; its one build is AC on 3D (4, holding 4C), so
# "build" asks nothing more. Seat 1 (2H QD JS KH) trails 2H. Seat 0 owns a build: no trail, no second build;
# increasing its own with 5C makes 9, not held; so 4C must take the build, and nothing else on the table
# (8S QH JH 2H) adds up to 4: the whole turn is forced, nobody is asked, and it is seat 1's turn again.
def test_the_owner_of_a_build_may_not_trail():
    s = state_of(dealt(["AC", "4C", "5C", "KD"], ["2H", "QD", "JS", "KH"], ["3D", "8S", "QH", "JH"]))
    assert step(s, "build") == [(0, ["build", "trail"])]
    since = len(s.events())
    step(s, "trail", "2H")
    assert moves(s, since) == [("hand", "table", None, ["2H"]), ("hand", "captured", 0, ["4C"]),
                               ("built", "captured", 0, ["3D", "AC"])]
    assert s.current_player() == 1


# Seat 1 deals: seat 0 (9C 5H KS KD) may capture (9C, or 5H: 5S, or 3C+2H), build (5H on 4D makes 9, and it
# holds 9C) or trail. It plays 9C and picks a set from the table (4D 5S 3C 2H), asked card by card in the
# deck's order (clubs, diamonds, hearts, spades): the sets adding up to 9 are 4D 5S and 3C 4D 2H, so it is
# offered 3C or 4D first. After 4D only 5S completes a set, so nothing more is asked: 4D and 5S are taken,
# and what is left (3C 2H) adds up to 5, not 9, so the capture is over and the turn passes. Had it picked
# 3C, 4D and 2H would follow unasked.
def test_a_set_of_cards_is_chosen_card_by_card():
    deal = Deal([["9C", "5H", "KS", "KD"], ["QC", "QD", "JH", "JS"]],
                rest=["4D", "5S", "3C", "2H"] + [f"{r}{s}" for s in "CDHS" for r in "678"], dealer=1)
    s = state_of(deal)
    assert sorted(e for ev_ in s.events() if ev_["event"] == "move" and ev_["to"] == "table"
                  for e in ev_["cards"]) == ["2H", "3C", "4D", "5S"]
    seen = step(s, "capture", "9C", "4D")
    assert seen == [(0, ["build", "capture", "trail"]), (0, ["5H", "9C"]), (0, ["3C", "4D"])]
    taken = [e for e in s.events() if e["event"] == "move" and e["from"] == "table"]
    assert taken[-1]["cards"] == ["4D", "5S"] and s.current_player() == 1
    other = state_of(deal)
    step(other, "capture", "9C", "3C")
    assert [e for e in other.events() if e["event"] == "move" and e["from"] == "table"][-1]["cards"] == \
        ["3C", "4D", "2H"]


# A short first deal of 20 cards (seat 1 deals; the table KC QD JH 10S; then four each from the stock: seat 1,
# who played the round's last card, draws 8H 9H 7S 6S first, seat 0 8C 9C AH AD). Round one: seat 0 trails
# 2C, seat 1 JC, seat 0 3C, seat 1 JD, seat 0 captures KC with KD (its only capture: nothing more asked),
# seat 1 trails QS, seat 0's QH may take QD or QS or trail (it trails, QH alone: not asked), seat 1's KS can
# only trail. Round two: seat 0 can only trail (no sum, no build it holds): AH. Seat 1's only capture is 6S
# taking 2C+3C+AH (neither asked); it captures, and is now the last capturer. Seat 0 trails 8C, seat 1 7S,
# seat 0 AD (it could build AD on 8C, holding 9C), seat 1 8H (it could take 8C, 7S+AD, or with 9H 8C+AD).
# Seat 0's 9C takes 8C+AD or 8H+AD: it takes 8C AD (offered 8C or AD first), and is the last capturer.
# Seat 1's 9H, the last card, can only trail; the table (11 cards, 9H too) goes to seat 0.
# Seat 0 has KD KC 9C 8C AD and those 11: 16 cards to 4 (3), spades 10S QS KS 7S to 6S (1), AD (1): 5.
# Seat 1: AH (1).
def test_the_last_capturer_takes_what_is_left():
    deal = Deal([["KD", "2C", "3C", "QH"], ["JC", "JD", "QS", "KS"]],
                rest=["KC", "QD", "JH", "10S"] + ["8H", "9H", "7S", "6S"] + ["8C", "9C", "AH", "AD"], dealer=1)
    s = state_of(deal)
    step(s, "trail", "2C", "trail", "JC", "trail", "3C", "trail", "JD", "capture", "KD", "trail", "QS", "trail")
    step(s, "AH", "capture", "8C", "trail", "7S", "trail", "AD", "trail", "8H")
    since = len(s.events())
    assert step(s, "capture", "8C") == [(0, ["capture", "trail"]), (0, ["8C", "AD"])]
    assert moves(s, since)[:4] == [             # (then the next hand begins)
        ("hand", "captured", 0, ["9C"]), ("table", "captured", 0, ["8C", "AD"]), ("hand", "table", None, ["9H"]),
        ("table", "captured", 0, ["QD", "JH", "10S", "JC", "JD", "QS", "QH", "KS", "7S", "8H", "9H"])]
    (score,) = [e for e in s.events() if e["event"] == "score"]
    assert score["points"] == [5, 1]


# Seat 0 (9C 9D KS KD) faces 5S 4H 9H QC. Holding two nines it may build nines: 9C (or 9D) onto 9H, onto 4H+5S,
# or onto all three (9H and 4H+5S: two groups of 9); a single build is out of reach (9 + anything is over 10);
# 9C could also capture. It builds with 9C onto all three: offered 4H or 9H first (the sets' lowest cards in
# the deck's order, hearts before spades), then after 4H: 5S (4H 5S) or 9H (4H 9H 5S); it takes 9H, and 5S
# follows. The build's value is 9, announced (build-to), though its cards add up to 27. Seat 1 (AH 8S QD
# JH) may not increase a multiple build: it may take QC with QD, or trail; it trails JH. Seat 0 must capture
# (no trail) and only 9D captures, the build alone: nobody is asked, and the build goes whole.
def test_a_multiple_build_is_captured_whole_and_not_increased():
    s = state_of(dealt(["9C", "9D", "KS", "KD"], ["AH", "8S", "QD", "JH"], ["5S", "4H", "9H", "QC"]))
    assert step(s, "build-multiple", "9C", "4H", "9H") == [
        (0, ["build-multiple", "capture", "trail"]), (0, ["9C", "9D"]), (0, ["4H", "9H"]), (0, ["5S", "9H"])]
    assert moves(s)[-2:] == [("table", "built", 0, ["4H", "9H", "5S"]), ("hand", "built", 0, ["9C"])]
    announced = [e for e in s.events() if e["event"] == "set" and e.get("name") == "build-to"]
    assert announced[-1] == {**announced[-1], "seat": 0, "value": 9}
    assert step(s, "trail", "JH") == [(1, ["capture", "trail"]), (1, ["8S", "AH", "JH", "QD"])]
    assert moves(s)[-1] == ("built", "captured", 0, ["4H", "9H", "5S", "9C"]) and s.current_player() == 1


# ------------------------------------------------------------------------------------------- the referee

def adds_to(cards: list[str], total: int) -> bool:
    """Some subset of the cards (number cards only) adds up to total: by brute force over the subsets."""
    nums = [value(c) for c in cards if value(c) > 0]
    return any(sum(sub) == total for k in range(1, len(nums) + 1) for sub in combinations(nums, k)) \
        if len(nums) <= 16 else _adds_to_dp(nums, total)


def _adds_to_dp(nums: list[int], total: int) -> bool:
    reach = {0}
    for v in nums:
        reach |= {r + v for r in reach if r + v <= total}
    return total in reach


def splits(cards: list[str], total: int) -> bool:
    """The cards (number cards) split into groups each adding up to total: every way of putting the first
    card in a group with some of the others, by brute force."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    return value(first) > 0 and any(value(first) + sum(map(value, g)) == total and
                                    splits([x for x in rest if x not in g], total)
                                    for k in range(len(rest) + 1) for g in combinations(rest, k))


def groups(table: list[str], total: int) -> list[tuple]:
    """Every set of 1 to 3 number cards of the table adding up to total."""
    return [g for k in (1, 2, 3) for g in combinations(table, k)
            if all(value(c) > 0 for c in g) and sum(map(value, g)) == total]


class Referee:
    """The table rebuilt from the log, every play checked against the rules as Pagat gives them."""

    def __init__(self, sweeps: bool):
        self.sweeps_count = sweeps
        self.hands: list[list[str]] = [[], []]
        self.deals = 0

    def possible(self, p: int) -> set[str]:
        """The moves seat p may make now, by brute force."""
        if self.taking:
            return {"stop"} | ({"take"} if groups(self.table, self.taking) else set())
        hand, table, built, out = self.hands[p], self.table, self.built, set()
        bval = self.build_to
        single = [bool(b) and sum(map(value, b)) == bval[q] for q, b in enumerate(built)]
        numbers = [x for x in table if value(x) > 0]
        for c in hand:
            v = value(c)
            if v == 0 and any(x[:-1] == c[:-1] for x in table) or v > 0 and (groups(table, v) or v in bval):
                out.add("capture")
            others = [value(x) for x in hand if x != c]
            sets = [list(g) for k in (1, 2, 3) for g in combinations(numbers, k)] if v > 0 and not built[p] else []
            if any(v + sum(map(value, g)) in others for g in sets):
                out.add("build")
            if v in others and any(splits(g, v) for g in sets):
                out.add("build-multiple")
            if v > 0 and single[p] and v + bval[p] in others:
                out.add("increase")
            if v > 0 and single[1 - p] and not built[p] and v + bval[1 - p] in others:
                out.add("increase-theirs")
        if not built[p] and hand:
            out.add("trail")
        return out

    def last_card(self) -> bool:
        return not self.hands[0] and not self.hands[1] and not self.stock

    def finish_capture(self) -> None:
        """A capture (and its later groups) is over: check it, the builds it had to take, and a sweep."""
        p, c, group, builds = self.capture
        v = value(c)
        if v == 0:
            assert len(group) == 1 and group[0][:-1] == c[:-1] and not builds, self.capture
        else:
            assert group or builds, self.capture
            assert len(group) <= 3 and all(value(x) > 0 for x in group) and (not group or sum(map(value, group)) == v)
            assert all(b == v for b in builds)
            assert v not in self.build_to, "a build of its value was left"
        self.capture = None

    def end_of_play(self, p: int, again: bool) -> None:
        """After a capture or a take: the same player goes on exactly when more groups add up (not on the
        last card); when it does not, a clear table is a sweep."""
        more = self.taking_value > 0 and adds_to(self.table, self.taking_value) and not self.last_card()
        assert again == more, (again, self.table, self.taking_value)
        self.taking = self.taking_value if more else 0
        if not more and not self.table and not any(self.built) and not self.last_card():
            self.sweeps[p] += 1

    def feed(self, events: list[dict]) -> None:
        i = 0
        while i < len(events):
            e = events[i]
            i += 1
            kind = e["event"]
            if kind == "deal":
                self.deals += 1
                self.hands = [list(h) for h in e["hands"]]
                self.stock = list(e["rest"])
                self.table, self.built, self.captured, self.build_to = [], [[], []], [[], []], [0, 0]
                self.sweeps, self.taking, self.taking_value, self.last, self.capture = [0, 0], 0, 0, e["dealer"], None
                self.in_take = False
                continue
            if kind == "decision":
                self.in_take = e["label"] == "take" or self.in_take and e["label"] not in MOVES
                if e["label"] == "stop":
                    assert self.taking
                    self.taking = 0
                continue
            if kind == "set" and e.get("name") == "build-to":
                q = e["seat"]
                if self.announce is not None:              # a new build: the value announced must be one
                    p, c, picked = self.announce           # it may be, single or multiple
                    self.announce = None
                    held = [value(x) for x in self.hands[p]]
                    single = e["value"] == value(c) + sum(map(value, picked)) and e["value"] in held
                    multiple = e["value"] == value(c) and value(c) in held and splits(picked, value(c))
                    assert q == p and (single or multiple), (c, picked, e["value"], self.hands[p])
                    self.build_to[q] = e["value"]
                assert e["value"] == self.build_to[q], (e, self.build_to)
                continue
            if kind == "score":
                assert not self.table and not any(self.built) and not any(self.hands) and not self.stock
                assert sorted(self.captured[0] + self.captured[1]) == sorted(DECK)
                assert e["points"] == [self.points(0), self.points(1)]
                continue
            if kind != "move":
                continue
            cards, src, dst, p = e["cards"], e["from"], e["to"], e["seat"]
            if src == "stock":
                assert cards == self.stock[:len(cards)]
                del self.stock[:len(cards)]
                (self.table if dst == "table" else self.hands[e["to_seat"]]).extend(cards)
            elif src == "hand":
                (c,) = cards
                self.hands[p].remove(c)
                assert not self.taking
                if dst == "table":                                # a trail
                    assert not self.built[p], "the owner of a build trailed"
                    self.table.append(c)
                elif dst == "captured":                           # a capture: its group and builds follow
                    self.captured[p].append(c)
                    self.capture, self.taking_value = [p, c, [], []], value(c)
                    while i < len(events) and (events[i]["event"] == "move" and events[i]["from"] in ("table", "built")
                                               and events[i]["to"] == "captured" and events[i].get("to_seat") == p
                                               and (events[i]["from"] == "built" or not self.capture[2] and
                                                    not self.capture[3]) or
                                               events[i]["event"] == "set" and events[i]["name"] == "build-to"):
                        m = events[i]
                        i += 1
                        if m["event"] == "set":                   # a build taken is no more
                            assert m["value"] == 0 and not self.built[m["seat"]]
                            continue
                        if m["from"] == "table":
                            self.capture[2] = list(m["cards"])
                            self._take(p, m["cards"])
                        else:
                            q = m["from_seat"]
                            assert m["cards"] == self.built[q]
                            self.capture[3].append(self.build_to[q])
                            self.captured[p].extend(self.built[q])
                            self.built[q], self.build_to[q] = [], 0
                    self.finish_capture()
                    self.last = p
                    self.end_of_play(p, self._again(events, i, p))
                else:                                             # a build made (its table cards moved just
                    q = e["to_seat"]                              # before) or increased
                    made = self.pending_build
                    self.pending_build = None
                    assert value(c) > 0
                    if made is not None:                          # announced by the next `set`
                        assert q == p and self.built[p] == made
                        self.announce = (p, c, made)
                    else:                                         # a single build only, to a held total
                        single = sum(map(value, self.built[q])) == self.build_to[q]
                        assert self.built[q] and single and (q == p or not self.built[p])
                        total = self.build_to[q] + value(c)
                        assert total in [value(x) for x in self.hands[p]], (c, self.built[q], self.hands[p])
                        self.build_to[q], self.build_to[p] = 0, total
                    self.built[q].append(c)
            elif src == "table" and dst == "built":
                assert not self.built[p] and 1 <= len(cards) <= 3 and all(value(x) > 0 for x in cards)
                for x in cards:
                    self.table.remove(x)
                self.built[p] = list(cards)
                self.pending_build = list(cards)
                continue
            elif src == "built" and dst == "built":               # an increased build changes sides
                q = e["from_seat"]
                assert q != p and e["to_seat"] == p and cards == self.built[q] and not self.built[p]
                self.built[p], self.built[q] = self.built[q], []
            elif src == "table" and dst == "captured" and self.in_take:    # a later group of a capture
                assert self.taking and e["to_seat"] == p and len(cards) <= 3
                assert all(value(x) > 0 for x in cards) and sum(map(value, cards)) == self.taking
                self._take(p, cards)
                self.in_take = False
                self.end_of_play(p, self._again(events, i, p))
            elif src in ("table", "built") and dst == "captured":  # what is left, to the last capturer
                assert self.last_card() and e["to_seat"] == self.last
                assert cards == (self.table if src == "table" else self.built[e["from_seat"]])
                self.captured[self.last].extend(cards)
                if src == "table":
                    self.table = []
                else:
                    self.built[e["from_seat"]] = []
            else:
                raise AssertionError(f"unexpected move {e}")
            self.pending_build = None

    pending_build = None
    announce = None

    def _take(self, p: int, cards: list[str]) -> None:
        for x in cards:
            self.table.remove(x)
        self.captured[p].extend(cards)

    @staticmethod
    def _again(events: list[dict], i: int, p: int) -> bool:
        """Whether the same player goes on: a `turn-order` again follows before the next decision."""
        for e in events[i:]:
            if e["event"] in ("decision", "deal", "score", "turns-over"):
                return False
            if e["event"] == "turn-order":
                return e["what"] == "again" and e["seat"] == p
        return False

    def points(self, me: int) -> int:
        mine, theirs = self.captured[me], self.captured[1 - me]
        spades = [sum(c.endswith("S") for c in x) for x in (mine, theirs)]
        return (3 if len(mine) > len(theirs) else 0) + (1 if spades[0] > spades[1] else 0) + \
            2 * ("10D" in mine) + ("2S" in mine) + sum(c.startswith("A") for c in mine) + \
            (self.sweeps[me] if self.sweeps_count else 0)


def test_referee_over_random_games():
    """Random games, stepped: at every turn's start the moves offered are those the referee finds possible
    (all of them, when more than one; the only one is not asked); every play is checked from the log."""
    seen_moves: set[str] = set()
    for seed, sweeps in ((1, False), (2, True), (3, False), (4, True)):
        game = ruleplay.load_game("casino", players=2, options={"sweeps": str(sweeps).lower()})
        s = game.new_initial_state(seed=seed, check=True)
        ref, rng, done, fresh = Referee(sweeps), random.Random(seed), 0, True
        while not s.is_terminal():
            events = s.events()
            ref.feed(events[done:])
            done = len(events)
            labels = offered(s)
            if fresh and ref.capture is None:
                want = ref.possible(s.current_player())
                if len(want) > 1:
                    assert set(labels) == want, (labels, want, ref.table, ref.built, ref.hands)
                else:
                    assert not set(labels) & MOVES - want
            action = rng.choice(s.legal_actions())
            seen_moves.add(s.action_to_string(action))
            s.apply_action(action)
            fresh = any(e["event"] != "decision" for e in s.events()[done:])
        ref.feed(s.events()[done:])
        assert ref.deals >= 2 and s.events()[-1]["outcome"] == "finished"
    assert MOVES - {"increase", "increase-theirs"} <= seen_moves     # (both are made in the next test)


def test_referee_over_logs_of_bot_games():
    """Whole games with the fast bots' path, checked from their logs alone; every move is made in them."""
    seen: set[str] = set()
    for seed in range(6):
        r = play(load("casino", None, 2), seed=seed, check=True)
        assert r.outcome == "finished"
        Referee(False).feed(r.events)
        seen |= {e["label"] for e in r.events if e["event"] == "decision"}
    assert MOVES <= seen

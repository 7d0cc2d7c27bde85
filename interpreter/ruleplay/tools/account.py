"""A readable account of a game, written from its events (never from engine internals)."""
from __future__ import annotations

from collections import deque
from itertools import islice
from typing import Iterable, Iterator, TextIO

from ruleplay.kinds import KINDS
from ruleplay.kinds.contract import member

# event kinds a phase kind puts in words itself (its ACCOUNT: event -> line), the others are below
LINES = {ev: fn for kind in KINDS.values() for ev, fn in member(kind, "ACCOUNT").items()}


def seat_name(s: int) -> str:
    return f"Seat {s}"


def count(n: int, noun: str) -> str:
    """'1 card', '4 cards'."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


SHOE_WORDS = {"new": " from a new shoe, shuffled", "kept": " from the shoe"}      # a deal of `deal.shoe`
_OWN_LINE = frozenset({"start", "draw-for-dealer", "deal", "win", "take", "trick", "trump", "choice", "tally", "kitty",
                       "pass", "score", "out", "end"})
"""The events told on a line of their own (the others add to the round's plays or the bids' line)."""


def write_account(events: Iterable[dict], out: TextIO, verbose: bool = False,
                  players: frozenset[str] = frozenset(), quiet: frozenset[str] = frozenset()) -> None:
    """Round by round: the cards put on the pile, then who took it. -v adds every decision and every event
    told in no other line (its fields). `players`: the names of values that hold a player (`Rules.seat_valued`),
    told as the player ("attacker: now Seat 2."); `quiet`: values whose changes only -v tells
    (`Rules.quiet_values`)."""
    plays: list[str] = []
    bids: list[str] = []
    rnd = 0
    gone: set[int] = set()                   # seats knocked out of the match: no longer listed at a deal
    told: dict[tuple, object] = {}           # (name, seat) -> the value last told this hand
    held: list[str] = []                     # a trick winner's choices, asked before the trick is logged: said after it
    for ev, ahead in _looking_ahead(events):
        kind = ev["event"]
        if kind == "chance-draw":            # chance decisions: the deal (reshuffle, cut...) event tells it
            continue
        if bids and (kind in _OWN_LINE or kind in LINES or kind == "decision" and verbose):
            out.write("\n")                  # the bids' line ends before any other line is written
            bids = []
        if kind == "decision":               # a step the rules made (forced) is no choice: its events tell it
            if not ev.get("forced") and not _told_next(ev, ahead[0] if ahead else None) and \
                    (verbose or _untold(ev, ahead)):
                label = str(ev.get("label", ev.get("action")))
                line = f"  {seat_name(ev['seat'])} does not answer the {label[:-11]}.\n" \
                    if label.endswith(": no answer") else f"  {seat_name(ev['seat'])} chooses {label}.\n"
                if _before_its_trick(ev, ahead):
                    held.append(line)
                else:
                    out.write(line)
            elif verbose and ev.get("forced") and not _told_next(ev, ahead[0] if ahead else None) and \
                    (_nameless(ev, ahead) or not _label_told(ev, ahead)):
                label = str(ev.get("label", ev.get("action")))
                only = "the only answer left" if ": " in label else "the only move"    # a move's part: `bid: high`
                out.write(f"  {seat_name(ev['seat'])}: {label} ({only}).\n")
        elif kind == "start":
            opts = ", ".join(f"{k}={v}" for k, v in ev.get("set", {}).items())
            out.write(f"{ev['ruleset']}: {count(ev['players'], 'player')}, seed {ev['seed']}" +
                      (f", house rules set: {opts}" if opts else "") + "\n")
        elif kind == "draw-for-dealer":
            out.write("Draw for dealer: " + ", ".join(f"seat {s} {c}" for s, c in ev["draws"].items()) + "\n")
        elif kind == "deal":
            told.clear()                     # values go back to their start as a hand starts, unsaid
            out.write(f"Seat {ev['dealer']} deals" + SHOE_WORDS.get(ev.get("shoe"), "") + ".\n")
            for s, hand in enumerate(ev["hands"]):        # -v: the cards too (the account sees every hand)
                if s in gone and not hand:
                    continue
                shown = " ".join(c for c in hand if c) if verbose else ""
                out.write(f"  {seat_name(s)}: {count(len(hand), 'card')}" + (f": {shown}" if shown else "") + "\n")
            if ev.get("rest"):
                out.write(f"  rest: {count(len(ev['rest']), 'card')}\n")
        elif kind == "play":
            plays.append(f"{ev['seat']}:{ev['card']}")
        elif kind == "slap":
            if ev["valid"] and ev.get("won"):
                plays.append(f"[{ev['seat']} slaps {ev['pattern']} at {ev['time']} ms]")
            elif not ev["valid"]:
                plays.append(f"[{ev['seat']} false slap]")
        elif kind == "burn":
            lender = f" lent by {ev['lender']}" if "lender" in ev else ""
            plays.append(f"[{ev['seat']} burns {ev['count']}{lender}]")
        elif kind == "tie":
            plays.append(f"[tie between {', '.join(map(str, ev['seats']))}: nobody wins]")
        elif kind == "out-of-turn":
            plays.append(f"[{ev['seat']} plays out of turn]")
        elif kind == "win":
            out.write(f"Round {rnd + 1}: {' '.join(plays)}\n  {seat_name(ev['seat'])} wins at once ({ev['why']}).\n")
            plays = []
        elif kind == "take":
            if plays:
                rnd += 1
                out.write(f"Round {rnd}: {' '.join(plays)}\n")
            why = ev["why"]
            if why.startswith("slapped "):
                out.write(f"  {seat_name(ev['seat'])} slaps the {why[8:]} and takes {count(ev['count'], 'card')}.\n")
            else:
                out.write(f"  {seat_name(ev['seat'])} takes {count(ev['count'], 'card')} ({why}).\n")
            plays = []
        elif kind == "trick":
            plays = []
            pts = f", {ev['points']} point{'s' if ev['points'] != 1 else ''}" if ev.get("points") else ""
            mark = ev.get("dummy")             # the place of the card played from a dummy, marked with '*'
            out.write(f"  Trick {ev.get('number', '')}: " + " ".join(
                f"{s}{'*' if i == mark else ''}:{c}" for i, (s, c) in enumerate(ev["cards"])) +
                      (f"  stopped: {seat_name(ev['winner'])} picks it up\n" if ev.get("cut") else
                       f"  -> {seat_name(ev['winner'])}{pts}\n"))
            out.write("".join(held))
            held = []
        elif kind == "trump":
            if ev.get("lead"):
                out.write(f"  Trump: {ev['suit']} (the suit of the first lead, {ev['card']}).\n")
            elif ev.get("suit"):
                out.write(f"Trump: {ev['suit']}" + (f" (turned up: {ev['card']})" if ev.get("card") else "") + ".\n")
            else:
                out.write("No trump this hand.\n")
        elif kind == "bid":
            bids.append(f"{seat_name(ev['seat'])} " + ("passes" if ev.get("pass") else f"bids {ev.get('said', ev['bid'])}"))
            out.write(("Bids" + (" (sealed, revealed together)" if ev.get("sealed") else "") + ": "
                       if len(bids) == 1 else ", ") + bids[-1])
        elif kind == "auction":
            out.write("\n" + (f"  {seat_name(ev['bidder'])} is the bidder at {ev.get('said', ev['bid'])}.\n"
                              if ev.get("bidder") is not None else "  Everyone passed: no bid.\n"))
            bids = []
        elif kind == "choice":
            out.write(f"  {seat_name(ev['seat'])} {'takes' if ev['value'] else 'declines'} the choice {ev['name']}.\n")
        elif kind == "tally":                # a value that holds a player is said as the player
            out.write("  " + "; ".join(f"{k} {seat_name(v) if k in players and type(v) is int else v}"
                                       for k, v in ev["counters"].items()) + "\n")
        elif kind == "kitty":
            cards = " ".join(ev["cards"])
            out.write(f"  {seat_name(ev['seat'])} takes the {ev['zone']}: {cards or 'it is empty'}.\n")
        elif kind == "pass":
            if not ev["offset"]:
                out.write("No pass this hand.\n")
            else:
                out.write(f"Pass {ev['offset']} seat(s) along: " + "; ".join(
                    f"{s} gives {' '.join(cards)}" for s, cards in enumerate(ev["cards"])) + "\n")
        elif kind == "score":
            who = ev.get("who") or []
            named = ", ".join(seat_name(s) for s in who)     # a rule scores everyone; `who` only names some
            rule = (f" ({ev['rule']}: {named})" if named else f" ({ev['rule']})") if ev.get("rule") else ""
            out.write(f"Hand {ev['hand']}{rule}: points {ev['points']}, scores {ev['scores']}, "
                      f"totals {ev['totals']}\n")
        elif kind == "out":
            if plays:
                rnd += 1
                out.write(f"Round {rnd}: {' '.join(plays)}\n")
                plays = []
            out.write(f"  {seat_name(ev['seat'])} is out ({ev['why']}).\n")
            if ev["why"] == "knocked out":
                gone.add(ev["seat"])
        elif kind == "set" and not verbose and (ev.get("name") in quiet or _said_before(ev, told)):
            continue                         # a value set to what it was already said to be: no news (-v says it)
        elif kind == "set" and ev.get("name") in players and type(ev.get("value")) is int:
            out.write(f"  {ev['name']}: now {seat_name(ev['value'])}.\n")
        elif kind == "turn-order" and ev.get("what") == "next" and _passed_over(ev, ahead):
            out.write(f"  The turn passes to seat {ev['to']}, who is not in play: the next in turn plays.\n")
        elif kind in LINES:
            out.write(f"  {LINES[kind](ev)}\n")
        elif kind == "end":
            if plays:
                out.write(f"Unfinished round: {' '.join(plays)}\n")
            write_result(ev, out)
        elif verbose:                         # an event no kind puts in words: its fields
            out.write("  " + " ".join(f"{k}={v}" for k, v in ev.items() if k != "event") + f"  ({kind})\n")


AHEAD = 200
"""Events the account reads beyond the one it tells (a decision told by the next event, a turn passed over):
a bounded window, so a game of millions of events is told in flat memory (its events are read from a spool)."""


def _looking_ahead(events: Iterable[dict]) -> Iterator[tuple[dict, deque]]:
    """Each event with the (up to AHEAD) events after it."""
    it = iter(events)
    window: deque = deque(islice(it, AHEAD + 1))
    while window:
        ev = window.popleft()
        yield ev, window
        nxt = next(it, None)
        if nxt is not None:
            window.append(nxt)


def _said_before(ev: dict, told: dict) -> bool:
    """Was this value already told at this value this hand (Tonk's `hit: now 0` after every turn)? Notes it."""
    key, value = (ev.get("name"), ev.get("seat")), ev.get("value")
    if value is None:                        # a secret counter's change: told each time
        return False
    same = key in told and told[key] == value
    told[key] = value
    return same


def _passed_over(ev: dict, ahead: deque) -> bool:
    """A `next` to a seat that does not take the turn (folded, out): the next decision is another seat's, and
    that seat has moved no card before it (a card it had to play is not logged as a decision)."""
    to = ev.get("to")
    for later in ahead:
        kind = later["event"]
        if kind in ("turns-over", "end") or kind in ("move", "cannot-move") and later.get("seat") == to:
            return False
        if kind == "decision":
            return later.get("seat") != to
    return False


_QUIET = frozenset({"decision", "set", "turn-order", "chance-draw", "race"})   # events that tell no one's move


def _untold(decision: dict, ahead: deque) -> bool:
    """Is the decision a move that nothing tells but another player's answer to it (a knock, a signal: a move
    that moves no card)? Then the account says the choice itself, before "Seat 3 answers seat 1: ..."."""
    for later in ahead:
        kind = later["event"]
        if kind == "respond":
            return later.get("to") == decision["seat"] and later.get("seat") != decision["seat"]
        if kind not in _QUIET:
            return False
    return False


def _nameless(decision: dict, ahead: deque) -> bool:
    """Does nothing the forced step leads to name its seat (a knock that only counts: "knocks: now 1."), up
    to the next seat's decision? Then -v says whose step it was."""
    seat = decision["seat"]
    for later in ahead:
        kind = later["event"]
        if kind == "decision":
            if later.get("seat") != seat:
                return True
            continue
        if kind == "end" or kind == "deal":
            return True
        named = (later.get("from_seat"), later.get("to_seat")) if kind == "move" else \
            (later.get("seat"), later.get("from_seat"), later.get("to_seat"))   # a move's line names its zones'
        if seat in named:
            return False
    return False


def _label_told(decision: dict, ahead: deque) -> bool:
    """Does an event the forced step leads to, up to the next decision, name what was chosen (the card played,
    the bid), or does the same seat's next step (the card the move then takes) tell it? A move with no choice
    of its own ("give-up") is in none of them: -v then says it."""
    label = decision.get("label")
    for i, later in enumerate(ahead):
        if later["event"] == "decision":
            return i == 0 and later.get("seat") == decision["seat"]     # its part, asked next, tells it
        for key, value in later.items():
            if key not in _PLACES and (value == label or (isinstance(value, list) and label in value)):
                return True
    return False


_PLACES = frozenset({"event", "phase", "zone", "from", "to"})    # names of places, not of what was chosen


def _before_its_trick(decision: dict, ahead: deque) -> bool:
    """Is the decision its trick's winner's (a flag switched on, a declaration on winning), asked once the trick
    is won but before the trick is logged? Then -v says it after the trick's line."""
    for later in ahead:
        if later["event"] != "decision":
            return later["event"] == "trick" and later.get("winner") == decision["seat"]
    return False


_TELLS_CHOICE = frozenset({"choose", "suit-named"})   # events that say the choice just made in words of their own


def _told_next(decision: dict, following: dict | None) -> bool:
    """Is the decision told by the event right after it (a `choose` phase's choice, in its own words)?"""
    return following is not None and following["event"] in _TELLS_CHOICE and following.get("seat") == decision["seat"]


def write_result(ev: dict, out: TextIO) -> None:
    winners = ev["winners"]
    if ev["outcome"] == "finished":
        who = " and ".join(seat_name(s) for s in winners) if winners else "nobody"
        losers = ev.get("losers")
        lost = "" if not losers else \
            " and ".join(seat_name(s) for s in losers) + (" lose; " if len(losers) > 1 else " loses; ")
        out.write(f"Result: {lost}{who} {'win' if len(winners) > 1 else 'wins'}.\n")
    else:
        out.write(f"Result: {ev['outcome']} ({ev.get('reason', '')}); no winner.\n")

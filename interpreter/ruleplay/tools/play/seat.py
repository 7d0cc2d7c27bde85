"""A human seat: what a person sees and says, for a driver that steps a State (terminal.py).

The person is one more policy: the driver hands the seat's Decisions to a
user interface (`UI`) as `Option`s to pick from, or, in a slap window, asks
for a slap time. The State records every decision in the log, so a log
replays the game exactly and an unfinished game can be resumed (replay.py's
`Feed`). What a seat may see (`seat_view`) follows the zones' `visibility`
in the ruleset; `Narrator` tells the events in words without what the seat
may not know (other hands in the deal, other seats' passes).

This module imports no UI library; the terminal front end is `terminal.py`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ruleplay.compiler.cards import RED, split_name
from ruleplay.errors import printable
from ruleplay.kinds import KINDS
from ruleplay.kinds.contract import member
from ruleplay.tools.account import SHOE_WORDS
from ruleplay.engine.state import State
from ruleplay.engine.visibility import SeatLooker, SeatView, seat_event

NARRATION = {ev: fn for kind in KINDS.values() for ev, fn in member(kind, "NARRATION").items()}


class HumanQuit(Exception):
    """The person asked to stop; the game so far is saved and can be resumed."""


@dataclass
class Option:
    label: str               # what the screen shows and the person types: a card name, a bid, a word
    card: int | None = None  # the card, for card choices
    value: object = None     # the value, for other choices (a bid)
    action: int = -1         # the State's action


def facts(v: SeatView, seats: frozenset[str] = frozenset()) -> tuple[dict, dict]:
    """The facts the view shows (`SeatView.public`: the kinds' and the counters') split as the tables lay them
    out: (name -> one value per seat, shown on each seat's line; name -> one value, shown for the table); a
    table fact named in `seats` holds a player, said as one ("You", "Seat 2")."""
    per_seat, table = {}, {}
    for k, val in v.public.items():
        if isinstance(val, (list, tuple)) and len(val) == v.players:
            per_seat[k] = val
        elif k in seats and isinstance(val, int):
            table[k] = "You" if val == v.me else f"Seat {val}"
        else:
            table[k] = val
    return per_seat, table


def options_for(d, space) -> list[Option]:
    """A decision's legal actions as options, in the phase's order (cards in the canonical order)."""
    out = []
    for a in dict.fromkeys(d.actions):
        if a < space.cards:
            out.append(Option(space.deck.names[a], card=a, action=a))
        elif space.BID0 <= a < space.NO_SLAP and not (d.labels and a in d.labels):
            out.append(Option(str(a - space.BID0), value=a - space.BID0, action=a))
        else:
            label = (d.labels or {}).get(a) or space.label(a)
            out.append(Option(label, value=label, action=a))
    return out


class HumanSeat:
    """The person's seat as a user interface sees it: the game through the State's public methods only
    (`state.game`, `state.events()`, and the zones through `view()`), never the table behind it."""

    def __init__(self, state: State, seat: int):
        self.state = state
        self.seat = seat

    def view(self) -> SeatView:
        """What this seat may look at now (`State.seat_view`)."""
        return self.state.seat_view(self.seat)

    def narrator(self) -> Narrator:
        """A narrator of the events for this seat (what it may not know left out)."""
        game = self.state.game
        return Narrator(self.seat, game.rules, game.space.cards)


def match_input(text: str, options: list[Option]) -> tuple[int | None, str]:
    """The option a typed answer names: a card name (qh, 10h, th), a value (a bid), or a 1-based index.

    Returns (index, "") or (None, a short message).
    """
    text = text.strip()
    if not text:
        return None, "type a choice"
    shown = printable(text if len(text) <= 20 else text[:20] + "...")    # keystrokes are echoed tamed
    values = [o for o in options if o.card is None]
    if values:
        for i, o in enumerate(options):
            if o.card is None and o.label.lower() == text.lower():
                return i, ""
        last = [i for i, o in enumerate(options) if o.card is None and o.label.lower().split()[-1] == text.lower()]
        if len(last) == 1:                       # a named value by its last word: 'd' for 'order-up D'
            return last[0], ""
        if len(values) == len(options):         # words only; beside cards (play or draw) numbers and names below
            return None, f"'{shown}' is not one of: {', '.join(o.label for o in options)}"
    if text.isdigit():
        if not (text.isascii() and len(text) <= 4):             # '²' is a digit to Python, 5,000 digits too many
            return None, f"'{shown}' is not a choice number; choose 1 to {len(options)} or a card name"
        k = int(text)
        if 1 <= k <= len(options):
            return k - 1, ""
        return None, f"no choice number {k}; choose 1 to {len(options)} or a card name"
    try:
        r, s = split_name(text)
        name = r if s is None else f"{r}{s}"
    except ValueError:
        return None, f"'{shown}' is neither a choice number nor a card name"
    for i, o in enumerate(options):
        if o.label == name:
            return i, ""
    return None, f"{printable(name[:20])} cannot be chosen now; legal: {', '.join(o.label for o in options)}"


def is_red(name: str) -> bool:
    return name[-1:] in RED


# ---------------------------------------------------------------------------- the game in words
class Narrator:
    """Events in words, for one seat: each event as that seat may know it (`visibility.seat_event`).

    The table's own events (deal, play, score, out, end) are told here; each phase kind tells its own
    (`NARRATION` in its module: event kind -> function(narrator, event) -> lines)."""

    def __init__(self, me: int, rules, cards: int):
        self.me = me
        self.n = rules.players
        self.direction = rules.direction
        self.looker = SeatLooker(me, rules, cards)
        self.specs = rules.events
        self.recent: list[str] = []          # cards played since the last take, top last
        self.slap: dict | None = None        # the winning slap, told together with its take

    def who(self, s: int) -> str:
        return "You" if s == self.me else f"Seat {s}"

    def verb(self, s: int, you: str, other: str) -> str:
        return f"{self.who(s)} {you if s == self.me else other}"

    def tell(self, ev: dict) -> list[str]:
        """The event in words, as this seat may know it (told from `visibility.seat_event`'s copy only)."""
        ev = seat_event(ev, self.looker, self.specs)
        if ev is None:
            return []
        kind = ev.get("event")
        me = self.me
        if kind in ("start", "decision"):
            return []
        if kind == "draw-for-dealer":
            return ["Draw for dealer: " + ", ".join(f"{self.who(int(s))} {c}" for s, c in ev["draws"].items())]
        if kind == "deal":
            hands = ev.get("hands", [])
            sizes = ", ".join(f"{self.who(s)} {len(h)}" for s, h in enumerate(hands))
            rest = f"; {len(ev['rest'])} left over" if ev.get("rest") else ""
            self.recent = []
            shoe = SHOE_WORDS.get(ev.get("shoe"), "")
            return [f"{self.verb(ev['dealer'], 'deal', 'deals')}{shoe}: {sizes} cards{rest}."]
        if kind == "play":
            self.recent.append(ev["card"])
            frm = f" from the {ev['from']}" if ev.get("from") else ""
            return [f"{self.verb(ev['seat'], 'play', 'plays')} {ev['card']}{frm}."]
        if kind == "score":
            return [f"Hand {ev['hand']} scores: " + ", ".join(
                f"{self.who(s)} {p:+d} (total {tot})" for s, (p, tot) in enumerate(zip(ev["scores"], ev["totals"]))) +
                (f"  [{ev['rule']}]" if ev.get("rule") else "")]
        if kind == "out":
            return [f"{self.verb(ev['seat'], 'are', 'is')} out ({ev['why']})."]
        if kind == "end":
            w = ev.get("winners") or []
            if ev.get("outcome") == "finished":
                who = " and ".join(self.who(s) for s in w) if w else "Nobody"
                won = "win" if len(w) != 1 or w[0] == me else "wins"
                losers = ev.get("losers") or []
                lost = "" if not losers else " and ".join(self.who(s) for s in losers) + \
                    (" lose; " if len(losers) != 1 or losers[0] == me else " loses; ")
                return [f"Game over: {lost}{who} {won}. ({ev.get('reason', '')})"]
            return [f"Game over without a winner: {ev.get('outcome')} ({ev.get('reason', '')})."]
        told = NARRATION.get(kind)          # a phase kind's own events, told by its module (kinds/)
        if told is not None:
            return told(self, ev)
        # An event kind nobody words: its plain fields only, never lists or maps (where hidden cards could be).
        fields = ", ".join(f"{k} {self.who(v) if k == 'seat' else v}" for k, v in ev.items()
                           if k != "event" and isinstance(v, (int, str, bool, float)))
        return [f"{kind}: {fields}" if fields else str(kind)]


class UI(Protocol):
    def choose(self, seat: HumanSeat, options: list[Option], view) -> int: ...
    def react(self, seat: HumanSeat, deadline: int, pace: int, eligible: bool) -> tuple[int, int] | None: ...
    def resumed(self, seat: HumanSeat) -> None: ...

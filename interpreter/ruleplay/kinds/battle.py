"""battle: every seat turns its top card up at once; the highest card takes the round, a tie is fought out.

Each round, every seat still in the game turns the top card of `from` face
up onto the table zone `to`. The card with the highest `value` (an int over
`card`; default its rank order in the deck) takes every card on the table.
When the highest value is shared, the tied seats each put `tie.face-down`
cards face down, then turn one more face up, and the highest of those new
cards decides (tied again: the seats still tied go again). A seat too short
puts down all but its last card and turns that one up; a tied seat with no
card at all drops out of the tie-break (the one tied seat left with cards
takes). When no tied seat has a card, the cards stay on the table for the
next round's taker; when no seat at all has one, the game is stuck.

The taker puts the cards under its `from` zone in the order
`take.order` says: `played`, the order they went onto the table (a round's
first card ends nearest the top of the new part), or `shuffled` (a random
draw, which also keeps a deal from looping forever). After the take, a seat
with no cards is out; the last seat with cards wins. No seat decides
anything: a game is its deal (and its shuffles).

Logged per turn-up as a `battle` event (`cards`: [seat, card] face up, `down`:
the face-down cards asked of each, 0 on a round's first turn-up; a seat too
short put fewer), then `take` and `out` as the flip kind logs them.
"""
from __future__ import annotations

from dataclasses import dataclass

from ruleplay.lang import expr as X
from ruleplay.compiler.model import Ctx, Zone, per_card
from ruleplay.engine.table import GameOver, Table
from ruleplay.engine.events import OUT, TAKE, EventSpec
from ruleplay.kinds.schema_parts import EXPR, obj, phase_schema, text
from ruleplay.kinds.words import formula

# ---------------------------------------------------------------------------- the kind's keys (schema)
SUMMARY = "battle: every seat turns its top card up at once; the highest takes all, a tie is fought out."
SCHEMA = phase_schema("battle", {
    "from": text("Per-seat zone (a face-down stock) whose top card each seat turns up."),
    "to": text("Table zone the cards of a round lie in until they are taken."),
    "value": {"description": "Int over `card`: the highest takes the round; default the card's rank order "
                             "(`card.order`).", **EXPR},
    "tie": obj({"face-down": {"description": "Cards each tied seat puts face down before turning the next one "
                                             "up (all but its last when short); default 3.",
                              "anyOf": [{"type": "integer", "minimum": 0, "maximum": 52}, EXPR]}},
               desc="What a tie for the highest card costs."),
    "take": obj({"order": text("played (the order they went onto the table) or shuffled; default played.")},
                desc="How the taker puts the cards under its `from` zone."),
}, ["from", "to"])
EXAMPLES = {"from": {"examples": ["stock"]}, "to": {"examples": ["table"]}, "value": {"examples": ["card.order"]},
            "tie": {"examples": [{"face-down": 3}]}, "tie/face-down": {"default": 3, "examples": [1, "face-down"]},
            "take": {"examples": [{"order": "played"}]}, "take/order": {"default": "played", "examples": ["shuffled"]},
            "before": {"examples": ["play"]}}
# the event kinds it logs, with the fields that hide cards (visibility.seat_event); replay checks logs against them
EVENTS = {"battle": EventSpec(("cards", "down"), sample=None), "take": TAKE, "out": OUT}
ORDERS = ("played", "shuffled")


@dataclass
class Battle:
    name: str
    src: Zone
    pile: Zone
    values: list[int]
    down: int
    shuffled: bool
    description: str = ""

    def offers(self, space) -> list[int]:
        """Only a card turned on its owner's word (`Table.turn_asked`)."""
        return [space.YES]

    def run(self, t: Table):
        """Rounds until one seat is left (a generator: no seat chooses anything, but a person who turns their
        own cards is asked before each, `Table.turn_asked`)."""
        src, pile = t.seat_zones[self.src.index], t.shared[self.pile.index]
        names = t.rules.deck.names
        t.boundary()
        while True:
            fighting = [s for s in t.seat_range if not t.out[s] and src[s]]
            down = 0
            while True:
                up = []
                for s in fighting:
                    if s in t.asks_turns:
                        t.actor = s
                        yield from t.turn_asked(s)
                    hand = src[s]
                    for _ in range(min(down, len(hand) - 1)):
                        self.place(t, hand.pop(), pile)
                    up.append((s, hand.pop()))
                    self.place(t, up[-1][1], pile)
                t.emit("battle", cards=[[s, names[c]] for s, c in up], down=down)
                best = max(self.values[c] for _, c in up)
                fighting = [s for s, c in up if self.values[c] == best]
                if len(fighting) == 1:
                    break
                fighting = [s for s in fighting if src[s]]    # no card left: out of the tie-break
                if len(fighting) <= 1:
                    break
                down = self.down
            if len(fighting) == 1:
                yield from self.take(t, fighting[0], pile, src)
            for s in t.seat_range:
                if not t.out[s] and not src[s]:
                    t.out[s] = True
                    t.emit("out", seat=s, why="no cards left")
            left = [s for s in t.seat_range if not t.out[s]]
            if len(left) <= 1:
                if left and pile:
                    yield from self.take(t, left[0], pile, src)
                t.check_end()
                if not left:
                    raise GameOver("stuck", [], "no player has a card left")
                raise GameOver("finished", left, "one player left in the game")
            t.boundary()

    @staticmethod
    def place(t: Table, card: int, pile) -> None:
        pile.append(card)
        t.cards_played += 1
        t.act()

    def take(self, t: Table, seat: int, pile, dest):
        """The whole table goes under the taker's stock, in the order the cards went onto it (cards an
        earlier round left there, a tie nobody could break, come first), or shuffled (a generator: the shuffle
        may be drawn by chance decisions, `Table.draw_order`)."""
        cards = list(pile)
        if self.shuffled:
            yield from t.draw_order(cards)
        dest[seat].extendleft(cards)      # the first card ends nearest the top of the new part
        pile.clear()
        t.pile_takes += 1
        t.emit("take", seat=seat, count=len(cards), why="highest card")


def compile(ctx: Ctx, path: tuple, name: str) -> Battle | None:
    spec = ctx.get(path)
    src = ctx.zone(path + ("from",), owner="seat")
    pile = ctx.zone(path + ("to",), owner="table")
    values = per_card(ctx, path + ("value",), X.INT, "card.order")
    down = ctx.const_int(path + ("tie", "face-down"), 3, 0, 52)
    order = ctx.word(path + ("take", "order"), ORDERS, "played")
    if None in (src, pile, values):
        return None
    return Battle(name, src, pile, values, down, order == "shuffled", spec.get("description", ""))


# ---------------------------------------------------------------------------- the rule sheet (explain)
def describe(spec: dict, phase=None) -> str:
    value = formula(spec.get("value", "card.order"))
    down = phase.down if phase is not None else spec.get("tie", {}).get("face-down", 3)
    take = spec.get("take", {})
    order = "shuffled" if phase is not None and phase.shuffled else take.get("order", "played")
    return (f"every player still in turns the top card of their {spec['from']} face up onto the {spec['to']}; "
            f"the highest {value} takes them all. On a tie for the highest, the tied players each put {down} "
            f"card(s) face down (all but their last when short) and turn one more up; the highest of those takes "
            f"everything. The taker puts the cards under their {spec['from']} ({order} order). "
            "A player with no cards is out; the last one with cards wins.")


# ---------------------------------------------------------------------------- the events in words (play)
def _line(ev: dict) -> str:
    cards = " ".join(f"{s}:{c}" for s, c in ev["cards"])
    return f"Tie broken ({ev['down']} down each): {cards}" if ev["down"] else f"Battle: {cards}"


def _tell_battle(n, ev: dict) -> list[str]:
    cards = ", ".join(f"{n.who(s)} {c}" for s, c in ev["cards"])
    return [f"To break the tie, {ev['down']} card(s) down each, then up: {cards}." if ev["down"]
            else f"Turned up: {cards}."]


NARRATION = {"battle": _tell_battle}
ACCOUNT = {"battle": _line}

"""trick: each seat in turn plays one card from its hand to a shared trick; the best card wins it.

Covers the trick-taking family. The leader of the first trick is chosen by a
rule (left of the dealer, the dealer, or the first seat from the dealer's
left for which a bool expression over `s` holds, e.g. the holder of a card);
after that the winner of a trick leads the next. Players must follow the led
suit when able (`follow: suit`). The trick goes to the highest trump if a
trump was played, else to the highest card of the led suit, under a rank
order (a deck order, or an int expression over `card` that may read flags,
so it may change during a hand); on equal cards the first played wins.

Restrictions are bool expressions over `card`: `lead-allowed` for the card a
leader may lead, `play-allowed` for the card a player who cannot follow may
discard. When no card in hand passes a restriction, the restriction lifts
(a rule never leaves a player without a legal card). The common rules have
switches that say them in words (`first-lead`, `breaks`, `first-trick`;
trickrules.py): they compile into the leader, these restrictions and flags.

Per-hand flags (`flags: {name: bool over card}`) start false each hand and
become true once a played card matches; they are names in every expression.
The phase also defines the names `led` (suit of the card led, or none),
`trump` (this hand's trump suit, or none), `trick-number` (1-based) and
`leader` (the seat that led the current trick), `playing-hand` (the cards the
card to play comes from: the player's hand, or the dummy's when its player
plays it, for a rule such as "void in the suit led, trump"); `s.tricks` counts the
tricks a seat won this hand. Like every phase's names they are known in
every expression whatever the phase order, but reading one where it has no
value yet (in a phase that runs earlier) is a compile error; `trump` has
its value from the hand's start, unless `trump-from-lead` may set it.

Trump from the table: `trump` is evaluated when the hand starts, before any
phase runs (so a bid phase sees it), and a `trump` event is logged; when
`trump` or `trump-card` reads what an earlier phase decides (a bid, a
choice), both are evaluated when this phase starts instead, and a phase
before it that reads `trump` is refused;
`trump-card` (a card expression, e.g. `rest.top`) names the card turned up
for the log and, without `trump`, gives the trump suit. `trump-from-lead`
(bool, evaluated when the phase starts): with no trump set, the suit of the
first card led in the hand becomes trump. `trump` and `trump-card` may not
read what a later phase sets.

Special cards: `suit` (str over `card`, may read `trump`) is a card's suit
for following and for trumps (a joker may count as a trump; 'none' is no
suit: nothing follows it, and when it leads anything may be played);
`high` (bool over `card`) marks cards that beat every other card;
`follow-allowed` restricts which card of the led suit a follower may play
(lifted when none passes). `choices: {flag: {when}}`: after a trick, when
`when` holds (read with `actor` = the winner, the trick still on the table),
the winner may switch the per-hand flag on (a bot's choice, logged as a
`choice` event). `last-trick-takes: ZONE`: the winner of the last trick
also takes that table zone's cards into `won-to` (a `kitty` event).
`refill: {from: [ZONE, ...], when: BOOL}`: after each trick, while `when`
holds (default: always), each player in turn from the winner draws one
card from the first of those table zones that has any (a stock, then a
turned-up trump card), as long as cards are left (a `refill` event, seen
by the drawer, by all when the zone is face up); the phase goes on until
the hands and those zones are empty. `face-up: true`: the top card of the
zone drawn from lies face up (German Whist): turned up for everyone as the
phase starts and after each refill (a `turned-up` event), so the winner's
draw, the first, is seen by all.

Rules that change during a hand (strict play once the stock is closed or out): `follow` may be a bool over the table, read at each card
(the follow-suit rules apply when it holds), and `head` (a bool too) adds, where suit must be followed,
that a player must beat the trick when able (by the trick's own order and trump: `takes`) and, void in
the suit led, win it with a trump when able, else play a trump. `declare: {NAME: {when, points}}`: after
the lead, for each declaration whose `when` holds (over `card`, the card led), the leader may declare it
(a yes/no; a `declare` event) and its points go to the leader's per-seat value `s.NAME` for the hand;
`until` is read after a declaration too (the hand stops at once, the card led left on the trick).
`exchange: {card, with, when}`: before a lead, the leader may swap a card of the hand for the top card
of a table zone (a `swap` event). `choices` with `at: lead` are offered to the leader before each lead
(closing the stock); `NAME-by` is the seat that switched a choice on, and `last-winner` the seat that
won the last trick. `awards` score points from each trick won (trickawards.py). Those per-hand values
live in `Table.kind_state[phase]`; `s.played` is the card a seat played to the trick on the table, and
`winning-seat` / `winning-card` the seat and card winning it so far (`_winning`).

The runner keeps where the hand stands (leader, the trick's seats and plays,
the turn of a card decision yielded out), so a game stopped at a card
decision can be copied and go on (`_Run.fork`, engine.Run.fork).

Seats out of the game or sitting the hand out (Table.takes_part) play no
card: a trick has one card per seat in play, and leads and turns skip the
others. `want` (int over `actor`) tells bots the tricks a seat still wants
when no bid says it (e.g. `hand-size`: every trick is worth having).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ruleplay.lang import expr as X
from ruleplay.errors import RuleplayError
from ruleplay.compiler.model import Ctx, Declared, Zone, card_scope, per_card
from ruleplay.kinds.tricksense import smart_switch, smart_trick, trick_card
from ruleplay.engine.decision import Decision
from ruleplay.engine.table import Table, runner_copy
from ruleplay.compiler.teams import partners
from ruleplay.engine.events import PLAY, EventSpec, Private, movers, zone_public
from ruleplay.engine.visibility import visible_to
from ruleplay.kinds.words import first_player, formula
from ruleplay.kinds.schema_parts import CARD_BOOL, EXPR, NAME_PATTERN, obj, phase_schema, text
from ruleplay.kinds import trickawards, trickcut, trickled, trickrules
from ruleplay.kinds.turns.runner import PreferView


# ---------------------------------------------------------------------------- the kind's keys (schema)
SUMMARY = 'trick: each seat plays a card to a trick, the best card wins it.'
SCHEMA = phase_schema('trick', {
    "from": text("Per-seat hand the cards are played from."),
    "to": text("Shared zone the trick is played to."),
    "won-to": text("Per-seat zone the trick winner keeps the trick in."),
    "leader": {"description": "Who leads the first trick: left-of-dealer, dealer, or a bool over seat `s` (the first seat from the dealer's left where it holds, e.g. any(c.name == '2C' for c in s.hand)). The winner of a trick leads the next.",
               "default": "left-of-dealer", **EXPR},
    "follow": {"description": "suit: a player must follow the led suit when able; any: no need to; or a bool over the table, read at each card (actor = the player): when it holds the follow-suit rules apply (e.g. stock.empty or closed).",
               "default": "suit", **EXPR},
    "head": {"description": "Bool over the table, read at each card where the follow-suit rules apply (actor = the player): when it holds, a player must head the trick if able (a card of the suit led that beats it), and without the suit led must win it with a trump if able, else play a trump if able.",
             **EXPR},
    "declare": {"type": "object", "propertyNames": {"pattern": NAME_PATTERN}, "maxProperties": 20,
                "additionalProperties": obj({"when": {"description": "Bool over `card`, the card just led (with on: play, the card just played), actor = its player, the card out of hand: that player may declare when it holds (e.g. a king or queen led with its partner in hand).", **EXPR},
                                             "on": {"enum": ["lead", "play", "win"], "default": "lead",
                                                    "description": "lead: with the card led only (a marriage); play: with any card played, by its player (Klaberjass's bella, the king or queen of trumps played); win: by the winner of a trick, before any drawing, `when` and `points` read over actor (Tute's and Bezique's melds; no `card`)."},
                                             "points": {"description": "Int over `card`, the card led (with on: play, the card played): the points the declaration adds to s.NAME of the player declaring.", **EXPR},
                                             "description": text("What is declared.")}, ["when", "points"]),
                "description": "Declarations a player may make with the card led (a marriage shown when leading its king or queen), or with any card played (on: play): a yes/no choice; each is a per-seat value s.NAME, the points declared this hand, which scoring and `until` read."},
    "declare-limit": {"type": "integer", "minimum": 1, "maximum": 20,
                      "description": "At most this many declarations at each chance (with a card led or played, after a trick won): Tute's and Bezique's one meld for each trick won. Default: every one whose `when` holds may be made."},
    "exchange": obj({"card": {"description": "Bool over `card`, a card in the leader's hand that may be exchanged (e.g. the nine of trumps).", **EXPR},
                     "with": text("A table zone: its top card is taken into hand and the card given put in its place (the turned-up trump)."),
                     "when": {"description": "Bool read before each lead, actor = the leader: the exchange is offered only while it holds (e.g. actor.tricks > 0 and not stock.empty). Default: always.", **EXPR}},
                    ["card", "with"], "Before leading, the leader may exchange a card of the hand for the top card of a table zone (a yes/no choice; a `swap` event)."),
    "trump": {"description": "none, a suit letter, or a str expression evaluated when the hand starts (an option, or e.g. rest.top.suit for a turned-up trump); when it reads what an earlier phase decides (e.g. bidder), when the phase starts.",
              "default": "none", **EXPR},
    "order": {"description": "Rank order deciding the trick: a deck order name ('rank' or deck.orders), or an int over `card` (may read flags, so it may change during a hand).",
              "default": "rank", **EXPR},
    "lead-allowed": {"description": "Which card may be led. " + CARD_BOOL, **EXPR},
    "play-allowed": {"description": "Which card a player who cannot follow may play (with `follow: any`, which card may be played to a trick "
                   "already led). " + CARD_BOOL, **EXPR},
    "flags": {"type": "object", "propertyNames": {"pattern": NAME_PATTERN},
              "additionalProperties": EXPR,
              "description": "Per-hand flags: false when the hand starts, true once a played card matches (bool over `card`); each is a name in expressions."},
    "points": {"description": "Points of a card for the trick event and bots (int over `card`, options and `trump`: a jack of trumps worth more); default: the deck attribute 'points' if any.", **EXPR},
    "trump-card": {"description": "A card expression evaluated when the hand starts (e.g. rest.top: the next undealt card turned up): logged in the trump event; without `trump`, its suit is trump.", **EXPR},
    "trump-from-lead": {"description": "Bool evaluated when the phase starts: with no trump set, the suit of the first card led in the hand becomes trump (e.g. contract: the bidder's first lead).", "default": False, **EXPR},
    "suit": {"description": "A card's suit for following and trumps (str over `card`, may read trump); 'none' is no suit: a led card without suit lets anything be played, and as no card follows it, it wins the trick unless a trump (or a `high` card) is played. E.g. a joker that counts as a trump.", **EXPR},
    "high": {"description": "Bool over `card`: such a card beats every other card (the first one played wins).", **EXPR},
    "ties": {"enum": ["first", "last"], "default": "first",
             "description": "Of two equal cards (as strong, of the suit led or trumps) the first played wins, or the "
                            "last (Cucumber: the last to play the highest rank takes the trick)."},
    "excuse": {"description": "Bool over `card`: such a card may be played to any trick whatever the rules of following and of what may be played or led, never wins it, and goes to its player's won-to, not the winner's; led, the next card played sets the suit to follow (French Tarot's Excuse).", "examples": ["card.name == 'EX'"], **EXPR},
    "follow-allowed": {"description": "Which card of the led suit a follower may play. " + CARD_BOOL, **EXPR},
    "choices": {"type": "object", "propertyNames": {"pattern": NAME_PATTERN},
                "additionalProperties": obj({"when": {"description": "Bool read after each trick with actor = its winner, the trick still on the table (at: lead: before each lead, actor = the leader).", **EXPR},
                                             "at": {"oneOf": [{"enum": ["trick", "lead", "play"]},
                                                              {"type": "array", "items": {"enum": ["trick", "lead", "play"]}, "minItems": 1, "maxItems": 3, "uniqueItems": True}],
                                                    "default": "trick", "description": "trick: offered to the winner of a trick, the trick still on the table (before any refill); lead: offered to the leader before each lead, the first trick's included (after any refill); [trick, lead]: at both (closing before or after drawing)."},
                                             "prefer": {"description": "Int read when the choice is offered, with actor = the player asked: how much a sensible player (the smart bot) wants to switch it on; it says yes above 0, no below, either at 0. Without it, smart takes a switch when most of its hand is in the lower half of the ranks (a reversal). The game is unchanged.", **EXPR},
                                             "description": text("What the choice does.")}, ["when"]),
                "description": "Per-hand flags a player may switch on (a player's choice, e.g. reversing the rank order, closing the stock); false when the hand starts; each is a name in expressions, and NAME-by is the seat that switched it on (none until then)."},
    "last-trick-takes": text("A table zone whose cards the winner of the last trick also takes into won-to (a kitty)."),
    "dummy": obj({"from": text("A table zone holding the dummy's hand (dealt to it, e.g. the deal's rest); its visibility says who sees it (public: exposed to all)."),
                  "played-by": {"description": "The seat that plays the dummy's cards (a seat number, or a seat expression evaluated when the phase starts, e.g. dealer or bidder): in the dummy's turn it plays a card from the dummy, by the same rules; a trick the dummy wins counts for that seat, and the dummy leads the next.", **EXPR},
                  "after": {"description": "The seat the dummy plays after in each trick (a seat number, or a seat expression evaluated when the phase starts). Default: the seat on the left of played-by (with three players, the dummy sits opposite its player).", **EXPR},
                  "lay-down": obj({"from": text("A seat zone: the hand that becomes the dummy (e.g. hand)."),
                                   "seat": {"description": "Whose hand (a seat number, or a seat expression evaluated after the opening lead, e.g. left-of(left-of(declarer))).", **EXPR}},
                                  ["from", "seat"], "A player's hand that becomes the dummy: laid face up on the dummy's zone right after the opening lead (the phase's first card); until then it is that player's hidden hand.")},
                 ["from", "played-by"],
                 "A hand with no player of its own, played by another seat: it takes a turn in every trick."),
    "until": {"description": "Bool read after each trick and after each declaration (`declare`): when it holds the phase ends at once, the cards left staying in the hands and a card just led on the trick (a player has reached 66 and claims it).", "examples": ["any(x.points >= 66 for x in seats)"], **EXPR},
    "refill": obj({"from": {"description": "Table zones drawn from in order: the first that has cards (a stock, then the trump card turned up under it).",
                            "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 8}]},
                   "when": {"description": "Bool read after each trick: the hands are refilled only while it holds (e.g. not closed). Default: always.", **EXPR},
                   "face-up": {"type": "boolean", "default": False,
                               "description": "The top card of the zone drawn from lies face up for everyone (German Whist): turned up as the phase starts and after each refill; the winner draws it, seen by all."}},
                  ["from"], "After each trick, each player in turn from the winner draws a card (a trick game played with a stock, its turned-up trump drawn last)."),
    "want": {"description": "For bots: an int over `actor`, the tricks the seat still wants this hand (more than 0: it plays to win tricks, 0: to lose them). Default: its bid less its tricks after a bid phase, every trick in a point auction, else none (the bot plays to avoid points).", **EXPR},
    **trickrules.SCHEMA,           # the common rules as switches: first-lead, breaks, first-trick
    **trickawards.SCHEMA,          # points scored from each trick won
    **trickcut.SCHEMA,             # a trick a card stops, picked up
    **trickled.SCHEMA,             # a card led without a suit: the next sets it, or its player names one
}, ['from', 'to', 'won-to'])
EXAMPLES = {   # for editors: examples and descriptions of the keys above, by path in the phase
    'from': {"examples": ["hand"]},
    'to': {"examples": ["trick"]},
    'won-to': {"examples": ["taken"]},
    'lead-allowed': {"examples": ["points-broken or card.points == 0"]},
    'play-allowed': {"examples": ["trick-number > 1 or card.points == 0"]},
    'flags': {"default": {}, "examples": [{"points-broken": "card.points > 0"}]},
    'points': {"examples": ["card.points"]},
    'before': {"examples": ["tricks"]},
    'trump-card': {"examples": ["undealt.top"]},
    'suit': {"examples": ["'H' if card.joker else card.suit"]},
    'high': {"examples": ["card.joker"]},
    'follow-allowed': {"examples": ["not card.joker or actor.hand.size == 1"]},
    'choices': {"examples": [{"downtown": {"when": "any(c.joker for c in trick)"}}]},
    'choices/when': {"examples": ["card.joker"]},
    'choices/at': {"examples": ["lead"]},
    'choices/prefer': {"examples": ["count(c.suit == trump for c in actor.hand) - 2"]},
    'head': {"examples": ["stock.empty or closed"]},
    'declare': {"examples": [{"marriage": {"when": "card.rank in ['K', 'Q'] and any(c.suit == card.suit and c.rank in ['K', 'Q'] for c in actor.hand)",
                                           "points": "40 if card.suit == trump else 20"}}]},
    'declare/when': {"examples": ["card.rank in ['K', 'Q'] and any(c.suit == card.suit and c.rank in ['K', 'Q'] for c in actor.hand)"]},
    'declare/points': {"examples": ["40 if card.suit == trump else 20"]},
    'declare/description': {"examples": ["a marriage: the king and queen of a suit"]},
    'declare-limit': {"examples": [1]},
    'exchange': {"examples": [{"card": "card.rank == '9' and card.suit == trump", "with": "turned", "when": "actor.tricks > 0"}]},
    'exchange/card': {"examples": ["card.rank == '9' and card.suit == trump"]},
    'exchange/with': {"examples": ["turned"]},
    'exchange/when': {"examples": ["actor.tricks > 0 and not closed and not stock.empty"]},
    'choices/description': {"examples": ["reverse the rank order for the rest of the hand"]},
    'last-trick-takes': {"examples": ["one"]},
    'dummy': {"examples": [{"from": "dummy", "played-by": "dealer"}]},
    'dummy/from': {"examples": ["dummy"]},
    'dummy/played-by': {"examples": ["dealer", "bidder", 0]},
    'dummy/after': {"default": "left-of(played-by)", "examples": ["left-of(dealer)"]},
    'dummy/lay-down': {"examples": [{"from": "hand", "seat": "left-of(left-of(declarer))"}]},
    'dummy/lay-down/from': {"examples": ["hand"]},
    'dummy/lay-down/seat': {"examples": ["left-of(left-of(declarer))", 2]},
    'want': {"examples": ["hand-size", "3 - sum(x.tricks for x in actor.team-seats)"]},
    'refill': {"examples": [{"from": ["stock", "trump-card"]}]},
    'until': {"examples": ["any(x.points >= 66 for x in seats)"]},
    'refill/from': {"examples": ["stock", ["stock", "trump-card"]]},
    'refill/when': {"examples": ["not closed"]},
    'refill/face-up': {"examples": [True]},
    **trickrules.EXAMPLES,
    **trickawards.EXAMPLES,
    **trickcut.EXAMPLES,
    **trickled.EXAMPLES,
}


def _kitty_seen(looker, ev: dict, _index: int | None) -> bool:
    """A kitty's cards are seen when its zone is public or they go where the seat may look (the winner's
    won pile, by that zone's visibility)."""
    if zone_public(looker, ev.get("zone")):
        return True
    return any(getattr(ph, "kitty", None) is not None and ph.kitty.name == ev.get("zone")
               and visible_to(ph.won_to.visibility, ev.get("seat"), looker.me) for ph in looker.rules.phases)


# the event kinds it logs, with the fields that hide cards (visibility.seat_event); replay checks logs against them
# what the kind keeps on the table (Table's fields, made for n seats): per hand, but the trump's hand
FIELDS = {"tricks_won": lambda n: [0] * n, "flags": lambda n: {}, "trick_number": lambda n: 0,
          "trick_leader": lambda n: None,
          "trick_plays": lambda n: [],      # the trick on the table: (place, card) in the order played (s.played)
          "playing_hand": lambda n: (),     # the hand the card to play comes from (`playing-hand`)
          "trick_winner": lambda n: None,    # the seat that won the last trick (`last-winner`)
          "led": lambda n: None, "trump": lambda n: None,
          "trump_hand": lambda n: 0}         # the hand whose trump the trick phase has set
EVENTS = {"play": PLAY, "trick": EventSpec(("number", "leader", "cards", "winner", "points", "dummy", "cut"),
                                          sample="trick-over"),
          # a trick stopped by a card (`cut`): its cards, all seen as they were played, into the taker's zone
          "pick-up": EventSpec(("seat", "zone", "took"), {"took": movers("seat")}, sample="takes"),   # as discard's
          "trump": EventSpec(("suit", "card", "lead"), sample=None),
          "kitty": EventSpec(("seat", "zone", "cards"), {"cards": Private(_kitty_seen)}, sample="shown-rest"),
          "choice": EventSpec(("seat", "name", "value"), sample=None),
          # a hand laid down as the dummy after the opening lead: seen by all when the dummy's zone is public
          "lay-down": EventSpec(("seat", "from", "to", "cards"), {"cards": movers("seat", zone="to")},
                                sample="puts-down"),
          # a card drawn after a trick: seen by the drawer, and by all when drawn from a face-up zone
          "refill": EventSpec(("seat", "zone", "cards", "shown"), {"cards": movers("seat", zone="zone")}, sample="takes"),
          # refill face-up: the card now on top of the zone drawn from, shown to everyone
          "turned-up": EventSpec(("zone", "card"), sample="rest-top"),
          "tricks-over": EventSpec(("why",), sample=None),
          # a declaration made with the card led (a marriage): the card is already public
          "declare": EventSpec(("seat", "name", "card", "points"), sample=None),
          # points scored from a trick won (`awards`): the trick's cards are already public
          "award": EventSpec(("seat", "name", "points"), sample=None),
          # before a lead, a card of the hand for a table zone's top card: seen by the seat, by all when the zone is face up
          "swap": EventSpec(("seat", "zone", "cards", "gave"), {"cards": movers("seat", zone="zone"),
                                                                   "gave": movers("seat", zone="zone")}, sample="takes"),
          **trickled.EVENTS}         # `until` ended the phase before the hands were empty


@dataclass
class TrickView:
    """What a bot may know about the decision at hand: its legal cards and the public trick."""

    kind = "trick"
    seat: int
    leading: bool
    following: bool                       # holding the led suit
    legal: list[int]
    plays: list[tuple[int, int]]          # (seat, card) so far, in play order
    led: str | None
    trump: str | None
    to_play: int                          # seats still to play after this one
    strength: dict[int, int]              # each legal and played card: its rank under the trick's order
    points: list[int]                     # per card
    suit: list                            # per card: its suit for following and trumps (a left bower: trump)
    winning: int | None = None            # card currently winning the trick
    want: int | None = None               # tricks still wanted toward a bid (None: no bid)
    would_win: frozenset | None = None    # the legal cards that would win the trick as it stands
    partner_winning: bool = False         # the seat's partner (teams of two) is winning the trick so far
    dummy: str | None = None              # playing for a dummy: the zone its cards are played from


@dataclass
class ChoiceView:
    """A yes/no choice offered to the winner of a trick (e.g. reversing the rank order)."""

    kind = "trick-choice"
    seat: int
    name: str
    hand: list[int]                       # the seat's cards left in hand
    order: list[int]                      # the deck's rank order (public rules), per card


@dataclass
class Trick:
    searched_with_equal_cards = True      # a search copies its decisions, equal cards too (agents/ismcts.py)
    name: str
    src: Zone
    pile: Zone
    won_to: Zone
    leader_mode: str                       # left-of-dealer | dealer | expr
    leader_fn: Callable | None
    follow: bool
    trump_const: str | None
    trump_fn: Callable | None
    order_table: list[int] | None
    order_fn: Callable | None
    lead_allowed: Callable | None
    play_allowed: Callable | None
    flags: list[tuple[str, Callable]]
    points: list[int]
    description: str = ""
    spec: dict = field(default_factory=dict)
    trump_card_fn: Callable | None = None
    trump_from_lead: Callable | None = None
    suit_fn: Callable | None = None
    high_fn: Callable | None = None
    follow_allowed: Callable | None = None
    choices: list[tuple[str, Callable]] = field(default_factory=list)
    kitty: Zone | None = None
    deferred: bool = False                 # trump / trump-card read what an earlier phase decides: set at the start
    want_fn: Callable | None = None        # for bots: the tricks the actor still wants (the `want` key)
    texts: dict = field(default_factory=dict)   # the text each rule runs: 'leader', 'lead-allowed', 'play-allowed',
                                                # 'flags.NAME' (the file's own, AND-ed with its switches; codegen)
    words: dict = field(default_factory=dict)   # the switches' card words for the rule sheet ('H': 'suit H')
    dummy: tuple | None = None             # (table zone, played-by, after or None): a hand another seat plays
    lay_down: tuple | None = None          # (seat zone, seat): the hand laid down as the dummy after the opening lead
    refill: tuple | None = None            # (table zones drawn from in order, bool or None, face up): hands drawn
                                           # up after a trick
    until: Callable | None = None          # read after each trick: the phase ends when it holds
    follow_fn: Callable | None = None      # `follow` as a bool over the table: the follow-suit rules apply when it holds
    head_fn: Callable | None = None        # `head`: where the follow rules apply, a player must head the trick (and trump)
    declare: list | None = None            # [(name, when over card, points over card)]: the leader's declarations
    exchange: tuple | None = None          # (card bool, table zone, when or None): before a lead, a card for the zone's top
    lead_choices: list | None = None       # `choices` with at: lead, [(flag, when)]: offered to the leader before a lead
    play_choices: list | None = None       # `choices` with at: play: offered to each follower before its card
    prefers: dict = field(default_factory=dict)   # `choices` NAME -> its `prefer` (int with actor): smart's yes or no
    points_by_trump: dict | None = None    # trump suit (None: no trump) -> points per card, when `points` reads trump
    excuse_fn: Callable | None = None      # `excuse`: a card playable to any trick that never wins it (over card)
    awards: list | None = None             # [(name, points, to or None)]: points scored from each trick won
    cut: tuple | None = None               # (when over card, seat zone, 'winner' | 'player'): a trick a card stops
    points_fn: Callable | None = None      # `points` over card and trump, for a trump that is no suit (points_for)
    suitless_lead: str | None = None       # `suitless-lead` next | named (None: any): kinds/trickled.py
    named_suits: tuple = ()                # named: the own actions' labels, one per suit of the deck
    ties: str | None = None                # `ties: last`: of equal cards the later played wins (None: the first)
    declare_limit: int | None = None       # `declare-limit`: at most this many declarations at each chance

    @property
    def action_labels(self) -> list[str]:
        """This phase's own actions (decision.py gives them a block): the suits a leader may name."""
        return list(self.named_suits)

    @property
    def per_hand(self) -> bool:
        """Whether the phase keeps per-hand values of its own (declarations, awards, choices' `-by`)."""
        return bool(self.declare or self.choices or self.lead_choices or self.play_choices or self.awards)

    def points_for(self, trump: str | None) -> list[int]:
        """The cards' points with this trump (Belote's jack and nine of trumps), else `points`; a trump that is
        no suit of the deck (a game chosen like one: Jass's obenabe) is worked out the first time it is set."""
        by = self.points_by_trump
        if by is None:
            return self.points
        got = by.get(trump)
        if got is None and self.points_fn is not None:
            probe = _TrumpProbe(trump)
            got = by[trump] = [self.points_fn(probe) for probe.card in range(len(self.points))]
        return self.points if got is None else got

    def suit_under(self, card: int, trump: str | None) -> str | None:
        """A card's suit for following under `trump`, from its `suit` rule read on the card alone (a left
        bower: the trump's), for a search's reading of who showed a void (agents/determinize.py); None when
        it has none, or the rule reads more of the game than the card and the trump."""
        if self.suit_fn is None:
            return None
        probe = _TrumpProbe(trump)
        probe.card = card
        try:
            v = self.suit_fn(probe)
        except Exception:                       # noqa: BLE001 - a rule that reads the table: no reading here
            return None
        return None if v in (None, "none") else str(v).upper()

    def offers(self, space) -> list[int]:
        """A card, and the trick winner's yes or no to a choice (`choices`)."""
        return space.card_actions() + ([space.NO, space.YES] if self.choices or self.lead_choices or self.declare
                                       or self.exchange or self.play_choices else []) + [*space.own_actions(self.name)]

    def start_hand(self, t: Table) -> None:
        """Set this hand's trump before any phase runs (so bidders see it), unless it must wait for the phase
        (then no trump until then: a seat choosing it is not shown the last hand's); no tricks yet."""
        t.tricks_won = [0] * t.n
        t.trick_number = 0
        if self.per_hand:
            t.kind_state[self.name] = self.fresh_state(t.n)
        if self.deferred:
            t.trump = None
        else:
            self.set_trump(t)

    def fresh_state(self, n: int) -> dict:
        """The phase's per-hand values in Table.kind_state: each declaration's points per seat, and who switched
        each choice on (None: nobody yet)."""
        state = {name: (0,) * n for name, _, _, _ in self.declare or ()}
        state.update((name, (0,) * n) for name, _, _ in self.awards or ())
        offered = [*self.choices, *(self.lead_choices or ()), *(self.play_choices or ())]
        state.update((f + "-by", None) for f, _ in offered)   # a flag offered at several moments: once
        return state

    def set_trump(self, t: Table) -> None:
        """Evaluate this hand's trump and log it."""
        t.trump_hand = t.hand_number
        t.trump = self.trump_const
        card = self.trump_card_fn(t) if self.trump_card_fn is not None else None
        if self.trump_fn is not None:
            v = self.trump_fn(t)
            t.trump = None if v in (None, "none") else str(v).upper() if str(v).upper() in t.rules.deck.suits \
                else str(v)          # a suit as the deck writes it; a game chosen like a trump (obenabe) as chosen
        elif card is not None and self.trump_const is None and "trump" not in self.spec:
            t.trump = t.rules.deck.suit[card]
        if t.trump is not None:
            t.emit("trump", suit=t.trump, **({"card": t.rules.deck.names[card]} if card is not None else {}))
        elif self.trump_fn is not None or card is not None:
            t.emit("trump", suit=None)

    def run(self, t: Table):
        """A generator: yields each card to play (and each yes/no choice) as a Decision."""
        return _Run(self, t).loop()


def _flag_getter(name: str):
    return lambda e: e.flags.get(name, False)


def declare(ctx: Ctx, path: tuple) -> Declared:
    """The names a trick phase defines. `trump` has its value from the hand's start (the hook below),
    unless the first card led may set it; the others only once the phase runs."""
    spec = ctx.get(path)
    names = {
        "led": X.Binding(X.STR, lambda e: e.led),
        "trump": X.Binding(X.STR, lambda e: e.trump),
        "trick-number": X.Binding(X.INT, lambda e: e.trick_number),
        "leader": X.Binding(X.SEAT, lambda e: e.trick_leader),
        "last-winner": X.Binding(X.SEAT, lambda e: e.trick_winner),
        "playing-hand": X.Binding(X.CARDS, lambda e: e.playing_hand),
        "winning-seat": X.Binding(X.SEAT, lambda e: _winning(e, False)),
        "winning-card": X.Binding(X.CARD, lambda e: _winning(e, True)),
    }
    for f in _flag_names(spec):
        names[f] = X.Binding(X.BOOL, _flag_getter(f))
    phase = path[-1]
    for f in (spec.get("choices") or {}):
        names[f + "-by"] = X.Binding(X.SEAT, _state_getter(phase, f + "-by"))
    fields = {"tricks": (X.INT, lambda f: lambda e: e.tricks_won[f(e)]),
              "played": (X.CARD, trickawards.played_getter)}
    for d in [*(spec.get("declare") or {}), *(spec.get("awards") or {})]:
        fields[d] = (X.INT, _declared_getter(phase, d))
    from_lead = ctx.fixed_bool(path + ("trump-from-lead",)) is not False
    return Declared(names, fields,
                    at_start=frozenset() if from_lead else frozenset({"trump"}),
                    how={"trump": " from the first card led"} if from_lead else {},
                    start_exprs=tuple(path + (k,) for k in ("trump", "trump-card") if k in spec))


def _winning(e, card: bool):
    """`winning-seat` (the seat whose card wins the trick on the table so far, by the phase's own rules) or
    `winning-card` (that card); none before the lead, outside a trick, and inside the rules that decide it
    (`suit`, `high`, `order`, `excuse` reading it would go round in a circle)."""
    run = e.runner
    if not isinstance(run, _Run) or not run.plays or run.judging:
        return None
    run.judging = True
    try:
        seat, c = run.winner(run.plays)
    finally:
        run.judging = False
    return c if card else run.who[seat]


def _state_getter(phase: str, key: str):
    return lambda e: e.kind_state[phase][key] if phase in e.kind_state else None


def _declared_getter(phase: str, name: str):
    """s.NAME of a declaration: the points the seat declared this hand (0 before the phase's first hand)."""
    def field(seat_fn):
        def get(e):
            seat = seat_fn(e)
            st = e.kind_state.get(phase)
            return 0 if st is None or seat is None else st[name][seat]
        return get
    return field


def _flag_names(spec: dict) -> list[str]:
    return list((spec.get("flags") or {}).keys()) + list((spec.get("choices") or {}).keys()) + \
        list(trickrules.break_flags(spec).values())


def compile(ctx: Ctx, path: tuple, name: str) -> Trick | None:
    spec = ctx.get(path)
    src = ctx.zone(path + ("from",), owner="seat")
    pile = ctx.zone(path + ("to",), owner="table")
    won_to = ctx.zone(path + ("won-to",), owner="seat")
    deck = ctx.deck
    if pile is not None and ctx.get(("deal", "rest")) == pile.name:
        ctx.error(("deal", "rest"), f"the deal's rest goes to '{pile.name}', the zone the tricks are played to: the "
                  "first trick's winner would take every undealt card with it", "give the rest a zone of its own, "
                  "e.g. rest: stock (declared as a hidden table zone)", value=True)
        return None
    cscope = card_scope(ctx.scope)

    switched = trickrules.compile_switches(ctx, path, spec, cscope) if src is not None else None
    texts: dict = {}
    if switched is not None and switched.leader is not None:
        texts["leader"] = switched.leader
        c = ctx.expr_of(path + ("first-lead",), switched.leader, X.BOOL,
                        ctx.scope.with_names(s=X.Binding(X.SEAT, lambda e: e.loc["s"])))
        leader_mode, leader_fn = "expr", (c.fn if c else None)
    else:
        leader_mode, leader_fn = ctx.first_seat(path + ("leader",))
        if leader_mode == "expr":
            texts["leader"] = spec["leader"]

    trump_raw = spec.get("trump", "none")
    trump_const = trump_fn = None
    if trump_raw in (None, "none"):
        pass
    elif isinstance(trump_raw, str) and trump_raw.upper() in deck.suits:
        trump_const = trump_raw.upper()
    else:
        with ctx.at_hand_start():                  # start_hand evaluates it, before any phase runs
            c = ctx.expr(path + ("trump",), X.STR)
        if c is not None:
            if c.is_const:
                trump_const = None if c.const in (None, "none") else str(c.const).upper()
                if trump_const is not None and trump_const not in deck.suits and "suit" not in spec:
                    ctx.error(path + ("trump",), f"trump '{c.const}' is not a suit of this deck", value=True,
                              hint="a suit of the cards' own (every trump as 'T') comes from the phase's `suit`: "
                                   "suit: \"'T' if card.rank == 'Q' else card.suit\"")
            else:
                trump_fn = c.fn

    order_raw = spec.get("order", "order")
    order_table = order_fn = None
    if order_raw == "rank":
        order_raw = "order"
    if isinstance(order_raw, str) and order_raw in deck.orders:
        order_table = deck.orders[order_raw]
    else:
        c = ctx.expr(path + ("order",), X.INT, cscope)
        if c is not None:
            order_fn = c.fn

    def card_bool(key, rule=False):
        """The per-card expression at `key`; with `rule`, a restriction judged on the cards in hand, kept as
        a table per state where it allows (expr.card_rule)."""
        if key not in spec:
            return None
        c = ctx.expr(path + (key,), X.BOOL, cscope)
        return None if c is None else X.card_rule(c, cscope, len(deck)) if rule else c.fn

    def restriction(key, added, switches):
        """The file's restriction at `key` AND-ed with the switches' (their parts compiled on their own
        first; an error of the whole, such as its length, is placed at the first key that gave a part)."""
        own = card_bool(key, rule=True)
        if not added or (key in spec and own is None):
            if own is not None:
                texts[key] = spec[key]
            return own
        texts[key] = trickrules.joined(spec.get(key), added)
        at = next(path + k for k in ((key,), *switches) if ctx.get(path + k) is not None)
        c = ctx.expr_of(at, texts[key], X.BOOL, cscope)
        return X.card_rule(c, cscope, len(deck)) if c else None

    lead_allowed = restriction("lead-allowed", switched.lead if switched else [], (("first-lead",), ("breaks",)))
    play_allowed = restriction("play-allowed", switched.play if switched else [], (("first-trick", "no-discard"),))
    flags = []
    for f in (spec.get("flags") or {}):
        c = ctx.expr(path + ("flags", f), X.BOOL, cscope)
        if c is not None:
            flags.append((f, c.fn))
            texts["flags." + f] = spec["flags"][f]
    suit_of = {f: suit for suit, f in trickrules.break_flags(spec).items()}
    for f, raw in (switched.flags if switched else {}).items():
        at = path + ("breaks", suit_of[f])
        c = ctx.expr_of(at + (("by",) if "by" in (ctx.get(at) or {}) else ()), raw, X.BOOL, cscope)
        if c is not None:
            flags.append((f, c.fn))
            texts["flags." + f] = raw
    points_by_trump = None
    if "points" in spec:
        points, points_by_trump, points_fn = _points(ctx, path + ("points",), deck)
    else:
        points, points_fn = list(deck.attrs.get("points", [0] * len(deck))), None
    follow, follow_fn, head_fn = _follow(ctx, path, spec)
    with ctx.at_hand_start():
        trump_card = ctx.expr(path + ("trump-card",), X.CARD) if "trump-card" in spec else None
    from_lead = ctx.expr(path + ("trump-from-lead",), X.BOOL) if "trump-from-lead" in spec else None
    if from_lead is not None and from_lead.is_const and not from_lead.const:
        from_lead = None
    suit_fn = None
    if "suit" in spec:
        c = ctx.expr(path + ("suit",), X.STR, cscope)
        suit_fn = c.fn if c else None
    high = card_bool("high")
    follow_allowed = card_bool("follow-allowed", rule=True)
    choices, lead_choices, play_choices, prefers = [], [], [], {}
    for f, ch in (spec.get("choices") or {}).items():
        c = ctx.expr(path + ("choices", f, "when"), X.BOOL)
        if "prefer" in (ch or {}):
            pref = ctx.expr(path + ("choices", f, "prefer"), X.INT)
            if pref is not None:
                prefers[f] = pref.fn
        if c is not None and not (c.is_const and not c.const):
            at = (ch or {}).get("at", "trick")
            at = at if isinstance(at, list) else [at]
            if "trick" in at:
                choices.append((f, c.fn))
            if "lead" in at:
                lead_choices.append((f, c.fn))
            if "play" in at:
                play_choices.append((f, c.fn))
    declared = _declarations(ctx, path, spec, cscope)
    awards = trickawards.compile_awards(ctx, path, spec, set(_flag_names(spec)) | set(spec.get("declare") or {}) |
                                        {f + "-by" for f in (spec.get("choices") or {})} | {"tricks", "played"})
    exchange = _exchange(ctx, path, spec, cscope, pile) if "exchange" in spec else None
    kitty = ctx.zone(path + ("last-trick-takes",), owner="table") if "last-trick-takes" in spec else None
    want = ctx.expr(path + ("want",), X.INT) if "want" in spec else None
    dummy = lay_down = None
    if "dummy" in spec:
        dz = ctx.zone(path + ("dummy", "from"), owner="table")
        by = _seat_expr(ctx, path + ("dummy", "played-by"))
        after = _seat_expr(ctx, path + ("dummy", "after")) if "after" in spec["dummy"] else None
        if None in (dz, by) or ("after" in spec["dummy"] and after is None):
            return None
        if pile is not None and dz.index == pile.index:
            ctx.error(path + ("dummy", "from"), "the dummy's hand cannot be the zone the trick is played to",
                      "name a table zone of its own, e.g. dummy", value=True)
            return None
        dummy = (dz, by, after)
        lay = spec["dummy"].get("lay-down")
        if isinstance(lay, dict) and "from" in lay and "seat" in lay:
            lz = ctx.zone(path + ("dummy", "lay-down", "from"), owner="seat")
            ls = _seat_expr(ctx, path + ("dummy", "lay-down", "seat"))
            if None in (lz, ls, src):
                return None
            if lz.index != src.index:
                ctx.error(path + ("dummy", "lay-down", "from"), "the hand laid down must be the zone the trick "
                          f"is played from ('{spec.get('from')}'): its player would otherwise keep playing it",
                          f"write from: {spec.get('from')}", value=True)
                return None
            lay_down = (lz, ls)
    refill = _refill(ctx, path + ("refill",), pile) if "refill" in spec else None
    cut = trickcut.compile_cut(ctx, path, cscope) if "cut" in spec else None
    if "cut" in spec and cut is None:
        return None
    until = ctx.expr(path + ("until",), X.BOOL) if "until" in spec else None
    suitless = trickled.compile_mode(ctx, path, spec, deck)
    if suitless is None and spec.get("suitless-lead", "any") != "any":
        return None
    if None in (src, pile, won_to, switched) or ("want" in spec and want is None) or \
            ("refill" in spec and refill is None) or ("until" in spec and until is None) or \
            follow is None or declared is False or awards is False or ("exchange" in spec and exchange is None):
        return None
    return Trick(name, src, pile, won_to, leader_mode, leader_fn, follow, trump_const, trump_fn,
                 order_table, order_fn, lead_allowed, play_allowed, flags, points,
                 spec.get("description", ""), dict(spec), trump_card.fn if trump_card else None,
                 from_lead.fn if from_lead else None, suit_fn, high, follow_allowed, choices, kitty,
                 ctx.start_deferred, want.fn if want else None, texts, switched.words, dummy, lay_down, refill,
                 None if until is None or (until.is_const and not until.const) else until.fn,
                 follow_fn, head_fn, declared or None, exchange, lead_choices or None, play_choices or None,
                 prefers, points_by_trump, card_bool("excuse"), awards or None, cut, points_fn, suitless,
                 tuple(trickled.labels(deck)) if suitless == "named" else (),
                 "last" if spec.get("ties") == "last" else None, spec.get("declare-limit"))


class _TrumpProbe:
    """A table holding a card and a trump suit: what a card's points that read the trump need."""
    __slots__ = ("card", "loc", "trump")

    def __init__(self, trump: str | None) -> None:
        self.card, self.loc, self.trump = None, {}, trump


def _points(ctx: Ctx, path: tuple, deck) -> tuple[list[int], dict | None, Callable | None]:
    """`points` over the card, the options and perhaps the trump suit: the points per card (with no trump),
    and per trump suit when it reads `trump` (worked out for every suit when compiling)."""
    none = [0] * len(deck)
    c = ctx.expr(path, X.INT, card_scope(ctx.scope))
    if c is None:
        return none, None, None
    if c.uses - {"card", "trump", "players"} - set(ctx.options):
        ctx.error(path, "a card's points may depend only on the card, the trump suit and options",
                  "points that change in play belong in the file's scoring", value=True)
        return none, None, None
    if "trump" not in c.uses:
        return per_card(ctx, path, X.INT) or none, None, None
    by = {}
    for trump in [None, *dict.fromkeys(s for s in deck.suit if s)]:
        probe = _TrumpProbe(trump)
        values = []
        for i in range(len(deck)):
            probe.card = i
            try:
                values.append(c.fn(probe))
            except RuleplayError as exc:     # a card with no value (placed by the checked int): known now
                ctx.errors.extend(exc.errors)
                return none, None, None
        by[trump] = values
    return by[None], by, c.fn


def _follow(ctx: Ctx, path: tuple, spec: dict) -> tuple:
    """`follow` (suit, any, or a bool over the table) and `head`: (follow always, follow's bool or None, head's
    bool or None); follow None after a placed error."""
    raw = spec.get("follow", "suit")
    follow, follow_fn = raw == "suit", None
    if raw not in ("suit", "any"):
        c = ctx.expr(path + ("follow",), X.BOOL)
        if c is None:
            return None, None, None
        if c.is_const:
            follow = bool(c.const)
        else:
            follow_fn = c.fn
    if "head" not in spec:
        return follow, follow_fn, None
    if not follow and follow_fn is None:
        ctx.error(path + ("head",), "`head` has no effect here: with follow: any the follow-suit rules never apply",
                  "write follow: suit, or follow: a condition (e.g. stock.empty)")
        return None, None, None
    c = ctx.expr(path + ("head",), X.BOOL)
    if c is None:
        return None, None, None
    return follow, follow_fn, (None if c.is_const and not c.const else (lambda e: True) if c.is_const else c.fn)


def _declarations(ctx: Ctx, path: tuple, spec: dict, cscope) -> list | bool:
    """`declare: {NAME: {when, points, on}}` as [(name, when, points, on)] (over the card led, or over any card played
    with `on: play`); False after an error."""
    out, ok = [], True
    taken = set(_flag_names(spec)) | {f + "-by" for f in (spec.get("choices") or {})}
    for name in (spec.get("declare") or {}):
        at = path + ("declare", name)
        if name in taken or name in ("tricks", "played"):
            ctx.error(at, f"'{name}' is already a name of this phase (a flag, a choice, s.tricks or s.played)",
                      "give the declaration a name of its own, e.g. marriages")
            ok = False
            continue
        on = (spec["declare"][name] or {}).get("on", "lead")
        scope = ctx.scope if on == "win" else cscope      # a win's declaration reads the winner, no card
        when = ctx.expr(at + ("when",), X.BOOL, scope)
        points = ctx.expr(at + ("points",), X.INT, scope)
        if when is None or points is None:
            ok = False
        elif not (when.is_const and not when.const):
            out.append((name, when.fn, points.fn, on))
    return out if ok else False


def _exchange(ctx: Ctx, path: tuple, spec: dict, cscope, pile: Zone | None) -> tuple | None:
    """`exchange: {card, with, when}`: (which card over `card`, the table zone, when or None); None after an error."""
    at = path + ("exchange",)
    card = ctx.expr(at + ("card",), X.BOOL, cscope)
    zone = ctx.zone(at + ("with",), owner="table")
    when = ctx.expr(at + ("when",), X.BOOL) if "when" in (spec["exchange"] or {}) else None
    if card is None or zone is None or ("when" in spec["exchange"] and when is None):
        return None
    if pile is not None and zone.index == pile.index:
        ctx.error(at + ("with",), "a card cannot be exchanged for one of the trick being played",
                  "name the zone of the turned-up card, e.g. with: turned", value=True)
        return None
    if when is not None and when.is_const:
        return card.fn, zone, None if when.const else (lambda e: False)
    return card.fn, zone, None if when is None else when.fn


def _refill(ctx: Ctx, path: tuple, pile: Zone | None) -> tuple | None:
    """`refill: {from, when}`: the table zones a hand is drawn up from, in order, and when (None: always)."""
    raw, given = ctx.get(path + ("from",)), "when" in ctx.get(path)
    paths = [path + ("from", i) for i in range(len(raw))] if isinstance(raw, list) else [path + ("from",)]
    zones = [ctx.zone(p, owner="table") for p in paths]
    when = ctx.expr(path + ("when",), X.BOOL) if given else None
    if None in zones or (given and when is None):
        return None
    if pile is not None and any(z.index == pile.index for z in zones):
        ctx.error(path + ("from",), "the hands cannot be drawn up from the zone the trick is played to",
                  "name the stock, e.g. from: stock", value=True)
        return None
    return tuple(zones), (when.fn if when is not None and not when.is_const else
                          None if when is None or when.const else False), bool(ctx.get(path + ("face-up",), False))


def _seat_expr(ctx: Ctx, path: tuple) -> Callable | None:
    """A seat: a fixed seat number (0 = the first), or a seat expression (dealer, left-of(dealer)); None after a
    placed error."""
    raw = ctx.get(path)
    if isinstance(raw, int) and not isinstance(raw, bool):
        if not 0 <= raw < ctx.players:
            ctx.error(path, f"seat {raw} does not exist with {ctx.players} players", f"seats are 0..{ctx.players - 1}",
                      value=True)
            return None
        return lambda e: raw
    c = ctx.expr(path, X.SEAT)
    return c.fn if c else None


def asked(space, name: str) -> dict[int, str]:
    """A yes/no decision's labels naming what was asked (`red: yes`), so the log and `run -v` tell two
    declarations offered in turn apart (t40; a log made before says a bare `yes`, and replay shows the difference)."""
    return {space.NO: f"{name}: no", space.YES: f"{name}: yes"}


def _places(seats: list, first: int):
    """The places of a trick from `first`, read as the trick goes: a lay-down may change them."""
    i = first
    while i < len(seats):
        yield i
        i += 1


class _Run:
    exact = True        # a copy (`fork`) goes on as this game would: Run.fork, State.clone

    def __init__(self, ph: Trick, t: Table):
        self.ph = ph
        self.t = t
        self.hand = self.hands(t)
        self.pile = t.shared[ph.pile.index]
        self.points = ph.points                    # the cards' points this hand (points_for the trump)
        self.won = t.seat_zones[ph.won_to.index]
        self.deck = t.rules.deck
        self.keys = self.deck.canonical_keys()      # the bots' sort keys, a table lookup per card
        self.offered: list[int] = []               # the legal cards of the decision being asked
        self.partner = partners(t.rules.teams, t.n)  # each seat's partner, or None (no teams of two)
        # who plays each place in a trick: a seat plays its own hand; with a dummy, place n (the dummy's hand, the
        # last of `hand`) is played by the seat `played-by` names when the phase starts (`seat_dummy`)
        self.who = list(range(t.n + (ph.dummy is not None)))
        self.pending: Decision | None = None       # the card decision yielded out and not answered yet
        self.stopped = False                       # `until` held after a trick: the phase is over
        self.laid: int | None = None               # the seat whose hand was laid down as the dummy this hand
        # printed suits, a deck order and no `high` cards: a trick is judged by two list lookups a card (`_beats`)
        self.plain = ph.suit_fn is None and ph.high_fn is None and ph.order_table is not None and ph.excuse_fn is None \
            and ph.suitless_lead is None and ph.ties is None
        self.named: str | None = None              # the suit the leader named for this trick (`suitless-lead: named`)
        self.judging = False                       # working out `winning-seat` (the rules it reads may not read it)
        self.plays: list = []                      # the trick on the table: (place, card) in the order played
        # a playout's card in such a trick, with no winner's choices and a trump that is set, is picked without a view
        self.quick = self.plain and t.space.unique and not ph.choices and ph.trump_from_lead is None \
            and ph.dummy is None and not ph.lead_choices and not ph.declare and ph.exchange is None \
            and not ph.play_choices
        t.runner = self

    def hands(self, t: Table) -> list:
        """The hands cards are played from, by place: each seat's, then the dummy's (a table zone) if any."""
        hands = t.seat_zones[self.ph.src.index]
        return hands if self.ph.dummy is None else [*hands, t.shared[self.ph.dummy[0].index]]

    def seat_dummy(self) -> None:
        """Who plays the dummy this hand and where it sits (after `after`, by default the player's left), and
        the partners bots read: the dummy and its player, and, with three players, the other two."""
        t = self.t
        _, by_fn, after_fn = self.ph.dummy
        by = by_fn(t)
        by = t.dealer if by is None else by
        after = after_fn(t) if after_fn is not None else None
        self.after = t.next_seat(by, 1) if after is None else after
        n = t.n
        self.who[n] = by
        partner = list(self.partner) if self.partner is not None else [None] * n
        partner.append(by)
        partner[by] = n
        others = [s for s in range(n) if s != by]
        if len(others) == 2:
            partner[others[0]], partner[others[1]] = others[1], others[0]
        self.partner = partner

    def ring(self, first: int) -> list[int]:
        """The places in turn from `first` (a seat, or the dummy's place n): the seats in play, the dummy after
        `after`."""
        t = self.t
        n, after = t.n, self.after
        if first == n:
            return [n, *t.playing_from(t.next_seat(after, 1))]
        seats = t.playing_from(first)
        if after in seats:
            seats.insert(seats.index(after) + 1, n)
        else:
            seats.append(n)
        return seats

    # ------------------------------------------------------------ rules
    def strength(self, card: int) -> int:
        ph = self.ph
        if ph.order_table is not None:
            return ph.order_table[card]
        t = self.t
        t.card = card
        v = ph.order_fn(t)
        return v if v is not None else 0

    def esuit(self, card: int) -> str | None:
        """The card's suit for following and trumps (the `suit` expression, else its printed suit)."""
        fn = self.ph.suit_fn
        if fn is None:
            return self.deck.suit[card]
        v = self._of_card(fn, card)
        return None if v in (None, "none") else str(v).upper()

    def _of_card(self, fn, card: int):
        """A per-card rule's value for `card` (read as `card`, the table's own card left as it was)."""
        t = self.t
        keep = t.card
        t.card = card
        v = fn(t)
        t.card = keep
        return v

    def suits(self) -> list:
        """Every card's suit for following and trumps, for a bot's view (a left bower is a trump)."""
        if self.ph.suit_fn is None:
            return self.deck.suit
        return [self.esuit(c) for c in range(len(self.deck))]

    def is_excuse(self, card: int) -> bool:
        """An `excuse` card: playable to any trick, it never wins one."""
        fn = self.ph.excuse_fn
        return fn is not None and bool(self._of_card(fn, card))

    def led_suit(self, plays: list[tuple[int, int]]) -> str | None:
        """The suit to follow as it stands: the suit the leader named, else the suit, read now, of the card that
        sets it (`led_card`)."""
        if self.named is not None and plays:
            return self.named
        lead = self.led_card(plays)
        return None if lead is None else self.esuit(lead)

    def led_card(self, plays: list[tuple[int, int]]) -> int | None:
        """The card whose suit is to be followed: the first played, or with excuses, the first that is none, or
        with `suitless-lead: next`, the first that has a suit."""
        nxt = self.ph.suitless_lead == "next"
        if self.ph.excuse_fn is None and not nxt:
            return plays[0][1] if plays else None
        return next((c for _, c in plays if not self.is_excuse(c) and not (nxt and self.esuit(c) is None)), None)

    def is_high(self, card: int) -> bool:
        fn = self.ph.high_fn
        return fn is not None and bool(self._of_card(fn, card))

    def winner(self, plays: list[tuple[int, int]]) -> tuple[int, int]:
        """(seat, card) winning the trick so far: highest trump, else highest of the led suit; first wins ties."""
        if self.plain:
            beats = self._beats
            best = plays[0]
            for p in plays[1:]:
                if beats(p[1], best[1]):
                    best = p
            return best
        if self.ph.excuse_fn is not None:   # an excuse wins nothing: the others decide (all excuses: the first)
            plays = [p for p in plays if not self.is_excuse(p[1])] or plays[:1]
        if self.ph.high_fn is not None:
            for p in plays:
                if self.is_high(p[1]):
                    return p                 # a `high` card beats every other card; the first played wins
        suit = (self.deck.suit if self.ph.suit_fn is None else {c: self.esuit(c) for _, c in plays}).__getitem__
        if self.ph.suitless_lead is None:
            led, first = suit(plays[0][1]), 0
        else:                               # the suit named, or the card that set it decides from its place on
            led = self.led_suit(plays)
            lead = None if self.named is not None or led is None else self.led_card(plays)
            first = 0 if lead is None else next(i for i, p in enumerate(plays) if p[1] == lead)
        best = plays[first]
        for i, p in enumerate(plays):
            if i != first and self.beats(p[1], best[1], led, suit):
                best = p
        return best

    def takes(self, plays: list[tuple[int, int]], best: tuple[int, int] | None, card: int) -> bool:
        """Whether `card` added to `plays` would win the trick: `winner(plays + [(seat, card)])` is the seat's,
        decided against `best` (`winner(plays)`) in one step of the same fold."""
        if best is None:
            return True                      # leading
        if self.ph.excuse_fn is not None:
            if self.is_excuse(card):
                return False                 # an excuse never wins
            if self.is_excuse(best[1]):
                return True                  # only excuses so far: the first card that is none takes the lead
            plays = [p for p in plays if not self.is_excuse(p[1])]
        if self.ph.high_fn is not None:
            if self.is_high(best[1]):
                return False                 # the first `high` card played wins
            if self.is_high(card):
                return True
        suit = self.deck.suit.__getitem__ if self.ph.suit_fn is None else self.esuit
        if self.ph.suitless_lead is None:
            return self.beats(card, best[1], suit(plays[0][1]), suit)
        led = self.led_suit(plays)
        if led is None:                      # only cards without a suit so far: the first with one sets it (next)
            return self.ph.suitless_lead == "next" and suit(card) is not None
        return self.beats(card, best[1], led, suit)

    def beats(self, card: int, best: int, led: str, suit: Callable[[int], str]) -> bool:
        """Whether `card` takes the trick from `best`, the card winning it so far (`high` cards aside): a trump
        over a non-trump, else a higher card of the same kind (trump, or the suit led); the first wins ties."""
        trump = self.t.trump
        is_trump = trump is not None and suit(card) == trump
        best_trump = trump is not None and suit(best) == trump
        if best_trump and not is_trump or not best_trump and not is_trump and suit(card) != led:
            return False
        if is_trump and not best_trump:
            return True
        mine, theirs = self.strength(card), self.strength(best)
        return mine > theirs or (mine == theirs and self.ph.ties == "last")

    def _beats(self, card: int, best: int) -> bool:
        """`beats` for a plain trick (`self.plain`): the card winning a trick is of the suit led or a trump, so
        a card takes it with a higher card of the same suit, or as the first trump."""
        suit = self.deck.suit
        s, b = suit[card], suit[best]
        if s == b:
            order = self.ph.order_table
            return order[card] > order[best]
        trump = self.t.trump
        return trump is not None and s == trump

    def _restrict(self, fn, pool: list[int], seat: int) -> list[int]:
        if fn is None:
            return pool
        t = self.t
        t.actor = self.who[seat]
        tab = fn.table(t) if fn.__class__ is X.CardRule else None
        if tab is not None:
            ok = [c for c in pool if tab[c]]
        else:
            ok = []
            for c in pool:
                t.card = c
                if fn(t):
                    ok.append(c)
            t.card = None
        if not ok and pool:        # never leave a player without a legal card: counted, so `sim` shows it
            t.stat("restriction-lifted", t.actor)
            return pool
        return ok

    def legal(self, seat: int, leading: bool) -> tuple[list[int], bool]:
        self.t.playing_hand = self.hand[seat]   # `playing-hand`: the dummy's cards when its player plays them
        legal, following = self._legal(seat, leading)
        if self.ph.excuse_fn is not None:   # an excuse may always be played, whatever the rules say
            legal = legal + [c for c in self.hand[seat] if c not in legal and self.is_excuse(c)]
        return legal, following

    def _legal(self, seat: int, leading: bool) -> tuple[list[int], bool]:
        cards = list(self.hand[seat])
        if leading:
            return self._restrict(self.ph.lead_allowed, cards, seat), False
        ph, t = self.ph, self.t
        led = t.led
        if led is not None and (ph.follow or ph.follow_fn is not None and ph.follow_fn(t)):
            if ph.suit_fn is None:
                suit = self.deck.suit
                same = [c for c in cards if suit[c] == led]
            else:
                same = [c for c in cards if self.esuit(c) == led]
            if ph.head_fn is not None and ph.head_fn(t):
                return self.heading(cards, same, seat)
            if same:
                return self._restrict(ph.follow_allowed, same, seat), True
        return self._restrict(ph.play_allowed, cards, seat), False

    def heading(self, cards: list[int], same: list[int], seat: int) -> tuple[list[int], bool]:
        """`head`: of the suit led, the cards that beat the trick as it stands if any; without the suit, the
        cards that win it (trumps) if any, else the trumps; the restrictions after that, lifted as ever."""
        plays = self.plays
        best = self.winner(plays)
        if same:
            return self._restrict(self.ph.follow_allowed, [c for c in same if self.takes(plays, best, c)] or same,
                                  seat), True
        trump = self.t.trump
        pool = [c for c in cards if self.takes(plays, best, c)] or \
            ([c for c in cards if self.esuit(c) == trump] if trump is not None else [])
        return self._restrict(self.ph.play_allowed, pool or cards, seat), False

    # ------------------------------------------------------------ flow
    def choose(self, seat: int, leading: bool, plays: list[tuple[int, int]], to_play: int):
        """The seat's forced card (one legal card is not asked), else the Decision that asks for it, or the
        card a search's playout policy picks (`Bot.rollout`) in a plain trick, worked out from the trick
        itself (tricksense.trick_card) with no view or Decision built."""
        t = self.t
        legal, following = self.legal(seat, leading)
        legal.sort(key=self.keys.__getitem__)
        if len(legal) == 1:
            return legal[0]
        player = self.who[seat]
        bot = t.inline[player]
        if bot is not None and bot.rollout is not None and self.quick and t.events is None and not t.check:
            t.rng_draws += 1                 # Table.decided, with nothing to log
            return legal[self.rollout_card(seat, legal, following, plays, bot.rollout)]
        space = t.space
        view = None
        if bot is None or bot.wants_view:
            best = self.winner(plays) if plays else None
            if self.plain:
                order = self.ph.order_table
                st = {c: order[c] for c in legal}
                st.update((c, order[c]) for _, c in plays)
                would = frozenset(legal if best is None else [c for c in legal if self._beats(c, best[1])])
            else:
                st = {c: self.strength(c) for c in legal}
                st.update((c, self.strength(c)) for _, c in plays)
                would = frozenset(c for c in legal if self.takes(plays, best, c))
            who = self.who
            view = TrickView(player, leading, following, legal,
                             [(who[s], c) for s, c in plays] if self.ph.dummy is not None else list(plays),
                             t.led, t.trump, to_play,
                             st, self.points, self.suits(), best[1] if best else None, self._want(seat), would,
                             best is not None and self.partner is not None and best[0] == self.partner[seat],
                             self.ph.dummy[0].name if seat == t.n and self.ph.dummy is not None else None)
        self.offered = legal
        return Decision(player, legal if space.unique else [space.card(c) for c in legal], view)

    def rollout_card(self, seat: int, legal: list[int], following: bool, plays: list, policy) -> int:
        """The index in `legal` of the card a playout's `smart` policy plays (as its views would say)."""
        ph, t = self.ph, self.t
        best = self.winner(plays) if plays else None
        want = self._want(seat)
        would = None if want is None else legal if best is None else [c for c in legal if self._beats(c, best[1])]
        partner = self.partner
        return trick_card(legal, self.points, ph.order_table.__getitem__, self.deck.suit, t.trump, not plays, following,
                          best[1] if best else None, want, would,
                          best is not None and partner is not None and best[0] == partner[seat],
                          policy.plan.get(seat))

    def card_for(self, action: int) -> int:
        """The offered card an action names (of equal cards in a multi-deck game, the first offered)."""
        space = self.t.space
        return action if space.unique else next(c for c in self.offered if space.card(c) == action)

    def loop(self, resume: bool = False):
        """The hand's tricks (a generator). Where it stands is kept on the runner (`leader`, the trick's
        `seats` and `plays`, and the turn `i` of a card decision yielded out), so a copy can go on from
        that decision (`fork`)."""
        t, ph, hand, pile, deck = self.t, self.ph, self.hand, self.pile, self.deck
        names = deck.names
        if not resume and ph.dummy is not None:
            self.seat_dummy()
        who = self.who
        if not resume:
            t.tricks_won = [0] * t.n
            t.trick_winner = None
            if ph.per_hand and ph.name not in t.kind_state:
                t.kind_state[ph.name] = ph.fresh_state(t.n)
            t.flags = {f: False for f, _ in ph.flags}
            t.flags.update({f: False for f, _ in ph.choices})
            t.flags.update({f: False for f, _ in [*(ph.lead_choices or ()), *(ph.play_choices or ())]})  # one flag
            t.trick_number = 0
            t.led = None
            if ph.deferred or t.trump_hand != t.hand_number:
                ph.set_trump(t)
            self.points = ph.points_for(t.trump)
            self.from_lead = ph.trump_from_lead is not None and t.trump is None and bool(ph.trump_from_lead(t))
            self.leader = t.first_seat(ph.leader_mode, ph.leader_fn)
            self.playing = [s for s in t.seat_range if t.takes_part(s)]   # seats out or sitting out play no card
            if ph.dummy is not None:
                self.playing.append(t.n)
            if ph.refill is not None and ph.refill[2]:
                self.turn_up()
        playing, from_lead, lay_down = self.playing, self.from_lead, ph.lay_down is not None
        lead_hooks = bool(ph.lead_choices) or ph.exchange is not None
        dummy_place = t.n if ph.dummy is not None else -1     # the dummy's place in a trick (none: -1)
        while resume or (not self.stopped and any(hand[s] for s in playing)):
            asked = False                           # a follower's choices (at: play) asked before its card
            cut = None                              # the place whose card stopped the trick (`cut`)
            if resume:
                resume = False
                plays, seats, first = self.plays, self.seats, self.i
                hooked = asked = True               # the lead's (and this card's) choices were made before the copy
            else:
                self.start_trick()
                plays, seats, first = self.plays, self.seats, 0
                hooked = not lead_hooks
            # the places in turn; a lay-down after the opening lead changes the trick's places as it goes
            for i in (range(first, len(seats)) if ph.lay_down is None else _places(seats, first)):
                seat = seats[i]
                if not hooked:
                    hooked = True
                    yield from self.before_lead(seat)
                t.actor = who[seat]
                if i and ph.play_choices and not (asked and i == first):
                    yield from self.before_play(seat)
                    t.actor = who[seat]
                if i and ph.suit_fn is not None:    # a `suit` reading what a declaration changed mid-trick (a
                    t.led = self.led_suit(plays)     # trump revealed): the card led's suit as it is now
                card = self.choose(seat, i == 0, plays, len(seats) - i - 1)
                if card.__class__ is Decision:
                    self.pending, self.i = card, i      # where a copy would go on from (`fork`)
                    a = t.answer(card)
                    if a is None:
                        a = yield from t.outside(card)
                    self.pending = None
                    card = self.card_for(a)
                hand[seat].remove(card)
                pile.append(card)
                plays.append((seat, card))
                if i == 0:
                    if from_lead and t.trick_number == 1:
                        t.trump = deck.suit[card]
                        self.points = ph.points_for(t.trump)
                        t.emit("trump", suit=t.trump, card=names[card], lead=True)
                    t.led = self.esuit(card)
                if (ph.excuse_fn is not None or ph.suitless_lead == "next") and (i == 0 or t.led is None):
                    t.led = self.led_suit(plays)     # an excuse led: the first card that is none sets the suit
                t.card = card
                for f, fn in ph.flags:
                    if not t.flags[f] and fn(t):
                        t.flags[f] = True
                t.card = None
                t.cards_played += 1
                if t.events is not None:
                    if seat != dummy_place:
                        t.emit("play", seat=seat, card=names[card])
                    else:
                        t.emit("play", seat=who[seat], card=names[card], **{"from": ph.dummy[0].name})
                if i == 0 and lay_down and t.trick_number == 1:
                    self.lay_down(seats)         # the opening lead is down: the dummy is laid face up
                if i == 0 and ph.suitless_lead == "named" and t.led is None:
                    t.led = self.named = yield from trickled.name_suit(self, seat)
                t.act()
                if ph.declare:
                    yield from self.declarations(seat, card, i == 0)
                    if self.stopped:
                        break                # the declaration reached `until`: the hand stops at once
                if i and ph.cut is not None and trickcut.cuts(self, seat, card):
                    cut = seat
                    break                    # the trick stops here (a card off the suit led: Bhabhi's cut)
            else:
                win = self.winner(plays)[0]
                win_seat = t.actor = who[win]
                chosen = (yield from self.offer_choices(win_seat)) if ph.choices else ()
                won = (yield from self.win_declarations(win_seat)) if ph.declare else ()
                self.close_trick(plays, win, chosen, won)
                continue
            if cut is not None:
                trickcut.cut_trick(self, plays, cut)
                continue
            break                            # `until` held after a declaration
        leader = self.leader
        if ph.kitty is not None and t.trick_number:
            kitty = t.shared[ph.kitty.index]
            taken = [names[c] for c in reversed(kitty)]
            leader = who[leader]
            self.won[leader].extend(kitty)
            kitty.clear()
            t.emit("kitty", seat=leader, zone=ph.kitty.name, cards=taken)
            if t.check:
                t.check_conservation()
        t.led = None
        t.trick_plays, t.playing_hand = [], ()

    def lay_down(self, seats: list) -> None:
        """After the opening lead, the hand `lay-down` names goes face up to the dummy's zone (a `lay-down`
        event), and the trick's places after the lead are read again: the dummy plays in its turn, the seat
        whose hand it was (now empty) no more; when that is the leader's own hand, the dummy's first card is in
        the next trick (the lead was its card in this one)."""
        t, hand = self.t, self.hand
        zone, seat_fn = self.ph.lay_down
        owner = seat_fn(t)
        if owner is None:
            return
        cards = t.seat_zones[zone.index][owner]
        moved = list(cards)
        hand[t.n].extend(moved)
        cards.clear()
        self.laid = owner
        if t.events is not None:
            names = self.deck.names
            t.emit("lay-down", seat=owner, **{"from": zone.name, "to": self.ph.dummy[0].name},
                   cards=[names[c] for c in reversed(moved)])
        led_it = owner == seats[0]          # the leader's own hand laid down: its card is this trick's already
        seats[1:] = [s for s in self.ring(seats[0])[1:] if hand[s] and not (led_it and s == t.n)]

    def start_trick(self) -> None:
        """The next trick: its leader (the last winner, or the next seat on with cards), and the seats to play."""
        t, hand = self.t, self.hand
        leader = self.leader
        if self.ph.dummy is not None:
            if leader == self.laid and not hand[leader] and hand[t.n]:
                leader = self.leader = t.n       # a trick the laid-down hand won (its lead): the dummy leads next
            ring = self.ring(leader)
            if not hand[leader] or (leader < t.n and not t.takes_part(leader)):
                leader = self.leader = next(s for s in ring if hand[s] and (s == t.n or t.takes_part(s)))
                ring = self.ring(leader)
            t.trick_number += 1
            t.trick_leader = self.who[leader]
            t.led = None
            self.plays = t.trick_plays = []
            self.named = None
            self.seats = [s for s in ring if hand[s]]
            return
        if not hand[leader] or not t.takes_part(leader):
            leader = self.leader = next(s for s in t.playing_from(leader) if hand[s])
        t.trick_number += 1
        t.trick_leader = leader
        t.led = None
        self.plays = t.trick_plays = []
        self.named = None
        self.seats = [s for s in t.playing_from(leader) if hand[s]]

    def before_play(self, place: int):
        """Before a follower's card (a generator of yes/no decisions): its choices (`choices` at: play), a call
        made before choosing the card (Twenty-Nine's call for the trump to be shown)."""
        yield from self._switches(place, self.ph.play_choices)

    def _switches(self, place: int, offered):
        """The seat at `place` may switch each flag of `offered` on ([(flag, when)]) while off and `when` holds."""
        t, ph, space = self.t, self.ph, self.t.space
        seat = self.who[place]
        for f, when in offered or ():
            t.actor = seat
            if not t.flags[f] and when(t):
                yes = (yield from t.ask(Decision(seat, [space.NO, space.YES], self.choice_view(seat, f, place), asked(space, f)))) \
                    == space.YES
                if yes:
                    t.flags[f] = True
                    t.kind_state[ph.name][f + "-by"] = seat
                t.emit("choice", seat=seat, name=f, value=yes)

    def before_lead(self, place: int):
        """Before a lead (a generator of yes/no decisions): the leader's choices (`choices` at: lead), then the
        exchange of a card for a table zone's top card (`exchange`)."""
        t, ph, space = self.t, self.ph, self.t.space
        seat = self.who[place]
        yield from self._switches(place, ph.lead_choices)
        if ph.exchange is None:
            return
        which, zone, when = ph.exchange
        pile, hand = t.shared[zone.index], self.hand[place]
        t.actor = seat
        if not pile or (when is not None and not when(t)):
            return
        for card in hand:
            t.card = card
            if which(t):
                break
        else:
            card = None
        t.card = None
        if card is None:
            return
        if (yield from t.ask(Decision(seat, [space.NO, space.YES], PreferView([0, 1]), asked(space, "exchange")))) != space.YES:
            return
        top = pile.pop()
        hand.remove(card)
        hand.append(top)
        pile.append(card)
        names = self.deck.names
        t.emit("swap", seat=seat, zone=zone.name, cards=[names[top]], gave=[names[card]])
        t.act()

    def declarations(self, place: int, card: int, lead: bool):
        """After a card (a generator of yes/no decisions): each declaration made with it (the card led, or with
        `on: play` any card) whose `when` holds may be made; its points go to its player's s.NAME (kind_state)."""
        t, ph, space = self.t, self.ph, self.t.space
        seat = self.who[place]
        state = t.kind_state[ph.name]
        made = 0
        for name, when, points, on in ph.declare:
            if on == "win" or (on == "lead" and not lead) or made == ph.declare_limit:
                continue
            t.actor, t.card = seat, card
            if not when(t):
                continue
            pts = points(t) or 0
            t.card = None
            if (yield from t.ask(Decision(seat, [space.NO, space.YES], PreferView([0, pts]), asked(space, name)))) \
                    == space.YES:
                trickawards.add_points(state, name, seat, pts)
                made += 1
                t.emit("declare", seat=seat, name=name, card=self.deck.names[card], points=pts)
                if ph.until is not None and ph.until(t):
                    self.stopped = True
                    t.emit("tricks-over", why="until")
                    break
        t.card = None
        t.actor = seat

    def win_declarations(self, seat: int):
        """After a trick, before its cards are gathered and any drawing (a generator of yes/no decisions): the
        winner's declarations (`on: win`) whose `when` holds, read over actor = the winner; the points of those
        made go to its s.NAME; returns them as (name, points), told after the trick."""
        t, ph, space = self.t, self.ph, self.t.space
        state = t.kind_state[ph.name]
        made = []
        for name, when, points, on in ph.declare:
            if on != "win" or not any(self.hand[s] for s in self.playing) or len(made) == ph.declare_limit:
                continue                     # after the last trick there is nothing left to play for
            t.actor = seat
            if not when(t):
                continue
            pts = points(t) or 0
            if (yield from t.ask(Decision(seat, [space.NO, space.YES], PreferView([0, pts]), asked(space, name)))) \
                    == space.YES:
                trickawards.add_points(state, name, seat, pts)
                made.append((name, pts))
            t.actor = seat
        return made

    def choice_view(self, seat: int, flag: str, place: int):
        """What `smart` reads of a yes/no switch: the choice's `prefer` read now for the seat asked (a rating of no
        and of yes), else its hand (`smart_choice`)."""
        prefer = self.ph.prefers.get(flag)
        if prefer is None:
            return ChoiceView(seat, flag, list(self.hand[place]), list(self.deck.orders["order"]))
        t = self.t
        actor, t.actor = t.actor, seat
        rated = prefer(t) or 0
        t.actor = actor
        return PreferView([0, rated])

    def offer_choices(self, win_seat: int):
        """The trick's winner may switch flags on (e.g. reverse the rank order): a generator of its yes/no
        decisions, returning the (flag, value) pairs chosen."""
        t, ph, hand = self.t, self.ph, self.hand
        chosen = []
        more = any(hand[s] for s in self.playing)
        for f, when in ph.choices:
            if more and not t.flags[f] and when(t):
                view = self.choice_view(win_seat, f, win_seat)
                space = t.space
                t.flags[f] = (yield from t.ask(Decision(win_seat, [space.NO, space.YES], view, asked(space, f)))) \
                    == space.YES
                if t.flags[f]:
                    t.kind_state[ph.name][f + "-by"] = win_seat
                chosen.append((f, t.flags[f]))
        return chosen

    def close_trick(self, plays: list[tuple[int, int]], win: int, chosen, won=()) -> None:
        """The trick to its winner (the place `win`: a seat, or the dummy, whose player takes it), who leads the
        next."""
        t, ph, pile, names, who = self.t, self.ph, self.pile, self.deck.names, self.who
        win_seat = who[win]
        t.tricks += 1
        t.tricks_won[win_seat] += 1
        t.trick_winner = win_seat
        awarded = trickawards.give_awards(t, ph.awards, t.kind_state[ph.name], win_seat) if ph.awards else ()
        if ph.excuse_fn is not None:             # an excuse goes back to its player's tricks, not the winner's
            for s, c in plays:
                if self.is_excuse(c) and who[s] != win_seat:
                    pile.remove(c)
                    self.won[who[s]].append(c)
        self.won[win_seat].extend(pile)
        pile.clear()
        if t.events is None:
            pass
        elif ph.dummy is None:
            t.emit("trick", number=t.trick_number, leader=self.leader, cards=[[s, names[c]] for s, c in plays],
                   winner=win_seat, points=sum(self.points[c] for _, c in plays))
        else:                                    # the dummy's card is played by its player; the event says which
            t.emit("trick", number=t.trick_number, leader=who[self.leader], cards=[[who[s], names[c]] for s, c in plays],
                   winner=win_seat, points=sum(self.points[c] for _, c in plays),
                   dummy=next((i for i, (s, _) in enumerate(plays) if s == t.n), None))
        for seat, name, pts in awarded:          # read with the trick's cards still on the table, told after it
            t.emit("award", seat=seat, name=name, points=pts)
        for f, v in chosen:
            t.emit("choice", seat=win_seat, name=f, value=v)
        for name, pts in won:                    # the winner's declarations, made before the trick was gathered
            t.emit("declare", seat=win_seat, name=name, card=None, points=pts)
        if t.check:
            t.check_conservation()
        self.leader = win
        t.actor = win_seat
        if ph.until is not None and ph.until(t):     # read before anyone draws: the hand stops at once
            self.stopped = True
            t.emit("tricks-over", why="until")
        elif ph.refill is not None:
            self.draw_up(win_seat)
        if ph.cut is None:
            t.check_end()        # end rules only: a hand of tricks cannot cycle
        else:
            t.boundary()         # a trick stopped by a card puts cards back in a hand: the table may repeat

    def draw_up(self, first: int) -> None:
        """`refill`: each seat in play from the trick's winner draws a card from the first of the zones that has
        any, while `when` holds."""
        t, hand = self.t, self.hand
        zones, when, face_up = self.ph.refill
        if when is False or (when is not None and not when(t)):
            return
        names = self.deck.names
        for i, seat in enumerate(t.playing_from(first)):
            source = next((z for z in zones if t.shared[z.index]), None)
            if source is None:
                return
            card = t.shared[source.index].pop()
            hand[seat].append(card)
            if t.events is None:
                pass
            elif face_up and i == 0:             # the card lying face up: everyone saw what the winner takes
                t.emit("refill", seat=seat, zone=source.name, cards=[names[card]], shown=True)
            else:
                t.emit("refill", seat=seat, zone=source.name, cards=[names[card]])
        if face_up:
            self.turn_up()

    def turn_up(self) -> None:
        """`refill: {face-up: true}`: the top card of the first zone drawn from that has cards, shown to all."""
        t = self.t
        source = next((z for z in self.ph.refill[0] if t.shared[z.index]), None)
        if source is not None and t.events is not None:
            t.emit("turned-up", zone=source.name, card=self.deck.names[t.shared[source.index][-1]])

    def fork(self, t: Table):
        """The rest of the hand on `t`, a copy of this runner's table (Table.fork), from the card decision
        this runner waits on (`pending`; a generator)."""
        ph = self.ph
        t.trick_plays = plays = list(self.plays)       # s.played reads the copy's own trick
        return runner_copy(self, t, hand=self.hands(t), pile=t.shared[ph.pile.index],
                           won=t.seat_zones[ph.won_to.index], plays=plays, offered=[]).loop(resume=True)

    def _want(self, seat: int) -> int | None:
        """Tricks the seat still wants: the `want` key, else its bid minus tricks won; in a point auction, every
        trick; else None."""
        t = self.t
        hand = self.hand[seat]
        seat = self.who[seat]
        if self.ph.want_fn is not None:
            t.actor = seat
            return self.ph.want_fn(t)
        if t.bid_style == "auction":
            return len(hand) + 1
        b = t.bids[seat]
        return None if b is None else b - t.tricks_won[seat]


# ---------------------------------------------------------------------------- the rule sheet (explain)
def describe(spec: dict, phase=None) -> str:
    """The phase in words, from its spec (and its compiled form where options fold a value)."""
    leader = spec.get("leader", "left-of-dealer")
    who = trickrules.leader_words(spec) or {"left-of-dealer": "the player on the dealer's left", "dealer": "the dealer"}.get(
        leader, first_player(leader))
    text = (f"{who} leads the first trick; each player in turn plays one card from their {spec['from']} "
            f"to the {spec['to']}; the winner of a trick leads the next.")
    follow = spec.get("follow", "suit")
    if follow == "suit":
        text += " Players must follow the suit led if they can."
    elif follow != "any" and formula(follow) != "no":
        when = formula(follow)
        text += (" Players must follow the suit led if they can." if when == "yes" else
                 f" When {when}, players must follow the suit led if they can; otherwise any card may be played.")
    if "head" in spec and formula(spec["head"]) != "no":
        when = formula(spec["head"])
        text += ((" When the suit led must be followed" + ("" if when == "yes" else f" and {when}")) +
                 ", a player must also win the trick if they can: with a card of the suit led that beats it, or,"
                 " holding none, with a trump; a player who cannot win it with a trump must still play a trump"
                 " if they have one.")
    trump = getattr(phase, "trump_const", None) if phase is not None else None
    none = False
    from_lead = formula(spec["trump-from-lead"]) if getattr(phase, "trump_from_lead", None) is not None else None
    if phase is not None and getattr(phase, "trump_fn", None) is not None:
        when = "the phase starts" if phase.deferred else "the hand starts"
        text += f" The trump suit is {formula(spec['trump'])}, as it stands when {when}."
    elif trump:
        text += f" Trumps: {trump}."
    elif "trump-card" in spec and "trump" not in spec:
        trump = True                     # the card turned up makes its suit trump (`set_trump`)
        text += f" The trump suit is the suit of {formula(spec['trump-card'])}, turned up as the hand starts."
    elif from_lead is not None:          # no trump but the first lead's suit: said here, once
        trump = True
        text += (" Trumps: the suit of the first card led in the hand." if from_lead == "yes" else
                 f" No trumps, unless {from_lead}: then the suit of the first card led in the hand is trump.")
        from_lead = None
    else:
        text += " No trumps."
        none = True                      # an expression the options fold to no trump: no trump is said below
    order = spec.get("order", "rank")
    order = order if isinstance(order, str) and " " not in order else formula(order)
    trumps = trump or (not none and spec.get("trump", "none") != "none")
    text += ((" The highest trump wins the trick, else the highest card of the suit led" if trumps
              else " The highest card of the suit led wins the trick") +
             f" (order: {order}; the {'last' if spec.get('ties') == 'last' else 'first'} played wins a tie).")
    lead, play = (formula(spec[k]) if k in spec else "yes" for k in ("lead-allowed", "play-allowed"))
    if lead != "yes":                   # "yes": the options leave no restriction
        text += f" A card may be led only if {lead}."
    if play != "yes":
        text += (f" A card that does not lead may be played only if {play}." if spec.get("follow") == "any" else
                 f" A player who cannot follow may play a card only if {play}.")
    switches, restricting = trickrules.describe(spec, getattr(phase, "words", {}))
    text += switches
    if lead != "yes" or play != "yes" or restricting:
        text += " When no card in hand meets a restriction, it lifts."
    for f, e in (spec.get("flags") or {}).items():
        reads_card = not isinstance(e, str) or "card" in X.value_names(X.parse(e))
        text += (f" {f} becomes true once a card with {formula(e)} is played this hand." if reads_card else
                 f" {f} becomes true once a card is played while {formula(e)}, this hand.")
    if "trump-card" in spec and "trump" in spec:     # without `trump` the trump sentence said it already
        text += f" The card {formula(spec['trump-card'])} is turned up when the hand starts."
    if from_lead is not None:           # a trump rule that may leave no trump: then the first lead's suit
        text += (" With no trump set, the suit of the first card led becomes trump." if from_lead == "yes" else
                 f" With no trump set, when {from_lead}, the suit of the first card led becomes trump.")
    if "suit" in spec:
        text += f" A card's suit for following and trumps is {formula(spec['suit'])}."
    if "high" in spec:
        text += f" A card with {formula(spec['high'])} beats every other card."
    if "excuse" in spec:
        text += (f" A card with {formula(spec['excuse'])} (an excuse) may be played to any trick, whatever the rules "
                 "of following; it never wins the trick and goes back to its player's tricks; led, the next card "
                 "played sets the suit to follow.")
    if "follow-allowed" in spec:
        text += f" A player following suit may play a card only if {formula(spec['follow-allowed'])} (lifted when none does)."
    moments = {"trick": "after a trick (before any drawing)", "lead": "before leading to a trick",
               "play": "before playing a card to a trick led by another"}
    for f, c in (spec.get("choices") or {}).items():
        what = f" ({c['description'].rstrip('.')})" if c.get("description") else ""
        at = c.get("at", "trick")
        at = at if isinstance(at, list) else [at]
        when = formula(c["when"])
        said = " and again ".join(moments[a] for a in ("trick", "lead", "play") if a in at)
        who = "the leader" if at == ["lead"] else "its winner" if at == ["trick"] else "a player"
        text += (f" {said[0].upper()}{said[1:]}" + ("" if when == "yes" else f", when {when}") +
                 f", {who} may switch {f} on{what} for the rest of the hand.")
        if "prefer" in c:
            text += (f" A sensible player (the smart bot) rates switching {f} on as {formula(c['prefer'])}, and "
                     "switches it on when that is above 0.")
    ex = spec.get("exchange")
    if isinstance(ex, dict) and "card" in ex and "with" in ex:
        when = f", when {formula(ex['when'])}," if "when" in ex else ""
        text += (f" Before leading{when} the leader may exchange a card {_card_words(ex['card'])} from their hand"
                 f" for the top card of the {ex['with']}, which it replaces.")
    for d, c in (spec.get("declare") or {}).items():
        what = f" ({c['description'].rstrip('.')})" if c.get("description") else ""
        pts = formula(c.get("points", "0"))
        pts = f"{pts} point{'' if pts == '1' else 's'}"
        if c.get("on") == "play":
            text += (f" Playing a card {_card_words(c.get('when', 'true'))}, its player may declare {d}{what}: "
                     f"{pts}, added to that player's {d} this hand.")
            continue
        if c.get("on") == "win":
            when = formula(c.get("when", "true"))
            text += (" After winning a trick" + ("" if when == "yes" else f", when {when}") +
                     f", before any drawing, its winner may declare {d}{what}: {pts}, added to the winner's {d} "
                     "this hand.")
            continue
        text += (f" Leading a card {_card_words(c.get('when', 'true'))}, the leader may declare {d}{what}: "
                 f"{pts}, added to the leader's {d} this hand.")
    if spec.get("declare-limit"):
        n = spec["declare-limit"]
        text += f" At most {'one declaration' if n == 1 else f'{n} declarations'} at a time."
    dummy = spec.get("dummy")
    if isinstance(dummy, dict) and "from" in dummy and "played-by" in dummy:
        by = formula(dummy["played-by"])
        after = formula(dummy["after"]) if "after" in dummy else f"the player left of {by}"
        text += (f" The dummy (the cards in the {dummy['from']}) has no player of its own: {by} plays it as a"
                 f" partner, and in each trick it takes its turn after {after}, {by} playing a card from it by the"
                 f" same rules. A trick the dummy wins goes to {by}, and the dummy leads the next.")
        lay = dummy.get("lay-down")
        if isinstance(lay, dict) and "from" in lay and "seat" in lay:
            text += (f" Right after the opening lead, the {lay['from']} of {formula(lay['seat'])} is laid face up"
                     f" in the {dummy['from']}: it is the dummy's hand (hidden from the others until then).")
    text += trickawards.describe(spec)
    text += f" The winner keeps the trick in their {spec['won-to']}."
    if "points" in spec:
        text += f" A card's points (told with each trick and read by the bots): {formula(spec['points'])}."
    text += trickcut.describe(spec, _card_words)
    text += trickled.describe(spec)
    if "last-trick-takes" in spec:
        text += f" The winner of the last trick also takes the {spec['last-trick-takes']}."
    if "until" in spec and formula(spec["until"]) != "no":
        after = "after a trick or a declaration" if spec.get("declare") else "after a trick"
        text += f" The tricks stop as soon as this holds {after}: {formula(spec['until'])}; the cards left stay in hand."
    refill = spec.get("refill")
    if isinstance(refill, dict) and "from" in refill:
        zones = refill["from"] if isinstance(refill["from"], list) else [refill["from"]]
        when = f", while {formula(refill['when'])}" if "when" in refill else ""
        text += (f" After each trick{when}, each player in turn from its winner draws a card from the "
                 + " or, when that is empty, the ".join(zones) + "; play goes on until every hand is empty.")
        if refill.get("face-up"):
            text += (f" The top card of the {zones[0]} lies face up: it is turned up as the phase starts and after "
                     "each refill, and the winner draws it.")
    return text


def _card_words(cond) -> str:
    """A condition over `card` after 'a card': 'whose rank is 9', else 'with ...'."""
    said = formula(cond)
    return said if said.startswith("whose ") else f"with {said}"


# ---------------------------------------------------------------------------- the events in words (play)
def _tell_trick(n, ev: dict) -> list[str]:
    if ev.get("cut"):
        return [f"The trick stops: {n.verb(ev['winner'], 'pick', 'picks')} it up."]
    pts = ev.get("points")
    pts = f" ({pts} point{'s' if pts != 1 else ''})" if pts else ""
    return [f"{n.verb(ev['winner'], 'win', 'wins')} trick {ev.get('number', '')}{pts}."]


SUIT_SIGNS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def _tell_trump(n, ev: dict) -> list[str]:
    suit = ev.get("suit")
    name = f"{suit} {SUIT_SIGNS[suit]}" if suit in SUIT_SIGNS else suit
    card = f" ({ev['card']} {'led' if ev.get('lead') else 'turned up'})" if ev.get("card") else ""
    return [f"Trumps: {name}{card}." if name else f"No trumps this hand{card}."]


def _tell_choice(n, ev: dict) -> list[str]:
    return [f"{n.verb(ev['seat'], 'switch', 'switches')} {ev['name']} {'on' if ev.get('value') else 'off'}."]


def _tell_kitty(n, ev: dict) -> list[str]:
    k = len(ev.get("cards") or [])
    return [f"{n.verb(ev['seat'], 'take', 'takes')} the {ev['zone']} ({k} card{'s' if k != 1 else ''})."]


def _tell_lay_down(n, ev: dict) -> list[str]:
    cards = ev.get("cards") or []
    shown = ", ".join(c for c in cards if c is not None)
    return [f"{n.verb(ev['seat'], 'lay', 'lays')} the {ev.get('from')} face up as the {ev.get('to')}"
            + (f": {shown}." if shown else f" ({len(cards)} cards).")]


def _tell_refill(n, ev: dict) -> list[str]:
    shown = [c for c in ev.get("cards") or [] if c is not None]
    return [f"{n.verb(ev['seat'], 'draw', 'draws')} " + (", ".join(shown) if shown else "a card")
            + f" from the {ev.get('zone')}."]


def _tell_declare(n, ev: dict) -> list[str]:
    card = f" with {ev['card']}" if ev.get("card") else ""
    return [f"{n.verb(ev['seat'], 'declare', 'declares')} {ev.get('name')}{card} ({_points_said(ev)})."]


def _points_said(ev: dict) -> str:
    return f"{ev.get('points')} point{'' if ev.get('points') == 1 else 's'}"


def _tell_swap(n, ev: dict) -> list[str]:
    took, gave = (", ".join(c for c in ev.get(k) or [] if c is not None) for k in ("cards", "gave"))
    return [f"{n.verb(ev['seat'], 'exchange', 'exchanges')} {gave or 'a card'} for {took or 'the card'} "
            f"of the {ev.get('zone')}."]


NARRATION = {"turned-up": lambda n, ev: [f"The top card of the {ev.get('zone')} is turned up: {ev.get('card')}."],
             "declare": _tell_declare, "award": trickawards.tell, "swap": _tell_swap, "tricks-over": lambda n, ev: ["The tricks stop here."], "trick": _tell_trick, "trump": _tell_trump, "choice": _tell_choice, "kitty": _tell_kitty,
             "lay-down": _tell_lay_down, "refill": _tell_refill, **trickled.NARRATION}
# run's account (the other trick events are told by tools/account.py)
ACCOUNT = {"turned-up": lambda ev: f"The top card of the {ev.get('zone')} is turned up: {ev.get('card')}.",
           "lay-down": lambda ev: f"Seat {ev['seat']} lays the {ev.get('from')} face up as the {ev.get('to')}: "
                                  f"{', '.join(map(str, ev.get('cards') or []))}.",
           "tricks-over": lambda ev: "The tricks stop here.",
           "award": trickawards.account,
           "declare": lambda ev: f"Seat {ev['seat']} declares {ev.get('name')}" +
                                 (f" with {ev['card']}" if ev.get("card") else "") + f" ({_points_said(ev)}).",
           "swap": lambda ev: f"Seat {ev['seat']} exchanges {', '.join(map(str, ev.get('gave') or []))} for "
                              f"{', '.join(map(str, ev.get('cards') or []))} of the {ev.get('zone')}.",
           "refill": lambda ev: f"Seat {ev['seat']} draws {', '.join(map(str, ev.get('cards') or []))} from the "
                                f"{ev.get('zone')}.",
           **trickled.ACCOUNT}

def public(t: Table, seat: int) -> dict:
    """What the tables show of the tricks (kinds/contract.py `public`), from the hand's first trick on: which
    trick it is, trump, and the tricks each seat has won. (The suit led is left out: `t.led` keeps the last
    trick's suit until the next lead, so between tricks it would show a suit nobody has led.)"""
    if not t.trick_number:
        return {}
    return {"trick": t.trick_number, "trump": t.trump or "none", "tricks": list(t.tricks_won)}


SMART = {TrickView: smart_trick, ChoiceView: smart_switch, **trickled.SMART}     # what a sensible player does (kinds/contract.py)

"""Writes schema/ruleset.schema.json. Edit this file (or a phase kind's SCHEMA in interpreter/ruleplay/kinds/), run it, commit both; tests/test_schema.py checks they agree."""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "interpreter"))
from ruleplay.kinds import KINDS                                            # noqa: E402
from ruleplay.kinds.schema_parts import END, EXPR, NAME_PATTERN as name_pat, obj, text as s   # noqa: E402

schema = {
 "$schema": "https://json-schema.org/draft/2020-12/schema",
 "$id": "https://ruleplay.dev/schema/ruleset.schema.json",
 "title": "ruleplay ruleset",
 "description": "A card game or house-rule variant as data. See README.md, 'The ruleset format'.",
 "type": "object", "additionalProperties": False,
 "properties": {
  "name": s("Short id of the ruleset (kebab-case); a built-in is run by this name.", pattern=name_pat, examples=["my-house-rules"]),
  "title": s("Human title.", examples=["Egyptian Ratscrew"]),
  "description": s("What the game is, in a few sentences. Required: rulesets are documentation."),
  "source": s("Where the rules come from (seed document, digest, your table)."),
  "implements": {"type": "array", "items": {"type": "string"}, "description": "Rule ids of the digest this file implements, e.g. ERS-5.2."},
  "extends": s("A base ruleset to start from: a built-in name or a path relative to this file. Mappings merge deeply; lists and scalars replace; null deletes a key.", examples=["ers", "./ers.yaml"]),
  "options": {"type": "object", "description": "House-rule switches a user sets with --set NAME=VALUE.",
              "propertyNames": {"pattern": name_pat}, "additionalProperties": {"$ref": "#/$defs/option"}},
  "players": {"description": "Number of seats: a fixed count or a range with a default.",
              "oneOf": [{"type": "integer", "minimum": 1, "maximum": 64},
                        obj({"min": {"type": "integer", "minimum": 1, "maximum": 64},
                             "max": {"type": "integer", "minimum": 1, "maximum": 64},
                             "default": {"type": "integer", "minimum": 1, "maximum": 64}}, ["min", "max"])]},
  "teams": {"description": "Partnerships: a list of teams, each a list of seats (every seat in exactly one team), or {alternate: K}: seat i is in team i % K. Expressions read s.team, s.team-seats and, with teams of two, s.partner and partner.",
            "oneOf": [{"type": "array", "minItems": 2, "items": {"type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 0, "maximum": 63}}},
                      obj({"alternate": {"type": "integer", "minimum": 2, "maximum": 32, "description": "How many teams; seat i is in team i % alternate."},
                           "players": {"type": "array", "minItems": 1, "uniqueItems": True, "items": {"type": "integer", "minimum": 2, "maximum": 64},
                                       "description": "The numbers of players that play in these partnerships; with any other number each player is a team of one (s.team-seats is the seat alone). Default: every number."}}, ["alternate"])]},
  "counters": {"type": "object", "propertyNames": {"pattern": name_pat},
               "description": "Ints kept across hands: each seat's (read as s.NAME, e.g. a side's bags) or, with of: table, one of the table (read as NAME, e.g. a pot); set by tally phases and by a turns phase's set/add.",
               "additionalProperties": obj({"start": {"description": "The value when the game starts (an int of options).", "default": 0, **EXPR},
                                            "type": {"enum": ["number", "seat"], "default": "number",
                                                     "description": "What a table counter holds: a number, or a player (seat: the banker, the last winner; none until set, start: a seat number or none), read as a seat (banker.hand, s == banker)."},
                                            "of": {"enum": ["seat", "table"], "default": "seat",
                                                   "description": "Whose counter it is: each seat's (read as s.NAME) or the table's, one value read by its bare name (a pot carried over until someone takes it)."},
                                            "reset": {"enum": ["never", "hand"], "default": "never",
                                                      "description": "When it goes back to start: never (kept across hands), or at the start of every hand (a per-hand mark: who knocked, lost this hand, took the widow)."},
                                            "visibility": {"enum": ["public", "owner"], "default": "public",
                                                           "description": "Who knows a seat's value: everyone (public), or the seat alone (owner: a secret mark such as a hidden partner; the rules still read every seat's). A table counter is public."},
                                            "quiet": {"type": "boolean", "default": False,
                                                      "description": "Its changes are not told in run's account nor at the tables' narration (a working value: a hand's strength worked out for the showdown); run -v and the log still have them."},
                                            "description": s("What the counter counts.")})},
  "effects": {"type": "object", "propertyNames": {"pattern": name_pat}, "maxProperties": 50,
              "description": "Named lists of effects, run where a turns phase's effects say the name as a word (- draw-up), as again or skip are: the same steps written once (refill the stock, then draw). Checked where they are used, with that place's names (the chosen card, the tracked values).",
              "additionalProperties": {"$ref": "#/$defs/effects"},
              "examples": [{"draw-up": [{"move": {"from": "stock", "to": "hand", "count": "5 - actor.hand.size"}}]}]},
  "define": {"type": "object", "propertyNames": {"pattern": name_pat},
             "description": "Named definitions, usable by name in every expression of the file (and of files that extend it): an expression; {expr, description} (the rule sheet shows the description); {cycle: [...]}: the value for hand 1, 2, ... in turn; {by-players: {3: ..., 4: ...}}: the value for the number of players.",
             "additionalProperties": {"oneOf": [
                 EXPR,
                 obj({"expr": {**EXPR, "description": "The expression, written as anywhere else.", "examples": ["card.chances > 0"]},
                      "params": {"type": "array", "minItems": 1, "maxItems": 6, "items": {"type": "string", "pattern": name_pat},
                                 "description": "Names for the values it is given where it is used: with params: [a, b] it is used as NAME(x, y), its expression reading a and b.",
                                 "examples": [["a", "b"]]},
                      "description": s("What it means in words; the rule sheet shows this.", examples=["a card that gives chances"])}, ["expr"]),
                 obj({"cycle": {"type": "array", "minItems": 1, "items": {"type": ["string", "integer", "boolean"]},
                                "description": "The value for hand 1, 2, 3, ... repeating.", "examples": [[1, -1, 2, 0]]},
                      "description": s("What it means in words.", examples=["left, right, across, no pass"])}, ["cycle"]),
                 obj({"by-players": {"type": "object", "minProperties": 1, "propertyNames": {"pattern": "^[0-9]+" + END},
                                     "additionalProperties": {"type": ["string", "integer", "boolean"]},
                                     "description": "The value for each number of players.", "examples": [{"3": 15, "4": 13}]},
                      "description": s("What it means in words.", examples=["cards dealt to each player"])}, ["by-players"])]}},
  "deck": {"$ref": "#/$defs/deck"},
  "zones": {"type": "object", "description": "Where cards can be. Every card is always in exactly one zone.",
            "propertyNames": {"pattern": name_pat}, "minProperties": 1, "additionalProperties": {"$ref": "#/$defs/zone"}},
  "table": obj({
      "direction": {"description": "Turn order: clockwise (left) or counterclockwise (anticlockwise, right); may name an option.",
                    "type": "string", "default": "clockwise", "examples": ["clockwise", "counterclockwise", "play-direction"]},
      "dealer": {"description": "Who deals the first hand: last-seat (seat 0 is the dealer's left), random, low-card (everyone draws, lowest deals; ties draw again), a seat number, or an expression of options giving one of the words.",
                 "oneOf": [{"type": "string", "examples": ["last-seat", "random", "low-card"]}, {"type": "integer", "minimum": 0}], "default": "last-seat"},
      "dealer-order": s("Rank order used by dealer: low-card (a name from deck.orders, or 'rank').", default="rank"),
  }, desc="Seats, direction and the dealer."),
  "deal": {"$ref": "#/$defs/deal"},
  "hand-ranking": obj({
      "size": {"type": "integer", "minimum": 1, "maximum": 10, "default": 5,
               "description": "Cards in a hand: a set of cards counts as its best hand of this many (the best five of seven)."},
      "order": s("The rank order combinations count by: a name from deck.orders, or 'rank' (the deck's ranks as listed, low to high).", default="rank"),
      "ace-low": {"type": "boolean", "default": False,
                  "description": "In a run, the highest rank may also play below the lowest (A-2-3-4-5); such a run counts by its top card (the 5)."},
      "wild": {"type": ["string", "boolean"], "default": False, "examples": ["card.joker", "card.rank == '2'"],
               "description": "Wild cards for best-hand: a condition over `card` (and options); each wild card in a hand (at most 4) stands for whatever card makes the best hand (a joker completing four aces, a flush or a straight). Not with `low`."},
      "low": {"type": "boolean", "default": False,
              "description": "Lowball: the lowest hand wins. Of the cards given, the `size` that make the lowest hand (as the categories rank it) count, and best-hand scores a lower hand higher, so the highest score still wins. Ace-to-five low (Razz): ace lowest in the order, categories pairs and worse then high-card, no runs or flushes listed."},
      "categories": {"type": "array", "minItems": 1, "maxItems": 50,
                     "description": "The combinations, best first. A set of cards scores as the first one some `size` of its cards make; the cards a pattern leaves over are kickers. A category with no pattern matches any cards (a high card).",
                     "examples": [[{"name": "full-house", "groups": [3, 2]}, {"name": "flush", "same-suit": True}, {"name": "high-card"}]],
                     "items": obj({
                         "name": s("The combination's name, read by best-hand-name(...) and shown by explain.", pattern=name_pat, examples=["full-house"]),
                         "groups": {"type": "array", "items": {"type": "integer", "minimum": 2, "maximum": 10}, "maxItems": 10,
                                    "description": "Sizes of groups of cards of equal rank, each group of another rank: [4] four of a kind, [3, 2] a full house, [2, 2] two pair.",
                                    "examples": [[3, 2]]},
                         "run": {"type": "integer", "minimum": 2, "maximum": 10, "examples": [5],
                                 "description": "That many cards of consecutive ranks (a straight); counted by its top card."},
                         "same-suit": {"type": "boolean", "default": False,
                                       "description": "All `size` cards of one suit (a flush; with run, a straight flush)."},
                         "ranks": {"type": "array", "items": {"type": ["string", "integer"]}, "minItems": 1, "maxItems": 10,
                                   "description": "One card of each of these ranks (A-2-3, Brag's and Teen Patti's special run): a combination of its own, placed where the list puts it.",
                                   "examples": [["A", 2, 3]]},
                         "order": s("The rank order this combination's cards count by (a deck order's name): Brag's prials, where three 3s are the best. Default: the ranking's order. Not with run.", examples=["prial"]),
                         "description": s("The combination in words, for the rule sheet (default: its pattern in words).", examples=["five cards in a row of one suit"]),
                     }, ["name"])},
  }, ["categories"], desc="A ranking of combinations (poker hands): read in expressions as best-hand(cards, ...), an int score (higher wins), and best-hand-name(cards, ...), the combination's name. See docs/hand-ranking.md.",
     examples=[{"size": 5, "ace-low": True, "categories": [{"name": "straight-flush", "run": 5, "same-suit": True}, {"name": "four-of-a-kind", "groups": [4]}, {"name": "high-card"}]}]),
  "phases": {"type": "object", "description": "The phases of a hand, run in the order written. Each has a kind.",
             "minProperties": 1, "propertyNames": {"pattern": name_pat}, "additionalProperties": {"$ref": "#/$defs/phase"}},
  "scoring": obj({
      "points": {"description": "Card points a seat made this hand (int over seat `s`), e.g. sum(c.points for c in s.taken). Readable as s.points.", **EXPR},
      "rules": {"type": "array", "description": "Conditional scoring, first match wins; otherwise each seat scores its points.",
                "items": obj({"when": {"description": "Bool over the table, e.g. a seat took every point.", **EXPR},
                              "score": {"description": "Int over seat `s`: what the seat scores this hand.", **EXPR},
                              "name": {"type": "string", "pattern": name_pat, "description": "Short id of the rule (e.g. moon); run --json lists, per hand, the seats it names by 'who'."},
                              "who": {"description": "Bool over seat `s`: the seats this rule is about (e.g. the shooter), recorded in the score event for reports; it does not choose who the rule scores: `score` gives every player's score once `when` holds (score only some: score: \"s.points // 2 if COND else s.points\").", **EXPR},
                              "description": s("What the rule is called, e.g. shooting the moon.")}, ["when", "score"])},
      "pot": obj({"stake": {"description": "Int over seat `s`: the chips the player put in this hand (e.g. s.put).", **EXPR},
                  "strength": {"description": "Int over seat `s`: the player's hand at the showdown, higher better (e.g. best-hand(s.hand, board)).", **EXPR},
                  "in": {"description": "Bool over seat `s`: the player still contends for the pots (e.g. not folded: s.hand.size > 0). Default: every player in the game.", **EXPR},
                  "side-pots": {"type": "boolean", "default": True, "description": "false: one pot, all of it to the strongest contending hand (Brag, Teen Patti: a show is paid for, never called back); true: main and side pots cut at each stake (poker's all-in)."},
                  "description": s("What the pots are.")}, ["stake", "strength"],
                 "Main and side pots (a vying game's showdown): the stakes are cut into layers at each player's stake; each layer goes to the strongest hand among the contenders who put in at least its top, equal hands sharing it (odd chips from the dealer's left), a layer nobody contending reached back to who put it in. `points` reads each player's winnings as pot-won (e.g. pot-won - s.put)."),
  }, ["points"], desc="Scoring after each hand; totals are s.score."),
  "match": obj({
      "end": {"description": "Bool tested after each scored hand; true ends the match. Without it the game is one hand.", **EXPR},
      "winners": obj({"where": EXPR, "lowest": EXPR, "highest": EXPR}, minProperties=1, maxProperties=1,
                     description="Who wins the match (ties are joint)."),
      "losers": obj({"where": {"description": "Bool over seat `s`: these lose the match, the other players still in win.", **EXPR},
                     "lowest": {"description": "Int over seat `s`; the lowest lose (ties are joint).", **EXPR},
                     "highest": {"description": "Int over seat `s`; the highest lose (ties are joint).", **EXPR}},
                    minProperties=1, maxProperties=1,
                    desc="Instead of winners: who loses the match (the side that spelt KEMPS, the one with most penalty points); the other players still in win, and the result names the losers."),
      "dealer": {"description": "Who deals the next hand: rotate (one seat on in play direction), same, or {to: bool over seat s}: the first seat from the dealer's left for which it holds (e.g. s.place == 1: the President deals), else one seat on.",
                 "default": "rotate", "examples": ["rotate", {"to": "s.place == 1"}],
                 "oneOf": [{"enum": ["rotate", "same"]}, obj({"to": {"description": "Bool over seat `s`, read on the hand just scored (hand-number is its number): a dealer dealing three hands in a row is s == (dealer if hand-number % 3 != 0 else left-of(dealer)).", "examples": ["s.place == 1"], **EXPR}}, ["to"])]},
      "max-hands": {"description": "Stop with outcome 'limit' after this many hands.", "default": 1000, **EXPR},
      "knock-out": {"description": "Bool over seat `s`, tested after each scored hand for every seat still in: where it holds (e.g. s.tricks == 0) the seat is out for the rest of the match (s.out), is dealt no more cards and is skipped in turn.", **EXPR},
  }, desc="A match of several hands."),
  "end": {"type": "array", "description": "Game-end tests, checked after every take, elimination and hand.",
          "items": {"$ref": "#/$defs/end"}},
  "constraints": {"type": "array", "description": "Combinations of options the ruleset rejects: when `forbid` (a bool of options and players) holds, validate and run fail with `message`.",
                  "items": obj({"forbid": {"description": "Bool over options and players.", **EXPR},
                                "message": s("The error shown, e.g. 'simultaneous-bidding has no last bidder, so it cannot be combined with no-exact-total'."),
                                "if-set": {"type": "array", "minItems": 1, "uniqueItems": True, "items": {"type": "string", "pattern": name_pat},
                                           "description": "Options whose --set makes the constraint apply: without one of them set by the user, their defaults give way (the rules say what such a default means beside the other option) and the combination is not refused."}},
                               ["forbid", "message"])},
 },
 "required": ["name", "description", "deck", "zones", "deal", "phases"],
 "$defs": {
  "expr": {"description": "A literal or an expression in the ruleplay expression language (schema/expr.lark).",
           "type": ["string", "integer", "boolean"]},
  "option": obj({
      "type": {"enum": ["bool", "int", "choice", "list"], "description": "Value type; list: a list of ints (--set NAME=[5] or NAME=1,2,3), each within min..max; in expressions usable with `in`."},
      "default": {"description": "Value when the user sets nothing.", "type": ["boolean", "integer", "string", "array"], "items": {"type": "integer"}},
      "min": {"type": "integer"}, "max": {"type": "integer"},
      "choices": {"type": "array", "items": {"type": "string"}, "minItems": 1},
      "description": s("What the switch does, for `ruleplay explain` and --help."),
  }, ["type", "default", "description"], title="option"),
  "deck": obj({
      "ranks": {"type": "array", "items": {"type": ["string", "integer"]}, "minItems": 1,
                "description": "Ranks, low to high (the 'rank' order).", "default": [2,3,4,5,6,7,8,9,10,"J","Q","K","A"]},
      "suits": {"type": "array", "items": {"type": "string"}, "minItems": 1, "default": ["C","D","H","S"],
                "description": "Suit letters: C, D, H, S (or others of your own)."},
      "copies": {"description": "How many full decks are shuffled together.", "default": 1, **EXPR},
      "jokers": {"description": "Jokers added (in total).", "default": 0, **EXPR},
      "strip": {"oneOf": [{"type": "array", "items": {"type": ["string", "integer"]}},
                          obj({"by-players": {"type": "object", "minProperties": 1,
                                              "propertyNames": {"pattern": "^[0-9]+" + END},
                                              "additionalProperties": {"type": "array", "items": {"type": ["string", "integer"]}},
                                              "description": "The cards removed for each number of players.",
                                              "examples": [{"3": ["2C"], "4": []}]}}, ["by-players"])],
                "description": "Cards removed from the deck, e.g. ['2D'] or whole ranks ['2', '3']; or {by-players: {3: [...], 4: [...]}}, a pack that depends on the number of players (two ranks a player)."},
      "extra": {"type": "array", "items": {"type": "string"}, "description": "Extra cards added, e.g. ['JK']."},
      "attributes": {"type": "object", "description": "Card attributes (numbers), e.g. chances or points: a map from rank, suit or card to a value. Unlisted cards have 0, or the 'default'.",
                     "propertyNames": {"pattern": name_pat},
                     "additionalProperties": {"type": "object", "additionalProperties": EXPR}},
      "first-rank-high": {"type": "boolean", "default": False,
                          "description": "In a run (a turns move's `as: run`, a pile that keeps a run) the first rank of `ranks` may also follow the last: with ranks [A, 2, ..., K], A-2-3 and Q-K-A are runs, K-A-2 is not."},
      "wild": {"type": ["string", "boolean"], "default": False, "examples": ["card.joker", "card.joker or card.rank == '2'", "card.order == hand-number + 2"],
               "description": "Wild cards: a condition over `card` (and options; it may read hand-number, so the wild cards change each hand: Three Thirteen). A wild card stands for any card a set or a run of the meld finder lacks (a turns move's `as:`, a pile that `keeps:` a shape): a set's missing suit, a run's missing rank. It is always wild, never its own rank; a meld holds at least one natural card."},
      "orders": {"type": "object", "description": "Extra rank orders, low to high; card.<order> is a card's position (1-based, 0 when absent).",
                 "propertyNames": {"pattern": name_pat},
                 "additionalProperties": {"type": "array", "items": {"type": ["string", "integer"]}}},
  }, desc="Which cards make the deck.", title="deck"),
  "zone": obj({
      "owner": {"enum": ["seat", "table"], "description": "One per seat, or one shared zone."},
      "visibility": {"enum": ["hidden", "owner", "public", "others"], "examples": ["hidden", "public", "owner"],
                     "description": "Who may see the cards: nobody, the owning seat, everyone, or every seat but its owner (others: cards held facing out, Hanabi, Indian poker). Required for a table zone and a family of piles; a seat's own zone is hidden when it is left out."},
      "description": s("What the zone is for."),
      "count": {"type": "integer", "minimum": 1, "maximum": 60, "examples": [17],
                "description": "A family of this many piles, NAME1..NAMEn: on the table (owner: table, melds laid "
                               "out on the table), or each player's own (owner: seat, a player's spreads or discard "
                               "piles, read as actor.NAME, target.NAME3). `to: NAME` in a move lays the cards out "
                               "on the first empty one (the actor's own, or target.NAME), `to-pile: NAME` chooses "
                               "among them."},
  }, ["owner"], title="zone"),
  "deal": obj({
      "to": s("The per-seat zone cards are dealt into."),
      "count": {"description": "'all' to deal every card, or cards per seat (not needed with a schedule).", **EXPR},
      "schedule": obj({
          "max": {"description": "N, the largest hand (int of options and players, e.g. by player count); readable as hand-size-max.", **EXPR},
          "shape": {"description": "up: hand k deals k cards, 1..N; down: N..1; up-and-down: 1..N..1; down-and-up: N..1..N (may be an option).", "default": "up", **EXPR},
          "repeat-turn": {"description": "Bool of options: play the turning hand of up-and-down/down-and-up twice.", "default": False, **EXPR},
          "sizes": {"description": "A list option (or a literal list) of hand sizes; when not empty it replaces the shape, e.g. --set hand-sizes=[5].",
                    "type": ["string", "array"], "items": {"type": "integer"}},
      }, ["max"], desc="A hand schedule: hand k deals its own number of cards; hands-total is the schedule's length (end the match with hand-number >= hands-total)."),
      "rest": s("Zone for undealt cards (required when count is not 'all' or the deck does not divide evenly, unless remainder is 'extra-to-first')."),
      "shoe": obj({
          "discards": s("The table zone the cards of a hand go to when it is over (the discard tray)."),
          "reshuffle": {"description": "Bool over the table, read before each later deal (the hand's cards already in the discards): when it holds, every card is shuffled into a new shoe (e.g. shoe.size < 78: the cut card reached). The shoe is shuffled anew too when it holds fewer cards than the deal needs.", "examples": ["shoe.size < 78"], **EXPR},
      }, ["discards"], desc="The rest zone is a shoe kept from hand to hand (a casino's six packs): each later hand is dealt from it as it is, the cards played set aside, until it is shuffled anew."),
      "remainder": {"type": "string", "default": "extra-to-first", "examples": ["extra-to-first", "rest", "'rest' if deal-remainder == 'set-aside' else 'extra-to-first'"],
                    "description": "With count: all and an uneven deck: extra-to-first (the first seats in deal order get one more card) or rest (the leftovers go to the 'rest' zone), or an expression of options giving one of the words."},
  }, ["to"], desc="How each hand is dealt: one card at a time from the dealer's left, in turn order.", title="deal"),
  "take": obj({
      "to": s("Per-seat zone the taken pile goes to."),
      "where": {"enum": ["bottom", "top"], "default": "bottom", "description": "Bottom: under the stack, in play order (the first card played comes back first)."},
      "leads": {"enum": ["taker", "next"], "default": "taker", "description": "Who starts the next round."},
  }, ["to"]),
  "challenge": obj({
      "chances": {"description": "Cards the next player owes when this card is played (int over `card`); 0 means no challenge.", **EXPR},
      "answer": {"description": "Does a card with chances > 0 played while paying start a new challenge (the default), as in rule 'pass the demand back'.", "type": "boolean", "default": True},
      "empty-payer": {"type": "string", "examples": ["challenger-takes", "next-pays"], "default": "challenger-takes",
                      "description": "When the payer runs out mid-payment: the challenger takes the pile, or the next seat with cards pays the remaining chances (or an expression of options giving one)."},
  }, ["chances"], desc="Card powers: a card that demands payment from the next player."),
  "phase": {"type": "object", "required": ["kind"],   # every kind's keys come from its module (kinds/)
            "properties": {"kind": {"enum": list(KINDS), "description": " ".join(k.SUMMARY for k in KINDS.values())}},
            "allOf": [k.SCHEMA for k in KINDS.values()]},
  "reactions": obj({
      "pace": {"description": "Milliseconds from a card landing to the next card: the length of a slap window (2..60000: a slap lands 1 ms or more after the card and before the next).", "default": 1000, **EXPR},
      "who": {"description": "Who may slap (bool over seat `s`), e.g. not s.out and (slap-back-in or s.stock.size > 0).", "default": "not s.out", **EXPR},
      "profile": {"description": "Default reaction profile of every bot (a name under profiles, or an option giving one); per seat with --bots random:NAME.", **EXPR},
      "profiles": {"type": "object", "minProperties": 1, "propertyNames": {"pattern": name_pat},
                   "description": "Bots' reaction profiles: how fast and how carefully they slap.",
                   "additionalProperties": obj({
                       "mean": {"type": "number", "minimum": 1, "description": "Mean ms from the card landing to the slap."},
                       "spread": {"type": "number", "minimum": 0, "description": "Standard deviation of that time, ms."},
                       "miss": {"type": "number", "minimum": 0, "maximum": 1, "description": "Chance to miss a valid pattern."},
                       "false": {"type": "number", "minimum": 0, "maximum": 1, "description": "Chance per card to slap a pile that shows no pattern."},
                       "out-of-turn": {"type": "number", "minimum": 0, "maximum": 1, "description": "Chance per card to play out of turn (only where out-of-turn.burn > 0)."},
                       "fingers": {"type": "integer", "minimum": 1, "maximum": 10, "description": "Most fingers the hand lands on the pile (finger rule)."},
                   }, ["mean"])},
      "patterns": {"type": "object", "propertyNames": {"pattern": name_pat},
                   "description": "Slap patterns by name; the highest precedence pattern that holds is the one judged.",
                   "additionalProperties": obj({
                       "when": {"description": "Bool over the table at the instant of the slap, e.g. pile[1].rank == pile[2].rank. A pattern whose options make it false is dropped.", **EXPR},
                       "effect": {"enum": ["take", "win", "lose"], "default": "take", "description": "take the pile and lead; win the game; lose (out for good, cards under the pile)."},
                       "precedence": {"description": "Higher wins when several patterns hold.", "default": 0, **EXPR},
                       "description": s("What the pattern is."),
                   }, ["when"])},
      "ties": obj({"finger-rule": {"description": "Exact ties go to the most fingers on the pile.", "default": False, **EXPR},
                   "no-winner": {"description": "A tie still unbroken: nobody wins the pile (else a seeded draw).", "default": True, **EXPR}}),
      "false-slap": obj({
          "burn": {"description": "Cards from the top of the slapper's stack to the bottom of the pile; short of cards, all they have.", "default": 1, **EXPR},
          "out-when-empty": {"description": "A false slap by a player with no cards puts them out for good.", "default": True, **EXPR},
          "lending": {"description": "A player with no cards borrows the burn from the next player with enough cards.", "default": False, **EXPR},
          "limit-consecutive": {"description": "Out on false-slapping this many cards in a row (0: no limit).", "default": 0, **EXPR},
          "limit-total": {"description": "Out on this many false slaps in the game (0: no limit).", "default": 0, **EXPR},
      }),
      "out-of-turn": obj({"burn": {"description": "Cards a play out of turn costs (0: bots never play out of turn).", "default": 0, **EXPR}}),
  }, ["profiles"], desc="A slap window after every card put on the pile."),
  "end": obj({
      "when": {"description": "A bool expression over the table.", **EXPR},
      "winners": obj({"where": {"description": "Bool over seat `s`.", **EXPR},
                      "lowest": {"description": "Int over seat `s`; the lowest win (ties are joint).", **EXPR},
                      "highest": {"description": "Int over seat `s`; the highest win (ties are joint).", **EXPR}},
                     minProperties=1, maxProperties=1),
      "losers": obj({"where": {"description": "Bool over seat `s`: these lose, the other players still in win.", **EXPR},
                     "lowest": {"description": "Int over seat `s`; the lowest lose (ties are joint).", **EXPR},
                     "highest": {"description": "Int over seat `s`; the highest lose (ties are joint).", **EXPR}},
                    minProperties=1, maxProperties=1, desc="Instead of winners: who loses (the Old Maid, the Shithead); the other players still in win, and the result names the losers."),
      "description": s("Why the game ends here."),
  }, ["when"]),
 },
}

# ---------------------------------------------------------------------------- editor support
# Every key gets a title (from its name) and, from DOCS below where the entries above lack them, a
# description, examples and defaults, so a YAML language server completes and documents rule files.
# DOCS is keyed by a key's path without the schema's plumbing (properties, items, ...): "deck/strip",
# "flip/reactions", "reactions/profiles/mean". A test checks that every key has a title and a description.
_CARD_EX = ["card.rank == 'K'", "card.suit == 'H'"]
DOCS = {
 "description": {"examples": ["Two players turn cards onto a pile; honour cards demand payment."]},
 "source": {"examples": ["our kitchen table, 2024", "seed 001 (publisher page)"]},
 "implements": {"examples": [["ERS-5.2", "ERS-Q3"]]},
 "options": {"examples": [{"burn": {"type": "int", "default": 1, "min": 0, "max": 5, "description": "Cards a false slap costs."}}]},
 "players": {"examples": [2, {"min": 2, "max": 8, "default": 4}]},
 "players/min": {"description": "Fewest seats the game allows.", "examples": [2]},
 "players/max": {"description": "Most seats the game allows.", "examples": [8]},
 "players/default": {"description": "Seats when --players is not given.", "examples": [4]},
 "deck": {"description": "Which cards make the deck: ranks, suits, copies, jokers, stripped and extra cards, attributes and orders.",
          "examples": [{"ranks": [2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K", "A"], "suits": ["C", "D", "H", "S"]}]},
 "zones": {"examples": [{"hand": {"owner": "seat", "visibility": "owner"}, "pile": {"owner": "table", "visibility": "public"}}]},
 "table": {"examples": [{"dealer": "last-seat", "direction": "clockwise"}]},
 "deal": {"description": "How each hand is dealt: one card at a time from the dealer's left, in turn order.",
          "examples": [{"to": "stock", "count": "all"}, {"to": "hand", "count": 5, "rest": "stock"}]},
 "phases": {"examples": [{"play": {"kind": "flip", "from": "stock", "to": "pile", "take": {"to": "stock"}}}]},
 "scoring": {"examples": [{"points": "sum(c.points for c in s.taken)"}]},
 "scoring/points": {"examples": ["sum(c.points for c in s.taken)"]},
 "scoring/pot": {"examples": [{"stake": "s.put", "strength": "best-hand(s.hand, board)", "in": "s.hand.size > 0"}]},
 "scoring/pot/stake": {"examples": ["s.put"]},
 "scoring/pot/strength": {"examples": ["best-hand(s.hand, board)"]},
 "scoring/pot/in": {"examples": ["s.hand.size > 0"]},
 "scoring/pot/description": {"examples": ["the chips bet this hand"]},
 "scoring/rules": {"examples": [[{"name": "moon", "when": "any(s.points == 26 for s in seats)", "score": "0 if s.points == 26 else 26"}]]},
 "scoring/rules/when": {"examples": ["any(s.points == 26 for s in seats)"]},
 "scoring/rules/score": {"examples": ["0 if s.points == 26 else 26"]},
 "scoring/rules/name": {"examples": ["moon"]},
 "scoring/rules/who": {"examples": ["s.points == 26"]},
 "scoring/rules/description": {"examples": ["shooting the moon"]},
 "match": {"examples": [{"end": "max(s.score for s in seats) >= 100", "winners": {"lowest": "s.score"}}]},
 "match/end": {"examples": ["max(s.score for s in seats) >= 100"]},
 "match/knock-out": {"examples": ["s.tricks == 0"]},
 "match/winners": {"examples": [{"lowest": "s.score"}]},
 "match/winners/where": {"description": "Bool over seat `s`: every seat where it holds wins.", "examples": ["s.score >= 100"]},
 "match/winners/lowest": {"description": "Int over seat `s`: the lowest value wins (ties are joint).", "examples": ["s.score"]},
 "match/winners/highest": {"description": "Int over seat `s`: the highest value wins (ties are joint).", "examples": ["s.score"]},
 "match/losers": {"examples": [{"where": "s.score >= 5"}]},
 "match/losers/where": {"examples": ["s.score >= 5"]},
 "match/losers/lowest": {"examples": ["s.score"]},
 "match/losers/highest": {"examples": ["s.score"]},
 "define": {"examples": [{"penalty-card": {"expr": "card.chances > 0", "description": "a card that gives chances"}, "pass-to": {"cycle": [1, -1, 2, 0]}, "chances": {"by-players": {"3": 15, "4": 13}}}]},
 "constraints": {"examples": [[{"forbid": "triples-win and triples-as-doubles", "message": "choose one triples rule"}]]},
 "constraints/forbid": {"examples": ["triples-win and triples-as-doubles"]},
 "constraints/message": {"examples": ["triples-win and triples-as-doubles contradict each other"]},
 "constraints/if-set": {"examples": [["slap-joker"]]},
 "end": {"examples": [[{"when": "count(s.stock.size > 0 for s in seats) == 1 and pile.empty", "winners": {"where": "s.stock.size > 0"}}]]},
 "option/type": {"examples": ["bool", "int", "choice"]},
 "option/default": {"examples": [True, 1, "left"]},
 "option/min": {"description": "Smallest value an int option accepts.", "examples": [0]},
 "option/max": {"description": "Largest value an int option accepts.", "examples": [5]},
 "option/choices": {"description": "The values a choice option accepts.", "examples": [["left", "right", "across"]]},
 "option/description": {"examples": ["Cards a false slap costs."]},
 "deck/strip": {"default": [], "examples": [["2D"], ["2", "3"]]},
 "deck/extra": {"default": [], "examples": [["JK"]]},
 "deck/attributes": {"default": {}, "examples": [{"chances": {"J": 1, "Q": 2, "K": 3, "A": 4}}, {"points": {"H": 1, "QS": 13}}]},
 "deck/orders": {"default": {}, "examples": [{"run": ["A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K"]}]},
 "zone/owner": {"examples": ["seat", "table"]},
 "zone/description": {"examples": ["face-down hand; the top card is played"]},
 "deal/to": {"examples": ["stock", "hand"]},
 "deal/count": {"examples": ["all", 13, 5]},
 "deal/rest": {"examples": ["stock"]},
 "deal/shoe": {"examples": [{"discards": "tray", "reshuffle": "shoe.size < 78"}]},
 "deal/shoe/discards": {"examples": ["tray"]},
 "take/to": {"examples": ["stock"]},
 "challenge/chances": {"examples": ["card.chances"]},
 "reactions/profile": {"default": "the first profile", "examples": ["casual", "reaction"]},
 "reactions/profiles": {"examples": [{"casual": {"mean": 450, "spread": 120, "miss": 0.15, "false": 0.01, "fingers": 4}}]},
 "reactions/profiles/mean": {"default": 500, "examples": [450]},
 "reactions/profiles/spread": {"default": 0, "examples": [120]},
 "reactions/profiles/miss": {"default": 0, "examples": [0.15]},
 "reactions/profiles/false": {"default": 0, "examples": [0.01]},
 "reactions/profiles/out-of-turn": {"default": 0, "examples": [0.005]},
 "reactions/profiles/fingers": {"default": 1, "examples": [4]},
 "reactions/patterns": {"default": {}, "examples": [{"double": {"when": "pile[1].rank == pile[2].rank", "precedence": 20}}]},
 "reactions/patterns/when": {"examples": ["pile[1].rank == pile[2].rank", "pile[1].rank == pile[3].rank and pile[2].rank != pile[1].rank"]},
 "reactions/patterns/description": {"examples": ["two cards of one rank on top (5-5)"]},
 "reactions/ties": {"description": "How an exact tie between the earliest slaps is broken.", "default": {},
                    "examples": [{"finger-rule": "finger-rule", "no-winner": True}]},
 "reactions/false-slap": {"description": "What a slap on a pile that shows no pattern costs.", "default": {},
                          "examples": [{"burn": 1, "out-when-empty": True}]},
 "reactions/out-of-turn": {"description": "Playing out of turn (bots, by their profile's chance): what it costs.",
                           "default": {}, "examples": [{"burn": 1}]},
 "end/when": {"examples": ["count(s.stock.size > 0 for s in seats) == 1 and pile.empty"]},
 "end/winners": {"description": "Who wins when this end rule holds: exactly one of where, lowest, highest.",
                 "examples": [{"where": "s.stock.size > 0"}, {"lowest": "s.score"}]},
 "end/winners/where": {"examples": ["s.stock.size > 0"]},
 "end/winners/lowest": {"examples": ["s.score"]},
 "end/winners/highest": {"examples": ["s.score"]},
 "end/losers": {"examples": [{"where": "not s.hand.empty"}]},
 "end/losers/where": {"examples": ["not s.hand.empty"]},
 "end/losers/lowest": {"examples": ["s.score"]},
 "end/losers/highest": {"examples": ["s.hand.size"]},
 "end/description": {"examples": ["one player holds every card"]},
 "phase/kind": {"examples": ["flip", "trick", "pass"]},
 "teams": {"examples": [[[0, 2], [1, 3]], {"alternate": 2}]},
 "teams/alternate": {"examples": [2]},
 "teams/players": {"examples": [[4, 6]]},
 "counters": {"examples": [{"bags": {"start": 0, "description": "overtricks of the side"}}]},
 "counters/start": {"examples": [0]},
 "counters/of": {"examples": ["table"]},
 "counters/reset": {"examples": ["hand"]},
 "counters/description": {"examples": ["overtricks of the side"]},
 "description@phase": {"examples": ["Each turn the actor turns the top card of their stack onto the pile."]},
}
for _kind, _mod in KINDS.items():      # a kind's editor docs live in its module
    DOCS.update({f"{_kind}/{k}": v for k, v in _mod.EXAMPLES.items()})
_PLUMBING = {"properties", "items", "additionalProperties", "then", "$defs"}


def _title(key: str) -> str:
    return key.replace("-", " ").capitalize()


DOCS.update({
 "deal/schedule": {"examples": [{"shape": "up", "max": "15 if players == 3 else 13"}, {"sizes": "hand-sizes"}]},
 "deal/schedule/max": {"examples": ["52 // players", 10]},
 "deal/schedule/sizes": {"examples": ["hand-sizes", [5]]},
})


def _annotate(node, path: tuple = ()) -> None:
    if isinstance(node, list):
        for i, v in enumerate(node):
            _annotate(v, path)
        return
    if not isinstance(node, dict):
        return
    props = node.get("properties")
    if isinstance(props, dict) and "if" not in path[-1:]:
        kind = props.get("kind", {}).get("const") if isinstance(props.get("kind"), dict) else None
        base = (kind,) if kind else path
        for k, v in props.items():
            if not isinstance(v, dict) or k == "kind" and "const" in v:
                continue
            key = "/".join(base + (k,))
            extra = DOCS.get(key) or (DOCS.get("description@phase") if kind and k == "description" else None) or {}
            props[k] = v = dict(v)      # its own copy: a shared part (EXPR) must not carry one key's title elsewhere
            v.setdefault("title", _title(k))
            for f, val in extra.items():
                v.setdefault(f, val)
            _annotate(v, base + (k,))
    for k, v in node.items():
        if k in ("properties",):
            continue
        if k == "if":
            continue
        _annotate(v, path if k in _PLUMBING or k.startswith(("oneOf", "allOf")) or k in ("oneOf", "allOf")
                  else (path + (k,) if path or k in ("option", "deck", "zone", "deal", "take", "challenge",
                                                       "reactions", "end", "phase") else path))


for _kind in KINDS.values():        # definitions a kind's keys refer to (a recursive list of effects)
    for _name, _def in getattr(_kind, "DEFS", {}).items():
        if schema["$defs"].setdefault(_name, _def) is not _def:
            raise ValueError(f"schema definition {_name!r} is given twice")
_annotate(schema["$defs"])
_annotate({"properties": schema["properties"]})
for _k in ("option", "deck", "zone", "deal", "take", "challenge", "reactions", "end", "phase", "expr"):
    schema["$defs"][_k].setdefault("title", _title(_k))

if __name__ == "__main__":
    from pathlib import Path
    out = Path(__file__).with_name("ruleset.schema.json")
    out.write_text(json.dumps(schema, indent=1) + "\n", encoding="utf-8")

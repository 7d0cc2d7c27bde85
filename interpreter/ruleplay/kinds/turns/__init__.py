"""turns: players take turns, each choosing one of the phase's moves, until a condition holds.

The general phase kind: a turn loop with an end condition and a bound, moves whose choices are cards,
blind positions, seats, ranks, suits, listed values or numbers, and effects that move cards between any
zones, keep running values, and change the order of play (again, skip, reverse, next). Games that no
other kind fits (adding games, asking games, memory games, games with card powers) are written with it.
docs/turns.md is the user's guide, with an example per part.

    play:
      kind: turns
      track: {total: 0}                    # values the phase keeps (reset each hand), read by name
      until: "total > 98"                  # checked before every turn
      moves:
        play:
          choose: {card: hand}
          do:
            - move: {from: hand, to: pile}
            - add: {total: card.value}
            - move: {from: stock, to: hand, count: 1}

Events: `move` (the cards, shown as the zones' visibility and `show` allow), `reveal`, `set`, `shuffle`,
`turn-order` (again, skip, reverse, next), `cannot-move` (a seat with no possible move), `turns-over` (why
the phase ended: until, end, blocked), `respond` and `race` (a reaction window), `too-late` (a simultaneous
phase's move no longer possible when its turn came). Decisions: a move by name, then each part's answer
(sealed in a simultaneous phase until every player has chosen).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Callable, Iterator

from ruleplay.compiler.model import Ctx, Declared
from ruleplay.engine.events import EventSpec, Private, zone_public
from ruleplay.engine.table import Table
from ruleplay.engine.visibility import visible_to
from ruleplay.kinds.schema_parts import EXPR, NAME_PATTERN, obj, phase_schema, text
from ruleplay.kinds.turns.cardflow import check_chosen_card, chosen_from
from ruleplay.kinds.turns.choices import (NAMES, Check, Part, Plan, alternatives, bindings, capped_in_play,
                                          compile_parts, memo_getters, plan, reads, staged, uses_hidden_card)
from ruleplay.kinds.turns.effects import WORDS, Budget, compile_effects, named_effects, say_effects, zone_words
from ruleplay.kinds.turns.refs import names_read
from ruleplay.kinds.turns.runner import Going, PreferView, TurnsView
from ruleplay.kinds.turns.sense import guess, prefer
from ruleplay.kinds.words import first_player, formula, piles_said
from ruleplay.lang import expr as X
from ruleplay.lang.expr.say import say_of, shadowing

MAX_TURNS = 100_000          # the largest `max-turns` a file may give
MAX_MOVES = 50
TYPES = {"number": X.INT, "word": X.STR, "seat": X.SEAT, "card": X.CARD}

# ---------------------------------------------------------------------------- the kind's keys (schema)
SUMMARY = "turns: players take turns choosing moves (cards, seats, ranks, numbers) whose effects move cards " \
          "between any zones, keep running values and change the order of play, until a condition holds."
_ZONE = text("A zone: a table zone (pile), the actor's own (hand), or a seat's (target.hand, left-of(actor).hand).")
_PREFER = {"description": "Int over the chosen parts: what a sensible player aims for. The `smart` bot takes "
                          "the choice with the highest value (a move without it counts 0; passing an answer, 0); "
                          "the rules of the game are unchanged.", **EXPR}
_CHOOSE = obj({
    "card": {**_ZONE, "description": "A card the player sees in this zone; read as `card`.",
             "examples": ["hand", "table"]},
    "cards": obj({"from": {**_ZONE, "examples": ["table", "hand"]},
                  "min": {"type": "integer", "minimum": 0, "default": 1,
                          "description": "The fewest cards in the set."},
                  "max": {"type": "integer", "minimum": 1, "examples": [3],
                          "description": "The most cards in the set (in play a move offers at most "
                                         "50,000 sets of the zone as it is); needed without `as` "
                                         "or `adds-to` (with them: no limit but the zone)."},
                  "as": {"oneOf": [{"enum": ["set", "run", "same-rank", "sequence"]},
                                   {"type": "array", "minItems": 1, "maxItems": 4,
                                    "items": {"enum": ["set", "run", "same-rank", "sequence"]}}],
                         "description": "Only the combinations of this shape: set (cards of "
                                        "one rank, no suit twice), run (cards of one suit "
                                        "whose ranks follow each other in the deck's rank "
                                        "order: a deck listing A first plays the ace low), "
                                        "same-rank (cards of one rank, suits repeated: two "
                                        "packs), sequence (ranks one after another, any "
                                        "suits), or a list of them ([set, run]: either). Found by rank and suit, not "
                                        "among every subset, so a meld of 13 may be chosen.",
                         "examples": ["set", ["set", "run"]]},
                  "per-rank": {"type": "integer", "minimum": 1, "examples": [1, 2],
                               "description": "With as: sequence: N cards of each rank of the run (1: a "
                                              "straight, 2: a run of pairs, 3: an airplane), the suits not "
                                              "chosen (each rank's lowest cards): one play a run of ranks, "
                                              "where the suits do not matter."},
                  "adds-to": {"description": "Only the sets whose values (`counting`) add up to "
                                             "this int, read once the parts before it are "
                                             "chosen (e.g. card.value: a capture by sums). "
                                             "Found by the sum, not among every subset; no max "
                                             "needed.", "examples": ["card.value", 15], **EXPR},
                  "counting": {"anyOf": [{"type": "string"},
                                         {"type": "array", "items": {"type": "string"}, "minItems": 1,
                                          "maxItems": 4, "uniqueItems": True}],
                               "examples": ["value", ["value", "high"]],
                               "description": "With adds-to: the deck attribute giving each "
                                              "card's value (a card of 0 or less is never part "
                                              "of a sum); a list: each card counts as any one of "
                                              "them (an ace 1 or 11: [value, high])."}},
                 ["from"], desc="Several cards of a zone at once, asked card by card, "
                                "then done; read as `picked`.",
                 examples=[{"from": "table", "min": 1, "max": 3},
                           {"from": "hand", "as": ["set", "run"], "min": 3},
                           {"from": "table", "adds-to": "card.value", "counting": "value"}]),
    "from-pile": {"oneOf": [{"type": "array", "minItems": 1, "maxItems": 60, "items": _ZONE},
                            {"type": "string"}],
                  "description": "One of these piles (a list, or a family's name) to move from; read as "
                                 "`source` (and `source-top`, `source-size`, `source-cards`, `source-number`: its number in its family); `from: source`.",
                  "examples": [["col1", "col2", "cell1"], "col"]},
    "to-pile": {"oneOf": [
                    {"type": "array", "minItems": 1, "maxItems": 60, "items": _ZONE},
                    {"type": "string"},
                    obj({"among": {"oneOf": [{"type": "array", "minItems": 1, "maxItems": 60,
                                              "items": _ZONE}, {"type": "string"}],
                                   "description": "The piles (a list, or a family's name).",
                                   "examples": ["meld"]},
                         "keeps": {"oneOf": [{"enum": ["set", "run", "same-rank", "sequence"]},
                                             {"type": "array", "minItems": 1, "maxItems": 4,
                                              "items": {"enum": ["set", "run", "same-rank", "sequence"]}}],
                                   "description": "Only the piles that hold cards and, with "
                                                  "the card (or cards) chosen before added, "
                                                  "are still a set, a run, a same-rank meld or a "
                                                  "sequence: "
                                                  "laying off.",
                                   "examples": [["set", "run"]]}},
                        ["among", "keeps"], desc="Piles to lay cards off on.",
                        examples=[{"among": "meld", "keeps": ["set", "run"]}])],
                "description": "One of these piles to move to (a list, or a family's name: "
                               "a zone with a count); read as `dest` (and `dest-top`, "
                               "`dest-size`, `dest-cards`, `dest-number`); `to: dest`.",
                "examples": [["col1", "col2", "clubs"], "meld"]},
    "position": {**_ZONE, "description": "A card taken blind by its place in this zone (1 is "
                                         "the top); read as `position`, the card as `card`.",
                 "examples": ["layout", "target.hand"]},
    "seat": {"description": "Bool over seat `s`: the seats that may be chosen; read as `target`.",
             "examples": ["s != actor and s.hand.size > 0"], **EXPR},
    "rank": {"const": True, "description": "Any of the deck's ranks; read as `rank`.",
             "examples": [True]},
    "suit": {"const": True, "description": "Any of the deck's suits; read as `suit`.",
             "examples": [True]},
    "value": {"type": ["array", "object"], "minItems": 1, "maxItems": 1000,
              "items": {"type": ["integer", "string"]},
              "minProperties": 1, "maxProperties": 1000,
              "additionalProperties": {"type": "integer"},
              "description": "One of these values; read as `value`. A map of words to "
                             "numbers: the player chooses (and the log says) the word, "
                             "the rules read its number (calls that compare by rank: `{1C: 1, ..., 7NT: 35}`).",
              "examples": [["player", "banker", "tie"], [1, 11], {"1C": 1, "1D": 2}]},
    "number": {"type": "array", "minItems": 2, "maxItems": 2, "items": EXPR,
               "description": "A whole number from LOW to HIGH (numbers, or options: [1, limit]); read as `number`.",
               "examples": [[1, 10], [1, "limit"]]},
}, desc="What the player chooses, asked in the order written.",
    examples=[{"card": "hand"}, {"seat": "s != actor", "rank": True}])
_LEGAL = {"description": "Bool over the chosen parts: the combinations the player may choose.",
          "examples": ["card.suit == pile.top.suit or card.rank == pile.top.rank"], **EXPR}

SCHEMA = phase_schema("turns", {
    "first": {"description": "Who takes the first turn: left-of-dealer, dealer, or a bool over seat `s` (the first "
                             "seat from the dealer's left where it holds).", "default": "left-of-dealer", **EXPR},
    "who": {"description": "Bool over seat `s`: the seats that take turns (default: every seat in play).", **EXPR},
    "simultaneous": {"type": "boolean", "default": False,
                     "description": "Every player moves at once (Spit, Speed): each round every player who takes "
                                    "turns chooses a move unseen, in turn; the choices are shown together and the "
                                    "moves made in an order drawn by lot, a move no longer possible when its turn "
                                    "comes being lost (too late). A round is a turn for max-turns; the phase ends "
                                    "when no player can move. No again, skip, reverse, next or respond."},
    "track": {"type": "object", "maxProperties": 50, "propertyNames": {"pattern": "^[a-z][a-z0-9]*(-[a-z0-9]+)*$"},
              "description": "Values the phase keeps, reset when each hand starts and read by name in every "
                             "rule (a running total, the rank asked, the first card turned): a number, a word, "
                             "or {type: number|word|seat|card, start: VALUE} (a seat or card starts as none).",
              "additionalProperties": {"oneOf": [
                  {"type": "integer"}, {"type": "string"},
                  obj({"type": {"enum": list(TYPES), "description": "What the value is.", "examples": ["seat", "card"]},
                       "start": {"type": ["integer", "string"], "description": "Its value when each hand starts.",
                                 "examples": [0, "none"]},
                       "quiet": {"type": "boolean", "default": False,
                                 "description": "Kept out of sight: its changes are not told in `run`'s "
                                                "account, and the tables do not show it (a loop's counter, a "
                                                "flag); `run -v` and the log still have them."}}, ["type"])]}},
    "start": {"$ref": "#/$defs/effects", "description": "Effects when the phase starts (turn up a card, lay out).",
              "examples": [[{"move": {"from": "stock", "to": "pile", "count": 1}}]]},
    "until": {"description": "Bool checked before every turn: the phase ends when it holds.", **EXPR},
    "on-cycle": {"enum": ["stop-game", "end-phase"], "default": "stop-game",
                 "description": "A table that comes back as it was with no choice made in between (every move "
                                "forced: a patience stuck shuttling one card): stop-game ends the game with "
                                "outcome cycle and no score; end-phase ends the phase, as when nobody can move, "
                                "and the hand is scored."},
    "on-limit": {"enum": ["stop-game", "end-phase"], "default": "stop-game",
                 "description": "The phase reaching max-turns: stop-game ends the game with outcome limit and no "
                                "score; end-phase ends the phase (turns-over, why limit) and the hand is scored "
                                "(a patience given up after so many moves)."},
    "before-turn": {"$ref": "#/$defs/effects", "description": "Effects at the start of every turn, before the "
                                                              "player in turn (`actor`) chooses: draw a card, draw up "
                                                              "to five.",
                    "examples": [[{"move": {"from": "stock", "to": "hand", "count": 1}}]]},
    "after-turn": {"$ref": "#/$defs/effects", "description": "Effects after every move, whichever it was (refill "
                                                             "the hands, the end of a round).",
                   "examples": [[{"if": "actor.hand.empty", "then": [{"move": {"from": "stock", "to": "hand",
                                                                                "count": 4}}]}]]},
    "max-turns": {"type": "integer", "minimum": 1, "maximum": MAX_TURNS, "default": 1000,
                  "description": "The most turns the phase may take in a hand; a game that reaches it ends "
                                 "with no result (a limit), so no file that validates can run forever."},
    "moves": {"type": "object", "maxProperties": MAX_MOVES,
              "propertyNames": {"pattern": "^[a-z][a-z0-9]*(-[a-z0-9]+)*$"},
              "description": "What a player may do on a turn, by name; a player with no possible move is "
                             "passed (when no seat can move, the phase ends). None: the phase is its `start` "
                             "effects alone (a dealer's fixed play).",
              "additionalProperties": obj({
                  "description": text("What this move is, in words.", examples=["Play a card and draw."]),
                  "if": {"description": "Bool (actor = the seat in turn): the move is possible only when it holds.",
                         "examples": ["pick-up > 0", "actor.hand.size == 2"], **EXPR},
                  "choose": _CHOOSE,
                  "legal": _LEGAL,
                  "do": {"$ref": "#/$defs/effects", "description": "What the move does, in order.",
                         "examples": [[{"move": {"from": "hand", "to": "pile"}}, "again"]]},
                  "prefer": {**_PREFER, "examples": ["picked.size", "card.value"]},
                  "respond": obj({
                      "who": {"description": "Bool over seat `s` (with `mover`): who may answer (default: every "
                                             "other player in the hand; in a race, every player).",
                              "examples": ["s != mover"], **EXPR},
                      "race": {"type": "boolean", "default": False,
                               "description": "A race, not answers in turn: every player who may answer decides at "
                                              "once (sealed), the one who reacted first is drawn by lot among those "
                                              "who answered (a snap, a grab), and `slowest` names the last."},
                      "slowest": {"$ref": "#/$defs/effects",
                                  "description": "In a race, effects read with `actor` the last to react: a player "
                                                 "who did not answer if any (drawn by lot among them), else the "
                                                 "last of those who did (Pig's loser, the one left without a spoon).",
                                  "examples": [[{"add": {"actor.letters": 1}}]]},
                      "moves": {"type": "object", "minProperties": 1, "maxProperties": 10,
                                "propertyNames": {"pattern": "^[a-z][a-z0-9]*(-[a-z0-9]+)*$"},
                                "description": "The answers, by name (a call, a challenge); passing is always "
                                               "allowed. Each is read with `actor` the player answering and "
                                               "`mover` the player who moved.",
                                "examples": [{"challenge": {"do": [{"move": {"from": "pile", "to": "actor.hand",
                                                                              "all": True}}]}}],
                                "additionalProperties": obj({
                                    "if": {"description": "Bool: this answer is possible only when it holds.",
                                           "examples": ["actor.hand.size > 0"], **EXPR},
                                    "choose": _CHOOSE, "legal": _LEGAL,
                                    "do": {"$ref": "#/$defs/effects", "description": "What the answer does.",
                                           "examples": [["end"]]},
                                    "prefer": {**_PREFER, "examples": ["1 if impossible else -1"]},
                                    "reopens": {"type": "boolean", "default": False,
                                                "description": "The window opens again on this answer: the others, "
                                                               "in turn from its player's left, may answer it the "
                                                               "same way (a counter to a counter, a raise to a "
                                                               "raise); `mover` is then its player. Not in a race.",
                                                "examples": [True]},
                                    "description": {"type": "string", "description": "What the answer is, for the "
                                                    "rule sheet.", "examples": ["buy the discard, with a penalty card"]}},
                                   ["do"])}},
                      ["moves"], desc="A reaction window after the move: each other player in turn, from the "
                                      "mover's left, may answer it or pass; the first answer ends the window.",
                      examples=[{"moves": {"challenge": {"do": ["end"]}}}]),
              }, ["do"])},
}, [])
_MOVE = obj({"from": {**_ZONE, "examples": ["hand", "stock", "target.hand", "source"]},
             "to": {**_ZONE, "examples": ["pile", "hand", "actor.books", "dest"]},
             "count": {"description": "Int: the top N cards of `from` (fewer when it holds fewer).",
                       "examples": [1, "pick-up"], **EXPR},
             "where": {"description": "Bool over `card`: every card of `from` for which it holds.",
                       "examples": ["card.rank == rank"], **EXPR},
             "all": {"const": True, "description": "Every card of `from`.", "examples": [True]},
             "picked": {"type": "boolean", "description": "The set of cards the move chose (`cards:`).",
                        "examples": [True]},
             "keep-order": {"type": "boolean", "default": False,
                            "description": "With count: the top N cards are lifted together and keep their order "
                                           "(a run moved as a unit); without it they go one by one, as dealt, "
                                           "so their order turns over."},
             "at": {"enum": ["top", "bottom", "middle", "random"], "default": "top",
                    "description": "Where in `to` the cards go: on top, under it, at its middle place (half its "
                                   "cards above: a card put back into the middle of the talon), or at a random "
                                   "place (shuffled in)."},
             "show": {"enum": ["all"], "description": "The cards are shown to everyone as they move.",
                      "examples": ["all"]},
             "refill": {"$ref": "#/$defs/effects",
                        "description": "With count: effects run once when `from` holds fewer than N cards, after "
                                       "the cards it holds have moved, before the rest move from it (the discards "
                                       "under their top card shuffled into a new stock).",
                        "examples": [[{"move": {"from": "pile", "to": "stock", "where": "card != pile.top"}},
                                      {"shuffle": "stock"}]]}},
            ["from", "to"], desc="Cards from one zone to another: the chosen card unless count, where or all says.",
            examples=[{"from": "hand", "to": "pile"}, {"from": "stock", "to": "hand", "count": 1}])
DEFS = {"effects": {"type": "array", "maxItems": 100, "description": "Effects, done in order.",
                    "items": {"$ref": "#/$defs/effect"}},
        "effect": {"oneOf": [
            {"type": "string", "pattern": NAME_PATTERN, "examples": list(WORDS),
             "description": "again: the same player goes again; skip: the next player is skipped; reverse: play "
                            "changes direction; end: the phase ends; redeal: the hand is thrown in (not scored), "
                            "the next dealt; or the name of a list of effects under the file's `effects:`."},
            obj({"move": _MOVE}, ["move"]),
            obj({"set": {"type": "object", "minProperties": 1, "additionalProperties": EXPR,
                         "description": "name -> value: a tracked value, a table counter (pot), or SEAT.counter (a counter of the file).",
                         "examples": [{"total": 98}, {"actor.tokens": "actor.tokens - 1"}]}}, ["set"],
                desc="Values become these: a tracked value or a table counter by name, or SEAT.counter (a counter of the file)."),
            obj({"add": {"type": "object", "minProperties": 1, "additionalProperties": EXPR,
                         "description": "name -> number added: a tracked value, a table counter (pot), or SEAT.counter (a counter of the file).",
                         "examples": [{"total": "card.value"}, {"actor.tokens": -1}]}}, ["add"],
                desc="Numbers added: to a tracked value or a table counter by name, or to SEAT.counter (a counter of the file)."),
            obj({"next": {"description": "The turn passes to this seat.", "examples": ["target", "left-of(dealer)"],
                          **EXPR}}, ["next"]),
            obj({"shuffle": {**_ZONE, "examples": ["stock"]}}, ["shuffle"]),
            obj({"redeal": {"enum": ["same-dealer"], "description": "The hand is thrown in (not scored) and dealt "
                                                                    "again by the same dealer, whatever the match's "
                                                                    "dealer rule (a misdeal).",
                            "examples": ["same-dealer"]}}, ["redeal"]),
            obj({"expose": {**_ZONE, "description": "A zone laid face up for everyone for the rest of the hand (a "
                                                 "dummy's hand, a hand revealed to play it open): its cards shown "
                                                 "now, every card moved into or out of it shown as it moves.",
                            "examples": ["hand"]}}, ["expose"]),
            obj({"tell": {"type": "object", "minProperties": 1, "maxProperties": 8,
                          "propertyNames": {"pattern": NAME_PATTERN}, "additionalProperties": EXPR,
                          "description": "Values told to everyone, each under its name (an int, a word, a player, "
                                         "a card or cards): the log and the account say them (Noir 31, Rouge 35).",
                          "examples": [{"noir": "noir-total", "rouge": "rouge-total"}]}}, ["tell"]),
            obj({"swap": {"type": "array", "minItems": 2, "maxItems": 2, "items": _ZONE,
                          "description": "Two zones exchange their cards, each keeping its order (Chase the Ace: a "
                                         "card swapped with the left neighbour's); logged as two moves.",
                          "examples": [["hand", "left-of(actor).hand"]]}}, ["swap"]),
            obj({"lot": obj({"seat": {"description": "Bool over seat `s`: a player drawn by lot among those for "
                                                     "whom it holds.", "examples": ["s != actor"], **EXPR},
                             "number": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer"},
                                        "description": "[LOW, HIGH]: a number drawn by lot (a die: [1, 6]).",
                                        "examples": [[1, 6]]},
                             "set": {"type": "string", "description": "What becomes the value drawn: a tracked "
                                     "value ({type: seat} for a player), a table counter, or SEAT.counter.",
                                     "examples": ["slowest", "roll"]}},
                            ["set"], "Something drawn by lot: a player (seat) or a number (number).",
                            examples=[{"seat": "s != actor", "set": "slowest"}, {"number": [1, 6], "set": "roll"}])},
                ["lot"], desc="A player or a number drawn by lot, as a chance event (OpenSpiel's chance node)."),
            obj({"reveal": {"oneOf": [
                    text("card (the chosen card), picked (the set chosen) or a zone: shown to everyone."),
                    obj({"from": {**_ZONE, "examples": ["hand"]},
                         "where": {"description": "Bool over `card`: the cards of `from` for which it holds. "
                                                  "Default: every card.",
                                   "examples": ["card.rank == 'A'"], **EXPR},
                         "count": {"description": "Int: at most this many of them, from the top.", "examples": [1],
                                   **EXPR},
                         "to": {"description": "A seat: the cards are shown to that player alone (and the one "
                                               "whose zone it is), e.g. the challenger. Default: to everyone.",
                                "examples": ["target"], **EXPR}},
                        ["from"], "Some cards of a zone, shown to everyone (an ace kept, a marriage) or to one "
                                  "player (a hand shown to the challenger).")],
                    "description": "Cards shown: card, picked, a zone, or {from, where, count, to}.",
                    "examples": ["card", "picked", "up", {"from": "hand", "where": "card.rank == 'A'", "count": 1}]}},
                ["reveal"]),
            obj({"repeat": obj({"until": {"description": "Bool tested before each time: the repeat stops "
                                                         "when it holds.", "examples": ["not (pile.top.rank in ['2', '8'])"],
                                          **EXPR},
                                "max": {"type": "integer", "minimum": 1, "maximum": 1000, "examples": [20],
                                        "description": "The most times the effects run (a bound the file states)."},
                                "do": {"$ref": "#/$defs/effects", "description": "The effects repeated.",
                                       "examples": [[{"move": {"from": "pile", "to": "stock", "count": 1}}]]}},
                               ["until", "max", "do"], desc="Effects again and again until a condition holds.",
                               examples=[{"until": "stock.empty", "max": 52,
                                          "do": [{"move": {"from": "stock", "to": "pile", "count": 1}}]}])},
                ["repeat"],
                desc="These effects again and again until a condition holds, at most `max` times."),
            obj({"every-player": {"$ref": "#/$defs/effects", "description": "The effects, once per player.",
                                  "examples": [[{"move": {"from": "stock", "to": "hand", "count": 4}}]]}},
                ["every-player"],
                desc="These effects once for each player, from the player in turn on, each read as `actor`."),
            obj({"every-pile": obj({"of": text("A family of piles (a table zone with a count): each pile in turn.",
                                               examples=["col"]),
                                    "do": {"$ref": "#/$defs/effects",
                                           "description": "The effects, once per pile: the pile is `each` in a move "
                                                          "and `each-top`, `each-size`, `each-cards`, `each-number` (1, 2, ...) in rules.",
                                           "examples": [[{"if": "each-size > 0 and each-top.rank == 'A'",
                                                          "then": [{"move": {"from": "each", "to": "done",
                                                                             "count": 1}}]}]]}},
                                   ["of", "do"], "Effects once for each pile of a family.",
                                   examples=[{"of": "col", "do": [{"if": "each-size > 0 and each-top.rank == 'A'",
                                                                   "then": [{"move": {"from": "each", "to": "done",
                                                                                      "count": 1}}]}]}])},
                ["every-pile"],
                desc="These effects once for each pile of a family, in order, the pile read as `each`."),
            obj({"if": {"description": "Bool: the `then` effects when it holds, else the `else` ones.",
                        "examples": ["total > 98"], **EXPR},
                 "then": {"$ref": "#/$defs/effects", "description": "The effects when the condition holds.",
                          "examples": [["again"]]},
                 "else": {"$ref": "#/$defs/effects", "description": "The effects when it does not.",
                          "examples": [[{"add": {"total": "card.value"}}]]}}, ["if", "then"]),
        ]}}
EXAMPLES = {"until": {"examples": ["total > 98", "stock.empty and all(x.hand.empty for x in seats)"]},
            "before": {"examples": ["play"]},
            "track": {"examples": [{"total": 0}, {"first": {"type": "card"}}]},
            "moves": {"examples": [{"play": {"choose": {"card": "hand"}, "do": [{"move": {"from": "hand",
                                                                                          "to": "pile"}}]}}]},
            "who": {"examples": ["s.hand.size > 0"]}, "first": {"examples": ["left-of-dealer"]}}


def _move_seen(looker, ev: dict, _index: int | None) -> bool:
    """Cards that moved are seen by everyone when shown or when either zone lies face up, else by the owner
    of either zone when that zone is seen by its owner (a draw into a hand, cards handed over)."""
    if ev.get("shown") or zone_public(looker, ev.get("from")) or zone_public(looker, ev.get("to")):
        return True
    zones = looker.rules.zones
    for zname, owner in ((ev.get("from"), ev.get("from_seat")), (ev.get("to"), ev.get("to_seat"))):
        z = zones.get(zname)
        if z is not None and owner is not None and visible_to(z.visibility, owner, looker.me):
            return True
    return False


def _reveal_seen(looker, ev: dict, _index: int | None) -> bool:
    """Cards shown to everyone, or (`to`) to one player, besides the seat whose cards they are."""
    return ev.get("to") is None or looker.me in (ev["to"], ev.get("seat"))


def _set_seen(looker, ev: dict, _index: int | None) -> bool:
    """A value set is public, but a seat's secret counter (`visibility: owner`), known to that seat alone."""
    return "seat" not in ev or ev.get("name") not in looker.rules.secret_counters or ev.get("seat") == looker.me


# what the kind keeps on the table: per pile a meld was laid on, the shapes it was laid as and its cards then
FIELDS = {"melded": lambda n: {}}
EVENTS = {"move": EventSpec(("phase", "seat", "from", "from_seat", "to", "to_seat", "cards", "count", "shown"),
                            {"cards": Private(_move_seen)}, sample="moves"),
          "reveal": EventSpec(("phase", "seat", "cards", "to"), {"cards": Private(_reveal_seen)}, sample="reveals"),
          "set": EventSpec(("phase", "name", "seat", "value"), {"value": Private(_set_seen)}, sample=None),
          "shuffle": EventSpec(("phase", "zone", "seat"), sample=None),        # seat: whose zone, when it is a seat's (a hand)
          "turn-order": EventSpec(("phase", "seat", "what", "to"), sample=None),
          "cannot-move": EventSpec(("phase", "seat"), sample=None),
          "turns-over": EventSpec(("phase", "why"), sample=None),
          "respond": EventSpec(("phase", "seat", "move", "to"), sample=None),
          "race": EventSpec(("phase", "answered", "first", "last"), sample=None),
          "too-late": EventSpec(("phase", "seat", "move"), sample=None),
          "tell": EventSpec(("phase", "values", "seats"), sample=None)}


@dataclass
class Move:
    name: str
    slot: int                            # its action in the phase's block (asked when several moves are possible)
    parts: list[Part]
    allowed: Callable | None
    checks: list[list[Check]]            # `legal`, split: per number of parts chosen, what can be tested then
    effects: list
    respond: "Respond | None" = None     # a reaction window after the move
    prefer: Callable | None = None       # what a sensible player aims for (steers `smart` alone)
    reopens: bool = False                # an answer that opens its window again, on itself (a counter to a counter)

    @cached_property
    def plan(self) -> Plan:
        return plan(self.parts, self.checks)

    def alternatives(self, t: Table) -> Iterator[tuple]:
        found = alternatives(t, self.parts, self.checks, self.plan)
        return capped_in_play(found) if self.sums_in_play else found

    @cached_property
    def sums_in_play(self) -> bool:
        """It chooses a sum's set beside another part: its combinations are counted as they are listed."""
        return len(self.parts) > 1 and any(p.adds_to for p in self.parts)

    @cached_property
    def laid_as(self) -> tuple:
        """The shapes its set of cards is chosen as (`as: same-rank`): a meld it lays keeps them."""
        return next((p.shapes for p in self.parts if p.kind == "cards" and p.shapes), ())

    @cached_property
    def has_sets(self) -> bool:
        """It chooses a set of cards (asked card by card: the runner tags its steps); a move that does not is
        asked as one of a phase without sets, whatever the phase's other moves choose."""
        return any(p.kind == "cards" for p in self.parts)

    @cached_property
    def steps(self) -> Callable[[tuple], tuple]:
        """A combination as the steps that ask it after the move: each part's answer, a set of cards as its
        cards one by one (each step the card's number alone), then done. A set alone (the usual case, every
        subset of a hand listed at each turn) is one tuple built in place."""
        parts = self.parts
        if len(parts) == 1 and parts[0].kind == "cards":
            done = ("done", 0)
            return lambda combo: (*combo[0], done)

        def steps(combo: tuple) -> tuple:
            out: tuple = ()
            for k, (part, answer) in enumerate(zip(parts, combo)):
                out += (*answer, ("done", k)) if part.kind == "cards" else (("part", k, answer),)
            return out
        return steps


@dataclass
class Respond:
    """After a move, each other player in turn (`who`: a bool over `s`) may answer it with one of `answers`
    (each read with `actor` the one answering and `mover` the one who moved); the first answer ends it. A
    `race`: every player `who` lets answer (the mover too) decides at once, sealed; who reacted first is
    drawn by lot among those who answered, and `slowest` runs with `actor` the last to react."""

    who: Callable | None
    answers: list[Move]
    race: bool = False
    slowest: list | None = None          # effects, read with actor = the last to react (a race)
    move: str = ""                       # the move answered: not answering is labelled `MOVE: no answer`


@dataclass
class Turns:
    searched_with_equal_cards = True      # a search copies its decisions, equal cards too (agents/ismcts.py)
    name: str
    first_mode: str
    first_fn: Callable | None
    who: Callable | None
    track: dict                          # name -> start value
    start: list
    after: list                          # effects after every move
    until: Callable | None
    max_turns: int
    moves: list[Move]
    labels: list[str]
    description: str = ""
    spec: dict = field(default_factory=dict)
    shown: frozenset = frozenset()       # the tracked values the tables show: not a card, not quiet (`public`)
    simultaneous: bool = False           # every player moves at once, round by round (runner.Going.together)
    seats: frozenset = frozenset()       # the tracked values that hold a player (narrated as one)
    before: list = field(default_factory=list)   # effects at the start of every turn, before the choice
    quiet: frozenset = frozenset()       # the tracked values whose changes are not told (`quiet: true`)
    end_on_cycle: bool = False           # `on-cycle: end-phase`: a repeated table ends the phase, not the game
    end_on_limit: bool = False           # `on-limit: end-phase`: max-turns ends the phase, not the game

    @cached_property
    def prefers(self) -> bool:
        """Some move or answer says what a sensible player aims for (`smart` reads it, runner.PreferView)."""
        return any(m.prefer is not None for m in self.moves) or \
            any(r.prefer is not None for m in self.moves if m.respond for r in m.respond.answers)

    @property
    def action_labels(self) -> list[str]:
        """This phase's own actions (decision.py gives them a block): each move, then its parts' answers."""
        return self.labels

    def offers(self, space) -> list[int]:
        """A card, a pass in a reaction window, the phase's own block."""
        return [*space.card_actions(), space.PASS, *space.own_actions(self.name)]

    def start_hand(self, t: Table) -> None:
        t.kind_state[self.name] = dict(self.track)

    def run(self, t: Table):
        return Going(self, t).loop()


# ---------------------------------------------------------------------------- compiling
def _tracked(ctx: Ctx, path: tuple, report: bool = True) -> dict[str, tuple[str, object]]:
    """name -> (type, start value) of the phase's `track` (its errors placed once: by `compile`)."""
    if not report:
        keep, ctx.errors = ctx.errors, []
        try:
            return _tracked(ctx, path)
        finally:
            ctx.errors = keep
    out = {}
    for name, raw in (ctx.get(path + ("track",)) or {}).items():
        if isinstance(raw, bool):
            ctx.error(path + ("track", name), "a number, a word or {type: ..., start: ...} is needed", value=True)
        elif isinstance(raw, int):
            out[name] = (X.INT, raw)
        elif isinstance(raw, str):
            out[name] = (X.STR, raw)
        else:
            typ = TYPES[raw["type"]]
            start = raw.get("start")
            if typ in (X.SEAT, X.CARD) and start is not None:
                ctx.error(path + ("track", name, "start"), f"a {raw['type']} starts as none; set it with `set`")
            elif typ == X.INT and not isinstance(start, (int, type(None))) or typ == X.STR and \
                    not isinstance(start, (str, type(None))):
                ctx.error(path + ("track", name, "start"), f"a {raw['type']} is needed here", value=True)
            out[name] = (typ, start if start is not None else 0 if typ == X.INT else "none" if typ == X.STR else None)
    return out


def declare(ctx: Ctx, path: tuple) -> Declared:
    """Each tracked value is a name every rule may read (its start value until the phase sets it)."""
    phase = path[-1]
    names = {n: X.Binding(typ, (lambda n: lambda e: e.kind_state[phase][n])(n))
             for n, (typ, _) in _tracked(ctx, path, report=False).items()}
    return Declared(names, own=frozenset(names), at_start=frozenset(names), changes=frozenset(names),
                    where={n: ("track", n) for n in names})


def _word_paths(specs: list, path: tuple, word: str, named: dict | None = None, seen: tuple = ()):
    """Where `word` stands among effects `specs` at `path`, nested ones too (`if`, `repeat`, `every-player`); a
    word that is a key (`next`) is found where an effect is a mapping of it. A named list of the file's
    (`named`: its `effects:`) that holds the word is found where it is used."""
    for i, spec in enumerate(specs if isinstance(specs, list) else []):
        if spec == word or isinstance(spec, dict) and word in spec:
            yield path + (i,)
        elif isinstance(spec, str) and named and spec in named and spec not in seen:
            if next(_word_paths(named[spec], ("effects", spec), word, named, (*seen, spec)), None) is not None:
                yield path + (i,)
        elif isinstance(spec, dict):
            for key in ("then", "else", "every-player"):
                yield from _word_paths(spec.get(key), path + (i, key), word, named, seen)
            for key in ("repeat", "every-pile"):
                if isinstance(spec.get(key), dict):
                    yield from _word_paths(spec[key].get("do"), path + (i, key, "do"), word, named, seen)


def compile(ctx: Ctx, path: tuple, name: str) -> Turns | None:
    spec = ctx.get(path)
    tracked = _tracked(ctx, path)
    own = {n: typ for n, (typ, _) in tracked.items()}
    scope = ctx.scope
    first_mode, first_fn = ctx.first_seat(path + ("first",))
    who = ctx.expr(path + ("who",), X.BOOL, scope.with_names(s=X.Binding(X.SEAT, lambda e: e.loc["s"]))) \
        if "who" in spec else None
    until = ctx.expr(path + ("until",), X.BOOL) if "until" in spec else None
    max_turns = ctx.const_int(path + ("max-turns",), 1000, 1, MAX_TURNS)
    budget = Budget()
    start = compile_effects(ctx, path + ("start",), scope, own, False, budget)
    named = named_effects(ctx.doc.data)
    for at in _word_paths(spec.get("start") or [], path + ("start",), "again", named):
        ctx.error(at, "`again` in `start`: no turn has been taken yet to take again",
                  "choose who plays first with `first:` or `next: SEAT`")
        start = None
    after = compile_effects(ctx, path + ("after-turn",), scope, own, False, budget)
    before = compile_effects(ctx, path + ("before-turn",), scope, own, False, budget)
    for word in _TURN_ORDER:
        for at in _word_paths(spec.get("before-turn") or [], path + ("before-turn",), word, named):
            ctx.error(at, f"`{word}` in `before-turn`: the turn order is changed by a move, not before the player "
                          "has made one", "put it in a move's do or in after-turn; `who:` keeps a player from "
                          "taking turns")
            before = None
    moves: list[Move] = []
    labels: list[str] = []
    ok = start is not None and after is not None and before is not None and not ("who" in spec and who is None) and not ("until" in spec and until is None)
    for mname in spec.get("moves") or {}:
        mp = path + ("moves", mname)
        mspec = ctx.get(mp)
        slot = len(labels)
        labels.append(str(mname))
        parts = compile_parts(ctx, mp + ("choose",), scope, len(labels))
        if parts is None:
            ok = False
            continue
        for part in parts:
            labels.extend(f"{mname}: {x}" for x in part.said_labels(parts))
        mscope = _unchosen(scope.with_names(**bindings(parts)))
        allowed = ctx.expr(mp + ("if",), X.BOOL, _before_choosing(ctx.scope, mscope)) if "if" in mspec else None
        checks = _checks(ctx, mp + ("legal",), parts, mscope) if "legal" in mspec else [[] for _ in range(len(parts) + 1)]
        effects = compile_effects(ctx, mp + ("do",), mscope, own, any(p.kind in ("card", "position") for p in parts),
                                  budget)
        if effects is not None:
            check_chosen_card(ctx, mp + ("do",), chosen_from(parts))
        respond = _respond(ctx, mp + ("respond",), str(mname), mscope, own, parts, budget, labels) \
            if "respond" in mspec else None
        prefer = _prefer(ctx, mp + ("prefer",), parts, mscope) if "prefer" in mspec else None
        if effects is None or ("if" in mspec and allowed is None) or checks is None or \
                ("respond" in mspec and respond is None) or ("prefer" in mspec and prefer is None):
            ok = False
            continue
        moves.append(Move(str(mname), slot, parts, allowed.fn if allowed else None, checks, effects, respond,
                          prefer.fn if prefer else None))
    if spec.get("simultaneous") is True and not _at_once(ctx, path, spec):
        ok = False
    if not ok:
        return None
    if (len(moves) > 1 or any(m.parts for m in moves)) and not _rates(spec):
        ctx.note(path + ("moves",), "no move says what a sensible player aims for, so the smart bot chooses "
                                    "at random in this phase", "give the moves a `prefer` (an int: the higher, "
                                    "the better the choice), e.g. prefer: \"card.value\"")
    if "who" in spec:
        _note_every_player(ctx, path, spec)
    quiet = frozenset(n for n, raw in (spec.get("track") or {}).items() if isinstance(raw, dict) and raw.get("quiet"))
    return Turns(name, first_mode, first_fn, who.fn if who else None, {n: v for n, (_, v) in tracked.items()},
                 start, after, until.fn if until else None, max_turns, moves, labels, spec.get("description", ""),
                 dict(spec), frozenset(n for n, (typ, _) in tracked.items() if typ != X.CARD and n not in quiet),
                 spec.get("simultaneous") is True, frozenset(n for n, (typ, _) in tracked.items() if typ == X.SEAT),
                 before, quiet, spec.get("on-cycle") == "end-phase", spec.get("on-limit") == "end-phase")


def _note_every_player(ctx: Ctx, path: tuple, spec: dict) -> None:
    """A note at the first `every-player` of a phase with `who`: it runs for the players who take turns here,
    not every player (a tester's deal to the others under `who` dealt nobody, and their cards were lost)."""
    named = named_effects(ctx.doc.data)
    lists = [(spec.get(k), path + (k,)) for k in ("start", "before-turn", "after-turn")] + \
        [((m or {}).get("do"), path + ("moves", n, "do")) for n, m in (spec.get("moves") or {}).items()
         if isinstance(m, dict)]
    at = next((p for effects, where in lists for p in _word_paths(effects or [], where, "every-player", named)), None)
    if at is not None:
        ctx.note(at, f"every-player here runs for the players who take turns in this phase (who: "
                     f"{spec['who']}), not for every player", "to reach every player, do it in a phase without "
                     "`who`, or name them one by one (left-of(actor).hand)")


_TURN_ORDER = ("again", "skip", "reverse", "next")


def _at_once(ctx: Ctx, path: tuple, spec: dict) -> bool:
    """A simultaneous phase has no order of turns to change and no move answered in turn: each turn-order effect
    and each `respond` is an error there. True when there is none."""
    lists = [(spec.get("after-turn"), path + ("after-turn",))]
    if "before-turn" in spec:
        ctx.error(path + ("before-turn",), "a simultaneous phase has no turn of one player to start: every player "
                  "moves at once", "use start (once) or after-turn (after every move), or drop simultaneous: true")
        return False
    windows = []
    for mname, mspec in (spec.get("moves") or {}).items():
        mp = path + ("moves", mname)
        lists.append(((mspec or {}).get("do"), mp + ("do",)))
        if isinstance(mspec, dict) and "respond" in mspec:
            windows.append(mp + ("respond",))
    named = named_effects(ctx.doc.data)
    places = [at for effects, at_list in lists for word in _TURN_ORDER
              for at in _word_paths(effects or [], at_list, word, named)]
    for at in windows:
        ctx.error(at, "a simultaneous phase has no reaction window: every player moves at once",
                  "drop simultaneous: true, or make the answer a move of its own")
    for at in places:
        ctx.error(at, "a simultaneous phase has no order of turns: every player moves in every round, so "
                      "again, skip, reverse and next mean nothing", "drop it, or drop simultaneous: true")
    return not places and not windows


MOVER = X.Binding(X.SEAT, lambda e: e.loc.get("mover"))


def _respond(ctx: Ctx, path: tuple, mname: str, scope: X.Scope, own: dict, parts: list[Part], budget: Budget,
             labels: list[str]) -> "Respond | None":
    """A move's reaction window: the other players in turn may answer it (each answer a slot of the block)."""
    spec = ctx.get(path) or {}
    rscope = scope.with_names(mover=MOVER)
    who = ctx.expr(path + ("who",), X.BOOL, rscope.with_names(s=X.Binding(X.SEAT, lambda e: e.loc["s"]))) \
        if "who" in spec else None
    answers: list[Move] = []
    ok = not ("who" in spec and who is None)
    for rname in spec.get("moves") or {}:
        rp = path + ("moves", rname)
        rspec = ctx.get(rp)
        slot = len(labels)
        labels.append(f"{mname}: {rname}")
        allowed = ctx.expr(rp + ("if",), X.BOOL, rscope) if "if" in rspec else None
        # an answer may choose too (a card thrown in): its parts are read by their names, in place of the move's
        mine = compile_parts(ctx, rp + ("choose",), rscope, len(labels)) if "choose" in rspec else []
        if mine is None:
            ok = False
            continue
        for part in mine:
            labels.extend(f"{mname}: {rname}: {x}" for x in part.said_labels(mine))
        ascope = rscope.with_names(**bindings(mine)) if mine else rscope
        checks = _checks(ctx, rp + ("legal",), mine, ascope) if "legal" in rspec else [[] for _ in range(len(mine) + 1)]
        chose_card = any(p.kind in ("card", "position") for p in (mine or parts))
        effects = compile_effects(ctx, rp + ("do",), ascope, own, chose_card, budget)
        if effects is not None and mine:
            check_chosen_card(ctx, rp + ("do",), chosen_from(mine))
        prefer = _prefer(ctx, rp + ("prefer",), mine, ascope) if "prefer" in rspec else None
        if effects is None or ("if" in rspec and allowed is None) or ("prefer" in rspec and prefer is None) or \
                checks is None:
            ok = False
            continue
        answers.append(Move(str(rname), slot, mine, allowed.fn if allowed else None, checks, effects,
                            prefer=prefer.fn if prefer else None, reopens=rspec.get("reopens") is True))
    race = spec.get("race") is True
    chained = next((r for r in spec.get("moves") or {} if (spec["moves"][r] or {}).get("reopens") is True), None)
    if race and chained is not None:
        ctx.error(path + ("moves", chained, "reopens"), "a race's answer cannot be answered in turn: the race "
                  "draws who reacted first", "remove reopens, or answer in turn (race: false)", value=True)
        return None
    slowest = None
    if "slowest" in spec:
        if not race:
            ctx.error(path + ("slowest",), "`slowest` is for a race: the last to react", "add race: true")
            return None
        slowest = compile_effects(ctx, path + ("slowest",), rscope, own, False, budget)
        ok = ok and slowest is not None
    return Respond(who.fn if who else None, answers, race, slowest, mname) if ok else None


def _checks(ctx: Ctx, path: tuple, parts: list[Part], scope: X.Scope) -> list[list[Check]] | None:
    """A move's `legal`, split at its top-level `and`s, each condition placed where its parts are chosen."""
    raw = ctx.get(path)
    pieces: list[tuple[str, int]] = [(raw, 0)]
    if isinstance(raw, str):
        try:
            tree = X.unwrap(X.parse(raw))
        except X.ExprError:
            tree = None                          # compiling it whole places the error
        if tree is not None and getattr(tree, "data", None) == "and_":
            pieces = [(raw[c.meta.start_pos:c.meta.end_pos], c.meta.start_pos) for c in tree.children]
    out: list[list[Check]] = [[] for _ in range(len(parts) + 1)]
    for text_, at in pieces:
        c = ctx.expr_of(path, text_, X.BOOL, scope, at=at)
        if c is None:
            return None
        if _peeks(ctx, path, parts, c, "legal"):
            return None
        names = names_read(c, scope)
        read = reads(parts, c, scope)
        check = Check(c.fn, read, names, memo_getters(parts, names, scope), staged(parts, text_, read, scope),
                      c.every)
        out[check.level].append(check)
    return out


def _prefer(ctx: Ctx, path: tuple, parts: list[Part], scope: X.Scope) -> X.Compiled | None:
    """A move's (or an answer's) `prefer`: a whole number read with the parts chosen. It steers `smart` alone,
    so it is a number (the bot takes the highest) and may not read what the player cannot see."""
    c = ctx.expr(path, None, scope)
    if c is not None and c.type != X.INT:
        ctx.error(path, f"prefer is a whole number (the highest is preferred), but this expression gives {c.type}",
                  f"write \"1 if {ctx.get(path)} else 0\"" if c.type == X.BOOL else
                  "a number that grows with what is aimed for, e.g. card.value or picked.size", value=True)
        return None
    return None if c is None or _peeks(ctx, path, parts, c, "prefer") else c


def _peeks(ctx: Ctx, path: tuple, parts: list[Part], c: X.Compiled, key: str) -> bool:
    """A blind pick's `key` that reads `card` would tell the player what lies face down: a placed error."""
    if not uses_hidden_card(parts, c.uses):
        return False
    ctx.error(path, f"a blind pick's `{key}` may not read `card`: the player cannot see it",
              "read `position` instead, or choose with `card:` from a zone the player sees")
    return True


# ---------------------------------------------------------------------------- the rule sheet (explain)
def _only_seat(who: Any) -> str | None:
    """The one seat a `who` of the form `s == SEAT` (or `SEAT == s`) lets take turns, as written; else None."""
    if not isinstance(who, str):
        return None
    left, op, right = who.strip().partition("==")
    left, right = left.strip(), right.strip()
    if not op or "=" in right or " or " in who or " and " in who:
        return None
    return right if left == "s" and right != "s" else left if right == "s" and left != "s" else None


def _starter(start: list, who: str) -> str:
    """Who plays first, as the sheet says it: `first`'s player, unless the `start` effects pass the turn (the
    last `next` of them, when none is under a condition or in a loop; else whoever they leave it with)."""
    def passes(effects) -> int:           # the effects that pass the turn, at any depth
        return sum(1 if e == "skip" or isinstance(e, dict) and "next" in e else
                   sum(passes(v) for v in e.values() if isinstance(v, list)) if isinstance(e, dict) else 0
                   for e in effects)
    top = [e for e in start if e == "skip" or isinstance(e, dict) and "next" in e]
    if not passes(start):
        return who
    if len(top) == passes(start) and top[-1] != "skip":
        said = formula(top[-1]["next"])
        return {"dealer": "the dealer"}.get(said, said)
    return f"the player the turn is left with above (else {who})"


def _who_plays(who) -> str:
    """The players a `who` lets play: "the players other than the bidder" for `s != bidder` (t39 read "the
    players for whom the player is not the bidder"), else those for whom it holds."""
    text = " ".join(str(who).split())
    if text.startswith("s != ") and " " not in text[5:]:
        return f"the players other than {formula(text[5:])}"
    return f"the players for whom {formula(who)}"


def describe(spec: dict, phase=None) -> str:
    first = spec.get("first", "left-of-dealer")
    who = {"left-of-dealer": "the player on the dealer's left", "dealer": "the dealer"}.get(
        first, first_player(first))
    out = []
    for name, raw in (spec.get("track") or {}).items():
        start = raw.get("start", 0 if raw.get("type") == "number" else "none") if isinstance(raw, dict) else raw
        quiet = " (its changes are not told)" if isinstance(raw, dict) and raw.get("quiet") is True else ""
        out.append(f"{name} is kept, starting at {start}{quiet}.")
    if spec.get("start"):
        out.append(f"First: {say_effects(spec['start']) or 'nothing'}.")
    if not spec.get("moves"):                        # fixed play alone: no turns are taken
        return " ".join(out) if out else "Nothing happens."
    alone = formula("players") == "1"                  # a patience: one player, move after move
    players = _who_plays(spec["who"]) if "who" in spec else "the players"
    until = f" until {formula(spec['until'])}" if "until" in spec and formula(spec["until"]) != "no" else ""
    together = spec.get("simultaneous") is True and not alone
    unit = "moves" if alone else "rounds" if together else "turns"
    limit = f" (at most {spec.get('max-turns', 1000)} {unit}; " + \
        ("then the phase ends and the hand is scored)" if spec.get("on-limit") == "end-phase" else
         "more ends the game with no result)")
    if together:
        out.append(f"Round after round, {players} move at once{until}{limit}: each chooses a move unseen by the "
                   "others, the choices are shown together, and the moves are made in an order drawn by lot; a "
                   "move no longer possible when its turn comes is lost (too late), and the phase ends as soon as "
                   "its end holds, or when nobody can move.")
    elif (only := _only_seat(spec.get("who"))) is not None:     # `who: "s == dealer"`: one player alone plays
        out.append(f"Only {formula(only)} takes turns, move after move{until}{limit}.")
    else:
        out.append(f"The player makes move after move{until}{limit}." if alone else
                   f"Starting with {_starter(spec.get('start') or [], who)}, {players} take turns in the direction "
                   f"of play{until}{limit}.")
    for mname, m in (spec.get("moves") or {}).items():
        parts = [_say_part(k, v) for k, v in (m.get("choose") or {}).items()]
        line = f"Move '{mname}'" + (f" ({m['description'].rstrip('.')})" if m.get("description") else "") \
            + (f", when {formula(m['if'])}" if "if" in m else "") + ": "
        line += ("the player chooses " + " and ".join(parts) if parts else "the player may simply do it")
        with shadowing(NAMES.get(k, k) for k in (m.get("choose") or {})):     # a chosen `target` is not an option
            if "legal" in m and formula(m["legal"]) != "yes":        # options that leave no rule: not said
                line += f", only where {formula(m['legal'])}"
            done = say_effects(m.get("do"))
            out.append(line + (f"; then {done}." if done else "; nothing else happens (the turn passes).") +
                       _say_prefer(m))
        if "respond" in m:
            r = m["respond"]
            who = "each other player" if "who" not in r or str(r["who"]).replace(" ", "") == "s!=mover" else \
                f"each player for whom {formula(r['who'])}"
            answers = "; or ".join(f"{k}" + (f" ({v['description'].rstrip('.')})" if v.get("description") else "")
                                   + (f" (when {formula(v['if'])})" if "if" in v else "") +
                                   _say_answer_choice(v) + f": {say_effects(v.get('do')) or 'nothing more'}" +
                                   _say_prefer(v, "; a", "") +
                                   ("; the others may answer it in turn the same way, from its player's left"
                                    if v.get("reopens") is True else "")
                                   for k, v in r["moves"].items())
            if r.get("race"):
                who = "every player, the mover too," if "who" not in r else "each player other than the mover" \
                    if str(r["who"]).replace(" ", "") == "s!=mover" else f"each player for whom {formula(r['who'])}"
                out.append(f"Then {who} may answer at once, a race ({answers}), or let it pass; the first to "
                           "react (drawn by lot among those who answer) answers it" +
                           (f"; the last to react (one who let it pass, if any): {say_effects(r['slowest'])}"
                            if r.get("slowest") else "") + ".")
            else:
                out.append(f"Then {who}, in turn from the mover's left, may answer ({answers}), or pass; the "
                           "first answer ends it.")
    if spec.get("before-turn"):
        out.append(f"At the start of every turn, before the player chooses: "
                   f"{say_effects(spec['before-turn']) or 'nothing'}.")
    if spec.get("after-turn"):
        out.append(f"After every move: {say_effects(spec['after-turn']) or 'nothing'}.")
    if _rates(spec):
        out.append("A sensible player (the smart bot) makes the choice rated highest, a move or answer not "
                   "rated counting 0 (passing too); the rules are the same for every player.")
    out.append("When no move is possible, the phase ends." if alone else
               "A player with no possible move is passed; when nobody can move, the phase ends.")
    if spec.get("on-cycle") == "end-phase":
        out.append("So does a table that comes back as it was with no choice made in between (stuck: the only "
                   "moves go round), and the hand is scored.")
    return " ".join(out)


def _say_prefer(m: dict, before: str = " A", after: str = ".") -> str:
    """A move's (or an answer's) `prefer` in words, or nothing."""
    return f"{before} sensible player rates it {formula(m['prefer'])}{after}" if "prefer" in m else ""


def _rates(spec: dict) -> bool:
    """Does some move or answer of the phase say what a sensible player aims for?"""
    moves = (spec.get("moves") or {}).values()
    return any("prefer" in m for m in moves) or \
        any("prefer" in r for m in moves for r in ((m.get("respond") or {}).get("moves") or {}).values())


def _say_part(kind: str, v) -> str:
    return {"card": lambda: f"a card from {zone_words(v)} (card)",
            "cards": lambda: f"{_count(v)} {zone_words(v.get('from'))} (picked)",
            "from-pile": lambda: f"a pile to move from among {_piles_said(v)} (source)",
            "to-pile": lambda: _say_piles(v), "position": lambda: f"a face-down card of {zone_words(v)} by its place "
            "(position; the card it turns out to be: card)", "seat": lambda: f"a player {say_of(v, 's')} (target)",
            "rank": lambda: "a rank (rank)", "suit": lambda: "a suit (suit)",
            "value": lambda: (f"one of {', '.join(map(str, v))} (value" +
                              ("; each word read as its number)" if isinstance(v, dict) else ")")),
            "number": lambda: f"a number from {v[0]} to {v[1]} (number)"}[kind]()


def _say_answer_choice(v: dict) -> str:
    """An answer's own choice in words: ", choosing a card from hand (only where ...)"."""
    parts = [_say_part(k, x) for k, x in (v.get("choose") or {}).items()]
    if not parts:
        return ""
    return ", choosing " + " and ".join(parts) + (f" (only where {formula(v['legal'])})" if "legal" in v else "")


def _count(v: dict) -> str:
    lo, hi = v.get("min", 1), v.get("max")
    shapes = v.get("as")
    many = str(lo) if hi == lo else f"{lo} to {hi}" if hi else f"{lo} or more"
    if "adds-to" in v:
        counting = v.get("counting")
        counting = " or ".join(map(str, counting)) if isinstance(counting, list) else counting
        return f"cards whose {counting} add up to {formula(v['adds-to'])} ({many}) from"
    if v.get("per-rank"):
        per = v["per-rank"]
        return (f"a run of ranks one after another, {per} card{'s' if per != 1 else ''} of each (the suits not "
                f"chosen), of {many} cards from")
    if shapes:
        what = " or ".join(_SHAPE_WORDS.get(w, str(w)) for w in (shapes if isinstance(shapes, list) else [shapes]))
        return f"{what} of {many} cards from"
    return ("1 card" if lo == hi == 1 else f"{lo} cards" if lo == hi else f"{lo} to {hi} cards") + " from"


_SHAPE_WORDS = {"set": "a set (cards of one rank)", "run": "a run (cards of one suit in sequence)",
                "sequence": "a sequence (ranks in order, any suits)",
                "same-rank": "cards of one rank (suits repeated)"}


def _say_piles(v) -> str:
    keeps = ""
    if isinstance(v, dict):
        shapes = v.get("keeps")
        keeps = " that, with the cards laid on it, is still " + " or ".join(
            _SHAPE_WORDS.get(str(w), "a " + str(w)).split(" (")[0] for w in (shapes if isinstance(shapes, list) else [shapes]))
        v = v.get("among")
    return f"a pile to move to among {_piles_said(v)}{keeps} (dest)"


def _piles_said(v) -> str:
    """A pile choice's piles: a family's name as its piles, or the list."""
    return piles_said(v) if isinstance(v, str) else ", ".join(map(str, v or []))


# ---------------------------------------------------------------------------- the events in words
def _cards(ev: dict) -> str:
    cards = ev.get("cards") or []
    if cards and all(c is not None for c in cards):
        return ", ".join(cards)
    n = ev.get("count", len(cards))
    return f"{n} card{'s' if n != 1 else ''}"


def _zone(ev: dict, key: str) -> str:
    seat = ev.get(f"{key}_seat")
    return ev.get(key, "?") if seat is None else f"seat {seat}'s {ev.get(key)}"


def _line_move(ev: dict) -> str:
    """A move in words, naming no mover: the same event comes of a player's move and of a phase's own
    effects (a layout dealt at `start`), and a seat's zone already says whose cards they are."""
    cards = ev.get("cards") or []
    one = len(cards) == 1 if cards else ev.get("count") == 1
    return f"{_cards(ev)} go{'es' if one else ''} from {_zone(ev, 'from')} to {_zone(ev, 'to')}."


def _line_set(ev: dict) -> str:
    who = "" if ev.get("seat") is None else f"Seat {ev['seat']}'s "
    value = ev.get("value")
    if value is None and ev.get("seat") is not None:        # a secret counter, as another seat knows it
        return f"{who}{ev.get('name')} changes (that seat alone knows it)."
    return f"{who}{ev.get('name')}: now {'none' if value is None else value}."


def _line_order(ev: dict) -> str:
    what = ev.get("what")
    return {"again": f"Seat {ev.get('seat')} goes again.", "skip": "The next player is skipped.",
            "reverse": "Play changes direction.", "next": f"The turn passes to seat {ev.get('to')}."}.get(what, "")


def _line_tell(ev: dict) -> str:
    """Values told: "noir: 31, rouge: 35." (a player as its seat, cards by name)."""
    seats = set(ev.get("seats") or ())

    def said(name: str, v) -> str:
        if name in seats and v is not None:
            return f"seat {v}"
        if isinstance(v, list):
            return " ".join(map(str, v)) or "no cards"
        if isinstance(v, bool):
            return "yes" if v else "no"
        return "none" if v is None else str(v)
    return ", ".join(f"{k}: {said(k, v)}" for k, v in (ev.get("values") or {}).items()) + "."


def _line_reveal(ev: dict) -> str:
    listed = ev.get("cards") or []
    cards = ", ".join(map(str, listed)) or "nothing"      # a reveal that matched no card
    if None in listed:                                    # shown to another player: how many, not which
        cards = f"{len(listed)} card{'s' if len(listed) != 1 else ''}"
    to = f" to seat {ev['to']}" if ev.get("to") is not None else ""
    return f"Shown{to}: {cards}." if ev.get("seat") is None else f"Seat {ev['seat']} shows {cards}{to}."


ACCOUNT = {"move": _line_move, "reveal": _line_reveal,
           "set": _line_set, "shuffle": lambda ev: (f"Seat {ev['seat']}'s " if "seat" in ev else "") + f"{ev.get('zone')} is shuffled.", "turn-order": _line_order,
           "cannot-move": lambda ev: f"Seat {ev.get('seat')} cannot move.",
           "turns-over": lambda ev: f"The {ev.get('phase')} phase ends ({ev.get('why')}).",
           "respond": lambda ev: f"Seat {ev.get('seat')} answers " + ("their own move" if ev.get("seat") == ev.get("to")
                                                                    else f"seat {ev.get('to')}") + f": {ev.get('move')}.",
           "race": lambda ev: "A race: " + (f"seat {ev['first']} reacts first" if ev.get("first") is not None
                                            else "nobody answers") +
                              (f", seat {ev['last']} last." if ev.get("last") is not None else "."),
           "too-late": lambda ev: f"Seat {ev.get('seat')} is too late: {ev.get('move')} is no longer possible.",
           "tell": lambda ev: _line_tell(ev)}
def _tell_set(n, ev: dict) -> list[str]:
    """A value set, as the seat's table tells it: a value that holds a player (a tracked seat, a table counter
    of `type: seat`) said as the player ("banker: now Seat 2.", "giver: now You.")."""
    value, rules = ev.get("value"), n.looker.rules
    if ev.get("name") in rules.quiet_values:
        return []
    if isinstance(value, int) and ev.get("seat") is None and ev.get("name") in rules.seat_valued:
        return [f"{ev.get('name')}: now {n.who(value)}."]
    return [_line_set(ev)]


NARRATION = {k: (lambda f: lambda n, ev: [f(ev)])(f) for k, f in ACCOUNT.items()} | {"set": _tell_set}


_PART_NAMES = {"picked": "cards: {from: ZONE}", "card": "card: ZONE", "target": "seat: CONDITION",
               "number": "number: [LOW, HIGH]", "position": "position: ZONE"}


def _unchosen(scope: X.Scope) -> X.Scope:
    """A move's scope: a name a part would bind but none of this move's does (`picked` on a move that chooses
    no set of cards) is unknown with a hint to the part that chooses it, not a spelling guess ('pile')."""
    later = {name: f"`{name}` is what a move's `choose: {{{part}}}` chooses; this move chooses none"
             for name, part in _PART_NAMES.items() if name not in scope.names}
    return replace(scope, later={**scope.later, **later}) if later else scope


def _before_choosing(base: X.Scope | None, chosen: X.Scope) -> X.Scope | None:
    """The scope of a move's `if`: read before anything is chosen, so a name of the chosen things (or a
    card's field written bare) is unknown there, with a hint to `legal`, which reads them."""
    if base is None:
        return None
    why = "a move's `if` is read before the player chooses; a rule on what is chosen goes in `legal`"
    later = {name: why for name in chosen.names if name not in base.names}
    if "card" in later:
        later.update({f: f"a card's fields are read from it, card.{f}, in `legal` (a move's `if` is read before "
                         "the card is chosen)" for f in ("rank", "suit", "value", "name", "color")})
    return replace(base, later={**base.later, **chosen.later, **later})


def public(t: Table, seat: int) -> dict:
    """What the tables show of a `turns` phase (kinds/contract.py `public`): its tracked values that have a value,
    but a tracked card (never logged: the table does not see which card it is)."""
    return {name: v for ph in t.rules.phases if isinstance(ph, Turns) and ph.name in t.kind_state
            for name, v in t.kind_state[ph.name].items() if name in ph.shown and v is not None}


SMART = {TurnsView: guess, PreferView: prefer}     # what a sensible player does (turns/sense.py, kinds/contract.py)

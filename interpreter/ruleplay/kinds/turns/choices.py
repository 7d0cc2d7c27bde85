"""What a move asks its player to choose, and the alternatives that follow from it.

A move's `choose` lists its parts, asked in the order written: `card: ZONE` (a card the player sees),
`cards: {from: ZONE, min: A, max: B}` (several cards at once, asked card by card, then "done"),
`from-pile: [ZONE, ...]` and `to-pile: [ZONE, ...]` (one of several piles: moving between columns),
`position: ZONE` (a card taken blind, by its place: 1 is the top), `seat: BOOL over s` (another player),
`rank: true`, `suit: true` (any of the deck's), `value: [LIST]` and `number: [LOW, HIGH]`. Every combination of
the parts that passes the move's `legal` is an alternative; the player picks part by part, a part with one
possible answer is not asked. Each part is read in the move's rules by a name: `card`, `position`,
`target` (the seat), `picked` (the set of cards), `source` and `dest` (the piles: each with `-top`, its
top card, `-size`, its number of cards, and `-cards`, its cards), `rank`, `suit`, `value` and `number`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from itertools import combinations, product
from math import comb
from typing import Callable, Iterator

from ruleplay.compiler.model import Ctx
from ruleplay.engine.table import GameOver
from ruleplay.errors import did_you_mean
from ruleplay.kinds.turns import melds
from ruleplay.kinds.turns import stages
from ruleplay.kinds.turns import sums
from ruleplay.kinds.turns.refs import ZoneRef, family, names_read, pile_names, zone_ref
from ruleplay.lang import expr as X

MAX_ALTERNATIVES = 2_000_000  # combinations of one move's parts, reckoned on the whole deck when the file is validated
MAX_NUMBERS = 1000           # the widest `number: [LOW, HIGH]`
MAX_PILES = 60              # piles a from-pile or to-pile chooses among
MAX_SETS = 50_000            # the sets of cards a `cards` part offers at most, counted in play before listing them
                             # (`as:` sets and runs: reckoned on the whole deck when the file is validated)
NAMES = {"card": "card", "position": "position", "seat": "target", "rank": "rank", "suit": "suit",
         "value": "value", "number": "number", "cards": "picked", "from-pile": "source", "to-pile": "dest"}


@dataclass(frozen=True)
class Part:
    """One thing chosen: its kind, its zone (card, position) or its fixed answers, and its action slots."""

    kind: str
    name: str                                 # the name the move's rules read it by
    zone: ZoneRef | None = None
    answers: tuple = ()                       # seat/rank/suit/value/number: every possible answer
    seat_ok: Callable | None = None           # seat: bool over `s` (with `actor`)
    slots: int = 0                            # action slots in the phase's own block (not for cards)
    base: int = 0                             # the first of them, within the block
    sizes: tuple[int, int] = (1, 1)           # cards: the fewest and the most cards in a set
    piles: tuple = ()                         # from-pile, to-pile: the piles to choose among (ZoneRefs)
    shapes: tuple = ()                        # cards `as:`: only the sets and runs of the zone (melds.find)
    held_bound: bool = False                  # ... counted in play first (wild cards: too many in the whole deck)
    per_rank: int = 0                         # `as: sequence, per-rank: N`: N cards a rank, suits not chosen
    keeps: tuple = ()                         # to-pile `keeps:`: only piles still a set or run with the cards added
    adds_one: bool = True                     # ... the move's `card` (else its set of cards, `picked`)
    words: tuple = ()                         # value as a map: the word each answer (a number) is said by
    after: bool = False                       # its answers depend on a part chosen before it (target.hand)
    adds_to: Callable | None = None           # cards `adds-to`: the total their `counting` values make
    values: tuple = ()                        # ... each card's value (a deck attribute), by card
    known: dict = field(default_factory=dict, compare=False, repr=False)   # a pile's cards -> melds.wanted

    def options(self, t, keep: tuple | None = None) -> list:
        """The answers possible now: cards or positions of the zone, the seats `seat_ok` allows, or the list;
        a set of cards only of the cards `keep` marks (`Plan.keep`), when given."""
        if self.kind == "card":
            z = self.zone.cards(t)
            if z is None:
                return []
            if t.space.unique:                       # one card per name: every card is its own action
                return list(reversed(z))             # top first
            card = t.space.card                      # equal cards of a multi-deck game are one action
            return list({card(c): c for c in z}.values())[::-1]      # top first
        if self.kind == "position":
            z = self.zone.cards(t)
            return [] if z is None else list(range(1, len(z) + 1))
        if self.kind == "cards":
            z = self.zone.cards(t)
            if z is None:
                return []
            lo, hi = self.sizes
            if self.per_rank:                        # runs of ranks, N cards each, the suits not chosen
                return melds.by_rank(z, self.per_rank, lo, hi, t.rules.deck.for_hand(t))
            if self.shapes:                          # sets and runs, low card first (the deck's rank order)
                if self.held_bound:
                    self.bounded_melds(t, z)
                return melds.find(z, self.shapes, lo, hi, t.rules.deck.for_hand(t))
            if self.adds_to is not None:             # the sets adding up to a total (a capture by sums)
                return self.sums(t, z, lo, hi)
            keys = t.space.keys                      # each set in the canonical order, asked card by card
            held = sorted(z if keep is None else [c for c in z if keep[c]], key=keys.__getitem__)
            self.bounded(t, keep)
            return [c for k in range(lo, min(hi, len(held)) + 1) for c in combinations(held, k)]
        if self.keeps:                               # laying off: asked once the card (or cards) is chosen
            return self.extended(t, self.laid_out(t))
        if self.kind == "seat":
            out = []
            for s in self.answers:
                t.loc["s"] = s
                if t.takes_part(s) and (self.seat_ok is None or self.seat_ok(t)):
                    out.append(s)
            return out
        return list(self.answers)

    def bounded(self, t, keep: tuple | None = None) -> None:
        """A set of cards of the zone as it is now (not `as:` sets and runs, not `adds-to`) would be offered among
        at most MAX_SETS: counted before they are listed (a zone grown too large ends the game), of the cards
        `keep` marks when given (a check every card of the set must pass alone: `Plan.keep`)."""
        z = self.zone.cards(t)
        n = 0 if z is None else len(z) if keep is None else sum(keep[c] for c in z)
        lo, hi = self.sizes
        found = _sets(n, lo, min(hi, n))
        if found > MAX_SETS:
            raise GameOver("limit", [], f"a move would offer {found:,} sets of cards of {n} (more than {MAX_SETS:,})")

    def bounded_melds(self, t, z) -> None:
        """The sets and runs of the zone as it is would be at most MAX_SETS (a deck with several wild cards, or
        sequences of any suits, hold too many to bound them all when the file is validated)."""
        found = melds.count(t.rules.deck.for_hand(t), self.shapes, *self.sizes, z)
        if found > MAX_SETS:
            raise GameOver("limit", [], f"a move would offer up to {found:,} sets and runs of {len(z)} cards "
                                        f"(more than {MAX_SETS:,})")

    @property
    def deferrable(self) -> bool:
        """Its answers may be listed when a search first reaches it rather than before: a set of cards of a zone,
        which lists many and reads nothing but the zone (their count is bounded at once: `bounded`)."""
        return self.kind == "cards" and not self.shapes and self.adds_to is None and not self.after

    def sums(self, t, z, lo: int, hi: int) -> list:
        """The sets of the zone whose values add up to `adds-to` now (a bounded search: sums.py)."""
        total = self.adds_to(t)
        if total is None or total <= 0:
            return []
        try:
            return sums.find(z, self.values, total, lo, hi, t.space.keys.__getitem__, MAX_SETS)
        except sums.TooMany as over:
            raise GameOver("limit", [], f"a move would offer {over.what}") from None

    def laid_out(self, t) -> list[tuple]:
        """The piles that hold cards, as (answer, cards, melds.wanted): worked out once per search, not once
        per card tried on them (the piles do not change while the combinations are searched)."""
        deck, known, out = t.rules.deck.for_hand(t), self.known, []
        if known.get("deck") is not deck:            # a hand of other wild cards: what was worked out is stale
            known.clear()
            known["deck"] = deck
        shared, melded = t.shared, t.melded
        for a, i, ref in self.pile_places:
            pile = shared[i] if i is not None else ref.cards(t)
            if not pile:
                continue
            cards = tuple(pile)
            keeps = self.kept_as(t, ref, cards) if melded else self.keeps
            if not self.adds_one:
                out.append((a, cards, keeps))
                continue
            info = known.get((cards, keeps))
            if info is None:
                if len(known) > 4096:
                    known.clear()
                    known["deck"] = deck
                info = known[(cards, keeps)] = melds.wanted(cards, keeps, deck)
            out.append((a, cards, info))
        return out

    def kept_as(self, t, ref, cards: tuple) -> tuple:
        """`keeps`, narrowed to the shapes the pile's meld was laid as while its cards lie in it (a set of
        sevens with two jokers stays a set, though the cards would also make a run: t35)."""
        laid = t.melded.get(ref.zone_key(t))
        if laid is None or not laid[1] <= set(cards):
            return self.keeps
        return tuple(x for x in self.keeps if x in laid[0])

    @cached_property
    def pile_places(self) -> tuple:
        """(answer, its table zone's index or None, its ZoneRef) per pile: a table zone is read by its index."""
        out = []
        for a, ref in enumerate(self.piles):
            zone = getattr(ref, "zone", None)
            out.append((a, zone.index if zone is not None and zone.owner == "table" else None, ref))
        return tuple(out)

    def extended(self, t, laid: list[tuple]) -> list:
        """The piles of `laid` that stay a set or a run with the move's card (or cards) laid on them."""
        if not self.adds_one:
            deck, picked = t.rules.deck.for_hand(t), tuple(t.loc.get("picked", ()))
            return [a for a, cards, keeps in laid if melds.fits(cards + picked, keeps, deck)]
        card = t.card
        return [a for a, _, wants in laid if card in wants]

    @cached_property
    def bind(self) -> Callable[[object, object], None]:
        """bind(t, answer): make `answer` readable by the move's rules (and a position's card as `card`); the
        function for this part's kind is chosen once, as it runs at every combination searched."""
        name = self.name
        if self.loc_key is not None:                 # cards (as `picked`), seat, rank, suit, value, number
            def bind(t, answer) -> None:
                t.loc[name] = answer
        elif self.kind == "card":
            def bind(t, answer) -> None:
                t.card = answer
        elif self.kind == "position":
            cards = self.zone.cards

            def bind(t, answer) -> None:
                t.loc["position"] = answer
                t.card = cards(t)[-answer]
        else:                                        # from-pile, to-pile
            piles, ref = self.piles, name + "-ref"

            def bind(t, answer) -> None:
                loc, pile = t.loc, piles[answer]
                loc[name] = pile.text
                loc[ref] = pile
        return bind

    @cached_property
    def loc_key(self) -> str | None:
        """The name `bind` keeps an answer under in `Table.loc` when that is all it does (not a card, whose
        answer is `Table.card`, nor a pile, kept with its reference): a search stores it there in place."""
        return None if self.kind in ("card", "position") or self.piles else self.name

    def unbind(self, t) -> None:
        """Forget what `bind` made readable, once the move is done."""
        if self.kind in ("card", "position"):
            t.card = None
        if self.kind != "card":
            t.loc.pop(self.name, None)
        if self.piles:
            t.loc.pop(self.name + "-ref", None)

    def label(self, answer, names) -> str:
        if self.piles:
            return self.piles[answer].text
        if self.kind == "card":
            return names[answer]
        if self.kind == "position":
            return f"position {answer}"
        if self.kind == "seat":
            return f"seat {answer}"
        if self.words:                               # a value map: the player says the word, the rules read the number
            return self.words[self.answers.index(answer)]
        return str(answer)

    def seat_labels(self, t, answers: dict) -> dict | None:
        """A chosen pile of another seat's family said as that seat's (`give: seat 1's col1`: the action's label
        is the file's text, `give: opp.col1`, the same for every player); None when no answer is such a pile."""
        if not self.piles:
            return None
        out = {}
        for a, x in answers.items():
            ref = self.piles[x]
            owner = ref.owner(t) if ref.zone.owner == "seat" else None
            if owner is not None and owner != t.actor:
                said, text = t.space.label(a), ref.text      # "give: opp.col1" -> "give: seat 1's col1"
                out[a] = (said[:-len(text)] if said.endswith(text) else "") + f"seat {owner}'s {ref.zone.name}"
        return out or None

    def slot_labels(self) -> list[str]:
        """The labels of this part's action slots (cards use the card actions instead)."""
        if self.kind == "cards":
            return ["done"]
        if self.kind == "position":
            return [f"position {p}" for p in range(1, self.slots + 1)]
        return [self.label(a, None) for a in self.answers]

    def said_labels(self, others: list["Part"]) -> list[str]:
        """The slot labels as a decision says them: with the part's kind in front (`value 2`, `number 2`) when
        another part of the move (not a pile's, whose next line names it) has a label alike (t37: a rank and a
        stake both said `bet: 2`)."""
        mine = self.slot_labels()
        if self.piles or self.kind in ("seat", "position", "cards"):
            return mine
        theirs = {x for p in others if p is not self and not p.piles and p.kind != "cards" for x in p.slot_labels()}
        return [f"{self.kind} {x}" for x in mine] if theirs.intersection(mine) else mine

    def action(self, t, block: int, answer) -> int:
        return self.actions(t, block, (answer,))[0]

    def actions(self, t, block: int, answers) -> list[int]:
        """The action of each answer (a decision's list at once: a layout of 52 is asked at every turn)."""
        if self.kind == "card":
            table = t.space.card_action
            return [table[c] for c in answers]
        b = block + self.base
        if self.kind == "position":
            return [b + x - 1 for x in answers]
        place = self.place
        return [b + place[x] for x in answers]

    @cached_property
    def place(self) -> dict:
        """Each possible answer's place in `answers` (its slot)."""
        out: dict = {}
        for i, a in enumerate(self.answers):
            out.setdefault(a, i)
        return out


def bindings(parts: list[Part]) -> dict[str, X.Binding]:
    """The names the move's rules read its parts by."""
    out: dict[str, X.Binding] = {}
    for p in parts:
        if p.kind in ("card", "position"):
            out["card"] = X.CARD_BINDING
        if p.piles:
            out.update(pile_names(p.name))
        elif p.kind == "cards":
            out["picked"] = X.Binding(X.CARDS, lambda e: e.loc.get("picked", ()))
        elif p.kind == "position":
            out["position"] = X.Binding(X.INT, lambda e: e.loc.get("position"))
        elif p.kind == "seat":
            out["target"] = X.Binding(X.SEAT, lambda e: e.loc.get("target"))
        elif p.kind == "number":
            out["number"] = X.Binding(X.INT, lambda e: e.loc.get("number"))
        elif p.kind != "card":
            typ = X.INT if p.answers and all(isinstance(a, int) for a in p.answers) else X.STR
            out[p.name] = X.Binding(typ, (lambda k: lambda e: e.loc.get(k))(p.name))
    return out


def _value_map(ctx: Ctx, p: tuple, raw: dict) -> Part | None:
    """`value: {WORD: NUMBER, ...}`: the player chooses a word (so the log, the tables and the sheet say it),
    the rules read its number (so values compare by rank: calls `1C: 1` ... `7NT: 35`)."""
    words, numbers = tuple(raw), tuple(raw.values())
    bad = next((w for w, n in raw.items() if not isinstance(w, str) or not w.strip() or type(n) is not int), None)
    if not raw or len(raw) > MAX_NUMBERS or bad is not None:
        where = p + (bad,) if bad is not None and isinstance(bad, str) else p
        ctx.error(where, "a map of words to whole numbers is needed here, e.g. {1C: 1, 1D: 2}", value=True)
        return None
    if len(set(numbers)) != len(numbers):
        twice = next(w for i, w in enumerate(words) if raw[w] in numbers[:i])     # the second to have it
        ctx.error(p + (twice,), f"the number {raw[twice]} is given to more than one word",
                  "give each word its own number: the rules tell the values apart by it", value=True)
        return None
    return Part("value", "value", answers=numbers, slots=len(numbers), words=words)


def compile_parts(ctx: Ctx, path: tuple, scope: X.Scope, base: int) -> list[Part] | None:
    """The parts of a move's `choose` at `path`, their slots numbered from `base` within the phase's block."""
    spec = ctx.get(path) or {}
    deck = ctx.deck
    parts: list[Part] = []
    ok = True
    outer = scope
    for kind in spec:
        p = path + (kind,)
        name = NAMES[kind]
        earlier = set().union(*(_names_of(q) for q in parts)) if parts else set()
        scope = outer.with_names(**bindings(parts)) if parts else outer       # a part reads those chosen before
        if (kind == "card" and "position" in spec) or (kind == "position" and "card" in spec):
            ctx.error(p, "a move chooses one card at most (by `card` or by `position`)", "split it into two moves")
            ok = False
            continue
        raw = spec[kind]
        if kind in ("card", "position"):
            ref = zone_ref(ctx, p, scope)
            if ref is None:
                ok = False
                continue
            if kind == "card" and not seen_by_chooser(ref):
                ctx.error(p, f"the player cannot see the cards of {raw}: a card is chosen by name only from a "
                             "zone face up or from the player's own hand",
                          "take it blind by its place with position: ZONE", value=True)
                ok = False
                continue
            part = Part(kind, name, zone=ref, slots=len(deck) if kind == "position" else 0,
                        after=bool(ref.reads & earlier))
        elif kind in ("from-pile", "to-pile"):
            keeps: tuple = ()
            if isinstance(raw, dict) and kind == "to-pile":      # {among: PILES, keeps: [set, run]}
                keeps = _shapes(ctx, p + ("keeps",), raw.get("keeps"), "keeps")
                if keeps is None or not _adds_cards(ctx, p, list(spec)[:list(spec).index(kind)]):
                    ok = False
                    continue
                p, raw = p + ("among",), raw.get("among")
            refs = _pile_list(ctx, p, scope, raw)
            if len(refs) > MAX_PILES:
                ctx.error(p, f"{len(refs)} piles to choose among; the limit is {MAX_PILES}", value=True)
                ok = False
                continue
            if not refs or None in refs or len({r.text for r in refs}) != len(refs):
                if refs and None not in refs:
                    ctx.error(p, "a pile is listed twice", "list each pile once", value=True)
                elif not refs:
                    ctx.error(p, "a list of piles is needed here, e.g. [col1, col2, cell1]", value=True)
                ok = False
                continue
            part = Part(kind, name, answers=tuple(range(len(refs))), slots=len(refs), piles=tuple(refs),
                        keeps=keeps)
        elif kind == "cards":
            part = _cards_part(ctx, p, scope, raw, len(deck), earlier)
            if part is None:
                ok = False
                continue
        elif kind == "seat":
            seat_ok = ctx.expr(p, X.BOOL, scope.with_names(s=X.Binding(X.SEAT, lambda e: e.loc["s"])))
            if seat_ok is None:
                ok = False
                continue
            part = Part(kind, name, answers=tuple(range(ctx.players)), seat_ok=seat_ok.fn, slots=ctx.players,
                        after=bool(names_read(seat_ok, scope) & earlier))
        elif kind in ("rank", "suit"):
            if raw is not True:
                ctx.error(p, f"write `{kind}: true` (any of the deck's {kind}s)", value=True)
                ok = False
                continue
            answers = tuple(dict.fromkeys(deck.ranks if kind == "rank" else deck.suits))
            part = Part(kind, name, answers=answers, slots=len(answers))
        elif kind == "value" and isinstance(raw, dict):
            part = _value_map(ctx, p, raw)
            if part is None:
                ok = False
                continue
        elif kind == "value":
            answers = tuple(raw) if isinstance(raw, list) else ()
            if not answers or len(set(map(str, answers))) != len(answers) or \
                    len({type(a) for a in answers}) != 1:
                ctx.error(p, "a list of different values, all numbers or all words, is needed here", value=True)
                ok = False
                continue
            part = Part(kind, name, answers=answers, slots=len(answers))
        else:                                  # number: [LOW, HIGH], numbers or options
            bounds = [ctx.const_int(p + (i,), None, -10**6, 10**6) for i in range(len(raw))] \
                if isinstance(raw, list) and len(raw) == 2 else []
            if None in bounds:                 # placed at the bound (not fixed, or out of range)
                ok = False
                continue
            if not (len(bounds) == 2 and bounds[0] <= bounds[1] and bounds[1] - bounds[0] < MAX_NUMBERS):
                ctx.error(p, f"write number: [LOW, HIGH], two whole numbers at most {MAX_NUMBERS} apart"
                          + (f" (here {bounds[0]} to {bounds[1]})" if len(bounds) == 2 else ""), value=True)
                ok = False
                continue
            answers = tuple(range(bounds[0], bounds[1] + 1))
            part = Part(kind, name, answers=answers, slots=len(answers))
        if part.keeps:                       # the card part chosen last before the pile is what is laid off
            part = replace(part, adds_one=[q.kind for q in parts if q.kind in ("card", "cards")][-1] == "card")
        parts.append(replace(part, base=base))
        base += part.slots
    if not ok:
        return None
    size = 1
    for part in parts:                   # a sum's sets are counted in play (capped_in_play), not reckoned here
        size *= (melds.count_by_rank(deck, part.per_rank, *part.sizes) if part.per_rank else
                 min(MAX_SETS, melds.count(deck, part.shapes, *part.sizes)) if part.shapes else 1 if part.adds_to
                 else min(MAX_SETS, _sets(len(deck), *part.sizes))) if part.kind == "cards" else part.slots or len(deck)
    if size > MAX_ALTERNATIVES:
        narrow = [f"narrow the `{p.kind}` range" for p in parts if p.kind in ("number", "value")]
        ctx.error(path, f"this move has up to {size:,} combinations to choose from; the limit is "
                        f"{MAX_ALTERNATIVES:,}", "choose fewer things at once" + (f", or {narrow[0]}" if narrow else ""))
        return None
    return parts


def capped_in_play(found: Iterator[tuple]) -> Iterator[tuple]:
    """The alternatives of a move with a sum's sets (counted in play, not reckoned at validation), at most
    MAX_ALTERNATIVES: more stop the game as a limit (docs/limits.md)."""
    for k, combo in enumerate(found):
        if k >= MAX_ALTERNATIVES:
            raise GameOver("limit", [], f"a move would offer more than {MAX_ALTERNATIVES:,} combinations")
        yield combo


def seen_by_chooser(ref) -> bool:
    """The player choosing sees the zone's cards: it lies face up, or it is their own hand (no seat written:
    the actor's) seen by its owner. A chosen pile (source, dest) is judged where it is listed."""
    zone = getattr(ref, "zone", None)
    if zone is None:
        return True
    return zone.visibility == "public" or (zone.visibility == "owner" and ref.seat is None)


@cache
def _sets(n: int, lo: int, hi: int) -> int:
    """The sets of `lo` to `hi` cards among `n`: counted at every search that offers a set of cards (`bounded`),
    so kept (a few sizes of zone, a few bounds)."""
    return sum(comb(n, k) for k in range(lo, hi + 1))


def _cards_part(ctx: Ctx, path: tuple, scope: X.Scope, raw: dict, deck_size: int,
                earlier: set[str] = frozenset()) -> Part | None:
    """`cards: {from: ZONE, min: A, max: B}`: a set of A to B of the zone's cards (counted in play before they
    are listed: at most MAX_SETS of the zone as it is, else the game stops as a limit);
    with `as: set | run | [set, run]` only the sets and runs among them (bounded by counting those); with
    `adds-to: TOTAL, counting: ATTRIBUTE` only the sets whose values add up to the total (counted before
    they are listed, in play: sums.py)."""
    ref = zone_ref(ctx, path + ("from",), scope)
    if "adds-to" in raw:
        return _sum_part(ctx, path, scope, raw, deck_size, ref, earlier)
    if ref is not None and not seen_by_chooser(ref):
        ctx.error(path + ("from",), f"the player cannot see the cards of {raw.get('from')}: a set of cards is "
                                    "chosen from a zone face up or from the player's own hand", value=True)
        return None
    shapes = _shapes(ctx, path + ("as",), raw.get("as"), "as") if "as" in raw else ()
    lo = ctx.const_int(path + ("min",), 1, 0, deck_size)
    if shapes and "max" not in raw:
        hi = deck_size
    elif "max" not in raw:
        ctx.error(path, "how many cards at most? write max: N", "or find sets and runs with as: [set, run] "
                                                                "(no max needed)")
        return None
    else:
        hi = ctx.const_int(path + ("max",), None, 1, deck_size)
    if ref is None or lo is None or hi is None or shapes is None:
        return None
    if lo > hi:
        ctx.error(path + ("min",), f"min ({lo}) is more than max ({hi})", value=True)
        return None
    if "per-rank" in raw:
        if shapes != ("sequence",):
            ctx.error(path + ("per-rank",), "per-rank gives the cards of each rank of a sequence: it goes with "
                                            "as: sequence alone", "write as: sequence", value=True)
            return None
        per = ctx.const_int(path + ("per-rank",), None, 1, max(Counter(ctx.deck.rank).values()))
        if per is None:
            return None
        return Part("cards", "picked", zone=ref, slots=1, sizes=(lo, hi), shapes=shapes, per_rank=per)
    if shapes:
        found = melds.count(ctx.deck, shapes, lo, hi)
        if found > MAX_SETS and melds.bounded_in_play(ctx.deck, shapes):   # in the zone as it is (`bounded_melds`)
            dealt = ctx.get(("deal", "count"))
            if "sequence" in shapes and isinstance(dealt, int) and dealt > 0:
                size = next((k for k in range(dealt, min(2 * dealt, deck_size) + 1)
                             if melds.hand_bound(ctx.deck, shapes, lo, hi, k) > MAX_SETS), None)
                if size is not None:
                    ctx.note(path + ("as",), f"a hand of {size} cards or more, spread over the ranks, may hold more "
                                             f"than {MAX_SETS:,} sequences (every choice of suits); a move offering "
                                             "that many stops the game as a limit", "when the suits do not matter, "
                                             "write per-rank: 1 (one play a run of ranks); or cap them with max: N")
            return Part("cards", "picked", zone=ref, slots=1, sizes=(lo, hi), shapes=shapes, held_bound=True)
        if found > MAX_SETS:
            ctx.error(path + ("as",), f"the whole deck holds {found:,} such sets and runs; the limit is "
                                      f"{MAX_SETS:,}", "ask for fewer cards (a smaller max)", value=True)
            return None
        return Part("cards", "picked", zone=ref, slots=1, sizes=(lo, hi), shapes=shapes)
    return Part("cards", "picked", zone=ref, slots=1, sizes=(lo, hi))     # bounded in play (`options`)


def _sum_part(ctx: Ctx, path: tuple, scope: X.Scope, raw: dict, deck_size: int, ref, earlier: set[str]) -> Part | None:
    """`cards: {from, adds-to: TOTAL, counting: ATTRIBUTE, min, max}`: the sets adding up to TOTAL (an int read
    once the parts before it are chosen: `card.value`, the card played)."""
    if "as" in raw:
        ctx.error(path + ("as",), "a set of cards is found either by shape (as:) or by sum (adds-to:), not both",
                  "keep one of them", value=True)
        return None
    attrs = ctx.deck.attrs
    raw_counting = raw.get("counting")
    names = raw_counting if isinstance(raw_counting, list) else [raw_counting]
    counting = next((n for n in names if n not in attrs), None) if "counting" in raw else None
    if "counting" not in raw or counting is not None:
        ctx.error(path + ("counting",) if "counting" in raw else path,
                  "adds-to needs `counting:`, a deck attribute giving each card's value" if "counting" not in raw
                  else f"'{counting}' is not an attribute of the deck",
                  did_you_mean(str(counting), attrs) or (f"attributes: {', '.join(attrs)}" if attrs else
                                                         "declare one under deck: attributes:"), value=True)
        return None
    total = ctx.expr(path + ("adds-to",), X.INT, scope)
    lo = ctx.const_int(path + ("min",), 1, 1, deck_size)
    hi = ctx.const_int(path + ("max",), deck_size, 1, deck_size)
    if ref is None or total is None or lo is None or hi is None:
        return None
    if lo > hi:
        ctx.error(path + ("min",), f"min ({lo}) is more than max ({hi})", value=True)
        return None
    reads = ref.reads | names_read(total, scope)
    values = tuple(attrs[names[0]]) if len(names) == 1 else \
        tuple(tuple(sorted({attrs[n][c] for n in names})) for c in range(deck_size))   # each card's ways to count
    return Part("cards", "picked", zone=ref, slots=1, sizes=(lo, hi), adds_to=total.fn,
                values=values, after=bool(reads & earlier))


def _shapes(ctx: Ctx, path: tuple, raw, key: str) -> tuple | None:
    """`set`, `run`, ... or a list of them (`as:` of a set of cards, `keeps:` of a pile): the shapes, or None."""
    words = raw if isinstance(raw, list) else [raw]
    bad = [w for w in words if w not in melds.SHAPES]
    if not words or bad or len(set(words)) != len(words):
        word = str(bad[0]) if bad else ""
        ctx.error(path, f"{key}: " + (f"'{word}' is not a combination" if bad else "a combination is needed here")
                  + ": set (cards of one rank, no suit twice), run (cards of one suit in sequence), same-rank "
                    "(cards of one rank, suits repeated: two packs), sequence (ranks in sequence, any suits) or "
                    "a list of them",
                  did_you_mean(word, melds.SHAPES) if bad else None, value=True)
        return None
    return tuple(w for w in melds.SHAPES if w in words)


def _adds_cards(ctx: Ctx, path: tuple, before: list[str]) -> bool:
    """`keeps:` tests the pile with the move's card (or cards) added: one must be chosen before the pile."""
    if "card" in before or "cards" in before:
        return True
    ctx.error(path + ("keeps",), "keeps: tests the pile with the cards laid on it, but no card is chosen before "
                                 "the pile", "choose card: hand (or cards:) before to-pile")
    return False


def _pile_list(ctx: Ctx, path: tuple, scope: X.Scope, raw) -> list:
    """A list of piles (a family's name standing for its piles), or a family's name alone."""
    if isinstance(raw, str):
        piles = family(ctx, raw, scope, path)
        if piles:
            return piles
        if piles is None:
            return [None]
        families = getattr(ctx, "families", {})
        ctx.error(path, f"'{raw}' is not a family of piles (a zone declared with a count)",
                  did_you_mean(raw, families) or "list the piles instead, e.g. [col1, col2, cell1]", value=True)
        return [None]
    refs: list = []
    for i, r in enumerate(raw if isinstance(raw, list) else []):
        piles = family(ctx, r, scope, path + (i,)) if isinstance(r, str) else []
        refs.extend(piles or [zone_ref(ctx, path + (i,), scope, r)] if piles is not None else [None])
    return refs


@dataclass(frozen=True)
class Check:
    """One condition of a move's `legal` (a part of a top-level `and`): tested as soon as the parts it reads
    (`reads`, their indices) are chosen, once per answer of those parts, so a combination that already fails
    is never completed and a condition on the rank alone is not tested again for every seat."""

    fn: Callable
    reads: tuple[int, ...]
    names: frozenset = frozenset()            # the names it reads (through its definitions too)
    outside: tuple | None = None              # pure: the getters of what it reads besides the parts (memo_getters)
    staged: stages.Node | None = None         # direct: judged in stages (`staged`)
    every: tuple | None = None                # `all(BODY for x in NAME)`, BODY reading x alone (`Compiled.every`)

    @property
    def level(self) -> int:
        return max(self.reads) + 1 if self.reads else 0


_SCALARS = frozenset([X.INT, X.BOOL, X.STR, X.CARD])


def memo_getters(parts: list[Part], names: frozenset, scope: X.Scope) -> tuple | None:
    """How a check's value can be remembered from one search to the next: it reads nothing but the parts'
    answers (a chosen pile by its cards), constants, and names holding one value each or a zone's cards, so it
    is a function of those values. The getters of the names outside the parts (a zone's cards as a tuple), in
    a fixed order; None when it reads a seat (a seat's fields read the table) or anything else."""
    of_parts: dict[str, Part] = {}
    for p in parts:
        for n in _names_of(p):
            of_parts[n] = p
    getters = []
    for n in sorted(names):
        if n in of_parts:
            if of_parts[n].kind == "seat":
                return None
            continue
        b = scope.names.get(n)
        if b is None or n in scope.loop_vars:   # a loop variable, a field's or a definition's name
            continue
        if b.is_const:
            continue
        if b.type in _SCALARS and b.getter is not None:
            getters.append(b.getter)
        elif b.type == X.CARDS and b.getter is not None:
            getters.append((lambda g: lambda e: () if (z := g(e)) is None else tuple(z))(b.getter))
        else:
            return None
    return tuple(getters)


def reads(parts: list[Part], compiled: X.Compiled, scope: X.Scope) -> tuple[int, ...]:
    """The indices of the parts `compiled` reads (through the definitions it uses too)."""
    used = names_read(compiled, scope)
    return tuple(i for i, p in enumerate(parts) if used & _names_of(p))


def staged(parts: list[Part], text, read: tuple[int, ...], scope: X.Scope) -> stages.Node | None:
    """A check that reads every part chosen so far staged on the last (stages.py): what of it reads only the
    parts before (the first part: nothing chosen) is judged once per their answers; None when nothing of it
    can be."""
    level = len(read)
    if level < 1 or read != tuple(range(level)) or not isinstance(text, str):
        return None
    n = stages.node(X.unwrap(X.parse(text)), text, scope, frozenset(_names_of(parts[level - 1])))
    return n if stages.early(n) else None


def _names_of(p: Part) -> set[str]:
    if p.kind == "position":
        return {"card", "position"}
    if p.piles:
        return set(pile_names(p.name))             # the pile's name and what is read of it (`-top`, `-number`...)
    return {p.name}


@dataclass(frozen=True)
class Plan:
    """How a move's combinations are searched, worked out once when the file is compiled: per number of parts
    chosen, the checks that read every part chosen so far (each combination is seen once: tested directly)
    and the others (remembered by the answers they read); and the parts whose answers depend on a part
    chosen before them (a pile laid off on, a card taken blind from the chosen player's hand, the cards
    adding up to the card played: asked for their answers as the search reaches them)."""

    direct: tuple[Callable | None, ...]      # per level, its direct checks as one test (None: nothing)
    remembered: tuple[tuple[tuple[Callable, tuple[int, ...]], ...], ...]     # (fn, the earlier parts it reads)
    lazy: tuple[bool, ...]
    free: bool                   # nothing tested once a part is chosen, no lazy part: every combination
    # per level, when its direct test is pure (memo_getters): the getters of what it reads besides the parts,
    # and its values kept from search to search by the parts' states; None: tested each time
    pure: tuple[tuple | None, ...] = ()
    states: tuple[Callable | None, ...] = ()     # per part: its answer's state (what the checks read of it)
    # per level: [outside values, {the states of the parts before it: {the part's state: bool}}, entries];
    # last, [{state: its number}]: the states numbered, so a combination is looked up by small numbers
    memo: list = field(default_factory=list, compare=False, repr=False)
    remembering: bool = False    # some level's test is remembered (`_remembering` searches)
    # (k, c) per part k that lays cards off on piles (`keeps`): none laid out, no alternative; c, the part
    # choosing the one card laid off (None: not one card chosen before), whose answers no pile takes are dropped
    laying: tuple[tuple[int, int | None], ...] = ()
    # per part: the parts after it are searched the same whatever its answer (no check after it reads it, none of
    # them lazy), so their combinations are found under its first answer and reused under the others
    reuse: tuple[bool, ...] = ()
    # per part: its answers are listed when the search first reaches it (`Part.deferrable`, after the first part,
    # in a search that tests): a move whose first part's answers all fail never lists them
    defer: tuple[bool, ...] = ()
    # per level: its direct test in stages (`Check.staged`), run once the parts before its last are chosen; None:
    # its direct test as it is
    staged: tuple[stages.Stage | None, ...] = ()
    # per part: a set of cards listed only of the cards marked here (`_kept`), whose checks then go untested
    keep: tuple[tuple | None, ...] = ()
    # per part: True when `_remembering` lists its answers' states once a search, where it first reaches it (they
    # read nothing chosen before it: `_steady`), else None; worked out here, not at every search
    ahead: tuple[bool | None, ...] = ()
    steady: tuple[bool, ...] = ()        # per part: its piles read nothing chosen before it (`_steady`)


MEMO_SIZE = 200_000      # combinations' values a level keeps; past that, forgotten and begun again


def plan(parts: list[Part], checks: list[list[Check]]) -> Plan:
    lazy = tuple(bool(p.keeps) or p.after for p in parts)
    keep = tuple(_kept(parts, k, checks[k + 1]) for k in range(len(parts)))
    checks = [[c for c in tests if not _sifts(parts, c)] for tests in checks]
    whole = [tuple(range(k)) for k in range(len(checks))]
    pure: list[tuple | None] = []
    for k, tests in enumerate(checks):
        direct = [c for c in tests if c.reads == whole[k]]
        # from the second part on, where the combinations multiply: a first part's answers are tested once a
        # search each, which a memo does not spare enough to pay for itself (measured: a one-card discard
        # whose check is cheaper than the lookup)
        if k < 2 or not direct or any(c.outside is None for c in direct):
            pure.append(None)
        else:
            pure.append(tuple(g for c in direct for g in c.outside))
    deep = frozenset().union(*(c.names for tests in checks for c in tests))
    states = tuple(_state(p, p.name + "-cards" in deep) if any(x is not None for x in pure[k + 1:]) else None
                   for k, p in enumerate(parts))
    return Plan(tuple(stages.together([c.fn for c in tests if c.reads == whole[k]]) for k, tests in enumerate(checks)),
                tuple(tuple((c.fn, c.reads[:-1]) for c in tests if c.reads != whole[k])
                      for k, tests in enumerate(checks)),
                lazy, not any(checks[1:]) and not any(lazy), tuple(pure), states,
                [*([None, {}, 0] for _ in checks), [{}]], any(x is not None for x in pure),
                tuple((k, _laid_card(parts, k)) for k, p in enumerate(parts) if p.keeps and _steady(p)),
                _reusable(parts, checks, lazy),
                tuple(k > 0 and not lazy[k] and p.deferrable and (any(checks[1:]) or any(lazy))
                      for k, p in enumerate(parts)),
                tuple(_staged_level([c for c in tests if c.reads == whole[k]]) for k, tests in enumerate(checks)),
                keep, tuple(states[k] is not None and not lazy[k] and _steady(p) or None for k, p in enumerate(parts)),
                steady=tuple(_steady(p) for p in parts))


def _sifts(parts: list[Part], c: Check) -> bool:
    """The check asks every card of a plain set of cards chosen (no `as:`, no `adds-to`) something of that card
    alone (`all(x.value > 0 for x in picked)`): the sets are listed from the cards that pass (`Plan.keep`)."""
    if c.every is None or len(c.reads) != 1:
        return False
    p = parts[c.reads[0]]
    return p.kind == "cards" and not p.shapes and p.adds_to is None and c.every[0] == p.name


def _kept(parts: list[Part], k: int, tests: list[Check]) -> tuple | None:
    """Per card, 1 when it passes every check of part k that `_sifts` (None: none does)."""
    marks = [c.every[1] for c in tests if c.reads == (k,) and _sifts(parts, c)]
    if not marks:
        return None
    return tuple(int(all(m)) for m in zip(*marks))


def _staged_level(direct: list[Check]) -> stages.Stage | None:
    """A level's direct checks as one staged test, when one of them is staged (`Plan.staged`)."""
    if not any(c.staged for c in direct):
        return None
    return stages.stage(("chain", False, [c.staged or ("late", c.fn) for c in direct]))


def _laid_card(parts: list[Part], k: int) -> int | None:
    """The part choosing the card that part k lays off (`Plan.laying`): the move's one card chosen, before it."""
    binders = [j for j, p in enumerate(parts) if p.kind in ("card", "position")]
    if not parts[k].adds_one or len(binders) != 1 or parts[binders[0]].kind != "card" or binders[0] > k:
        return None
    return binders[0]


def _reusable(parts: list[Part], checks: list[list[Check]], lazy: tuple[bool, ...]) -> tuple[bool, ...]:
    """Per part, whether the combinations of the parts after it do not depend on its answer (`Plan.reuse`):
    asking a player for a rank and a suit, whichever player is asked."""
    last = len(parts)
    return tuple(k + 1 < last and not any(lazy[k + 1:]) and
                 not any(k in c.reads for tests in checks[k + 2:] for c in tests) for k in range(last))


def _state(p: Part, deep: bool) -> Callable:
    """state(t, answer): what the rules can read of the part once `answer` is bound (computed without binding
    it): a pile by its number and its size and top card (all its cards when they are read), a card taken
    blind with its card, any other answer as it is."""
    if p.piles:
        reads = [ref.read for ref in p.piles]
        if deep:
            def state(t, a):
                z = reads[a](t)
                return (a, () if z is None else tuple(z))
        else:
            def state(t, a):
                z = reads[a](t)
                return (a, len(z), z[-1]) if z else (a, 0, None)
        return state
    if p.kind == "position":
        cards = p.zone.cards
        return lambda t, a: (a, cards(t)[-a])
    return lambda t, a: a


def alternatives(t, parts: list[Part], checks: list[list[Check]], how: Plan) -> Iterator[tuple]:
    """Every combination of the parts' answers now (in order) that passes every check (`checks[k]`: those
    tested once the first k parts are chosen), searched as `how` says, one at a time: a search stopped at
    its first combination (is the move possible?) goes on later, when the move is chosen."""
    for c in checks[0]:                      # in order, the first that fails decides (no generator a search)
        if not c.fn(t):
            return iter(())
    lazy, defer, steady = how.lazy, how.defer, how.steady
    options = [(p.laid_out(t) if p.keeps and steady[k] else None) if lazy[k] else p.bounded(t, how.keep[k])
               if defer[k] else p.options(t, how.keep[k]) for k, p in enumerate(parts)]
    for k, c in how.laying:
        laid = options[k]
        if not laid:                         # no pile laid out: nothing to lay off on, whatever the other parts
            return iter(())
        if c is not None:                    # a card no pile takes has no alternative: dropped before the search
            takes = frozenset().union(*[wants for _, _, wants in laid])
            options[c] = [x for x in options[c] if x in takes]
    if how.free:                             # nothing to test: every combination (no binding needed)
        return product(*options)
    return _search(t, parts, options, how)


def _search(t, parts: list[Part], options: list, how: Plan) -> Iterator[tuple]:
    """The combinations of `options` that pass the checks, part by part (a generator: it may stop early)."""
    lazy = how.lazy
    last = len(parts)
    if last == 1 and not lazy[0]:            # one part tested answer by answer (a card of the hand): no recursion
        return _one(t, parts[0].bind, options[0], _level_test(t, how, 1))
    prefix: list = []
    known: dict[tuple, bool] = {}

    def values_of(tests: tuple) -> list:
        """Each remembered check's values by the answer of the part being chosen, given the earlier answers it
        reads (fixed while that part's answers are tried): [(values, fn)], one dict lookup an answer."""
        return [(known.setdefault((fn, *[prefix[i] for i in before]), {}), fn) for fn, before in tests]

    remembered, reuse = how.remembered, how.reuse
    if how.remembering:
        return _remembering(t, parts, options, how, prefix, values_of)

    def extend(k: int) -> Iterator[tuple]:
        test = _level_test(t, how, k + 1)
        if test is False:                     # the parts before fail it, whatever this one's answer
            return
        part, tests = parts[k], remembered[k + 1]
        bind, deeper = part.bind, k + 1 < last
        answers = _answers(t, part, options, k, how)
        kept = values_of(tests) if tests else None
        if not deeper and kept is None and test is not None:     # the last part, one test: the usual loop, bare
            key, loc = part.loc_key, t.loc
            for a in answers:
                if key is None:
                    bind(t, a)
                else:                         # kept under its name: no call (a set of table cards picked)
                    loc[key] = a
                if test(t):
                    yield (*prefix, a)
                    for j, b in enumerate(prefix):   # other moves were searched meanwhile: bind ours again
                        parts[j].bind(t, b)
            return
        rests = None                          # the later parts' answers found under the first answer (`reuse`)
        for a in answers:
            bind(t, a)
            if kept is not None and not _remembered(kept, t, a):     # a lookup, mostly: before the test
                continue
            if test is not None and not test(t):
                continue
            if rests is not None:
                for rest in rests:
                    yield (*prefix, a, *rest)
                    for j, b in enumerate(prefix):   # as below: the earlier parts bound again
                        parts[j].bind(t, b)
            elif deeper:
                prefix.append(a)
                if reuse[k]:
                    rests, n = [], k + 1
                    for combo in extend(k + 1):
                        rests.append(combo[n:])
                        yield combo
                else:
                    yield from extend(k + 1)
                prefix.pop()
            else:
                yield (*prefix, a)
                for j, b in enumerate(prefix):   # other moves were searched meanwhile: bind ours again
                    parts[j].bind(t, b)
    return extend(0)


def _level_test(t, how: Plan, level: int) -> Callable | None | bool:
    """The test of a combination reaching `level`: its direct checks, or what is left of them once the parts
    before its last are chosen (`Plan.staged`); False when those parts already fail it."""
    s = how.staged[level]
    if s is None:
        return how.direct[level]
    r = s(t)
    return None if r is True else r


def _answers(t, part: Part, options: list, k: int, how: Plan) -> list:
    """Part k's answers as the search reaches it: listed before the search, or listed now, once (`Plan.defer`),
    or, for a lazy part, from those before it (a lay-off's piles, or its zone read anew)."""
    if how.lazy[k]:                          # (a lay-off on another's piles: laid out once that seat is chosen)
        return part.extended(t, options[k] if options[k] is not None else part.laid_out(t)) if part.keeps \
            else part.options(t)
    answers = options[k]
    if answers is None:
        answers = options[k] = part.options(t, how.keep[k])
    return answers


def _one(t, bind, answers: list, test: Callable | None | bool) -> Iterator[tuple]:
    """`_search` of a move with one part (its test reads that part alone, so it is direct; None: every answer
    passes, False: none, decided by what the test reads besides the part: `_level_test`)."""
    if test is None:
        yield from ((a,) for a in answers)
        return
    if test is False:
        return
    for a in answers:
        bind(t, a)
        if test(t):
            yield (a,)


def _remembering(t, parts: list[Part], options: list, how: Plan, prefix: list, values_of) -> Iterator[tuple]:
    """`_search` where some level's direct test is pure (`Plan.pure`): its value is looked up by the states of
    the parts chosen (`Plan.states`: a pile by its number, size and top card...) among those kept from
    earlier searches while what it reads outside the parts is unchanged, and tested only when not found.
    The same combinations in the same order: only the evaluations of a pure test are spared."""
    remembered, states, pure = how.remembered, how.states, how.pure
    last = len(parts)
    memo = how.memo
    numbers = memo[-1]
    if len(numbers[0]) > MEMO_SIZE or any(slot[2] > MEMO_SIZE for slot in memo[:-1]):
        numbers[0] = {}                       # new dicts, never cleared: a search under way keeps its own
        for slot in memo[:-1]:
            slot[0], slot[1], slot[2] = None, {}, 0
    ids = numbers[0]
    seen: list = [None] * (last + 1)          # per level: (its slot, its dict)
    for level, getters in enumerate(pure):
        if getters is None:
            continue
        slot = memo[level]
        outside = tuple([g(t) for g in getters])
        if slot[0] != outside:
            slot[0], slot[1], slot[2] = outside, {}, 0
        seen[level] = (slot, slot[1])         # its dict as it is now: a later search may give the slot another
    # a part's states listed once per search where they can be (True: not yet), when the search first reaches
    # it: a move whose first part's answers all fail never lists its later parts' states
    ahead: list = list(how.ahead)
    held: list = []                           # the states (their numbers) of the parts in `prefix`

    def extend(k: int) -> Iterator[tuple]:
        test = _level_test(t, how, k + 1)
        if test is False:                     # the parts before fail it, whatever this one's answer
            return
        part, tests = parts[k], remembered[k + 1]
        mine = seen[k + 1] if test is not None else None       # passed whatever this one's answer: nothing kept
        bind, deeper, state, listed = part.bind, k + 1 < last, states[k], ahead[k]
        answers = _answers(t, part, options, k, how)
        if listed is True:
            listed = ahead[k] = [ids.setdefault(st, len(ids)) for st in [state(t, a) for a in answers]]
        kept = values_of(tests) if tests else None
        d = None
        if mine is not None:                  # this level's values after the parts chosen before it
            slot, outer = mine
            before = tuple(held)
            d = outer.get(before)
            if d is None:
                d = outer[before] = {}
        if d is not None and listed is not None and kept is None and not deeper:
            # the last part, its test remembered by its answers' states listed: the usual loop (a solitaire's
            # piles, most of them known), bare
            for st, a in zip(listed, answers):
                got = d.get(st)
                if got is False:
                    continue
                bind(t, a)
                if got is None:
                    got = d[st] = bool(test(t))
                    slot[2] += 1
                    if not got:
                        continue
                yield (*prefix, a)
                for j, b in enumerate(prefix):   # as below
                    parts[j].bind(t, b)
            return
        got = None
        for i, a in enumerate(answers):
            if state is not None:             # read without binding the answer
                st = listed[i] if listed is not None else ids.setdefault(state(t, a), len(ids))
            if d is not None:
                got = d.get(st)
                if got is False:              # known to fail: not even bound
                    continue
            bind(t, a)
            if kept is not None and not _remembered(kept, t, a):
                continue
            if got is None:
                if d is not None:
                    got = d[st] = bool(test(t))
                    slot[2] += 1
                    if not got:
                        continue
                elif test is not None and not test(t):
                    continue
            if deeper:
                prefix.append(a)
                if state is not None:
                    held.append(st)
                yield from extend(k + 1)
                if state is not None:
                    held.pop()
                prefix.pop()
            else:
                yield (*prefix, a)
                for j, b in enumerate(prefix):   # other moves were searched meanwhile: bind ours again
                    parts[j].bind(t, b)
    return extend(0)


def _remembered(kept: list, t, a) -> bool:
    """Does answer `a` pass each remembered check (`kept`: its values so far, its function), each tested once?"""
    for values, fn in kept:
        got = values.get(a)
        if got is None:
            got = values[a] = bool(fn(t))
        if not got:
            return False
    return True


def _steady(p: Part) -> bool:
    """Its answers' states can be listed before the search: they read nothing chosen before it."""
    if p.piles:
        return all(isinstance(r, ZoneRef) and not r.reads for r in p.piles)
    return True


def uses_hidden_card(parts: list[Part], uses: frozenset) -> bool:
    """A blind pick (`position`) whose `legal` reads `card` would tell the player what lies face down."""
    return any(p.kind == "position" for p in parts) and "card" in uses

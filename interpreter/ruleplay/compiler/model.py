"""Semantic checks and compilation: a resolved, schema-valid document becomes `Rules`.

This is where the checks a schema cannot make live: unknown zones and names,
expression parse and type errors (pointed at the column inside the
expression), impossible deals for the player count, option values. The
output holds closures and int tables only; no YAML is left.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator, Mapping

from ruleplay.lang import expr as X
from ruleplay.compiler.counters import (compile_counters, compile_table_counters, counter_fields, reset_each_hand,
                                        seat_counters, secret_counters, table_counter_names)
from ruleplay.compiler.defines import NONE, compile_defines, for_players
from ruleplay.compiler.cards import Deck, build_deck, rank_symbol, split_name, JOKER, RED
from ruleplay.errors import Mark, RuleError, RuleplayError, did_you_mean, one_of
from ruleplay.resources import labelled_builtin
from ruleplay.lang.resolve import Resolved
from ruleplay.compiler.teams import add_team_names, compile_teams
from ruleplay.compiler.ranking import Ranking, compile_ranking
from ruleplay.lang.yamlload import Doc


@dataclass
class Zone:
    name: str
    owner: str          # 'seat' or 'table'
    visibility: str
    index: int          # into Table.seat_zones or Table.shared
    description: str = ""
    number: int = 0     # its number in its family of piles (`col3`: 3), 0 for a zone of its own


@dataclass
class Shoe:
    """`deal.shoe`: the deal's rest zone is a shoe kept from hand to hand (a casino's six packs): after a hand
    its cards go to `discards` and the next hand is dealt from the shoe as it is, until `reshuffle` holds (or
    the shoe is too short for the deal): then every card is shuffled into a new shoe."""
    discards: Zone
    reshuffle: Callable | None        # bool over the table, read before each later deal


@dataclass
class DealSpec:
    to: Zone
    count: int | None          # None: all cards
    rest: Zone | None
    remainder: str
    sizes: list[int] | None = None     # a hand schedule: hand k deals sizes[k - 1] cards to each seat
    size_max: int | None = None        # the schedule's N (deal.schedule.max), readable as hand-size-max
    shoe: Shoe | None = None


@dataclass
class EndRule:
    when: Callable
    mode: str                  # where | lowest | highest
    value: Callable            # evaluated with e.loc['s'] bound... via seat binding
    text: str
    losers: bool = False       # `losers:` instead of `winners:`: the seats chosen lose, the others still in win


@dataclass
class ScoreRule:
    when: Callable
    score: Callable
    name: str = ""
    who: Callable | None = None        # bool over seat s: the seats the rule is about


@dataclass
class Scoring:
    """After each hand: card points per seat, then the first matching rule (else points) is scored."""

    points: Callable
    rules: list[ScoreRule]
    pot: tuple | None = None     # `pot`: (stake, strength, contending or None), ints/bool over `s` (engine/pots.py)


@dataclass
class Match:
    end: Callable | None       # None: the game is one hand
    mode: str
    winners: Callable | None
    dealer: str                # rotate | same | to
    max_hands: int
    knock_out: Callable | None = None   # bool over seat s: out of the game after a scored hand
    dealer_to: Callable | None = None   # dealer `to`: bool over seat s, the next dealer (first from the dealer's left)
    leaning: str | None = None  # `where` winners: whether they favour a high or a low total (`score_leaning`)
    losers: bool = False        # `losers` instead of `winners`: the seats selected lose, the others still in win

    @property
    def wins_by(self) -> str:
        """Which totals win: the mode as a winners rule ('lowest' for losers by highest), 'where' as it is."""
        return {"highest": "lowest", "lowest": "highest"}.get(self.mode, self.mode) if self.losers else self.mode


@dataclass
class Rules:
    name: str
    title: str
    description: str
    source: str
    files: list[str]
    doc: Doc
    options: dict[str, Any]
    option_specs: dict[str, dict]
    players: int
    deck: Deck
    zones: dict[str, Zone]
    direction: int
    dealer: Any
    dealer_order: list[int]
    deal: DealSpec
    phases: list[Any]
    end: list[EndRule]
    scoring: Scoring | None = None
    match: Match | None = None
    option_set: dict[str, Any] = field(default_factory=dict)   # the options the user set (--set)
    ref: str = ""                  # how the user named it (a built-in name or a path), for replays
    teams: list[list[int]] | None = None                       # the seats of each team (teams.py)
    counters: dict[str, int] = field(default_factory=dict)     # counters kept across hands: start values
    table_counters: dict[str, int] = field(default_factory=dict)   # the table's own counters (a pot): start values
    table_seats: frozenset[str] = frozenset()       # table counters holding a player (`type: seat`: the banker)
    secret_counters: frozenset[str] = frozenset()   # per-seat counters each seat alone knows (visibility: owner)
    hand_counters: frozenset[str] = frozenset()     # counters back at their start value every hand (reset: hand)
    phase_when: list[Callable | None] = field(default_factory=list)   # per phase: it runs only when this holds
    events: dict = field(default_factory=dict)    # event kind -> events.EventSpec: what each seat may see of it
    ranking: Ranking | None = None                # hand-ranking: the best hand of a set of cards (ranking.py)
    notes: list[RuleError] = field(default_factory=list)   # what `validate` tells besides OK (unused definitions)
    table_fields: dict[str, Callable[[int], Any]] = field(default_factory=dict)   # every kind's FIELDS: the
    # state each keeps on the table (name -> its value for n seats), made on every Table
    public: tuple[Callable[[Any, int], Mapping[str, Any]], ...] = ()   # the `public` of each kind the phases use,
    # in phase order: (table, seat) -> the facts the tables show that seat (visibility.seat_view)

    @property
    def seat_zones(self) -> list[Zone]:
        return [z for z in self.zones.values() if z.owner == "seat"]

    @property
    def shared_zones(self) -> list[Zone]:
        return [z for z in self.zones.values() if z.owner == "table"]

    @property
    def seat_valued(self) -> frozenset[str]:
        """The values that hold a player (a table counter of `type: seat`, a phase's tracked seat), told as the
        player, not a number (the account, the narration, the tables' headers)."""
        return frozenset(self.table_seats).union(*(getattr(ph, "seats", frozenset()) for ph in self.phases))

    @property
    def quiet_values(self) -> frozenset[str]:
        """The tracked values and counters written `quiet: true`: their changes are logged, told only by
        `run -v`."""
        counters = self.doc.data.get("counters") or {}
        quiet = frozenset(n for n, c in counters.items() if isinstance(c, dict) and c.get("quiet") is True)
        return quiet.union(*(getattr(ph, "quiet", frozenset()) for ph in self.phases))


@dataclass
class Declared:
    """The names one phase defines for every expression, declared before any expression is compiled
    (so a phase may read names of a phase that runs after it, when their value exists by then)."""

    names: dict[str, X.Binding] = field(default_factory=dict)
    seat_fields: dict[str, tuple[str, Callable]] = field(default_factory=dict)
    at_start: frozenset[str] = frozenset()   # names set by the phase's hand-start hook, before any phase runs
    how: dict[str, str] = field(default_factory=dict)   # for errors: how a name gets its value (" from ...")
    start_exprs: tuple[tuple, ...] = ()      # paths of the expressions the hand-start hook evaluates: when one
                                             # reads what an earlier phase decides, the hook waits for the phase
    own: frozenset[str] = frozenset()        # names the file chose (e.g. a phase's own name): no other phase's
    changes: frozenset[str] = frozenset()    # names with a value from the hand's start that the phase changes as
                                             # it runs (a turns phase's track): a later phase's hand-start
                                             # expression reading one waits for that phase to start
    where: dict[str, tuple] = field(default_factory=dict)   # an own name's key under the phase (its track entry),
                                             # where an error about the name is placed; else the phase


@dataclass
class Late:
    """Names and seat fields that exist but have no value yet where an expression is evaluated:
    name -> (why, hint)."""

    names: dict[str, tuple[str, str]] = field(default_factory=dict)
    fields: dict[str, tuple[str, str]] = field(default_factory=dict)


class Ctx:
    """Compile-time helpers shared by the phase kinds: lookups that collect errors with marks."""

    def __init__(self, doc: Doc, options: dict[str, Any], players: int):
        self.doc = doc
        self.options = options
        self.players = players
        self.errors: list[RuleError] = []
        self.notes: list[RuleError] = []   # what `validate` tells besides OK (`note`)
        self.zones: dict[str, Zone] = {}
        self.families: dict[str, list[str]] = {}   # a zone declared with a count: its piles' names (NAME1..NAMEn)
        self.deck: Deck | None = None
        self.scope: X.Scope | None = None
        self.late = Late()                 # for the phase being compiled (see _compile_phases)
        self.teams: list[list[int]] | None = None
        self.counters: dict[str, int] = {}
        self.table_counters: dict[str, int] = {}   # counters of the table (`of: table`), read by bare name
        self.table_seats: frozenset[str] = frozenset()   # those holding a player (`type: seat`)
        self.secret_counters: frozenset[str] = frozenset()   # per-seat counters known to their seat alone
        self.hand_counters: frozenset[str] = frozenset()     # counters that start again every hand
        self.late_at_start = Late()        # for expressions evaluated when the hand starts
        self.start_deferred = False        # the phase being compiled evaluates its start expressions when it starts
        self.defines: dict[str, X.Definition] = {}       # the file's vocabulary (defines.py)
        self.define_consts: dict[str, X.Binding] = {}
        self.effects_used: set[str] = set()          # the named lists of effects (`effects:`) some rule runs
        self.define_cycles: dict[str, X.Binding] = {}
        self.ranking: Ranking | None = None        # hand-ranking: (ranking.py)

    @contextmanager
    def at_hand_start(self) -> Iterator[None]:
        """Compile expressions evaluated when the hand starts, before any phase runs (or, for a phase whose
        start expressions read what an earlier phase decides, when that phase starts)."""
        if self.start_deferred:
            yield
            return
        keep, self.late = self.late, self.late_at_start
        try:
            yield
        finally:
            self.late = keep

    def error(self, path: tuple, message: str, hint: str | None = None, value: bool = False) -> None:
        mark = self.doc.value_mark(path) if value else self.doc.mark(path)
        self.errors.append(RuleError(message, mark, path, hint))

    def note(self, path: tuple, message: str, hint: str | None = None) -> None:
        """A note, not an error: the file validates, but its writer may want to know (said for the file
        itself, not for a base it extends)."""
        self.notes.append(RuleError(message, self.doc.mark(path), path, hint, level="note"))

    def get(self, path: tuple, default: Any = None) -> Any:
        node: Any = self.doc.data
        for p in path:
            if isinstance(node, dict) and p in node:
                node = node[p]
            elif isinstance(node, list) and isinstance(p, int) and p < len(node):
                node = node[p]
            else:
                return default
        return node

    def zone(self, path: tuple, owner: str | None = None) -> Zone | None:
        name = self.get(path)
        if name is None:
            return None
        z = self.zones.get(name)
        if z is None:
            self.error(path, f"unknown zone '{name}'", did_you_mean(name, self.zones) or
                       f"zones: {one_of(self.zones)}", value=True)
            return None
        if owner and z.owner != owner:
            self.error(path, f"zone '{name}' is owned by the {z.owner}, but a {owner} zone is needed here",
                       value=True)
            return None
        return z

    def expr(self, path: tuple, want: str | tuple, scope: X.Scope | None = None,
             default: Any = None, ranked: bool = False) -> X.Compiled | None:
        """Compile the expression at `path`, or record a placed error and give None.

        An int result is checked each time it is used (`X.checked_int`): missing or beyond +-MAX_VALUE
        is an error placed here, unless the value is only `ranked` (winners: a missing value leaves the
        seat out, a big one simply ranks).
        """
        raw = self.get(path, default)
        if raw is None:
            return None
        return self.expr_of(path, raw, want, scope, ranked)

    def expr_of(self, path: tuple, raw: Any, want: str | tuple, scope: X.Scope | None = None,
                ranked: bool = False, at: int = 0) -> X.Compiled | None:
        """Compile `raw`, a value written at `path` (or a part of it from its column `at + 1`, or a text a
        kind builds from it), as `expr` does: errors are placed there."""
        try:
            if isinstance(raw, bool):
                out = X.const(raw, X.BOOL)
            elif isinstance(raw, int):
                out = X.const(raw, X.INT)
            else:
                out = self._compile(raw, scope or self.scope or _option_scope(self), want)
            wants = (want,) if isinstance(want, str) else want or (out.type,)
            if out.type not in wants:
                raise X.ExprError(f"this value is {'a' if out.type == X.BOOL else 'an'} {out.type}, but "
                                  f"{' or '.join(wants)} is expected here", 1, _type_hint(wants))
            if out.type == X.INT and out.is_const and not -X.MAX_VALUE <= out.const <= X.MAX_VALUE:
                raise X.ExprError(f"number too large (the limit is {X.MAX_VALUE:,})")
        except X.ExprError as exc:
            self.errors.append(self._expr_error(path, raw, exc.message, at + exc.column, exc.hint))
            return None
        if out.type == X.INT and not out.is_const and not ranked:
            out.fn = X.checked_int(out.fn, lambda v: RuleplayError(self._expr_error(
                path, raw, _fault_message(v), 1, "an int is needed here; guard it, e.g. "
                "'x // d if d != 0 else 0'" if v is None else "values stay within -1,000,000,000..1,000,000,000")))
        return out

    def _expr_error(self, path: tuple, raw: Any, message: str, column: int, hint: str | None) -> RuleError:
        """An error about expression `raw` at `path`, placed at its column `column`."""
        mark = self.doc.value_mark(path)
        if mark is not None and path in self.doc.marks and isinstance(raw, str):
            mark = _column_in(mark, self.doc, path, raw, column)
        if not isinstance(raw, str):
            return RuleError(message, mark, path, hint)
        shown = raw if len(raw) <= 200 else raw[:80] + "..."     # the reason must not be cut off
        return RuleError(f"in expression {shown!r}: {message}", mark, path, hint)

    def _compile(self, raw: str, scope: X.Scope, want: str | tuple) -> X.Compiled:
        """Compile against the whole scope, then refuse a name or seat field that has no value yet here,
        at its first use: compiling once more without it finds the column."""
        c = X.compile_expr(raw, scope, want)
        late = [("name", n, w) for n, w in self.late.names.items() if n in c.uses]
        texts = " ".join([str(raw)] + [scope.defines[d].text for d in c.defines])
        late += [("field", n, w) for n, w in self.late.fields.items()
                 if re.search(rf"\.{re.escape(n)}(?![\w-])", texts)]
        found: list[X.ExprError] = []
        for kind, n, (why, hint) in late:
            names = {k: v for k, v in scope.names.items() if kind == "field" or k != n}
            fields = scope.fields if kind == "name" else \
                replace(scope.fields, seat={k: v for k, v in scope.fields.seat.items() if k != n})
            try:
                X.compile_expr(raw, replace(scope, names=names, fields=fields, loop_vars=dict(scope.loop_vars)),
                               want)
            except X.ExprError as exc:
                what = f"seat field '{n}'" if kind == "field" else f"'{n}'"
                found.append(X.ExprError(f"{what} has no value yet where this is evaluated: {why}", exc.column,
                                         hint))
        if found:
            raise min(found, key=lambda e: e.column)
        return c

    def fixed_bool(self, path: tuple) -> bool | None:
        """A bool setting's value when it folds with options alone (absent: false), else None; errors in it
        are left to the phase's compile pass."""
        raw = self.get(path, False)
        if isinstance(raw, bool):
            return raw
        try:
            c = X.compile_expr(raw, _option_scope(self), X.BOOL)
        except X.ExprError:
            return None
        return bool(c.const) if c.is_const else None

    def first_seat(self, path: tuple) -> tuple[str, Callable | None]:
        """Who starts: 'left-of-dealer', 'dealer', or ('expr', bool over seat `s`): the first such seat
        from the dealer's left."""
        raw = self.get(path, "left-of-dealer")
        if raw in ("left-of-dealer", "dealer"):
            return raw, None
        c = self.expr(path, X.BOOL, self.scope.with_names(s=X.Binding(X.SEAT, lambda e: e.loc["s"])))
        return "expr", (c.fn if c else None)

    def word(self, path: tuple, words, default: str) -> str:
        """A setting that is one of `words`, written literally or as an expression of options."""
        raw = self.get(path, default)
        if isinstance(raw, str) and raw in words:
            return raw
        if isinstance(raw, str) and raw not in self.options and re.fullmatch(r"[A-Za-z0-9_-]+", raw):
            self.error(path, f"{raw!r} is not allowed here; expected one of: {one_of(words)}",
                       did_you_mean(raw, words), value=True)
            return default
        c = self.expr(path, X.STR)
        if c is None:
            return default
        if not c.is_const or c.const not in words:
            self.error(path, f"expected one of {', '.join(words)} (or an expression of options giving one)",
                       value=True)
            return default
        return c.const

    def const_int(self, path: tuple, default: int | None = None, lo: int = 0, hi: int = 10**6) -> int | None:
        c = self.expr(path, X.INT, default=default)
        if c is None:
            return default
        if not c.is_const:
            self.error(path, "this value must be fixed before the game starts (numbers and options only)",
                       value=True)
            return default
        if not lo <= c.const <= hi:
            self.error(path, f"value {c.const} is out of range {lo}..{hi}", value=True)
            return default
        return c.const


def _type_hint(wants: tuple) -> str | None:
    if X.BOOL in wants:
        return "a condition is true, false or an expression such as 'pile.size > 0'"
    return None


def _fault_message(value: Any) -> str:
    """Why a value an int setting took at run time is refused (the value may have thousands of digits)."""
    if value is None:
        return "gave no value while the game was played (a division by zero, a card that is not there, or a seat not set yet)"
    shown = f"{value:,}" if abs(value) < 10**30 else f"a number of about {int(value.bit_length() * 0.30103)} digits"
    return f"gave {shown} while the game was played, beyond the limit of {X.MAX_VALUE:,}"


def _column_in(mark: Mark, doc: Doc, path: tuple, raw: str, col: int) -> Mark:
    """The place of column `col` of expression `raw`, whose scalar starts at `mark`.

    Handles plain and quoted scalars (one line or folded over several) and
    block scalars (`>` or `|`, content on the following lines). Falls back to
    the scalar's start when the source cannot be read.
    """
    lines = _source_lines(mark.file)
    if not lines or mark.line > len(lines):
        return mark
    first = lines[mark.line - 1]
    ind = first[mark.column - 1: mark.column]
    segments: list[tuple[int, int, str]] = []      # (line, column of first char, text)
    if ind in ("|", ">"):
        indent = None
        for no in range(mark.line + 1, len(lines) + 1):
            text = lines[no - 1].rstrip()
            if not text.strip():
                continue
            lead = len(text) - len(text.lstrip(" "))
            if indent is None:
                indent = lead
            if lead < indent:
                break
            segments.append((no, indent + 1, text[indent:]))
    else:
        start = mark.column + (1 if ind in ("'", '"') else 0)
        segments.append((mark.line, start, first.rstrip()[start - 1:]))
        for no in range(mark.line + 1, len(lines) + 1):
            text = lines[no - 1].rstrip()
            stripped = text.lstrip(" ")
            segments.append((no, len(text) - len(stripped) + 1, stripped))
    if "\n" in raw.rstrip("\n"):
        col = 1            # the expression's column is per line of a multi-line text; its line is not known
    offset = col - 1
    for no, start, text in segments:
        if offset <= len(text):                       # == len: just past the end, where "ends too early" points
            return Mark(mark.file, no, start + offset)
        offset -= len(text) + 1                       # folded lines are joined by one space or newline
    return mark


def _source_lines(file: str) -> list[str]:
    try:
        with open(file, encoding="utf-8") as fh:
            return fh.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return []


# --------------------------------------------------------------------------- deck

MAX_FAMILY = 60     # piles in a family (a zone with a count): as many as a `to-pile` list may hold
MAX_CARDS = 900     # a deck, after copies, jokers, extra cards and strip: every card is a few table entries


def _deck_too_big(ctx: Ctx, d: dict, cards: int) -> None:
    """Refuse a deck of more than MAX_CARDS cards, at the key that made it big."""
    path = ("deck",)
    ranks, suits = d.get("ranks", range(13)), d.get("suits", range(4))     # the defaults: 13 ranks, 4 suits
    if len(ranks) * len(suits) > MAX_CARDS:
        key = "suits" if len(suits) >= len(ranks) else "ranks"
    else:
        key = next((k for k in ("copies", "extra", "jokers") if d.get(k)), None)
    ctx.error(path + ((key,) if key else ()), f"the deck would hold {cards:,} cards; the limit is {MAX_CARDS}",
              "a deck is at most 900 cards: fewer suits, ranks or copies")


def _strip(ctx: Ctx, path: tuple, raw) -> list:
    """`strip`: a list of cards, ranks or suits, or `{by-players: {N: [...]}}` the list for this number of players."""
    if not isinstance(raw, dict):
        return list(raw)
    got = for_players(ctx, path + ("by-players",), raw["by-players"], "strip has no list", "lists for",
                      "[] (nothing taken out) or the cards to take out")
    return [] if got is NONE else list(got)


def _compile_deck(ctx: Ctx) -> Deck | None:
    path = ("deck",)
    d = ctx.get(path, {})
    ranks = [rank_symbol(r) for r in d.get("ranks", [2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K", "A"])]
    suits = [str(s).upper() for s in d.get("suits", ["C", "D", "H", "S"])]
    for key, items in (("ranks", ranks), ("suits", suits)):
        if len(set(items)) != len(items):
            ctx.error(path + (key,), f"deck.{key} lists a value twice")
    copies = ctx.const_int(path + ("copies",), 1, 1, 16)
    jokers = ctx.const_int(path + ("jokers",), 0, 0, 64)
    strip = _strip(ctx, path + ("strip",), d.get("strip", []))
    extra = d.get("extra", [])
    for i, e in enumerate(extra):
        try:
            r, t = split_name(e)
        except ValueError as exc:
            ctx.error(path + ("extra", i), str(exc), value=True)
            return None
        if t is not None and (r not in ranks or t not in suits):
            ctx.error(path + ("extra", i), f"'{e}' is not a card of this deck: an extra card is one more copy of a "
                                            f"card of its ranks and suits ('{ranks[-1]}{suits[0]}'), or a joker (JK)",
                      "jokers: 2 makes two equal jokers; two told apart (a big and a little one) can be two cards "
                      "of a suit of their own: suits: [C, D, H, S, X] and strip the X cards of every other rank",
                      value=True)
            return None
    named: dict[str, tuple] = {}             # a card's name is its rank then its suit: two that run together
    for r in ranks:                          # (A + SS and AS + S) would be one card to every rule and log
        for t in suits:
            other = named.setdefault(f"{r}{t}", (r, t))
            if other != (r, t):
                ctx.error(path + ("suits",), f"rank {other[0]} with suit {other[1]} and rank {r} with suit {t} are "
                          f"both named {r}{t}: cards must have different names",
                          "rename a rank or a suit so no name is another's beginning (AS and S run together)",
                          value=True)
                return None
    most = len(ranks) * len(suits) * (copies or 1) + (jokers or 0) + len(extra)   # before strip
    if most > 100 * MAX_CARDS:           # not even built: 2,000 suits would be 26,000 cards, more with copies
        _deck_too_big(ctx, d, most)
        return None
    deck = build_deck(ranks, suits, copies or 1, jokers or 0, strip, extra)
    deck.first_rank_high = bool(d.get("first-rank-high", False))
    if len(deck) > MAX_CARDS:
        _deck_too_big(ctx, d, len(deck))
        return None
    by_players = isinstance(d.get("strip"), dict)
    for i, s in enumerate(strip):
        sym = str(s).upper()
        if sym not in deck.names and rank_symbol(sym) not in ranks and sym not in suits and \
                sym not in {f"{r}{t}" for r in ranks for t in suits}:
            at = ("strip", "by-players", str(ctx.players), i) if by_players else ("strip", i)
            ctx.error(path + at, f"'{s}' names no card, rank or suit of this deck", value=True)
    if not deck.names:
        ctx.error(path, "the deck has no cards")
    # built-in order: position in deck.ranks, 1-based; jokers 0
    deck.orders["order"] = [0 if j else ranks.index(r) + 1 for r, j in zip(deck.rank, deck.joker)]
    for oname, seq in (d.get("orders") or {}).items():
        syms = [rank_symbol(x) for x in seq]
        bad = [x for x in syms if x not in ranks and x != JOKER]
        if bad:
            ctx.error(path + ("orders", oname), f"order '{oname}' names ranks not in the deck: {', '.join(bad)}")
        pos = {r: i + 1 for i, r in enumerate(syms)}
        deck.orders[oname] = [pos.get(r, 0) for r in deck.rank]
    opt_scope = _option_scope(ctx)
    for aname, table in (d.get("attributes") or {}).items():
        values = [0] * len(deck)
        default = 0
        by: dict[str, int] = {}
        for key, raw in table.items():
            apath = path + ("attributes", aname, key)
            c = ctx.expr(apath, X.INT, scope=opt_scope)
            if c is None:
                continue
            if not c.is_const:
                ctx.error(apath, "attribute values must be numbers or depend on options only", value=True)
                continue
            k = str(key).upper()
            if k in ranks and k in suits and k not in deck.names:
                named = [n for n, r in zip(deck.names, deck.rank) if r == k]
                ctx.error(apath, f"'{key}' is both a rank and a suit of this deck: it would give its value to the "
                                 f"rank's cards and to the whole suit", f"name the rank's cards instead "
                                 f"({', '.join(named[:4])}), or the suit's cards one by one")
                continue
            if key == "default":
                default = c.const
            elif k in deck.names or k in ranks or k in suits or k == JOKER:
                by[k if k not in ("T",) else "10"] = c.const
            elif rank_symbol(k) in ranks:
                by[rank_symbol(k)] = c.const
            else:
                ctx.error(apath, f"'{key}' is not a card, rank or suit of this deck",
                          did_you_mean(k, list(ranks) + suits + ["default"]))
        for i in range(len(deck)):
            n, r, s = deck.names[i], deck.rank[i], deck.suit[i]
            values[i] = by.get(n, by.get(r, by.get(s, default) if s else by.get(JOKER, default)))
        deck.attrs[aname] = values
    return deck


def _check_dealer_draw(ctx: Ctx, order: list[int], order_name: str, order_given: bool) -> None:
    """A draw for dealer (`dealer: low-card`) gives every seat a card of one shuffled deck and draws again
    among the tied lowest: it needs a card per seat and an order that tells some cards apart, or it never ends."""
    cards = len(ctx.deck)
    if ctx.players > cards:
        ctx.error(("table", "dealer"), f"{ctx.players} players cannot each draw a card for dealer from {cards} cards",
                  "fewer players, more cards, or another dealer rule (last-seat, random)", value=True)
    elif ctx.players > 1 and len(set(order)) < 2:
        ctx.error(("table", "dealer-order" if order_given else "dealer"),
                  f"every card ranks the same in the order '{order_name}': a draw for dealer would tie for ever",
                  "an order that tells the cards apart", value=True)


def _constraint_if_set(ctx: Ctx, i: int, names) -> set[str] | None:
    """A constraint's `if-set`: the options whose --set makes it apply (None: it always applies). Without
    such a --set, the file's defaults give way: the rules say what a default means beside the other option
    (a pattern's `when` that an option switches off), and only a user's explicit choice of both is refused."""
    if names is None:
        return None
    for k, name in enumerate(names):
        if name not in ctx.options:
            ctx.error(("constraints", i, "if-set", k), f"unknown option '{name}'",
                      did_you_mean(str(name), ctx.options) or f"options: {one_of(ctx.options)}", value=True)
    return set(names)


def _constraints(ctx: Ctx, res: Resolved, d: dict, early: bool) -> None:
    """The file's constraints that refuse this combination of options and player count, as placed errors.
    `early`: those that read options and `players` alone, checked before the teams and the definitions are
    compiled (a count the file refuses, three players of a game for two or four, is said as the file's own
    message, not as the teams' "2 teams cannot share 3 players"); the others once the definitions exist."""
    for i, c in enumerate(d.get("constraints", [])):
        if _options_only(ctx, c.get("forbid")) != early:
            continue
        forbid = ctx.expr(("constraints", i, "forbid"), X.BOOL, scope=_option_scope(ctx))
        if_set = _constraint_if_set(ctx, i, c.get("if-set"))
        if forbid is not None and not forbid.is_const:
            ctx.error(("constraints", i, "forbid"), "a constraint may depend on options only", value=True)
        elif forbid is not None and forbid.const and (if_set is None or if_set & set(res.option_set)):
            set_by_user = ", ".join(f"{k}={v}" for k, v in sorted(res.option_set.items()))
            count = f"with {ctx.players} players" if isinstance(c["forbid"], str) and \
                "players" in X.value_names(X.parse(c["forbid"])) else ""
            ctx.error(("constraints", i, "forbid"), c["message"],
                      "; ".join(x for x in (count, f"options set: {set_by_user}" if set_by_user else "") if x) or
                      "these are the file's defaults", value=True)


def _options_only(ctx: Ctx, raw: Any) -> bool:
    """Does a constraint read nothing but options and the number of players (it can be checked first)?"""
    if isinstance(raw, bool):
        return True
    try:
        names = X.value_names(X.parse(str(raw)))
    except X.ExprError:                      # a faulty expression: the later check places its error
        return False
    return names <= set(ctx.options) | {"players", "true", "false"}


def _option_scope(ctx: Ctx) -> X.Scope:
    names = {k: X.Binding(_opt_type(v), const=frozenset(v) if isinstance(v, list) else v, is_const=True)
             for k, v in ctx.options.items()}
    names["players"] = X.Binding(X.INT, const=ctx.players, is_const=True)
    names.update(ctx.define_consts)
    return X.Scope(names, X.Fields(), defines=ctx.defines)


def _opt_type(v: Any) -> str:
    if isinstance(v, list):
        return X.LIST            # a list option: usable with `in`
    return X.BOOL if isinstance(v, bool) else X.INT if isinstance(v, int) else X.STR


# --------------------------------------------------------------------------- scope

def build_scope(ctx: Ctx) -> X.Scope:
    deck = ctx.deck
    base = _option_scope(ctx)
    names = dict(base.names)
    seat_fields: dict[str, tuple[str, Callable]] = {}
    for z in ctx.zones.values():
        if z.name in names:
            ctx.error(("zones", z.name), f"zone '{z.name}' has the same name as an option")
        if z.owner == "table":
            names[z.name] = X.Binding(X.CARDS, (lambda i: lambda e: e.shared[i])(z.index))
        else:
            seat_fields[z.name] = (X.CARDS, (lambda i: lambda f: lambda e: e.seat_zones[i][f(e)])(z.index))
    for fam, piles in ctx.families.items():    # a family's name: its piles, for `any(p.empty for p in col)`
        index = [ctx.zones[p].index for p in piles]
        if ctx.zones[piles[0]].owner == "seat":     # each player's own: a seat field, `actor.spread`
            seat_fields[fam] = (X.PILES, (lambda idx: lambda f: lambda e: [e.seat_zones[i][f(e)] for i in idx])(index))
            continue
        if fam in names:
            ctx.error(("zones", fam), f"zone '{fam}' has the same name as an option")
            continue
        names[fam] = X.Binding(X.PILES, (lambda idx: lambda e: [e.shared[i] for i in idx])(index), piles=tuple(piles))
    names["seats"] = X.Binding(X.SEATS, lambda e: e.seat_range)
    names["actor"] = X.Binding(X.SEAT, lambda e: e.actor)
    names["dealer"] = X.Binding(X.SEAT, lambda e: e.dealer)
    names["hand-number"] = X.Binding(X.INT, lambda e: e.hand_number)
    # the hands scored so far (this one too once scored): hand-number less the hands thrown in (no one bid)
    names["hands-scored"] = X.Binding(X.INT, lambda e: len(e.score_history))
    # the deal of this hand: cards dealt to each seat; with deal.schedule, the schedule's length and N
    names["hand-size"] = X.Binding(X.INT, lambda e: e.hand_size)
    names["hands-total"] = X.Binding(X.INT, lambda e: len(e.rules.deal.sizes) if e.rules.deal.sizes else 1)
    names["hand-size-max"] = X.Binding(X.INT, lambda e: e.rules.deal.size_max
                                       if e.rules.deal.size_max is not None else e.hand_size)
    # the current round of a flip phase: first card played onto the empty pile, cards played, cards burned
    names["round-first"] = X.Binding(X.CARD, lambda e: e.round_first)
    names["round-plays"] = X.Binding(X.INT, lambda e: e.round_plays)
    names["round-burned"] = X.Binding(X.INT, lambda e: e.round_burned)
    names.update(ctx.define_cycles)
    ctx.table_seats = seat_counters(ctx)
    ctx.table_counters = compile_table_counters(ctx, names, RESERVED, BOUND, ctx.table_seats)
    names.update(table_counter_names(ctx.table_counters, ctx.table_seats))
    seat_fields["out"] = (X.BOOL, lambda f: lambda e: e.out[f(e)])
    seat_fields["sits-out"] = (X.BOOL, lambda f: lambda e: e.sitting[f(e)])
    seat_fields["score"] = (X.INT, lambda f: lambda e: e.scores[f(e)])
    seat_fields["index"] = (X.INT, lambda f: lambda e: f(e))
    seat_fields["cards"] = (X.INT, lambda f: lambda e: e.cards_held(f(e)))
    seat_fields["points"] = (X.INT, lambda f: lambda e: e.hand_points[f(e)])
    seat_fields["hand-score"] = (X.INT, lambda f: lambda e: e.hand_scores[f(e)])
    if ctx.teams:
        add_team_names(ctx, seat_fields, names)
    ctx.counters = compile_counters(ctx, set(seat_fields))
    ctx.secret_counters = secret_counters(ctx)
    ctx.hand_counters = reset_each_hand(ctx)
    seat_fields.update(counter_fields(ctx.counters))
    card_fields: dict[str, tuple[str, Callable]] = {}

    def table_field(arr, kind):
        return (kind, lambda f: lambda e: None if (c := f(e)) is None else arr[c])
    card_fields["rank"] = table_field(deck.rank, X.STR)
    card_fields["suit"] = table_field(deck.suit, X.STR)
    card_fields["name"] = table_field(deck.names, X.STR)
    card_fields["joker"] = table_field(deck.joker, X.BOOL)
    colors = ["red" if s in RED else None if s is None else "black" for s in deck.suit]
    card_fields["color"] = table_field(colors, X.STR)
    for aname, arr in deck.attrs.items():
        card_fields[aname] = table_field(arr, X.INT)
    for oname, arr in deck.orders.items():
        if oname in card_fields:
            ctx.error(("deck", "orders", oname), f"'{oname}' is already a card field")
        card_fields[oname] = table_field(arr, X.INT)
    seat_zones = {z.name: z.index for z in ctx.zones.values() if z.owner == "seat"}
    tables = {"rank": deck.rank, "suit": deck.suit, "name": deck.names, "joker": deck.joker,
              "color": colors, **deck.attrs, **deck.orders}
    return X.Scope(names, X.Fields(card=card_fields, seat=seat_fields, seat_zones=seat_zones,
                                   card_tables={k: v for k, v in tables.items() if k in card_fields},
                                   ranking=ctx.ranking),
                   defines=ctx.defines)


def card_scope(scope: X.Scope) -> X.Scope:
    return scope.with_names(card=X.CARD_BINDING)


def per_card(ctx: Ctx, path: tuple, want: str, default: Any = None) -> list | None:
    """Compile an expression over `card` and tabulate it for every card, when it depends on nothing else."""
    c = ctx.expr(path, want, card_scope(ctx.scope), default)
    if c is None:
        return None
    if c.is_const:
        return [c.const] * len(ctx.deck)
    if c.uses - {"card"} - set(ctx.options) - {"players"}:
        ctx.error(path, "this value may depend only on the card and on options", value=True)
        return None
    try:
        return X.per_card_values(c.fn, len(ctx.deck))
    except RuleplayError as exc:          # a card for which the value is missing: known now, before any game
        ctx.errors.extend(exc.errors)
        return None


def _mentions(node, word: str) -> bool:
    """Does any text of the rule file (its expressions) name `word`?"""
    if isinstance(node, str):
        return word in node
    if isinstance(node, dict):
        return any(_mentions(v, word) for v in node.values())
    if isinstance(node, list):
        return any(_mentions(v, word) for v in node)
    return False


WILD_HANDS = 64        # a `wild` reading hand-number: the hands whose wild cards bound the melds at validation


def _wild(ctx: Ctx) -> None:
    """`deck.wild`: a set of cards fixed by the card and the options, or, reading hand-number too (Three
    Thirteen's rank of the hand's size), a rule read for each hand (`Deck.for_hand`); the bounds checked at
    validation then take every card it makes wild in hands 1 to WILD_HANDS."""
    path = ("deck", "wild")
    c = ctx.expr(path, X.BOOL, card_scope(ctx.scope))
    if c is None:
        return
    if c.is_const or not (c.uses & {"hand-number"}):
        wild = per_card(ctx, path, X.BOOL)
        ctx.deck.wild = frozenset(k for k, w in enumerate(wild or ()) if w)
        return
    if c.uses - {"card", "hand-number", "players"} - set(ctx.options):
        ctx.error(path, "this value may depend only on the card, on options and on hand-number", value=True)
        return
    probe = _HandProbe()
    every = set()
    try:
        for probe.hand_number in range(1, WILD_HANDS + 1):
            for probe.card in range(len(ctx.deck)):
                if c.fn(probe):
                    every.add(probe.card)
    except RuleplayError as exc:
        ctx.errors.extend(exc.errors)
        return
    ctx.deck.wild, ctx.deck.wild_fn = frozenset(every), c.fn


class _HandProbe:
    """A table holding a card and a hand number: what a `wild` reading hand-number needs at validation."""
    __slots__ = ("card", "loc", "hand_number")

    def __init__(self) -> None:
        self.card, self.loc, self.hand_number = None, {}, 1


# --------------------------------------------------------------------------- whole ruleset

def _players(ctx: Ctx, requested: int | None) -> int:
    spec = ctx.get(("players",), 2)
    if isinstance(spec, int):
        lo = hi = default = spec
    else:
        lo, hi = spec["min"], spec["max"]
        default = spec.get("default", lo)
        if lo > hi or not lo <= default <= hi:
            raise RuleplayError(RuleError(f"players: need min <= default <= max, got min {lo}, default {default}, "
                                          f"max {hi}", ctx.doc.mark(("players",)), ("players",)))
    n = default if requested is None else requested
    if not lo <= n <= hi:
        raise RuleplayError(RuleError(f"--players {n}: this ruleset is for {lo}" + (f" to {hi}" if hi != lo else "")
                                      + " players", ctx.doc.mark(("players",)), ("players",)))
    return n


RESERVED = ("seats", "actor", "dealer", "players", "card", "hand-number", "round-first", "round-plays",
            "round-burned", "hand-size", "hands-total", "hand-size-max", "hands-scored")
# names that rules bind in places (the seat `s` of a winners rule or a count, a move's chosen parts): a zone so
# named would mean one thing here and another there
BOUND = ("s", "r", "target", "picked", "position", "rank", "suit", "number", "source", "dest", "mover", "bid")


def _reserved(ctx: Ctx, path: tuple) -> None:
    ctx.error(path, f"'{path[-1]}' is a reserved name",
              "names the language gives: " + ", ".join(RESERVED) + " (docs/language.md, 'Reserved names')")


def compile_rules(res: Resolved, players: int | None, *, kinds: Mapping[str, Any],
                  events: Mapping[str, Any]) -> Rules:
    """`kinds`: the phase-kind registry (name -> module), `events`: every event kind's declaration
    (`EventSpec`); handed in by the caller (`ruleplay.pipeline`), so the compiler imports no kind."""
    doc = res.doc
    ctx = Ctx(doc, res.options, 0)
    ctx.players = _players(ctx, players)
    d = doc.data
    ctx.deck = _compile_deck(ctx)
    if ctx.deck is None or ctx.errors:
        raise RuleplayError(ctx.errors)
    placed = {"seat": 0, "table": 0}            # each owner's zones are numbered in the order declared
    for zname, z in d["zones"].items():
        if zname in RESERVED:
            _reserved(ctx, ("zones", zname))
        elif zname in BOUND:
            ctx.error(("zones", zname), f"'{zname}' is a name rules bind in places (a seat being judged, a move's "
                                        "chosen part), so it cannot name a zone", "choose another zone name")
        owner = z["owner"]
        piles = [zname]
        if "count" in z:                 # a family of piles, NAME1..NAMEn: on the table, or each player's own
            n = ctx.const_int(("zones", zname, "count"), 1, 1, MAX_FAMILY)
            piles = ctx.families[zname] = [f"{zname}{k}" for k in range(1, n + 1)]
            for pile in piles:
                if pile in d["zones"]:
                    ctx.error(("zones", pile), f"the pile '{pile}' of the family '{zname}' is also a zone",
                              "rename one of them")
        # a seat's zone is face down unless it says otherwise; a table's zone or a family's piles say who sees
        # them (no default: a stock shown to everyone because a line was left out would give the game away)
        seen = z.get("visibility", "hidden" if owner == "seat" and "count" not in z else None)
        if seen is None:
            ctx.error(("zones", zname), f"who sees the cards of '{zname}'? A {'family of piles' if 'count' in z else 'table zone'} "
                                        "says it", "write visibility: hidden (face down), public (face up) or owner")
            seen = "hidden"
        if seen in ("owner", "others") and owner == "table":
            ctx.error(("zones", zname, "visibility"), f"'{zname}' is the table's: it has no owner to see it ({seen})",
                      "write hidden or public, or make it each player's: owner: seat", value=True)
        for k, pile in enumerate(piles, 1):
            ctx.zones[pile] = Zone(pile, owner, seen, placed[owner], z.get("description", ""),
                                   k if "count" in z else 0)
            placed[owner] += 1
    for oname in res.options:
        if oname in RESERVED:        # else the option would hide the table's own name in every rule
            _reserved(ctx, ("options", oname))
    _constraints(ctx, res, d, early=True)
    if ctx.errors:
        raise RuleplayError(ctx.errors)
    ctx.teams = compile_teams(ctx)
    ctx.ranking = compile_ranking(ctx, ctx.deck)
    ctx.defines, ctx.define_consts, ctx.define_cycles = compile_defines(
        ctx, set(res.options) | set(ctx.zones) | set(RESERVED) | {"true", "false"})
    if ctx.errors:
        raise RuleplayError(ctx.errors)
    ctx.scope = build_scope(ctx)
    if ctx.ranking is not None and (d.get("hand-ranking") or {}).get("wild") not in (None, False):
        wild = per_card(ctx, ("hand-ranking", "wild"), X.BOOL)     # best-hand's wild cards: over the card alone
        ctx.ranking.wild = frozenset(c for c, v in enumerate(wild or ()) if v)
        ctx.ranking.card_names = list(ctx.deck.names)
    if "wild" in (d.get("deck") or {}):     # over the card alone: the meld finder and its bound read it as a set
        _wild(ctx)
        if ctx.deck.wild and _mentions(d, "best-hand") and not (d.get("hand-ranking") or {}).get("wild"):
            ctx.note(("deck", "wild"), "wild cards stand in for melds only: best-hand and best-hand-name rank a "
                     "wild card as the card it is (a joker as no card of a combination)",
                     "name them for best-hand too: hand-ranking: {wild: card.joker}")

    table = d.get("table", {})
    direction = _direction(ctx)
    dealer = table.get("dealer", "last-seat")
    if not isinstance(dealer, int):
        dealer = ctx.word(("table", "dealer"), ("last-seat", "random", "low-card"), "last-seat")
    elif dealer >= ctx.players:
        ctx.error(("table", "dealer"), f"dealer seat {dealer} does not exist with {ctx.players} players", value=True)
    order_name = table.get("dealer-order", "rank")
    order_name = "order" if order_name == "rank" else order_name
    if order_name not in ctx.deck.orders:
        ctx.error(("table", "dealer-order"), f"unknown order '{order_name}'",
                  did_you_mean(order_name, ctx.deck.orders), value=True)
        order_name = "order"
    if dealer == "low-card":
        _check_dealer_draw(ctx, ctx.deck.orders[order_name], str(table.get("dealer-order", "rank")),
                           "dealer-order" in table)

    _constraints(ctx, res, d, early=False)
    if ctx.errors:
        raise RuleplayError(ctx.errors)      # a refused combination: what follows would only repeat it
    deal = _compile_deal(ctx)
    deal.shoe = _compile_shoe(ctx, deal)
    phases, phase_when, used = _compile_phases(ctx, d["phases"], kinds)

    end_rules = []
    seat_scope = ctx.scope.with_names(s=X.Binding(X.SEAT, lambda e: e.loc["s"]))
    for i, rule in enumerate(d.get("end", [])):
        p = ("end", i)
        when = ctx.expr(p + ("when",), X.BOOL)
        if ("winners" in rule) == ("losers" in rule):
            ctx.error(p, "an end rule names its winners or its losers, one of them",
                      "winners: {where: \"s.hand.empty\"}, or losers: {where: \"not s.hand.empty\"} (the others win)")
            continue
        key = "winners" if "winners" in rule else "losers"
        mode = next(iter(rule[key]))
        val = ctx.expr(p + (key, mode), X.BOOL if mode == "where" else X.INT, seat_scope, ranked=True)
        if when is not None and val is not None:
            end_rules.append(EndRule(when.fn, mode, val.fn, rule.get("description") or str(rule["when"]),
                                     key == "losers"))
    scoring = _compile_scoring(ctx, seat_scope)
    match = _compile_match(ctx, seat_scope)
    if scoring is not None and match is None:
        ctx.note(("scoring",), "the hand is scored but no `match` names a winner, so every game that an `end` rule "
                 "does not decide ends 'nobody wins'",
                 "one hand won by the highest score: match: {end: \"true\", winners: {highest: s.score}}")
    if ctx.errors:
        raise RuleplayError(ctx.errors)
    return Rules(
        name=d["name"], title=d.get("title", d["name"]), description=d["description"].strip(),
        source=d.get("source", ""), files=res.files, doc=doc, options=dict(res.options),
        option_specs=dict(d.get("options") or {}), players=ctx.players, deck=ctx.deck, zones=ctx.zones,
        direction=direction, dealer=dealer, dealer_order=ctx.deck.orders[order_name], deal=deal,
        phases=phases, end=end_rules, scoring=scoring, match=match,
        option_set={k: res.options[k] for k in res.option_set if k in res.options},
        teams=ctx.teams, counters=dict(ctx.counters),
        table_counters=dict(ctx.table_counters), table_seats=ctx.table_seats, secret_counters=ctx.secret_counters,
        hand_counters=ctx.hand_counters, phase_when=phase_when,
        events=dict(events),
        ranking=ctx.ranking, notes=_unused_definitions(ctx, res.files[0]) + (
            [] if labelled_builtin(res.files[0]) else      # (a built-in's notes are for its makers: tests)
            [n for n in ctx.notes if n.mark is not None and n.mark.file == res.files[0]]),
        table_fields=table_fields_of(kinds),
        public=public_of(used))


def table_fields_of(kinds: Mapping[str, Any]) -> dict[str, Callable[[int], Any]]:
    """Every kind's FIELDS together (the state each keeps on the table)."""
    return {f: make for k in kinds.values() for f, make in getattr(k, "FIELDS", {}).items()}


def public_of(used: list) -> tuple:
    """The `public` of each kind the phases use, once each, in phase order (a kind without one shows nothing)."""
    return tuple(dict.fromkeys(k.public for k in used if getattr(k, "public", None) is not None))


def _unused_definitions(ctx: Ctx, top: str) -> list[RuleError]:
    """Notes (not errors) for the definitions of the file itself (`top`, not a base it extends) that no rule
    reads: a definition is checked where it is used, in that place's names, so one never used is never
    checked, and its writer should know."""
    out = []
    for name, d in ctx.defines.items():
        mark = ctx.doc.mark(("define", name))
        if not d.compiled and mark is not None and mark.file == top:
            out.append(RuleError(f"'{name}' is defined but never used (with these options), so it is not "
                                 "checked", mark, ("define", name), "use it in a rule, or remove it", level="note"))
    for name in (ctx.doc.data.get("effects") or {}):
        mark = ctx.doc.mark(("effects", name))
        if name not in ctx.effects_used and mark is not None and mark.file == top:
            out.append(RuleError(f"the effects '{name}' are never run (with these options), so they are not "
                                 "checked", mark, ("effects", name), "write the name where they should run, as "
                                 "an effect (- " + name + "), or remove them", level="note"))
    return out


def _compile_phases(ctx: Ctx, specs: dict, kinds: Mapping[str, Any]) -> tuple[list, list, list]:
    """Two passes: every phase declares the names it defines, then every phase compiles with all of
    them in scope; a name read where it has no value yet (a later phase sets it) is refused. Also each
    phase's `when` (None: always runs), read when the phase would start, and the kind of each phase."""
    declared = []
    for pname, spec in _phase_order(ctx, specs):
        kind = kinds.get(spec.get("kind"))
        if kind is None:
            ctx.error(("phases", pname, "kind"), f"unknown phase kind {spec.get('kind')!r}",
                      did_you_mean(str(spec.get("kind")), kinds), value=True)
            continue
        declare = getattr(kind, "declare", None)         # a kind that defines no names has none
        declared.append((pname, kind, declare(ctx, ("phases", pname)) if declare else Declared()))
    _add_phase_names(ctx, declared)
    deferred = _deferred_starts(ctx, declared)
    at_start = frozenset().union(*(dec.at_start for _, _, dec in declared))
    ctx.late_at_start = _late(declared, at_start, None)
    phases, whens = [], []
    for k, (pname, kind, _) in enumerate(declared):
        ctx.late = _late(declared, at_start, k)
        ctx.start_deferred = k in deferred
        before = len(ctx.errors)
        ph = kind.compile(ctx, ("phases", pname), pname)
        if ph is None and len(ctx.errors) == before:     # never a phase left out without a word
            ctx.error(("phases", pname), f"the {pname} phase could not be compiled (an internal error: please "
                                         "report it with this file)")
        when = ctx.expr(("phases", pname, "when"), X.BOOL)          # None when the phase has none
        if ph is not None:
            phases.append(ph)
            whens.append(None if when is None or (when.is_const and when.const) else when.fn)
    ctx.late = ctx.late_at_start = Late()               # scoring, end and match rules run after the phases
    ctx.start_deferred = False
    return phases, whens, [kind for _, kind, _ in declared]


def _deferred_starts(ctx: Ctx, declared: list) -> set[int]:
    """The phases whose hand-start expressions (e.g. a trump) read what a phase decides (a bid, a choice):
    those are evaluated when the phase starts instead, and the names their hook sets have a value only from
    then on (so a phase before it that reads them is refused). So are those that read a value an earlier
    phase changes as it runs (a turns phase's track: a contract won in an auction). Found to a fixed point,
    since a deferred name may be read by another phase's start expression. `declared` is updated in place."""
    deferred: set[int] = set()
    while True:
        at_start = frozenset().union(*(dec.at_start for _, _, dec in declared))
        late = _late(declared, at_start, None)
        found = False
        for k, (pname, kind, dec) in enumerate(declared):
            if k in deferred or not dec.at_start:
                continue
            changed = {n: ("", "") for _, _, d in declared[:k] for n in d.changes}
            late_k = Late({**late.names, **changed}, late.fields) if changed else late
            for path in dec.start_exprs:
                name = _reads_late(ctx, path, late_k)
                if name is not None:
                    key = path[-1]
                    how = {n: f" (its {key} reads {name}, which an earlier phase decides)"
                           for n in dec.at_start}
                    declared[k] = (pname, kind, replace(dec, at_start=frozenset(), how={**dec.how, **how}))
                    deferred.add(k)
                    found = True
                    break
        if not found:
            return deferred


def _reads_late(ctx: Ctx, path: tuple, late: Late) -> str | None:
    """The first name (or seat field, as 's.NAME') the expression at `path` reads that has no value when the
    hand starts; None when there is none or the expression does not compile (its phase reports that)."""
    raw = ctx.get(path)
    if not isinstance(raw, str):
        return None
    try:
        c = X.compile_expr(raw, ctx.scope)
    except X.ExprError:
        return None
    for n in late.names:
        if n in c.uses:
            return f"'{n}'"
    for n in late.fields:
        if re.search(rf"\.{re.escape(n)}(?![\w-])", raw):
            return f"seat field '{n}'"
    return None


def _add_phase_names(ctx: Ctx, declared: list[tuple[str, Any, Declared]]) -> None:
    names = dict(ctx.scope.names)
    seat = dict(ctx.scope.fields.seat)
    for pname, _, dec in declared:
        for n in dec.own:
            other = next((p for p, _, d in declared if p != pname and n in d.names), None)
            if other is not None or n in names:
                at = dec.where.get(n)
                ctx.error(("phases", pname) + (at or ()), f"'{n}' is a name phase '{pname}' defines, but it is already "
                          + (f"a name the {ctx.get(('phases', other, 'kind'))} phase '{other}' defines" if other
                             else "a name of the table (docs/language.md lists the names in use)"),
                          f"rename it in phase '{pname}'" if at else "rename the phase")
        for n in dec.names:
            if n in ctx.options or n in ctx.zones:
                ctx.error(("phases", pname), f"'{n}' is both a name this {ctx.get(('phases', pname, 'kind'))} "
                          "phase defines and an option or zone")
            if n in ctx.defines or n in ctx.define_consts or n in ctx.define_cycles:
                ctx.error(("define", n), f"'{n}' is both a definition and a name the "
                          f"{ctx.get(('phases', pname, 'kind'))} phase '{pname}' defines", "choose another name")
        for n in dec.seat_fields:
            if n in ctx.counters:
                ctx.error(("counters", n), f"counter '{n}' has the same name as a seat field this "
                          f"{ctx.get(('phases', pname, 'kind'))} phase defines", "choose another name")
        names.update(dec.names)
        seat.update(dec.seat_fields)
    ctx.scope = replace(ctx.scope, names=names, fields=replace(ctx.scope.fields, seat=seat),
                        loop_vars=dict(ctx.scope.loop_vars))


def _late(declared: list[tuple[str, Any, Declared]], at_start: frozenset[str], k: int | None) -> Late:
    """What has no value yet in phase k (names of later phases only), or, with k None, when the hand starts
    (every name no hand-start hook sets). The first phase to set a name gives it its value."""
    late = Late()
    seen_names, seen_fields = set(at_start), set()
    for j, (pname, _, dec) in enumerate(declared):
        if k is not None and j <= k:
            seen_names.update(dec.names)
            seen_fields.update(dec.seat_fields)
            continue
        for n, seen, out in [(n, seen_names, late.names) for n in dec.names] + \
                            [(n, seen_fields, late.fields) for n in dec.seat_fields]:
            if n in seen:
                continue
            seen.add(n)
            how = dec.how.get(n, "")
            if k is None:
                out[n] = (f"this is evaluated when the hand starts, before any phase runs, and phase '{pname}' "
                          f"sets it{how} only when it runs",
                          "a trick phase's trump and trump-card are read when the hand starts")
            else:
                out[n] = (f"phase '{pname}' sets it{how} when it runs, after phase '{declared[k][0]}'",
                          "phases run in the order written; 'before: NAME' moves a phase ahead of another")
    return late


def _phase_order(ctx: Ctx, specs: dict) -> list[tuple[str, dict]]:
    """Phases run in the order written, except that `before: NAME` moves a phase ahead of NAME."""
    order = list(specs)
    for name, spec in specs.items():
        target = spec.get("before")
        if target is None:
            continue
        if target not in specs or target == name:
            ctx.error(("phases", name, "before"), f"'before' names no other phase: '{target}'",
                      did_you_mean(str(target), [n for n in specs if n != name]), value=True)
            continue
        order.remove(name)
        order.insert(order.index(target), name)
    return [(n, specs[n]) for n in order]


def _compile_scoring(ctx: Ctx, seat_scope: X.Scope) -> Scoring | None:
    p = ("scoring",)
    if ctx.get(p) is None:
        return None
    pot = None
    if ctx.get(p + ("pot",)) is not None:     # main and side pots, read by points as `pot-won`
        parts = [ctx.expr(p + ("pot", key), want, seat_scope) for key, want in
                 (("stake", X.INT), ("strength", X.INT), ("in", X.BOOL))]
        side = ctx.get(p + ("pot", "side-pots"), True) is not False      # a boolean (the schema's)
        if parts[0] is not None and parts[1] is not None:
            pot = (*(c.fn if c is not None else None for c in parts), side)
        seat_scope = seat_scope.with_names(**{"pot-won": X.Binding(X.INT, lambda e: e.pot_won[e.loc["s"]])})
    points = ctx.expr(p + ("points",), X.INT, seat_scope)
    rules = []
    for i, _ in enumerate(ctx.get(p + ("rules",), [])):
        when = ctx.expr(p + ("rules", i, "when"), X.BOOL)
        score = ctx.expr(p + ("rules", i, "score"), X.INT, seat_scope)
        who = ctx.expr(p + ("rules", i, "who"), X.BOOL, seat_scope)
        if when and score:
            rules.append(ScoreRule(when.fn, score.fn, ctx.get(p + ("rules", i, "name"), ""),
                                   who.fn if who else None))
    return Scoring(points.fn, rules, pot) if points else None


def _compile_match(ctx: Ctx, seat_scope: X.Scope) -> Match | None:
    p = ("match",)
    if ctx.get(p) is None:
        return None
    end = ctx.expr(p + ("end",), X.BOOL)
    lose = ctx.get(p + ("losers",)) is not None
    if lose and ctx.get(p + ("winners",)) is not None:
        ctx.error(p, "a match names its winners or its losers, one of them",
                  "winners: {highest: s.score}, or losers: {highest: s.score} (the others win); a file extending one "
                  "that names its winners writes winners: null beside its losers")
    key = "losers" if lose else "winners"
    winners = ctx.get(p + (key,), {"lowest": "0 - s.score"})
    mode = next(iter(winners))
    val = ctx.expr(p + (key, mode), X.BOOL if mode == "where" else X.INT, seat_scope,
                   default=winners[mode], ranked=True)
    leaning = score_leaning(winners[mode]) if mode == "where" else mode
    if lose:                                  # a high total that loses is a low one that wins
        leaning = {"highest": "lowest", "lowest": "highest"}.get(leaning)
    max_hands = ctx.const_int(p + ("max-hands",), 1000, 1, 100_000)
    knock = ctx.expr(p + ("knock-out",), X.BOOL, seat_scope)
    dealer = ctx.get(p + ("dealer",), "rotate")
    to = ctx.expr(p + ("dealer", "to"), X.BOOL, seat_scope) if isinstance(dealer, dict) else None
    return Match(end.fn if end else None, mode, val.fn if val else None, "to" if to else str(dealer),
                 max_hands, knock.fn if knock else None, to.fn if to else None, leaning=leaning, losers=lose)


def score_leaning(text: Any) -> str | None:
    """Whether a `where` winners rule favours a high or a low total, read from how it compares `s.score`:
    `s.score >= 7` or `s.score == max(...)` high, `<`, `<=` or `== min(...)` low; None when it says neither or
    both. A search values a hand it plays out by it (a hand's points placed best to worst, as for `highest`)."""
    try:
        tree = X.parse(text) if isinstance(text, str) else None
    except X.ExprError:
        return None
    votes = set()
    for node in tree.iter_subtrees() if tree is not None else ():
        if node.data != "compare" or len(node.children) != 3:
            continue
        left, op, right = node.children
        for mine, other, sign in ((left, right, 1), (right, left, -1)):
            if not _is_own_score(mine):
                continue
            if str(op) in (">", ">="):
                votes.add(sign)
            elif str(op) in ("<", "<="):
                votes.add(-sign)
            elif str(op) == "==" and _aggregate_of(other) in ("max", "min"):
                votes.add(1 if _aggregate_of(other) == "max" else -1)
    return {frozenset([1]): "highest", frozenset([-1]): "lowest"}.get(frozenset(votes))


def _is_own_score(node: Any) -> bool:
    node = X.unwrap(node)
    if getattr(node, "data", None) != "field":
        return False
    seat, name = node.children
    return getattr(seat, "data", None) == "name" and str(seat.children[0]) == "s" and str(name) == "score"


def _aggregate_of(node: Any) -> str | None:
    node = X.unwrap(node)
    return str(node.children[0]) if getattr(node, "data", None) == "aggregate" else None


def _direction(ctx: Ctx) -> int:
    words = {"clockwise": 1, "left": 1, "counterclockwise": -1, "anticlockwise": -1, "right": -1}
    return words[ctx.word(("table", "direction"), words, "clockwise")]


def _compile_deal(ctx: Ctx) -> DealSpec:
    p = ("deal",)
    to = ctx.zone(p + ("to",), owner="seat")
    rest = ctx.zone(p + ("rest",), owner="table")
    raw = ctx.get(p + ("count",))
    if ctx.get(p + ("schedule",)) is not None:
        return _compile_schedule(ctx, to, rest)
    if raw is None:
        ctx.error(p, "deal needs 'count' (cards per seat, or all) or a 'schedule'")
        return DealSpec(to, 0, rest, "rest")
    remainder = ctx.word(p + ("remainder",), ("extra-to-first", "rest"), "extra-to-first")
    n = ctx.players
    size = len(ctx.deck)
    if raw == "all":
        count = None
        if remainder == "rest" and rest is None and size % n:
            ctx.error(p, f"{size} cards do not divide among {n} players and deal.rest names no zone for the rest")
    else:
        count = ctx.const_int(p + ("count",), None, 0, 10**4)   # None after an error: no follow-on errors
        if count is not None and count * n > size:
            ctx.error(p + ("count",), f"impossible deal: {count} cards to each of {n} players needs {count * n}, "
                      f"but the deck has {size}", value=True)
        elif count is not None and count * n < size and rest is None:
            ctx.error(p, f"{size - count * n} cards stay undealt; name a table zone for them with 'rest'")
    return DealSpec(to, count, rest, remainder)


def _compile_shoe(ctx: Ctx, deal: DealSpec) -> Shoe | None:
    """`deal.shoe: {discards, reshuffle}`: the rest zone kept from hand to hand (None when not asked for)."""
    p = ("deal", "shoe")
    raw = ctx.get(p)
    if raw is None:
        return None
    if deal.rest is None or deal.count is None:
        ctx.error(p, "a shoe is where the cards not dealt wait for the next hands: the deal needs a count and "
                     "a rest zone (the shoe)", "write e.g. deal: {to: hand, count: 2, rest: shoe, shoe: {...}}")
        return None
    discards = ctx.zone(p + ("discards",), owner="table")
    if discards is not None and discards.name == deal.rest.name:
        ctx.error(p + ("discards",), f"the discards go beside the shoe, not into it ('{deal.rest.name}' is the "
                                     "deal's rest)", "name another table zone for the cards played", value=True)
        return None
    reshuffle = ctx.expr(p + ("reshuffle",), X.BOOL) if "reshuffle" in raw else None
    if discards is None or ("reshuffle" in raw and reshuffle is None):
        return None
    return Shoe(discards, reshuffle.fn if reshuffle else None)


SHAPES = ("up", "down", "up-and-down", "down-and-up")


def schedule_sizes(n_max: int, shape: str, repeat_turn: bool = False) -> list[int]:
    """Hand sizes of a schedule: up 1..N, down N..1, up-and-down 1..N..1, down-and-up N..1..N.

    The turning hand is played once unless `repeat_turn` (2N - 1 hands, or 2N).
    """
    up = list(range(1, n_max + 1))
    down = up[::-1]
    if shape == "up":
        return up
    if shape == "down":
        return down
    first, second = (up, down) if shape == "up-and-down" else (down, up)
    return first + (second if repeat_turn else second[1:])


def _compile_schedule(ctx: Ctx, to: Zone | None, rest: Zone | None) -> DealSpec:
    """deal.schedule: hand k deals sizes[k - 1] cards; the match may end with `hand-number == hands-total`."""
    p = ("deal", "schedule")
    n_max = ctx.const_int(p + ("max",), 1, 1, 10**4)
    shape = ctx.word(p + ("shape",), SHAPES, "up")
    repeat = ctx.expr(p + ("repeat-turn",), X.BOOL, _option_scope(ctx), default=False)
    if repeat is not None and not repeat.is_const:
        ctx.error(p + ("repeat-turn",), "this value must be fixed before the game starts (options only)", value=True)
    sizes = schedule_sizes(n_max or 1, shape, bool(repeat.const) if repeat is not None else False)
    raw = ctx.get(p + ("sizes",))
    listed_used = False
    if raw is not None:
        listed = ctx.options.get(raw) if isinstance(raw, str) else raw
        if isinstance(raw, str) and raw not in ctx.options:
            ctx.error(p + ("sizes",), f"'{raw}' is not an option (a list option or a list of sizes is expected)",
                      did_you_mean(raw, ctx.options), value=True)
        elif not isinstance(listed, list):
            ctx.error(p + ("sizes",), f"option '{raw}' must be of type list", value=True)
        elif listed:
            if any(not isinstance(x, int) or x < 1 for x in listed):
                ctx.error(p + ("sizes",), "every hand size must be an int of at least 1", value=True)
            else:
                sizes, listed_used = list(listed), True
    n, size = ctx.players, len(ctx.deck)
    big = max(sizes)
    if big * n > size:
        ctx.error(p + (("sizes",) if listed_used else ("max",)),
                  f"impossible deal: a hand of {big} cards to each of {n} players needs {big * n}, "
                  f"but the deck has {size}", value=True)
    elif big * n < size and rest is None:
        ctx.error(("deal",), "the schedule leaves cards undealt; name a table zone for them with 'rest'")
    return DealSpec(to, sizes[0], rest, "rest", sizes, n_max)

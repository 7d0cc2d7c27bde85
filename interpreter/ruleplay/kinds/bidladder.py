"""A ladder of bids, each a level and a strain: `ladder: {levels: [6, 10], strains: [S, C, D, H, NT]}` on a bid phase.

The bids are numbered up the ladder, every strain of a level before the next level (6S 6C 6D 6H 6NT 7S ...), so
the bid kind's auction orders them as the game does (a higher level, or the same level in a higher strain), and
each is said by its name (`6NT`: the action's label, the log's `said`, the sheet). `step` spaces the levels
(Coinche's 80, 90, ... 160). The rules read the highest bid's `high-level` (an int, 0 before any bid) and
`high-strain` (its strain as written, 'none' before any bid); `forbid` and `bots` read the bid judged as
`bid-level` and `bid-strain`. For bots a bid asks for its level in tricks (say otherwise with `bots.tricks`) and
names its strain as trump when the strain is a suit of the deck, else no trump (`bots.trump`). Testers packed
such bids into numbers with fifty `words` (t36, t39).
"""
from __future__ import annotations

from dataclasses import dataclass

from ruleplay.compiler.model import Ctx
from ruleplay.engine.decision import MAX_BID
from ruleplay.kinds.schema_parts import obj
from ruleplay.lang import expr as X

SCHEMA = {
    "ladder": obj({"levels": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 1000},
                              "minItems": 2, "maxItems": 2,
                              "description": "The lowest and the highest level, e.g. [1, 7] (Bridge) or [6, 10]."},
                   "step": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 1,
                            "description": "The levels' spacing: [80, 160] with step 10 is 80, 90, ... 160."},
                   "strains": {"type": "array", "items": {"type": "string", "pattern": "^[A-Za-z0-9]{1,6}$"},
                               "minItems": 1, "maxItems": 8, "uniqueItems": True,
                               "description": "The strains, low to high within a level; a strain that is a suit of "
                                              "the deck names that trump, any other (NT) no trump."}},
                  ["levels", "strains"],
                  "Bids of a level and a strain (a suit or no trumps), numbered up the ladder and said by name "
                  "(6S ... 10NT); the rules read high-level and high-strain. Replaces range and words."),
}
EXAMPLES = {"ladder": {"examples": [{"levels": [6, 10], "strains": ["S", "C", "D", "H", "NT"]}]},
            "ladder/levels": {"examples": [[1, 7], [80, 160]]}, "ladder/step": {"examples": [10]},
            "ladder/strains": {"examples": [["C", "D", "H", "S", "NT"]]}}


@dataclass(frozen=True)
class Ladder:
    """The bids 1..count: bid b is level `low + (b - 1) // len(strains) * step` in strain `(b - 1) % len(strains)`."""

    low: int
    step: int
    levels: int                          # how many levels
    strains: tuple[str, ...]

    @property
    def count(self) -> int:
        return self.levels * len(self.strains)

    def level(self, bid: int | None) -> int:
        return 0 if not bid else self.low + (bid - 1) // len(self.strains) * self.step

    def strain(self, bid: int | None) -> str:
        return "none" if not bid else self.strains[(bid - 1) % len(self.strains)]

    def words(self) -> dict[int, str]:
        return {b: f"{self.level(b)}{self.strain(b)}" for b in range(1, self.count + 1)}


def ladder_of(spec: dict) -> Ladder | None:
    """The ladder a phase's spec writes, or None (none written, or written wrong: `compile_ladder` says where)."""
    raw = spec.get("ladder")
    if not isinstance(raw, dict):
        return None
    levels, strains, step = raw.get("levels"), raw.get("strains"), raw.get("step", 1)
    if not (isinstance(levels, list) and len(levels) == 2 and all(type(x) is int for x in levels)
            and isinstance(strains, list) and strains and type(step) is int and step > 0 and levels[0] <= levels[1]):
        return None
    return Ladder(levels[0], step, (levels[1] - levels[0]) // step + 1, tuple(str(s).upper() for s in strains))


def compile_ladder(ctx: Ctx, path: tuple, spec: dict) -> Ladder | None:
    """The phase's ladder; a placed error when it cannot be one, or clashes with `range` or `words`."""
    ladder = ladder_of(spec)
    at = path + ("ladder",)
    levels = (spec.get("ladder") or {}).get("levels")
    if ladder is None:
        ctx.error(at + ("levels",), "the lowest level is above the highest", "write [lowest, highest], e.g. [6, 10]",
                  value=True)
        return None
    for key in ("range", "words"):
        if key in spec:
            ctx.error(path + (key,), f"`ladder` numbers and names the bids: `{key}` cannot be given beside it",
                      f"remove {key}:", value=False)
            return None
    if (levels[1] - levels[0]) % ladder.step:
        ctx.error(at + ("step",), f"levels {levels[0]} to {levels[1]} do not go in steps of {ladder.step}",
                  "make the highest level the lowest plus a whole number of steps", value=True)
        return None
    if ladder.count > MAX_BID:
        ctx.error(at, f"{ladder.count} bids: at most {MAX_BID} fit the action space", "fewer levels or strains")
        return None
    return ladder


def names(spec: dict) -> dict[str, X.Binding]:
    """`high-level` and `high-strain`: the highest bid's level and strain (0 and 'none' before any bid)."""
    ladder = ladder_of(spec)
    if ladder is None:
        return {}
    return {"high-level": X.Binding(X.INT, lambda e: ladder.level(e.high_bid)),
            "high-strain": X.Binding(X.STR, lambda e: ladder.strain(e.high_bid))}


def bid_names(ladder: Ladder) -> dict[str, X.Binding]:
    """`bid-level` and `bid-strain`: the bid being judged (in `forbid`, `bots`)."""
    return {"bid-level": X.Binding(X.INT, lambda e: ladder.level(e.loc.get("bid"))),
            "bid-strain": X.Binding(X.STR, lambda e: ladder.strain(e.loc.get("bid")))}


def bot_hints(ladder: Ladder, suits: set[str]):
    """What a bid means to bots unless `bots` says otherwise: its level in tricks, its strain as trump."""
    def tricks(e) -> int:
        return ladder.level(e.loc.get("bid"))

    def trump(e) -> str:
        s = ladder.strain(e.loc.get("bid"))
        return s if s in suits else "none"
    return tricks, trump


def describe(spec: dict) -> str:
    ladder = ladder_of(spec)
    if ladder is None:
        return ""
    top = ladder.low + (ladder.levels - 1) * ladder.step
    return (f" A bid is a level from {ladder.low} to {top}" + (f" in steps of {ladder.step}" if ladder.step > 1 else "")
            + f" and a strain ({', '.join(ladder.strains)}, low to high), said as one ({ladder.low}"
            f"{ladder.strains[0]}); a higher bid is a higher level, or the same level in a higher strain.")

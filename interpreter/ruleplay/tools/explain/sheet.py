"""`explain`: a rule sheet generated from the resolved data, in the words of the file (`diff` compares two)."""
from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any, TextIO

from ruleplay.compiler.model import Rules
from ruleplay.kinds import KINDS
from ruleplay.kinds.turns.effects import say_effects
from ruleplay.kinds.words import formula
from ruleplay.lang.expr.say import Vocabulary, say, speaking, value as _value
from ruleplay.resources import is_builtin, labelled_builtin


def _cards(rules: Rules) -> str:
    d = rules.doc.data["deck"]
    parts = [f"{len(rules.deck)} cards"]
    present = set(rules.deck.rank)                     # the ranks left once stripped
    ranks = [r for r in rules.deck.ranks if r in present] or rules.deck.ranks
    parts.append(f"ranks {' '.join(ranks)} (low to high)")
    if rules.deck.first_rank_high and len(ranks) > 2:
        parts.append(f"in a run {ranks[0]} may also be high ({ranks[-2]}-{ranks[-1]}-{ranks[0]}, never "
                     f"{ranks[-1]}-{ranks[0]}-{ranks[1]})")
    if rules.deck.wild_fn is not None:                # read each hand: said as the rule
        parts.append(f"wild in sets and runs: each hand, the cards for which {formula(d['wild'])}")
    elif rules.deck.wild:
        wild = dict.fromkeys(rules.deck.names[c] for c in sorted(rules.deck.wild))
        parts.append(f"wild in sets and runs: {' '.join(wild)}")
    parts.append(f"suits {' '.join(rules.deck.suits)}")
    copies = formula(d.get("copies", 1))             # a number, or an option's (folded)
    if copies != "1":
        parts.append(f"{copies} decks")
    jokers = sum(rules.deck.joker)
    if jokers:
        parts.append(f"{jokers} joker(s)")
    strip = d.get("strip")
    if isinstance(strip, dict):                        # by-players: the list for this number of players
        table = strip.get("by-players") or {}
        strip = next((v for k, v in table.items() if str(k) == str(rules.players)), None)
    if strip:
        parts.append(f"without {', '.join(map(str, strip))}")
    return "; ".join(parts)


def vocabulary(rules: Rules) -> Vocabulary:
    """What the sheet folds (options, the player count, values by players) and says by name (`define:`)."""
    consts: dict[str, Any] = {**rules.options, "players": rules.players}
    words: dict[str, tuple[str, str]] = {}
    for name, spec in (rules.doc.data.get("define") or {}).items():
        spec = spec if isinstance(spec, dict) else {"expr": spec}
        if "by-players" in spec:
            table = {int(k): v for k, v in spec["by-players"].items()}
            if rules.players in table:
                consts[name] = table[rules.players]
        raw = spec.get("expr", "")
        words[name] = (raw if isinstance(raw, str) else "", spec.get("description", ""))
    zones = rules.doc.data.get("zones") or {}
    families = frozenset(name for name, z in zones.items() if isinstance(z, dict) and "count" in z)
    seats = frozenset(name for name, z in zones.items() if isinstance(z, dict) and z.get("owner") == "seat") | \
        frozenset(name for name, z in rules.zones.items() if z.owner == "seat")     # a seat family's piles (h1)
    data = rules.doc.data
    values = frozenset(data.get("counters") or {}) | frozenset(
        name for ph in (data.get("phases") or {}).values() if isinstance(ph, dict) and isinstance(ph.get("track"), dict)
        for name in ph["track"])
    return Vocabulary(consts, words, families=families, seat_zones=seats, values=values)


def shown_file(f: str) -> str:
    """A built-in by its name, a user's file as they gave it."""
    name = labelled_builtin(f)
    if name is not None:
        return name
    try:
        if is_builtin(f):
            return Path(f).stem
    except (OSError, ValueError):
        pass
    return f


def sheet_text(rules: Rules) -> str:
    """`ruleplay explain`'s text (also the web editor's sheet and what `diff` compares)."""
    buf = io.StringIO()
    write_sheet(rules, buf)
    return buf.getvalue()


def write_sheet(rules: Rules, out: TextIO) -> None:
    """The rule sheet of `explain`, in the words of the file with its options folded in."""
    with speaking(vocabulary(rules)):
        _write_sheet(rules, out)


def _write_sheet(rules: Rules, out: TextIO) -> None:
    d = rules.doc.data
    w = out.write
    w(f"{rules.title}\n{'=' * len(rules.title)}\n{rules.description}\n")
    if rules.source:
        w(f"Source: {rules.source}\n")
    if len(rules.files) > 1:
        w(f"Based on: {' <- '.join(shown_file(f) for f in reversed(rules.files))}\n")
    span = d.get("players", 2)
    w(f"\nPlayers: {rules.players}" + ("" if isinstance(span, int) or span["min"] == span["max"] else
                                      f" ({span['min']}-{span['max']})") + "\n")
    w(f"Cards: {_cards(rules)}\n")
    for aname, table in (d["deck"].get("attributes") or {}).items():
        w(f"  {aname}: " + ", ".join(f"{k} = {formula(v)}" for k, v in table.items()) + "\n")
    w("Zones:\n")
    families = {name: int(z["count"]) for name, z in d["zones"].items() if isinstance(z, dict) and "count" in z}
    for z in rules.zones.values():
        owner = "one per player" if z.owner == "seat" else "shared"
        fam = next((f for f, n in families.items() if z.name in (f"{f}{k}" for k in range(1, n + 1))), None)
        if fam is not None:              # a family of piles: one line (`to: meld` lays out the first empty one)
            if z.name == f"{fam}1":
                whose = "shared piles" if z.owner == "table" else "piles each player has"
                w(f"  {fam}1 to {fam}{families[fam]}: {families[fam]} {whose}, {z.visibility} (a move to {fam} "
                  f"with no pile chosen lays its cards out on the first empty one)"
                  + (f": {z.description}" if z.description else "") + "\n")
            continue
        seen = "others (seen by every player but its owner)" if z.visibility == "others" else z.visibility
        w(f"  {z.name}: {owner}, {seen}" + (f": {z.description}" if z.description else "") + "\n")
    direction = "clockwise" if rules.direction == 1 else \
        "counter-clockwise (each player's next is the player on their right)"
    dealer = rules.dealer
    first = "seat 0, on the dealer's left," if rules.direction == 1 else "the seat on the dealer's right"
    dealer_txt = {"last-seat": f"the last seat deals; {first} starts",
                  "random": "a random player deals", "low-card": "everyone draws; the lowest card deals"
                  }.get(dealer, f"seat {dealer} deals")
    w("Table: one player alone.\n" if rules.players == 1 else f"Table: play goes {direction}; {dealer_txt}.\n")
    raw_teams = d.get("teams")
    if rules.teams and all(len(t) == 1 for t in rules.teams) and isinstance(raw_teams, dict):
        w(f"Teams: none with {rules.players} players, each plays alone (partnerships with "
          f"{' or '.join(map(str, raw_teams.get('players', [])))} players).\n")
    elif rules.teams:
        w("Teams: " + "; ".join(f"team {i}: seats {' and '.join(map(str, t))}" for i, t in enumerate(rules.teams)) +
          ".\n")
    for name, start in rules.counters.items():
        text = (d.get("counters") or {}).get(name, {}).get("description", "")
        secret = ", each player's known to that player alone" if name in rules.secret_counters else ""
        secret += " (its changes are not told)" if name in rules.quiet_values else ""
        w(f"Counter {name}: {_kept(name, rules)}, starting at {start}{secret}" + (f"; {text}" if text else "")
          + ".\n")
    for name, start in rules.table_counters.items():
        text = (d.get("counters") or {}).get(name, {}).get("description", "")
        what, start = ("a player of the table", "nobody" if start is None else f"seat {start}") \
            if name in rules.table_seats else ("one value of the table (not of each player)", start)
        quiet = " (its changes are not told)" if name in rules.quiet_values else ""
        w(f"Counter {name}: {what}, {_kept(name, rules)}, starting at {start}{quiet}" + (f"; {text}" if text else "")
          + ".\n")
    deal = rules.deal
    count = "all the cards" if deal.count is None else f"{deal.count} card{'s' if deal.count != 1 else ''} each"
    if deal.sizes:
        count = (f"a schedule of {len(deal.sizes)} hand(s): {', '.join(map(str, deal.sizes))} cards each"
                 if len(deal.sizes) <= 40 else f"{len(deal.sizes)} hands")
    rest = f"the rest to {deal.rest.name}" if deal.rest and (deal.count is not None or deal.remainder == "rest") else ""
    if deal.count == 0 and not deal.sizes:         # nothing dealt to the players: the pack goes where the rest goes
        w(f"Deal: no cards to the players; {rest or 'the pack stays undealt'}.\n")
    else:
        w(f"Deal: {count}, one at a time, into each player's {deal.to.name}" + (f"; {rest}" if rest else "") + ".\n")
    if deal.shoe is not None:
        raw = (d.get("deal") or {}).get("shoe") or {}
        when = f"when {formula(raw['reshuffle'])}, or " if "reshuffle" in raw else "when "
        w(f"Shoe: {deal.rest.name} is kept from hand to hand: after each hand its cards go to "
          f"{deal.shoe.discards.name}, and the next hand is dealt from {deal.rest.name} as it is; every card is "
          f"shuffled into a new shoe {when}it holds too few cards for the deal.\n")
    if rules.ranking is not None:
        w(rules.ranking.describe())
    write_definitions(d, rules.players, out)
    write_named_effects(d, out)
    play = io.StringIO()
    play.write("Play:\n")
    for phase in rules.phases:            # in the order they run (`before:` included)
        spec = d["phases"][phase.name]
        play.write(f"  {phase.name} ({spec['kind']}): " + describe_phase(spec, phase) + "\n")
    write_scoring(d, play)
    w(play.getvalue() if rules.direction == 1 else _as_seated(play.getvalue(), _own_words(d)))
    for c in d.get("constraints") or []:    # what is refused, then the file's message (which may say the rule
        said = formula(c["forbid"])           # the other way round: "the small blind is at most the big blind")
        if said in ("yes", "no"):             # folded by these options: said as written, for every setting
            said = f"the formula `{c['forbid']}`"
        by_you = f", only with your own --set of {', '.join(c['if-set'])}" if c.get("if-set") else ""
        w(f"Refused: {said}{by_you} (\"{c['message'].rstrip('.')}\").\n")
    if rules.end:
        w("End:\n")
        for rule in d.get("end", []):
            lose = "losers" in rule
            mode, val = next(iter(rule["losers" if lose else "winners"].items()))
            verb = "lose, the other players still in win" if lose else "win"
            winners = f"the players for whom {formula(val)} {verb}" if mode == "where" else \
                f"the players with the {mode} {_ranked(val)} {verb}"
            said = f" ({rule['description'].rstrip('.')})" if rule.get("description") else ""
            w(f"  when {formula(rule['when'])}: the game ends at once; {winners}{said}.\n")
    if rules.option_specs:
        w("Options (set with --set NAME=VALUE):\n")
        for name, spec in rules.option_specs.items():
            rng = ""
            if spec.get("type") == "int":
                rng = f", {spec.get('min', '')}..{spec.get('max', '')}"
            elif spec.get("type") == "choice":
                rng = f", one of {'/'.join(spec['choices'])}"
            w(f"  {name} = {_value(rules.options[name])} ({spec['type']}{rng}, default {_value(spec['default'])}): "
              f"{spec['description']}\n")


# "The dealer's left" as the kinds say it (a `first: left-of-dealer`, the first seat from the dealer's left
# for which a rule holds, a window from the mover's left, or from its player's left when reopened) is the
# next seat in turn. Play going
# counter-clockwise, that seat sits on the right, so the sheet says it as the players sit. (`left-of(s)` in
# an expression is the seat on the left as they sit, whichever way play goes, and is said as it is.)
_SIDE = re.compile(r"\b(the dealer's |the mover's |its player's )(left|right)\b")


def _as_seated(text: str, own: list[str] = ()) -> str:
    """The kinds' "dealer's left" as the players sit in a game played the other way; the file's own words (a
    definition's description: "the player on the dealer's right") are left as written."""
    kept = {f"\0{i}\0": w for i, w in enumerate(own) if w in text}
    for mark, w in kept.items():
        text = text.replace(w, mark)
    text = _SIDE.sub(lambda m: m.group(1) + ("right" if m.group(2) == "left" else "left"), text)
    for mark, w in kept.items():
        text = text.replace(mark, w)
    return text


def _own_words(d: dict) -> list[str]:
    """The descriptions the file writes for its definitions, as the sheet quotes them ("NAME (description)")."""
    out = []
    for name, spec in (d.get("define") or {}).items():
        if isinstance(spec, dict) and spec.get("description"):
            out.append(f"{name} ({spec['description']})")
    return out


def _kept(name: str, rules: Rules) -> str:
    return "back at its start value as every hand starts" if name in rules.hand_counters else "kept across hands"


def write_named_effects(d: dict, out: TextIO) -> None:
    """The file's named lists of effects (`effects:`), each in the words the phases' effects are said in."""
    named = d.get("effects") or {}
    if named:
        out.write("Steps named in these rules:\n")
        for name, specs in named.items():
            out.write(f"  {name}: {say_effects(specs) or 'nothing'}.\n")


def write_definitions(d: dict, players: int, out: TextIO) -> None:
    """The file's vocabulary (`define:`): each word with its description, else its formula once."""
    defs = d.get("define") or {}
    if not defs:
        return
    out.write("Words used in these rules:\n")
    for name, spec in defs.items():
        spec = spec if isinstance(spec, dict) else {"expr": spec}
        if "cycle" in spec:
            what = ", ".join(map(_value, spec["cycle"])) + " by hand in turn, then again"
        elif "by-players" in spec:
            what = f"{_value(spec['by-players'].get(players, spec['by-players'].get(str(players))))} " \
                   f"with {players} players"
        else:
            what = say(spec["expr"], besides=name)
        desc = spec.get("description")
        given = f"({', '.join(map(str, spec['params']))})" if spec.get("params") else ""
        out.write(f"  {name}{given}: " + (f"{desc} ({what})" if desc and "expr" not in spec else desc or what) + "\n")


def write_scoring(d: dict, out: TextIO) -> None:
    """The scoring and match sections, when the ruleset has them."""
    w = out.write
    sc = d.get("scoring")
    m = d.get("match")
    one_hand = m is None or not m.get("end") or formula(m["end"]) == "yes"
    totals = "" if one_hand else " Totals add up over the hands."
    if sc and isinstance(sc.get("pot"), dict):
        pot = sc["pot"]
        contending = f"the players for whom {formula(pot['in'])}" if "in" in pot else "the players"
        w(f"Pots after each hand: each player has put in {formula(pot['stake'])}; the stakes make a main pot and "
          f"side pots, each won, among {contending} who put in as much, by the one whose "
          f"{_ranked(pot['strength'])} is highest (equal hands share it, odd chips from the dealer's left); what "
          "nobody called goes back. A player's winnings are pot-won.\n")
    if sc:
        rules = [r for r in sc.get("rules", []) if formula(r["when"]) != "no"]     # the others are off here
        if not rules:
            w(f"Scoring after {'the' if one_hand else 'each'} hand: each player scores their points, "
              f"{formula(sc['points'])}.{totals}\n")
        else:
            w(f"Scoring after {'the' if one_hand else 'each'} hand: a player's points are {formula(sc['points'])}; "
              "the first rule below "
              "that applies gives each player's score for the hand.\n")
        for rule in rules:
            label = rule.get("description") or rule.get("name") or "rule"
            when = formula(rule["when"])
            w(f"  {label}: " + ("" if when == "yes" else f"when {when}, ") +
              f"each player scores {formula(rule['score'])}.\n")
        if rules:
            w(f"  Otherwise each player scores their points.{totals}\n")
    if m is not None:
        lose = m.get("losers") is not None
        mode, val = next(iter((m.get("losers" if lose else "winners") or {"highest": "s.score"}).items()))
        when = formula(m["end"]) if m.get("end") else "yes"
        end = "after one hand" if when == "yes" else f"after a hand when {when}"
        dealer = m.get("dealer", "rotate")
        deal = f"goes to the first player from the dealer's left for whom {formula(dealer['to'])} (else one seat " \
            "on)" if isinstance(dealer, dict) else "passes one seat on" if dealer == "rotate" else "stays"
        winners = f"the players for whom {formula(val)} {'lose' if lose else 'win'}" if mode == "where" else \
            f"the players with the {mode} {_ranked(val)} {'lose' if lose else 'win'} (ties are joint)"
        winners += "; the other players still in win" if lose else ""
        most = "" if one_hand or "max-hands" not in m else \
            f"; after {m['max-hands']} hands with no end the game stops with no winner"
        alone = d.get("players") == 1                  # a patience: nobody else to deal
        w(f"Match: ends {end}; {winners}" + ("" if one_hand or alone else f"; the deal {deal} each hand") + most +
          ".\n")
        if m.get("knock-out") is not None:
            w(f"  After each hand, a player for whom {formula(m['knock-out'])} is knocked out: dealt no more "
              "cards, out of the game.\n")


def _ranked(val: Any) -> str:
    """What winners are ranked by, after "the highest": the words of `s.score` without "the player's", and
    without a leading "the" ("the highest number of cards", not "the highest the number of cards")."""
    return formula(val).removeprefix("the player's ").removeprefix("the ")


def describe_phase(spec: dict, phase: Any = None) -> str:
    """A phase in words: its own description (what the file says it means), then its kind's words for what
    the data does (each kind words itself, kinds/): a description never hides the rules the game plays by."""
    cond = formula(spec["when"]) if "when" in spec else "yes"
    when = "" if cond == "yes" else "Never (off under these options): " if cond == "no" else f"Only when {cond}: "
    kind = KINDS.get(spec["kind"])
    said = tidy(kind.describe(spec, phase)) if kind is not None else spec["kind"]
    own = str(spec.get("description") or "").strip()
    if own:
        return when + own + ("" if own.endswith((".", "!", "?")) else ".") + " In detail: " + said
    return when + said


# A kind's sentence around a value that options decided: "may pass when yes" says "may pass"; a sentence
# "when no, ..." is a rule that is off. Only the kinds' own text is tidied, never what a file wrote.
_TIDY = [(re.compile(r" when yes(?=[.;,)])"), ""),
         (re.compile(r"(?:(?<=^)|(?<=\. ))[^.]*\bwhen no[,.][^.]*\.(?: |$)"), ""),
         (re.compile(r"\bthe suit the suit of "), "the suit of "),
         (re.compile(r"\bThe card the (top|bottom) card "), r"The \1 card "),
         (re.compile(r"\b([Aa]) card with the card's "), r"\1 card whose ")]


def tidy(text: str) -> str:
    for rx, to in _TIDY:
        text = rx.sub(to, text)
    return text.rstrip()

"""`explain` and `diff`: rule sheets and differences generated from the resolved data."""
from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any, TextIO

from .model import Rules
from .phases import KINDS
from .phases.words import formula
from .plain import Vocabulary, say, speaking, value as _value
from .resources import data_dir


def flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    if isinstance(data, dict):
        for k, v in data.items():
            out.update(flatten(v, f"{prefix}.{k}" if prefix else str(k)))
    elif isinstance(data, list) and any(isinstance(x, (dict, list)) for x in data):
        for i, v in enumerate(data):
            out.update(flatten(v, f"{prefix}[{i}]"))
    else:
        out[prefix] = data
    return out


def effective(rules: Rules) -> dict[str, Any]:
    """The resolved rules with option values in place of defaults; metadata left out."""
    data = {k: v for k, v in rules.doc.data.items() if k not in ("name", "title", "description", "source",
                                                                 "implements", "options")}
    flat = flatten(data)
    for name, value in rules.options.items():
        flat[f"option {name}"] = value
    flat["players"] = rules.players
    return flat


def write_diff(a: Rules, b: Rules, out: TextIO) -> int:
    fa, fb = effective(a), effective(b)
    keys = sorted(set(fa) | set(fb))
    n = 0
    for k in keys:
        va, vb = fa.get(k, "(absent)"), fb.get(k, "(absent)")
        if va != vb:
            n += 1
            out.write(f"{k}:\n  - {va}\n  + {vb}\n")
    if n == 0:
        out.write("The rules are the same.\n")
    return n


def _cards(rules: Rules) -> str:
    d = rules.doc.data["deck"]
    parts = [f"{len(rules.deck)} cards"]
    ranks = rules.deck.ranks
    parts.append(f"ranks {' '.join(ranks)} (low to high)")
    parts.append(f"suits {' '.join(rules.deck.suits)}")
    copies = formula(d.get("copies", 1))             # a number, or an option's (folded)
    if copies != "1":
        parts.append(f"{copies} decks")
    jokers = sum(rules.deck.joker)
    if jokers:
        parts.append(f"{jokers} joker(s)")
    if d.get("strip"):
        parts.append(f"without {', '.join(map(str, d['strip']))}")
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
    return Vocabulary(consts, words)


_RULE_ID = r"(?:Q\d+|\d+\.\d+)"


def plain_ids(text: str) -> str:
    """Without the rule ids of the source digests (`(3.5)`, `Q11`): they are not in the repository."""
    text = re.sub(rf"\s*\({_RULE_ID}(?:,\s*{_RULE_ID})*\)", "", text)
    text = re.sub(rf"\(the literal reading of {_RULE_ID}\)", "(the literal reading)", text)
    text = re.sub(rf"\b{_RULE_ID}:\s*", "", text)
    text = re.sub(rf",\s*{_RULE_ID}(?=[),])", "", text)
    return text


def shown_file(f: str) -> str:
    """A built-in by its name, a user's file as they gave it."""
    try:
        if Path(f).resolve().parent == data_dir("rulesets").resolve():
            return Path(f).stem
    except (OSError, ValueError):
        pass
    return f


def write_sheet(rules: Rules, out: TextIO) -> None:
    """The rule sheet of `explain`, in the words of the file with its options folded in."""
    buf = io.StringIO()
    with speaking(vocabulary(rules)):
        _write_sheet(rules, buf)
    out.write(plain_ids(buf.getvalue()))


def _write_sheet(rules: Rules, out: TextIO) -> None:
    d = rules.doc.data
    w = out.write
    w(f"{rules.title}\n{'=' * len(rules.title)}\n{rules.description}\n")
    if rules.source:
        w(f"Source: {rules.source}\n")
    if len(rules.files) > 1:
        w(f"Based on: {' <- '.join(shown_file(f) for f in reversed(rules.files))}\n")
    w(f"\nPlayers: {rules.players}" + ("" if isinstance(d.get('players', 2), int) else
                                      f" ({d['players']['min']}-{d['players']['max']})") + "\n")
    w(f"Cards: {_cards(rules)}\n")
    for aname, table in (d["deck"].get("attributes") or {}).items():
        w(f"  {aname}: " + ", ".join(f"{k} = {formula(v)}" for k, v in table.items()) + "\n")
    w("Zones:\n")
    for z in rules.zones.values():
        owner = "one per player" if z.owner == "seat" else "shared"
        w(f"  {z.name}: {owner}, {z.visibility}" + (f": {z.description}" if z.description else "") + "\n")
    direction = "clockwise" if rules.direction == 1 else "counter-clockwise"
    dealer = rules.dealer
    dealer_txt = {"last-seat": "the last seat deals; seat 0, on the dealer's left, starts",
                  "random": "a random player deals", "low-card": "everyone draws; the lowest card deals"
                  }.get(dealer, f"seat {dealer} deals")
    w(f"Table: play goes {direction}; {dealer_txt}.\n")
    if rules.teams:
        w("Teams: " + "; ".join(f"team {i}: seats {' and '.join(map(str, t))}" for i, t in enumerate(rules.teams)) +
          ".\n")
    for name, start in rules.counters.items():
        text = (d.get("counters") or {}).get(name, {}).get("description", "")
        w(f"Counter {name}, kept across hands from {start}" + (f": {text}" if text else "") + ".\n")
    deal = rules.deal
    count = "all the cards" if deal.count is None else f"{deal.count} cards each"
    if deal.sizes:
        count = (f"a schedule of {len(deal.sizes)} hand(s): {', '.join(map(str, deal.sizes))} cards each"
                 if len(deal.sizes) <= 40 else f"{len(deal.sizes)} hands")
    w(f"Deal: {count}, one at a time, into each player's {deal.to.name}" +
      (f"; the rest to {deal.rest.name}" if deal.rest else "") + ".\n")
    write_definitions(d, rules.players, out)
    w("Play:\n")
    for phase in rules.phases:            # in the order they run (`before:` included)
        spec = d["phases"][phase.name]
        w(f"  {phase.name} ({spec['kind']}): " + describe_phase(spec, phase) + "\n")
    write_scoring(d, out)
    for c in d.get("constraints") or []:
        when = formula(c["forbid"])
        w(f"Not allowed: {c['message']}" + ("" if when == "no" else f" (when {when})") + ".\n")
    if rules.end:
        w("End:\n")
        for rule in d.get("end", []):
            mode, val = next(iter(rule["winners"].items()))
            w(f"  when {formula(rule['when'])}: " + (rule.get("description") or
                                                      f"the winners are the players with {mode} {formula(val)}") + "\n")
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


def write_definitions(d: dict, players: int, out: TextIO) -> None:
    """The file's vocabulary (`define:`): each word with its description, else its formula once."""
    defs = d.get("define") or {}
    if not defs:
        return
    out.write("Words used in these rules:\n")
    for name, spec in defs.items():
        spec = spec if isinstance(spec, dict) else {"expr": spec}
        if "cycle" in spec:
            what = "by hand in turn: " + ", ".join(map(_value, spec["cycle"])) + ", then again"
        elif "by-players" in spec:
            what = f"{_value(spec['by-players'].get(players, spec['by-players'].get(str(players))))} " \
                   f"with {players} players"
        else:
            what = say(spec["expr"], besides=name)
        desc = spec.get("description")
        out.write(f"  {name}: " + (f"{desc} ({what})" if desc and "expr" not in spec else desc or what) + "\n")


def write_scoring(d: dict, out: TextIO) -> None:
    """The scoring and match sections, when the ruleset has them."""
    w = out.write
    sc = d.get("scoring")
    if sc:
        w(f"Scoring after each hand: a player's points are {formula(sc['points'])}; the first rule below that "
          "applies gives each player's score for the hand.\n")
        for rule in sc.get("rules", []):
            label = rule.get("description") or rule.get("name") or "rule"
            when = formula(rule["when"])
            if when != "no":                # off under these options
                w(f"  {label}: " + ("" if when == "yes" else f"when {when}, ") +
                  f"each player scores {formula(rule['score'])}.\n")
        w("  Otherwise each player scores their points. Totals add up over the hands.\n")
    m = d.get("match")
    if m is not None:
        mode, val = next(iter((m.get("winners") or {"lowest": "s.score"}).items()))
        end = f"after a hand when {formula(m['end'])}" if m.get("end") else "after one hand"
        what = formula(val).removeprefix("the player's ")
        w(f"Match: ends {end}; the players with the {mode} {what} win (ties are joint); "
          f"the deal {'passes one seat on' if m.get('dealer', 'rotate') == 'rotate' else 'stays'} each hand.\n")
        if m.get("knock-out") is not None:
            w(f"  After each hand, a player for whom {formula(m['knock-out'])} is knocked out: dealt no more "
              "cards, out of the game.\n")


def describe_phase(spec: dict, phase: Any = None) -> str:
    """A phase in words: its own description, else its kind's (each kind words itself, phases/)."""
    cond = formula(spec["when"]) if "when" in spec else "yes"
    when = "" if cond == "yes" else "Never (off under these options): " if cond == "no" else f"Only when {cond}: "
    if spec.get("description"):
        return when + spec["description"]
    kind = KINDS.get(spec["kind"])
    return when + (kind.describe(spec, phase) if kind is not None else spec["kind"])

"""`explain` and `diff`: rule sheets and differences generated from the resolved data."""
from __future__ import annotations

from typing import Any, TextIO

from .model import Rules


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
    if d.get("copies", 1) != 1:
        parts.append(f"{d['copies']} decks")
    jokers = sum(rules.deck.joker)
    if jokers:
        parts.append(f"{jokers} joker(s)")
    if d.get("strip"):
        parts.append(f"without {', '.join(map(str, d['strip']))}")
    return "; ".join(parts)


def write_sheet(rules: Rules, out: TextIO) -> None:
    d = rules.doc.data
    w = out.write
    w(f"{rules.title}\n{'=' * len(rules.title)}\n{rules.description}\n")
    if rules.source:
        w(f"Source: {rules.source}\n")
    if len(rules.files) > 1:
        w(f"Based on: {' <- '.join(reversed(rules.files))}\n")
    w(f"\nPlayers: {rules.players}" + ("" if isinstance(d.get('players', 2), int) else
                                      f" ({d['players']['min']}-{d['players']['max']})") + "\n")
    w(f"Cards: {_cards(rules)}\n")
    for aname, table in (d["deck"].get("attributes") or {}).items():
        w(f"  {aname}: " + ", ".join(f"{k} = {rules_value(v, rules)}" for k, v in table.items()) + "\n")
    w("Zones:\n")
    for z in rules.zones.values():
        owner = "one per player" if z.owner == "seat" else "shared"
        w(f"  {z.name}: {owner}, {z.visibility}" + (f": {z.description}" if z.description else "") + "\n")
    direction = "clockwise" if rules.direction == 1 else "counter-clockwise"
    dealer = d.get("table", {}).get("dealer", "last-seat")
    dealer_txt = {"last-seat": "the last seat deals; seat 0, on the dealer's left, starts",
                  "random": "a random player deals", "low-card": "everyone draws; the lowest card deals"
                  }.get(dealer, f"seat {dealer} deals")
    w(f"Table: play goes {direction}; {dealer_txt}.\n")
    deal = rules.deal
    count = "all the cards" if deal.count is None else f"{deal.count} cards each"
    w(f"Deal: {count}, one at a time, into each player's {deal.to.name}" +
      (f"; the rest to {deal.rest.name}" if deal.rest else "") + ".\n")
    w("Play:\n")
    for name, spec in d["phases"].items():
        w(f"  {name} ({spec['kind']}): " + describe_phase(spec) + "\n")
    if rules.end:
        w("End:\n")
        for rule in d.get("end", []):
            mode, val = next(iter(rule["winners"].items()))
            w(f"  when {rule['when']}: " + (rule.get("description") or
                                             f"the winners are the players with {mode} {val}") + "\n")
    if rules.option_specs:
        w("Options (set with --set NAME=VALUE):\n")
        for name, spec in rules.option_specs.items():
            rng = ""
            if spec.get("type") == "int":
                rng = f", {spec.get('min', '')}..{spec.get('max', '')}"
            elif spec.get("type") == "choice":
                rng = f", one of {'/'.join(spec['choices'])}"
            w(f"  {name} = {rules.options[name]} ({spec['type']}{rng}, default {spec['default']}): "
              f"{spec['description']}\n")


def rules_value(v: Any, rules: Rules) -> str:
    return str(v)


def describe_phase(spec: dict) -> str:
    if spec.get("description"):
        return spec["description"]
    if spec["kind"] == "flip":
        text = f"in turn, each player turns the top card of their {spec['from']} onto the {spec['to']}."
        if "challenge" in spec:
            text += f" A card with {spec['challenge']['chances']} > 0 makes the next player pay that many cards;" \
                    " if they pay without turning up such a card, the challenger takes the pile."
        take = spec["take"]
        text += f" A taken pile goes to the {take.get('where', 'bottom')} of the taker's {take['to']}."
        if spec.get("empty-hand") == "out":
            text += " A player who must play and has no card is out."
        return text
    return spec["kind"]

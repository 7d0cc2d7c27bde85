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
        w(f"  {aname}: " + ", ".join(f"{k} = {v}" for k, v in table.items()) + "\n")
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
    deal = rules.deal
    count = "all the cards" if deal.count is None else f"{deal.count} cards each"
    if deal.sizes:
        count = (f"a schedule of {len(deal.sizes)} hand(s): {', '.join(map(str, deal.sizes))} cards each"
                 if len(deal.sizes) <= 40 else f"{len(deal.sizes)} hands")
    w(f"Deal: {count}, one at a time, into each player's {deal.to.name}" +
      (f"; the rest to {deal.rest.name}" if deal.rest else "") + ".\n")
    w("Play:\n")
    for phase in rules.phases:            # in the order they run (`before:` included)
        spec = d["phases"][phase.name]
        w(f"  {phase.name} ({spec['kind']}): " + describe_phase(spec, phase) + "\n")
    write_scoring(d, out)
    for c in d.get("constraints") or []:
        w(f"Not allowed: {c['message']} (when {_x(c['forbid'])}).\n")
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


def write_scoring(d: dict, out: TextIO) -> None:
    """The scoring and match sections, when the ruleset has them."""
    w = out.write
    sc = d.get("scoring")
    if sc:
        w(f"Scoring after each hand: a player's points are {_x(sc['points'])}; the first rule below that "
          "applies gives each player's score for the hand.\n")
        for rule in sc.get("rules", []):
            label = rule.get("description") or rule.get("name") or "rule"
            w(f"  {label}: when {_x(rule['when'])}, each player scores {_x(rule['score'])}.\n")
        w("  Otherwise each player scores their points. Totals add up over the hands.\n")
    m = d.get("match")
    if m is not None:
        mode, val = next(iter((m.get("winners") or {"lowest": "s.score"}).items()))
        end = f"after a hand when {_x(m['end'])}" if m.get("end") else "after one hand"
        w(f"Match: ends {end}; the players with the {mode} {_x(val)} win (ties are joint); "
          f"the deal {'passes one seat on' if m.get('dealer', 'rotate') == 'rotate' else 'stays'} each hand.\n")


def _x(v) -> str:
    return "`" + " ".join(str(v).split()) + "`"


def describe_phase(spec: dict, phase: Any = None) -> str:
    if spec.get("description"):
        return spec["description"]
    if spec["kind"] == "trick":
        leader = spec.get("leader", "left-of-dealer")
        who = {"left-of-dealer": "the player left of the dealer", "dealer": "the dealer"}.get(
            leader, f"the first player from the dealer's left for whom {_x(leader)}")
        text = (f"{who} leads the first trick; each player in turn plays one card from their {spec['from']} "
                f"to the {spec['to']}; the winner of a trick leads the next.")
        if spec.get("follow", "suit") == "suit":
            text += " Players must follow the suit led if they can."
        trump = getattr(phase, "trump_const", None) if phase is not None else None
        if phase is not None and getattr(phase, "trump_fn", None) is not None:
            text += f" Trumps: the suit {_x(spec['trump'])} when the hand starts."
        elif trump:
            text += f" Trumps: {trump}."
        else:
            text += " No trumps."
        order = spec.get("order", "rank")
        order = order if isinstance(order, str) and " " not in order else _x(order)
        text += ((" The highest trump wins the trick, else the highest card of the suit led" if trump or
                  spec.get("trump", "none") != "none" else " The highest card of the suit led wins the trick") +
                 f" (order: {order}; the first played wins a tie).")
        if "lead-allowed" in spec:
            text += f" A card may be led only if {_x(spec['lead-allowed'])}."
        if "play-allowed" in spec:
            text += f" A player who cannot follow may play a card only if {_x(spec['play-allowed'])}."
        if "lead-allowed" in spec or "play-allowed" in spec:
            text += " When no card in hand meets a restriction, it lifts."
        for f, e in (spec.get("flags") or {}).items():
            text += f" {f} becomes true once a card with {_x(e)} is played this hand."
        if "trump-card" in spec:
            text += f" The card {_x(spec['trump-card'])} is turned up when the hand starts."
        if getattr(phase, "trump_from_lead", None) is not None:
            text += f" When {_x(spec['trump-from-lead'])}, the suit of the first card led becomes trump."
        if "suit" in spec:
            text += f" A card's suit for following and trumps is {_x(spec['suit'])}."
        if "high" in spec:
            text += f" A card with {_x(spec['high'])} beats every other card."
        if "follow-allowed" in spec:
            text += f" A player following suit may play a card only if {_x(spec['follow-allowed'])} (lifted when none does)."
        for f, c in (spec.get("choices") or {}).items():
            text += (f" After a trick, when {_x(c['when'])}, its winner may switch {f} on for the rest of the hand.")
        text += f" The winner keeps the trick in their {spec['won-to']}."
        if "last-trick-takes" in spec:
            text += f" The winner of the last trick also takes the {spec['last-trick-takes']}."
        return text
    if spec["kind"] == "bid":
        first = spec.get("first", "left-of-dealer")
        who = {"left-of-dealer": "the player left of the dealer", "dealer": "the dealer"}.get(
            first, f"the first player from the dealer's left for whom {_x(first)}")
        rng = spec.get("range") or {}
        style = getattr(phase, "style", spec.get("style", "one-each"))
        text = {"one-each": f"starting with {who}, each player in turn bids once, publicly",
                "sealed": "every player chooses a bid in secret; the bids are revealed together",
                "auction": f"an auction starting with {who}: in turn each player bids higher than the current "
                           "bid or passes (a pass is final), until the maximum is bid or every other player "
                           "has passed; the highest bidder is the bidder"}.get(style, style)
        text += f". A bid is a number from {_x(rng.get('min', 0))} to {_x(rng.get('max', 'hand-size'))}."
        p = spec.get("pass", False)
        text += (" Passing is not allowed." if p is False else " A player may pass." if p is True
                 else f" A player may pass when {_x(p)}.")
        if "forbid" in spec:
            text += f" Nobody may bid a number for which {_x(spec['forbid'])}."
        if getattr(phase, "forbid_last", None) is not None:
            text += f" The last bidder may not bid a number for which {_x(spec['forbid-last'])}."
        return text
    if spec["kind"] == "pass":
        off = getattr(phase, "offset_const", None) if phase is not None else None
        if off is not None and off == 0:
            return "no cards are passed."
        where = (f"{off} seat(s) along in play direction" if off is not None
                 else f"{_x(spec.get('offset', 1))} seats along in play direction (0: no pass)")
        return (f"every player chooses {spec['count']} cards from their {spec['from']} at once and passes them "
                f"{where}; cards received cannot be passed on that hand.")
    if spec["kind"] == "flip":
        text = f"in turn, each player turns the top card of their {spec['from']} onto the {spec['to']}."
        if "challenge" in spec:
            text += f" A card with {spec['challenge']['chances']} > 0 makes the next player pay that many cards;" \
                    " if they pay without turning up such a card, the challenger takes the pile."
        take = spec["take"]
        text += f" A taken pile goes to the {take.get('where', 'bottom')} of the taker's {take['to']}."
        if spec.get("empty-hand") == "out":
            text += " A player who must play and has no card is out."
        else:
            text += " A player with no cards is skipped."
        r = getattr(phase, "reactions", None)
        if r is not None:
            text += "\n    Slaps: after every card, anyone allowed may slap; the earliest slap is judged against " \
                    "the pile at that instant."
            effects = {"take": "takes the pile and leads", "win": "wins the game", "lose": "is out of the game"}
            for p in r.patterns:
                text += f"\n      {p.name}: {p.description}; the slapper {effects[p.effect]}."
            if not r.patterns:
                text += "\n      (no slap patterns are on)"
            text += f"\n    A false slap burns {r.burn} card(s) under the pile (all you have when short)."
            if r.out_when_empty:
                text += " A player with no cards who slaps falsely is out" + \
                        (", unless another player lends the cards." if r.lending else ".")
            if r.limit_consecutive:
                text += f" False-slapping {r.limit_consecutive} cards in a row puts you out."
            if r.limit_total:
                text += f" The {r.limit_total}th false slap of the game puts you out."
            if r.out_of_turn_burn:
                text += f" Playing out of turn burns {r.out_of_turn_burn} card(s)."
            text += " Exact ties: " + ("most fingers on the pile, then " if r.finger_rule else "") + \
                    ("nobody wins." if r.tie_no_winner else "a draw decides.")
        return text
    return spec["kind"]

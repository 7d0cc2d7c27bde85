"""The `trick` and `pass` kinds as Python source (kinds/trick.py `_Run.loop`, kinds/passing.py `Pass.run`).

Only the plain forms are written: a trick phase with a leader rule, follow suit or not, no trump or a
fixed trump suit, a deck order, `lead-allowed`/`play-allowed` restrictions and per-hand flags (the texts the
compiled phase runs, `Trick.texts`: the file's own AND-ed with its switches `first-lead`, `breaks` and
`first-trick`, so both run one text); a pass by
an offset with chosen cards. Each emitter whitelists the compiled fields and the keys of the phase it
handles: any other key (one added to the kind later included) or any field set otherwise (a trump
expression, special suits, `high` cards, choices, a kitty, a receiver rule...) makes the ruleset run on
the interpreter. The seats' bots are the same objects the interpreter asks, given the same actions in
the same order (no view: runtime.py takes this path only for bots that want none), so their random
streams are consumed alike; their decisions are logged as Table.decided logs them.
"""
from __future__ import annotations

from dataclasses import fields

from ruleplay.lang import expr as X
from ruleplay.engine.run import action_space
from ruleplay.kinds.passing import Pass
from ruleplay.kinds.trick import Trick
from ruleplay.codegen.expr import Unsupported
from ruleplay.codegen.game import checked

TRICK_FIELDS = {"name", "src", "pile", "won_to", "leader_mode", "leader_fn", "follow", "trump_const", "trump_fn",
                "order_table", "order_fn", "lead_allowed", "play_allowed", "flags", "points", "description", "spec",
                "trump_card_fn", "trump_from_lead", "suit_fn", "high_fn", "follow_allowed", "choices", "kitty",
                "deferred", "want_fn", "texts", "words", "dummy", "lay_down", "refill", "until",
                "follow_fn", "head_fn", "declare", "exchange", "lead_choices", "play_choices",
                "prefers", "points_by_trump", "excuse_fn", "awards", "cut", "points_fn", "suitless_lead",
                "named_suits", "ties", "declare_limit"}   # want: a hint for `smart`, whose games are interpreted; words: the
                             # switches in the rule sheet; dummy, points_by_trump: unset; prefers: smart's take on
                             # `choices` (a file with choices is interpreted)
TRICK_KEYS = {"kind", "before", "description", "from", "to", "won-to", "leader", "follow", "trump", "order",
              "lead-allowed", "play-allowed", "flags", "points", "want",
              "first-lead", "breaks", "first-trick"}      # the switches: written through `texts` (kinds/trickrules.py)
PASS_FIELDS = {"name", "src", "dest", "count", "offset", "points", "description", "spec", "offset_const", "receiver",
               "choose", "by", "pass_received"}
PASS_KEYS = {"kind", "before", "description", "from", "to", "count", "offset", "points", "by", "pass-received"}
_UNSET = ("trump_fn", "order_fn", "trump_card_fn", "trump_from_lead", "suit_fn", "high_fn", "follow_allowed", "kitty",
          "dummy", "lay_down", "refill", "until", "follow_fn", "head_fn", "declare", "exchange", "lead_choices",
          "play_choices", "points_by_trump", "excuse_fn", "awards", "cut", "suitless_lead", "ties")


def _plain(m) -> None:
    """What both kinds need of the game: one card per name (an action is a card), one pass phase at most."""
    if not action_space(m.rules).unique:
        raise Unsupported("a deck with equal cards")
    kinds = [type(ph) for ph in m.rules.phases]
    if kinds.count(Pass) > 1 or kinds.count(Trick) > 1 or any(k not in (Pass, Trick) for k in kinds):
        raise Unsupported("several pass or trick phases, or other kinds beside them")
    m.asks = True


def _ask(seat: str, actions: str, target: str, sealed: bool) -> list[str]:
    """The seat's bot answers: `lowest` (and `highest` when no two cards share a sort key) is the first
    (last) of the actions, which are in the bots' canonical order (runtime.py `picks`), the others through
    bots.Bot.act on a Decision without a view; the decision is logged."""
    log = "sealed" if sealed else "events"
    return [f"auto = picks[{seat}]", "if auto is None:",
            f"    {target} = bots[{seat}].act(Decision({seat}, {actions}, None, sealed={sealed!r}), space)",
            "else:", f"    {target} = {actions}[auto]",
            "if events is not None:",
            f'    {log}.append({{"seat": {seat}, "action": {target}, "label": NAMES[{target}], "event": "decision"}})']


def _trump_start(ph: Trick, m) -> list[str]:
    """Trick.start_hand with a fixed trump (or none): the trump event when there is one."""
    _check_trick(ph)
    if ph.trump_const is None:
        return ["trump = None"]
    return [f"trump = {m.k.ref(ph.trump_const)}", "if events is not None:",
            '    events.append({"suit": trump, "event": "trump"})']


def _check_trick(ph: Trick) -> None:
    if {f.name for f in fields(ph)} != TRICK_FIELDS or not set(ph.spec) <= TRICK_KEYS:
        raise Unsupported("trick has keys this emitter does not know")
    if any(getattr(ph, f) is not None for f in _UNSET) or ph.choices or ph.deferred or ph.order_table is None:
        raise Unsupported("trick with a feature this emitter does not write")
    if ph.leader_mode not in ("left-of-dealer", "dealer", "expr"):
        raise Unsupported("trick leader rule")


def emit_trick(ph: Trick, m) -> list[str]:
    """The phase's lines inside `game` (names from game.py: seat_zones, shared, events, cur, tactor)."""
    _check_trick(ph)
    _plain(m)
    m.exprs.seat_fields.add("tricks")
    n, d, k = m.n, m.direction, m.k
    flags = {f: m.exprs.temp() for f, _ in ph.flags}       # numbered names (audit.NUMBERED): never a file's
    names = {"card": ("cand", X.CARD), "trick-number": ("trick_number", X.INT),
             **{f: (v, X.BOOL) for f, v in flags.items()}}

    def card_bool(key: str) -> str | None:
        if key not in ph.texts or getattr(ph, key.replace("-", "_")) is None:
            return None
        v = m.exprs.emit(ph.texts[key], names)
        if v.is_const and v.const:
            return None
        return v.code

    def restrict(key: str, pool: str) -> list[str]:
        test = card_bool(key)
        if test is None:
            return [f"legal = {pool}"]
        return ["legal = []", f"for cand in {pool}:", f"    if {test}:", "        legal.append(cand)",
                "if not legal:", f"    legal = {pool}",
                "    if legal:", "        stat('restriction-lifted', cur)"]     # as the interpreter counts it

    any_cards = " or ".join(f"hand[{s}]" for s in range(n))
    lines = [f"hand = seat_zones[{int(ph.src.index)}]", f"pile = shared[{int(ph.pile.index)}]",
             f"won = seat_zones[{int(ph.won_to.index)}]", f"SUIT = {k.ref(list(m.rules.deck.suit))}",
             f"ORDER = {k.ref(list(ph.order_table))}", f"POINTS = {k.ref(list(ph.points))}",
             f"KEYS = {k.ref(m.rules.deck.canonical_keys())}", "keyed = KEYS.__getitem__",
             f"tricks_won[:] = [0] * {n}", "trick_number = 0"]
    lines += [f"{v} = False" for v in flags.values()]
    if ph.leader_mode == "dealer":
        lines.append("leader = dealer")
    else:
        lines.append(f"leader = (dealer + {d}) % {n}")
    if ph.leader_mode == "expr" and ph.leader_fn is not None:
        test = m.exprs.emit(ph.texts["leader"], {"s": ("_w", X.SEAT)}).code
        lines += [f"for step in range(1, {n + 1}):", f"    _w = (dealer + step * {d}) % {n}", f"    if {test}:",
                  "        leader = _w", "        break"]
    lines += [f"while {any_cards}:",
              "    if not hand[leader]:",
              f"        leader = next((leader + step * {d}) % {n} for step in range(1, {n + 1}) "
              f"if hand[(leader + step * {d}) % {n}])",
              "    trick_number += 1",
              "    led = None",
              "    plays = []",
              "    best_seat = best_card = None",
              f"    for step in range({n}):",
              f"        cur = (leader + step * {d}) % {n}",
              "        cards = hand[cur]",
              "        if not cards:",
              "            continue",
              "        if not plays:"]
    lines += ["            " + ln for ln in restrict("lead-allowed", "list(cards)")]
    lines += ["        else:"]
    inner = restrict("play-allowed", "list(cards)")
    if ph.follow:
        inner = ["legal = None", "if led is not None:", "    legal = [same for same in cards if SUIT[same] == led]",
                 "if not legal:"] + ["    " + ln for ln in inner]
    lines += ["            " + ln for ln in inner]
    lines += ["        legal.sort(key=keyed)",
              "        if len(legal) == 1:",
              "            card = legal[0]",
              "        else:"]
    lines += ["            " + ln for ln in _ask("cur", "legal", "card", False)]
    lines += ["        cards.remove(card)",
              "        pile.append(card)",
              "        if not plays:",
              "            led = SUIT[card]",
              "            best_seat, best_card = cur, card",
              ]
    if ph.trump_const is None:
        beats = "SUIT[card] == led and ORDER[card] > ORDER[best_card]"
    else:
        beats = ("(SUIT[card] == trump and (SUIT[best_card] != trump or ORDER[card] > ORDER[best_card])) or "
                 "(SUIT[best_card] != trump and SUIT[card] == led and ORDER[card] > ORDER[best_card])")
    lines += [f"        elif {beats}:", "            best_seat, best_card = cur, card",
              "        plays.append((cur, card))"]
    for f, v in flags.items():
        test = m.exprs.emit(ph.texts["flags." + f], {**names, "card": ("card", X.CARD)})
        lines += [f"        if not {v} and {test.code}:", f"            {v} = True"]
    lines += ["        g.cards_played += 1",
              "        if events is not None:",
              '            events.append({"seat": cur, "card": NAMES[card], "event": "play"})',
              "        g.actions += 1",
              "        if g.actions >= max_actions:",
              '            raise GameOver("limit", [], f"stopped after {g.actions} actions (--max-actions)")',
              "    won[best_seat].extend(pile)",
              "    pile.clear()",
              "    g.tricks += 1",
              "    tricks_won[best_seat] += 1",
              "    if events is not None:",
              '        events.append({"number": trick_number, "leader": leader, "cards": [[pseat, NAMES[pcard]] '
              'for pseat, pcard in plays], "winner": best_seat, "points": sum(POINTS[pcard] for _, pcard in plays), '
              '"event": "trick"})',
              "    leader = cur = tactor = best_seat",
              "    check_end(cur)",
              "led = None"]
    return lines


emit_trick.hand_start = _trump_start


def emit_pass(ph: Pass, m) -> list[str]:
    """The pass: each seat's picks (sealed decisions, logged once all have chosen), then the cards move."""
    if {f.name for f in fields(ph)} != PASS_FIELDS or not set(ph.spec) <= PASS_KEYS:
        raise Unsupported("pass has keys this emitter does not know")
    if ph.receiver is not None or ph.choose != "chosen":
        raise Unsupported("pass with a receiver rule or a forced choice")
    _plain(m)
    n, d, k = m.n, m.direction, m.k
    if ph.offset_const is not None:
        off = m.k.literal(int(ph.offset_const))
    else:
        v = m.exprs.emit(ph.spec.get("offset", 1))
        if v.nullable or v.type != X.INT:
            raise Unsupported("a pass offset that may be missing")
        off = checked(v)
    count = m.exprs.emit(ph.spec.get("count", 0), {"s": ("_w", X.SEAT)})
    if count.nullable or count.type != X.INT:
        raise Unsupported("a pass count that may be missing")
    return [f"psrc = seat_zones[{int(ph.src.index)}]", f"pdest = seat_zones[{int(ph.dest.index)}]",
            f"poff = {off}", f"keyed = {k.ref(m.rules.deck.canonical_keys())}.__getitem__",
            f"if poff % {n} == 0:",
            "    pass",
            "    if events is not None:",
            f'        events.append({{"offset": 0, "cards": [[] for _ in range({n})], "event": "pass"}})',
            "else:",
            f"    ptargets = [(_w + poff * {d}) % {n} for _w in SEATS]",
            "    sealed = []",
            "    chosen = []",
            "    for _w in SEATS:",
            "        pool = sorted(psrc[_w], key=keyed)",
            "        given = []",
            f"        for _ in range(min(max(0, {checked(count)}), len(pool))):",
            "            if len(pool) == 1:",
            "                given.append(pool.pop())",
            "                continue",
            *["            " + ln for ln in _ask("_w", "pool", "pick", True)],
            "            given.append(pool.pop(pool.index(pick)))",
            "        chosen.append(given)",
            "    if events is not None:",
            "        events.extend(sealed)",
            "    for _w, given in enumerate(chosen):",
            "        for pick in given:",
            "            psrc[_w].remove(pick)",
            "            pdest[ptargets[_w]].append(pick)",
            "        if given:",
            "            g.actions += 1",
            "            if g.actions >= max_actions:",
            '                raise GameOver("limit", [], f"stopped after {g.actions} actions (--max-actions)")',
            "    if events is not None:",
            '        events.append({"offset": poff, "cards": [[NAMES[pcard] for pcard in pseat] for pseat in chosen], '
            '"event": "pass"})']

"""The `flip` kind's loop as Python source (kinds/flip.py `_Run.loop`, without reactions).

Emitted from the compiled `Flip`: zone indices, the direction and the seat count are ints written as
their repr, the per-card `chances` table is a constant the module receives, and the kind's switches
(`answer`, `empty-payer`, `take.where`, `take.leads`, `empty-hand`, `last-standing`) choose which lines
are written. Event and stat words are the engine's own. A phase with reactions (slap windows, whose
decisions may stop the game) has no emitter: the ruleset runs on the interpreter.
"""
from __future__ import annotations

from dataclasses import fields

from ruleplay.kinds.flip import Flip
from ruleplay.engine.run import CYCLE_CHECK_FROM
from ruleplay.codegen.expr import Unsupported

KNOWN = {"name", "src", "pile", "chances", "answer", "empty_payer", "take_to", "take_bottom", "leads_taker",
         "empty_out", "last_takes", "reactions", "description"}


def emit(ph: Flip, m) -> list[str]:
    """The phase's lines, inside the generated `game` function (names from game.py: seat_zones, shared,
    out, events, stat, check_end, boundary, tactor)."""
    if {f.name for f in fields(ph)} != KNOWN:
        raise Unsupported("flip has keys this emitter does not know")
    if ph.reactions is not None:
        raise Unsupported("flip with reactions (slap windows)")
    n, d = m.n, m.direction
    chances = ph.chances or [0] * len(m.rules.deck)
    out_or = "not out[s]" if ph.empty_out else "not out[s] and src[s]"
    nxt_bad = "out[nxt]" if ph.empty_out else "out[nxt] or not src[nxt]"
    lines = f"""
src = seat_zones[{int(ph.src.index)}]
pile = shared[{int(ph.pile.index)}]
dest = seat_zones[{int(ph.take_to.index)}]
chances = {m.k.ref(list(chances))}

def next_player(seat):
    for step in range(1, {n + 1}):
        s = (seat + step * {d}) % {n}
        if {out_or}:
            return s
    return None

def take(seat, why):
    count = len(pile)
    dest[seat].{'extendleft' if ph.take_bottom else 'extend'}(pile)
    pile.clear()
    g.pile_takes += 1
    if events is not None:
        events.append({{"seat": seat, "count": count, "why": why, "event": "take"}})

def eliminate(seat, why):
    out[seat] = True
    hand = src[seat]
    if hand:
        pile.extendleft(hand)
        hand.clear()
    stat("eliminations", seat)
    if events is not None:
        events.append({{"seat": seat, "why": why, "event": "out"}})
    left = [s for s in SEATS if not out[s]]
""".splitlines()
    if ph.last_takes:
        lines += """
    if len(left) == 1:
        if pile:
            take(left[0], "last player in the game")
        check_end(tactor)
        raise GameOver("finished", left, "one player left in the game")
""".splitlines()
    lines += f"""
def new_round(taker):
    nonlocal tactor
    actor = {'taker' if ph.leads_taker else 'next_player(taker)'}
    if actor is None or not src[actor]:
        tactor = taker
        check_end(tactor)
        actor = next_player(taker if actor is None else actor)
        if actor is None:
            raise GameOver("stuck", [], "no player can play a card")
    tactor = actor
    boundary(actor)
    return actor

actor = tactor
challenger = None
owed = 0
last_player = None
k = 0
played0, actions0 = g.cards_played, g.actions
room = max_actions - actions0
boundary(actor)
won = None
hands, heap, gone = src, pile, out   # plain locals: the nested functions' names are cells
try:
    while True:
        hand = hands[actor]
        if not hand:
""".splitlines()
    if ph.empty_out:
        lines += ["            if not gone[actor]:", '                eliminate(actor, "no card to play")']
    payer = "True" if ph.empty_payer == "challenger-takes" else "nxt == challenger or nxt is None"
    lines += f"""
            nxt = next_player(actor)
            if challenger is not None and ({payer}):
                take(challenger, "payment not made")
                actor = new_round(challenger)
                challenger = None
                continue
            if nxt is None:
                if last_player is not None and heap and not gone[last_player]:
                    take(last_player, "nobody can play")
                check_end(tactor)
                raise GameOver("stuck", [], "no player can play a card")
            actor = nxt
            continue
        card = hand.pop()
        heap.append(card)
        k += 1
        if events is not None:
            events.append({{"seat": actor, "card": NAMES[card], "event": "play"}})
        if k >= room:
            raise GameOver("limit", [], f"stopped after {{actions0 + k}} actions (--max-actions)")
        last_player = actor
        c = chances[card]
        if c > 0{'' if ph.answer else ' and challenger is None'}:
            challenger = None if gone[actor] else actor
            owed = c
        elif challenger is not None:
            owed -= 1
            if owed > 0:
                continue
            # the usual end of a round, written out: stat, take, new_round and boundary without calls
            taker, challenger = challenger, None
            if won is None:
                won = stats.setdefault("challenges-won", [0] * {n})
            won[taker] += 1
            count = len(heap)
            dest[taker].{'extendleft' if ph.take_bottom else 'extend'}(heap)
            heap.clear()
            g.pile_takes += 1
            if events is not None:
                events.append({{"seat": taker, "count": count, "why": "payment complete", "event": "take"}})
            actor = {'taker' if ph.leads_taker else 'next_player(taker)'}
            if actor is None or not hands[actor]:
                actor = new_round(taker)        # the rare case, as the interpreter has it
                continue
            tactor = actor
            check_end(actor)
            g.rounds += 1
            if g.rounds >= {int(CYCLE_CHECK_FROM)}:
                raise Bail()
            continue
        if gone[actor]:
            continue
        nxt = (actor + {d}) % {n}
        if {nxt_bad}:
            nxt = next_player(actor)
        if nxt is None:
            nxt = actor
        if nxt == challenger and challenger is not None:
            stat("challenges-won", challenger)
            take(challenger, "nobody can pay")
            challenger = None
            actor = new_round(nxt)
            continue
        actor = nxt
finally:
    g.cards_played = played0 + k
    g.actions = actions0 + k
""".splitlines()
    return [ln for ln in lines if ln.strip() or ln == ""]

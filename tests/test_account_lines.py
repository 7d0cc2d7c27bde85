"""What `ruleplay run` tells and leaves out: a tracked value written `quiet: true` (told only by -v, kept in the
log, off the tables), a `choose` decision told once, a seat knocked out of the match no longer listed at a deal."""
from __future__ import annotations

import json
import re

import ruleplay
from ruleplay.resources import builtin_path
from ruleplay.tools.cli import main
from tests.conftest import validate_errors


def _run(capsys, *args: str) -> str:
    assert main(["run", *args]) == 0
    return capsys.readouterr().out


def test_a_quiet_value_is_told_by_run_v_alone_and_logged(tmp_path, capsys):
    """Rummy's `drew` and `from-pile` are quiet: the account has no line for them, -v has, the log has every
    change, and the account is otherwise the same lines (a quiet value hides nothing else)."""
    log = tmp_path / "rummy.jsonl"
    plain = _run(capsys, "rummy", "--seed", "1", "--log", str(log))
    verbose = _run(capsys, "rummy", "--seed", "1", "-v")
    assert not re.search(r"^  (drew|from-pile): now", plain, re.M)
    assert re.search(r"^  drew: now 1\.$", verbose, re.M) and re.search(r"^  from-pile: now", verbose, re.M)
    sets = [e for e in map(json.loads, log.read_text().splitlines()) if e.get("event") == "set"]
    assert any(e["name"] == "drew" for e in sets) and any(e["name"] == "from-pile" for e in sets)
    assert re.search(r"^  laying: now 1\.$", plain, re.M)         # not quiet: told as before


def test_a_quiet_value_is_neither_narrated_nor_shown_at_the_table():
    """The table a person plays at: a quiet value's change says nothing, and the header does not show it."""
    from ruleplay.tools.play.seat import Narrator
    g = ruleplay.load_game("rummy")
    assert g.rules.quiet_values == {"drew", "from-pile"}
    s = g.new_initial_state(seed=1)
    while not any(e["event"] == "set" and e.get("name") == "drew" for e in s.events()):
        s.apply_action(s.legal_actions()[0])
    ev = next(e for e in s.events() if e["event"] == "set" and e.get("name") == "drew")
    assert Narrator(0, g.rules, len(g.rules.deck.names)).tell(ev) == []
    public = s.seat_view(0).public
    assert "drew" not in public and "from-pile" not in public and "laying" in public


def test_quiet_is_said_on_the_sheet_and_must_be_yes_or_no(tmp_path, capsys):
    assert main(["explain", "rummy"]) == 0
    assert "drew is kept, starting at 0 (its changes are not told)." in capsys.readouterr().out
    text = builtin_path("rummy").read_text(encoding="utf-8")
    assert "drew: {type: number, quiet: true}" in text
    err = validate_errors(tmp_path, capsys, text.replace("drew: {type: number, quiet: true}",
                                                         "drew: {type: number, quiet: 3}"))
    assert "[phases.play.track.drew.quiet]: expected boolean, got int 3" in err
    assert "hint: write true or false" in err


def test_a_choose_decision_is_told_once(capsys):
    """Euchre's order-up under -v: "Seat 3 chooses H (order-up)." alone, not first as the bare decision."""
    out = _run(capsys, "euchre", "--seed", "2", "-v")
    assert re.search(r"^  Seat 3 chooses H \(order-up\)\.$", out, re.M)
    assert not re.search(r"chooses order-up|chooses pass\.", out)
    assert re.search(r"^  Seat 1 passes \(order-up\)\.$", out, re.M)
    assert re.search(r"^  Seat \d chooses \w+\.$", out, re.M)     # a card played is still told as a decision


def test_a_seat_knocked_out_is_not_listed_at_the_next_deal(capsys):
    """Knockout Whist, seed 2: seat 1 is knocked out after hand 2; the next deal lists three seats."""
    out = _run(capsys, "knockout-whist", "--seed", "2", "-v")
    after = out.split("Seat 1 is out (knocked out).\n", 1)[1]
    deal = after.split("rest:", 1)[0]
    assert deal.startswith("Seat 2 deals.\n") and "Seat 1:" not in deal
    assert sorted(re.findall(r"^  Seat (\d): 5 cards", deal, re.M)) == ["0", "2", "3"]


def test_a_reveal_that_matched_no_card_says_nothing_was_shown():
    """`reveal: {from: hand, where: ...}` matching no card (no meld to show) is told "Seat 0 shows nothing.", not
    "Seat 0 shows ." (a tester's Pinochle meld)."""
    from ruleplay.tools.account import LINES
    assert LINES["reveal"]({"event": "reveal", "phase": "meld", "seat": 0, "cards": []}) == "Seat 0 shows nothing."
    assert LINES["reveal"]({"event": "reveal", "phase": "meld", "seat": 2, "cards": ["KS", "QS"]}) == \
        "Seat 2 shows KS, QS."


def test_a_chosen_name_on_a_move_that_does_not_choose_it_hints_the_part(tmp_path, capsys):
    """`picked` in a move with no `cards:` part: the hint names the part that chooses it (it was "did you mean
    'pile'?", a spelling guess that led nowhere: a tester's find), in `if` and in the effects alike."""
    text = builtin_path("switch").read_text(encoding="utf-8")
    old = "        if: \"pick-up > 0\"\n"
    assert old in text
    err = validate_errors(tmp_path, capsys, text.replace(old, "        if: \"pick-up > 0 and picked.size > 0\"\n"))
    assert "[phases.play.moves.pick-up.if]: in expression 'pick-up > 0 and picked.size > 0': unknown name " \
           "'picked'\n    hint: `picked` is what a move's `choose: {cards: {from: ZONE}}` chooses; this move " \
           "chooses none" in err
    err = validate_errors(tmp_path, capsys, text.replace(old, old + "        legal: \"target != actor\"\n"))
    assert "unknown name 'target'\n    hint: `target` is what a move's `choose: {seat: CONDITION}` chooses" in err


def test_run_v_tells_the_choices_made_not_the_steps_the_rules_made(tmp_path, capsys):
    """-v tells each decision a seat made; a step the rules made for it (logged `forced`: the only move, a set's
    "done" with nothing else left) is not told as a choice (a tester read "chooses play: done" for a step
    nobody chose, while forced card picks were silent). Switch and Casino, seed 1: the account's decision lines
    are the log's unforced decisions, in order."""
    for name in ("switch", "casino"):
        log = tmp_path / f"{name}.jsonl"
        out = _run(capsys, name, "--seed", "1", "-v", "--log", str(log))
        events = [json.loads(line) for line in log.read_text().splitlines()]
        forced = [e for e in events if e.get("event") == "decision" and e.get("forced")]
        chosen = [e for e in events if e.get("event") == "decision" and not e.get("forced")]
        assert forced and chosen
        told = re.findall(r"^  Seat (\d) chooses (.+)\.$", out, re.M)
        assert told == [(str(e["seat"]), e["label"]) for e in chosen], name


def test_one_player_is_said_as_one(capsys):
    """A patience: the account says "1 player" and the sheet "one player alone" (it said "1 players" and that
    seat 0, "on the dealer's left", starts: seat 0 is the dealer; a tester's find)."""
    assert _run(capsys, "freecell", "--seed", "1").startswith("freecell: 1 player, seed 1\n")
    assert main(["explain", "freecell"]) == 0
    sheet = capsys.readouterr().out
    assert "\nTable: one player alone.\n" in sheet and "dealer's left" not in sheet
    assert _run(capsys, "hearts", "--seed", "1").startswith("hearts: 4 players, seed 1")


def test_a_turn_passed_to_a_seat_out_of_play_says_so(capsys):
    """Limit Hold'em, four players, seed 2: the next betting round passes the turn to seat 0, who has folded;
    the account said "The turn passes to seat 0." and then seat 2 acted (a tester's find). A seat that does
    take the turn is told as before."""
    out = _run(capsys, "limit-holdem", "--players", "4", "--seed", "2", "-v")
    line = "  The turn passes to seat 0, who is not in play: the next in turn plays.\n  Seat 2 chooses call.\n"
    assert line in out
    out = _run(capsys, "mustamaija", "--seed", "1", "-v")
    assert "  The turn passes to seat 0.\n" in out


def test_a_quiet_counter_is_told_by_run_v_alone(tmp_path, capsys):
    """`counters: {NAME: {quiet: true}}` (a tester's stud file: hand strengths filled the account): a seat's
    counter's changes leave the account, stay in -v, and the sheet says so."""
    p = tmp_path / "q.yaml"
    p.write_text("extends: casino\nname: q\ncounters:\n  build-to: {start: 0, quiet: true}\n", encoding="utf-8")
    assert "build-to: now" in _run(capsys, "casino", "--seed", "1")
    assert "build-to" not in _run(capsys, str(p), "--seed", "1")
    assert "Seat 0's build-to: now" in _run(capsys, str(p), "--seed", "1", "-v")
    assert main(["explain", str(p)]) == 0
    assert "Counter build-to: kept across hands, starting at 0 (its changes are not told)" in capsys.readouterr().out


def test_a_value_set_to_what_it_was_told_to_be_is_not_told_again(tmp_path, capsys):
    """A counter or tracked value set again to the value last told this hand is no news in the account (a
    tester's Tonk: "Seat 2's hit: now 0." after every turn); -v still tells every change, and a new hand
    tells its values afresh."""
    import json
    log = tmp_path / "g.jsonl"
    out = _run(capsys, "durak", "--seed", "1", "--log", str(log))
    sets = [e for e in map(json.loads, log.read_text().splitlines()) if e["event"] in ("set", "deal")]
    told: dict = {}
    expected = []
    for e in sets:
        if e["event"] == "deal":
            told.clear()
            continue
        key = (e["name"], e.get("seat"))
        if e["name"] not in ("probe", "looked") and told.get(key, object()) != e["value"]:
            expected.append(key)
        told[key] = e["value"]
    lines = re.findall(r"^  (?:Seat (\d)'s )?([a-z][a-z0-9-]*): now ", out, re.M)
    assert len(lines) == len(expected) < sum(e["event"] == "set" for e in sets)
    assert len(re.findall(r": now ", _run(capsys, "durak", "--seed", "1", "-v"))) == \
        sum(e["event"] == "set" for e in sets)


def test_an_end_rule_may_name_the_losers(tmp_path, capsys):
    """`end: [{when, losers: {where: ...}}]` (a tester's Shithead: the loser could not be named, so the other
    three "won"): Old Maid's holder of the odd queen loses, the others win, the result and --json say both, and
    the winners are the same as the shipped file's `winners: {where: "s.hand.empty"}`."""
    p = tmp_path / "om.yaml"
    p.write_text("extends: old-maid\nname: om\nend:\n  - when: one-card-left\n    losers: {where: \"not "
                 "s.hand.empty\"}\n", encoding="utf-8")
    for seed in range(1, 6):
        plain = json.loads(_run(capsys, "old-maid", "--seed", str(seed), "--json"))
        named = json.loads(_run(capsys, str(p), "--seed", str(seed), "--json"))
        assert named["winners"] == plain["winners"] and "losers" not in plain
        assert len(named["losers"]) == 1 and named["losers"][0] not in named["winners"]
        assert sorted(named["losers"] + named["winners"]) == [0, 1, 2, 3]
    out = _run(capsys, str(p), "--seed", "3")
    assert "Result: Seat 1 loses; Seat 0 and Seat 2 and Seat 3 win.\n" in out
    assert _run(capsys, str(p), "--seed", "3", "-q") == "Result: Seat 1 loses; Seat 0 and Seat 2 and Seat 3 win.\n"
    assert main(["explain", str(p)]) == 0
    assert "the players for whom not (the player's hand is empty) lose, the other players still in win" in \
        capsys.readouterr().out


def test_the_table_says_who_lost(tmp_path):
    """A person at the table (terminal or web) reads the losers too: "Game over: You lose; Seat 0 ... win"."""
    from ruleplay.tools.play.seat import Narrator
    g = ruleplay.load_game("old-maid")
    ev = {"event": "end", "outcome": "finished", "winners": [0, 2, 3], "losers": [1], "reason": "r", "scores": []}
    assert Narrator(1, g.rules, len(g.rules.deck.names)).tell(ev) == \
        ["Game over: You lose; Seat 0 and Seat 2 and Seat 3 win. (r)"]
    assert Narrator(0, g.rules, len(g.rules.deck.names)).tell(ev) == \
        ["Game over: Seat 1 loses; You and Seat 2 and Seat 3 win. (r)"]


KNOCK = """name: knock
description: A knock that moves no card, answered by the other player; or a card played.
players: 2
deck: {ranks: [2, 3, 4], suits: [C, D]}
zones:
  hand: {owner: seat, visibility: owner}
  pile: {owner: table, visibility: public}
deal: {to: hand, count: 3}
phases:
  play:
    kind: turns
    track: {knocks: {type: number, quiet: true}}
    until: "all(x.hand.empty for x in seats)"
    max-turns: 50
    moves:
      knock:
        if: "knocks < 1"
        do: [{add: {knocks: 1}}]
        respond: {moves: {heard: {do: []}}}
      play:
        choose: {card: hand}
        do: [{move: {from: hand, to: pile}}]
"""


def test_a_move_told_only_by_its_answer_is_said(tmp_path, capsys):
    """A knock moves nothing and sets a quiet value: without its own line the account would show the answer
    ("Seat 1 answers seat 0: heard.") to a move it never told. A card played is still told by its move alone."""
    f = tmp_path / "knock.yaml"
    f.write_text(KNOCK, encoding="utf-8")
    out = _run(capsys, str(f), "--seed", "1")
    assert "  Seat 0 chooses knock.\n  Seat 1 answers seat 0: heard.\n" in out
    assert out.count("chooses") == 1


KNOCK_ONLY = """name: knock-only
description: Seat 0 plays its three cards one a turn; seat 1, with none, knocks each turn.
players: 2
deck: {ranks: [2, 3, 4], suits: [C]}
zones:
  hand: {owner: seat, visibility: owner}
  pile: {owner: table, visibility: public}
  stock: {owner: table, visibility: hidden}
table: {dealer: 1}
deal: {to: hand, count: 0, rest: stock}
phases:
  play:
    kind: turns
    track: {knocks: 0}
    start:
      - move: {from: stock, to: left-of(dealer).hand, count: 3}
    until: "pile.size >= 3"
    moves:
      play:
        choose: {card: hand}
        do: [{move: {from: hand, to: pile}}]
      knock:
        if: "actor.hand.empty"
        do: [{add: {knocks: 1}}]
"""


def test_v_names_the_seat_of_a_forced_step_nothing_else_names(tmp_path, capsys):
    """Seat 1's knock is its only move and only counts: -v says whose it was (t29's bug 3). Seat 0's last
    turn, its move and card both forced, is said too (t34: -v adds every decision the log holds): the card's
    line names the card, not the move."""
    f = tmp_path / "knock-only.yaml"
    f.write_text(KNOCK_ONLY, encoding="utf-8")
    out = _run(capsys, str(f), "--seed", "1", "-v")
    assert out.count("  Seat 1: knock (the only move).\n  knocks: now") == 2
    assert re.search(r"^  Seat 0: play \(the only move\)\.\n  4C goes from seat 0's hand to pile\.$", out, re.M)


def test_v_names_a_forced_step_whose_move_names_no_seat(tmp_path, capsys):
    """A forced pass that moves table cards (pile to stock): the move's line names the zones, not the seat, so
    -v still says whose step it was (t30)."""
    f = tmp_path / "passes.yaml"
    f.write_text("""name: passes
description: Seat 0 plays a card; seats 1 and 2 may only pass, and the second pass clears the pile.
players: 3
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  pile: {owner: table, visibility: public}
  stock: {owner: table, visibility: hidden}
deal: {to: hand, count: 2, rest: stock}
phases:
  play:
    kind: turns
    track: {passes: 0}
    first: "s.index == 0"
    until: "actor.hand.empty"
    max-turns: 20
    moves:
      play:
        choose: {card: hand}
        legal: "actor.index == 0"
        do: [{move: {from: hand, to: pile}}]
      pass:
        if: "actor.index != 0"
        do:
          - add: {passes: 1}
          - if: "passes >= 2"
            then: [{move: {from: pile, to: stock, all: true}}]
""", encoding="utf-8")
    out = _run(capsys, str(f), "--seed", "1", "-v")
    assert "  Seat 1: pass (the only move).\n  passes: now 1.\n  Seat 2: pass (the only move).\n  passes: now 2.\n" in out


def test_a_trick_winner_s_choice_is_told_after_the_trick(capsys):
    """Sixty-six: the winner of a trick may close the stock. The choice is asked once the trick is won, before
    the trick is logged (t32: -v said "Seat 1 chooses yes." above the trick it followed); -v says it after the
    trick's line, right before the line that tells the choice."""
    out = _run(capsys, "sixty-six", "--seed", "2", "-v", "--bots", "smart")
    lines = out.splitlines()
    choices = [i for i, line in enumerate(lines) if re.match(r"^  Seat \d chooses closed: (yes|no)\.$", line)]
    assert len(choices) > 3
    for i in choices:
        assert not lines[i + 1].startswith("  Trick ")          # the trick the choice follows is told first
    assert any(lines[i - 1].startswith("  Trick ") for i in choices)     # a choice right after its trick


def test_v_names_a_forced_move_whose_effects_do_not_say_it(tmp_path, capsys):
    """A move that is the only one possible and chooses nothing (t33's bug 3: give-up): its card's line names
    the seat but not the move, so -v says it; without -v it is left out."""
    f = tmp_path / "give-up.yaml"
    f.write_text("""name: give-up
description: Each player may only throw their card onto the pile.
players: 2
deck: {ranks: [2, 3, 4, 5], suits: [S]}
zones:
  hand: {owner: seat, visibility: owner}
  stock: {owner: table, visibility: hidden}
  pile: {owner: table, visibility: public}
deal: {to: hand, count: 1, rest: stock}
phases:
  play:
    kind: turns
    track: {n: {type: number, quiet: true}}
    until: "n >= 2"
    moves:
      give-up:
        do:
          - move: {from: hand, to: pile, all: true}
          - add: {n: 1}
      keep:
        if: "n > 5"
        do: [{add: {n: 1}}]
""", encoding="utf-8")
    out = _run(capsys, str(f), "--seed", "0", "-v")
    assert re.search(r"^  Seat 0: give-up \(the only move\)\.\n  \S+ goes from seat 0's hand to pile\.$", out, re.M)
    assert "(the only move)" not in _run(capsys, str(f), "--seed", "0")


def test_a_patience_logs_and_tells_its_forced_moves(capsys, tmp_path):
    """t34, t36: alone at the table, a forced move (a redeal, the only pile a card can go to) was neither
    logged nor told, though -v says every decision. It is logged as forced and -v says it."""
    log = tmp_path / "k.jsonl"
    out = _run(capsys, "klondike", "--seed", "3", "-v", "--log", str(log))
    forced = [e for e in map(json.loads, log.read_text().splitlines()) if e.get("event") == "decision" and e.get("forced")]
    said = re.findall(r"^  Seat 0: (.+) \(the only move\)\.$", out, re.M)
    assert forced and said and len(said) <= len(forced)
    assert set(said) <= {e["label"] for e in forced}


def test_two_parts_said_alike_are_told_by_their_kind(tmp_path, capsys):
    """A move choosing a rank by word ('2', '3') and a stake (1 to 3) was told `chooses bet: 2.` twice, a rank
    and a stake read as one answer said twice (t37). Labels alike between two parts carry the part's kind; a
    part whose labels no other part shares keeps its plain label."""
    path = tmp_path / "bet.yaml"
    path.write_text("""name: bet
description: A rank and a stake chosen in one move.
players: 1
deck: {ranks: [2, 3], suits: [C]}
counters: {on: {start: 0}, stake: {start: 0}}
zones: {hand: {owner: seat, visibility: owner}, stock: {owner: table, visibility: hidden}}
deal: {to: hand, count: 0, rest: stock}
phases:
  play:
    kind: turns
    until: stock.empty
    moves:
      bet:
        choose: {value: {'2': 2, '3': 3}, number: [1, 3]}
        do: [{set: {actor.on: value, actor.stake: number}}, {move: {from: stock, to: hand, count: 1}}]
      wait:
        choose: {number: [5, 6]}
        do: [{move: {from: stock, to: hand, count: 1}}]
""")
    out = _run(capsys, str(path), "--seed", "2", "-v")
    told = [x for x in re.findall(r"chooses (.+)\.$", out, re.M) if x not in ("bet", "wait")]
    assert told and all(x.startswith(("bet: value ", "bet: number ", "wait: ")) for x in told), told
    assert any(x.startswith("bet: value ") for x in told) and any(x.startswith("bet: number ") for x in told)
    assert all(x in ("wait: 5", "wait: 6") for x in told if x.startswith("wait"))


def test_a_named_rule_naming_nobody_is_told_by_its_name_alone(tmp_path, capsys):
    """A named scoring rule whose `who` holds for no seat still gives every score (t38 read "halved: nobody"
    beside changed scores as a rule that applied to nobody): the line names the rule alone; `who` seats are
    listed when there are any."""
    path = tmp_path / "halved.yaml"
    path.write_text("""name: halved
description: One card each; a hand scores the card's order, halved by a rule that names the seats at 10.
players: 2
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10], suits: [S]}
counters: {seen: {start: 0}}
zones: {hand: {owner: seat, visibility: owner}, rest: {owner: table, visibility: hidden}}
deal: {to: hand, count: 1, rest: rest}
phases:
  look: {kind: tally, set: {seen: 1}}
scoring:
  points: "s.hand.top.order"
  rules:
    - {name: halved, when: "true", who: "s.hand.top.rank == '10'", score: "s.points // 2"}
match: {end: "hand-number >= 1"}
""")
    lines = [re.search(r"^Hand 1 (.*)$", _run(capsys, str(path), "--seed", str(seed)), re.M).group(1)
             for seed in range(1, 30)]
    assert any(x.startswith("(halved): ") for x in lines)
    assert any(x.startswith("(halved: Seat ") for x in lines)
    assert not any("nobody" in x for x in lines)


def test_a_forced_answer_is_told_once_and_as_an_answer(tmp_path, capsys):
    """t38: a choose phase with one allowed value told the choice twice ("call S (the only move)" and then
    "chooses S (call)"); a move's part with one legal answer was called "the only move"."""
    path = tmp_path / "one.yaml"
    path.write_text("""name: one
description: The dealer must name a suit, and only spades are allowed; then each player bids or passes once.
players: 2
deck: {ranks: [A, K], suits: [S, H]}
zones: {hand: {owner: seat, visibility: owner}}
deal: {to: hand, count: 2}
phases:
  call: {kind: choose, who: "s == dealer", values: [S, H], allowed: "value == 'S'", pass: false}
  auction:
    kind: turns
    track: {contract: 0, turns: 0}
    until: "turns >= 2"
    moves:
      bid:
        choose: {value: {low: 1, high: 2}}
        legal: "value > 1"
        do: [{set: {contract: value}}, {add: {turns: 1}}]
      pass:
        do: [{add: {turns: 1}}]
""")
    out = _run(capsys, str(path), "--seed", "1", "-v")
    assert out.count(" S (call)") == 1 and "call S (the only move)" not in out
    for seed in range(1, 8):
        out = _run(capsys, str(path), "--seed", str(seed), "-v")
        assert "bid: high (the only move)" not in out
        if "chooses bid." in out:
            assert "bid: high (the only answer left)." in out


def test_a_window_left_unanswered_is_told_as_such(tmp_path, capsys):
    """t39: a reaction window's pass was labelled `pass`, as the turn's own pass: -v said "Seat 1 chooses pass."
    twice in a row for two different things. Not answering is `MOVE: no answer` in the log, told as such."""
    path = tmp_path / "double.yaml"
    path.write_text("""name: double
description: Players bid up or pass; after a bid the other may double it.
players: 2
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D]}
zones: {hand: {owner: seat, visibility: owner}}
deal: {to: hand, count: all}
phases:
  auction:
    kind: turns
    track: {high: 0, doubled: 0, passes: 0}
    until: "passes >= 2 or doubled == 1"
    moves:
      bid:
        if: "high < 3"
        do: [{add: {high: 1}}, {set: {passes: 0}}]
        respond:
          moves:
            double:
              do: [{set: {doubled: 1}}]
      pass:
        do: [{add: {passes: 1}}]
""")
    log = tmp_path / "d.jsonl"
    out = _run(capsys, str(path), "--seed", "2", "-v", "--log", str(log))
    assert "  Seat 1 does not answer the bid.\n  Seat 1 chooses pass.\n" in out
    labels = [json.loads(x).get("label") for x in log.read_text().splitlines()]
    assert "bid: no answer" in labels and "pass" in labels

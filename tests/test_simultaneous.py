"""`simultaneous: true` in a `turns` phase: every player moves at once, round by round (Spit, Speed). Checked
on a small race (tests/data/speed-race.yaml): the choices are sealed until all have chosen, the order of play is
drawn by lot, a move no longer possible is lost as too late (and only then), turn-order effects and reaction
windows are placed errors, and games replay and are played by every bot."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import ruleplay
from ruleplay.agents import play
from ruleplay.pipeline import load

RACE = Path(__file__).parent / "data" / "speed-race.yaml"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _next_to(a: str, b: str) -> bool:
    d = (RANKS.index(a[:-1]) - RANKS.index(b[:-1])) % 13
    return d in (1, 12)


def _rounds(events: list[dict]) -> list[list[dict]]:
    """The play phase's events cut into rounds: a round starts with the first decision after a move or a
    too-late (the decisions of a round all come before its moves)."""
    rounds: list[list[dict]] = []
    acted = True
    for e in events:
        if e["event"] == "decision" and e.get("seat") is not None and e["seat"] >= 0:
            if acted:
                rounds.append([])
            acted = False
        elif e["event"] in ("move", "too-late") and rounds:
            acted = True
        if rounds:
            rounds[-1].append(e)
    return rounds


def test_every_move_made_was_possible_when_made_and_too_late_only_after_the_pile_changed():
    """A referee over random games, from the log alone: in each round every player's decisions come before any
    move; a card played went onto a pile whose top it was next to at that moment; a `too-late` play named a
    pile that an earlier move of the same round changed (else it would still be possible); both seats are
    drawn to move first in some rounds; a too-late turn-up found the spare empty."""
    rules = load(str(RACE))
    late = firsts = 0
    movers_first = set()
    for seed in range(40):
        events = play(rules, seed, bots=["random", "random"]).events
        tops = {e["to"]: e["cards"][-1] for e in events[:next(i for i, e in enumerate(events) if e["event"] == "decision")]
                if e["event"] == "move" and e["to"] in ("left", "right")}      # the centre piles as the start laid them
        spare = 52 - 2 * 10 - 2                  # the spare pile after the deal and the two centre cards
        for rnd in _rounds(events):
            chose: dict[int, str] = {}
            changed: set[str] = set()
            first = None
            for e in rnd:
                if e["event"] == "decision":
                    assert not changed, "a decision after a move in the same round"
                    if e["label"].startswith("play: ") or e["label"] == "turn-up":
                        chose[e["seat"]] = e["label"]
                elif e["event"] == "move" and e["to"] in ("left", "right"):
                    if e["from"] == "hand":
                        assert _next_to(e["cards"][0], tops[e["to"]]), (seed, e, tops)
                        first = e["seat"] if first is None else first
                    tops[e["to"]] = e["cards"][-1]
                    changed.add(e["to"])
                elif e["event"] == "too-late":
                    late += 1
                    if chose[e["seat"]] == "turn-up":     # the spare ran out earlier in the round
                        assert spare == 0, (seed, e)
                    else:
                        assert chose[e["seat"]].split(": ")[-1] in changed, (seed, e, chose, changed)
                if e["event"] == "move" and e["from"] == "spare":
                    spare -= e["count"]
            if first is not None:
                movers_first.add(first)
                firsts += 1
    assert late > 20 and firsts > 50 and movers_first == {0, 1}


def test_a_seat_choosing_sees_no_choice_of_this_round_yet():
    """A seat choosing after another in the same round sees none of that seat's decisions of this round
    (sealed): after the last move it knows of, no decision of another seat; the log shows them all later."""
    game = ruleplay.load_game(str(RACE))
    second = 0
    for seed in range(6):
        s = game.new_initial_state(seed=seed)
        last_seat, moves_then = None, 0
        while not s.is_terminal():
            seat = s.current_player()
            moves = sum(e["event"] in ("move", "too-late") for e in s.events())
            if seat >= 0 and last_seat not in (None, seat) and moves == moves_then:     # another chose, no move yet
                seen = s.seat_events(seat)
                after = max(i for i, e in enumerate(seen) if e["event"] in ("move", "too-late"))
                assert not [e for e in seen[after:] if e["event"] == "decision" and e["seat"] != seat]
                second += 1
            last_seat, moves_then = seat, moves
            s.apply_action(s.legal_actions()[(seed + len(s.events())) % len(s.legal_actions())])
        decided = [e["seat"] for e in s.events() if e["event"] == "decision"]
        assert set(decided) == {0, 1}
    assert second > 20


@pytest.mark.parametrize("effect, where", [("- again", "moves.play.do[2]"), ("- next: left-of(actor)", "moves.play.do[2]"),
                                           ("- skip", "moves.play.do[2]")])
def test_turn_order_effects_and_windows_are_placed_errors(tmp_path, capsys, effect, where):
    from ruleplay.tools.cli import main
    text = RACE.read_text()
    anchor = "            then: [{move: {from: actor.stock, to: actor.hand, count: 1}}]\n"
    assert anchor in text
    f = tmp_path / "bad.yaml"
    f.write_text(text.replace(anchor, anchor + "          " + effect + "\n"))
    assert main(["validate", str(f)]) == 1
    err = capsys.readouterr().err
    assert f"[phases.play.{where}]" in err and "a simultaneous phase has no order of turns" in err, err
    f.write_text(text.replace("        prefer: \"2\"\n", "        prefer: \"2\"\n        respond:\n"
                              "          answers: {snap: {do: [{add: {actor.score: 1}}]}}\n"))
    assert main(["validate", str(f)]) == 1
    assert "[phases.play.moves.play.respond]" in capsys.readouterr().err


def test_a_race_replays_reads_in_words_and_every_bot_finishes_it(tmp_path, capsys):
    from ruleplay.tools.cli import main
    from ruleplay.tools.logs.replay import read_log, replay
    rules = load(str(RACE))
    for bots in (["random", "smart"], ["ismcts:6", "smart"], ["lowest", "highest"]):
        events = play(rules, 7, bots=bots).events
        assert events[-1]["event"] == "end" and events[-1]["outcome"] == "finished"
        log = tmp_path / "g.jsonl"
        log.write_text("".join(json.dumps(e) + "\n" for e in events))
        assert replay(read_log(str(log)), ruleset=str(RACE)).same
    assert main(["explain", str(RACE)]) == 0
    out = capsys.readouterr().out
    assert "move at once" in out and "lost (too late)" in out

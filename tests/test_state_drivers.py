"""Drivers over the state: inline and stepped bots agree, slap windows are sealed decisions, and a game quit
in `play` resumes as if it had never stopped, then replays; older logs get a clear message."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import ruleplay
from ruleplay.agents import make_bots
from ruleplay.agents import play
from ruleplay.errors import GameError
from ruleplay.tools.play.seat import HumanQuit
from ruleplay.pipeline import load
from ruleplay.tools.play.terminal import drive
from ruleplay.tools.logs.replay import Log, read_log, replay
from ruleplay.resources import builtin_names

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", builtin_names())
def test_inline_and_stepped_bots_give_identical_events(name):
    """engine.play answers bots inside the phases (slap windows without a generator per card); stepped, the
    same bots answer every decision from outside, through the same rule code: the same events."""
    rules = load(name)
    n = rules.players
    for seed, kinds in ((1, ["random"] * n), (2, (["smart", "lowest", "highest"] * n)[:n])):
        profiles = None
        if any(getattr(ph, "reactions", None) for ph in rules.phases):
            profiles = (["sharp", "sloppy", None] * n)[:n]
        inline = play(rules, seed, bots=kinds, profiles=profiles, check=True, max_actions=3000)
        stepped = play(rules, seed, bots=kinds, profiles=profiles, check=True, max_actions=3000, stepped=True)
        assert inline.events == stepped.events
        assert inline.outcome == stepped.outcome and inline.stats == stepped.stats


def test_a_slap_window_is_sealed_decisions_in_seat_order():
    g = ruleplay.load_game("ers", players=3)
    s = g.new_initial_state(seed=4)
    sp = g.space
    d = s.decision()
    assert d.window == 1 and s.current_player() == d.view.seats[0]
    seats = []
    while s.decision().window == 1:
        seats.append(s.current_player())
        acts = s.legal_actions()
        assert acts[0] == sp.NO_SLAP and s.action_to_string(acts[0]) == "no slap"
        assert s.action_to_string(sp.slap(300, 1)) == "slap at 300 ms"
        assert acts[-1] == sp.slap(999, sp.fingers)          # pace 1000: every ms below it
        s.apply_action(sp.slap(500 - 100 * len(seats), 1) if len(seats) < 3 else sp.NO_SLAP)
        if len(seats) < 3:                                   # hidden until the window closes
            assert not any(e["event"] in ("slap", "decision") for e in s.events()[-3:])
    assert seats == d.view.seats == [0, 1, 2]                # ers lets the player of the card slap too
    slaps = [e for e in s.events() if e["event"] == "slap"]
    decisions = [e for e in s.events() if e["event"] == "decision"]
    # one card shows no pattern: two false slaps, earliest first, both logged as decisions with the window
    assert [(e["seat"], e["time"], e["valid"]) for e in slaps] == [(1, 300, False), (0, 400, False)]
    assert [(e["seat"], e["label"], e["after"]) for e in decisions] == [(0, "slap at 400 ms", 1),
                                                                       (1, "slap at 300 ms", 1)]


def test_bot_slaps_draw_from_their_own_random_stream():
    """The shuffle is the table's: two ERS games with the same seed deal alike whatever the bots' profiles."""
    rules = load("ers")
    a = play(rules, 9, profiles=["sharp"] * 4, max_actions=50).events
    b = play(rules, 9, profiles=["sloppy"] * 4, max_actions=50).events
    assert next(e for e in a if e["event"] == "deal") == next(e for e in b if e["event"] == "deal")


# ------------------------------------------------------------------ quit, resume, replay
class ScriptedPerson:
    """A deterministic 'person': picks by the number of cards played, slaps on every 5th card at 250 ms,
    and quits (once) when the game reaches `quit_at` decisions of its own."""

    def __init__(self, quit_at: int | None = None):
        self.quit_at = quit_at
        self.asked = 0
        self.resumes = 0

    def _maybe_quit(self):
        self.asked += 1
        if self.quit_at is not None and self.asked > self.quit_at:
            raise HumanQuit()

    def choose(self, seat, options, view) -> int:
        self._maybe_quit()
        return seat.view().cards_played % len(options)

    def react(self, seat, deadline, pace, eligible):
        if not eligible:
            return None
        self._maybe_quit()
        return (250, 1) if seat.view().cards_played % 5 == 0 else None

    def resumed(self, seat) -> None:
        self.resumes += 1

    def catch_up(self, seat) -> bool:
        return False


def _game(name: str, players: int, sets: dict, seed: int, kinds: list[str], me: int = 0):
    game = ruleplay.load_game(name, players, sets)
    seat_kinds = list(kinds)
    seat_kinds[me] = "human"
    bots = make_bots([None if i == me else k for i, k in enumerate(kinds)], seed)
    state = game.new_initial_state(seed, seat_kinds=seat_kinds, profiles=None)
    return game, state, bots


CASES = [("hearts", 4, {"hands": "single"}, 5, 6),                # a trick game (with a pass), quit after 6
         ("oh-hell", 4, {"hand-sizes": [4, 3]}, 2, 3),            # a bidding game, quit after 3
         ("one-card", 3, {}, 7, 2),                               # an auction
         ("ers", 3, {}, 3, 40)]                                   # slap windows, quit in the 40th


@pytest.mark.parametrize("name,players,sets,seed,quit_at", CASES, ids=[c[0] for c in CASES])
def test_a_game_quit_in_play_resumes_as_if_never_stopped_and_replays(tmp_path, name, players, sets, seed, quit_at):
    kinds = ["random", "smart", "random", "lowest"][:players]
    game, whole, bots = _game(name, players, sets, seed, kinds)
    drive(whole, 0, ScriptedPerson(), bots)
    assert whole.is_terminal()

    game, first, bots = _game(name, players, sets, seed, kinds)
    with pytest.raises(HumanQuit):
        drive(first, 0, ScriptedPerson(quit_at), bots)
    saved = first.saved_events()
    assert not first.is_terminal() and saved[-1]["event"] != "end"
    path = tmp_path / "quit.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in saved))

    log = read_log(str(path))
    from ruleplay.tools.logs.replay import Feed
    game, again, bots = _game(name, players, sets, seed, kinds)
    person = ScriptedPerson()
    drive(again, 0, person, bots, Feed(log, game.space, complete=False))
    assert person.resumes == 1
    assert again.events() == whole.events()           # the bots' streams went on as if never stopped
    path.write_text("".join(json.dumps(e) + "\n" for e in again.events()))
    assert replay(read_log(str(path))).same


def test_resume_refuses_a_log_that_does_not_fit(tmp_path):
    game, first, bots = _game("hearts", 4, {"hands": "single"}, 5, ["random"] * 4)
    with pytest.raises(HumanQuit):
        drive(first, 0, ScriptedPerson(8), bots)
    saved = first.saved_events()
    i = next(k for k, e in enumerate(saved) if e["event"] == "decision" and e["seat"] == 1)
    other = next(a for a in game.new_initial_state(5).legal_actions())
    saved[i] = {**saved[i], "action": other, "label": game.space.label(other)}
    from ruleplay.tools.logs.replay import Feed
    game, again, bots = _game("hearts", 4, {"hands": "single"}, 5, ["random"] * 4)
    with pytest.raises(GameError, match="does not fit"):
        drive(again, 0, ScriptedPerson(), bots, Feed(Log("x.jsonl", saved, list(range(1, len(saved) + 1))),
                                                    game.space, complete=False))


# ------------------------------------------------------------------ older logs
def _format_1(events: list[dict]) -> list[dict]:
    old = [e for e in events if e["event"] != "decision"]
    old[0] = {k: v for k, v in old[0].items() if k != "format"}
    return old


def test_an_older_log_replays_when_its_bots_still_play_the_same_game(tmp_path):
    rules = load("hearts", {"hands": "single"})
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in _format_1(play(rules, 4, max_actions=60).events)))
    assert replay(read_log(str(path))).same


def test_an_older_ers_log_says_it_was_written_by_an_older_ruleplay():
    report = replay(read_log(str(ROOT / "tests" / "data" / "format1-ers.jsonl")))
    assert not report.same
    assert "written by an older ruleplay (format 1)" in report.note and "own random stream" in report.note


def test_an_older_log_with_a_person_cannot_be_replayed_or_resumed(tmp_path):
    events = _format_1(play(load("hearts", {"hands": "single"}), 4, max_actions=60).events)
    events[0]["bots"][0] = "human"
    path = tmp_path / "old-human.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    with pytest.raises(GameError, match=r"written by an older ruleplay \(format 1\)"):
        replay(read_log(str(path)))


def test_a_format_2_log_replays_without_the_choices_the_rules_made():
    """A log written before the rules' own choices were logged (format 2: Switch, whose seats often have one
    move open) replays identically, compared without them; the same game logged now holds them, marked."""
    path = ROOT / "tests" / "data" / "format2-switch.jsonl"
    old = read_log(str(path))
    assert old[0]["format"] == 2 and not any("forced" in e for e in old)
    assert replay(old).same
    again = play(load("switch"), 3, bots=old[0]["bots"], max_actions=old[0]["max_actions"]).events
    forced = [e for e in again if e.get("forced")]
    assert again[0]["format"] == 3 and forced and all(e["event"] == "decision" for e in forced)
    assert [e for e in again[1:] if "forced" not in e] == list(old)[1:]

"""`ruleplay play`: a person's seat, driven through a pseudo-terminal (pexpect) or a pipe."""
from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ruleplay.tools.cli import main
import ruleplay
from ruleplay.engine.decision import Decision
from ruleplay.tools.play.seat import Narrator, match_input, options_for
from ruleplay.tools.logs.replay import read_log, replay

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
PROMPT = r"Your turn \(Seat 0\): .*> "
CARD = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")


def spawn(args: list[str], tmp_path: Path, **kw):
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin", "TERM": "xterm", "COLUMNS": "160",
           "PYTHONPATH": str(ROOT / "interpreter")}
    return pexpect.spawn(sys.executable, ["-m", "ruleplay.tools.cli", "play", *args], cwd=str(ROOT), env=env,
                         encoding="utf-8", timeout=20, dimensions=(40, 160), **kw)


def events(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_hearts_full_hand_by_keys(tmp_path):
    log = tmp_path / "hearts.jsonl"
    child = spawn(["hearts", "--set", "hands=single", "--seed", "3", "--plain", "--log", str(log)], tmp_path)
    screens = []
    child.logfile_read = transcript = io.StringIO()
    undone = False
    while True:
        i = child.expect([PROMPT, r"Log: .*plays it back", r"Pass [^\n]*\? \[Enter = yes"])
        screens.append(child.before)
        if i == 1:
            break
        if i == 2:                                   # the pass chosen: confirm it
            child.sendline("")
            continue
        chosen = re.search(r"chosen: ([^\[]*)\[", child.after)
        if chosen:                                   # the cards of a pass keep their numbers: pick the next one
            picked = [] if chosen.group(1).strip() == "none" else chosen.group(1).split()
            if len(picked) == 2 and not undone:      # take one back once
                child.sendline("u")
                undone = True
                continue
            child.sendline(str(len(picked) + 1))
            continue
        child.sendline("1" if len(screens) % 2 else "x9")    # every other answer is illegal first
        if len(screens) % 2 == 0:
            child.expect("is neither a choice number nor a card name|cannot be chosen now")
            child.expect(PROMPT)                     # asked again
            child.sendline("1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    evs = events(log)
    deal = next(e for e in evs if e["event"] == "deal")
    mine = set(deal["hands"][0])
    passed = next(e for e in evs if e["event"] == "pass")
    received = set(passed["cards"][(0 - passed["offset"]) % 4])
    others = {c for s in (1, 2, 3) for c in deal["hands"][s]}
    # Before the first choice the screen shows the person's 13 cards and none of the 39 others.
    first = set(CARD.findall(screens[0].split(" deals: ", 1)[1]))      # after the ruleset's description
    assert first == mine and not first & others
    # The hand the person is shown is always theirs: dealt or received, never another seat's.
    for scr in screens:
        for line in scr.splitlines():
            if line.startswith("Your hand:"):
                assert set(CARD.findall(line)) <= mine | received
            assert not re.match(r"Seat [123].* hand \d+:", line)
    text = transcript.getvalue()
    assert "You pass" in text and "Game over:" in text and "Final scores: You " in text
    assert "(your only legal card)." in text                 # the last card of the hand is forced
    end = evs[-1]
    assert end["event"] == "end" and end["outcome"] == "finished"
    assert sum(1 for e in evs if e["event"] == "trick") == 13
    assert any(e["event"] == "decision" and e["seat"] == 0 for e in evs)
    report = replay(read_log(str(log)))
    assert report.same, (report.logged, report.replayed)
    # the pass: the first three cards of the hand in the canonical order, numbered 1-3 throughout
    key = ruleplay.load_game("hearts").rules.deck
    order = sorted(mine, key=lambda c: key.canonical_key(key.names.index(c)))
    assert sorted(passed["cards"][0]) == sorted(order[:3])


def _ers_deal(tmp_path: Path) -> Path:
    deal = tmp_path / "double.yaml"
    deal.write_text("hands: [[5C, 2S], [5H, 9D]]\n")      # seat 0 plays 5C, seat 1 plays 5H: a double
    return deal


def test_ers_real_time_slap_takes_the_pile(tmp_path):
    log = tmp_path / "ers.jsonl"
    child = spawn(["rulesets/ers.yaml", "--players", "2", "--deal", str(_ers_deal(tmp_path)), "--bots",
                   "random:none", "--seed", "1", "--speed", "0.25", "--plain", "--log", str(log)], tmp_path)
    child.expect(r"pile 1, top first: 5C .*SPACE slap")
    # the patterns that may be slapped are listed first, in the ruleset's own words
    assert "slap on double: two cards of one rank on top" in child.before
    assert "slap on sandwich:" in child.before
    assert "9D" not in child.before and "5H" not in child.before     # the face-down stacks stay hidden
    child.send("\r")                                                  # nothing to slap: the next card now
    child.expect(r"pile 2, top first: 5H 5C .*SPACE slap")
    child.send(" ")
    child.expect(r"You slap the double \(5H 5C, top first\) at \d+ ms and take 2 cards")
    for pile in ("2S", "9D 2S", "5C 9D 2S", "5H 5C 9D 2S"):     # the rest of the game: Enter, no slap
        child.expect(f"top first: {pile} .*SPACE slap")
        child.send("\r")
    child.expect(r"You take 4 cards \(nobody can play\)")
    child.expect(pexpect.EOF)
    child.close()
    evs = events(log)
    slap = next(e for e in evs if e["event"] == "slap")
    assert slap["seat"] == 0 and slap["valid"] and slap["won"] and 0 < slap["time"] < 1000
    take = next(e for e in evs if e["event"] == "take")
    assert take == {"event": "take", "seat": 0, "count": 2, "why": "slapped double"}
    assert any(e["event"] == "decision" and e["seat"] == 0 and e.get("after") == 2 for e in evs)
    assert replay(read_log(str(log))).same


def test_ers_turn_based_race_against_a_sharp_bot(tmp_path):
    """With --turn-based the slap lands at --slap-time; a bot's profile draws its time in the same race."""
    deal = _ers_deal(tmp_path)
    base = [sys.executable, "-m", "ruleplay.tools.cli", "play", "rulesets/ers.yaml", "--players", "2", "--deal",
            str(deal), "--seed", "2", "--plain", "--turn-based"]
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT / "interpreter")}
    slow = subprocess.run(base + ["--bots", "random:sharp", "--slap-time", "900", "--log", str(tmp_path / "a.jsonl")],
                          input="\ns\n\n\n\n\n", capture_output=True, text=True, cwd=ROOT, env=env, timeout=30)
    assert slow.returncode == 0, slow.stderr
    assert "Seat 1 slaps the double (5H 5C, top first)" in slow.stdout
    assert "You slap too, at 900 ms" in slow.stdout
    fast = subprocess.run(base + ["--bots", "random:sharp", "--slap-time", "20", "--log", str(tmp_path / "b.jsonl")],
                          input="\ns\n\n\n\n\n", capture_output=True, text=True, cwd=ROOT, env=env, timeout=30)
    assert "You slap the double (5H 5C, top first) at 20 ms and take 2 cards" in fast.stdout
    assert "Game over:" in fast.stdout
    # A false slap costs what the rules say (burn 1 under the pile).
    false = subprocess.run(base + ["--bots", "random:none", "--log", str(tmp_path / "c.jsonl")],
                           input="s\n\n\n\n\n\n", capture_output=True, text=True, cwd=ROOT, env=env, timeout=30)
    assert "You slap at 300 ms, but the pile shows nothing: a false slap." in false.stdout
    assert "You burn 1 card under the pile." in false.stdout
    for name in "abc":
        assert replay(read_log(str(tmp_path / f"{name}.jsonl"))).same


def test_quit_then_resume_then_replay(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT / "interpreter")}
    cmd = [sys.executable, "-m", "ruleplay.tools.cli", "play"]
    first = subprocess.run(cmd + ["hearts", "--set", "hands=single", "--seed", "5", "--plain"],
                           input="2\nq\n", capture_output=True, text=True, cwd=ROOT, env=env, timeout=30)
    assert first.returncode == 0, first.stderr
    logs = list((tmp_path / "data" / "ruleplay" / "games").glob("hearts-*-seed5.jsonl"))
    assert len(logs) == 1 and "Resume it with: ruleplay play --resume" in first.stdout
    assert "Scores so far: You 0, Seat 1 0, Seat 2 0, Seat 3 0 (hand 1)" in first.stdout
    unfinished = subprocess.run(cmd[:-1] + ["replay", str(logs[0])], capture_output=True, text=True, cwd=ROOT,
                                env=env, timeout=30)
    assert unfinished.returncode == 0 and "an unfinished game; its 2 events replay identically" in unfinished.stdout
    # quit while choosing the pass (one card of three chosen: nothing passed yet); resumed, the person
    # chooses the pass again (the 2nd, 3rd and 4th cards, confirmed), then plays the first legal card each time
    second = subprocess.run(cmd + ["--resume", str(logs[0]), "--plain"], input="2\n3\n4\n\n" + "1\n" * 40,
                            capture_output=True, text=True, cwd=ROOT, env=env, timeout=30)
    assert second.returncode == 0, second.stderr
    assert "Resumed after 0 cards played." in second.stdout and "Game over:" in second.stdout
    evs = events(logs[0])
    assert evs[-1]["event"] == "end"
    assert [e["label"] for e in evs if e["event"] == "decision" and e["seat"] == 0][0] == \
        sorted(next(e for e in evs if e["event"] == "deal")["hands"][0], key=lambda c: ("CDHS".index(c[-1]),
               ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].index(c[:-1])))[1]
    assert replay(read_log(str(logs[0]))).same
    assert main(["replay", str(logs[0])]) == 0


def test_rich_screen_and_quit(tmp_path):
    child = spawn(["hearts", "--seed", "1", "--log", str(tmp_path / "r.jsonl")], tmp_path)
    child.expect(PROMPT)
    assert "\x1b[" in child.before                     # colour on a terminal
    child.sendline("?")
    child.expect("card name")
    child.sendline("q")
    child.expect("Game saved")
    child.expect(pexpect.EOF)


def test_numeric_choices_are_values_like_bids():
    """A bid decision's options are the numbers (and `pass`), typed as they read; cards by name or number."""
    game = ruleplay.load_game("one-card", players=3)
    space = game.space
    d = game.new_initial_state(seed=3).decision()
    options = options_for(d, space)
    assert [o.label for o in options] == ["pass"] + [str(b) for b in range(7, 16)]
    assert match_input("9", options) == (3, "")
    assert "not one of: pass, 7" in match_input("3", options)[1]
    assert match_input("pass", options) == (0, "")
    cards = options_for(Decision(0, [space.card(1), space.card(0)]), space)
    assert [o.label for o in cards] == [space.deck.names[1], space.deck.names[0]]
    assert match_input("2", cards) == (1, "")


def test_narrator_keeps_other_seats_secrets():
    g = ruleplay.load_game("hearts")
    n = Narrator(0, g.rules, g.space.cards)
    deal = n.tell({"event": "deal", "dealer": 3, "hands": [["2C"], ["AS"], ["KS"], ["QS"]], "rest": []})
    assert not CARD.findall(" ".join(deal))
    passed = n.tell({"event": "pass", "offset": 1, "cards": [["2C"], ["AS"], ["KS"], ["QS"]]})
    assert passed == ["You pass 2C to Seat 1 and receive QS from Seat 3."]
    assert n.tell({"event": "bid", "seat": 2, "bid": 3, "hands": [["AS"]]}) == ["Seat 2 bids 3."]
    assert n.tell({"event": "bid", "seat": 0, "pass": True}) == ["You pass."]
    assert n.tell({"event": "auction", "bidder": None, "bid": None}) == ["Everyone passed: nobody won the auction."]
    assert n.tell({"event": "trump", "suit": "S", "card": "7S"}) == ["Trumps: S \u2660 (7S turned up)."]
    # an event kind no phase words: its plain fields only, never a list (where hidden cards could be)
    assert n.tell({"event": "announce", "seat": 2, "level": 3, "hands": [["AS"]]}) == ["announce: seat Seat 2, level 3"]


def test_new_writes_a_starter_that_validates(tmp_path, capsys):
    target = tmp_path / "my-ers.yaml"
    assert main(["new", str(target), "--from", "ers"]) == 0
    text = target.read_text()
    assert text.startswith("# yaml-language-server: $schema=")
    assert "extends: ers" in text and "#   burn: {default: 1}" in text
    assert main(["validate", str(target)]) == 0
    assert main(["new", str(target)]) == 1                 # never overwrites without --force
    (tmp_path / "sub").mkdir()
    assert main(["new", str(tmp_path / "sub" / "x.yaml"), "--from", str(target)]) == 0
    assert "extends: ../my-ers.yaml" in (tmp_path / "sub" / "x.yaml").read_text()
    assert main(["new", "Bad_Name"]) == 1


def test_schema_documents_every_key_for_editors():
    schema = json.loads((ROOT / "schema" / "ruleset.schema.json").read_text())
    missing = []

    def walk(node, path, in_if=False):
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict) and not in_if:
                for k, v in props.items():
                    if k == "kind" and "const" in v:
                        continue
                    lacks = [f for f in ("title", "description") if f not in v]
                    if "default" not in v and "examples" not in v:
                        lacks.append("default or examples")
                    if lacks:
                        missing.append((path + "/" + k, lacks))
            for k, v in node.items():
                walk(v, path + "/" + k, in_if or k == "if")
        elif isinstance(node, list):
            for v in node:
                walk(v, path, in_if)
    walk(schema, "")
    assert not missing, missing
    for f in (ROOT / "rulesets").glob("*.yaml"):
        assert f.read_text().startswith("# yaml-language-server: $schema=../schema/ruleset.schema.json"), f


def test_oh_hell_bid_then_play_by_keys(tmp_path):
    """A bidding game: the person bids by typing the number, then plays the hand by keys."""
    log = tmp_path / "oh.jsonl"
    child = spawn(["oh-hell", "--players", "4", "--set", "hand-sizes=[3]", "--seed", "2", "--plain",
                   "--log", str(log)], tmp_path)
    child.logfile_read = transcript = io.StringIO()
    child.expect(r"Your turn \(Seat 0\): bid \[one of 0 1 2 3, .*\] > ")
    assert "Bid: 0 1 2 3" in child.before
    child.sendline("7")                                   # not a legal bid
    child.expect(r"Your turn \(Seat 0\): bid")
    child.sendline("0")
    prompts = 0
    while child.expect([r"Your turn \(Seat 0\): play a card \[.*\] > ", r"Log: .*plays it back"]) == 0:
        prompts += 1                                      # a forced card (one legal) is played without asking
        child.sendline("1")
    assert 1 <= prompts <= 3
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    evs = events(log)
    bids = [e for e in evs if e["event"] == "bid"]
    assert [b["seat"] for b in bids] == [1, 2, 3, 0] and bids[-1]["bid"] == 0
    deal = next(e for e in evs if e["event"] == "deal")
    others = {c for s in (1, 2, 3) for c in deal["hands"][s]}
    text = transcript.getvalue()
    first_screen = text.split("Bid: 0 1 2 3")[0]
    for b in bids[:3]:                                    # the bids made so far stay on the seats' lines
        assert re.search(rf"^Seat {b['seat']}\b[^\n]*  bid {b['bid']}\r?$", first_screen, re.M), first_screen
    assert set(CARD.findall(first_screen.split("hand 3:", 1)[1].splitlines()[0])) == set(deal["hands"][0])
    assert not set(CARD.findall(first_screen.split("== Oh Hell", 1)[1])) & others
    assert "Game over:" in text and evs[-1]["outcome"] == "finished"
    assert sum(1 for e in evs if e["event"] == "trick") == 3
    assert replay(read_log(str(log))).same


def test_a_drawn_seed_is_told_only_when_the_game_is_over(tmp_path):
    """Without --seed the seed is secret (64 bits) while the game is played: the hands follow from it. It is
    not on the screen nor in the log's name until the end; a chosen --seed is said at the start as before."""
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT / "interpreter")}
    cmd = [sys.executable, "-m", "ruleplay.tools.cli", "play"]
    games = tmp_path / "data" / "ruleplay" / "games"
    saved = subprocess.run(cmd + ["hearts", "--plain"], input="q\n", capture_output=True, text=True, cwd=ROOT,
                           env=env, timeout=30)
    assert saved.returncode == 0, saved.stderr
    (log,) = games.glob("hearts-*.jsonl")
    seed = events(log)[0]["seed"]
    assert str(seed) not in saved.stdout and "seed" not in log.name and ", seed" not in saved.stdout
    over = subprocess.run(cmd + ["beggar-my-neighbour", "--plain"], input="", capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=30)     # nobody decides anything: over at once
    assert over.returncode == 0, over.stderr
    (log,) = games.glob("beggar-my-neighbour-*.jsonl")
    seed = events(log)[0]["seed"]
    assert over.stdout.count(str(seed)) == 1 and over.stdout.index(str(seed)) > over.stdout.index("Game over")
    assert f"Seed: {seed}\n" in over.stdout
    seeds = {seed, *(events(p)[0]["seed"] for p in games.glob("hearts-*.jsonl"))}
    assert max(seeds) >= 2 ** 20                   # not one of a million (two 64-bit draws both below: 2^-88)
    chosen = subprocess.run(cmd + ["hearts", "--plain", "--seed", "8"], input="q\n", capture_output=True, text=True,
                            cwd=ROOT, env=env, timeout=30)
    assert ", seed 8. You are Seat 0" in chosen.stdout and len(list(games.glob("hearts-*-seed8.jsonl"))) == 1


def test_your_whole_hand_shows_however_long_it_is(tmp_path):
    """Your own hand of 17 or 18 (President for three, a tester's find) shows every card on your line, not the
    last 13 without a word."""
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT / "interpreter")}
    out = subprocess.run([sys.executable, "-m", "ruleplay.tools.cli", "play", "president", "--players", "3", "--seat",
                          "1", "--plain", "--seed", "4"], input="q\n", capture_output=True, text=True, cwd=ROOT,
                         env=env, timeout=30)
    assert out.returncode == 0, out.stderr
    line = next(x for x in out.stdout.splitlines() if x.startswith("Seat 1 (you)"))
    size, cards = re.search(r"hand (\d+): ([^a-z]+?)(?:  [a-z]|$)", line).groups()
    assert int(size) > 13 and len(cards.split()) == int(size), line

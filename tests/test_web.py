"""`ruleplay serve` over HTTP (Starlette's TestClient, no browser): seat secrets, what a page may see,
the referee refusing moves, uploads checked as `ruleplay validate` checks files, and the limits."""
from __future__ import annotations

import json
import re
import tempfile
from types import SimpleNamespace
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from ruleplay.tools.cli import main  # noqa: E402
from ruleplay.tools.play.seat import HumanSeat  # noqa: E402
from ruleplay.tools.web.analysis import REPORT_POLICY, WEB_LADDER  # noqa: E402
from ruleplay.tools.web.app import MAX_BODY, create_app  # noqa: E402
from ruleplay.tools.web.gametable import GameTable  # noqa: E402
from ruleplay.tools.explain.sheet import sheet_text  # noqa: E402
from ruleplay.tools.web.rulefiles import MAX_UPLOAD_BYTES  # noqa: E402
from ruleplay.pipeline import load  # noqa: E402

CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])")


class Clock:
    """A clock the test moves by hand: windows time out without sleeping."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Seeds:
    """The table's seeds in a test: the one the test names (a server draws a secret one per game)."""

    def __init__(self):
        self.next = 0

    def __call__(self) -> int:
        return self.next


@pytest.fixture
def table():
    return GameTable(max_games=4, clock=Clock(), seeds=Seeds(), per_client=8)


@pytest.fixture
def client(table):
    c = TestClient(create_app(table), raise_server_exceptions=False)
    c.table = table
    return c


def new_game(client, seed: int = 0, **body):
    """A game dealt from `seed` (the test's table deals from the seed it is given)."""
    client.table.seeds.next = seed
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def token(link: str) -> str:
    return link.rsplit("/", 1)[1]


def hand_of(game, seat: int) -> set[str]:
    """What `seat` holds, from that seat's own view (the ground truth a page must not leak)."""
    v = HumanSeat(game.state, seat).view()
    return {c for z in v.seat_zones if z.seat == seat and z.name == "hand" for c in (z.cards or [])}


# ------------------------------------------------------------------------------------ seats and tokens
def test_each_human_seat_has_its_own_secret_link_and_bots_have_none(client, table):
    g = new_game(client, ruleset="hearts", seats=["human", "smart", "human", "random"], seed=1)
    links = [s["link"] for s in g["seats"]]
    assert links[1] is None and links[3] is None
    t0, t2 = token(links[0]), token(links[2])
    assert t0 != t2 and len(t0) >= 20 and len(t2) >= 20
    assert client.get(f"/api/seat/{t0}").json()["me"] == 0
    assert client.get(f"/api/seat/{t2}").json()["me"] == 2
    for bad in ("nope", t0[:-1], g["game"]):
        r = client.get(f"/api/seat/{bad}")
        assert r.status_code == 404 and "no such seat" in r.json()["error"]
    assert client.get(f"/play/{t0}").status_code == 200        # the page itself
    segno = pytest.importorskip("segno")                        # each person's link as a QR code for a phone
    qrs = [s["qr"] for s in g["seats"]]
    assert qrs[1] is None and qrs[3] is None
    for s in (0, 2):
        assert qrs[s].startswith("data:image/svg+xml")
        assert qrs[s] == segno.make("http://testserver" + links[s], error="m").svg_data_uri(
            scale=3, dark="#000", light="#fff")


def test_a_game_needs_a_person_and_a_kind_per_seat(client):
    r = client.post("/api/games", json={"ruleset": "hearts", "seats": ["smart"] * 4})
    assert r.status_code == 400 and "at least one seat a person" in r.text
    r = client.post("/api/games", json={"ruleset": "hearts", "seats": ["human", "smart"]})
    assert r.status_code == 400 and "4 seats, 2 kinds" in r.text
    r = client.post("/api/games", json={"ruleset": "hearts", "seats": ["human", "genius", "smart", "smart"]})
    assert r.status_code == 400 and "unknown bot 'genius'" in r.text
    r = client.post("/api/games", json={"ruleset": "hearts", "seats": ["human", "ismcts:5000", "smart", "smart"]})
    assert r.status_code == 400 and "up to 200 iterations" in r.text
    r = client.post("/api/games", json={"ruleset": "ers", "players": 2, "seats": ["human", "random,random"]})
    assert r.status_code == 400 and "without commas" in r.text
    r = client.post("/api/games", json={"ruleset": "ers", "players": 2, "seats": ["human", "random:bogus"]})
    assert r.status_code == 400 and "unknown reaction profile 'bogus'" in r.text


def test_a_ruleset_is_a_built_in_name_never_a_server_path(client):
    for ref in ("rulesets/hearts.yaml", "/etc/passwd", "../rulesets/ers.yaml"):
        r = client.post("/api/games", json={"ruleset": ref, "seats": ["human", "smart"]})
        assert r.status_code == 400 and "no built-in ruleset named" in r.text


# ------------------------------------------------------------------------------------ secrecy, play
def test_two_people_play_a_hearts_hand_and_neither_page_ever_shows_the_others_cards(client, table):
    g = new_game(client, ruleset="hearts", options={"hands": "single"}, seats=["human", "human", "smart", "smart"],
                 seed=7)
    tokens = {s["seat"]: token(s["link"]) for s in g["seats"] if s["link"]}
    game = table.games[g["game"]]
    passed = {0: set(), 1: set()}          # a seat knows the cards it passed itself
    looks = moves = 0
    while True:
        pages = {}
        for seat, tok in tokens.items():
            r = client.get(f"/api/seat/{tok}")
            pages[seat] = r.json()
            looks += 1
            secret = set().union(*(hand_of(game, s) for s in range(4) if s != seat)) - passed[seat]
            shown = set(CARD.findall(r.text))
            assert not shown & secret, (seat, shown & secret)
            assert hand_of(game, seat) <= shown                    # the search does find cards that are there
            assert pages[seat]["seats"][seat]["zones"][0]["cards"] is not None
            assert all(z["cards"] is None for s in pages[seat]["seats"] if s["seat"] != seat
                       for z in s["zones"] if z["name"] == "hand")
        if pages[0]["finished"]:
            break
        mover = next(s for s, p in pages.items() if p["choices"])
        assert pages[1 - mover]["choices"] is None
        choice = pages[mover]["choices"][0]
        if pages[mover]["passing"]:
            passed[mover].add(choice["label"])
        r = client.post(f"/api/seat/{tokens[mover]}/act", json={"action": choice["action"]})
        assert r.status_code == 200, r.text
        moves += 1
    assert 6 < moves <= 2 * 3 + 2 * 13      # each person passes 3 cards and plays 13 (a forced card is not asked)
    result = pages[0]["result"]
    assert result["outcome"] == "finished" and sum(result["scores"]) in (26, 78)   # 26 points, or a moon
    # the log is offered now, and it is the state's own log: every pass and card of the two people in it
    log = client.get(f"/api/seat/{tokens[1]}/log")
    assert log.status_code == 200
    events = [json.loads(line) for line in log.text.splitlines()]
    assert events[0]["event"] == "start" and events[0]["bots"] == ["human", "human", "smart", "smart"]
    assert events[-1]["event"] == "end"
    assert len([e for e in events if e["event"] == "play" and e["seat"] in (0, 1)]) == 26
    assert len([e for e in events if e["event"] == "decision" and e["seat"] in (0, 1)]) == moves


def test_the_log_waits_for_the_end(client):
    g = new_game(client, ruleset="hearts", seats=["human", "smart", "smart", "smart"], seed=2)
    r = client.get(f"/api/seat/{token(g['seats'][0]['link'])}/log")
    assert r.status_code == 409 and "once the game is over" in r.json()["error"]


def finish(client, tok: str) -> dict:
    """Play one person's seat to the end (always the first choice); the final page."""
    while True:
        page = client.get(f"/api/seat/{tok}").json()
        if page["finished"]:
            return page
        assert client.post(f"/api/seat/{tok}/act", json={"action": page["choices"][0]["action"]}).status_code == 200


def test_a_finished_game_replays_step_by_step_as_the_seat_saw_it(client, table):
    g = new_game(client, ruleset="hearts", options={"hands": "single"}, seats=["human", "smart", "smart", "smart"],
                 seed=4)
    tok = token(g["seats"][0]["link"])
    assert client.get(f"/api/seat/{tok}/replay?step=0").status_code == 409       # not while it is played
    final = finish(client, tok)
    game = table.games[g["game"]]
    history = game.state.history()
    first = client.get(f"/api/seat/{tok}/replay?step=0").json()
    assert first["steps"] == len(history) and first["step"] == 0 and not first["finished"]
    fresh = game.fresh_state()
    for step in list(range(len(history) + 1)) + [3, 1, len(history) + 50]:      # forward, back, past the end
        r = client.get(f"/api/seat/{tok}/replay?step={step}")
        page = r.json()
        at = min(step, len(history))
        assert page["step"] == at
        if step <= len(history) and len(fresh.history()) < step:
            fresh.apply_action(history[step - 1])
            # the seat's own hand at that step, and no other seat's hand, ever (but the cards it passed itself)
            then = SimpleNamespace(state=fresh)
            held = hand_of(then, 0)
            assert {c["name"] for z in page["seats"][0]["zones"] if z["name"] == "hand" for c in z["cards"]} == held
            passed = {c for e in fresh.events() if e["event"] == "pass" for c in e["cards"][0]}
            others = set().union(*(hand_of(then, s) for s in (1, 2, 3))) - passed
            assert not set(CARD.findall(r.text)) & others
        assert page["choices"] is None or at < len(history)
    last = client.get(f"/api/seat/{tok}/replay?step={len(history)}").json()
    assert last["finished"] and last["result"] == final["result"]
    assert last["said"][-3:] == final["said"][-3:]


@pytest.mark.parametrize("step", ["-1", "x", "1e3", "99999999", "", "１"])
def test_a_replay_step_must_be_a_small_whole_number(client, step):
    g = new_game(client, ruleset="hearts", options={"hands": "single"}, seats=["human", "smart", "smart", "smart"],
                 seed=4)
    tok = token(g["seats"][0]["link"])
    finish(client, tok)
    r = client.get(f"/api/seat/{tok}/replay", params={"step": step})
    assert r.status_code == 400 and "whole number" in r.json()["error"]


def test_illegal_moves_are_refused_and_change_nothing(client, table):
    g = new_game(client, ruleset="hearts", options={"passing": "none"}, seats=["human", "human", "smart", "smart"],
                 seed=3)
    game = table.games[g["game"]]
    toks = {s["seat"]: token(s["link"]) for s in g["seats"] if s["link"]}
    pages = {s: client.get(f"/api/seat/{t}").json() for s, t in toks.items()}
    mover = next(s for s, p in pages.items() if p["choices"])
    other = next(s for s in toks if s != mover) if len(toks) > 1 else None
    legal = {c["action"] for c in pages[mover]["choices"]}
    before = game.state.history()
    illegal = next(a for a in range(52) if a not in legal)
    for body in ({"action": illegal}, {"action": "0"}, {"action": True}, {"action": None}, {"action": 10 ** 30}, {}):
        r = client.post(f"/api/seat/{toks[mover]}/act", json=body)
        assert r.status_code == 409 and r.json()["error"] == "that move is not legal now"
    if other is not None and game.state.current_player() == mover:
        r = client.post(f"/api/seat/{toks[other]}/act", json={"action": next(iter(legal))})
        assert r.status_code == 409 and "not your turn" in r.json()["error"]
    assert game.state.history() == before
    r = client.post(f"/api/seat/{toks[mover]}/act", json={"action": min(legal)})
    assert r.status_code == 200 and len(game.state.history()) > len(before)


# ------------------------------------------------------------------------------------ slaps on the server's clock
def test_a_slap_is_timed_by_the_servers_clock_from_when_the_page_showed_the_card(client, table):
    g = new_game(client, ruleset="ers", players=2, options={"reaction": "none"}, seats=["human", "random"],
                 seed=5, auto_deal=True)
    tok = token(g["seats"][0]["link"])
    clock = table.clock
    page = client.get(f"/api/seat/{tok}").json()          # the page shows the first card: its window starts now
    assert page["slap"] == {"open": True, "pace": 1000}
    clock.now += 0.237
    assert client.post(f"/api/seat/{tok}/slap", json={}).status_code == 200
    slaps = [e for e in table.games[g["game"]].state.events() if e["event"] == "slap"]
    assert [(e["seat"], e["time"]) for e in slaps] == [(0, 237)]
    # the next window: nobody slaps; when its second is up, the server lets it pass and deals on
    state = table.games[g["game"]].state
    assert client.get(f"/api/seat/{tok}").json()["slap"]["open"]
    n = len([e for e in state.events() if e["event"] == "play"])
    clock.now += 0.999
    assert client.get(f"/api/seat/{tok}").json()["slap"]["open"]
    assert len([e for e in state.events() if e["event"] == "play"]) == n
    clock.now += 0.002
    client.get(f"/api/seat/{tok}")
    assert len([e for e in state.events() if e["event"] == "play"]) == n + 1
    assert [e["seat"] for e in state.events() if e["event"] == "slap"] == [0]     # no slap was made for us
    r = client.post(f"/api/seat/{tok}/act", json={"action": 0})
    assert r.status_code == 409 and "slap window" in r.json()["error"]


# ------------------------------------------------------------------------------------ uploads and the editor
def test_a_bad_upload_gets_the_same_placed_message_as_validate(client, tmp_path, monkeypatch, capsys):
    text = "extends: hearts\nname: mine\nphases:\n  tricks:\n    follow: colour\n"
    (tmp_path / "mine.yaml").write_text(text)
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "mine.yaml"]) == 1
    expected = capsys.readouterr().err.rstrip("\n")
    assert expected.startswith("mine.yaml:5:")
    r = client.post("/api/games", json={"upload": {"name": "mine.yaml", "text": text}, "seats": ["human"] * 4})
    assert r.status_code == 400
    assert "\n".join(e["text"] for e in r.json()["errors"]) == expected
    r = client.post("/api/check", json={"name": "mine.yaml", "text": text})
    body = r.json()
    assert body["ok"] is False and "\n".join(e["text"] for e in body["errors"]) == expected
    assert (body["errors"][0]["line"], body["errors"][0]["column"]) == (5, int(expected.split(":")[2]))


@pytest.mark.parametrize("ext", ["/etc/passwd", "/etc/passwd.yaml", "../../../../../etc/passwd.yaml",
                                 "~/.bashrc.yaml", "../secret.yaml", "../../secret.yaml", "secret"])
def test_an_upload_reads_no_server_file_through_extends(client, tmp_path, monkeypatch, ext):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))          # the upload's directory is under tmp_path
    (tmp_path / "secret.yaml").write_text("name: secret\ndescription: SECRET-CONTENT\n")
    r = client.post("/api/check", json={"name": "up.yaml", "text": f"extends: {ext}\n"})
    body = r.json()
    assert body["ok"] is False
    text = body["errors"][0]["text"]
    assert text.startswith("up.yaml:1:10: error [extends]:")
    assert "SECRET" not in r.text and "root:" not in r.text and str(tmp_path) not in r.text


def test_an_upload_may_extend_a_built_in_and_be_played(client):
    text = "extends: hearts\nname: house\ndescription: ours\noptions:\n  passing: {default: none}\n"
    r = client.post("/api/check", json={"name": "house.yaml", "text": text})
    body = r.json()
    assert body["ok"] and body["players"] == 4
    assert "ours" in body["sheet"]
    assert "Based on: hearts-seed <- hearts <- house.yaml" in body["sheet"]
    assert "ruleplay-upload" not in r.text
    g = new_game(client, upload={"name": "house.yaml", "text": text}, seats=["human", "smart", "smart", "smart"])
    page = client.get(f"/api/seat/{token(g['seats'][0]['link'])}").json()
    assert page["prompt"] == "Play a card" and page["passing"] is None      # the house rule: no passing


def test_the_editor_shows_the_rule_sheet_of_explain(client):
    text = (Path(__file__).resolve().parents[1] / "rulesets" / "oh-hell.yaml").read_text()
    body = client.post("/api/check", json={"name": "oh-hell.yaml", "text": text}).json()
    assert body["ok"]
    assert body["sheet"] == sheet_text(load("oh-hell"))


def test_uploads_are_capped_in_size(client):
    over = "# " + "x" * MAX_UPLOAD_BYTES + "\n"                  # a little over: refused as a placed error
    body = client.post("/api/check", json={"name": "big.yaml", "text": over}).json()
    assert [e["text"] for e in body["errors"]] == [
        f"big.yaml:1:1: error: file too large (the limit for an upload is {MAX_UPLOAD_BYTES} bytes)"]
    r = client.post("/api/games", json={"upload": {"name": "big.yaml", "text": over}, "seats": ["human", "smart"]})
    assert r.status_code == 400 and "file too large" in r.text
    huge = "x" * (MAX_BODY + 1)                                    # a request over the cap is not even read
    for path, body in (("/api/check", {"name": "big.yaml", "text": huge}),
                       ("/api/games", {"upload": {"name": "big.yaml", "text": huge}, "seats": ["human", "smart"]})):
        r = client.post(path, json=body)
        assert r.status_code == 413 and f"at most {MAX_UPLOAD_BYTES} bytes" in r.json()["error"]
    just = "# " + "x" * (MAX_UPLOAD_BYTES - 100) + "\nname: x\n"    # under the cap: read, and judged
    body = client.post("/api/check", json={"name": "big.yaml", "text": just}).json()
    assert body["ok"] is False and body["errors"][0]["text"].startswith("big.yaml:2:1: error: missing required key 'description'")


def test_bad_requests_get_a_message_and_never_a_traceback(client, table, monkeypatch):
    assert client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"}).json() == \
        {"error": "the request is not JSON"}
    assert client.post("/api/games", json=[1, 2]).status_code == 400
    assert client.post("/api/games", json={"ruleset": "hearts", "seats": "human"}).status_code == 400
    r = client.post("/api/games", json={"ruleset": "hearts", "seats": ["human"] * 4, "options": {"moon": "huge"}})
    assert r.status_code == 400 and r.json()["errors"][0]["text"].startswith("error: --set option 'moon'")

    def broken(*a, **k):
        raise RuntimeError("a bug with a secret in its message")
    monkeypatch.setattr(table, "create", broken)
    r = client.post("/api/games", json={"ruleset": "hearts", "seats": ["human"] * 4})
    assert r.status_code == 500 and r.json() == {"error": "internal error (please report it)"}


def test_the_number_of_live_games_is_bounded(client, table):
    toks = []
    for i in range(4):
        g = new_game(client, ruleset="hearts", seats=["human", "smart", "smart", "smart"], seed=i)
        toks.append(token(g["seats"][0]["link"]))
    r = client.post("/api/games", json={"ruleset": "hearts", "seats": ["human", "smart", "smart", "smart"]})
    assert r.status_code == 503 and "4 games under way" in r.json()["error"]
    # a finished game makes room: beggar-my-neighbour dealt automatically has no decision, it is over at once
    table.games.popitem()
    g = new_game(client, ruleset="beggar-my-neighbour", seats=["human", "random"], seed=0, auto_deal=True)
    assert client.get(f"/api/seat/{token(g['seats'][0]['link'])}").json()["finished"]
    new_game(client, ruleset="hearts", seats=["human", "smart", "smart", "smart"])
    assert len(table.games) == 4


def test_serve_without_the_web_extra_says_what_to_install(monkeypatch, capsys):
    import sys
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve"]) == 1
    assert "pip install 'ruleplay[web]'" in capsys.readouterr().err


def test_bids_and_the_last_trick_are_shown_as_the_state_tells_them(client, table):
    g = new_game(client, ruleset="oh-hell", players=4, options={"hand-sizes": [3, 2]},
                 seats=["smart", "smart", "human", "smart"], seed=4)
    tok = token(g["seats"][2]["link"])
    game = table.games[g["game"]]
    seen_bids = seen_tricks = 0
    while True:
        page = client.get(f"/api/seat/{tok}").json()
        said = [line for line in game.state.observation_string(2).splitlines() if line.startswith("bids: ")]
        mine = ["-" if b is None else str(b) for b in (s["public"].get("bid") for s in page["seats"])]
        if said:                                   # the state's own words for the bids of this hand
            assert "bids: " + " ".join(mine) == said[0]
            seen_bids += 1
        if page["last_trick"]:
            last = [e for e in game.state.events() if e["event"] == "trick"][-1]
            assert [(c["seat"], c["name"]) for c in page["last_trick"]["cards"]] == [tuple(x) for x in last["cards"]]
            assert page["last_trick"]["winner"] == last["winner"]
            seen_tricks += 1
        if page["finished"]:
            break
        if page["score_table"] and page["score_table"]["waiting"]:       # the hand's end waits for a person
            assert page["choices"] is None and page["to_move"] is None
            assert client.post(f"/api/seat/{tok}/next", json={}).status_code == 200
            continue
        assert client.post(f"/api/seat/{tok}/act", json={"action": page["choices"][0]["action"]}).status_code == 200
    assert seen_bids and seen_tricks


def test_compare_from_the_page_is_the_command_lines_compare(client, capsys):
    r = client.post("/api/compare", json={"sides": ["ers", "ers:burn=2"], "games": 40, "seed": 3, "bots": "random"})
    assert r.status_code == 200, r.text
    page = r.json()["text"].splitlines()
    assert main(["compare", "ers", "ers:burn=2", "-n", "40", "--seed", "3", "--jobs", "1", "--bots", "random"]) == 0
    cli = capsys.readouterr().out.splitlines()
    assert page[0] == "40 games per side, seed 3, bots random" and page[1:] == cli[1:]   # the head line differs
    pytest.importorskip("matplotlib")
    assert r.json()["plot"].startswith("data:image/png;base64,")


@pytest.mark.parametrize("body, message", [
    ({"sides": ["ers"]}, "give 2 to 4 sides"),
    ({"sides": ["ers", "/etc/passwd"]}, "built-in rulesets only"),
    ({"sides": ["ers", "rulesets/ers.yaml"]}, "built-in rulesets only"),
    ({"sides": ["ers", "ers:burn=2"], "games": 10 ** 6}, "1 to 2000 games"),
    ({"sides": ["ers", "ers:burn=2"], "bots": "ismcts"}, "bots: one of"),
    ({"sides": ["ers", "ers:burn=99"]}, "out of range"),
])
def test_compare_from_the_page_is_bounded(client, body, message):
    r = client.post("/api/compare", json=body)
    assert r.status_code == 400 and message in r.text


def test_a_compare_side_never_reads_a_file_of_the_servers_directory(client, tmp_path, monkeypatch):
    (tmp_path / "ers:x").write_text((Path(__file__).resolve().parents[1] / "rulesets" / "ers.yaml").read_text())
    monkeypatch.chdir(tmp_path)                         # compare's own side parser takes an existing file whole
    r = client.post("/api/compare", json={"sides": ["ers", "ers:x"], "games": 1})
    assert r.status_code == 400 and "built-in rulesets only" in r.text


def test_a_person_turns_their_own_cards_unless_the_game_deals_automatically(client, table):
    """War with a person: each of their cards waits for "turn a card" (the game is played, not worked out at
    once); started to deal automatically, the same game is over as soon as it is made."""
    g = new_game(client, ruleset="war", seats=["human", "random"], seed=3)
    tok = token(g["seats"][0]["link"])
    page = client.get(f"/api/seat/{tok}").json()
    assert not page["finished"] and [c["label"] for c in page["choices"]] == ["turn a card"]
    assert page["prompt"].startswith("turn your top card")
    game = table.games[g["game"]]
    for _ in range(3):
        before = sum(1 for e in game.state.events() if e["event"] == "battle")
        assert client.post(f"/api/seat/{tok}/act", json={"action": page["choices"][0]["action"]}).status_code == 200
        page = client.get(f"/api/seat/{tok}").json()
        assert sum(1 for e in game.state.events() if e["event"] == "battle") >= before + 1
    auto = new_game(client, ruleset="war", seats=["human", "random"], seed=3, auto_deal=True)
    assert client.get(f"/api/seat/{token(auto['seats'][0]['link'])}").json()["finished"]


VARIANT = "extends: ers\nname: ers-burn\ntitle: ERS, burn two\noptions:\n  burn: {default: 2}\n"


def test_an_analysis_from_the_page_is_the_command_lines_report(client, tmp_path):
    """An uploaded variant against its base: the report is `ruleplay analyze` run on the same file, with the
    uploader's file name for the temporary path; it is served with a policy that allows no script."""
    r = client.post("/api/analyze", json={"base": "ers", "upload": {"text": VARIANT, "name": "my burn.yaml"},
                                          "games": 6, "seed": 2})
    assert r.status_code == 200, r.text
    page = client.get("/analysis/" + r.json()["report"])
    assert page.status_code == 200
    assert page.headers["content-security-policy"] == REPORT_POLICY.decode()      # its own, not the pages' one
    (tmp_path / "my-burn.yaml").write_text(VARIANT)
    out = tmp_path / "report.html"
    assert main(["analyze", "ers", str(tmp_path / "my-burn.yaml"), "-n", "6", "--seed", "2", "--jobs", "1", "-q",
                 "--ladder", WEB_LADDER, "--shape-games", "6", "--html", str(out)]) == 0
    cli = re.sub(r"[0-9.]+ s\b", "T s", out.read_text().replace(str(tmp_path / "my-burn.yaml"), "my-burn.yaml"))
    assert re.sub(r"[0-9.]+ s\b", "T s", page.text) == cli
    assert "<svg" in page.text and "<script" not in page.text and "my-burn.yaml" in page.text


@pytest.mark.parametrize("body, message", [
    ({"base": "ers", "upload": {"text": VARIANT.replace("burn:", "brun:"), "name": "v.yaml"}},
     "v.yaml:5:3: error [options.brun]: the base has no option 'brun'"),
    ({"base": "/etc/passwd", "upload": {"text": VARIANT, "name": "v.yaml"}}, "no built-in ruleset named"),
    ({"base": "ers", "upload": {"text": VARIANT, "name": "v.yaml"}, "games": 10 ** 5}, "1 to 500 games"),
    ({"base": "ers"}, "give base"),
])
def test_an_analysis_from_the_page_is_bounded(client, body, message):
    r = client.post("/api/analyze", json=body)
    assert r.status_code == 400 and message in r.text, r.text
    assert client.get("/analysis/not-a-report").status_code == 404


def test_a_rule_that_fails_while_playing_ends_the_game_with_its_placed_message(client):
    text = "extends: hearts\nname: v\nscoring:\n  points: \"s.points // (hand-number - 1)\"\n  rules: []\n"
    g = new_game(client, upload={"name": "v.yaml", "text": text}, options={"passing": "none"},
                 seats=["human", "smart", "smart", "smart"], seed=1)
    tok = token(g["seats"][0]["link"])
    page = client.get(f"/api/seat/{tok}").json()
    while not page["finished"]:
        assert client.post(f"/api/seat/{tok}/act", json={"action": page["choices"][0]["action"]}).status_code == 200
        page = client.get(f"/api/seat/{tok}").json()
    # hand 1 scores s.points // 0: no value, and the game stops there (as `ruleplay run` does, test_runtime_values)
    assert page["result"]["outcome"] == "error"
    assert page["result"]["reason"].startswith("v.yaml:4:12: error [scoring.points]: in expression "
                                               "'s.points // (hand-number - 1)': gave no value")
    assert page["said"][-1] == "The game stopped: " + page["result"]["reason"]
    assert "Traceback" not in json.dumps(page)
    assert client.get(f"/api/seat/{tok}/log").status_code == 200


def test_pages_run_only_the_servers_own_scripts_and_send_no_referrer(client):
    for path in ("/", "/edit", "/compare", "/play/whatever", "/api/rulesets", "/static/play.js"):
        r = client.get(path)
        assert r.status_code == 200
        assert r.headers["content-security-policy"].startswith("default-src 'self'")
        assert r.headers["referrer-policy"] == "no-referrer" and r.headers["x-content-type-options"] == "nosniff"
    assert "<script>" not in client.get("/").text          # no inline script: the policy forbids it


def test_a_pass_is_sent_as_one_request_all_legal_or_nothing_made(client, table):
    g = new_game(client, ruleset="hearts", seats=["human", "smart", "smart", "smart"], seed=3)
    tok = token(g["seats"][0]["link"])
    page = client.get(f"/api/seat/{tok}").json()
    assert page["passing"]["count"] == 3 and page["passing"]["to"] == 1
    assert page["prompt"] == "Pass 3 cards to Seat 1 (left)"
    game = table.games[g["game"]]
    acts = [c["action"] for c in page["choices"]]
    before = list(game.state.history())
    for bad in ([acts[0], acts[0], acts[1]], [acts[0], acts[1], 10_000], acts[:1] * 17, []):
        r = client.post(f"/api/seat/{tok}/act", json={"action": bad})
        assert r.status_code == 409 and game.state.history() == before, bad      # nothing made
    assert client.post(f"/api/seat/{tok}/act", json={"action": acts[:3]}).status_code == 200
    mine = [e["label"] for e in game.state.events() if e["event"] == "decision" and e["seat"] == 0]
    assert mine == [c["label"] for c in page["choices"][:3]]


def test_a_scoring_rule_that_fired_has_its_columns_in_the_score_table():
    """Seat 2 shot the moon: it took 26 points and scores 0, each other seat 26: the table shows the points
    taken, the rule and for whom it fired, and the hand's scores after it."""
    from ruleplay.tools.web.views import _score_table
    ev = {"event": "score", "hand": 3, "points": [0, 0, 26, 0], "scores": [26, 26, 0, 26],
          "totals": [40, 30, 12, 50], "tricks_won": [0, 0, 13, 0], "rule": "moon", "who": [2]}
    st = _score_table([ev], 0, 4, False)
    assert [c["label"] for c in st["columns"]] == ["Player", "Tricks taken", "Points taken", "Rule: moon",
                                                   "This hand", "Total"]
    assert [(r["taken"], r["rule"], r["points"], r["total"]) for r in st["rows"]] == [
        (0, "no", 26, 40), (0, "no", 26, 30), (26, "yes", 0, 12), (0, "no", 26, 50)]
    plain = _score_table([{**ev, "rule": None, "scores": ev["points"]}], 0, 4, False)
    assert [c["label"] for c in plain["columns"]] == ["Player", "Tricks taken", "This hand", "Total"]


def test_the_end_of_a_hand_waits_for_a_person_with_a_labelled_score_table(client, table):
    g = new_game(client, ruleset="hearts", options={"passing": "none"}, seats=["human", "smart", "smart", "smart"],
                 seed=5)
    tok = token(g["seats"][0]["link"])
    game = table.games[g["game"]]
    while True:
        page = client.get(f"/api/seat/{tok}").json()
        if page["score_table"] and page["score_table"]["waiting"]:
            break
        assert client.post(f"/api/seat/{tok}/act", json={"action": page["choices"][0]["action"]}).status_code == 200
    st = page["score_table"]
    assert [c["label"] for c in st["columns"]] == ["Player", "Tricks taken", "This hand", "Total"]
    assert st["rows"][0]["seat"] == "You" and st["rows"][2]["seat"] == "Seat 2 (across)"
    assert sum(r["points"] for r in st["rows"]) in (26, 78)
    held = len(game.state.history())
    assert page["choices"] is None and page["to_move"] is None
    assert client.post(f"/api/seat/{tok}/act", json={"action": 0}).status_code == 409
    client.get(f"/api/seat/{tok}")
    assert len(game.state.history()) == held                     # the bots wait
    assert client.post(f"/api/seat/{tok}/next", json={}).status_code == 200
    assert client.post(f"/api/seat/{tok}/next", json={}).status_code == 409
    page = client.get(f"/api/seat/{tok}").json()
    assert not page["score_table"]["waiting"] and page["choices"]


# ------------------------------------------------------------------------------------ counters shown
def test_a_table_counter_is_shown_in_the_middle_and_each_seats_counters_by_the_seat(client):
    g = new_game(client, ruleset="in-between", players=2, seats=["human", "random"], seed=1)
    page = client.get(f"/api/seat/{token(g['seats'][0]['link'])}").json()
    assert page["others"]["pot"] == 2                             # both anted: the pot of the table
    assert [s["public"]["won"] for s in page["seats"]] == [-1, -1]   # each seat's counter by its seat

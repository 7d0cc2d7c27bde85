"""`ruleplay serve` keeps its live games in SQLite (store.py): a server killed with SIGKILL in the middle of a hand
starts again with every game where it was, the seat links working, and nothing a page saw accepted lost."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from ruleplay.tools.web.app import create_app  # noqa: E402
from ruleplay.tools.web.gametable import GameTable  # noqa: E402
from ruleplay.tools.web.store import Store  # noqa: E402

WAIT = 30          # seconds a server may take to start on a busy machine (a bound on waiting, not a timing)
ROOT = Path(__file__).resolve().parents[1]


def test_a_stored_game_is_resumed_with_its_links_and_decisions(tmp_path):
    table = GameTable(store=Store(tmp_path / "games.sqlite3"), per_client=8)
    client = TestClient(create_app(table), raise_server_exceptions=False)
    g = client.post("/api/games", json={"ruleset": "hearts", "seats": ["human", "smart", "smart", "smart"]}).json()
    tok = g["seats"][0]["link"].rsplit("/", 1)[1]
    for _ in range(5):                          # the pass (three cards at once) and a few plays
        page = client.get(f"/api/seat/{tok}").json()
        if page["passing"]:
            acts = [c["action"] for c in page["choices"]][:page["passing"]["left"]]
            assert client.post(f"/api/seat/{tok}/act", json={"action": acts}).status_code == 200
        else:
            assert client.post(f"/api/seat/{tok}/act", json={"action": page["choices"][0]["action"]}).status_code == 200
    before = client.get(f"/api/seat/{tok}").json()
    game = table.games[g["game"]]
    history = list(game.state.history())
    assert (tmp_path / "games.sqlite3").stat().st_mode & 0o077 == 0           # the tokens are this user's only
    table.store.close()
    again = GameTable(store=Store(tmp_path / "games.sqlite3"), per_client=8)      # a new server on the same file
    after = TestClient(create_app(again)).get(f"/api/seat/{tok}").json()
    assert list(again.games[g["game"]].state.history()) == history
    for key in ("seats", "table", "choices", "prompt", "hand", "others", "last_trick"):
        assert after[key] == before[key], key


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(port: int, data: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "interpreter")}
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from ruleplay.tools.cli import main; sys.exit(main())",
                             "serve", "--port", str(port), "--data", str(data)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rulesets", timeout=2).read()
            return proc
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if proc.poll() is not None:
                raise AssertionError(proc.stderr.read().decode())
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def call(port: int, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data,
                                 {"content-type": "application/json"} if body is not None else {})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def new_hand(port: int) -> str:
    """A Hearts game (no passing) of one person and three bots: the API path of the person's seat."""
    g = call(port, "/api/games", {"ruleset": "hearts", "options": {"passing": "none"},
                                  "seats": ["human", "smart", "smart", "smart"]})
    return "/api/seat/" + g["seats"][0]["link"].rsplit("/", 1)[1]


def test_a_server_killed_mid_hand_resumes_the_game(tmp_path):
    port = free_port()
    proc = serve(port, tmp_path)
    try:
        seat = new_hand(port)
        for _ in range(4):
            page = call(port, seat)
            call(port, seat + "/act", {"action": page["choices"][0]["action"]})
        before = call(port, seat)                # every move above was acknowledged, so stored
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(WAIT)
    assert (tmp_path / "games.sqlite3").exists()
    proc = serve(port, tmp_path)
    try:
        after = call(port, seat)                 # the same link, the same table
        assert after["seats"][0]["zones"] == before["seats"][0]["zones"]
        assert after["table"] == before["table"] and after["choices"] == before["choices"]
        assert after["said"][-3:] == before["said"][-3:]
        call(port, seat + "/act", {"action": after["choices"][0]["action"]})     # and the game goes on
        assert call(port, seat)["others"].get("trick", 0) >= before["others"].get("trick", 0)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(WAIT)


def next_change(stream) -> int:
    """The version of the next `change` event of a server-sent event stream."""
    event = None
    for raw in stream:
        line = raw.decode().rstrip("\n")
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event == "change":
            return int(line[6:])
    raise AssertionError("the stream ended")


def test_a_seat_is_told_of_each_change_by_push(tmp_path):
    """The stream says at once which version the table is at, and again after a move (no polling, no sleep)."""
    port = free_port()
    proc = serve(port, tmp_path)
    try:
        seat = new_hand(port)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{seat}/events", timeout=10) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            first = next_change(stream)
            page = call(port, seat)
            assert page["version"] == first
            call(port, seat + "/act", {"action": page["choices"][0]["action"]})
            assert next_change(stream) > first
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(WAIT)


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_with_a_store_a_full_table_puts_a_resting_game_to_sleep_and_its_link_wakes_it(tmp_path):
    """Memory holds only the games being played: with the table full, the game nobody touched longest sleeps (on
    disk only), a new game takes its place, and opening its link wakes it exactly where it was."""
    from ruleplay.tools.web.games import GONE, REST_SECONDS
    clock = Clock()
    table = GameTable(max_games=2, clock=clock, store=Store(tmp_path / "games.sqlite3"), per_client=8)
    client = TestClient(create_app(table))

    def hearts() -> tuple[str, str]:
        g = client.post("/api/games", json={"ruleset": "hearts", "options": {"passing": "none"},
                                            "seats": ["human", "smart", "smart", "smart"]}).json()
        return g["game"], g["seats"][0]["link"].rsplit("/", 1)[1]
    (g0, t0), (g1, t1) = hearts(), hearts()
    page = client.get(f"/api/seat/{t0}").json()
    assert client.post(f"/api/seat/{t0}/act", json={"action": page["choices"][0]["action"]}).status_code == 200
    before, old = client.get(f"/api/seat/{t0}").json(), table.games[g0]
    history = list(old.state.history())
    clock.now += REST_SECONDS + 1
    client.get(f"/api/seat/{t1}")                                    # game 1 was looked at since; game 0 was not
    g2, _ = hearts()
    assert set(table.games) == {g1, g2} and g0 in table.sleeping
    assert old.act(0, page["choices"][1]["action"]) == GONE          # a request still holding it changes nothing
    clock.now += REST_SECONDS + 1
    after = client.get(f"/api/seat/{t0}").json()                     # its link wakes it
    assert g0 in table.games and len(table.games) == 2 and len(table.sleeping) == 1
    assert table.games[g0].state.history() == history
    for key in ("seats", "table", "choices", "said"):
        assert after[key] == before[key], key
    # a restart with more games stored than memory holds: the newest awake, the others woken by their links
    seats1 = client.get(f"/api/seat/{t1}").json()["seats"]
    table.store.close()
    again = GameTable(max_games=1, clock=clock, store=Store(tmp_path / "games.sqlite3"), per_client=8)
    assert len(again.games) == 1 and len(again.sleeping) == 2
    assert TestClient(create_app(again)).get(f"/api/seat/{t1}").json()["seats"] == seats1

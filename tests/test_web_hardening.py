"""`ruleplay serve` against a hostile visitor (issue 33): secret deals, bounded games, bounded checks,
no cross-origin writes, per-visitor limits, safe headers. Each test failed on the server before the fix."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from ruleplay.web.app import create_app  # noqa: E402
from ruleplay.web.games import GameTable  # noqa: E402

HEARTS = {"ruleset": "hearts", "seats": ["human", "smart", "smart", "smart"]}
BEGGAR = {"ruleset": "beggar-my-neighbour", "seats": ["human", "random"]}     # no decision: over at once


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def table():
    return GameTable(max_games=8, clock=Clock())


@pytest.fixture
def client(table):
    return TestClient(create_app(table), raise_server_exceptions=False)


def token(game: dict, seat: int = 0) -> str:
    return game["seats"][seat]["link"].rsplit("/", 1)[1]


def create(client, body: dict) -> dict:
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()


# ------------------------------------------------------------------------------------ 1. predictable deals
def test_a_live_game_is_dealt_from_a_secret_seed_told_only_when_it_is_over(client, table):
    g = create(client, HEARTS)
    game = table.games[g["game"]]
    assert "seed" not in g and str(game.seed) not in str(g)
    page = client.get(f"/api/seat/{token(g)}")
    assert page.json()["seed"] is None and str(game.seed) not in page.text
    seeds = [game.seed] + [table.games[create(client, BEGGAR)["game"]].seed for _ in range(3)]
    assert len(set(seeds)) == 4 and max(seeds) >= 2 ** 32        # 64 secret bits, not one of a million
    over = create(client, BEGGAR)
    seed = table.games[over["game"]].seed
    assert client.get(f"/api/seat/{token(over)}").json()["seed"] == str(seed)      # as text: beyond 2^53
    log = client.get(f"/api/seat/{token(over)}/log")
    assert f"seed{seed}" in log.headers["content-disposition"] and f'"seed": {seed},' in log.text


def test_a_visitor_cannot_choose_the_seed(client):
    r = client.post("/api/games", json={**HEARTS, "seed": 5})
    assert r.status_code == 400 and "secret seed" in r.json()["error"]

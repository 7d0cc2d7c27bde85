"""`ruleplay serve`: the web app (Starlette). Pages are static HTML and JavaScript; data is JSON.

Routes:
    GET  /                      new game: a built-in or an uploaded rule file, options, seats
    GET  /edit                  the rule-file editor: validation as you type, the rule sheet, "play this"
    GET  /compare               a small `ruleplay compare` of built-ins: its table and plot
    GET  /play/{token}          one human seat's page (the token is that seat's secret)
    GET  /api/rulesets          the built-ins with their players and options
    POST /api/check             {text, name, options?, players?} -> errors (placed) and the rule sheet, within
                                CHECK_SECONDS (checks.py)
    POST /api/compare           {sides, games?, seed?, bots?} -> compare's table and plot (a data: URL)
    POST /api/analyze           {base, upload: {text, name}, games?, seed?} -> `ruleplay analyze BASE VARIANT` in a
                                bounded child (analysis.py): {report: ID} or the upload's placed errors
    GET  /analysis/{ID}         that report, a self-contained page (inline SVG, no script), shown in a frame
    POST /api/games             {ruleset | upload: {text, name}, players?, options?, seats} -> seat links
    GET  /api/seat/{token}      what that seat may see, its choices, what happened
    GET  /api/seat/{token}/events   server-sent events: `change` whenever the table changed (push.py)
    POST /api/seat/{token}/act  {action}: a move (or a list of moves in a row: a pass), refused unless legal for
                                that seat now
    POST /api/seat/{token}/next the score table closed: the next hand starts
    POST /api/seat/{token}/slap a slap, timed by the server's clock
    GET  /api/seat/{token}/log  the game's log (JSON lines), once the game is over
    GET  /replay/{token}        the finished game step by step, as that seat saw it
    GET  /api/seat/{token}/replay?step=K   that seat's page after the game's first K decisions

Every error a visitor can cause is a JSON `{"error": ...}` or `{"errors": [...]}` with a 4xx
status; anything else is a bare 500 with no detail (never a traceback). A POST must be JSON and, with
an `Origin`, from this server's own pages (SameOrigin).
"""
from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ruleplay.errors import GameError, RuleError, RuleplayError
from ruleplay.tools.web.analysis import REPORT_POLICY, report, run_analysis
from ruleplay.tools.web.checks import CHECK_SECONDS, CheckBusy, timed_check
from ruleplay.tools.web.compare import Busy, run_compare
from ruleplay.tools.web.gametable import GameTable
from ruleplay.tools.web.games import LiveGame, TableFull, TooMany, client_key, seat_kinds
from ruleplay.tools.web.rulefiles import MAX_UPLOAD_BYTES, builtin_catalogue, formatted, load_any
from ruleplay.tools.web.push import Streams, seat_stream
from ruleplay.tools.web.store import Store
from ruleplay.tools.web.views import seat_page

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = MAX_UPLOAD_BYTES + 16_000       # a request: an upload and its options
MAX_OPTIONS = 100
_DIGITS = re.compile(r"[0-9]{1,12}")          # checks here are full matches: `$` would let a final newline by
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


class BadRequest(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


async def _json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to MAX_BODY bytes (a longer body is refused unread)."""
    size = request.headers.get("content-length")
    if size is not None and (not _DIGITS.fullmatch(size) or int(size) > MAX_BODY):
        raise BadRequest(413, f"the request is too large (an upload may have at most {MAX_UPLOAD_BYTES} bytes)")
    chunks, total = [], 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > MAX_BODY:
            raise BadRequest(413, f"the request is too large (an upload may have at most {MAX_UPLOAD_BYTES} bytes)")
        chunks.append(chunk)
    try:
        data = json.loads(b"".join(chunks) or b"{}")
    except (ValueError, RecursionError):
        raise BadRequest(400, "the request is not JSON") from None
    if not isinstance(data, dict):
        raise BadRequest(400, "the request must be a JSON object")
    return data


def _sets(data: dict) -> dict[str, str]:
    raw = data.get("options") or {}
    if not isinstance(raw, dict) or len(raw) > MAX_OPTIONS:
        raise BadRequest(400, "options must be an object of at most 100 NAME: VALUE pairs")
    out = {}
    for k, v in raw.items():
        if isinstance(v, bool):
            v = "true" if v else "false"
        elif isinstance(v, list):
            v = "[" + ",".join(str(x) for x in v) + "]"
        elif not isinstance(v, (str, int)):
            raise BadRequest(400, f"option {str(k)[:40]!r}: a value is text, a number, true/false or a list")
        out[str(k)] = str(v)[:200]
    return out


def _players(data: dict) -> int | None:
    p = data.get("players")
    if p in (None, ""):
        return None
    if isinstance(p, bool) or not isinstance(p, int) and not (isinstance(p, str) and re.fullmatch(r"[0-9]{1,3}", p)):
        raise BadRequest(400, "players is a whole number")
    return int(p)


def _log_name(game: LiveGame) -> str:
    """The log's file name for its download header, of safe characters only: a rule file's name is the
    uploader's text, and a newline or a quote in a header would break the answer or forge another header."""
    base = _UNSAFE.sub("-", game.rules.name).strip(".-")[:40] or "game"
    return f"{base}-seed{game.seed}.jsonl"


def _seed_shown(game: LiveGame) -> str | None:
    """The seed once the game is over (for its replay), None while it is played: the seed gives every hand.
    As text: 64 bits are more than a JavaScript number holds exactly."""
    return str(game.seed) if game.finished() else None


def qr_image(url: str) -> str | None:
    """A seat's link as a QR code (an SVG data: URL) for a phone's camera, or None without `segno` (the `web` extra)."""
    try:
        import segno
    except ImportError:
        return None
    return segno.make(url, error="m").svg_data_uri(scale=3, dark="#000", light="#fff")


def _upload(data: dict) -> tuple[str, str] | None:
    up = data.get("upload")
    if up is None:
        return None
    if not isinstance(up, dict) or not isinstance(up.get("text"), str):
        raise BadRequest(400, "upload is {text, name}")
    return up["text"], str(up.get("name") or "upload.yaml")


HEADERS = [(b"content-security-policy", b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
           (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
           (b"cache-control", b"no-store")]


class SafeHeaders:
    """Every response: scripts and styles from this server only (a rule file's text can never run as code),
    no framing, no referrer (a seat's link is its secret), no caching of a seat's view."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message):
            if message["type"] == "http.response.start":
                own = list(message.get("headers", []))
                if any(k == HEADERS[0][0] for k, _ in own):      # a response with a policy of its own
                    message = {**message, "headers": own + HEADERS[1:]}
                else:
                    message = {**message, "headers": own + HEADERS}
            await send(message)
        await self.app(scope, receive, with_headers)


SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class SameOrigin:
    """A request that changes something (any method but GET, HEAD, OPTIONS) must be JSON and, when it says
    where it comes from, come from this server's own pages: another site a member opens cannot start
    games or move for them. A foreign page can send a form or `text/plain` without asking; a JSON body
    makes the browser ask first, and the server never allows it. An `Origin` must name the `Host` asked."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            return await self.app(scope, receive, send)
        headers = Headers(scope=scope)
        why = _foreign(headers.get("origin"), headers.get("host"), headers.get("content-type"))
        if why is not None:
            return await JSONResponse({"error": why[1]}, status_code=why[0])(scope, receive, send)
        await self.app(scope, receive, send)


def _foreign(origin: str | None, host: str | None, content_type: str | None) -> tuple[int, str] | None:
    """Why a state-changing request is refused (status, message), or None when it may go on."""
    if origin is not None and (host is None or urlsplit(origin).netloc.lower() != host.lower()):
        return 403, "a request from another site is refused (only this server's pages may change a game)"
    if (content_type or "").partition(";")[0].strip().lower() != "application/json":
        return 415, "send the request as JSON (content-type: application/json)"
    return None


def create_app(table: GameTable | None = None, check_seconds: float = CHECK_SECONDS) -> Starlette:
    """The app; `table` holds the live games (a test passes one with its own clock), an upload's check may
    take `check_seconds`."""
    games = table or GameTable()
    streams = Streams()

    def page(name: str):
        async def endpoint(request: Request) -> Response:
            return FileResponse(STATIC / name, media_type="text/html")
        return endpoint

    async def rulesets(request: Request) -> Response:
        return JSONResponse([c.__dict__ for c in await run_in_threadpool(_catalogue)])

    async def check(request: Request) -> Response:
        data = await _json_body(request)
        text, name = _upload({"upload": {"text": data.get("text"), "name": data.get("name")}})
        sets, players = _sets(data), _players(data)
        return JSONResponse(await run_in_threadpool(timed_check, text, name, sets, players, check_seconds))

    async def compare(request: Request) -> Response:
        data = await _json_body(request)
        sides, games, seed, bots = data.get("sides"), data.get("games", 500), data.get("seed", 0), data.get("bots")
        if not isinstance(sides, list) or not all(isinstance(s, str) and len(s) < 300 for s in sides):
            raise BadRequest(400, "sides is a list of RULESET or RULESET:NAME=VALUE,... texts")
        for name, value in (("games", games), ("seed", seed)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value >= 2 ** 31:
                raise BadRequest(400, f"{name} is a whole number")
        result = await run_in_threadpool(run_compare, sides, games, seed, str(bots or "random"))
        return JSONResponse({"text": result.text, "plot": result.plot})

    async def analyze(request: Request) -> Response:
        data = await _json_body(request)
        base, up = data.get("base"), _upload(data)
        games, seed = data.get("games", 100), data.get("seed", 0)
        if not isinstance(base, str) or len(base) > 100 or up is None:
            raise BadRequest(400, "give base (a built-in's name) and upload {text, name} (the variant)")
        for name, value in (("games", games), ("seed", seed)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value >= 2 ** 31:
                raise BadRequest(400, f"{name} is a whole number")
        answer = await run_in_threadpool(run_analysis, base, up[0], up[1], games, seed)
        return JSONResponse(answer, status_code=200 if answer["ok"] else 400)

    async def analysis_report(request: Request) -> Response:
        html = report(request.path_params["token"])
        if html is None:
            raise BadRequest(404, "no such report (this server keeps the last few)")
        return Response(html, media_type="text/html", headers={"content-security-policy": REPORT_POLICY.decode()})

    async def new_game(request: Request) -> Response:
        data = await _json_body(request)
        up, sets, players = _upload(data), _sets(data), _players(data)
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats) or len(seats) > 64:
            raise BadRequest(400, "seats is a list with one kind per seat: 'human' or a bot kind")
        client = client_key(request.client.host if request.client else None)
        if data.get("seed") not in (None, ""):
            raise BadRequest(400, "a game on this server is dealt from a secret seed, shown once the game is over "
                                  "(ruleplay play --seed N plays a chosen deal)")

        def work() -> Response:
            if up is not None:                  # checked first within the time budget, then loaded here
                checked = timed_check(*up, sets, players, check_seconds)
                if not checked["ok"]:
                    return JSONResponse({"errors": checked["errors"]}, status_code=400)
            loaded = load_any(None if up else str(data.get("ruleset")), up, sets, players)
            rules = loaded.rules
            try:
                kinds, profiles = seat_kinds(seats, rules.players)
                if "human" not in kinds:
                    raise GameError("make at least one seat a person (ruleplay sim plays games of bots only)")
                recipe = {"upload": {"text": up[0], "name": up[1]}} if up else {"ruleset": str(data.get("ruleset"))}
                recipe["auto-deal"] = data.get("auto_deal") is True   # people's cards turned for them in flips
                game = games.create(loaded, kinds, profiles, client, {**recipe, "options": sets, "players": players})
            except BaseException:
                if loaded.keep is not None:
                    loaded.keep.cleanup()
                raise
            base = str(request.base_url).rstrip("/")
            links = [{"seat": s, "kind": slot.kind, "link": f"/play/{slot.token}" if slot.token else None,
                      "qr": qr_image(f"{base}/play/{slot.token}") if slot.token else None}
                     for s, slot in enumerate(game.seats)]
            return JSONResponse({"game": game.id, "title": rules.title, "seats": links})
        return await run_in_threadpool(work)

    def seat_of(request: Request):
        found = games.seat(request.path_params["token"])
        if found is None:
            raise BadRequest(404, "no such seat (the link is wrong, or the game has ended and made room)")
        return found

    async def seat_view(request: Request) -> Response:
        game, seat = seat_of(request)

        def work() -> dict:
            with game.lock:
                return {**seat_page(game, seat), "seed": _seed_shown(game)}
        return JSONResponse(await run_in_threadpool(work))

    async def events(request: Request) -> Response:
        game, seat = seat_of(request)
        if not streams.take():
            raise BadRequest(503, "too many pages follow this server's games by push; the page polls instead")
        return StreamingResponse(seat_stream(request, game, seat, streams), media_type="text/event-stream",
                                 headers={"x-accel-buffering": "no"})

    async def act(request: Request) -> Response:
        game, seat = seat_of(request)
        data = await _json_body(request)
        why = await run_in_threadpool(game.act, seat, data.get("action"))
        if why is not None:
            raise BadRequest(409, why)
        return JSONResponse({"ok": True})

    async def next_hand(request: Request) -> Response:
        game, seat = seat_of(request)
        why = await run_in_threadpool(game.next_hand)
        if why is not None:
            raise BadRequest(409, why)
        return JSONResponse({"ok": True})

    async def slap(request: Request) -> Response:
        game, seat = seat_of(request)
        why = await run_in_threadpool(game.slap, seat)
        if why is not None:
            raise BadRequest(409, why)
        return JSONResponse({"ok": True})

    async def log(request: Request) -> Response:
        game, seat = seat_of(request)
        with game.lock:
            if not game.finished():
                raise BadRequest(409, "the log is offered once the game is over (it shows every hand)")
            text = "".join(json.dumps(ev) + "\n" for ev in game.state.saved_events())
        return PlainTextResponse(text, media_type="application/x-ndjson", headers={
            "content-disposition": f'attachment; filename="{_log_name(game)}"'})

    async def replay(request: Request) -> Response:
        game, seat = seat_of(request)
        raw = request.query_params.get("step", "0")
        if not re.fullmatch(r"[0-9]{1,7}", raw):
            raise BadRequest(400, "step must be a whole number of decisions, such as 0 or 12")

        def work() -> dict:
            with game.lock:
                if not game.finished():
                    raise BadRequest(409, "a game is replayed once it is over")
                then, steps = game.rewound(seat, int(raw))
                return {**seat_page(then, seat), "step": then.version, "steps": steps, "seed": _seed_shown(game)}
        return JSONResponse(await run_in_threadpool(work))

    routes = [
        Route("/", page("index.html")),
        Route("/edit", page("edit.html")),
        Route("/compare", page("compare.html")),
        Route("/play/{token}", page("play.html")),
        Route("/replay/{token}", page("replay.html")),
        Route("/api/rulesets", rulesets),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/compare", compare, methods=["POST"]),
        Route("/api/analyze", analyze, methods=["POST"]),
        Route("/analysis/{token}", analysis_report),
        Route("/api/seat/{token}", seat_view),
        Route("/api/seat/{token}/events", events),
        Route("/api/seat/{token}/act", act, methods=["POST"]),
        Route("/api/seat/{token}/slap", slap, methods=["POST"]),
        Route("/api/seat/{token}/next", next_hand, methods=["POST"]),
        Route("/api/seat/{token}/log", log),
        Route("/api/seat/{token}/replay", replay),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers = {
        BadRequest: lambda req, exc: JSONResponse({"error": exc.message}, status_code=exc.status),
        RuleplayError: lambda req, exc: JSONResponse({"errors": formatted(exc.errors)}, status_code=400),
        GameError: lambda req, exc: JSONResponse({"errors": formatted([RuleError(str(exc))])}, status_code=400),
        ValueError: lambda req, exc: JSONResponse({"errors": formatted([RuleError(str(exc))])}, status_code=400),
        TableFull: lambda req, exc: JSONResponse({"error": str(exc)}, status_code=503),
        TooMany: lambda req, exc: JSONResponse({"error": str(exc)}, status_code=429),
        Busy: lambda req, exc: JSONResponse({"error": str(exc)}, status_code=503),
        CheckBusy: lambda req, exc: JSONResponse({"error": str(exc)}, status_code=503),
        HTTPException: lambda req, exc: JSONResponse({"error": exc.detail}, status_code=exc.status_code),
        Exception: lambda req, exc: JSONResponse({"error": "internal error (please report it)"}, status_code=500),
    }
    return Starlette(routes=routes, exception_handlers=handlers,
                     middleware=[Middleware(SafeHeaders), Middleware(SameOrigin)])


def default_data_dir() -> Path:
    """Where `ruleplay serve` keeps its games without --data: $XDG_DATA_HOME/ruleplay, else ~/.local/share/ruleplay."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ruleplay"


def durable_app(data: str | None) -> tuple[Starlette, Path]:
    """The app of `ruleplay serve`: its games stored in DATA/games.sqlite3 and resumed from there on start."""
    path = Path(data or default_data_dir()) / "games.sqlite3"
    return create_app(GameTable(store=Store(path))), path


@lru_cache(maxsize=1)
def _catalogue():
    return builtin_catalogue()

"""Live updates by push: a seat's page listens to server-sent events and fetches its view when told.

The stream says only *that* the table changed (the game's version, and whether a slap window is open for the
seat), never what: the page then asks for its own view, so nothing a seat may not see is pushed. While a slap
window is open the stream also times it out on the server's clock (a window a person lets pass becomes their
`no slap`), as a page's poll does. A stream lasts STREAM_SECONDS (the browser reconnects by itself), and at most
MAX_STREAMS run at once: past that a page is refused and polls instead.
"""
from __future__ import annotations

import asyncio
import threading
import time
from typing import AsyncIterator

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

MAX_STREAMS = 256             # pages followed by push at once (each holds a connection)
STREAM_SECONDS = 600          # a stream ends after this; EventSource reconnects
TICK = 0.1                    # seconds between looks at the game's version
EXPIRE_EVERY = 0.25           # seconds between timings-out of an open slap window (a thread each)
KEEPALIVE = 15.0              # seconds between comments that keep proxies from closing a quiet stream


class Streams:
    """The number of streams open, bounded by MAX_STREAMS."""

    def __init__(self, limit: int = MAX_STREAMS):
        self.limit, self.open = limit, 0
        self.lock = threading.Lock()

    def take(self) -> bool:
        with self.lock:
            if self.open >= self.limit:
                return False
            self.open += 1
            return True

    def give(self) -> None:
        with self.lock:
            self.open -= 1


def _expire(game, seat: int) -> None:
    """Time out the open slap window on the server's clock (a seat's page fetching its view does the same)."""
    with game.lock:
        if not game.finished():
            game.tick()


async def seat_stream(request: Request, game, seat: int, streams: Streams) -> AsyncIterator[str]:
    """`change` events for one seat's page: at once, then whenever the game's version or its slap window changes."""
    try:
        last = None
        expired = 0.0
        end = time.monotonic() + STREAM_SECONDS
        quiet = time.monotonic()
        yield "retry: 1000\n\n"
        while time.monotonic() < end and not game.closed:
            window = game.window              # read without the game's lock: a version number and a window key
            if window is not None and time.monotonic() - expired >= EXPIRE_EVERY:
                expired = time.monotonic()
                await run_in_threadpool(_expire, game, seat)
            now = (game.version, None if window is None else window.key)
            if now != last:
                last = now
                quiet = time.monotonic()
                yield f"event: change\ndata: {now[0]}\n\n"
            elif time.monotonic() - quiet > KEEPALIVE:
                quiet = time.monotonic()
                yield ": still here\n\n"
            if await request.is_disconnected():
                break
            await asyncio.sleep(TICK)
    finally:
        streams.give()

"""The optional HTTP listener (``HARDBACK_HTTP``): ``/health``, ``/health/live``, ``/health/shards`` and
``/metrics``. Read-only, GET only, no access log; loopback unless the operator names another address."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from . import metrics
from .address import Address
from .health import Health

log = logging.getLogger(__name__)


class ListenerError(RuntimeError):
    """The listener could not start (the message is one sentence for the operator)."""


Refresh = Callable[[], Awaitable[None]]
REFRESH_TIMEOUT = 2.0


def make_app(health: Health, refresh: Refresh | None = None) -> web.Application:
    async def healthy(request: web.Request) -> web.Response:
        report = await health.report()
        return web.json_response(report.as_json(), status=200 if report.ok else 503)

    async def live(request: web.Request) -> web.Response:
        return web.json_response({"status": "alive"})  # the event loop answered: nothing more

    async def shards(request: web.Request) -> web.Response:
        ok, body = await health.shards()
        return web.json_response(body, status=200 if ok else 503)

    async def scrape(request: web.Request) -> web.Response:
        # The health check sets the database's gauges (up, ping time): a scraper that never asks /health must
        # still see them true (the check is cached a moment, and bounded by its own database timeout).
        with contextlib.suppress(Exception):
            await health.report()
        if refresh is not None:  # the gauges read from the store, fresh for this scrape (skipped if it hangs)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(refresh(), REFRESH_TIMEOUT)
        # Rendering the registry is quick but not free: off the event loop, like every other heavy job.
        body, content_type = await asyncio.to_thread(metrics.exposition, request.headers.get("Accept", ""))
        return web.Response(body=body, headers={"Content-Type": content_type})

    app = web.Application()
    app.router.add_get("/health", healthy)
    app.router.add_get("/health/live", live)
    app.router.add_get("/health/shards", shards)
    app.router.add_get("/metrics", scrape)
    return app


class Listener:
    def __init__(self, address: Address, health: Health, refresh: Refresh | None = None) -> None:
        self.address = address
        self.health = health
        self.refresh = refresh
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        runner = web.AppRunner(make_app(self.health, self.refresh), access_log=None, handle_signals=False)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.address.host, self.address.port, reuse_address=True).start()
        except OSError as error:
            await runner.cleanup()
            why = "the address is in use by another program" if error.errno == errno.EADDRINUSE else error.strerror
            raise ListenerError(f"HARDBACK_HTTP: cannot listen on {self.address} ({why}); choose another port or "
                                "leave HARDBACK_HTTP empty") from error
        self._runner = runner
        log.info("health and metrics on %s (/health, /health/shards, /metrics)", self.address.url(""))

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()


__all__ = ["Listener", "ListenerError", "make_app"]

"""Each shard's state, written to the store by the process that holds it, so that any process of a sharded
bot (and ``/health/shards`` on any of them) can tell which shards are up, and which process has them.

The :class:`Reporter` also refreshes the gauges that come from the store (games running, the outbox) and
counts the interactions that never got an answer; it runs every few seconds and at once when a shard's
gateway connection changes (:meth:`Reporter.poke`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from . import metrics
from .metrics import GatewayShard

if TYPE_CHECKING:  # only a type here: the store imports this module, and need not import aiohttp with it
    from .interactions import InteractionTracker

log = logging.getLogger(__name__)

INTERVAL = 10.0  # seconds between two reports of a process
STALE_AFTER = 45.0  # a shard whose process has not reported for this long is shown as stale (process gone?)
STATES = ("starting", "ready", "disconnected", "stopped")


@dataclass(frozen=True)
class ShardStatus:
    """One shard of a bot of ``shard_count`` shards, as its process last reported it."""

    shard_count: int
    shard: int
    state: str  # one of STATES
    latency: float | None  # seconds
    guilds: int
    process: str  # host:pid of the process holding it
    started_at: float
    updated_at: float


class StatusQueries(Protocol):
    """The store's operations room, as far as the reporter writes and reads it."""

    async def save_shard_statuses(self, statuses: Sequence[ShardStatus]) -> None: ...

    async def games_running(self) -> dict[str, int]: ...

    async def outbox_backlog(self) -> tuple[int, float | None]: ...


class StatusStore(Protocol):
    """What the reporter needs from the store (hardback_bot.store's SQL stores have it)."""

    def now(self) -> float: ...

    @property
    def operations(self) -> StatusQueries: ...


def process_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


class Reporter:
    def __init__(self, store: StatusStore, gateway: Callable[[], list[GatewayShard]], *, shard_count: int,
                 shard_ids: Sequence[int], tracker: InteractionTracker | None = None,
                 interval: float = INTERVAL) -> None:
        self.store = store
        self.gateway = gateway
        self.shard_count = shard_count
        self.shard_ids = tuple(shard_ids)
        self.tracker = tracker
        self.interval = interval
        self.process = process_name()
        self.started_at = store.now()
        self._seen: set[int] = set()  # shards that were connected at least once
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="hardback-status")

    def poke(self) -> None:
        """A shard connected or dropped: report now rather than at the next interval."""
        self._wake.set()

    def statuses(self, stopped: bool = False) -> list[ShardStatus]:
        now = self.store.now()
        seen = {s.shard: s for s in self.gateway()}
        out = []
        for shard in self.shard_ids:
            info = seen.get(shard)
            if info is not None and info.connected:
                self._seen.add(shard)
            if stopped:
                state = "stopped"
            elif info is not None and info.connected:
                state = "ready"
            else:
                state = "disconnected" if shard in self._seen else "starting"
            latency = info.latency if info is not None and info.latency not in (None, float("inf")) else None
            out.append(ShardStatus(self.shard_count, shard, state, latency, info.guilds if info else 0,
                                   self.process, self.started_at, now))
        return out

    async def report(self) -> None:
        """Write this process's shard states and refresh the store's gauges once."""
        await self.store.operations.save_shard_statuses(self.statuses())
        await self.refresh_gauges()

    async def refresh_gauges(self) -> None:
        """The gauges read from the store (games running, the outbox), and the unanswered interactions."""
        metrics.set_games(await self.store.operations.games_running())
        pending, oldest = await self.store.operations.outbox_backlog()
        metrics.set_outbox(pending, None if oldest is None else self.store.now() - oldest)
        if self.tracker is not None:
            self.tracker.sweep()

    async def _run(self) -> None:
        while True:
            try:
                await self.report()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database may be away: /health says so, the next round retries
                log.warning("could not record the shards' state: %s: %s", type(error).__name__, error)
            self._wake.clear()
            # asyncio.timeout, not wait_for: Python 3.11's wait_for returns a wake-up that comes in the same instant
            # as stop()'s cancellation and drops the cancellation, and this loop would then hold the bot's close.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.interval):
                    await self._wake.wait()

    async def stop(self, timeout: float = 2.0) -> None:
        """Stop reporting and record the shards as stopped (quickly: the bot is shutting down)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        try:
            await asyncio.wait_for(self.store.operations.save_shard_statuses(self.statuses(stopped=True)), timeout)
        except (TimeoutError, Exception) as error:
            log.info("could not record the shards as stopped: %s", type(error).__name__)


def describe(statuses: Sequence[ShardStatus], now: float, shard_count: int | None = None) -> dict[str, object]:
    """The JSON of ``/health/shards``: every shard of the bot's current shard count, with its state (``stale``
    when its process stopped reporting), and the shards no process has reported."""
    counts = {s.shard_count for s in statuses}
    count = shard_count or (max(counts, key=lambda c: max(s.updated_at for s in statuses if s.shard_count == c))
                            if counts else None)
    rows = sorted((s for s in statuses if s.shard_count == count), key=lambda s: s.shard)
    shards = []
    for s in rows:
        age = max(0.0, now - s.updated_at)
        stale = s.state != "stopped" and age > STALE_AFTER
        shards.append({"shard": s.shard, "state": "stale" if stale else s.state, "reported_state": s.state,
                       "latency_ms": None if s.latency is None else round(s.latency * 1000, 1),
                       "guilds": s.guilds, "process": s.process, "seconds_since_report": round(age, 1),
                       "up_for_seconds": round(max(0.0, now - s.started_at), 1)})
    missing = sorted(set(range(count or 0)) - {s.shard for s in rows})
    ready = sum(1 for s in shards if s["state"] == "ready")
    return {"shard_count": count, "ready": ready, "missing": missing, "shards": shards}


__all__ = ["INTERVAL", "STALE_AFTER", "STATES", "Reporter", "ShardStatus", "StatusStore", "describe", "process_name"]

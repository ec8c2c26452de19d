"""``/health``: is this process able to play? Three checks, each with the reason when it fails.

- gateway: every shard this process holds is connected to Discord (when not, and Discord has stopped answering,
  it says "Discord unreachable" and for how long: an outage on Discord's side, not a fault of this process);
- database: the store answers a ping within :data:`DB_TIMEOUT` seconds;
- relay: no outbox row of this process's shards has waited longer than :data:`STUCK_AFTER` seconds (the
  relay delivers rows within seconds; older ones mean it is stuck, or Discord refuses it).

Answers are cached for a second and computed once for concurrent callers, so a busy scraper cannot turn the
checks into load. Reasons never carry a token, a user id, a password or message text.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from . import metrics
from .metrics import GatewayShard
from .status import ShardStatus, describe

DB_TIMEOUT = 3.0
STUCK_AFTER = 300.0
CACHE_SECONDS = 1.0
_SECRET_IN_URL = re.compile(r"://[^/@\s]*@")


class HealthQueries(Protocol):
    """The store's operations room, as far as the health checks read it."""

    async def ping(self) -> None: ...

    async def outbox_backlog(self) -> tuple[int, float | None]: ...

    async def shard_statuses(self) -> list[ShardStatus]: ...


class HealthStore(Protocol):
    def now(self) -> float: ...

    @property
    def operations(self) -> HealthQueries: ...


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str


@dataclass(frozen=True)
class Report:
    checks: tuple[Check, ...]
    shards: tuple[GatewayShard, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def reason(self) -> str:
        return "; ".join(f"{c.name}: {c.detail}" for c in self.checks if not c.ok)

    def as_json(self) -> dict[str, object]:
        return {
            "status": "ok" if self.ok else "unhealthy",
            "reason": self.reason or None,
            "checks": {c.name: {"ok": c.ok, "detail": c.detail} for c in self.checks},
            "shards": [{"shard": s.shard, "connected": s.connected,
                        "latency_ms": None if s.latency is None or s.latency == float("inf")
                        else round(s.latency * 1000, 1)} for s in self.shards],
        }


def safe_error(error: BaseException) -> str:
    """An error in one line, without credentials a connection string may carry."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    text = _SECRET_IN_URL.sub("://***@", text)[:200]
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class Health:
    """The checks of one process. ``store`` is a callable so the listener can start before the store opens."""

    def __init__(self, gateway: Callable[[], list[GatewayShard]], store: Callable[[], HealthStore | None], *,
                 expected_shards: Sequence[int] = (0,), db_timeout: float = DB_TIMEOUT,
                 stuck_after: float = STUCK_AFTER, cache_seconds: float = CACHE_SECONDS,
                 shard_count: int | None = None, discord: Callable[[], str | None] | None = None) -> None:
        self.gateway = gateway
        self.discord = discord  # "Discord unreachable for 42 s (…)" during an outage (ops/weather.py), else None
        self.store = store
        self.expected_shards = tuple(expected_shards)
        self.db_timeout = db_timeout
        self.stuck_after = stuck_after
        self.cache_seconds = cache_seconds
        self.shard_count = shard_count
        self._cached: tuple[float, Report] | None = None
        self._lock = asyncio.Lock()

    async def report(self) -> Report:
        async with self._lock:
            if self._cached is not None and time.monotonic() - self._cached[0] < self.cache_seconds:
                return self._cached[1]
            report = await self._check()
            self._cached = (time.monotonic(), report)
            return report

    async def _check(self) -> Report:
        shards = tuple(self.gateway())
        checks = [self._gateway(shards)]
        store = self.store()
        if store is None:
            checks.append(Check("database", False, "not open yet (the bot is starting)"))
            checks.append(Check("relay", False, "not started yet"))
            return Report(tuple(checks), shards)
        database = await self._database(store)
        checks.append(database)
        checks.append(await self._relay(store) if database.ok else Check("relay", False, "unknown: no database"))
        return Report(tuple(checks), shards)

    def _gateway(self, shards: tuple[GatewayShard, ...]) -> Check:
        connected = {s.shard for s in shards if s.connected}
        down = [s for s in self.expected_shards if s not in connected]
        if not down:
            return Check("gateway", True, f"connected ({len(connected)} shard{'s' * (len(connected) != 1)})")
        outage = self.discord() if self.discord is not None else None
        if outage:
            return Check("gateway", False, outage + ("" if len(self.expected_shards) == 1 else
                                                     f"; shard{'s' * (len(down) != 1)} {', '.join(map(str, down))} "
                                                     "not connected"))
        if len(self.expected_shards) == 1:
            return Check("gateway", False, "not connected to Discord")
        return Check("gateway", False, f"shard{'s' * (len(down) != 1)} {', '.join(map(str, down))} not connected")

    async def _database(self, store: HealthStore) -> Check:
        start = time.perf_counter()
        try:
            await asyncio.wait_for(store.operations.ping(), self.db_timeout)
        except TimeoutError:
            metrics.set_database(False, None)
            return Check("database", False, f"no answer within {self.db_timeout:g} s")
        except Exception as error:
            metrics.set_database(False, None)
            return Check("database", False, safe_error(error))
        seconds = time.perf_counter() - start
        metrics.set_database(True, seconds)
        return Check("database", True, f"answered in {seconds * 1000:.1f} ms")

    async def _relay(self, store: HealthStore) -> Check:
        try:
            pending, oldest = await asyncio.wait_for(store.operations.outbox_backlog(), self.db_timeout)
        except (TimeoutError, Exception) as error:
            return Check("relay", False, f"outbox unreadable ({safe_error(error)})")
        age = 0.0 if oldest is None else max(0.0, store.now() - oldest)
        if pending and age > self.stuck_after:
            return Check("relay", False, f"{pending} outbox row{'s' * (pending != 1)} waiting, the oldest for "
                                         f"{age:.0f} s (more than {self.stuck_after:.0f} s)")
        return Check("relay", True, f"{pending} outbox row{'s' * (pending != 1)} waiting" +
                     (f", the oldest for {age:.0f} s" if pending else ""))

    async def shards(self) -> tuple[bool, dict[str, object]]:
        """The state of every shard of the bot, as the processes recorded it in the store."""
        store = self.store()
        if store is None:
            return False, {"error": "the store is not open yet"}
        try:
            statuses = await asyncio.wait_for(store.operations.shard_statuses(), self.db_timeout)
        except (TimeoutError, Exception) as error:
            return False, {"error": f"database: {safe_error(error)}"}
        return True, describe(statuses, store.now(), self.shard_count)


__all__ = ["CACHE_SECONDS", "DB_TIMEOUT", "STUCK_AFTER", "Check", "Health", "HealthStore", "Report", "safe_error"]

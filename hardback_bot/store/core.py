"""What every room of the store stands on: the connection interface, portable SQL helpers, the column lists,
:class:`StoreCore` (transactions, locking, the clock, one-query reads) and :class:`Room`, the base of every room. A
database (:mod:`.sqlite`, :mod:`.postgres`) provides the connections; the rooms (:mod:`.rooms`) hold the queries,
each over the core it is given."""

from __future__ import annotations

import abc
import json
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Self

from .errors import InvalidRecord
from .models import (
    Seat,
    Shards,
    Timer,
)

GAME_COLUMNS = ("id, guild_id, channel_id, host_id, status, options, seed, version, created_at, updated_at,"
                " finished_at, kind, place, locale, pruned_at")
TIMER_COLUMNS = "id, game_id, kind, seat, deadline, payload"
DELIVERY_COLUMNS = (
    "id, game_id, channel_id, kind, payload, version, created_at, batch, claimed_at, delivered_at, message_id, live"
)
HEARTBEAT = "heartbeat"


class Conn(abc.ABC):
    """One database connection inside a transaction (or a read), as the queries below need it. Rows
    answer both ``row[0]`` and ``row["name"]`` (aiosqlite.Row and asyncpg.Record both do)."""

    @abc.abstractmethod
    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    @abc.abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns how many rows it changed."""

    @abc.abstractmethod
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def marks(values: Sequence[Any]) -> str:
    return ", ".join("?" for _ in values)


def shard_filter(shards: Shards | None, column: str = "guild_id") -> tuple[str, list[Any]]:
    """SQL true for the rows of guilds on ``shards`` (Discord's ``(guild_id >> 22) % count``)."""
    if shards is None:
        return "1 = 1", []
    return f"(({column} >> 22) % ?) IN ({marks(shards.ids)})", [shards.count, *shards.ids]


def validate_seats(seats: Sequence[Seat]) -> None:
    if [s.seat for s in seats] != list(range(len(seats))):
        raise InvalidRecord("seats must be numbered 0, 1, 2 … in order")
    users = [s.user_id for s in seats if s.user_id is not None]
    if len(users) != len(set(users)):
        raise InvalidRecord("a user can take only one seat")
    for s in seats:
        if s.user_id is None and s.ai_strength is None and not s.erased:
            raise InvalidRecord(f"seat {s.seat} has neither a user nor a computer player")
        if not s.display_name or len(s.display_name) > 100:
            raise InvalidRecord(f"seat {s.seat} needs a display name of 1–100 characters")


def validate_timers(game_id: int, timers: Iterable[Timer]) -> list[Timer]:
    out = list(timers)
    for t in out:
        if t.game_id != game_id:
            raise InvalidRecord(f"timer for game {t.game_id} passed with game {game_id}")
    return out


class StoreCore(abc.ABC):
    """Transactions, the clock and one-query reads; subclasses connect (``open``/``close``) and provide
    :meth:`write`, :meth:`read` and :meth:`read_one`."""

    #: appended to the SELECT that reads a game row before changing it
    lock_row = ""

    @abc.abstractmethod
    async def open(self) -> None:
        """Connect and apply pending schema migrations. Raises SchemaTooNew for a newer database."""

    @abc.abstractmethod
    async def close(self) -> None:
        """Close every connection."""

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def __init__(self, *, clock: Callable[[], float] = time.time, shards: Shards | None = None) -> None:
        self._clock = clock
        self.shards = shards

    @abc.abstractmethod
    def write(self) -> AbstractAsyncContextManager[Conn]:
        """One write transaction: raising inside rolls it back; leaving it commits, and only then is the
        change durable."""

    @abc.abstractmethod
    def read(self) -> AbstractAsyncContextManager[Conn]:
        """A consistent snapshot across several SELECTs."""

    @abc.abstractmethod
    def read_one(self) -> AbstractAsyncContextManager[Conn]:
        """A connection for one SELECT (no snapshot needed)."""

    def is_duplicate(self, error: BaseException) -> bool:
        """Whether a driver error is a unique-index violation."""
        return False

    async def lock_guild(self, db: Conn, guild_id: int) -> None:  # noqa: B027 - only PostgreSQL needs it
        """Serialise writers of one guild's ratings and totals (SQLite's write lock already does)."""

    async def query(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """One SELECT's rows."""
        async with self.read_one() as db:
            return await db.fetch(sql, params)

    def now(self) -> float:
        """The store's clock (injectable, so tests move seasons along)."""
        return float(self._clock())

    def set_clock(self, clock: Callable[[], float]) -> None:
        """Replace the store's clock (tests and tools)."""
        self._clock = clock


class Room:
    """One room of the store: the queries of one job, over the core's connections, transactions and locks
    (``self.core``). A room that writes into another room's tables inside its own transaction is given that room
    and passes it the open connection (``db``), so the whole change stays one transaction."""

    def __init__(self, core: StoreCore) -> None:
        self.core = core

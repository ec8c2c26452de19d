"""The SQLite implementation of :class:`~.base.Store` on aiosqlite (the queries are in :mod:`.sql`).

Two connections: one writer, behind an asyncio lock, whose transactions start with ``BEGIN IMMEDIATE`` (the
write lock is taken up front, so two processes never deadlock upgrading a read lock), and one read-only
reader. In WAL mode the reader sees the last committed snapshot and never waits for the writer, and it can
never see half of a transaction that the writer has under way.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from typing import Any, Literal

import aiosqlite

from .errors import StoreBusy, StoreError
from .migrate import migrate
from .models import CoopResult, Shards
from .sql import Conn, SqlStore

Synchronous = Literal["OFF", "NORMAL", "FULL", "EXTRA"]
# FULL: in WAL mode the WAL is fsynced at every commit, so an acknowledged move survives a power cut or a
# kernel crash too, not only a killed process (NORMAL's promise). It costs one fsync per move, a few ms at
# most (bench/store.py), far inside Discord's 3-second answer budget.
DEFAULT_SYNCHRONOUS: Synchronous = "FULL"


class SqliteConn(Conn):
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self.db.execute_fetchall(sql, params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self.db.execute(sql, params)
        changed = cursor.rowcount
        await cursor.close()
        return changed

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await self.db.executemany(sql, rows)


class SqliteStore(SqlStore):
    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        synchronous: Synchronous = DEFAULT_SYNCHRONOUS,
        busy_timeout_ms: int = 5000,
        clock: Callable[[], float] = time.time,
        shards: Shards | None = None,
    ) -> None:
        super().__init__(clock=clock, shards=shards)
        if str(path) == ":memory:":
            # the reader would open a second, empty database
            raise StoreError("SqliteStore needs a file path (use a temporary file in tests)")
        if str(synchronous).upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise StoreError(f"unknown synchronous level {synchronous!r}")
        self.path = os.fspath(path)
        self.synchronous = str(synchronous).upper()
        self.busy_timeout_ms = busy_timeout_ms
        self._w: aiosqlite.Connection | None = None
        self._r: aiosqlite.Connection | None = None
        self._wlock = asyncio.Lock()
        self._rlock = asyncio.Lock()

    # -- lifecycle -------------------------------------------------------------------------------------
    async def _connect(self, *, read_only: bool) -> aiosqlite.Connection:
        db = await aiosqlite.connect(self.path, isolation_level=None)  # we issue BEGIN/COMMIT ourselves
        try:
            db.row_factory = aiosqlite.Row
            await db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute(f"PRAGMA synchronous = {self.synchronous}")
            if read_only:
                await db.execute("PRAGMA query_only = ON")
        except BaseException:
            # aiosqlite's thread is not a daemon: a connection left open would keep the process from exiting
            # (a file that is not a database fails here, and the bot must stop after saying so).
            await db.close()
            raise
        return db

    async def open(self) -> None:
        if self._w is not None:
            return
        w = await self._connect(read_only=False)
        try:
            mode = await self._switch_to_wal(w)
            if str(mode).lower() != "wal":
                raise StoreError(f"could not switch {self.path} to WAL mode (got {mode})")
            await migrate(w)
            self._r = await self._connect(read_only=True)
        except BaseException:
            await w.close()
            raise
        self._w = w

    async def _switch_to_wal(self, db: aiosqlite.Connection) -> str:
        """Switch the file to WAL (persistent in the file) and return the journal mode it reports.

        The switch upgrades a read lock to an exclusive one, and SQLite answers "locked" at once, without its
        busy handler, when another connection holds a lock it could deadlock with: processes starting
        together on a new file do. So the switch is retried here, for as long as the busy timeout allows."""
        deadline = time.monotonic() + self.busy_timeout_ms / 1000
        pause = 0.005
        while True:
            try:
                rows = await db.execute_fetchall("PRAGMA journal_mode = WAL")
                return str(next(iter(rows))[0])
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                if time.monotonic() + pause > deadline:
                    raise StoreBusy(f"could not switch {self.path} to WAL mode: {exc}") from exc
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.1)

    async def close(self) -> None:
        # A transaction or read under way (a click answered while the bot shuts down) finishes first.
        async with self._wlock, self._rlock:
            if self._w is not None:
                with suppress(Exception):  # keeps the planner's statistics fresh; SQLite's advice for long runs
                    await self._w.execute("PRAGMA optimize")
            for attr in ("_r", "_w"):
                db = getattr(self, attr)
                setattr(self, attr, None)
                if db is not None:
                    await db.close()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Conn]:
        db = self._w
        if db is None:
            raise StoreError("store is not open")
        async with self._wlock:
            try:
                await db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:  # busy_timeout ran out: another process holds the lock
                raise StoreBusy(f"the database is locked by another writer: {exc}") from exc
            except BaseException:
                # Cancelled (a bot shutting down) once the BEGIN was queued: the connection's thread still runs
                # it, so end that transaction there too, before the next writer's BEGIN.
                with suppress(Exception):
                    await db.execute("ROLLBACK")
                raise
            try:
                yield SqliteConn(db)
            except BaseException:
                with suppress(Exception):
                    await db.execute("ROLLBACK")
                raise
            try:
                await db.execute("COMMIT")
            except BaseException:
                with suppress(Exception):
                    await db.execute("ROLLBACK")
                raise

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Conn]:
        db = self._r
        if db is None:
            raise StoreError("store is not open")
        async with self._rlock:
            try:  # the BEGIN inside: cancelled on its way, it still runs, and the COMMIT ends it
                await db.execute("BEGIN")
                yield SqliteConn(db)
            finally:
                with suppress(Exception):
                    await db.execute("COMMIT")

    @asynccontextmanager
    async def read_one(self) -> AsyncIterator[Conn]:
        db = self._r
        if db is None:
            raise StoreError("store is not open")
        async with self._rlock:
            yield SqliteConn(db)

    def is_duplicate(self, error: BaseException) -> bool:
        return isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error)


__all__ = ["DEFAULT_SYNCHRONOUS", "CoopResult", "SqliteStore"]

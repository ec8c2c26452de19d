"""The PostgreSQL implementation of :class:`~.base.Store` on an asyncpg pool (the queries are in :mod:`.sql`).

Writes run in READ COMMITTED transactions that first lock the game's row (``SELECT … FOR UPDATE``): two
writers of one game, in one process or in several, take turns on that row, and the second one finds the
version moved on (``StaleVersion``). Writes of one guild's ratings are serialised with a transaction-level
advisory lock on the guild id. Multi-statement reads run in a read-only REPEATABLE READ transaction (one
snapshot, never blocked by writers). A writer that waits for a lock longer than ``busy_timeout_ms``
(PostgreSQL's ``lock_timeout``) gets ``StoreBusy`` with nothing written, as on SQLite.

``synchronous_commit`` is ``on`` for the store's connections whatever the server's default: a commit
returns once its WAL is flushed, so an acknowledged move survives a crash of the database server or a
power cut, like SQLite's ``synchronous=FULL`` (``PostgresStore(dsn, synchronous_commit="off")`` trades that
for speed: a crash may then lose the last commits, never corrupt anything).
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from .errors import SchemaTooNew, StoreBusy, StoreError
from .migrate import Migration, load_migrations
from .models import Shards
from .sql import Conn, SqlStore

DEFAULT_POOL_SIZE = 10
# pg_advisory_lock(int, int) keys: PostgreSQL keeps them apart from the single-bigint keys used per guild.
_LOCK_SPACE, _MIGRATION_LOCK = 0x4842, 1
_COUNT = re.compile(r"(\d+)$")


@functools.lru_cache(maxsize=2048)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2 …`` (the store's SQL never has a ``?`` in a literal)."""
    parts = sql.split("?")
    out = [parts[0]]
    for n, part in enumerate(parts[1:], 1):
        out.append(f"${n}{part}")
    return "".join(out)


def redact(dsn: str) -> str:
    """The connection string without its password, for messages and logs."""
    parts = urlsplit(dsn)
    if parts.password is None:
        return dsn
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[1]}"))


class PgConn(Conn):
    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self.conn.fetch(numbered(sql), *params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        status = await self.conn.execute(numbered(sql), *params)
        m = _COUNT.search(status or "")
        return int(m.group(1)) if m else 0

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await self.conn.executemany(numbered(sql), rows)


async def current_version(conn: asyncpg.Connection) -> int:
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
    )
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))


async def migrate(conn: asyncpg.Connection, migrations: list[Migration] | None = None) -> int:
    """Bring a PostgreSQL schema up to date; returns the version. Each migration is one transaction with
    its ``schema_migrations`` row; an advisory lock makes processes starting together take turns, so each
    migration is applied once. Raises SchemaTooNew, touching nothing, for a database of newer code."""
    migrations = load_migrations("postgresql") if migrations is None else migrations
    latest = migrations[-1].version if migrations else 0
    await conn.execute("SELECT pg_advisory_lock($1, $2)", _LOCK_SPACE, _MIGRATION_LOCK)
    try:
        version = await current_version(conn)
        if version > latest:
            raise SchemaTooNew(version, latest)
        for mig in migrations:
            if mig.version <= version:
                continue
            async with conn.transaction():
                await conn.execute(mig.sql)
                await conn.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", mig.version, mig.name
                )
            version = mig.version
        return version
    finally:
        with suppress(Exception):
            await conn.execute("SELECT pg_advisory_unlock($1, $2)", _LOCK_SPACE, _MIGRATION_LOCK)


class PostgresStore(SqlStore):
    lock_row = " FOR UPDATE"

    def __init__(
        self,
        dsn: str,
        *,
        pool_size: int = DEFAULT_POOL_SIZE,
        busy_timeout_ms: int = 5000,
        synchronous_commit: str = "on",
        clock: Callable[[], float] = time.time,
        shards: Shards | None = None,
    ) -> None:
        super().__init__(clock=clock, shards=shards)
        if pool_size < 1:
            raise StoreError("the connection pool needs at least one connection")
        if synchronous_commit not in ("on", "remote_apply", "remote_write", "local", "off"):
            raise StoreError(f"unknown synchronous_commit level {synchronous_commit!r}")
        self.synchronous_commit = synchronous_commit
        self.dsn = dsn
        self.pool_size = pool_size
        self.busy_timeout_ms = busy_timeout_ms
        self._pool: asyncpg.Pool | None = None

    def _server_settings(self) -> dict[str, str]:
        return {
            "application_name": "hardback",
            "lock_timeout": f"{int(self.busy_timeout_ms)}ms",
            "synchronous_commit": self.synchronous_commit,
            # Short OLTP queries: JIT compilation would only add tens of ms to the larger leaderboards.
            "jit": "off",
        }

    async def open(self) -> None:
        if self._pool is not None:
            return
        try:
            conn = await asyncpg.connect(self.dsn, server_settings={"application_name": "hardback-migrate"})
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise StoreError(f"could not connect to PostgreSQL at {redact(self.dsn)}: {error}") from error
        try:
            await migrate(conn)
        finally:
            await conn.close()
        self._pool = await asyncpg.create_pool(
            self.dsn, min_size=1, max_size=self.pool_size, server_settings=self._server_settings()
        )

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    def _need_pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StoreError("store is not open")
        return self._pool

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Conn]:
        pool = self._need_pool()
        try:
            async with pool.acquire() as conn, conn.transaction():
                yield PgConn(conn)
        except (asyncpg.LockNotAvailableError, asyncpg.DeadlockDetectedError) as error:
            raise StoreBusy(f"another writer held a lock for too long: {error}") from error

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Conn]:
        pool = self._need_pool()
        async with pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            yield PgConn(conn)

    @asynccontextmanager
    async def read_one(self) -> AsyncIterator[Conn]:
        pool = self._need_pool()
        async with pool.acquire() as conn:
            yield PgConn(conn)

    def is_duplicate(self, error: BaseException) -> bool:
        return isinstance(error, asyncpg.UniqueViolationError)

    async def lock_guild(self, db: Conn, guild_id: int) -> None:
        await db.execute("SELECT pg_advisory_xact_lock(?)", (guild_id,))


__all__ = ["DEFAULT_POOL_SIZE", "PostgresStore", "migrate", "redact"]

"""Copy an SQLite store into PostgreSQL: the migration path of a bot that outgrows one process.

    python -m hardback_bot.store copy data/hardback.db postgresql://user:password@host/db

Stop the bot first. Both databases are brought to the current schema (the SQLite file gets the migrations
the bot would apply at its next start; nothing else in it changes). The PostgreSQL database must hold no
rows yet. Every table is copied in one PostgreSQL transaction with COPY, in batches, the identity counters
are set past the copied ids (and past SQLite's AUTOINCREMENT high-water marks, so ids are never reused), and
the row counts of both sides are compared before committing: the copy is all or nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import StoreError
from .postgres import PgConn, PostgresStore, redact
from .sqlite import SqliteStore

BATCH = 5000
# Parents before children (foreign keys); anything else of the schema after them, by name.
ORDER = ("games", "seats", "game_messages", "moves", "timers", "game_outcomes", "results", "deliveries", "panels")
SKIP = {"schema_migrations", "sqlite_sequence", "sqlite_stat1", "sqlite_stat4"}
_CAST: dict[str, Callable[[Any], Any]] = {"bigint": int, "double precision": float, "text": str}


async def copy_sqlite_to_postgres(
    source: str, target: str, *, batch: int = BATCH, say: Callable[[str], None] = print
) -> dict[str, int]:
    """Copy every row of the SQLite store at ``source`` into the empty PostgreSQL store at ``target``;
    returns the rows copied per table. Raises StoreError (nothing written) when the target holds rows."""
    src = SqliteStore(source)
    dst = PostgresStore(target, pool_size=2)
    await src.open()
    try:
        await dst.open()
        try:
            return await _copy(src, dst, batch, say)
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy(src: SqliteStore, dst: PostgresStore, batch: int, say: Callable[[str], None]) -> dict[str, int]:
    copied: dict[str, int] = {}
    async with src.read() as lite, dst.write() as pg:
        assert isinstance(pg, PgConn)
        tables = [r[0] for r in await lite.fetch("SELECT name FROM sqlite_master WHERE type = 'table'")]
        tables = [t for t in tables if t not in SKIP]
        theirs = {r[0] for r in await pg.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")} - SKIP
        if set(tables) != theirs:
            raise StoreError(f"the schemas differ: SQLite has {sorted(tables)}, PostgreSQL {sorted(theirs)}")
        tables.sort(key=lambda t: (ORDER.index(t) if t in ORDER else len(ORDER), t))
        for table in tables:
            if await pg.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
                raise StoreError(f"{redact(dst.dsn)} already holds rows in {table}: copy into an empty database")
        for table in tables:
            types = {r[0]: r[1] for r in await pg.fetch(
                "SELECT column_name, data_type FROM information_schema.columns"
                " WHERE table_schema = 'public' AND table_name = ?", (table,))}
            columns = [r["name"] for r in await lite.fetch(f"PRAGMA table_info({table})")]
            casts = [_CAST[types[c]] for c in columns]
            count, after = 0, None
            select = f"SELECT rowid, {', '.join(columns)} FROM {table} WHERE rowid > ? ORDER BY rowid LIMIT ?"
            while True:  # batches by rowid keep memory flat however big the file is
                rows = await lite.fetch(select, (-(2**63) if after is None else after, batch))
                if not rows:
                    break
                after = rows[-1][0]
                records = [tuple(None if v is None else cast(v) for v, cast in zip(tuple(r)[1:], casts, strict=True))
                           for r in rows]
                await pg.conn.copy_records_to_table(table, records=records, columns=columns)
                count += len(rows)
            copied[table] = count
            say(f"  {table}: {count} rows")
        await _advance_identities(lite, pg)
        for table in tables:
            theirs_count = await pg.fetchval(f"SELECT COUNT(*) FROM {table}")
            if theirs_count != copied[table]:
                raise StoreError(f"{table}: {copied[table]} rows read but {theirs_count} written; nothing was kept")
    return copied


async def _advance_identities(lite: Any, pg: PgConn) -> None:
    """Identity columns continue after the copied ids, and after SQLite's AUTOINCREMENT high-water mark."""
    marks: dict[str, int] = {}
    if await lite.fetchval("SELECT COUNT(*) FROM sqlite_master WHERE name = 'sqlite_sequence'"):
        marks = {r[0]: int(r[1]) for r in await lite.fetch("SELECT name, seq FROM sqlite_sequence")}
    for table, column in await pg.fetch(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = 'public' AND is_identity = 'YES'"
    ):
        top = max(int(await pg.fetchval(f"SELECT COALESCE(MAX({column}), 0) FROM {table}")), marks.get(table, 0))
        if top > 0:
            await pg.fetchval("SELECT setval(pg_get_serial_sequence(?, ?)::regclass, ?, true)", (table, column, top))

"""Backups of the whole store while the bot runs, and restoring one into a new database.

    python -m hardback_bot.store backup FILE [--db DB]     # DB: $HARDBACK_DB by default
    python -m hardback_bot.store restore FILE [--db DB]    # into a new, empty database

- **SQLite**: FILE is an SQLite database made with SQLite's online backup API in one read transaction, so it
  is a consistent snapshot even while the bot writes (WAL readers never block the writer); it is checked
  (``PRAGMA quick_check``) and switched out of WAL mode so that it is one self-contained file.
- **PostgreSQL**: FILE is a logical dump the store writes itself (gzip-compressed JSON lines: a header with
  the schema version and each table's columns, then every row), read in one REPEATABLE READ snapshot. No
  ``pg_dump`` of the server's exact version is needed, and the dump restores into either database.

Restoring creates the schema of the backup's version, loads every row in one transaction, checks the counts,
sets the id counters past the restored ids, then applies the migrations the backup predates. Process state
(``shard_status``) is never backed up. A backup of newer code than this one is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import os
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

import aiosqlite
import asyncpg

from . import is_postgres
from .copy import ORDER, copy_sqlite_to_postgres
from .errors import SchemaTooNew, StoreError
from .migrate import code_version, load_migrations
from .migrate import migrate as migrate_sqlite
from .postgres import migrate as migrate_postgres
from .postgres import redact

FORMAT = "hardback-dump"
FORMAT_VERSION = 1
SQLITE_MAGIC = b"SQLite format 3\x00"
# Not data: migrations recreate the first; the others are SQLite's own or facts about running processes.
EXCLUDED = {"schema_migrations", "sqlite_sequence", "sqlite_stat1", "sqlite_stat4", "shard_status"}
_CAST: dict[str, Callable[[Any], Any]] = {"bigint": int, "double precision": float, "text": str}
BATCH = 5000


@dataclass
class Summary:
    """What a backup holds (or a restore brought back): its kind, schema version and rows per table."""

    kind: str  # "sqlite" or "dump"
    schema: int
    rows: dict[str, int] = field(default_factory=dict)

    def line(self) -> str:
        r = self.rows
        return (f"{r.get('games', 0)} games, {r.get('moves', 0)} moves, {r.get('ratings', 0)} ratings, "
                f"{sum(r.values())} rows in {len(r)} tables (schema {self.schema})")


def _order(tables: list[str]) -> list[str]:
    """Parents before children (foreign keys), then the rest by name."""
    return sorted(tables, key=lambda t: (ORDER.index(t) if t in ORDER else len(ORDER), t))


# ---------------------------------------------------------------------- backup
async def backup(db: str, path: str) -> Summary:
    """Back up the store at ``db`` (an SQLite file or a postgresql:// string) into ``path``."""
    if is_postgres(db):
        return await dump_postgres(db, path)
    return await asyncio.to_thread(backup_sqlite, db, path)


def backup_sqlite(source: str, target: str) -> Summary:
    """An online backup of the SQLite store ``source`` into the new file ``target`` (written aside, then moved
    into place, so a failed backup never leaves half a file under the name)."""
    if not os.path.isfile(source):
        raise StoreError(f"no SQLite database at {source!r}")
    partial = f"{target}.partial"
    with contextlib.suppress(FileNotFoundError):
        os.remove(partial)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)  # every page in one step: one read transaction, a consistent snapshot
            check = dst.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise StoreError(f"the backup of {source} failed its check: {check}")
            dst.execute("PRAGMA journal_mode = DELETE")
            summary = _sqlite_summary(dst)
        finally:
            dst.close()
    except sqlite3.Error as error:
        with contextlib.suppress(FileNotFoundError):
            os.remove(partial)
        raise StoreError(f"could not back up {source}: {error}") from error
    finally:
        src.close()
    _durable_replace(partial, target)
    return summary


def _sqlite_summary(db: sqlite3.Connection) -> Summary:
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'") if r[0] not in EXCLUDED]
    rows = {t: int(db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]) for t in _order(tables)}
    schema = int(db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()[0])
    return Summary("sqlite", schema, rows)


def _durable_replace(partial: str, target: str) -> None:
    with open(partial, "rb") as fh:
        os.fsync(fh.fileno())
    os.replace(partial, target)


async def dump_postgres(dsn: str, path: str) -> Summary:
    """Write the PostgreSQL store at ``dsn`` to ``path`` as a logical dump, from one consistent snapshot."""
    try:
        conn = await asyncpg.connect(dsn, server_settings={"application_name": "hardback-backup"})
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise StoreError(f"could not connect to PostgreSQL at {redact(dsn)}: {error}") from error
    partial = f"{path}.partial"
    try:
        async with conn.transaction(isolation="repeatable_read", readonly=True):
            schema = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))
            tables = _order([r[0] for r in await conn.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'") if r[0] not in EXCLUDED])
            columns = {t: [r[0] for r in await conn.fetch(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1"
                " ORDER BY ordinal_position", t)] for t in tables}
            marks = {}
            for table, column in await conn.fetch(
                    "SELECT table_name, column_name FROM information_schema.columns"
                    " WHERE table_schema = 'public' AND is_identity = 'YES'"):
                if table in columns:
                    mark = await conn.fetchval(
                        "SELECT pg_sequence_last_value(pg_get_serial_sequence($1, $2)::regclass)", table, column)
                    marks[table] = int(mark or 0)
            rows: dict[str, int] = {}
            with gzip.open(partial, "wt", encoding="utf-8", compresslevel=6) as out:
                _line(out, {"format": FORMAT, "version": FORMAT_VERSION, "schema": schema, "source": "postgresql",
                            "created_at": time.time(), "tables": columns, "sequences": marks})
                for table in tables:
                    _line(out, {"table": table})
                    count = 0
                    select = f"SELECT {', '.join(columns[table])} FROM {table}"
                    async for record in conn.cursor(select, prefetch=BATCH):
                        out.write(json.dumps(list(record), ensure_ascii=False, separators=(",", ":")) + "\n")
                        count += 1
                    rows[table] = count
                _line(out, {"complete": True, "rows": rows})
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.remove(partial)
        raise
    finally:
        await conn.close()
    _durable_replace(partial, path)
    return Summary("dump", schema, rows)


def _line(out: IO[str], value: dict[str, Any]) -> None:
    out.write(json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n")


# ---------------------------------------------------------------------- reading a dump
@dataclass
class Dump:
    schema: int
    tables: dict[str, list[str]]
    sequences: dict[str, int]
    rows: dict[str, int]
    path: str

    def table_rows(self, table: str) -> Iterator[list[Any]]:
        """The rows of one table, read from the file again (nothing is held in memory)."""
        with gzip.open(self.path, "rt", encoding="utf-8") as fh:
            inside = False
            for text in fh:
                if text.startswith("{"):
                    marker = json.loads(text)
                    if inside:
                        return
                    inside = marker.get("table") == table
                elif inside:
                    yield json.loads(text)


def read_dump(path: str) -> Dump:
    """Check a dump file whole (header, every line, the closing counts) and return its description."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            header = json.loads(fh.readline())
            if header.get("format") != FORMAT:
                raise StoreError(f"{path} is not a Hardback backup")
            if int(header.get("version", 0)) > FORMAT_VERSION:
                raise StoreError(f"{path} was written by a newer version of the bot (dump format {header['version']})")
            counted: dict[str, int] = {}
            table, closing = None, None
            for text in fh:
                if text.startswith("{"):
                    marker = json.loads(text)
                    if "table" in marker:
                        table = marker["table"]
                        counted[table] = 0
                    elif marker.get("complete"):
                        closing = marker["rows"]
                elif table is not None:
                    counted[table] += 1
    except (OSError, EOFError, ValueError) as error:
        raise StoreError(f"{path} is damaged or not a Hardback backup ({error})") from error
    if closing is None:
        raise StoreError(f"{path} is incomplete (the backup was cut short): restore another one")
    if closing != counted:
        raise StoreError(f"{path} does not hold the rows it says it does: restore another one")
    return Dump(int(header["schema"]), dict(header["tables"]), dict(header.get("sequences", {})), counted, path)


def backup_kind(path: str) -> str:
    with open(path, "rb") as fh:
        start = fh.read(16)
    if start == SQLITE_MAGIC:
        return "sqlite"
    if start[:2] == b"\x1f\x8b":
        return "dump"
    raise StoreError(f"{path} is neither an SQLite backup nor a Hardback dump")


# ---------------------------------------------------------------------- restore
async def restore(path: str, db: str) -> Summary:
    """Restore the backup ``path`` into ``db``, a new or empty database (SQLite file or postgresql://)."""
    if not os.path.isfile(path):
        raise StoreError(f"no backup file at {path!r}")
    kind = backup_kind(path)
    if kind == "sqlite":
        return await _restore_sqlite_backup(path, db)
    dump = read_dump(path)
    if dump.schema > code_version():
        raise SchemaTooNew(dump.schema, code_version())
    if is_postgres(db):
        await _load_postgres(dump, db)
    else:
        await _load_sqlite(dump, db)
    return Summary("dump", dump.schema, dump.rows)


async def _restore_sqlite_backup(path: str, db: str) -> Summary:
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as check:
        summary = _sqlite_summary(check)
    if summary.schema > code_version():
        raise SchemaTooNew(summary.schema, code_version())
    if is_postgres(db):
        # The copy migrates its source: it gets a copy of the backup, never the backup itself.
        with tempfile.TemporaryDirectory(prefix="hardback-restore-") as folder:
            work = os.path.join(folder, "restore.db")
            shutil.copyfile(path, work)
            await copy_sqlite_to_postgres(work, db, say=lambda _: None)
        return summary
    await asyncio.to_thread(_new_sqlite_target, db)
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as src, \
            contextlib.closing(sqlite3.connect(db)) as dst:
        src.backup(dst)
    async with aiosqlite.connect(db, isolation_level=None) as conn:
        await conn.execute("PRAGMA journal_mode = WAL")
        await migrate_sqlite(conn)
    return summary


def _new_sqlite_target(db: str) -> None:
    """Restores go into a new database: a file with any table in it is refused, untouched."""
    if os.path.exists(db) and os.path.getsize(db) > 0:
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
            if conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]:
                raise StoreError(f"{db} already holds a database: restore into a new file (stop the bot, move the "
                                 "old file aside or point HARDBACK_DB at a new one)")
    parent = os.path.dirname(db)
    if parent:
        os.makedirs(parent, exist_ok=True)


async def _load_sqlite(dump: Dump, db: str) -> None:
    await asyncio.to_thread(_new_sqlite_target, db)
    async with aiosqlite.connect(db, isolation_level=None) as conn:
        await conn.execute("PRAGMA journal_mode = WAL")
        await migrate_sqlite(conn, load_migrations()[:dump.schema])
        await _check_columns(dump, {t: [r[1] for r in await conn.execute_fetchall(f"PRAGMA table_info({t})")]
                                    for t in dump.tables})
        await conn.execute("BEGIN IMMEDIATE")
        try:
            for table in _order(list(dump.tables)):
                columns = dump.tables[table]
                insert = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
                for batch in _batches(dump.table_rows(table)):
                    await conn.executemany(insert, batch)
                count = next(iter(await conn.execute_fetchall(f"SELECT COUNT(*) FROM {table}")))[0]
                if count != dump.rows[table]:
                    raise StoreError(f"{table}: {dump.rows[table]} rows in the backup but {count} restored")
            for table, mark in dump.sequences.items():
                cursor = await conn.execute("UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?",
                                            (mark, table))
                if cursor.rowcount == 0 and mark:
                    await conn.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", (table, mark))
            await conn.execute("COMMIT")
        except BaseException:
            await conn.execute("ROLLBACK")
            raise
        await migrate_sqlite(conn)


async def _load_postgres(dump: Dump, dsn: str) -> None:
    try:
        conn = await asyncpg.connect(dsn, server_settings={"application_name": "hardback-restore"})
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise StoreError(f"could not connect to PostgreSQL at {redact(dsn)}: {error}") from error
    try:
        existing = await conn.fetchval("SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public'")
        if existing:
            raise StoreError(f"{redact(dsn)} already holds tables: restore into a new database (createdb)")
        await migrate_postgres(conn, load_migrations("postgresql")[:dump.schema])
        types = {}
        for table in dump.tables:
            types[table] = {r[0]: r[1] for r in await conn.fetch(
                "SELECT column_name, data_type FROM information_schema.columns"
                " WHERE table_schema = 'public' AND table_name = $1", table)}
        await _check_columns(dump, {t: list(types[t]) for t in dump.tables})
        async with conn.transaction():
            for table in _order(list(dump.tables)):
                columns = dump.tables[table]
                casts = [_CAST[types[table][c]] for c in columns]
                for batch in _batches(dump.table_rows(table)):
                    records = [tuple(None if v is None else cast(v) for v, cast in zip(row, casts, strict=True))
                               for row in batch]
                    await conn.copy_records_to_table(table, records=records, columns=columns)
                count = await conn.fetchval(f"SELECT COUNT(*) FROM {table}")
                if count != dump.rows[table]:
                    raise StoreError(f"{table}: {dump.rows[table]} rows in the backup but {count} restored")
            for table, column in await conn.fetch(
                    "SELECT table_name, column_name FROM information_schema.columns"
                    " WHERE table_schema = 'public' AND is_identity = 'YES'"):
                top = max(int(await conn.fetchval(f"SELECT COALESCE(MAX({column}), 0) FROM {table}")),
                          dump.sequences.get(table, 0))
                if top > 0:
                    await conn.execute("SELECT setval(pg_get_serial_sequence($1, $2)::regclass, $3, true)",
                                       table, column, top)
        await migrate_postgres(conn)
    finally:
        await conn.close()


async def _check_columns(dump: Dump, found: dict[str, list[str]]) -> None:
    for table, columns in dump.tables.items():
        if set(columns) != set(found.get(table, [])):
            raise StoreError(f"the backup's table {table} does not match schema {dump.schema} of this code")


def _batches(rows: Iterator[list[Any]], size: int = BATCH) -> Iterator[list[list[Any]]]:
    batch: list[list[Any]] = []
    for row in rows:
        batch.append(row)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


__all__ = ["FORMAT", "Dump", "Summary", "backup", "backup_kind", "backup_sqlite", "dump_postgres", "read_dump",
           "restore"]

"""Versioned schema migrations for SQLite: plain numbered SQL files in ``migrations/``, applied in order at
start-up, each in its own transaction together with its row in ``schema_migrations``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

import aiosqlite

from .errors import SchemaTooNew, StoreError

_FILE = re.compile(r"^(\d{3})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations() -> list[Migration]:
    found: list[Migration] = []
    for entry in resources.files("hardback_bot.store").joinpath("migrations").iterdir():
        m = _FILE.match(entry.name)
        if m:
            found.append(Migration(int(m.group(1)), m.group(2), entry.read_text(encoding="utf-8")))
    found.sort(key=lambda mig: mig.version)
    versions = [mig.version for mig in found]
    if versions != list(range(1, len(found) + 1)):
        raise StoreError(f"migration files must be numbered 001, 002 … without gaps; found {versions}")
    return found


def code_version() -> int:
    return len(load_migrations())


async def current_version(db: aiosqlite.Connection) -> int:
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
        " applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)"
    )
    rows = await db.execute_fetchall("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
    return int(next(iter(rows))[0])


async def migrate(db: aiosqlite.Connection, migrations: list[Migration] | None = None) -> int:
    """Bring the schema up to date; returns the version. Raises SchemaTooNew, touching nothing, when the
    file was written by newer code. A crash mid-migration rolls that migration back as a whole."""
    migrations = load_migrations() if migrations is None else migrations
    latest = migrations[-1].version if migrations else 0
    version = await current_version(db)
    if version > latest:
        raise SchemaTooNew(version, latest)
    for mig in migrations:
        if mig.version <= version:
            continue
        # executescript would commit an open transaction first, so BEGIN … COMMIT go inside the script;
        # a failing statement leaves the transaction open and we roll it back below.
        script = (
            "BEGIN IMMEDIATE;\n"
            f"{mig.sql}\n;\n"
            f"INSERT INTO schema_migrations (version, name) VALUES ({mig.version}, '{mig.name}');\n"
            "COMMIT;"
        )
        try:
            await db.executescript(script)
        except Exception:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            # another process may have applied it meanwhile: re-read before giving up
            if await current_version(db) >= mig.version:
                continue
            raise
        version = mig.version
    return version

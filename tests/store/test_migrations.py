from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hardback_bot.store import SchemaTooNew, SqliteStore, StoreError
from hardback_bot.store.migrate import Migration, code_version, load_migrations, migrate


def test_migration_files_are_numbered_without_gaps() -> None:
    migs = load_migrations()
    assert [m.version for m in migs] == list(range(1, len(migs) + 1))
    assert code_version() == len(migs) >= 1


async def test_fresh_file_gets_schema_wal_and_foreign_keys(db_path: Path) -> None:
    store = SqliteStore(db_path)
    await store.open()
    try:
        assert store._w is not None
        fk = await store._w.execute_fetchall("PRAGMA foreign_keys")
        assert next(iter(fk))[0] == 1
        sync = await store._w.execute_fetchall("PRAGMA synchronous")
        assert next(iter(sync))[0] == 2  # FULL
    finally:
        await store.close()
    con = sqlite3.connect(db_path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"games", "seats", "moves", "timers", "results", "ratings", "guild_settings"} <= tables
    assert con.execute("SELECT MAX(version) FROM schema_migrations").fetchone()[0] == code_version()
    con.close()


async def test_reopening_is_idempotent(db_path: Path) -> None:
    for _ in range(3):
        store = SqliteStore(db_path)
        await store.open()
        await store.close()
    con = sqlite3.connect(db_path)
    assert con.execute("SELECT COUNT(*) FROM schema_migrations").fetchone()[0] == code_version()
    con.close()


async def test_newer_database_is_refused_untouched(db_path: Path) -> None:
    store = SqliteStore(db_path)
    await store.open()
    await store.close()
    con = sqlite3.connect(db_path)
    con.execute("INSERT INTO schema_migrations (version, name) VALUES (999, 'from_the_future')")
    con.commit()
    con.close()
    with pytest.raises(SchemaTooNew) as err:
        await SqliteStore(db_path).open()
    assert err.value.db_version == 999 and err.value.code_version == code_version()
    assert "upgrade" in str(err.value)


async def test_a_failing_migration_is_rolled_back_whole(db_path: Path) -> None:
    import aiosqlite

    good = load_migrations()
    bad = [*good, Migration(len(good) + 1, "broken", "CREATE TABLE half (x INTEGER); SELECT nonsense(;")]
    async with aiosqlite.connect(db_path, isolation_level=None) as db:
        with pytest.raises(sqlite3.Error):
            await migrate(db, bad)
        tables = {r[0] for r in await db.execute_fetchall("SELECT name FROM sqlite_master")}
        assert "half" not in tables and "games" in tables
        rows = await db.execute_fetchall("SELECT MAX(version) FROM schema_migrations")
        assert next(iter(rows))[0] == len(good)


def test_memory_database_is_refused() -> None:
    with pytest.raises(StoreError):
        SqliteStore(":memory:")


async def test_moves_logged_before_move_versions_have_none(db_path: Path) -> None:
    # A database from before migration 004: its logged moves get no version, so no view drawn
    # before the upgrade can count as current on their account (sessions.Sessions.still_current).
    import aiosqlite

    async with aiosqlite.connect(db_path, isolation_level=None) as db:
        await migrate(db, [m for m in load_migrations() if m.version < 4])
        await db.execute("INSERT INTO games (id, guild_id, channel_id, host_id, status, options, version,"
                         " created_at, updated_at) VALUES (1, 1, 1, 1, 'playing', '{}', 3, 0, 0)")
        await db.execute("INSERT INTO moves (game_id, seq, seat, move, created_at) VALUES (1, 1, 0, 'ink', 0)")
    store = SqliteStore(db_path)
    await store.open()
    try:
        assert [(m.move, m.version) for m in await store.get_moves(1)] == [("ink", None)]
        assert await store.moves_after_version(1, 0) == []
    finally:
        await store.close()

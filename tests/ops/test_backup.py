"""python -m hardback_bot.store backup / restore: every game, move, timer, outbox row, result, rating and setting
comes back in a new database, on SQLite and PostgreSQL and across the two; a backup taken while another
connection writes is a consistent snapshot; what cannot be restored safely is refused, changing nothing."""

from __future__ import annotations

import asyncio
import gzip
import json
import sqlite3
from pathlib import Path

import pytest
from store import pg_server
from store.conftest import Clock
from store.test_copy import GUILD, fill, snapshot

from hardback_bot.engine import Game, GameOptions, parse_move
from hardback_bot.engine.randomplay import random_move
from hardback_bot.engine.words import AcceptAll
from hardback_bot.store import Seat, SqliteStore
from hardback_bot.store.__main__ import main as cli
from hardback_bot.store.backup import read_dump
from hardback_bot.store.migrate import code_version, load_migrations
from hardback_bot.store.postgres import PostgresStore
from hardback_bot.store.postgres import migrate as migrate_postgres


async def _cli(*args: str) -> int:
    return await asyncio.to_thread(cli, list(args))


async def _expect_same(target: str, ids: dict[str, int], before: dict[str, object], clock: Clock) -> None:
    store = PostgresStore(target, clock=clock) if target.startswith("postgresql") else SqliteStore(target, clock=clock)
    await store.open()
    try:
        assert await snapshot(store, ids) == before
        fresh = await store.games.create_lobby(GUILD, 999, host_id=1, options={})
        assert fresh.id == max(ids.values()) + 1  # ids continue after the restored ones, never reused
    finally:
        await store.close()


async def test_sqlite_backup_while_another_connection_writes_restores_whole(tmp_path: Path) -> None:
    clock = Clock()
    db = str(tmp_path / "live.db")
    store = SqliteStore(db, clock=clock, synchronous="NORMAL")
    await store.open()
    try:
        ids = await fill(store, clock)
        before = await snapshot(store, ids)
        # A game that keeps moving while the backup runs, written by another connection of another store
        lobby = await store.games.create_lobby(GUILD + 1, 555, host_id=1, options=GameOptions().to_dict(),
                                               seats=[Seat(0, "ann", user_id=1), Seat(1, "bob", user_id=2)])
        game = Game.new(num_players=2, seed=9, options=GameOptions(), checker=AcceptAll())
        version = await store.games.start_game(lobby.id, lobby.version, seed=9, state=game.to_json())
        started = version
        writer = SqliteStore(db, clock=clock, synchronous="NORMAL")
        await writer.open()
        stop = asyncio.Event()

        async def keep_writing() -> int:
            nonlocal version
            rng = __import__("random").Random(9)
            done = 0
            while not stop.is_set() and not game.finished:
                seat, move = random_move(game, rng)
                game.apply(seat, move)
                version = await writer.games.commit_move(lobby.id, version, seat, str(move), game.to_json())
                done += 1
                await asyncio.sleep(0)
            return done

        task = asyncio.create_task(keep_writing())
        await asyncio.sleep(0.05)
        backup = tmp_path / "backup.db"
        assert await _cli("backup", str(backup), "--db", db) == 0
        stop.set()
        written = await task
        await writer.close()
    finally:
        await store.close()
    assert written > 0
    assert not (tmp_path / "backup.db-wal").exists()  # one self-contained file
    restored = str(tmp_path / "restored.db")
    assert await _cli("restore", str(backup), "--db", restored) == 0
    check = SqliteStore(restored, clock=clock)
    await check.open()
    try:
        for name, gid in ids.items():
            assert await check.games.get_moves(gid) == before[name][1]  # type: ignore[index]
        moving = await check.games.get_game(lobby.id)
        moves = await check.games.get_moves(lobby.id)
        # a consistent snapshot: the state saved is the one of the last logged move
        assert moving.version == started + len(moves)
        replay = Game.new(num_players=2, seed=9, options=GameOptions(), checker=AcceptAll())
        for m in moves:
            replay.apply(m.seat, parse_move(m.move))
        assert replay.to_json() == moving.state
        assert [await check.results.get_rating(GUILD, u) for u in (1, 2)] == before["ratings"]
    finally:
        await check.close()


async def test_postgres_dump_restores_into_postgres_and_into_sqlite(tmp_path: Path) -> None:
    pg_server.need_server()
    clock = Clock()
    source = await pg_server.new_database("backup_src")
    store = PostgresStore(source, clock=clock)
    await store.open()
    try:
        ids = await fill(store, clock)
        before = await snapshot(store, ids)
    finally:
        await store.close()
    dump = tmp_path / "hardback.dump"
    assert await _cli("backup", str(dump), "--db", source) == 0
    described = read_dump(str(dump))
    assert described.schema == code_version()
    assert described.rows["games"] == len(ids) and described.rows["moves"] > 100
    assert "shard_status" not in described.tables  # state of running processes is not data
    target = await pg_server.new_database("backup_dst")
    assert await _cli("restore", str(dump), "--db", target) == 0
    await _expect_same(target, ids, before, clock)
    lite = str(tmp_path / "from-postgres.db")
    assert await _cli("restore", str(dump), "--db", lite) == 0
    await _expect_same(lite, ids, before, clock)
    for db in (source, target):
        await pg_server.drop_database(db)


async def test_an_sqlite_backup_restores_into_postgres(tmp_path: Path) -> None:
    pg_server.need_server()
    clock = Clock()
    db = str(tmp_path / "live.db")
    store = SqliteStore(db, clock=clock, synchronous="NORMAL")
    await store.open()
    try:
        ids = await fill(store, clock)
        before = await snapshot(store, ids)
    finally:
        await store.close()
    backup = tmp_path / "b.db"
    assert await _cli("backup", str(backup), "--db", db) == 0
    untouched = backup.read_bytes()
    target = await pg_server.new_database("lite_to_pg")
    assert await _cli("restore", str(backup), "--db", target) == 0
    assert backup.read_bytes() == untouched  # the copy migrated a copy of the backup, not the backup
    await _expect_same(target, ids, before, clock)
    await pg_server.drop_database(target)


async def test_a_dump_of_an_older_schema_is_restored_then_migrated(tmp_path: Path) -> None:
    pg_server.need_server()
    import asyncpg

    source = await pg_server.new_database("old_schema")
    conn = await asyncpg.connect(source)
    try:
        await migrate_postgres(conn, load_migrations("postgresql")[:8])  # the code before the shard states
        await conn.execute("INSERT INTO games (guild_id, channel_id, status, options, created_at, updated_at)"
                           " VALUES (1, 2, 'lobby', '{}', 1.5, 2.5)")
    finally:
        await conn.close()
    dump = tmp_path / "old.dump"
    assert await _cli("backup", str(dump), "--db", source) == 0
    assert read_dump(str(dump)).schema == 8
    lite = str(tmp_path / "old.db")
    assert await _cli("restore", str(dump), "--db", lite) == 0
    with sqlite3.connect(lite) as db:
        assert db.execute("SELECT MAX(version) FROM schema_migrations").fetchone()[0] == code_version()
        assert db.execute("SELECT guild_id, channel_id, status, updated_at FROM games").fetchall() == [(1, 2, "lobby",
                                                                                                         2.5)]
    await pg_server.drop_database(source)


async def test_what_cannot_be_restored_is_refused_and_nothing_changes(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    clock = Clock()
    db = str(tmp_path / "live.db")
    store = SqliteStore(db, clock=clock, synchronous="NORMAL")
    await store.open()
    try:
        await store.games.create_lobby(GUILD, 1, host_id=1, options={})
    finally:
        await store.close()
    backup = tmp_path / "b.db"
    assert await _cli("backup", str(backup), "--db", db) == 0
    capsys.readouterr()
    # into a database that already holds one
    other = tmp_path / "other.db"
    assert await _cli("backup", str(other), "--db", db) == 0
    before = other.read_bytes()
    assert await _cli("restore", str(backup), "--db", str(other)) == 1
    assert "already holds a database" in capsys.readouterr().err
    assert other.read_bytes() == before
    # a file that is no backup, and a dump cut short
    (tmp_path / "notes.txt").write_text("hello")
    assert await _cli("restore", str(tmp_path / "notes.txt"), "--db", str(tmp_path / "n.db")) == 1
    assert "neither an SQLite backup nor a Hardback dump" in capsys.readouterr().err
    header = {"format": "hardback-dump", "version": 1, "schema": code_version(), "tables": {"games": ["id"]}}
    with gzip.open(tmp_path / "cut.dump", "wt") as fh:
        fh.write(json.dumps(header) + "\n" + json.dumps({"table": "games"}) + "\n[1]\n")
    assert await _cli("restore", str(tmp_path / "cut.dump"), "--db", str(tmp_path / "c.db")) == 1
    assert "incomplete" in capsys.readouterr().err
    assert not (tmp_path / "c.db").exists()
    # a dump written by newer code
    newer = dict(header, schema=code_version() + 1, tables={})
    with gzip.open(tmp_path / "new.dump", "wt") as fh:
        fh.write(json.dumps(newer) + "\n" + json.dumps({"complete": True, "rows": {}}) + "\n")
    assert await _cli("restore", str(tmp_path / "new.dump"), "--db", str(tmp_path / "x.db")) == 1
    assert "upgrade the bot" in capsys.readouterr().err
    assert not (tmp_path / "x.db").exists()
    # no database to back up
    assert await _cli("backup", str(tmp_path / "y.db"), "--db", str(tmp_path / "missing.db")) == 1
    assert "no SQLite database" in capsys.readouterr().err

from __future__ import annotations

import asyncio

import pytest

from hardback_bot.store import (
    ChannelBusy,
    GameNotFound,
    InvalidRecord,
    Seat,
    SqliteStore,
    StaleVersion,
    Store,
    WrongStatus,
)

from .conftest import Backend, Clock, humans, playing_game


def test_both_stores_implement_the_interface() -> None:
    from hardback_bot.store.postgres import PostgresStore

    assert issubclass(SqliteStore, Store) and issubclass(PostgresStore, Store)
    abstract = {n for n, v in vars(Store).items() if getattr(v, "__isabstractmethod__", False)}
    for cls in (SqliteStore, PostgresStore):
        assert not {n for n in abstract if getattr(getattr(cls, n), "__isabstractmethod__", False)}, cls


def test_interface_modules_import_no_database_driver() -> None:
    import ast
    import importlib
    import pkgutil

    import hardback_bot.store.core as core
    import hardback_bot.store.models as models
    import hardback_bot.store.rooms as rooms
    import hardback_bot.store.settings as settings
    import hardback_bot.store.sql as sql

    room_modules = [importlib.import_module(f"{rooms.__name__}.{m.name}") for m in pkgutil.iter_modules(rooms.__path__)]
    assert len(room_modules) >= 8
    for mod in (core, models, settings, sql, *room_modules):  # the queries know SQL, not a driver
        tree = ast.parse(open(mod.__file__, encoding="utf-8").read())  # noqa: SIM115
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not {m for m in imported if "sqlite" in m or "asyncpg" in m}, mod.__name__


async def test_lobby_lifecycle(store: Store, clock: Clock) -> None:
    game = await store.games.create_lobby(10, 1, host_id=100, options={"length": 60}, seats=humans("ann"))
    assert (game.status, game.version, game.state, game.seed) == ("lobby", 0, None, None)
    assert game.seats == (Seat(0, "ann", user_id=100),)
    clock.advance(5)
    seats = [*humans("ann"), Seat(1, "Bot (hard)", ai_strength=3)]
    v = await store.games.update_lobby(game.id, 0, seats=seats, options={"length": 90})
    assert v == 1
    got = await store.games.get_game(game.id)
    assert got.seats == tuple(seats) and got.options == {"length": 90} and got.updated_at == clock.now
    assert not got.seats[1].is_human and got.seats[1].is_computer_controlled
    v = await store.games.start_game(game.id, v, seed=7, state='{"s":0}')
    got = await store.games.get_game(game.id)
    assert (got.status, got.version, got.seed, got.state) == ("playing", 2, 7, '{"s":0}')


async def test_one_running_game_per_channel(store: Store) -> None:
    game = await store.games.create_lobby(10, 1, host_id=1, options={})
    with pytest.raises(ChannelBusy) as err:
        await store.games.create_lobby(10, 1, host_id=2, options={})
    assert err.value.game_id == game.id
    assert (await store.games.running_game_in_channel(1)).id == game.id  # type: ignore[union-attr]
    await store.games.abandon_game(game.id)
    assert await store.games.running_game_in_channel(1) is None
    again = await store.games.create_lobby(10, 1, host_id=2, options={})
    assert again.id != game.id


async def test_moves_append_with_state_and_version(store: Store) -> None:
    gid, v = await playing_game(store)
    v = await store.games.commit_move(gid, v, 0, "spell 1 2", "s1")
    v = await store.games.commit_moves(gid, v, [(0, "buy 3"), (0, "end")], "s3")
    game = await store.games.get_game(gid)
    assert (game.state, game.version, game.move_count) == ("s3", v, 3)
    moves = await store.games.get_moves(gid)
    assert [(m.seq, m.seat, m.move) for m in moves] == [(1, 0, "spell 1 2"), (2, 0, "buy 3"), (3, 0, "end")]
    assert [m.seq for m in await store.games.get_moves(gid, after_seq=2)] == [3]


async def test_moves_record_the_version_their_commit_produced(store: Store) -> None:
    # Sessions ask what was committed since a view was drawn (another player's ink keeps it current).
    gid, v0 = await playing_game(store)
    v1 = await store.games.commit_move(gid, v0, 0, "ink", "s1")
    v2 = await store.games.commit_moves(gid, v1, [(1, "spell 1 2"), (1, "end")], "s3")
    assert [(m.move, m.version) for m in await store.games.get_moves(
        gid)] == [("ink", v1), ("spell 1 2", v2), ("end", v2)]
    assert [m.move for m in await store.games.moves_after_version(gid, v0)] == ["ink", "spell 1 2", "end"]
    assert [m.move for m in await store.games.moves_after_version(gid, v1)] == ["spell 1 2", "end"]
    assert await store.games.moves_after_version(gid, v2) == []


async def test_stale_writer_fails_cleanly(store: Store) -> None:
    gid, v = await playing_game(store)
    await store.games.commit_move(gid, v, 0, "a", "s1")
    with pytest.raises(StaleVersion) as err:
        await store.games.commit_move(gid, v, 1, "b", "WRONG")
    assert (err.value.expected, err.value.actual) == (v, v + 1)
    game = await store.games.get_game(gid)
    assert game.state == "s1" and [m.move for m in await store.games.get_moves(gid)] == ["a"]


async def test_concurrent_commits_one_wins(store: Store) -> None:
    gid, v = await playing_game(store)
    outcomes = await asyncio.gather(
        *(store.games.commit_move(gid, v, i % 2, f"m{i}", f"s{i}") for i in range(8)), return_exceptions=True
    )
    wins = [o for o in outcomes if isinstance(o, int)]
    assert wins == [v + 1]
    assert all(isinstance(o, StaleVersion) for o in outcomes if not isinstance(o, int))
    assert len(await store.games.get_moves(gid)) == 1


async def test_two_store_instances_on_one_database(store: Store, backend: Backend) -> None:
    gid, v = await playing_game(store)
    other = await backend.open()
    try:
        await other.games.commit_move(gid, v, 0, "x", "sx")
        with pytest.raises(StaleVersion):
            await store.games.commit_move(gid, v, 0, "y", "sy")
        assert (await store.games.get_game(gid)).state == "sx"
    finally:
        await other.close()


async def test_status_guards(store: Store) -> None:
    game = await store.games.create_lobby(10, 1, host_id=1, options={}, seats=humans("a"))
    with pytest.raises(WrongStatus):
        await store.games.commit_move(game.id, 0, 0, "m", "s")
    v = await store.games.start_game(game.id, 0, seed=1, state="s0")
    with pytest.raises(WrongStatus):
        await store.games.start_game(game.id, v, seed=1, state="s0")
    with pytest.raises(WrongStatus):
        await store.games.update_lobby(game.id, v, options={})
    v = await store.games.commit_move(game.id, v, 0, "last", "sf", finished=True)
    finished = await store.games.get_game(game.id)
    assert finished.status == "finished" and finished.finished_at is not None
    with pytest.raises(WrongStatus):
        await store.games.commit_move(game.id, v, 0, "after", "s")
    with pytest.raises(WrongStatus):
        await store.games.abandon_game(game.id)
    with pytest.raises(GameNotFound):
        await store.games.get_game(12345)
    with pytest.raises(GameNotFound):
        await store.games.commit_move(12345, 0, 0, "m", "s")


async def test_validation(store: Store) -> None:
    with pytest.raises(InvalidRecord):
        await store.games.create_lobby(1, 1, host_id=1, options={}, seats=[Seat(1, "gap", user_id=5)])
    with pytest.raises(InvalidRecord):
        await store.games.create_lobby(1, 1, host_id=1, options={}, seats=[Seat(0, "a", 5), Seat(1, "b", 5)])
    with pytest.raises(InvalidRecord):
        await store.games.create_lobby(1, 1, host_id=1, options={}, seats=[Seat(0, "nobody")])
    game = await store.games.create_lobby(1, 1, host_id=1, options={})
    with pytest.raises(InvalidRecord):
        await store.games.start_game(game.id, 0, seed=1, state="s")  # no seats
    assert (await store.games.get_game(game.id)).status == "lobby"  # rolled back
    gid, v = await playing_game(store, channel=2)
    with pytest.raises(InvalidRecord):
        await store.games.commit_moves(gid, v, [], "s")
    assert (await store.games.get_game(gid)).version == v


async def test_seat_takeover_and_messages(store: Store) -> None:
    gid, v = await playing_game(store)
    v2 = await store.games.replace_seat(gid, v, Seat(1, "bob (bot)", user_id=101, ai_strength=2))
    assert v2 == v + 1
    game = await store.games.get_game(gid)
    assert game.seats[1].is_human and game.seats[1].is_computer_controlled
    await store.messages.set_message(gid, "table", 555)
    await store.messages.set_message(gid, "table", 556)
    await store.messages.set_message(gid, "thread", 777, channel_id=888)
    assert (await store.games.get_game(gid)).messages == {"table": 556, "thread": 777}
    await store.messages.clear_message(gid, "thread")
    assert (await store.games.get_game(gid)).messages == {"table": 556}
    assert (await store.games.get_game(gid)).version == v2  # messages are not game state


async def test_state_is_stored_exactly(store: Store) -> None:
    gid, v = await playing_game(store)
    odd = '{"b": 1,  "a": "é\\u00e9\\n",\t"z": [1e3]}'
    await store.games.commit_move(gid, v, 0, "spell 1=É 2", odd)
    game = await store.games.get_game(gid)
    assert game.state == odd
    assert (await store.games.get_moves(gid))[0].move == "spell 1=É 2"


async def test_a_writer_locked_out_too_long_gets_store_busy(store: Store, backend: Backend) -> None:
    from hardback_bot.store import StoreBusy

    gid, v = await playing_game(store)
    other = await backend.open(busy_timeout_ms=50)
    # Another process holds the lock a commit of this game needs: SQLite's one write lock, PostgreSQL's
    # lock on the game's row.
    if backend.is_postgres:
        import asyncpg

        blocker = await asyncpg.connect(backend.target)
        await blocker.execute("BEGIN")
        await blocker.execute("SELECT * FROM games WHERE id = $1 FOR UPDATE", gid)
        release = blocker.execute("ROLLBACK")
    else:
        import sqlite3

        lite = sqlite3.connect(backend.target, isolation_level=None)
        lite.execute("BEGIN IMMEDIATE")

        async def rollback() -> None:
            lite.execute("ROLLBACK")

        release = rollback()
    try:
        with pytest.raises(StoreBusy):
            await other.games.commit_move(gid, v, 0, "m", "s")
        await release
        assert await other.games.commit_move(gid, v, 0, "m", "s") == v + 1
        assert [m.move for m in await store.games.get_moves(gid)] == ["m"]
    finally:
        if backend.is_postgres:
            await blocker.close()
        else:
            lite.close()
        await other.close()


def test_importing_the_store_does_not_import_the_engine() -> None:
    import subprocess
    import sys

    code = (
        "import sys, hardback_bot.store, hardback_bot.store.export, hardback_bot.store.results; "
        "assert not [m for m in sys.modules if m.startswith('hardback_bot.engine')]"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_unknown_synchronous_level_or_an_empty_pool_is_refused(tmp_path) -> None:
    from hardback_bot.store import StoreError
    from hardback_bot.store.postgres import PostgresStore

    with pytest.raises(StoreError):
        SqliteStore(tmp_path / "x.db", synchronous="sometimes")  # type: ignore[arg-type]
    with pytest.raises(StoreError):
        PostgresStore("postgresql://localhost/x", pool_size=0)

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

from .conftest import Clock, humans, playing_game


def test_sqlite_store_implements_the_interface() -> None:
    assert issubclass(SqliteStore, Store)


def test_interface_modules_import_no_database_driver() -> None:
    import ast

    import hardback_bot.store.base as base
    import hardback_bot.store.models as models
    import hardback_bot.store.settings as settings

    for mod in (base, models, settings):
        tree = ast.parse(open(mod.__file__, encoding="utf-8").read())  # noqa: SIM115
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not {m for m in imported if "sqlite" in m}, mod.__name__


async def test_lobby_lifecycle(store: SqliteStore, clock: Clock) -> None:
    game = await store.create_lobby(10, 1, host_id=100, options={"length": 60}, seats=humans("ann"))
    assert (game.status, game.version, game.state, game.seed) == ("lobby", 0, None, None)
    assert game.seats == (Seat(0, "ann", user_id=100),)
    clock.advance(5)
    seats = [*humans("ann"), Seat(1, "Bot (hard)", ai_strength=3)]
    v = await store.update_lobby(game.id, 0, seats=seats, options={"length": 90})
    assert v == 1
    got = await store.get_game(game.id)
    assert got.seats == tuple(seats) and got.options == {"length": 90} and got.updated_at == clock.now
    assert not got.seats[1].is_human and got.seats[1].is_computer_controlled
    v = await store.start_game(game.id, v, seed=7, state='{"s":0}')
    got = await store.get_game(game.id)
    assert (got.status, got.version, got.seed, got.state) == ("playing", 2, 7, '{"s":0}')


async def test_one_running_game_per_channel(store: SqliteStore) -> None:
    game = await store.create_lobby(10, 1, host_id=1, options={})
    with pytest.raises(ChannelBusy) as err:
        await store.create_lobby(10, 1, host_id=2, options={})
    assert err.value.game_id == game.id
    assert (await store.running_game_in_channel(1)).id == game.id  # type: ignore[union-attr]
    await store.abandon_game(game.id)
    assert await store.running_game_in_channel(1) is None
    again = await store.create_lobby(10, 1, host_id=2, options={})
    assert again.id != game.id


async def test_moves_append_with_state_and_version(store: SqliteStore) -> None:
    gid, v = await playing_game(store)
    v = await store.commit_move(gid, v, 0, "spell 1 2", "s1")
    v = await store.commit_moves(gid, v, [(0, "buy 3"), (0, "end")], "s3")
    game = await store.get_game(gid)
    assert (game.state, game.version, game.move_count) == ("s3", v, 3)
    moves = await store.get_moves(gid)
    assert [(m.seq, m.seat, m.move) for m in moves] == [(1, 0, "spell 1 2"), (2, 0, "buy 3"), (3, 0, "end")]
    assert [m.seq for m in await store.get_moves(gid, after_seq=2)] == [3]


async def test_moves_record_the_version_their_commit_produced(store: SqliteStore) -> None:
    # Sessions ask what was committed since a view was drawn (another player's ink keeps it current).
    gid, v0 = await playing_game(store)
    v1 = await store.commit_move(gid, v0, 0, "ink", "s1")
    v2 = await store.commit_moves(gid, v1, [(1, "spell 1 2"), (1, "end")], "s3")
    assert [(m.move, m.version) for m in await store.get_moves(gid)] == [("ink", v1), ("spell 1 2", v2), ("end", v2)]
    assert [m.move for m in await store.moves_after_version(gid, v0)] == ["ink", "spell 1 2", "end"]
    assert [m.move for m in await store.moves_after_version(gid, v1)] == ["spell 1 2", "end"]
    assert await store.moves_after_version(gid, v2) == []


async def test_stale_writer_fails_cleanly(store: SqliteStore) -> None:
    gid, v = await playing_game(store)
    await store.commit_move(gid, v, 0, "a", "s1")
    with pytest.raises(StaleVersion) as err:
        await store.commit_move(gid, v, 1, "b", "WRONG")
    assert (err.value.expected, err.value.actual) == (v, v + 1)
    game = await store.get_game(gid)
    assert game.state == "s1" and [m.move for m in await store.get_moves(gid)] == ["a"]


async def test_concurrent_commits_one_wins(store: SqliteStore) -> None:
    gid, v = await playing_game(store)
    outcomes = await asyncio.gather(
        *(store.commit_move(gid, v, i % 2, f"m{i}", f"s{i}") for i in range(8)), return_exceptions=True
    )
    wins = [o for o in outcomes if isinstance(o, int)]
    assert wins == [v + 1]
    assert all(isinstance(o, StaleVersion) for o in outcomes if not isinstance(o, int))
    assert len(await store.get_moves(gid)) == 1


async def test_two_store_instances_on_one_file(store: SqliteStore, db_path, clock: Clock) -> None:
    gid, v = await playing_game(store)
    other = SqliteStore(db_path, clock=clock, synchronous="NORMAL")
    await other.open()
    try:
        await other.commit_move(gid, v, 0, "x", "sx")
        with pytest.raises(StaleVersion):
            await store.commit_move(gid, v, 0, "y", "sy")
        assert (await store.get_game(gid)).state == "sx"
    finally:
        await other.close()


async def test_status_guards(store: SqliteStore) -> None:
    game = await store.create_lobby(10, 1, host_id=1, options={}, seats=humans("a"))
    with pytest.raises(WrongStatus):
        await store.commit_move(game.id, 0, 0, "m", "s")
    v = await store.start_game(game.id, 0, seed=1, state="s0")
    with pytest.raises(WrongStatus):
        await store.start_game(game.id, v, seed=1, state="s0")
    with pytest.raises(WrongStatus):
        await store.update_lobby(game.id, v, options={})
    v = await store.commit_move(game.id, v, 0, "last", "sf", finished=True)
    finished = await store.get_game(game.id)
    assert finished.status == "finished" and finished.finished_at is not None
    with pytest.raises(WrongStatus):
        await store.commit_move(game.id, v, 0, "after", "s")
    with pytest.raises(WrongStatus):
        await store.abandon_game(game.id)
    with pytest.raises(GameNotFound):
        await store.get_game(12345)
    with pytest.raises(GameNotFound):
        await store.commit_move(12345, 0, 0, "m", "s")


async def test_validation(store: SqliteStore) -> None:
    with pytest.raises(InvalidRecord):
        await store.create_lobby(1, 1, host_id=1, options={}, seats=[Seat(1, "gap", user_id=5)])
    with pytest.raises(InvalidRecord):
        await store.create_lobby(1, 1, host_id=1, options={}, seats=[Seat(0, "a", 5), Seat(1, "b", 5)])
    with pytest.raises(InvalidRecord):
        await store.create_lobby(1, 1, host_id=1, options={}, seats=[Seat(0, "nobody")])
    game = await store.create_lobby(1, 1, host_id=1, options={})
    with pytest.raises(InvalidRecord):
        await store.start_game(game.id, 0, seed=1, state="s")  # no seats
    assert (await store.get_game(game.id)).status == "lobby"  # rolled back
    gid, v = await playing_game(store, channel=2)
    with pytest.raises(InvalidRecord):
        await store.commit_moves(gid, v, [], "s")
    assert (await store.get_game(gid)).version == v


async def test_seat_takeover_and_messages(store: SqliteStore) -> None:
    gid, v = await playing_game(store)
    v2 = await store.replace_seat(gid, v, Seat(1, "bob (bot)", user_id=101, ai_strength=2))
    assert v2 == v + 1
    game = await store.get_game(gid)
    assert game.seats[1].is_human and game.seats[1].is_computer_controlled
    await store.set_message(gid, "table", 555)
    await store.set_message(gid, "table", 556)
    await store.set_message(gid, "thread", 777, channel_id=888)
    assert (await store.get_game(gid)).messages == {"table": 556, "thread": 777}
    await store.clear_message(gid, "thread")
    assert (await store.get_game(gid)).messages == {"table": 556}
    assert (await store.get_game(gid)).version == v2  # messages are not game state


async def test_state_is_stored_exactly(store: SqliteStore) -> None:
    gid, v = await playing_game(store)
    odd = '{"b": 1,  "a": "é\\u00e9\\n",\t"z": [1e3]}'
    await store.commit_move(gid, v, 0, "spell 1=É 2", odd)
    game = await store.get_game(gid)
    assert game.state == odd
    assert (await store.get_moves(gid))[0].move == "spell 1=É 2"


async def test_a_writer_locked_out_too_long_gets_store_busy(store: SqliteStore, db_path, clock: Clock) -> None:
    import sqlite3

    from hardback_bot.store import StoreBusy

    gid, v = await playing_game(store)
    other = SqliteStore(db_path, clock=clock, busy_timeout_ms=50)
    await other.open()
    blocker = sqlite3.connect(db_path, isolation_level=None)
    try:
        blocker.execute("BEGIN IMMEDIATE")
        with pytest.raises(StoreBusy):
            await other.commit_move(gid, v, 0, "m", "s")
        blocker.execute("ROLLBACK")
        assert await other.commit_move(gid, v, 0, "m", "s") == v + 1
    finally:
        blocker.close()
        await other.close()


def test_importing_the_store_does_not_import_the_engine() -> None:
    import subprocess
    import sys

    code = (
        "import sys, hardback_bot.store, hardback_bot.store.export, hardback_bot.store.results; "
        "assert not [m for m in sys.modules if m.startswith('hardback_bot.engine')]"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_unknown_synchronous_level_is_refused(db_path) -> None:
    from hardback_bot.store import StoreError

    with pytest.raises(StoreError):
        SqliteStore(db_path, synchronous="sometimes")  # type: ignore[arg-type]

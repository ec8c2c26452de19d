"""Every store test runs twice: on SQLite (a temporary file) and on PostgreSQL (a database of its own on a
real server that the test run starts, tests/store/pg_server.py). Tests take ``store`` (opened, on one of
the two) or ``backend`` (to open more stores on the same database)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hardback_bot.store import Seat, SqliteStore, Store
from hardback_bot.store.sql import SqlStore

from . import pg_server

BACKENDS = ("sqlite", "postgres")


class Clock:
    """A settable clock so tests control lobby ages and timer deadlines."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Backend:
    """One database of one kind; :meth:`open` gives another store on it (another process, say)."""

    name: str
    target: str  # the SQLite file, or the PostgreSQL connection string
    clock: Clock

    @property
    def is_postgres(self) -> bool:
        return self.name == "postgres"

    def new(self, **kwargs: Any) -> SqlStore:
        kwargs.setdefault("clock", self.clock)
        if self.is_postgres:
            from hardback_bot.store.postgres import PostgresStore

            kwargs.pop("synchronous", None)
            return PostgresStore(self.target, **kwargs)
        # NORMAL keeps the unit tests quick on slow disks; durability at FULL is what the bench measures.
        kwargs.setdefault("synchronous", "NORMAL")
        return SqliteStore(self.target, **kwargs)

    async def open(self, **kwargs: Any) -> SqlStore:
        store = self.new(**kwargs)
        await store.open()
        return store


async def make_backend(name: str, tmp_path: Path, clock: Clock) -> AsyncIterator[Backend]:
    if name == "postgres":
        pg_server.need_server()
        dsn = await pg_server.new_database()
        try:
            yield Backend(name, dsn, clock)
        finally:
            await pg_server.drop_database(dsn)
    else:
        yield Backend(name, str(tmp_path / "store.db"), clock)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path, clock: Clock) -> AsyncIterator[Backend]:
    async for b in make_backend(request.param, tmp_path, clock):
        yield b


@pytest.fixture
async def store(backend: Backend) -> AsyncIterator[SqlStore]:
    s = await backend.open()
    try:
        yield s
    finally:
        await s.close()


def humans(*names: str, first_user: int = 100) -> list[Seat]:
    return [Seat(i, name, user_id=first_user + i) for i, name in enumerate(names)]


async def playing_game(
    store: Store, *, channel: int = 1, guild: int = 10, seats: list[Seat] | None = None
) -> tuple[int, int]:
    """A started game with plain-string state: (game id, version)."""
    game = await store.games.create_lobby(guild, channel, host_id=100, options={"length": 60})
    version = await store.games.update_lobby(game.id, game.version, seats=seats or humans("ann", "bob"))
    version = await store.games.start_game(game.id, version, seed=42, state="s0")
    return game.id, version

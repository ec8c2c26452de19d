from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from hardback_bot.store import Seat, SqliteStore


class Clock:
    """A settable clock so tests control lobby ages and timer deadlines."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "store.db"


@pytest.fixture
async def store(db_path: Path, clock: Clock) -> AsyncIterator[SqliteStore]:
    # NORMAL keeps the unit tests quick on slow disks; durability at FULL is what the bench measures.
    s = SqliteStore(db_path, clock=clock, synchronous="NORMAL")
    await s.open()
    try:
        yield s
    finally:
        await s.close()


def humans(*names: str, first_user: int = 100) -> list[Seat]:
    return [Seat(i, name, user_id=first_user + i) for i, name in enumerate(names)]


async def playing_game(
    store: SqliteStore, *, channel: int = 1, guild: int = 10, seats: list[Seat] | None = None
) -> tuple[int, int]:
    """A started game with plain-string state: (game id, version)."""
    game = await store.create_lobby(guild, channel, host_id=100, options={"length": 60})
    version = await store.update_lobby(game.id, game.version, seats=seats or humans("ann", "bob"))
    version = await store.start_game(game.id, version, seed=42, state="s0")
    return game.id, version

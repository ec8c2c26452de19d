"""Persistence for Hardback: games and their move logs, timers, results, ratings, leaderboards and guild
settings. The bot codes against :class:`Store`; :func:`open_store` gives the SQLite implementation.

See docs/store.md.
"""

from __future__ import annotations

import os

from .base import Store
from .errors import (
    ChannelBusy,
    GameNotFound,
    InvalidRecord,
    SchemaTooNew,
    StaleVersion,
    StoreBusy,
    StoreError,
    WrongStatus,
)
from .models import (
    CoopResult,
    Delivery,
    GameOutcome,
    GameRecord,
    LeaderboardEntry,
    ModeTotals,
    Move,
    PanelToken,
    PlayerResult,
    PlayerStats,
    Rating,
    ResumeInfo,
    Seat,
    StoredResult,
    Timer,
)
from .settings import GuildSettings
from .sqlite import SqliteStore

DEFAULT_DB_PATH = "data/hardback.db"
DB_PATH_ENV = "HARDBACK_DB"


def db_path_from_env(default: str = DEFAULT_DB_PATH) -> str:
    """The database file: ``$HARDBACK_DB`` or ``data/hardback.db`` (the bot's config may pass its own)."""
    return os.environ.get(DB_PATH_ENV) or default


async def open_store(path: str | os.PathLike[str] | None = None, **kwargs: object) -> Store:
    """Open (creating and migrating as needed) the SQLite store at ``path``."""
    target = os.fspath(path) if path is not None else db_path_from_env()
    parent = os.path.dirname(target)
    if parent:
        os.makedirs(parent, exist_ok=True)
    store = SqliteStore(target, **kwargs)  # type: ignore[arg-type]
    await store.open()
    return store


__all__ = [
    "DB_PATH_ENV",
    "DEFAULT_DB_PATH",
    "ChannelBusy",
    "CoopResult",
    "Delivery",
    "GameNotFound",
    "GameOutcome",
    "GameRecord",
    "GuildSettings",
    "InvalidRecord",
    "LeaderboardEntry",
    "ModeTotals",
    "Move",
    "PanelToken",
    "PlayerResult",
    "PlayerStats",
    "Rating",
    "ResumeInfo",
    "SchemaTooNew",
    "Seat",
    "SqliteStore",
    "StaleVersion",
    "Store",
    "StoreBusy",
    "StoreError",
    "StoredResult",
    "Timer",
    "WrongStatus",
    "db_path_from_env",
    "open_store",
]

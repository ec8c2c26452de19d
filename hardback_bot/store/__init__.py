"""Persistence for Hardback: games and their move logs, timers, results, ratings, leaderboards and guild
settings. The bot codes against :class:`Store`; :func:`open_store` gives the SQLite implementation for a
file path and the PostgreSQL one for a ``postgresql://`` connection string.

See docs/store.md.
"""

from __future__ import annotations

import os
import sqlite3
from typing import Any

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
    COACH_MODES,
    ORIGINAL,
    PLACES,
    CoachMode,
    CoopResult,
    Delivery,
    GameOutcome,
    GameRecord,
    GameToken,
    LeaderboardEntry,
    MessageHandle,
    ModeTotals,
    PanelToken,
    Place,
    PlayerResult,
    PlayerSettings,
    PlayerStats,
    Rating,
    ResumeInfo,
    Seat,
    SeatChange,
    Shards,
    StoredMove,
    StoredResult,
    Timer,
)
from .payloads import (
    AlertDue,
    AnnounceNotes,
    CloseGhostThread,
    DeadlineReminder,
    Due,
    OpenGhostThread,
    Outgoing,
    PostResults,
    PostSuggestion,
    TurnAlert,
    TurnDeadline,
    Unreadable,
    VoteDeadline,
)
from .settings import GuildSettings
from .sql import Store
from .sqlite import SqliteStore

DEFAULT_DB_PATH = "data/hardback.db"
DB_PATH_ENV = "HARDBACK_DB"


POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def db_path_from_env(default: str = DEFAULT_DB_PATH) -> str:
    """The database: ``$HARDBACK_DB`` or ``data/hardback.db`` (the bot's config may pass its own)."""
    return os.environ.get(DB_PATH_ENV) or default


def is_postgres(target: str | os.PathLike[str]) -> bool:
    return os.fspath(target).startswith(POSTGRES_SCHEMES)


async def open_store(
    path: str | os.PathLike[str] | None = None, *, pool_size: int | None = None, **kwargs: Any
) -> Store:
    """Open (creating and migrating as needed) the store at ``path``: an SQLite file, or a PostgreSQL
    server for a ``postgresql://user:password@host:port/database`` connection string (``pool_size``
    connections at most; SQLite ignores it). Other keywords go to the store's constructor."""
    target = os.fspath(path) if path is not None else db_path_from_env()
    store: Store
    if is_postgres(target):
        from .postgres import PostgresStore

        store = PostgresStore(target, **({"pool_size": pool_size} if pool_size else {}), **kwargs)
    else:
        try:
            parent = os.path.dirname(target)
            if parent:
                os.makedirs(parent, exist_ok=True)
            store = SqliteStore(target, **kwargs)
            await store.open()
        except (OSError, sqlite3.Error) as error:  # a folder that cannot be made, a file not writable…
            raise StoreError(f"cannot open the SQLite database {target!r} ({error}): set {DB_PATH_ENV} to a "
                             "file in a folder this user may write to") from error
        return store
    await store.open()
    return store


__all__ = [
    "COACH_MODES",
    "DB_PATH_ENV",
    "DEFAULT_DB_PATH",
    "ORIGINAL",
    "PLACES",
    "AlertDue",
    "AnnounceNotes",
    "ChannelBusy",
    "CloseGhostThread",
    "CoachMode",
    "CoopResult",
    "DeadlineReminder",
    "Delivery",
    "Due",
    "GameNotFound",
    "GameOutcome",
    "GameRecord",
    "GameToken",
    "GuildSettings",
    "InvalidRecord",
    "LeaderboardEntry",
    "MessageHandle",
    "ModeTotals",
    "OpenGhostThread",
    "Outgoing",
    "PanelToken",
    "Place",
    "PlayerResult",
    "PlayerSettings",
    "PlayerStats",
    "PostResults",
    "PostSuggestion",
    "Rating",
    "ResumeInfo",
    "SchemaTooNew",
    "Seat",
    "SeatChange",
    "Shards",
    "SqliteStore",
    "StaleVersion",
    "Store",
    "StoreBusy",
    "StoreError",
    "StoredMove",
    "StoredResult",
    "Timer",
    "TurnAlert",
    "TurnDeadline",
    "Unreadable",
    "VoteDeadline",
    "WrongStatus",
    "db_path_from_env",
    "is_postgres",
    "open_store",
]

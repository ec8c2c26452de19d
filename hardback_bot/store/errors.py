"""Exceptions of the store. Callers catch these, never a driver's own errors (sqlite3, asyncpg …)."""

from __future__ import annotations


class StoreError(Exception):
    """Base class of every error the store raises on purpose."""


class SchemaTooNew(StoreError):
    """The database was written by a newer version of the bot than this code: refuse to touch it."""

    def __init__(self, db_version: int, code_version: int) -> None:
        super().__init__(
            f"the database schema is version {db_version} but this code knows only up to {code_version}; "
            "upgrade the bot (or point it at another database file) — nothing was changed"
        )
        self.db_version = db_version
        self.code_version = code_version


class GameNotFound(StoreError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"no game with id {game_id}")
        self.game_id = game_id


class StaleVersion(StoreError):
    """Optimistic-concurrency failure: the game changed since the caller read it.

    Nothing was written. Reload the game and retry the action against the new state, or tell the user.
    """

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id} is at version {actual}, not the expected {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class WrongStatus(StoreError):
    """The action does not fit the game's status (a move in a finished game, starting a started game …)."""

    def __init__(self, game_id: int, status: str, wanted: str) -> None:
        super().__init__(f"game {game_id} is {status}; this needs it {wanted}")
        self.game_id = game_id
        self.status = status
        self.wanted = wanted


class ChannelBusy(StoreError):
    """The channel already has a game in its lobby or in play (one game per channel)."""

    def __init__(self, channel_id: int, game_id: int | None) -> None:
        super().__init__(f"channel {channel_id} already has a running game ({game_id})")
        self.channel_id = channel_id
        self.game_id = game_id


class InvalidRecord(StoreError, ValueError):
    """A value handed to the store fails validation (guild settings, seats, results …)."""


class StoreBusy(StoreError):
    """The database stayed locked by another writer for longer than the busy timeout. Nothing was written;
    the action may be retried."""

"""Every query of the store, written once for SQLite and PostgreSQL, in rooms by what they serve.

:class:`SqlStore` is the store: a :class:`~.core.StoreCore` (transactions, locking, the clock) that holds one
object per room as a named attribute — ``store.games.get_moves(game_id)`` is :meth:`.rooms.games.GamesRoom.get_moves`.
The rooms, each in :mod:`.rooms` under its attribute's name (and :mod:`.daily`): ``games`` (lobbies, games, seats,
move logs), ``messages`` (the game's Discord messages), ``outbox`` (deliveries), ``timers`` (and the heartbeat),
``results`` (results, ratings, leaderboards), ``seasons``, ``recovery`` (after a restart), ``panels`` (private
panels' tokens), ``handles`` (group DM interaction tokens), ``operations`` (health, shard statuses, meta),
``settings`` (a guild's), ``players`` (a player's settings and agreements), ``player_games`` (``/hardback games``),
``privacy`` (a player's own data and its erasure), ``retention`` (pruning old move logs), ``seat_holders`` (who
held a seat, seat offers), ``vacations`` and ``daily``. A room gets the core and, when one of its writes also
writes another room's tables, that room: it passes the open connection, so the write stays one transaction (a
finishing move's state, log, timers, outbox rows and results commit together). The two databases
(:mod:`.sqlite`, :mod:`.postgres`) only connect, open transactions and lock. To add a query, write it in its room
with ``?`` placeholders (the PostgreSQL connection numbers them
``$1, $2 …``; never put a ``?`` inside a string literal) and a test in ``tests/store`` — every store test runs on
both databases.

Portable SQL, as used in the rooms: ``RETURNING`` instead of ``lastrowid``; ``CASE`` instead of the two-argument
``MAX``/``GREATEST``; ``CAST(x AS DOUBLE PRECISION)`` for real division; in an upsert's ``DO UPDATE``,
existing columns qualified with the table name (``player_totals.games + 1``: PostgreSQL finds a bare name
ambiguous); ``x IS NULL`` / ``x = ?`` chosen in Python instead of SQLite's ``IS ?``.

Locking: every write that changes a game first reads its row with :attr:`~.core.StoreCore.lock_row` (``FOR
UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` already holds the database's one write lock), so two
processes writing one game are serialised on that row and the later one sees the new version
(``StaleVersion``).

Conventions: ids are Discord snowflakes (int); times are Unix seconds (float); the engine state is an opaque JSON
string stored exactly as given; every write that changes a game is guarded by the version the caller read
(optimistic concurrency) and raises :class:`~.errors.StaleVersion` instead of overwriting.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .core import Conn, StoreCore, dumps, marks, shard_filter, validate_seats, validate_timers
from .daily import DailyRoom
from .models import Shards
from .rooms.games import GamesRoom
from .rooms.handles import HandlesRoom
from .rooms.messages import MessagesRoom
from .rooms.operations import OperationsRoom
from .rooms.outbox import OutboxRoom
from .rooms.panels import PanelsRoom
from .rooms.player_games import PlayerGamesRoom
from .rooms.players import PlayersRoom
from .rooms.privacy import PrivacyRoom
from .rooms.recovery import RecoveryRoom
from .rooms.results import ResultsRoom
from .rooms.retention import RetentionRoom
from .rooms.seasons import SeasonsRoom
from .rooms.seat_holders import SeatHoldersRoom
from .rooms.settings import SettingsRoom
from .rooms.timers import TimersRoom
from .rooms.vacations import VacationsRoom


class SqlStore(StoreCore):
    """The store: every room's queries over one database (a subclass connects), one attribute per room."""

    def __init__(self, *, clock: Callable[[], float] = time.time, shards: Shards | None = None) -> None:
        super().__init__(clock=clock, shards=shards)
        self.timers = TimersRoom(self)
        self.outbox = OutboxRoom(self)
        self.results = ResultsRoom(self)
        self.games = GamesRoom(self, timers=self.timers, outbox=self.outbox, results=self.results)
        self.messages = MessagesRoom(self)
        self.recovery = RecoveryRoom(self, games=self.games)
        self.panels = PanelsRoom(self)
        self.handles = HandlesRoom(self)
        self.operations = OperationsRoom(self)
        self.seasons = SeasonsRoom(self)
        self.settings = SettingsRoom(self)
        self.players = PlayersRoom(self)
        self.player_games = PlayerGamesRoom(self, games=self.games)
        self.privacy = PrivacyRoom(self, outbox=self.outbox)
        self.retention = RetentionRoom(self)
        self.seat_holders = SeatHoldersRoom(self, outbox=self.outbox)
        self.vacations = VacationsRoom(self, games=self.games, timers=self.timers, outbox=self.outbox)
        self.daily = DailyRoom(self)


#: What the bot codes against: the one store, over SQLite or PostgreSQL.
Store = SqlStore

__all__ = ["Conn", "SqlStore", "Store", "StoreCore", "dumps", "marks", "shard_filter", "validate_seats",
           "validate_timers"]

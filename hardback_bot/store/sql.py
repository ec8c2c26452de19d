"""Every query of the store, written once for SQLite and PostgreSQL, in rooms by what they serve.

:class:`SqlStore` is the store: the rooms of :mod:`.rooms` (games, messages, recovery, the outbox, private panels,
group DM tokens, timers, operations, results, seasons, settings, players' own data, retention, who held a seat) over
:class:`~.core.StoreCore`; the two databases (:mod:`.sqlite`, :mod:`.postgres`) only connect, open transactions
and lock. To add a query, write it in its room with ``?`` placeholders (the PostgreSQL connection numbers them
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

from .core import Conn, StoreCore, dumps, marks, shard_filter, validate_seats, validate_timers
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


class SqlStore(GamesRoom, MessagesRoom, RecoveryRoom, OutboxRoom, PanelsRoom, HandlesRoom, TimersRoom,
               OperationsRoom, ResultsRoom, SeasonsRoom, SettingsRoom, PlayersRoom, PrivacyRoom, RetentionRoom,
               PlayerGamesRoom, VacationsRoom, SeatHoldersRoom):
    """The store: every room's queries over one database (a subclass connects)."""


#: What the bot codes against: the one store, over SQLite or PostgreSQL.
Store = SqlStore

__all__ = ["Conn", "SqlStore", "Store", "StoreCore", "dumps", "marks", "shard_filter", "validate_seats",
           "validate_timers"]

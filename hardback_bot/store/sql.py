"""Every query of the store, written once for SQLite and PostgreSQL.

:class:`SqlStore` implements :class:`~.base.Store` in the SQL both databases understand; the two
implementations (:mod:`.sqlite`, :mod:`.postgres`) only connect, open transactions and lock. To add a query,
write it here with ``?`` placeholders (the PostgreSQL connection numbers them ``$1, $2 …``; never put a
``?`` inside a string literal) and a test in ``tests/store`` — every store test runs on both databases.

Portable SQL, as used below: ``RETURNING`` instead of ``lastrowid``; ``CASE`` instead of the two-argument
``MAX``/``GREATEST``; ``CAST(x AS DOUBLE PRECISION)`` for real division; in an upsert's ``DO UPDATE``,
existing columns qualified with the table name (``player_totals.games + 1``: PostgreSQL finds a bare name
ambiguous); ``x IS NULL`` / ``x = ?`` chosen in Python instead of SQLite's ``IS ?``.

Locking: every write that changes a game first reads its row with :attr:`SqlStore.lock_row` (``FOR UPDATE``
on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` already holds the database's one write lock), so two
processes writing one game are serialised on that row and the later one sees the new version
(``StaleVersion``).
"""

from __future__ import annotations

import abc
import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from hardback_bot.ops.metrics import observe_commit
from hardback_bot.ops.status import ShardStatus

from . import ratings as ratings_mod
from .base import Store
from .errors import ChannelBusy, GameNotFound, InvalidRecord, StaleVersion, WrongStatus
from .export import build_export
from .models import (
    LEADERBOARD_KINDS,
    Delivery,
    GameOutcome,
    GameRecord,
    LeaderboardEntry,
    LeaderboardKind,
    ModeTotals,
    Move,
    PanelToken,
    PlayerResult,
    PlayerStats,
    Rating,
    ResumeInfo,
    Seat,
    Shards,
    StoredResult,
    Timer,
)
from .seasons import PROVISIONAL_GAMES, SEASON_BOARDS, PlayerRecords, Season, records_of
from .settings import GuildSettings

GAME_COLUMNS = ("id, guild_id, channel_id, host_id, status, options, seed, version, created_at, updated_at,"
                " finished_at, kind")
TIMER_COLUMNS = "id, game_id, kind, seat, deadline, payload"
DELIVERY_COLUMNS = (
    "id, game_id, channel_id, kind, payload, version, created_at, batch, claimed_at, delivered_at, message_id, live"
)
HEARTBEAT = "heartbeat"


class Conn(abc.ABC):
    """One database connection inside a transaction (or a read), as the queries below need it. Rows
    answer both ``row[0]`` and ``row["name"]`` (aiosqlite.Row and asyncpg.Record both do)."""

    @abc.abstractmethod
    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    @abc.abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns how many rows it changed."""

    @abc.abstractmethod
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def marks(values: Sequence[Any]) -> str:
    return ", ".join("?" for _ in values)


def shard_filter(shards: Shards | None, column: str = "guild_id") -> tuple[str, list[Any]]:
    """SQL true for the rows of guilds on ``shards`` (Discord's ``(guild_id >> 22) % count``)."""
    if shards is None:
        return "1 = 1", []
    return f"(({column} >> 22) % ?) IN ({marks(shards.ids)})", [shards.count, *shards.ids]


def validate_seats(seats: Sequence[Seat]) -> None:
    if [s.seat for s in seats] != list(range(len(seats))):
        raise InvalidRecord("seats must be numbered 0, 1, 2 … in order")
    users = [s.user_id for s in seats if s.user_id is not None]
    if len(users) != len(set(users)):
        raise InvalidRecord("a user can take only one seat")
    for s in seats:
        if s.user_id is None and s.ai_strength is None:
            raise InvalidRecord(f"seat {s.seat} has neither a user nor a computer player")
        if not s.display_name or len(s.display_name) > 100:
            raise InvalidRecord(f"seat {s.seat} needs a display name of 1–100 characters")


def validate_timers(game_id: int, timers: Iterable[Timer]) -> list[Timer]:
    out = list(timers)
    for t in out:
        if t.game_id != game_id:
            raise InvalidRecord(f"timer for game {t.game_id} passed with game {game_id}")
    return out


class SqlStore(Store):
    """The queries; subclasses connect (``open``/``close``) and provide :meth:`write`, :meth:`read` and
    :meth:`read_one`."""

    #: appended to the SELECT that reads a game row before changing it
    lock_row = ""

    def __init__(self, *, clock: Callable[[], float] = time.time, shards: Shards | None = None) -> None:
        self._clock = clock
        self.shards = shards

    # -- what a database provides ----------------------------------------------------------------------
    @abc.abstractmethod
    def write(self) -> AbstractAsyncContextManager[Conn]:
        """One write transaction: raising inside rolls it back; leaving it commits, and only then is the
        change durable."""

    @abc.abstractmethod
    def read(self) -> AbstractAsyncContextManager[Conn]:
        """A consistent snapshot across several SELECTs."""

    @abc.abstractmethod
    def read_one(self) -> AbstractAsyncContextManager[Conn]:
        """A connection for one SELECT (no snapshot needed)."""

    def is_duplicate(self, error: BaseException) -> bool:
        """Whether a driver error is a unique-index violation."""
        return False

    async def lock_guild(self, db: Conn, guild_id: int) -> None:
        """Serialise writers of one guild's ratings and totals (SQLite's write lock already does)."""

    def _now(self) -> float:
        return float(self._clock())

    async def _query(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self.read_one() as db:
            return await db.fetch(sql, params)

    # -- games -----------------------------------------------------------------------------------------
    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        *,
        host_id: int | None,
        options: Mapping[str, Any],
        seats: Sequence[Seat] = (),
    ) -> GameRecord:
        validate_seats(seats)
        now = self._now()
        try:
            async with self.write() as db:
                busy = await db.fetchval(
                    "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
                )
                if busy is not None:
                    raise ChannelBusy(channel_id, busy)
                game_id = await db.fetchval(
                    "INSERT INTO games (guild_id, channel_id, host_id, status, options, version, created_at,"
                    " updated_at) VALUES (?, ?, ?, 'lobby', ?, 0, ?, ?) RETURNING id",
                    (guild_id, channel_id, host_id, dumps(dict(options)), now, now),
                )
                await self._insert_seats(db, game_id, seats)
        except Exception as error:
            # Two processes opening a table in one channel at once: the partial unique index refuses the
            # second insert (it could not see the first one's uncommitted row).
            if not self.is_duplicate(error):
                raise
            running = await self.running_game_in_channel(channel_id)
            raise ChannelBusy(channel_id, running.id if running else None) from error
        return await self.get_game(game_id)

    async def _insert_seats(self, db: Conn, game_id: int, seats: Sequence[Seat]) -> None:
        await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, ai_strength, display_name) VALUES (?, ?, ?, ?, ?)",
            [(game_id, s.seat, s.user_id, s.ai_strength, s.display_name) for s in seats],
        )

    async def _insert_timers(self, db: Conn, timers: Sequence[Timer], now: float) -> None:
        await db.executemany(
            "INSERT INTO timers (game_id, kind, seat, deadline, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [(t.game_id, t.kind, t.seat, float(t.deadline), dumps(dict(t.payload)), now) for t in timers],
        )

    async def _insert_deliveries(
        self, db: Conn, game_id: int, deliveries: Sequence[Delivery], version: int | None, now: float
    ) -> None:
        if not deliveries:
            return
        channel = await db.fetchval("SELECT channel_id FROM games WHERE id = ?", (game_id,))
        if channel is None:
            raise GameNotFound(game_id)
        for d in deliveries:
            if d.game_id != game_id:
                raise InvalidRecord(f"delivery for game {d.game_id} passed with game {game_id}")
        await db.executemany(
            "INSERT INTO deliveries (game_id, channel_id, kind, payload, version, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, d.channel_id or int(channel), d.kind, dumps(dict(d.payload)), version, now) for d in deliveries],
        )

    async def _bump(
        self,
        db: Conn,
        game_id: int,
        expected_version: int | None,
        allowed: Sequence[str],
        sets: str = "",
        params: Sequence[Any] = (),
    ) -> int:
        """Raise the game's version by one if it is at ``expected_version`` and in an ``allowed`` status,
        with extra ``sets``; otherwise explain why not. Returns the new version."""
        row = await db.fetchone(f"SELECT status, version FROM games WHERE id = ?{self.lock_row}", (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        status, version = row[0], row[1]
        if expected_version is not None and version != expected_version:
            raise StaleVersion(game_id, expected_version, version)
        if status not in allowed:
            raise WrongStatus(game_id, status, " or ".join(allowed))
        extra = f", {sets}" if sets else ""
        changed = await db.execute(
            f"UPDATE games SET version = version + 1, updated_at = ?{extra} WHERE id = ? AND version = ?",
            (self._now(), *params, game_id, version),
        )
        if changed != 1:  # cannot happen while the row is locked; belt and braces
            raise StaleVersion(game_id, version, -1)
        return int(version) + 1

    async def update_lobby(
        self,
        game_id: int,
        expected_version: int,
        *,
        options: Mapping[str, Any] | None = None,
        seats: Sequence[Seat] | None = None,
    ) -> int:
        if seats is not None:
            validate_seats(seats)
        sets, params = ("options = ?", [dumps(dict(options))]) if options is not None else ("", [])
        async with self.write() as db:
            version = await self._bump(db, game_id, expected_version, ("lobby",), sets, params)
            if seats is not None:
                await self._insert_seats(db, game_id, seats)
        return version

    async def start_game(
        self,
        game_id: int,
        expected_version: int,
        *,
        seed: int,
        state: str,
        options: Mapping[str, Any] | None = None,
        seats: Sequence[Seat] | None = None,
        timers: Sequence[Timer] | None = None,
        deliveries: Sequence[Delivery] = (),
    ) -> int:
        if seats is not None:
            validate_seats(seats)
        timer_list = validate_timers(game_id, timers or ())
        sets = "status = 'playing', seed = ?, state = ?"
        params: list[Any] = [int(seed), state]
        if options is not None:
            sets += ", options = ?"
            params.append(dumps(dict(options)))
        now = self._now()
        async with self.write() as db:
            version = await self._bump(db, game_id, expected_version, ("lobby",), sets, params)
            if seats is not None:
                await self._insert_seats(db, game_id, seats)
            count = await db.fetchval("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,))
            if count < 1:
                raise InvalidRecord("a game needs at least one seat to start")
            await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            await self._insert_timers(db, timer_list, now)
            await self._insert_deliveries(db, game_id, deliveries, version, now)
        return version

    async def commit_moves(
        self,
        game_id: int,
        expected_version: int,
        moves: Sequence[tuple[int, str]],
        state: str,
        *,
        finished: bool = False,
        outcome: GameOutcome | None = None,
        timers: Sequence[Timer] | None = None,
        deliveries: Sequence[Delivery] = (),
    ) -> int:
        if not moves:
            # the stored state must always be the replay of the log: no state change without a move
            raise InvalidRecord("commit_moves needs at least one move")
        if outcome is not None and not finished:
            raise InvalidRecord("an outcome can only be written with the finishing move")
        timer_list = validate_timers(game_id, timers) if timers is not None else None
        now = self._now()
        sets = "state = ?"
        params: list[Any] = [state]
        if finished:
            sets += ", status = 'finished', finished_at = ?"
            params.append(now)
        started = time.perf_counter()
        try:
            async with self.write() as db:
                version = await self._bump(db, game_id, expected_version, ("playing",), sets, params)
                last = int(await db.fetchval("SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?", (game_id,)))
                await db.executemany(
                    "INSERT INTO moves (game_id, seq, seat, move, created_at, version) VALUES (?, ?, ?, ?, ?, ?)",
                    [(game_id, last + i, int(seat), str(text), now, version)
                     for i, (seat, text) in enumerate(moves, 1)],
                )
                if finished or timer_list is not None:
                    await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
                    if timer_list and not finished:
                        await self._insert_timers(db, timer_list, now)
                if outcome is not None:
                    await self._write_outcome(db, game_id, outcome, now)
                await self._insert_deliveries(db, game_id, deliveries, version, now)
        except StaleVersion:
            observe_commit("stale", 0.0)
            raise
        except Exception:
            observe_commit("failed", 0.0)
            raise
        observe_commit("committed", time.perf_counter() - started)
        return version

    async def replace_seat(
        self, game_id: int, expected_version: int, seat: Seat, deliveries: Sequence[Delivery] = ()
    ) -> int:
        validate_seats([Seat(0, seat.display_name, seat.user_id, seat.ai_strength)])
        async with self.write() as db:
            version = await self._bump(db, game_id, expected_version, ("lobby", "playing"))
            changed = await db.execute(
                "UPDATE seats SET user_id = ?, ai_strength = ?, display_name = ? WHERE game_id = ? AND seat = ?",
                (seat.user_id, seat.ai_strength, seat.display_name, game_id, seat.seat),
            )
            if changed != 1:
                raise InvalidRecord(f"game {game_id} has no seat {seat.seat}")
            await self._insert_deliveries(db, game_id, deliveries, version, self._now())
        return version

    async def abandon_game(
        self, game_id: int, expected_version: int | None = None, deliveries: Sequence[Delivery] = ()
    ) -> int:
        async with self.write() as db:
            version = await self._bump(
                db,
                game_id,
                expected_version,
                ("lobby", "playing"),
                "status = 'abandoned', finished_at = ?",
                [self._now()],
            )
            await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            await self._insert_deliveries(db, game_id, deliveries, version, self._now())
        return version

    async def get_game(self, game_id: int, *, with_state: bool = True) -> GameRecord:
        async with self.read() as db:
            games = await self._load_games(db, "id = ?", (game_id,), with_state=with_state)
        if not games:
            raise GameNotFound(game_id)
        return games[0]

    async def running_game_in_channel(self, channel_id: int) -> GameRecord | None:
        async with self.read() as db:
            games = await self._load_games(
                db, "channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,), with_state=True
            )
        return games[0] if games else None

    async def finished_since(self, since: float) -> list[GameRecord]:
        scope, params = shard_filter(self.shards)
        async with self.read() as db:
            # in finished_at order, so that the partial index on it serves both the range and the order
            return await self._load_games(
                db,
                f"status = 'finished' AND finished_at >= ? AND {scope}",
                (since, *params),
                with_state=False,
                order="finished_at, id",
            )

    async def ended_since(self, since: float) -> list[GameRecord]:
        scope, params = shard_filter(self.shards)
        async with self.read() as db:
            return await self._load_games(
                db,
                f"status IN ('finished', 'abandoned') AND finished_at >= ? AND {scope}",
                (float(since), *params),
                with_state=False,
                order="finished_at, id",
            )

    async def recent_games(self, guild_id: int, *, limit: int = 10) -> list[GameRecord]:
        # The id subquery uses the (guild_id, status, updated_at) index; _load_games then reads by id.
        async with self.read() as db:
            rows = await db.fetch(
                "SELECT id FROM games WHERE guild_id = ? AND status IN ('finished', 'abandoned')"
                " ORDER BY updated_at DESC LIMIT ?",
                (guild_id, limit),
            )
            ids = [r[0] for r in rows]
            if not ids:
                return []
            games = await self._load_games(db, f"id IN ({marks(ids)})", ids, with_state=False)
        order = {game_id: i for i, game_id in enumerate(ids)}
        return sorted(games, key=lambda g: order[g.id])

    async def _load_games(
        self, db: Conn, where: str, params: Sequence[Any], *, with_state: bool, order: str = "id"
    ) -> list[GameRecord]:
        """Games matching ``where`` with seats, messages and move counts: four queries however many."""
        cols = GAME_COLUMNS + (", state" if with_state else "")
        games = await db.fetch(f"SELECT {cols} FROM games WHERE {where} ORDER BY {order}", params)
        if not games:
            return []
        sub = f"SELECT id FROM games WHERE {where}"
        seats: dict[int, list[Seat]] = {}
        for r in await db.fetch(
            f"SELECT game_id, seat, user_id, ai_strength, display_name FROM seats WHERE game_id IN ({sub})"
            " ORDER BY game_id, seat",
            params,
        ):
            seats.setdefault(r[0], []).append(Seat(r[1], r[4], r[2], r[3]))
        messages: dict[int, dict[str, int]] = {}
        shown: dict[int, dict[str, int | None]] = {}
        for r in await db.fetch(
            f"SELECT game_id, kind, message_id, version FROM game_messages WHERE game_id IN ({sub})", params
        ):
            messages.setdefault(r[0], {})[r[1]] = r[2]
            shown.setdefault(r[0], {})[r[1]] = r[3]
        counts = {
            r[0]: r[1]
            for r in await db.fetch(
                f"SELECT game_id, MAX(seq) FROM moves WHERE game_id IN ({sub}) GROUP BY game_id", params
            )
        }
        return [
            GameRecord(
                id=g["id"],
                guild_id=g["guild_id"],
                channel_id=g["channel_id"],
                host_id=g["host_id"],
                status=g["status"],
                options=json.loads(g["options"]),
                seed=g["seed"],
                state=g["state"] if with_state else None,
                version=g["version"],
                seats=tuple(seats.get(g["id"], ())),
                messages=messages.get(g["id"], {}),
                created_at=g["created_at"],
                updated_at=g["updated_at"],
                finished_at=g["finished_at"],
                move_count=counts.get(g["id"], 0),
                message_versions=shown.get(g["id"], {}),
                kind=g["kind"],
            )
            for g in games
        ]

    async def get_moves(self, game_id: int, *, after_seq: int = 0) -> list[Move]:
        rows = await self._query(
            "SELECT seq, seat, move, created_at, version FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after_seq),
        )
        return [Move(*r) for r in rows]

    async def moves_after_version(self, game_id: int, version: int) -> list[Move]:
        rows = await self._query(
            "SELECT seq, seat, move, created_at, version FROM moves WHERE game_id = ? AND version > ? ORDER BY seq",
            (game_id, version),
        )
        return [Move(*r) for r in rows]

    async def set_message(
        self, game_id: int, kind: str, message_id: int, channel_id: int | None = None, version: int | None = None
    ) -> None:
        async with self.write() as db:
            await db.execute(
                "INSERT INTO game_messages (game_id, kind, message_id, channel_id, version) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, kind) DO UPDATE SET message_id = excluded.message_id,"
                " channel_id = excluded.channel_id, version = excluded.version",
                (game_id, kind, message_id, channel_id, version),
            )

    async def set_message_version(self, game_id: int, kind: str, version: int) -> None:
        async with self.write() as db:
            await db.execute(
                "UPDATE game_messages SET version = ? WHERE game_id = ? AND kind = ?", (int(version), game_id, kind)
            )

    async def find_message(self, message_id: int) -> tuple[int, str] | None:
        rows = await self._query(
            "SELECT game_id, kind FROM game_messages WHERE message_id = ? ORDER BY game_id DESC LIMIT 1",
            (int(message_id),),
        )
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    async def clear_message(self, game_id: int, kind: str) -> None:
        async with self.write() as db:
            await db.execute("DELETE FROM game_messages WHERE game_id = ? AND kind = ?", (game_id, kind))

    # -- the outbox ------------------------------------------------------------------------------------
    async def add_deliveries(self, game_id: int, deliveries: Sequence[Delivery]) -> None:
        async with self.write() as db:
            version = await db.fetchval(f"SELECT version FROM games WHERE id = ?{self.lock_row}", (game_id,))
            if version is None:
                raise GameNotFound(game_id)
            await self._insert_deliveries(db, game_id, deliveries, int(version), self._now())

    async def fire_timer(self, timer_id: int, deliveries: Sequence[Delivery] = ()) -> bool:
        async with self.write() as db:
            # the DELETE is the claim: of two processes firing one timer, only one gets its row back
            game_id = await db.fetchval("DELETE FROM timers WHERE id = ? RETURNING game_id", (timer_id,))
            if game_id is None:
                return False
            version = await db.fetchval("SELECT version FROM games WHERE id = ?", (game_id,))
            await self._insert_deliveries(db, int(game_id), deliveries, int(version), self._now())
        return True

    async def pending_deliveries(self, game_id: int, *, limit: int = 100) -> list[Delivery]:
        return await self._deliveries("game_id = ? AND delivered_at IS NULL", (game_id,), limit)

    async def game_deliveries(self, game_id: int) -> list[Delivery]:
        return await self._deliveries("game_id = ?", (game_id,), 1_000_000)

    async def live_deliveries(self, game_id: int) -> list[Delivery]:
        return await self._deliveries("game_id = ? AND live = 1", (game_id,), 1000)

    async def _deliveries(self, where: str, params: Sequence[Any], limit: int) -> list[Delivery]:
        rows = await self._query(
            f"SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE {where} ORDER BY id LIMIT ?", (*params, int(limit))
        )
        return [
            Delivery(game_id=r[1], kind=r[3], payload=json.loads(r[4]), channel_id=r[2], id=r[0], version=r[5],
                     created_at=r[6], batch=r[7], claimed_at=r[8], delivered_at=r[9], message_id=r[10],
                     live=bool(r[11]))
            for r in rows
        ]

    async def games_with_pending_deliveries(self) -> list[int]:
        where, params = "delivered_at IS NULL", []
        if self.shards is not None:
            scope, params = shard_filter(self.shards, "g.guild_id")
            where += f" AND EXISTS (SELECT 1 FROM games g WHERE g.id = deliveries.game_id AND {scope})"
        rows = await self._query(f"SELECT DISTINCT game_id FROM deliveries WHERE {where} ORDER BY game_id", params)
        return [int(r[0]) for r in rows]

    async def claim_deliveries(self, ids: Sequence[int]) -> int:
        if not ids:
            raise InvalidRecord("claim_deliveries needs at least one id")
        batch = min(int(i) for i in ids)
        async with self.write() as db:
            await db.execute(
                f"UPDATE deliveries SET batch = ?, claimed_at = ? WHERE batch IS NULL AND id IN ({marks(ids)})",
                (batch, self._now(), *map(int, ids)),
            )
        return batch

    async def mark_delivered(self, ids: Sequence[int], message_id: int | None, *, live: bool = False) -> None:
        if not ids:
            return
        async with self.write() as db:
            await db.execute(
                f"UPDATE deliveries SET delivered_at = ?, message_id = ?, live = ? WHERE id IN ({marks(ids)})",
                (self._now(), message_id, int(live), *map(int, ids)),
            )

    async def clear_live(self, ids: Sequence[int]) -> None:
        if not ids:
            return
        async with self.write() as db:
            await db.execute(f"UPDATE deliveries SET live = 0 WHERE id IN ({marks(ids)})", tuple(map(int, ids)))

    # -- private panels --------------------------------------------------------------------------------
    async def save_panel(self, panel: PanelToken) -> None:
        async with self.write() as db:
            await db.execute(
                "INSERT INTO panels (game_id, user_id, application_id, token, created_at, version, locale)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET"
                " application_id = excluded.application_id, token = excluded.token,"
                " created_at = excluded.created_at, version = excluded.version, locale = excluded.locale",
                (panel.game_id, panel.user_id, panel.application_id, panel.token, float(panel.created_at),
                 panel.version, panel.locale),
            )
            await db.execute(
                "INSERT INTO panel_tokens (game_id, user_id, application_id, token, created_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, token) DO NOTHING",
                (panel.game_id, panel.user_id, panel.application_id, panel.token, float(panel.created_at)),
            )

    async def open_panel_tokens(self, game_id: int, *, since: float) -> list[PanelToken]:
        rows = await self._query(
            "SELECT game_id, user_id, application_id, token, created_at FROM panel_tokens"
            " WHERE game_id = ? AND created_at >= ? AND closed = 0 ORDER BY created_at",
            (game_id, float(since)),
        )
        return [PanelToken(*r) for r in rows]

    async def close_panel_tokens(self, game_id: int, tokens: Sequence[str]) -> None:
        if not tokens:
            return
        async with self.write() as db:
            await db.execute(
                f"UPDATE panel_tokens SET closed = 1 WHERE game_id = ? AND token IN ({marks(tokens)})",
                (game_id, *tokens),
            )

    async def fresh_panels(self, game_id: int, *, since: float) -> list[PanelToken]:
        rows = await self._query(
            "SELECT game_id, user_id, application_id, token, created_at, version, locale FROM panels"
            " WHERE game_id = ? AND created_at >= ? ORDER BY user_id",
            (game_id, float(since)),
        )
        return [PanelToken(*r) for r in rows]

    async def set_panel_version(self, game_id: int, user_id: int, token: str, version: int) -> None:
        async with self.write() as db:
            await db.execute(
                "UPDATE panels SET version = ? WHERE game_id = ? AND user_id = ? AND token = ?",
                (int(version), game_id, user_id, token),
            )

    async def drop_panels(self, older_than: float) -> int:
        async with self.write() as db:
            await db.execute("DELETE FROM panel_tokens WHERE created_at < ?", (float(older_than),))
            return await db.execute("DELETE FROM panels WHERE created_at < ?", (float(older_than),))

    # -- recovery --------------------------------------------------------------------------------------
    async def list_unfinished(self, *, with_state: bool = False) -> list[ResumeInfo]:
        scope, params = shard_filter(self.shards)
        where = f"status IN ('lobby', 'playing') AND {scope}"
        async with self.read() as db:
            games = await self._load_games(db, where, params, with_state=with_state)
            timers: dict[int, list[Timer]] = {}
            for r in await db.fetch(
                f"SELECT {TIMER_COLUMNS} FROM timers WHERE game_id IN (SELECT id FROM games WHERE {where})"
                " ORDER BY deadline",
                params,
            ):
                timers.setdefault(r[1], []).append(_timer(r))
            channels: dict[int, dict[str, int]] = {}
            for r in await db.fetch(
                "SELECT game_id, kind, channel_id FROM game_messages WHERE channel_id IS NOT NULL"
                f" AND game_id IN (SELECT id FROM games WHERE {where})",
                params,
            ):
                channels.setdefault(r[0], {})[r[1]] = r[2]
        return [ResumeInfo(g, tuple(timers.get(g.id, ())), channels.get(g.id, {})) for g in games]

    async def expire_lobbies(self, older_than: float) -> list[int]:
        now = self._now()
        scope, params = shard_filter(self.shards)
        async with self.write() as db:
            rows = await db.fetch(
                "UPDATE games SET status = 'abandoned', version = version + 1,"
                " updated_at = ?, finished_at = ?"
                f" WHERE status = 'lobby' AND updated_at < ? AND {scope} RETURNING id",
                (now, now, now - older_than, *params),
            )
            ids = sorted(r[0] for r in rows)
            if ids:
                await db.execute(f"DELETE FROM timers WHERE game_id IN ({marks(ids)})", ids)
        return ids

    # -- timers ----------------------------------------------------------------------------------------
    async def set_timer(self, timer: Timer) -> Timer:
        now = self._now()
        same_seat, seat_params = ("seat IS NULL", []) if timer.seat is None else ("seat = ?", [timer.seat])
        async with self.write() as db:
            # the game row first: two writers replacing the same timer take turns
            if await db.fetchone(f"SELECT id FROM games WHERE id = ?{self.lock_row}", (timer.game_id,)) is None:
                raise GameNotFound(timer.game_id)
            await db.execute(
                f"DELETE FROM timers WHERE game_id = ? AND kind = ? AND {same_seat}",
                (timer.game_id, timer.kind, *seat_params),
            )
            timer_id = await db.fetchval(
                "INSERT INTO timers (game_id, kind, seat, deadline, payload, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (timer.game_id, timer.kind, timer.seat, float(timer.deadline), dumps(dict(timer.payload)), now),
            )
        return Timer(timer.game_id, timer.kind, float(timer.deadline), timer.seat, dict(timer.payload), timer_id)

    async def cancel_timers(self, game_id: int, kind: str | None = None, seat: int | None = None) -> int:
        where, params = "game_id = ?", [game_id]
        if kind is not None:
            where += " AND kind = ?"
            params.append(kind)
            if seat is not None:
                where += " AND seat = ?"
                params.append(seat)
        async with self.write() as db:
            return await db.execute(f"DELETE FROM timers WHERE {where}", params)

    async def delete_timer(self, timer_id: int) -> bool:
        async with self.write() as db:
            return await db.execute("DELETE FROM timers WHERE id = ?", (timer_id,)) == 1

    async def _timers(
        self, where: str, params: Sequence[Any], limit: int | None = None, *, scoped: bool
    ) -> list[Timer]:
        if scoped and self.shards is not None:
            scope, scope_params = _timer_scope(self.shards)
            where += f" AND {scope}"
            params = [*params, *scope_params]
        sql = f"SELECT {TIMER_COLUMNS} FROM timers WHERE {where} ORDER BY deadline, id"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        return [_timer(r) for r in await self._query(sql, params)]

    async def next_timer(self) -> Timer | None:
        found = await self._timers("1 = 1", (), 1, scoped=True)
        return found[0] if found else None

    async def due_timers(self, now: float | None = None, limit: int = 100) -> list[Timer]:
        return await self._timers("deadline <= ?", (self._now() if now is None else now,), limit, scoped=True)

    async def game_timers(self, game_id: int) -> list[Timer]:
        return await self._timers("game_id = ?", (game_id,), scoped=False)

    async def shift_deadlines(self, delta: float, *, before: float | None = None) -> int:
        where, params = "1 = 1", []
        if before is not None:
            where, params = "deadline < ?", [before]
        if self.shards is not None:
            scope, scope_params = _timer_scope(self.shards)
            where += f" AND {scope}"
            params += scope_params
        async with self.write() as db:
            return await db.execute(f"UPDATE timers SET deadline = deadline + ? WHERE {where}", (delta, *params))

    def _heartbeat_keys(self) -> list[str]:
        if self.shards is None:
            return []
        return [f"{HEARTBEAT}:{self.shards.count}:{i}" for i in self.shards.ids]

    async def heartbeat(self) -> None:
        now = self._now()
        async with self.write() as db:
            await db.executemany(
                "INSERT INTO store_meta (key, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                [(key, repr(now), now) for key in [HEARTBEAT, *self._heartbeat_keys()]],
            )

    async def last_heartbeat(self) -> float | None:
        # A sharded process's downtime is that of its own shards (another process kept beating meanwhile):
        # the oldest of their beats, so that nobody of those guilds times out because of it. Shards that
        # never beat (the first sharded start) fall back to the bot-wide beat.
        keys = self._heartbeat_keys()
        if keys:
            rows = await self._query(f"SELECT value FROM store_meta WHERE key IN ({marks(keys)})", keys)
            if rows:
                return min(float(r[0]) for r in rows)
        value = await self._query("SELECT value FROM store_meta WHERE key = ?", (HEARTBEAT,))
        return float(value[0][0]) if value else None

    async def last_seen(self) -> float | None:
        beat = await self.last_heartbeat()
        scope, params = shard_filter(self.shards)
        rows = await self._query(f"SELECT MAX(updated_at) FROM games WHERE status = 'playing' AND {scope}", params)
        commit = rows[0][0] if rows and rows[0][0] is not None else None
        known = [float(x) for x in (beat, commit) if x is not None]
        return max(known) if known else None

    # -- operations: health checks, shard states, gauges --------------------------------------------------
    async def ping(self) -> None:
        """One round trip that reads the database (raises when it cannot answer)."""
        await self._query("SELECT MAX(version) FROM schema_migrations")

    async def outbox_backlog(self) -> tuple[int, float | None]:
        """Undelivered outbox rows of this store's shards: how many, and when the oldest was written."""
        if self.shards is None:
            sql, params = "SELECT COUNT(*), MIN(created_at) FROM deliveries WHERE delivered_at IS NULL", []
        else:
            scope, params = shard_filter(self.shards, "g.guild_id")
            sql = ("SELECT COUNT(*), MIN(d.created_at) FROM deliveries d JOIN games g ON g.id = d.game_id"
                   f" WHERE d.delivered_at IS NULL AND {scope}")
        row = (await self._query(sql, params))[0]
        return int(row[0]), None if row[1] is None else float(row[1])

    async def games_running(self) -> dict[str, int]:
        """Lobbies and games being played on this store's shards, by status."""
        scope, params = shard_filter(self.shards)
        rows = await self._query(f"SELECT status, COUNT(*) FROM games WHERE status IN ('lobby', 'playing') AND {scope}"
                                 " GROUP BY status", params)
        return {str(r[0]): int(r[1]) for r in rows}

    async def save_shard_statuses(self, statuses: Sequence[ShardStatus]) -> None:
        async with self.write() as db:
            await db.executemany(
                "INSERT INTO shard_status (shard_count, shard_id, state, latency, guilds, process, started_at,"
                " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (shard_count, shard_id) DO UPDATE SET"
                " state = excluded.state, latency = excluded.latency, guilds = excluded.guilds,"
                " process = excluded.process, started_at = excluded.started_at, updated_at = excluded.updated_at",
                [(s.shard_count, s.shard, s.state, s.latency, s.guilds, s.process, s.started_at, s.updated_at)
                 for s in statuses],
            )

    async def shard_statuses(self) -> list[ShardStatus]:
        """Every shard's last reported state, of every process (not only this store's shards)."""
        rows = await self._query("SELECT shard_count, shard_id, state, latency, guilds, process, started_at, updated_at"
                                 " FROM shard_status ORDER BY shard_count, shard_id")
        return [ShardStatus(int(r[0]), int(r[1]), str(r[2]), None if r[3] is None else float(r[3]), int(r[4]),
                            str(r[5]), float(r[6]), float(r[7])) for r in rows]

    # -- results ---------------------------------------------------------------------------------------
    async def record_outcome(self, game_id: int, outcome: GameOutcome) -> bool:
        async with self.write() as db:
            status = await db.fetchval(f"SELECT status FROM games WHERE id = ?{self.lock_row}", (game_id,))
            if status is None:
                raise GameNotFound(game_id)
            if status != "finished":
                raise WrongStatus(game_id, status, "finished")
            return await self._write_outcome(db, game_id, outcome, self._now())

    async def _write_outcome(self, db: Conn, game_id: int, outcome: GameOutcome, now: float) -> bool:
        guild_id = await db.fetchval("SELECT guild_id FROM games WHERE id = ?", (game_id,))
        seat_rows = await db.fetch(
            "SELECT seat, user_id, ai_strength, display_name FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        seats = {r[0]: Seat(r[0], r[3], r[1], r[2]) for r in seat_rows}
        by_seat = {p.seat: p for p in outcome.players}
        if sorted(by_seat) != sorted(seats) or len(by_seat) != len(outcome.players):
            raise InvalidRecord(f"outcome seats {sorted(by_seat)} do not match the game's {sorted(seats)}")
        humans = {s.user_id: by_seat[n].rank for n, s in seats.items() if s.user_id is not None}
        rated = outcome.coop is None and len(humans) >= 2
        coop = outcome.coop
        # Ratings are read, computed and written back: two games of one guild finishing at once in two
        # processes must not both start from the old ratings.
        await self.lock_guild(db, guild_id)
        # The outcome row goes first: if it exists this game was already recorded, and nothing else is
        # written (a retried finishing move, or two paths racing to record the same end).
        inserted = await db.execute(
            "INSERT INTO game_outcomes (game_id, guild_id, mode, rated, table_stats, coop_won, team_score,"
            " penny_score, coop_genre, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id) DO NOTHING",
            (
                game_id,
                guild_id,
                outcome.mode,
                int(rated),
                dumps(dict(outcome.table_stats)),
                None if coop is None else int(coop.won),
                None if coop is None else coop.team_score,
                None if coop is None else coop.penny_score,
                None if coop is None else coop.genre,
                now,
            ),
        )
        if inserted != 1:
            return False
        if coop is not None and len(outcome.players) == 1:  # a daily's result, for its boards (store/daily.py)
            p0 = outcome.players[0]
            await db.execute("UPDATE daily_attempts SET score = ?, margin = ?, penny_score = ?, won = ?, words = ?,"
                             " finished_at = ? WHERE game_id = ?", (p0.prestige, p0.prestige - coop.penny_score,
                                                                    coop.penny_score, int(coop.won), p0.words, now,
                                                                    game_id))
        before: dict[int, float] = {}
        after: dict[int, Rating] = {}
        if rated:
            ids = sorted(humans)
            prior: dict[int, Rating | None] = dict.fromkeys(ids)
            for r in await db.fetch(
                "SELECT user_id, mu, sigma, ordinal, games FROM ratings"
                f" WHERE guild_id = ? AND user_id IN ({marks(ids)})",
                (guild_id, *ids),
            ):
                prior[r[0]] = Rating(r[1], r[2], r[3], r[4])
            before = {u: (p or ratings_mod.initial()).ordinal for u, p in prior.items()}
            after = ratings_mod.rate(prior, humans)
            await db.executemany(
                "INSERT INTO ratings (guild_id, user_id, mu, sigma, ordinal, games, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games,"
                " updated_at = excluded.updated_at",
                [(guild_id, u, r.mu, r.sigma, r.ordinal, r.games, now) for u, r in sorted(after.items())],
            )
        result_rows = []
        total_rows = []
        for n, seat in sorted(seats.items()):
            p = by_seat[n]
            uid = seat.user_id
            result_rows.append(
                (
                    game_id,
                    n,
                    guild_id,
                    uid,
                    seat.ai_strength,
                    seat.display_name,
                    outcome.mode,
                    p.rank,
                    int(p.won),
                    p.prestige,
                    p.words,
                    p.best_word_prestige,
                    p.best_word,
                    p.longest_word_len,
                    p.longest_word,
                    p.cards_bought,
                    p.cards_trashed,
                    p.ink_used,
                    p.invalid_words,
                    dumps(dict(p.stats)),
                    before.get(uid) if uid is not None else None,
                    after[uid].ordinal if uid is not None and uid in after else None,
                    now,
                )
            )
            if uid is not None:
                total_rows.append(
                    (
                        guild_id,
                        uid,
                        outcome.mode,
                        seat.display_name,
                        int(p.won),
                        p.prestige,
                        p.words,
                        p.best_word_prestige,
                        p.best_word,
                        p.longest_word_len,
                        p.longest_word,
                        p.cards_bought,
                        p.cards_trashed,
                        p.ink_used,
                        p.invalid_words,
                        coop.margin if coop is not None else 0,
                        now,
                    )
                )
        await db.executemany(
            "INSERT INTO results (game_id, seat, guild_id, user_id, ai_strength, display_name, mode, rank, won,"
            " prestige, words, best_word_prestige, best_word, longest_word_len, longest_word, cards_bought,"
            " cards_trashed, ink_used, invalid_words, stats, rating_before, rating_after, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            result_rows,
        )
        # In an UPDATE every expression reads the row as it was, so the order of the SETs does not matter.
        await db.executemany(
            "INSERT INTO player_totals (guild_id, user_id, mode, display_name, games, wins, prestige_sum,"
            " words_sum, best_word_prestige, best_word, longest_word_len, longest_word, cards_bought_sum,"
            " cards_trashed_sum, ink_used_sum, invalid_words_sum, margin_sum, last_played)"
            " VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, mode, user_id) DO UPDATE SET"
            " display_name = excluded.display_name, games = player_totals.games + 1,"
            " wins = player_totals.wins + excluded.wins,"
            " prestige_sum = player_totals.prestige_sum + excluded.prestige_sum,"
            " words_sum = player_totals.words_sum + excluded.words_sum,"
            " best_word = CASE WHEN excluded.best_word_prestige > player_totals.best_word_prestige"
            "   THEN excluded.best_word ELSE player_totals.best_word END,"
            " best_word_prestige = CASE WHEN excluded.best_word_prestige > player_totals.best_word_prestige"
            "   THEN excluded.best_word_prestige ELSE player_totals.best_word_prestige END,"
            " longest_word = CASE WHEN excluded.longest_word_len > player_totals.longest_word_len"
            "   THEN excluded.longest_word ELSE player_totals.longest_word END,"
            " longest_word_len = CASE WHEN excluded.longest_word_len > player_totals.longest_word_len"
            "   THEN excluded.longest_word_len ELSE player_totals.longest_word_len END,"
            " cards_bought_sum = player_totals.cards_bought_sum + excluded.cards_bought_sum,"
            " cards_trashed_sum = player_totals.cards_trashed_sum + excluded.cards_trashed_sum,"
            " ink_used_sum = player_totals.ink_used_sum + excluded.ink_used_sum,"
            " invalid_words_sum = player_totals.invalid_words_sum + excluded.invalid_words_sum,"
            " margin_sum = player_totals.margin_sum + excluded.margin_sum, last_played = excluded.last_played",
            sorted(total_rows, key=lambda row: row[1]),
        )
        return True

    async def get_results(self, game_id: int) -> list[StoredResult]:
        rows = await self._query("SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,))
        return [_stored_result(r) for r in rows]

    async def get_rating(self, guild_id: int, user_id: int) -> Rating | None:
        rows = await self._query(
            "SELECT mu, sigma, ordinal, games FROM ratings WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        return Rating(*rows[0]) if rows else None

    async def leaderboard(
        self, guild_id: int, by: LeaderboardKind, *, limit: int = 10, offset: int = 0, min_games: int = 5
    ) -> list[LeaderboardEntry]:
        if by not in LEADERBOARD_KINDS:
            raise InvalidRecord(f"unknown leaderboard {by!r}; one of {LEADERBOARD_KINDS}")
        limit, offset = max(0, int(limit)), max(0, int(offset))
        comp = "FROM player_totals WHERE guild_id = ? AND mode = 'competitive'"
        # Each query yields (user_id, display_name, value, games, wins, word) in board order; RANK() gives
        # sports-table positions (ties share), ranked over the whole guild so pages agree.
        queries: dict[str, tuple[str, tuple[Any, ...]]] = {
            "rating": (
                "SELECT r.user_id AS user_id, COALESCE(t.display_name, '') AS display_name,"
                " r.ordinal AS value, COALESCE(t.games, 0) AS games, COALESCE(t.wins, 0) AS wins,"
                " NULL AS word"
                " FROM ratings r LEFT JOIN player_totals t"
                " ON t.guild_id = r.guild_id AND t.mode = 'competitive' AND t.user_id = r.user_id"
                " WHERE r.guild_id = ?",
                (guild_id,),
            ),
            "wins": (
                f"SELECT user_id, display_name, wins AS value, games, wins, NULL AS word {comp} AND wins > 0",
                (guild_id,),
            ),
            "win_rate": (
                "SELECT user_id, display_name, CAST(wins AS DOUBLE PRECISION) / games AS value, games, wins,"
                f" NULL AS word {comp} AND games >= ?",
                (guild_id, max(1, int(min_games))),
            ),
            "best_word": _word_query("best_word_prestige", "best_word", guild_id),
            "longest_word": _word_query("longest_word_len", "longest_word", guild_id),
        }
        inner, params = queries[by]
        sql = (
            f"SELECT RANK() OVER (ORDER BY b.value DESC) AS pos, b.* FROM ({inner}) AS b"
            " ORDER BY pos, b.games ASC, b.user_id LIMIT ? OFFSET ?"
        )
        rows = await self._query(sql, (*params, limit, offset))
        return [LeaderboardEntry(r[0], r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows]

    async def known_players(self, guild_id: int, user_ids: Sequence[int]) -> set[int]:
        if not user_ids:
            return set()
        ids = [int(u) for u in user_ids]
        rows = await self._query(
            f"SELECT DISTINCT user_id FROM results WHERE guild_id = ? AND user_id IN ({marks(ids)})", (guild_id, *ids))
        return {int(r[0]) for r in rows}

    async def player_stats(self, guild_id: int, user_id: int, *, recent: int = 5) -> PlayerStats:
        async with self.read() as db:
            totals = {
                r["mode"]: r
                for r in await db.fetch(
                    "SELECT * FROM player_totals WHERE guild_id = ? AND mode IN ('competitive', 'coop')"
                    " AND user_id = ?",
                    (guild_id, user_id),
                )
            }
            rating_rows = await db.fetch(
                "SELECT mu, sigma, ordinal, games FROM ratings WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )
            genre_rows = await db.fetch(
                "SELECT COALESCE(o.coop_genre, 'none'), SUM(r.won), COUNT(*) FROM results r"
                " JOIN game_outcomes o ON o.game_id = r.game_id"
                " WHERE r.guild_id = ? AND r.user_id = ? AND r.mode = 'coop' GROUP BY 1",
                (guild_id, user_id),
            )
            recent_rows = await db.fetch(
                "SELECT * FROM results WHERE guild_id = ? AND user_id = ? ORDER BY finished_at DESC, game_id DESC"
                " LIMIT ?",
                (guild_id, user_id, max(0, int(recent))),
            )
        names = sorted(totals.values(), key=lambda r: r["last_played"])
        return PlayerStats(
            guild_id=guild_id,
            user_id=user_id,
            display_name=names[-1]["display_name"] if names else None,
            competitive=_mode_totals(totals.get("competitive")),
            coop=_mode_totals(totals.get("coop")),
            rating=Rating(*rating_rows[0]) if rating_rows else None,
            coop_by_genre={r[0]: (int(r[1]), int(r[2])) for r in genre_rows},
            recent=tuple(_stored_result(r) for r in recent_rows),
        )

    # -- guild settings --------------------------------------------------------------------------------
    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        rows = await self._query("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return GuildSettings.from_json(rows[0][0]) if rows else GuildSettings()

    async def set_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        if not isinstance(settings, GuildSettings):
            raise InvalidRecord("settings must be a GuildSettings")
        text = GuildSettings.from_dict(settings.to_dict()).to_json()  # re-validated: frozen is not deep
        async with self.write() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at",
                (guild_id, text, self._now()),
            )

    # -- export ----------------------------------------------------------------------------------------
    async def export_game(self, game_id: int, *, with_state: bool = True) -> dict[str, Any]:
        async with self.read() as db:
            games = await self._load_games(db, "id = ?", (game_id,), with_state=with_state)
            if not games:
                raise GameNotFound(game_id)
            moves = await db.fetch(
                "SELECT seq, seat, move, created_at FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
            )
        return build_export(games[0], [Move(r[0], r[1], r[2], r[3]) for r in moves], exported_at=self._now())

    # -- seasons, provisional ratings and records (migration 007) -----------------------------
    def now(self) -> float:
        """The store's clock (injectable, so tests move seasons along)."""
        return self._now()

    def set_clock(self, clock: Callable[[], float]) -> None:
        """Replace the store's clock (tests and tools)."""
        self._clock = clock

    async def rating_board(
        self, guild_id: int, *, provisional: bool, threshold: int = PROVISIONAL_GAMES, limit: int = 10, offset: int = 0
    ) -> list[LeaderboardEntry]:
        """The rating board of established players (``threshold`` rated games or more), or with
        ``provisional`` of the others, each ranked among themselves; ``games`` is the rated games."""
        limit, offset, threshold = max(0, int(limit)), max(0, int(offset)), max(1, int(threshold))
        cmp = "<" if provisional else ">="
        sql = (
            "SELECT RANK() OVER (ORDER BY r.ordinal DESC) AS pos, r.user_id,"
            " COALESCE(t.display_name, ''), r.ordinal, r.games, COALESCE(t.wins, 0), NULL"
            " FROM ratings r LEFT JOIN player_totals t"
            " ON t.guild_id = r.guild_id AND t.mode = 'competitive' AND t.user_id = r.user_id"
            f" WHERE r.guild_id = ? AND r.games {cmp} ?"
            " ORDER BY pos, r.games DESC, r.user_id LIMIT ? OFFSET ?"
        )
        rows = await self._query(sql, (guild_id, threshold, limit, offset))
        return [LeaderboardEntry(r[0], r[1], r[2], float(r[3]), int(r[4]), int(r[5]), r[6]) for r in rows]

    async def rating_count(self, guild_id: int, *, provisional: bool, threshold: int = PROVISIONAL_GAMES) -> int:
        """How many players :meth:`rating_board` lists (to page through both groups in a row)."""
        cmp = "<" if provisional else ">="
        rows = await self._query(f"SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND games {cmp} ?",
                                 (guild_id, max(1, int(threshold))))
        return int(rows[0][0])

    async def season_board(
        self, guild_id: int, by: str, season: Season, *, limit: int = 10, offset: int = 0, min_games: int = 5
    ) -> list[LeaderboardEntry]:
        """A board over the games that finished in ``season`` only: ``rating`` is the rating gained in it,
        ``wins`` and ``win_rate`` count competitive games, ``best_word`` and ``longest_word`` both modes."""
        if by not in SEASON_BOARDS:
            raise InvalidRecord(f"unknown season board {by!r}; one of {SEASON_BOARDS}")
        limit, offset = max(0, int(limit)), max(0, int(offset))
        where = "guild_id = ? AND user_id IS NOT NULL AND finished_at >= ? AND finished_at < ?"
        span = (guild_id, season.starts_at, season.ends_at)
        name = "MAX(display_name)"  # the name of some game of the season; players rarely rename
        if by in ("best_word", "longest_word"):
            value, word = ("best_word_prestige", "best_word") if by == "best_word" else ("longest_word_len",
                                                                                       "longest_word")
            inner = (
                "SELECT user_id, display_name, value, games, wins, word FROM ("
                f" SELECT user_id, display_name, {value} AS value, {word} AS word,"
                f" ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY {value} DESC, finished_at ASC) AS rn,"
                " COUNT(*) OVER (PARTITION BY user_id) AS games, SUM(won) OVER (PARTITION BY user_id) AS wins"
                f" FROM results WHERE {where}) AS w WHERE rn = 1 AND value > 0"
            )
            params: tuple[Any, ...] = span
        elif by == "rating":
            inner = (
                f"SELECT user_id, {name} AS display_name, SUM(rating_after - rating_before) AS value,"
                " COUNT(*) AS games, SUM(won) AS wins, NULL AS word"
                f" FROM results WHERE {where} AND mode = 'competitive' AND rating_before IS NOT NULL"
                " AND rating_after IS NOT NULL GROUP BY user_id"
            )
            params = span
        else:
            value = "SUM(won)" if by == "wins" else "CAST(SUM(won) AS DOUBLE PRECISION) / COUNT(*)"
            having = "SUM(won) > 0" if by == "wins" else "COUNT(*) >= ?"
            inner = (
                f"SELECT user_id, {name} AS display_name, {value} AS value, COUNT(*) AS games,"
                f" SUM(won) AS wins, NULL AS word FROM results WHERE {where} AND mode = 'competitive'"
                f" GROUP BY user_id HAVING {having}"
            )
            params = span if by == "wins" else (*span, max(1, int(min_games)))
        sql = (
            f"SELECT RANK() OVER (ORDER BY b.value DESC) AS pos, b.* FROM ({inner}) AS b"
            " ORDER BY pos, b.games ASC, b.user_id LIMIT ? OFFSET ?"
        )
        rows = await self._query(sql, (*params, limit, offset))
        return [LeaderboardEntry(r[0], r[1], r[2], float(r[3]), int(r[4]), int(r[5] or 0), r[6]) for r in rows]

    async def player_records(self, guild_id: int, user_id: int) -> PlayerRecords:
        """Wins in a row (current and best), the best score and the most words in one game (competitive)."""
        rows = await self._query(
            "SELECT game_id, won, prestige, words FROM results WHERE guild_id = ? AND user_id = ?"
            " AND mode = 'competitive' ORDER BY finished_at, game_id",
            (guild_id, user_id),
        )
        return records_of((int(r[0]), bool(r[1]), int(r[2]), int(r[3])) for r in rows)

    async def claim_season_announcement(self, guild_id: int, season: Season) -> bool:
        """True for the one caller (of any process) that may announce ``season``'s winners in this guild."""
        async with self.write() as db:
            changed = await db.execute(
                "INSERT INTO season_announcements (guild_id, season, starts_at, claimed_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id, season, starts_at) DO NOTHING",
                (guild_id, season.kind, season.starts_at, self._now()),
            )
        return changed == 1


def _timer_scope(shards: Shards) -> tuple[str, list[Any]]:
    """Timers of games on ``shards``: a primary-key probe per timer (walking the deadline index), never a
    scan of every game ever played."""
    scope, params = shard_filter(shards, "g.guild_id")
    return f"EXISTS (SELECT 1 FROM games g WHERE g.id = timers.game_id AND {scope})", params


def _word_query(value_col: str, word_col: str, guild_id: int) -> tuple[str, tuple[Any, ...]]:
    """Each player's best row over both modes (a word is a word, co-op or not)."""
    return (
        "SELECT user_id, display_name, value, games, wins, word FROM ("
        f" SELECT user_id, display_name, {value_col} AS value, games, wins, {word_col} AS word,"
        f" ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY {value_col} DESC, last_played DESC) AS rn"
        f" FROM player_totals WHERE guild_id = ? AND {value_col} > 0) AS w WHERE rn = 1",
        (guild_id,),
    )


def _timer(r: Any) -> Timer:
    return Timer(game_id=r[1], kind=r[2], deadline=r[4], seat=r[3], payload=json.loads(r[5]), id=r[0])


def _mode_totals(r: Any) -> ModeTotals:
    if r is None:
        return ModeTotals()
    return ModeTotals(
        games=r["games"],
        wins=r["wins"],
        prestige_sum=r["prestige_sum"],
        words_sum=r["words_sum"],
        best_word_prestige=r["best_word_prestige"],
        best_word=r["best_word"],
        longest_word_len=r["longest_word_len"],
        longest_word=r["longest_word"],
        cards_bought_sum=r["cards_bought_sum"],
        cards_trashed_sum=r["cards_trashed_sum"],
        ink_used_sum=r["ink_used_sum"],
        invalid_words_sum=r["invalid_words_sum"],
        margin_sum=r["margin_sum"],
    )


def _stored_result(r: Any) -> StoredResult:
    result = PlayerResult(
        seat=r["seat"],
        rank=r["rank"],
        prestige=r["prestige"],
        won=bool(r["won"]),
        words=r["words"],
        best_word_prestige=r["best_word_prestige"],
        best_word=r["best_word"],
        longest_word_len=r["longest_word_len"],
        longest_word=r["longest_word"],
        cards_bought=r["cards_bought"],
        cards_trashed=r["cards_trashed"],
        ink_used=r["ink_used"],
        invalid_words=r["invalid_words"],
        stats=json.loads(r["stats"]),
    )
    return StoredResult(
        game_id=r["game_id"],
        seat=r["seat"],
        user_id=r["user_id"],
        ai_strength=r["ai_strength"],
        display_name=r["display_name"],
        mode=r["mode"],
        result=result,
        rating_before=r["rating_before"],
        rating_after=r["rating_after"],
        finished_at=r["finished_at"],
    )


__all__ = ["Conn", "SqlStore", "dumps", "marks", "shard_filter", "validate_seats", "validate_timers"]

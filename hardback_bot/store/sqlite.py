"""The SQLite implementation of :class:`~.base.Store` on aiosqlite.

Two connections: one writer, behind an asyncio lock, whose transactions start with ``BEGIN IMMEDIATE`` (the
write lock is taken up front, so two processes never deadlock upgrading a read lock), and one read-only
reader. In WAL mode the reader sees the last committed snapshot and never waits for the writer, and it can
never see half of a transaction that the writer has under way.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from typing import Any, Literal

import aiosqlite

from . import ratings as ratings_mod
from .base import Store
from .errors import (
    ChannelBusy,
    GameNotFound,
    InvalidRecord,
    StaleVersion,
    StoreBusy,
    StoreError,
    WrongStatus,
)
from .export import build_export
from .migrate import migrate
from .models import (
    LEADERBOARD_KINDS,
    CoopResult,
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
    StoredResult,
    Timer,
)
from .settings import GuildSettings

Synchronous = Literal["OFF", "NORMAL", "FULL", "EXTRA"]
# FULL: in WAL mode the WAL is fsynced at every commit, so an acknowledged move survives a power cut or a
# kernel crash too, not only a killed process (NORMAL's promise). It costs one fsync per move, a few ms at
# most (bench/store.py), far inside Discord's 3-second answer budget.
DEFAULT_SYNCHRONOUS: Synchronous = "FULL"

_GAME_COLUMNS = "id, guild_id, channel_id, host_id, status, options, seed, version, created_at, updated_at, finished_at"


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _validate_seats(seats: Sequence[Seat]) -> None:
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


def _validate_timers(game_id: int, timers: Iterable[Timer]) -> list[Timer]:
    out = list(timers)
    for t in out:
        if t.game_id != game_id:
            raise InvalidRecord(f"timer for game {t.game_id} passed with game {game_id}")
    return out


class SqliteStore(Store):
    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        synchronous: Synchronous = DEFAULT_SYNCHRONOUS,
        busy_timeout_ms: int = 5000,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if str(path) == ":memory:":
            # the reader would open a second, empty database
            raise StoreError("SqliteStore needs a file path (use a temporary file in tests)")
        if str(synchronous).upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise StoreError(f"unknown synchronous level {synchronous!r}")
        self.path = os.fspath(path)
        self.synchronous = str(synchronous).upper()
        self.busy_timeout_ms = busy_timeout_ms
        self._clock = clock
        self._w: aiosqlite.Connection | None = None
        self._r: aiosqlite.Connection | None = None
        self._wlock = asyncio.Lock()
        self._rlock = asyncio.Lock()

    # -- lifecycle -------------------------------------------------------------------------------------
    async def _connect(self, *, read_only: bool) -> aiosqlite.Connection:
        db = await aiosqlite.connect(self.path, isolation_level=None)  # we issue BEGIN/COMMIT ourselves
        db.row_factory = aiosqlite.Row
        await db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute(f"PRAGMA synchronous = {self.synchronous}")
        if read_only:
            await db.execute("PRAGMA query_only = ON")
        return db

    async def open(self) -> None:
        if self._w is not None:
            return
        w = await self._connect(read_only=False)
        try:
            rows = await w.execute_fetchall("PRAGMA journal_mode = WAL")  # persistent in the file
            mode = next(iter(rows))[0]
            if str(mode).lower() != "wal":
                raise StoreError(f"could not switch {self.path} to WAL mode (got {mode})")
            await migrate(w)
            self._r = await self._connect(read_only=True)
        except BaseException:
            await w.close()
            raise
        self._w = w

    async def close(self) -> None:
        if self._w is not None:
            with suppress(Exception):  # keeps the planner's statistics fresh; SQLite's advice for long runs
                await self._w.execute("PRAGMA optimize")
        for attr in ("_r", "_w"):
            db = getattr(self, attr)
            setattr(self, attr, None)
            if db is not None:
                await db.close()

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction. Raising inside rolls it back; the caller learns of success only after
        COMMIT returned (that is the moment the move is durable)."""
        db = self._w
        if db is None:
            raise StoreError("store is not open")
        async with self._wlock:
            try:
                await db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:  # busy_timeout ran out: another process holds the lock
                raise StoreBusy(f"the database is locked by another writer: {exc}") from exc
            try:
                yield db
            except BaseException:
                with suppress(Exception):
                    await db.execute("ROLLBACK")
                raise
            try:
                await db.execute("COMMIT")
            except BaseException:
                with suppress(Exception):
                    await db.execute("ROLLBACK")
                raise

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A consistent snapshot across several SELECTs."""
        db = self._r
        if db is None:
            raise StoreError("store is not open")
        async with self._rlock:
            await db.execute("BEGIN")
            try:
                yield db
            finally:
                with suppress(Exception):
                    await db.execute("COMMIT")

    def _now(self) -> float:
        return float(self._clock())

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
        _validate_seats(seats)
        now = self._now()
        async with self._write() as db:
            busy = await db.execute_fetchall(
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
            )
            if busy:
                raise ChannelBusy(channel_id, next(iter(busy))[0])
            cur = await db.execute(
                "INSERT INTO games (guild_id, channel_id, host_id, status, options, version, created_at,"
                " updated_at) VALUES (?, ?, ?, 'lobby', ?, 0, ?, ?)",
                (guild_id, channel_id, host_id, _dumps(dict(options)), now, now),
            )
            game_id = cur.lastrowid
            assert game_id is not None
            await self._insert_seats(db, game_id, seats)
        return await self.get_game(game_id)

    async def _insert_seats(self, db: aiosqlite.Connection, game_id: int, seats: Sequence[Seat]) -> None:
        await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, ai_strength, display_name) VALUES (?, ?, ?, ?, ?)",
            [(game_id, s.seat, s.user_id, s.ai_strength, s.display_name) for s in seats],
        )

    async def _insert_timers(self, db: aiosqlite.Connection, timers: Sequence[Timer], now: float) -> None:
        await db.executemany(
            "INSERT INTO timers (game_id, kind, seat, deadline, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [(t.game_id, t.kind, t.seat, float(t.deadline), _dumps(dict(t.payload)), now) for t in timers],
        )

    async def _insert_deliveries(
        self, db: aiosqlite.Connection, game_id: int, deliveries: Sequence[Delivery], version: int | None, now: float
    ) -> None:
        if not deliveries:
            return
        rows = await db.execute_fetchall("SELECT channel_id FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        channel = int(next(iter(rows))[0])
        for d in deliveries:
            if d.game_id != game_id:
                raise InvalidRecord(f"delivery for game {d.game_id} passed with game {game_id}")
        await db.executemany(
            "INSERT INTO deliveries (game_id, channel_id, kind, payload, version, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, d.channel_id or channel, d.kind, _dumps(dict(d.payload)), version, now) for d in deliveries],
        )

    async def _bump(
        self,
        db: aiosqlite.Connection,
        game_id: int,
        expected_version: int | None,
        allowed: Sequence[str],
        sets: str = "",
        params: Sequence[Any] = (),
    ) -> int:
        """Raise the game's version by one if it is at ``expected_version`` and in an ``allowed`` status,
        with extra ``sets``; otherwise explain why not. Returns the new version."""
        rows = await db.execute_fetchall("SELECT status, version FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        status, version = next(iter(rows))
        if expected_version is not None and version != expected_version:
            raise StaleVersion(game_id, expected_version, version)
        if status not in allowed:
            raise WrongStatus(game_id, status, " or ".join(allowed))
        extra = f", {sets}" if sets else ""
        cur = await db.execute(
            f"UPDATE games SET version = version + 1, updated_at = ?{extra} WHERE id = ? AND version = ?",
            (self._now(), *params, game_id, version),
        )
        if cur.rowcount != 1:  # cannot happen under BEGIN IMMEDIATE; belt and braces
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
            _validate_seats(seats)
        sets, params = ("options = ?", [_dumps(dict(options))]) if options is not None else ("", [])
        async with self._write() as db:
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
            _validate_seats(seats)
        timer_list = _validate_timers(game_id, timers or ())
        sets = "status = 'playing', seed = ?, state = ?"
        params: list[Any] = [int(seed), state]
        if options is not None:
            sets += ", options = ?"
            params.append(_dumps(dict(options)))
        now = self._now()
        async with self._write() as db:
            version = await self._bump(db, game_id, expected_version, ("lobby",), sets, params)
            if seats is not None:
                await self._insert_seats(db, game_id, seats)
            count = next(iter(await db.execute_fetchall("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,))))
            if count[0] < 1:
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
        timer_list = _validate_timers(game_id, timers) if timers is not None else None
        now = self._now()
        sets = "state = ?"
        params: list[Any] = [state]
        if finished:
            sets += ", status = 'finished', finished_at = ?"
            params.append(now)
        async with self._write() as db:
            version = await self._bump(db, game_id, expected_version, ("playing",), sets, params)
            rows = await db.execute_fetchall("SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?", (game_id,))
            last = int(next(iter(rows))[0])
            await db.executemany(
                "INSERT INTO moves (game_id, seq, seat, move, created_at, version) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, last + i, int(seat), str(text), now, version) for i, (seat, text) in enumerate(moves, 1)],
            )
            if finished or timer_list is not None:
                await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
                if timer_list and not finished:
                    await self._insert_timers(db, timer_list, now)
            if outcome is not None:
                await self._write_outcome(db, game_id, outcome, now)
            await self._insert_deliveries(db, game_id, deliveries, version, now)
        return version

    async def replace_seat(self, game_id: int, expected_version: int, seat: Seat,
                           deliveries: Sequence[Delivery] = ()) -> int:
        _validate_seats([Seat(0, seat.display_name, seat.user_id, seat.ai_strength)])
        async with self._write() as db:
            version = await self._bump(db, game_id, expected_version, ("lobby", "playing"))
            cur = await db.execute(
                "UPDATE seats SET user_id = ?, ai_strength = ?, display_name = ? WHERE game_id = ? AND seat = ?",
                (seat.user_id, seat.ai_strength, seat.display_name, game_id, seat.seat),
            )
            if cur.rowcount != 1:
                raise InvalidRecord(f"game {game_id} has no seat {seat.seat}")
            await self._insert_deliveries(db, game_id, deliveries, version, self._now())
        return version

    async def abandon_game(self, game_id: int, expected_version: int | None = None,
                           deliveries: Sequence[Delivery] = ()) -> int:
        async with self._write() as db:
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
        async with self._read() as db:
            games = await self._load_games(db, "id = ?", (game_id,), with_state=with_state)
        if not games:
            raise GameNotFound(game_id)
        return games[0]

    async def running_game_in_channel(self, channel_id: int) -> GameRecord | None:
        async with self._read() as db:
            games = await self._load_games(
                db, "channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,), with_state=True
            )
        return games[0] if games else None

    async def finished_since(self, since: float) -> list[GameRecord]:
        async with self._read() as db:
            return await self._load_games(db, "status = 'finished' AND finished_at >= ?", (since,), with_state=False)

    async def ended_since(self, since: float) -> list[GameRecord]:
        async with self._read() as db:
            return await self._load_games(
                db, "status IN ('finished', 'abandoned') AND finished_at >= ?", (float(since),), with_state=False
            )

    async def recent_games(self, guild_id: int, *, limit: int = 10) -> list[GameRecord]:
        # The id subquery uses the (guild_id, status, updated_at) index; _load_games then reads by id.
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT id FROM games WHERE guild_id = ? AND status IN ('finished', 'abandoned')"
                " ORDER BY updated_at DESC LIMIT ?", (guild_id, limit))
            ids = [r[0] for r in rows]
            if not ids:
                return []
            marks = ", ".join("?" for _ in ids)
            games = await self._load_games(db, f"id IN ({marks})", ids, with_state=False)
        order = {game_id: i for i, game_id in enumerate(ids)}
        return sorted(games, key=lambda g: order[g.id])

    async def _load_games(
        self, db: aiosqlite.Connection, where: str, params: Sequence[Any], *, with_state: bool
    ) -> list[GameRecord]:
        """Games matching ``where`` with seats, messages and move counts: four queries however many."""
        cols = _GAME_COLUMNS + (", state" if with_state else "")
        games = await db.execute_fetchall(f"SELECT {cols} FROM games WHERE {where} ORDER BY id", params)
        if not games:
            return []
        sub = f"SELECT id FROM games WHERE {where}"
        seats: dict[int, list[Seat]] = {}
        for r in await db.execute_fetchall(
            f"SELECT game_id, seat, user_id, ai_strength, display_name FROM seats WHERE game_id IN ({sub})"
            " ORDER BY game_id, seat",
            params,
        ):
            seats.setdefault(r[0], []).append(Seat(r[1], r[4], r[2], r[3]))
        messages: dict[int, dict[str, int]] = {}
        shown: dict[int, dict[str, int | None]] = {}
        for r in await db.execute_fetchall(
            f"SELECT game_id, kind, message_id, version FROM game_messages WHERE game_id IN ({sub})", params
        ):
            messages.setdefault(r[0], {})[r[1]] = r[2]
            shown.setdefault(r[0], {})[r[1]] = r[3]
        counts = {
            r[0]: r[1]
            for r in await db.execute_fetchall(
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
            )
            for g in games
        ]

    async def get_moves(self, game_id: int, *, after_seq: int = 0) -> list[Move]:
        async with self._rlock:
            assert self._r is not None
            rows = await self._r.execute_fetchall(
                "SELECT seq, seat, move, created_at, version FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, after_seq),
            )
        return [Move(*r) for r in rows]

    async def moves_after_version(self, game_id: int, version: int) -> list[Move]:
        async with self._rlock:
            assert self._r is not None
            rows = await self._r.execute_fetchall(
                "SELECT seq, seat, move, created_at, version FROM moves WHERE game_id = ? AND version > ?"
                " ORDER BY seq",
                (game_id, version),
            )
        return [Move(*r) for r in rows]

    async def set_message(self, game_id: int, kind: str, message_id: int, channel_id: int | None = None,
                          version: int | None = None) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT INTO game_messages (game_id, kind, message_id, channel_id, version) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, kind) DO UPDATE SET message_id = excluded.message_id,"
                " channel_id = excluded.channel_id, version = excluded.version",
                (game_id, kind, message_id, channel_id, version),
            )

    async def set_message_version(self, game_id: int, kind: str, version: int) -> None:
        async with self._write() as db:
            await db.execute(
                "UPDATE game_messages SET version = ? WHERE game_id = ? AND kind = ?", (int(version), game_id, kind)
            )

    async def find_message(self, message_id: int) -> tuple[int, str] | None:
        async with self._rlock:
            assert self._r is not None
            rows = list(await self._r.execute_fetchall(
                "SELECT game_id, kind FROM game_messages WHERE message_id = ? ORDER BY game_id DESC LIMIT 1",
                (int(message_id),),
            ))
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    # -- the outbox ------------------------------------------------------------------------------------
    async def add_deliveries(self, game_id: int, deliveries: Sequence[Delivery]) -> None:
        async with self._write() as db:
            version = await db.execute_fetchall("SELECT version FROM games WHERE id = ?", (game_id,))
            if not version:
                raise GameNotFound(game_id)
            await self._insert_deliveries(db, game_id, deliveries, int(next(iter(version))[0]), self._now())

    async def fire_timer(self, timer_id: int, deliveries: Sequence[Delivery] = ()) -> bool:
        async with self._write() as db:
            rows = list(await db.execute_fetchall("DELETE FROM timers WHERE id = ? RETURNING game_id", (timer_id,)))
            if not rows:
                return False
            game_id = int(rows[0][0])
            version = await db.execute_fetchall("SELECT version FROM games WHERE id = ?", (game_id,))
            await self._insert_deliveries(db, game_id, deliveries, int(next(iter(version))[0]), self._now())
        return True

    async def pending_deliveries(self, game_id: int, *, limit: int = 100) -> list[Delivery]:
        return await self._deliveries("game_id = ? AND delivered_at IS NULL", (game_id,), limit)

    async def game_deliveries(self, game_id: int) -> list[Delivery]:
        return await self._deliveries("game_id = ?", (game_id,), 1_000_000)

    async def live_deliveries(self, game_id: int) -> list[Delivery]:
        return await self._deliveries("game_id = ? AND live = 1", (game_id,), 1000)

    async def _deliveries(self, where: str, params: Sequence[Any], limit: int) -> list[Delivery]:
        async with self._rlock:
            assert self._r is not None
            rows = await self._r.execute_fetchall(
                "SELECT id, game_id, channel_id, kind, payload, version, created_at, batch, claimed_at,"
                f" delivered_at, message_id, live FROM deliveries WHERE {where} ORDER BY id LIMIT ?",
                (*params, int(limit)),
            )
        return [
            Delivery(game_id=r[1], kind=r[3], payload=json.loads(r[4]), channel_id=r[2], id=r[0], version=r[5],
                     created_at=r[6], batch=r[7], claimed_at=r[8], delivered_at=r[9], message_id=r[10],
                     live=bool(r[11]))
            for r in rows
        ]

    async def games_with_pending_deliveries(self) -> list[int]:
        async with self._rlock:
            assert self._r is not None
            rows = await self._r.execute_fetchall(
                "SELECT DISTINCT game_id FROM deliveries WHERE delivered_at IS NULL ORDER BY game_id"
            )
        return [int(r[0]) for r in rows]

    async def claim_deliveries(self, ids: Sequence[int]) -> int:
        if not ids:
            raise InvalidRecord("claim_deliveries needs at least one id")
        batch = min(int(i) for i in ids)
        marks = ",".join("?" * len(ids))
        async with self._write() as db:
            await db.execute(
                f"UPDATE deliveries SET batch = ?, claimed_at = ? WHERE batch IS NULL AND id IN ({marks})",
                (batch, self._now(), *map(int, ids)),
            )
        return batch

    async def mark_delivered(self, ids: Sequence[int], message_id: int | None, *, live: bool = False) -> None:
        if not ids:
            return
        marks = ",".join("?" * len(ids))
        async with self._write() as db:
            await db.execute(
                f"UPDATE deliveries SET delivered_at = ?, message_id = ?, live = ? WHERE id IN ({marks})",
                (self._now(), message_id, int(live), *map(int, ids)),
            )

    async def clear_live(self, ids: Sequence[int]) -> None:
        if not ids:
            return
        marks = ",".join("?" * len(ids))
        async with self._write() as db:
            await db.execute(f"UPDATE deliveries SET live = 0 WHERE id IN ({marks})", tuple(map(int, ids)))

    # -- private panels --------------------------------------------------------------------------------
    async def save_panel(self, panel: PanelToken) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT INTO panels (game_id, user_id, application_id, token, created_at, version, locale)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET"
                " application_id = excluded.application_id, token = excluded.token,"
                " created_at = excluded.created_at, version = excluded.version, locale = excluded.locale",
                (panel.game_id, panel.user_id, panel.application_id, panel.token, float(panel.created_at),
                 panel.version, panel.locale),
            )

    async def fresh_panels(self, game_id: int, *, since: float) -> list[PanelToken]:
        async with self._rlock:
            assert self._r is not None
            rows = await self._r.execute_fetchall(
                "SELECT game_id, user_id, application_id, token, created_at, version, locale FROM panels"
                " WHERE game_id = ? AND created_at >= ? ORDER BY user_id",
                (game_id, float(since)),
            )
        return [PanelToken(*r) for r in rows]

    async def set_panel_version(self, game_id: int, user_id: int, token: str, version: int) -> None:
        async with self._write() as db:
            await db.execute(
                "UPDATE panels SET version = ? WHERE game_id = ? AND user_id = ? AND token = ?",
                (int(version), game_id, user_id, token),
            )

    async def drop_panels(self, older_than: float) -> int:
        async with self._write() as db:
            cur = await db.execute("DELETE FROM panels WHERE created_at < ?", (float(older_than),))
            return int(cur.rowcount or 0)

    async def clear_message(self, game_id: int, kind: str) -> None:
        async with self._write() as db:
            await db.execute("DELETE FROM game_messages WHERE game_id = ? AND kind = ?", (game_id, kind))

    # -- recovery --------------------------------------------------------------------------------------
    async def list_unfinished(self, *, with_state: bool = False) -> list[ResumeInfo]:
        where = "status IN ('lobby', 'playing')"
        async with self._read() as db:
            games = await self._load_games(db, where, (), with_state=with_state)
            timers: dict[int, list[Timer]] = {}
            for r in await db.execute_fetchall(
                "SELECT id, game_id, kind, seat, deadline, payload FROM timers"
                f" WHERE game_id IN (SELECT id FROM games WHERE {where}) ORDER BY deadline"
            ):
                timers.setdefault(r[1], []).append(_timer(r))
            channels: dict[int, dict[str, int]] = {}
            for r in await db.execute_fetchall(
                "SELECT game_id, kind, channel_id FROM game_messages WHERE channel_id IS NOT NULL"
                f" AND game_id IN (SELECT id FROM games WHERE {where})"
            ):
                channels.setdefault(r[0], {})[r[1]] = r[2]
        return [ResumeInfo(g, tuple(timers.get(g.id, ())), channels.get(g.id, {})) for g in games]

    async def expire_lobbies(self, older_than: float) -> list[int]:
        now = self._now()
        async with self._write() as db:
            rows = await db.execute_fetchall(
                "UPDATE games SET status = 'abandoned', version = version + 1,"
                " updated_at = ?, finished_at = ?"
                " WHERE status = 'lobby' AND updated_at < ? RETURNING id",
                (now, now, now - older_than),
            )
            ids = sorted(r[0] for r in rows)
            if ids:
                await db.execute(f"DELETE FROM timers WHERE game_id IN ({','.join('?' * len(ids))})", ids)
        return ids

    # -- timers ----------------------------------------------------------------------------------------
    async def set_timer(self, timer: Timer) -> Timer:
        now = self._now()
        async with self._write() as db:
            await db.execute(
                "DELETE FROM timers WHERE game_id = ? AND kind = ? AND seat IS ?",
                (timer.game_id, timer.kind, timer.seat),
            )
            cur = await db.execute(
                "INSERT INTO timers (game_id, kind, seat, deadline, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    timer.game_id,
                    timer.kind,
                    timer.seat,
                    float(timer.deadline),
                    _dumps(dict(timer.payload)),
                    now,
                ),
            )
            timer_id = cur.lastrowid
        return Timer(timer.game_id, timer.kind, float(timer.deadline), timer.seat, dict(timer.payload), timer_id)

    async def cancel_timers(self, game_id: int, kind: str | None = None, seat: int | None = None) -> int:
        where, params = "game_id = ?", [game_id]
        if kind is not None:
            where += " AND kind = ?"
            params.append(kind)
            if seat is not None:
                where += " AND seat = ?"
                params.append(seat)
        async with self._write() as db:
            cur = await db.execute(f"DELETE FROM timers WHERE {where}", params)
            return cur.rowcount

    async def delete_timer(self, timer_id: int) -> bool:
        async with self._write() as db:
            cur = await db.execute("DELETE FROM timers WHERE id = ?", (timer_id,))
            return cur.rowcount == 1

    async def _timers(self, where: str, params: Sequence[Any], limit: int | None = None) -> list[Timer]:
        sql = f"SELECT id, game_id, kind, seat, deadline, payload FROM timers WHERE {where}"
        sql += " ORDER BY deadline, id"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        async with self._rlock:
            assert self._r is not None
            rows = await self._r.execute_fetchall(sql, params)
        return [_timer(r) for r in rows]

    async def next_timer(self) -> Timer | None:
        found = await self._timers("1 = 1", (), 1)
        return found[0] if found else None

    async def due_timers(self, now: float | None = None, limit: int = 100) -> list[Timer]:
        return await self._timers("deadline <= ?", (self._now() if now is None else now,), limit)

    async def game_timers(self, game_id: int) -> list[Timer]:
        return await self._timers("game_id = ?", (game_id,))

    async def shift_deadlines(self, delta: float, *, before: float | None = None) -> int:
        async with self._write() as db:
            if before is None:
                cur = await db.execute("UPDATE timers SET deadline = deadline + ?", (delta,))
            else:
                cur = await db.execute("UPDATE timers SET deadline = deadline + ? WHERE deadline < ?", (delta, before))
            return cur.rowcount

    async def heartbeat(self) -> None:
        now = self._now()
        async with self._write() as db:
            await db.execute(
                "INSERT INTO store_meta (key, value, updated_at) VALUES ('heartbeat', ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                (repr(now), now),
            )

    async def last_heartbeat(self) -> float | None:
        async with self._rlock:
            assert self._r is not None
            rows = list(await self._r.execute_fetchall("SELECT value FROM store_meta WHERE key = 'heartbeat'"))
        return float(rows[0][0]) if rows else None

    # -- results ---------------------------------------------------------------------------------------
    async def record_outcome(self, game_id: int, outcome: GameOutcome) -> bool:
        async with self._write() as db:
            rows = await db.execute_fetchall("SELECT status FROM games WHERE id = ?", (game_id,))
            if not rows:
                raise GameNotFound(game_id)
            status = next(iter(rows))[0]
            if status != "finished":
                raise WrongStatus(game_id, status, "finished")
            return await self._write_outcome(db, game_id, outcome, self._now())

    async def _write_outcome(self, db: aiosqlite.Connection, game_id: int, outcome: GameOutcome, now: float) -> bool:
        guild_id = next(iter(await db.execute_fetchall("SELECT guild_id FROM games WHERE id = ?", (game_id,))))[0]
        seat_rows = await db.execute_fetchall(
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
        # The outcome row goes first: if it exists this game was already recorded, and nothing else is
        # written (a retried finishing move, or two paths racing to record the same end).
        cur = await db.execute(
            "INSERT INTO game_outcomes (game_id, guild_id, mode, rated, table_stats, coop_won, team_score,"
            " penny_score, coop_genre, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id) DO NOTHING",
            (
                game_id,
                guild_id,
                outcome.mode,
                int(rated),
                _dumps(dict(outcome.table_stats)),
                None if coop is None else int(coop.won),
                None if coop is None else coop.team_score,
                None if coop is None else coop.penny_score,
                None if coop is None else coop.genre,
                now,
            ),
        )
        if cur.rowcount != 1:
            return False
        before: dict[int, float] = {}
        after: dict[int, Rating] = {}
        if rated:
            ids = sorted(humans)
            prior: dict[int, Rating | None] = dict.fromkeys(ids)
            for r in await db.execute_fetchall(
                f"SELECT user_id, mu, sigma, ordinal, games FROM ratings WHERE guild_id = ?"
                f" AND user_id IN ({','.join('?' * len(ids))})",
                (guild_id, *ids),
            ):
                prior[r[0]] = Rating(r[1], r[2], r[3], r[4])
            before = {u: (p or ratings_mod.initial()).ordinal for u, p in prior.items()}
            after = ratings_mod.rate(prior, humans)
            await db.executemany(
                "INSERT INTO ratings (guild_id, user_id, mu, sigma, ordinal, games, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
                " mu = excluded.mu,"
                " sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games,"
                " updated_at = excluded.updated_at",
                [(guild_id, u, r.mu, r.sigma, r.ordinal, r.games, now) for u, r in after.items()],
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
                    _dumps(dict(p.stats)),
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
            "INSERT INTO results (game_id, seat, guild_id, user_id, ai_strength, display_name, mode, rank,"
            " won,"
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
            " display_name = excluded.display_name, games = games + 1, wins = wins + excluded.wins,"
            " prestige_sum = prestige_sum + excluded.prestige_sum,"
            " words_sum = words_sum + excluded.words_sum,"
            " best_word = CASE WHEN excluded.best_word_prestige > best_word_prestige"
            "   THEN excluded.best_word ELSE best_word END,"
            " best_word_prestige = MAX(best_word_prestige, excluded.best_word_prestige),"
            " longest_word = CASE WHEN excluded.longest_word_len > longest_word_len"
            "   THEN excluded.longest_word ELSE longest_word END,"
            " longest_word_len = MAX(longest_word_len, excluded.longest_word_len),"
            " cards_bought_sum = cards_bought_sum + excluded.cards_bought_sum,"
            " cards_trashed_sum = cards_trashed_sum + excluded.cards_trashed_sum,"
            " ink_used_sum = ink_used_sum + excluded.ink_used_sum,"
            " invalid_words_sum = invalid_words_sum + excluded.invalid_words_sum,"
            " margin_sum = margin_sum + excluded.margin_sum, last_played = excluded.last_played",
            total_rows,
        )
        return True

    async def get_results(self, game_id: int) -> list[StoredResult]:
        async with self._rlock:
            assert self._r is not None
            rows = await self._r.execute_fetchall("SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,))
        return [_stored_result(r) for r in rows]

    async def get_rating(self, guild_id: int, user_id: int) -> Rating | None:
        async with self._rlock:
            assert self._r is not None
            rows = list(
                await self._r.execute_fetchall(
                    "SELECT mu, sigma, ordinal, games FROM ratings WHERE guild_id = ? AND user_id = ?",
                    (guild_id, user_id),
                )
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
                "SELECT user_id, display_name, CAST(wins AS REAL) / games AS value, games, wins, NULL AS word"
                f" {comp} AND games >= ?",
                (guild_id, max(1, int(min_games))),
            ),
            "best_word": _word_query("best_word_prestige", "best_word", guild_id),
            "longest_word": _word_query("longest_word_len", "longest_word", guild_id),
        }
        inner, params = queries[by]
        sql = (
            "SELECT RANK() OVER (ORDER BY b.value DESC) AS pos, b.* FROM ("
            f"{inner}) AS b"
            " ORDER BY pos, b.games ASC, b.user_id LIMIT ? OFFSET ?"
        )
        async with self._rlock:
            assert self._r is not None
            rows = await self._r.execute_fetchall(sql, (*params, limit, offset))
        return [LeaderboardEntry(r[0], r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows]

    async def player_stats(self, guild_id: int, user_id: int, *, recent: int = 5) -> PlayerStats:
        async with self._read() as db:
            totals = {
                r["mode"]: r
                for r in await db.execute_fetchall(
                    "SELECT * FROM player_totals WHERE guild_id = ? AND mode IN ('competitive', 'coop')"
                    " AND user_id = ?",
                    (guild_id, user_id),
                )
            }
            rating_rows = list(
                await db.execute_fetchall(
                    "SELECT mu, sigma, ordinal, games FROM ratings WHERE guild_id = ? AND user_id = ?",
                    (guild_id, user_id),
                )
            )
            genre_rows = await db.execute_fetchall(
                "SELECT COALESCE(o.coop_genre, 'none'), SUM(r.won), COUNT(*) FROM results r"
                " JOIN game_outcomes o ON o.game_id = r.game_id"
                " WHERE r.guild_id = ? AND r.user_id = ? AND r.mode = 'coop' GROUP BY 1",
                (guild_id, user_id),
            )
            recent_rows = await db.execute_fetchall(
                "SELECT * FROM results WHERE guild_id = ? AND user_id = ?"
                " ORDER BY finished_at DESC, game_id DESC"
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
        async with self._rlock:
            assert self._r is not None
            rows = list(
                await self._r.execute_fetchall("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
            )
        return GuildSettings.from_json(rows[0][0]) if rows else GuildSettings()

    async def set_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        if not isinstance(settings, GuildSettings):
            raise InvalidRecord("settings must be a GuildSettings")
        text = GuildSettings.from_dict(settings.to_dict()).to_json()  # re-validated: frozen is not deep
        async with self._write() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
                " updated_at = excluded.updated_at",
                (guild_id, text, self._now()),
            )

    # -- export ----------------------------------------------------------------------------------------
    async def export_game(self, game_id: int, *, with_state: bool = True) -> dict[str, Any]:
        async with self._read() as db:
            games = await self._load_games(db, "id = ?", (game_id,), with_state=with_state)
            if not games:
                raise GameNotFound(game_id)
            moves = await db.execute_fetchall(
                "SELECT seq, seat, move, created_at FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
            )
        return build_export(games[0], [Move(r[0], r[1], r[2], r[3]) for r in moves], exported_at=self._now())


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


__all__ = ["DEFAULT_SYNCHRONOUS", "CoopResult", "SqliteStore"]

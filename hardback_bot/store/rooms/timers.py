"""Timers (turn limits, reminders, votes) served by one dispatcher, and the heartbeat that measures a restart's
downtime so deadlines move by it."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any

from ..core import HEARTBEAT, TIMER_COLUMNS, Conn, Room, dumps, marks, shard_filter
from ..errors import GameNotFound
from ..models import (
    Shards,
    Timer,
)
from ..payloads import due

#: The payload key of a held timer's own deadline (Timer.held).
HELD = "held"

#: A SELECT's rows: ``StoreCore.query`` outside a transaction, ``Conn.fetch`` inside one.
Fetch = Callable[[str, Sequence[Any]], Awaitable[list[Any]]]


class TimersRoom(Room):
    async def insert_timers(self, db: Conn, timers: Sequence[Timer], now: float) -> None:
        await db.executemany(
            "INSERT INTO timers (game_id, kind, seat, deadline, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [(t.game_id, t.kind, t.seat, float(t.deadline), dumps(timer_json(t)), now) for t in timers],
        )

    async def set_timer(self, timer: Timer) -> Timer:
        """Add a timer, replacing any of the same game, kind and seat. Returns it with its id."""
        now = self.core.now()
        same_seat, seat_params = ("seat IS NULL", []) if timer.seat is None else ("seat = ?", [timer.seat])
        async with self.core.write() as db:
            # the game row first: two writers replacing the same timer take turns
            if await db.fetchone(f"SELECT id FROM games WHERE id = ?{self.core.lock_row}", (timer.game_id,)) is None:
                raise GameNotFound(timer.game_id)
            await db.execute(
                f"DELETE FROM timers WHERE game_id = ? AND kind = ? AND {same_seat}",
                (timer.game_id, timer.kind, *seat_params),
            )
            timer_id = await db.fetchval(
                "INSERT INTO timers (game_id, kind, seat, deadline, payload, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (timer.game_id, timer.kind, timer.seat, float(timer.deadline), dumps(timer_json(timer)), now),
            )
        return replace(timer, deadline=float(timer.deadline), id=timer_id)

    async def cancel_timers(self, game_id: int, kind: str | None = None, seat: int | None = None) -> int:
        """Delete a game's timers (all, or of one kind, or of one kind and seat); returns how many."""
        where, params = "game_id = ?", [game_id]
        if kind is not None:
            where += " AND kind = ?"
            params.append(kind)
            if seat is not None:
                where += " AND seat = ?"
                params.append(seat)
        async with self.core.write() as db:
            return await db.execute(f"DELETE FROM timers WHERE {where}", params)

    async def delete_timer(self, timer_id: int) -> bool:
        """Delete one timer; False if it was already gone (another path handled it)."""
        async with self.core.write() as db:
            return await db.execute("DELETE FROM timers WHERE id = ?", (timer_id,)) == 1

    async def _timers(
        self, where: str, params: Sequence[Any], limit: int | None = None, *, scoped: bool
    ) -> list[Timer]:
        if scoped and self.core.shards is not None:
            scope, scope_params = timer_scope(self.core.shards)
            where += f" AND {scope}"
            params = [*params, *scope_params]
        sql = f"SELECT {TIMER_COLUMNS} FROM timers WHERE {where} ORDER BY deadline, id"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        return [timer_of(r) for r in await self.core.query(sql, params)]

    async def next_timer(self) -> Timer | None:
        """The timer with the earliest deadline, for the dispatcher to sleep until."""
        found = await self._timers("1 = 1", (), 1, scoped=True)
        return found[0] if found else None

    async def due_timers(self, now: float | None = None, limit: int = 100) -> list[Timer]:
        """Timers whose deadline has passed, earliest first."""
        return await self._timers("deadline <= ?", (self.core.now() if now is None else now,), limit, scoped=True)

    async def game_timers(self, game_id: int) -> list[Timer]:
        return await self._timers("game_id = ?", (game_id,), scoped=False)

    async def shift_deadlines(self, delta: float, *, before: float | None = None) -> int:
        """Add ``delta`` seconds to every deadline (or to those before ``before``), e.g. the downtime after a
        restart so that nobody's turn expired while the bot was away. Returns how many moved."""
        async with self.core.write() as db:
            return await self._shift(db, delta, before)

    async def _shift(self, db: Conn, delta: float, before: float | None) -> int:
        where, params = "1 = 1", []
        if before is not None:
            where, params = "deadline < ?", [before]
        if self.core.shards is not None:
            scope, scope_params = timer_scope(self.core.shards)
            where += f" AND {scope}"
            params += scope_params
        return await db.execute(f"UPDATE timers SET deadline = deadline + ? WHERE {where}", (delta, *params))

    def _heartbeat_keys(self) -> list[str]:
        if self.core.shards is None:
            return []
        return [f"{HEARTBEAT}:{self.core.shards.count}:{i}" for i in self.core.shards.ids]

    async def heartbeat(self) -> None:
        """Record that the bot is alive now (the bot beats every second)."""
        async with self.core.write() as db:
            await self._beat(db, self.core.now())

    async def _beat(self, db: Conn, now: float) -> None:
        await db.executemany(
            "INSERT INTO store_meta (key, value, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            [(key, repr(now), now) for key in [HEARTBEAT, *self._heartbeat_keys()]],
        )

    async def last_heartbeat(self) -> float | None:
        """When the bot (this process's shards) last beat."""
        return await self._last_heartbeat(self.core.query)

    async def _last_heartbeat(self, fetch: Fetch) -> float | None:
        # A sharded process's downtime is that of its own shards (another process kept beating meanwhile):
        # the oldest of their beats, so that nobody of those guilds times out because of it. Shards that
        # never beat (the first sharded start) fall back to the bot-wide beat.
        keys = self._heartbeat_keys()
        if keys:
            rows = await fetch(f"SELECT value FROM store_meta WHERE key IN ({marks(keys)})", keys)
            if rows:
                return min(float(r[0]) for r in rows)
        value = await fetch("SELECT value FROM store_meta WHERE key = ?", (HEARTBEAT,))
        return float(value[0][0]) if value else None

    async def _last_seen(self, fetch: Fetch) -> float | None:
        """When this process's shards were last known alive: their newest heartbeat or the newest commit of one
        of their running games."""
        beat = await self._last_heartbeat(fetch)
        scope, params = shard_filter(self.core.shards)
        rows = await fetch(f"SELECT MAX(updated_at) FROM games WHERE status = 'playing' AND {scope}", params)
        commit = rows[0][0] if rows and rows[0][0] is not None else None
        known = [float(x) for x in (beat, commit) if x is not None]
        return max(known) if known else None

    async def count_downtime(self) -> tuple[float, int] | None:
        """At start-up: how long this process's shards were away (since their newest heartbeat or the newest
        commit of one of their running games), every deadline of theirs moved by that, and a heartbeat written
        now, in one transaction. So a crash anywhere in a start-up counts the downtime once: before the commit
        nothing moved and the next start counts all of it; after it, the heartbeat says it is counted. Returns
        (downtime, deadlines moved), or None for a store that never saw the bot alive (nothing to move)."""
        async with self.core.write() as db:
            last = await self._last_seen(db.fetch)
            now = self.core.now()
            await self._beat(db, now)
            if last is None:
                return None
            downtime = max(0.0, now - last)
            return downtime, await self._shift(db, downtime, None)


def timer_scope(shards: Shards) -> tuple[str, list[Any]]:
    """Timers of games on ``shards``: a primary-key probe per timer (walking the deadline index), never a
    scan of every game ever played."""
    scope, params = shard_filter(shards, "g.guild_id")
    return f"EXISTS (SELECT 1 FROM games g WHERE g.id = timers.game_id AND {scope})", params


def timer_of(r: Any) -> Timer:
    """A timer row read back: its payload decoded once, here (``held`` is the store's own key in it)."""
    data = json.loads(r[5])
    held = data.pop(HELD, None) if isinstance(data, dict) else None
    return Timer(game_id=r[1], payload=due(r[2], data), deadline=r[4], seat=r[3], id=r[0],
                 held=float(held) if isinstance(held, int | float) and not isinstance(held, bool) else None)


def timer_json(timer: Timer) -> Any:
    """The payload column of ``timer``: its value's JSON, with ``held`` added while it is held."""
    data = timer.payload.to_json()
    if timer.held is not None and isinstance(data, dict):
        data = {**data, HELD: timer.held}
    return data

"""The outbox: what the channel must be shown, written with the commit that causes it, claimed before it is sent and
marked once delivered (exactly once, across crashes)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..core import DELIVERY_COLUMNS, Conn, Room, dumps, marks, shard_filter
from ..errors import GameNotFound, InvalidRecord
from ..models import (
    Delivery,
)
from ..payloads import outgoing


class OutboxRoom(Room):
    async def insert_deliveries(
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
            [(game_id, d.channel_id or int(channel), d.kind, dumps(d.payload.to_json()), version, now)
             for d in deliveries],
        )

    async def add_deliveries(self, game_id: int, deliveries: Sequence[Delivery]) -> None:
        """Write deliveries that no version change comes with (a reminder, say) in one transaction."""
        async with self.core.write() as db:
            version = await db.fetchval(f"SELECT version FROM games WHERE id = ?{self.core.lock_row}", (game_id,))
            if version is None:
                raise GameNotFound(game_id)
            await self.insert_deliveries(db, game_id, deliveries, int(version), self.core.now())

    async def fire_timer(self, timer_id: int, deliveries: Sequence[Delivery] = ()) -> bool:
        """Delete a timer and write ``deliveries`` in one transaction; False, writing nothing, when the timer
        was already gone (another path handled it)."""
        async with self.core.write() as db:
            # the DELETE is the claim: of two processes firing one timer, only one gets its row back
            game_id = await db.fetchval("DELETE FROM timers WHERE id = ? RETURNING game_id", (timer_id,))
            if game_id is None:
                return False
            version = await db.fetchval("SELECT version FROM games WHERE id = ?", (game_id,))
            await self.insert_deliveries(db, int(game_id), deliveries, int(version), self.core.now())
        return True

    async def pending_deliveries(self, game_id: int, *, limit: int = 100) -> list[Delivery]:
        """Undelivered rows of a game, oldest first."""
        return await self._deliveries("game_id = ? AND delivered_at IS NULL", (game_id,), limit)

    async def game_deliveries(self, game_id: int) -> list[Delivery]:
        """Every row of a game, delivered or not, oldest first (audits, tests, bug reports)."""
        return await self._deliveries("game_id = ?", (game_id,), 1_000_000)

    async def live_deliveries(self, game_id: int) -> list[Delivery]:
        """Delivered rows whose message still shows game buttons."""
        return await self._deliveries("game_id = ? AND live = 1", (game_id,), 1000)

    async def _deliveries(self, where: str, params: Sequence[Any], limit: int) -> list[Delivery]:
        rows = await self.core.query(
            f"SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE {where} ORDER BY id LIMIT ?", (*params, int(limit))
        )
        return [
            Delivery(game_id=r[1], payload=outgoing(r[3], json.loads(r[4])), channel_id=r[2], id=r[0], version=r[5],
                     created_at=r[6], batch=r[7], claimed_at=r[8], delivered_at=r[9], message_id=r[10],
                     live=bool(r[11]))
            for r in rows
        ]

    async def games_with_pending_deliveries(self) -> list[int]:
        """Ids of games that have undelivered rows (restart recovery)."""
        return await self._games_with("delivered_at IS NULL")

    async def games_with_live_deliveries(self) -> list[int]:
        """Ids of games one of whose messages still shows game buttons (restart recovery: a game that ended
        just before a crash may not have had them taken off)."""
        return await self._games_with("live = 1")

    async def _games_with(self, condition: str) -> list[int]:
        """Ids of this process's games (its shards') that have delivery rows matching ``condition``."""
        where, params = condition, []
        if self.core.shards is not None:
            scope, params = shard_filter(self.core.shards, "g.guild_id")
            where += f" AND EXISTS (SELECT 1 FROM games g WHERE g.id = deliveries.game_id AND {scope})"
        rows = await self.core.query(f"SELECT DISTINCT game_id FROM deliveries WHERE {where} ORDER BY game_id", params)
        return [int(r[0]) for r in rows]

    async def claim_deliveries(self, ids: Sequence[int]) -> int:
        """Put rows into one batch before sending them as one message: sets ``batch`` (the smallest id)
        and ``claimed_at`` on those not yet claimed; returns the batch id. Rows claimed before keep theirs."""
        if not ids:
            raise InvalidRecord("claim_deliveries needs at least one id")
        batch = min(int(i) for i in ids)
        async with self.core.write() as db:
            await db.execute(
                f"UPDATE deliveries SET batch = ?, claimed_at = ? WHERE batch IS NULL AND id IN ({marks(ids)})",
                (batch, self.core.now(), *map(int, ids)),
            )
        return batch

    async def mark_delivered(self, ids: Sequence[int], message_id: int | None, *, live: bool = False) -> None:
        """Discord has these rows (``message_id`` carried them; None when they were dropped, e.g. a thread
        post for a request already over); ``live`` when that message shows game buttons to take down later."""
        if not ids:
            return
        async with self.core.write() as db:
            await db.execute(
                f"UPDATE deliveries SET delivered_at = ?, message_id = ?, live = ? WHERE id IN ({marks(ids)})",
                (self.core.now(), message_id, int(live), *map(int, ids)),
            )

    async def clear_live(self, ids: Sequence[int]) -> None:
        if not ids:
            return
        async with self.core.write() as db:
            await db.execute(f"UPDATE deliveries SET live = 0 WHERE id IN ({marks(ids)})", tuple(map(int, ids)))


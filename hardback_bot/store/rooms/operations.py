"""What an operator's health checks and metrics read: a ping, the outbox backlog, games running, each shard's state;
and the few values the bot keeps about itself (``store_meta``: what it last told Discord of its commands)."""

from __future__ import annotations

from collections.abc import Sequence

from hardback_bot.ops.status import ShardStatus

from ..core import Room, shard_filter


class OperationsRoom(Room):
    async def meta(self, key: str) -> str | None:
        """A value the bot keeps about itself (``store_meta``), or None."""
        rows = await self.core.query("SELECT value FROM store_meta WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self.core.write() as db:
            await db.execute(
                "INSERT INTO store_meta (key, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                (key, value, self.core.now()),
            )

    async def ping(self) -> None:
        """One round trip that reads the database (raises when it cannot answer)."""
        await self.core.query("SELECT MAX(version) FROM schema_migrations")

    async def outbox_backlog(self) -> tuple[int, float | None]:
        """Undelivered outbox rows of this store's shards: how many, and when the oldest was written."""
        if self.core.shards is None:
            sql, params = "SELECT COUNT(*), MIN(created_at) FROM deliveries WHERE delivered_at IS NULL", []
        else:
            scope, params = shard_filter(self.core.shards, "g.guild_id")
            sql = ("SELECT COUNT(*), MIN(d.created_at) FROM deliveries d JOIN games g ON g.id = d.game_id"
                   f" WHERE d.delivered_at IS NULL AND {scope}")
        row = (await self.core.query(sql, params))[0]
        return int(row[0]), None if row[1] is None else float(row[1])

    async def games_running(self) -> dict[str, int]:
        """Lobbies and games being played on this store's shards, by status."""
        scope, params = shard_filter(self.core.shards)
        rows = await self.core.query(
            f"SELECT status, COUNT(*) FROM games WHERE status IN ('lobby', 'playing') AND {scope} GROUP BY status",
            params)
        return {str(r[0]): int(r[1]) for r in rows}

    async def save_shard_statuses(self, statuses: Sequence[ShardStatus]) -> None:
        async with self.core.write() as db:
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
        rows = await self.core.query(
            "SELECT shard_count, shard_id, state, latency, guilds, process, started_at, updated_at"
            " FROM shard_status ORDER BY shard_count, shard_id")
        return [ShardStatus(int(r[0]), int(r[1]), str(r[2]), None if r[3] is None else float(r[3]), int(r[4]),
                            str(r[5]), float(r[6]), float(r[7])) for r in rows]


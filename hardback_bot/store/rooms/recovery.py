"""What a process needs after a restart: every unfinished game of its shards with its timers, and idle lobbies
expired."""

from __future__ import annotations

from ..core import TIMER_COLUMNS, Room, StoreCore, marks, shard_filter
from ..models import (
    ResumeInfo,
    Timer,
)
from .games import GamesRoom
from .timers import timer_of


class RecoveryRoom(Room):
    def __init__(self, core: StoreCore, *, games: GamesRoom) -> None:
        super().__init__(core)
        self.games = games

    async def list_unfinished(self, *, with_state: bool = False) -> list[ResumeInfo]:
        """Every lobby and playing game with its channel, message ids and timers, oldest first."""
        scope, params = shard_filter(self.core.shards)
        where = f"status IN ('lobby', 'playing') AND {scope}"
        async with self.core.read() as db:
            games = await self.games.load_games(db, where, params, with_state=with_state)
            timers: dict[int, list[Timer]] = {}
            for r in await db.fetch(
                f"SELECT {TIMER_COLUMNS} FROM timers WHERE game_id IN (SELECT id FROM games WHERE {where})"
                " ORDER BY deadline",
                params,
            ):
                timers.setdefault(r[1], []).append(timer_of(r))
            channels: dict[int, dict[str, int]] = {}
            for r in await db.fetch(
                "SELECT game_id, kind, channel_id FROM game_messages WHERE channel_id IS NOT NULL"
                f" AND game_id IN (SELECT id FROM games WHERE {where})",
                params,
            ):
                channels.setdefault(r[0], {})[r[1]] = r[2]
        return [ResumeInfo(g, tuple(timers.get(g.id, ())), channels.get(g.id, {})) for g in games]

    async def expire_lobbies(self, older_than: float) -> list[int]:
        """Mark lobbies idle for more than ``older_than`` seconds abandoned; returns their ids."""
        now = self.core.now()
        scope, params = shard_filter(self.core.shards)
        async with self.core.write() as db:
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


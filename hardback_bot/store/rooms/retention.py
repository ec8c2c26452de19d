"""How long an ended game's move log is kept (``HARDBACK_MOVE_LOG_DAYS``, docs/privacy.md).

A game that ended (finished or abandoned) before the cut-off loses its move log, its final state (which holds
the log again) and its outbox rows (its announcements: the log once more, in words); it keeps its row, its
seats, its outcome and results, so the history, the boards and everyone's ratings stay as they were.
``games.pruned_at`` says when, so a replay can say why there is nothing to step through.
"""

from __future__ import annotations

from ..core import Room, marks, shard_filter


class RetentionRoom(Room):
    async def prune_move_logs(self, ended_before: float, *, limit: int = 200) -> list[int]:
        """Delete the move logs of at most ``limit`` games that ended before ``ended_before`` (Unix seconds) and
        still have theirs, oldest first; returns their ids. A sharded process prunes its own guilds' games.
        Call it again until it returns fewer than ``limit``: each call is one short transaction."""
        scope, params = shard_filter(self.core.shards)
        now = self.core.now()
        async with self.core.write() as db:
            rows = await db.fetch(
                "SELECT id FROM games WHERE status IN ('finished', 'abandoned') AND pruned_at IS NULL"
                f" AND finished_at < ? AND {scope} ORDER BY finished_at, id LIMIT ?",
                (float(ended_before), *params, max(1, int(limit))))
            ids = [int(r[0]) for r in rows]
            if not ids:
                return []
            where = f"game_id IN ({marks(ids)})"
            await db.execute(f"DELETE FROM moves WHERE {where}", ids)
            await db.execute(f"DELETE FROM deliveries WHERE {where}", ids)
            await db.execute(f"UPDATE games SET state = NULL, pruned_at = ? WHERE id IN ({marks(ids)})", (now, *ids))
        return ids

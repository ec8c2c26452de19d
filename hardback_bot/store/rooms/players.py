"""What each person chose for themselves (player_settings, migration 012), how many games they have finished
anywhere (the coach's count), and who agreed to a running table's open request (written by
``GamesRoom.settle_table_request``, with the game's version)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..core import Room, dumps, marks
from ..models import PlayerSettings


class PlayersRoom(Room):
    async def player_settings(self, user_ids: Sequence[int]) -> dict[int, PlayerSettings]:
        """Each user's settings (the defaults for a user who never chose anything)."""
        ids = sorted({int(u) for u in user_ids})
        found = {u: PlayerSettings() for u in ids}
        if not ids:
            return found
        rows = await self.core.query(f"SELECT user_id, settings FROM player_settings WHERE user_id IN ({marks(ids)})",
                                tuple(ids))
        for user_id, text in rows:
            found[int(user_id)] = PlayerSettings.from_dict(json.loads(text))
        return found

    async def set_player_settings(self, user_id: int, **changes: Any) -> PlayerSettings:
        """Change some of a user's settings (unknown names raise ValueError, nothing written); returns them all.
        Keys this version does not know (written by a newer bot) are kept as they were, so a rollback and a
        roll forward again lose no one's choice."""
        async with self.core.write() as db:
            row = await db.fetchone("SELECT settings FROM player_settings WHERE user_id = ?", (int(user_id),))
            stored = json.loads(row[0]) if row is not None else {}
            stored = stored if isinstance(stored, dict) else {}
            updated = PlayerSettings.from_dict(stored).changed(**changes)
            await db.execute(
                "INSERT INTO player_settings (user_id, settings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at",
                (int(user_id), dumps({**stored, **updated.to_dict()}), self.core.now()),
            )
        return updated

    async def finished_games(self, user_ids: Sequence[int]) -> dict[int, int]:
        """How many games each user has finished anywhere, practice games (the guided one) apart."""
        ids = sorted({int(u) for u in user_ids})
        counts = dict.fromkeys(ids, 0)
        if not ids:
            return counts
        rows = await self.core.query(
            f"SELECT user_id, COUNT(*) FROM results WHERE mode <> 'practice' AND user_id IN ({marks(ids)})"
            " GROUP BY user_id", tuple(ids))
        counts.update({int(u): int(n) for u, n in rows})
        return counts

    # ------------------------------------------------------------------ requests of a running table
    async def request_agreements(self, game_id: int, kind: str) -> list[int]:
        """Who has agreed to the table's open request of ``kind``, in the order they did (empty: none open)."""
        rows = await self.core.query("SELECT user_id FROM table_requests WHERE game_id = ? AND kind = ?"
                                " ORDER BY created_at, user_id", (game_id, kind))
        return [int(r[0]) for r in rows]


__all__ = ["PlayersRoom"]

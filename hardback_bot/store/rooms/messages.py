"""The public messages a game owns (lobby, table, results, ghostwriter threads) and the game version each shows: not
versioned themselves."""

from __future__ import annotations

from ..core import Room


class MessagesRoom(Room):
    async def set_message(
        self, game_id: int, kind: str, message_id: int, channel_id: int | None = None, version: int | None = None
    ) -> None:
        """Remember a public message the bot keeps editing ("lobby", "table", "ghost:<n>" …) and the game
        version it shows. Does not bump the game's version: it is bookkeeping about Discord."""
        async with self.core.write() as db:
            await db.execute(
                "INSERT INTO game_messages (game_id, kind, message_id, channel_id, version) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, kind) DO UPDATE SET message_id = excluded.message_id,"
                " channel_id = excluded.channel_id, version = excluded.version",
                (game_id, kind, message_id, channel_id, version),
            )

    async def set_message_version(self, game_id: int, kind: str, version: int) -> None:
        """Record that the message of ``kind`` now shows the game at ``version`` (no-op if none is stored)."""
        async with self.core.write() as db:
            await db.execute(
                "UPDATE game_messages SET version = ? WHERE game_id = ? AND kind = ?", (int(version), game_id, kind)
            )

    async def find_message(self, message_id: int) -> tuple[int, str] | None:
        """(game id, kind) of a stored public message or thread id, if any (a ghostwriter thread's replies)."""
        rows = await self.core.query(
            "SELECT game_id, kind FROM game_messages WHERE message_id = ? ORDER BY game_id DESC LIMIT 1",
            (int(message_id),),
        )
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    async def clear_message(self, game_id: int, kind: str) -> None:
        async with self.core.write() as db:
            await db.execute("DELETE FROM game_messages WHERE game_id = ? AND kind = ?", (game_id, kind))


"""Interaction tokens of group DM games and the messages each can edit (migration 011).

In a group DM the bot is not a member: it cannot post or edit with its own token there, only through the
interactions players make — each one's token answers, edits its own messages and makes follow-ups for 15
minutes. So every interaction of such a game is kept (:class:`GameToken`, with the follow-ups the relay sent
with it: Discord allows an app installed by a user 5 per interaction), and so is every public message a
token can edit (:class:`MessageHandle`: the interaction whose answer or follow-up it is, or a click on it).
Both outlive a restart, so a bot that comes back within the 15 minutes can still show the game.
"""

from __future__ import annotations

from ..core import Conn, Room
from ..models import ORIGINAL, GameToken, MessageHandle


class HandlesRoom(Room):
    async def save_game_token(self, token: GameToken, *, clicked: int | None = None) -> None:
        """Remember an interaction of a game; ``clicked``: the public message it was a click on, which its
        token now edits as ``@original`` (its answer was a deferred update of that message)."""
        async with self.core.write() as db:
            await db.execute(
                "INSERT INTO game_tokens (game_id, token, application_id, user_id, created_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, token) DO NOTHING",
                (token.game_id, token.token, token.application_id, token.user_id, float(token.created_at)),
            )
            if clicked is not None:
                await _insert_handle(db, MessageHandle(token.game_id, clicked, token.token, ORIGINAL,
                                                       token.created_at))

    async def add_handle(self, handle: MessageHandle) -> None:
        """Another message ``handle.token`` can edit (its answer, or a follow-up it made)."""
        async with self.core.write() as db:
            await _insert_handle(db, handle)

    async def live_game_tokens(self, game_id: int, *, since: float) -> list[GameToken]:
        """The game's tokens made at or after ``since``, newest first."""
        async with self.core.read_one() as db:
            rows = await db.fetch(
                "SELECT game_id, token, application_id, user_id, created_at, followups FROM game_tokens"
                " WHERE game_id = ? AND created_at >= ? ORDER BY created_at DESC, token",
                (game_id, float(since)),
            )
        return [GameToken(*r) for r in rows]

    async def message_handles(self, game_id: int, message_id: int, *, since: float
                              ) -> list[MessageHandle]:
        """The tokens made at or after ``since`` that can edit ``message_id``, newest first."""
        async with self.core.read_one() as db:
            rows = await db.fetch(
                "SELECT h.game_id, h.message_id, h.token, h.target, h.created_at, t.application_id"
                " FROM message_handles AS h JOIN game_tokens AS t ON t.game_id = h.game_id AND t.token = h.token"
                " WHERE h.game_id = ? AND h.message_id = ? AND h.created_at >= ? ORDER BY h.created_at DESC, h.token",
                (game_id, message_id, float(since)),
            )
        return [MessageHandle(*r) for r in rows]

    async def claim_followup(self, game_id: int, token: str, *, most: int) -> bool:
        """Count one more follow-up for ``token`` if it has made fewer than ``most``; False (nothing counted)
        otherwise. Counted before sending, so a crash never lets a token go past Discord's cap."""
        async with self.core.write() as db:
            counted = await db.execute(
                "UPDATE game_tokens SET followups = followups + 1 WHERE game_id = ? AND token = ? AND followups < ?",
                (game_id, token, int(most)),
            )
        return counted > 0


async def _insert_handle(db: Conn, handle: MessageHandle) -> None:
    await db.execute(
        "INSERT INTO message_handles (game_id, message_id, token, target, created_at) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id, message_id, token) DO NOTHING",
        (handle.game_id, handle.message_id, handle.token, handle.target, float(handle.created_at)),
    )

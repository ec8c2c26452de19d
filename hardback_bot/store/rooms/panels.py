"""Private panels kept current: each player's newest panel's interaction token (15 minutes of life), and every token of
a game so its panels are closed when it ends."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Room, marks
from ..models import (
    PanelToken,
)


class PanelsRoom(Room):
    async def save_panel(self, panel: PanelToken) -> None:
        """Remember the token of a player's newest private panel of a game (replaces the older one)."""
        async with self.core.write() as db:
            await db.execute(
                "INSERT INTO panels (game_id, user_id, application_id, token, created_at, version, locale, message)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET"
                " application_id = excluded.application_id, token = excluded.token,"
                " created_at = excluded.created_at, version = excluded.version, locale = excluded.locale,"
                " message = excluded.message",
                (panel.game_id, panel.user_id, panel.application_id, panel.token, float(panel.created_at),
                 panel.version, panel.locale, panel.message),
            )
            await db.execute(
                "INSERT INTO panel_tokens (game_id, user_id, application_id, token, created_at, message)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, token) DO NOTHING",
                (panel.game_id, panel.user_id, panel.application_id, panel.token, float(panel.created_at),
                 panel.message),
            )

    async def open_panel_tokens(self, game_id: int, *, since: float) -> list[PanelToken]:
        """Every panel token of the game made at or after ``since`` and not yet closed (all of each player's
        panels, oldest first; ``version`` and ``locale`` are not kept for these)."""
        rows = await self.core.query(
            "SELECT game_id, user_id, application_id, token, created_at, message FROM panel_tokens"
            " WHERE game_id = ? AND created_at >= ? AND closed = 0 ORDER BY created_at",
            (game_id, float(since)),
        )
        return [PanelToken(*r[:5], message=r[5]) for r in rows]

    async def close_panel_tokens(self, game_id: int, tokens: Sequence[str]) -> None:
        """Those panels now say the game is over: they need no redraw again."""
        if not tokens:
            return
        async with self.core.write() as db:
            await db.execute(
                f"UPDATE panel_tokens SET closed = 1 WHERE game_id = ? AND token IN ({marks(tokens)})",
                (game_id, *tokens),
            )

    async def fresh_panels(self, game_id: int, *, since: float) -> list[PanelToken]:
        """The game's panels whose token was made at or after ``since``."""
        rows = await self.core.query(
            "SELECT game_id, user_id, application_id, token, created_at, version, locale, message FROM panels"
            " WHERE game_id = ? AND created_at >= ? ORDER BY user_id",
            (game_id, float(since)),
        )
        return [PanelToken(*r) for r in rows]

    async def set_panel_version(self, game_id: int, user_id: int, token: str, version: int) -> None:
        """Record the version a panel shows, if that panel (token) is still the player's newest."""
        async with self.core.write() as db:
            await db.execute(
                "UPDATE panels SET version = ? WHERE game_id = ? AND user_id = ? AND token = ?",
                (int(version), game_id, user_id, token),
            )

    async def drop_panels(self, older_than: float) -> int:
        """Forget panels whose token is older than ``older_than`` (Unix seconds), and the group DM tokens and
        message handles of that age; returns how many panels."""
        async with self.core.write() as db:
            await db.execute("DELETE FROM panel_tokens WHERE created_at < ?", (float(older_than),))
            await db.execute("DELETE FROM message_handles WHERE created_at < ?", (float(older_than),))
            await db.execute("DELETE FROM game_tokens WHERE created_at < ?", (float(older_than),))
            return await db.execute("DELETE FROM panels WHERE created_at < ?", (float(older_than),))


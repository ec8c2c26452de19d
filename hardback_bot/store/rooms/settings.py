"""A server's settings (table defaults, language, seasons)."""

from __future__ import annotations

from ..core import Room
from ..errors import InvalidRecord
from ..settings import GuildSettings


class SettingsRoom(Room):
    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings, or the defaults when it never set any."""
        rows = await self.core.query("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return GuildSettings.from_json(rows[0][0]) if rows else GuildSettings()

    async def set_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        if not isinstance(settings, GuildSettings):
            raise InvalidRecord("settings must be a GuildSettings")
        text = GuildSettings.from_dict(settings.to_dict()).to_json()  # re-validated: frozen is not deep
        async with self.core.write() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at",
                (guild_id, text, self.core.now()),
            )


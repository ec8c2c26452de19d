"""The language of a game's public messages: its server's ``/hardback settings`` choice, else the server's own
Discord locale; outside servers the Discord language of whoever opened the table (docs/i18n.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from hardback_bot.i18n import LANGUAGES, Translator, resolve_locale, server_language, translator
from hardback_bot.store import GameRecord

if TYPE_CHECKING:
    from bot import HardbackBot


class PublicLanguage:
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot
        self._locales: dict[int, discord.Locale] = {}  # guild id -> Discord locale fetched before READY

    async def public_translator(self, guild_id: int | None) -> Translator:
        """The language of a server's public messages (table, log, results, threads, lobby, notices): its
        ``/hardback settings`` choice, else the server's own Discord locale (docs/i18n.md)."""
        if guild_id is None:
            return translator("en")
        settings = await self.bot.store.settings.get_guild_settings(guild_id)
        if settings.language in LANGUAGES:
            return translator(settings.language)
        guild = self.bot.get_guild(guild_id)
        locale = guild.preferred_locale if guild else await self._fetched_locale(guild_id)
        return translator(server_language(settings.language, locale))

    async def game_translator(self, record: GameRecord) -> Translator:
        """The language of a game's public messages: its server's, or outside servers the Discord language of
        whoever opened the table."""
        if not record.guild_id:
            return translator(resolve_locale(record.locale))
        return await self.public_translator(record.guild_id)

    async def _fetched_locale(self, guild_id: int) -> discord.Locale | None:
        """A server's Discord locale asked over REST: the start-up catch-up posts before the gateway's READY
        has filled the guild cache, and those posts must already be in the server's language."""
        if guild_id not in self._locales:
            try:
                guild = await self.bot.fetch_guild(guild_id, with_counts=False)
            except discord.HTTPException:
                return None  # not kept: the next post asks again, or the cache has it by then
            self._locales[guild_id] = guild.preferred_locale
        return self._locales[guild_id]


__all__ = ["PublicLanguage"]

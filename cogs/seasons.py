"""Season winners, announced once in each server that asked for it (``/hardback settings season_channel:``).

A background task looks every few minutes (``interval``) at the servers this process serves: when the
server's season (a month or a week, ``GuildSettings.season``) has ended and had finished games, the first
process to claim the announcement in the store (``claim_season_announcement``: one row per server and
season) posts the winners; any other process, or a later look, finds the claim and posts nothing.  The
time is the store's clock, so tests move seasons along.  Only a season that ended less than
``LATE_LIMIT`` ago is announced: a bot that was away for weeks does not post stale news.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from hardback_bot.help.seasons import announcement
from hardback_bot.i18n import server_language, translator
from hardback_bot.store.seasons import season_of

from .ui import COLOUR
from .weather import log_failure

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)

LATE_LIMIT = 3 * 24 * 3600  # seconds after a season's end during which its winners are still announced


class Seasons(commands.Cog):
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot
        self.interval = 300.0  # seconds between looks
        self._task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._run(), name="season announcements")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            try:
                await self.announce_ended_seasons()
            except Exception as error:
                log_failure(log, error, "season announcements (trying again later)")
            await asyncio.sleep(self.interval)

    async def announce_ended_seasons(self) -> list[int]:
        """Announce every ended, unannounced season of the servers here; returns the guilds posted in."""
        posted = []
        for guild in list(self.bot.guilds):
            if await self.announce(guild):
                posted.append(guild.id)
        return posted

    async def announce(self, guild: discord.Guild) -> bool:
        store = self.bot.store
        settings = await store.settings.get_guild_settings(guild.id)
        if settings.season_channel is None:
            return False
        now = store.now()
        ended = season_of(settings.season, now).previous()
        if now - ended.ends_at > LATE_LIMIT:
            return False
        wins = await store.seasons.season_board(guild.id, "wins", ended, limit=3)
        gains = [e for e in await store.seasons.season_board(guild.id, "rating", ended, limit=3) if e.value > 0]
        words = await store.seasons.season_board(guild.id, "best_word", ended, limit=3)
        if not (wins or gains or words):
            return False  # nobody played: nothing to celebrate
        channel = guild.get_channel(settings.season_channel)
        if not isinstance(channel, discord.TextChannel | discord.Thread):
            return False
        if not await store.seasons.claim_season_announcement(guild.id, ended):
            return False  # another process (or an earlier look) has announced it
        t = translator(server_language(settings.language, guild.preferred_locale))
        page = announcement(t, ended, wins, gains, words)
        embed = discord.Embed(title=page.title[:256], description=page.description[:4096], colour=COLOUR)
        for name, value, inline in page.fields[:25]:
            embed.add_field(name=name[:256], value=value[:1024], inline=inline)
        try:
            await channel.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("could not announce the %s season in guild %s channel %s", ended.key, guild.id, channel.id)
            return False
        return True


async def setup(bot: HardbackBot) -> None:
    await bot.add_cog(Seasons(bot))

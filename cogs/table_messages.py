"""A game's lobby and table messages in its channel, at the game's version: edited when older (a burst of moves
becomes one edit), posted again when somebody deleted them, and a lobby committed but never posted (a crash) posted
at start-up."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

import discord

from hardback_bot.i18n import Translator
from hardback_bot.sessions import Loaded
from hardback_bot.sessions.places import lobby_channel
from hardback_bot.sessions.screens.table import lobby_screen, table_panel
from hardback_bot.sessions.vacation import away_now
from hardback_bot.store import GameRecord

from .channel_posts import ChannelPosts
from .ui import embed_of, file_of, view_of

if TYPE_CHECKING:
    from bot import HardbackBot

TABLE_DEBOUNCE = 0.4  # a burst of moves (a computer's turn) becomes one table edit
FINAL = -1  # the shown "version" of a lobby message that says the game started or was cancelled


class TableMessages:
    def __init__(self, bot: HardbackBot, posts: ChannelPosts) -> None:
        self.bot = bot
        self.posts = posts
        self._table_edited: dict[int, float] = {}

    async def lobby(self, record: GameRecord, t: Translator, *, recovering: bool = False) -> None:
        """The lobby message at the game's version (``recovering``: at start-up, one never posted is posted)."""
        message_id = record.messages.get("lobby")
        if message_id is None:
            if record.status == "lobby" and recovering:
                # Committed as opened, but the bot died before posting it: post it now.
                panel = await lobby_screen(self.bot.store, record, t, coach_games=self.bot.sessions.coach_games)
                await self.posts.pace(record.channel_id)
                message = await self.posts.send(record, "post", embed=embed_of(panel),
                                           view=view_of(panel.rows) or discord.utils.MISSING,
                                           nonce=f"hbl{record.id}")
                if message is not None:
                    await self.bot.store.messages.set_message(record.id, "lobby", message.id, version=record.version)
            return
        shown = record.message_versions.get("lobby")
        if shown == record.version or (shown == FINAL and record.status != "lobby"):
            return  # once the game started or was cancelled, the lobby message never changes again
        panel = await lobby_screen(self.bot.store, record, t, coach_games=self.bot.sessions.coach_games)
        where = self.bot.get_partial_messageable(lobby_channel(record), guild_id=record.guild_id or None)
        try:
            await where.get_partial_message(message_id).edit(
                embed=embed_of(panel), view=view_of(panel.rows) or discord.ui.View())
        except discord.NotFound:
            await self.bot.store.messages.clear_message(record.id, "lobby")
            if record.status == "lobby":
                await self.lobby(await self.bot.store.games.get_game(record.id, with_state=False), t, recovering=True)
            return
        except discord.Forbidden as error:
            await self.posts.notice(record, "post", error)
            return
        await self.bot.store.messages.set_message_version(record.id, "lobby",
                                                          record.version if record.status == "lobby" else FINAL)

    async def table(self, loaded: Loaded, t: Translator) -> None:
        record = loaded.record
        message_id = record.messages.get("table")
        if message_id is not None and record.message_versions.get("table") == record.version:
            return
        if message_id is None and record.status == "abandoned":
            return
        wait = self._table_edited.get(record.id, 0.0) + TABLE_DEBOUNCE - time.monotonic()
        if wait > 0 and message_id is not None:
            await asyncio.sleep(wait)
            loaded = await self.bot.sessions.load(record.id)  # take in what landed meanwhile
            record = loaded.record
        panel = await table_panel(loaded, t, away=await away_now(self.bot.sessions, loaded))
        file = file_of(panel.picture)
        if message_id is not None:
            try:
                await self.posts.channel(record).get_partial_message(message_id).edit(
                    embed=embed_of(panel), attachments=[file] if file else [],
                    view=view_of(panel.rows) or discord.ui.View())
            except discord.NotFound:
                # Somebody deleted the table message: post it again below.
                await self.bot.store.messages.clear_message(record.id, "table")
                message_id = None
                file = file_of(panel.picture)
            except discord.Forbidden as error:
                await self.posts.notice(record, "post", error)
                return
            else:
                self._table_edited[record.id] = time.monotonic()
                await self.bot.store.messages.set_message_version(record.id, "table", record.version)
                return
        await self.posts.pace(record.channel_id)
        message = await self.posts.send(record, "post", embed=embed_of(panel), files=[file] if file else [],
                                   view=view_of(panel.rows) or discord.utils.MISSING,
                                   nonce=f"hbt{record.id}.{record.version}")
        if message is not None:
            self._table_edited[record.id] = time.monotonic()
            await self.bot.store.messages.set_message(record.id, "table", message.id, version=record.version)


__all__ = ["TableMessages"]

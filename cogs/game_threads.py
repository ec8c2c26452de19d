"""A new table's own thread, opened from its lobby message (sessions/game_threads.py decides when), and the one
line said when Discord will not open it: the game then runs in the channel, as before."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from hardback_bot.i18n import Translator
from hardback_bot.sessions.game_threads import archive_after, wants_thread

from .weather import log_failure

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)

MAX_ACTIVE_THREADS = 160006  # Discord's error for a server at its cap on active threads
THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                discord.ChannelType.news_thread)


async def thread_wanted(bot: HardbackBot, interaction: discord.Interaction, turn_timer: int, place: str) -> bool:
    """Whether the table /hardback start is opening gets a thread of its own (the server's setting)."""
    if interaction.guild_id is None:
        return False
    settings = await bot.store.settings.get_guild_settings(interaction.guild_id)
    in_thread = getattr(interaction.channel, "type", None) in THREAD_TYPES
    return wants_thread(settings.game_threads, turn_timer, place, in_thread=in_thread)  # type: ignore[arg-type]


async def open_game_thread(bot: HardbackBot, interaction: discord.Interaction, host: str, turn_timer: int,
                           t: Translator) -> int | str:
    """Open the table's thread on the command's (deferred) answer, which becomes the lobby message: the thread's
    id (a thread started on a message has that message's id), or, when none can be made, the line (in the
    channel's language ``t``) saying why the game is played in the channel."""
    channel_id = interaction.channel_id or 0
    try:
        message = await interaction.original_response()
        # Straight over REST, as the ghostwriter threads: no need of the guild in the gateway's cache.
        data = await bot.http.start_thread_with_message(
            channel_id, message.id, name=t.gettext("Hardback table of {name}", name=host[:40])[:100],
            auto_archive_duration=archive_after(turn_timer),  # type: ignore[arg-type]
            reason="Hardback: a game in its own thread")
    except discord.HTTPException as error:
        log.warning("no thread for a new table in channel %s (%s); it is played in the channel", channel_id, error)
        if error.code == MAX_ACTIVE_THREADS:
            return t.gettext("*No thread: this server has as many active threads as Discord allows. This game is "
                             "played in the channel.*")
        if isinstance(error, discord.Forbidden):
            return t.gettext("*No thread: I may not open threads in this channel (**Create Public Threads**). This "
                             "game is played in the channel.*")
        log_failure(log, error, "opening a game thread in channel %s", channel_id)
        return t.gettext("*No thread: Discord did not open one just now. This game is played in the channel.*")
    return int(data["id"])


__all__ = ["open_game_thread", "thread_wanted"]

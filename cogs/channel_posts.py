"""Posting in a game's channel: at a pace the channel can take (never more than 4 new messages in 5 s, read back
from the channel's history after a restart), exactly once however often a post is tried again (a nonce, and past
Discord's nonce window the channel's history), a refusal of Discord's said once in plain words, and the buttons
taken off posted messages. The relay's parts (cogs/reconciler.py) post through one of these."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from hardback_bot.i18n import Translator
from hardback_bot.store import Delivery, GameRecord

from .public_language import PublicLanguage

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)

POST_INTERVAL = 1.5  # seconds between two announcements in one channel: quick turns merge into one message
POST_WINDOW, POST_MAX = 5.0, 4  # never more than 4 new messages in any 5 s in one channel (Discord allows ~5)
NONCE_WINDOW = 120.0  # Discord de-duplicates nonces for "a few minutes"; older claims are looked up instead

# Discord's JSON error codes the relay acts on.
UNKNOWN_CHANNEL = 10003
ARCHIVED_THREAD = 50083
THREAD_ALREADY_CREATED = 160004
MAX_ACTIVE_THREADS = 160006  # a server's cap on active threads


class ChannelPosts:
    def __init__(self, bot: HardbackBot, languages: PublicLanguage) -> None:
        self.bot = bot
        self.languages = languages
        self._last_post: dict[int, float] = {}
        self._posts: dict[int, list[float]] = {}
        self._noticed: set[tuple[int, str]] = set()

    def channel(self, record: GameRecord) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id or None)

    def posted(self, channel_id: int) -> None:
        """An announcement went to the channel now: the next waits POST_INTERVAL (wait_interval)."""
        self._last_post[channel_id] = time.monotonic()

    async def send(self, record: GameRecord, what: str, **kwargs: Any) -> discord.Message | None:
        """Post in the game's channel; a missing permission is said once in plain words (None returned)."""
        try:
            return await self.channel(record).send(**kwargs)
        except discord.Forbidden as error:
            await self.notice(record, what, error)
            return None
        except discord.NotFound as error:
            if error.code == UNKNOWN_CHANNEL:
                log.warning("the channel of game %s is gone", record.id)
                return None
            raise

    async def notice(self, record: GameRecord, what: str, error: discord.HTTPException) -> None:
        key = (record.id, what)
        log.warning("game %s: Discord refused to %s: %s", record.id, what, error)
        if key in self._noticed:
            return
        self._noticed.add(key)
        text = permission_notice(what, await self.languages.game_translator(record))
        with contextlib.suppress(discord.HTTPException):
            await self.channel(record).send(text, allowed_mentions=discord.AllowedMentions.none())

    async def wait_interval(self, channel_id: int) -> None:
        wait = self._last_post.get(channel_id, 0.0) + POST_INTERVAL - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)

    async def pace(self, channel_id: int) -> None:
        """Wait until one more message fits in the channel's sliding window, then claim it."""
        if channel_id not in self._posts:
            self._posts[channel_id] = await self._recent_posts(channel_id)
        times = self._posts[channel_id]
        while True:
            now = time.monotonic()
            times[:] = [t for t in times if now - t < POST_WINDOW]
            if len(times) < POST_MAX:
                times.append(now)
                return
            await asyncio.sleep(POST_WINDOW - (now - times[0]) + 0.01)

    async def _recent_posts(self, channel_id: int) -> list[float]:
        """After a start the window is unknown (a crashed process may have posted a moment ago): read the
        channel's last messages and count the bot's own recent ones, on this process's clock."""
        me = self.bot.user.id if self.bot.user else 0
        found: list[float] = []
        now, wall = time.monotonic(), time.time()
        with contextlib.suppress(discord.HTTPException):
            async for message in self.bot.get_partial_messageable(channel_id).history(limit=POST_MAX + 1):
                age = wall - message.created_at.timestamp()
                if message.author.id == me and age < POST_WINDOW:
                    found.append(now - max(0.0, age))
        return sorted(found)

    async def send_once(self, record: GameRecord, nonce: str, since: float | None,
                         matches: Callable[[discord.Message], bool], *,
                         build: Callable[[], Awaitable[dict[str, Any] | None]] | None = None,
                         **kwargs: Any) -> discord.Message | None:
        """Post a message that must appear once however often this runs (a crash between sending and
        marking it sent). Within Discord's nonce window the nonce does it; past it, the channel's recent
        history is searched for a matching message of the bot posted since the row was written. ``build``:
        more of the message, made once the channel has room for it (None: nothing to post any more)."""
        if since is not None and self.bot.clock() - since > NONCE_WINDOW:  # since: the store's clock
            found = await self._posted_since(record, since, matches)
            if found is not None:
                return found
        await self.pace(record.channel_id)
        if build is not None:
            built = await build()
            if built is None:
                return None
            kwargs = {**kwargs, **built}
        return await self.send(record, "post", nonce=nonce, **kwargs)

    async def _posted_since(self, record: GameRecord, since: float,
                            matches: Callable[[discord.Message], bool]) -> discord.Message | None:
        after = discord.Object(discord.utils.time_snowflake(
            datetime.datetime.fromtimestamp(since - 5, tz=datetime.UTC)))
        me = self.bot.user.id if self.bot.user else 0
        with contextlib.suppress(discord.HTTPException):
            async for message in self.channel(record).history(limit=50, after=after):
                if message.author.id == me and matches(message):
                    return message
        return None

    async def strip(self, record: GameRecord, rows: Sequence[Delivery]) -> None:
        """Take the buttons off the messages of these outbox rows (a call replaced, a game over)."""
        done: list[int] = []
        edited: set[int] = set()
        for row in rows:
            if row.message_id is not None and row.message_id not in edited:
                edited.add(row.message_id)
                with contextlib.suppress(discord.NotFound):
                    await self.channel(record).get_partial_message(row.message_id).edit(view=None)
            done.append(row.id or 0)
        await self.bot.store.outbox.clear_live(done)


def permission_notice(what: str, t: Translator) -> str:
    """What the channel is told once when Discord refuses the bot something, in the server's language."""
    if what == "thread":
        return t.gettext("I cannot open ghostwriter threads in this channel: please give me the **Create Public "
                         "Threads and Send Messages in Threads** permission here (Server Settings → Roles, or this "
                         "channel's permissions). The game itself is safe.")
    if what == "manage_thread":
        return t.gettext("I cannot close ghostwriter threads in this channel: please give me the **Manage Threads** "
                         "permission here (Server Settings → Roles, or this channel's permissions). The game itself "
                         "is safe.")
    return t.gettext("I cannot show the game in this channel: please give me the **Send Messages, Embed Links and "
                     "Attach Files** permission here (Server Settings → Roles, or this channel's permissions). The "
                     "game itself is safe.")


__all__ = ["ChannelPosts", "permission_notice"]

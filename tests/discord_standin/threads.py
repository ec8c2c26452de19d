"""Threads and channel edits by the bot: creating, renaming, locking, archiving.

Mixed into :class:`~.standin.DiscordStandin`; :mod:`.server` calls these for the thread and channel routes,
checked against Discord's name limits, the bot's permissions and the server's cap on active threads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import errors as E
from . import limits
from .errors import ApiError
from .models import (
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    FLAG_HAS_THREAD,
    INTENT_GUILDS,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Channel,
    Message,
    snowflake,
)

if TYPE_CHECKING:
    from .standin import DiscordStandin


class Threads:
    """The bot's threads and channel edits; ``self`` is always the :class:`DiscordStandin`."""

    async def create_thread(
        self: DiscordStandin, parent: Channel, body: dict[str, Any], route: str, *, from_message: Message | None
    ) -> Channel:
        self.check_limits(limits.check_thread_name(body.get("name")), route, "thread")
        if parent.is_thread:
            raise ApiError(400, E.INVALID_FORM_BODY, "Cannot create a thread inside a thread")
        ttype = PUBLIC_THREAD if from_message is not None else int(body.get("type") or PRIVATE_THREAD)
        need = CREATE_PUBLIC_THREADS if ttype == PUBLIC_THREAD else CREATE_PRIVATE_THREADS
        self.require_permission(parent, need, "Create Threads", route)
        guild = self.guilds.get(parent.guild_id or 0)
        if self.max_active_threads is not None and guild is not None:
            active = [c for c in self.channels.values() if c.guild_id == guild.id and c.is_thread and not c.deleted
                      and not c.archived]
            if len(active) >= self.max_active_threads:
                raise ApiError(400, E.MAX_ACTIVE_THREADS, "Maximum number of active threads reached")
        if from_message is not None:
            if from_message.thread_id is not None:
                raise ApiError(400, E.THREAD_ALREADY_CREATED, "A thread has already been created for this message")
            thread_id = from_message.id
        else:
            thread_id = snowflake()
        thread = Channel(
            thread_id,
            parent.guild_id,
            body["name"],
            ttype,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            invitable=bool(body.get("invitable", True)),
            thread_members={self.bot_user.id},
        )
        self.channels[thread.id] = thread
        self.guild_of(parent).channels[thread.id] = thread
        if from_message is not None:
            from_message.thread_id = thread.id
            from_message.flags |= FLAG_HAS_THREAD
        payload = thread.to_payload()
        payload["newly_created"] = True
        await self.gateway.dispatch("THREAD_CREATE", payload, guild_id=parent.guild_id, intents=INTENT_GUILDS)
        return thread

    async def edit_channel(self: DiscordStandin, channel: Channel, body: dict[str, Any], route: str) -> Channel:
        if "name" in body:
            check = limits.check_thread_name if channel.is_thread else _check_channel_name
            self.check_limits(check(body["name"]), route, "channel name")
            channel.name = body["name"]
        if channel.is_thread:
            if channel.owner_id != self.bot_user.id:
                self.require_permission(channel, MANAGE_THREADS, "Manage Threads", route)
            if "locked" in body and body["locked"] is not None:
                channel.locked = bool(body["locked"])
            if body.get("auto_archive_duration"):
                channel.auto_archive_duration = int(body["auto_archive_duration"])
            if "invitable" in body and body["invitable"] is not None:
                channel.invitable = bool(body["invitable"])
            if "archived" in body and body["archived"] is not None:
                channel.archived = bool(body["archived"])
            await self.gateway.dispatch(
                "THREAD_UPDATE", channel.to_payload(), guild_id=channel.guild_id, intents=INTENT_GUILDS
            )
        else:
            if "topic" in body:
                channel.topic = body["topic"]
            await self.gateway.dispatch(
                "CHANNEL_UPDATE", channel.to_payload(), guild_id=channel.guild_id, intents=INTENT_GUILDS
            )
        return channel

    async def set_archived(self: DiscordStandin, channel: Channel, archived: bool) -> None:
        channel.archived = archived
        await self.gateway.dispatch(
            "THREAD_UPDATE", channel.to_payload(), guild_id=channel.guild_id, intents=INTENT_GUILDS
        )

    async def archive_thread(self: DiscordStandin, thread: Channel, *, locked: bool = False) -> None:
        """Archive a thread as Discord's auto-archive (or a moderator) would."""
        thread.locked = locked or thread.locked
        await self.set_archived(thread, True)


def _check_channel_name(name: Any) -> list[limits.Problem]:
    if not isinstance(name, str) or not 1 <= len(name) <= 100:
        return [limits.Problem("name", "Channel names are 1-100 chars.")]
    return []


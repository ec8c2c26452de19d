"""REST routes of channels: the channel itself, its messages and pins, threads and their members, reactions.

The rules (limits, permissions, floods) are :class:`~.standin.DiscordStandin`'s; these routes read the wire
and hand it over.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import errors as E
from .errors import ApiError
from .models import (
    ATTACH_FILES,
    INTENT_GUILD_MESSAGE_REACTIONS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    Channel,
)
from .rest_wire import NO_CONTENT

if TYPE_CHECKING:
    from .server import RestServer
    from .standin import DiscordStandin


class ChannelRoutes:
    """Channel, message, pin, thread and reaction routes; ``self`` is always the :class:`~.server.RestServer`."""

    s: DiscordStandin

    # ------------------------------------------------------------------ channels
    async def get_channel(self: RestServer, request: web.Request, label: str, channel_id: str) -> Any:
        return self.known_channel(channel_id).to_payload()

    async def patch_channel(self: RestServer, request: web.Request, label: str, channel_id: str) -> Any:
        channel = self.known_channel(channel_id)
        body, _ = await self.read_body(request, label)
        return (await self.s.edit_channel(channel, body, label)).to_payload()

    async def delete_channel(self: RestServer, request: web.Request, label: str, channel_id: str) -> Any:
        channel = self.known_channel(channel_id)
        if not channel.is_thread:
            self.s.violate("permission", "the bot deleted a whole channel", label)
            raise ApiError(403, E.MISSING_PERMISSIONS, "Missing Permissions")
        if channel.owner_id != self.s.bot_user.id:
            self.s.require_permission(channel, MANAGE_THREADS, "Manage Threads", label)
        channel.deleted = True
        await self.s.gateway.dispatch(
            "THREAD_DELETE",
            {
                "id": str(channel.id),
                "guild_id": str(channel.guild_id),
                "parent_id": str(channel.parent_id),
                "type": channel.type,
            },
            guild_id=channel.guild_id,
        )
        return channel.to_payload()

    async def typing(self: RestServer, request: web.Request, label: str, channel_id: str) -> Any:
        self.known_channel(channel_id)
        return NO_CONTENT

    async def get_messages(self: RestServer, request: web.Request, label: str, channel_id: str) -> Any:
        channel = self.known_channel(channel_id)
        limit = min(int(request.query.get("limit", 50)), 100)
        msgs = sorted(channel.live_messages(), key=lambda m: m.id, reverse=True)
        if "before" in request.query:
            msgs = [m for m in msgs if m.id < int(request.query["before"])]
        if "after" in request.query:
            msgs = sorted((m for m in msgs if m.id > int(request.query["after"])), key=lambda m: m.id)
            msgs.reverse()
        if "around" in request.query:
            pivot = int(request.query["around"])
            msgs.sort(key=lambda m: abs(m.id - pivot))
            msgs = sorted(msgs[:limit], key=lambda m: m.id, reverse=True)
        return [m.to_payload() for m in msgs[:limit]]

    async def get_message(self: RestServer, request: web.Request, label: str, channel_id: str, message_id: str) -> Any:
        return self.known_message(self.known_channel(channel_id), message_id).to_payload()

    async def post_message(self: RestServer, request: web.Request, label: str, channel_id: str) -> Any:
        channel = self.known_channel(channel_id)
        body, uploads = await self.read_body(request, label)
        self.s.check_dm_open(channel)
        if channel.is_thread:
            if channel.locked:
                self.s.require_permission(channel, MANAGE_THREADS, "Manage Threads (thread is locked)", label)
            self.s.require_permission(channel, SEND_MESSAGES_IN_THREADS, "Send Messages in Threads", label)
        else:
            self.s.require_permission(channel, SEND_MESSAGES, "Send Messages", label)
        if uploads:
            self.s.require_permission(channel, ATTACH_FILES, "Attach Files", label)
        if int(body.get("flags") or 0) & (1 << 6):
            self.s.violate("bad_request", "ephemeral flag on a channel message (only interactions can)", label)
        nonce = body.get("nonce")
        if nonce is not None and len(str(nonce)) > 25:
            raise ApiError(400, E.INVALID_FORM_BODY, "Invalid Form Body (nonce: at most 25 characters)")
        if nonce is not None and body.get("enforce_nonce"):
            # Discord: with enforce_nonce, a message from the same author with the same nonce in the last
            # few minutes is returned instead of creating a second one.
            earlier = self.s.message_with_nonce(channel, str(nonce))
            if earlier is not None:
                self.s.nonce_repeats.append(earlier)
                return earlier.to_payload()
        msg = await self.s.create_message(channel, body, uploads, label)
        return msg.to_payload()

    async def patch_message(
        self: RestServer, request: web.Request, label: str, channel_id: str, message_id: str
    ) -> Any:
        channel = self.known_channel(channel_id)
        msg = self.known_message(channel, message_id)
        body, uploads = await self.read_body(request, label)
        if msg.author.id != self.s.bot_user.id:
            self.s.violate("bad_request", "the bot tried to edit someone else's message", label)
            raise ApiError(403, E.CANNOT_EDIT_OTHERS_MESSAGE, "Cannot edit a message authored by another user")
        return (await self.s.edit_message(msg, body, uploads, label)).to_payload()

    async def delete_message(
        self: RestServer, request: web.Request, label: str, channel_id: str, message_id: str
    ) -> Any:
        channel = self.known_channel(channel_id)
        msg = self.known_message(channel, message_id)
        if msg.author.id != self.s.bot_user.id:
            self.s.require_permission(channel, MANAGE_MESSAGES, "Manage Messages", label)
        await self.s.delete_message(msg)
        return NO_CONTENT

    async def get_pins(self: RestServer, request: web.Request, label: str, channel_id: str) -> Any:
        channel = self.known_channel(channel_id)
        pinned = [m for m in channel.live_messages() if m.pinned]
        if "messages/pins" in label:
            return {
                "items": [{"pinned_at": m.timestamp, "message": m.to_payload()} for m in pinned],
                "has_more": False,
            }
        return [m.to_payload() for m in pinned]

    async def pin(self: RestServer, request: web.Request, label: str, channel_id: str, message_id: str) -> Any:
        channel = self.known_channel(channel_id)
        self.s.require_permission(channel, MANAGE_MESSAGES, "Pin Messages", label)
        self.known_message(channel, message_id).pinned = True
        return NO_CONTENT

    async def unpin(self: RestServer, request: web.Request, label: str, channel_id: str, message_id: str) -> Any:
        channel = self.known_channel(channel_id)
        self.known_message(channel, message_id).pinned = False
        return NO_CONTENT

    # ------------------------------------------------------------------ threads
    async def thread_from_message(
        self: RestServer, request: web.Request, label: str, channel_id: str, message_id: str
    ) -> Any:
        channel = self.known_channel(channel_id)
        msg = self.known_message(channel, message_id)
        body, _ = await self.read_body(request, label)
        return (await self.s.create_thread(channel, body, label, from_message=msg)).to_payload()

    async def thread_without_message(self: RestServer, request: web.Request, label: str, channel_id: str) -> Any:
        channel = self.known_channel(channel_id)
        body, _ = await self.read_body(request, label)
        return (await self.s.create_thread(channel, body, label, from_message=None)).to_payload()

    def known_thread(self: RestServer, channel_id: str) -> Channel:
        channel = self.known_channel(channel_id)
        if not channel.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return channel

    def user_id_of(self: RestServer, user_id: str) -> int:
        return self.s.bot_user.id if user_id == "@me" else int(user_id)

    def thread_member_payload(self: RestServer, thread: Channel, uid: int) -> dict[str, Any]:
        return {"id": str(thread.id), "user_id": str(uid), "join_timestamp": thread.created_at, "flags": 0}

    async def list_thread_members(self: RestServer, request: web.Request, label: str, channel_id: str) -> Any:
        thread = self.known_thread(channel_id)
        return [self.thread_member_payload(thread, uid) for uid in sorted(thread.thread_members)]

    async def get_thread_member(
        self: RestServer, request: web.Request, label: str, channel_id: str, user_id: str
    ) -> Any:
        thread = self.known_thread(channel_id)
        uid = self.user_id_of(user_id)
        if uid not in thread.thread_members:
            raise ApiError(404, 10007, "Unknown Member")
        return self.thread_member_payload(thread, uid)

    async def add_thread_member(
        self: RestServer, request: web.Request, label: str, channel_id: str, user_id: str
    ) -> Any:
        thread = self.known_thread(channel_id)
        if thread.archived:
            raise ApiError(400, 50083, "Thread is archived")
        thread.thread_members.add(self.user_id_of(user_id))
        return NO_CONTENT

    async def remove_thread_member(
        self: RestServer, request: web.Request, label: str, channel_id: str, user_id: str
    ) -> Any:
        thread = self.known_thread(channel_id)
        thread.thread_members.discard(self.user_id_of(user_id))
        return NO_CONTENT

    # ------------------------------------------------------------------ reactions
    async def add_reaction(
        self: RestServer, request: web.Request, label: str, channel_id: str, message_id: str, emoji: str, user_id: str
    ) -> Any:
        if user_id != "@me":
            raise ApiError(405, 0, "405: Method Not Allowed")
        channel = self.known_channel(channel_id)
        msg = self.known_message(channel, message_id)
        msg.reactions.setdefault(emoji, set()).add(self.s.bot_user.id)
        await self.s.gateway.dispatch(
            "MESSAGE_REACTION_ADD",
            {
                "user_id": str(self.s.bot_user.id),
                "channel_id": str(channel.id),
                "message_id": str(msg.id),
                "guild_id": str(channel.guild_id),
                "emoji": _emoji(emoji),
                "burst": False,
                "type": 0,
                "message_author_id": str(msg.author.id),
            },
            guild_id=channel.guild_id,
            intents=INTENT_GUILD_MESSAGE_REACTIONS,
        )
        return NO_CONTENT

    async def remove_reaction(
        self: RestServer, request: web.Request, label: str, channel_id: str, message_id: str, emoji: str, user_id: str
    ) -> Any:
        channel = self.known_channel(channel_id)
        msg = self.known_message(channel, message_id)
        uid = self.user_id_of(user_id)
        if uid != self.s.bot_user.id:
            self.s.require_permission(channel, MANAGE_MESSAGES, "Manage Messages", label)
        msg.reactions.get(emoji, set()).discard(uid)
        return NO_CONTENT

    async def get_reactions(
        self: RestServer, request: web.Request, label: str, channel_id: str, message_id: str, emoji: str
    ) -> Any:
        msg = self.known_message(self.known_channel(channel_id), message_id)
        return [self.s.users[u].to_payload() for u in sorted(msg.reactions.get(emoji, set()))]

    async def clear_emoji(
        self: RestServer, request: web.Request, label: str, channel_id: str, message_id: str, emoji: str
    ) -> Any:
        channel = self.known_channel(channel_id)
        self.s.require_permission(channel, MANAGE_MESSAGES, "Manage Messages", label)
        self.known_message(channel, message_id).reactions.pop(emoji, None)
        return NO_CONTENT

    async def clear_reactions(
        self: RestServer, request: web.Request, label: str, channel_id: str, message_id: str
    ) -> Any:
        channel = self.known_channel(channel_id)
        self.s.require_permission(channel, MANAGE_MESSAGES, "Manage Messages", label)
        self.known_message(channel, message_id).reactions.clear()
        return NO_CONTENT



def _emoji(emoji: str) -> dict[str, Any]:
    m = re.fullmatch(r"a?:?(\w+):(\d+)", emoji)
    if m:
        return {"id": m.group(2), "name": m.group(1)}
    return {"id": None, "name": emoji}

"""The bot's own messages: Discord's rules for what it posts, edits and deletes.

Mixed into :class:`~.standin.DiscordStandin`; :mod:`.server` calls these for the message routes and
:mod:`.responses` for interaction responses. Each payload is checked against Discord's limits
(:mod:`.limits`), the bot's permissions and the per-channel flood limit; attachments are stored for the
stand-in's "CDN", and the result reaches the gateway unless it is ephemeral.
"""

from __future__ import annotations

import mimetypes
import re
import time
from typing import TYPE_CHECKING, Any

from . import errors as E
from . import limits
from .errors import ApiError
from .models import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_HAS_THREAD,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    INTENT_GUILD_MESSAGES,
    IT_APPLICATION_COMMAND,
    MT_CHAT_INPUT_COMMAND,
    MT_DEFAULT,
    MT_REPLY,
    Attachment,
    Channel,
    Interaction,
    Message,
    Upload,
    User,
    iso_now,
    snowflake,
)

if TYPE_CHECKING:
    from .standin import DiscordStandin

#: Message flags a bot may set when sending (others are Discord's to set or ignored).
SENDABLE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2

_MENTION_RE = re.compile(r"<@!?(\d+)>")


class BotMessages:
    """Creating, editing and deleting the bot's messages; ``self`` is always the :class:`DiscordStandin`."""

    NONCE_WINDOW = 300.0  # Discord keeps nonces "for a few minutes"

    def message_with_nonce(self: DiscordStandin, channel: Channel, nonce: str) -> Message | None:
        """The bot's message of ``channel`` sent with ``nonce`` within the nonce window, if any."""
        now = self.now()
        for msg in reversed(list(channel.messages.values())):
            if msg.nonce == nonce and msg.author.id == self.bot_user.id and now - msg.created_at <= self.NONCE_WINDOW:
                return msg
        return None


    def check_rate(self: DiscordStandin, channel: Channel, route: str) -> None:
        """Record a ``flood`` violation when the bot posts more than N messages in a channel within the
        window (Discord: ~5 per 5 s; PRODUCT.md: edit the table instead of posting)."""
        if self.rate_limit is None:
            return
        count, window = self.rate_limit
        now = time.monotonic()
        posts = self.post_times[channel.id]
        posts.append(now)
        while posts and now - posts[0] > window:
            posts.popleft()
        if len(posts) > count:
            self.violate("flood", f"{len(posts)} messages in #{channel.name} within {window:g}s (max {count})", route)

    def require_permission(self: DiscordStandin, channel: Channel, perm: int, what: str, route: str) -> None:
        if not self.permissions(self.bot_user, channel) & perm:
            self.violate("permission", f"bot lacks {what} in #{channel.name}", route)
            raise ApiError(403, E.MISSING_PERMISSIONS, "Missing Permissions")

    def check_limits(self: DiscordStandin, problems: list[limits.Problem], route: str, what: str) -> None:
        if problems:
            self.violate("limit", f"{what} breaks Discord limits", route, problems)
            raise ApiError(400, E.INVALID_FORM_BODY, "Invalid Form Body", problems)

    def build_attachments(
        self: DiscordStandin,
        channel_id: int,
        existing: list[Attachment],
        payload: dict[str, Any],
        uploads: list[Upload],
        route: str,
    ) -> list[Attachment]:
        """The attachment list after a create/edit: kept ones (listed by id in ``attachments``, or all
        when the key is absent) plus the new uploads, with descriptions from ``attachments``."""
        specs = payload.get("attachments")
        by_index: dict[str, dict[str, Any]] = {}
        kept: list[Attachment] = list(existing)
        if specs is not None:
            wanted = {str(a.get("id")) for a in specs}
            kept = [a for a in existing if str(a.id) in wanted]
            by_index = {str(a.get("id")): a for a in specs}
        new: list[Attachment] = []
        for up in uploads:
            spec = by_index.get(str(up.index), {})
            att_id = snowflake()
            filename = spec.get("filename") or up.filename
            new.append(
                Attachment(
                    att_id,
                    filename,
                    up.data,
                    f"{self.base_url}/attachments/{channel_id}/{att_id}/{filename}",
                    description=spec.get("description"),
                    content_type=_content_type(filename, up.content_type),
                    spoiler=filename.startswith("SPOILER_"),
                )
            )
        return kept + new

    def _resolve_embed_refs(
        self: DiscordStandin, embeds: list[dict[str, Any]], attachments: list[Attachment], route: str
    ) -> None:
        """Swap ``attachment://name`` in embeds for the attachment URL, as Discord does; a reference to
        a file the message does not carry is a bug (the image silently fails to show)."""
        names = {a.filename: a for a in attachments}
        for embed in embeds:
            for key in ("image", "thumbnail"):
                part = embed.get(key)
                if isinstance(part, dict) and str(part.get("url", "")).startswith("attachment://"):
                    name = part["url"].removeprefix("attachment://")
                    att = names.get(name)
                    if att is None:
                        self.violate("limit", f"embed {key} refers to missing attachment {name!r}", route)
                    else:
                        part["url"] = part["proxy_url"] = att.url

    def mentions_in(self: DiscordStandin, content: str | None) -> list[User]:
        ids = [int(m) for m in _MENTION_RE.findall(content or "")]
        return [self.users[i] for i in dict.fromkeys(ids) if i in self.users]

    async def create_message(
        self: DiscordStandin,
        channel: Channel,
        payload: dict[str, Any],
        uploads: list[Upload],
        route: str,
        *,
        interaction: Interaction | None = None,
        ephemeral_for: User | None = None,
        loading: bool = False,
    ) -> Message:
        """Validate and store a message from the bot, then tell the gateway (unless ephemeral)."""
        attachments = self.build_attachments(channel.id, [], payload, uploads, route)
        self.check_limits(limits.check_message(payload, [(a.filename, a.size) for a in attachments]), route, "message")
        flags = int(payload.get("flags") or 0) & SENDABLE_FLAGS
        if ephemeral_for is not None:
            flags |= FLAG_EPHEMERAL
        if loading:
            flags |= FLAG_LOADING
        embeds = [dict(e, type=e.get("type", "rich")) for e in payload.get("embeds") or []]
        self._resolve_embed_refs(embeds, attachments, route)
        msg = Message(
            snowflake(),
            channel.id,
            None if channel.is_private else channel.guild_id,
            self.bot_user,
            payload.get("content") or "",
            embeds=embeds,
            components=list(payload.get("components") or []),
            attachments=attachments,
            flags=flags,
            allowed_mentions=payload.get("allowed_mentions"),
            mentions=self.mentions_in(payload.get("content")),
            nonce=str(payload["nonce"]) if payload.get("nonce") is not None else None,
            created_at=self.now(),
        )
        if interaction is not None:
            msg.webhook_id = self.application_id
            msg.application_id = self.application_id
            msg.interaction_metadata = interaction.metadata()
            msg.type = MT_CHAT_INPUT_COMMAND if interaction.type == IT_APPLICATION_COMMAND else MT_DEFAULT
        ref = payload.get("message_reference")
        if ref and ref.get("message_id"):
            msg.type = MT_REPLY
            msg.referenced = self.find_message(int(ref["message_id"]))
            msg.message_reference = {
                "message_id": str(ref["message_id"]),
                "channel_id": str(channel.id),
                "guild_id": str(channel.guild_id),
                "type": 0,
            }
        if ephemeral_for is not None:
            msg.ephemeral_user_id = ephemeral_for.id
            self.ephemeral[ephemeral_for.id].append(msg)
            return msg
        if channel.is_thread and channel.archived:
            await self.set_archived(channel, False)
        if interaction is None:  # Discord's 5/5 s channel limit applies to bot-token posts
            self.check_rate(channel, route)
        channel.messages[msg.id] = msg
        if channel.is_private:
            if channel.has_bot(self.bot_user.id):  # the bot's own DM; a group DM never reaches the bot
                await self.gateway.dispatch_message_create(msg, None)
            return msg
        await self.gateway.dispatch_message_create(msg, self.guild_of(channel).members[self.bot_user.id])
        return msg

    async def edit_message(
        self: DiscordStandin, msg: Message, payload: dict[str, Any], uploads: list[Upload], route: str
    ) -> Message:
        """PATCH semantics: only keys present change; ``attachments`` lists which existing files stay."""
        attachments = self.build_attachments(msg.channel_id, msg.attachments, payload, uploads, route)
        merged = {
            "content": payload.get("content", msg.content),
            "embeds": payload.get("embeds", msg.embeds),
            "components": payload.get("components", msg.components),
            "attachments": payload.get("attachments") or [],
            "flags": payload.get("flags", msg.flags) or 0,
        }
        new_files = attachments[len(attachments) - len(uploads) :] if uploads else []
        self.check_limits(
            limits.check_message(merged, [(a.filename, a.size) for a in new_files]), route, "message edit"
        )
        msg.history.append(msg.snapshot(self.now()))
        msg.content = merged["content"] or ""
        msg.embeds = [dict(e, type=e.get("type", "rich")) for e in merged["embeds"] or []]
        msg.components = list(merged["components"] or [])
        msg.attachments = attachments
        self._resolve_embed_refs(msg.embeds, attachments, route)
        if "flags" in payload and payload["flags"] is not None:
            keep = msg.flags & (FLAG_EPHEMERAL | FLAG_HAS_THREAD | FLAG_COMPONENTS_V2)
            msg.flags = keep | (int(payload["flags"]) & (FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2))  # editable
        msg.flags &= ~FLAG_LOADING
        if "content" in payload:
            msg.mentions = self.mentions_in(msg.content)
        msg.edited_timestamp = iso_now()
        if msg.allowed_mentions is None:
            msg.allowed_mentions = payload.get("allowed_mentions")
        if not msg.ephemeral and self.channels[msg.channel_id].has_bot(self.bot_user.id):
            await self.gateway.dispatch_message_update(msg)
        return msg

    async def delete_message(self: DiscordStandin, msg: Message) -> None:
        msg.deleted = True
        if not msg.ephemeral and self.channels[msg.channel_id].has_bot(self.bot_user.id):
            payload = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id is not None:
                payload["guild_id"] = str(msg.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", payload, guild_id=msg.guild_id, intents=INTENT_GUILD_MESSAGES)



def _content_type(filename: str, sent: str | None) -> str | None:
    """Discord derives the type from the file itself; discord.py always sends octet-stream."""
    if sent and sent != "application/octet-stream":
        return sent
    guessed, _ = mimetypes.guess_type(filename)
    return guessed or sent


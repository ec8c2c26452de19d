"""The stand-in's people and places: users, roles, members, channels (and threads, DMs) and guilds.

Plain dataclasses the REST server and the gateway both read and write and tests inspect; each renders
itself as the JSON payload real Discord sends.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .constants import ADMINISTRATOR, ALL_PERMISSIONS, GROUP_DM, GUILD_TEXT, PRIVATE_TYPES, THREAD_TYPES
from .ids import iso_now

if TYPE_CHECKING:
    from .message_models import Message

_discriminators = itertools.count(1)


@dataclass
class User:
    """A Discord account: a player, an admin, or the bot itself."""

    id: int
    name: str
    bot: bool = False
    global_name: str | None = None
    locale: str = "en-US"  # the language of the user's Discord client, sent with each interaction
    installed: bool = False  # added the app to their own apps (a user install: it follows them anywhere)

    def to_payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name or (None if self.bot else self.name),
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class Role:
    """A guild role; member permissions are the OR of @everyone and their roles (no overwrites)."""

    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class Member:
    """A user's membership in one guild."""

    user: User
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    def to_payload(self, *, permissions: int | None = None, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.to_payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass
class Channel:
    """A text channel or a thread. Messages live here in posting order (ephemerals never do)."""

    id: int
    guild_id: int
    name: str
    type: int = GUILD_TEXT
    position: int = 0
    parent_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    invitable: bool = True
    topic: str | None = None
    thread_members: set[int] = field(default_factory=set)
    overwrites: dict[int, tuple[int, int, int]] = field(default_factory=dict)  # id -> (type, allow, deny)
    messages: dict[int, Message] = field(default_factory=dict)
    deleted: bool = False
    created_at: str = field(default_factory=iso_now)
    recipients: list[User] = field(default_factory=list)  # a DM's or group DM's people (the bot in its own DM)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_private(self) -> bool:
        """A DM or group DM: no guild, no roles, no permissions of its own."""
        return self.type in PRIVATE_TYPES

    def has_bot(self, bot_id: int) -> bool:
        """The bot is in it (its own DM with someone), so its token may post and read there."""
        return not self.is_private or any(u.id == bot_id for u in self.recipients)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_payload(self, *, bot_id: int | None = None) -> dict[str, Any]:
        if self.is_private:
            return self._private_payload(bot_id)
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [
                {"id": str(oid), "type": kind, "allow": str(allow), "deny": str(deny)}
                for oid, (kind, allow, deny) in self.overwrites.items()
            ],
            "nsfw": False,
            "flags": 0,
            "last_message_id": str(max(self.messages)) if self.messages else None,
            "rate_limit_per_user": 0,
        }
        if self.is_thread:
            del data["permission_overwrites"]
            data.update(
                {
                    "parent_id": str(self.parent_id),
                    "owner_id": str(self.owner_id),
                    "message_count": len(self.messages),
                    "total_message_sent": len(self.messages),
                    "member_count": len(self.thread_members),
                    "thread_metadata": {
                        "archived": self.archived,
                        "locked": self.locked,
                        "auto_archive_duration": self.auto_archive_duration,
                        "archive_timestamp": self.created_at,
                        "invitable": self.invitable,
                        "create_timestamp": self.created_at,
                    },
                }
            )
        else:
            data["topic"] = self.topic
            data["parent_id"] = None
            data["default_auto_archive_duration"] = 1440
        return data

    def _private_payload(self, bot_id: int | None) -> dict[str, Any]:
        # Discord lists a DM's other people in ``recipients``: never the user the payload is sent to.
        others = [u.to_payload() for u in self.recipients if u.id != bot_id]
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "last_message_id": str(max(self.messages)) if self.messages else None,
            "recipients": others,
            "flags": 0,
        }
        if self.type == GROUP_DM:
            data.update({"name": self.name, "icon": None, "owner_id": str(self.owner_id or self.recipients[0].id)})
        return data

    def live_messages(self) -> list[Message]:
        return [m for m in self.messages.values() if not m.deleted]


@dataclass
class Guild:
    """A server. The bot is always a member (it was "added" by creating the guild)."""

    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    locale: str = "en-US"

    def permissions_of(self, user_id: int) -> int:
        """Guild-level permissions: owner and administrators get everything."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        perms = self.roles[self.id].permissions
        member = self.members.get(user_id)
        if member is not None:
            for role_id in member.roles:
                role = self.roles.get(role_id)
                if role is not None:
                    perms |= role.permissions
        if perms & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return perms

    def to_payload(self) -> dict[str, Any]:
        """The GUILD_CREATE payload. ``member_count`` equals the member list so discord.py deems the
        guild fully chunked and does not ask for member chunks on start."""
        text_channels = [c for c in self.channels.values() if not c.deleted and not c.is_thread]
        threads = [c for c in self.channels.values() if not c.deleted and c.is_thread and not c.archived]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.to_payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso_now(),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [m.to_payload() for m in self.members.values()],
            "channels": [c.to_payload() for c in text_channels],
            "threads": [c.to_payload() for c in threads],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }



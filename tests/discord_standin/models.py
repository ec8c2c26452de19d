"""The stand-in's world: users, guilds, channels, messages and interactions.

These are plain dataclasses that the REST server and the gateway both read and write, and that tests
inspect. Each object knows how to render itself as the JSON payload real Discord would send, because
the point of the stand-in is that discord.py parses *real-shaped* payloads, not mocks.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import itertools
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions). Only the ones the product
# cares about are named; any int works wherever permissions are accepted.
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

#: What @everyone can do in a freshly made server (roughly Discord's defaults).
DEFAULT_EVERYONE_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | MENTION_EVERYONE
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)

#: What the bot's managed role grants by default: enough to run a game (threads, edits, pins).
DEFAULT_BOT_PERMISSIONS = DEFAULT_EVERYONE_PERMISSIONS | MANAGE_THREADS | MANAGE_MESSAGES

# Gateway intents the stand-in honours when dispatching.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_GUILD_MESSAGE_REACTIONS = 1 << 10
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT

# Channel types.
GUILD_TEXT = 0
DM = 1  # a direct message: with the bot (the bot's DM) or between two people (the bot is not in it)
GROUP_DM = 3  # a group DM: the bot is never a member (a user-installed app reaches it through interactions)
PRIVATE_TYPES = (DM, GROUP_DM)
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags.
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_HAS_THREAD = 1 << 5
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12  # a "silent" message: no ping
FLAG_COMPONENTS_V2 = 1 << 15

# Interaction types.
IT_PING = 1
IT_APPLICATION_COMMAND = 2
IT_MESSAGE_COMPONENT = 3
IT_AUTOCOMPLETE = 4
IT_MODAL_SUBMIT = 5

# Interaction contexts (where it happened) and installation types (who added the app).
CONTEXT_GUILD = 0
CONTEXT_BOT_DM = 1
CONTEXT_PRIVATE_CHANNEL = 2
GUILD_INSTALL = 0
USER_INSTALL = 1

#: What the bot may do in its own DM with someone (no roles there; roughly what Discord reports).
DM_PERMISSIONS = (
    ADD_REACTIONS | VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS | USE_APPLICATION_COMMANDS
)

# Interaction callback (response) types.
CB_PONG = 1
CB_CHANNEL_MESSAGE = 4
CB_DEFERRED_CHANNEL_MESSAGE = 5
CB_DEFERRED_UPDATE_MESSAGE = 6
CB_UPDATE_MESSAGE = 7
CB_AUTOCOMPLETE_RESULT = 8
CB_MODAL = 9

# Message types.
MT_DEFAULT = 0
MT_THREAD_CREATED = 18
MT_REPLY = 19
MT_CHAT_INPUT_COMMAND = 20
MT_THREAD_STARTER = 21

_snowflake_lock = threading.Lock()
_last_snowflake = 0


def snowflake() -> int:
    """A new Discord-style id: milliseconds since the Discord epoch shifted left 22, always increasing.

    discord.py derives ``created_at`` from ids, so they have to be real snowflakes, not counters.
    """
    global _last_snowflake
    with _snowflake_lock:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        _last_snowflake = max(candidate, _last_snowflake + 1)
        return _last_snowflake


def iso_now() -> str:
    """An ISO-8601 timestamp as Discord writes them (``+00:00`` suffix)."""
    return _dt.datetime.now(_dt.UTC).isoformat()


_discriminators = itertools.count(1)


@dataclass
class Upload:
    """One file part of a multipart request (``files[n]``)."""

    index: int
    filename: str
    data: bytes
    content_type: str | None


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


@dataclass
class Attachment:
    """A stored upload. ``data`` holds the exact bytes the bot sent so tests can open images."""

    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None
    content_type: str | None = None
    spoiler: bool = False

    @property
    def size(self) -> int:
        return len(self.data)

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.description is not None:
            payload["description"] = self.description
        if self.content_type:
            payload["content_type"] = self.content_type
        return payload


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component in a tree, depth first (action rows, V2 containers/sections/labels included)."""
    for comp in components or []:
        yield comp
        yield from walk_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


@dataclass
class Snapshot:
    """What a message looked like before an edit (for ``Message.history``)."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachment_names: list[str]
    edited_at: float


@dataclass
class Message:
    """A message as the stand-in stores it. Ephemeral messages carry ``ephemeral_user_id``."""

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = MT_DEFAULT
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    allowed_mentions: dict[str, Any] | None = None
    mentions: list[User] = field(default_factory=list)
    reactions: dict[str, set[int]] = field(default_factory=dict)
    thread_id: int | None = None
    ephemeral_user_id: int | None = None
    deleted: bool = False
    history: list[Snapshot] = field(default_factory=list)
    pinned: bool = False
    referenced: Message | None = field(default=None, repr=False)  # the message this one replies to
    nonce: str | None = None  # as sent; with enforce_nonce a repeat returns this message (see server)
    created_at: float = 0.0  # the stand-in's clock (DiscordStandin.now) when it was created

    def __repr__(self) -> str:
        kind = "ephemeral " if self.ephemeral else ""
        extra = f" +{len(self.embeds)} embeds" if self.embeds else ""
        extra += f" files={[a.filename for a in self.attachments]}" if self.attachments else ""
        extra += f" ids={self.custom_ids()}" if self.components else ""
        return f"<{kind}Message {self.id} by {self.author.name}: {self.content[:60]!r}{extra} edits={self.edit_count}>"

    # --- convenience for tests -------------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "is thinking..." placeholder."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def edit_count(self) -> int:
        return len(self.history)

    def all_components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.components))

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if "custom_id" in c and c.get("type") != 1]

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        for comp in self.all_components():
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def button(self, label: str) -> dict[str, Any]:
        """The button with this label, e.g. ``standin.click(user, msg, msg.button("Join")["custom_id"])``."""
        for b in self.buttons():
            if b.get("label") == label:
                return b
        raise LookupError(f"no button labelled {label!r}; have {[b.get('label') for b in self.buttons()]}")

    def text(self) -> str:
        """Content plus all embed text, for loose assertions like ``"Your turn" in msg.text()``."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            parts += [(e.get("author") or {}).get("name") or "", (e.get("footer") or {}).get("text") or ""]
            for f in e.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
        for c in self.all_components():
            if c.get("type") == 10:  # V2 text display
                parts.append(c.get("content") or "")
        return "\n".join(p for p in parts if p)

    def attachment(self, filename: str) -> Attachment:
        for a in self.attachments:
            if a.filename == filename:
                return a
        raise LookupError(f"no attachment {filename!r}; have {[a.filename for a in self.attachments]}")

    def snapshot(self, at: float) -> Snapshot:
        return Snapshot(
            self.content,
            [dict(e) for e in self.embeds],
            list(self.components),
            [a.filename for a in self.attachments],
            at,
        )

    # --- wire format --------------------------------------------------------------------------
    def to_payload(self, *, member: Member | None = None, content_visible: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.to_payload(),
            "content": self.content if content_visible else "",
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [u.to_payload() for u in self.mentions],
            "mention_roles": [],
            "attachments": [a.to_payload() for a in self.attachments] if content_visible else [],
            "embeds": list(self.embeds) if content_visible else [],
            "components": list(self.components) if content_visible else [],
            "reactions": [
                {
                    "emoji": _emoji_payload(e),
                    "count": len(users),
                    "me": False,
                    "burst_colors": [],
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me_burst": False,
                    "burst_me": False,
                    "burst_count": 0,
                }
                for e, users in self.reactions.items()
                if users
            ],
            "pinned": self.pinned,
            "type": self.type,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if member is not None:
            data["member"] = member.to_payload(with_user=False)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
            if self.referenced is not None and not self.referenced.deleted:
                data["referenced_message"] = self.referenced.to_payload()
        return data


def _emoji_payload(emoji: str) -> dict[str, Any]:
    """Reaction emoji as Discord sends it: unicode by name, custom ``name:id`` split."""
    m = re.fullmatch(r"<?a?:?(\w+):(\d+)>?", emoji)
    if m:
        return {"id": m.group(2), "name": m.group(1)}
    return {"id": None, "name": emoji}


@dataclass
class Modal:
    """A modal the bot showed a user; ``submit_modal`` answers the latest one per user."""

    custom_id: str
    title: str
    components: list[dict[str, Any]]
    interaction: Interaction

    def text_inputs(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") == 4]

    def inputs(self) -> list[dict[str, Any]]:
        """Everything the user fills in: text inputs and selects (selects sit inside labels)."""
        return [c for c in walk_components(self.components) if c.get("type") in (3, 4, 5, 6, 7, 8)]


@dataclass
class Interaction:
    """One user action delivered to the bot, and everything the bot did in answer to it.

    Times are on the stand-in's clock (``DiscordStandin.now()``), which tests may advance to check
    the 15-minute token expiry without waiting.
    """

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    guild: Guild | None  # None in a DM or group DM
    data: dict[str, Any]
    received_at: float
    source_message: Message | None = None
    responded_at: float | None = None
    response_type: int | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    modal: Modal | None = None
    autocomplete_choices: list[dict[str, Any]] | None = None
    errors: list[str] = field(default_factory=list)
    ephemeral_defer: bool = False
    deadline_flagged: bool = False
    answers: int = 0  # follow-ups sent and messages edited with this interaction's token
    followup_count: int = 0  # follow-up messages created with its token (capped for user-installed apps)
    context: int = CONTEXT_GUILD
    owners: dict[str, str] = field(default_factory=dict)  # authorizing_integration_owners, as Discord sends it
    delivered_to: list[Any] = field(default_factory=list, repr=False, compare=False)  # gateway sessions
    responded_event: asyncio.Event = field(default_factory=asyncio.Event, repr=False, compare=False)

    def __repr__(self) -> str:
        what = self.data.get("name") or self.data.get("custom_id")
        return (
            f"<Interaction {self.id} type={self.type} by {self.user.name} {what!r}"
            f" response={self.response_type} latency={self.latency}>"
        )

    def describe(self) -> str:
        """``slash /hardback start by alice`` — for violation messages."""
        kind = {
            IT_APPLICATION_COMMAND: "slash",
            IT_MESSAGE_COMPONENT: "component",
            IT_AUTOCOMPLETE: "autocomplete",
            IT_MODAL_SUBMIT: "modal submit",
        }.get(self.type, str(self.type))
        what = self.data.get("custom_id") or self.data.get("name") or ""
        if self.type == IT_APPLICATION_COMMAND:
            path = [self.data.get("name", "")]
            options = self.data.get("options") or []
            while options and options[0].get("type") in (1, 2):
                path.append(options[0]["name"])
                options = options[0].get("options") or []
            what = "/" + " ".join(path)
        return f"{kind} {what!s} by {self.user.name}"

    @property
    def latency(self) -> float | None:
        """Seconds between delivery and the first (initial) response, or None if none came."""
        return None if self.responded_at is None else self.responded_at - self.received_at

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def message(self) -> Message | None:
        """The message this interaction's response produced or updated (original response)."""
        return self.original

    @property
    def ephemeral(self) -> bool:
        return self.original is not None and self.original.ephemeral

    @property
    def user_installed_only(self) -> bool:
        """Reached the app through a user's install alone (no server install where it happened): Discord
        caps such an interaction at 5 follow-up messages."""
        return str(GUILD_INSTALL) not in self.owners

    def metadata(self) -> dict[str, Any]:
        """``interaction_metadata`` for messages created in response to this interaction."""
        meta: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.to_payload(),
            "authorizing_integration_owners": dict(self.owners),
        }
        if self.type == IT_APPLICATION_COMMAND:
            meta["name"] = self.data.get("name", "")
            meta["command_type"] = 1
        if self.type == IT_MESSAGE_COMPONENT and self.source_message is not None:
            meta["interacted_message_id"] = str(self.source_message.id)
        return meta

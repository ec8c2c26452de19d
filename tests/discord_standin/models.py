"""The stand-in's world: users, guilds, channels, messages and interactions, and Discord's numbers.

The public face of the stand-in's model, re-exporting what the rest of the stand-in and the tests use. The
objects are plain dataclasses that the REST server and the gateway both read and write, and that tests
inspect. Each object knows how to render itself as the JSON payload real Discord would send, because the
point of the stand-in is that discord.py parses *real-shaped* payloads, not mocks. Where they live:

- :mod:`.constants`: permission bits, intents, channel/interaction/callback/message types, flags;
- :mod:`.ids`: snowflakes and timestamps;
- :mod:`.guild_models`: users, roles, members, channels, guilds;
- :mod:`.message_models`: uploads, attachments, messages;
- :mod:`.interaction_models`: interactions and modals.
"""

from __future__ import annotations

from .constants import (
    ADD_REACTIONS,
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    ATTACH_FILES,
    CB_AUTOCOMPLETE_RESULT,
    CB_CHANNEL_MESSAGE,
    CB_DEFERRED_CHANNEL_MESSAGE,
    CB_DEFERRED_UPDATE_MESSAGE,
    CB_MODAL,
    CB_PONG,
    CB_UPDATE_MESSAGE,
    CONTEXT_BOT_DM,
    CONTEXT_GUILD,
    CONTEXT_PRIVATE_CHANNEL,
    CREATE_INSTANT_INVITE,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    DISCORD_EPOCH_MS,
    DM,
    DM_PERMISSIONS,
    EMBED_LINKS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_HAS_THREAD,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    GROUP_DM,
    GUILD_INSTALL,
    GUILD_TEXT,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGE_REACTIONS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILD_PRESENCES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    IT_APPLICATION_COMMAND,
    IT_AUTOCOMPLETE,
    IT_MESSAGE_COMPONENT,
    IT_MODAL_SUBMIT,
    IT_PING,
    MANAGE_CHANNELS,
    MANAGE_GUILD,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    MENTION_EVERYONE,
    MT_CHAT_INPUT_COMMAND,
    MT_DEFAULT,
    MT_REPLY,
    MT_THREAD_CREATED,
    MT_THREAD_STARTER,
    PRIVATE_THREAD,
    PRIVATE_TYPES,
    PRIVILEGED_INTENTS,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    THREAD_TYPES,
    USE_APPLICATION_COMMANDS,
    USE_EXTERNAL_EMOJIS,
    USER_INSTALL,
    VIEW_CHANNEL,
)
from .guild_models import Channel, Guild, Member, Role, User
from .ids import iso_now, snowflake
from .interaction_models import Interaction, Modal
from .message_models import Attachment, Message, Snapshot, Upload, walk_components

__all__ = [
    "ADD_REACTIONS", "ADMINISTRATOR", "ALL_PERMISSIONS", "ATTACH_FILES", "CB_AUTOCOMPLETE_RESULT",
    "CB_CHANNEL_MESSAGE", "CB_DEFERRED_CHANNEL_MESSAGE", "CB_DEFERRED_UPDATE_MESSAGE", "CB_MODAL", "CB_PONG",
    "CB_UPDATE_MESSAGE", "CONTEXT_BOT_DM", "CONTEXT_GUILD", "CONTEXT_PRIVATE_CHANNEL", "CREATE_INSTANT_INVITE",
    "CREATE_PRIVATE_THREADS", "CREATE_PUBLIC_THREADS", "DEFAULT_BOT_PERMISSIONS", "DEFAULT_EVERYONE_PERMISSIONS",
    "DISCORD_EPOCH_MS", "DM", "DM_PERMISSIONS", "EMBED_LINKS", "FLAG_COMPONENTS_V2", "FLAG_EPHEMERAL",
    "FLAG_HAS_THREAD", "FLAG_LOADING", "FLAG_SUPPRESS_EMBEDS", "FLAG_SUPPRESS_NOTIFICATIONS", "GROUP_DM",
    "GUILD_INSTALL", "GUILD_TEXT", "INTENT_DIRECT_MESSAGES", "INTENT_GUILDS", "INTENT_GUILD_MEMBERS",
    "INTENT_GUILD_MESSAGES", "INTENT_GUILD_MESSAGE_REACTIONS", "INTENT_GUILD_PRESENCES", "INTENT_MESSAGE_CONTENT",
    "IT_APPLICATION_COMMAND", "IT_AUTOCOMPLETE", "IT_MESSAGE_COMPONENT", "IT_MODAL_SUBMIT", "IT_PING",
    "MANAGE_CHANNELS", "MANAGE_GUILD", "MANAGE_MESSAGES", "MANAGE_THREADS", "MENTION_EVERYONE",
    "MT_CHAT_INPUT_COMMAND", "MT_DEFAULT", "MT_REPLY", "MT_THREAD_CREATED", "MT_THREAD_STARTER", "PRIVATE_THREAD",
    "PRIVATE_TYPES", "PRIVILEGED_INTENTS", "PUBLIC_THREAD", "READ_MESSAGE_HISTORY", "SEND_MESSAGES",
    "SEND_MESSAGES_IN_THREADS", "THREAD_TYPES", "USER_INSTALL", "USE_APPLICATION_COMMANDS", "USE_EXTERNAL_EMOJIS",
    "VIEW_CHANNEL", "Attachment", "Channel", "Guild", "Interaction", "Member", "Message", "Modal", "Role",
    "Snapshot", "Upload", "User", "iso_now", "snowflake", "walk_components",
]

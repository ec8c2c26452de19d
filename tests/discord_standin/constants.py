"""Discord's numbers the stand-in speaks: permission bits, gateway intents, channel, interaction, callback
and message types, message flags, interaction contexts and installation types."""

from __future__ import annotations

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

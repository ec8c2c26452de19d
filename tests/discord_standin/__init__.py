"""A local stand-in for Discord's API (REST + gateway over loopback) for end-to-end tests.

The real discord.py client — in the test process or in a separate bot process — connects to it, so
tests exercise real payloads: command sync, slash commands, ephemeral responses, component clicks,
modals, message edits, file uploads, threads. Every payload is checked against Discord's limits and
every interaction against the 3-second rule. See docs/testing-discord.md.

Typical use (the ``standin`` fixture in tests/e2e/conftest.py does the first part)::

    standin = await DiscordStandin().start()
    guild = standin.add_guild("Test Guild")
    channel = standin.add_text_channel(guild, "general")
    alice = standin.add_user("alice", guild)
    restore = point_discord_at(standin.api_url, standin.gateway_url)
    ...  # start the bot, await standin.wait_until_connected()
    inter = await standin.slash(alice, "hardback start", {"length": "short"})
    assert inter.message is not None and not inter.message.ephemeral
"""

from .discord_patch import API_ENV, GATEWAY_ENV, apply_env, point_discord_at
from .errors import ApiError, StandinViolation, Violation
from .models import (
    ADMINISTRATOR,
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    INTENT_MESSAGE_CONTENT,
    MANAGE_CHANNELS,
    MANAGE_GUILD,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    PRIVILEGED_INTENTS,
    SEND_MESSAGES,
    Attachment,
    Channel,
    Guild,
    Interaction,
    Member,
    Message,
    Modal,
    Role,
    User,
)
from .process import BotProcess, scratch_dir
from .runner import run_client
from .standin import DiscordStandin
from .world import World, make_world

__all__ = [
    "ADMINISTRATOR",
    "API_ENV",
    "ATTACH_FILES",
    "CREATE_PUBLIC_THREADS",
    "DEFAULT_BOT_PERMISSIONS",
    "DEFAULT_EVERYONE_PERMISSIONS",
    "GATEWAY_ENV",
    "INTENT_MESSAGE_CONTENT",
    "MANAGE_CHANNELS",
    "MANAGE_GUILD",
    "MANAGE_MESSAGES",
    "MANAGE_THREADS",
    "PRIVILEGED_INTENTS",
    "SEND_MESSAGES",
    "ApiError",
    "Attachment",
    "BotProcess",
    "Channel",
    "DiscordStandin",
    "Guild",
    "Interaction",
    "Member",
    "Message",
    "Modal",
    "Role",
    "StandinViolation",
    "User",
    "Violation",
    "World",
    "apply_env",
    "make_world",
    "point_discord_at",
    "run_client",
    "scratch_dir",
]

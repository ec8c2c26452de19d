"""A ready-made small server for tests: one text channel, two players, one moderator."""

from __future__ import annotations

from dataclasses import dataclass

from .models import MANAGE_CHANNELS, Channel, Guild, User
from .standin import DiscordStandin


@dataclass
class World:
    """What most end-to-end tests need; build with :func:`make_world`."""

    standin: DiscordStandin
    guild: Guild
    channel: Channel
    alice: User
    bob: User
    mod: User  # has Manage Channels (may start/cancel any game per PRODUCT.md)


async def make_world(**standin_options: object) -> World:
    """Start a stand-in and populate it. ``standin_options`` go to :class:`DiscordStandin`."""
    standin = await DiscordStandin(**standin_options).start()  # type: ignore[arg-type]
    guild = standin.add_guild("Test Guild")
    channel = standin.add_text_channel(guild, "general")
    alice = standin.add_user("alice", guild)
    bob = standin.add_user("bob", guild)
    mod = standin.add_user("mod", guild, permissions=MANAGE_CHANNELS)
    return World(standin, guild, channel, alice, bob, mod)

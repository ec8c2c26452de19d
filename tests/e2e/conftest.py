"""Fixtures for end-to-end tests against the Discord stand-in (tests/discord_standin).

``tests/`` is not a package, so the stand-in is made importable as ``discord_standin`` here.
Every test using ``standin``/``world`` fails if the bot broke a Discord rule that the test did not
claim with ``standin.take_violations(...)``.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).resolve().parent.parent
if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))

from discord_standin import (  # noqa: E402 - needs the sys.path line above
    MANAGE_CHANNELS,
    Channel,
    DiscordStandin,
    Guild,
    User,
    point_discord_at,
)


@dataclass
class World:
    """A small server: one text channel, two players and a moderator (Manage Channels)."""

    standin: DiscordStandin
    guild: Guild
    channel: Channel
    alice: User
    bob: User
    mod: User


@pytest.fixture
async def world() -> AsyncIterator[World]:
    standin = await DiscordStandin().start()
    guild = standin.add_guild("Test Guild")
    channel = standin.add_text_channel(guild, "general")
    alice = standin.add_user("alice", guild)
    bob = standin.add_user("bob", guild)
    mod = standin.add_user("mod", guild, permissions=MANAGE_CHANNELS)
    restore = point_discord_at(standin.api_url, standin.gateway_url)
    try:
        yield World(standin, guild, channel, alice, bob, mod)
    finally:
        restore()
        await standin.stop()
    standin.assert_no_violations()


@pytest.fixture
async def standin(world: World) -> DiscordStandin:
    return world.standin

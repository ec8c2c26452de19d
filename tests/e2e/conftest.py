"""Fixtures for end-to-end tests against the Discord stand-in (tests/discord_standin).

``tests/`` is not a package, so the stand-in is made importable as ``discord_standin`` here.
Every test using ``standin``/``world`` fails if the bot broke a Discord rule that the test did not
claim with ``standin.take_violations(...)``.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).resolve().parent.parent
if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))

from discord_standin import DiscordStandin, point_discord_at  # noqa: E402 - needs the sys.path line above
from discord_standin.world import World, make_world  # noqa: E402


@pytest.fixture
async def world() -> AsyncIterator[World]:
    """A running stand-in with a guild, #general, alice, bob and mod; discord.py points at it."""
    w = await make_world()
    restore = point_discord_at(w.standin.api_url, w.standin.gateway_url)
    try:
        yield w
    finally:
        restore()
        await w.standin.stop()
    w.standin.assert_no_violations()


@pytest.fixture
async def standin(world: World) -> DiscordStandin:
    return world.standin

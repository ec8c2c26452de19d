"""The Discord stand-in for the i18n tests that start the bot (same fixture as tests/e2e)."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).resolve().parent.parent
for folder in (TESTS_DIR, TESTS_DIR / "e2e"):  # discord_standin, and botkit's running_bot
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from discord_standin import point_discord_at  # noqa: E402 - needs the sys.path lines above
from discord_standin.world import World, make_world  # noqa: E402


@pytest.fixture
async def world() -> AsyncIterator[World]:
    w = await make_world()
    restore = point_discord_at(w.standin.api_url, w.standin.gateway_url)
    try:
        yield w
    finally:
        restore()
        await w.standin.stop()
    w.standin.assert_no_violations()

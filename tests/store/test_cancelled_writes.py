"""A write or read cancelled at any point (the bot shutting down while a computer player commits) leaves the
store as it was and the next one free: SQLite's BEGIN still runs in the connection's thread after its caller
was cancelled, and a transaction left open there refused every later write ("cannot start a transaction
within a transaction")."""

from __future__ import annotations

import asyncio
import contextlib

from hardback_bot.store import GuildSettings

from .conftest import Backend


async def test_a_cancelled_write_or_read_leaves_the_next_one_free(backend: Backend) -> None:
    store = await backend.open()
    try:
        for steps in range(12):  # cancelled after 0, 1, 2 … turns of the loop: before, at and after the BEGIN
            timer = 30 + steps
            write = asyncio.create_task(store.settings.set_guild_settings(1, GuildSettings(turn_timer=timer)))
            read = asyncio.create_task(store.settings.get_guild_settings(1))
            for _ in range(steps):
                await asyncio.sleep(0)
            write.cancel()
            read.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await write
            with contextlib.suppress(asyncio.CancelledError):
                await read
            await store.settings.set_guild_settings(2, GuildSettings(turn_timer=60 + steps))  # raised StoreBusy
            assert (await store.settings.get_guild_settings(2)).turn_timer == 60 + steps
            assert (await store.settings.get_guild_settings(
                1)).turn_timer in (300, *range(30, timer + 1))  # 300: never set
    finally:
        await store.close()

"""Running a discord.py client *inside* the test process against the stand-in."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import discord

    from .standin import DiscordStandin


@contextlib.asynccontextmanager
async def run_client(standin: DiscordStandin, client: discord.Client, *, timeout: float = 30.0) -> AsyncIterator[Any]:
    """Start ``client`` (login, ``setup_hook``, gateway) and yield once it has identified and received its
    guilds; close it on exit. discord.py must already point at the stand-in (see ``point_discord_at``).

    Closing and then building a *new* client object is how a test simulates a process restart in-process
    (views registered on the old object are gone, as they would be).
    """
    before = standin.gateway.identify_count
    task = asyncio.create_task(client.start(standin.token), name="standin-client")
    try:
        try:
            await standin.wait_for(
                lambda: task.done() or (standin.gateway.identify_count > before and standin.gateway.ready_sessions()),
                timeout=timeout,
                what="the client to connect",
            )
        except TimeoutError as exc:
            raise TimeoutError(f"{exc} — {standin.connection_report()}") from None
        if task.done():
            task.result()  # re-raise the login/connect error
            raise RuntimeError("client stopped before connecting")
        yield task
    finally:
        await client.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 5.0)

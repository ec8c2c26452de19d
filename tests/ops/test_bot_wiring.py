"""bot.py's wiring, in process and without Discord: every interaction is counted and timed, and everything
logged while it is handled — in the handler and in the tasks it starts — names its guild and game."""

from __future__ import annotations

import asyncio

import discord.state
import pytest

import bot as botmod
from hardback_bot.config import Settings
from hardback_bot.ops import logs
from hardback_bot.ops.metrics import REGISTRY, GatewayShard


async def test_interactions_are_tracked_and_bound_to_their_guild_and_game(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, object] = {}
    tasks: list[asyncio.Task[None]] = []

    def parse_interaction_create(self: object, data: dict[str, object]) -> None:
        seen["handler"] = logs.current()

        async def later() -> None:
            await asyncio.sleep(0)
            seen["task"] = logs.current()

        tasks.append(asyncio.get_running_loop().create_task(later()))

    monkeypatch.setattr(discord.state.ConnectionState, "parse_interaction_create", parse_interaction_create)
    bot = botmod.make_bot(Settings(token="x"))
    before = REGISTRY.get_sample_value("hardback_interactions_total", {"kind": "click:move"}) or 0
    guild = 81_384_788_765_712_384
    bot._connection.parsers["INTERACTION_CREATE"]({"id": "5", "type": 3, "guild_id": str(guild),
                                                   "data": {"custom_id": "hb:m:77:4:buy_3"}})
    assert logs.current() == (None, None)  # nothing leaks into the gateway's own task
    await asyncio.gather(*tasks)
    assert seen == {"handler": (guild, 77), "task": (guild, 77)}
    assert REGISTRY.get_sample_value("hardback_interactions_total", {"kind": "click:move"}) == before + 1
    assert bot.tracker.waiting == 1  # its first response is awaited
    bot._connection.parsers["INTERACTION_CREATE"]({"id": "6", "type": 2, "data": {"name": "hardback"}})
    assert seen["handler"] == (None, None)  # a command in a DM: no guild, no game
    assert bot.gateway_shards() == [GatewayShard(0, False, None, 0)]  # not connected yet

"""A bot in its own OS process pointed at the Discord stand-in: the environment it reads (``apply_env``), and a
SIGKILL and restart it survives.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from discord_standin import BotProcess, StandinViolation
from discord_standin.world import World

# ------------------------------------------------------------------------------- separate process
BOT_PROCESS_CODE = textwrap.dedent(
    """
    import json, os, re, sys
    import discord, yarl
    from discord import app_commands

    # What the product's bot.py must do when HARDBACK_DISCORD_API is set:
    api = os.environ.get("HARDBACK_DISCORD_API")
    if api:
        import discord.gateway, discord.http
        discord.http.Route.BASE = api
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["HARDBACK_DISCORD_GATEWAY"])

    STORE = os.environ["STORE_PATH"]

    def load():
        return json.load(open(STORE)) if os.path.exists(STORE) else {"clicks": 0}

    class Count(discord.ui.DynamicItem[discord.ui.Button], template=r"count:(?P<game>\\d+)"):
        def __init__(self, game):
            super().__init__(discord.ui.Button(label="Count", custom_id=f"count:{game}"))
            self.game = game

        @classmethod
        async def from_custom_id(cls, interaction, item, match):
            return cls(int(match["game"]))

        async def callback(self, interaction):
            state = load()
            state["clicks"] += 1
            json.dump(state, open(STORE, "w"))
            await interaction.response.send_message(
                f"clicks={state['clicks']} pid={os.getpid()}", ephemeral=True)

    class Bot(discord.Client):
        def __init__(self):
            super().__init__(intents=discord.Intents.default())
            self.tree = app_commands.CommandTree(self)

        async def setup_hook(self):
            self.add_dynamic_items(Count)

            @self.tree.command(name="counter", description="Post a counter")
            async def counter(inter):
                view = discord.ui.View(timeout=None)
                view.add_item(Count(1))
                await inter.response.send_message("Counter", view=view)

            await self.tree.sync()

    Bot().run(os.environ["DISCORD_TOKEN"], log_handler=None)
    """
)


async def test_bot_process_survives_sigkill(world: World, tmp_path: Path) -> None:
    s = world.standin
    bot = BotProcess(s, code=BOT_PROCESS_CODE, env={"STORE_PATH": str(tmp_path / "store.json")})
    try:
        await bot.start()
        first_pid = bot.pid
        await s.slash(world.alice, "counter")
        counter = s.last_message(world.channel)
        first = await s.click(world.alice, counter, "count:1")
        assert first.message is not None and first.message.content == f"clicks=1 pid={first_pid}"

        await bot.kill()
        with pytest.raises(StandinViolation, match="no bot is connected"):
            await s.click(world.alice, counter, "count:1")

        await bot.start()
        assert bot.pid != first_pid
        second = await s.click(world.bob, counter, "count:1")
        assert second.message is not None and second.message.content == f"clicks=2 pid={bot.pid}"
    finally:
        await bot.stop()
    assert bot.starts == 2, bot.output()


def test_apply_env_points_discord_py_at_the_standin() -> None:
    import discord.gateway
    import discord.http
    from discord_standin import apply_env
    from discord_standin.discord_patch import derive_gateway

    assert derive_gateway("http://127.0.0.1:4000/api/v10") == "ws://127.0.0.1:4000/gateway"
    assert apply_env({}) is False
    old_base, old_gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    try:
        assert apply_env({"HARDBACK_DISCORD_API": "http://127.0.0.1:4000/api/v10/"}) is True
        assert discord.http.Route.BASE == "http://127.0.0.1:4000/api/v10"
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:4000/gateway"
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway



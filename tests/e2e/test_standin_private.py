"""The stand-in's DMs, group DMs and user installs, exercised with a throwaway discord.py bot (not the product).

What the stand-in must hold for the group DM tests to mean anything: the bot's token is refused (and the test
fails) on a group DM; interactions there carry context 2 and the installing user as their owner, clicks on
the app's messages carry the owners of the interaction that made them; a user-installed interaction gets 5
follow-ups at most; tokens die after 15 minutes; the bot's own DM is a channel its token may use.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands
from discord_standin.runner import run_client
from discord_standin.world import World

SEEN: list[dict[str, Any]] = []


def throwaway_bot() -> discord.Client:
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    tree = app_commands.CommandTree(client, allowed_contexts=app_commands.AppCommandContext(
        guild=True, dm_channel=True, private_channel=True), allowed_installs=app_commands.AppInstallationType(
        guild=True, user=True))

    @tree.command(name="ping", description="Say pong")
    async def ping(interaction: discord.Interaction) -> None:
        SEEN.append({"context": interaction.context, "user": interaction.user.id,
                     "guild": interaction.guild_id, "channel": interaction.channel_id,
                     "user_install": interaction.is_user_integration()})
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Again", custom_id="again"))
        await interaction.response.send_message("pong", view=view)

    @tree.command(name="gdmonly", description="Nowhere but servers")
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    async def gdmonly(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("server")

    async def setup_hook() -> None:
        await tree.sync()

    client.setup_hook = setup_hook  # type: ignore[method-assign]

    @client.event
    async def on_interaction(interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.component:
            SEEN.append({"click": True, "owners": dict(interaction._integration_owners),
                         "user": interaction.user.id})
            await interaction.response.defer()

    return client


async def test_a_group_dm_reaches_the_app_through_a_users_install(world: World) -> None:
    s = world.standin
    SEEN.clear()
    s.install_app(world.alice)
    carol = s.add_person("carol")
    group = s.add_group_dm([world.alice, world.bob, carol])
    async with run_client(s, throwaway_bot()):
        inter = await s.slash(world.alice, "ping", channel=group)
        await s.settle()
        assert SEEN[-1]["context"].private_channel and SEEN[-1]["guild"] is None
        assert SEEN[-1]["channel"] == group.id and SEEN[-1]["user_install"]
        assert inter.owners == {"1": str(world.alice.id)} and inter.context == 2
        pong = inter.message
        assert pong is not None and pong.channel_id == group.id and not pong.ephemeral
        # carol did not install the app: its commands are not hers here, but the app's buttons are.
        with pytest.raises(PermissionError):
            await s.slash(carol, "ping", channel=group)
        await s.click(carol, pong, "again")
        await s.settle()
        assert SEEN[-1] == {"click": True, "owners": {1: world.alice.id}, "user": carol.id}
        # A command not offered in group DMs cannot be run there.
        with pytest.raises(PermissionError):
            await s.slash(world.alice, "gdmonly", channel=group)
        # No gateway event of the group DM reaches the bot (it is not there).
        assert not any(e == "MESSAGE_CREATE" and d.get("id") == str(pong.id) for e, d in s.gateway.events)


async def test_the_bots_token_is_refused_on_a_group_dm(world: World) -> None:
    s = world.standin
    s.install_app(world.alice)
    group = s.add_group_dm([world.alice, world.bob])
    client = throwaway_bot()
    async with run_client(s, client):
        with pytest.raises(discord.Forbidden):
            await client.get_partial_messageable(group.id).send("hello")
        with pytest.raises(discord.Forbidden):
            await client.http.get_message(group.id, 1)
    taken = s.take_violations("private_channel")
    assert len(taken) == 2 and "group DM" in taken[0].detail
    assert s.messages(group) == []


async def test_follow_ups_are_capped_for_a_user_install(world: World) -> None:
    s = world.standin
    s.install_app(world.alice)
    group = s.add_group_dm([world.alice, world.bob])
    client = throwaway_bot()
    async with run_client(s, client):
        inter = await s.slash(world.alice, "ping", channel=group)
        await s.settle()
        hook = discord.Webhook.partial(s.application_id, inter.token, client=client)
        for n in range(5):
            await hook.send(f"follow-up {n}", wait=True)
        with pytest.raises(discord.HTTPException) as refused:
            await hook.send("one too many", wait=True)
        assert refused.value.code == 40094
        assert len(s.take_violations("followup_cap")) == 1
        # In a server that added the app there is no such cap.
        inter = await s.slash(world.alice, "ping")
        hook = discord.Webhook.partial(s.application_id, inter.token, client=client)
        for n in range(6):
            await hook.send(f"follow-up {n}", wait=True)
        # And tokens die after 15 minutes, there as everywhere.
        s.advance_time(15 * 60 + 1)
        with pytest.raises(discord.HTTPException):
            await hook.send("too late", wait=True)
        assert len(s.take_violations("token_expired")) == 1


async def test_the_bots_own_dm_is_a_channel_it_may_use(world: World) -> None:
    s = world.standin
    SEEN.clear()
    dm = s.add_dm(world.alice)  # alice shares a server with the bot: its guild install reaches her DM
    client = throwaway_bot()
    async with run_client(s, client):
        inter = await s.slash(world.alice, "ping", channel=dm)
        await s.settle()
        assert SEEN[-1]["context"].dm_channel and inter.owners == {"0": "0"}
        sent = await client.get_partial_messageable(dm.id).send("a message with the bot's token")
        assert s.find_message(sent.id) is not None and s.find_message(sent.id).guild_id is None
        stranger = s.add_person("stranger")
        lonely = s.add_dm(stranger)
        with pytest.raises(PermissionError):  # no server in common and no install: nothing reaches the bot
            await s.slash(stranger, "ping", channel=lonely)

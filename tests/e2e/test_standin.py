"""The Discord stand-in, exercised with a throwaway discord.py bot (not the product bot; standin_kit.py).

Each test drives a real ``discord.Client`` over loopback through the stand-in and checks what the bot did:
slash commands and their options, modals, defers and follow-ups, edits with files, ephemeral messages,
threads and user messages, permissions and overwrites, autocomplete, sharding and reconnects. The rule
checks are in test_standin_violations.py, the limit tables in test_standin_limits.py, bot processes in
test_standin_process.py, DMs in test_standin_private.py.
"""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord_standin.runner import run_client
from discord_standin.world import World
from standin_kit import HEARD, PNG_2, VOTES, make_bot, reset_bot_state


@pytest.fixture(autouse=True)
def _reset_bot_state() -> None:
    reset_bot_state()


# ---------------------------------------------------------------------------------------------------
async def test_login_sync_and_ephemeral_slash(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        synced = await tree.sync()
        assert [c.name for c in synced] == ["game"]
        assert "game" in s.commands()
        inter = await s.slash(world.alice, "game hand")
        assert inter.latency is not None and inter.latency < 3
        assert inter.message is not None and inter.message.ephemeral
        assert inter.message.content == "Your cards, alice: A B C"
        assert s.ephemerals(world.alice) == [inter.message]
        assert s.ephemerals(world.bob) == []
        assert s.messages(world.channel) == []  # nothing public


async def test_slash_options_are_checked_like_the_client(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        with pytest.raises(ValueError, match="must be one of"):
            await s.slash(world.alice, "game start", {"length": "medium"})
        with pytest.raises(LookupError, match="not synced"):
            await s.slash(world.alice, "nope")
        inter = await s.slash(world.alice, "game start", {"length": "long"})
        assert inter.message is not None and inter.message.content == "Game 7 (long)"


async def test_dynamic_button_survives_client_restart(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        await s.slash(world.alice, "game start")
        lobby = s.last_message(world.channel)
        assert lobby.custom_ids() == ["vote:7:yes", "vote:7:no"]
        first = await s.click(world.bob, lobby, "vote:7:yes")
        assert first.message is not None and first.message.content == "bob voted yes in game 7"

    # A brand-new client object: nothing in memory from the first one, like a restarted process.
    client2, _ = make_bot()
    async with run_client(s, client2):
        again = await s.click(world.alice, lobby, lobby.button("Vote no")["custom_id"])
        assert again.message is not None and again.message.ephemeral
        assert again.message.content == "alice voted no in game 7"
    assert VOTES == [(7, "yes", "bob"), (7, "no", "alice")]


async def test_modal_round_trip(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        inter = await s.slash(world.alice, "game spell")
        modal = s.last_modal(world.alice)
        assert modal is not None and modal.title == "Spell a word"
        assert [t["custom_id"] for t in modal.inputs()] == ["word", "wild"]
        with pytest.raises(ValueError, match="takes"):  # the client would not let a 21-char word through
            await s.submit_modal(world.alice, modal.custom_id, {"word": "y" * 21})
        submitted = await s.submit_modal(world.alice, modal.custom_id, {"word": "quiz", "wild": ["B"]})
        assert submitted.message is not None and submitted.message.content == "You spelled QUIZ (wild: B)"
        assert inter.modal is modal


async def test_defer_followups_and_edit_with_files(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        inter = await s.slash(world.alice, "game table")
        assert inter.response_type == 5
        await s.settle()
        [table] = s.messages(world.channel)
        # The first follow-up replaced the "thinking" message; the bot then edited it with its own token.
        assert table.id == inter.message.id and not table.loading  # type: ignore[union-attr]
        assert table.content == "Table v2"
        assert table.edit_count == 2
        assert [h.content for h in table.history] == ["", "Table v1"]
        assert table.history[1].attachment_names == ["table.png"]
        att = table.attachment("table2.png")
        assert att.data == PNG_2 and att.description == "Offer row, turn 2" and att.content_type == "image/png"
        assert [a.filename for a in table.attachments] == ["table2.png"]
        assert table.embeds[0]["image"]["url"] == att.url
        async with aiohttp.ClientSession() as http, http.get(att.url) as resp:
            assert await resp.read() == PNG_2
        [private] = s.ephemerals(world.alice)
        assert private.content == "Only you see this" and private in inter.followups


async def test_thread_and_user_reply_via_message_create(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        await s.slash(world.alice, "game ghost")
        await s.settle()
        [thread] = s.threads(world.channel)
        assert thread.name == "Ghostwriter: alice"
        assert thread.id == s.messages(world.channel)[0].thread_id
        await s.send_message(world.bob, thread, "QUIZ")
        reply = await s.wait_for_message(thread, lambda m: m.content.startswith("Heard"))
        assert reply.content == "Heard 'QUIZ' from bob"
        assert HEARD == [("bob", "QUIZ")]


async def test_without_message_content_intent_replies_arrive_empty(world: World) -> None:
    s = world.standin
    client, tree = make_bot(message_content=False)
    async with run_client(s, client):
        await tree.sync()
        await s.slash(world.alice, "game ghost")
        await s.settle()
        [thread] = s.threads(world.channel)
        await s.send_message(world.bob, thread, "QUIZ")
        await s.wait_for_message(thread, lambda m: m.content.startswith("Heard"))
        await s.send_message(world.bob, thread, f"{s.bot_user.mention} QUIZ")
        prompt = s.messages(thread)[0]  # "Reply with a word", posted with the bot token
        await s.send_message(world.bob, thread, "ZEBRA", reply_to=prompt)  # a reply pings the bot
        table = s.messages(world.channel)[0]  # an interaction response: replying to it is no mention
        await s.send_message(world.bob, world.channel, "JAZZ", reply_to=table)
        await s.wait_for(lambda: len(HEARD) == 4)
    assert [("bob", ""), ("bob", f"{s.bot_user.mention} QUIZ"), ("bob", "ZEBRA"), ("bob", "")] == HEARD


async def test_ephemeral_hand_updates_in_place(world: World) -> None:
    """The "Open my hand" pattern: buttons and selects on an ephemeral message edit that message."""
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        hand = (await s.slash(world.alice, "game hand")).message
        assert hand is not None and hand.custom_ids() == ["hand:0", "hand:pick"]
        drawn = await s.click(world.alice, hand, "hand:0")
        assert drawn.response_type == 7 and drawn.message is hand
        assert hand.content == "Hand drawn 1" and hand.custom_ids() == ["hand:1", "hand:pick"]
        with pytest.raises(PermissionError):
            await s.click(world.bob, hand, "hand:1")  # not bob's ephemeral
        with pytest.raises(ValueError, match="not options"):
            await s.select(world.alice, hand, "hand:pick", ["Z"])
        picked = await s.select(world.alice, hand, "hand:pick", ["B"])
        assert picked.response_type == 6
        await s.wait_for(lambda: hand.content == "Picked B")
        assert hand.edit_count == 2 and s.messages(world.channel) == []


async def test_permissions_and_members_added_while_connected(world: World) -> None:
    s = world.standin
    client, tree = make_bot(members=True)  # the members intent lets the bot's cache see joins
    async with run_client(s, client):
        await tree.sync()
        assert (await s.slash(world.mod, "game perms")).message.content == "True True"  # type: ignore[union-attr]
        assert (await s.slash(world.alice, "game perms")).message.content == "False False"  # type: ignore[union-attr]
        carol = s.add_user("carol", world.guild, permissions=discord.Permissions(manage_channels=True))
        assert (await s.slash(carol, "game perms")).message.content == "True True"  # type: ignore[union-attr]
        outsider = s.add_user("dave", s.add_guild("Elsewhere"))
        with pytest.raises(PermissionError):
            await s.slash(outsider, "game perms")


async def test_settle_waits_for_thinking_messages(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        inter = await s.slash(world.alice, "game think")
        assert inter.message is not None and inter.message.loading
        await s.settle(quiet=0.05)
        assert not inter.message.loading and inter.message.content == "Thought it through"
        assert s.ephemerals(world.alice) == [inter.message]


async def test_guild_commands_and_default_member_permissions(world: World) -> None:
    s = world.standin
    client, tree = make_bot()

    @tree.command(name="cancel", description="Cancel the game here")
    @app_commands.default_permissions(manage_channels=True)
    async def cancel(inter: discord.Interaction) -> None:
        await inter.response.send_message("cancelled", ephemeral=True)

    async with run_client(s, client):
        guild = discord.Object(world.guild.id)
        tree.copy_global_to(guild=guild)
        await tree.sync(guild=guild)
        assert s.global_commands == {} and set(s.commands(world.guild)) == {"game", "cancel"}
        with pytest.raises(PermissionError, match="hidden"):
            await s.slash(world.alice, "cancel")
        inter = await s.slash(world.mod, "cancel")
        assert inter.message is not None and inter.message.content == "cancelled"
        assert inter.data["guild_id"] == str(world.guild.id)


async def test_user_and_channel_options_are_resolved(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        inter = await s.slash(world.alice, "game who", {"member": world.bob, "where": world.channel})
        assert inter.message is not None and inter.message.content == f"bob {world.bob.id} general"
        with pytest.raises(TypeError):
            await s.slash(world.alice, "game who", {"member": "bob"})
        with pytest.raises(ValueError, match="requires"):
            await s.slash(world.alice, "game who", {})


async def test_channel_overwrites_shape_permissions(world: World) -> None:
    from discord_standin.models import MANAGE_CHANNELS

    s = world.standin
    other = s.add_text_channel(world.guild, "games")
    s.set_overwrite(other, world.alice, allow=MANAGE_CHANNELS)  # alice may manage #games only
    s.set_overwrite(other, world.mod, deny=MANAGE_CHANNELS)
    client, tree = make_bot(members=True)
    async with run_client(s, client):
        await tree.sync()
        here = await s.slash(world.alice, "game perms")
        there = await s.slash(world.alice, "game perms", channel=other)
        mod_there = await s.slash(world.mod, "game perms", channel=other)
    # interaction.permissions comes from Discord's computation; the cached guild permissions do not
    # include overwrites (discord.py semantics), so the bot must use the former.
    assert [i.message.content for i in (here, there, mod_there)] == [  # type: ignore[union-attr]
        "False False",
        "True False",
        "False True",
    ]


async def test_autocomplete(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        choices = await s.autocomplete(world.alice, "game card", "genre", {"genre": "ho"})
        assert choices == [{"name": "horror", "value": "horror"}]
        inter = await s.slash(world.alice, "game card", {"genre": "horror"})
        assert inter.message is not None and inter.message.content == "Card horror"


async def test_auto_sharded_client_and_gateway_reconnect(world: World) -> None:
    s = world.standin

    class Sharded(discord.AutoShardedClient):
        async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
            pass  # discord.py waits 5 s between shards by default

    client = Sharded(intents=discord.Intents.default(), shard_count=2, guild_ready_timeout=0.05)
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(client)

    @tree.command(name="where", description="Which shard am I on")
    async def where(inter: discord.Interaction) -> None:
        await inter.response.send_message(f"shard {inter.guild.shard_id}", ephemeral=True)  # type: ignore[union-attr]

    before = s.gateway.identify_count
    async with run_client(s, client):
        await s.wait_for(lambda: s.gateway.identify_count >= before + 2, what="both shards")
        assert sorted(x.shard for x in s.gateway.ready_sessions()) == [(0, 2), (1, 2)]
        await tree.sync()
        inter = await s.slash(world.alice, "where")
        assert inter.message is not None and inter.message.content == f"shard {(world.guild.id >> 22) % 2}"

        await s.gateway.disconnect_all()  # Discord drops the connections; discord.py comes back
        await s.wait_for(lambda: s.gateway.identify_count >= before + 4, timeout=10, what="re-identify")
        await s.wait_for(lambda: len(s.gateway.ready_sessions()) == 2)
        again = await s.slash(world.bob, "where")
        assert again.message is not None and again.message.content == inter.message.content


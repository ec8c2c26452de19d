"""The Discord stand-in, exercised with a throwaway discord.py bot (not the product bot).

Each test drives a real ``discord.Client`` over loopback through the stand-in and checks both what
the bot did (messages, ephemerals, modals, edits, files, threads) and that the stand-in's rule
checks fire when the bot breaks Discord's limits.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
import textwrap
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord_standin import BotProcess, DiscordStandin, StandinViolation
from discord_standin.runner import run_client
from discord_standin.world import World

PNG_1 = b"\x89PNG\r\n\x1a\n" + b"first-table" * 10
PNG_2 = b"\x89PNG\r\n\x1a\n" + b"second-table" * 10

# "The database" of the throwaway bot: survives client restarts, like the product's store would.
VOTES: list[tuple[int, str, str]] = []
HEARD: list[tuple[str, str]] = []


class VoteButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"vote:(?P<game>\d+):(?P<choice>\w+)"):
    """A restart-proof button: everything it means is in its custom_id."""

    def __init__(self, game: int, choice: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Vote {choice}", custom_id=f"vote:{game}:{choice}", style=discord.ButtonStyle.primary
            )
        )
        self.game = game
        self.choice = choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> VoteButton:
        return cls(int(match["game"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        VOTES.append((self.game, self.choice, interaction.user.name))
        await interaction.response.send_message(
            f"{interaction.user.name} voted {self.choice} in game {self.game}", ephemeral=True
        )


class WordModal(discord.ui.Modal, title="Spell a word"):
    word_label: discord.ui.Label[WordModal] = discord.ui.Label(
        text="Word", component=discord.ui.TextInput(custom_id="word", max_length=20)
    )
    wild: discord.ui.Label[WordModal] = discord.ui.Label(
        text="Wild card",
        component=discord.ui.Select(
            custom_id="wild", options=[discord.SelectOption(label=x, value=x) for x in "ABC"], required=False
        ),
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        select = self.wild.component
        assert isinstance(select, discord.ui.Select)
        wild = ",".join(select.values) or "none"
        word = self.word_label.component
        assert isinstance(word, discord.ui.TextInput)
        await interaction.response.send_message(f"You spelled {word.value.upper()} (wild: {wild})", ephemeral=True)


class SixRows(discord.ui.View):
    """Sneaks a 6th action row past discord.py's own checks (as a raw payload bug would)."""

    def to_components(self) -> list[dict[str, Any]]:
        return [
            {"type": 1, "components": [{"type": 2, "style": 1, "label": f"B{i}", "custom_id": f"b{i}"}]}
            for i in range(6)
        ]


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"hand:(?P<n>\d+)"):
    """Draw a card: answers by updating the ephemeral message the button sits on (type 7)."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Draw", custom_id=f"hand:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"Hand drawn {self.n + 1}", view=hand_view(self.n + 1))


def hand_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(n))
    pick: discord.ui.Select[Any] = discord.ui.Select(
        custom_id="hand:pick", options=[discord.SelectOption(label=x, value=x) for x in "ABC"]
    )

    async def picked(interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # type 6: nothing visible yet
        await interaction.edit_original_response(content=f"Picked {pick.values[0]}")

    pick.callback = picked  # type: ignore[method-assign]
    view.add_item(pick)
    return view


GENRES = ["adventure", "horror", "mystery", "romance"]


def make_bot(
    *, message_content: bool = True, members: bool = False
) -> tuple[discord.Client, app_commands.CommandTree[Any]]:
    intents = discord.Intents.default()
    intents.message_content = message_content
    intents.members = members
    client = discord.Client(intents=intents, guild_ready_timeout=0.05)
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(client)
    client.add_dynamic_items(VoteButton)
    game = app_commands.Group(name="game", description="A throwaway test game")

    @game.command(name="start", description="Post a lobby")
    @app_commands.choices(
        length=[
            app_commands.Choice(name="Short", value="short"),
            app_commands.Choice(name="Long", value="long"),
        ]
    )
    async def start(inter: discord.Interaction, length: str = "short") -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(VoteButton(7, "yes"))
        view.add_item(VoteButton(7, "no"))
        await inter.response.send_message(f"Game 7 ({length})", view=view)

    @game.command(name="hand", description="Show my hand")
    async def hand(inter: discord.Interaction) -> None:
        await inter.response.send_message(f"Your cards, {inter.user.name}: A B C", view=hand_view(0), ephemeral=True)

    @game.command(name="think", description="Defers, works quietly, then answers")
    async def think(inter: discord.Interaction) -> None:
        await inter.response.defer(ephemeral=True, thinking=True)
        await asyncio.sleep(0.5)  # e.g. rendering in a worker thread: no HTTP traffic meanwhile
        await inter.followup.send("Thought it through", ephemeral=True)

    @game.command(name="who", description="Stats of a player")
    async def who(inter: discord.Interaction, member: discord.Member, where: discord.TextChannel | None = None) -> None:
        place = where.name if where else "-"
        await inter.response.send_message(f"{member.display_name} {member.id} {place}", ephemeral=True)

    @game.command(name="perms", description="What may I do")
    async def perms(inter: discord.Interaction) -> None:
        member = inter.guild.get_member(inter.user.id) if inter.guild else None  # the bot's cache
        cached = member.guild_permissions.manage_channels if member else None
        await inter.response.send_message(f"{inter.permissions.manage_channels} {cached}", ephemeral=True)

    @game.command(name="card", description="Look up a card")
    async def card(inter: discord.Interaction, genre: str) -> None:
        await inter.response.send_message(f"Card {genre}", ephemeral=True)

    @card.autocomplete("genre")
    async def genre_choices(inter: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g, value=g) for g in GENRES if g.startswith(current)]

    @game.command(name="spell", description="Spell a word")
    async def spell(inter: discord.Interaction) -> None:
        await inter.response.send_modal(WordModal())

    @game.command(name="table", description="Post the table image")
    async def table(inter: discord.Interaction) -> None:
        await inter.response.defer(thinking=True)
        msg = await inter.followup.send(
            "Table v1",
            file=discord.File(io.BytesIO(PNG_1), "table.png", description="The offer row"),
            wait=True,
        )
        await inter.followup.send("Only you see this", ephemeral=True)
        assert inter.channel is not None
        partial = inter.channel.get_partial_message(msg.id)  # type: ignore[union-attr]
        await partial.edit(
            content="Table v2",
            embed=discord.Embed(title="Scores").set_image(url="attachment://table2.png"),
            attachments=[discord.File(io.BytesIO(PNG_2), "table2.png", description="Offer row, turn 2")],
        )

    @game.command(name="ghost", description="Open a Ghostwriter thread")
    async def ghost(inter: discord.Interaction) -> None:
        await inter.response.send_message("Ghostwriter help for alice")
        msg = await inter.original_response()
        thread = await msg.create_thread(name="Ghostwriter: alice")
        await thread.send("Reply with a word")

    @game.command(name="slow", description="Answers too late")
    async def slow(inter: discord.Interaction) -> None:
        await asyncio.sleep(3.3)
        await inter.response.send_message("finally")

    @game.command(name="rows", description="Six action rows")
    async def rows(inter: discord.Interaction) -> None:
        await inter.response.send_message("rows", view=SixRows())

    @game.command(name="longid", description="A 101-char custom_id")
    async def longid(inter: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Long", custom_id="x" * 101))
        await inter.response.send_message("long", view=view)

    @game.command(name="flood", description="Posts too many messages")
    async def flood(inter: discord.Interaction) -> None:
        await inter.response.send_message("flooding", ephemeral=True)
        assert isinstance(inter.channel, discord.TextChannel)
        for i in range(6):
            await inter.channel.send(f"spam {i}")

    @game.command(name="later", description="Defers, edits later")
    async def later(inter: discord.Interaction) -> None:
        await inter.response.defer(ephemeral=True, thinking=True)
        later_edits.append(inter)

    tree.add_command(game)

    @client.event
    async def on_message(message: discord.Message) -> None:
        if message.author.bot:
            return
        HEARD.append((message.author.name, message.content))
        if isinstance(message.channel, discord.Thread):
            await message.channel.send(f"Heard {message.content!r} from {message.author.name}")

    return client, tree


later_edits: list[discord.Interaction] = []


@pytest.fixture(autouse=True)
def _reset_bot_state() -> None:
    VOTES.clear()
    HEARD.clear()
    later_edits.clear()


async def _errors_logged(standin: DiscordStandin) -> None:
    """Let discord.py finish logging the HTTP error it got back."""
    await standin.settle(quiet=0.05)


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


async def test_modal_after_defer_is_a_violation(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        inter = await s.slash(world.alice, "game later")
        modal = {
            "type": 9,
            "data": {
                "custom_id": "m",
                "title": "Too late",
                "components": [{"type": 18, "label": "Word", "component": {"type": 4, "custom_id": "w", "style": 1}}],
            },
        }
        url = f"{s.api_url}/interactions/{inter.id}/{inter.token}/callback"
        async with aiohttp.ClientSession() as http, http.post(url, json=modal) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 40060
        assert s.take_violations("modal_not_first")
        assert s.last_modal(world.alice) is None


# ------------------------------------------------------------------------------- rule checks fire
async def test_six_action_rows_is_a_violation(world: World) -> None:
    s = world.standin
    s.response_deadline = 0.5  # the rejected answer means no answer; don't wait 3 s to see it
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        inter = await s.slash(world.alice, "game rows", wait=False)
        [limit] = await s.wait_for(lambda: s.take_violations("limit"), what="the limit check")
        await _errors_logged(s)
    assert "components" in str(limit) and "6 rows" in str(limit)
    assert not inter.acknowledged  # Discord answered 400, so the user would see "interaction failed"
    assert s.take_violations("no_response")
    assert s.messages(world.channel) == []


async def test_long_custom_id_is_a_violation(world: World) -> None:
    s = world.standin
    s.response_deadline = 0.5
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        await s.slash(world.alice, "game longid", wait=False)
        [limit] = await s.wait_for(lambda: s.take_violations("limit"), what="the limit check")
        await _errors_logged(s)
    assert "101 chars" in str(limit)
    assert s.take_violations("no_response")


async def test_late_response_is_a_violation(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        with pytest.raises(StandinViolation, match="within 3s"):
            await s.slash(world.alice, "game slow")
        await s.wait_for(lambda: s.take_violations("late_response"), timeout=3, what="the late response")
        await _errors_logged(s)
    assert s.take_violations("no_response")
    assert s.messages(world.channel) == []


async def test_double_response_is_a_violation(world: World) -> None:
    """Two processes logged in with one token (an old bot not yet dead) both answer a click."""
    s = world.standin
    first, tree = make_bot()
    second, _ = make_bot()
    async with run_client(s, first), run_client(s, second):
        await tree.sync()
        await s.slash(world.alice, "game start")
        lobby = s.last_message(world.channel)
        await s.settle()
        assert s.take_violations("double_response")  # /game start itself was answered twice
        await s.click(world.bob, lobby, "vote:7:yes")
        await _errors_logged(s)
        [double] = s.take_violations("double_response")
        assert "vote:7:yes" in str(double)
    assert len(s.ephemerals(world.bob)) == 1


async def test_flood_and_expired_token_are_violations(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        await s.slash(world.alice, "game flood")
        await s.settle()
        assert len(s.messages(world.channel)) == 6
        [flood] = s.take_violations("flood")
        assert "6 messages" in flood.detail

        await s.slash(world.alice, "game later")
        s.advance_time(15 * 60 + 1)
        with pytest.raises(discord.HTTPException):
            await later_edits[0].edit_original_response(content="too late")
        assert s.take_violations("token_expired")


async def test_raw_payload_limits(world: World) -> None:
    """Limit checks on routes the bot reaches with its token, without discord.py in between."""
    s = world.standin
    url = f"{s.api_url}/channels/{world.channel.id}/messages"
    headers = {"Authorization": f"Bot {s.token}"}
    big_embed = {
        "title": "t" * 256,
        "description": "d" * 4096,
        "fields": [{"name": "n", "value": "v" * 1024}] * 2,
    }
    bad: list[dict[str, Any]] = [
        {"content": "x" * 2001},
        {"embeds": [big_embed]},  # 6000+ chars in total
        {"embeds": [{"title": "x"}] * 11},
        {"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "L" * 81, "custom_id": "a"}]}]},
        {
            "components": [
                {
                    "type": 1,
                    "components": [
                        {
                            "type": 3,
                            "custom_id": "s",
                            "options": [{"label": str(i), "value": str(i)} for i in range(26)],
                        }
                    ],
                }
            ]
        },
    ]
    async with aiohttp.ClientSession(headers=headers) as http:
        for body in bad:
            async with http.post(url, json=body) as resp:
                assert resp.status == 400, body
                assert (await resp.json())["code"] == 50035
        async with http.post(url, json={"content": "fine"}) as resp:
            assert resp.status == 200
            assert (await resp.json())["author"]["id"] == str(s.bot_user.id)
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps({"attachments": [{"id": 0, "description": "big"}]}))
        form.add_field("files[0]", b"\0" * (10 * 1024 * 1024 + 1), filename="big.bin")
        async with http.post(url, data=form) as resp:
            assert resp.status == 400
        async with http.post(f"{url}/{s.last_message(world.channel).id}/threads", json={"name": "n" * 101}) as resp:
            assert resp.status == 400
        async with http.get(f"{s.api_url}/not/a/route") as resp:
            assert resp.status == 404
        async with http.post(url, data=b"{not json", headers={"Content-Type": "application/json"}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 50109
        async with http.get(f"{s.api_url}/users/@me", headers={"Authorization": "Bot wrong"}) as resp:
            assert resp.status == 401
    assert len(s.take_violations("limit")) == len(bad) + 2
    assert s.take_violations("unsupported_route")
    assert s.take_violations("bad_request")


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


# ------------------------------------------------------------------------------- the limit tables
def _text_input(cid: str, label: str = "Word") -> dict[str, Any]:
    return {"type": 18, "label": label, "component": {"type": 4, "custom_id": cid, "style": 1}}


def _old_row(cid: str) -> dict[str, Any]:
    """A text input in an action row: the layout Discord deprecated for the Label."""
    return {"type": 1, "components": [{"type": 4, "custom_id": cid, "label": "Word", "style": 1}]}


def _command(**overrides: Any) -> dict[str, Any]:
    return {"name": "hardback", "description": "Play Hardback", "type": 1, "options": [], **overrides}


@pytest.mark.parametrize(
    ("check", "payload", "fragment"),
    [
        ("modal", {"custom_id": "m", "title": "T" * 46, "components": [_text_input("a")]}, "data.title"),
        (
            "modal",
            {"custom_id": "m", "title": "T", "components": [_text_input(str(i)) for i in range(6)]},
            "5 or fewer",
        ),
        ("modal", {"custom_id": "m", "title": "T", "components": [_text_input("a", "L" * 46)]}, "label"),
        ("modal", {"custom_id": "m" * 101, "title": "T", "components": [_text_input("a")]}, "custom_id"),
        ("modal", {"custom_id": "m", "title": "T", "components": [_old_row("a")]}, "Label component"),
        ("modal", {"custom_id": "m", "title": "T", "components": [_text_input("a", "")]}, "required"),
        ("modal", {"custom_id": "m", "title": "T", "components": [{"type": 18, "label": "L", "component":
                                                                   {"type": 2, "custom_id": "b", "style": 1}}]},
         "one text input"),
        ("modal", {"custom_id": "m", "title": "T", "components": [{"type": 10, "content": "x" * 2001},
                                                                  {"type": 10, "content": "y" * 2000},
                                                                  _text_input("a")]}, "4001 characters"),
        ("commands", [_command(name="Hardback")], "lowercase"),
        ("commands", [_command(name="h" * 33)], "1-32"),
        ("commands", [_command(description="d" * 101)], "Description"),
        ("commands", [_command(options=[{"type": 1, "name": f"s{i}", "description": "x"} for i in range(26)])], "25"),
        (
            "commands",
            [
                _command(
                    options=[
                        {
                            "type": 3,
                            "name": "g",
                            "description": "x",
                            "choices": [{"name": str(i), "value": str(i)} for i in range(26)],
                        }
                    ]
                )
            ],
            "choices",
        ),
        (
            "commands",
            [
                _command(
                    options=[
                        {"type": 3, "name": "a", "description": "x"},
                        {"type": 3, "name": "b", "description": "x", "required": True},
                    ]
                )
            ],
            "Required options",
        ),
        ("message", {"embeds": [{"title": "t", "fields": [{"name": "n", "value": "v"}] * 26}]}, "fields"),
        ("message", {"embeds": [{"footer": {"text": "f" * 2049}}]}, "footer"),
        ("message", {"embeds": [{"author": {"name": "a" * 257}}]}, "author"),
        ("message", {"attachments": [{"id": 0, "description": "d" * 1025}]}, "description"),
        (
            "message",
            {
                "components": [
                    {
                        "type": 1,
                        "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"b{i}"} for i in range(6)],
                    }
                ]
            },
            "buttons",
        ),
        (
            "message",
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "b", "custom_id": "b"},
                            {"type": 3, "custom_id": "s", "options": [{"label": "x", "value": "x"}]},
                        ],
                    }
                ]
            },
            "alone",
        ),
        (
            "message",
            {
                "components": [
                    {
                        "type": 1,
                        "components": [{"type": 3, "custom_id": "s", "options": [{"label": "x" * 101, "value": "x"}]}],
                    }
                ]
            },
            "label",
        ),
        (
            "message",
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "a", "custom_id": "same"},
                            {"type": 2, "style": 1, "label": "b", "custom_id": "same"},
                        ],
                    }
                ]
            },
            "Duplicate",
        ),
    ],
)
def test_limit_tables(check: str, payload: Any, fragment: str) -> None:
    from discord_standin import limits

    problems = {
        "modal": limits.check_modal,
        "commands": limits.check_commands,
        "message": limits.check_message,
    }[check](payload)
    assert problems and any(fragment in str(p) for p in problems), problems


def test_limits_accept_what_discord_accepts() -> None:
    from discord_standin import limits

    ok_modal = {
        "custom_id": "m" * 100,
        "title": "T" * 45,
        "components": [_text_input(str(i), "L" * 45) for i in range(5)],
    }
    assert limits.check_modal(ok_modal) == []
    with_text = {"custom_id": "m", "title": "T", "components": [{"type": 10, "content": "x" * 4000}, _text_input("a")]}
    assert limits.check_modal(with_text) == []
    group = {
        "type": 2,
        "name": "admin",
        "description": "Admin",
        "options": [{"type": 1, "name": "set", "description": "Set"}],
    }
    sub = {
        "type": 1,
        "name": "start",
        "description": "Start",
        "options": [
            {
                "type": 3,
                "name": "length",
                "description": "Length",
                "required": True,
                "choices": [{"name": str(i), "value": str(i)} for i in range(25)],
            },
            {"type": 5, "name": "coop", "description": "Co-op"},
        ],
    }
    assert limits.check_commands([_command(options=[group, sub])]) == []
    embed = {
        "title": "t" * 256,
        "description": "d" * 4096,
        "fields": [{"name": "n", "value": "v" * 1024}],
        "footer": {"text": "f" * 600},
    }
    rows = [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 1, "label": "L" * 80, "custom_id": f"{r}:{i}" + "c" * 90} for i in range(5)
            ],
        }
        for r in range(4)
    ]
    rows.append(
        {
            "type": 1,
            "components": [
                {
                    "type": 3,
                    "custom_id": "s",
                    "options": [{"label": "x" * 100, "value": str(i), "description": "d" * 100} for i in range(25)],
                }
            ],
        }
    )
    assert (
        limits.check_message(
            {"content": "c" * 2000, "embeds": [embed], "components": rows}, [("a.png", 10 * 1024 * 1024)]
        )
        == []
    )


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


async def test_missing_bot_permissions_are_403(world: World) -> None:
    from discord_standin.models import ATTACH_FILES, CREATE_PUBLIC_THREADS, DEFAULT_EVERYONE_PERMISSIONS

    s = world.standin
    world.guild.roles[world.guild.id].permissions = (
        DEFAULT_EVERYONE_PERMISSIONS & ~ATTACH_FILES & ~CREATE_PUBLIC_THREADS
    )
    for role_id in world.guild.members[s.bot_user.id].roles:
        world.guild.roles[role_id].permissions &= ~ATTACH_FILES & ~CREATE_PUBLIC_THREADS
    url = f"{s.api_url}/channels/{world.channel.id}/messages"
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {s.token}"}) as http:
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps({"content": "table"}))
        form.add_field("files[0]", PNG_1, filename="table.png")
        async with http.post(url, data=form) as resp:
            assert resp.status == 403 and (await resp.json())["code"] == 50013
        async with http.post(url, json={"content": "table"}) as resp:
            message_id = (await resp.json())["id"]
        async with http.post(f"{url}/{message_id}/threads", json={"name": "Ghostwriter"}) as resp:
            assert resp.status == 403
    assert [v.detail for v in s.take_violations("permission")] == [
        "bot lacks Attach Files in #general",
        "bot lacks Create Threads in #general",
    ]

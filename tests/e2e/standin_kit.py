"""A throwaway discord.py bot (not the product bot) for the Discord stand-in's own tests.

A slash command group with options, autocomplete, a modal, dynamic buttons, an ephemeral hand edited in
place, files, threads: the moves a bot makes, so the test_standin*.py modules can drive them through the
stand-in. Its "database" (``VOTES``, ``HEARD``, ``later_edits``) survives client restarts, like the
product's store; each test module empties it before every test (``reset_bot_state``).
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands
from discord_standin import DiscordStandin

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
        # Slower than the deadline its test sets (0.5 s, Discord's 3 s scaled): being late is what it tests.
        await asyncio.sleep(1.0)
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


def reset_bot_state() -> None:
    VOTES.clear()
    HEARD.clear()
    later_edits.clear()


async def errors_logged(standin: DiscordStandin) -> None:
    """Let discord.py finish logging the HTTP error it got back."""
    await standin.settle(quiet=0.05)

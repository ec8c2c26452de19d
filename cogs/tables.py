"""Opening, ending and leaving a table: ``/hardback start``, ``end`` and ``leave`` (the group cog,
``cogs/hardback.py``, declares them and hands them here). Thin: every rule lives in the engine, every step in the
sessions; refusals are private and decided before anything public is said."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from hardback_bot.sessions import SessionError
from hardback_bot.sessions.codec import CancelConfirmation, ConfirmLeave, LobbyClick, LobbyOp
from hardback_bot.sessions.places import THREAD_OF
from hardback_bot.sessions.screens.panel import Button, Panel

from .answers import reader
from .game_threads import open_game_thread, thread_wanted
from .ui import embed_of, view_of
from .where import place_of

if TYPE_CHECKING:
    from bot import HardbackBot

    from .play import Play

# /hardback start's arguments and the table options they set (described once, in sessions/table_options.py).
START_OPTIONS = {"length": "length", "dictionary": "dictionary", "awards": "awards", "adverts": "adverts",
                 "unique_words": "unique_words", "votes": "vote", "open_hands": "open_hands", "coop": "coop",
                 "penny": "penny_genre", "ghostwriter": "ghostwriter", "hints": "hints",
                 "family_friendly": "family_friendly"}


def dictionary_choices(current: str) -> list[app_commands.Choice[str]]:
    from hardback_bot.words import available_dictionaries

    return [app_commands.Choice(name=n, value=n) for n in available_dictionaries() if current.lower() in n][:25]


class Tables:
    """A table's opening, ending and leaving (held by the Hardback group cog)."""

    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def defaults(self, guild_id: int | None) -> dict[str, object]:
        """Table options: the bot's config defaults, overridden by the server's settings."""
        defaults: dict[str, object] = dict(self.bot.settings.defaults)
        if guild_id is not None:
            settings = await self.bot.store.settings.get_guild_settings(guild_id)
            defaults.update(settings.options)
            defaults["dictionary"] = settings.dictionary
            defaults["length"] = settings.length
            defaults["turn_timer"] = settings.turn_timer
        return defaults

    async def start(self, interaction: discord.Interaction, asked: dict[str, Any]) -> None:
        """``asked``: the command's options by their names (None: not given)."""
        t = reader(interaction)
        if interaction.channel_id is None:
            await interaction.response.send_message(t.gettext("Hardback is played in a server channel."),
                                                    ephemeral=True)
            return
        if interaction.guild_id is not None and not interaction.is_guild_integration():
            # Added to this person's apps but not to the server: the bot cannot post in its channels.
            await interaction.response.send_message(t.gettext(
                "I am not in this server, so I cannot keep a table here. Ask someone who manages the server to add "
                "me, or play in a group DM with your friends (or in my DMs, against computer players)."),
                ephemeral=True)
            return
        chosen = await self.defaults(interaction.guild_id)
        turn_timer = asked["turn_timer"]
        given = {key: asked[parameter] for parameter, key in START_OPTIONS.items()}
        given["turn_timer"] = turn_timer * 60 if turn_timer is not None else None
        chosen.update({k: v for k, v in given.items() if v is not None})
        place = place_of(interaction)
        # With threads, a busy channel is no refusal: the new table gets a thread of its own.
        threads = await thread_wanted(self.bot, interaction, int(chosen.get("turn_timer") or 0), place)
        # Refusals are private, so they are decided before the public "thinking" answer.
        try:
            options = await self.bot.sessions.lobby.check_new_table(interaction.channel_id, chosen, own_thread=threads)
        except SessionError as error:
            await interaction.response.send_message(error.say(t), ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        user = interaction.user
        play: Play = self.bot.get_cog("Play")  # type: ignore[assignment]
        channel_id, why = interaction.channel_id, None
        if threads:
            public = await play.relay.public_translator(interaction.guild_id)
            made = await open_game_thread(self.bot, interaction, user.display_name, options.turn_timer, public)
            channel_id, why = (made, None) if isinstance(made, int) else (channel_id, made)
        try:
            record = await self.bot.sessions.lobby.open(interaction.guild_id or 0, channel_id, user.id,
                                                        user.display_name, options, place=place,
                                                        locale=str(interaction.locale))
        except SessionError as error:
            if why is not None:  # no thread, and the channel is busy: the public answer says why, privately the rest
                await interaction.edit_original_response(content=why, allowed_mentions=discord.AllowedMentions.none())
            await interaction.followup.send(error.say(t), ephemeral=True)
            return
        if channel_id != interaction.channel_id:
            await self.bot.store.messages.set_message(record.id, THREAD_OF, interaction.channel_id)
        await play.post_lobby(interaction, record.id)
        if why is not None:
            await interaction.followup.send(why, allowed_mentions=discord.AllowedMentions.none())
        if asked["guided"]:
            # The lobby is posted first, so the table the guided game posts comes below it.
            try:
                language = (await play.relay.game_translator(record)).language  # names its computer player
                _, said = await self.bot.sessions.lobby.act(record.id, user.id, user.display_name, "learn",
                                                               language=language)
                reply = said.say(t)
            except SessionError as error:
                reply = error.say(t)
            await interaction.followup.send(reply, ephemeral=True)

    async def end(self, interaction: discord.Interaction) -> None:
        t = reader(interaction)
        record = await self.bot.store.games.running_game_in_channel(interaction.channel_id or 0)
        if record is None:
            await interaction.response.send_message(t.gettext("There is no game in this channel."), ephemeral=True)
            return
        if interaction.user.id != record.host_id and not interaction.permissions.manage_channels:
            await interaction.response.send_message(SessionError("host_ends").say(t), ephemeral=True)
            return
        panel = Panel(title=t.gettext("End this game?"), lines=[t.gettext(
            "The game stops for everyone and cannot be resumed. It stays in the history, unrated.")])
        panel.add_buttons([Button(t.gettext("Yes, end the game"), LobbyClick(record.id, LobbyOp.END).custom_id(),
                                  "danger"),
                           Button(t.gettext("Cancel"), CancelConfirmation(record.id).custom_id())])
        await interaction.response.send_message(embed=embed_of(panel), view=view_of(panel.rows), ephemeral=True)

    async def leave(self, interaction: discord.Interaction) -> None:
        t = reader(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.bot.store.games.running_game_in_channel(interaction.channel_id or 0)
        if record is None:
            await interaction.followup.send(t.gettext("There is no game in this channel."), ephemeral=True)
            return
        if record.status == "lobby":
            try:
                _, said = await self.bot.sessions.lobby.act(record.id, interaction.user.id,
                                                               interaction.user.display_name, "leave")
                reply = said.say(t)
            except SessionError as error:
                reply = error.say(t)
            await interaction.followup.send(reply, ephemeral=True)
            return
        if not any(s.user_id == interaction.user.id and not s.is_computer_controlled for s in record.seats):
            await interaction.followup.send(t.gettext("You are not playing in the game here."), ephemeral=True)
            return
        # Leaving a running game cannot be undone: ask first, like ending the game or skipping a turn.
        panel = Panel(title=t.gettext("Leave this game?"), lines=[t.gettext(
            "A computer player takes your seat for the rest of the game; you cannot come back to it. "
            "The game still counts in your history.")])
        panel.add_buttons([Button(t.gettext("Yes, leave the game"), ConfirmLeave(record.id).custom_id(),
                                  "danger"),
                           Button(t.gettext("Cancel"), CancelConfirmation(record.id).custom_id())])
        await interaction.followup.send(embed=embed_of(panel), view=view_of(panel.rows), ephemeral=True)


__all__ = ["START_OPTIONS", "Tables", "dictionary_choices"]

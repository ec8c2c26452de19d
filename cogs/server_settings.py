"""``/hardback settings``: a server's table defaults, shown or changed privately by members with Manage Server
(the texts and the checks of each change: ``hardback_bot.help.settings``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from hardback_bot.help import MAX_CHOICES
from hardback_bot.help.format import Page
from hardback_bot.help.settings import NO_CHANNEL, SERVER_LANGUAGE, SettingsRefused, apply_changes, settings_text
from hardback_bot.i18n import LANGUAGE_NAMES

from .answers import page_embed, reader, say_privately

if TYPE_CHECKING:
    from bot import HardbackBot

# Each language named in itself; "server" follows the server's own Discord language (the default).
LANGUAGE_CHOICES = [app_commands.Choice(name="The server's Discord language", value=SERVER_LANGUAGE),
                    *(app_commands.Choice(name=n, value=v) for v, n in LANGUAGE_NAMES.items())]


def dictionary_names(current: str) -> list[app_commands.Choice[str]]:
    """The installed word lists whose names contain what was typed (an option's autocomplete)."""
    from hardback_bot.words import available_dictionaries

    return [app_commands.Choice(name=n, value=n) for n in available_dictionaries()
            if current.lower() in n][:MAX_CHOICES]


class ServerSettings:
    """A server's table defaults (held by the Hardback group cog)."""

    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def settings(self, interaction: discord.Interaction, options: dict[str, Any]) -> None:
        """``options``: the command's options by their names (None: not given)."""
        t = reader(interaction)  # every answer is private
        if interaction.guild_id is None:
            await say_privately(interaction, t.gettext("Settings belong to a server: use this command in one."))
            return
        perms = interaction.permissions
        if not (perms.manage_guild or perms.administrator):
            # The default permission hides the command from most members, but Discord ignores it on
            # subcommands and admins can override it: this check is what actually guards the settings.
            await say_privately(interaction, t.gettext("Only members with the Manage Server permission can see or "
                                                       "change the server's Hardback settings."))
            return
        from hardback_bot.words import available_dictionaries

        store = self.bot.store
        current = await store.settings.get_guild_settings(interaction.guild_id)
        changes = _changes(options)
        bot_defaults = dict(self.bot.settings.defaults)
        locale = interaction.guild.preferred_locale if interaction.guild else None  # the language default
        if all(v is None for v in changes.values()):
            await interaction.response.send_message(embed=page_embed(Page(
                t.gettext("Hardback settings for this server"),
                settings_text(current, bot_defaults, server_locale=locale, t=t),
                footer=t.gettext("New tables start with these; the host can still change them at "
                                 "`{command_start}`."))), ephemeral=True)
            return
        try:
            updated, lines = apply_changes(current, changes, known_dictionaries=available_dictionaries(),
                                           bot_defaults=bot_defaults, server_locale=locale, t=t)
        except SettingsRefused as error:
            await say_privately(interaction, t.gettext("Nothing was changed. {reason}", reason=error))
            return
        if lines:
            await store.settings.set_guild_settings(interaction.guild_id, updated)
        summary = (t.gettext("Changed:") + "\n" + "\n".join(lines)) if lines else t.gettext(
            "Those were already the settings.")
        await interaction.response.send_message(embed=page_embed(Page(
            t.gettext("Hardback settings for this server"),
            summary + "\n\n" + settings_text(updated, bot_defaults, server_locale=locale, t=t),
            footer=t.gettext("Games already running keep their own options."))), ephemeral=True)


def _changes(options: dict[str, Any]) -> dict[str, Any]:
    """The command's options in the settings' own names and units."""
    turn_timer, channel = options["turn_timer"], options["season_channel"]
    language = options["language"]
    return {
        "dictionary": options["dictionary"], "length": options["length"],
        "turn_timer": turn_timer * 60 if turn_timer is not None else None,
        "afk_policy": options["afk_policy"], "afk_misses": options["afk_misses"], "awards": options["awards"],
        "adverts": options["adverts"], "unique_words": options["unique_words"], "vote": options["votes"],
        "open_hands": options["open_hands"], "ghostwriter": options["ghostwriter"], "hints": options["hints"],
        "family_friendly": options["family_friendly"], "season": options["season"],
        "provisional_games": options["provisional_games"], "game_threads": options["threads"],
        "season_channel": channel.id if channel is not None else (
            NO_CHANNEL if options["season_announcements"] is False else None),
        "language": language.value if language is not None else None}


__all__ = ["LANGUAGE_CHOICES", "ServerSettings", "dictionary_names"]

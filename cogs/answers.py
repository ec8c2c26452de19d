"""What every information answer of /hardback shares: a help page as an embed, the reader's language, a short
private answer, the language of an answer shown to everyone, and the one apology when something fails."""

from __future__ import annotations

import contextlib
import logging
import sys
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from hardback_bot.help.format import Page
from hardback_bot.i18n import N_, Translator, resolve_locale, server_language, translator
from hardback_bot.store.settings import GuildSettings

from .ui import COLOUR
from .weather import log_failure, weather_of

if TYPE_CHECKING:
    from hardback_bot.store import Store

log = logging.getLogger(__name__)

SORRY = N_("Sorry, something went wrong on my side. Please try again in a moment.")


def page_embed(page: Page) -> discord.Embed:
    embed = discord.Embed(title=page.title[:256], description=page.description[:4096] or None, colour=COLOUR)
    for name, value, inline in page.fields[:25]:
        embed.add_field(name=name[:256], value=value[:1024] or "—", inline=inline)
    if page.footer:
        embed.set_footer(text=page.footer[:2048])
    return embed


def reader(interaction: discord.Interaction) -> Translator:
    """The clicking user's language: every private answer speaks it."""
    return translator(resolve_locale(interaction.locale))


async def say_privately(interaction: discord.Interaction, text: str) -> None:
    """A short private answer, whether or not the interaction was already acknowledged."""
    with contextlib.suppress(discord.HTTPException):
        if interaction.response.is_done():
            await interaction.followup.send(text[:2000], ephemeral=True)
        else:
            await interaction.response.send_message(text[:2000], ephemeral=True)


def public_language(guild: discord.Guild | None, settings: GuildSettings) -> str:
    """The language of what a server is shown: its ``/hardback settings`` choice, else its Discord locale."""
    return server_language(settings.language, guild.preferred_locale if guild else None)


async def answer_language(store: Store, interaction: discord.Interaction, public: bool) -> str:
    """The language of a rules, card or replay answer: the server's when shown to everyone, else the reader's."""
    if public and interaction.guild_id is not None:
        settings = await store.settings.get_guild_settings(interaction.guild_id)
        return public_language(interaction.guild, settings)
    return resolve_locale(interaction.locale)


async def failed(interaction: discord.Interaction, what: str) -> None:
    """Called from inside an except block: Discord's own failures in one line, a bug with its traceback and a
    private apology to the player (never a traceback in Discord)."""
    error = sys.exc_info()[1]
    if error is not None and weather_of(error) is not None:
        log_failure(log, error, "/hardback %s by %s", what, interaction.user.id)
        return
    log.exception("/hardback %s by %s failed", what, interaction.user.id)
    await say_privately(interaction, reader(interaction).gettext(SORRY))


async def command_failed(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """The one answer of every /hardback command that fails: the traceback in the log, a private apology."""
    cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    name = interaction.command.qualified_name if interaction.command is not None else "?"
    log_failure(log, cause, "/%s by %s", name, interaction.user.id)
    if weather_of(cause) is None:
        await say_privately(interaction, reader(interaction).gettext(SORRY))


__all__ = ["SORRY", "answer_language", "command_failed", "failed", "page_embed", "public_language", "reader",
           "say_privately"]

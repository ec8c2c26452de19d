"""Where an interaction happened, in the store's words (hardback_bot.sessions.places)."""

from __future__ import annotations

import discord

from hardback_bot.sessions.places import BOT_DM, PRIVATE, SERVER
from hardback_bot.store import Place


def place_of(interaction: discord.Interaction) -> Place:
    """A server's channel, the bot's own DM, or a group DM (or a DM between people) that the app reached
    through a user's install: Discord's interaction context."""
    context = interaction.context
    if context.guild or interaction.guild_id:
        return SERVER
    return BOT_DM if context.dm_channel else PRIVATE


def board_of(interaction: discord.Interaction) -> int | None:
    """Whose leaderboards, ratings and history an interaction is about: its server's, else its channel's own
    (GameRecord.board_id)."""
    return interaction.guild_id or interaction.channel_id


__all__ = ["board_of", "place_of"]

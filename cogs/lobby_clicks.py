"""The lobby's buttons (join, leave, computers, start, end) and the rematch: the public lobby message is the
sessions' lobby as stored, posted and kept by the relay."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from hardback_bot.sessions.codec import LobbyClick, LobbyOp
from hardback_bot.sessions.places import by_interactions
from hardback_bot.sessions.screens.table import lobby_screen

from .answers import reader
from .click_input import close_confirmation
from .reconciler import Relay
from .ui import embed_of, view_of

if TYPE_CHECKING:
    from bot import HardbackBot


class LobbyClicks:
    def __init__(self, bot: HardbackBot, relay: Relay) -> None:
        self.bot = bot
        self.relay = relay

    async def post(self, interaction: discord.Interaction, game_id: int) -> None:
        """The lobby /hardback start opened, as the command's answer."""
        record = await self.bot.sessions.record(game_id)
        panel = await lobby_screen(self.bot.store, record, await self.relay.game_translator(record),
                                   coach_games=self.bot.sessions.coach_games)
        await interaction.followup.send(embed=embed_of(panel), view=view_of(panel.rows) or discord.utils.MISSING)
        message = await interaction.original_response()
        await self.bot.store.messages.set_message(game_id, "lobby", message.id, version=record.version)
        if by_interactions(record):  # in a group DM only this command's token can edit the lobby, at first
            await self.relay.private.answered_with(record, interaction, message.id)

    async def click(self, interaction: discord.Interaction, action: LobbyClick) -> None:
        user = interaction.user
        t = reader(interaction)
        can_manage = bool(interaction.permissions.manage_channels)
        if action.op is LobbyOp.END:
            await self.bot.sessions.end_game(action.game_id, user.id, can_manage)
            await close_confirmation(interaction, t.gettext("The game was ended"), t.gettext(
                "It stays in the history, unrated. The channel is free for a new one."))
            return
        language = "en"
        if action.op in (LobbyOp.COMPUTER, LobbyOp.LEARN):  # a computer is named once, in the table's language
            language = (await self.relay.game_translator(await self.bot.sessions.record(action.game_id))).language
        _, said = await self.bot.sessions.lobby.act(action.game_id, user.id, user.display_name, action.op.value,
                                                        can_manage=can_manage, strength=action.strength or 2,
                                                        language=language)
        await interaction.followup.send(said.say(t), ephemeral=True)

    async def rematch(self, interaction: discord.Interaction, action: LobbyClick) -> None:
        # The new lobby is public, so it is the first (undeferred) answer; store work takes milliseconds.
        record = await self.bot.sessions.lobby.rematch(action.game_id, interaction.user.id)
        panel = await lobby_screen(self.bot.store, record, await self.relay.game_translator(record),
                                   coach_games=self.bot.sessions.coach_games)
        view = view_of(panel.rows) or discord.utils.MISSING
        await interaction.response.send_message(embed=embed_of(panel), view=view)
        message = await interaction.original_response()
        await self.bot.store.messages.set_message(record.id, "lobby", message.id, version=record.version)
        if by_interactions(record):
            await self.relay.private.answered_with(record, interaction, message.id)

"""``/hardback games``: a player's running games everywhere the bot can see them, privately, with an *Open my
hand* per game that opens that player's own hand where the list is (sessions/access.py, ``check_away``).

A plain object the /hardback group cog holds (its command is the group's); the router of cogs/play.py hands the
list's buttons (codec ``OpenMyHand`` and ``GamesPage``) to the group cog, which hands them here."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from hardback_bot.sessions import SessionError
from hardback_bot.sessions.codec import GamesPage, OpenMyHand
from hardback_bot.sessions.my_games import my_games
from hardback_bot.sessions.screens.games import games_screen
from hardback_bot.sessions.screens.my_panel import hand_screen
from hardback_bot.store import PanelToken

from .answers import reader
from .click_input import SORRY, origin_of
from .ui import embed_of, file_of, view_of
from .weather import log_failure, weather_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)


class MyGames:
    """``/hardback games`` and its buttons (held by the Hardback group cog)."""

    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def games(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        t = reader(interaction)
        try:
            panel = games_screen(await my_games(self.bot.store, interaction.user.id), interaction.user.id, 0, t)
            await interaction.followup.send(embed=embed_of(panel), view=view_of(panel.rows) or discord.utils.MISSING,
                                            ephemeral=True)
        except Exception as error:
            log_failure(log, error, "/hardback games for %s", interaction.user.id)
            if weather_of(error) is None:
                await interaction.followup.send(t.gettext(SORRY), ephemeral=True)

    async def click(self, interaction: discord.Interaction, action: OpenMyHand | GamesPage) -> None:
        t = reader(interaction)
        try:
            if isinstance(action, GamesPage):
                await self._games_page(interaction, action)
            else:
                await self._my_hand(interaction, action.game_id)
        except SessionError as error:
            log.info("refused %s by user %s: %s", type(action).__name__, interaction.user.id, error.code)
            await _say(interaction, error.say(t))
        except Exception as error:
            log_failure(log, error, "%s by %s", action.custom_id(), interaction.user.id)
            if weather_of(error) is None:
                await _say(interaction, t.gettext(SORRY))

    async def _games_page(self, interaction: discord.Interaction, action: GamesPage) -> None:
        """Another page of the clicker's own list, in place of the page clicked."""
        message = interaction.message
        if action.user_id != interaction.user.id or message is None or not message.flags.ephemeral:
            raise SessionError("not_your_panel")
        await interaction.response.defer()
        lines = await my_games(self.bot.store, interaction.user.id)
        panel = games_screen(lines, interaction.user.id, action.page, reader(interaction))
        await interaction.edit_original_response(embed=embed_of(panel), view=view_of(panel.rows) or discord.ui.View())

    async def _my_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        """The clicker's own hand of ``game_id``, as a new private message here; the relay keeps it current, and
        its buttons act from here (sessions/access.py: only on the seat's own panel)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        record = await self.bot.sessions.admit(game_id, origin_of(interaction), away=True)
        if not any(s.user_id == user.id for s in record.seats):
            raise SessionError("not_playing")
        play = self.bot.get_cog("Play")
        if play is None:
            raise RuntimeError("the Play cog is not loaded")
        async with play.relay.panel_lock(game_id, user.id):  # type: ignore[attr-defined]
            panel = await hand_screen(self.bot.sessions, game_id, user.id, t=reader(interaction))
            file = file_of(panel.picture)
            await interaction.edit_original_response(embed=embed_of(panel), attachments=[file] if file else [],
                                                     view=view_of(panel.rows) or discord.ui.View())
            # This panel is the player's newest: the relay keeps it current while its token lives.
            await self.bot.store.panels.save_panel(PanelToken(
                game_id, user.id, interaction.application_id, interaction.token, self.bot.clock(), panel.version,
                str(interaction.locale), "@original"))


async def _say(interaction: discord.Interaction, text: str) -> None:
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as error:
        log_failure(log, error, "answering user %s", interaction.user.id)


__all__ = ["MyGames"]

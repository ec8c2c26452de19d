"""``/hardback history``: a server's recent games or a player's, privately, and any ended game of that server as
a JSON file (docs/store.md, export format), from the command or the answer's select (the codec's ``ExportPick``).
Outside servers a group DM's history is that group's own (``board_of``)."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

import discord

from hardback_bot.help.format import history_page, outcome, server_history_page
from hardback_bot.i18n import Translator
from hardback_bot.sessions import SessionError
from hardback_bot.sessions.codec import ExportPick, ForgedId, game_value
from hardback_bot.store import GameNotFound
from hardback_bot.store.models import StoredResult

from .answers import page_embed, reader, say_privately
from .where import board_of

if TYPE_CHECKING:
    from bot import HardbackBot

HISTORY_GAMES = 10


def placing(r: StoredResult, t: Translator) -> str:
    if r.mode == "coop":
        return t.gettext("won against Penny") if r.result.won else t.gettext("lost to Penny")
    return outcome(r, t)


def status_name(status: str, t: Translator) -> str:
    if status == "finished":
        return t.pgettext("game status", "finished")
    if status == "abandoned":
        return t.pgettext("game status", "abandoned")
    return status


class History:
    """The history lists and the export of one game (held by the Hardback group cog)."""

    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def history(self, interaction: discord.Interaction, user: discord.User | None, game: int | None) -> None:
        where = board_of(interaction)
        if where is None:
            await say_privately(interaction, reader(interaction).gettext(
                "History belongs to a server: use this command in one."))
            return
        if game is not None:
            await self.export(interaction, game)
            return
        if user is None:
            await self.server_history(interaction, where)
            return
        who = user
        t = reader(interaction)  # the answer is private
        stats = await self.bot.store.results.player_stats(where, who.id, recent=HISTORY_GAMES)
        embed = page_embed(history_page(who.display_name, stats.recent, t))
        view = discord.utils.MISSING
        if stats.recent:
            view = discord.ui.View(timeout=None)
            view.add_item(discord.ui.Select(custom_id=ExportPick().custom_id(),
                                            placeholder=t.gettext("Download a game as JSON"), options=[
                discord.SelectOption(label=t.gettext("Game #{game}: {outcome}, {prestige}★", game=r.game_id,
                                                     outcome=placing(r, t), prestige=r.result.prestige)[:100],
                                     value=str(r.game_id))
                for r in stats.recent[:25]]))
            view.stop()
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def server_history(self, interaction: discord.Interaction, guild_id: int) -> None:
        """Recent games of the whole server (finished or ended early), newest first."""
        games = await self.bot.store.games.recent_games(guild_id, limit=HISTORY_GAMES)
        results = {g.id: await self.bot.store.results.get_results(g.id) for g in games if g.status == "finished"}
        t = reader(interaction)  # the answer is private
        guild_name = interaction.guild.name if interaction.guild else t.gettext("this server")
        embed = page_embed(server_history_page(guild_name, games, results, t))
        view = discord.utils.MISSING
        if games:
            view = discord.ui.View(timeout=None)
            view.add_item(discord.ui.Select(custom_id=ExportPick().custom_id(),
                                            placeholder=t.gettext("Download a game as JSON"), options=[
                discord.SelectOption(label=t.gettext("Game #{game} ({status})", game=g.id,
                                                     status=status_name(g.status, t))[:100], value=str(g.id))
                for g in games[:25]]))
            view.stop()
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def export_pick(self, interaction: discord.Interaction, value: str | None) -> None:
        """A game chosen in a history answer's select."""
        try:
            game = game_value(value)
        except ForgedId:
            game = None
        if game is None or board_of(interaction) is None:
            await say_privately(interaction, reader(interaction).gettext("That choice is not one I offered."))
        else:
            await self.export(interaction, game)

    async def export(self, interaction: discord.Interaction, game_id: int) -> None:
        """A finished game of this server as a JSON file, privately (docs/store.md, export format)."""
        t = reader(interaction)
        try:
            record = await self.bot.store.games.get_game(game_id, with_state=False)
        except GameNotFound:
            record = None
        if record is None or record.board_id != board_of(interaction):
            await say_privately(interaction, t.gettext("There is no game #{game} in this server.", game=game_id))
            return
        if record.status in ("lobby", "playing"):
            # The seed and the state would show everyone's hidden cards and the deck order.
            await say_privately(interaction, t.gettext(
                "Game #{game} is still running; it can be exported once it is over.", game=game_id))
            return
        if record.pruned_at is not None:  # HARDBACK_MOVE_LOG_DAYS (docs/privacy.md): nothing left to export
            deleted = f"<t:{int(record.pruned_at)}:D>"  # Discord shows it in the reader's language
            await say_privately(interaction, t.gettext(
                "Game #{game}'s moves were deleted on {date}: this bot keeps an ended game's moves for a while only. "
                "Its results are still in the history.", game=game_id, date=deleted))
            return
        daily = self.bot.get_cog("Daily")
        if daily is not None and await daily.spoils(game_id, interaction.user.id):  # type: ignore[attr-defined]
            await say_privately(interaction, SessionError("daily_spoiler").say(t))
            return
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        data = await self.bot.store.games.export_game(game_id, with_state=True)
        raw = json.dumps(data, ensure_ascii=False, indent=1).encode()
        file = discord.File(io.BytesIO(raw), filename=f"hardback-game-{game_id}.json",
                            description=t.gettext("Hardback game {game}: options, seed, players and every move",
                                                  game=game_id))
        await interaction.followup.send(t.ngettext(
            "Game #{game} ({status}, {n} move): its options, players and every move, for a replay or a bug report.",
            "Game #{game} ({status}, {n} moves): its options, players and every move, for a replay or a bug report.",
            record.move_count, game=game_id, status=status_name(record.status, t)), file=file, ephemeral=True)


__all__ = ["History"]

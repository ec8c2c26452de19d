"""``/hardback leaderboard`` and ``/hardback stats``: a server's boards (all time or a season) and a player's
record, as public embeds; the board's page buttons carry what they show (the codec's ``BoardPage``), so they work
after a restart. Outside servers a group DM's boards are that group's own (``board_of``)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from hardback_bot.help.format import PAGE_SIZE, leaderboard_page, stats_page
from hardback_bot.help.seasons import rating_page, records_field, season_page
from hardback_bot.i18n import Translator, resolve_locale, translator
from hardback_bot.sessions.codec import BoardPage, BoardPeriod
from hardback_bot.store.models import LEADERBOARD_KINDS, LeaderboardKind
from hardback_bot.store.seasons import season_of

from .answers import page_embed, public_language, reader, say_privately
from .where import board_of

if TYPE_CHECKING:
    from bot import HardbackBot

MIN_GAMES = 5  # the win-rate board's threshold (the store's default)
GENRE_GAMES = 50  # results read to find a player's favourite genre
BOARD_CHOICES = [app_commands.Choice(name=n, value=v) for v, n in (
    ("rating", "rating"), ("wins", "wins"), ("win_rate", "win rate"), ("best_word", "best word"),
    ("longest_word", "longest word"))]
BOARD_CHOICE_NAMES = {c.value: c.name for c in BOARD_CHOICES}
PERIOD_CHOICES = [app_commands.Choice(name=n, value=v) for v, n in (
    ("all", "all time"), ("season", "this season"), ("last", "last season"))]


def board_view(board: str, page: int, has_next: bool, period: str = "all",
               t: Translator | None = None) -> discord.ui.View:
    t = t or translator("en")
    view = discord.ui.View(timeout=None)
    # Both come from the command's choices or a decoded BoardPage: a board and a period the codec knows.
    kind, when = cast(LeaderboardKind, board), cast(BoardPeriod, period)
    view.add_item(discord.ui.Button(label="◀ " + t.pgettext("page button", "Previous"),
                                    custom_id=BoardPage(kind, max(page - 1, 0), when).custom_id(),
                                    disabled=page == 0, style=discord.ButtonStyle.secondary))
    view.add_item(discord.ui.Button(label=t.pgettext("page button", "Next") + " ▶",
                                    custom_id=BoardPage(kind, page + 1, when).custom_id(),
                                    disabled=not has_next, style=discord.ButtonStyle.secondary))
    view.stop()  # answered by the listener from the custom_id, not kept in memory (see cogs/ui.py)
    return view


class Boards:
    """The leaderboards and a player's statistics (held by the Hardback group cog)."""

    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def board_message(self, guild_id: int, board: str, page: int, period: str = "all",
                            guild: discord.Guild | None = None, reader_language: str | None = None
                            ) -> tuple[discord.Embed, discord.ui.View]:
        """A page of a board (a server's, or outside servers a channel's own: ``guild_id`` is then the channel's
        and the page speaks the ``reader_language``)."""
        store = self.bot.store
        settings = await store.settings.get_guild_settings(guild_id)
        t = translator(reader_language if guild is None and reader_language else public_language(guild, settings))
        # One extra row tells whether a next page exists without a count query.
        if period != "all":
            season = season_of(settings.season, store.now())
            season = season.previous() if period == "last" else season
            entries = await store.seasons.season_board(guild_id, board, season, limit=PAGE_SIZE + 1,
                                                       offset=page * PAGE_SIZE, min_games=MIN_GAMES)
            name = t.pgettext("choice", BOARD_CHOICE_NAMES[board])
            embed = page_embed(season_page(t, board, name, entries, page, season, MIN_GAMES))
        elif board == "rating":
            # Established ratings first, then the provisional ones ranked apart: one sequence of pages.
            threshold = settings.provisional_games
            established = await store.seasons.rating_count(guild_id, provisional=False, threshold=threshold)
            total = established + await store.seasons.rating_count(guild_id, provisional=True, threshold=threshold)
            start, end = page * PAGE_SIZE, (page + 1) * PAGE_SIZE
            ranked = await store.seasons.rating_board(guild_id, provisional=False, threshold=threshold,
                                                      limit=min(end, established) - start, offset=start) \
                if start < established else []
            rest = end - max(start, established)
            provisional = await store.seasons.rating_board(guild_id, provisional=True, threshold=threshold, limit=rest,
                                                           offset=max(0, start - established)) if rest > 0 else []
            embed = page_embed(rating_page(t, ranked, provisional, page, threshold))
            return embed, board_view(board, page, end < total, period, t)
        else:
            entries = await store.results.leaderboard(guild_id, board, limit=PAGE_SIZE + 1,  # type: ignore[arg-type]
                                                      offset=page * PAGE_SIZE, min_games=MIN_GAMES)
            embed = page_embed(leaderboard_page(board, entries[:PAGE_SIZE], page, MIN_GAMES, t))
        return embed, board_view(board, page, len(entries) > PAGE_SIZE, period, t)

    async def leaderboard(self, interaction: discord.Interaction, by: app_commands.Choice[str] | None,
                          period: app_commands.Choice[str] | None) -> None:
        where = board_of(interaction)  # a group DM's board is that group's own
        if where is None:
            await say_privately(interaction, reader(interaction).gettext(
                "Leaderboards belong to a server: use this command in one."))
            return
        board = by.value if by is not None else "rating"
        embed, view = await self.board_message(where, board, 0, period.value if period is not None else "all",
                                               interaction.guild, resolve_locale(interaction.locale))
        await interaction.response.send_message(embed=embed, view=view)

    async def page_click(self, interaction: discord.Interaction, board: str, page: int,
                         period: BoardPeriod = "all") -> None:
        where = board_of(interaction)
        if board not in LEADERBOARD_KINDS or where is None:
            await say_privately(interaction, reader(interaction).gettext(
                "That button is not one I made; it does nothing."))
            return
        embed, view = await self.board_message(where, board, page, period, interaction.guild,
                                               resolve_locale(interaction.locale))
        await interaction.response.edit_message(embed=embed, view=view)

    async def stats(self, interaction: discord.Interaction, user: discord.User | None) -> None:
        where = board_of(interaction)
        if where is None:
            await say_privately(interaction, reader(interaction).gettext(
                "Statistics belong to a server: use this command in one."))
            return
        who = user or interaction.user
        stats = await self.bot.store.results.player_stats(where, who.id, recent=GENRE_GAMES)
        daily = self.bot.get_cog("Daily")
        streaks = await daily.service.streaks(who.id) if daily is not None else None  # type: ignore[attr-defined]
        if not stats.competitive.games and not stats.coop.games and not (streaks and streaks.played):
            said = reader(interaction)
            await say_privately(interaction, said.gettext(
                "You have no finished Hardback games in this server yet.") if who.id == interaction.user.id
                else said.gettext("{name} has no finished Hardback games in this server yet.",
                                  name=who.display_name))
            return
        settings = await self.bot.store.settings.get_guild_settings(where)
        t = translator(public_language(interaction.guild, settings) if interaction.guild_id
                       else resolve_locale(interaction.locale))  # a public message
        # Many results feed the favourite genre; the embed lists only the last five games.
        page = stats_page(dataclasses.replace(stats, recent=stats.recent[:5]), who.display_name, stats.recent, t,
                          daily=streaks)
        if stats.competitive.games:
            records = await self.bot.store.seasons.player_records(where, who.id)
            field = records_field(t, records, stats.rating.games if stats.rating else None,
                                  settings.provisional_games)
            page.fields.insert(min(4, len(page.fields)), field)
        embed = page_embed(page)
        embed.set_thumbnail(url=who.display_avatar.url)
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


__all__ = ["BOARD_CHOICES", "PERIOD_CHOICES", "Boards", "board_view"]

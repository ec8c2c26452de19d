"""Information and settings commands of /hardback: leaderboard, stats, history, rules, card, lookup,
settings, hint.

A mixin, not a cog: ``cogs/hardback.py`` declares ``class Hardback(InfoCommands, commands.GroupCog, ...)``
and discord.py's CogMeta collects the app commands *and* the listener below across the class's MRO.
Names here start with ``_info`` so they never shadow the Hardback cog's own methods.

Buttons and selects carry what they mean in their custom_id (the codec's page actions, ``BoardPage``,
``ExportPick``, ``TopicsPick`` and ``TextModeSwitch``: hardback_bot/sessions/codec_pages.py; the older ``hbi:``
ids still posted read as the same actions) and are answered by the listener, so they keep working after a restart.
Every answer comes within Discord's 3 seconds: slow work (images, dictionaries, hints) runs after a
defer, in a worker thread.  Refusals are private and change nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import json
import logging
import sys
from typing import TYPE_CHECKING, Any, Literal, cast

import discord
from discord import app_commands
from discord.ext import commands

from hardback_bot.help import (
    MAX_CHOICES,
    TOPICS,
    card_letter_choices,
    card_title,
    cards_of,
    find_topic,
    letters_of,
    topic_choices,
    topic_index,
    topic_pictures,
    topic_text,
    topic_words,
)
from hardback_bot.help.format import (
    PAGE_SIZE,
    Page,
    history_page,
    leaderboard_page,
    outcome,
    server_history_page,
    stats_page,
)
from hardback_bot.help.lookup import card_text
from hardback_bot.help.seasons import rating_page, records_field, season_page
from hardback_bot.help.settings import NO_CHANNEL, SERVER_LANGUAGE, SettingsRefused, apply_changes, settings_text
from hardback_bot.help.topics import localized
from hardback_bot.help.words import SpellingError, clean_word, hints_off_loop, lookup_lines
from hardback_bot.i18n import LANGUAGE_NAMES, N_, Translator, resolve_locale, server_language, translator
from hardback_bot.sessions import SessionError
from hardback_bot.sessions.codec import (
    BoardPage,
    BoardPeriod,
    ExportPick,
    ForgedId,
    TextModeSwitch,
    TopicsPick,
    game_value,
    parse,
)
from hardback_bot.sessions.screens.private import hints_off_screen
from hardback_bot.sessions.screens.text_mode import text_mode_of
from hardback_bot.store import GameNotFound
from hardback_bot.store.models import LEADERBOARD_KINDS, LeaderboardKind, StoredResult
from hardback_bot.store.seasons import season_of
from hardback_bot.store.settings import GuildSettings

from .replay import ReplayCommands
from .ui import embed_of, view_of
from .weather import log_failure, weather_of
from .where import board_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)

COLOUR = discord.Colour.from_rgb(196, 155, 72)  # the table's gold (cogs/ui.py)
SORRY = N_("Sorry, something went wrong on my side. Please try again in a moment.")
MIN_GAMES = 5  # the win-rate board's threshold (the store's default)
HISTORY_GAMES = 10
GENRE_GAMES = 50  # results read to find a player's favourite genre
HINT_TIMEOUT = 10.0  # seconds; the answer was deferred, so the player sees "thinking" meanwhile
BOARD_CHOICES = [app_commands.Choice(name=n, value=v) for v, n in (
    ("rating", "rating"), ("wins", "wins"), ("win_rate", "win rate"), ("best_word", "best word"),
    ("longest_word", "longest word"))]
BOARD_CHOICE_NAMES = {c.value: c.name for c in BOARD_CHOICES}
PERIOD_CHOICES = [app_commands.Choice(name=n, value=v) for v, n in (
    ("all", "all time"), ("season", "this season"), ("last", "last season"))]
_TOPIC_ROWS = (TOPICS[: (len(TOPICS) + 1) // 2], TOPICS[(len(TOPICS) + 1) // 2:])
# Each language named in itself; "server" follows the server's own Discord language (the default).
LANGUAGE_CHOICES = [app_commands.Choice(name="The server's Discord language", value=SERVER_LANGUAGE),
                    *(app_commands.Choice(name=n, value=v) for v, n in LANGUAGE_NAMES.items())]


def _embed(page: Page) -> discord.Embed:
    embed = discord.Embed(title=page.title[:256], description=page.description[:4096] or None, colour=COLOUR)
    for name, value, inline in page.fields[:25]:
        embed.add_field(name=name[:256], value=value[:1024] or "—", inline=inline)
    if page.footer:
        embed.set_footer(text=page.footer[:2048])
    return embed


def _reader(interaction: discord.Interaction) -> Translator:
    """The clicking user's language: every private answer speaks it."""
    return translator(resolve_locale(interaction.locale))


def _board_view(board: str, page: int, has_next: bool, period: str = "all",
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


def topics_view(language: str = "en", text_mode: bool | None = None, topic: str = "") -> discord.ui.View:
    """The rules' topic selects; with the reader's ``text_mode`` (a private answer), the button that turns it on
    or off for them, which shows ``topic`` again in the new way (docs/accessibility.md)."""
    view = discord.ui.View(timeout=None)
    say = translator(language)
    for number, english in enumerate(_TOPIC_ROWS, start=1):
        topics = [localized(t, language) for t in english]
        first, last = topics[0].title.split()[0], topics[-1].title.split()[0]
        placeholder = say.gettext("Rules topics ({number}/2: {first} … {last})", number=number, first=first, last=last)
        view.add_item(discord.ui.Select(
            custom_id=TopicsPick(number).custom_id(), placeholder=placeholder[:150],
            options=[discord.SelectOption(label=t.title[:100], value=t.key, description=t.summary[:100])
                     for t in topics[:25]]))
    if text_mode is not None:
        label = say.gettext("Show pictures again") if text_mode else say.gettext("Text mode: no pictures")
        view.add_item(discord.ui.Button(label=label[:80], custom_id=TextModeSwitch(not text_mode, topic).custom_id(),
                                        style=discord.ButtonStyle.secondary, row=2))
    view.stop()
    return view


def topic_embed(key: str | None, language: str = "en") -> discord.Embed:
    topic = find_topic(key, language) if key else None
    t = translator(language)
    if topic is None:
        pick = t.gettext("Pick a topic below, or `{command_rules} {option_topic}:NAME`.")
        return _embed(Page(t.gettext("Hardback rules"), pick + "\n\n" + topic_index(language),
                           footer=t.gettext("Rules explained in our own words; the game engine follows them "
                                            "exactly.")))
    return _embed(Page(t.gettext("Rules — {topic}", topic=localized(topic, language).title),
                       topic_text(topic, language)))


async def topic_files(key: str | None, language: str = "en", *, pictures: bool = True
                      ) -> tuple[list[discord.Embed], list[discord.File]]:
    """The topic's embed, plus one embed per picture it shows (the icon legend), rendered off the loop; without
    ``pictures`` (text mode) one embed says what they show, in words."""
    embeds = [topic_embed(key, language)]
    topic = find_topic(key, language) if key else None
    if topic is not None and topic.images and not pictures:
        words = await asyncio.to_thread(topic_words, topic, language)
        embeds.append(discord.Embed(description="\n\n".join(words)[:4096], colour=COLOUR))
        return embeds, []
    pictures_of = await asyncio.to_thread(topic_pictures, topic, language) if topic is not None else []
    files = [discord.File(io.BytesIO(data), filename=name, description=alt) for name, data, alt in pictures_of]
    for name, _, _ in pictures_of:
        embeds.append(discord.Embed(colour=COLOUR).set_image(url=f"attachment://{name}"))
    return embeds, files


def _placing(r: StoredResult, t: Translator) -> str:
    if r.mode == "coop":
        return t.gettext("won against Penny") if r.result.won else t.gettext("lost to Penny")
    return outcome(r, t)


def _status(status: str, t: Translator) -> str:
    if status == "finished":
        return t.pgettext("game status", "finished")
    if status == "abandoned":
        return t.pgettext("game status", "abandoned")
    return status


async def _send_private(interaction: discord.Interaction, text: str) -> None:
    """A short private answer, whether or not the interaction was already acknowledged."""
    with contextlib.suppress(discord.HTTPException):
        if interaction.response.is_done():
            await interaction.followup.send(text[:2000], ephemeral=True)
        else:
            await interaction.response.send_message(text[:2000], ephemeral=True)


class InfoCommands(ReplayCommands):
    """The information and settings subcommands of /hardback (a mixin for the Hardback GroupCog); the
    replay subcommand comes with it (cogs/replay.py)."""

    bot: HardbackBot

    async def _info_failed(self, interaction: discord.Interaction, what: str) -> None:
        error = sys.exc_info()[1]  # called from inside an except block
        if error is not None and weather_of(error) is not None:
            log_failure(log, error, "/hardback %s by %s", what, interaction.user.id)
            return
        log.exception("/hardback %s by %s failed", what, interaction.user.id)
        await _send_private(interaction, _reader(interaction).gettext(SORRY))

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        """The one answer of every /hardback command that fails: the traceback in the log, a private apology
        to the player (never a traceback in Discord)."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        name = interaction.command.qualified_name if interaction.command is not None else "?"
        log_failure(log, cause, "/%s by %s", name, interaction.user.id)
        if weather_of(cause) is None:
            await _send_private(interaction, _reader(interaction).gettext(SORRY))

    async def _info_public_language(self, guild: discord.Guild | None, settings: GuildSettings) -> str:
        return server_language(settings.language, guild.preferred_locale if guild else None)

    async def _info_reader_language(self, interaction: discord.Interaction, public: bool) -> str:
        """The language of a rules or card answer: the server's when shown to everyone, else the reader's."""
        if public and interaction.guild_id is not None:
            settings = await self.bot.store.get_guild_settings(interaction.guild_id)
            return await self._info_public_language(interaction.guild, settings)
        return resolve_locale(interaction.locale)

    async def _info_board_message(self, guild_id: int, board: str, page: int, period: str = "all",
                                  guild: discord.Guild | None = None, reader: str | None = None
                                  ) -> tuple[discord.Embed, discord.ui.View]:
        """A page of a board (a server's, or outside servers a channel's own: ``guild_id`` is then the channel's
        and the page speaks the ``reader``'s language)."""
        store = self.bot.store
        settings = await store.get_guild_settings(guild_id)
        t = translator(reader if guild is None and reader else await self._info_public_language(guild, settings))
        # One extra row tells whether a next page exists without a count query.
        if period != "all":
            season = season_of(settings.season, store.now())
            season = season.previous() if period == "last" else season
            entries = await store.season_board(guild_id, board, season, limit=PAGE_SIZE + 1, offset=page * PAGE_SIZE,
                                               min_games=MIN_GAMES)
            name = t.pgettext("choice", BOARD_CHOICE_NAMES[board])
            embed = _embed(season_page(t, board, name, entries, page, season, MIN_GAMES))
        elif board == "rating":
            # Established ratings first, then the provisional ones ranked apart: one sequence of pages.
            threshold = settings.provisional_games
            established = await store.rating_count(guild_id, provisional=False, threshold=threshold)
            total = established + await store.rating_count(guild_id, provisional=True, threshold=threshold)
            start, end = page * PAGE_SIZE, (page + 1) * PAGE_SIZE
            ranked = await store.rating_board(guild_id, provisional=False, threshold=threshold,
                                              limit=min(end, established) - start, offset=start) \
                if start < established else []
            rest = end - max(start, established)
            provisional = await store.rating_board(guild_id, provisional=True, threshold=threshold, limit=rest,
                                                   offset=max(0, start - established)) if rest > 0 else []
            embed = _embed(rating_page(t, ranked, provisional, page, threshold))
            return embed, _board_view(board, page, end < total, period, t)
        else:
            entries = await store.leaderboard(guild_id, board, limit=PAGE_SIZE + 1,  # type: ignore[arg-type]
                                              offset=page * PAGE_SIZE, min_games=MIN_GAMES)
            embed = _embed(leaderboard_page(board, entries[:PAGE_SIZE], page, MIN_GAMES, t))
        return embed, _board_view(board, page, len(entries) > PAGE_SIZE, period, t)

    # ------------------------------------------------------------------ leaderboard
    @app_commands.command(name="leaderboard", description="This server's best Hardback players")
    @app_commands.describe(by="What to rank by (default: rating)", period="All time or a season")
    @app_commands.choices(by=BOARD_CHOICES, period=PERIOD_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, by: app_commands.Choice[str] | None = None,
                          period: app_commands.Choice[str] | None = None) -> None:
        where = board_of(interaction)  # a group DM's board is that group's own
        if where is None:
            await _send_private(interaction, _reader(interaction).gettext(
                "Leaderboards belong to a server: use this command in one."))
            return
        board = by.value if by is not None else "rating"
        embed, view = await self._info_board_message(where, board, 0,
                                                     period.value if period is not None else "all",
                                                     interaction.guild, resolve_locale(interaction.locale))
        await interaction.response.send_message(embed=embed, view=view)

    # ------------------------------------------------------------------ stats
    @app_commands.command(name="stats", description="A player's Hardback record in this server")
    @app_commands.describe(user="Whose statistics (default: yours)")
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        where = board_of(interaction)
        if where is None:
            await _send_private(interaction, _reader(interaction).gettext(
                "Statistics belong to a server: use this command in one."))
            return
        who = user or interaction.user
        stats = await self.bot.store.player_stats(where, who.id, recent=GENRE_GAMES)
        daily = self.bot.get_cog("Daily")
        streaks = await daily.service.streaks(who.id) if daily is not None else None  # type: ignore[attr-defined]
        if not stats.competitive.games and not stats.coop.games and not (streaks and streaks.played):
            reader = _reader(interaction)
            await _send_private(interaction, reader.gettext(
                "You have no finished Hardback games in this server yet.") if who.id == interaction.user.id
                else reader.gettext("{name} has no finished Hardback games in this server yet.",
                                    name=who.display_name))
            return
        settings = await self.bot.store.get_guild_settings(where)
        t = translator(await self._info_public_language(interaction.guild, settings) if interaction.guild_id
                       else resolve_locale(interaction.locale))  # a public message
        # Many results feed the favourite genre; the embed lists only the last five games.
        page = stats_page(dataclasses.replace(stats, recent=stats.recent[:5]), who.display_name, stats.recent, t,
                          daily=streaks)
        if stats.competitive.games:
            records = await self.bot.store.player_records(where, who.id)
            field = records_field(t, records, stats.rating.games if stats.rating else None,
                                  settings.provisional_games)
            page.fields.insert(min(4, len(page.fields)), field)
        embed = _embed(page)
        embed.set_thumbnail(url=who.display_avatar.url)
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    # ------------------------------------------------------------------ history
    @app_commands.command(name="history", description="Recent Hardback games in this server; export one as JSON")
    @app_commands.describe(user="Whose games (default: the whole server's)",
                           game="Download this game (its number) as JSON")
    async def history(self, interaction: discord.Interaction, user: discord.User | None = None,
                      game: app_commands.Range[int, 1] | None = None) -> None:
        where = board_of(interaction)
        if where is None:
            await _send_private(interaction, _reader(interaction).gettext(
                "History belongs to a server: use this command in one."))
            return
        if game is not None:
            await self._info_export(interaction, game)
            return
        if user is None:
            await self._server_history(interaction, where)
            return
        who = user
        t = _reader(interaction)  # the answer is private
        stats = await self.bot.store.player_stats(where, who.id, recent=HISTORY_GAMES)
        embed = _embed(history_page(who.display_name, stats.recent, t))
        view = discord.utils.MISSING
        if stats.recent:
            view = discord.ui.View(timeout=None)
            view.add_item(discord.ui.Select(custom_id=ExportPick().custom_id(),
                                            placeholder=t.gettext("Download a game as JSON"), options=[
                discord.SelectOption(label=t.gettext("Game #{game}: {outcome}, {prestige}★", game=r.game_id,
                                                     outcome=_placing(r, t), prestige=r.result.prestige)[:100],
                                     value=str(r.game_id))
                for r in stats.recent[:25]]))
            view.stop()
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def _server_history(self, interaction: discord.Interaction, guild_id: int) -> None:
        """Recent games of the whole server (finished or ended early), newest first."""
        games = await self.bot.store.recent_games(guild_id, limit=HISTORY_GAMES)
        results = {g.id: await self.bot.store.get_results(g.id) for g in games if g.status == "finished"}
        t = _reader(interaction)  # the answer is private
        guild_name = interaction.guild.name if interaction.guild else t.gettext("this server")
        embed = _embed(server_history_page(guild_name, games, results, t))
        view = discord.utils.MISSING
        if games:
            view = discord.ui.View(timeout=None)
            view.add_item(discord.ui.Select(custom_id=ExportPick().custom_id(),
                                            placeholder=t.gettext("Download a game as JSON"), options=[
                discord.SelectOption(label=t.gettext("Game #{game} ({status})", game=g.id,
                                                     status=_status(g.status, t))[:100], value=str(g.id))
                for g in games[:25]]))
            view.stop()
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def _info_export(self, interaction: discord.Interaction, game_id: int) -> None:
        """A finished game of this server as a JSON file, privately (docs/store.md, export format)."""
        t = _reader(interaction)
        try:
            record = await self.bot.store.get_game(game_id, with_state=False)
        except GameNotFound:
            record = None
        if record is None or record.board_id != board_of(interaction):
            await _send_private(interaction, t.gettext("There is no game #{game} in this server.", game=game_id))
            return
        if record.status in ("lobby", "playing"):
            # The seed and the state would show everyone's hidden cards and the deck order.
            await _send_private(interaction, t.gettext(
                "Game #{game} is still running; it can be exported once it is over.", game=game_id))
            return
        if record.pruned_at is not None:  # HARDBACK_MOVE_LOG_DAYS (docs/privacy.md): nothing left to export
            deleted = f"<t:{int(record.pruned_at)}:D>"  # Discord shows it in the reader's language
            await _send_private(interaction, t.gettext(
                "Game #{game}'s moves were deleted on {date}: this bot keeps an ended game's moves for a while only. "
                "Its results are still in the history.", game=game_id, date=deleted))
            return
        daily = self.bot.get_cog("Daily")
        if daily is not None and await daily.spoils(game_id, interaction.user.id):  # type: ignore[attr-defined]
            await _send_private(interaction, SessionError("daily_spoiler").say(t))
            return
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        data = await self.bot.store.export_game(game_id, with_state=True)
        raw = json.dumps(data, ensure_ascii=False, indent=1).encode()
        file = discord.File(io.BytesIO(raw), filename=f"hardback-game-{game_id}.json",
                            description=t.gettext("Hardback game {game}: options, seed, players and every move",
                                                  game=game_id))
        await interaction.followup.send(t.ngettext(
            "Game #{game} ({status}, {n} move): its options, players and every move, for a replay or a bug report.",
            "Game #{game} ({status}, {n} moves): its options, players and every move, for a replay or a bug report.",
            record.move_count, game=game_id, status=_status(record.status, t)), file=file, ephemeral=True)

    # ------------------------------------------------------------------ rules
    @app_commands.command(name="rules", description="How Hardback is played, topic by topic")
    @app_commands.describe(topic="A rules topic (start typing)", public="Show the answer to everyone here")
    async def rules(self, interaction: discord.Interaction, topic: str | None = None, public: bool = False) -> None:
        language = await self._info_reader_language(interaction, public)
        if topic and find_topic(topic, language) is None:
            await _send_private(interaction, _reader(interaction).gettext(
                "I have no rules topic called {name}. Topics: {topics}", name=repr(topic[:50]),
                topics=", ".join(f"`{t.key}`" for t in TOPICS)))
            return
        found = find_topic(topic, language) if topic else None
        text = None if public else await text_mode_of(self.bot.store, interaction.user.id)
        view = topics_view(language, text, found.key if found else "")
        if found is not None and found.images:  # pictures render in a thread: answer "thinking" first
            await interaction.response.defer(ephemeral=not public, thinking=True)
            embeds, files = await topic_files(topic, language, pictures=not text)
            await interaction.followup.send(embeds=embeds, files=files, view=view, ephemeral=not public)
            return
        await interaction.response.send_message(embed=topic_embed(topic, language), view=view, ephemeral=not public)

    @rules.autocomplete("topic")
    async def _info_topic_names(self, interaction: discord.Interaction, current: str
                                ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=label, value=key)
                for label, key in topic_choices(current, resolve_locale(interaction.locale))]

    # ------------------------------------------------------------------ card
    @app_commands.command(name="card", description="Look up a card: its picture and what it does")
    @app_commands.describe(genre="The card's genre", letter="The card's letter", public="Show it to everyone here")
    async def card(self, interaction: discord.Interaction,
                   genre: Literal["adventure", "horror", "mystery", "romance", "starter"], letter: str,
                   public: bool = False) -> None:
        found = cards_of(genre, letter) if len(letter.strip()) == 1 else ()
        if not found:
            reader = _reader(interaction)
            name = reader.pgettext("genre", genre)
            await _send_private(interaction, reader.gettext(
                "There is no {genre} card with the letter {letter}. {genre_title} letters: {letters}.",
                genre=name, letter=repr(letter.strip()[:5]), genre_title=name[:1].upper() + name[1:],
                letters=" ".join(letters_of(genre))))
            return
        await interaction.response.defer(ephemeral=not public, thinking=True)
        from hardback_bot.render import render_card_lookup

        language = await self._info_reader_language(interaction, public)
        images = await asyncio.gather(*(asyncio.to_thread(render_card_lookup, d.id, language) for d in found))
        embeds, files = [], []
        for d, png in zip(found, images, strict=True):
            name = f"card-{d.id}.png"
            files.append(discord.File(io.BytesIO(png), filename=name,
                                      description=f"{card_title(d, language)}. {card_text(d, language)}"[:1024]))
            embed = discord.Embed(title=card_title(d, language), description=card_text(d, language), colour=COLOUR)
            embeds.append(embed.set_image(url=f"attachment://{name}"))
        if len(found) > 1:
            embeds[0].set_footer(text=translator(language).gettext(
                "The {genre} deck has two {letter} cards: both are shown.",
                genre=translator(language).pgettext("genre", genre), letter=found[0].letter))
        await interaction.followup.send(embeds=embeds, files=files, ephemeral=not public)

    @card.autocomplete("letter")
    async def _info_card_letters(self, interaction: discord.Interaction, current: str
                                 ) -> list[app_commands.Choice[str]]:
        genre = getattr(interaction.namespace, "genre", None)
        language = resolve_locale(interaction.locale)
        return [app_commands.Choice(name=label, value=value)
                for label, value in card_letter_choices(genre, current, language)][:MAX_CHOICES]

    # ------------------------------------------------------------------ lookup
    @app_commands.command(name="lookup", description="Privately check a word against this table's dictionary")
    @app_commands.describe(word="The word to check")
    async def lookup(self, interaction: discord.Interaction, word: str) -> None:
        try:
            clean = clean_word(word)
        except SpellingError as error:
            await _send_private(interaction, error.say(_reader(interaction)))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("\n".join(await self._info_lookup(interaction, clean)), ephemeral=True)

    async def _info_lookup(self, interaction: discord.Interaction, word: str) -> list[str]:
        from hardback_bot.engine import Game
        from hardback_bot.words import get_dictionary

        t = _reader(interaction)
        record = None
        if interaction.channel_id is not None:
            record = await self.bot.store.running_game_in_channel(interaction.channel_id)
        history: list[Any] = []
        seat = None
        names: list[str] = []
        if record is not None:
            options = dict(record.options)
            name = str(options.get("dictionary", "common"))
            source = (t.gettext("The game in this channel") if record.status == "playing"
                      else t.gettext("The table being set up here"))
            unique = str(options.get("unique_words", "off"))
            vote = str(options.get("vote", "off"))
            friendly = bool(options.get("family_friendly", False))
            if record.status == "playing":
                full = await self.bot.store.get_game(record.id)
                if full.state is not None:
                    history = Game.from_json(full.state).state.word_history
                seat = next((s.seat for s in record.seats if s.user_id == interaction.user.id), None)
                names = [s.display_name for s in record.seats]
        else:
            settings = await self.bot.store.get_guild_settings(interaction.guild_id) if interaction.guild_id else None
            name = settings.dictionary if settings else "common"
            source = t.gettext("This server's default")
            unique, vote = "off", "off"
            friendly = bool(settings.options.get("family_friendly", False)) if settings else False
        try:
            dictionary = await asyncio.to_thread(get_dictionary, name)
        except (KeyError, LookupError, OSError, ValueError):
            return [t.gettext("The {name} dictionary is not installed on this bot, so I cannot check {word}.",
                              name=repr(name), word=word)]
        return lookup_lines(word, dictionary, name, source=source, vote=vote, unique_mode=unique, history=history,
                            seat=seat, names=names, family_friendly=friendly,
                            language=t.language)

    # ------------------------------------------------------------------ hint
    @app_commands.command(name="hint", description="Privately: good words for your hand (tables with hints on, solo)")
    async def hint(self, interaction: discord.Interaction) -> None:
        t = _reader(interaction)  # every answer is private
        record = None
        if interaction.channel_id is not None:
            record = await self.bot.store.running_game_in_channel(interaction.channel_id)
        if record is None or record.status != "playing":
            await _send_private(interaction, t.gettext("There is no game being played in this channel."))
            return
        options = dict(record.options)
        seat = next((s.seat for s in record.seats if s.user_id == interaction.user.id), None)
        solo = bool(options.get("coop")) and len(record.seats) == 1
        if seat is None:
            await _send_private(interaction, t.gettext("You are not playing in this game."))
            return
        if record.kind == "daily":
            await _send_private(interaction, t.gettext("Hints are off in the daily: everyone plays its deal on their "
                                                       "own."))
            return
        if not options.get("hints") and not solo:
            # The answer offers to turn them on now, with the table's agreement (sessions/agreements.py).
            panel = hints_off_screen(await self.bot.sessions.load(record.id), interaction.user.id, t)
            await interaction.response.send_message(embed=embed_of(panel), view=view_of(panel.rows), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        loaded = await self.bot.sessions.load(record.id)
        game = loaded.game
        if game.spell_options(seat) is None:
            await interaction.followup.send(t.gettext("Hints are for your spelling step: wait for your turn (or "
                                                      "finish this one's choices first)."), ephemeral=True)
            return
        if getattr(game.checker, "is_none", False):
            await interaction.followup.send(t.gettext("This table plays without a dictionary, so I have no word "
                                                      "list to suggest from: any word goes to a vote."),
                                            ephemeral=True)
            return
        try:
            # In a search worker; the search stops at its own budget, this only bounds the wait.
            plays = await asyncio.wait_for(hints_off_loop(game, seat), HINT_TIMEOUT)
        except TimeoutError:
            await interaction.followup.send(t.gettext(
                "Your cards allow so many arrangements that the search took too long; try typing a word with "
                "**{button}**.", button=t.gettext("Spell a word")), ephemeral=True)
            return
        if not plays:
            text = t.gettext("I found no word for these cards. Skipping the turn (writer's block) is always "
                             "possible.")
        else:
            lines = [t.gettext("**{word}** — {coins}¢ and {prestige}★", word=p.word, coins=p.coins,
                               prestige=p.prestige)
                     + (" " + t.gettext("(then: {notes})", notes="; ".join(p.notes_in(t)))
                        if p.notes else "") for p in plays]
            text = t.gettext("Words your cards can spell now, best first (each in its best arrangement; type the "
                             "word with **{button}** to choose another arrangement):",
                             button=t.gettext("Spell a word")) + "\n" + "\n".join(lines)
        await interaction.followup.send(text[:2000], ephemeral=True)

    # ------------------------------------------------------------------ settings
    @app_commands.command(name="settings", description="Show or change this server's table defaults (Manage Server)")
    @app_commands.default_permissions(manage_guild=True)  # Discord honours it on top-level commands only
    @app_commands.describe(
        dictionary="Default word list", length="Prestige that ends a competitive game",
        turn_timer="Minutes per turn (up to 10080: a week)",
        afk_policy="What happens to a player who keeps missing turns",
        afk_misses="Missed turns in a row before that happens", awards="Literary awards for long words",
        adverts="Adverts to buy with coins", unique_words="Refuse words already spelled",
        votes="Put words missing from the dictionary to a vote", open_hands="Everyone sees everyone's hand",
        ghostwriter="Players may ask the table for help", hints="Offer the solver's word hints",
        family_friendly="Refuse offensive words", season="Season length",
        season_channel="Where to post season winners", season_announcements="Off: no season posts",
        provisional_games="Rated games before a rating counts",
        language="Language of the table, log and results (default: the server's Discord language)",
        threads="Each game in its own thread")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def settings(self, interaction: discord.Interaction, dictionary: str | None = None,
                       length: Literal[40, 60, 90, 180] | None = None,
                       turn_timer: app_commands.Range[int, 1, 10080] | None = None,
                       afk_policy: Literal["computer", "remove"] | None = None,
                       afk_misses: app_commands.Range[int, 1, 10] | None = None,
                       awards: bool | None = None, adverts: bool | None = None,
                       unique_words: Literal["off", "game", "player"] | None = None,
                       votes: Literal["off", "majority", "unanimous"] | None = None,
                       open_hands: bool | None = None, ghostwriter: bool | None = None,
                       hints: bool | None = None, language: app_commands.Choice[str] | None = None,
                       family_friendly: bool | None = None, season: Literal["month", "week"] | None = None,
                       season_channel: discord.TextChannel | None = None, season_announcements: bool | None = None,
                       provisional_games: app_commands.Range[int, 1, 50] | None = None,
                       threads: Literal["auto", "always", "never"] | None = None) -> None:
        t = _reader(interaction)  # every answer is private
        if interaction.guild_id is None:
            await _send_private(interaction, t.gettext("Settings belong to a server: use this command in one."))
            return
        perms = interaction.permissions
        if not (perms.manage_guild or perms.administrator):
            # The default permission hides the command from most members, but Discord ignores it on
            # subcommands and admins can override it: this check is what actually guards the settings.
            await _send_private(interaction, t.gettext("Only members with the Manage Server permission can see or "
                                                       "change the server's Hardback settings."))
            return
        from hardback_bot.words import available_dictionaries

        store = self.bot.store
        current = await store.get_guild_settings(interaction.guild_id)
        changes: dict[str, Any] = {
            "dictionary": dictionary, "length": length,
            "turn_timer": turn_timer * 60 if turn_timer is not None else None,
            "afk_policy": afk_policy, "afk_misses": afk_misses, "awards": awards, "adverts": adverts,
            "unique_words": unique_words, "vote": votes, "open_hands": open_hands,
            "ghostwriter": ghostwriter, "hints": hints, "family_friendly": family_friendly,
            "season": season, "provisional_games": provisional_games, "game_threads": threads,
            "season_channel": season_channel.id if season_channel is not None else (
                NO_CHANNEL if season_announcements is False else None),
            "language": language.value if language is not None else None}
        bot_defaults = dict(self.bot.settings.defaults)
        locale = interaction.guild.preferred_locale if interaction.guild else None  # the language default
        if all(v is None for v in changes.values()):
            await interaction.response.send_message(embed=_embed(Page(
                t.gettext("Hardback settings for this server"),
                settings_text(current, bot_defaults, server_locale=locale, t=t),
                footer=t.gettext("New tables start with these; the host can still change them at "
                                 "`{command_start}`."))), ephemeral=True)
            return
        try:
            updated, lines = apply_changes(current, changes, known_dictionaries=available_dictionaries(),
                                           bot_defaults=bot_defaults, server_locale=locale, t=t)
        except SettingsRefused as error:
            await _send_private(interaction, t.gettext("Nothing was changed. {reason}", reason=error))
            return
        if lines:
            await store.set_guild_settings(interaction.guild_id, updated)
        summary = (t.gettext("Changed:") + "\n" + "\n".join(lines)) if lines else t.gettext(
            "Those were already the settings.")
        await interaction.response.send_message(embed=_embed(Page(
            t.gettext("Hardback settings for this server"),
            summary + "\n\n" + settings_text(updated, bot_defaults, server_locale=locale, t=t),
            footer=t.gettext("Games already running keep their own options."))), ephemeral=True)

    @settings.autocomplete("dictionary")
    async def _info_dictionary_names(self, interaction: discord.Interaction, current: str
                                     ) -> list[app_commands.Choice[str]]:
        from hardback_bot.words import available_dictionaries

        return [app_commands.Choice(name=n, value=n) for n in available_dictionaries()
                if current.lower() in n][:MAX_CHOICES]

    # ------------------------------------------------------------------ buttons and selects
    @commands.Cog.listener("on_interaction")
    async def _info_on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type != discord.InteractionType.component:
            return
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        try:
            action = parse(data.get("custom_id"))
        except ForgedId:
            return  # not one of these: the game router (cogs/play.py) answers an id of ours it cannot read
        value = (data.get("values") or [""])[0] if isinstance(data.get("values"), list) else None
        try:
            match action:
                case BoardPage(board, page, period):
                    await self._info_board_click(interaction, board, page, period)
                case ExportPick():
                    try:
                        game = game_value(value)
                    except ForgedId:
                        game = None
                    if game is None or board_of(interaction) is None:
                        await _send_private(interaction, _reader(interaction).gettext(
                            "That choice is not one I offered."))
                    else:
                        await self._info_export(interaction, game)
                case TopicsPick():
                    await self._info_topic_click(interaction, value if isinstance(value, str) else "")
                case TextModeSwitch(on, topic):
                    await self._info_text_mode(interaction, on, topic)
                case _:
                    return  # the game's, the daily's or a replay's
        except Exception:
            await self._info_failed(interaction, f"component {data.get('custom_id')!r:.120}")

    async def _info_board_click(self, interaction: discord.Interaction, board: str, page: int,
                                period: BoardPeriod = "all") -> None:
        where = board_of(interaction)
        if board not in LEADERBOARD_KINDS or where is None:
            await _send_private(interaction, _reader(interaction).gettext(
                "That button is not one I made; it does nothing."))
            return
        embed, view = await self._info_board_message(where, board, page, period, interaction.guild,
                                                     resolve_locale(interaction.locale))
        await interaction.response.edit_message(embed=embed, view=view)

    async def _info_topic_click(self, interaction: discord.Interaction, key: str, notice: str | None = None) -> None:
        if find_topic(key) is None:
            await _send_private(interaction, "That choice is not one I offered.")
            return
        message = interaction.message
        private = message is not None and message.flags.ephemeral
        language = resolve_locale(interaction.locale)  # the answer is the clicker's own
        text = await text_mode_of(self.bot.store, interaction.user.id)
        view = topics_view(language, text, key)
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=not private)
        embeds, files = await topic_files(key, language, pictures=not text)
        if notice:
            embeds.insert(0, discord.Embed(description=notice, colour=COLOUR))
        if private:
            await interaction.edit_original_response(embeds=embeds, attachments=files, view=view)
        else:  # a public rules message stays as it was; the reader gets the topic privately
            await interaction.followup.send(embeds=embeds, files=files, view=view, ephemeral=True)

    async def _info_text_mode(self, interaction: discord.Interaction, on: bool, key: str) -> None:
        """The reader turns text mode on or off for themselves, then sees the rules they were reading that way."""
        await self.bot.store.set_player_settings(interaction.user.id, text_mode=on)
        t = _reader(interaction)
        notice = (t.gettext("**Text mode is on.** Your panels, word previews and rules now come without pictures: "
                            "every card in words, one a line (¢ means coins, ★ prestige). The table in the channel "
                            "keeps its picture for everyone, described in words. Your open panel changes at its "
                            "next update, or press Refresh.") if on else
                  t.gettext("**Pictures are back** on your panels, word previews and rules."))
        await self._info_topic_click(interaction, key if find_topic(key) else "overview", notice)

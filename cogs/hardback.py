"""The /hardback command group: every subcommand's name, description, options, choices, autocomplete and
permissions, each handed to the object that does that job (composition: the cog holds them).

The commands are declared here in the order Discord lists them; their texts are the ones translated
(``cogs/translator.py`` reads them from this class), so a change here is a change of the synced commands. The
information pages' buttons and selects (the codec's page actions and ``ReplayClick``) come to this cog's
listener and go to their owner too; the game's own components go to the router of ``cogs/play.py``, which hands
``/hardback games``' buttons and the turn alerts' settings back here (:meth:`Hardback.games_click`,
:meth:`Hardback.alerts_click`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from hardback_bot.sessions.codec import (
    BoardPage,
    ExportPick,
    ForgedId,
    GamesPage,
    OpenMyHand,
    ReplayClick,
    TextModeSwitch,
    TopicsPick,
    parse,
)
from hardback_bot.sessions.codec_alerts import AlertsClick
from hardback_bot.sessions.table_options import BY_KEY

from .alerts import AlertSettings
from .answers import command_failed, failed
from .boards import BOARD_CHOICES, PERIOD_CHOICES, Boards
from .cards import Cards
from .daily import DailyCommand
from .games import MyGames
from .history import History
from .privacy import PrivacyCommand
from .replay import Replays
from .rules import Rules
from .server_settings import LANGUAGE_CHOICES, ServerSettings, dictionary_names
from .tables import START_OPTIONS, Tables, dictionary_choices
from .word_help import WordHelp

if TYPE_CHECKING:
    from bot import HardbackBot

Genre = Literal["random", "none", "adventure", "horror", "mystery", "romance"]


class Hardback(commands.GroupCog, group_name="hardback", group_description="Play Hardback, the word deck-builder"):
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot
        self.my_games = MyGames(bot)
        self.alert_settings = AlertSettings(bot)
        self.privacy_command = PrivacyCommand(bot)
        self.daily_command = DailyCommand(bot)
        self.replays = Replays(bot)
        self.boards = Boards(bot)
        self.records = History(bot)
        self.topics = Rules(bot)
        self.cards = Cards(bot)
        self.word_help = WordHelp(bot)
        self.server_settings = ServerSettings(bot)
        self.tables = Tables(bot)
        super().__init__()

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        await command_failed(interaction, error)

    # ------------------------------------------------------------------ the router's hand-overs (cogs/play.py)
    async def games_click(self, interaction: discord.Interaction, action: OpenMyHand | GamesPage) -> None:
        await self.my_games.click(interaction, action)

    async def alerts_click(self, interaction: discord.Interaction, action: AlertsClick) -> None:
        await self.alert_settings.click(interaction, action)

    # ------------------------------------------------------------------ the information pages' components
    @commands.Cog.listener("on_interaction")
    async def _page_clicked(self, interaction: discord.Interaction) -> None:
        if interaction.type != discord.InteractionType.component:
            return
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        try:
            action = parse(data.get("custom_id"))
        except ForgedId:
            return  # not one of these: the game router (cogs/play.py) answers an id of ours it cannot read
        if isinstance(action, ReplayClick):
            await self.replays.click(interaction, action)  # answers its own failures
            return
        value = (data.get("values") or [""])[0] if isinstance(data.get("values"), list) else None
        try:
            match action:
                case BoardPage(board, page, period):
                    await self.boards.page_click(interaction, board, page, period)
                case ExportPick():
                    await self.records.export_pick(interaction, value)
                case TopicsPick():
                    await self.topics.topic_click(interaction, value if isinstance(value, str) else "")
                case TextModeSwitch(on, topic):
                    await self.topics.text_mode(interaction, on, topic)
                case _:
                    return  # the game's or the daily's
        except Exception:
            await failed(interaction, f"component {data.get('custom_id')!r:.120}")

    # ------------------------------------------------------------------ the subcommands, in Discord's order
    @app_commands.command(name="games", description="Your running games, your turns first")
    async def games(self, interaction: discord.Interaction) -> None:
        await self.my_games.games(interaction)

    # No options and a short description: /hardback holds every subcommand's texts in Discord's 4,000 characters,
    # counted with each text's longest translation (docs/i18n.md); the answer says the rest.
    @app_commands.command(name="privacy", description="Your data")
    async def privacy(self, interaction: discord.Interaction) -> None:
        await self.privacy_command.privacy(interaction)

    @app_commands.command(name="daily", description="Today's deal, the same for all: solo against Penny")
    async def daily(self, interaction: discord.Interaction) -> None:
        await self.daily_command.daily(interaction)

    @app_commands.command(name="replay", description="Step through an ended game of this server, turn by turn")
    @app_commands.describe(game="The game's number (default: the last finished game here)",
                           public="Show the replay to everyone here")
    async def replay(self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None,
                     public: bool = False) -> None:
        await self.replays.replay(interaction, game, public)

    @app_commands.command(name="leaderboard", description="This server's best Hardback players")
    @app_commands.describe(by="What to rank by (default: rating)", period="All time or a season")
    @app_commands.choices(by=BOARD_CHOICES, period=PERIOD_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, by: app_commands.Choice[str] | None = None,
                          period: app_commands.Choice[str] | None = None) -> None:
        await self.boards.leaderboard(interaction, by, period)

    @app_commands.command(name="stats", description="A player's Hardback record in this server")
    @app_commands.describe(user="Whose statistics (default: yours)")
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await self.boards.stats(interaction, user)

    @app_commands.command(name="history", description="Recent Hardback games in this server; export one as JSON")
    @app_commands.describe(user="Whose games (default: the whole server's)",
                           game="Download this game (its number) as JSON")
    async def history(self, interaction: discord.Interaction, user: discord.User | None = None,
                      game: app_commands.Range[int, 1] | None = None) -> None:
        await self.records.history(interaction, user, game)

    @app_commands.command(name="rules", description="How Hardback is played, topic by topic")
    @app_commands.describe(topic="A rules topic (start typing)", public="Show the answer to everyone here")
    async def rules(self, interaction: discord.Interaction, topic: str | None = None, public: bool = False) -> None:
        await self.topics.rules(interaction, topic, public)

    @rules.autocomplete("topic")
    async def _topic_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return self.topics.topic_names(interaction, current)

    @app_commands.command(name="card", description="Look up a card: its picture and what it does")
    @app_commands.describe(genre="The card's genre", letter="The card's letter", public="Show it to everyone here")
    async def card(self, interaction: discord.Interaction,
                   genre: Literal["adventure", "horror", "mystery", "romance", "starter"], letter: str,
                   public: bool = False) -> None:
        await self.cards.card(interaction, genre, letter, public)

    @card.autocomplete("letter")
    async def _card_letters(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return self.cards.letters(interaction, current)

    @app_commands.command(name="lookup", description="Privately check a word against this table's dictionary")
    @app_commands.describe(word="The word to check")
    async def lookup(self, interaction: discord.Interaction, word: str) -> None:
        await self.word_help.lookup(interaction, word)

    @app_commands.command(name="hint", description="Privately: good words for your hand (tables with hints on, solo)")
    async def hint(self, interaction: discord.Interaction) -> None:
        await self.word_help.hint(interaction)

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
        await self.server_settings.settings(interaction, {
            "dictionary": dictionary, "length": length, "turn_timer": turn_timer, "afk_policy": afk_policy,
            "afk_misses": afk_misses, "awards": awards, "adverts": adverts, "unique_words": unique_words,
            "votes": votes, "open_hands": open_hands, "ghostwriter": ghostwriter, "hints": hints,
            "language": language, "family_friendly": family_friendly, "season": season,
            "season_channel": season_channel, "season_announcements": season_announcements,
            "provisional_games": provisional_games, "threads": threads})

    @settings.autocomplete("dictionary")
    async def _settings_dictionaries(self, interaction: discord.Interaction, current: str
                                     ) -> list[app_commands.Choice[str]]:
        return dictionary_names(current)

    @app_commands.command(name="start", description="Open a Hardback table in this channel")
    @app_commands.describe(**{parameter: BY_KEY[key].short for parameter, key in START_OPTIONS.items()},
                           turn_timer=BY_KEY["turn_timer"].short,
                           guided="Learn to play: a guided first game")
    async def start(self, interaction: discord.Interaction, length: Literal[40, 60, 90, 180] | None = None,
                    dictionary: str | None = None, awards: bool | None = None, adverts: bool | None = None,
                    unique_words: Literal["off", "game", "player"] | None = None,
                    votes: Literal["off", "majority", "unanimous"] | None = None, open_hands: bool | None = None,
                    coop: bool | None = None, penny: Genre | None = None,
                    turn_timer: app_commands.Range[int, 0, 10080] | None = None,
                    ghostwriter: bool | None = None, hints: bool | None = None,
                    family_friendly: bool | None = None, guided: bool | None = None) -> None:
        await self.tables.start(interaction, {
            "length": length, "dictionary": dictionary, "awards": awards, "adverts": adverts,
            "unique_words": unique_words, "votes": votes, "open_hands": open_hands, "coop": coop, "penny": penny,
            "turn_timer": turn_timer, "ghostwriter": ghostwriter, "hints": hints, "family_friendly": family_friendly,
            "guided": guided})

    @start.autocomplete("dictionary")
    async def _dictionaries(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return dictionary_choices(current)

    @app_commands.command(name="end", description="End the game running in this channel (host or Manage Channels)")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.tables.end(interaction)

    @app_commands.command(name="leave", description="Drop out of the game in this channel; a computer takes your seat")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.tables.leave(interaction)


async def setup(bot: HardbackBot) -> None:
    await bot.add_cog(Hardback(bot))

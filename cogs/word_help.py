"""``/hardback lookup`` and ``/hardback hint``: a word checked against the table's dictionary (or the server's
default), and the words a player's hand can spell now (in a search worker, bounded in time). Both answers are
private; a table with hints off offers to turn them on with the table's agreement."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import discord

from hardback_bot.help.words import SpellingError, clean_word, hints_off_loop, lookup_lines
from hardback_bot.sessions.screens.my_panel import hints_off_screen

from .answers import reader, say_privately
from .ui import embed_of, view_of

if TYPE_CHECKING:
    from bot import HardbackBot

HINT_TIMEOUT = 10.0  # seconds; the answer was deferred, so the player sees "thinking" meanwhile


class WordHelp:
    """The look-up and the hints (held by the Hardback group cog)."""

    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def lookup(self, interaction: discord.Interaction, word: str) -> None:
        try:
            clean = clean_word(word)
        except SpellingError as error:
            await say_privately(interaction, error.say(reader(interaction)))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("\n".join(await self.lookup_lines(interaction, clean)), ephemeral=True)

    async def lookup_lines(self, interaction: discord.Interaction, word: str) -> list[str]:
        from hardback_bot.engine import Game
        from hardback_bot.words import get_dictionary

        t = reader(interaction)
        record = None
        if interaction.channel_id is not None:
            record = await self.bot.store.games.running_game_in_channel(interaction.channel_id)
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
                full = await self.bot.store.games.get_game(record.id)
                if full.state is not None:
                    history = Game.from_json(full.state).state.word_history
                seat = next((s.seat for s in record.seats if s.user_id == interaction.user.id), None)
                names = [s.display_name for s in record.seats]
        else:
            settings = await self.bot.store.settings.get_guild_settings(
                interaction.guild_id) if interaction.guild_id else None
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

    async def hint(self, interaction: discord.Interaction) -> None:
        t = reader(interaction)  # every answer is private
        record = None
        if interaction.channel_id is not None:
            record = await self.bot.store.games.running_game_in_channel(interaction.channel_id)
        if record is None or record.status != "playing":
            await say_privately(interaction, t.gettext("There is no game being played in this channel."))
            return
        options = dict(record.options)
        seat = next((s.seat for s in record.seats if s.user_id == interaction.user.id), None)
        solo = bool(options.get("coop")) and len(record.seats) == 1
        if seat is None:
            await say_privately(interaction, t.gettext("You are not playing in this game."))
            return
        if record.kind == "daily":
            await say_privately(interaction, t.gettext("Hints are off in the daily: everyone plays its deal on their "
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


__all__ = ["WordHelp"]

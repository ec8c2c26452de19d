"""``/hardback card``: a card's picture and what it does, found by genre and letter (both cards where a deck has
two of a letter); the pictures render in worker threads after a "thinking" answer."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from hardback_bot.help import MAX_CHOICES, card_letter_choices, card_title, cards_of, letters_of
from hardback_bot.help.lookup import card_text
from hardback_bot.i18n import resolve_locale, translator

from .answers import answer_language, reader, say_privately
from .ui import COLOUR

if TYPE_CHECKING:
    from bot import HardbackBot


class Cards:
    """The card look-up (held by the Hardback group cog)."""

    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def card(self, interaction: discord.Interaction, genre: str, letter: str, public: bool) -> None:
        found = cards_of(genre, letter) if len(letter.strip()) == 1 else ()
        if not found:
            said = reader(interaction)
            name = said.pgettext("genre", genre)
            await say_privately(interaction, said.gettext(
                "There is no {genre} card with the letter {letter}. {genre_title} letters: {letters}.",
                genre=name, letter=repr(letter.strip()[:5]), genre_title=name[:1].upper() + name[1:],
                letters=" ".join(letters_of(genre))))
            return
        await interaction.response.defer(ephemeral=not public, thinking=True)
        from hardback_bot.render import render_card_lookup

        language = await answer_language(self.bot.store, interaction, public)
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

    @staticmethod
    def letters(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        genre = getattr(interaction.namespace, "genre", None)
        language = resolve_locale(interaction.locale)
        return [app_commands.Choice(name=label, value=value)
                for label, value in card_letter_choices(genre, current, language)][:MAX_CHOICES]


__all__ = ["Cards"]

"""Spelling from a player's panel: the typed word checked and previewed (its arrangements, wild cards and what
each card earns), another arrangement picked, a ghostwriter's suggestion adopted. A word with nothing to choose
is played as typed (cogs/hand_panels.py shows the panel after it)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import discord

from hardback_bot.engine import IllegalMove
from hardback_bot.engine.moves import Move
from hardback_bot.i18n import Translator
from hardback_bot.sessions import Loaded, SessionError, SpellingError
from hardback_bot.sessions.codec import MoreArrangements, suggestion_value
from hardback_bot.sessions.preview import WordOutcome, simulate_word
from hardback_bot.sessions.screens.pictures import word_picture
from hardback_bot.sessions.screens.text_mode import text_mode_of
from hardback_bot.sessions.screens.word import confirm_moves, default_choice, nothing_to_choose, word_panel
from hardback_bot.sessions.spelling import arrangements, choice_paths, clean_word

from .answers import reader
from .click_input import decoded
from .hand_panels import HandPanels

if TYPE_CHECKING:
    from bot import HardbackBot


class WordPanels:
    def __init__(self, bot: HardbackBot, hands: HandPanels) -> None:
        self.bot = bot
        self.hands = hands

    async def spell(self, interaction: discord.Interaction, game_id: int, version: int, text: str) -> None:
        loaded = await self.bot.sessions.load(game_id)
        seat = loaded.seat_of(interaction.user.id)
        if seat is None:
            raise SessionError("not_playing")
        if not await self.bot.sessions.still_current(loaded, seat, version):
            raise SessionError("out_of_date", stale=True)
        try:
            word = clean_word(text)
            options = await asyncio.to_thread(arrangements, loaded.game, seat, word)
        except SpellingError as error:
            raise SessionError.of(error) from error
        game = loaded.game
        t = reader(interaction)
        note = None
        if game.options.dictionary != "none" and not game.checker.is_word(word):
            if game.options.vote == "off":
                raise SessionError("not_in_dictionary", word=word, dictionary=game.options.dictionary)
            note = vote_note(game, word, t)
        if game.options.unique_words != "off":
            try:
                game.check_unique(seat, word)
            except IllegalMove as error:
                raise SessionError.refusal(error) from error
        chosen = default_choice(options)
        if note is None:
            paths = await asyncio.to_thread(choice_paths, game, seat, confirm_moves(chosen), t=t)
            if nothing_to_choose(options, chosen, paths):  # no screen asks to confirm nothing
                notice = t.gettext("You spelled **{word}**: {coins}¢ and {prestige}★.", word=chosen.word,
                                   coins=chosen.coins, prestige=chosen.prestige)
                await self.hands.play(interaction, game_id, version, tuple(confirm_moves(chosen)), False,
                                      notice=notice)
                return
        await self.preview(interaction, loaded, seat, version, options, chosen, note)

    async def arrangement(self, interaction: discord.Interaction, game_id: int, version: int,
                          value: Move | MoreArrangements) -> None:
        page, spelled = (value.page, value.move) if isinstance(value, MoreArrangements) else (0, value)
        loaded = await self.bot.sessions.load(game_id)
        seat = loaded.seat_of(interaction.user.id)
        if seat is None or not await self.bot.sessions.still_current(loaded, seat, version):
            raise SessionError("out_of_date", stale=True)
        try:
            word = "".join(s.letter for s in loaded.game.check_word(seat, spelled.word)[0])
            options = await asyncio.to_thread(arrangements, loaded.game, seat, word)
        except (IllegalMove, SpellingError, ValueError) as error:
            raise SessionError("not_offered") from error
        chosen = next((o for o in options if o.move == spelled), None)
        if chosen is None:
            try:
                chosen = simulate_word(loaded.game, seat, spelled)
            except IllegalMove as error:
                raise SessionError.refusal(error) from error
        note = vote_note(loaded.game, word, reader(interaction))
        await self.preview(interaction, loaded, seat, version, options, chosen, note, page=page)

    async def adopt(self, interaction: discord.Interaction, game_id: int, version: int, value: str) -> None:
        """Adopt a ghostwriter suggestion, then preview that word."""
        loaded = await self.bot.sessions.load(game_id)
        suggestions = loaded.game.ghost_suggestions()
        number = decoded(lambda v: suggestion_value(v, len(suggestions)), value)
        loaded = await self.bot.sessions.play(game_id, interaction.user.id, Move("adopt", number=number), version)
        await self.spell(interaction, game_id, loaded.record.version, suggestions[number - 1][1])

    async def preview(self, interaction: discord.Interaction, loaded: Loaded, seat: int, version: int,
                      options: list[WordOutcome], chosen: WordOutcome, note: str | None, *, page: int = 0) -> None:
        vote = note is not None
        t = reader(interaction)
        paths = [] if vote else await asyncio.to_thread(choice_paths, loaded.game, seat, confirm_moves(chosen), t=t)
        text = await text_mode_of(self.bot.store, interaction.user.id)
        panel = word_panel(loaded.record.id, version, options, chosen, note, page=page, vote=vote, paths=paths, t=t,
                           text_mode=text)
        if not text:
            panel.picture = await word_picture(chosen, chosen.word, language=t.language)
        await self.hands.send(interaction, loaded.record.id, panel)


def vote_note(game: Any, word: str, t: Translator) -> str | None:
    if game.options.dictionary != "none" and not game.checker.is_word(word):
        return t.gettext("{word} is not in the dictionary: confirming puts it to a vote of the other players.",
                         word=word)
    return None

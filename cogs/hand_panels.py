"""A player's private panels of a game: the hand (or a spectator's view), a move and the panel after it, the
confirmations (Penny's goal, writer's block), the rules of what they face, every word of an ended game, and the
answer to a refused click. The panel sent is saved with its token: the relay keeps it current
(cogs/private_panels.py)."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord

from hardback_bot.engine.moves import Move
from hardback_bot.help.in_game import HERE, rules_here
from hardback_bot.help.lookup import legend_pictures
from hardback_bot.sessions import Loaded, PennyWouldWin, SessionError
from hardback_bot.sessions.codec import ConfirmSkip, GameAction, HandView, OpenHand, PlayMoves
from hardback_bot.sessions.phrases import describe_moves
from hardback_bot.sessions.screens.game_words import SORTS, words_screen
from hardback_bot.sessions.screens.my_panel import hand_screen, spectator_screen
from hardback_bot.sessions.screens.panel import Button, Panel
from hardback_bot.sessions.screens.text_mode import text_mode_of, without_picture
from hardback_bot.sessions.turn_history import ReplayError
from hardback_bot.store import PanelToken

from .answers import reader, say_privately
from .click_input import STALE_ANSWERED
from .rules import topic_files, topics_view
from .ui import COLOUR, embed_of, file_of, view_of
from .weather import log_failure, weather_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)


class HandPanels:
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def show(self, interaction: discord.Interaction, game_id: int, notice: str | None = None, *,
                   watch: bool = False, shown: HandView = HandView.HAND, loaded: Loaded | None = None) -> None:
        """The clicking user's panel of the game (``loaded``: the game their click just committed)."""
        record = loaded.record if loaded is not None else await self.bot.sessions.record(game_id)
        seated = any(s.user_id == interaction.user.id for s in record.seats)
        if record.seed is None:
            raise SessionError("not_started")
        t = reader(interaction)
        if watch or not seated:
            # Anyone not seated follows the game as a spectator; players may watch too (the Watch button).
            panel = await spectator_screen(self.bot.sessions, game_id, notice=notice, seated=seated, t=t,
                                           user_id=interaction.user.id)
        else:
            panel = await hand_screen(self.bot.sessions, game_id, interaction.user.id, notice=notice, t=t,
                                      shown=shown, loaded=loaded)
        await self.send(interaction, game_id, panel)

    async def send(self, interaction: discord.Interaction, game_id: int, panel: Panel) -> None:
        file = file_of(panel.picture)
        view = view_of(panel.rows)
        message = interaction.message
        target = "@original"
        if message is not None and message.flags.ephemeral:
            await interaction.edit_original_response(embed=embed_of(panel), attachments=[file] if file else [],
                                                     view=view or discord.ui.View())
        else:
            sent = await interaction.followup.send(embed=embed_of(panel), files=[file] if file else [],
                                                   view=view or discord.utils.MISSING, ephemeral=True, wait=True)
            if interaction.response.type == discord.InteractionResponseType.deferred_message_update:
                target = str(sent.id)  # @original is the public message clicked (a group DM's table)
        # This panel is now the player's newest: the relay keeps it current while its token lives.
        await self.bot.store.panels.save_panel(PanelToken(
            game_id, interaction.user.id, interaction.application_id, interaction.token, self.bot.clock(),
            panel.version, str(interaction.locale), target))

    async def play(self, interaction: discord.Interaction, game_id: int, version: int, moves: tuple[Move, ...],
                   confirmed: bool, *, notice: str | None = None) -> Loaded | None:
        """Play ``moves`` and show the panel after them; ``None`` when they wait for a confirmation (R29.8)."""
        try:
            loaded = await self.bot.sessions.play(game_id, interaction.user.id, moves, version,
                                                  penny_asks=not confirmed)
        except PennyWouldWin:
            await self.confirm_penny(interaction, PlayMoves(game_id, version, moves, confirmed=True))
            return None
        await self.show(interaction, game_id, notice, loaded=loaded)  # the game this click made, as it is
        return loaded

    async def confirm_penny(self, interaction: discord.Interaction, anyway: PlayMoves) -> None:
        # R29.8: a move that pushes Penny Dreadful to her goal through her signature ends the game at once.
        t = reader(interaction)
        panel = Panel(title=t.gettext("This ends the game"), version=anyway.version, lines=[t.gettext(
            "{moves} lets Penny Dreadful reach her goal through her signature genre: the game ends at once and "
            "the team is scored as it stands (awards are still added).",
            moves=describe_moves(anyway.moves, t))])
        panel.add_buttons([Button(t.gettext("Do it anyway"), anyway.custom_id(), "danger"),
                           Button(t.gettext("Cancel"), OpenHand(anyway.game_id, HandView.REFRESH).custom_id())])
        await self.send(interaction, anyway.game_id, panel)

    async def confirm_skip(self, interaction: discord.Interaction, action: ConfirmSkip) -> None:
        record = await self.bot.sessions.record(action.game_id)
        if not any(s.user_id == interaction.user.id for s in record.seats):
            raise SessionError("not_playing")
        t = reader(interaction)
        panel = Panel(title=t.gettext("Skip your turn?"), version=action.version, lines=[t.gettext(
            "Writer's block: every card in your hand, inked ones included, goes to your discard pile, you earn "
            "nothing this turn, and you draw a new hand.")])
        panel.add_buttons([Button(t.gettext("Yes, skip my turn"),
                                  PlayMoves(action.game_id, action.version, (Move("skip"),)).custom_id(), "danger"),
                           Button(t.gettext("Cancel"), OpenHand(action.game_id, HandView.REFRESH).custom_id())])
        await self.send(interaction, action.game_id, panel)

    async def refused(self, interaction: discord.Interaction, action: GameAction, error: SessionError) -> None:
        said = error.say(reader(interaction))
        log.info("refused %s by user %s in channel %s: %s", type(action).__name__, interaction.user.id,
                 interaction.channel_id, error.code)
        if error.stale and isinstance(action, STALE_ANSWERED):
            # Out of date: answer with the current private view instead of a dead one.
            try:
                await self.show(interaction, action.game_id, notice=said)
                return
            except SessionError:
                pass
            except Exception as failed:
                if weather_of(failed) is None:
                    raise
                log_failure(log, failed, "the current view for user %s", interaction.user.id)
                return
        await say_privately(interaction, said)

    async def rules(self, interaction: discord.Interaction, game_id: int, topic: str) -> None:
        """How to play, privately: the topic named, or the rules of what this player faces now with the cards in
        front of them explained, and the part of the icon legend about those cards and that step."""
        language = reader(interaction).language
        game, seat = None, None
        if topic == HERE:
            record = await self.bot.sessions.record(game_id)
            if record.status == "playing":
                loaded = await self.bot.sessions.load(game_id)
                game, seat = loaded.game, loaded.seat_of(interaction.user.id)
        rules = rules_here(game, seat, topic, language)
        text = await text_mode_of(self.bot.store, interaction.user.id)  # the cards are in words either way
        embeds, files = await topic_files(rules.topic.key, language, pictures=not text)
        if rules.cards:
            embeds.insert(1, discord.Embed(title=rules.heading, description="\n".join(rules.cards)[:4096],
                                           colour=COLOUR))
        if not files and not text:  # the part of the icon legend this view talks about: its cards' icons and its
            # step's (text mode shows no icon, so their legend has nothing to explain)
            for name, data, alt in await asyncio.to_thread(legend_pictures, rules.legend, language):
                files.append(discord.File(io.BytesIO(data), filename=name, description=alt))
                embeds.append(discord.Embed(colour=COLOUR).set_image(url=f"attachment://{name}"))
        await interaction.followup.send(embeds=embeds, files=files, view=topics_view(language, text, rules.topic.key),
                                        ephemeral=True)

    async def words(self, interaction: discord.Interaction, game_id: int, sort: str) -> None:
        """Every word of an ended game, sorted as asked."""
        record = await self.bot.sessions.record(game_id)
        if record.guild_id != (interaction.guild_id or 0) or record.status != "finished":
            raise SessionError("does_nothing_now")
        if sort not in SORTS:
            raise SessionError("not_offered")
        try:
            panel = await words_screen(self.bot.store, game_id, sort, t=reader(interaction))
        except ReplayError as error:
            log.warning("words of game %s: %s", game_id, error)
            raise SessionError("does_nothing_now") from error
        if await text_mode_of(self.bot.store, interaction.user.id):
            without_picture(panel)  # the words are the panel's own lines already
        file = file_of(panel.picture)
        view = view_of(panel.rows) or discord.utils.MISSING
        message = interaction.message
        # Sorting again from the private list edits it; the public results get a private answer.
        if message is not None and message.flags.ephemeral:
            await interaction.edit_original_response(embed=embed_of(panel), attachments=[file] if file else [],
                                                     view=view)
        else:
            await interaction.followup.send(embed=embed_of(panel), files=[file] if file else [], view=view,
                                            ephemeral=True)

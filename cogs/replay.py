"""``/hardback replay [game] [public]``: step through an ended game of this server, turn by turn.

A plain object the /hardback group cog holds (``cogs/hardback.py`` declares the command and hands it the replay's
clicks).  The screens come from ``hardback_bot.sessions.screens.replay``, rebuilt from
the store on every click; the buttons and the jump select carry their meaning in their custom_ids (the
codec's ``ReplayClick``, hardback_bot/sessions/codec_pages.py), so they work after a restart.  Refusals are
private and change nothing.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from hardback_bot.i18n import resolve_locale, translator
from hardback_bot.sessions import SessionError
from hardback_bot.sessions.codec import ForgedId, ReplayClick, ReplayOp, parse, step_value
from hardback_bot.sessions.screens.panel import Panel, Select
from hardback_bot.sessions.screens.replay import ReplayRefused, latest_replayable, replay_screen, replayable
from hardback_bot.sessions.screens.text_mode import text_mode_of, without_picture

from .answers import answer_language, say_privately
from .ui import STYLES, embed_of, file_of
from .weather import log_failure
from .where import board_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)


def _view(panel: Panel, step: int) -> discord.ui.View:
    """Like cogs.ui.view_of, with the buttons that would show this same step disabled."""
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(panel.rows[:5]):
        if isinstance(row, Select):
            view.add_item(discord.ui.Select(
                custom_id=row.custom_id, placeholder=row.placeholder[:150], row=number,
                options=[discord.SelectOption(label=o.label[:100], value=o.value[:100], default=o.value == str(step))
                         for o in row.options[:25]]))
            continue
        for b in row[:5]:
            same = _shown(b.custom_id) == step
            view.add_item(discord.ui.Button(label=b.label[:80], custom_id=b.custom_id, disabled=same, row=number,
                                            style=STYLES.get(b.style, discord.ButtonStyle.secondary)))
    view.stop()  # answered by the listener from the custom_id, never kept in memory
    return view


def _step_of(panel: Panel) -> int:
    select = next(r for r in panel.rows if isinstance(r, Select))
    return _shown(select.custom_id)


def _shown(custom_id: str) -> int:
    """The step a replay component of ours names (the one it shows, or the one a jump select was drawn at)."""
    click = parse(custom_id)
    if not isinstance(click, ReplayClick):  # the replay screens make only these
        raise ValueError(f"{custom_id!r} is not a replay's")
    return click.step


def _message(panel: Panel) -> dict[str, Any]:
    file = file_of(panel.picture)
    return {"embed": embed_of(panel), "view": _view(panel, _step_of(panel)),
            "attachments": [file] if file is not None else []}


class Replays:
    """The replay subcommand and its buttons (held by the Hardback group cog)."""

    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def replay(self, interaction: discord.Interaction, game: int | None, public: bool) -> None:
        mine = resolve_locale(interaction.locale)
        t = translator(mine)
        try:
            where = board_of(interaction)  # outside servers, the channel's own games
            if where is None:
                await say_privately(interaction, t.gettext("Replays belong to a server: use this command in one."))
                return
            game_id = game if game is not None else await latest_replayable(self.bot.store, where)
            if game_id is None:
                await say_privately(interaction, t.gettext("This server has no finished game to replay yet."))
                return
            try:  # refusals are private, so they are decided before a public "thinking" answer
                await replayable(self.bot.store, game_id, where, mine)
            except ReplayRefused as refusal:
                await say_privately(interaction, str(refusal))
                return
            daily = self.bot.get_cog("Daily")
            if daily is not None and await daily.spoils(game_id, interaction.user.id, public=public):  # type: ignore[attr-defined]
                await say_privately(interaction, SessionError("daily_spoiler").say(t))
                return
            await interaction.response.defer(ephemeral=not public, thinking=True)
            language = await answer_language(self.bot.store, interaction, public)
            panel = await replay_screen(self.bot.store, game_id, 0, guild_id=where,
                                        language=language, public=public)
            if not public and await text_mode_of(self.bot.store, interaction.user.id):
                without_picture(panel)  # text mode: the table's picture said in words
            message = _message(panel)
            files = message.pop("attachments")
            await interaction.followup.send(ephemeral=not public, files=files, **message)
        except ReplayRefused as refusal:
            await say_privately(interaction, str(refusal))
        except Exception as error:
            log_failure(log, error, "/hardback replay by %s", interaction.user.id)
            await say_privately(interaction, t.gettext("Sorry, something went wrong on my side. Please try again in "
                                                  "a moment."))

    async def click(self, interaction: discord.Interaction, click: ReplayClick) -> None:
        """A replay's button or jump select: the message it is on gets the step it names."""
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id = data.get("custom_id")
        t = translator(resolve_locale(interaction.locale))
        try:
            step = step_value((data.get("values") or [""])[0]) if click.op is ReplayOp.JUMP else click.step
        except (ForgedId, TypeError, KeyError):
            await say_privately(interaction, t.gettext("That button is not one I made; it does nothing."))
            return
        try:
            where = board_of(interaction)
            if where is None:
                raise ReplayRefused(t.gettext("Replays belong to a server: use this command in one."))
            await interaction.response.defer()  # the message the component is on gets the new screen
            language = await answer_language(self.bot.store, interaction, click.public)
            panel = await replay_screen(self.bot.store, click.game_id, step, guild_id=where,
                                        language=language, public=click.public)
            if not click.public and await text_mode_of(self.bot.store, interaction.user.id):
                without_picture(panel)
            await interaction.edit_original_response(**_message(panel))
        except ReplayRefused as refusal:
            await say_privately(interaction, str(refusal))
        except Exception as error:
            log_failure(log, error, "replay click %s by %s", custom_id, interaction.user.id)
            await say_privately(interaction, t.gettext("Sorry, something went wrong on my side. Please try again in "
                                                  "a moment."))


__all__ = ["Replays"]

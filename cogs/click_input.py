"""What a click carries and the plain ways to answer it: the reader's language, where the click came from, the
values of selects and forms (forged ones refused), the word form, and the private answers that are not a game
panel. No state: the game's cog (cogs/play.py) and its panels (cogs/hand_panels.py, cogs/word_panels.py) use
them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import discord

from hardback_bot.i18n import N_
from hardback_bot.sessions import SessionError, SpellingError
from hardback_bot.sessions.access import Origin
from hardback_bot.sessions.codec import (
    AdoptSuggestion,
    AnswerHints,
    ConfirmLeave,
    ConfirmSkip,
    ForgedId,
    GameAction,
    LobbyClick,
    LobbyOp,
    OpenSpellForm,
    OpenSuggestForm,
    PickArrangement,
    PickMove,
    PlayMoves,
    SpellWord,
    SuggestWord,
)
from hardback_bot.sessions.places import PRIVATE
from hardback_bot.sessions.screens.panel import Panel
from hardback_bot.sessions.screens.word_form import WordForm
from hardback_bot.sessions.spelling import MAX_WORD, clean_word

from .ui import embed_of, view_of
from .where import place_of

T = TypeVar("T")
SORRY = N_("Sorry, something went wrong on my side; the game is safe. Please try again.")
MAX_FIELD = 100  # no value of a select or form the bot makes is longer

# Refused as out of date, these answer with the player's current panel instead of a dead one.
STALE_ANSWERED = (PlayMoves, PickMove, SpellWord, SuggestWord, PickArrangement, AdoptSuggestion, OpenSuggestForm,
                  ConfirmSkip, ConfirmLeave, AnswerHints)


def origin_of(interaction: discord.Interaction) -> Origin:
    """Where a click came from; on a private message, whose it is (the user whose interaction made it)."""
    message = interaction.message
    owner = None
    if message is not None and message.flags.ephemeral:
        meta = message.interaction_metadata
        owner = meta.user.id if meta is not None else 0  # a private message of nobody's: nobody's to click
    return Origin(interaction.guild_id or 0, interaction.channel_id or 0, interaction.user.id, owner,
                  place_of(interaction))


def is_form(action: GameAction) -> bool:
    return isinstance(action, (OpenSpellForm, OpenSuggestForm))


def answers_first(action: GameAction) -> bool:
    """Is this click's first response its answer itself (a form, or the public rematch lobby), not a defer?
    Those answers touch no private panel, so they need not wait for the panel lock either."""
    return is_form(action) or action == LobbyClick(action.game_id, LobbyOp.REMATCH)


def decoded(decode: Callable[[str], T], value: str) -> T:
    """A component value decoded, a forged one refused as not offered."""
    try:
        return decode(value)
    except ForgedId as error:
        raise SessionError("not_offered") from error


def one_value(data: dict[str, Any]) -> str:
    """The single chosen value of a select, checked: a forged payload gets a clear answer, not a traceback."""
    values = data.get("values")
    if not isinstance(values, list) or len(values) != 1 or not isinstance(values[0], str) \
            or not 0 < len(values[0]) <= MAX_FIELD:
        raise SessionError("not_offered")
    return values[0]


def modal_value(data: dict[str, Any]) -> str:
    # Text inputs arrive in action rows (type 1) or, from newer clients, in labels (type 18).
    rows = data.get("components")
    if not isinstance(rows, list):
        return ""
    for row in rows:
        if not isinstance(row, dict):
            continue
        inner = row.get("components")
        for component in [*(inner if isinstance(inner, list) else []), row.get("component") or {}]:
            if isinstance(component, dict) and component.get("custom_id") == "word":
                value = component.get("value", "")
                return value if isinstance(value, str) else ""
    return ""


def clean_word_or_refuse(text: str) -> str:
    try:
        return clean_word(text)
    except SpellingError as error:
        raise SessionError.of(error) from error


def word_modal(action: SpellWord | SuggestWord, form: WordForm) -> discord.ui.Modal:
    """The form a word is typed in: the player's letters as a text display, then the field inside a Label (text
    inputs in action rows are deprecated by Discord). Its limits are held by sessions/screens/word_form.py."""
    modal = discord.ui.Modal(title=form.title, custom_id=action.custom_id(), timeout=900)
    if form.text:
        modal.add_item(discord.ui.TextDisplay(form.text))
    modal.add_item(discord.ui.Label(text=form.label, component=discord.ui.TextInput(
        custom_id="word", min_length=2, max_length=MAX_WORD, placeholder=form.placeholder)))
    return modal


# ---------------------------------------------------------------------- answering
async def defer(interaction: discord.Interaction, origin: Origin | None = None) -> None:
    if interaction.response.is_done():
        return
    message = interaction.message
    if message is not None and message.flags.ephemeral and (origin is None or origin.panel_owner is None
                                                              or origin.panel_owner == origin.user_id):
        await interaction.response.defer()  # we will edit this private panel in place
    elif message is not None and not message.flags.ephemeral and origin is not None and origin.place == PRIVATE:
        # A group DM: the clicked public message becomes this click's to edit (the bot's token cannot);
        # the private answer comes as a follow-up.
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


async def send_private(interaction: discord.Interaction, panel: Panel) -> None:
    """A private answer that is not a game panel (the relay does not keep it current): it replaces the
    private message clicked, or comes as a new one."""
    message = interaction.message
    view = view_of(panel.rows)
    if message is not None and message.flags.ephemeral:
        await interaction.edit_original_response(embed=embed_of(panel), attachments=[],
                                                 view=view or discord.ui.View())
    else:
        await interaction.followup.send(embed=embed_of(panel), view=view or discord.utils.MISSING, ephemeral=True)


async def close_confirmation(interaction: discord.Interaction, title: str, text: str) -> None:
    """A confirmation, once used, says what happened and keeps no live button."""
    panel = Panel(title=title, lines=[text])
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        await interaction.edit_original_response(embed=embed_of(panel), view=None, attachments=[])
    else:
        await interaction.followup.send(embed=embed_of(panel), ephemeral=True)

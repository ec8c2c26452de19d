"""The forms a word is typed in, as plain data: spelling one's own word, and suggesting one to a player who asked
for a ghostwriter (R30). Discord shows a form over the panel, hiding the hand picture, so the form itself says
which letters the player has: their hand, their inked cards (which must be in the word, R6.4) and the timeless
classics in play (anyone's, R7.1), and that a hand card may go face down as a wild of any letter (R7.3).

Discord's limits for a modal are held here (PRODUCT.md): a title and a field label of at most 45 characters, a
placeholder of at most 100, the text above the field well within a text display's 4,000.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardback_bot.engine import Game
from hardback_bot.engine.cards import card
from hardback_bot.i18n import Translator

from ..examples import table_example
from ..manager import Sessions
from ..messages import SessionError
from ..notes import ghost_request_id
from ..phrases import ENGLISH, card_name

TITLE_LIMIT = 45
LABEL_LIMIT = 45
PLACEHOLDER_LIMIT = 100
TEXT_LIMIT = 1500  # far below Discord's 4,000: a hand of a dozen cards and every classic in play fit in a third


@dataclass(frozen=True)
class WordForm:
    title: str
    label: str  # the field's label
    placeholder: str
    text: str  # shown above the field: the letters to spell with ("" for none)


def letters_text(game: Game, seat: int, names: list[str], *, own: bool, t: Translator = ENGLISH) -> str:
    """The cards ``seat`` can spell with now (R7.1), in the game's words; ``own``: said to that player."""
    options = game.spell_options(seat)
    if options is None:
        return ""
    inked = list(options.inked)
    hand = [c for c in options.hand if c not in inked]
    lines = []
    if hand:
        letters = " ".join(card(c).letter for c in hand)
        lines.append(t.gettext("Your hand: **{letters}**", letters=letters) if own else
                     t.gettext("Their hand: **{letters}**", letters=letters))
    if inked:
        lines.append(t.gettext("Inked, so in the word face up: **{letters}**",
                               letters=" ".join(card(c).letter for c in inked)))
    if options.classics_in_play:
        classics = ", ".join(t.gettext("{card}, {name}'s", card=card_name(c, t=t), name=names[owner])
                             for c, owner in options.classics_in_play)
        lines.append(t.gettext("Timeless classics in play (anyone may use them): {classics}", classics=classics))
    if hand:
        lines.append(t.gettext("Any hand card but an inked one may be played face down as a wild: it stands for any "
                               "letter and gives nothing."))
    return "\n".join(lines)[:TEXT_LIMIT]


def spell_form(game: Game | None, seat: int | None, names: list[str], t: Translator = ENGLISH) -> WordForm:
    """The form of the Spell button (``game`` None: the letters could not be read in time, the field alone)."""
    text = letters_text(game, seat, names, own=True, t=t) if game is not None and seat is not None else ""
    return WordForm(t.gettext("Spell a word")[:TITLE_LIMIT], t.gettext("Your word")[:LABEL_LIMIT],
                    _placeholder(game, t), text)


def suggest_form(game: Game | None, seat: int | None, names: list[str], t: Translator = ENGLISH) -> WordForm:
    """The form of the Suggest a word button: the letters of the player who asked (``seat``)."""
    text = letters_text(game, seat, names, own=False, t=t) if game is not None and seat is not None else ""
    return WordForm(t.gettext("Suggest a word")[:TITLE_LIMIT], t.gettext("A word for their cards")[:LABEL_LIMIT],
                    _placeholder(game, t), text)


async def spell_form_of(sessions: Sessions, game_id: int, version: int, user_id: int,
                        t: Translator = ENGLISH) -> WordForm:
    """The Spell button's form for ``user_id``, with their letters (the game as their panel showed it)."""
    try:
        loaded = await sessions.form_game(game_id, version)
    except SessionError:  # the form still opens: what is typed in it is judged afresh
        return spell_form(None, None, [], t)
    return spell_form(loaded.game, loaded.seat_of(user_id), loaded.names_in(t), t)


async def suggest_form_of(sessions: Sessions, game_id: int, request: int, t: Translator = ENGLISH) -> WordForm:
    """The Suggest a word button's form, with the letters of the player whose request ``request`` is open."""
    try:
        loaded = await sessions.form_game(game_id)
    except SessionError:
        return suggest_form(None, None, [], t)
    game = loaded.game
    asking = game.state.turn.seat if ghost_request_id(game) == request else None
    return suggest_form(game, asking, loaded.names_in(t), t)


def _placeholder(game: Game | None, t: Translator) -> str:
    # The example must be a word of the table, whatever language the form speaks (sessions/examples.py).
    word = table_example(game.options.to_dict() if game is not None else {}, t.language)
    return t.gettext("letters only, e.g. {word}", word=word)[:PLACEHOLDER_LIMIT]


__all__ = ["WordForm", "letters_text", "spell_form", "spell_form_of", "suggest_form",
           "suggest_form_of"]

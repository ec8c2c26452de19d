"""Text mode: a player's private panels without pictures, everything the pictures show said in words instead.

A player chooses it for themselves (``PlayerSettings.text_mode``, the button under "How to play";
docs/accessibility.md). Their panels then carry no attachment and the same buttons and selects; the hand is a
list of its cards, one a line, each said the one way every card is said (``cardtext.card_line``), the offer row
a numbered list in its picture's order (1 the newest) wherever the picture would show it, the word preview each
card's share. Lines are read top to bottom by a screen reader: what happened, the hand, the scores, the
decision, then the cards to choose from just before the select that chooses them.

An embed's description holds 4,096 characters (the panel keeps to 4,000): the lists take the first form of
``cardtext.LINE_FORMS`` that keeps the whole panel within that, never leaving a card out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hardback_bot.cardtext import LINE_FORMS
from hardback_bot.engine import Game
from hardback_bot.i18n import Translator
from hardback_bot.render.models import WordPreview
from hardback_bot.store import Store

from ..phrases import ENGLISH
from .in_words import classic_items, genre_words, hand_items, offer_items, word_items
from .panel import Panel

TEXT_LIMIT = 4000  # Panel.text: an embed description holds 4,096


async def text_mode_of(store: Store, user_id: int | None) -> bool:
    """Whether ``user_id`` chose panels without pictures (nobody known: pictures)."""
    if user_id is None:
        return False
    return (await store.players.player_settings([user_id]))[user_id].text_mode


def hand_block(view: dict[str, Any], seat: int, t: Translator = ENGLISH, form: str = "short") -> list[str]:
    """"**Your hand**, 5 cards:" and one line per card ("- Q (mystery, 3¢): 2★ …"), in hand order."""
    items = hand_items(view, seat, t.language, form)
    if not items:
        return [t.gettext("**Your hand** is empty.")]
    return [t.ngettext("**Your hand**, {n} card:", "**Your hand**, {n} cards:", len(items)),
            *(f"- {item}" for item in items)]


def offer_block(view: dict[str, Any], coins: int | None, t: Translator = ENGLISH, form: str = "short") -> list[str]:
    """The offer row as its picture shows it, one numbered line per card ("1. J (adventure, 3¢): …", 1 the
    newest), the cards dearer than ``coins`` said "too dear"; the header says the cards left in the offer deck."""
    deck = view["offer_deck_count"]
    return [t.ngettext("**The offer row**, newest first ({n} card left in the offer deck):",
                       "**The offer row**, newest first ({n} cards left in the offer deck):", deck),
            *offer_items(view["offer_row"], t.language, form, coins)]


def word_block(model: WordPreview, t: Translator = ENGLISH) -> list[str]:
    """What the word preview's picture shows: each card of the word and what it earned, the classics paying from
    outside the word, the genres counted."""
    lines = [t.gettext("**Card by card:**"), *(f"- {item}" for item in word_items(model, t.language))]
    if model.classics:
        lines += [t.gettext("**In play, not in the word:**"),
                  *(f"- {item}" for item in classic_items(model, t.language))]
    genres = genre_words(model, t.language)
    if genres:
        lines.append(t.gettext("Genres counted: {genres}.", genres=genres))
    return lines


def in_words(panel: Panel, blocks: Callable[[str], tuple[list[str], list[str]]], at: int | None = None) -> Panel:
    """``panel`` without its picture, the lines ``blocks(form)`` gives put in: the first list at ``at`` (in place
    of the line there), the second after every other line; the first form of LINE_FORMS that keeps the panel
    within its 4,000 characters."""
    lines = list(panel.lines)
    for form in LINE_FORMS:
        first, last = blocks(form)
        said = [*lines[:at], *first, *lines[at + 1:]] if at is not None else [*lines, *first]
        said += last
        if len("\n".join(said)) <= TEXT_LIMIT:
            break
    panel.lines = said
    panel.picture = None
    return panel


def row_choice(game: Game, seat: int) -> tuple[bool, int | None]:
    """Whether ``seat`` chooses a card of the offer row now (jail, flush, buy: the panel shows the row, not the
    hand), and the coins they have to buy with (flush, buy; None at a jail step)."""
    choosing = game.active_seat == seat and not game.finished and game.phase in ("jail", "flush", "buy")
    return choosing, game.state.turn.coins if choosing and game.phase in ("flush", "buy") else None


def hand_in_words(panel: Panel, view: dict[str, Any], seat: int, t: Translator = ENGLISH, *, hand_line: str,
                  choosing: bool, coins: int | None) -> Panel:
    """A hand panel in text mode: the hand's cards in place of its one line (``hand_line``), and, when the player
    chooses from the offer row, the row just before the select that chooses."""
    return in_words(panel, lambda form: (hand_block(view, seat, t, form),
                                         offer_block(view, coins, t, form) if choosing else []),
                    at=panel.lines.index(hand_line))


def without_picture(panel: Panel) -> Panel:
    """Any private screen in text mode: its picture's description becomes its last lines, the picture goes."""
    if panel.picture is not None:
        panel.lines = [*panel.lines, panel.picture.description]
        panel.picture = None
    return panel


__all__ = ["TEXT_LIMIT", "hand_block", "hand_in_words", "in_words", "offer_block", "row_choice",
           "text_mode_of", "without_picture", "word_block"]

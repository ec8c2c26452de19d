"""A player's deck screen: their draw pile as a set, their discard pile, and every player's
genre mix, as a platform-neutral :class:`Panel` with a picture (no Discord here).

What it shows is what the rules let the player see: their own draw pile's contents but never its order
and their own discard pile (R28.3, from :func:`engine.views.player_view`), and for every player only
counts and the genre mix of their deck, which purchases and trashes make public (R28.1; the engine's
R35 deck statistics).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from hardback_bot.cardtext import card_line
from hardback_bot.engine import Game
from hardback_bot.engine.cards import card
from hardback_bot.engine.views import player_view
from hardback_bot.i18n import Translator, translator
from hardback_bot.render.deck import GENRE_ORDER, DeckImage, DeckLabels, GenreMix, card_set, render_deck

from .in_words import fitted, joined
from .panel import Button, Panel, hand_button, rules_button
from .pictures import Picture
from .text_mode import in_words


def genre_names(t: Translator) -> tuple[str, str, str, str, str]:
    return (t.pgettext("genre", "starter"), t.pgettext("genre", "adventure"), t.pgettext("genre", "horror"),
            t.pgettext("genre", "mystery"), t.pgettext("genre", "romance"))


def genre_mixes(game: Game, view: dict[str, Any] | None = None) -> list[tuple[int, int, int, int, int]]:
    """Cards of each genre (starter, adventure, horror, mystery, romance) every player owns: the engine's
    R35 deck statistics, plus the active player's hand cards lying in their word mid-turn."""
    counts = [list(totals.deck) for totals in game.stats().players]
    turn = (view or {}).get("turn") or {}
    for slot in turn.get("word") or []:  # [card, letter, wild, uncovered, mult, owner, inked]
        if int(slot[5]) == -1:  # from the speller's hand; classics stay counted where they are
            counts[int(turn["seat"])][GENRE_ORDER.index(card(int(slot[0])).genre)] += 1
    return [tuple(c) for c in counts]  # type: ignore[misc]


def deck_model(game: Game, seat: int, names: Sequence[str], language: str = "en") -> DeckImage:
    """The picture's model for ``seat``: only what that seat may see."""
    t = translator(language)
    view = player_view(game, seat)
    me = view["players"][seat]
    draw = tuple(me.get("draw_contents", ()))
    discard = tuple(me.get("discard", ()))
    mixes = genre_mixes(game, view)
    total = sum(mixes[seat])
    labels = DeckLabels(
        title=t.ngettext("Your deck — {name} · {n} card", "Your deck — {name} · {n} cards", total,
                         name=names[seat]),
        draw=t.ngettext("Draw pile · {n} card (a set: never its order)",
                        "Draw pile · {n} cards (a set: never its order)", len(draw)),
        discard=t.ngettext("Discard pile · {n} card", "Discard pile · {n} cards", len(discard)),
        mix=t.gettext("Genre mix of every deck"),
        empty=t.gettext("none"),
        genres=genre_names(t))
    return DeckImage(draw=draw, discard=discard, language=language, labels=labels,
                     mixes=tuple(GenreMix(names[s], mixes[s], you=s == seat) for s in range(game.num_players)))


def _mix_line(t: Translator, name: str, counts: Sequence[int]) -> str:
    parts = [f"{n} {g}" for n, g in zip(counts, genre_names(t), strict=True) if n]
    return t.gettext("{name}: {cards}", name=name, cards=", ".join(parts) or t.gettext("none"))


def set_items(cards: Sequence[int], language: str, form: str = "short") -> list[str]:
    """A pile as the picture draws it: each distinct card once, in the picture's order (genre, letter, cost: a set,
    never the pile's order), "2 × T (starter): 1¢" when there are several."""
    t = translator(language)
    return [card_line(card(c), language, form) if n == 1 else t.gettext("{n} × {card}", n=n,
                                                                         card=card_line(card(c), language, form))
            for c, n in card_set(tuple(cards))]


def pile_lines(model: DeckImage, t: Translator, form: str = "short") -> list[str]:
    """Both piles in words, one card a line (text mode)."""
    lines = [t.ngettext("**Draw pile** (in no particular order), {n} card:",
                        "**Draw pile** (in no particular order), {n} cards:", len(model.draw)),
             *(f"- {item}" for item in set_items(model.draw, t.language, form))]
    if not model.discard:
        return [*lines, t.gettext("**Discard pile**: empty.")]
    return [*lines, t.ngettext("**Discard pile**, {n} card:", "**Discard pile**, {n} cards:", len(model.discard)),
            *(f"- {item}" for item in set_items(model.discard, t.language, form))]


def deck_description(model: DeckImage, t: Translator) -> str:
    """The deck picture's alt text: both piles card by card (shortened in cardtext.LINE_FORMS' order), then every
    player's genre mix."""
    mix = " ".join([t.gettext("Every player's deck by genre:"),
                    joined(t.language, (_mix_line(t, m.name, m.counts) for m in model.mixes))])

    def build(form: str) -> str:
        return " ".join([
            t.gettext("Draw pile (in no particular order): {cards}.",
                      cards=joined(t.language, set_items(model.draw, t.language, form)) or t.gettext("none")),
            t.gettext("Discard pile: {cards}.",
                      cards=joined(t.language, set_items(model.discard, t.language, form)) or t.gettext("none")),
            mix])

    return fitted(build)


def _letters(cards: Sequence[int]) -> str:
    return " ".join(sorted(card(c).letter for c in cards)) or "—"


async def deck_screen(game: Game, seat: int, names: Sequence[str], *, language: str = "en",
                      game_id: int | None = None, text_mode: bool = False) -> Panel:
    """The private deck screen of ``seat``: text, the deck picture (rendered in a worker thread) and, with
    ``game_id``, a button back to the hand panel. ``text_mode``: no picture, every card of both piles in
    words instead (screens/text_mode.py)."""
    t = translator(language)
    model = deck_model(game, seat, names, language)
    mix = [t.gettext("Every player's deck by genre:"), *(_mix_line(t, m.name, m.counts) for m in model.mixes)]
    if text_mode:
        panel = Panel(title=model.labels.title, lines=mix)
        in_words(panel, lambda form: (pile_lines(model, t, form), []), at=None)
        panel.lines = [*panel.lines[len(mix):], *mix]  # the piles first, as the picture shows them
    else:
        data = await asyncio.to_thread(render_deck, model)
        lines = [
            t.gettext("Draw pile (in no particular order): {letters}", letters=_letters(model.draw)),
            t.gettext("Discard pile: {letters}", letters=_letters(model.discard)),
            *mix,
        ]
        panel = Panel(title=model.labels.title, lines=lines,
                      picture=Picture(data, "deck.png", deck_description(model, t)))
    if game_id is not None:
        back: Button = hand_button(game_id, t, t.gettext("Back to my hand"))
        panel.add_buttons([back, rules_button(game_id, "genres", t)])
    return panel

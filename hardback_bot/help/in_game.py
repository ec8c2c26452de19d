"""How to play, from inside a game: the rules of what the reader is looking at.

Every screen of a game carries a "How to play" button naming a rules topic, or ``here``: the decision this
player faces now (the step of their turn, a vote, someone else's turn) with the cards in front of them
explained one by one — their hand while spelling, the word's cards while it resolves, the offer row when
jailing, flushing or buying. The answer is private and in the reader's language. Its picture is the part of
the icon legend it talks about (``legend``: the icons of those cards and of the step), not the whole legend.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardback_bot.cardtext import card_summary, card_title
from hardback_bot.engine import Game
from hardback_bot.engine.cards import card
from hardback_bot.i18n import N_, translator
from hardback_bot.render.legend_part import keys_for_cards
from hardback_bot.sessions.codec import RULES_HERE

from .lookup import find_topic
from .topics import BY_KEY, Topic

HERE = RULES_HERE  # the topic of "what I am looking at now"
LIMIT = 12  # cards explained at most: a hand of seven, a row of seven, a long word

PHASE_TOPICS = {"spell": "spelling", "vote": "dictionary", "uncover": "uncover", "double": "double",
                "trash": "trash", "dump": "trash", "preview": "benefits", "previewing": "benefits",
                "choice": "benefits", "jail": "jail", "flush": "flush", "buy": "buying"}


#: The icon legend's entries each topic talks about (``render.legend_part.keys()``), beyond those of its cards.
TOPIC_LEGEND: dict[str, tuple[str, ...]] = {
    "spelling": ("state.wild", "state.inked"),
    "wilds": ("state.wild", "state.uncovered"),
    "ink": ("table.ink", "state.inked"),
    "remover": ("table.remover", "state.cleared"),
    "genres": ("part.genre_band", "state.genre_off"),
    "timeless": ("part.timeless", "state.foreign", "table.classic"),
    "uncover": ("benefit:uncover_adjacent", "symbol.beside", "state.wild", "state.uncovered"),
    "double": ("benefit:double_adjacent", "symbol.beside", "symbol.times", "state.doubled"),
    "trash": ("benefit:trash_for_coins", "benefit:trash_for_prestige", "benefit:dump_discard_for_coins",
              "symbol.for"),
    "jail": ("benefit:jail", "state.jailed", "table.jail"),
    "offer": ("part.cost", "table.deck"),
    "buying": ("part.cost", "part.purchase", "table.coins", "state.dimmed"),
    "flush": ("part.cost",),
    "awards": ("table.award",),
    "adverts": ("table.adverts", "table.coins", "table.prestige"),
}


@dataclass(frozen=True, slots=True)
class InGameRules:
    topic: Topic
    heading: str  # what the cards below are ("Your hand", "The offer row" …), in the reader's language
    cards: tuple[str, ...]  # one line per card: its name and what it does
    legend: tuple[str, ...] = ()  # the icon legend's entries to show: those of the cards, then the topic's


def rules_here(game: Game | None, seat: int | None, topic: str, language: str = "en") -> InGameRules:
    """The rules of ``topic`` — a topic key, or ``here`` for this seat's situation in ``game`` — with the cards
    that go with it. An unknown topic falls back to the overview."""
    if topic != HERE or game is None:
        found = find_topic(topic, language) or BY_KEY["overview"]
        return InGameRules(found, "", (), TOPIC_LEGEND.get(found.key, ()))
    if game.finished:
        return InGameRules(BY_KEY["end"], "", ())
    phase = game.phase
    if seat is None or seat != game.active_seat:
        if phase == "vote" and seat is not None:
            return InGameRules(BY_KEY["dictionary"], "", ())
        if seat is None:
            return _with(BY_KEY["turn"], "hand", [], language)
        return _with(BY_KEY["turn"], "hand", game.player(seat).hand, language, game.player(seat).inked)
    topic_key = PHASE_TOPICS.get(phase, "turn")
    if phase in ("jail", "flush", "buy"):
        return _with(BY_KEY[topic_key], "row", game.state.offer_row, language)
    if phase == "spell":
        return _with(BY_KEY[topic_key], "hand", game.player(seat).hand, language, game.player(seat).inked)
    return _with(BY_KEY[topic_key], "word", [s.card for s in game.state.turn.word], language)


HEADINGS = {"hand": N_("Your cards"), "row": N_("The offer row"), "word": N_("The cards of your word")}


def _with(topic: Topic, what: str, cards: list[int], language: str, inked: list[int] | None = None
          ) -> InGameRules:
    """The topic with the cards explained, and the legend's entries of those cards and of the topic (an inked
    card in the hand brings the inked state's)."""
    shown = cards[:LIMIT]
    legend = (*keys_for_cards((card(c) for c in shown), prices=what == "row"),
              *(("state.inked",) if set(inked or ()) & set(shown) else ()), *TOPIC_LEGEND.get(topic.key, ()))
    if not cards:
        return InGameRules(topic, "", (), tuple(dict.fromkeys(legend)))
    lines = [f"**{card_title(card(c), language)}** — {card_summary(card(c), limit=300, language=language)}"
             for c in cards]
    return InGameRules(topic, translator(language).gettext(HEADINGS[what]), tuple(dict.fromkeys(lines))[:LIMIT],
                       tuple(dict.fromkeys(legend)))


__all__ = ["HERE", "PHASE_TOPICS", "TOPIC_LEGEND", "InGameRules", "rules_here"]

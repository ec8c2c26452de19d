"""How to play, from inside a game: the rules of what the reader is looking at.

Every screen of a game carries a "How to play" button naming a rules topic, or ``here``: the decision this
player faces now (the step of their turn, a vote, someone else's turn) with the cards in front of them
explained one by one — their hand while spelling, the word's cards while it resolves, the offer row when
jailing, flushing or buying. The answer is private and in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardback_bot.cardtext import card_summary, card_title
from hardback_bot.engine import Game
from hardback_bot.engine.cards import card
from hardback_bot.i18n import N_, translator
from hardback_bot.sessions.codec import RULES_HERE

from .lookup import find_topic
from .topics import BY_KEY, Topic

HERE = RULES_HERE  # the topic of "what I am looking at now"
LIMIT = 12  # cards explained at most: a hand of seven, a row of seven, a long word

PHASE_TOPICS = {"spell": "spelling", "vote": "dictionary", "uncover": "uncover", "double": "double",
                "trash": "trash", "dump": "trash", "preview": "benefits", "previewing": "benefits",
                "choice": "benefits", "jail": "jail", "flush": "flush", "buy": "buying"}


@dataclass(frozen=True, slots=True)
class InGameRules:
    topic: Topic
    heading: str  # what the cards below are ("Your hand", "The offer row" …), in the reader's language
    cards: tuple[str, ...]  # one line per card: its name and what it does


def rules_here(game: Game | None, seat: int | None, topic: str, language: str = "en") -> InGameRules:
    """The rules of ``topic`` — a topic key, or ``here`` for this seat's situation in ``game`` — with the cards
    that go with it. An unknown topic falls back to the overview."""
    if topic != HERE or game is None:
        return InGameRules(find_topic(topic, language) or BY_KEY["overview"], "", ())
    if game.finished:
        return InGameRules(BY_KEY["end"], "", ())
    phase = game.phase
    if seat is None or seat != game.active_seat:
        if phase == "vote" and seat is not None:
            return InGameRules(BY_KEY["dictionary"], "", ())
        return _with(BY_KEY["turn"], "hand", game.player(seat).hand if seat is not None else [], language)
    topic_key = PHASE_TOPICS.get(phase, "turn")
    if phase in ("jail", "flush", "buy"):
        return _with(BY_KEY[topic_key], "row", game.state.offer_row, language)
    if phase == "spell":
        return _with(BY_KEY[topic_key], "hand", game.player(seat).hand, language)
    return _with(BY_KEY[topic_key], "word", [s.card for s in game.state.turn.word], language)


HEADINGS = {"hand": N_("Your cards"), "row": N_("The offer row"), "word": N_("The cards of your word")}


def _with(topic: Topic, what: str, cards: list[int], language: str) -> InGameRules:
    if not cards:
        return InGameRules(topic, "", ())
    lines = [f"**{card_title(card(c), language)}** — {card_summary(card(c), limit=300, language=language)}"
             for c in cards]
    return InGameRules(topic, translator(language).gettext(HEADINGS[what]), tuple(dict.fromkeys(lines))[:LIMIT])


__all__ = ["HERE", "PHASE_TOPICS", "InGameRules", "rules_here"]

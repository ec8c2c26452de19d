"""Help and information for players: rules topics, card and word look-ups, statistics texts, settings.

No Discord imports: the information cogs (``cogs/boards.py``, ``cogs/rules.py`` …) turn these texts into
embeds.  Importing this package loads no dictionary and renders nothing.
"""

from .lookup import (
    CARD_GENRES,
    MAX_CHOICES,
    card_letter_choices,
    card_title,
    cards_of,
    find_topic,
    letters_of,
    topic_choices,
    topic_index,
    topic_pictures,
    topic_text,
    topic_words,
)
from .topics import BY_KEY, TOPICS, Topic

__all__ = [
    "BY_KEY",
    "CARD_GENRES",
    "MAX_CHOICES",
    "TOPICS",
    "Topic",
    "card_letter_choices",
    "card_title",
    "cards_of",
    "find_topic",
    "letters_of",
    "topic_choices",
    "topic_index",
    "topic_pictures",
    "topic_text",
    "topic_words",
]

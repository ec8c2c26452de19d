"""Example words, in the language of the table's dictionary.

A form or a prompt that shows an example ("letters only, e.g. STORY") shows a word the table would take: a
Spanish reader at a table playing English words sees an English word, and an English reader at a table playing
the Spanish list a Spanish one.  Each example is in its language's bundled list (tests/sessions/test_examples.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hardback_bot.engine import GameOptions
from hardback_bot.words.bundled import LANGUAGES as DICTIONARY_LANGUAGES

DEFAULT_DICTIONARY = GameOptions().dictionary
# One short everyday word per language with a bundled list (docs/wordlists.md), in the cards' letters A-Z.
EXAMPLE_WORDS: dict[str, str] = {"en": "STORY", "es": "CUENTO", "fr": "CONTE"}


def example_word(dictionary_language: str | None) -> str:
    """An example word in ``dictionary_language`` (English for a language with no bundled list)."""
    return EXAMPLE_WORDS.get(dictionary_language or "en", EXAMPLE_WORDS["en"])


def table_example(options: Mapping[str, Any], reader: str) -> str:
    """The example word for a table of these options: in its dictionary's language, or, where that is not
    known (no dictionary, a server's own list), in the reader's."""
    dictionary = str(options.get("dictionary", DEFAULT_DICTIONARY))
    return example_word(DICTIONARY_LANGUAGES.get(dictionary) or reader)


__all__ = ["EXAMPLE_WORDS", "example_word", "table_example"]

"""The word-checker interface the engine validates words against (RULES.md R8.5, R27).

The engine never loads dictionaries itself: a game is given a checker.  ``hardback_bot.words``
provides real dictionaries; tests may pass a :class:`WordSet`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, runtime_checkable


@runtime_checkable
class WordChecker(Protocol):
    def is_word(self, word: str) -> bool:
        """True when ``word`` (letters A–Z, any case) is in the table's word list."""
        ...


def is_offensive(checker: object, word: str) -> bool:
    """Whether the table's checker names ``word`` offensive (its optional ``is_offensive``): what a
    family-friendly table refuses (GameOptions.family_friendly).  A checker without the method names none."""
    test = getattr(checker, "is_offensive", None)
    return bool(test(word)) if callable(test) else False


class WordSet:
    """A checker over an explicit set of words (case-insensitive); ``offensive``: words it names offensive."""

    def __init__(self, words: Iterable[str], offensive: Iterable[str] = ()) -> None:
        self._words = frozenset(w.lower() for w in words)
        self._offensive = frozenset(w.lower() for w in offensive)

    def is_word(self, word: str) -> bool:
        return word.lower() in self._words

    def is_offensive(self, word: str) -> bool:
        return word.lower() in self._offensive


class AcceptAll:
    """Accepts every word: for random simulations where only the rules matter."""

    def is_word(self, word: str) -> bool:
        return True

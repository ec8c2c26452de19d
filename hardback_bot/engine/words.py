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


class WordSet:
    """A checker over an explicit set of words (case-insensitive)."""

    def __init__(self, words: Iterable[str]) -> None:
        self._words = frozenset(w.lower() for w in words)

    def is_word(self, word: str) -> bool:
        return word.lower() in self._words


class AcceptAll:
    """Accepts every word: for random simulations where only the rules matter."""

    def is_word(self, word: str) -> bool:
        return True

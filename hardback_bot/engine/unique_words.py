"""Unique words (RULES.md R26, E30, E31): the history of accepted words and the check against it."""

from __future__ import annotations

from .errors import IllegalMove
from .table import Table


def check_unique(table: Table, seat: int, word: str) -> None:
    """R26: raise IllegalMove if the unique-words option refuses ``word`` for ``seat``.

    R26.3, E30: words compare by their spelled letters, wild letters included."""
    mode = table.options.unique_words
    if mode == "off":
        return
    for who, previous in table.state.word_history:
        if previous == word and (mode == "game" or who == seat):
            raise IllegalMove.of("repeated_word", word=word, scope=mode)


def record_word(table: Table) -> None:
    """E31: the turn's word enters the history once, as the flush step begins (all benefits resolved)."""
    t = table.turn
    if not t.history_recorded:
        t.history_recorded = True
        table.state.word_history.append([t.seat, "".join(s.letter for s in t.word)])

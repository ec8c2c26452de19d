"""The one error type a refused move raises."""

from __future__ import annotations

from typing import Any

from .messages import render


class IllegalMove(Exception):
    """A move the rules do not allow right now.  The game state is unchanged.

    ``code`` is a stable machine-readable reason (e.g. ``"no_ink"``, ``"inked_card_missing"``,
    ``"not_a_word"``), ``params`` the values a sentence about it needs (card ids, words, numbers), and
    ``str(error)`` the English sentence of messages.TEMPLATES for that code.
    """

    def __init__(self, message: str, code: str = "illegal", params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})

    @classmethod
    def of(cls, code: str, **params: Any) -> IllegalMove:
        """The refusal ``code`` with its parameters, worded by its English template."""
        return cls(render(code, params), code, params)

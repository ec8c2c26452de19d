"""The one error type a refused move raises."""

from __future__ import annotations


class IllegalMove(Exception):
    """A move the rules do not allow right now.

    ``str(error)`` is one sentence a player can read; ``code`` is a stable machine-readable reason
    (e.g. ``"no_ink"``, ``"inked_card_missing"``, ``"not_a_word"``).  The game state is unchanged.
    """

    def __init__(self, message: str, code: str = "illegal") -> None:
        super().__init__(message)
        self.code = code

"""Engine refusals said in every language: a table keyed by ``IllegalMove.code`` (RULES.md citations
live with the engine's checks).

The engine raises :class:`~hardback_bot.engine.errors.IllegalMove` with a stable ``code`` (and,
as codes gain them, parameters); layers above turn the code into a sentence in the reader's
language with ``translator(lang).refusal(code, **params)``.  The English texts are message ids
(marked with ``N_`` so extraction finds them); the catalogues translate them.  A code missing from
the table gets the generic sentence, never an English-only one.
"""

from __future__ import annotations

from collections.abc import Mapping

from .catalogue import N_

GENERIC = N_("That move is not possible now.")

# Codes whose sentence needs no parameter.  Codes that will carry parameters (the word refused,
# the card named, a count) join the table when the engine passes them (issue 18, engine codes).
REFUSALS: Mapping[str, str] = {
    "game_over": N_("The game is over."),
    "not_your_turn": N_("It is not your turn."),
    "wrong_phase": GENERIC,
    "no_ink": N_("You have no ink."),
    "no_remover": N_("You have no remover."),
    "too_short": N_("A word needs at least 2 cards."),
    "not_a_player": N_("You are not playing in this game."),
}


def refusal_message(code: str | None) -> str:
    """The English message id for a refusal code (the generic one for an unknown code)."""
    return REFUSALS.get(code or "", GENERIC)

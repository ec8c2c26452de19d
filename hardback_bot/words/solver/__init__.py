"""The solver: which words a player's cards can spell, how, and which play is worth most.

    cards = PlayerCards.from_game(game, seat)
    playable_words(cards, get_dictionary("common"), max_wilds=2)   # ["ale", "ales", ...]
    best_arrangement(cards, "stale")                                # Play | None
    best_play(cards, get_dictionary("common"), Weights(coins=1.5))  # Play | None

Rules: RULES.md R6.4 (inked cards face up in the word), R7 (usable cards, wilds), R10-R17 (values).
Values come from the engine's own scoring functions (:mod:`.value`); docs/solver.md describes the
search and its measured speed.  Everything here is thread-safe: the only shared state is the
per-dictionary index cache, which is lock-guarded and immutable once built.

This package's public API is the names below; callers outside it import them from here.  Its rooms,
lowest first (each imports only rooms before it):

* :mod:`.value`: what one arrangement is worth, by the engine's scoring, under :class:`Weights`;
* :mod:`.index`: the per-dictionary bit-plane index of a word list (:func:`index_for`);
* :mod:`.listing`: which words of an index a hand can spell (:class:`Words`);
* :mod:`.bounds`: the player's cards as the search sees them, and bounds per profile;
* :mod:`.layout`: bounds that know where a word's letters stand, and the layout-first walk;
* :mod:`.play`: the answer, :class:`Play`;
* :mod:`.search`: the exact best arrangement of a word, and the best plays of a list;
* :mod:`.api`: the questions above as the rest of the bot asks them.
"""

from .api import (
    PlayerCards,
    WorkBudget,
    arrangements,
    best_arrangement,
    best_play,
    best_plays,
    evaluate_arrangement,
    iter_arrangements,
    playable_indices,
    playable_words,
)
from .index import index_for
from .listing import Words
from .play import Play
from .value import Weights

__all__ = [
    "Play",
    "PlayerCards",
    "Weights",
    "Words",
    "WorkBudget",
    "arrangements",
    "best_arrangement",
    "best_play",
    "best_plays",
    "evaluate_arrangement",
    "index_for",
    "iter_arrangements",
    "playable_indices",
    "playable_words",
]

"""The shared solver (:mod:`hardback_bot.words.solver`) seen from a computer player.

Normal and easy players take their words straight from the solver; the hard player asks it for a
candidate under weights that approximate its own valuation and then values that candidate
exactly (see :mod:`.policy`).  Words the table would refuse (unique words, a vote that already
failed, a word the table's checker does not know) are excluded and the solver asked again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import WordCard
from hardback_bot.engine.state import Slot
from hardback_bot.words.solver import PlayerCards, Weights, best_arrangement, best_play, playable_words

from .evaluate import earnings
from .finder import Cards, Play, Valuer

_RETRIES = 4  # words the checker refuses before giving up on the solver (only with unusual checkers)


def player_cards(cards: Cards, discard_size: int | None) -> PlayerCards:
    return PlayerCards(cards.hand, cards.inked, cards.classics, cards.seat, discard_size)


def value_arrangement(cards: Cards, arrangement: tuple[WordCard, ...], valuer: Valuer) -> Play:
    """Value one arrangement exactly with ``valuer`` (engine scoring, every uncover/double choice)."""
    in_hand = set(cards.hand)
    owners = dict(cards.classics)
    slots = []
    for w in arrangement:
        owner = -1 if w.card in in_hand else owners[w.card]
        slots.append(Slot(w.card, w.wild or card(w.card).letter, wild=w.wild is not None, owner=owner,
                          inked=w.card in cards.inked))
    in_word = {w.card for w in arrangement}
    rest = tuple(c for c, o in cards.classics if o == cards.seat and c not in in_word and c not in in_hand)
    rivals = sum(1 for s in slots if s.owner not in (-1, cards.seat))
    word = "".join(s.letter for s in slots)
    value, best = max(((valuer(e, len(word), rivals), e) for e in earnings(slots, rest, cards.seat)),
                      key=lambda ve: ve[0])
    return Play(value, word, arrangement, best)


def solver_best(cards: Cards, dictionary: Any, weights: Weights, accept: Callable[[str], bool], valuer: Valuer,
                exclude: set[str], discard_size: int | None) -> Play | None:
    """The solver's best play under ``weights`` that the table accepts, valued by ``valuer``."""
    banned = {w.lower() for w in exclude}
    pc = player_cards(cards, discard_size)
    for _ in range(_RETRIES):
        found = best_play(pc, dictionary, weights, exclude=banned)
        if found is None:
            return None
        if accept(found.word):
            return value_arrangement(cards, found.cards, valuer)
        banned.add(found.word.lower())
    return None


def modest_words(cards: Cards, dictionary: Any, max_length: int) -> list[str]:
    """Words of at most ``max_length`` letters the cards can spell with at most one wild."""
    pc = player_cards(cards, None)
    return [w.upper() for w in playable_words(pc, dictionary, max_length=max_length, max_wilds=1)]


def arrange(cards: Cards, word: str, valuer: Valuer) -> Play | None:
    """The solver's best arrangement of ``word`` (R7.10), valued by ``valuer``; None if unspellable."""
    found = best_arrangement(player_cards(cards, None), word)
    return None if found is None else value_arrangement(cards, found.cards, valuer)

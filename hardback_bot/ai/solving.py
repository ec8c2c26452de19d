"""The shared solver (:mod:`hardback_bot.words.solver`) seen from a computer player.

Every strength takes its words from the solver.  The solver maximises a *linear* value (weights per
coin, prestige, ...); a computer player's own valuation may not be linear (coins are worth what they
buy this turn, a long word may win an award), so it asks the solver for the best few words under one
or more weightings that approximate its valuation, then values each candidate exactly with the
engine's scoring (:mod:`.evaluate`) under its own valuation.  Words the table would refuse (unique
words, a vote that already failed, a word the table's checker does not know) are filtered out by the
solver itself.  Every search runs on a work budget (search nodes and ways of resolving a word), never
a clock, so a decision is the same on every machine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import Move, WordCard
from hardback_bot.engine.state import Slot
from hardback_bot.words.solver import PlayerCards, Weights, WorkBudget, best_arrangement, best_plays, playable_words

from .evaluate import Earnings, earnings

#: valuer(earnings, word length, rival classics used) -> how much the computer player likes it.
Valuer = Callable[[Earnings, int, int], float]


@dataclass(frozen=True, slots=True)
class Cards:
    """What a seat may spell with (R7.1): hand, inked cards among them, classics in play with owners."""

    seat: int
    hand: tuple[int, ...]
    inked: tuple[int, ...]
    classics: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Play:
    """A word and its arrangement, valued by one computer player's own valuation."""

    value: float
    word: str
    cards: tuple[WordCard, ...]
    earnings: Earnings

    @property
    def move(self) -> Move:
        return Move("spell", word=self.cards)


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


def solver_plays(cards: Cards, dictionary: Any, options: list[Weights], accept: Callable[[str], bool],
                 valuer: Valuer, exclude: set[str], discard_size: int | None, count: int, budget: WorkBudget
                 ) -> list[Play]:
    """The solver's ``count`` best accepted words under each weighting of ``options``, each valued by
    ``valuer``; best first, one play per arrangement.  ``budget`` is shared out evenly between the
    weightings (what one leaves goes to the next)."""
    pc = player_cards(cards, discard_size)
    banned = {w.lower() for w in exclude}
    seen: dict[Move, Play] = {}
    for n, weights in enumerate(options):
        share = WorkBudget(max(0, budget.left) // (len(options) - n))
        found = best_plays(pc, dictionary, weights, count=count, exclude=banned, accept=accept, work_limit=share)
        budget.left -= share.spent
        for p in found:
            if p.move not in seen:
                seen[p.move] = value_arrangement(cards, p.cards, valuer)
    return sorted(seen.values(), key=lambda p: (-p.value, p.word, str(p.move)))  # ties: by the move's notation


def modest_words(cards: Cards, dictionary: Any, max_length: int) -> list[str]:
    """Words of at most ``max_length`` letters the cards can spell with at most one wild."""
    pc = player_cards(cards, None)
    return [w.upper() for w in playable_words(pc, dictionary, max_length=max_length, max_wilds=1)]


def arrange(cards: Cards, word: str, valuer: Valuer, budget: WorkBudget) -> Play | None:
    """The solver's best arrangement of ``word`` (R7.10) within ``budget``, valued by ``valuer``; None if
    unspellable."""
    found = best_arrangement(player_cards(cards, None), word, work_limit=budget)
    return None if found is None else value_arrangement(cards, found.cards, valuer)

"""The solver's questions, as the rest of the bot asks them (RULES.md R6.4, R7, R10-R17, R26).

The cards a player may spell with (:class:`PlayerCards`) and the questions about them: which words of
a list they can spell (:func:`playable_words`, :func:`playable_indices`), how to lay out one word and
what each layout is worth (:func:`best_arrangement`, :func:`arrangements`, :func:`iter_arrangements`,
:func:`evaluate_arrangement`), and which words of a list are worth most (:func:`best_play`,
:func:`best_plays`), within a time or work limit if asked (:class:`WorkBudget` shares one between
searches).  Every answer is exact for the play it names; only a search cut by its limit may miss a
better word (its plays say ``exact=False``).  Each call builds its own
:class:`~hardback_bot.words.solver.bounds.Context`; the only state calls share is each dictionary's
index (:func:`~hardback_bot.words.solver.index.index_for`, built once, then read-only).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import WordCard

from .bounds import Context, OutOfTime, build_context
from .index import WordIndex, index_for
from .listing import Words, letter_vectors, playable
from .play import Play, play_from
from .search.arrange import all_arrangements, chosen_from_cards, evaluate, greedy_play
from .search.groups import GroupSearch
from .search.word import best_for_word
from .value import Outcome, Weights

if TYPE_CHECKING:
    from hardback_bot.engine.game import Game, SpellOptions


@dataclass(frozen=True, slots=True)
class PlayerCards:
    """The cards one player may spell with now (R7.1): hand, inked cards, classics in play."""

    hand: tuple[int, ...]
    inked: tuple[int, ...] = ()
    classics: tuple[tuple[int, int], ...] = ()  # (card, owner seat) of every player's classics in play
    seat: int = 0
    discard_size: int | None = None  # cards already in the discard pile (for dump); None: assume enough

    @classmethod
    def from_options(cls, seat: int, options: SpellOptions, discard_size: int | None = None) -> PlayerCards:
        return cls(tuple(options.hand), tuple(options.inked), tuple(options.classics_in_play), seat, discard_size)

    @classmethod
    def from_game(cls, game: Game, seat: int) -> PlayerCards:
        p = game.player(seat)
        return cls(tuple(p.hand), tuple(p.inked), tuple(game.classics_in_play()), seat, len(p.discard))

    def context(self, weights: Weights) -> Context:
        return build_context(self.seat, self.hand, self.inked, self.classics, weights, self.discard_size)


# ---------------------------------------------------------------------- playable words
def playable_indices(cards: PlayerCards, index: WordIndex, *, min_length: int = 2, max_length: int | None = None,
                     required: str = "", max_wilds: int | None = None) -> npt.NDArray[np.int64]:
    """Indexes (into ``index.words``, ascending) of every word the cards can spell; see :func:`playable_words`."""
    face, fixed, need, wildable = letter_vectors(cards.hand, cards.inked, cards.classics)
    budget = wildable if max_wilds is None else max(0, min(wildable, max_wilds))
    text = required.lower()
    for ch in set(text):
        if "a" <= ch <= "z":
            x = ord(ch) - 97
            need[x] = max(need[x], text.count(ch))
    top = index.max_length if max_length is None else max_length
    return playable(index, face, fixed, need, wildable, budget, max(2, min_length), top)


def playable_words(cards: PlayerCards, dictionary: Any, *, min_length: int = 2, max_length: int | None = None,
                   required: str = "", max_wilds: int | None = None) -> Words:
    """Every word of ``dictionary`` the cards can spell (R6.4, R7), shortest first, then in the list's order
    (a-z for every Dictionary), as a read-only sequence equal to the list of those words (see :class:`Words`).

    ``required`` letters must all appear (repeats count); ``max_wilds`` limits how many cards may
    be played wild (None: as many as the rules allow, i.e. any hand card that is not inked).
    """
    index = index_for(dictionary)
    found = playable_indices(cards, index, min_length=min_length, max_length=max_length, required=required,
                             max_wilds=max_wilds)
    return Words(index, found)


# ---------------------------------------------------------------------- one word
@dataclass(slots=True)
class WorkBudget:
    """Work units that several searches share: pass it as ``work_limit``; each search may spend what is
    ``left`` and takes what it spent off it (``spent`` counts them all)."""

    left: int
    spent: int = 0

    def take(self, units: int) -> None:
        self.left -= units
        self.spent += units


def _limits(ctx: Context, time_limit: float | None, work_limit: int | WorkBudget | None) -> None:
    if time_limit is not None:
        ctx.deadline = time.monotonic() + time_limit
    ctx.work_limit = max(0, work_limit.left) if isinstance(work_limit, WorkBudget) else work_limit


def _charge(ctx: Context, work_limit: int | WorkBudget | None) -> None:
    if isinstance(work_limit, WorkBudget):
        work_limit.take(ctx.ticks)


def _positional(ctx: Context) -> bool:
    """Can positions matter for these cards at all (an uncover or double that may work)?  Those hands are
    the ones whose exact search can take long, so their anytime searches start from greedy plays."""
    return ctx.everything().positional


def best_arrangement(cards: PlayerCards, word: str, weights: Weights | None = None, *,
                     time_limit: float | None = None, work_limit: int | WorkBudget | None = None) -> Play | None:
    """The arrangement of ``word`` worth most to the player, or None if the cards cannot spell it.

    ``time_limit`` (seconds) / ``work_limit`` (work units, the same on every machine): as for
    :func:`best_play`: the best arrangement found by then, ``exact=False`` if the search was cut.
    """
    ctx = cards.context(weights or Weights())
    _limits(ctx, time_limit, work_limit)
    try:
        return _best_arrangement(ctx, word, time_limit is not None or work_limit is not None)
    finally:
        _charge(ctx, work_limit)


def _best_arrangement(ctx: Context, word: str, limited: bool) -> Play | None:
    floor = -math.inf
    first: Play | None = None
    ctx.armed = False  # a legal answer first, whatever the limit (the word search arms it when it has one)
    if limited and _positional(ctx):
        ctx.armed = False  # a legal answer first, whatever the limit
        quick = greedy_play(ctx, word)
        ctx.armed = True
        if quick is None:
            return None
        first = play_from(word, quick[1], quick[0])
        floor = quick[0].value
    sink: list[tuple[Outcome, tuple[WordCard, ...]]] = []
    try:
        found = best_for_word(ctx, word, floor, sink=sink)
    except OutOfTime:
        if sink:
            return replace(play_from(word, sink[-1][1], sink[-1][0]), exact=False)
        return None if first is None else replace(first, exact=False)
    if found is None:
        return first
    return play_from(word, found[1], found[0])


def evaluate_arrangement(cards: PlayerCards, arrangement: tuple[WordCard, ...], weights: Weights | None = None
                         ) -> Play:
    """The exact value of one given arrangement (best uncover/double/optional choices)."""
    ctx = cards.context(weights or Weights())
    word = "".join(w.wild or card(w.card).letter for w in arrangement)
    return play_from(word, arrangement, evaluate(ctx, word, chosen_from_cards(ctx, arrangement)))


def iter_arrangements(cards: PlayerCards, word: str) -> Iterator[tuple[WordCard, ...]]:
    """Every legal arrangement of ``word``: which card supplies each letter and which go wild."""
    yield from all_arrangements(cards.context(Weights()), word)


def arrangements(cards: PlayerCards, word: str, weights: Weights | None = None, limit: int | None = None
                 ) -> list[Play]:
    """Every legal arrangement of ``word`` with its exact value, best first (``limit``: keep that many).

    The count grows fast with the number of wild-capable cards (a wild can be any free hand
    card): use :func:`best_arrangement` when only the best one is wanted.
    """
    ctx = cards.context(weights or Weights())
    plays = [play_from(word, a, evaluate(ctx, word.upper(), chosen_from_cards(ctx, a)))
             for a in all_arrangements(ctx, word)]
    plays.sort(key=lambda p: -p.value)
    return plays if limit is None else plays[:limit]


# ---------------------------------------------------------------------- best play
def best_play(cards: PlayerCards, dictionary: Any, weights: Weights | None = None, *, min_length: int = 2,
              exclude: Iterable[str] = (), accept: Callable[[str], bool] | None = None,
              time_limit: float | None = None, work_limit: int | WorkBudget | None = None,
              on_improve: Callable[[Play], None] | None = None) -> Play | None:
    """The word and arrangement worth most to the player under ``weights``; None only if no word is playable.

    ``exclude``: words that may not be spelled (the unique-words option, R26); ``accept``: a test
    every word must pass too (given the upper-case word; a table's own checker, say).

    Anytime: with ``time_limit`` (seconds) or ``work_limit`` (work units: search nodes and ways of
    resolving a word, the same count on every machine; a :class:`WorkBudget` to share one between
    searches), the search stops there and returns the best
    play found so far, marked ``exact=False`` (its value is still exact for *that* play: only "no
    better word exists" is unproven).  A legal play comes first, whatever the limit: a greedy one
    for hands where positions matter (uncover, double), found within milliseconds, then better ones.
    ``on_improve`` is called with every better play as it is found.  Without a limit the search runs
    to the end (docs/solver.md says when that can take long).
    """
    found = best_plays(cards, dictionary, weights, count=1, min_length=min_length, exclude=exclude, accept=accept,
                       time_limit=time_limit, work_limit=work_limit, on_improve=on_improve)
    return found[0] if found else None


def best_plays(cards: PlayerCards, dictionary: Any, weights: Weights | None = None, *, count: int = 5,
               min_length: int = 2, exclude: Iterable[str] = (), accept: Callable[[str], bool] | None = None,
               time_limit: float | None = None, work_limit: int | WorkBudget | None = None,
               on_improve: Callable[[Play], None] | None = None) -> list[Play]:
    """The ``count`` best distinct words, each in its best arrangement, best first (ties: found first).

    Limits and ``exact`` as for :func:`best_play` (``exact``: these are proven the ``count`` best).
    """
    index = index_for(dictionary)
    ctx = cards.context(weights or Weights())
    _limits(ctx, time_limit, work_limit)
    ctx.armed = False  # until the first play: a legal answer whenever one exists, whatever the limit
    search = GroupSearch(ctx, index, max(2, min_length), {w.lower() for w in exclude}, accept, max(1, count),
                          on_improve)
    # Greedy first plays only pay when the search may be cut: a search to the end goes straight for the best.
    search.greedy = search.prof.positional and (time_limit is not None or work_limit is not None
                                                or on_improve is not None)
    exact = True
    try:
        search.run()
    except OutOfTime:
        exact = False
    finally:
        _charge(ctx, work_limit)
    return [replace(p, exact=exact) for p in search.plays()]

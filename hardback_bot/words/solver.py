"""The solver: which words a player's cards can spell, how, and which play is worth most.

    cards = PlayerCards.from_game(game, seat)
    playable_words(cards, get_dictionary("common"), max_wilds=2)   # ["ale", "ales", ...]
    best_arrangement(cards, "stale")                                # Play | None
    best_play(cards, get_dictionary("common"), Weights(coins=1.5))  # Play | None

Rules: RULES.md R6.4 (inked cards face up in the word), R7 (usable cards, wilds), R10-R17 (values).
Values come from the engine's own scoring functions (see :mod:`.solver_value`); docs/solver.md
describes the search and its measured speed.  Everything here is thread-safe: the only shared
state is the per-dictionary index cache, which is lock-guarded and immutable once built.
"""

from __future__ import annotations

import heapq
import math
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import WordCard

from .solver_bounds import Context, OutOfTime, build_context
from .solver_index import WordIndex, index_for
from .solver_listing import Words, letter_vectors, playable
from .solver_search import all_arrangements, best_for_word, chosen_from_cards, evaluate
from .solver_value import Outcome, Weights

if TYPE_CHECKING:
    from hardback_bot.engine.game import Game, SpellOptions

__all__ = [
    "Play",
    "PlayerCards",
    "Weights",
    "Words",
    "arrangements",
    "best_arrangement",
    "best_play",
    "evaluate_arrangement",
    "iter_arrangements",
    "playable_words",
]


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


@dataclass(frozen=True, slots=True)
class Play:
    """One arrangement of a word with its exact value and the choices that earn it."""

    word: str  # upper case
    cards: tuple[WordCard, ...]  # the engine's spell move, left to right
    value: float  # weighted sum under the Weights asked with
    coins: int  # coins the turn earns from the word, all choices made as below
    prestige: int
    ink: int
    remover: int
    trash: tuple[int, ...]  # cards to trash (R12.5)
    dumps: int  # dump abilities to use (R12.6)
    steps: tuple[tuple[str, int, int], ...]  # ("uncover" | "double", source card, target card)
    choices: tuple[tuple[int, str], ...]  # R12.8 answers in the engine's order: (card, "coins"/"prestige"/...)
    jails: int  # jail abilities worth using under the weights
    previews: int
    exact: bool = True  # False: a time-limited search stopped early; this is the best it had found

    @property
    def move(self) -> str:
        """The engine notation of the spell move, e.g. ``spell 120 67=A 1156``."""
        return " ".join(["spell", *(str(w) for w in self.cards)])

    def wilds(self) -> int:
        return sum(1 for w in self.cards if w.wild)


def _play(word: str, cards: tuple[WordCard, ...], o: Outcome) -> Play:
    return Play(word.upper(), cards, o.value, o.coins, o.prestige, o.ink, o.remover, o.trash, o.dumps, o.steps,
                o.choices, o.jails, o.previews)


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
def best_arrangement(cards: PlayerCards, word: str, weights: Weights | None = None, *,
                     time_limit: float | None = None) -> Play | None:
    """The arrangement of ``word`` worth most to the player, or None if the cards cannot spell it.

    ``time_limit`` (seconds): as for :func:`best_play` (``exact=False`` if the search was cut).
    """
    ctx = cards.context(weights or Weights())
    if time_limit is not None:
        ctx.deadline = time.monotonic() + time_limit
    sink: list[tuple[Outcome, tuple[WordCard, ...]]] = []
    try:
        found = best_for_word(ctx, word, sink=sink)
    except OutOfTime:
        if not sink:
            return None
        return replace(_play(word, sink[-1][1], sink[-1][0]), exact=False)
    return _play(word, found[1], found[0]) if found else None


def evaluate_arrangement(cards: PlayerCards, arrangement: tuple[WordCard, ...], weights: Weights | None = None
                         ) -> Play:
    """The exact value of one given arrangement (best uncover/double/optional choices)."""
    ctx = cards.context(weights or Weights())
    word = "".join(w.wild or card(w.card).letter for w in arrangement)
    return _play(word, arrangement, evaluate(ctx, word, chosen_from_cards(ctx, arrangement)))


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
    plays = [_play(word, a, evaluate(ctx, word.upper(), chosen_from_cards(ctx, a)))
             for a in all_arrangements(ctx, word)]
    plays.sort(key=lambda p: -p.value)
    return plays if limit is None else plays[:limit]


# ---------------------------------------------------------------------- best play
def best_play(cards: PlayerCards, dictionary: Any, weights: Weights | None = None, *, min_length: int = 2,
              exclude: Iterable[str] = (), time_limit: float | None = None) -> Play | None:
    """The word and arrangement worth most to the player under ``weights``, or None if none is playable.

    ``exclude``: words that may not be spelled (the unique-words option, R26).  ``time_limit``
    (seconds): stop searching then and return the best play found so far with ``exact=False``
    (None: search to the end, however long; see docs/solver.md for when that can take long).
    """
    index = index_for(dictionary)
    ctx = cards.context(weights or Weights())
    if time_limit is not None:
        ctx.deadline = time.monotonic() + time_limit
    search = _GroupSearch(ctx, index, max(2, min_length), {w.lower() for w in exclude})
    exact = True
    try:
        search.run()
    except OutOfTime:
        exact = False
    if search.best is None:
        return None
    outcome, arrangement, word = search.best
    return replace(_play(word, arrangement, outcome), exact=exact)


class _GroupSearch:
    """Branch and bound over *groups*: words that use the same number of each of the player's letters.

    A walk fixes, letter by letter, how many copies of one of the player's letters a word holds,
    with a few ANDs of the index's bit-planes; each group it reaches is queued with a quick bound.
    The first group is searched at once, so the rest of the walk is pruned by a real play.  Then
    the queue is served best first: a group is split into its words per length, each bounded by
    the group's own profile (:mod:`.solver_bounds`), and words are searched exactly in order of
    those bounds until no bound left can beat the best play found.
    """

    def __init__(self, ctx: Context, index: WordIndex, min_length: int, exclude: set[str]) -> None:
        self.ctx = ctx
        self.index = index
        self.min_length = min_length
        self.exclude = exclude
        entries = ctx.entries
        prof = ctx.everything()  # valid for every word: looser than a group's own profile
        self.prof = prof
        self.letters: list[tuple[int, int, int, int, list[float], str]] = []
        for letter, ids in ctx.by_letter.items():
            weights = sorted((prof.weight[i] for i in ids), reverse=True)
            prefix = [0.0]
            for w in weights:
                prefix.append(prefix[-1] + w)
            fixed = sum(1 for i in ids if entries[i].role != "hand")
            inked = sum(1 for i in ids if entries[i].role == "inked")
            self.letters.append((ord(letter) - 65, len(ids), fixed, inked, prefix, letter))
        self.letters.sort(key=lambda t: -t[4][-1])
        k = len(self.letters)
        self.rest = [0.0] * (k + 1)
        self.fixed_rest = [0] * (k + 1)
        for j in range(k - 1, -1, -1):
            self.rest[j] = self.rest[j + 1] + self.letters[j][4][-1]
            self.fixed_rest[j] = self.fixed_rest[j + 1] + self.letters[j][2]
        self.wildable = len(ctx.pool)
        self.floor = -math.inf
        self.best: tuple[Outcome, tuple[WordCard, ...], str] | None = None
        self.length_weight = max(0.0, ctx.weights.length)
        # What revealed wilds and per-wild prestige may add, whatever the word.
        self.reveal = prof.uncover_bonus(set()) + prof.wild_rate * len(ctx.pool)
        self.used: list[int] = [0] * k
        self.queue: list[tuple[float, int, _Group | _Words]] = []
        self.pushed = 0

    def run(self) -> None:
        top = min(self.index.max_length, self.wildable + self.fixed_rest[0])
        if top < self.min_length or self.index.size == 0:
            return
        n = self.index.prefix64(top)
        self._visit(0, self.index.all_bits[:n], 0.0, 0)
        self._drain()

    def _drain(self) -> None:
        """Serve the queue best first until nothing in it can beat the best play found."""
        heap = self.queue
        while heap:
            bound, _, item = heapq.heappop(heap)
            if -bound <= self.floor:
                heap.clear()
                break
            if isinstance(item, _Group):
                self._open(item)
            else:
                self._search(item)

    def _visit(self, k: int, bits: np.ndarray, acc: float, acc_fixed: int) -> None:
        index = self.index
        if k == len(self.letters):
            cap = self.wildable + acc_fixed
            uses = frozenset((t[5], u) for t, u in zip(self.letters, self.used, strict=True) if u)
            bound = self.prof.base + self.reveal + acc + self.length_weight * cap
            self._push(bound, _Group(bits, cap, uses))
            if self.best is None:
                self._drain()  # the first group found gives a floor that prunes the rest of the walk
            return
        x, face, fixed, inked, prefix, _ = self.letters[k]
        base = self.prof.base + self.reveal
        for u in range(face, inked - 1, -1):
            cap = min(index.max_length, self.wildable + acc_fixed + min(u, fixed) + self.fixed_rest[k + 1])
            if base + acc + prefix[u] + self.rest[k + 1] + self.length_weight * cap <= self.floor:
                break  # fewer copies only lowers the bound
            if cap < self.min_length or u > index.max_count[x]:
                continue
            n = index.prefix64(cap)
            plane = index.ge[x][u] if u == face else index.eq[x][u]
            sub = bits[:n] & plane[:n]
            if not sub.any():
                continue
            self.used[k] = u
            self._visit(k + 1, sub, acc + prefix[u], acc_fixed + min(u, fixed))

    def _push(self, bound: float, item: _Group | _Words) -> None:
        self.pushed += 1  # ties keep their order, and items are never compared
        heapq.heappush(self.queue, (-bound, self.pushed, item))

    def _open(self, group: _Group) -> None:
        """Split a group into its words per length, each with the group's own bound at that length."""
        index, ctx = self.index, self.ctx
        prof = ctx.profile(group.uses)
        found = index.words_at(group.bits, index.end(group.cap))
        found = found[index.lengths[found] >= self.min_length]
        if len(found) == 0:
            return
        lengths = index.lengths[found]
        for length in np.unique(lengths):
            length = int(length)
            bound = prof.base + ctx.cards_bound(prof, group.uses, length) + ctx.weights.length * length
            if bound <= self.floor:
                continue
            same = found[lengths == length]
            if not prof.positional:
                # Positions do not matter: every word of the same length in a group is worth the
                # same, so one word stands for them all (the first one not excluded, R26).
                allowed = [i for i in same if index.words[i] not in self.exclude]
                if not allowed:
                    continue
                same = np.array(allowed[:1], dtype=np.int64)
            self._push(bound, _Words(bound, same))

    def _search(self, item: _Words) -> None:
        ctx, index = self.ctx, self.index
        for i in item.words:
            if item.bound <= self.floor:
                return
            word = index.words[i]
            if word in self.exclude:
                continue
            result = best_for_word(ctx, word, self.floor)
            if result is not None and result[0].value > self.floor:
                self.floor = result[0].value
                self.best = (result[0], result[1], word)


@dataclass(slots=True)
class _Group:
    bits: np.ndarray  # the group's words, as a bitset over the index
    cap: int  # longest word the player's cards can fill
    uses: frozenset[tuple[str, int]]  # how many of each of the player's letters its words hold


@dataclass(slots=True)
class _Words:
    bound: float
    words: npt.NDArray[np.int64]

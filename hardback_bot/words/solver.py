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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import WordCard

from .solver_bounds import Context, OutOfTime, WordCut, build_context
from .solver_index import WordIndex, index_for
from .solver_layout import LayoutSearch, Slot, TooLarge
from .solver_listing import Words, letter_vectors, playable
from .solver_search import (
    WILD,
    all_arrangements,
    best_for_word,
    chosen_from_cards,
    evaluate,
    greedy_play,
    word_cards,
)
from .solver_value import Outcome, Weights

if TYPE_CHECKING:
    from hardback_bot.engine.game import Game, SpellOptions

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
        first = _play(word, quick[1], quick[0])
        floor = quick[0].value
    sink: list[tuple[Outcome, tuple[WordCard, ...]]] = []
    try:
        found = best_for_word(ctx, word, floor, sink=sink)
    except OutOfTime:
        if sink:
            return replace(_play(word, sink[-1][1], sink[-1][0]), exact=False)
        return None if first is None else replace(first, exact=False)
    if found is None:
        return first
    return _play(word, found[1], found[0])


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
    search = _GroupSearch(ctx, index, max(2, min_length), {w.lower() for w in exclude}, accept, max(1, count),
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


class _GroupSearch:
    """Branch and bound over *groups*: words that use the same number of each of the player's letters.

    A walk fixes, letter by letter, how many copies of one of the player's letters a word holds,
    with a few ANDs of the index's bit-planes; each group it reaches is queued with a quick bound.
    The first group gives a floor at once (searched exactly, or, where positions matter, by greedy
    plays of its words and of the best-bounded words after the walk), so the rest of the walk is
    pruned by a real play.  Then the queue is served best first: a group is split into its words
    per length, each bounded by the group's own profile (:mod:`.solver_bounds`), and words are
    searched exactly in order of those bounds until no bound left can beat the ``count``-th best
    play found (the floor).

    Where positions matter and the search has not ended after ``CEILING_AFTER`` work units, it goes on
    layout first (:class:`.solver_layout.LayoutSearch`): a bound per length for every word whatever
    its letters, then a walk of the layouts that can beat the floor, best first, each followed only
    while some word of the list fits it.  The walk ends the search (every better word has a layout it
    reaches).  It costs tens to a few hundred milliseconds, so quick searches never pay for it.
    """

    GREEDY_WORDS = 40  # words given a quick look after the walk where positions matter
    FIRST_LOOK = 40  # work units of one such look (about 1-4 ms)
    # Work units a search spends before it goes layout first: more than any of the bench's 300 realistic
    # situations needs to end (at most 2,302, some 75 ms), far less than hands of many uncover cards,
    # doublers and the per-wild card need (hundreds of thousands).
    CEILING_AFTER = 2500
    # Sooner, after ``LAYOUT_SOON`` units, when the words whose bound still beats the floor number at least
    # ``LAYOUT_PENDING``: their search one by one would take long.
    LAYOUT_SOON = 400
    LAYOUT_PENDING = 8000
    LAYOUT_CARDS = 9  # usable cards (hand and classics in play) beyond which the programme costs too much
    CEILING_STATES = 30000  # states of a layer (all guesses) beyond which the programme gives way
    LAYOUT_AIMS = 4  # aims above the floor at most, before the walk down to the floor itself
    # Where the first aim stands between the floor and the queue's best bound: in the bench's adversarial
    # 8-card hands the best play lies above 35% of the way in some three hands out of four.
    FIRST_AIM = 0.35

    def __init__(self, ctx: Context, index: WordIndex, min_length: int, exclude: set[str],
                 accept: Callable[[str], bool] | None, count: int, on_improve: Callable[[Play], None] | None
                 ) -> None:
        self.ctx = ctx
        self.index = index
        self.min_length = min_length
        self.exclude = exclude
        self.accept = accept
        self.allowed_cache: dict[str, bool] = {}
        self.count = count
        self.on_improve = on_improve
        entries = ctx.entries
        prof = ctx.everything()  # valid for every word: looser than a group's own profile
        self.prof = prof
        self.greedy = False  # start from greedy plays (see best_plays)
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
        self.floor = -math.inf  # the count-th best value found (-inf until count words are found)
        # word -> (value, order found, outcome, arrangement): the best plays so far, at most ``count``.
        self.found: dict[str, tuple[float, int, Outcome, tuple[WordCard, ...]]] = {}
        self.order = 0
        self.top: tuple[float, int] | None = None
        self.length_weight = max(0.0, ctx.weights.length)
        # What revealed wilds and per-wild prestige may add, whatever the word.
        self.reveal = prof.uncover_bonus(set()) + prof.wild_rate * len(ctx.pool)
        self.used: list[int] = [0] * k
        self.queue: list[tuple[float, int, _Group | _Words]] = []
        self.pushed = 0
        self.longest = 0  # the longest word the cards can fill (set by run)
        # May the layout walk help (an uncover or double may work) at a cost worth paying?
        self.layouts = prof.positional and len(ctx.entries) <= self.LAYOUT_CARDS
        self.done = False  # the layout walk has ended the search
        self.pending_checked = -math.inf  # work units spent when the words left were last counted
        self.started = ctx.ticks

    # ------------------------------------------------------------------ results
    def allowed(self, word: str) -> bool:
        ok = self.allowed_cache.get(word)
        if ok is None:
            ok = word not in self.exclude and (self.accept is None or bool(self.accept(word.upper())))
            self.allowed_cache[word] = ok
        return ok

    def record(self, word: str, outcome: Outcome, arrangement: tuple[WordCard, ...]) -> None:
        previous = self.found.get(word)
        if previous is not None and previous[0] >= outcome.value:
            return
        self.order += 1
        self.found[word] = (outcome.value, self.order if previous is None else previous[1], outcome, arrangement)
        ranked = sorted(self.found.items(), key=lambda kv: (-kv[1][0], kv[1][1]))
        for w, _ in ranked[self.count:]:
            del self.found[w]
        if len(self.found) >= self.count:
            self.floor = ranked[self.count - 1][1][0]
        self.ctx.armed = True
        best_word, (value, order, o, cards) = ranked[0]
        if self.top != (value, order):
            self.top = (value, order)
            if self.on_improve is not None:
                self.on_improve(_play(best_word, cards, o))

    def plays(self) -> list[Play]:
        ranked = sorted(self.found.items(), key=lambda kv: (-kv[1][0], kv[1][1]))
        return [_play(w, cards, o) for w, (_, _, o, cards) in ranked]

    # ------------------------------------------------------------------ the search
    def run(self) -> None:
        top = min(self.index.max_length, self.wildable + self.fixed_rest[0])
        if top < self.min_length or self.index.size == 0:
            return
        self.longest = top
        n = self.index.prefix64(top)
        self._visit(0, self.index.all_bits[:n], 0.0, 0)
        if self.greedy and self.found:
            self._greedy_pass()
        self._drain()

    def _drain(self) -> None:
        """Serve the queue best first until nothing in it can beat the floor."""
        heap = self.queue
        while heap:
            bound, _, item = heapq.heappop(heap)
            if self.done or -bound <= self.floor or self._layout_first():
                heap.clear()
                break
            if isinstance(item, _Group):
                self._open(item)
            else:
                self._search(item)

    def _greedy_pass(self) -> None:
        """Where positions matter, one word's exact search can take long: first a quick look at each of the
        best-bounded words (one per entry of the queue): a greedy play, then the exact search of that word
        for at most ``FIRST_LOOK`` work units (its best layout so far), so good plays come early."""
        heap = self.queue
        kept: list[tuple[float, int, _Group | _Words]] = []
        tried = 0
        while heap and tried < self.GREEDY_WORDS:
            entry = heapq.heappop(heap)
            if -entry[0] <= self.floor:
                heapq.heappush(heap, entry)
                break
            item = entry[2]
            if isinstance(item, _Group):
                self._open(item)
                continue
            kept.append(entry)
            for i in item.words:
                word = self.index.words[i]
                if self.allowed(word) and word not in self.found:
                    tried += 1
                    self._greedy_word(word)
                    self._first_look(word)
                    break
        for entry in kept:
            heapq.heappush(heap, entry)

    def _first_look(self, word: str) -> None:
        ctx = self.ctx
        sink: list[tuple[Outcome, tuple[WordCard, ...]]] = []
        ctx.word_limit = ctx.ticks + self.FIRST_LOOK
        try:
            found = best_for_word(ctx, word, self.floor, sink=sink)
        except WordCut:
            found = sink[-1] if sink else None
        finally:
            ctx.word_limit = None
        if found is not None and found[0].value > self.floor:
            self.record(word, found[0], found[1])

    def _greedy_word(self, word: str) -> bool:
        quick = greedy_play(self.ctx, word)
        if quick is None:
            return False
        self.record(word, quick[0], quick[1])
        return True

    def _greedy_group(self, group: _Group) -> None:
        """The first group's words, longest first (they use the most cards): a greedy play of the first allowed
        one.  No bound is computed here, so the first answer comes within milliseconds."""
        index = self.index
        found = index.words_at(group.bits, index.end(group.cap))
        found = found[index.lengths[found] >= self.min_length]
        for i in found[::-1]:
            word = index.words[i]
            if self.allowed(word) and self._greedy_word(word):
                return

    def _visit(self, k: int, bits: np.ndarray, acc: float, acc_fixed: int) -> None:
        index = self.index
        self.ctx.check_time()
        if k == len(self.letters):
            cap = self.wildable + acc_fixed
            uses = frozenset((t[5], u) for t, u in zip(self.letters, self.used, strict=True) if u)
            bound = self.prof.base + self.reveal + acc + self.length_weight * cap
            group = _Group(bits, cap, uses)
            self._push(bound, group)
            if not self.found:  # the first group found gives a floor that prunes the rest of the walk
                if self.greedy:
                    self._greedy_group(group)
                else:
                    self._drain()
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
            sub = bits[:n] & (index.ge[x][u][:n] if u == face else index.exactly(x, u, n))
            if not sub.any():
                continue
            self.used[k] = u
            self._visit(k + 1, sub, acc + prefix[u], acc_fixed + min(u, fixed))

    def _layout_first(self) -> bool:
        """Past ``CEILING_AFTER`` work units, search layout first to the end (True when done).

        The programme costs less the higher the value it must beat, so it aims above the floor first
        (``FIRST_AIM`` of the way to the queue's best bound, then halfway to each failed aim): a play
        found above an aim is the best (every layout above the aim was walked), and when none is, no play
        beats that aim, which becomes the bound.  Once the two are within two points, it walks down to
        the floor."""
        ctx = self.ctx
        if not self.layouts or self.floor == -math.inf:
            return False
        spent = ctx.ticks - self.started
        if spent < self.CEILING_AFTER:
            if spent < self.LAYOUT_SOON or spent < self.pending_checked + 200:
                return False
            self.pending_checked = spent
            if self._pending() < self.LAYOUT_PENDING:
                return False
        self.layouts = False
        upper = -self.queue[0][0] if self.queue else self.floor
        share = self.FIRST_AIM  # the queue's bound is loose: the first aim stays nearer the floor
        for _ in range(self.LAYOUT_AIMS):
            aim = self.floor + (upper - self.floor) * share if upper - self.floor > 2.0 else -math.inf
            share = 0.5
            try:
                layout = LayoutSearch(ctx, self.prof, self.longest, max(aim, self.floor), self.CEILING_STATES)
            except TooLarge:
                return False
            self._walk_layouts(layout, aim, upper)
            if self.floor > aim or aim == -math.inf:
                break
            upper = aim
        else:
            layout = LayoutSearch(ctx, self.prof, self.longest, self.floor)  # states fit: they did above
            self._walk_layouts(layout, -math.inf, upper)
        self.done = True
        return True

    def _pending(self) -> int:
        """How many words the queue still holds whose bound beats the floor (groups counted whole)."""
        total = 0
        for bound, _, item in self.queue:
            if -bound > self.floor:
                total += len(item.words) if isinstance(item, _Words) else int(np.bitwise_count(item.bits).sum())
        return total

    def _walk_layouts(self, layout: LayoutSearch, aim: float, upper: float) -> None:
        """Walk every length whose ceiling beats ``aim`` and the floor, the highest ceilings first
        (``upper``: no play is worth more)."""
        index = self.index

        def threshold() -> float:
            return max(aim, self.floor)

        lengths = sorted(range(self.min_length, self.longest + 1), key=lambda n: -layout.ceilings[n - 1])
        for length in lengths:
            if layout.ceilings[length - 1] <= threshold() or index.end(length) == index.end(length - 1):
                continue
            letters = index.letters(length)
            start = index.end(length - 1)
            seen: dict[tuple[Slot, ...], Outcome] = {}

            def narrow(fit: npt.NDArray[np.int64], p: int, letter: str, letters: Any = letters
                       ) -> npt.NDArray[np.int64] | None:
                sub = fit[letters[fit, p] == ord(letter.lower())]
                return sub if len(sub) else None

            def found(fit: npt.NDArray[np.int64], slots: list[Slot], bound: float, start: int = start,
                      seen: dict[tuple[Slot, ...], Outcome] = seen) -> None:
                self._layout_found(fit, slots, start, seen)

            layout.walk(length, threshold, np.arange(len(letters)), narrow, found, upper)

    def _layout_found(self, fit: npt.NDArray[np.int64], slots: list[Slot], start: int,
                      seen: dict[tuple[Slot, ...], Outcome]) -> None:
        """A layout some words fit: its value (the same for all of them: a wild's letter pays nothing,
        R7.3) goes to the first ``count`` of them allowed."""
        ctx = self.ctx
        key = tuple(slots)
        outcome = seen.get(key)
        if outcome is not None and outcome.value <= self.floor:
            return
        used = {i for i, _ in slots if i != WILD}
        spare = iter([i for i in ctx.pool if i not in used])
        # Anonymous wilds take any free hand cards: never revealed in this layout, so any will do.
        chosen = [(next(spare) if i == WILD else i, wild) for i, wild in slots]
        taken = 0
        for row in fit:
            word = self.index.words[start + int(row)]
            if not self.allowed(word):
                continue
            upper = word.upper()
            if outcome is None:
                outcome = evaluate(ctx, upper, chosen)
                seen[key] = outcome
            if outcome.value <= self.floor:
                return
            self.record(word, outcome, word_cards(ctx, upper, chosen))
            taken += 1
            if taken >= self.count:
                return

    def _push(self, bound: float, item: _Group | _Words) -> None:
        self.pushed += 1  # ties keep their order, and items are never compared
        heapq.heappush(self.queue, (-bound, self.pushed, item))

    def _open(self, group: _Group) -> None:
        """Split a group into its words per length, each with the group's own bound at that length."""
        index, ctx = self.index, self.ctx
        ctx.check_time()
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
                # same, so ``count`` words stand for them all (the first ones allowed, R26).
                allowed = []
                for i in same:
                    if self.allowed(index.words[i]):
                        allowed.append(i)
                        if len(allowed) >= self.count:
                            break
                if not allowed:
                    continue
                same = np.array(allowed, dtype=np.int64)
            self._push(bound, _Words(bound, same))

    def _search(self, item: _Words) -> None:
        ctx, index = self.ctx, self.index
        for i in item.words:
            if item.bound <= self.floor or self._layout_first():
                return
            word = index.words[i]
            if not self.allowed(word):
                continue
            ctx.check_time()
            result = best_for_word(ctx, word, self.floor)
            if result is not None and result[0].value > self.floor:
                self.record(word, result[0], result[1])


@dataclass(slots=True)
class _Group:
    bits: np.ndarray  # the group's words, as a bitset over the index
    cap: int  # longest word the player's cards can fill
    uses: frozenset[tuple[str, int]]  # how many of each of the player's letters its words hold


@dataclass(slots=True)
class _Words:
    bound: float
    words: npt.NDArray[np.int64]

"""The best plays of a whole word list: branch and bound over groups of words (RULES.md R6.4, R7, R26).

:class:`GroupSearch` is the engine of :func:`~hardback_bot.words.solver.best_plays`: given a
:class:`~hardback_bot.words.solver.bounds.Context` (the player's cards, weights and limits) and a
word index, :meth:`GroupSearch.run` finds the ``count`` best distinct words that are allowed (not
excluded, accepted), each in its best arrangement (:func:`.word.best_for_word`), and
:meth:`GroupSearch.plays` returns them best first (ties: found first).  The limits of the context
may end ``run`` early with ``OutOfTime``: the plays found by then are still kept, each valued
exactly.  ``on_improve`` hears of every new best play as it is found.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from hardback_bot.engine.moves import WordCard

from ..bounds import Context, OutOfTime, Uses, WordCut
from ..index import WordIndex
from ..layout import LayoutSearch, Slot, TooLarge
from ..play import Play, play_from
from ..value import Outcome
from .arrange import WILD, evaluate, greedy_play, word_cards
from .word import best_for_word


class GroupSearch:
    """Branch and bound over *groups*: words that use the same number of each of the player's letters.

    A walk fixes, letter by letter, how many copies of one of the player's letters a word holds,
    with a few ANDs of the index's bit-planes; each group it reaches is queued with a quick bound.
    The first group gives a floor at once (searched exactly, or, where positions matter, by greedy
    plays of its words and of the best-bounded words after the walk), so the rest of the walk is
    pruned by a real play.  Then the queue is served best first: a group is split into its words
    per length, each bounded by the group's own profile (:mod:`hardback_bot.words.solver.bounds`), and words are
    searched exactly in order of those bounds until no bound left can beat the ``count``-th best
    play found (the floor).

    Where positions matter and the search has not ended after ``CEILING_AFTER`` work units, it goes on
    layout first (:class:`~hardback_bot.words.solver.layout.LayoutSearch`): a bound per length for every word whatever
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
                self.on_improve(play_from(best_word, cards, o))

    def plays(self) -> list[Play]:
        ranked = sorted(self.found.items(), key=lambda kv: (-kv[1][0], kv[1][1]))
        return [play_from(w, cards, o) for w, (_, _, o, cards) in ranked]

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
        """The word's search on a small budget of its own (``WordCut`` past it)."""
        self.ctx.word_limit = self.ctx.ticks + self.FIRST_LOOK
        try:
            self._word(word)
        finally:
            self.ctx.word_limit = None

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
            uses = tuple(sorted((t[5], u) for t, u in zip(self.letters, self.used, strict=True) if u))
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
            self._word(word)

    def _word(self, word: str) -> None:
        """The word's best arrangement, recorded if it beats the floor. Cut by a first look's budget
        (``WordCut``), or by the search's limit (``OutOfTime``, armed by the word's first arrangement: the
        search ends), it records the best arrangement found by then: a legal play, maybe the search's first."""
        sink: list[tuple[Outcome, tuple[WordCard, ...]]] = []
        try:
            found = best_for_word(self.ctx, word, self.floor, sink=sink)
        except WordCut:
            found = sink[-1] if sink else None
        except OutOfTime:
            self._keep(word, sink[-1] if sink else None)
            raise
        self._keep(word, found)

    def _keep(self, word: str, found: tuple[Outcome, tuple[WordCard, ...]] | None) -> None:
        if found is not None and found[0].value > self.floor:
            self.record(word, found[0], found[1])


@dataclass(slots=True)
class _Group:
    bits: np.ndarray  # the group's words, as a bitset over the index
    cap: int  # longest word the player's cards can fill
    uses: Uses  # how many of each of the player's letters its words hold


@dataclass(slots=True)
class _Words:
    bound: float
    words: npt.NDArray[np.int64]

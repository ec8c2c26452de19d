"""Bit-plane index of a word list for the solver (docs/solver.md).

Words are sorted by length, so "every word of at most N letters" is a prefix.  For each letter
``x`` and count ``k`` the index keeps two packed bitsets over that order: ``ge[x][k]`` (the word
holds at least ``k`` copies of ``x``) and ``eq[x][k]`` (exactly ``k``).  A question such as "words
with exactly one E, at least two S and no Q, of at most 9 letters" is then a few ANDs of
34 KB arrays instead of a pass over the 7 MB letter-count matrix: about 1 µs each on this machine.

Indexes are built once per dictionary and shared by every game; they are immutable after
construction, so threads may use them freely.  The cache itself is guarded by a lock.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

Bits = npt.NDArray[np.uint64]
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _array(value: Any) -> Any:
    # The dictionary exposes its arrays as properties; accept a method too, should that change.
    return value() if callable(value) else value


def _pack(flags: npt.NDArray[np.bool_], n64: int) -> Bits:
    packed = np.packbits(flags, bitorder="little")
    padded = np.zeros(n64 * 8, dtype=np.uint8)
    padded[: len(packed)] = packed
    out = padded.view(np.uint64)  # bit i of the stream is word i (little-endian machine order)
    out.flags.writeable = False
    return out


class WordIndex:
    """Length-sorted words with their letter counts and per-letter count bit-planes."""

    def __init__(self, words: Iterable[str], counts: npt.NDArray[np.uint8] | None = None,
                 lengths: npt.NDArray[np.uint8] | None = None) -> None:
        if counts is None or lengths is None:
            base = [w.lower() for w in words if len(w) >= 2 and w.isascii() and w.isalpha()]
            counts, lengths = _count(base)
        else:  # a Dictionary: already clean, lower case and aligned with its arrays
            base = list(words)
        order = np.argsort(lengths, kind="stable")
        self.words: tuple[str, ...] = tuple(base[i] for i in order)
        self.counts: npt.NDArray[np.uint8] = np.ascontiguousarray(counts[order])
        self.lengths: npt.NDArray[np.uint8] = np.ascontiguousarray(lengths[order])
        self.counts.flags.writeable = False
        self.lengths.flags.writeable = False
        n = len(self.words)
        self.size = n
        self.n64 = max(1, (n + 63) // 64)
        top = int(self.lengths.max()) if n else 0
        # ends[L] = how many words have at most L letters (a prefix of the sorted order).
        self.ends: npt.NDArray[np.int64] = np.searchsorted(self.lengths, np.arange(top + 2), side="right")
        self.max_length = top
        self.max_count: list[int] = [int(self.counts[:, i].max()) if n else 0 for i in range(26)]
        self.ge: list[list[Bits]] = []
        self.eq: list[list[Bits]] = []
        for i in range(26):
            column = self.counts[:, i]
            ge = [_pack(np.ones(n, dtype=bool), self.n64)]
            eq = []
            for k in range(self.max_count[i] + 2):
                if k >= 1:
                    ge.append(_pack(column >= k, self.n64))
                eq.append(_pack(column == k, self.n64))
            self.ge.append(ge)
            self.eq.append(eq)
        self.all_bits = _pack(np.ones(n, dtype=bool), self.n64)

    def words_at(self, bits: Bits, limit: int) -> npt.NDArray[np.int64]:
        """Indexes of the set bits among the first ``limit`` words."""
        nz = np.flatnonzero(bits)
        if len(nz) == 0:
            return nz
        chunks = np.unpackbits(bits[nz].view(np.uint8), bitorder="little").reshape(len(nz), 64)
        rows, cols = np.nonzero(chunks)
        found = nz[rows] * 64 + cols
        return found[found < limit]

    def prefix64(self, length: int) -> int:
        """How many 64-bit blocks cover every word of at most ``length`` letters."""
        end = int(self.ends[min(max(length, 0), self.max_length + 1)])
        return (end + 63) // 64

    def end(self, length: int) -> int:
        return int(self.ends[min(max(length, 0), self.max_length + 1)])


def _count(words: list[str]) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    counts = np.zeros((len(words), 26), dtype=np.uint8)
    for row, w in enumerate(words):
        for ch in w:
            counts[row, ord(ch) - 97] += 1
    lengths = np.array([len(w) for w in words], dtype=np.uint8)
    return counts, lengths


_lock = threading.Lock()
_cache: weakref.WeakKeyDictionary[Any, WordIndex] = weakref.WeakKeyDictionary()
_by_tuple: dict[tuple[str, ...], WordIndex] = {}


def index_for(words: Any) -> WordIndex:
    """The shared index of a :class:`~hardback_bot.words.Dictionary`, or of a plain word list.

    Dictionaries are cached for as long as they live; small plain lists (tests, custom
    questions) are indexed on every call unless they are tuples, which are cached by value.
    """
    if isinstance(words, WordIndex):
        return words
    if hasattr(words, "letter_counts") and hasattr(words, "words"):
        with _lock:
            found = _cache.get(words)
        if found is not None:
            return found
        built = WordIndex(words.words, _array(words.letter_counts), _array(words.lengths))
        with _lock:
            return _cache.setdefault(words, built)
    if isinstance(words, tuple):
        with _lock:
            found = _by_tuple.get(words)
        if found is None:
            found = WordIndex(words)
            with _lock:
                if len(_by_tuple) > 64:  # tests make many small lists: keep the cache small
                    _by_tuple.clear()
                found = _by_tuple.setdefault(words, found)
        return found
    return WordIndex(list(words))

"""Bit-plane index of a word list for the solver (docs/solver.md).

Words are sorted by length, so "every word of at most N letters" is a prefix.  For each letter
``x`` and count ``k`` the index keeps a packed bitset over that order: ``ge[x][k]`` (the word holds
at least ``k`` copies of ``x``); "exactly k" is ``ge[x][k] & ~ge[x][k + 1]``.  A question such as
"words with exactly one E, at least two S and no Q, of at most 9 letters" is then a few ANDs of
34 KB arrays instead of a pass over a 7 MB letter-count matrix: about 1 µs each on this machine.

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


def _pack(flags: npt.NDArray[np.bool_], n64: int) -> Bits:
    packed = np.packbits(flags, bitorder="little")
    padded = np.zeros(n64 * 8, dtype=np.uint8)
    padded[: len(packed)] = packed
    out = padded.view(np.uint64)  # bit i of the stream is word i (little-endian machine order)
    out.flags.writeable = False
    return out


class WordIndex:
    """Length-sorted words with per-letter count bit-planes (the letter counts themselves are not kept)."""

    def __init__(self, words: Iterable[str], *, clean: bool = False) -> None:
        """``clean``: the words are already lower case, unique and letters only (a Dictionary's are)."""
        base = list(words) if clean else [w.lower() for w in words if len(w) >= 2 and w.isascii() and w.isalpha()]
        lengths = np.fromiter(map(len, base), dtype=np.int64, count=len(base))
        order = np.argsort(lengths, kind="stable")
        n = len(base)
        # The words in length order, as an object array (one pointer each): indexing gives the string, and
        # taking a few thousand of them by index is one numpy call.
        self.words: npt.NDArray[np.object_] = np.empty(n, dtype=object)
        self.words[:] = [base[i] for i in order]
        self.words.flags.writeable = False
        del base
        self.lengths: npt.NDArray[np.uint8] = np.minimum(lengths[order], 255).astype(np.uint8)
        self.lengths.flags.writeable = False
        self.size = n
        self.n64 = max(1, (n + 63) // 64)
        top = int(self.lengths.max()) if n else 0
        # ends[L] = how many words have at most L letters (a prefix of the sorted order).
        self.ends: npt.NDArray[np.int64] = np.searchsorted(self.lengths, np.arange(top + 2), side="right")
        self.max_length = top
        self.all_bits = _pack(np.ones(n, dtype=bool), self.n64)
        self.no_bits = _pack(np.zeros(n, dtype=bool), self.n64)
        planes = _planes(self.words, self.n64)
        self.max_count: list[int] = [len(p) for p in planes]
        # ge[x][k]: at least k copies of letter x, for k = 0 (every word) .. max_count[x] + 1 (no word).
        self.ge: list[list[Bits]] = [[self.all_bits, *p, self.no_bits] for p in planes]
        self._letters: dict[int, npt.NDArray[np.uint8]] = {}

    def exactly(self, x: int, k: int, blocks: int) -> Bits:
        """The words (among the first ``blocks`` 64-bit blocks) with exactly ``k`` copies of letter ``x``."""
        ge = self.ge[x]
        return ge[k][:blocks] & ~ge[k + 1][:blocks]

    def words_at(self, bits: Bits, limit: int, offset: int = 0) -> npt.NDArray[np.int64]:
        """Indexes (ascending) of the set bits among the first ``limit`` words; ``bits`` starts at block
        ``offset``."""
        nz = np.flatnonzero(bits)
        if len(nz) == 0:
            return nz
        if 4 * len(nz) > len(bits):  # dense: unpack everything at once
            found = np.flatnonzero(np.unpackbits(bits.view(np.uint8), bitorder="little"))
            if offset:
                found += offset * 64
        else:
            chunks = np.unpackbits(bits[nz].view(np.uint8), bitorder="little").reshape(len(nz), 64)
            rows, cols = np.nonzero(chunks)
            found = (nz[rows] + offset) * 64 + cols
        return found[: np.searchsorted(found, limit)]

    def prefix64(self, length: int) -> int:
        """How many 64-bit blocks cover every word of at most ``length`` letters."""
        end = int(self.ends[min(max(length, 0), self.max_length + 1)])
        return (end + 63) // 64

    def end(self, length: int) -> int:
        return int(self.ends[min(max(length, 0), self.max_length + 1)])

    def letters(self, length: int) -> npt.NDArray[np.uint8]:
        """The words of ``length`` letters as a matrix of their letters (one row each, in index order from
        ``end(length - 1)``), made on first use and kept (the layout walk of the solver reads it)."""
        found = self._letters.get(length)
        if found is None:
            start, stop = self.end(length - 1), self.end(length)
            text = "".join(self.words[start:stop]).encode("ascii")
            found = np.frombuffer(text, dtype=np.uint8).reshape(stop - start, length)
            self._letters[length] = found  # the same matrix whoever makes it: a race only makes it twice
        return found


def _planes(words: npt.NDArray[np.object_], n64: int) -> list[list[Bits]]:
    """Per letter a-z, the packed bitsets "at least k copies" for k = 1, 2, ...  The letter counts are made
    a slice of words at a time (each slice a multiple of 64 words, so its bits fill whole bytes of the
    planes), and never kept: the planes are all the index holds."""
    step = 16384
    raw: list[list[npt.NDArray[np.uint8]]] = [[] for _ in range(26)]
    for start in range(0, len(words), step):
        chunk = words[start:start + step].tolist()
        width = max(map(len, chunk))
        grid = np.array(chunk, dtype=f"S{width}").view(np.uint8).reshape(len(chunk), width)
        at = start // 8
        for x in range(26):
            column = np.sum(grid == 97 + x, axis=1, dtype=np.uint8)
            most = int(column.max())
            while len(raw[x]) < most:
                raw[x].append(np.zeros(n64 * 8, dtype=np.uint8))
            for k in range(1, most + 1):
                packed = np.packbits(column >= k, bitorder="little")
                raw[x][k - 1][at:at + len(packed)] = packed
    out: list[list[Bits]] = []
    for planes in raw:
        letter = []
        for p in planes:
            bits = p.view(np.uint64)  # bit i of the stream is word i (little-endian machine order)
            bits.flags.writeable = False
            letter.append(bits)
        out.append(letter)
    return out


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
    # A Dictionary, asked through its class: ``hasattr(words, "letter_counts")`` would build its arrays.
    if hasattr(type(words), "letter_counts") and hasattr(words, "words"):
        with _lock:
            found = _cache.get(words)
        if found is not None:
            return found
        built = WordIndex(words.words, clean=True)
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

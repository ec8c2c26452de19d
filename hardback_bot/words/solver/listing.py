"""Which words of a list a player's cards can spell (R6.4, R7): exact, with a few dozen bitset operations.

A word with ``c[x]`` copies of each letter ``x`` (length ``L``) is spellable iff

* (A) it holds every needed letter: ``c[x] >= need[x]`` (inked cards face up, R6.4; required letters);
* (C) the hand has enough cards for it: ``sum(max(0, c[x] - fixed[x])) <= W``, where ``fixed`` counts the
  inked cards and timeless classics in play (they stand for their own letter only, R7.3) and ``W`` the
  hand cards that may be wild;
* (B) it needs at most ``B`` wilds: ``sum(max(0, c[x] - face[x])) <= B``, with ``face`` every usable card.

Both sums are ``L - sum(min(c[x], a[x]))`` for ``a = fixed`` or ``face``, and ``min(c[x], a[x])`` is the
number of the planes "at least k copies of x", ``k = 1..a[x]``, that hold the word.  Given (A) the planes
``k <= need[x]`` hold every candidate, so only ``a[x] - need[x]`` planes per letter are left: one per
classic for (C), one per usable card for (B).  A saturating unary counter over those few planes ("at
least t of them") decides each length at once, because words are sorted by length: words of length
``L`` need ``t = L - offset`` planes.  With any card allowed wild and no classic in play, (A) alone
decides.  The letter-count matrix itself is never read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

import numpy as np
import numpy.typing as npt

from hardback_bot.engine.cards import card

from .index import Bits, WordIndex

_EMPTY = np.zeros(0, dtype=np.int64)
_LOW = [np.uint64((1 << b) - 1) for b in range(65)]  # _LOW[b]: the bits below bit b


def letter_vectors(hand: tuple[int, ...], inked: tuple[int, ...], classics: tuple[tuple[int, int], ...]
                   ) -> tuple[list[int], list[int], list[int], int]:
    """(usable cards, fixed cards, inked cards) per letter a-z, and how many hand cards may be wild."""
    face = [0] * 26
    fixed = [0] * 26
    need = [0] * 26
    inked_set = set(inked)
    hand_set = set(hand)
    for cid in hand:
        x = ord(card(cid).letter) - 65
        face[x] += 1
        if cid in inked_set:
            fixed[x] += 1
            need[x] += 1
    for cid, _ in classics:
        if cid in hand_set:
            continue
        x = ord(card(cid).letter) - 65
        face[x] += 1
        fixed[x] += 1
    return face, fixed, need, len(hand) - len(inked_set & hand_set)


def playable(index: WordIndex, face: list[int], fixed: list[int], need: list[int], wildable: int, budget: int,
             low: int, top: int) -> npt.NDArray[np.int64]:
    """Indexes (into ``index.words``, ascending) of the words of ``low``..``top`` letters the cards spell."""
    top = min(top, index.max_length, wildable + sum(fixed))
    if budget < wildable:
        top = min(top, budget + sum(face))
    if top < low or index.size == 0:
        return _EMPTY
    for x in range(26):
        if need[x] > index.max_count[x]:
            return _EMPTY
    begin, end = index.end(low - 1), index.end(top)
    if begin >= end:
        return _EMPTY
    first, stop = begin >> 6, (end + 63) >> 6
    bits: Bits | None = None
    for x in range(26):
        if need[x]:
            plane = index.ge[x][need[x]][first:stop]
            if bits is None:
                bits = plane.copy()
            else:
                np.bitwise_and(bits, plane, out=bits)
    conditions = [(fixed, wildable)]
    if budget < wildable:
        conditions.append((face, budget))
    for have, allowance in conditions:
        planes: list[Bits] = []
        offset = allowance
        for x in range(26):
            offset += min(need[x], have[x])
            for k in range(need[x] + 1, min(have[x], index.max_count[x]) + 1):
                planes.append(index.ge[x][k])
        if top <= offset:
            continue  # every length up to ``top`` needs no plane at all
        if bits is None:
            bits = index.all_bits[first:stop].copy()
        _at_least(index, bits, first, planes, offset, max(low, offset + 1), top)
    if bits is None:
        return np.arange(begin, end, dtype=np.int64)  # every word of an allowed length
    found = index.words_at(bits, end, first)
    if len(found) and found[0] < begin:
        found = found[np.searchsorted(found, begin):]
    return found


def _at_least(index: WordIndex, bits: Bits, first: int, planes: list[Bits], offset: int, shortest: int,
              longest: int) -> None:
    """Keep, among words of ``shortest``..``longest`` letters, those that ``L - offset`` of ``planes`` hold."""
    most = longest - offset
    if most > len(planes):  # longer words than every plane together allows: drop them
        longest = offset + len(planes)
        _clear_from(bits, first, index.end(longest))
        most = len(planes)
    if longest < shortest:
        return
    lo, hi = index.end(shortest - 1), index.end(longest)
    if lo >= hi:
        return
    s0, s1 = lo >> 6, (hi + 63) >> 6
    # levels[t - 1]: the words at least t of the planes hold (a saturating unary counter, on this slice only).
    levels: list[Bits] = []
    scratch = np.empty(s1 - s0, dtype=np.uint64)
    for i, plane in enumerate(planes):
        p = plane[s0:s1]
        for t in range(min(i + 1, most), 1, -1):
            if t > len(levels):
                levels.append(np.bitwise_and(levels[t - 2], p))
            else:
                np.bitwise_and(levels[t - 2], p, out=scratch)
                np.bitwise_or(levels[t - 1], scratch, out=levels[t - 1])
        if levels:
            np.bitwise_or(levels[0], p, out=levels[0])
        else:
            levels.append(p.copy())
    for length in range(shortest, longest + 1):
        a, z = index.end(length - 1), index.end(length)
        if a < z:
            _and_range(bits, first, a, z, levels[length - offset - 1], s0)


def _and_range(bits: Bits, first: int, a: int, z: int, keep: Bits, keep_first: int) -> None:
    """``bits &= keep`` for the words ``a``..``z - 1`` only; both bitsets start at the blocks given."""
    ba, bz = a >> 6, (z - 1) >> 6
    mask = keep[ba - keep_first:bz - keep_first + 1].copy()
    mask[0] |= _LOW[a & 63]  # words of the first block before ``a`` stay as they are
    mask[-1] |= ~_LOW[((z - 1) & 63) + 1]  # and those of the last block after ``z - 1``
    seg = bits[ba - first:bz - first + 1]
    np.bitwise_and(seg, mask, out=seg)


def _clear_from(bits: Bits, first: int, cut: int) -> None:
    """Clear every word from index ``cut`` on."""
    b = (cut >> 6) - first
    if b >= len(bits):
        return
    if b < 0:
        bits[:] = 0
        return
    bits[b] &= _LOW[cut & 63]
    bits[b + 1:] = 0


class Words(Sequence[str]):
    """Words of an index by position: what :func:`~hardback_bot.words.solver.playable_words` returns.

    A read-only sequence of lower-case strings, equal to the list of the same words.  The strings are
    taken from the index only when read: a 12-card hand can spell 250,000 words, and a Python list of
    them costs more than finding them.
    """

    __slots__ = ("_at", "_index")

    def __init__(self, index: WordIndex, at: npt.NDArray[np.int64]) -> None:
        self._index = index
        self._at = at

    def __len__(self) -> int:
        return len(self._at)

    @overload
    def __getitem__(self, i: int) -> str: ...

    @overload
    def __getitem__(self, i: slice) -> Words: ...

    def __getitem__(self, i: int | slice) -> str | Words:
        if isinstance(i, slice):
            return Words(self._index, self._at[i])
        return self._index.words[int(self._at[i])]

    def __iter__(self) -> Iterator[str]:
        return iter(self.tolist())

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        index = self._index
        length = len(word)
        a, z = index.end(length - 1), index.end(length)
        lo, hi = np.searchsorted(self._at, [a, z])
        return word in index.words[self._at[lo:hi]].tolist()

    def tolist(self) -> list[str]:
        at = self._at
        if len(at) and int(at[-1]) - int(at[0]) + 1 == len(at):
            return list(self._index.words[int(at[0]):int(at[-1]) + 1])  # a run of the sorted list: one slice
        return self._index.words[at].tolist()  # type: ignore[no-any-return]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Words):
            return self.tolist() == other.tolist()
        if isinstance(other, list | tuple):
            return self.tolist() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(repr(w) for w in self[:5])
        return f"Words([{shown}{', ...' if len(self) > 5 else ''}], {len(self)} words)"

"""Which words a player's usable cards can spell, and the best arrangement of each (R6.4, R7).

A stop-gap word finder, used while the shared solver (``hardback_bot.words.solver``) is not there.
The idea: scan the dictionary's letter-count matrix with numpy for the words the cards can spell,
then group the words by *signature*: how many hand cards of each letter are face up, how many
classics in play are used and how many wilds fill the rest.  Words of one signature use the same
cards, so they earn the same unless a card doubles or uncovers a neighbour (then positions
matter and each word is arranged and valued on its own).  Values come from :mod:`.evaluate`,
i.e. the engine's own scoring.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import WordCard
from hardback_bot.engine.state import Slot

from .evaluate import Earnings, earnings

#: valuer(earnings, word length, rival classics used) -> how much the computer player likes it.
Valuer = Callable[[Earnings, int, int], float]

_MAX_POSITIONAL_WORDS = 6  # words arranged one by one in a signature whose cards double/uncover
_MAX_ARRANGEMENTS = 10  # arrangements tried for one such word


class Budget:
    """How many arrangements a decision may still value: a work limit, not a clock, so a decision is the
    same on a fast machine and a slow one (decisions must be deterministic)."""

    def __init__(self, units: int) -> None:
        self.left = units

    def spend(self, units: int = 1) -> None:
        self.left -= units

    @property
    def spent(self) -> bool:
        return self.left <= 0


@dataclass(frozen=True, slots=True)
class Cards:
    """What a seat may spell with (R7.1): hand, inked cards among them, classics in play with owners."""

    seat: int
    hand: tuple[int, ...]
    inked: tuple[int, ...]
    classics: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Play:
    value: float
    word: str
    cards: tuple[WordCard, ...]
    earnings: Earnings

    @property
    def move(self) -> str:
        return " ".join(["spell", *(str(w) for w in self.cards)])


class Lexicon:
    """A word list sorted by length with its letter counts, for the numpy scan."""

    def __init__(self, words: Iterable[str], counts: npt.NDArray[np.uint8] | None = None,
                 lengths: npt.NDArray[np.uint8] | None = None) -> None:
        if counts is not None and lengths is not None:
            # A Dictionary's own arrays (clean, unique, sorted words): only the length order is needed.
            base = list(words)
            order = np.argsort(lengths, kind="stable")
            self.words: tuple[str, ...] = tuple(base[i].upper() for i in order)
            self.counts = counts[order].astype(np.int16)
            self.lengths = lengths[order].astype(np.int16)
        else:
            clean = sorted({w.upper() for w in words if len(w) >= 2 and w.isascii() and w.isalpha()},
                           key=lambda w: (len(w), w))
            self.words = tuple(clean)
            self.counts = np.zeros((len(clean), 26), dtype=np.int16)
            for row, w in enumerate(clean):
                for ch in w:
                    self.counts[row, ord(ch) - 65] += 1
            self.lengths = np.array([len(w) for w in clean], dtype=np.int16)
        keep = self.lengths >= 2
        if not keep.all():
            self.words = tuple(w for w, k in zip(self.words, keep, strict=True) if k)
            self.counts, self.lengths = self.counts[keep], self.lengths[keep]
        self.columns = [np.ascontiguousarray(self.counts[:, i]) for i in range(26)]

    def end(self, max_length: int) -> int:
        """How many words have at most ``max_length`` letters (they come first)."""
        return int(np.searchsorted(self.lengths, max_length, side="right"))


_cache: dict[int, tuple[object, Lexicon]] = {}


def lexicon_of(dictionary: object) -> Lexicon:
    """The (cached) lexicon of a Dictionary, built from its numpy arrays."""
    key = id(dictionary)
    found = _cache.get(key)
    if found is None or found[0] is not dictionary:
        words = dictionary.words  # type: ignore[attr-defined]
        lex = Lexicon(words, dictionary.letter_counts, dictionary.lengths)  # type: ignore[attr-defined]
        found = (dictionary, lex)
        _cache[key] = found
    return found[1]


@lru_cache(maxsize=8)
def _lexicon_from(words: tuple[str, ...]) -> Lexicon:
    return Lexicon(words)


def lexicon(words: tuple[str, ...]) -> Lexicon:
    """The (cached) lexicon of a plain word tuple."""
    return _lexicon_from(words)


def _letter_index(letter: str) -> int:
    return ord(letter) - 65


def face_value(cid: int) -> int:
    """A rough size of what a card pays face up, used only to pick among cards of one letter."""
    c = card(cid)
    return sum(b.value for b in c.basic + c.genre_bonus) + 2 * sum(
        1 for b in c.basic + c.genre_bonus if b.value == 0)


def _positional(cid: int) -> bool:
    c = card(cid)
    return c.has("double_adjacent") or c.has("uncover_adjacent")


def best_plays(cards: Cards, lex: Lexicon, valuer: Valuer, accept: Callable[[str], bool] | None = None,
               keep: int = 12, budget: Budget | None = None) -> list[Play]:
    """Up to ``keep`` plays worth the most under ``valuer``, best first, at most one per signature.

    With a ``budget`` the search stops once it is spent and returns the best plays found so far;
    signatures are tried most promising first, so those are usually the best.
    """
    hand = list(cards.hand)
    inked = [c for c in hand if c in cards.inked]
    free = [c for c in hand if c not in cards.inked]
    in_hand = set(hand)
    classics = [(c, o) for c, o in cards.classics if c not in in_hand]
    max_len = len(hand) + len(classics)
    if max_len < 2:
        return []
    n = lex.end(max_len)
    if n == 0:
        return []
    k = np.zeros(26, dtype=np.int16)
    for c in inked:
        k[_letter_index(card(c).letter)] += 1
    h: dict[int, int] = {}
    for c in free:
        x = _letter_index(card(c).letter)
        h[x] = h.get(x, 0) + 1
    cl: dict[int, int] = {}
    for c, _ in classics:
        x = _letter_index(card(c).letter)
        cl[x] = cl.get(x, 0) + 1
    lengths = lex.lengths[:n]
    ok = lengths >= 2
    rem: dict[int, npt.NDArray[np.int16]] = {}
    for x in set(h) | set(cl) | {int(i) for i in np.flatnonzero(k)}:
        col = lex.columns[x][:n]
        if k[x]:
            ok &= col >= k[x]
            col = col - k[x]
        rem[x] = col
    hand_letters = sorted(h)
    classic_letters = sorted(cl)
    faceup = np.zeros(n, dtype=np.int16)
    sig_cols = []
    for x in hand_letters:
        f = np.minimum(rem[x], h[x])
        faceup += f
        sig_cols.append(f)
        rem[x] = rem[x] - f
    used_classics = np.zeros(n, dtype=np.int16)
    for x in classic_letters:
        f = np.minimum(np.maximum(rem[x], 0), cl[x])
        used_classics += f
        sig_cols.append(f)
    wild = lengths - int(k.sum()) - faceup - used_classics
    ok &= wild <= len(free) - faceup
    idx = np.flatnonzero(ok)
    if len(idx) == 0:
        return []
    sig_cols.append(wild)
    sigs = np.stack([c[idx] for c in sig_cols], axis=1)
    uniq, inverse = np.unique(sigs, axis=0, return_inverse=True)
    inverse = inverse.reshape(-1)
    order = np.argsort(inverse, kind="stable")
    starts = np.searchsorted(inverse[order], np.arange(len(uniq) + 1))
    groups = []
    for g in range(len(uniq)):
        members = idx[order[starts[g]:starts[g + 1]]]
        groups.append((uniq[g], members))
    return _evaluate_groups(cards, lex, valuer, accept, keep, groups, hand_letters, classic_letters, inked, free,
                            classics, budget or Budget(1 << 30))


def _choose(cands: list[int], count: int, prefer_first: Iterable[int] = ()) -> list[int]:
    first = [c for c in cands if c in set(prefer_first)]
    rest = sorted((c for c in cands if c not in set(prefer_first)), key=lambda c: (-face_value(c), c))
    return (first + rest)[:count]


def _evaluate_groups(cards: Cards, lex: Lexicon, valuer: Valuer, accept: Callable[[str], bool] | None, keep: int,
                     groups: list, hand_letters: list[int], classic_letters: list[int], inked: list[int],
                     free: list[int], classics: list[tuple[int, int]], budget: Budget) -> list[Play]:
    seat = cards.seat
    memo: dict[tuple[tuple[int, int, bool], ...], tuple[float, Earnings]] = {}
    own_classics = [c for c, o in cards.classics if o == seat and c not in set(cards.hand)]
    scored: list[tuple[float, float, int, list[int], list[tuple[int, int]], list[int]]] = []
    for g, (sig, _members) in enumerate(groups):
        faces: list[int] = list(inked)
        for j, x in enumerate(hand_letters):
            letter_cards = [c for c in free if _letter_index(card(c).letter) == x]
            faces += _choose(letter_cards, int(sig[j]))
        used_classics: list[tuple[int, int]] = []
        for j, x in enumerate(classic_letters):
            cands = [(c, o) for c, o in classics if _letter_index(card(c).letter) == x]
            cands.sort(key=lambda co: (co[1] == seat, co[0]))  # rivals' first: sending them home is free
            used_classics += cands[: int(sig[len(hand_letters) + j])]
        wilds_needed = int(sig[-1])
        spare = sorted((c for c in free if c not in faces), key=lambda c: (face_value(c), c))
        wild_cards = spare[:wilds_needed]
        length = len(faces) + len(used_classics) + wilds_needed
        slots = [Slot(c, card(c).letter, inked=c in inked) for c in faces]
        slots += [Slot(c, card(c).letter, owner=o) for c, o in used_classics]
        slots += [Slot(c, "A", wild=True) for c in wild_cards]
        rest = tuple(c for c in own_classics if c not in {u for u, _ in used_classics})
        rivals = sum(1 for _, o in used_classics if o != seat)
        budget.spend()
        value = max(valuer(e, length, rivals) for e in earnings(slots, rest, seat))
        positional = any(_positional(s.card) for s in slots if not s.wild and (s.owner in (-1, seat)))
        bonus = 0.0
        if positional:
            # Doubling adds at most one more copy of a card, uncovering at most one spare card.
            top = max((face_value(s.card) for s in slots if not s.wild), default=0)
            spare_top = max((face_value(c) for c in spare), default=0)
            doublers = sum(1 for s in slots if not s.wild and card(s.card).has("double_adjacent"))
            uncovers = sum(1 for s in slots if not s.wild and card(s.card).has("uncover_adjacent"))
            bonus = doublers * (top + 1.0) + uncovers * (spare_top + 1.0) + 0.01
        scored.append((value + bonus, value, g, faces, used_classics, wild_cards if not positional else spare))
    scored.sort(key=lambda s: (-s[0], s[2]))
    plays: list[Play] = []
    floor = -1e18
    for optimistic, value, g, faces, used_classics, wild_pool in scored:
        if len(plays) >= keep and optimistic <= floor:
            break
        if plays and budget.spent:
            break
        members = groups[g][1]
        positional = optimistic != value
        words = (lex.words[i] for i in members)
        if accept is not None:
            words = (w for w in words if accept(w))
        if positional:
            best = _best_positional(cards, list(itertools.islice(words, _MAX_POSITIONAL_WORDS)), faces,
                                    used_classics, wild_pool, inked, own_classics, valuer, memo, budget)
        else:
            word = next(words, None)
            best = None if word is None else _arranged(cards, word, faces, used_classics, wild_pool, inked,
                                                       own_classics, valuer, memo, budget)
        if best is None:
            continue
        plays.append(best)
        plays.sort(key=lambda p: -p.value)
        plays = plays[:keep]
        if len(plays) >= keep:
            floor = plays[-1].value
    return plays


def _arrangements(word: str, faces: list[int], used_classics: list[tuple[int, int]], wild_pool: list[int],
                  positional: bool) -> Iterable[list[tuple[int, int, bool]]]:
    """Assignments (card, owner, wild) per position; all of them when positions matter, else one."""
    spots: dict[str, list[int]] = {}
    for i, ch in enumerate(word):
        spots.setdefault(ch, []).append(i)
    per_letter: list[list[dict[int, tuple[int, int]]]] = []
    for ch, positions in spots.items():
        mine = [(c, -1) for c in faces if card(c).letter == ch] + [(c, o) for c, o in used_classics
                                                                  if card(c).letter == ch]
        options: list[dict[int, tuple[int, int]]] = []
        if positional:
            for chosen in itertools.combinations(positions, len(mine)):
                for perm in itertools.permutations(mine):
                    options.append(dict(zip(chosen, perm, strict=True)))
                    if len(options) >= _MAX_ARRANGEMENTS:
                        break
                if len(options) >= _MAX_ARRANGEMENTS:
                    break
        else:
            options.append(dict(zip(positions, mine, strict=False)))
        per_letter.append(options)
    for combo in itertools.islice(itertools.product(*per_letter), _MAX_ARRANGEMENTS):
        placed: dict[int, tuple[int, int]] = {}
        for part in combo:
            placed.update(part)
        wild_positions = [p for p in range(len(word)) if p not in placed]
        if len(wild_positions) > len(wild_pool):
            continue
        if not positional or not wild_positions:
            pool = iter(wild_pool)
            yield [(placed[p][0], placed[p][1], False) if p in placed else (next(pool), -1, True)
                   for p in range(len(word))]
            continue
        # Wild identities matter only when an uncover can reach them: try the pool's cards in turn.
        for perm in itertools.islice(itertools.permutations(wild_pool, len(wild_positions)), 6):
            ids = dict(zip(wild_positions, perm, strict=True))
            yield [(placed[p][0], placed[p][1], False) if p in placed else (ids[p], -1, True)
                   for p in range(len(word))]


Memo = dict[tuple[tuple[int, int, bool], ...], tuple[float, Earnings]]


def _value_of(cards: Cards, word: str, arrangement: list[tuple[int, int, bool]], inked: list[int],
              own_classics: list[int], valuer: Valuer, memo: Memo, budget: Budget) -> tuple[float, Earnings]:
    # A wild's letter never changes what a word earns: the card sequence alone decides (R7.3).
    key = (*arrangement, (len(word), 0, False))
    found = memo.get(key)
    if found is not None:
        return found
    budget.spend()
    slots = [Slot(c, word[p] if wild else card(c).letter, wild=wild, owner=o, inked=c in inked)
             for p, (c, o, wild) in enumerate(arrangement)]
    in_word = {c for c, _, _ in arrangement}
    rest = tuple(c for c in own_classics if c not in in_word)
    rivals = sum(1 for _, o, _ in arrangement if o not in (-1, cards.seat))
    best: tuple[float, Earnings] | None = None
    for e in earnings(slots, rest, cards.seat):
        v = valuer(e, len(word), rivals)
        if best is None or v > best[0]:
            best = (v, e)
    assert best is not None
    memo[key] = best
    return best


def _to_play(word: str, arrangement: list[tuple[int, int, bool]], value: float, e: Earnings) -> Play:
    wcs = tuple(WordCard(c, word[p] if wild else None) for p, (c, _, wild) in enumerate(arrangement))
    return Play(value, word, wcs, e)


def _arranged(cards: Cards, word: str, faces: list[int], used_classics: list[tuple[int, int]],
              wild_pool: list[int], inked: list[int], own_classics: list[int], valuer: Valuer, memo: Memo,
              budget: Budget) -> Play | None:
    for arrangement in _arrangements(word, faces, used_classics, wild_pool, positional=False):
        value, e = _value_of(cards, word, arrangement, inked, own_classics, valuer, memo, budget)
        return _to_play(word, arrangement, value, e)
    return None


def _best_positional(cards: Cards, words: list[str], faces: list[int], used_classics: list[tuple[int, int]],
                     wild_pool: list[int], inked: list[int], own_classics: list[int], valuer: Valuer, memo: Memo,
                     budget: Budget) -> Play | None:
    best: Play | None = None
    for word in words:
        if best is not None and budget.spent:
            break
        for arrangement in _arrangements(word, faces, used_classics, wild_pool, positional=True):
            value, e = _value_of(cards, word, arrangement, inked, own_classics, valuer, memo, budget)
            if best is None or value > best.value:
                best = _to_play(word, arrangement, value, e)
    return best

"""An upper bound of a word's best arrangement that knows where its letters stand (RULES.md R12-R14).

The search's other bounds (:mod:`.bounds`, :mod:`.search.word_bounds`) count what the player's
cards could add wherever they stand.  With several uncover cards, doublers and the per-wild mystery
card, most of that needs neighbours a given word cannot give: a reveal needs an uncover card next
to the wild (R14.1), a chain needs the revealed card to uncover in turn (R14.3), a double needs a
source next to the doubler (R13.1, R13.2), and the per-wild card pays more only when it is doubled
(R11.11, R13.4).  :func:`layout_bound` maximises over every layout of the word's positions, left
to right, with those adjacencies exact:

* a position is a face-up card of its letter (``allowed`` says which letters it may hold), an
  anonymous wild (any free hand card, never revealed), or a revealed wild of a known card,
  revealed by its left or its right neighbour (chains run one way, so there are no cycles);
* each uncover ability reveals at most one neighbour, each double ability adds one multiplier to a
  neighbouring source (never to a wild or to another player's classic);
* the per-wild card's multiplier is guessed (0 when it is not a source, else 1, 2 or 3) and checked
  at the end against the doubles it received, so every wild pays the guessed rate;
* every card is used at most once, every inked card is face up (R6.4), anonymous wilds need free
  hand cards (R7.3).

What it relaxes, so that it never undercounts: the order in which abilities resolve (R12.1, R12.2:
every reveal and double the engine makes is one this programme may make), what doubling a card
adds (its genre bonus counted whenever the profile finds the genre possible), and the discard
pile's room for dumps.  Genre bonuses themselves are exact: a card pays its own once its genre has
two sources, and a genre ability (a romance double, a mystery uncover) is used only in layouts whose
genre ends with two sources (R10.3, R10.4).

:class:`LayoutSearch` runs the programme once for every word whatever its letters (a *ceiling*
per length) and then walks its layouts best first against the word list: a layout is followed only
while some word has its face-up letters where it puts them, and only while its bound can beat the
best play found.  Every word worth more than that has a layout the walk reaches, so when the walk
ends the best play is proven.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from hardback_bot.engine.cards import card

from .bounds import Context, Profile

# State between two positions: (cards used, left card or -1, its uncovers left for the right,
# does it wait for a reveal from the right, its doubles left for the right, doubles the per-wild card got,
# genres whose bonus abilities were used (they must end with two sources), the guessed multiplier of the
# per-wild card (0: it is not a source)).
State = tuple[int, int, int, bool, int, int, int, int]
# What one position holds: (entry, wild?), entry -1 for an anonymous wild.
Slot = tuple[int, bool]
# One way to fill a position after a state: (next state, what it adds, letter it needs or "", slot).
Move = tuple[State, float, str, Slot]


def per_wild_card(ctx: Context, prof: Profile) -> tuple[int, float] | None:
    """The entry whose genre bonus pays per wild (R11.11) and its rate at multiplier 1, if it may pay."""
    if not prof.per_wild_mode:
        return None
    for i, e in enumerate(ctx.entries):
        if e.per_wild and e.source:
            value = sum(b.value for b in card(e.card).genre_bonus if b.kind == "prestige_per_wild")
            return i, max(0.0, ctx.weights.prestige) * value
    return None


class TooLarge(Exception):
    """The programme would hold more states than its caller allowed (large hands): no bound."""


def layout_bound(ctx: Context, prof: Profile, allowed: Sequence[str | frozenset[str]], floor: float = -math.inf
                 ) -> float:
    """Bound of the best arrangement of a word whose position ``p`` holds one of ``allowed[p]``
    (a word's own letters, or the letters any of a set of words has there); see :func:`layout_bounds`
    for ``floor``."""
    return layout_bounds(ctx, prof, allowed, floor)[-1]


def layout_bounds(ctx: Context, prof: Profile, allowed: Sequence[str | frozenset[str]], floor: float = -math.inf,
                  state_limit: int | None = None) -> list[float]:
    """``out[k]``: the bound of a word of ``k + 1`` letters whose first ones are as ``allowed`` says
    (one pass serves every length: a layout's first positions do not depend on the word's end).

    Partial layouts that cannot beat ``floor`` whatever comes next are dropped, so a bound at most
    ``floor`` only says "no better than ``floor``" (it is returned as ``floor``).  :class:`TooLarge`
    when a position would hold more than ``state_limit`` states."""
    programme = Programme(ctx, prof, allowed)
    return programme.bounds(programme.forward(floor, state_limit), floor)


class Programme:
    """The dynamic programme over a word's positions (see the module's text)."""

    def __init__(self, ctx: Context, prof: Profile, allowed: Sequence[str | frozenset[str]]) -> None:
        entries = ctx.entries
        self.ctx = ctx
        self.prof = prof
        self.n = len(allowed)
        self.pool = ctx.pool
        self.pool_mask = sum(1 << i for i in ctx.pool)
        self.inked_mask = sum(1 << i for i in ctx.inked)
        # An own classic pays the same in or out of the word (it is in prof.base); in the word it can
        # still be doubled.  Another player's classic is never a source (R10.1).
        self.plain = [0.0 if e.role == "own" else prof.plain[i] for i, e in enumerate(entries)]
        # A genre bonus pays only with two sources of the genre (R10.3, R10.4): a card first pays
        # without it, and its bonus comes when the second source of its genre is placed.
        self.plain_off = [0.0 if e.role == "own" else min(prof.plain_off[i], prof.plain[i])
                          for i, e in enumerate(entries)]
        self.extra = prof.extra
        self.weight = prof.weight
        self.source = [e.source for e in entries]
        self.letter = [e.letter for e in entries]
        self.double = prof.double
        # Per source: the (uncovers, doubles, genre bit) it may use: its printed abilities, and with its
        # genre active (then checked at the end) its genre bonus's too (R10.3).
        genres = sorted({e.genre for e in entries if e.genre != "starter"})
        self.genre_bit = {g: 1 << k for k, g in enumerate(genres)}
        self.genre_sources = {self.genre_bit[g]: (sum(1 << j for j, f in enumerate(entries)
                                                      if f.genre == g and f.role in ("hand", "inked")),
                                                  sum(1 for f in entries if f.genre == g and f.role == "own"))
                              for g in genres}
        # Per entry placed in the word: the other sources of its genre that can be placed, and the own
        # classics of its genre (always sources).
        self.genre_mask = [0] * len(entries)
        self.genre_start = [0] * len(entries)
        for i, e in enumerate(entries):
            if e.role in ("hand", "inked") and e.genre in self.genre_bit:
                cards, own = self.genre_sources[self.genre_bit[e.genre]]
                self.genre_mask[i], self.genre_start[i] = cards & ~(1 << i), own
        self.variants: list[list[tuple[int, int, int]]] = []
        for i, e in enumerate(entries):
            if not prof.uncover[i] and not self.double[i]:
                self.variants.append([(0, 0, 0)])
                continue
            printed = (int(e.uncover_basic), min(e.double_basic, self.double[i]), 0)
            full = (int(e.uncover_basic or e.uncover_genre) if prof.uncover[i] else 0, self.double[i],
                    self.genre_bit.get(e.genre, 0))
            self.variants.append([printed] if full[:2] == printed[:2] else [printed, full])
        self.uncover_most = [max(u for u, _, _ in v) for v in self.variants]  # per entry
        self.faces = [[i for i, e in enumerate(entries) if e.letter in letters] for letters in allowed]
        per_wild = per_wild_card(ctx, prof)
        self.n_card, self.rate = per_wild if per_wild is not None else (-1, 0.0)
        self.n_genre = self.genre_bit.get(entries[self.n_card].genre, 0) if self.n_card >= 0 else 0
        # What a state keeps of its last card: only what a right neighbour can do with it (double it,
        # R13.1, and know whether it is the per-wild card); cards alike in that share one state.
        self.canon = [next(j for j in range(len(entries)) if self.extra[j] == self.extra[i]
                           and (j == self.n_card) == (i == self.n_card) and self.source[j] == self.source[i])
                      for i in range(len(entries))]
        self.best_extra = max((self.extra[i] for i in range(len(entries)) if self.source[i]), default=0.0)
        self.gains = sorted(((max(0.0, self.plain[i] if self.source[i] else self.weight[i]), i)
                             for i in range(len(entries))), reverse=True)
        self.rest_memo: dict[tuple[int, int], tuple[list[float], int, int, int, float]] = {}
        self.cards_memo: dict[tuple[int, int], tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]] = {}
        self.pool_memo: dict[int, list[tuple[Any, ...]]] = {}
        groups: dict[tuple[int, ...], int] = {}
        self.face_group = [groups.setdefault(tuple(f), len(groups)) for f in self.faces]
        self.split_memo: dict[tuple[tuple[int, int], int, int], float] = {}
        self.active_memo: dict[int, int] = {}
        doublers = sum(1 for i, e in enumerate(entries) if self.double[i] and e.role != "rival")
        # Guess 0: the per-wild card is not a source; 1-3: it is, doubled that many times less one.
        self.guesses = [0] if self.n_card < 0 or not self.rate else list(range(0, min(3, 1 + doublers) + 1))

    # ------------------------------------------------------------------ the programme
    def starts(self) -> dict[State, float]:
        return {(0, -1, 0, False, 0, 0, 0, g): 0.0 for g in self.guesses}

    def fixed(self, length: int) -> float:
        return self.prof.base + self.ctx.weights.length * length

    def forward(self, floor: float, state_limit: int | None = None) -> list[dict[State, float]]:
        """``layers[p]``: the best value of the first ``p`` positions per state (``layers[0]``: the starts).
        States that cannot beat ``floor`` whatever follows are left out."""
        ctx, n = self.ctx, self.n
        w_length = ctx.weights.length
        # A partial layout is dropped against the largest fixed part any length can have.
        target = floor - self.prof.base - max(w_length, w_length * n)
        layers = [self.starts()]
        rest = self.rest
        cut = target > -math.inf
        for p in range(n):
            states = layers[-1]
            if cut and p == 0:
                states = {key: v for key, v in states.items() if v + rest(key, n) > target}
                layers[-1] = states
            # A work unit stands for some 35-100 µs of search (see Brain.units), a state here for some 10-15.
            ctx.check_time(1 + len(states) // 4)
            if state_limit is not None and len(states) > state_limit:
                raise TooLarge
            left = n - p - 1
            nxt: dict[State, float] = {}
            get = nxt.get
            for state, value in states.items():
                for key, gain, _, _ in self.moves(state, p):
                    v = value + gain
                    if v > get(key, -math.inf) and (not cut or v + rest(key, left) > target):
                        nxt[key] = v
            layers.append(nxt)
        return layers

    def bounds(self, layers: list[dict[State, float]], floor: float) -> list[float]:
        out = []
        for length in range(1, self.n + 1):
            top = max((v for s, v in layers[length].items() if self.complete(s, length)), default=-math.inf)
            out.append(max(floor, self.fixed(length) + top))
        return out

    def rest(self, state: State, left: int) -> float:
        """What ``left`` more positions can add at most (-inf: nothing can end well after ``state``).

        Each position is a card (its pay), a wild (the per-wild pay) or a revealed card (both), with at
        most one revealed card per uncover ability left (R14.1); a best double per double ability not yet
        spent; the genre bonus of a placed card still alone in its genre (paid when a second one comes,
        see :meth:`pay`).  A guess that the per-wild card is doubled needs doubles enough for it."""
        mask, prev, unc_r, _, dbl_r, nd, _, g = state
        key = (mask, left)
        found = self.rest_memo.get(key)
        if found is None:
            plains: list[float] = []
            doubles = uncovers = 0
            most = 0  # the most double abilities one unused card has
            for v, i in self.gains:
                if not mask >> i & 1:
                    doubles += self.double[i]
                    most = max(most, self.double[i])
                    uncovers += self.uncover_most[i]
                    if len(plains) < left:
                        plains.append(v)
            pending = 0.0
            for genre_cards, own in self.genre_sources.values():
                alone = mask & genre_cards
                if not own and alone.bit_count() == 1:
                    j = alone.bit_length() - 1
                    pending += self.plain[j] - self.plain_off[j]
            found = (plains, doubles, uncovers, most, pending)
            self.rest_memo[key] = found
        plains, doubles, uncovers, most, pending = found
        n_card = self.n_card
        if g > 1:
            short = g - 1 - nd
            if short > 0:
                if mask >> n_card & 1:
                    # Placed: only its right neighbour, still to come, can double it now.
                    if prev != n_card or most < short:
                        return -math.inf
                elif doubles + (dbl_r if prev >= 0 else 0) < short:
                    return -math.inf
        split = self.split_memo.get((key, unc_r, g))
        if split is None:
            wild_pay = self.rate * g
            reveals = uncovers + unc_r
            # a cards among the positions left, min(a, reveals) of them revealed wilds, the others wild.
            split = total = 0.0
            for a in range(len(plains) + 1):
                if a:
                    total += plains[a - 1]
                value = total + wild_pay * (min(a, reveals) + left - a)
                if value > split:
                    split = value
            split += doubles * self.best_extra + pending
            self.split_memo[(key, unc_r, g)] = split
        return split + dbl_r * self.best_extra

    def complete(self, state: State, length: int) -> bool:
        """May a word of ``length`` letters end after this state?"""
        mask, _, _, need, _, nd, flags, g = state
        if need or mask & self.inked_mask != self.inked_mask:
            return False
        if (self.pool_mask & ~mask).bit_count() < length - mask.bit_count():
            return False  # not enough free hand cards for the anonymous wilds
        if g:
            if not mask >> self.n_card & 1 or nd < g - 1:
                return False  # the guessed multiplier of the per-wild card was not reached
            flags |= self.n_genre  # the per-wild prestige is a genre bonus
        return not flags or self.active(mask, flags)

    def active_genres(self, mask: int) -> int:
        """The genre bits with two sources among the cards in ``mask`` and the own classics."""
        found = self.active_memo.get(mask)
        if found is None:
            found = 0
            for bit, (cards, own) in self.genre_sources.items():
                if (mask & cards).bit_count() + own >= 2:
                    found |= bit
            self.active_memo[mask] = found
        return found

    def active(self, mask: int, genres: int) -> bool:
        """Do all these genres have two sources among the cards in ``mask`` and the own classics?"""
        for bit, (cards, own) in self.genre_sources.items():
            if genres & bit and (mask & cards).bit_count() + own < 2:
                return False
        return True

    def _cards(self, mask: int, p: int) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        """The cards ``moves`` may place at ``p`` after the cards in ``mask``, face up and as revealed wilds,
        with what each pays there (the same for every state with those cards: cached)."""
        key = (mask, self.face_group[p])
        found = self.cards_memo.get(key)
        if found is None:
            faces = []
            for i in self.faces[p]:
                if mask >> i & 1:
                    continue
                bit_i = mask | 1 << i
                if not self.source[i]:
                    faces.append((bit_i, -1, self.letter[i], (i, False), False, self.weight[i], 0, (), False, 0.0))
                    continue
                # A genre already active stays active (more cards never lower a count): no check left.
                faces.append((bit_i, self.canon[i], self.letter[i], (i, False), True, self.pay(mask, i),
                              ~self.active_genres(bit_i), self.variants[i], i == self.n_card, self.extra[i]))
            pool = self.pool_memo.get(mask)
            if pool is None:
                pool = [(mask | 1 << i, self.canon[i], (i, True), self.pay(mask, i),
                         ~self.active_genres(mask | 1 << i), self.variants[i], i == self.n_card, self.extra[i])
                        for i in self.pool if not mask >> i & 1]
                self.pool_memo[mask] = pool
            found = (faces, pool)
            self.cards_memo[key] = found
        return found

    def moves(self, state: State, p: int) -> list[Move]:
        """Every way to fill position ``p`` after ``state``.

        A source placed right of the state's card takes that card's doubles left (doubling is never
        harmful, R13.7) and may spend some of its own on it (R13.1, R13.8).  (Written out in one loop:
        this is the programme's inner loop.)"""
        mask, prev, unc_r, need, dbl_r, nd, flags, g = state
        n_card = self.n_card
        if g > 1 and mask >> n_card & 1 and prev != n_card and nd < g - 1:
            return []  # the per-wild card has both neighbours and fell short of the guess
        out: list[Move] = []
        append = out.append
        wild_pay = self.rate * g
        cap = g - 1 if g > 1 else 0  # doubles of the per-wild card beyond the guess change nothing
        last = p == self.n - 1
        left = prev >= 0
        doubled = left and dbl_r > 0  # the left card's doubles left go to the next source
        to_left = self.extra[prev] if left else 0.0
        left_is_n = prev == n_card
        reveal_left = left and unc_r > 0 and not need
        faces, pool = self._cards(mask, p)
        for bit_i, ci, letter, slot, source, v, settled, variants, is_n, x_i in faces:
            if not source:
                if not need:
                    append(((bit_i, -1, 0, False, 0, nd, flags, g), v, letter, slot))
                continue
            if doubled:
                v += dbl_r * x_i
                nd0 = nd + dbl_r if is_n else nd
            else:
                nd0 = nd
            for u, d, bit in variants:
                if need:
                    if not u:
                        continue
                    u -= 1  # i reveals the wild on its left
                fl = (flags | bit) & settled
                append(((bit_i, ci, u, False, d, min(nd0, cap), fl, g), v, letter, slot))
                if d and left:
                    for j in range(1, d + 1):
                        append(((bit_i, ci, u, False, d - j, min(nd0 + j if left_is_n else nd0, cap), fl, g),
                                v + j * to_left, letter, slot))
        if not need:  # an anonymous wild
            append(((mask, -1, 0, False, 0, nd, flags, g), wild_pay, "", (-1, True)))
        for bit_i, ci, slot, v, settled, variants, is_n, x_i in pool:
            v += wild_pay
            if doubled:
                v += dbl_r * x_i
                nd0 = nd + dbl_r if is_n else nd
            else:
                nd0 = nd
            for u, d, bit in variants:
                fl = (flags | bit) & settled
                # Revealed by the left card (its uncover spent on i): i's own uncovers may go right.
                # Revealed by the right card: i may reveal the left card in turn (a chain, R14.3).
                for unc, waits in ((u, False), (0, True)):
                    if waits:
                        if last or (need and not u):
                            continue
                    elif not reveal_left:
                        continue
                    append(((bit_i, ci, unc, waits, d, min(nd0, cap), fl, g), v, "", slot))
                    if d and left:
                        for j in range(1, d + 1):
                            append(((bit_i, ci, unc, waits, d - j, min(nd0 + j if left_is_n else nd0, cap), fl, g),
                                    v + j * to_left, "", slot))
        return out

    def pay(self, mask: int, i: int) -> float:
        """What source i pays when it joins the sources in ``mask``, with the genre bonus it brings: its own
        once its genre has two sources, and the first source's too when i is the second (R10.3)."""
        plain, off = self.plain, self.plain_off
        bonus = plain[i] - off[i]
        if not bonus and not self.genre_mask[i]:
            return plain[i]
        others = mask & self.genre_mask[i]
        count = others.bit_count() + self.genre_start[i]
        if count == 0:
            return off[i]
        value = plain[i]
        if count == 1 and others:
            j = others.bit_length() - 1
            value += plain[j] - off[j]
        return value

    def backward(self, layers: list[dict[State, float]], length: int, floor: float = -math.inf
                 ) -> list[dict[State, float]]:
        """``h[p][state]``: the most positions ``p`` .. ``length - 1`` can add after ``state`` (states of
        the forward layers only; a state missing from ``h[p]`` cannot end a word of ``length`` letters,
        or cannot beat ``floor`` with its best first positions: the forward value, then at most
        :meth:`rest`)."""
        h: list[dict[State, float]] = [{} for _ in range(length + 1)]
        h[length] = {s: 0.0 for s in layers[length] if self.complete(s, length)}
        target = floor - self.fixed(length)
        for p in range(length - 1, -1, -1):
            self.ctx.check_time(1 + len(layers[p]) // 4)
            after = h[p + 1]
            here = h[p]
            left = length - p
            for state, value in layers[p].items():
                if value + self.rest(state, left) <= target:
                    continue
                best = -math.inf
                for key, gain, _, _ in self.moves(state, p):
                    rest = after.get(key)
                    if rest is not None and gain + rest > best:
                        best = gain + rest
                if best > -math.inf and value + best > target:
                    here[state] = best
        return h


class LayoutSearch:
    """The ceilings of every length and the walk of their layouts against a word list."""

    def __init__(self, ctx: Context, prof: Profile, longest: int, floor: float, state_limit: int | None = None
                 ) -> None:
        letters = frozenset(e.letter for e in ctx.entries)
        self.programme = Programme(ctx, prof, [letters] * longest)
        self.layers = self.programme.forward(floor, state_limit)
        self.ceilings = self.programme.bounds(self.layers, floor)

    def walk(self, length: int, floor: Callable[[], float], words: Any,
             narrow: Callable[[Any, int, str], Any], found: Callable[[Any, list[Slot], float], None],
             upper: float = math.inf) -> None:
        """Every layout of ``length`` letters whose bound beats ``floor()`` (read again at every step: it
        rises as plays are found) and that some word fits: ``narrow(words, p, letter)`` keeps the words
        with ``letter`` at position ``p`` (None: there are none); ``found(words, slots, bound)`` gets each
        complete layout with the words that fit it, best bound first within each step.

        The best play is most often worth the ceiling itself, so the walk first aims within one point of
        it (unless no play is worth that much: ``upper``): fewer states can get there, and a play found
        above that aim is the best (every layout above it was walked).  Only when none is found does it
        walk again down to ``floor()``."""
        aim = self.ceilings[length - 1] - 1.0
        if floor() < aim < upper:
            self._walk(length, lambda: max(aim, floor()), words, narrow, found)
            if floor() > aim:
                return
        self._walk(length, floor, words, narrow, found)

    def _walk(self, length: int, floor: Callable[[], float], words: Any,
              narrow: Callable[[Any, int, str], Any], found: Callable[[Any, list[Slot], float], None]) -> None:
        prog = self.programme
        h = prog.backward(self.layers, length, floor())
        fixed = prog.fixed(length)
        ctx = prog.ctx
        slots: list[Slot] = []

        def rec(p: int, state: State, value: float, fit: Any) -> None:
            ctx.check_time()
            if p == length:
                found(fit, slots, fixed + value)
                return
            after = h[p + 1]
            options = []
            for key, gain, letter, slot in prog.moves(state, p):
                rest = after.get(key)
                if rest is not None:
                    options.append((value + gain + rest, value + gain, key, letter, slot))
            options.sort(key=lambda o: -o[0])
            for total, v, key, letter, slot in options:
                if fixed + total <= floor():
                    break
                sub = fit if not letter else narrow(fit, p, letter)
                if sub is None:
                    continue
                slots.append(slot)
                rec(p + 1, key, v, sub)
                slots.pop()

        starts = sorted(((h[0][s], s) for s in prog.starts() if s in h[0]), key=lambda o: -o[0])
        for rest, state in starts:
            if fixed + rest > floor():
                rec(0, state, 0.0, words)

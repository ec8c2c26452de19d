"""An upper bound of a word's best arrangement that knows where its letters stand (RULES.md R12-R14).

The search's other bounds (:mod:`.solver_bounds`, :mod:`.solver_search`) count what the player's
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
* the per-wild card's multiplier is guessed (1, 2 or 3) and checked at the end against the doubles
  it received, so every wild pays the guessed rate;
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

from .solver_bounds import Context, Profile

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
        self.genre_mask = [0] * len(entries)  # per entry: the other sources of its genre that can be placed
        self.genre_start = [0] * len(entries)  # per entry: own classics of its genre (always sources)
        for i, e in enumerate(entries):
            if e.role in ("hand", "inked") and e.genre != "starter":
                self.genre_mask[i] = sum(1 << j for j, f in enumerate(entries)
                                         if j != i and f.genre == e.genre and f.role in ("hand", "inked"))
                self.genre_start[i] = sum(1 for f in entries if f.role == "own" and f.genre == e.genre)
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
        self.variants: list[list[tuple[int, int, int]]] = []
        for i, e in enumerate(entries):
            if not prof.uncover[i] and not self.double[i]:
                self.variants.append([(0, 0, 0)])
                continue
            printed = (int(e.uncover_basic), min(e.double_basic, self.double[i]), 0)
            full = (int(e.uncover_basic or e.uncover_genre) if prof.uncover[i] else 0, self.double[i],
                    self.genre_bit.get(e.genre, 0))
            self.variants.append([printed] if full[:2] == printed[:2] else [printed, full])
        self.faces = [[i for i, e in enumerate(entries) if e.letter in letters] for letters in allowed]
        per_wild = per_wild_card(ctx, prof)
        self.n_card, self.rate = per_wild if per_wild is not None else (-1, 0.0)
        self.n_genre = self.genre_bit.get(entries[self.n_card].genre, 0) if self.n_card >= 0 else 0
        self.best_extra = max((self.extra[i] for i in range(len(entries)) if self.source[i]), default=0.0)
        self.gains = sorted(((max(0.0, self.plain[i] if self.source[i] else self.weight[i]), i)
                             for i in range(len(entries))), reverse=True)
        self.rest_memo: dict[tuple[int, int], float] = {}
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
        for p in range(n):
            states = layers[-1]
            ctx.check_time(1 + len(states) // 64)
            if state_limit is not None and len(states) > state_limit:
                raise TooLarge
            if target > -math.inf:
                left = n - p
                states = {key: v for key, v in states.items() if v + self.rest(key, left) > target}
                layers[-1] = states
            nxt: dict[State, float] = {}
            get = nxt.get
            for state, value in states.items():
                for key, gain, _, _ in self.moves(state, p):
                    v = value + gain
                    if v > get(key, -math.inf):
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
        """What ``left`` more positions can add at most: a wild's pay each, the best unused cards once
        each, a best double per double ability not yet spent, and the genre bonus of a placed card that
        is still alone in its genre (paid when a second one comes, see :meth:`pay`)."""
        mask = state[0]
        found = self.rest_memo.get((mask, left))
        if found is None:
            cards = doubles = 0.0
            k = 0
            for v, i in self.gains:
                if not mask >> i & 1:
                    doubles += self.double[i]
                    if k < left:
                        cards += v
                        k += 1
            pending = 0.0
            for genre_cards, own in self.genre_sources.values():
                alone = mask & genre_cards
                if not own and alone.bit_count() == 1:
                    j = alone.bit_length() - 1
                    pending += self.plain[j] - self.plain_off[j]
            found = cards + doubles * self.best_extra + pending
            self.rest_memo[(mask, left)] = found
        return found + state[4] * self.best_extra + left * self.rate * state[7]

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

    def active(self, mask: int, genres: int) -> bool:
        """Do all these genres have two sources among the cards in ``mask`` and the own classics?"""
        for bit, (cards, own) in self.genre_sources.items():
            if genres & bit and (mask & cards).bit_count() + own < 2:
                return False
        return True

    def moves(self, state: State, p: int) -> list[Move]:
        """Every way to fill position ``p`` after ``state``."""
        mask, prev, unc_r, need, _, nd, flags, g = state
        out: list[Move] = []
        wild_pay = self.rate * g
        last = p == self.n - 1
        source, variants, letter, pay, join = self.source, self.variants, self.letter, self.pay, self.join
        for i in self.faces[p]:
            if mask >> i & 1:
                continue
            if not source[i]:
                if not need:
                    out.append(((mask | 1 << i, -1, 0, False, 0, nd, flags, g), self.weight[i], letter[i], (i, False)))
                continue
            v = pay(mask, i)
            for u, d, bit in variants[i]:
                if need:
                    if not u:
                        continue
                    u -= 1  # i reveals the wild on its left
                join(out, state, flags | bit, v, i, u, d, False, letter[i], False)
        if not need:  # an anonymous wild
            out.append(((mask, -1, 0, False, 0, nd, flags, g), wild_pay, "", (-1, True)))
        reveal_left = prev >= 0 and unc_r > 0 and not need
        for i in self.pool:
            if mask >> i & 1:
                continue
            v = pay(mask, i) + wild_pay
            for u, d, bit in variants[i]:
                # Revealed by the left card (its uncover spent on i): i's own uncovers may go right.
                if reveal_left:
                    join(out, state, flags | bit, v, i, u, d, False, "", True)
                # Revealed by the right card: i may reveal the left card in turn (a chain, R14.3).
                if not last and (not need or u):
                    join(out, state, flags | bit, v, i, 0, d, True, "", True)
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

    def join(self, out: list[Move], state: State, flags: int, value: float, i: int, unc_r: int, mine: int,
             need: bool, letter: str, wild: bool) -> None:
        """Card i becomes a source right of the state's card with ``mine`` double abilities: the left
        card's doubles left go to it (never harmful, R13.7), and i may spend some of its own on the
        left card (R13.1)."""
        mask, prev, _, _, dbl_r, nd, _, g = state
        extra, n_card = self.extra, self.n_card
        cap = max(0, g - 1)  # doubles of the per-wild card beyond the guess change nothing
        if prev >= 0 and dbl_r:
            value += dbl_r * extra[i]
            if i == n_card:
                nd += dbl_r
        mask |= 1 << i
        slot = (i, wild)
        out.append(((mask, i, unc_r, need, mine, min(nd, cap), flags, g), value, letter, slot))
        if mine and prev >= 0:
            for j in range(1, mine + 1):
                d = min(nd + j, cap) if prev == n_card else min(nd, cap)
                out.append(((mask, i, unc_r, need, mine - j, d, flags, g), value + j * extra[prev], letter, slot))

    def backward(self, layers: list[dict[State, float]], length: int) -> list[dict[State, float]]:
        """``h[p][state]``: the most positions ``p`` .. ``length - 1`` can add after ``state`` (states of
        the forward layers only; a state missing from ``h[p]`` cannot end a word of ``length`` letters)."""
        h: list[dict[State, float]] = [{} for _ in range(length + 1)]
        h[length] = {s: 0.0 for s in layers[length] if self.complete(s, length)}
        for p in range(length - 1, -1, -1):
            self.ctx.check_time(1 + len(layers[p]) // 64)
            after = h[p + 1]
            here = h[p]
            for state in layers[p]:
                best = -math.inf
                for key, gain, _, _ in self.moves(state, p):
                    rest = after.get(key)
                    if rest is not None and gain + rest > best:
                        best = gain + rest
                if best > -math.inf:
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
             narrow: Callable[[Any, int, str], Any], found: Callable[[Any, list[Slot], float], None]) -> None:
        """Every layout of ``length`` letters whose bound beats ``floor()`` (read again at every step: it
        rises as plays are found) and that some word fits: ``narrow(words, p, letter)`` keeps the words
        with ``letter`` at position ``p`` (None: there are none); ``found(words, slots, bound)`` gets each
        complete layout with the words that fit it, best bound first within each step."""
        prog = self.programme
        h = prog.backward(self.layers, length)
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

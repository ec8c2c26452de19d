"""Upper bounds of one word's arrangements, whole or partial, that know the word (RULES.md R10-R14).

The bounds of :mod:`hardback_bot.words.solver.bounds` hold for every word of a profile; these know the
word itself: which of its positions a reveal can reach (R14.1, chains R14.3), which neighbours a
doubler can have there (R13.1, R13.2), and, for a partial layout of :mod:`.word`'s search (a
:data:`Placement`), which cards are already placed and where.  Every bound here is at least what the
best arrangement it covers is worth, never less, so the search may drop whatever cannot beat the best
value found: a loose bound costs time, never a play.  What a profile's uncover and double cards can
reach is prepared once per profile and kept in ``Context.scratch``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from ..bounds import Context, Profile

Placement = dict[int, int]  # word position -> entry index (face up)


@dataclass(slots=True)
class _Neighbours:
    """What a profile's uncover and double cards can reach, prepared once per profile."""

    inked: dict[str, int]  # inked cards per letter
    uncover_letters: frozenset[str]  # letters with an uncover card that may work
    chains: bool  # a wildable uncover card exists: a revealed card may reveal in turn (R14.3)
    doublers: list[tuple[int, str, bool, float]]  # (entry, letter, wildable, best revealed neighbour)
    best_by_letter: dict[str, list[tuple[float, int]]]  # per letter, its two best doublable sources


def _neighbours(ctx: Context, prof: Profile) -> _Neighbours:
    found = ctx.scratch.get(id(prof))
    if found is None:
        entries = ctx.entries
        best_by_letter: dict[str, list[tuple[float, int]]] = {}
        for x, ids in ctx.by_letter.items():
            best_by_letter[x] = sorted(((prof.extra[j], j) for j in ids if entries[j].source), reverse=True)[:2]
        doublers = []
        for i, e in enumerate(entries):
            if prof.double[i] and e.role != "own":
                wild = max((prof.extra[j] for j in ctx.pool if j != i), default=0.0)
                doublers.append((i, e.letter, e.wildable, wild))
        found = _Neighbours(
            inked={x: sum(1 for i in ids if entries[i].role == "inked") for x, ids in ctx.by_letter.items()},
            uncover_letters=frozenset(x for x, ids in ctx.by_letter.items() if any(prof.uncover[i] for i in ids)),
            chains=any(prof.uncover[i] for i in ctx.pool), doublers=doublers, best_by_letter=best_by_letter)
        ctx.scratch[id(prof)] = found
    return found


def reveal_targets(ctx: Context, prof: Profile, word: str, spots: dict[str, list[int]]) -> frozenset[int]:
    """Positions of ``word`` that a reveal can reach (R14.1): wild-able positions next to a position
    whose letter has an uncover card, and, when a wildable uncover card may itself be revealed,
    next to those in turn (chains, R14.3).  A letter whose inked cards fill all its positions is
    never wild there (R6.4)."""
    if not prof.uncover_mode:
        return frozenset()
    near = _neighbours(ctx, prof)
    filled = {x for x, ps in spots.items() if near.inked.get(x, 0) >= len(ps)}
    sources = [q for q, x in enumerate(word) if x in near.uncover_letters]
    return frozenset(_reach(len(word), sources, lambda p: word[p] not in filled, len(word) if near.chains else 0))


def _reach(n: int, sources: list[int], open_at: Callable[[int], bool], depth: int, cap: int | None = None
           ) -> set[int]:
    """Positions a reveal reaches from ``sources`` (R14.1): their neighbours that ``open_at`` allows, then,
    ``depth`` more times, the neighbours of those (a revealed uncover card reveals in turn, R14.3);
    it stops early once ``cap`` positions are reached."""
    frontier = sources
    targets: set[int] = set()
    while frontier:
        step = []
        for q in frontier:
            for p in (q - 1, q + 1):
                if 0 <= p < n and p not in targets and open_at(p):
                    targets.add(p)
                    step.append(p)
        if not depth or (cap is not None and len(targets) >= cap):
            break
        depth -= 1
        frontier = step
    return targets


def local_weights(ctx: Context, prof: Profile, word: str, targets: frozenset[int]) -> list[float]:
    """Each card's bound in this word: a doubler adds only what its possible neighbours can give."""
    if not prof.double_mode:
        return prof.weight
    near = _neighbours(ctx, prof)
    out = list(prof.weight)
    n = len(word)
    for i, letter, wildable, wild in near.doublers:
        # A revealed wild next to it (at a reachable position) may be any other free card; it may
        # itself be a revealed wild at such a position (if wildable), else it sits on its own letter.
        spots = {p for p, ch in enumerate(word) if ch == letter}
        if wildable:
            spots |= targets
        best = 0.0
        for p in spots:
            for q in (p - 1, p + 1):
                if 0 <= q < n:
                    if q in targets and wild > best:
                        best = wild
                    for extra, j in near.best_by_letter.get(word[q], ()):
                        if j != i:
                            if extra > best:
                                best = extra
                            break
        out[i] = prof.plain[i] + best * prof.double[i]
    return out


def word_letters(word: str) -> dict[str, list[int]]:
    """The positions of each letter of ``word``, left to right."""
    spots: dict[str, list[int]] = {}
    for i, ch in enumerate(word):
        spots.setdefault(ch, []).append(i)
    return spots


def word_bound(ctx: Context, word: str) -> float:
    """Upper bound of the best arrangement of ``word`` (what :func:`.word.best_for_word` checks first)."""
    word = word.upper()
    spots = word_letters(word)
    prof = ctx.profile(ctx.uses({x: len(ps) for x, ps in spots.items()}))
    targets = reveal_targets(ctx, prof, word, spots)
    return quick_bound(ctx, prof, word, spots, local_weights(ctx, prof, word, targets), targets)


def quick_bound(ctx: Context, prof: Profile, word: str, spots: dict[str, list[int]], weight: list[float],
                 targets: frozenset[int]) -> float:
    """Bound of ``word`` under ``prof`` with per-card bounds ``weight`` (:func:`local_weights`): face-up
    cards, revealed wilds and per-wild prestige bounded together (``Context.cards_bound``), with no more
    reveals than the positions ``targets`` a reveal can reach (:func:`reveal_targets`)."""
    uses = {x: len(ps) for x, ps in spots.items()}
    return (prof.base + ctx.cards_bound(prof, uses, len(word), weight, min(prof.uncovers, len(targets)))
            + ctx.weights.length * len(word))


def reveal_counter(ctx: Context, prof: Profile, word: str, spots: dict[str, list[int]], letters: list[str],
                  cap: int) -> Callable[[Placement, int], int]:
    """How many reveals a partial layout still allows: ``reveals(placement, done)``.

    Like :func:`reveal_targets`, but with the first ``done`` letters placed: their empty positions
    are wild, their uncover cards are face up only where placed; a chain needs a wildable uncover
    card not yet face up for each further step (R14.1, R14.3).
    """
    near = _neighbours(ctx, prof)
    n = len(word)
    order = {x: k for k, x in enumerate(letters)}
    never_wild = [near.inked.get(x, 0) >= len(spots[x]) for x in word]
    uncover_letter = [x in near.uncover_letters for x in word]
    chain_cards = [i for i in ctx.pool if prof.uncover[i]]

    def reveals(placement: Placement, done: int) -> int:
        if not cap:
            return 0
        # Sources: placed uncover cards, and positions of letters still to place that have one.
        sources = [q for q in range(n)
                   if (prof.uncover[placement[q]] if q in placement else order[word[q]] >= done and uncover_letter[q])]
        placed = set(placement.values())
        depth = sum(1 for i in chain_cards if i not in placed)
        targets = _reach(n, sources, lambda p: not never_wild[p] and p not in placement, depth, cap)
        return min(cap, len(targets))

    return reveals


def doubles_correction(ctx: Context, prof: Profile, word: str, letters: list[str], weight: list[float],
                        targets: frozenset[int]) -> Callable[[Placement, int], float]:
    """How much less than their letter-option weight the placed doublers can add, given their neighbours.

    A doubler's weight counts the best card any neighbour position could hold; once a neighbour
    is placed its card is known, and once its letter is done and the position is still empty it
    can only be a (possibly revealed) wild.  Returns ``correct(placement, done)`` (<= 0), where
    ``done`` letters of ``letters`` are placed.
    """
    entries = ctx.entries
    near = _neighbours(ctx, prof)
    doublers = {d[0] for d in near.doublers}
    uncover_mode = bool(targets)
    by_letter = {x: near.best_by_letter[x][0][0] if near.best_by_letter.get(x) else 0.0 for x in set(word)}
    order = {x: n for n, x in enumerate(letters)}
    n = len(word)

    def correct(placement: Placement, done: int) -> float:
        total = 0.0
        revealed = 0.0
        if uncover_mode:  # an empty neighbour may hold a revealed card: a free wildable one
            used = set(placement.values())
            revealed = max((prof.extra[j] for j in ctx.pool if j not in used), default=0.0)
        for p, i in placement.items():
            if i not in doublers:
                continue
            best = 0.0
            for q in (p - 1, p + 1):
                if not 0 <= q < n:
                    continue
                j = placement.get(q)
                if j is not None:
                    if entries[j].source:
                        best = max(best, prof.extra[j])
                else:
                    shown = revealed if q in targets else 0.0
                    best = max(best, shown) if order[word[q]] < done else max(best, shown, by_letter[word[q]])
            total += min(0.0, prof.plain[i] + best * prof.double[i] - weight[i])
        return total

    return correct


def arrangement_bound(ctx: Context, prof: Profile, word: str, placement: Placement,
                       identities: dict[int, int], pending: float = 0.0) -> float:
    """Bound of one arrangement: its possible sources, and for each doubler its best neighbour.

    ``pending``: what doubling a wild neighbour not yet given a card may add (it may be revealed).
    """
    entries = ctx.entries
    at = dict(identities)
    at.update(placement)
    total = prof.base + ctx.weights.length * len(word)
    total += prof.wild_rate * sum(1 for p in range(len(word)) if p not in placement)
    for p, i in at.items():
        e = entries[i]
        if not e.source:
            total += prof.weight[i]
            continue
        if e.role != "own":
            total += prof.plain[i]
        if prof.double[i]:
            best = 0.0
            for q in (p - 1, p + 1):
                j = at.get(q)
                if j is not None and entries[j].source:
                    best = max(best, prof.extra[j])
                elif j is None and 0 <= q < len(word):
                    best = max(best, pending)
            total += best * prof.double[i]
    return total


def leaf_bound(ctx: Context, prof: Profile, word: str, placement: Placement, identities: dict[int, int],
                floor: float) -> float:
    """Bound of a complete layout (no reveal left to decide): like :func:`arrangement_bound`, but
    knowing its cards.

    Genre counts are those of its face-up cards, its wilds that may be revealed and the own
    classics (R10.4, R14.4): a genre below two gives no genre bonus (R10.3), so its cards count
    without one.  The discard pile's room is known too (its hand cards are the face-up ones plus
    one per wild, R7.9), and at most that many dumps pay (R15.7).  Each uncover card with a wild
    neighbour reveals one wild at most (R14.1): with more candidate wilds than such cards, every
    choice of which are revealed is bounded and the largest kept (only when it matters: the bound
    with every candidate revealed is returned when it is at most ``floor``).
    """
    n = len(word)
    reveals = sum(1 for p, i in (*placement.items(), *identities.items())
                  if prof.uncover[i] and any(0 <= q < n and q not in placement for q in (p - 1, p + 1)))
    everything = _layout_bound(ctx, prof, word, placement, identities)
    if len(identities) <= reveals or everything <= floor:
        return everything
    # More revealed cards never lower the bound (every card's bound is >= 0), so only the largest
    # choices need trying.
    shown = list(identities.items())
    return max(_layout_bound(ctx, prof, word, placement, dict(chosen))
               for chosen in itertools.combinations(shown, reveals))


def _layout_bound(ctx: Context, prof: Profile, word: str, placement: Placement, identities: dict[int, int]
                  ) -> float:
    """:func:`leaf_bound` for one set of revealed wilds (``identities``)."""
    entries = ctx.entries
    at = dict(identities)
    at.update(placement)
    counts: dict[str, int] = {}
    for i in at.values():
        e = entries[i]
        if e.source and e.role != "own":
            counts[e.genre] = counts.get(e.genre, 0) + 1
    own = [i for i, e in enumerate(entries) if e.role == "own"]
    for i in own:
        counts[entries[i].genre] = counts.get(entries[i].genre, 0) + 1

    def on(i: int) -> bool:
        return counts.get(entries[i].genre, 0) >= 2

    total = ctx.weights.length * len(word) + prof.wild_rate * sum(1 for p in range(len(word)) if p not in placement)
    dumps = []
    for i in own:
        total += prof.plain[i] if on(i) else prof.plain_off[i]
        dumps.append(prof.dump[i] if on(i) else prof.dump_off[i])
    for p, i in at.items():
        e = entries[i]
        if not e.source:
            total += prof.weight[i]
            continue
        active = on(i)
        if e.role != "own":
            total += prof.plain[i] if active else prof.plain_off[i]
            dumps.append(prof.dump[i] if active else prof.dump_off[i])
        double = prof.double[i] if active else min(prof.double[i], e.double_basic)
        if double:
            best = 0.0
            for q in (p - 1, p + 1):
                j = at.get(q)
                if j is not None and entries[j].source:
                    best = max(best, prof.extra[j] if on(j) else prof.extra_off[j])
            total += best * double
    if ctx.discard_size is not None:
        hand_used = sum(1 for i in placement.values() if entries[i].in_hand) + len(word) - len(placement)
        room = max(0, ctx.discard_size + ctx.hand_size - hand_used)
        dumps = sorted((d for d in dumps if d > 0), reverse=True)
        total -= sum(dumps[room:])
    return total

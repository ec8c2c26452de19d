"""One word's arrangements as the search writes them, as the engine lays them, and what they are worth.

An arrangement is a list ``chosen`` of ``(entry, wild?)`` pairs, one per position of the word, each
``entry`` an index into ``Context.entries``.  This module turns one into the engine's spell move
(:func:`word_cards`) and word (:func:`slots_for`), values it exactly with the engine's scoring
(:func:`evaluate`: :func:`~hardback_bot.words.solver.value.best_outcome` plus the solver's own length and
rival-classic weights), reads a given move back as an arrangement and checks it is legal
(:func:`chosen_from_cards`, RULES.md R6.4, R7.3), lists every legal one (:func:`all_arrangements`), and
makes one legal arrangement without search (:func:`greedy_arrangement`, an anytime search's first
answer).  It searches nothing: which arrangement is best is :mod:`.word`'s job.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from hardback_bot.engine.moves import WordCard
from hardback_bot.engine.state import Slot

from ..bounds import Context
from ..value import Outcome, best_outcome

WILD = -1  # an anonymous wild in an arrangement key: any free hand card, never uncovered

Found = tuple[Outcome, tuple[WordCard, ...]]  # an arrangement's value and the engine's cards for it


def word_cards(ctx: Context, word: str, chosen: list[tuple[int, bool]]) -> tuple[WordCard, ...]:
    """An arrangement as the engine's cards: each entry's card, wilds with the word's letter there."""
    entries = ctx.entries
    return tuple(WordCard(entries[i].card, word[p] if wild else None) for p, (i, wild) in enumerate(chosen))


def slots_for(ctx: Context, word: str, chosen: list[tuple[int, bool]]) -> tuple[list[Slot], tuple[int, ...], int]:
    """The engine's slots for an arrangement, own classics left out of it, and hand cards used."""
    entries = ctx.entries
    slots = []
    in_word = set()
    hand_used = 0
    for p, (i, wild) in enumerate(chosen):
        e = entries[i]
        in_word.add(e.card)
        if e.role in ("hand", "inked"):
            hand_used += 1
        slots.append(Slot(card=e.card, letter=word[p] if wild else e.letter, wild=wild,
                          owner=e.owner if e.role in ("own", "rival") else -1, inked=e.role == "inked"))
    classics = tuple(c for c in ctx.own_classics if c not in in_word)
    return slots, classics, hand_used


def evaluate(ctx: Context, word: str, chosen: list[tuple[int, bool]], limit: int | None = None) -> Outcome:
    """The value of one arrangement, best over its uncover/double choices (``limit``: at most that many
    of them tried; see :func:`~hardback_bot.words.solver.value.best_outcome`)."""
    slots, classics, hand_used = slots_for(ctx, word, chosen)
    room = None if ctx.discard_size is None else ctx.discard_size + ctx.hand_size - hand_used
    outcome = best_outcome(slots, classics, ctx.seat, ctx.weights, room, limit=limit, tick=ctx.check_time)
    w = ctx.weights
    rivals = sum(1 for i, _ in chosen if ctx.entries[i].role == "rival")
    bonus = w.length * len(word) + w.rival_classic * rivals
    if bonus:
        outcome = _with_bonus(outcome, bonus)
    return outcome


def _with_bonus(o: Outcome, bonus: float) -> Outcome:
    return replace(o, value=o.value + bonus)


GREEDY_RESOLUTIONS = 32  # ways of resolving one greedy layout tried (an anytime search's first answers)


def greedy_arrangement(ctx: Context, word: str) -> list[tuple[int, bool]] | None:
    """One legal arrangement of ``word`` made without search, or None if the cards cannot spell it.

    Inked cards go face up first (R6.4), then the timeless classics in play (they save hand cards,
    R7.1), then hand cards, most valuable first; the other positions are wilds (R7.3).  Wilds next to
    a face-up uncover card take the most valuable free cards (they may be revealed, R14.1), the others
    the least valuable.  Every word the cards can spell gets one: placing every matching inked card and
    classic leaves at most as many positions as there are hand cards to fill them (R7).
    """
    word = word.upper()
    entries = ctx.entries
    n = len(word)
    chosen: list[tuple[int, bool] | None] = [None] * n
    used: set[int] = set()
    open_at: dict[str, list[int]] = {}
    for p, ch in enumerate(word):
        open_at.setdefault(ch, []).append(p)

    def worth(i: int) -> float:
        e = entries[i]
        return e.lower + (2.0 if e.uncover_basic or e.uncover_genre or e.double_basic or e.double_genre else 0.0)

    order = sorted(range(len(entries)), key=lambda i: ({"inked": 0, "own": 1, "rival": 2}.get(entries[i].role, 3),
                                                      -worth(i), i))
    for i in order:
        spots = open_at.get(entries[i].letter)
        if spots:
            chosen[spots.pop(0)] = (i, False)
            used.add(i)
        elif entries[i].role == "inked":
            return None  # R6.4: an inked card's letter is not (often enough) in the word
    free = sorted((i for i in ctx.pool if i not in used), key=lambda i: (-worth(i), i))
    wild = [p for p in range(n) if chosen[p] is None]
    if len(wild) > len(free):
        return None
    near = [p for p in wild if any(0 <= q < n and chosen[q] is not None and (entries[chosen[q][0]].uncover_basic
                                                                         or entries[chosen[q][0]].uncover_genre)
                                   for q in (p - 1, p + 1))]
    rest = [p for p in wild if p not in near]
    for p, i in zip(near, free, strict=False):
        chosen[p] = (i, True)
    spare = free[len(near):]
    for p, i in zip(rest, reversed(spare), strict=False):
        chosen[p] = (i, True)
    return [c for c in chosen if c is not None]


def greedy_play(ctx: Context, word: str) -> Found | None:
    """:func:`greedy_arrangement` valued by the engine (a few resolutions at most): a legal play, fast."""
    chosen = greedy_arrangement(ctx, word)
    if chosen is None:
        return None
    word = word.upper()
    outcome = evaluate(ctx, word, chosen, limit=GREEDY_RESOLUTIONS)
    return outcome, word_cards(ctx, word, chosen)


def all_arrangements(ctx: Context, word: str) -> Iterator[tuple[WordCard, ...]]:
    """Every legal arrangement of ``word`` (R6.4, R7.3): each position a matching card face up or
    any free hand card wild, every inked card face up."""
    word = word.upper()
    entries = ctx.entries
    n = len(word)
    chosen: list[tuple[int, bool]] = []
    used: set[int] = set()
    inked = set(ctx.inked)

    def rec(p: int) -> Iterator[tuple[WordCard, ...]]:
        if p == n:
            if inked <= used:
                yield tuple(WordCard(entries[i].card, word[q] if wild else None)
                            for q, (i, wild) in enumerate(chosen))
            return
        for i, e in enumerate(entries):
            if i in used:
                continue
            options = []
            if e.letter == word[p]:
                options.append(False)
            if e.wildable:
                options.append(True)
            for wild in options:
                used.add(i)
                chosen.append((i, wild))
                yield from rec(p + 1)
                chosen.pop()
                used.discard(i)

    yield from rec(0)


def chosen_from_cards(ctx: Context, cards: tuple[WordCard, ...]) -> list[tuple[int, bool]]:
    """Entry indexes of a given arrangement; ValueError if the player may not lay it (R6.4, R7.3)."""
    index = {e.card: i for i, e in enumerate(ctx.entries)}
    out = []
    for w in cards:
        i = index.get(w.card)
        if i is None:
            raise ValueError(f"card {w.card} is not in the hand or in play")
        if w.wild is not None and not ctx.entries[i].wildable:
            raise ValueError(f"card {w.card} cannot be wild (inked, or a timeless classic in play)")
        out.append((i, w.wild is not None))
    if len({i for i, _ in out}) != len(out):
        raise ValueError("a card is used twice")
    if not {i for i, wild in out if not wild} >= set(ctx.inked):
        raise ValueError("every inked card must be in the word, face up")
    return out

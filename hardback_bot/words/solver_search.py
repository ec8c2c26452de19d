"""Exact arrangement search for one word (RULES.md R6.4, R7, R7.10).

An *arrangement* says, for each letter of the word, which card supplies it and whether it is
wild.  :func:`best_for_word` finds the arrangement worth most, exactly: every choice that can
change the value is tried, and the engine's scoring code values each candidate.  It skips only
choices that provably cannot win:

* with no uncover ability and no ``prestige_per_wild`` among the player's cards, a card that can
  be face up is never worse face up than wild (a wild then gives nothing), so each letter uses
  as many matching cards as it can;
* with no uncover and no double ability, positions do not matter, so only *which* cards are
  face up is searched, not where;
* which physical card a wild is matters only if the wild may be uncovered (it sits next to an
  uncover card, or next to such a wild), so other wilds take any free hand card, and cards of the
  same kind (genre and benefits) are tried once;
* a wild nobody uncovers, where a free card worth at least the per-wild prestige could stand
  face up, is dominated by that other arrangement (also searched);
* a partial choice whose upper bound (:mod:`.solver_bounds`) cannot beat the best value found
  is dropped.

Results are cached per layout (a wild's letter does not change the value) and per word shape.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from hardback_bot.engine.moves import WordCard
from hardback_bot.engine.state import Slot

from .solver_bounds import Context, Profile
from .solver_value import Outcome, best_outcome

WILD = -1  # an anonymous wild in an arrangement key: any free hand card, never uncovered

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


def _reveal_targets(ctx: Context, prof: Profile, word: str, spots: dict[str, list[int]]) -> frozenset[int]:
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


def _local_weights(ctx: Context, prof: Profile, word: str, targets: frozenset[int]) -> list[float]:
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


def _letter_options(ctx: Context, prof: Profile, positions: list[int], cands: list[int], weight: list[float]
                    ) -> list[tuple[float, Placement, int]]:
    """Ways one letter's positions can be filled face up: (bound, placement, wildable cards used)."""
    entries = ctx.entries
    inked = [i for i in cands if entries[i].role == "inked"]
    if len(inked) > len(positions):
        return []
    top = min(len(positions), len(cands))
    counts = range(len(inked), top + 1) if prof.flexible else [top]
    out: list[tuple[float, Placement, int]] = []
    others = [i for i in cands if entries[i].role != "inked"]
    for f in counts:
        for extra in itertools.combinations(others, f - len(inked)):
            chosen = inked + list(extra)
            # Positions of this letter left wild may each pay per-wild prestige (R11.11).
            bound = sum(weight[i] for i in chosen) + prof.wild_rate * (len(positions) - f)
            used_pool = sum(1 for i in chosen if entries[i].role == "hand")
            if prof.positional:
                for spots in itertools.combinations(positions, f):
                    for order in itertools.permutations(chosen):
                        out.append((bound, dict(zip(spots, order, strict=True)), used_pool))
            else:
                out.append((bound, dict(zip(positions, chosen, strict=False)), used_pool))
    out.sort(key=lambda o: -o[0])
    return out


def _word_letters(word: str) -> dict[str, list[int]]:
    spots: dict[str, list[int]] = {}
    for i, ch in enumerate(word):
        spots.setdefault(ch, []).append(i)
    return spots


def word_bound(ctx: Context, word: str) -> float:
    """Upper bound of the best arrangement of ``word`` (what :func:`best_for_word` checks first)."""
    word = word.upper()
    spots = _word_letters(word)
    prof = ctx.profile(ctx.uses({x: len(ps) for x, ps in spots.items()}))
    targets = _reveal_targets(ctx, prof, word, spots)
    return _quick_bound(ctx, prof, word, spots, _local_weights(ctx, prof, word, targets), targets)


def _quick_bound(ctx: Context, prof: Profile, word: str, spots: dict[str, list[int]], weight: list[float],
                 targets: frozenset[int]) -> float:
    # Face-up cards, revealed wilds and per-wild prestige, bounded together (Context.cards_bound);
    # no more reveals than positions a reveal can reach.
    uses = {x: len(ps) for x, ps in spots.items()}
    return (prof.base + ctx.cards_bound(prof, uses, len(word), weight, min(prof.uncovers, len(targets)))
            + ctx.weights.length * len(word))


Found = tuple[Outcome, tuple[WordCard, ...]]


def best_for_word(ctx: Context, word: str, floor: float = -math.inf, sink: list[Found] | None = None
                  ) -> Found | None:
    """The best arrangement of ``word`` worth more than ``floor``, or None (R7.10).

    Words with the same *shape* (the player's letters in the same places, other letters wild
    whatever they are) have the same arrangements and values: the answer is cached per shape.
    """
    word = word.upper()
    shape = "".join(ch if ch in ctx.by_letter else "*" for ch in word)
    cached = ctx.shapes.get(shape)
    if cached is not None:
        seen_floor, found = cached
        if found is None:
            if floor >= seen_floor:
                return None
        else:
            outcome, cards = found
            if outcome.value <= floor:
                return None
            return outcome, tuple(WordCard(w.card, word[p] if w.wild else None) for p, w in enumerate(cards))
    result = _best_for_word(ctx, word, floor, sink)
    ctx.shapes[shape] = (floor, result)
    return result


def _best_for_word(ctx: Context, word: str, floor: float, sink: list[Found] | None) -> Found | None:
    spots = _word_letters(word)
    entries = ctx.entries
    if any(entries[i].letter not in spots for i in ctx.inked):
        return None  # R6.4: an inked card's letter is not in the word
    prof = ctx.profile(ctx.uses({x: len(ps) for x, ps in spots.items()}))
    targets = _reveal_targets(ctx, prof, word, spots)
    weight = _local_weights(ctx, prof, word, targets)
    if _quick_bound(ctx, prof, word, spots, weight, targets) <= floor:
        return None
    letters = sorted(spots, key=lambda x: -max((weight[i] for i in ctx.by_letter.get(x, [])), default=0.0))
    options = [_letter_options(ctx, prof, spots[x], ctx.by_letter.get(x, []), weight) for x in letters]
    if any(not o for o in options):
        return None
    best_rest = [0.0] * (len(options) + 1)
    for k in range(len(options) - 1, -1, -1):
        best_rest[k] = best_rest[k + 1] + options[k][0][0]
    best: list[Found] = sink if sink is not None else []  # improvements, last is best (kept if time runs out)
    state = {"floor": floor}
    placement: Placement = {}
    fixed = prof.base + ctx.weights.length * len(word)  # per-wild prestige is in the letter options
    # Revealed wilds are cards not face up: bounded by the best wildable cards not yet placed.
    reveal_cap = min(prof.uncovers, len(targets))
    reveal_any = prof.uncover_bonus(set(), reveal_cap)
    # A reveal needs an uncover card face up (R14.1): once none is placed and none is left among
    # the letters still to place, no wild can be revealed.
    uncover_left = [False] * (len(letters) + 1)
    for k in range(len(letters) - 1, -1, -1):
        uncover_left[k] = uncover_left[k + 1] or any(prof.uncover[i] for i in ctx.by_letter.get(letters[k], ()))
    correct = _doubles_correction(ctx, prof, word, letters, weight, targets) if prof.double_mode else None
    reveals_left = _reveals_left(ctx, prof, word, spots, letters, reveal_cap)

    def rec(k: int, bound: float, free: int) -> None:
        ctx.check_time()
        if k == len(options):
            if len(word) - len(placement) > free:
                return  # not enough wildable cards left for the other letters
            for found in _complete(ctx, prof, word, placement, state):
                if found[0].value > state["floor"]:
                    state["floor"] = found[0].value
                    best.append(found)
                    ctx.armed = True  # a limited search has its first answer: limits apply from now
            return
        for b, place, used_pool in options[k]:
            if fixed + bound + b + best_rest[k + 1] + reveal_any <= state["floor"]:
                break  # options are sorted by bound
            placement.update(place)
            node = fixed + bound + b + best_rest[k + 1]
            if correct is not None:
                node += correct(placement, k + 1)
            if reveal_any and (uncover_left[k + 1] or any(prof.uncover[i] for i in placement.values())):
                node += prof.uncover_bonus(set(placement.values()), reveals_left(placement, k + 1))
            if node > state["floor"]:
                rec(k + 1, bound + b, free - used_pool)
            for pos in place:
                del placement[pos]

    rec(0, 0.0, len(ctx.pool))
    return best[-1] if best else None


def _reveals_left(ctx: Context, prof: Profile, word: str, spots: dict[str, list[int]], letters: list[str],
                  cap: int) -> Callable[[Placement, int], int]:
    """How many reveals a partial layout still allows: ``reveals(placement, done)``.

    Like :func:`_reveal_targets`, but with the first ``done`` letters placed: their empty positions
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


def _doubles_correction(ctx: Context, prof: Profile, word: str, letters: list[str], weight: list[float],
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


def _complete(ctx: Context, prof: Profile, word: str, placement: Placement, state: dict[str, float]
              ) -> Iterator[tuple[Outcome, tuple[WordCard, ...]]]:
    """Give the wild positions cards and value the arrangement (identities matter only if uncoverable)."""
    entries = ctx.entries
    used = set(placement.values())
    free = [i for i in ctx.pool if i not in used]
    wild_positions = [p for p in range(len(word)) if p not in placement]
    identities: dict[int, int] = {}

    def dominated(free_now: list[int]) -> bool:
        # A wild nobody uncovers gives nothing but per-wild prestige; if a free card that gives at
        # least that much face up could stand there instead, that arrangement (also searched) is at
        # least as good: more sources only add (R13.7, R14.2: uncover and double are never harmful).
        spare = set(free_now)
        for p in wild_positions:
            if p in identities:
                continue
            for i in ctx.by_letter.get(word[p], ()):
                if i in spare and entries[i].lower >= prof.wild_rate:
                    return True
        return False

    if not prof.uncover_mode:
        if (not (prof.per_wild_mode and dominated(free))
                and _leaf_bound(ctx, prof, word, placement, {}, state["floor"]) > state["floor"]):
            yield _value(ctx, word, placement, {}, free)
        return

    def reachable() -> list[int]:
        # Wild positions next to a face-up uncover card, or next to a wild given an uncover card.
        out = []
        for p in wild_positions:
            if p in identities:
                continue
            for q in (p - 1, p + 1):
                i = placement.get(q, identities.get(q))
                if i is not None and prof.uncover[i]:
                    out.append(p)
                    break
        return out

    def rec(free_now: list[int]) -> Iterator[tuple[Outcome, tuple[WordCard, ...]]]:
        ctx.check_time()
        # At most one card per uncover ability is revealed: the best of those given to wilds so far
        # and those still free (doubles of revealed neighbours included through ``pending``).
        pending = max((prof.extra[i] for i in (*free_now, *identities.values())), default=0.0)
        faces = _arrangement_bound(ctx, prof, word, placement, {}, pending)
        revealable = sorted((prof.weight[i] for i in (*free_now, *identities.values())), reverse=True)
        if faces + sum(revealable[: prof.uncovers]) <= state["floor"]:
            return
        todo = reachable()
        if not todo or not free_now:
            if (_leaf_bound(ctx, prof, word, placement, identities, state["floor"]) > state["floor"]
                    and not dominated(free_now)):
                yield _value(ctx, word, placement, identities, free_now)
            return
        p = todo[0]
        tried: set[object] = set()
        for i in sorted(free_now, key=lambda i: -prof.weight[i]):
            # Cards with the same genre and benefits (coin starters, say) are interchangeable wilds.
            if entries[i].kind in tried:
                continue
            tried.add(entries[i].kind)
            identities[p] = i
            yield from rec([j for j in free_now if j != i])
            del identities[p]

    yield from rec(free)


def _arrangement_bound(ctx: Context, prof: Profile, word: str, placement: Placement,
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


def _leaf_bound(ctx: Context, prof: Profile, word: str, placement: Placement, identities: dict[int, int],
                floor: float) -> float:
    """Bound of a complete layout (no reveal left to decide): like :func:`_arrangement_bound`, but
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
    """:func:`_leaf_bound` for one set of revealed wilds (``identities``)."""
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


def _value(ctx: Context, word: str, placement: Placement, identities: dict[int, int], free: list[int]
           ) -> tuple[Outcome, tuple[WordCard, ...]]:
    # The value does not depend on the letters wilds stand for: arrangements of different words
    # with the same cards in the same places share one evaluation.
    key = tuple((placement[p], False) if p in placement else (identities.get(p, WILD), True)
                for p in range(len(word)))
    # Anonymous wilds take the free hand cards that matter least (never uncovered, so any will do).
    spare = [i for i in free if i not in identities.values()]
    chosen: list[tuple[int, bool]] = []
    for i, wild in key:
        if wild and i == WILD:
            i = spare.pop(0)
        chosen.append((i, wild))
    outcome = ctx.memo.get(key)
    if outcome is None:
        outcome = evaluate(ctx, word, chosen)
        ctx.memo[key] = outcome
    return outcome, word_cards(ctx, word, chosen)


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
    of them tried; see :func:`~.solver_value.best_outcome`)."""
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

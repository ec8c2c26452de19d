"""The exact best arrangement of one word (RULES.md R6.4, R7, R7.10).

An *arrangement* says, for each letter of the word, which card supplies it and whether it is
wild.  :func:`best_for_word` finds the arrangement worth most, exactly: every choice that can
change the value is tried, and the engine's scoring code values each candidate
(:func:`.arrange.evaluate`).  It skips only choices that provably cannot win:

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
* a partial choice whose upper bound (:mod:`.word_bounds`) cannot beat the best value found
  is dropped.

Results are cached per layout (a wild's letter does not change the value, ``Context.memo``) and
per word shape (``Context.shapes``).  The search calls ``Context.check_time`` as it goes, so a
limited search may end in ``OutOfTime`` or ``WordCut``: improvements found by then are in ``sink``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

from hardback_bot.engine.moves import WordCard

from ..bounds import Context, Profile
from ..value import Outcome
from .arrange import WILD, Found, evaluate, word_cards
from .word_bounds import (
    Placement,
    arrangement_bound,
    doubles_correction,
    leaf_bound,
    local_weights,
    quick_bound,
    reveal_counter,
    reveal_targets,
    word_letters,
)


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
    spots = word_letters(word)
    entries = ctx.entries
    if any(entries[i].letter not in spots for i in ctx.inked):
        return None  # R6.4: an inked card's letter is not in the word
    prof = ctx.profile(ctx.uses({x: len(ps) for x, ps in spots.items()}))
    targets = reveal_targets(ctx, prof, word, spots)
    weight = local_weights(ctx, prof, word, targets)
    if quick_bound(ctx, prof, word, spots, weight, targets) <= floor:
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
    correct = doubles_correction(ctx, prof, word, letters, weight, targets) if prof.double_mode else None
    reveals_left = reveal_counter(ctx, prof, word, spots, letters, reveal_cap)

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
                and leaf_bound(ctx, prof, word, placement, {}, state["floor"]) > state["floor"]):
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
        faces = arrangement_bound(ctx, prof, word, placement, {}, pending)
        revealable = sorted((prof.weight[i] for i in (*free_now, *identities.values())), reverse=True)
        if faces + sum(revealable[: prof.uncovers]) <= state["floor"]:
            return
        todo = reachable()
        if not todo or not free_now:
            if (leaf_bound(ctx, prof, word, placement, identities, state["floor"]) > state["floor"]
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

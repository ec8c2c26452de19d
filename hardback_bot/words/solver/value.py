"""What one arrangement of cards is worth to its speller (RULES.md R10-R17), under weights.

The automatic part (genre counts, uncover, double, coins and prestige, per-count specials) is
computed by the engine's own functions in :mod:`hardback_bot.engine.scoring`; this module only
searches the player's choices around them (which wild to uncover or card to double when there
are two, R12.1/R12.2) and values the optional and either-or benefits the engine asks about
later (R12.5-R12.9) at their best use under :class:`Weights`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from hardback_bot.engine import scoring
from hardback_bot.engine.cards import Benefit, card
from hardback_bot.engine.state import Slot


@dataclass(frozen=True, slots=True)
class Weights:
    """How much the player values each gain; the best play maximises the weighted sum.

    ``Weights()`` counts coins and prestige one each and takes every optional gain that adds
    something (trash and dump are free), which is what the spelling preview shows as "earns
    the most".  Computer players tune the rest: ``trash_cost`` is what losing a card from the
    deck is worth (a trash is taken only when its gain beats it), ``dump_bonus`` what thinning
    one card from the discard pile is worth, ``jail``/``preview`` what one use of those abilities
    is worth, ``rival_classic`` what sending a rival's timeless classic home is worth (R10.8),
    ``length`` a bonus per letter (awards, R24).
    """

    coins: float = 1.0
    prestige: float = 1.0
    ink: float = 0.5
    remover: float = 0.5
    trash_cost: float = 0.0
    dump_bonus: float = 0.0
    jail: float = 0.0
    preview: float = 0.0
    rival_classic: float = 0.0
    length: float = 0.0

    def __post_init__(self) -> None:
        # The search's upper bounds assume more coins or prestige is never worse.
        if self.coins < 0 or self.prestige < 0:
            raise ValueError("coin and prestige weights must not be negative")


@dataclass(frozen=True, slots=True)
class Outcome:
    """The best resolution of one arrangement: its weighted value and what the player does."""

    value: float
    coins: int
    prestige: int
    ink: int
    remover: int
    trash: tuple[int, ...]  # cards to trash (R12.5)
    dumps: int  # dump abilities to use (R12.6), highest value first
    steps: tuple[tuple[str, int, int], ...]  # ("uncover" | "double", source card, target card), in order
    choices: tuple[tuple[int, str], ...]  # (card, "coins" | "prestige" | "ink" | "remover"), engine order
    jails: int
    previews: int


def copy_word(word: list[Slot]) -> list[Slot]:
    return [Slot(s.card, s.letter, s.wild, s.uncovered, s.mult, s.owner, s.inked) for s in word]


Resolution = tuple[list[Slot], dict[str, int], tuple[tuple[str, int, int], ...]]


def resolutions(word: list[Slot], classics: tuple[int, ...], seat: int) -> Iterator[Resolution]:
    """Every way uncover and double can resolve (R12.1, R12.2): the player picks when two targets."""
    counts = scoring.initial_counts(word, classics, seat)
    yield from _uncovers(copy_word(word), counts, [], (), seat)


def _uncovers(word: list[Slot], counts: dict[str, int], used: list[str], steps: tuple[tuple[str, int, int], ...],
              seat: int) -> Iterator[Resolution]:
    while True:
        found = scoring.next_uncover(word, counts, used, seat)
        if found is None:
            yield from _doubles(word, counts, used, steps, seat)
            return
        i, key, targets = found
        if len(targets) == 1:
            scoring.apply_uncover(word, counts, used, key, targets[0])
            steps += (("uncover", word[i].card, word[targets[0]].card),)
            continue
        for t in targets:
            w2, c2, u2 = copy_word(word), dict(counts), list(used)
            scoring.apply_uncover(w2, c2, u2, key, t)
            yield from _uncovers(w2, c2, u2, (*steps, ("uncover", word[i].card, word[t].card)), seat)
        return


def _doubles(word: list[Slot], counts: dict[str, int], used: list[str], steps: tuple[tuple[str, int, int], ...],
             seat: int) -> Iterator[Resolution]:
    while True:
        found = scoring.next_double(word, counts, used, seat)
        if found is None:
            yield word, counts, steps
            return
        i, key, targets = found
        if len(targets) == 1:
            scoring.apply_double(word, used, key, targets[0])
            steps += (("double", word[i].card, word[targets[0]].card),)
            continue
        for t in targets:
            w2, u2 = copy_word(word), list(used)
            scoring.apply_double(w2, u2, key, t)
            yield from _doubles(w2, dict(counts), u2, (*steps, ("double", word[i].card, word[t].card)), seat)
        return


def settle(word: list[Slot], classics: tuple[int, ...], counts: dict[str, int], seat: int, weights: Weights,
           dump_room: int | None, steps: tuple[tuple[str, int, int], ...]) -> Outcome:
    """Pay R12.3/R12.4 (engine code) and take every later benefit at its best use under ``weights``."""
    w = weights
    gains = scoring.automatic_gains(word, classics, counts, seat)
    coins, prestige, ink, remover = gains.coins, gains.prestige, 0, 0
    trash: list[int] = []
    trash_value = 0.0
    dumps: list[int] = []
    choices: list[tuple[int, str]] = []
    optional = scoring.optional_benefits(word, classics, counts, seat)
    jails = sum(1 for o in optional if o.kind == "jail")
    previews = sum(1 for o in optional if o.kind == "preview")
    for cid, benefits in itertools.groupby(optional, key=lambda o: o.card):
        eithers: list[tuple[int, str]] = []
        inks: list[tuple[int, str]] = []
        for o in benefits:
            kind = o.kind
            if kind == "either_coins_or_prestige":  # R11.2: all one way, the better one
                take = "prestige" if w.prestige >= w.coins else "coins"
                eithers.append((cid, take))
                if take == "coins":
                    coins += o.value
                else:
                    prestige += o.value
            elif kind == "ink_or_remover":  # R11.3, never multiplied
                take = "ink" if w.ink >= w.remover else "remover"
                inks.append((cid, take))
                if take == "ink":
                    ink += 1
                else:
                    remover += 1
            elif kind in ("trash_for_coins", "trash_for_prestige"):
                worth = (w.coins if kind == "trash_for_coins" else w.prestige) * o.value - w.trash_cost
                if worth > 0:  # R15.1: optional, taken only when it adds value
                    trash.append(cid)
                    trash_value += worth
                    if kind == "trash_for_coins":
                        coins += o.value
                    else:
                        prestige += o.value
            elif kind == "dump_discard_for_coins":
                dumps.append(o.value)
        choices += eithers + inks  # R12.8: per card, coins-or-prestige choices before ink-or-remover
    dumps.sort(reverse=True)  # E20: the highest-valued dump goes first; each removes one discard
    if dump_room is not None:
        dumps = dumps[:dump_room]
    used_dumps = [d for d in dumps if w.coins * d + w.dump_bonus > 0]
    coins += sum(used_dumps)
    jails_used = jails if w.jail > 0 else 0
    previews_used = previews if w.preview > 0 else 0
    value = (w.coins * coins + w.prestige * prestige + w.ink * ink + w.remover * remover
             - w.trash_cost * len(trash) + w.dump_bonus * len(used_dumps)
             + w.jail * jails_used + w.preview * previews_used)
    return Outcome(value, coins, prestige, ink, remover, tuple(trash), len(used_dumps), steps, tuple(choices),
                   jails_used, previews_used)


def best_outcome(word: list[Slot], classics: tuple[int, ...], seat: int, weights: Weights,
                 dump_room: int | None, *, limit: int | None = None, tick: Callable[[], None] | None = None
                 ) -> Outcome:
    """The best outcome of an arrangement over the uncover/double choices the player may make.

    ``limit``: try at most that many ways to resolve it (the outcome is then exact for the steps it
    names, maybe not the best of the arrangement); ``tick`` is called once per way tried (a search's
    clock and work count).
    """
    best: Outcome | None = None
    for n, (resolved, counts, steps) in enumerate(resolutions(word, classics, seat)):
        if limit is not None and n >= limit:
            break
        if tick is not None:
            tick()
        outcome = settle(resolved, classics, counts, seat, weights, dump_room, steps)
        if best is None or outcome.value > best.value:
            best = outcome
    assert best is not None
    return best


# ---------------------------------------------------------------------- bounds for the search
def benefit_bound(b: Benefit, weights: Weights, adventure_max: int, inked: int, wild_max: int) -> tuple[float, float]:
    """(value, doublable value) of one benefit at multiplier 1, never below what it can pay."""
    w = weights
    kind, v = b.kind, b.value
    if kind == "coins":
        return w.coins * v, w.coins * v
    if kind == "prestige":
        return w.prestige * v, w.prestige * v
    if kind == "either_coins_or_prestige":
        x = max(w.coins, w.prestige) * v
        return x, x
    if kind == "ink_or_remover":
        return max(0.0, w.ink, w.remover), 0.0
    if kind == "trash_for_coins":
        return max(0.0, w.coins * v - w.trash_cost), w.coins * v
    if kind == "trash_for_prestige":
        return max(0.0, w.prestige * v - w.trash_cost), w.prestige * v
    if kind == "dump_discard_for_coins":
        return max(0.0, w.coins * v + w.dump_bonus), w.coins * v
    if kind == "coins_per_adventure":
        x = w.coins * v * adventure_max
        return x, x
    if kind == "prestige_per_inked_card":
        x = w.prestige * v * inked
        return x, x
    if kind == "prestige_per_wild":
        x = w.prestige * v * wild_max
        return x, x
    if kind == "jail":
        return max(0.0, w.jail), 0.0
    if kind == "preview":
        return max(0.0, w.preview), 0.0
    return 0.0, 0.0  # uncover and double: their worth is bounded by what they reach


def card_bound(card_id: int, genre_possible: bool, weights: Weights, adventure_max: int, inked: int,
               wild_max: int) -> tuple[float, float]:
    """(value, doublable value) a card can give at multiplier 1, genre bonus included when possible."""
    c = card(card_id)
    total = extra = 0.0
    for b in c.benefits(genre_possible and not c.is_starter):
        x, d = benefit_bound(b, weights, adventure_max, inked, wild_max)
        total += x
        extra += d
    return total, extra


def dump_bound(card_id: int, genre_possible: bool, weights: Weights) -> float:
    """The part of :func:`card_bound`'s value that the card's dump abilities make up (R15.4)."""
    c = card(card_id)
    return sum(benefit_bound(b, weights, 0, 0, 0)[0] for b in c.benefits(genre_possible and not c.is_starter)
               if b.kind == "dump_discard_for_coins")

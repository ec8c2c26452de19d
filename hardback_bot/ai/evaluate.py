"""What one arrangement of cards earns, resolved by the engine's own scoring code.

The automatic part of a word (genre counts, uncover, double, coins, prestige, per-count specials,
R10-R14, R12.1-R12.4) comes from :mod:`hardback_bot.engine.scoring`, the functions the engine
itself resolves words with.  What the player decides later (either-or choices, trash, dump,
preview, jail, R12.5-R12.9) is listed, not valued: each computer player values it its own way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from hardback_bot.engine import scoring
from hardback_bot.engine.state import Slot


@dataclass(frozen=True, slots=True)
class Earnings:
    """One way a word resolves: automatic gains plus the optional benefits it offers."""

    coins: int
    prestige: int
    eithers: tuple[int, ...]  # coins-or-prestige choices (value each, multiplier applied)
    ink_or_remover: int
    trash: tuple[tuple[int, str, int], ...]  # (card, "coins" | "prestige", value)
    dumps: tuple[int, ...]  # dump values, highest first (E20)
    jails: int
    previews: int
    wilds: int


def _copy(word: list[Slot]) -> list[Slot]:
    return [Slot(s.card, s.letter, s.wild, s.uncovered, s.mult, s.owner, s.inked) for s in word]


def _resolutions(word: list[Slot], counts: dict[str, int], used: list[str], seat: int,
                 phase: str = "uncover") -> Iterator[tuple[list[Slot], dict[str, int]]]:
    """Every way uncover then double can resolve when the player picks among two targets (R12.1-R12.2)."""
    while True:
        find = scoring.next_uncover if phase == "uncover" else scoring.next_double
        found = find(word, counts, used, seat)
        if found is None:
            if phase == "uncover":
                phase = "double"
                continue
            yield word, counts
            return
        _, key, targets = found
        if len(targets) == 1:
            _apply(phase, word, counts, used, key, targets[0])
            continue
        for target in targets:
            w2, c2, u2 = _copy(word), dict(counts), list(used)
            _apply(phase, w2, c2, u2, key, target)
            yield from _resolutions(w2, c2, u2, seat, phase)
        return


def _apply(phase: str, word: list[Slot], counts: dict[str, int], used: list[str], key: str, target: int) -> None:
    if phase == "uncover":
        scoring.apply_uncover(word, counts, used, key, target)
    else:
        scoring.apply_double(word, used, key, target)


def earnings(word: list[Slot], classics: tuple[int, ...], seat: int) -> list[Earnings]:
    """Every resolution of ``word`` (spelled by ``seat``; ``classics`` = own classics in play not in it)."""
    counts = scoring.initial_counts(word, classics, seat)
    out = []
    for resolved, final_counts in _resolutions(_copy(word), counts, [], seat):
        out.append(_settle(resolved, classics, final_counts, seat))
    return out


def _settle(word: list[Slot], classics: tuple[int, ...], counts: dict[str, int], seat: int) -> Earnings:
    gains = scoring.automatic_gains(word, classics, counts, seat)
    benefits = scoring.optional_benefits(word, classics, counts, seat)
    kinds = Counter(o.kind for o in benefits)
    eithers = tuple(o.value for o in benefits if o.kind == "either_coins_or_prestige")
    trash = tuple((o.card, "coins" if o.kind == "trash_for_coins" else "prestige", o.value) for o in benefits
                  if o.kind in ("trash_for_coins", "trash_for_prestige"))
    dumps = tuple(sorted((o.value for o in benefits if o.kind == "dump_discard_for_coins"), reverse=True))
    return Earnings(gains.coins, gains.prestige, eithers, kinds["ink_or_remover"], trash, dumps, kinds["jail"],
                    kinds["preview"], sum(1 for s in word if s.wild))

"""What an arrangement of a word really gives its player, and the arrangements no player would choose.

Two arrangements of one word can differ in the coins and prestige they pay, in the either-or choices they
leave (coins or prestige, ink or remover: R11.2, R11.3), in the optional benefits they offer (trash, dump,
preview, jail: R15-R17), in the timeless classics that stay in play (R10.7) and in the rivals' classics they
send back to their owners (R10.8: a rival's classic out of play is never worse for the speller). Nothing
else of an arrangement lasts: a card played as a wild goes to the discard pile at the end of the turn like
every other card of the hand (R7.9, R20.2), and what it gives up by going face down is already in the
numbers.

An arrangement is *dominated* when another one is at least as good in every one of those respects; the
word preview offers only the others (of several that are exactly as good, the first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hardback_bot.engine.cards import definition_id
from hardback_bot.engine.scoring import TRASH_KINDS

from .preview import WordOutcome

Outcome = tuple[int, int, int, int]  # coins, prestige, ink, remover once the either-or choices are made


@dataclass(frozen=True, slots=True)
class Yield:
    """Every respect in which a player could prefer one arrangement of a word to another."""

    outcomes: frozenset[Outcome]  # each way the either-or choices can go that no other way beats
    trash: tuple[tuple[int, str, int], ...]  # (card definition, trash kind, value), sorted
    dumps: tuple[int, ...]  # dump values, highest first
    jails: int
    previews: int
    into_play: tuple[int, ...]  # card definitions of the classics that stay in play, sorted
    sent_back: tuple[int, ...]  # the rivals' classics sent back, sorted

    def covers(self, other: Yield) -> bool:
        """At least as good as ``other`` in every respect (optional benefits: at least the same ones, each
        worth at least as much; classics: at least the same ones kept in play and sent back)."""
        return (self.jails >= other.jails and self.previews >= other.previews
                and _within(other.into_play, self.into_play) and _within(other.sent_back, self.sent_back)
                and _pairwise(self.dumps, other.dumps)
                and _trash_covers(self.trash, other.trash)
                and all(any(_at_least(b, a) for b in self.outcomes) for a in other.outcomes))


def yield_of(o: WordOutcome) -> Yield:
    """What the arrangement ``o`` gives, as its preview resolved it (the uncover and double answers worth most)."""
    outcomes: set[Outcome] = {(o.coins, o.prestige, 0, 0)}
    trash: list[tuple[int, str, int]] = []
    dumps: list[int] = []
    jails = previews = 0
    for cid, kind, value in o.choices:
        if kind == "either_coins_or_prestige":
            outcomes = {x for c, p, i, r in outcomes for x in ((c + value, p, i, r), (c, p + value, i, r))}
        elif kind == "ink_or_remover":
            outcomes = {x for c, p, i, r in outcomes for x in ((c, p, i + 1, r), (c, p, i, r + 1))}
        elif kind in TRASH_KINDS:
            trash.append((definition_id(cid), kind, value))
        elif kind == "dump_discard_for_coins":
            dumps.append(value)
        elif kind == "jail":
            jails += 1
        elif kind == "preview":
            previews += 1
    return Yield(outcomes=frozenset(_front(outcomes)), trash=tuple(sorted(trash)),
                 dumps=tuple(sorted(dumps, reverse=True)), jails=jails, previews=previews,
                 into_play=tuple(sorted(definition_id(c) for c in o.into_play)), sent_back=tuple(sorted(o.sent_back)))


def undominated(options: Sequence[WordOutcome]) -> list[WordOutcome]:
    """``options`` without the dominated ones, in their order; of several exactly as good, the first."""
    first: dict[Yield, WordOutcome] = {}
    for o in options:
        first.setdefault(yield_of(o), o)
    kinds = list(first)
    kept = {y for y in kinds if not any(x is not y and x.covers(y) and not y.covers(x) for x in kinds)}
    return [o for y, o in first.items() if y in kept]


def _at_least(a: Outcome, b: Outcome) -> bool:
    return all(x >= y for x, y in zip(a, b, strict=True))


def _front(outcomes: Iterable[Outcome]) -> list[Outcome]:
    """The outcomes no other one beats."""
    every = set(outcomes)
    return [a for a in every if not any(b != a and _at_least(b, a) for b in every)]


def _within(small: tuple[int, ...], large: tuple[int, ...]) -> bool:
    """``small`` is a sub-multiset of ``large``."""
    return not Counter(small) - Counter(large)


def _pairwise(mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """As many values as ``theirs`` or more, the best of mine at least their best, and so on (both sorted
    highest first)."""
    return len(mine) >= len(theirs) and all(a >= b for a, b in zip(mine, theirs, strict=False))


def _trash_covers(mine: tuple[tuple[int, str, int], ...], theirs: tuple[tuple[int, str, int], ...]) -> bool:
    """For each card ``theirs`` may trash, mine may trash the same card the same way for as much or more."""
    def grouped(options: tuple[tuple[int, str, int], ...]) -> dict[tuple[int, str], tuple[int, ...]]:
        groups: dict[tuple[int, str], list[int]] = {}
        for definition, kind, value in options:
            groups.setdefault((definition, kind), []).append(value)
        return {k: tuple(sorted(v, reverse=True)) for k, v in groups.items()}

    have = grouped(mine)
    return all(_pairwise(have.get(k, ()), values) for k, values in grouped(theirs).items())

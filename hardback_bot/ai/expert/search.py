"""Flat Monte Carlo over a few candidate moves, on sampled games (determinized from the view).

Every candidate is tried in the same sampled games (common random numbers: the same hidden cards and
the same shuffles), each played on with the quick player for a fixed number of turns and judged
(:mod:`.rollout`).  The move with the best mean wins; the hard player's own choice gets a small head
start, so that noise alone never overturns it.  Work is counted in simulated turns (:class:`Budget`),
never in seconds, so every machine and process makes the same move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hardback_bot.engine import Game, IllegalMove, Move

from ..seen import Seen
from .determinize import determinize
from .fast import Fast
from .rollout import judge, play_out


@dataclass
class Budget:
    """Simulated turns one decision may play (a work budget, not a clock)."""

    turns: int
    spent: int = 0

    @property
    def left(self) -> int:
        return self.turns - self.spent


@dataclass
class Tally:
    values: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else -1e9


#: How sure the search must be before it overrules the hard player's choice: the paired mean difference
#: must exceed this many standard errors (and :data:`HEAD_START` prestige).
CONFIDENCE = 1.0
HEAD_START = 0.3


def search(seen: Seen, rng: random.Random, candidates: list[Move], prior: Move | None, budget: Budget,
           horizon: int, max_samples: int = 64) -> tuple[Move, dict[Move, float]]:
    """The candidate with the best mean judgement over sampled games, and every candidate's mean; the hard
    player's choice (``prior``) stands unless another is better beyond the noise."""
    fast = Fast(seen.public.dictionary)
    tallies = {m: Tally() for m in candidates}
    alive = list(candidates)
    samples = 0
    while samples < max_samples and budget.left > 0 and len(alive) > 1:
        base = determinize(seen, random.Random(rng.getrandbits(64)))
        for move in alive:
            game = base.clone()
            try:
                game.apply(seen.me, move)
            except IllegalMove:
                tallies[move].values.append(-1e6)
                continue
            budget.spent += play_out(game, fast, horizon) + 1
            tallies[move].values.append(judge(game, seen.me))
        samples += 1
        if samples >= 4 and samples % 2 == 0:
            alive = _prune(alive, tallies, samples)
    means = {m: t.mean for m, t in tallies.items()}
    best = max(alive, key=lambda m: (means[m], m == prior))
    if prior is not None and best != prior and prior in tallies:
        mean, se = _paired(tallies[best], tallies[prior])
        if mean < max(HEAD_START, CONFIDENCE * se):
            best = prior
    return best, means


def _paired(a: Tally, b: Tally) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the sampled games both were tried in."""
    diffs = [x - y for x, y in zip(a.values, b.values, strict=False)]
    if not diffs:
        return 0.0, 1e9
    mean = sum(diffs) / len(diffs)
    if len(diffs) < 2:
        return mean, 1e9
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean, (var / len(diffs)) ** 0.5


def _prune(alive: list[Move], tallies: dict[Move, Tally], samples: int) -> list[Move]:
    """Drop candidates clearly behind the leader in the paired comparison (the same sampled games)."""
    leader = max(alive, key=lambda m: tallies[m].mean)
    keep = []
    for m in alive:
        if m == leader:
            keep.append(m)
            continue
        mean, se = _paired(tallies[leader], tallies[m])
        if mean < 2.5 * se + 0.05:
            keep.append(m)
    return keep


def same_game(seen: Seen, rng: random.Random) -> Game:
    """One determinization (for tests and tools)."""
    return determinize(seen, rng)

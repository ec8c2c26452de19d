"""Skill ratings with openskill (Plackett–Luce, which handles free-for-all tables of 2–5 and ties).

Only competitive games with at least two humans are rated, and only humans are rated: computer seats are
left out of the table before rating, so a human's result against a computer never moves their rating.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from openskill.models import PlackettLuce

from .models import Rating


@lru_cache(maxsize=1)
def _model() -> PlackettLuce:
    return PlackettLuce()


def initial() -> Rating:
    r = _model().rating()
    return Rating(mu=r.mu, sigma=r.sigma, ordinal=r.ordinal(), games=0)


def rate(prior: Mapping[int, Rating | None], ranks: Mapping[int, int]) -> dict[int, Rating]:
    """New ratings for the users in ``ranks`` (user id -> rank, 1 best, ties equal).

    ``prior`` gives each user's current rating or None for a newcomer.
    """
    if len(ranks) < 2:
        raise ValueError("a rated game needs at least two players")
    model = _model()
    users = sorted(ranks)  # fixed order: the result must not depend on dict order
    teams = []
    for user in users:
        p = prior.get(user) or initial()
        teams.append([model.rating(mu=p.mu, sigma=p.sigma)])
    new = model.rate(teams, ranks=[ranks[u] for u in users])
    out: dict[int, Rating] = {}
    for user, (r,) in zip(users, new, strict=True):
        games = (prior.get(user) or initial()).games + 1
        out[user] = Rating(mu=r.mu, sigma=r.sigma, ordinal=r.ordinal(), games=games)
    return out

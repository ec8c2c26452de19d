"""The purchase phase as a small knapsack (R19, R25): which cards and adverts to buy with C coins.

A computer player values each buyable card (and each advert, in order) in prestige; the best
plan for every coin amount is then a table, so the speller can ask "what are 7 coins worth to me
this turn?" in O(1) while it compares words (coins never carry over, R1.1; leftovers become ink,
R20.1).
"""

from __future__ import annotations

import itertools
from bisect import bisect_right
from dataclasses import dataclass

from hardback_bot.engine.cards import card

_MAX_CARDS = 8  # the offer row holds 7 cards, plus the jailed one


@dataclass(frozen=True)
class Plan:
    value: float
    cost: int
    buys: tuple[int, ...]  # card ids
    adverts: int  # how many of the next adverts


class Shop:
    """Best purchase plans for any number of coins."""

    def __init__(self, cards: dict[int, float], adverts: list[tuple[int, float]], leftover: float,
                 per_buy: float = 0.0) -> None:
        # ``cards``: card id -> value; ``adverts``: (cost, value) in the order they must be bought;
        # ``leftover``: value of one unspent coin (it becomes ink); ``per_buy``: extra value (usually a
        # cost) of each card bought, e.g. Penny's adventure signature (R29.3).
        self.leftover = leftover
        items = sorted(((cid, v + per_buy) for cid, v in cards.items() if v + per_buy > 0),
                       key=lambda kv: -kv[1])[:_MAX_CARDS]
        advert_steps = [(0, 0.0)]
        for cost, value in adverts:
            last_cost, last_value = advert_steps[-1]
            advert_steps.append((last_cost + cost, last_value + value))
        plans: list[Plan] = []
        for r in range(len(items) + 1):
            for combo in itertools.combinations(items, r):
                cost = sum(card(cid).cost for cid, _ in combo)
                value = sum(v for _, v in combo)
                for n, (a_cost, a_value) in enumerate(advert_steps):
                    plans.append(Plan(value + a_value, cost + a_cost, tuple(c for c, _ in combo), n))
        plans.sort(key=lambda p: (p.cost, -p.value))
        self._costs = [p.cost for p in plans]
        # Prefix best of (value - cost * leftover): the best plan within a budget, leftovers added after.
        self._best: list[Plan] = []
        best: Plan | None = None
        for p in plans:
            if best is None or p.value - p.cost * leftover > best.value - best.cost * leftover:
                best = p
            self._best.append(best)

    def plan(self, coins: int) -> Plan:
        i = bisect_right(self._costs, coins) - 1
        return self._best[i]  # the empty plan costs 0, so i >= 0

    def worth(self, coins: int) -> float:
        p = self.plan(coins)
        return p.value + (coins - p.cost) * self.leftover

"""Stronger computer players win more (a few seeded games; the big runs are in docs/ai.md)."""

from __future__ import annotations

from hardback_bot.simulate import Setup, run


def _wins(seats: tuple[int, int], games: int) -> float:
    records = run(Setup(seats=seats, options={"length": 40}, seed=900), games, workers=2)
    first = 0.0
    for r in records:
        winners = [row["seat"] for row in r.results if row["rank"] == 1]
        for seat in winners:
            if r.strengths[seat] == seats[0]:
                first += 1 / len(winners)
    return first / games


def test_hard_beats_normal() -> None:
    assert _wins((3, 2), 4) >= 3 / 4


def test_normal_beats_easy() -> None:
    assert _wins((2, 1), 6) >= 5 / 6

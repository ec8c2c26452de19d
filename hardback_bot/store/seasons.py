"""Seasons and personal records: plain records and calendar arithmetic, no database here.

A season is a calendar month or an ISO week (Monday to Sunday), in UTC, so every process and every
server agrees where one ends.  ``season_of("month", now)`` is the season running at ``now``; the one
that ended last is ``season_of(kind, season.starts_at - 1)``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

SEASON_KINDS: tuple[str, ...] = ("month", "week")
PROVISIONAL_GAMES = 5  # rated games before a rating stops being provisional (a server may choose 1-50)
SEASON_BOARDS: tuple[str, ...] = ("rating", "wins", "win_rate", "best_word", "longest_word")


@dataclass(frozen=True, slots=True)
class Season:
    kind: str  # "month" or "week"
    starts_at: float  # Unix seconds, the first second of the season (UTC)
    ends_at: float  # the first second after it

    @property
    def start(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self.starts_at, dt.UTC)

    @property
    def last_day(self) -> dt.date:
        return dt.datetime.fromtimestamp(self.ends_at - 1, dt.UTC).date()

    @property
    def key(self) -> str:
        """"2026-11" for a month, "2026-W48" for an ISO week."""
        if self.kind == "month":
            return self.start.strftime("%Y-%m")
        year, week, _ = self.start.isocalendar()
        return f"{year}-W{week:02d}"

    def previous(self) -> Season:
        return season_of(self.kind, self.starts_at - 1)


def season_of(kind: str, at: float) -> Season:
    """The season of ``kind`` running at Unix time ``at``."""
    if kind not in SEASON_KINDS:
        raise ValueError(f"season must be one of {SEASON_KINDS}, not {kind!r}")
    day = dt.datetime.fromtimestamp(at, dt.UTC)
    if kind == "month":
        start = dt.datetime(day.year, day.month, 1, tzinfo=dt.UTC)
        end = dt.datetime(day.year + day.month // 12, day.month % 12 + 1, 1, tzinfo=dt.UTC)
    else:
        start = dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC) - dt.timedelta(days=day.weekday())
        end = start + dt.timedelta(days=7)
    return Season(kind, start.timestamp(), end.timestamp())


@dataclass(frozen=True, slots=True)
class PlayerRecords:
    """A player's streaks and records in one server (competitive games)."""

    games: int = 0
    current_streak: int = 0  # wins in a row up to the last game
    best_streak: int = 0
    best_score: int = 0  # the most prestige in one game
    best_score_game: int | None = None
    most_words: int = 0  # the most words in one game
    most_words_game: int | None = None


def records_of(rows: Iterable[tuple[int, bool, int, int]]) -> PlayerRecords:
    """Records from (game id, won, prestige, words) rows in the order the games finished."""
    games = current = best = 0
    best_score = most_words = 0
    best_score_game = most_words_game = None
    for game_id, won, prestige, words in rows:
        games += 1
        current = current + 1 if won else 0
        best = max(best, current)
        if prestige > best_score or best_score_game is None:
            best_score, best_score_game = prestige, game_id
        if words > most_words or most_words_game is None:
            most_words, most_words_game = words, game_id
    return PlayerRecords(games, current, best, best_score, best_score_game, most_words, most_words_game)

"""Provisional ratings ranked apart, season boards (a month or an ISO week), personal records and season announcements
claimed once across processes."""

from __future__ import annotations

from typing import Any

from ..core import Room
from ..errors import InvalidRecord
from ..models import (
    LeaderboardEntry,
)
from ..seasons import PROVISIONAL_GAMES, SEASON_BOARDS, PlayerRecords, Season, records_of


class SeasonsRoom(Room):
    async def rating_board(
        self, guild_id: int, *, provisional: bool, threshold: int = PROVISIONAL_GAMES, limit: int = 10, offset: int = 0
    ) -> list[LeaderboardEntry]:
        """The rating board of established players (``threshold`` rated games or more), or with
        ``provisional`` of the others, each ranked among themselves; ``games`` is the rated games."""
        limit, offset, threshold = max(0, int(limit)), max(0, int(offset)), max(1, int(threshold))
        cmp = "<" if provisional else ">="
        sql = (
            "SELECT RANK() OVER (ORDER BY r.ordinal DESC) AS pos, r.user_id,"
            " COALESCE(t.display_name, ''), r.ordinal, r.games, COALESCE(t.wins, 0), NULL"
            " FROM ratings r LEFT JOIN player_totals t"
            " ON t.guild_id = r.guild_id AND t.mode = 'competitive' AND t.user_id = r.user_id"
            f" WHERE r.guild_id = ? AND r.games {cmp} ?"
            " ORDER BY pos, r.games DESC, r.user_id LIMIT ? OFFSET ?"
        )
        rows = await self.core.query(sql, (guild_id, threshold, limit, offset))
        return [LeaderboardEntry(r[0], r[1], r[2], float(r[3]), int(r[4]), int(r[5]), r[6]) for r in rows]

    async def rating_count(self, guild_id: int, *, provisional: bool, threshold: int = PROVISIONAL_GAMES) -> int:
        """How many players :meth:`rating_board` lists (to page through both groups in a row)."""
        cmp = "<" if provisional else ">="
        rows = await self.core.query(f"SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND games {cmp} ?",
                                 (guild_id, max(1, int(threshold))))
        return int(rows[0][0])

    async def season_board(
        self, guild_id: int, by: str, season: Season, *, limit: int = 10, offset: int = 0, min_games: int = 5
    ) -> list[LeaderboardEntry]:
        """A board over the games that finished in ``season`` only: ``rating`` is the rating gained in it,
        ``wins`` and ``win_rate`` count competitive games, ``best_word`` and ``longest_word`` both modes."""
        if by not in SEASON_BOARDS:
            raise InvalidRecord(f"unknown season board {by!r}; one of {SEASON_BOARDS}")
        limit, offset = max(0, int(limit)), max(0, int(offset))
        where = "guild_id = ? AND user_id IS NOT NULL AND finished_at >= ? AND finished_at < ?"
        span = (guild_id, season.starts_at, season.ends_at)
        name = "MAX(display_name)"  # the name of some game of the season; players rarely rename
        if by in ("best_word", "longest_word"):
            value, word = ("best_word_prestige", "best_word") if by == "best_word" else ("longest_word_len",
                                                                                       "longest_word")
            inner = (
                "SELECT user_id, display_name, value, games, wins, word FROM ("
                f" SELECT user_id, display_name, {value} AS value, {word} AS word,"
                f" ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY {value} DESC, finished_at ASC) AS rn,"
                " COUNT(*) OVER (PARTITION BY user_id) AS games, SUM(won) OVER (PARTITION BY user_id) AS wins"
                f" FROM results WHERE {where} AND mode <> 'practice') AS w WHERE rn = 1 AND value > 0"
            )
            params: tuple[Any, ...] = span
        elif by == "rating":
            inner = (
                f"SELECT user_id, {name} AS display_name, SUM(rating_after - rating_before) AS value,"
                " COUNT(*) AS games, SUM(won) AS wins, NULL AS word"
                f" FROM results WHERE {where} AND mode = 'competitive' AND rating_before IS NOT NULL"
                " AND rating_after IS NOT NULL GROUP BY user_id"
            )
            params = span
        else:
            value = "SUM(won)" if by == "wins" else "CAST(SUM(won) AS DOUBLE PRECISION) / COUNT(*)"
            having = "SUM(won) > 0" if by == "wins" else "COUNT(*) >= ?"
            inner = (
                f"SELECT user_id, {name} AS display_name, {value} AS value, COUNT(*) AS games,"
                f" SUM(won) AS wins, NULL AS word FROM results WHERE {where} AND mode = 'competitive'"
                f" GROUP BY user_id HAVING {having}"
            )
            params = span if by == "wins" else (*span, max(1, int(min_games)))
        sql = (
            f"SELECT RANK() OVER (ORDER BY b.value DESC) AS pos, b.* FROM ({inner}) AS b"
            " ORDER BY pos, b.games ASC, b.user_id LIMIT ? OFFSET ?"
        )
        rows = await self.core.query(sql, (*params, limit, offset))
        return [LeaderboardEntry(r[0], r[1], r[2], float(r[3]), int(r[4]), int(r[5] or 0), r[6]) for r in rows]

    async def player_records(self, guild_id: int, user_id: int) -> PlayerRecords:
        """Wins in a row (current and best), the best score and the most words in one game (competitive)."""
        rows = await self.core.query(
            "SELECT game_id, won, prestige, words FROM results WHERE guild_id = ? AND user_id = ?"
            " AND mode = 'competitive' ORDER BY finished_at, game_id",
            (guild_id, user_id),
        )
        return records_of((int(r[0]), bool(r[1]), int(r[2]), int(r[3])) for r in rows)

    async def claim_season_announcement(self, guild_id: int, season: Season) -> bool:
        """True for the one caller (of any process) that may announce ``season``'s winners in this guild."""
        async with self.core.write() as db:
            changed = await db.execute(
                "INSERT INTO season_announcements (guild_id, season, starts_at, claimed_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id, season, starts_at) DO NOTHING",
                (guild_id, season.kind, season.starts_at, self.core.now()),
            )
        return changed == 1


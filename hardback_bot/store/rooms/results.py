"""Results written exactly once per game, with each player's running totals and rating; the leaderboards and a player's
statistics read them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .. import ratings as ratings_mod
from ..core import Conn, Room, dumps, marks
from ..errors import GameNotFound, InvalidRecord, WrongStatus
from ..models import (
    LEADERBOARD_KINDS,
    GameOutcome,
    LeaderboardEntry,
    LeaderboardKind,
    ModeTotals,
    PlayerResult,
    PlayerStats,
    Rating,
    Seat,
    StoredResult,
)

# A player's figures of one game, in this order: a result row keeps them, the running totals add them up
# (or keep the best of them). Each list of columns below is written once, from these.
PLAYER_FIGURES = ("prestige", "words", "best_word_prestige", "best_word", "longest_word_len", "longest_word",
                  "cards_bought", "cards_trashed", "ink_used", "invalid_words")
RESULT_COLUMNS = ("game_id", "seat", "guild_id", "user_id", "ai_strength", "display_name", "mode", "rank", "won",
                  *PLAYER_FIGURES, "stats", "rating_before", "rating_after", "finished_at")
RESULTS_INSERT = (f"INSERT INTO results ({', '.join(RESULT_COLUMNS)})"
                  f" VALUES ({', '.join('?' for _ in RESULT_COLUMNS)})")
# The total of each figure: summed, or the best one kept with the word it belongs to.
SUMMED = {"prestige": "prestige_sum", "words": "words_sum", "cards_bought": "cards_bought_sum",
          "cards_trashed": "cards_trashed_sum", "ink_used": "ink_used_sum", "invalid_words": "invalid_words_sum"}
BEST = {"best_word_prestige": "best_word", "longest_word_len": "longest_word"}  # the measure and its word
TOTAL_COLUMNS = ("guild_id", "user_id", "mode", "display_name", "wins",
                 *(SUMMED.get(f, f) for f in PLAYER_FIGURES), "margin_sum", "last_played")


def _totals_upsert() -> str:
    # In an UPDATE every expression reads the row as it was, so the order of the SETs does not matter.
    sets = ["display_name = excluded.display_name", "games = player_totals.games + 1",
            "wins = player_totals.wins + excluded.wins", "margin_sum = player_totals.margin_sum + excluded.margin_sum",
            "last_played = excluded.last_played"]
    sets += [f"{c} = player_totals.{c} + excluded.{c}" for c in SUMMED.values()]
    for measure, word in BEST.items():
        better = f"excluded.{measure} > player_totals.{measure}"
        sets += [f"{word} = CASE WHEN {better} THEN excluded.{word} ELSE player_totals.{word} END",
                 f"{measure} = CASE WHEN {better} THEN excluded.{measure} ELSE player_totals.{measure} END"]
    columns = ", ".join((*TOTAL_COLUMNS[:4], "games", *TOTAL_COLUMNS[4:]))
    values = ", ".join(["?"] * 4 + ["1"] + ["?"] * (len(TOTAL_COLUMNS) - 4))
    return (f"INSERT INTO player_totals ({columns}) VALUES ({values})"
            f" ON CONFLICT (guild_id, mode, user_id) DO UPDATE SET {', '.join(sets)}")


TOTALS_UPSERT = _totals_upsert()


class ResultsRoom(Room):
    async def record_outcome(self, game_id: int, outcome: GameOutcome) -> bool:
        """Write a finished game's results, totals and ratings exactly once: True if written now, False if
        they already were (a retried finishing move). The game must be finished."""
        async with self.core.write() as db:
            status = await db.fetchval(f"SELECT status FROM games WHERE id = ?{self.core.lock_row}", (game_id,))
            if status is None:
                raise GameNotFound(game_id)
            if status != "finished":
                raise WrongStatus(game_id, status, "finished")
            return await self.write_outcome(db, game_id, outcome, self.core.now())

    async def write_outcome(self, db: Conn, game_id: int, outcome: GameOutcome, now: float) -> bool:
        # Outside servers a game counts on its channel's own board (GameRecord.board_id).
        guild_id = await db.fetchval(
            "SELECT CASE WHEN guild_id = 0 THEN channel_id ELSE guild_id END FROM games WHERE id = ?", (game_id,))
        seat_rows = await db.fetch(
            "SELECT seat, user_id, ai_strength, display_name FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        seats = {r[0]: Seat(r[0], r[3], r[1], r[2]) for r in seat_rows}
        by_seat = {p.seat: p for p in outcome.players}
        if sorted(by_seat) != sorted(seats) or len(by_seat) != len(outcome.players):
            raise InvalidRecord(f"outcome seats {sorted(by_seat)} do not match the game's {sorted(seats)}")
        # Credited to the person who held the seat at the end (a player back in their seat, a substitute); a seat
        # a computer finished (its player timed out or left) moves no rating and counts on no board (docs/store.md).
        humans = {s.user_id: by_seat[n].rank for n, s in seats.items()
                  if s.user_id is not None and s.ai_strength is None}
        rated = outcome.coop is None and len(humans) >= 2 and not outcome.practice
        coop = outcome.coop
        # Ratings are read, computed and written back: two games of one guild finishing at once in two
        # processes must not both start from the old ratings.
        await self.core.lock_guild(db, guild_id)
        # The outcome row goes first: if it exists this game was already recorded, and nothing else is
        # written (a retried finishing move, or two paths racing to record the same end).
        inserted = await db.execute(
            "INSERT INTO game_outcomes (game_id, guild_id, mode, rated, table_stats, coop_won, team_score,"
            " penny_score, coop_genre, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id) DO NOTHING",
            (
                game_id,
                guild_id,
                outcome.mode,
                int(rated),
                dumps(dict(outcome.table_stats)),
                None if coop is None else int(coop.won),
                None if coop is None else coop.team_score,
                None if coop is None else coop.penny_score,
                None if coop is None else coop.genre,
                now,
            ),
        )
        if inserted != 1:
            return False
        if coop is not None and len(outcome.players) == 1:  # a daily's result, for its boards (store/daily.py)
            p0 = outcome.players[0]
            await db.execute("UPDATE daily_attempts SET score = ?, margin = ?, penny_score = ?, won = ?, words = ?,"
                             " finished_at = ? WHERE game_id = ?", (p0.prestige, p0.prestige - coop.penny_score,
                                                                    coop.penny_score, int(coop.won), p0.words, now,
                                                                    game_id))
        before: dict[int, float] = {}
        after: dict[int, Rating] = {}
        if rated:
            ids = sorted(humans)
            prior: dict[int, Rating | None] = dict.fromkeys(ids)
            for r in await db.fetch(
                "SELECT user_id, mu, sigma, ordinal, games FROM ratings"
                f" WHERE guild_id = ? AND user_id IN ({marks(ids)})",
                (guild_id, *ids),
            ):
                prior[r[0]] = Rating(r[1], r[2], r[3], r[4])
            before = {u: (p or ratings_mod.initial()).ordinal for u, p in prior.items()}
            after = ratings_mod.rate(prior, humans)
            await db.executemany(
                "INSERT INTO ratings (guild_id, user_id, mu, sigma, ordinal, games, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games,"
                " updated_at = excluded.updated_at",
                [(guild_id, u, r.mu, r.sigma, r.ordinal, r.games, now) for u, r in sorted(after.items())],
            )
        result_rows, total_rows = [], []
        for n, seat in sorted(seats.items()):
            p = by_seat[n]
            uid = seat.user_id
            figures = [getattr(p, f) for f in PLAYER_FIGURES]
            result_rows.append((game_id, n, guild_id, uid, seat.ai_strength, seat.display_name, outcome.result_mode,
                                p.rank,
                                int(p.won), *figures, dumps(dict(p.stats)),
                                before.get(uid) if uid is not None else None,
                                after[uid].ordinal if uid is not None and uid in after else None, now))
            # practice counts on no board (player_totals), nor a seat a computer finished
            if uid is not None and seat.ai_strength is None and not outcome.practice:
                total_rows.append((guild_id, uid, outcome.mode, seat.display_name, int(p.won), *figures,
                                   coop.margin if coop is not None else 0, now))
        await db.executemany(RESULTS_INSERT, result_rows)
        await db.executemany(TOTALS_UPSERT, sorted(total_rows, key=lambda row: row[1]))
        return True

    async def get_results(self, game_id: int) -> list[StoredResult]:
        rows = await self.core.query("SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,))
        return [stored_result(r) for r in rows]

    async def get_rating(self, guild_id: int, user_id: int) -> Rating | None:
        rows = await self.core.query(
            "SELECT mu, sigma, ordinal, games FROM ratings WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        return Rating(*rows[0]) if rows else None

    async def leaderboard(
        self, guild_id: int, by: LeaderboardKind, *, limit: int = 10, offset: int = 0, min_games: int = 5
    ) -> list[LeaderboardEntry]:
        """Top players of a guild. ``min_games`` applies to the win rate (and is ignored elsewhere)."""
        if by not in LEADERBOARD_KINDS:
            raise InvalidRecord(f"unknown leaderboard {by!r}; one of {LEADERBOARD_KINDS}")
        limit, offset = max(0, int(limit)), max(0, int(offset))
        comp = "FROM player_totals WHERE guild_id = ? AND mode = 'competitive'"
        # Each query yields (user_id, display_name, value, games, wins, word) in board order; RANK() gives
        # sports-table positions (ties share), ranked over the whole guild so pages agree.
        queries: dict[str, tuple[str, tuple[Any, ...]]] = {
            "rating": (
                "SELECT r.user_id AS user_id, COALESCE(t.display_name, '') AS display_name,"
                " r.ordinal AS value, COALESCE(t.games, 0) AS games, COALESCE(t.wins, 0) AS wins,"
                " NULL AS word"
                " FROM ratings r LEFT JOIN player_totals t"
                " ON t.guild_id = r.guild_id AND t.mode = 'competitive' AND t.user_id = r.user_id"
                " WHERE r.guild_id = ?",
                (guild_id,),
            ),
            "wins": (
                f"SELECT user_id, display_name, wins AS value, games, wins, NULL AS word {comp} AND wins > 0",
                (guild_id,),
            ),
            "win_rate": (
                "SELECT user_id, display_name, CAST(wins AS DOUBLE PRECISION) / games AS value, games, wins,"
                f" NULL AS word {comp} AND games >= ?",
                (guild_id, max(1, int(min_games))),
            ),
            "best_word": _word_query("best_word_prestige", "best_word", guild_id),
            "longest_word": _word_query("longest_word_len", "longest_word", guild_id),
        }
        inner, params = queries[by]
        sql = (
            f"SELECT RANK() OVER (ORDER BY b.value DESC) AS pos, b.* FROM ({inner}) AS b"
            " ORDER BY pos, b.games ASC, b.user_id LIMIT ? OFFSET ?"
        )
        rows = await self.core.query(sql, (*params, limit, offset))
        return [LeaderboardEntry(r[0], r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows]

    async def known_players(self, guild_id: int, user_ids: Sequence[int]) -> set[int]:
        """Which of ``user_ids`` have finished at least one game in this guild."""
        if not user_ids:
            return set()
        ids = [int(u) for u in user_ids]
        rows = await self.core.query(
            f"SELECT DISTINCT user_id FROM results WHERE guild_id = ? AND user_id IN ({marks(ids)})", (guild_id, *ids))
        return {int(r[0]) for r in rows}

    async def player_stats(self, guild_id: int, user_id: int, *, recent: int = 5) -> PlayerStats:
        async with self.core.read() as db:
            totals = {
                r["mode"]: r
                for r in await db.fetch(
                    "SELECT * FROM player_totals WHERE guild_id = ? AND mode IN ('competitive', 'coop')"
                    " AND user_id = ?",
                    (guild_id, user_id),
                )
            }
            rating_rows = await db.fetch(
                "SELECT mu, sigma, ordinal, games FROM ratings WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )
            genre_rows = await db.fetch(
                "SELECT COALESCE(o.coop_genre, 'none'), SUM(r.won), COUNT(*) FROM results r"
                " JOIN game_outcomes o ON o.game_id = r.game_id"
                " WHERE r.guild_id = ? AND r.user_id = ? AND r.mode = 'coop' GROUP BY 1",
                (guild_id, user_id),
            )
            recent_rows = await db.fetch(
                "SELECT * FROM results WHERE guild_id = ? AND user_id = ? ORDER BY finished_at DESC, game_id DESC"
                " LIMIT ?",
                (guild_id, user_id, max(0, int(recent))),
            )
        names = sorted(totals.values(), key=lambda r: r["last_played"])
        return PlayerStats(
            guild_id=guild_id,
            user_id=user_id,
            display_name=names[-1]["display_name"] if names else None,
            competitive=mode_totals(totals.get("competitive")),
            coop=mode_totals(totals.get("coop")),
            rating=Rating(*rating_rows[0]) if rating_rows else None,
            coop_by_genre={r[0]: (int(r[1]), int(r[2])) for r in genre_rows},
            recent=tuple(stored_result(r) for r in recent_rows),
        )


def _word_query(value_col: str, word_col: str, guild_id: int) -> tuple[str, tuple[Any, ...]]:
    """Each player's best row over both modes (a word is a word, co-op or not)."""
    return (
        "SELECT user_id, display_name, value, games, wins, word FROM ("
        f" SELECT user_id, display_name, {value_col} AS value, games, wins, {word_col} AS word,"
        f" ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY {value_col} DESC, last_played DESC) AS rn"
        f" FROM player_totals WHERE guild_id = ? AND {value_col} > 0) AS w WHERE rn = 1",
        (guild_id,),
    )


def mode_totals(r: Any) -> ModeTotals:
    if r is None:
        return ModeTotals()
    return ModeTotals(
        games=r["games"],
        wins=r["wins"],
        prestige_sum=r["prestige_sum"],
        words_sum=r["words_sum"],
        best_word_prestige=r["best_word_prestige"],
        best_word=r["best_word"],
        longest_word_len=r["longest_word_len"],
        longest_word=r["longest_word"],
        cards_bought_sum=r["cards_bought_sum"],
        cards_trashed_sum=r["cards_trashed_sum"],
        ink_used_sum=r["ink_used_sum"],
        invalid_words_sum=r["invalid_words_sum"],
        margin_sum=r["margin_sum"],
    )


def stored_result(r: Any) -> StoredResult:
    result = PlayerResult(
        seat=r["seat"],
        rank=r["rank"],
        prestige=r["prestige"],
        won=bool(r["won"]),
        words=r["words"],
        best_word_prestige=r["best_word_prestige"],
        best_word=r["best_word"],
        longest_word_len=r["longest_word_len"],
        longest_word=r["longest_word"],
        cards_bought=r["cards_bought"],
        cards_trashed=r["cards_trashed"],
        ink_used=r["ink_used"],
        invalid_words=r["invalid_words"],
        stats=json.loads(r["stats"]),
    )
    return StoredResult(
        game_id=r["game_id"],
        seat=r["seat"],
        user_id=r["user_id"],
        ai_strength=r["ai_strength"],
        display_name=r["display_name"],
        mode=r["mode"],
        result=result,
        rating_before=r["rating_before"],
        rating_after=r["rating_after"],
        finished_at=r["finished_at"],
    )

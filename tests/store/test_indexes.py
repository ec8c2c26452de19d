"""Read paths the bot uses often must search indexes, never scan a whole table."""

from __future__ import annotations

import re
from typing import Any

from hardback_bot.store import SqliteStore
from hardback_bot.store.models import LEADERBOARD_KINDS

TABLES = (
    "games",
    "seats",
    "moves",
    "timers",
    "results",
    "player_totals",
    "ratings",
    "game_outcomes",
    "game_messages",
    "guild_settings",
)


async def test_hot_queries_use_indexes(store: SqliteStore) -> None:
    assert store._r is not None
    reader = store._r
    plain = reader.execute_fetchall
    scans: list[str] = []

    async def explain(sql: str, params: Any = ()) -> Any:
        if not sql.lstrip().upper().startswith(("BEGIN", "COMMIT", "PRAGMA")):
            for row in await plain("EXPLAIN QUERY PLAN " + sql, params):
                detail = tuple(row)[3]
                # "SCAN t USING INDEX i" walks an index in order (next_timer's LIMIT 1): fine
                m = re.match(r"SCAN (\w+)\b(?! USING)", detail)
                if m and m.group(1) in TABLES:
                    scans.append(f"{detail}  <-  {sql[:80]}")
        return await plain(sql, params)

    reader.execute_fetchall = explain  # type: ignore[method-assign]
    try:
        for kind in LEADERBOARD_KINDS:
            await store.leaderboard(1, kind)
        await store.player_stats(1, 2)
        await store.get_rating(1, 2)
        await store.list_unfinished()
        await store.due_timers()
        await store.next_timer()
        await store.game_timers(1)
        await store.get_moves(1)
        await store.get_results(1)
        await store.get_guild_settings(1)
    finally:
        reader.execute_fetchall = plain  # type: ignore[method-assign]
    assert scans == []

"""Read paths the bot uses often must search indexes, never scan a whole table (on both databases; the
start-up and timer queries of a sharded process too)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from hardback_bot.store import Shards
from hardback_bot.store.models import LEADERBOARD_KINDS
from hardback_bot.store.postgres import PgConn
from hardback_bot.store.sqlite import SqliteConn

from .conftest import Backend

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
    "deliveries",
    "panels",
)


async def test_hot_queries_use_indexes(backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    scans: list[str] = []
    if backend.is_postgres:
        plain_pg = PgConn.fetch

        async def explain_pg(self: PgConn, sql: str, params: Any = ()) -> Any:
            if sql.lstrip().upper().startswith("SELECT"):
                # With sequential scans priced out, the planner still picks one only where no index can serve.
                await self.conn.execute("SET enable_seqscan = off")
                try:
                    for row in await plain_pg(self, "EXPLAIN " + sql, params):
                        m = re.search(r"Seq Scan on (\w+)", row[0])
                        if m and m.group(1) in TABLES:
                            scans.append(f"{row[0].strip()}  <-  {sql[:80]}")
                finally:
                    await self.conn.execute("RESET enable_seqscan")
            return await plain_pg(self, sql, params)

        monkeypatch.setattr(PgConn, "fetch", explain_pg)
    else:
        plain = SqliteConn.fetch

        async def explain(self: SqliteConn, sql: str, params: Any = ()) -> Any:
            if sql.lstrip().upper().startswith("SELECT"):
                for row in await plain(self, "EXPLAIN QUERY PLAN " + sql, params):
                    detail = tuple(row)[3]
                    # "SCAN t USING INDEX i" walks an index in order (next_timer's LIMIT 1): fine
                    m = re.match(r"SCAN (\w+)\b(?! USING)", detail)
                    if m and m.group(1) in TABLES:
                        scans.append(f"{detail}  <-  {sql[-160:]}")
            return await plain(self, sql, params)

        monkeypatch.setattr(SqliteConn, "fetch", explain)
    for shards in (None, Shards(4, (1, 2))):
        store = await backend.open(shards=shards)
        try:
            for kind in LEADERBOARD_KINDS:
                await store.results.leaderboard(1, kind)
            await store.results.player_stats(1, 2)
            await store.results.get_rating(1, 2)
            await store.recovery.list_unfinished()
            await store.games.finished_since(0.0)
            await store.timers.due_timers()
            await store.timers.next_timer()
            await store.timers.game_timers(1)
            await store.games.get_moves(1)
            await store.games.moves_after_version(1, 0)
            await store.results.get_results(1)
            await store.settings.get_guild_settings(1)
            await store.games.recent_games(1)
            await store.games.running_game_in_channel(1)
            await store.timers.last_heartbeat()
            await store.games.ended_since(0.0)
            await store.messages.find_message(1)
            await store.outbox.pending_deliveries(1)
            await store.outbox.live_deliveries(1)
            await store.outbox.games_with_pending_deliveries()
            await store.outbox.games_with_live_deliveries()
            await store.panels.fresh_panels(1, since=0.0)
        finally:
            await store.close()
    assert scans == [], "\n".join(scans)

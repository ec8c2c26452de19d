"""The store's side of operations, on both databases: the ping, the outbox backlog and the games running of a
process's shards, and the shard states every process writes and any process reads (through the Reporter)."""

from __future__ import annotations

import asyncio

from store.conftest import Backend, Clock, playing_game

from hardback_bot.ops import metrics
from hardback_bot.ops.metrics import REGISTRY, GatewayShard
from hardback_bot.ops.status import Reporter, ShardStatus, describe
from hardback_bot.store import AnnounceNotes, Delivery, Shards


def guild_on(shard: int) -> int:
    """A guild id on ``shard`` of two (Discord's ``(guild_id >> 22) % count``)."""
    return (1000 + shard) << 22


async def test_ping_backlog_and_games_running_of_a_process_s_shards(backend: Backend, clock: Clock) -> None:
    whole = await backend.open()
    mine = await backend.open(shards=Shards.of(2, (0,)))
    try:
        await whole.operations.ping()
        assert await whole.operations.outbox_backlog() == (0, None)
        g0 = guild_on(0)
        g1 = guild_on(1)
        assert (g0 >> 22) % 2 == 0 and (g1 >> 22) % 2 == 1
        game0, _ = await playing_game(whole, channel=1, guild=g0)
        game1, _ = await playing_game(whole, channel=2, guild=g1)
        await whole.games.create_lobby(g0, 3, host_id=1, options={})
        first = clock.now
        await whole.outbox.add_deliveries(game0, [Delivery(game0, AnnounceNotes(({"t": "begins"},)))])
        clock.advance(5)
        await whole.outbox.add_deliveries(game1, [Delivery(game1, AnnounceNotes(({"t": "ended", "by": 2},))),
                                            Delivery(game1, AnnounceNotes())])
        assert await whole.operations.outbox_backlog() == (3, first)
        assert await mine.operations.outbox_backlog() == (1, first)
        assert await whole.operations.games_running() == {"playing": 2, "lobby": 1}
        assert await mine.operations.games_running() == {"playing": 1, "lobby": 1}
        pending = await whole.outbox.pending_deliveries(game0)
        await whole.outbox.mark_delivered([d.id for d in pending], 5)  # type: ignore[misc]
        assert await mine.operations.outbox_backlog() == (0, None)
    finally:
        await mine.close()
        await whole.close()


async def test_every_process_reads_every_shard_state(backend: Backend, clock: Clock) -> None:
    a = await backend.open(shards=Shards.of(2, (0,)))
    b = await backend.open(shards=Shards.of(2, (1,)))
    try:
        gateway_a = [GatewayShard(0, False, None, 0)]
        reporter_a = Reporter(a, lambda: list(gateway_a), shard_count=2, shard_ids=(0,))
        reporter_b = Reporter(b, lambda: [GatewayShard(1, True, 0.03, 7)], shard_count=2, shard_ids=(1,))
        await reporter_a.report()
        await reporter_b.report()
        seen = {s.shard: s.state for s in await b.operations.shard_statuses()}
        assert seen == {0: "starting", 1: "ready"}
        gateway_a[0] = GatewayShard(0, True, 0.02, 3)
        clock.advance(10)
        await reporter_a.report()
        gateway_a[0] = GatewayShard(0, False, None, 3)
        await reporter_a.report()
        rows = {s.shard: s for s in await b.operations.shard_statuses()}
        assert rows[0].state == "disconnected" and rows[0].updated_at == clock.now  # it was up once
        assert rows[1] == ShardStatus(2, 1, "ready", 0.03, 7, reporter_b.process, reporter_b.started_at,
                                      clock.now - 10)
        reporter_b.start()  # runs in the background, and stopping records it as stopped
        await asyncio.sleep(0.05)
        await reporter_b.stop()
        view = describe(await a.operations.shard_statuses(), clock.now + 100, 2)
        assert {s["shard"]: s["state"] for s in view["shards"]} == {0: "stale", 1: "stopped"}  # type: ignore[union-attr]
    finally:
        await a.close()
        await b.close()


async def test_the_reporter_refreshes_the_store_gauges(backend: Backend, clock: Clock) -> None:
    store = await backend.open()
    try:
        game, _ = await playing_game(store, channel=9, guild=1 << 22)
        await store.outbox.add_deliveries(game, [Delivery(game, AnnounceNotes())])
        clock.advance(30)
        await Reporter(store, lambda: [], shard_count=1, shard_ids=(0,)).report()
        assert REGISTRY.get_sample_value("hardback_games_running", {"status": "playing"}) == 1
        assert REGISTRY.get_sample_value("hardback_outbox_pending_rows") == 1
        assert REGISTRY.get_sample_value("hardback_outbox_oldest_pending_seconds") == 30
    finally:
        metrics.set_games({})
        metrics.set_outbox(0, None)
        await store.close()

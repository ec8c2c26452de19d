"""How long ended games' move logs are kept (store/rooms/retention.py, docs/privacy.md), on both databases: a game
ended before the cut-off loses its moves, final state and outbox rows, keeps its seats, results and everyone's
ratings, and says when; running games and games ended since are untouched; a sharded process prunes its own."""

from __future__ import annotations

from hardback_bot.store import AnnounceNotes, Delivery, GameOutcome, Seat, Shards
from hardback_bot.store.sql import SqlStore

from .conftest import Backend
from .test_results import line

DAY = 86400.0
GUILD = 10


async def finished_game(store: SqlStore, channel: int, guild: int = GUILD) -> int:
    lobby = await store.games.create_lobby(guild, channel, host_id=1, options={},
                                           seats=[Seat(0, "ann", user_id=1), Seat(1, "bob", user_id=2)])
    v = await store.games.start_game(lobby.id, lobby.version, seed=1, state='{"log": []}')
    v = await store.games.commit_move(lobby.id, v, 0, "skip", '{"log": [[0, "skip"]]}',
                                      deliveries=[Delivery(lobby.id, AnnounceNotes(({"t": "turn", "seat": 0},)))])
    await store.games.commit_move(lobby.id, v, 1, "end", '{"log": [[0, "skip"], [1, "end"]]}', finished=True,
                                  outcome=GameOutcome((line(0, 1, 60), line(1, 2, 40))))
    return lobby.id


async def test_move_logs_of_games_ended_long_ago_go_and_the_rest_stays(store: SqlStore, backend: Backend) -> None:
    old = await finished_game(store, 1)
    abandoned = await store.games.create_lobby(GUILD, 2, host_id=1, options={}, seats=[Seat(0, "ann", user_id=1)])
    await store.games.abandon_game(abandoned.id)
    backend.clock.advance(40 * DAY)
    recent = await finished_game(store, 3)
    running = await store.games.create_lobby(GUILD, 4, host_id=1, options={}, seats=[Seat(0, "ann", user_id=1)])
    v = await store.games.start_game(running.id, running.version, seed=1, state="{}")
    await store.games.commit_move(running.id, v, 0, "skip", "{}")
    rating = await store.results.get_rating(GUILD, 1)
    results = await store.results.get_results(old)
    backend.clock.advance(1 * DAY)

    assert await store.retention.prune_move_logs(
        backend.clock.now - 30 * DAY, limit=1) == [old]  # oldest first, a batch
    assert await store.retention.prune_move_logs(backend.clock.now - 30 * DAY) == [abandoned.id]
    assert await store.retention.prune_move_logs(backend.clock.now - 30 * DAY) == []  # done: nothing twice

    pruned = await store.games.get_game(old)
    assert pruned.state is None and pruned.move_count == 0 and pruned.pruned_at == backend.clock.now
    assert await store.games.get_moves(old) == [] and await store.outbox.pending_deliveries(old) == []
    assert [s.display_name for s in pruned.seats] == ["ann", "bob"] and pruned.status == "finished"
    assert await store.results.get_results(old) == results and await store.results.get_rating(GUILD, 1) == rating
    assert (await store.results.player_stats(GUILD, 1)).competitive.games == 2  # the history and totals stay
    for kept in (recent, running.id):
        game = await store.games.get_game(kept)
        assert game.pruned_at is None and game.state is not None and game.move_count > 0
    export = await store.games.export_game(old)
    assert export["moves"] == [] and export["state"] is None and export["game"]["status"] == "finished"


async def test_a_sharded_process_prunes_its_own_guilds_games(backend: Backend) -> None:
    store = await backend.open()
    try:
        mine, theirs = 0, 1 << 22  # shard 0 and shard 1 of 2
        a = await finished_game(store, 1, guild=mine)  # guild 0: outside servers, shard 0
        b = await finished_game(store, 2, guild=theirs)
    finally:
        await store.close()
    backend.clock.advance(10 * DAY)
    shard0 = await backend.open(shards=Shards.of(2, [0]))
    try:
        assert await shard0.retention.prune_move_logs(backend.clock.now - DAY) == [a]
        assert (await shard0.games.get_game(b)).pruned_at is None
    finally:
        await shard0.close()

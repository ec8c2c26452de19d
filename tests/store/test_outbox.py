"""The outbox (migration 005): what the channel must show is written with the move that causes it, claimed
into batches before sending, marked delivered once Discord has it; panels' tokens; shown versions."""

from __future__ import annotations

import pytest

from hardback_bot.store import (
    AnnounceNotes,
    DeadlineReminder,
    Delivery,
    PanelToken,
    PostResults,
    Shards,
    StaleVersion,
    Store,
    Timer,
)

from .conftest import Backend, Clock, playing_game


async def test_deliveries_are_written_with_the_move_or_not_at_all(store: Store) -> None:
    gid, v = await playing_game(store, channel=7)
    note = Delivery(gid, AnnounceNotes(({"t": "turn", "seat": 0},)))
    v2 = await store.games.commit_moves(gid, v, [(0, "skip")], "s1", deliveries=[note])
    with pytest.raises(StaleVersion):  # a stale writer writes nothing, its deliveries included
        await store.games.commit_moves(gid, v, [(1, "skip")], "s1b", deliveries=[note])
    pending = await store.outbox.pending_deliveries(gid)
    assert [(d.kind, d.channel_id, d.version, d.payload) for d in pending] == [
        ("announce", 7, v2, AnnounceNotes(({"t": "turn", "seat": 0},)))
    ]
    assert await store.outbox.games_with_pending_deliveries() == [gid]


async def test_start_abandon_and_seat_changes_carry_deliveries(store: Store) -> None:
    lobby = await store.games.create_lobby(10, 3, host_id=1, options={})
    from hardback_bot.store import Seat

    seats = [Seat(0, "ann", user_id=1), Seat(1, "bob", user_id=2)]
    v = await store.games.start_game(lobby.id, lobby.version, seed=1, state="s", seats=seats,
                                     deliveries=[Delivery(lobby.id, AnnounceNotes(({"t": "begins"},)))])
    v = await store.games.replace_seat(lobby.id, v, Seat(1, "bob (computer)", user_id=2, ai_strength=2),
                                       deliveries=[Delivery(lobby.id, AnnounceNotes(({"t": "left", "seat": 1},)))])
    await store.games.abandon_game(lobby.id, v, deliveries=[Delivery(lobby.id, AnnounceNotes(({"t": "ended"},)))])
    kinds = [d.payload.notes[0]["t"] for d in await store.outbox.pending_deliveries(lobby.id)
             if isinstance(d.payload, AnnounceNotes)]
    assert kinds == ["begins", "left", "ended"]


async def test_claim_keeps_a_batch_and_delivery_marks_it(store: Store, clock: Clock) -> None:
    gid, v = await playing_game(store)
    for i in range(3):
        row = Delivery(gid, AnnounceNotes(({"t": "your_turn", "seat": i},)))
        v = await store.games.commit_moves(gid, v, [(0, f"m{i}")], "s", deliveries=[row])
    rows = await store.outbox.pending_deliveries(gid)
    ids = [d.id for d in rows]
    batch = await store.outbox.claim_deliveries(ids[:2])
    assert batch == ids[0]
    # A second claim (after a crash, say) cannot move rows into another batch.
    assert await store.outbox.claim_deliveries(ids[1:]) == ids[1]
    rows = await store.outbox.pending_deliveries(gid)
    assert [d.batch for d in rows] == [ids[0], ids[0], ids[1]]
    assert all(d.claimed_at == clock.now for d in rows)
    await store.outbox.mark_delivered(ids[:2], 555, live=True)
    assert [d.id for d in await store.outbox.pending_deliveries(gid)] == [ids[2]]
    assert [d.id for d in await store.outbox.game_deliveries(gid)] == ids
    live = await store.outbox.live_deliveries(gid)
    assert [(d.id, d.message_id) for d in live] == [(ids[0], 555), (ids[1], 555)]
    # Start-up recovery finds the game by its live rows, whatever else it says (an end just before a crash).
    assert await store.outbox.games_with_live_deliveries() == [gid]
    await store.outbox.clear_live([ids[0], ids[1]])
    assert await store.outbox.live_deliveries(gid) == []
    assert await store.outbox.games_with_live_deliveries() == []


async def test_a_fired_timer_writes_its_deliveries_once(store: Store) -> None:
    gid, _ = await playing_game(store)
    timer = await store.timers.set_timer(Timer(gid, DeadlineReminder(), 1.0))
    assert timer.id is not None
    assert await store.outbox.fire_timer(timer.id, [Delivery(gid, AnnounceNotes(({"t": "reminder"},)))])
    assert not await store.outbox.fire_timer(timer.id, [Delivery(gid, AnnounceNotes(({"t": "reminder"},)))])
    assert len(await store.outbox.pending_deliveries(gid)) == 1


async def test_messages_remember_the_version_they_show(store: Store) -> None:
    gid, v = await playing_game(store)
    await store.messages.set_message(gid, "table", 99, version=v)
    await store.messages.set_message(gid, "ghost:12", 123, channel_id=123)
    record = await store.games.get_game(gid)
    assert record.messages == {"table": 99, "ghost:12": 123}
    assert record.message_versions == {"table": v, "ghost:12": None}
    await store.messages.set_message_version(gid, "table", v + 3)
    assert (await store.games.get_game(gid)).message_versions["table"] == v + 3
    assert await store.messages.find_message(123) == (gid, "ghost:12")
    assert await store.messages.find_message(124) is None


async def test_panels_keep_the_newest_token(store: Store, clock: Clock) -> None:
    gid, v = await playing_game(store)
    await store.panels.save_panel(PanelToken(gid, 100, 1, "old", clock.now, v))
    clock.advance(60)
    await store.panels.save_panel(PanelToken(gid, 100, 1, "new", clock.now, v, "es-ES"))
    await store.panels.set_panel_version(gid, 100, "old", v + 5)  # an older token no longer counts
    panels = await store.panels.fresh_panels(gid, since=clock.now - 900)
    assert panels == [PanelToken(gid, 100, 1, "new", clock.now, v, "es-ES")]
    await store.panels.set_panel_version(gid, 100, "new", v + 1)
    assert (await store.panels.fresh_panels(gid, since=0))[0].version == v + 1
    # Every token is kept too (game over redraws them all), until closed.
    tokens = await store.panels.open_panel_tokens(gid, since=0)
    assert [t.token for t in tokens] == ["old", "new"]
    await store.panels.close_panel_tokens(gid, ["old"])
    assert [t.token for t in await store.panels.open_panel_tokens(gid, since=0)] == ["new"]
    clock.advance(901)
    assert await store.panels.fresh_panels(gid, since=clock.now - 900) == []
    assert await store.panels.drop_panels(clock.now - 900) == 1


async def test_ended_since_lists_finished_and_abandoned(store: Store, clock: Clock) -> None:
    a, va = await playing_game(store, channel=1)
    b, vb = await playing_game(store, channel=2)
    await store.games.commit_moves(a, va, [(0, "end")], "s", finished=True)
    await store.games.abandon_game(b, vb)
    assert sorted(g.id for g in await store.games.ended_since(clock.now - 1)) == [a, b]
    assert await store.games.ended_since(clock.now + 1) == []


async def test_outbox_survives_reopening(backend: Backend) -> None:
    s = await backend.open()
    gid, v = await playing_game(s)
    await s.games.commit_moves(gid, v, [(0, "x")], "s", deliveries=[Delivery(gid, PostResults())])
    await s.close()
    s = await backend.open()
    try:
        assert [d.kind for d in await s.outbox.pending_deliveries(gid)] == ["results"]
    finally:
        await s.close()


async def test_a_sharded_process_recovers_only_its_own_guilds_deliveries(backend: Backend) -> None:
    store = await backend.open()
    try:
        mine, other = 1 << 22, 2 << 22  # guilds on shard 1 and shard 2 of 4
        a, va = await playing_game(store, channel=1, guild=mine)
        b, vb = await playing_game(store, channel=2, guild=other)
        await store.games.commit_moves(a, va, [(0, "x")], "s", deliveries=[Delivery(a, AnnounceNotes())])
        await store.games.commit_moves(b, vb, [(0, "x")], "s", finished=True, deliveries=[Delivery(b, PostResults())])
        scoped = await backend.open(shards=Shards(4, (0, 1)))
        try:
            assert await scoped.outbox.games_with_pending_deliveries() == [a]
            assert await scoped.games.ended_since(0.0) == []
        finally:
            await scoped.close()
        assert await store.outbox.games_with_pending_deliveries() == [a, b]
    finally:
        await store.close()

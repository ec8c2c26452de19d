from __future__ import annotations

import pytest

from hardback_bot.store import DeadlineReminder, Store, Timer, TurnDeadline

from .conftest import Clock, humans, playing_game


async def test_timer_queries(store: Store, clock: Clock) -> None:
    gid, _ = await playing_game(store)
    now = clock.now
    t1 = await store.timers.set_timer(Timer(gid, TurnDeadline(3, now + 60), now + 60, seat=0))
    await store.timers.set_timer(Timer(gid, DeadlineReminder(3, now + 60), now + 30, seat=0))
    assert t1.id is not None
    nxt = await store.timers.next_timer()
    assert nxt is not None and (nxt.kind, nxt.deadline) == ("reminder", now + 30)
    assert await store.timers.due_timers() == []
    clock.advance(45)
    assert [t.kind for t in await store.timers.due_timers()] == ["reminder"]
    # same game, kind and seat replaces
    await store.timers.set_timer(Timer(gid, TurnDeadline(4, now + 90), now + 90, seat=0))
    turn = [t for t in await store.timers.game_timers(gid) if t.kind == "turn"]
    assert len(turn) == 1 and turn[0].deadline == now + 90 and turn[0].payload == TurnDeadline(4, now + 90)
    clock.advance(100)
    due = await store.timers.due_timers(limit=1)
    assert len(due) == 1 and due[0].kind == "reminder"
    assert await store.timers.delete_timer(due[0].id or 0) is True
    assert await store.timers.delete_timer(due[0].id or 0) is False  # a second dispatcher loses cleanly
    assert await store.timers.cancel_timers(gid, "turn") == 1
    assert await store.timers.next_timer() is None


async def test_shift_deadlines_after_downtime(store: Store, clock: Clock) -> None:
    gid, _ = await playing_game(store)
    now = clock.now
    await store.timers.set_timer(Timer(gid, TurnDeadline(), now + 10, seat=0))
    await store.timers.set_timer(Timer(gid, TurnDeadline(), now + 1000, seat=1))
    assert await store.timers.shift_deadlines(600, before=now + 500) == 1
    assert sorted(t.deadline for t in await store.timers.game_timers(gid)) == [now + 610, now + 1000]
    assert await store.timers.shift_deadlines(5) == 2
    assert sorted(t.deadline for t in await store.timers.game_timers(gid)) == [now + 615, now + 1005]


async def test_commit_replaces_timers_atomically_and_finish_clears_them(store: Store, clock: Clock) -> None:
    gid, v = await playing_game(store)
    await store.timers.set_timer(Timer(gid, TurnDeadline(), clock.now + 60, seat=0))
    await store.timers.set_timer(Timer(gid, DeadlineReminder(), clock.now + 30, seat=0))
    v = await store.games.commit_move(
        gid, v, 0, "end", "s1", timers=[Timer(gid, TurnDeadline(), clock.now + 300, seat=1)])
    assert [(t.kind, t.seat) for t in await store.timers.game_timers(gid)] == [("turn", 1)]
    v = await store.games.commit_move(gid, v, 1, "ink", "s2")  # timers=None leaves them alone
    assert len(await store.timers.game_timers(gid)) == 1
    await store.games.commit_move(
        gid, v, 1, "end", "s3", finished=True, timers=[Timer(gid, TurnDeadline(), 1.0, seat=0)])
    assert await store.timers.game_timers(gid) == []


async def test_recovery_lists_every_unfinished_game(store: Store, clock: Clock) -> None:
    lobby = await store.games.create_lobby(10, 1, host_id=100, options={"a": 1}, seats=humans("ann"))
    await store.messages.set_message(lobby.id, "lobby", 11)
    gid, v = await playing_game(store, channel=2)
    await store.messages.set_message(gid, "table", 22)
    await store.messages.set_message(gid, "thread", 23, channel_id=2323)
    await store.timers.set_timer(Timer(gid, TurnDeadline(v, clock.now + 60), clock.now + 60, seat=0))
    done, dv = await playing_game(store, channel=3)
    await store.games.commit_move(done, dv, 0, "m", "s", finished=True)
    gone = await store.games.create_lobby(10, 4, host_id=1, options={})
    await store.games.abandon_game(gone.id)

    infos = await store.recovery.list_unfinished()
    assert [i.game.id for i in infos] == [lobby.id, gid]
    lobby_info, game_info = infos
    assert lobby_info.game.status == "lobby" and lobby_info.game.messages == {"lobby": 11}
    assert game_info.game.channel_id == 2 and game_info.game.messages == {"table": 22, "thread": 23}
    assert game_info.message_channels == {"thread": 2323}
    assert [(t.kind, t.seat, t.payload) for t in game_info.timers] == [("turn", 0, TurnDeadline(v, clock.now + 60))]
    assert game_info.game.state is None  # loaded lazily unless asked
    with_state = await store.recovery.list_unfinished(with_state=True)
    assert with_state[1].game.state == "s0"
    # finished games are kept as history
    assert (await store.games.get_game(done)).status == "finished"


async def test_expire_idle_lobbies(store: Store, clock: Clock) -> None:
    old = await store.games.create_lobby(10, 1, host_id=1, options={})
    await store.timers.set_timer(Timer(old.id, TurnDeadline(), clock.now + 10))
    clock.advance(3600)
    fresh = await store.games.create_lobby(10, 2, host_id=1, options={})
    gid, _ = await playing_game(store, channel=3)  # playing games never expire this way
    clock.advance(1800)
    await store.games.update_lobby(fresh.id, fresh.version, options={"x": True})
    clock.advance(1800)
    assert await store.recovery.expire_lobbies(older_than=3000) == [old.id]
    got = await store.games.get_game(old.id)
    assert got.status == "abandoned" and got.version == 1 and await store.timers.game_timers(old.id) == []
    assert (await store.games.get_game(fresh.id)).status == "lobby"
    assert (await store.games.get_game(gid)).status == "playing"
    # the channel is free again
    await store.games.create_lobby(10, 1, host_id=1, options={})


async def test_heartbeat_gives_the_downtime_to_shift_by(store: Store, clock: Clock) -> None:
    assert await store.timers.last_heartbeat() is None
    gid, _ = await playing_game(store)
    await store.timers.set_timer(Timer(gid, TurnDeadline(), clock.now + 60, seat=0))
    await store.timers.heartbeat()
    down_at = clock.now
    clock.advance(3600)  # the bot was down for an hour
    downtime = clock.now - (await store.timers.last_heartbeat() or clock.now)
    assert downtime == 3600
    await store.timers.shift_deadlines(downtime)
    assert [t.deadline for t in await store.timers.game_timers(gid)] == [down_at + 60 + 3600]
    assert await store.timers.due_timers() == []


async def test_a_restart_counts_its_downtime_once_whatever_stops_it(store: Store, clock: Clock,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """At start-up the downtime is measured, the deadlines moved by it and a heartbeat written in one
    transaction: a start that stops half-way moves nothing, the next one moves them once."""
    assert await store.timers.count_downtime() is None  # a new store: the bot was never away
    gid, _ = await playing_game(store)
    await store.timers.set_timer(Timer(gid, TurnDeadline(), clock.now + 60, seat=0))
    await store.timers.heartbeat()
    deadline = clock.now + 60
    clock.advance(600)  # away for ten minutes

    async def broken(*args: object) -> int:
        raise RuntimeError("the process stopped here")

    with monkeypatch.context() as patch:  # the start stops after the heartbeat was written, before the deadlines
        patch.setattr(store.timers, "_shift", broken)
        with pytest.raises(RuntimeError):
            await store.timers.count_downtime()
    assert [t.deadline for t in await store.timers.game_timers(gid)] == [deadline]
    assert await store.timers.last_heartbeat() == clock.now - 600  # rolled back with the rest
    clock.advance(30)  # the next start, half a minute later
    assert await store.timers.count_downtime() == (630, 1)
    assert [t.deadline for t in await store.timers.game_timers(gid)] == [deadline + 630]
    assert await store.timers.last_heartbeat() == clock.now
    clock.advance(2)
    assert await store.timers.count_downtime() == (2, 1)  # a second start counts only its own downtime
    assert [t.deadline for t in await store.timers.game_timers(gid)] == [deadline + 632]

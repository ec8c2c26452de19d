"""Vacations of turn-based players (store/rooms/vacations.py), on both databases: stored with the game's moved
deadlines and its line for the channel in one transaction, guarded by the version, refused once the game is over."""

from __future__ import annotations

import pytest

from hardback_bot.store import AnnounceNotes, Delivery, StaleVersion, Store, Timer, WrongStatus
from hardback_bot.store.payloads import DeadlineReminder, TurnDeadline
from hardback_bot.store.rooms.vacations import Vacation

from .conftest import Clock, playing_game

DAY = 86_400.0


async def test_a_vacation_moves_the_deadlines_with_it(store: Store, clock: Clock) -> None:
    gid, v = await playing_game(store)
    v = await store.games.commit_move(gid, v, 0, "m", "s1", timers=[Timer(gid, TurnDeadline(1, clock.now + DAY),
                                                                    clock.now + DAY, seat=1)])
    until = clock.now + 3 * DAY
    pushed = [Timer(gid, TurnDeadline(1, until + DAY), until + DAY, seat=1),
              Timer(gid, DeadlineReminder(1, until + DAY), until + DAY / 2, seat=1)]
    note = Delivery(gid, AnnounceNotes(({"t": "vacation", "seat": 1, "until": int(until)},)))
    v2 = await store.vacations.set_vacation(Vacation(gid, 1, until, 3 * DAY), v, timers=pushed, deliveries=[note])
    assert v2 == v + 1
    assert await store.vacations.vacations(gid) == {1: Vacation(gid, 1, until, 3 * DAY)}
    assert sorted((t.kind, t.deadline) for t in await store.timers.game_timers(gid)) == [
        ("reminder", until + DAY / 2), ("turn", until + DAY)]
    assert [d.kind for d in await store.outbox.pending_deliveries(gid)] == ["announce"]

    # Back early: the same row, the timers kept when none are given; a stale version changes nothing.
    with pytest.raises(StaleVersion):
        await store.vacations.set_vacation(Vacation(gid, 1, clock.now, DAY), v)
    await store.vacations.set_vacation(Vacation(gid, 1, clock.now, DAY), v2)
    assert await store.vacations.vacations(gid) == {1: Vacation(gid, 1, clock.now, DAY)}
    assert len(await store.timers.game_timers(gid)) == 2


async def test_vacations_are_each_games_own_and_only_while_playing(store: Store) -> None:
    gid, v = await playing_game(store)
    other, _ = await playing_game(store, channel=2)
    v = await store.vacations.set_vacation(Vacation(gid, 0, 5.0, 5.0), v)
    assert await store.vacations.vacations(other) == {}
    await store.games.abandon_game(gid, v)
    with pytest.raises(WrongStatus):
        await store.vacations.set_vacation(Vacation(gid, 0, 9.0, 9.0), v + 1)

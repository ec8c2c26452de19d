"""Turn-based speeds (a day per move and more): reminders at sensible points of a long deadline, timeouts after
days, and vacations that hold a player's deadlines (sessions/core.py, sessions/timers.py, sessions/vacation.py),
with an injected clock."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardback_bot.engine import GameOptions, Move
from hardback_bot.sessions import SessionError, Sessions
from hardback_bot.sessions.core import reminder_offsets
from hardback_bot.sessions.notes import notes_of
from hardback_bot.sessions.screens.announcements import announcement
from hardback_bot.sessions.vacation import MAX_VACATION, away_now, come_back, go_away
from hardback_bot.store import AnnounceNotes, open_store

DAY = 86_400
HOUR = 3600


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def said(sessions: Sessions, store, game_id: int) -> list[str]:
    """Every announcement line the outbox holds for a game, as the relay would render it now."""
    loaded = await sessions.load(game_id)
    deadline = await sessions.timers.current_deadline(game_id, len(loaded.game.move_log))
    lines: list[str] = []
    for row in await store.outbox.pending_deliveries(game_id, limit=10_000):
        if isinstance(row.payload, AnnounceNotes):
            lines += announcement(loaded, notes_of(row.payload), deadline=deadline).lines
    return lines


async def two_players(sessions: Sessions, **options) -> int:
    record = await sessions.lobby.open(1, 10, 100, "Ada", GameOptions(**options))
    await sessions.lobby.act(record.id, 200, "Bob", "join")
    started, _ = await sessions.lobby.act(record.id, 100, "Ada", "start")
    assert started.status == "playing"
    return record.id


@pytest.fixture
async def env(tmp_path: Path):
    store = await open_store(tmp_path / "s.db")
    clock = Clock()
    sessions = Sessions(store, ai_delay=0, clock=clock)
    yield sessions, store, clock
    await sessions.close()
    await store.close()


def test_long_deadlines_are_reminded_at_half_time_and_two_hours_before() -> None:
    assert reminder_offsets(60) == (45,)  # real time: one, at three quarters
    assert reminder_offsets(2 * HOUR) == (1.5 * HOUR,)
    assert reminder_offsets(12 * HOUR) == (6 * HOUR, 10 * HOUR)
    assert reminder_offsets(DAY) == (12 * HOUR, 22 * HOUR)
    assert reminder_offsets(7 * DAY) == (3.5 * DAY, 7 * DAY - 2 * HOUR)


async def active_user(sessions: Sessions, game_id: int) -> int:
    loaded = await sessions.load(game_id)
    user = loaded.record.seats[loaded.game.active_seat].user_id
    assert user is not None
    return user


async def deadlines(store, game_id: int) -> list[tuple[str, float]]:
    return sorted(((t.kind, t.deadline) for t in await store.timers.game_timers(game_id)), key=lambda kd: kd[1])


async def test_a_day_per_move_reminds_twice_then_times_out_after_a_day(env) -> None:
    sessions, store, clock = env
    start = clock.now
    game_id = await two_players(sessions, turn_timer=DAY)
    assert await deadlines(store, game_id) == [("reminder", start + 12 * HOUR), ("reminder", start + 22 * HOUR),
                                               ("turn", start + DAY)]
    for at in (12, 22):
        clock.now = start + at * HOUR
        for timer in [t for t in await store.timers.due_timers(now=clock.now)]:
            await sessions.timers.handle(timer)
        last = (await said(sessions, store, game_id))[-1]
        assert "your move is waiting: the deadline is" in last
        assert f"<t:{int(start + DAY)}:R>" in last and f"<t:{int(start + DAY)}:f>" in last
    assert sum("your move is waiting" in line for line in await said(sessions, store, game_id)) == 2
    clock.now = start + DAY - 1
    assert [t.kind for t in await store.timers.due_timers(now=clock.now)] == []  # nothing acts a second early
    clock.now = start + DAY + 1
    (turn,) = await store.timers.due_timers(now=clock.now)
    await sessions.timers.handle(turn)
    assert [m.move for m in await store.games.get_moves(game_id)] == ["timeout"]
    # The next player has a day of their own, from now.
    assert ("turn", clock.now + DAY) in await deadlines(store, game_id)


async def test_a_vacation_holds_the_deadline_and_ends_early(env) -> None:
    sessions, store, clock = env
    start = clock.now
    game_id = await two_players(sessions, turn_timer=DAY)
    active = await active_user(sessions, game_id)
    said_ = await go_away(sessions, game_id, active, 3)
    until = start + 3 * DAY
    assert str(said_).startswith("You are away until") and f"<t:{int(until)}:f>" in str(said_)
    assert await deadlines(store, game_id) == [("reminder", until + 12 * HOUR), ("reminder", until + 22 * HOUR),
                                               ("turn", until + DAY)]
    assert any("is away until" in line for line in await said(sessions, store, game_id))
    loaded = await sessions.load(game_id)
    assert await away_now(sessions, loaded) == {loaded.game.active_seat: int(until)}
    clock.now = start + 2 * DAY  # two days in, back early: a fresh day from now, a day of vacation given back
    await come_back(sessions, game_id, active)
    assert await deadlines(store, game_id) == [("reminder", clock.now + 12 * HOUR),
                                               ("reminder", clock.now + 22 * HOUR), ("turn", clock.now + DAY)]
    assert await away_now(sessions, await sessions.load(game_id)) == {}
    assert any("is back from vacation" in line for line in await said(sessions, store, game_id))
    with pytest.raises(SessionError, match="not on vacation"):
        await come_back(sessions, game_id, active)
    (vacation,) = (await store.vacations.vacations(game_id)).values()
    assert vacation.used == 2 * DAY


async def test_vacation_is_bounded_and_only_for_turn_based_games(env) -> None:
    sessions, store, clock = env
    game_id = await two_players(sessions, turn_timer=DAY)
    loaded = await sessions.load(game_id)
    waiting = next(s.user_id for s in loaded.record.seats if s.seat != loaded.game.active_seat)
    before = await deadlines(store, game_id)
    await go_away(sessions, game_id, waiting, 7)  # not their turn: the active player's deadline stays
    assert await deadlines(store, game_id) == before
    await go_away(sessions, game_id, waiting, 7)  # a second week, from the end of the first
    with pytest.raises(SessionError, match="past 14 days"):
        await go_away(sessions, game_id, waiting, 1)
    with pytest.raises(SessionError, match="Choose 1, 3 or 7"):
        await go_away(sessions, game_id, waiting, 2)
    assert (await store.vacations.vacations(game_id))[loaded.seat_of(waiting)].until == clock.now + MAX_VACATION
    # Their turn comes while they are away: it waits for the vacation's end, then a day.
    await sessions.play(game_id, loaded.record.seats[loaded.game.active_seat].user_id, Move("skip"), None)
    assert ("turn", clock.now + MAX_VACATION + DAY) in await deadlines(store, game_id)

    real_time = await sessions.lobby.open(1, 11, 100, "Ada", GameOptions(turn_timer=300))
    await sessions.lobby.act(real_time.id, 200, "Bob", "join")
    await sessions.lobby.act(real_time.id, 100, "Ada", "start")
    with pytest.raises(SessionError, match="turn-based games"):
        await go_away(sessions, real_time.id, 100, 1)


async def test_the_vacation_button_is_on_turn_based_tables_only(env) -> None:
    from hardback_bot.sessions.screens.panel import Button
    from hardback_bot.sessions.screens.table import table_panel

    sessions, _store, _clock = env
    day = await sessions.load(await two_players(sessions, turn_timer=DAY))
    ids = [b.custom_id for row in (await table_panel(day)).rows if isinstance(row, list) for b in row
           if isinstance(b, Button)]
    assert f"hb:u:{day.record.id}:0:panel" in ids
    quick = await sessions.lobby.open(1, 11, 100, "Ada", GameOptions(turn_timer=300))
    await sessions.lobby.act(quick.id, 200, "Bob", "join")
    await sessions.lobby.act(quick.id, 100, "Ada", "start")
    ids = [b.custom_id for row in (await table_panel(await sessions.load(quick.id))).rows if isinstance(row, list)
           for b in row if isinstance(b, Button)]
    assert ids and not any(i.startswith("hb:u:") for i in ids)

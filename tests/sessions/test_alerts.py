"""Turn alerts (issue 38): quiet hours in the player's zone, who gets an alert and when, and an alert held by
quiet hours that is dropped when the turn passes before their end."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from test_sessions import Clock, Recorder, random_ai, two_players, wants

from hardback_bot.engine import Move
from hardback_bot.sessions import Sessions
from hardback_bot.sessions.alerts import quiet_until, wants_alert
from hardback_bot.store import PlayerSettings, TurnAlert, open_store


def at(text: str) -> float:
    return dt.datetime.fromisoformat(text).timestamp()


def test_quiet_hours_in_the_players_zone() -> None:
    night = PlayerSettings(quiet_start=22, quiet_end=7, zone="Europe/Paris")
    # 23:30 in Paris (winter, UTC+1) is quiet until 07:00 the next morning there.
    assert quiet_until(at("2026-01-10T22:30:00+00:00"), night) == at("2026-01-11T07:00:00+01:00")
    assert quiet_until(at("2026-01-11T05:00:00+00:00"), night) == at("2026-01-11T07:00:00+01:00")
    assert quiet_until(at("2026-01-11T12:00:00+00:00"), night) is None
    # Summer time: 07:00 in Paris is 05:00 UTC.
    assert quiet_until(at("2026-07-01T01:00:00+00:00"), night) == at("2026-07-01T05:00:00+00:00")
    day = PlayerSettings(quiet_start=9, quiet_end=17, zone="-05:00")
    assert quiet_until(at("2026-03-02T15:00:00+00:00"), day) == at("2026-03-02T17:00:00-05:00")
    assert quiet_until(at("2026-03-02T23:00:00+00:00"), day) is None
    assert quiet_until(at("2026-03-02T23:00:00+00:00"), PlayerSettings(quiet_start=5, quiet_end=5)) is None
    assert quiet_until(at("2026-03-02T23:00:00+00:00"), PlayerSettings(quiet_start=5)) is None


def test_who_asked_for_which_games() -> None:
    assert not wants_alert(PlayerSettings(), 86_400)
    assert wants_alert(PlayerSettings(alerts="turn_based"), 86_400)
    assert not wants_alert(PlayerSettings(alerts="turn_based"), 3600), "an hour a turn is not turn-based"
    assert wants_alert(PlayerSettings(alerts="all"), 0)
    assert not wants_alert(PlayerSettings(alerts="all", alerts_closed=True), 86_400)


@pytest.fixture
async def env(tmp_path: Path):
    store = await open_store(tmp_path / "s.db")
    sessions = Sessions(store, Recorder(), ai_delay=0, clock=(clock := Clock()))
    sessions.set_ai(random_ai, wants)
    yield sessions, store, clock
    await sessions.close()
    await store.close()


async def test_an_alert_row_at_each_turn_of_who_asked_and_a_quiet_one_dropped_when_the_turn_passed(env) -> None:
    sessions, store, clock = env
    await store.players.set_player_settings(100, alerts="all")
    game_id = await two_players(sessions, turn_timer=60, adverts=False)

    async def alert_rows() -> list[TurnAlert]:
        return [r.payload for r in await store.outbox.pending_deliveries(game_id, limit=1000)
                if isinstance(r.payload, TurnAlert)]

    loaded = await sessions.load(game_id)
    ada = loaded.seat_of(100)
    expected = 1 if loaded.game.active_seat == ada else 0
    assert len(await alert_rows()) == expected
    for _ in range(3):  # three turns: Ada's turns begin once or twice more; Bob (200) never asked
        loaded = await sessions.load(game_id)
        await sessions.play(game_id, loaded.record.seats[loaded.game.active_seat].user_id, Move("skip"), None)
        loaded = await sessions.load(game_id)
        expected += loaded.game.active_seat == ada
    rows = await alert_rows()
    assert len(rows) == expected >= 1 and {r.user for r in rows} == {100}
    # Quiet now: the next turn of Ada's gets a timer at their end instead, dropped when the turn passes first.
    hour = dt.datetime.fromtimestamp(clock.now, dt.UTC).hour
    await store.players.set_player_settings(100, quiet_start=hour, quiet_end=(hour + 3) % 24)
    loaded = await sessions.load(game_id)
    if loaded.game.active_seat == ada:
        await sessions.play(game_id, 100, Move("skip"), None)
    await sessions.play(game_id, 200, Move("skip"), None)
    timer = next(t for t in await store.timers.game_timers(game_id) if t.kind == "alert")
    assert timer.deadline > clock.now and len(await alert_rows()) == expected
    await sessions.play(game_id, 100, Move("skip"), None)  # Ada plays before her quiet hours end
    assert not [t for t in await store.timers.game_timers(game_id) if t.kind == "alert"]
    clock.now = timer.deadline + 1
    await sessions.timers.handle(timer)  # a stale copy of it comes due anyway: nothing is sent
    assert len(await alert_rows()) == expected

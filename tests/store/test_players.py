"""A person's own settings (the coach), their finished games anywhere, and a running table's requests that
everyone seated agrees to (hints turned on mid-game): on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest

from hardback_bot.store import (
    AnnounceNotes,
    Delivery,
    GameOutcome,
    InvalidRecord,
    PlayerSettings,
    Seat,
    StaleVersion,
    Store,
)

from .conftest import Backend, humans, playing_game
from .test_results import finish, line


async def test_settings_default_change_and_survive_a_reopen(backend: Backend) -> None:
    store = await backend.open()
    try:
        assert await store.players.player_settings([7, 8]) == {7: PlayerSettings(), 8: PlayerSettings()}
        assert (await store.players.set_player_settings(7, coach="off")).coach == "off"
        with pytest.raises(ValueError):
            await store.players.set_player_settings(7, coach="sometimes")  # nothing written
        with pytest.raises(ValueError):
            await store.players.set_player_settings(7, colour="red")
    finally:
        await store.close()
    again = await backend.open()
    try:
        assert await again.players.player_settings([7, 8]) == {7: PlayerSettings(coach="off"), 8: PlayerSettings()}
        assert (await again.players.set_player_settings(7, coach="on")).coach == "on"
        assert (await again.players.player_settings([7]))[7].coach == "on"
    finally:
        await again.close()


async def test_text_mode_is_a_players_own_choice_and_bad_values_change_nothing(store: Store) -> None:
    assert (await store.players.player_settings([7]))[7].text_mode is False  # pictures unless the player chose words
    assert (await store.players.set_player_settings(7, text_mode=True)) == PlayerSettings(text_mode=True)
    for bad in ("yes", 1, None):
        with pytest.raises(ValueError):
            await store.players.set_player_settings(7, text_mode=bad)  # nothing written
    assert await store.players.set_player_settings(7, coach="off") == PlayerSettings(coach="off", text_mode=True)
    assert await store.players.player_settings([7, 8]) == {7: PlayerSettings(coach="off", text_mode=True),
                                                   8: PlayerSettings()}


async def test_keys_of_another_version_are_ignored_on_read_and_kept_on_write(store: Store) -> None:
    """A rollback to a bot that knows fewer settings keeps working, and its writes lose no newer choice; a bad
    value of a known key reads as its default."""
    newer = {"coach": "on", "text_mode": True, "privacy": "hidden", "later": {"x": 1}}
    async with store.write() as db:  # as a newer bot would have written it
        await db.execute("INSERT INTO player_settings (user_id, settings, updated_at) VALUES (?, ?, ?)",
                         (9, json.dumps(newer), 0.0))
    assert (await store.players.player_settings([9]))[9] == PlayerSettings(coach="on", text_mode=True)
    await store.players.set_player_settings(9, text_mode=False)
    rows = await store.query("SELECT settings FROM player_settings WHERE user_id = ?", (9,))
    assert json.loads(rows[0][0]) == {**newer, **PlayerSettings(coach="on").to_dict(), "text_mode": False}
    async with store.write() as db:
        await db.execute("UPDATE player_settings SET settings = ? WHERE user_id = ?",
                         (json.dumps({"coach": "maybe", "text_mode": "yes"}), 9))
    assert (await store.players.player_settings([9]))[9] == PlayerSettings()


async def test_turn_alert_settings_are_checked_and_read_back(store: Store) -> None:
    chosen = await store.players.set_player_settings(5, alerts="turn_based", quiet_start=22, quiet_end=7, zone="+09:00")
    assert (await store.players.player_settings([5]))[5] == chosen
    for bad in ({"alerts": "sometimes"}, {"quiet_start": 24}, {"quiet_end": -1}, {"zone": "Mars/Olympus"},
                {"zone": "+15:00"}, {"alerts_closed": "yes"}):
        with pytest.raises(ValueError):
            await store.players.set_player_settings(5, **bad)
    assert (await store.players.player_settings([5]))[5] == chosen, "a refused change writes nothing"


async def test_finished_games_count_every_server_and_leave_practice_out(store: Store) -> None:
    seats = humans("ann", "bob")  # users 100 and 101
    await finish(store, seats, GameOutcome((line(0, 1, 61), line(1, 2, 40))), channel=1)
    await finish(store, seats, GameOutcome((line(0, 1, 61), line(1, 2, 40)), practice=True), channel=2)
    seats = [Seat(0, "ann", user_id=100), Seat(1, "cid", user_id=102)]
    gid, v = await playing_game(store, channel=3, guild=99, seats=seats)  # another server
    await store.games.commit_move(gid, v, 0, "end", "final", finished=True,
                                  outcome=GameOutcome((line(0, 2, 30), line(1, 1, 44))))
    assert await store.players.finished_games([100, 101, 102, 555]) == {100: 2, 101: 1, 102: 1, 555: 0}


async def test_a_request_is_answered_in_the_games_version(store: Store) -> None:
    gid, v = await playing_game(store, seats=humans("ann", "bob", "cid"))
    assert await store.players.request_agreements(gid, "hints") == []
    asked = Delivery(gid, AnnounceNotes(({"t": "hints", "seat": 0},)))
    v = await store.games.settle_table_request(gid, v, "hints", [100], deliveries=[asked])
    with pytest.raises(StaleVersion):  # an answer drawn on an older version changes nothing
        await store.games.settle_table_request(gid, v - 1, "hints", [100, 101])
    assert await store.players.request_agreements(gid, "hints") == [100]
    v = await store.games.settle_table_request(gid, v, "hints", [100, 101])
    assert await store.players.request_agreements(gid, "hints") == [100, 101]
    rows = await store.outbox.pending_deliveries(gid)
    assert [(r.kind, r.version) for r in rows] == [("announce", v - 1)]
    # Everyone agreed: the request closes and the record's options change with the state, in one version.
    v = await store.games.settle_table_request(gid, v, "hints", None, options={"length": 60, "hints": True}, state="s1")
    record = await store.games.get_game(gid)
    assert (record.version, record.options, record.state) == (v, {"length": 60, "hints": True}, "s1")
    assert await store.players.request_agreements(gid, "hints") == []


async def test_options_change_only_with_the_state(store: Store) -> None:
    gid, v = await playing_game(store)
    with pytest.raises(InvalidRecord):
        await store.games.settle_table_request(gid, v, "hints", None, options={"hints": True})
    assert (await store.games.get_game(gid)).version == v

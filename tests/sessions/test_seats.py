"""Seats that come back (issue 38): a player takes back the seat a computer took for their timeouts, the host
offers an absent seat to a watcher; nobody takes a seat that is not theirs to take; the results say who played
which part and a seat a computer finished moves no rating."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from test_sessions import Clock, Recorder, random_ai, said, two_players, wants

from hardback_bot.engine import Game, Move
from hardback_bot.sessions import SessionError, Sessions
from hardback_bot.sessions.codec import ForgedId, OfferSeat, ReclaimSeat, TakeSeat, parse
from hardback_bot.sessions.screens.my_panel import hand_screen, spectator_screen
from hardback_bot.sessions.screens.seats import played_by
from hardback_bot.store import GuildSettings, open_store


@pytest.fixture
async def env(tmp_path: Path):
    store = await open_store(tmp_path / "s.db")
    sessions = Sessions(store, Recorder(), ai_delay=0, clock=(clock := Clock()))
    sessions.set_ai(random_ai, wants)
    yield sessions, store, None, clock
    await sessions.close()
    await store.close()


async def time_out(sessions: Sessions, store, clock, game_id: int, user_id: int, times: int) -> None:
    """``user_id`` runs out of time ``times`` times in a row; the other player skips in between."""
    for _ in range(times):
        loaded = await sessions.load(game_id)
        if loaded.record.seats[loaded.game.active_seat].user_id != user_id:
            other = loaded.record.seats[loaded.game.active_seat].user_id
            await sessions.play(game_id, other, Move("skip"), None)
        turn = next(t for t in await store.timers.game_timers(game_id) if t.kind == "turn")
        clock.now = turn.deadline + 1
        await sessions.timers.handle(turn)


async def seat(store, game_id: int, user_id: int):
    """The seat ``user_id`` holds (the lobby shuffles who sits where)."""
    return next(s for s in (await store.games.get_game(game_id)).seats if s.user_id == user_id)


def buttons(panel) -> list[str]:
    return [b.custom_id for row in panel.rows if isinstance(row, list) for b in row]


async def test_a_player_takes_back_the_seat_a_computer_took_for_their_timeouts(env) -> None:
    sessions, store, _, clock = env
    sessions.set_ai(random_ai, lambda game, seat: False)  # the computer waits: the test plays its turns
    game_id = await two_players(sessions, turn_timer=60, adverts=False)
    await store.settings.set_guild_settings(1, GuildSettings(afk_misses=2, afk_policy="computer"))
    await time_out(sessions, store, clock, game_id, 100, 2)
    record = await store.games.get_game(game_id)
    ada = await seat(store, game_id, 100)
    assert ada.ai_strength == 2 and ada.display_name == "Ada (computer)"
    assert [(c.seat, c.user_id, c.display_name, c.holder, c.reason) for c in record.holders] == \
        [(ada.seat, 100, "Ada", "computer", "timeouts")]
    # Her panel offers the seat back, first; Bob's does not, and a watcher's does not.
    assert ReclaimSeat(game_id).custom_id() == buttons(await hand_screen(sessions, game_id, 100))[0]
    assert ReclaimSeat(game_id).custom_id() not in buttons(await hand_screen(sessions, game_id, 200))
    assert ReclaimSeat(game_id).custom_id() not in buttons(await spectator_screen(sessions, game_id, user_id=300))
    # Nobody else can take it back: not the other player, not a watcher (a forged click names only the game).
    for user in (200, 300):
        with pytest.raises(SessionError, match="no seat of yours to take back"):
            await sessions.seats.reclaim(game_id, user)
    await sessions.seats.reclaim(game_id, 100)
    record = await store.games.get_game(game_id)
    ada = await seat(store, game_id, 100)
    assert ada.ai_strength is None and ada.display_name == "Ada"
    assert [c.reason for c in record.holders] == ["timeouts", "reclaimed"]
    assert any("Ada is back" in line for line in await said(sessions, store, game_id))
    with pytest.raises(SessionError, match="no seat of yours"):
        await sessions.seats.reclaim(game_id, 100)  # a second click: nothing to take back
    assert ReclaimSeat(game_id).custom_id() not in buttons(await hand_screen(sessions, game_id, 100))
    # Her timeouts count afresh: one more does not hand the seat back to a computer.
    await time_out(sessions, store, clock, game_id, 100, 1)
    assert (await seat(store, game_id, 100)).ai_strength is None


async def test_a_player_who_left_cannot_take_the_seat_back(env) -> None:
    sessions, store, _, _ = env
    sessions.set_ai(random_ai, lambda game, seat: False)
    game_id = await two_players(sessions)
    await sessions.seats.leave(game_id, 200)
    assert [c.reason for c in (await store.games.get_game(game_id)).holders] == ["left"]
    with pytest.raises(SessionError, match="no seat of yours"):
        await sessions.seats.reclaim(game_id, 200)


async def test_an_absent_seat_comes_back_and_counts_its_timeouts_afresh(env) -> None:
    sessions, store, _, clock = env
    game_id = await two_players(sessions, turn_timer=60, adverts=False)
    await store.settings.set_guild_settings(1, GuildSettings(afk_misses=2, afk_policy="remove"))
    await time_out(sessions, store, clock, game_id, 100, 2)
    await sessions.wait_for_computers(game_id)
    assert (await seat(store, game_id, 100)).ai_strength == 0
    await sessions.seats.reclaim(game_id, 100)
    await time_out(sessions, store, clock, game_id, 100, 1)
    ada = await seat(store, game_id, 100)
    assert ada.ai_strength is None and ada.display_name == "Ada"


async def test_the_seat_comes_back_after_the_computers_move_never_in_the_middle(env) -> None:
    sessions, store, _, clock = env
    deciding, release = threading.Event(), threading.Event()

    def slow(game: Game, seat: int, strength: int) -> str:
        deciding.set()
        release.wait(10)
        return random_ai(game, seat, strength)

    sessions.set_ai(slow, wants)
    game_id = await two_players(sessions, turn_timer=60, adverts=False)
    await store.settings.set_guild_settings(1, GuildSettings(afk_misses=1, afk_policy="computer"))
    await time_out(sessions, store, clock, game_id, 100, 1)
    ada = (await seat(store, game_id, 100)).seat
    loaded = await sessions.load(game_id)
    if loaded.game.active_seat != ada:
        await sessions.play(game_id, 200, Move("skip"), None)  # the computer's turn comes
    await asyncio.wait_for(asyncio.to_thread(deciding.wait, 10), 15)
    moves_before = len(await store.games.get_moves(game_id))
    reclaim = asyncio.create_task(sessions.seats.reclaim(game_id, 100))
    await asyncio.sleep(0.2)  # a check that something does not happen: the reclaim had this long to (wrongly) end
    assert not reclaim.done(), "the seat must not change hands while the computer decides"
    release.set()
    await asyncio.wait_for(reclaim, 15)
    moves = await store.games.get_moves(game_id)
    assert len(moves) == moves_before + 1 and moves[-1].seat == ada, "the computer's move was committed first"
    record = await store.games.get_game(game_id)
    assert record.seats[ada].ai_strength is None
    assert record.holders[-1].since_move == len(moves)
    await sessions.wait_for_computers(game_id)
    assert len(await store.games.get_moves(game_id)) == len(moves), "no computer plays her seat any more"


async def test_the_host_lets_a_watcher_take_an_absent_seat(env) -> None:
    sessions, store, _, clock = env
    sessions.set_ai(random_ai, lambda game, seat: False)
    game_id = await two_players(sessions, turn_timer=60, adverts=False)
    await store.settings.set_guild_settings(1, GuildSettings(afk_misses=1, afk_policy="computer"))
    await time_out(sessions, store, clock, game_id, 200, 1)  # Bob's seat goes to a computer
    bob, ada = (await seat(store, game_id, 200)).seat, (await seat(store, game_id, 100)).seat
    assert (await store.games.get_game(game_id)).seats[bob].ai_strength == 2
    # A watcher cannot take a seat the host did not offer; only the host offers, and only a seat nobody plays.
    with pytest.raises(SessionError, match="not open to watchers"):
        await sessions.seats.take(game_id, 300, "Cy", bob)
    with pytest.raises(SessionError, match="Only the host"):
        await sessions.seats.offer(game_id, 300, bob, True)
    with pytest.raises(SessionError, match="A person plays that seat"):
        await sessions.seats.offer(game_id, 100, ada, True)
    assert OfferSeat(game_id, bob, True).custom_id() in buttons(await hand_screen(sessions, game_id, 100))
    assert OfferSeat(game_id, bob, True).custom_id() not in buttons(await spectator_screen(sessions, game_id,
                                                                                           user_id=300))
    await sessions.seats.offer(game_id, 100, bob, True)
    assert (await store.games.get_game(game_id)).offers == (bob,)
    watching = await spectator_screen(sessions, game_id, user_id=300)
    assert TakeSeat(game_id, bob).custom_id() in buttons(watching)
    assert TakeSeat(game_id, bob).custom_id() not in buttons(await hand_screen(sessions, game_id, 100))
    # A seated player cannot take a second seat.
    with pytest.raises(SessionError, match="already have a seat"):
        await sessions.seats.take(game_id, 100, "Ada", bob)
    await sessions.seats.take(game_id, 300, "Cy", bob)
    record = await store.games.get_game(game_id)
    taken = record.seats[bob]
    assert (taken.user_id, taken.display_name, taken.ai_strength) == (300, "Cy", None)
    assert record.offers == ()
    assert [(c.user_id, c.holder, c.reason) for c in record.holders] == \
        [(200, "computer", "timeouts"), (300, "player", "substitute")]
    assert any("Cy takes over Bob (computer)'s seat" in line for line in await said(sessions, store, game_id))
    # Bob cannot take back a seat that is no longer his, nor can another watcher take it.
    with pytest.raises(SessionError, match="no seat of yours"):
        await sessions.seats.reclaim(game_id, 200)
    with pytest.raises(SessionError, match="not open to watchers"):
        await sessions.seats.take(game_id, 400, "Di", bob)
    assert played_by(record, bob) == "Bob (then computer, then Cy)"
    assert played_by(record, ada) == "Ada"


def test_seat_ids_round_trip_and_forged_ones_are_refused() -> None:
    for action in (ReclaimSeat(5), TakeSeat(5, 2), OfferSeat(5, 3, True), OfferSeat(5, 0, False)):
        assert parse(action.custom_id()) == action
    for forged in ("hb:k:5:1:back", "hb:k:5:9:take", "hb:k:5:2:steal", "hb:k:5:5:offer"):
        with pytest.raises(ForgedId):
            parse(forged)


def test_seat_notes_read_back_and_are_said() -> None:
    from hardback_bot.sessions.notes import SeatBack, SeatOffered, SeatTaken, note_from_dict
    from hardback_bot.sessions.phrases import note_line

    notes = [SeatBack(seat=0, name="Ada"), SeatOffered(seat=1, name="Bob (computer)"),
             SeatOffered(seat=1, name="Bob (computer)", open=False), SeatTaken(seat=1, name="Cy", was="Bob")]
    assert [note_from_dict(n.to_dict()) for n in notes] == notes
    lines = [note_line(n, ["Ada", "Bob"]) for n in notes]
    assert lines == ["Ada is back and takes their seat again from the next decision.",
                     "The host lets a watcher take Bob (computer)'s seat: the table's *Open my hand* offers it to "
                     "anyone not playing.",
                     "Bob (computer)'s seat is no longer offered to watchers.",
                     "Cy takes over Bob's seat from the next decision."]

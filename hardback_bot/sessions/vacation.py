"""Vacation in turn-based games: a player pauses their own clock for a few days, as on Board Game Arena.

While a seat is away the game waits for it as for a long turn: a decision that waits for the seat (its turn, a
vote it must answer) has its deadline at the vacation's end plus the table's normal timer, with its reminders
counted from then (``SessionsCore.turn_timers``). Each seat has at most :data:`MAX_VACATION` of it per game,
taken in steps of :data:`VACATION_DAYS`; ending it early gives the rest back, and a decision waiting for the
seat then has a fresh timer from that moment. Only turn-based tables offer it (a timer over an hour): a
real-time game is played in one sitting. Each change is one commit of the game's version, with its deadlines
and the line the channel is told, so a crash loses or doubles nothing.
"""

from __future__ import annotations

from hardback_bot.store.rooms.vacations import Vacation

from .judging import deciders
from .loaded import Loaded
from .manager import Sessions
from .messages import Said, SessionError
from .notes import OnVacation, announce
from .table_options import turn_based

DAY = 86_400
VACATION_DAYS = (1, 3, 7)  # the steps a player chooses from
MAX_VACATION = 14 * DAY  # per seat and game


async def _seat(sessions: Sessions, game_id: int, user_id: int) -> tuple[Loaded, int]:
    loaded = await sessions.load(game_id)
    record, game = loaded.record, loaded.game
    if record.status != "playing" or game.finished:
        raise SessionError("game_over", stale=True)
    seat = loaded.seat_of(user_id)
    if seat is None or record.seats[seat].is_computer_controlled:
        raise SessionError("not_playing")
    if not turn_based(game.options.turn_timer):
        raise SessionError("vacation_real_time")
    return loaded, seat


async def go_away(sessions: Sessions, game_id: int, user_id: int, days: int) -> Said:
    """``user_id`` goes on vacation for ``days`` more days (from now, or from the end of the one running)."""
    if days not in VACATION_DAYS:
        raise SessionError("vacation_bad_length")
    async with sessions.lock(game_id):
        loaded, seat = await _seat(sessions, game_id, user_id)
        now = sessions.clock()
        held = await sessions.store.vacations.vacations(game_id)
        before = held.get(seat)
        used = before.used if before is not None else 0.0
        if used + days * DAY > MAX_VACATION:
            left = max(0, int((MAX_VACATION - used) // DAY))
            raise SessionError("vacation_used_up", most=MAX_VACATION // DAY, left=left)
        start = before.until if before is not None and before.until > now else now
        vacation = Vacation(game_id, seat, start + days * DAY, used + days * DAY)
        await _store(sessions, loaded, seat, vacation, OnVacation(seat=seat, until=int(vacation.until)))
    await sessions.notify(game_id)
    return Said("vacation_set", when=f"<t:{int(vacation.until)}:f>")


async def come_back(sessions: Sessions, game_id: int, user_id: int) -> Said:
    """``user_id`` ends their vacation early: the days not taken are theirs again."""
    async with sessions.lock(game_id):
        loaded, seat = await _seat(sessions, game_id, user_id)
        now = sessions.clock()
        before = (await sessions.store.vacations.vacations(game_id)).get(seat)
        if before is None or before.until <= now:
            raise SessionError("vacation_not_away", stale=True)
        vacation = Vacation(game_id, seat, now, max(0.0, before.used - (before.until - now)))
        await _store(sessions, loaded, seat, vacation, OnVacation(seat=seat, until=0))
    await sessions.notify(game_id)
    return Said("vacation_over")


async def _store(sessions: Sessions, loaded: Loaded, seat: int, vacation: Vacation, note: OnVacation) -> None:
    """The vacation with the game's deadlines as they now stand: moved only if the game waits for the seat."""
    record, game = loaded.record, loaded.game
    timers = None
    if seat in deciders(game):
        away = await sessions.away_until(record.id, game.options)
        away = {s: u for s, u in away.items() if s != seat}
        if vacation.until > sessions.clock():
            away[seat] = vacation.until
        timers = sessions.turn_timers(record.id, game, game.options, away)
    await sessions.store.vacations.set_vacation(vacation, record.version, timers=timers,
                                                deliveries=[announce(record.id, note)])
    sessions.timers_changed.set()


async def away_now(sessions: Sessions, loaded: Loaded) -> dict[int, int]:
    """The seats of a game on vacation now and when each comes back (Unix seconds), for its table."""
    away = await sessions.away_until(loaded.record.id, loaded.game.options)
    return {seat: int(until) for seat, until in away.items()}


__all__ = ["MAX_VACATION", "VACATION_DAYS", "away_now", "come_back", "go_away"]

"""Vacations of players of turn-based games: a seat's own clock paused until a time, with how much of a game's
allowance it has taken. Setting one moves the deadlines that wait for the seat in the same transaction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import Room, StoreCore
from ..models import Delivery, Timer
from .games import GamesRoom
from .outbox import OutboxRoom
from .timers import TimersRoom


@dataclass(frozen=True, slots=True)
class Vacation:
    """``seat`` of ``game_id`` is away until ``until`` (Unix seconds; in the past: back), having taken ``used``
    seconds of vacation in this game."""

    game_id: int
    seat: int
    until: float
    used: float


class VacationsRoom(Room):
    """A seat's vacation; setting one bumps the game's version (the games room) and replaces its timers and outbox
    rows (those rooms), all on one connection."""

    def __init__(self, core: StoreCore, *, games: GamesRoom, timers: TimersRoom, outbox: OutboxRoom) -> None:
        super().__init__(core)
        self.games = games
        self.timers = timers
        self.outbox = outbox

    async def vacations(self, game_id: int) -> dict[int, Vacation]:
        """Every seat of the game that ever went away, by seat (ended vacations included: their ``used``)."""
        rows = await self.core.query("SELECT game_id, seat, until, used FROM vacations WHERE game_id = ?", (game_id,))
        return {int(r[1]): Vacation(int(r[0]), int(r[1]), float(r[2]), float(r[3])) for r in rows}

    async def set_vacation(self, vacation: Vacation, expected_version: int, *, timers: Sequence[Timer] | None = None,
                           deliveries: Sequence[Delivery] = ()) -> int:
        """Store ``vacation`` if the game is still at ``expected_version`` and playing, with the game's timers
        replaced by ``timers`` (None: kept) and what the channel must be told, in one transaction. Returns the
        game's new version (its table redraws); StaleVersion when another writer got there first."""
        now = self.core.now()
        async with self.core.write() as db:
            version = await self.games.bump(db, vacation.game_id, expected_version, ("playing",))
            await db.execute(
                "INSERT INTO vacations (game_id, seat, until, used) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET until = excluded.until, used = excluded.used",
                (vacation.game_id, vacation.seat, float(vacation.until), float(vacation.used)),
            )
            if timers is not None:
                await db.execute("DELETE FROM timers WHERE game_id = ?", (vacation.game_id,))
                await self.timers.insert_timers(db, timers, now)
            await self.outbox.insert_deliveries(db, vacation.game_id, deliveries, version, now)
        return version


__all__ = ["Vacation", "VacationsRoom"]

"""Vacations of players of turn-based games: a seat's own clock paused until a time, with how much of a game's
allowance it has taken. Setting one moves the deadlines that wait for the seat in the same transaction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import StoreCore
from ..models import Delivery, Timer


@dataclass(frozen=True, slots=True)
class Vacation:
    """``seat`` of ``game_id`` is away until ``until`` (Unix seconds; in the past: back), having taken ``used``
    seconds of vacation in this game."""

    game_id: int
    seat: int
    until: float
    used: float


class VacationsRoom(StoreCore):
    async def vacations(self, game_id: int) -> dict[int, Vacation]:
        """Every seat of the game that ever went away, by seat (ended vacations included: their ``used``)."""
        rows = await self.query("SELECT game_id, seat, until, used FROM vacations WHERE game_id = ?", (game_id,))
        return {int(r[1]): Vacation(int(r[0]), int(r[1]), float(r[2]), float(r[3])) for r in rows}

    async def set_vacation(self, vacation: Vacation, expected_version: int, *, timers: Sequence[Timer] | None = None,
                           deliveries: Sequence[Delivery] = ()) -> int:
        """Store ``vacation`` if the game is still at ``expected_version`` and playing, with the game's timers
        replaced by ``timers`` (None: kept) and what the channel must be told, in one transaction. Returns the
        game's new version (its table redraws); StaleVersion when another writer got there first."""
        now = self.now()
        async with self.write() as db:
            version = await self._bump(db, vacation.game_id, expected_version,  # type: ignore[attr-defined]
                                       ("playing",))
            await db.execute(
                "INSERT INTO vacations (game_id, seat, until, used) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET until = excluded.until, used = excluded.used",
                (vacation.game_id, vacation.seat, float(vacation.until), float(vacation.used)),
            )
            if timers is not None:
                await db.execute("DELETE FROM timers WHERE game_id = ?", (vacation.game_id,))
                await self.insert_timers(db, timers, now)  # type: ignore[attr-defined]  # TimersRoom's
            await self.insert_deliveries(db, vacation.game_id, deliveries, version,  # type: ignore[attr-defined]
                                         now)
        return version


__all__ = ["Vacation", "VacationsRoom"]

"""Who held a seat when (seat_holders), and the seats the host lets a watcher take (seat_offers): the results'
"who played which part" and the reclaim and substitute of sessions/seats.py read them. The changes themselves
are written with the seat (GamesRoom.replace_seat), in one transaction."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Room, StoreCore
from ..errors import GameNotFound, StaleVersion, WrongStatus
from ..models import Delivery, SeatChange
from .outbox import OutboxRoom


class SeatHoldersRoom(Room):
    def __init__(self, core: StoreCore, *, outbox: OutboxRoom) -> None:
        super().__init__(core)
        self.outbox = outbox

    async def seat_history(self, game_id: int) -> list[SeatChange]:
        """Every change of hands of the game's seats, oldest first."""
        async with self.core.read() as db:
            rows = await db.fetch(
                "SELECT seat, since_move, user_id, display_name, holder, reason, held_at FROM seat_holders"
                " WHERE game_id = ? ORDER BY id", (game_id,))
        return [SeatChange(r[0], r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows]

    async def offer_seat(self, game_id: int, expected_version: int, seat: int, by: int, *, open_: bool = True,
                         deliveries: Sequence[Delivery] = ()) -> int:
        """The host lets a watcher take ``seat`` (``open_``), or takes that back; the game's version goes up (the
        table shows the offer). Returns the new version."""
        async with self.core.write() as db:
            row = await db.fetchone(f"SELECT status, version FROM games WHERE id = ?{self.core.lock_row}", (game_id,))
            if row is None:
                raise GameNotFound(game_id)
            if row[1] != expected_version:
                raise StaleVersion(game_id, expected_version, row[1])
            if row[0] != "playing":
                raise WrongStatus(game_id, row[0], "playing")
            await db.execute("UPDATE games SET version = version + 1, updated_at = ? WHERE id = ?",
                             (self.core.now(), game_id))
            await db.execute("DELETE FROM seat_offers WHERE game_id = ? AND seat = ?", (game_id, seat))
            if open_:
                await db.execute("INSERT INTO seat_offers (game_id, seat, offered_by, offered_at) VALUES (?, ?, ?, ?)",
                                 (game_id, seat, by, self.core.now()))
            await self.outbox.insert_deliveries(db, game_id, deliveries, expected_version + 1, self.core.now())
        return expected_version + 1

    async def seat_offers(self, game_id: int) -> list[int]:
        """The seats of the game a watcher may take now, lowest first."""
        async with self.core.read() as db:
            rows = await db.fetch("SELECT seat FROM seat_offers WHERE game_id = ? ORDER BY seat", (game_id,))
        return [r[0] for r in rows]


__all__ = ["SeatHoldersRoom"]

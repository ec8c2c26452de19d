"""Seats changing hands in a running game (``sessions.seats``): a player who leaves (a computer takes the seat),
and seats that come back (issue 38): the player whose seat a computer took for their timeouts takes it back with
one click, and the host lets a watcher take a seat nobody plays any more (a substitute).

Every change of hands is kept with the seat (store: seat_holders, migration 015), so the results can say who
played which part. A change is made under the game's lock, like a move: a computer in the middle of deciding for
the seat holds that lock until its move is committed, so the person takes over at the next decision, never in the
middle of a computer's move.

Who may take what is decided here from the store, never from the button: a reclaim is only for the person the
seat belongs to and only when the seat's last change was a computer taking it for timeouts; a substitute only
takes a seat the host offered, and only if they have no seat in the game.
"""

from __future__ import annotations

from dataclasses import replace

from hardback_bot.store import Delivery, GameRecord, Seat, SeatChange, StaleVersion, Store, WrongStatus

from .core import SessionsCore
from .messages import Said, SessionError
from .notes import SeatBack, SeatLeft, SeatOffered, SeatTaken, announce

NAME_MAX = 40  # a seat's display name, as the lobby cuts it


def last_change(record: GameRecord, seat: int) -> SeatChange | None:
    """The seat's latest change of hands, if it ever changed."""
    return next((c for c in reversed(record.holders) if c.seat == seat), None)


def reclaimable_seat(record: GameRecord, user_id: int) -> int | None:
    """The seat ``user_id`` may take back now: theirs, played by a computer (or passing) because they ran out of
    time, in a running game."""
    if record.status != "playing" or record.kind == "daily":
        return None
    for s in record.seats:
        if s.user_id == user_id and s.is_computer_controlled:
            change = last_change(record, s.seat)
            if change is not None and change.reason == "timeouts" and change.user_id == user_id:
                return s.seat
    return None


def offerable_seats(record: GameRecord) -> list[int]:
    """The seats the host may offer to watchers: a person's seat that a computer plays or that passes now."""
    if record.status != "playing" or record.kind == "daily":
        return []
    return [s.seat for s in record.seats if s.is_computer_controlled and (s.user_id is not None or s.erased)]


def seat_parts(record: GameRecord, seat: int) -> list[tuple[str, str]]:
    """Who played a seat, in order: ("player", name) or ("computer"/"absent", ""), each change once
    ("Ann", then a computer, then "Bob")."""
    changes = [c for c in record.holders if c.seat == seat]
    if not changes:
        return []
    first = changes[0]
    # The first holder is the person the seat belonged to before its first change (a timeout or a leave keeps
    # the person; a substitute's row names the newcomer, and the seat's first person is then unknown here).
    parts: list[tuple[str, str]] = [("player", first.display_name)] if first.reason in ("timeouts", "left") else []
    for c in changes:
        part = (c.holder, c.display_name if c.holder == "player" else "")
        if not parts or parts[-1] != part:
            parts.append(part)
    return parts


class Seats:
    """Who plays each seat of a running game; ``core`` loads, locks, tells and starts computer players."""

    def __init__(self, core: SessionsCore) -> None:
        self.core = core

    @property
    def store(self) -> Store:
        return self.core.store

    async def leave(self, game_id: int, user_id: int) -> Said:
        """A player drops out of a running game: a computer player takes the seat."""
        async with self.core.lock(game_id):
            loaded = await self.core.load(game_id)
            seat = loaded.seat_of(user_id)
            if seat is None or loaded.record.status != "playing":
                raise SessionError("not_in_running_game")
            if loaded.record.kind == "daily":
                raise SessionError("daily_no_leave")  # a computer must not finish somebody's daily
            current = loaded.record.seats[seat]
            if current.is_computer_controlled:
                raise SessionError("already_computer")
            replacement = replace(current, ai_strength=2, display_name=f"{current.display_name} (computer)"[:40])
            note = announce(game_id, SeatLeft(seat=seat, name=current.display_name))
            change = SeatChange(seat, loaded.record.move_count, user_id, current.display_name, "computer", "left")
            await self.store.games.replace_seat(game_id, loaded.record.version, replacement, deliveries=[note],
                                                change=change)
            self.core.timers_changed.set()
        await self.core.notify(game_id)
        self.core.kick_computers(game_id)
        return Said("left_game")

    async def reclaim(self, game_id: int, user_id: int) -> Said:
        """The clicker takes back the seat a computer took for their timeouts (their name comes back with it)."""
        async with self.core.lock(game_id):
            loaded = await self.core.load(game_id)
            record = loaded.record
            seat = reclaimable_seat(record, user_id)
            if seat is None:
                raise SessionError("not_your_seat_back")
            change = last_change(record, seat)
            name = change.display_name if change is not None else record.seats[seat].display_name
            current = record.seats[seat]
            back = replace(current, ai_strength=None, display_name=name[:NAME_MAX])
            note = announce(game_id, SeatBack(seat=seat, name=back.display_name))
            await self._hand_over(record, back, note, SeatChange(seat, record.move_count, user_id, back.display_name,
                                                                 "player", "reclaimed"))
        await self.core.notify(game_id)
        return Said("seat_back")

    async def offer(self, game_id: int, user_id: int, seat: int, open_: bool) -> Said:
        """The host lets watchers take ``seat`` (``open_``), or stops offering it."""
        async with self.core.lock(game_id):
            loaded = await self.core.load(game_id)
            record = loaded.record
            if record.kind == "daily":
                raise SessionError("seats_daily")
            if user_id != record.host_id:
                raise SessionError("host_offers")
            if record.status != "playing" or loaded.game.finished:
                raise SessionError("already_over", stale=True)
            if open_ and seat not in offerable_seats(record):
                raise SessionError("seat_played")
            if not open_ and seat not in record.offers:
                raise SessionError("seat_not_offered", stale=True)
            name = record.seats[seat].display_name if 0 <= seat < len(record.seats) else ""
            note = announce(game_id, SeatOffered(seat=seat, name=name, open=open_))
            try:
                await self.store.seat_holders.offer_seat(
                    game_id, record.version, seat, user_id, open_=open_, deliveries=[note])
            except (StaleVersion, WrongStatus) as error:
                raise SessionError("moved_on", stale=True) from error
        await self.core.notify(game_id)
        return Said("seat_offered" if open_ else "seat_closed")

    async def take(self, game_id: int, user_id: int, name: str, seat: int) -> Said:
        """A watcher takes the seat the host offered them all; ``name``: their name where they clicked."""
        async with self.core.lock(game_id):
            loaded = await self.core.load(game_id)
            record = loaded.record
            if any(s.user_id == user_id for s in record.seats):
                raise SessionError("seat_already_yours")
            if record.status != "playing" or seat not in record.offers or seat not in offerable_seats(record):
                raise SessionError("seat_not_offered")
            current = record.seats[seat]
            was = current.display_name
            taken = Seat(seat, name[:NAME_MAX], user_id, None)
            note = announce(game_id, SeatTaken(seat=seat, name=taken.display_name, was=was))
            await self._hand_over(record, taken, note, SeatChange(seat, record.move_count, user_id,
                                                                  taken.display_name, "player", "substitute"))
        await self.core.notify(game_id)
        return Said("seat_taken")

    async def _hand_over(self, record: GameRecord, seat: Seat, note: Delivery, change: SeatChange) -> None:
        try:
            await self.store.games.replace_seat(record.id, record.version, seat, deliveries=[note], change=change)
        except (StaleVersion, WrongStatus) as error:
            raise SessionError("moved_on", stale=True) from error
        # A deadline that was a computer's (none) or the seat's own stands; the timers' dispatcher looks again.
        self.core.timers_changed.set()


__all__ = ["Seats", "last_change", "offerable_seats", "reclaimable_seat", "seat_parts"]

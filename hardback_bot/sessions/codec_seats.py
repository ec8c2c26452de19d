"""The buttons of seats that come back (sessions/seats.py), in the codec's custom_id grammar
(``hb:k:<game>:<seat>:<argument>``, sessions/codec.py, which decodes them through :func:`decode_seat`):

- ``back``: the clicker takes back the seat a computer took for their timeouts (number 0);
- ``take``: the clicker, watching, takes seat ``number``, which the host offered;
- ``offer`` / ``close``: the host offers seat ``number`` to watchers, or stops offering it.

What the clicker may do is decided by the sessions, never by the id: a forged id names at most a seat.
"""

from __future__ import annotations

from dataclasses import dataclass

SEAT_KIND = "k"  # the codec's Kind.SEAT
MAX_SEAT = 4  # seats are numbered from 0; a table has at most five (sessions/core.py MAX_SEATS)


def _id(game_id: int, number: int, arg: str) -> str:
    return f"hb:{SEAT_KIND}:{game_id}:{number}:{arg}"


@dataclass(frozen=True, slots=True)
class ReclaimSeat:
    """Take my seat back: the clicker's seat, which a computer took for their timeouts."""

    game_id: int

    def custom_id(self) -> str:
        return _id(self.game_id, 0, "back")


@dataclass(frozen=True, slots=True)
class TakeSeat:
    """A watcher takes seat ``seat``, which the host offered."""

    game_id: int
    seat: int

    def custom_id(self) -> str:
        return _id(self.game_id, self.seat, "take")


@dataclass(frozen=True, slots=True)
class OfferSeat:
    """The host offers seat ``seat`` to watchers (``open``), or stops offering it."""

    game_id: int
    seat: int
    open: bool

    def custom_id(self) -> str:
        return _id(self.game_id, self.seat, "offer" if self.open else "close")


SeatAction = ReclaimSeat | TakeSeat | OfferSeat


def decode_seat(game_id: int, number: int, arg: str) -> SeatAction | None:
    """The action of a seat id's fields (None: not one the bot makes)."""
    if arg == "back":
        return ReclaimSeat(game_id) if number == 0 else None
    if number > MAX_SEAT:
        return None
    if arg == "take":
        return TakeSeat(game_id, number)
    if arg in ("offer", "close"):
        return OfferSeat(game_id, number, arg == "offer")
    return None


__all__ = ["MAX_SEAT", "SEAT_KIND", "OfferSeat", "ReclaimSeat", "SeatAction", "TakeSeat", "decode_seat"]

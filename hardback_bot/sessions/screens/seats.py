"""What the panels show of seats that come back (sessions/seats.py): the player's *Take my seat back*, a
watcher's *Take this seat* for a seat the host offered, the host's offers, and the results' "who played which
part"."""

from __future__ import annotations

from hardback_bot.i18n import Translator
from hardback_bot.store import GameRecord

from ..codec_seats import OfferSeat, ReclaimSeat, TakeSeat
from ..phrases import ENGLISH, seat_name
from ..seats import offerable_seats, reclaimable_seat, seat_parts
from .panel import MAX_ROWS, Button, Panel


def played_by(record: GameRecord, seat: int, t: Translator = ENGLISH) -> str:
    """The seat's name, with who else played it when it changed hands: "Ann (then computer, then Bob)"."""
    parts = seat_parts(record, seat)
    if len(parts) < 2:
        return seat_name(record.seats[seat], t)
    words = [name if kind == "player" else t.gettext("computer") if kind == "computer" else t.gettext("absent")
             for kind, name in parts]
    later = words[1]
    for word in words[2:]:
        later = t.gettext("{earlier}, then {later}", earlier=later, later=word)
    return t.gettext("{name} (then {later})", name=words[0], later=later)


def seat_controls(panel: Panel, record: GameRecord, user_id: int, t: Translator = ENGLISH) -> Panel:
    """Add to a private panel (a hand or the watching one) the seat buttons ``user_id`` may use now: their own
    seat back, a seat the host offered (when they have none), the host's offers. They come first: a player
    back from a long absence sees them before anything else."""
    if record.status != "playing":
        return panel
    lines: list[str] = []
    buttons: list[Button] = []
    mine = reclaimable_seat(record, user_id)
    if mine is not None:
        lines.append(t.gettext("A computer plays your seat since you ran out of time. Take it back and you play "
                               "from the next decision."))
        buttons.append(Button(t.gettext("Take my seat back"), ReclaimSeat(record.id).custom_id(), "success"))
    seated = any(s.user_id == user_id for s in record.seats)
    if not seated:
        for seat in record.offers:
            name = seat_name(record.seats[seat], t)
            lines.append(t.gettext("The host lets a watcher take {name}'s seat.", name=name))
            buttons.append(Button(t.gettext("Take {name}'s seat", name=name), TakeSeat(record.id, seat).custom_id(),
                                  "success"))
    if user_id == record.host_id:
        for seat in offerable_seats(record):
            name = seat_name(record.seats[seat], t)
            if seat in record.offers:
                buttons.append(Button(t.gettext("Stop offering {name}'s seat", name=name),
                                      OfferSeat(record.id, seat, False).custom_id()))
            else:
                buttons.append(Button(t.gettext("Let a watcher take {name}'s seat", name=name),
                                      OfferSeat(record.id, seat, True).custom_id()))
    if not buttons:
        return panel
    panel.lines[0:0] = [f"**{line}**" for line in lines]
    rows = [buttons[i:i + 5] for i in range(0, len(buttons), 5)][:2]
    panel.rows[0:0] = rows
    del panel.rows[MAX_ROWS:]  # Discord's five rows: the seat buttons matter more than the last of the others
    return panel


__all__ = ["played_by", "seat_controls"]

"""A turn-based player's vacation panel (sessions/vacation.py), private: what a vacation does, the days left of
this game's allowance, a button per length that still fits, and I'm back while away. The table says who is
away (screens/table.py), from the same store rows."""

from __future__ import annotations

from hardback_bot.i18n import Translator

from ..codec import HandView, OpenHand, VacationClick, VacationOp
from ..manager import Sessions
from ..messages import SessionError
from ..phrases import ENGLISH
from ..table_options import turn_based
from ..vacation import DAY, MAX_VACATION, VACATION_DAYS
from .panel import Button, Panel


async def vacation_screen(sessions: Sessions, game_id: int, user_id: int, *, notice: str | None = None,
                          t: Translator = ENGLISH) -> Panel:
    loaded = await sessions.load(game_id)
    seat = loaded.seat_of(user_id)
    if seat is None:
        raise SessionError("not_playing")
    if not turn_based(loaded.game.options.turn_timer):
        raise SessionError("vacation_real_time")
    held = (await sessions.store.vacations.vacations(game_id)).get(seat)
    now = sessions.clock()
    used = held.used if held is not None else 0.0
    away = held is not None and held.until > now
    panel = Panel(title=t.gettext("Vacation"), version=loaded.record.version)
    if notice:
        panel.lines.append(f"*{notice}*")
    panel.lines.append(t.gettext(
        "Going away? Pause your clock in this game: the game waits for you, and your deadlines start again when "
        "you are back. Everyone sees on the table until when you are away."))
    if away and held is not None:
        panel.lines.append(t.gettext("You are away until {when}.", when=f"<t:{int(held.until)}:f>"))
    left = int((MAX_VACATION - used) // DAY)
    panel.lines.append(t.ngettext("Vacation left in this game: {n} day (of {most}).",
                                  "Vacation left in this game: {n} days (of {most}).", left, most=MAX_VACATION // DAY))
    buttons = [Button(t.ngettext("{n} more day", "{n} more days", days) if away
                      else t.ngettext("Away {n} day", "Away {n} days", days),
                      VacationClick(game_id, VacationOp.GO, days).custom_id(), "primary")
               for days in VACATION_DAYS if used + days * DAY <= MAX_VACATION]
    if away:
        buttons.append(Button(t.gettext("I'm back"), VacationClick(game_id, VacationOp.BACK).custom_id(), "success"))
    buttons.append(Button(t.gettext("My hand"), OpenHand(game_id, HandView.HAND).custom_id()))
    panel.add_buttons(buttons)
    return panel


__all__ = ["vacation_screen"]

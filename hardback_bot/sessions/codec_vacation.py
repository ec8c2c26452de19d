"""The codec's vacation buttons (sessions/vacation.py): a turn-based player's own panel of days away, going away
for one of the offered lengths, and coming back early. Same grammar as every game component
(sessions/codec_grammar.py)::

    hb:u:<game id>:<days>:<op>

``op`` is a :class:`VacationOp`; ``days`` is one of :data:`~hardback_bot.sessions.vacation.VACATION_DAYS` for
``go`` and 0 otherwise. Anything else decodes to None, which the codec refuses as forged.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .codec_grammar import Kind, encode

DAYS = (1, 3, 7)  # sessions/vacation.py's steps (it checks them again: a forged length changes nothing)


class VacationOp(StrEnum):
    PANEL = "panel"  # open the clicker's vacation panel
    GO = "go"  # go away for ``days`` days
    BACK = "back"  # end the vacation now


@dataclass(frozen=True, slots=True)
class VacationClick:
    game_id: int
    op: VacationOp
    days: int = 0

    def custom_id(self) -> str:
        return encode(Kind.VACATION, self.game_id, self.days, self.op.value)


def decode_vacation(game: int, number: int, arg: str) -> VacationClick | None:
    op = next((o for o in VacationOp if o.value == arg), None)
    if op is None or (number not in DAYS if op is VacationOp.GO else number != 0):
        return None
    return VacationClick(game, op, number)


__all__ = ["DAYS", "VacationClick", "VacationOp", "decode_vacation"]

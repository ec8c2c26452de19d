"""The buttons of ``/hardback privacy`` (hardback_bot/help/privacy.py) in the codec's custom_id grammar
``hb:z:0:<minute>:<what>`` (sessions/codec.py decodes them through :func:`decode_privacy`). They act on the
clicking player's own data only, so the id names no player: a forged one can harm nobody else.

- ``export``: download my data; ``ask``: ask to delete it; ``cancel``: keep it after all;
- ``yes``: delete it. Its number is the minute (Unix time // 60) its confirmation was shown: it is refused once
  the confirmation is too old (help/privacy.py, ``CONFIRM_FOR``). The others carry 0.

Buttons of earlier versions were ``hbp:<x|d|n>`` and ``hbp:y:<Unix seconds>``: :func:`decode_old_privacy` still
reads them, so a confirmation already on someone's screen keeps working.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

PRIVACY_KIND = "z"  # the codec's Kind.PRIVACY
OLD_PRIVACY_PREFIX = "hbp"
MAX_MINUTE = 999_999_999  # the grammar's largest number: the year 3871
_OLD = re.compile(r"hbp:(?P<what>[xdny])(?::(?P<stamp>\d{1,12}))?", re.ASCII)


class PrivacyPart(StrEnum):
    EXPORT = "export"
    ASK = "ask"
    CANCEL = "cancel"
    CONFIRM = "yes"


_OLD_PARTS = {"x": PrivacyPart.EXPORT, "d": PrivacyPart.ASK, "n": PrivacyPart.CANCEL, "y": PrivacyPart.CONFIRM}


@dataclass(frozen=True, slots=True)
class PrivacyClick:
    """A button of ``/hardback privacy``; ``shown``: for CONFIRM, when its confirmation was shown (Unix seconds)."""

    part: PrivacyPart
    shown: int | None = None

    def custom_id(self) -> str:
        minute = self.shown // 60 if self.shown is not None else 0
        return f"hb:{PRIVACY_KIND}:0:{minute}:{self.part.value}"


def decode_privacy(subject: int, number: int, arg: str) -> PrivacyClick | None:
    part = next((p for p in PrivacyPart if p.value == arg), None)
    if part is None or subject != 0:
        return None
    if part is PrivacyPart.CONFIRM:
        return PrivacyClick(part, number * 60) if 0 < number <= MAX_MINUTE else None
    return PrivacyClick(part) if number == 0 else None


def decode_old_privacy(custom_id: str) -> PrivacyClick | None:
    match = _OLD.fullmatch(custom_id)
    if match is None:
        return None
    part = _OLD_PARTS[match["what"]]
    if (part is PrivacyPart.CONFIRM) != (match["stamp"] is not None):
        return None
    return PrivacyClick(part, int(match["stamp"]) if match["stamp"] else None)


__all__ = ["OLD_PRIVACY_PREFIX", "PRIVACY_KIND", "PrivacyClick", "PrivacyPart", "decode_old_privacy",
           "decode_privacy"]

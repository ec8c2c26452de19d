"""A player's time zone as they type it (turn alerts' quiet hours): ``UTC``, an offset (``+09:00``, ``-5``,
``UTC+5:30``) or an IANA name (``Europe/Paris``), read with the standard library's zoneinfo."""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo

_OFFSET = re.compile(r"(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?", re.IGNORECASE)


def tzinfo_of(zone: str) -> dt.tzinfo | None:
    """The zone ``zone`` names, or None if it names none."""
    text = zone.strip()
    if text.upper() in ("UTC", "GMT", "Z"):
        return dt.UTC
    match = _OFFSET.fullmatch(text)
    if match is not None:
        sign, hours, minutes = match.group(1), int(match.group(2)), int(match.group(3) or 0)
        if hours > 14 or minutes >= 60:
            return None
        delta = dt.timedelta(hours=hours, minutes=minutes)
        return dt.timezone(-delta if sign == "-" else delta)
    if len(text) > 60 or ".." in text or text.startswith("/"):
        return None
    try:
        return zoneinfo.ZoneInfo(text)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


__all__ = ["tzinfo_of"]

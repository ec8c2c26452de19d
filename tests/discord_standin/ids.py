"""Snowflake ids and timestamps, made as Discord makes them."""

from __future__ import annotations

import datetime as _dt
import threading
import time

from .constants import DISCORD_EPOCH_MS

_snowflake_lock = threading.Lock()
_last_snowflake = 0


def snowflake() -> int:
    """A new Discord-style id: milliseconds since the Discord epoch shifted left 22, always increasing.

    discord.py derives ``created_at`` from ids, so they have to be real snowflakes, not counters.
    """
    global _last_snowflake
    with _snowflake_lock:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        _last_snowflake = max(candidate, _last_snowflake + 1)
        return _last_snowflake


def iso_now() -> str:
    """An ISO-8601 timestamp as Discord writes them (``+00:00`` suffix)."""
    return _dt.datetime.now(_dt.UTC).isoformat()


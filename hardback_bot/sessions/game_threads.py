"""Many games per channel: whether a new table runs in a thread of its own, opened from its lobby message.

A server chooses with ``/hardback settings threads`` (``GuildSettings.game_threads``): ``auto`` (the default)
gives a thread to turn-based games — turn timers over an hour, whose talk goes on for days — and keeps real-time
games in the channel; ``always`` and ``never`` say what they say. Outside servers there are no threads, and a
command typed in a thread plays in that thread (Discord has no thread in a thread)."""

from __future__ import annotations

from hardback_bot.store import Place

from .places import SERVER

TURN_BASED_OVER = 3600  # seconds: a turn timer longer than this makes a turn-based game (auto: a thread)
REAL_TIME_ARCHIVE = 1440  # minutes of quiet before Discord hides a real-time game's thread (a day)
TURN_BASED_ARCHIVE = 10080  # a week, Discord's longest: a turn-based game may rest for days between moves


def wants_thread(setting: str, turn_timer: int, place: Place, *, in_thread: bool) -> bool:
    """Whether a table opened now gets its own thread (``turn_timer`` in seconds, 0 for none)."""
    if place != SERVER or in_thread or setting == "never":
        return False
    return setting == "always" or turn_timer > TURN_BASED_OVER


def archive_after(turn_timer: int) -> int:
    """The thread's auto-archive duration in minutes: a turn-based game's thread stays visible for a week."""
    return TURN_BASED_ARCHIVE if turn_timer > TURN_BASED_OVER else REAL_TIME_ARCHIVE


__all__ = ["REAL_TIME_ARCHIVE", "TURN_BASED_ARCHIVE", "TURN_BASED_OVER", "archive_after", "wants_thread"]

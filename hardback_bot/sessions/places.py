"""Where a game is played, and what each place lets the bot do (no Discord here).

- ``server``: a channel of a server the bot was added to. The bot posts and edits with its own token.
- ``dm``: the bot's own DM with one person (solo, or against computer players): the bot is in that channel
  and posts there as in a server, but there are no threads and no server settings.
- ``private``: a group DM (or a DM between people), reached because one of them added the app to their own
  apps. The bot is not a member: it can only answer interactions and use each one's token for 15 minutes
  (cogs/group_dm_pages.py). Timers that would act while nobody can be told wait for the next click.

Outside servers a game's leaderboards, ratings and history are its channel's own (``GameRecord.board_id``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from hardback_bot.store import DeadlineReminder, GameRecord, Place, Timer

if TYPE_CHECKING:
    from hardback_bot.store import Store

SERVER: Place = "server"
BOT_DM: Place = "dm"
PRIVATE: Place = "private"
HELD_FOR = 10 * 365 * 24 * 3600.0  # a held timer's stored deadline is this far away until a click releases it
# The kind of a game message whose "message id" is the channel the game's own thread was opened in: the game
# runs in a thread (its channel_id), and when the thread was opened from its lobby message (the thread has that
# message's id) the lobby is in that channel. A rematch in the thread keeps it.
THREAD_OF = "thread_of"


def by_interactions(record: GameRecord) -> bool:
    """Whether the game can be shown only through its players' interactions (the bot is not in the channel)."""
    return record.place == PRIVATE


def has_threads(record: GameRecord) -> bool:
    """Ghostwriter requests get a thread of their own only in a server's channel (Discord has no thread in a
    thread); elsewhere they are answered in the table's own suggestion form."""
    return record.place == SERVER and THREAD_OF not in record.messages


def in_own_thread(record: GameRecord) -> bool:
    """Whether the game runs in a thread opened for it."""
    return THREAD_OF in record.messages


def lobby_channel(record: GameRecord) -> int:
    """The channel the lobby message is in: the game's, or the channel its thread was opened from when the
    thread was opened from the lobby message (a thread started on a message has that message's id)."""
    parent = record.messages.get(THREAD_OF)
    if parent is not None and record.messages.get("lobby") == record.channel_id:
        return parent
    return record.channel_id


async def hold(store: Store, timer: Timer, now: float) -> None:
    """Keep a due timer from acting until the next click of its game (nobody could be told of it now)."""
    await store.timers.set_timer(replace(timer, deadline=now + HELD_FOR, held=timer.deadline, id=None))


async def held_timers(store: Store, game_id: int) -> list[Timer]:
    """The game's held timers, as they were before they were held (oldest deadline first); a reminder whose
    decision timed out meanwhile is left out (and forgotten): it would only say that time is running out."""
    held = [replace(t, deadline=t.held, held=None) for t in await store.timers.game_timers(
        game_id) if t.held is not None]
    held.sort(key=lambda t: t.deadline)
    reminders = [t for t in held if isinstance(t.payload, DeadlineReminder)]
    if len(reminders) < len(held):
        for stale in reminders:
            if stale.id is not None:
                await store.timers.delete_timer(stale.id)
        held = [t for t in held if not isinstance(t.payload, DeadlineReminder)]
    return held


__all__ = ["BOT_DM", "PRIVATE", "SERVER", "THREAD_OF", "by_interactions", "has_threads", "held_timers", "hold",
           "in_own_thread", "lobby_channel"]

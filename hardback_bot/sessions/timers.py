"""The timers of running games (``sessions.timers``, R33): reminders, timeouts and the AFK policy (a seat that
keeps timing out goes to a computer, or passes every turn), held timers of places where nobody can be told, and
the dispatcher that serves every stored timer. The turn timers a commit sets are the core's (core.turn_timers)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import assert_never

from hardback_bot.engine import Move
from hardback_bot.engine.events import Event
from hardback_bot.store import (
    AlertDue,
    DeadlineReminder,
    SeatChange,
    Store,
    Timer,
    TurnDeadline,
    Unreadable,
    VoteDeadline,
)

from .alerts import alert_row
from .core import ABSENT, SessionsCore
from .judging import deciders
from .loaded import Loaded
from .messages import SessionError
from .notes import Note, Reminder, SeatAway, VotersTimedOut, announce
from .places import held_timers, hold

log = logging.getLogger(__name__)
# Seconds between two looks at the next deadline when nothing here changed a timer: a deadline written or
# moved by another process (another shard's process, an operator's restore) is served within that.
RECHECK = 5.0


class Timers:
    """Every stored timer of the bot; ``core`` loads, locks, commits and tells."""

    def __init__(self, core: SessionsCore) -> None:
        self.core = core
        # Asked before a due timer acts: can the game's players be told of it now? Where they cannot (a group
        # DM nobody clicked in for 15 minutes) the timer waits for the game's next click (release).
        self.gate: Callable[[int], Awaitable[bool]] | None = None

    @property
    def store(self) -> Store:
        return self.core.store

    async def handle(self, timer: Timer) -> None:
        """A stored timer came due: remind, or apply the timeout move (R33.2) and the AFK policy."""
        due = timer.payload
        if isinstance(due, Unreadable):  # a kind this version does not know: nothing it could do with it
            log.warning("timer %s of game %s cannot be read (kind %r); dropped", timer.id, timer.game_id, due.kind)
            await self.drop(timer)
            return
        after: tuple[Loaded, list[Event], int] | None = None
        reminded = False
        async with self.core.lock(timer.game_id):
            try:
                loaded = await self.core.load(timer.game_id)
            except SessionError:
                await self.drop(timer)
                return
            record = loaded.record
            if record.status != "playing" or due.moves != len(loaded.game.move_log):
                await self.drop(timer)  # the game moved on since the timer was set
                return
            if self.gate is not None and not await self.gate(record.id):
                await hold(self.store, timer, self.core.clock())
                return
            match due:
                case DeadlineReminder():
                    reminded = await self._remind(loaded, timer, due)
                case AlertDue():
                    reminded = await self._alert_due(loaded, timer, due)
                case TurnDeadline() | VoteDeadline():
                    after = await self._time_out(loaded)
                case _:
                    assert_never(due)
        if reminded:
            await self.core.notify(timer.game_id)
        if after is not None:
            await self.core.after_commit(*after)

    async def _alert_due(self, loaded: Loaded, timer: Timer, due: AlertDue) -> bool:
        """The end of a player's quiet hours, and the turn has not passed (checked by the caller): the alert is
        written now, claimed with the timer."""
        if timer.id is None or timer.seat is None:
            return False
        row = alert_row(loaded.record.id, due.user, timer.seat, len(loaded.game.move_log))
        return await self.store.outbox.fire_timer(timer.id, [row])

    async def _remind(self, loaded: Loaded, timer: Timer, due: DeadlineReminder) -> bool:
        """Tell whoever the game waits for that their time runs out, once (claimed with the timer); True when
        something was said."""
        game, record = loaded.game, loaded.record
        seats = [s for s in deciders(game) if loaded.user_of(s) is not None]
        # The deadline as it stands now (a restart moves it), not as it was when the reminder was set.
        current = await self.current_deadline(record.id, len(game.move_log))
        set_for = due.deadline if due.deadline is not None else self.core.clock()
        when = int(current if current is not None else set_for)
        rows = [announce(record.id, Reminder(seats=tuple(seats), deadline=when))] if seats else []
        return timer.id is not None and await self.store.outbox.fire_timer(timer.id, rows) and bool(rows)

    async def _time_out(self, loaded: Loaded) -> tuple[Loaded, list[Event], int]:
        """R33.2: everyone the game waits for times out; then the AFK policy."""
        game, record = loaded.game, loaded.record
        moves = [(s, Move("timeout")) for s in deciders(game)]
        # A vote's voters time out without a turn line of their own: say so once; the active
        # player's timeout is said by their turn's line.
        voters = [s for s, _ in moves if s != game.active_seat or game.phase == "vote"]
        notes: list[Note] = [VotersTimedOut(seats=tuple(voters))] if voters and game.phase == "vote" else []
        after = await self.core.apply_and_commit(loaded, moves, notes=notes)
        settings = await self.store.settings.get_guild_settings(record.guild_id)
        replaced = await self._afk(after[0], [s for s, _ in moves], settings.afk_misses, settings.afk_policy)
        return after if replaced is None else (replaced, after[1], after[2])

    async def release(self, game_id: int) -> None:
        """A click came in a game whose timers were held (nobody could be told when they came due): they act
        now, before the click itself, as they would have at their time."""
        for timer in await held_timers(self.store, game_id):
            try:
                await self.handle(timer)
            except Exception:
                log.exception("held timer %s of game %s failed", timer.id, timer.game_id)
                await self.drop(timer)

    async def current_deadline(self, game_id: int, moves: int) -> float | None:
        """The deadline of the decision the game waits for after ``moves`` moves (turn or vote), if timed."""
        timers = await self.store.timers.game_timers(game_id)
        return next((t.deadline for t in timers
                     if isinstance(t.payload, TurnDeadline | VoteDeadline) and t.payload.moves == moves), None)

    async def drop(self, timer: Timer) -> None:
        if timer.id is not None:
            await self.store.timers.delete_timer(timer.id)

    async def _afk(self, loaded: Loaded, seats: list[int], misses: int, policy: str) -> Loaded | None:
        """After ``misses`` timeouts in a row a seat goes to a computer player, or passes every turn, until its
        player takes it back (sessions/seats.py)."""
        moves = await self.store.games.get_moves(loaded.record.id)
        record = loaded.record
        changed = False
        done = moves[-1].seq if moves else 0
        for seat in seats:
            # Counted since the seat last changed hands: a player who took their seat back starts afresh.
            since = next((c.since_move for c in reversed(record.holders) if c.seat == seat), 0)
            seat_moves = [m.move for m in moves if m.seat == seat and m.seq > since]
            streak = 0
            for move in reversed(seat_moves):
                if move != "timeout":
                    break
                streak += 1
            current = record.seats[seat]
            if streak < misses or current.is_computer_controlled:
                continue
            if policy == "remove":
                replacement = replace(current, ai_strength=ABSENT, display_name=f"{current.display_name} (absent)"[:40])
            else:
                replacement = replace(current, ai_strength=2, display_name=f"{current.display_name} (computer)"[:40])
            note = announce(record.id, SeatAway(seat=seat, misses=streak, policy=policy, name=current.display_name))
            # Kept with the person's own name: the one that comes back when they take the seat back (seats.py).
            change = SeatChange(seat, done, current.user_id, current.display_name,
                                "absent" if policy == "remove" else "computer", "timeouts")
            version = await self.store.games.replace_seat(record.id, record.version, replacement, deliveries=[note],
                                                          change=change)
            seats_now = tuple(replacement if s.seat == seat else s for s in record.seats)
            record = replace(record, version=version, seats=seats_now)
            changed = True
        return Loaded(record, loaded.game) if changed else None

    async def run(self) -> None:
        """Serve every stored timer: sleep until the next deadline, handle what is due (forever)."""
        while True:
            self.core.timers_changed.clear()
            nxt = await self.store.timers.next_timer()
            delay = RECHECK if nxt is None else nxt.deadline - self.core.clock()
            if delay > 0:
                # asyncio.timeout, not wait_for: Python 3.11's wait_for drops a cancellation that comes in the same
                # instant as the event, and the bot's stop would leave this loop running.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(min(delay, RECHECK)):
                        await self.core.timers_changed.wait()
                continue
            for timer in await self.store.timers.due_timers(now=self.core.clock()):
                try:
                    await self.handle(timer)
                except Exception:
                    log.exception("timer %s of game %s failed", timer.id, timer.game_id)
                    await self.drop(timer)


__all__ = ["RECHECK", "Timers"]

"""Game sessions: one lock per game; load -> apply -> commit -> notify.

``Sessions`` is the core (sessions/core.py: the store, locks, loading, committing, computer players) with a
player's moves, and three parts, each given the core: ``sessions.lobby`` (sessions/lobby.py: opening, joining,
starting, a rematch), ``sessions.timers`` (sessions/timers.py: reminders, timeouts, the AFK policy, the
dispatcher) and ``sessions.seats`` (sessions/seats.py: leaving, taking a seat back, a substitute).

This is the only layer that knows both the engine and what the Discord side needs (whom to tell,
what to re-draw).  It has no Discord imports: the cogs give it a :class:`Notifier` and translate its
answers into messages.  Every accepted move is committed to the store before anyone is told.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from hardback_bot.engine import IllegalMove, Move
from hardback_bot.engine.moves import SYSTEM_MOVES, parse_move
from hardback_bot.engine.views import player_view, public_view
from hardback_bot.store import CloseGhostThread, Delivery, Store

from .core import SessionsCore
from .judging import OTHERS_TOKEN_MOVES, logged_kind, penny_would_win, still_legal
from .learners import COACH_GAMES
from .loaded import Loaded, Notifier
from .lobby import Lobby
from .messages import Said, SessionError
from .notes import GameEnded, announce, ghost_request_id
from .seats import Seats
from .timers import Timers

log = logging.getLogger(__name__)


class PennyWouldWin(Exception):
    """The moves asked would end a co-op game by giving Penny Dreadful her goal (R29.8): nothing was played; the
    player confirms first. ``loaded``: the game they were judged on."""

    def __init__(self, loaded: Loaded) -> None:
        super().__init__("Penny Dreadful would reach her goal")
        self.loaded = loaded


class Sessions(SessionsCore):
    """Every game of the bot: its lobby, its moves, its timers and its computer players (no Discord here)."""

    def __init__(self, store: Store, notifier: Notifier | None = None, *, ai_delay: float = 1.2,
                 clock: Callable[[], float] = time.time, coach_games: int = COACH_GAMES) -> None:
        super().__init__(store, notifier, ai_delay=ai_delay, clock=clock, coach_games=coach_games)
        self.lobby = Lobby(self)
        self.timers = Timers(self)
        self.seats = Seats(self)

    # ------------------------------------------------------------------ moves
    async def play(self, game_id: int, user_id: int, move: Move | Sequence[Move], version: int | None,
                   *, ghost_request: int | None = None, penny_asks: bool = False) -> Loaded:
        """Apply ``move`` for the player ``user_id``; committed before this returns. A list is one click that
        takes several steps (confirm a word and answer its uncover question; keep the row and buy): the
        first move must be legal, the others are applied while they still are, all in one commit.
        ``ghost_request``: the move answers that ghostwriter request, refused once the request is over.
        ``penny_asks``: moves that would end a co-op game by giving Penny her goal raise :class:`PennyWouldWin`
        instead (R29.8 wants the player to confirm them), judged on the same load as the moves.
        Moves only the bot makes (the timer's) are refused."""
        parsed = [move] if isinstance(move, Move) else list(move)
        if not parsed:
            raise SessionError("does_nothing")
        if any(m.kind in SYSTEM_MOVES for m in parsed):
            raise SessionError("not_offered")
        async with self.lock(game_id):
            loaded = await self.load(game_id)
            record = loaded.record
            if record.status != "playing" or loaded.game.finished:
                raise SessionError("game_over", stale=True)
            seat = loaded.seat_of(user_id)
            if seat is None:
                raise SessionError("not_playing")
            if record.seats[seat].is_computer_controlled:
                raise SessionError("computer_seat")
            if version is not None and not await self.still_current(loaded, seat, version):
                raise SessionError("out_of_date", stale=True)
            if ghost_request is not None and ghost_request_id(loaded.game) != ghost_request:
                raise SessionError("ghost_request_over")
            moves = parsed if len(parsed) == 1 else still_legal(loaded.game, seat, parsed)
            if penny_asks and any(m.kind in ("ink", "convert", "buy") for m in moves) \
                    and penny_would_win(loaded.game, seat, moves):
                raise PennyWouldWin(loaded)
            loaded, events, seat_before = await self.apply_and_commit(loaded, [(seat, m) for m in moves])
        await self.after_commit(loaded, events, seat_before)
        return loaded

    async def suggest(self, game_id: int, user_id: int, word: str, request: int) -> Loaded:
        """A ghostwriter suggestion for one request (R30): its thread or its button names the request."""
        try:
            move = parse_move(f"suggest {word}")  # the word as typed, checked as the notation checks it
        except IllegalMove as error:
            raise SessionError.refusal(error) from error
        return await self.play(game_id, user_id, move, None, ghost_request=request)

    async def still_current(self, loaded: Loaded, seat: int, version: int) -> bool:
        """Whether a view drawn at ``version`` still holds for ``seat``.

        It does when nothing changed since, and also when every commit since then was another
        player's ink or remover (R6.1, R6.5, R6.6): those change only that player's own hand, so
        the word this seat was previewing, or the card it was buying, means the same.  Anything
        else (a move of this seat, a seat change, any other move) makes the view out of date.
        """
        now = loaded.record.version
        if version == now:
            return True
        if version > now or loaded.game.options.coop:
            return False  # co-op: an ink draw may feed Penny (R29.8), the whole team's concern
        since = await self.store.games.moves_after_version(loaded.record.id, version)
        if {m.version for m in since} != set(range(version + 1, now + 1)):
            return False  # some commit since then was not a move (a seat changed hands, say)
        return all(m.seat != seat and logged_kind(m.move) in OTHERS_TOKEN_MOVES for m in since)

    async def end_game(self, game_id: int, user_id: int, can_manage: bool) -> None:
        """The host (or Manage Channels) ends a running game; it is kept as abandoned history."""
        async with self.lock(game_id):
            record = await self.record(game_id)
            if record.status not in ("lobby", "playing"):
                raise SessionError("already_over", stale=True)
            if user_id != record.host_id and not can_manage:
                raise SessionError("host_ends")
            rows: list[Delivery] = []
            if record.status == "playing":
                rows.append(announce(game_id, GameEnded(by=user_id)))
                request = ghost_request_id((await self.load(game_id)).game)
                if request is not None:
                    rows.append(Delivery(game_id, CloseGhostThread(request)))
            await self.store.games.abandon_game(game_id, deliveries=rows)
            self.timers_changed.set()
            self.stop_computers(game_id)  # under the game's lock: a computer mid-turn cannot commit after the end
        await self.notify(game_id)

    # ------------------------------------------------------------------ views
    async def view_for(self, game_id: int, user_id: int) -> tuple[Loaded, int | None, dict[str, Any]]:
        loaded = await self.load(game_id)
        seat = loaded.seat_of(user_id)
        view = player_view(loaded.game, seat) if seat is not None else public_view(loaded.game)
        return loaded, seat, view


__all__ = ["Loaded", "Notifier", "Said", "SessionError", "Sessions"]

"""The store's public interface. The bot codes against :class:`Store` only; SQLite sits behind it today
(:mod:`.sqlite`), PostgreSQL can later (docs/store.md). Nothing here knows SQL or the engine.

Conventions: ids are Discord snowflakes (int); times are Unix seconds (float); the engine state is an
opaque JSON string stored exactly as given; every write that changes a game is guarded by the version the
caller read (optimistic concurrency) and raises :class:`~.errors.StaleVersion` instead of overwriting.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from typing import Any

from .models import (
    GameOutcome,
    GameRecord,
    LeaderboardEntry,
    LeaderboardKind,
    Move,
    PlayerStats,
    Rating,
    ResumeInfo,
    Seat,
    StoredResult,
    Timer,
)
from .settings import GuildSettings


class Store(abc.ABC):
    # -- lifecycle -------------------------------------------------------------------------------------
    @abc.abstractmethod
    async def open(self) -> None:
        """Connect and apply pending schema migrations. Raises SchemaTooNew for a newer database."""

    @abc.abstractmethod
    async def close(self) -> None: ...

    async def __aenter__(self) -> Store:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- games -----------------------------------------------------------------------------------------
    @abc.abstractmethod
    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        *,
        host_id: int | None,
        options: Mapping[str, Any],
        seats: Sequence[Seat] = (),
    ) -> GameRecord:
        """A new game in the lobby at version 0. ChannelBusy when the channel has a running game."""

    @abc.abstractmethod
    async def update_lobby(
        self,
        game_id: int,
        expected_version: int,
        *,
        options: Mapping[str, Any] | None = None,
        seats: Sequence[Seat] | None = None,
    ) -> int:
        """Replace the lobby's options and/or seats; returns the new version."""

    @abc.abstractmethod
    async def start_game(
        self,
        game_id: int,
        expected_version: int,
        *,
        seed: int,
        state: str,
        options: Mapping[str, Any] | None = None,
        seats: Sequence[Seat] | None = None,
        timers: Sequence[Timer] | None = None,
    ) -> int:
        """Lobby -> playing with the engine's initial state (and the final seats/options it was made from,
        so that the seed, options and seats replay to ``state``). Returns the new version."""

    @abc.abstractmethod
    async def commit_moves(
        self,
        game_id: int,
        expected_version: int,
        moves: Sequence[tuple[int, str]],
        state: str,
        *,
        finished: bool = False,
        outcome: GameOutcome | None = None,
        timers: Sequence[Timer] | None = None,
    ) -> int:
        """Append ``moves`` (seat, move text) to the log and save ``state`` in ONE transaction, if the
        game is still at ``expected_version``. ``finished`` marks the game finished; ``outcome`` (only with
        ``finished``) writes results, stats and ratings in the same transaction. ``timers``, when given,
        replace all of the game's timers (a new turn timer, none at the end). Returns the new version.
        Raises StaleVersion (nothing written) when another writer got there first. Answer the player only
        after this returns."""

    async def commit_move(
        self, game_id: int, expected_version: int, seat: int, move: str, state: str, **kw: Any
    ) -> int:
        return await self.commit_moves(game_id, expected_version, [(seat, move)], state, **kw)

    @abc.abstractmethod
    async def replace_seat(self, game_id: int, expected_version: int, seat: Seat) -> int:
        """Change who sits at one seat of a running game (a computer takes over an AFK player)."""

    @abc.abstractmethod
    async def abandon_game(self, game_id: int, expected_version: int | None = None) -> int:
        """Lobby or playing -> abandoned (cancelled); drops its timers. Returns the new version."""

    @abc.abstractmethod
    async def get_game(self, game_id: int, *, with_state: bool = True) -> GameRecord:
        """Raises GameNotFound."""

    @abc.abstractmethod
    async def running_game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The lobby or playing game of a channel, if any."""

    @abc.abstractmethod
    async def finished_since(self, since: float) -> list[GameRecord]:
        """Games finished at or after ``since`` (Unix seconds), without states: restart recovery."""

    @abc.abstractmethod
    async def recent_games(self, guild_id: int, *, limit: int = 10) -> list[GameRecord]:
        """The guild's most recently ended games (finished or abandoned), newest first, without states."""

    @abc.abstractmethod
    async def get_moves(self, game_id: int, *, after_seq: int = 0) -> list[Move]: ...

    @abc.abstractmethod
    async def moves_after_version(self, game_id: int, version: int) -> list[Move]:
        """The moves whose commit produced a version above ``version``, in order (moves stored without a
        version are never among them)."""

    @abc.abstractmethod
    async def set_message(self, game_id: int, kind: str, message_id: int, channel_id: int | None = None) -> None:
        """Remember a public message the bot keeps editing ("lobby", "table", "thread" …). Not versioned:
        it is bookkeeping about Discord, not game state."""

    @abc.abstractmethod
    async def clear_message(self, game_id: int, kind: str) -> None: ...

    # -- recovery --------------------------------------------------------------------------------------
    @abc.abstractmethod
    async def list_unfinished(self, *, with_state: bool = False) -> list[ResumeInfo]:
        """Every lobby and playing game with its channel, message ids and timers, oldest first."""

    @abc.abstractmethod
    async def expire_lobbies(self, older_than: float) -> list[int]:
        """Mark lobbies idle for more than ``older_than`` seconds abandoned; returns their ids."""

    # -- timers ----------------------------------------------------------------------------------------
    @abc.abstractmethod
    async def set_timer(self, timer: Timer) -> Timer:
        """Add a timer, replacing any of the same game, kind and seat. Returns it with its id."""

    @abc.abstractmethod
    async def cancel_timers(self, game_id: int, kind: str | None = None, seat: int | None = None) -> int:
        """Delete a game's timers (all, or of one kind, or of one kind and seat); returns how many."""

    @abc.abstractmethod
    async def delete_timer(self, timer_id: int) -> bool:
        """Delete one timer; False if it was already gone (another path handled it)."""

    @abc.abstractmethod
    async def next_timer(self) -> Timer | None:
        """The timer with the earliest deadline, for the dispatcher to sleep until."""

    @abc.abstractmethod
    async def due_timers(self, now: float | None = None, limit: int = 100) -> list[Timer]:
        """Timers whose deadline has passed, earliest first."""

    @abc.abstractmethod
    async def game_timers(self, game_id: int) -> list[Timer]: ...

    @abc.abstractmethod
    async def shift_deadlines(self, delta: float, *, before: float | None = None) -> int:
        """Add ``delta`` seconds to every deadline (or to those before ``before``), e.g. the downtime after a
        restart so that nobody's turn expired while the bot was away. Returns how many moved."""

    @abc.abstractmethod
    async def heartbeat(self) -> None:
        """Record that the bot is alive now (call every minute or so)."""

    @abc.abstractmethod
    async def last_heartbeat(self) -> float | None:
        """When the bot was last known alive; at start-up, ``now - last_heartbeat()`` is the downtime to
        pass to :meth:`shift_deadlines`."""

    # -- results, ratings, leaderboards -----------------------------------------------------------------
    @abc.abstractmethod
    async def record_outcome(self, game_id: int, outcome: GameOutcome) -> bool:
        """Write a finished game's results, totals and ratings exactly once: True if written now, False if
        they already were (a retried finishing move). The game must be finished."""

    @abc.abstractmethod
    async def get_results(self, game_id: int) -> list[StoredResult]: ...

    @abc.abstractmethod
    async def leaderboard(
        self, guild_id: int, by: LeaderboardKind, *, limit: int = 10, offset: int = 0, min_games: int = 5
    ) -> list[LeaderboardEntry]:
        """Top players of a guild. ``min_games`` applies to the win rate (and is ignored elsewhere)."""

    @abc.abstractmethod
    async def player_stats(self, guild_id: int, user_id: int, *, recent: int = 5) -> PlayerStats: ...

    @abc.abstractmethod
    async def get_rating(self, guild_id: int, user_id: int) -> Rating | None: ...

    # -- guild settings --------------------------------------------------------------------------------
    @abc.abstractmethod
    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings, or the defaults when it never set any."""

    @abc.abstractmethod
    async def set_guild_settings(self, guild_id: int, settings: GuildSettings) -> None: ...

    # -- export ----------------------------------------------------------------------------------------
    @abc.abstractmethod
    async def export_game(self, game_id: int, *, with_state: bool = True) -> dict[str, Any]:
        """The game as a JSON-able dict (format in docs/store.md): options, seed, players, move log, and
        the stored state so a replay can be checked against it."""

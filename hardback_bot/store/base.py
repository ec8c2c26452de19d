"""The store's public interface. The bot codes against :class:`Store` only; SQLite sits behind it today
(:mod:`.sqlite`), PostgreSQL can later (docs/store.md). Nothing here knows SQL or the engine.

Conventions: ids are Discord snowflakes (int); times are Unix seconds (float); the engine state is an
opaque JSON string stored exactly as given; every write that changes a game is guarded by the version the
caller read (optimistic concurrency) and raises :class:`~.errors.StaleVersion` instead of overwriting.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .models import (
    Delivery,
    GameOutcome,
    GameRecord,
    LeaderboardEntry,
    LeaderboardKind,
    Move,
    PanelToken,
    PlayerStats,
    Rating,
    ResumeInfo,
    Seat,
    StoredResult,
    Timer,
)
from .seasons import PlayerRecords, Season
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
        deliveries: Sequence[Delivery] = (),
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
        deliveries: Sequence[Delivery] = (),
    ) -> int:
        """Append ``moves`` (seat, move text) to the log and save ``state`` in ONE transaction, if the
        game is still at ``expected_version``. ``finished`` marks the game finished; ``outcome`` (only with
        ``finished``) writes results, stats and ratings in the same transaction. ``timers``, when given,
        replace all of the game's timers (a new turn timer, none at the end). ``deliveries`` (what the channel
        must be shown because of these moves) are written in the same transaction. Returns the new version.
        Raises StaleVersion (nothing written) when another writer got there first. Answer the player only
        after this returns."""

    async def commit_move(
        self, game_id: int, expected_version: int, seat: int, move: str, state: str, **kw: Any
    ) -> int:
        return await self.commit_moves(game_id, expected_version, [(seat, move)], state, **kw)

    @abc.abstractmethod
    async def replace_seat(self, game_id: int, expected_version: int, seat: Seat,
                           deliveries: Sequence[Delivery] = ()) -> int:
        """Change who sits at one seat of a running game (a computer takes over an AFK player)."""

    @abc.abstractmethod
    async def abandon_game(self, game_id: int, expected_version: int | None = None,
                           deliveries: Sequence[Delivery] = ()) -> int:
        """Lobby or playing -> abandoned (cancelled); drops its timers and its private panels' tokens.
        Returns the new version."""

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
    async def ended_since(self, since: float) -> list[GameRecord]:
        """Games finished or abandoned at or after ``since``, without states: their table and panels may
        still need their final redraw after a restart."""

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
    async def set_message(self, game_id: int, kind: str, message_id: int, channel_id: int | None = None,
                          version: int | None = None) -> None:
        """Remember a public message the bot keeps editing ("lobby", "table", "ghost:<n>" …) and the game
        version it shows. Does not bump the game's version: it is bookkeeping about Discord."""

    @abc.abstractmethod
    async def set_message_version(self, game_id: int, kind: str, version: int) -> None:
        """Record that the message of ``kind`` now shows the game at ``version`` (no-op if none is stored)."""

    @abc.abstractmethod
    async def clear_message(self, game_id: int, kind: str) -> None: ...

    @abc.abstractmethod
    async def find_message(self, message_id: int) -> tuple[int, str] | None:
        """(game id, kind) of a stored public message or thread id, if any (a ghostwriter thread's replies)."""

    # -- the outbox: what the channel must be shown (migration 005) ------------------------------------
    @abc.abstractmethod
    async def add_deliveries(self, game_id: int, deliveries: Sequence[Delivery]) -> None:
        """Write deliveries that no version change comes with (a reminder, say) in one transaction."""

    @abc.abstractmethod
    async def fire_timer(self, timer_id: int, deliveries: Sequence[Delivery] = ()) -> bool:
        """Delete a timer and write ``deliveries`` in one transaction; False, writing nothing, when the timer
        was already gone (another path handled it)."""

    @abc.abstractmethod
    async def pending_deliveries(self, game_id: int, *, limit: int = 100) -> list[Delivery]:
        """Undelivered rows of a game, oldest first."""

    @abc.abstractmethod
    async def game_deliveries(self, game_id: int) -> list[Delivery]:
        """Every row of a game, delivered or not, oldest first (audits, tests, bug reports)."""

    @abc.abstractmethod
    async def games_with_pending_deliveries(self) -> list[int]:
        """Ids of games that have undelivered rows (restart recovery)."""

    @abc.abstractmethod
    async def claim_deliveries(self, ids: Sequence[int]) -> int:
        """Put rows into one batch before sending them as one message: sets ``batch`` (the smallest id)
        and ``claimed_at`` on those not yet claimed; returns the batch id. Rows claimed before keep theirs."""

    @abc.abstractmethod
    async def mark_delivered(self, ids: Sequence[int], message_id: int | None, *, live: bool = False) -> None:
        """Discord has these rows (``message_id`` carried them; None when they were dropped, e.g. a thread
        post for a request already over); ``live`` when that message shows game buttons to take down later."""

    @abc.abstractmethod
    async def live_deliveries(self, game_id: int) -> list[Delivery]:
        """Delivered rows whose message still shows game buttons."""

    @abc.abstractmethod
    async def clear_live(self, ids: Sequence[int]) -> None: ...

    # -- private panels kept current (migration 005) ---------------------------------------------------
    @abc.abstractmethod
    async def save_panel(self, panel: PanelToken) -> None:
        """Remember the token of a player's newest private panel of a game (replaces the older one)."""

    @abc.abstractmethod
    async def fresh_panels(self, game_id: int, *, since: float) -> list[PanelToken]:
        """The game's panels whose token was made at or after ``since``."""

    @abc.abstractmethod
    async def set_panel_version(self, game_id: int, user_id: int, token: str, version: int) -> None:
        """Record the version a panel shows, if that panel (token) is still the player's newest."""

    @abc.abstractmethod
    async def open_panel_tokens(self, game_id: int, *, since: float) -> list[PanelToken]:
        """Every panel token of the game made at or after ``since`` and not yet closed (all of each player's
        panels, oldest first; ``version`` and ``locale`` are not kept for these)."""

    @abc.abstractmethod
    async def close_panel_tokens(self, game_id: int, tokens: Sequence[str]) -> None:
        """Those panels now say the game is over: they need no redraw again."""

    @abc.abstractmethod
    async def drop_panels(self, older_than: float) -> int:
        """Forget panels whose token is older than ``older_than`` (Unix seconds); returns how many."""

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
        """Record that the bot is alive now (the bot beats every second)."""

    @abc.abstractmethod
    async def last_heartbeat(self) -> float | None:
        """When the bot (this process's shards) last beat."""

    @abc.abstractmethod
    async def last_seen(self) -> float | None:
        """When this process's shards were last known alive: their newest heartbeat or the newest commit of
        one of their running games. At start-up, ``now - last_seen()`` is the downtime to pass to
        :meth:`shift_deadlines`."""

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
    async def known_players(self, guild_id: int, user_ids: Sequence[int]) -> set[int]:
        """Which of ``user_ids`` have finished at least one game in this guild."""

    @abc.abstractmethod
    async def player_stats(self, guild_id: int, user_id: int, *, recent: int = 5) -> PlayerStats: ...

    @abc.abstractmethod
    async def get_rating(self, guild_id: int, user_id: int) -> Rating | None: ...

    # -- seasons, provisional ratings and records --------------------------------------------
    @abc.abstractmethod
    def now(self) -> float:
        """The store's clock (injectable: ``clock=`` at construction, or :meth:`set_clock`)."""

    @abc.abstractmethod
    def set_clock(self, clock: Callable[[], float]) -> None: ...

    @abc.abstractmethod
    async def rating_board(self, guild_id: int, *, provisional: bool, threshold: int = 5, limit: int = 10,
                           offset: int = 0) -> list[LeaderboardEntry]:
        """Ratings of players with at least ``threshold`` rated games, or (``provisional``) of the others,
        each group ranked among itself; ``games`` is the rated games."""

    @abc.abstractmethod
    async def rating_count(self, guild_id: int, *, provisional: bool, threshold: int = 5) -> int: ...

    @abc.abstractmethod
    async def season_board(self, guild_id: int, by: str, season: Season, *, limit: int = 10, offset: int = 0,
                           min_games: int = 5) -> list[LeaderboardEntry]:
        """A board over the games finished in ``season`` (``rating``: the rating gained in it)."""

    @abc.abstractmethod
    async def player_records(self, guild_id: int, user_id: int) -> PlayerRecords:
        """Wins in a row (current and best) and one-game records, competitive games."""

    @abc.abstractmethod
    async def claim_season_announcement(self, guild_id: int, season: Season) -> bool:
        """True for the one caller, of any process, that may announce ``season``'s winners in the guild."""

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

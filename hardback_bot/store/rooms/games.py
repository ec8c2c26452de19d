"""Lobbies and games: creating, starting, committing moves (state, log, timers, outbox rows and, on the finishing move,
results, in one transaction), seats, reading games and their move logs, exports."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

from hardback_bot.ops.metrics import observe_commit

from ..core import GAME_COLUMNS, Conn, Room, StoreCore, dumps, marks, shard_filter, validate_seats, validate_timers
from ..errors import ChannelBusy, GameNotFound, InvalidRecord, StaleVersion, WrongStatus
from ..export import build_export
from ..models import (
    PLACES,
    Delivery,
    GameOutcome,
    GameRecord,
    Place,
    Seat,
    SeatChange,
    StoredMove,
    Timer,
)
from .outbox import OutboxRoom
from .results import ResultsRoom
from .timers import TimersRoom


class GamesRoom(Room):
    """A game's record, seats and move log; a write here also sets the game's timers and outbox rows (and, on the
    finishing move, its results) through those rooms, on the same connection."""

    def __init__(self, core: StoreCore, *, timers: TimersRoom, outbox: OutboxRoom, results: ResultsRoom) -> None:
        super().__init__(core)
        self.timers = timers
        self.outbox = outbox
        self.results = results

    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        *,
        host_id: int | None,
        options: Mapping[str, Any],
        seats: Sequence[Seat] = (),
        place: Place = "server",
        locale: str | None = None,
    ) -> GameRecord:
        """A new game in the lobby at version 0. ChannelBusy when the channel has a running game. ``place``:
        where it is played (models.PLACES); ``locale``: its public language where there is no server."""
        validate_seats(seats)
        if place not in PLACES:
            raise InvalidRecord(f"unknown place {place!r}")
        now = self.core.now()
        try:
            async with self.core.write() as db:
                busy = await db.fetchval(
                    "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
                )
                if busy is not None:
                    raise ChannelBusy(channel_id, busy)
                game_id = await db.fetchval(
                    "INSERT INTO games (guild_id, channel_id, host_id, status, options, version, created_at,"
                    " updated_at, place, locale) VALUES (?, ?, ?, 'lobby', ?, 0, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, host_id, dumps(dict(options)), now, now, place, locale),
                )
                await self._insert_seats(db, game_id, seats)
        except Exception as error:
            # Two processes opening a table in one channel at once: the partial unique index refuses the
            # second insert (it could not see the first one's uncommitted row).
            if not self.core.is_duplicate(error):
                raise
            running = await self.running_game_in_channel(channel_id)
            raise ChannelBusy(channel_id, running.id if running else None) from error
        return await self.get_game(game_id)

    async def _insert_seats(self, db: Conn, game_id: int, seats: Sequence[Seat]) -> None:
        await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, ai_strength, display_name) VALUES (?, ?, ?, ?, ?)",
            [(game_id, s.seat, s.user_id, s.ai_strength, s.display_name) for s in seats],
        )

    async def bump(
        self,
        db: Conn,
        game_id: int,
        expected_version: int | None,
        allowed: Sequence[str],
        sets: str = "",
        params: Sequence[Any] = (),
    ) -> int:
        """Raise the game's version by one if it is at ``expected_version`` and in an ``allowed`` status,
        with extra ``sets``; otherwise explain why not. Returns the new version."""
        row = await db.fetchone(f"SELECT status, version FROM games WHERE id = ?{self.core.lock_row}", (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        status, version = row[0], row[1]
        if expected_version is not None and version != expected_version:
            raise StaleVersion(game_id, expected_version, version)
        if status not in allowed:
            raise WrongStatus(game_id, status, " or ".join(allowed))
        extra = f", {sets}" if sets else ""
        changed = await db.execute(
            f"UPDATE games SET version = version + 1, updated_at = ?{extra} WHERE id = ? AND version = ?",
            (self.core.now(), *params, game_id, version),
        )
        if changed != 1:  # cannot happen while the row is locked; belt and braces
            raise StaleVersion(game_id, version, -1)
        return int(version) + 1

    async def update_lobby(
        self,
        game_id: int,
        expected_version: int,
        *,
        options: Mapping[str, Any] | None = None,
        seats: Sequence[Seat] | None = None,
    ) -> int:
        """Replace the lobby's options and/or seats; returns the new version."""
        if seats is not None:
            validate_seats(seats)
        sets, params = ("options = ?", [dumps(dict(options))]) if options is not None else ("", [])
        async with self.core.write() as db:
            version = await self.bump(db, game_id, expected_version, ("lobby",), sets, params)
            if seats is not None:
                await self._insert_seats(db, game_id, seats)
        return version

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
        if seats is not None:
            validate_seats(seats)
        timer_list = validate_timers(game_id, timers or ())
        sets = "status = 'playing', seed = ?, state = ?"
        params: list[Any] = [int(seed), state]
        if options is not None:
            sets += ", options = ?"
            params.append(dumps(dict(options)))
        now = self.core.now()
        async with self.core.write() as db:
            version = await self.bump(db, game_id, expected_version, ("lobby",), sets, params)
            if seats is not None:
                await self._insert_seats(db, game_id, seats)
            count = await db.fetchval("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,))
            if count < 1:
                raise InvalidRecord("a game needs at least one seat to start")
            await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            await self.timers.insert_timers(db, timer_list, now)
            await self.outbox.insert_deliveries(db, game_id, deliveries, version, now)
        return version

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
        if not moves:
            # the stored state must always be the replay of the log: no state change without a move
            raise InvalidRecord("commit_moves needs at least one move")
        if outcome is not None and not finished:
            raise InvalidRecord("an outcome can only be written with the finishing move")
        timer_list = validate_timers(game_id, timers) if timers is not None else None
        now = self.core.now()
        sets = "state = ?"
        params: list[Any] = [state]
        if finished:
            sets += ", status = 'finished', finished_at = ?"
            params.append(now)
        started = time.perf_counter()
        try:
            async with self.core.write() as db:
                version = await self.bump(db, game_id, expected_version, ("playing",), sets, params)
                last = int(await db.fetchval("SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?", (game_id,)))
                await db.executemany(
                    "INSERT INTO moves (game_id, seq, seat, move, created_at, version) VALUES (?, ?, ?, ?, ?, ?)",
                    [(game_id, last + i, int(seat), str(text), now, version)
                     for i, (seat, text) in enumerate(moves, 1)],
                )
                if finished or timer_list is not None:
                    await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
                    if timer_list and not finished:
                        await self.timers.insert_timers(db, timer_list, now)
                if outcome is not None:
                    await self.results.write_outcome(db, game_id, outcome, now)
                await self.outbox.insert_deliveries(db, game_id, deliveries, version, now)
        except StaleVersion:
            observe_commit("stale", 0.0)
            raise
        except Exception:
            observe_commit("failed", 0.0)
            raise
        observe_commit("committed", time.perf_counter() - started)
        return version

    async def settle_table_request(
        self, game_id: int, expected_version: int, kind: str, agreed: Sequence[int] | None, *,
        options: Mapping[str, Any] | None = None, state: str | None = None, deliveries: Sequence[Delivery] = (),
    ) -> int:
        """One answer to a running table's request of ``kind`` (hints turned on by everyone's agreement), in one
        transaction if the game is still at ``expected_version``: the request's agreements become ``agreed``
        (None: the request is closed), and, once everyone agreed, the game's options that the rules do not read
        change in its record and in the state's copy of them (``options`` with ``state``: the log replays to
        the same state with the new options), with what the channel must be told. Returns the new version;
        StaleVersion when another writer got there first."""
        if (options is None) != (state is None):
            raise InvalidRecord("a table's options change in its record and its state together")
        now = self.core.now()
        sets, params = ("options = ?, state = ?", [dumps(dict(options)), state]) if options is not None else ("", [])
        async with self.core.write() as db:
            version = await self.bump(db, game_id, expected_version, ("playing",), sets, params)
            await db.execute("DELETE FROM table_requests WHERE game_id = ? AND kind = ?", (game_id, kind))
            if agreed is not None:
                await db.executemany(
                    "INSERT INTO table_requests (game_id, kind, user_id, created_at) VALUES (?, ?, ?, ?)",
                    [(game_id, kind, int(u), now + i * 1e-6) for i, u in enumerate(agreed)])
            await self.outbox.insert_deliveries(db, game_id, deliveries, version, now)
        return version

    async def commit_move(
        self, game_id: int, expected_version: int, seat: int, move: str, state: str, **kw: Any
    ) -> int:
        """:meth:`commit_moves` of one move."""
        return await self.commit_moves(game_id, expected_version, [(seat, move)], state, **kw)

    async def replace_seat(
        self, game_id: int, expected_version: int, seat: Seat, deliveries: Sequence[Delivery] = (),
        change: SeatChange | None = None,
    ) -> int:
        """Change who sits at one seat of a running game (a computer takes over an AFK player, the player takes
        it back, a substitute takes it). ``change``: the change as the seat's history keeps it (seat_holders);
        a person taking the seat also closes the host's offer of it."""
        validate_seats([Seat(0, seat.display_name, seat.user_id, seat.ai_strength)])
        async with self.core.write() as db:
            version = await self.bump(db, game_id, expected_version, ("lobby", "playing"))
            changed = await db.execute(
                "UPDATE seats SET user_id = ?, ai_strength = ?, display_name = ?, erased = ? WHERE game_id = ?"
                " AND seat = ?",
                (seat.user_id, seat.ai_strength, seat.display_name, int(seat.erased), game_id, seat.seat),
            )
            if changed != 1:
                raise InvalidRecord(f"game {game_id} has no seat {seat.seat}")
            if change is not None:
                await db.execute(
                    "INSERT INTO seat_holders (game_id, seat, since_move, held_at, user_id, display_name, holder,"
                    " reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, seat.seat, change.since_move, self.core.now(), change.user_id, change.display_name,
                     change.holder, change.reason))
                if change.holder == "player":
                    await db.execute("DELETE FROM seat_offers WHERE game_id = ? AND seat = ?", (game_id, seat.seat))
            await self.outbox.insert_deliveries(db, game_id, deliveries, version, self.core.now())
        return version

    async def abandon_game(
        self, game_id: int, expected_version: int | None = None, deliveries: Sequence[Delivery] = ()
    ) -> int:
        """Lobby or playing -> abandoned (cancelled); drops its timers and its private panels' tokens.
        Returns the new version."""
        async with self.core.write() as db:
            version = await self.bump(
                db,
                game_id,
                expected_version,
                ("lobby", "playing"),
                "status = 'abandoned', finished_at = ?",
                [self.core.now()],
            )
            await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            await self.outbox.insert_deliveries(db, game_id, deliveries, version, self.core.now())
        return version

    async def get_game(self, game_id: int, *, with_state: bool = True) -> GameRecord:
        """Raises GameNotFound."""
        async with self.core.read() as db:
            games = await self.load_games(db, "id = ?", (game_id,), with_state=with_state)
        if not games:
            raise GameNotFound(game_id)
        return games[0]

    async def running_game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The lobby or playing game of a channel, if any."""
        async with self.core.read() as db:
            games = await self.load_games(
                db, "channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,), with_state=True
            )
        return games[0] if games else None

    async def finished_since(self, since: float) -> list[GameRecord]:
        """Games finished at or after ``since`` (Unix seconds), without states: restart recovery."""
        scope, params = shard_filter(self.core.shards)
        async with self.core.read() as db:
            # in finished_at order, so that the partial index on it serves both the range and the order
            return await self.load_games(
                db,
                f"status = 'finished' AND finished_at >= ? AND {scope}",
                (since, *params),
                with_state=False,
                order="finished_at, id",
            )

    async def ended_since(self, since: float) -> list[GameRecord]:
        """Games finished or abandoned at or after ``since``, without states: their table and panels may
        still need their final redraw after a restart."""
        scope, params = shard_filter(self.core.shards)
        async with self.core.read() as db:
            return await self.load_games(
                db,
                f"status IN ('finished', 'abandoned') AND finished_at >= ? AND {scope}",
                (float(since), *params),
                with_state=False,
                order="finished_at, id",
            )

    async def recent_games(self, guild_id: int, *, limit: int = 10) -> list[GameRecord]:
        """The most recently ended games (finished or abandoned) of a board (GameRecord.board_id: a guild, or
        the channel of games outside servers), newest first, without states."""
        # The id subquery uses the (guild_id, status, updated_at) index; load_games then reads by id. A board
        # that is no server's is a channel's: its games have guild id 0.
        async with self.core.read() as db:
            rows = await db.fetch(
                "SELECT id FROM games WHERE status IN ('finished', 'abandoned') AND (guild_id = ?"
                " OR (guild_id = 0 AND channel_id = ?)) ORDER BY updated_at DESC LIMIT ?",
                (guild_id, guild_id, limit),
            )
            ids = [r[0] for r in rows]
            if not ids:
                return []
            games = await self.load_games(db, f"id IN ({marks(ids)})", ids, with_state=False)
        order = {game_id: i for i, game_id in enumerate(ids)}
        return sorted(games, key=lambda g: order[g.id])

    async def load_games(
        self, db: Conn, where: str, params: Sequence[Any], *, with_state: bool, order: str = "id"
    ) -> list[GameRecord]:
        """Games matching ``where`` with seats, messages, move counts and seat changes: six queries however many."""
        cols = GAME_COLUMNS + (", state" if with_state else "")
        games = await db.fetch(f"SELECT {cols} FROM games WHERE {where} ORDER BY {order}", params)
        if not games:
            return []
        sub = f"SELECT id FROM games WHERE {where}"
        seats: dict[int, list[Seat]] = {}
        for r in await db.fetch(
            f"SELECT game_id, seat, user_id, ai_strength, display_name, erased FROM seats WHERE game_id IN ({sub})"
            " ORDER BY game_id, seat",
            params,
        ):
            seats.setdefault(r[0], []).append(Seat(r[1], r[4], r[2], r[3], bool(r[5])))
        messages: dict[int, dict[str, int]] = {}
        shown: dict[int, dict[str, int | None]] = {}
        for r in await db.fetch(
            f"SELECT game_id, kind, message_id, version FROM game_messages WHERE game_id IN ({sub})", params
        ):
            messages.setdefault(r[0], {})[r[1]] = r[2]
            shown.setdefault(r[0], {})[r[1]] = r[3]
        counts = {
            r[0]: r[1]
            for r in await db.fetch(
                f"SELECT game_id, MAX(seq) FROM moves WHERE game_id IN ({sub}) GROUP BY game_id", params
            )
        }
        holders: dict[int, list[SeatChange]] = {}
        for r in await db.fetch(
            "SELECT game_id, seat, since_move, user_id, display_name, holder, reason, held_at FROM seat_holders"
            f" WHERE game_id IN ({sub}) ORDER BY game_id, id", params
        ):
            holders.setdefault(r[0], []).append(SeatChange(r[1], r[2], r[3], r[4], r[5], r[6], r[7]))
        offers: dict[int, list[int]] = {}
        for r in await db.fetch(f"SELECT game_id, seat FROM seat_offers WHERE game_id IN ({sub}) ORDER BY game_id,"
                                " seat", params):
            offers.setdefault(r[0], []).append(r[1])
        return [
            GameRecord(
                id=g["id"],
                guild_id=g["guild_id"],
                channel_id=g["channel_id"],
                host_id=g["host_id"],
                status=g["status"],
                options=json.loads(g["options"]),
                seed=g["seed"],
                state=g["state"] if with_state else None,
                version=g["version"],
                seats=tuple(seats.get(g["id"], ())),
                messages=messages.get(g["id"], {}),
                created_at=g["created_at"],
                updated_at=g["updated_at"],
                finished_at=g["finished_at"],
                move_count=counts.get(g["id"], 0),
                message_versions=shown.get(g["id"], {}),
                kind=g["kind"],
                place=g["place"],
                locale=g["locale"],
                pruned_at=g["pruned_at"],
                holders=tuple(holders.get(g["id"], ())),
                offers=tuple(offers.get(g["id"], ())),
            )
            for g in games
        ]

    async def get_moves(self, game_id: int, *, after_seq: int = 0) -> list[StoredMove]:
        rows = await self.core.query(
            "SELECT seq, seat, move, created_at, version FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after_seq),
        )
        return [StoredMove(*r) for r in rows]

    async def moves_after_version(self, game_id: int, version: int) -> list[StoredMove]:
        """The moves whose commit produced a version above ``version``, in order (moves stored without a
        version are never among them)."""
        rows = await self.core.query(
            "SELECT seq, seat, move, created_at, version FROM moves WHERE game_id = ? AND version > ? ORDER BY seq",
            (game_id, version),
        )
        return [StoredMove(*r) for r in rows]

    async def export_game(self, game_id: int, *, with_state: bool = True) -> dict[str, Any]:
        """The game as a JSON-able dict (format in docs/store.md): options, seed, players, move log, and
        the stored state so a replay can be checked against it."""
        async with self.core.read() as db:
            games = await self.load_games(db, "id = ?", (game_id,), with_state=with_state)
            if not games:
                raise GameNotFound(game_id)
            moves = await db.fetch(
                "SELECT seq, seat, move, created_at FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
            )
        return build_export(games[0], [StoredMove(r[0], r[1], r[2], r[3]) for r in moves], exported_at=self.core.now())


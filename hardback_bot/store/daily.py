"""The daily deal's room of the store: attempts, the day's par, the day's boards and the players' streaks.

A daily is an ordinary game (``games.kind = 'daily'``) played in the player's own thread; this room ties it to
its day and player (``daily_attempts``, one row per player and day: the first start claims it, every other
start finds it) and keeps the day's par (``daily_pars``: claimed by the one process that computes it).
A daily's result is written into its attempt with the game's results (the results room's outcome transaction), so
a finished daily is on the boards the moment its finishing move commits. Days are ``YYYY-MM-DD`` strings in
UTC. Every method runs on both databases, in the SQL both understand (see :mod:`.sql`); the migration is
``010_daily.sql``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .core import Conn, Room, dumps, shard_filter
from .errors import InvalidRecord
from .models import Delivery

ATTEMPT_COLUMNS = ("day, user_id, guild_id, channel_id, thread_id, game_id, display_name, claim_token, claimed_at,"
                   " result_claimed_at, result_message_id, shared_claimed_at, shared_message_id")
PAR_COLUMNS = ("day, claimed_by, claimed_at, strength, score, penny_score, won, words, turns, state_hash,"
               " computed_at")
# A board lists the day's finished dailies by score, then by the margin over Penny (a quicker win leaves her
# fewer points), then by who finished first; equal scores and margins share a place.
ENTRY_COLUMNS = "user_id, display_name, score, words, won, penny_score, guild_id, game_id, finished_at, margin"


class DailyLost(InvalidRecord):
    """The claim of a start was taken over (it waited past the lease) or its game already exists."""


@dataclass(frozen=True, slots=True)
class DailyAttempt:
    """A player's attempt at one day's deal: claimed, then (``game_id``) dealt in their thread."""

    day: str
    user_id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game_id: int | None
    display_name: str
    claim_token: str
    claimed_at: float
    result_claimed_at: float | None = None
    result_message_id: int | None = None
    shared_claimed_at: float | None = None
    shared_message_id: int | None = None


@dataclass(frozen=True, slots=True)
class DailyClaim:
    attempt: DailyAttempt
    owner: bool  # this start deals the game: it made the claim, or took over one whose start died


@dataclass(frozen=True, slots=True)
class DailyPar:
    day: str
    claimed_by: str
    claimed_at: float
    strength: int
    score: int | None = None  # None until computed
    penny_score: int | None = None
    won: bool | None = None
    words: int | None = None
    turns: int | None = None
    state_hash: str | None = None
    computed_at: float | None = None

    @property
    def done(self) -> bool:
        return self.score is not None


@dataclass(frozen=True, slots=True)
class ParResult:
    """What a computer player scored on a day's deal (written once into ``daily_pars``)."""

    score: int
    penny_score: int
    won: bool
    words: int
    turns: int
    state_hash: str


@dataclass(frozen=True, slots=True)
class DailyEntry:
    """One finished daily on a day's board."""

    position: int  # sports-table ranks: equal scores and margins share a place
    user_id: int
    display_name: str
    score: int
    words: int
    won: bool
    penny_score: int
    guild_id: int
    game_id: int
    finished_at: float


@dataclass(frozen=True, slots=True)
class DailyStreaks:
    """A player's dailies over every server (the daily is the same everywhere)."""

    played: int = 0  # days with a finished daily
    beaten: int = 0  # days the player scored above par
    current_played: int = 0  # days played in a row, up to today (or yesterday, while today is still open)
    best_played: int = 0
    current_beaten: int = 0  # days above par in a row, the same way
    best_beaten: int = 0
    last_day: str | None = None


def streaks_of(rows: Iterable[tuple[str, int, int | None]], today: dt.date) -> DailyStreaks:
    """Streaks from (day, score, par or None) of every finished daily, in day order. A streak is still
    running while its last day is today or yesterday (today's daily may not be played yet)."""
    played = beaten = 0
    best_played = best_beaten = run_played = run_beaten = 0
    last: dt.date | None = None
    for day_text, score, par in rows:
        day = dt.date.fromisoformat(day_text)
        consecutive = last is not None and (day - last).days == 1
        above = par is not None and score > par
        run_played = run_played + 1 if consecutive else 1
        run_beaten = (run_beaten + 1 if consecutive else 1) if above else 0
        played += 1
        beaten += int(above)
        best_played, best_beaten = max(best_played, run_played), max(best_beaten, run_beaten)
        last = day
    alive = last is not None and (today - last).days <= 1
    return DailyStreaks(played, beaten, run_played if alive else 0, best_played, run_beaten if alive else 0,
                        best_beaten, last.isoformat() if last else None)


class DailyRoom(Room):
    """The daily's queries, on an open store's connections: ``store.daily`` (or ``DailyRoom(store)``)."""

    # -- attempts --------------------------------------------------------------------------------------
    async def claim(self, day: str, user_id: int, *, guild_id: int, channel_id: int, display_name: str,
                    token: str, lease: float) -> DailyClaim:
        """The player's attempt at ``day``: claimed now by ``token`` if nobody had (``owner``), or taken over
        from a start that claimed it more than ``lease`` seconds ago and never dealt; otherwise the attempt as
        it stands (a second start resumes the first)."""
        now = self.core.now()
        name = (display_name or "?")[:100]
        async with self.core.write() as db:
            inserted = await db.execute(
                "INSERT INTO daily_attempts (day, user_id, guild_id, channel_id, display_name, claim_token,"
                " claimed_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (day, user_id) DO NOTHING",
                (day, user_id, guild_id, channel_id, name, token, now))
            owner = inserted == 1
            if not owner:
                # The thread of a dead start is kept when the new one comes from the same channel.
                owner = await db.execute(
                    "UPDATE daily_attempts SET claim_token = ?, claimed_at = ?, display_name = ?,"
                    " thread_id = CASE WHEN guild_id = ? AND channel_id = ? THEN thread_id ELSE NULL END,"
                    " guild_id = ?, channel_id = ?"
                    " WHERE day = ? AND user_id = ? AND game_id IS NULL AND claimed_at < ?",
                    (token, now, name, guild_id, channel_id, guild_id, channel_id, day, user_id, now - lease)) == 1
            row = await db.fetchone(f"SELECT {ATTEMPT_COLUMNS} FROM daily_attempts WHERE day = ? AND user_id = ?",
                                    (day, user_id))
        assert row is not None
        return DailyClaim(_attempt(row), owner)

    async def set_thread(self, day: str, user_id: int, token: str, thread_id: int) -> None:
        async with self.core.write() as db:
            changed = await db.execute(
                "UPDATE daily_attempts SET thread_id = ? WHERE day = ? AND user_id = ? AND claim_token = ?"
                " AND game_id IS NULL", (thread_id, day, user_id, token))
        if changed != 1:
            raise DailyLost(f"the daily attempt of user {user_id} on {day} is no longer this start's")

    async def release(self, day: str, user_id: int, token: str) -> bool:
        """Give up a claim that dealt nothing (its thread could not be made): the player may start again."""
        async with self.core.write() as db:
            return await db.execute(
                "DELETE FROM daily_attempts WHERE day = ? AND user_id = ? AND claim_token = ? AND game_id IS NULL",
                (day, user_id, token)) == 1

    async def create_game(self, day: str, user_id: int, token: str, *, thread_id: int, options: Mapping[str, Any],
                          seed: int, state: str, seat_name: str, deliveries: Sequence[Delivery] = (),
                          place: str = "server") -> int:
        """Deal the attempt's game in its thread (``place`` "dm": in the bot's DM with the player, where no thread
        could be opened), in one transaction with the attempt's link to it and the game's first outbox rows;
        returns the game id. DailyLost (nothing written) when the claim is no longer this start's."""
        now = self.core.now()
        async with self.core.write() as db:
            row = await db.fetchone(
                f"SELECT guild_id, claim_token, game_id FROM daily_attempts WHERE day = ? AND user_id = ?"
                f"{self.core.lock_row}", (day, user_id))
            if row is None or row[1] != token or row[2] is not None:
                raise DailyLost(f"the daily attempt of user {user_id} on {day} is no longer this start's")
            guild_id = 0 if place == "dm" else int(row[0])  # a DM belongs to no server (its boards: the attempt's)
            game_id = int(await db.fetchval(
                "INSERT INTO games (guild_id, channel_id, host_id, status, options, seed, state, version, created_at,"
                " updated_at, kind, place) VALUES (?, ?, ?, 'playing', ?, ?, ?, 1, ?, ?, 'daily', ?) RETURNING id",
                (guild_id, thread_id, user_id, dumps(dict(options)), int(seed), state, now, now, place)))
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, ai_strength, display_name) VALUES (?, 0, ?, NULL, ?)",
                (game_id, user_id, (seat_name or "?")[:40]))
            await db.executemany(
                "INSERT INTO deliveries (game_id, channel_id, kind, payload, version, created_at)"
                " VALUES (?, ?, ?, ?, 1, ?)",
                [(game_id, thread_id, d.kind, dumps(d.payload.to_json()), now) for d in deliveries])
            await db.execute("UPDATE daily_attempts SET game_id = ?, thread_id = ? WHERE day = ? AND user_id = ?",
                             (game_id, thread_id, day, user_id))
        return game_id

    async def attempt(self, day: str, user_id: int) -> DailyAttempt | None:
        rows = await self._rows(f"SELECT {ATTEMPT_COLUMNS} FROM daily_attempts WHERE day = ? AND user_id = ?",
                                (day, user_id))
        return _attempt(rows[0]) if rows else None

    async def attempt_of_game(self, game_id: int) -> DailyAttempt | None:
        rows = await self._rows(f"SELECT {ATTEMPT_COLUMNS} FROM daily_attempts WHERE game_id = ?", (game_id,))
        return _attempt(rows[0]) if rows else None

    async def move_game(self, game_id: int, thread_id: int, *, place: str = "server") -> None:
        """The player's thread is gone: the running daily moves to a new one (``place`` "dm": to the bot's DM
        with the player), its table posted there again, and what the old thread had not been shown yet goes
        there too."""
        async with self.core.write() as db:
            guild_id = 0 if place == "dm" else int(await db.fetchval(
                "SELECT guild_id FROM daily_attempts WHERE game_id = ?", (game_id,)) or 0)
            changed = await db.execute(
                "UPDATE games SET channel_id = ?, updated_at = ?, place = ?, guild_id = ? WHERE id = ?"
                " AND kind = 'daily' AND status = 'playing'",
                (thread_id, self.core.now(), place, guild_id, game_id))
            if changed != 1:
                raise DailyLost(f"game {game_id} is not a running daily")
            await db.execute("DELETE FROM game_messages WHERE game_id = ?", (game_id,))
            await db.execute("UPDATE deliveries SET channel_id = ? WHERE game_id = ? AND delivered_at IS NULL",
                             (thread_id, game_id))
            await db.execute("UPDATE daily_attempts SET thread_id = ? WHERE game_id = ?", (thread_id, game_id))

    # -- the result card and the public share (each posted once) -------------------------------------------
    async def claim_post(self, day: str, user_id: int, what: str, *, retry_after: float = 60.0) -> bool:
        """True for the one caller that may post the attempt's ``what`` ("result": the card in the thread,
        "shared": the public line in the channel); a claim older than ``retry_after`` with nothing posted may
        be taken again (the poster died; the message's nonce keeps Discord from showing it twice)."""
        column = _post_column(what)
        now = self.core.now()
        async with self.core.write() as db:
            return await db.execute(
                f"UPDATE daily_attempts SET {column}_claimed_at = ? WHERE day = ? AND user_id = ?"
                f" AND {column}_message_id IS NULL AND ({column}_claimed_at IS NULL OR {column}_claimed_at < ?)",
                (now, day, user_id, now - retry_after)) == 1

    async def set_posted(self, day: str, user_id: int, what: str, message_id: int) -> None:
        column = _post_column(what)
        async with self.core.write() as db:
            await db.execute(f"UPDATE daily_attempts SET {column}_message_id = ? WHERE day = ? AND user_id = ?",
                             (int(message_id), day, user_id))

    async def unposted_results(self, since_day: str) -> list[DailyAttempt]:
        """Finished dailies since ``since_day`` whose result card is not in their thread yet (this store's
        shards only): after a restart, and once a day's par is known."""
        scope, params = shard_filter(self.core.shards, "a.guild_id")
        cols = ", ".join(f"a.{c.strip()}" for c in ATTEMPT_COLUMNS.split(","))
        rows = await self._rows(
            f"SELECT {cols} FROM daily_attempts a JOIN games g ON g.id = a.game_id"
            f" WHERE a.day >= ? AND g.status = 'finished' AND a.result_message_id IS NULL AND {scope}"
            " ORDER BY a.day, a.user_id", (since_day, *params))
        return [_attempt(r) for r in rows]

    # -- the day's par ------------------------------------------------------------------------------------
    async def claim_par(self, day: str, owner: str, *, strength: int, lease: float) -> bool:
        """True for the one process that computes ``day``'s par now: the first to ask, or one taking over a
        claim older than ``lease`` seconds that never got its score (its process died)."""
        now = self.core.now()
        async with self.core.write() as db:
            if await db.execute(
                    "INSERT INTO daily_pars (day, claimed_by, claimed_at, strength) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (day) DO NOTHING", (day, owner, now, int(strength))) == 1:
                return True
            return await db.execute(
                "UPDATE daily_pars SET claimed_by = ?, claimed_at = ?, strength = ? WHERE day = ? AND score IS NULL"
                " AND claimed_at < ?", (owner, now, int(strength), day, now - lease)) == 1

    async def save_par(self, day: str, owner: str, par: ParResult) -> bool:
        """Store the par computed by the claim's owner; False (nothing written) when it is not theirs any more."""
        async with self.core.write() as db:
            return await db.execute(
                "UPDATE daily_pars SET score = ?, penny_score = ?, won = ?, words = ?, turns = ?, state_hash = ?,"
                " computed_at = ? WHERE day = ? AND claimed_by = ? AND score IS NULL",
                (par.score, par.penny_score, int(par.won), par.words, par.turns, par.state_hash, self.core.now(),
                 day, owner)) == 1

    async def drop_par_claim(self, day: str, owner: str) -> bool:
        """Give up a par claim whose computation failed, so that the next start tries again at once."""
        async with self.core.write() as db:
            return await db.execute("DELETE FROM daily_pars WHERE day = ? AND claimed_by = ? AND score IS NULL",
                                    (day, owner)) == 1

    async def par(self, day: str) -> DailyPar | None:
        rows = await self._rows(f"SELECT {PAR_COLUMNS} FROM daily_pars WHERE day = ?", (day,))
        return _par(rows[0]) if rows else None

    # -- boards and streaks -------------------------------------------------------------------------------
    async def board(self, day: str, guild_id: int | None = None, *, limit: int = 10,
                    offset: int = 0) -> list[DailyEntry]:
        """The day's finished dailies, best first: of one server (``guild_id``), or of every server. A page is an
        index range in rank order; each line's place counts the entries above it."""
        where, params = _scope(day, guild_id)
        async with self.core.read() as db:
            rows = await db.fetch(
                f"SELECT {ENTRY_COLUMNS} FROM daily_attempts WHERE {where} ORDER BY score DESC, margin DESC,"
                " finished_at, user_id LIMIT ? OFFSET ?", (*params, max(0, int(limit)), max(0, int(offset))))
            places: dict[tuple[int, int], int] = {}
            for r in rows:
                key = (int(r[2]), int(r[9]))
                if key not in places:
                    places[key] = await _place(db, where, params, *key)
        return [_entry(r, places[(int(r[2]), int(r[9]))]) for r in rows]

    async def board_size(self, day: str, guild_id: int | None = None) -> int:
        where, params = _scope(day, guild_id)
        rows = await self._rows(f"SELECT COUNT(*) FROM daily_attempts WHERE {where}", params)
        return int(rows[0][0])

    async def entry(self, day: str, user_id: int, guild_id: int | None = None) -> DailyEntry | None:
        """The player's line on the day's board (their place among the server's or everybody's)."""
        where, params = _scope(day, guild_id)
        async with self.core.read() as db:
            row = await db.fetchone(f"SELECT {ENTRY_COLUMNS} FROM daily_attempts WHERE {where} AND user_id = ?",
                                    (*params, user_id))
            if row is None:
                return None
            return _entry(row, await _place(db, where, params, int(row[2]), int(row[9])))

    async def streaks(self, user_id: int, today: dt.date) -> DailyStreaks:
        rows = await self._rows(
            "SELECT a.day, a.score, p.score FROM daily_attempts a LEFT JOIN daily_pars p ON p.day = a.day"
            " WHERE a.user_id = ? AND a.score IS NOT NULL ORDER BY a.day", (user_id,))
        return streaks_of(((str(r[0]), int(r[1]), None if r[2] is None else int(r[2])) for r in rows), today)

    async def _rows(self, sql: str, params: Sequence[Any]) -> list[Any]:
        async with self.core.read_one() as db:
            return await db.fetch(sql, params)


def _post_column(what: str) -> str:
    if what not in ("result", "shared"):
        raise InvalidRecord(f"a daily posts its 'result' or its 'shared' line, not {what!r}")
    return what


def _scope(day: str, guild_id: int | None) -> tuple[str, tuple[Any, ...]]:
    """The finished dailies of a day, of one server or of all (the board indexes' ranges)."""
    if guild_id is None:
        return "day = ? AND score IS NOT NULL", (day,)
    return "day = ? AND guild_id = ? AND score IS NOT NULL", (day, guild_id)


async def _place(db: Conn, where: str, params: tuple[Any, ...], score: int, margin: int) -> int:
    """1 + the entries ranked above (score, margin) in the board's range."""
    count = await db.fetchval(f"SELECT COUNT(*) FROM daily_attempts WHERE {where} AND (score > ? OR (score = ?"
                              " AND margin > ?))", (*params, score, score, margin))
    return 1 + int(count)


def _attempt(r: Any) -> DailyAttempt:
    return DailyAttempt(day=str(r[0]), user_id=int(r[1]), guild_id=int(r[2]), channel_id=int(r[3]),
                        thread_id=None if r[4] is None else int(r[4]), game_id=None if r[5] is None else int(r[5]),
                        display_name=str(r[6]), claim_token=str(r[7]), claimed_at=float(r[8]),
                        result_claimed_at=None if r[9] is None else float(r[9]),
                        result_message_id=None if r[10] is None else int(r[10]),
                        shared_claimed_at=None if r[11] is None else float(r[11]),
                        shared_message_id=None if r[12] is None else int(r[12]))


def _par(r: Any) -> DailyPar:
    def opt(value: Any) -> int | None:
        return None if value is None else int(value)

    return DailyPar(day=str(r[0]), claimed_by=str(r[1]), claimed_at=float(r[2]), strength=int(r[3]),
                    score=opt(r[4]), penny_score=opt(r[5]), won=None if r[6] is None else bool(r[6]), words=opt(r[7]),
                    turns=opt(r[8]), state_hash=None if r[9] is None else str(r[9]),
                    computed_at=None if r[10] is None else float(r[10]))


def _entry(r: Any, position: int) -> DailyEntry:
    return DailyEntry(position=position, user_id=int(r[0]), display_name=str(r[1]), score=int(r[2]),
                      words=int(r[3] or 0), won=bool(r[4]), penny_score=int(r[5] or 0), guild_id=int(r[6]),
                      game_id=int(r[7]), finished_at=float(r[8] or 0.0))


__all__ = ["DailyAttempt", "DailyClaim", "DailyEntry", "DailyLost", "DailyPar", "DailyRoom", "DailyStreaks",
           "ParResult", "streaks_of"]

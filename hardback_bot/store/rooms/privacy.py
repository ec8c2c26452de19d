"""A player's own data (``/hardback privacy``, docs/privacy.md): what is kept about them, a copy of it, and its
deletion (erasure) — every row of one user, in every server and DM.

A deletion keeps every game whole for the other players: the player's seats stay, with the stand-in name
:data:`~..models.ERASED_NAME` and no user id (``seats.erased``); their result rows stay (a game's table needs
every seat) without their user id, name or rating; their running totals, ratings, daily attempts, settings,
agreements to a table's request and private panels' tokens go. In a game still being played a computer player
takes their seat (a game nobody else plays in ends), and in a lobby they leave it (its host, if it was them,
passes to the next player). The names in the outbox's notes are replaced too. All of it is one transaction,
recorded in ``erasures`` so that a database restored from an older backup can have it applied again
(store/erasures.py).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from ..core import Conn, Room, StoreCore, dumps, marks
from ..models import ERASED_NAME, Delivery, Erasure, ErasureRecord, PlayerData
from .outbox import OutboxRoom

SUFFIXES = (" (computer)", " (absent)")  # the names the bot gave a seat a computer took over (sessions)
RUNNING = ("lobby", "playing")
DEFAULT_STRENGTH = 2  # the computer that takes a deleted player's seat in a running game (as when leaving)
#: Builds the outbox rows announcing that a computer took over ``seat`` of ``game`` (the sessions' note).
LeftNotes = Callable[[int, int], Sequence[Delivery]]


class PrivacyRoom(Room):
    def __init__(self, core: StoreCore, *, outbox: OutboxRoom) -> None:
        super().__init__(core)
        self.outbox = outbox

    async def player_data(self, user_id: int) -> PlayerData:
        """How much is kept about ``user_id``, table by table (the summary ``/hardback privacy`` shows)."""
        async with self.core.read() as db:
            games = await db.fetchone(
                "SELECT COUNT(*), SUM(CASE WHEN g.status IN ('lobby', 'playing') THEN 1 ELSE 0 END)"
                " FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ?", (user_id,))
            moves = await db.fetchval(
                "SELECT COUNT(*) FROM seats s JOIN moves m ON m.game_id = s.game_id AND m.seat = s.seat"
                " WHERE s.user_id = ?", (user_id,))
            results = await db.fetchval("SELECT COUNT(*) FROM results WHERE user_id = ?", (user_id,))
            boards = await db.fetchval("SELECT COUNT(DISTINCT guild_id) FROM player_totals WHERE user_id = ?",
                                       (user_id,))
            ratings = await db.fetchval("SELECT COUNT(*) FROM ratings WHERE user_id = ?", (user_id,))
            daily = await db.fetchval("SELECT COUNT(*) FROM daily_attempts WHERE user_id = ?", (user_id,))
            tokens = 0
            for table in ("panels", "panel_tokens", "game_tokens"):
                tokens += int(await db.fetchval(f"SELECT COUNT(*) FROM {table} WHERE user_id = ?", (user_id,)))
            settings = await db.fetchval("SELECT COUNT(*) FROM player_settings WHERE user_id = ?", (user_id,))
            erased = await db.fetch("SELECT erased_at FROM erasures WHERE user_id = ? ORDER BY erased_at", (user_id,))
        assert games is not None
        return PlayerData(user_id=user_id, games=int(games[0]), running=int(games[1] or 0), moves=int(moves),
                          results=int(results), boards=int(boards), ratings=int(ratings), daily=int(daily),
                          tokens=tokens, settings=bool(settings), erased=tuple(float(r[0]) for r in erased))

    async def running_games_of(self, user_id: int) -> list[int]:
        """The lobbies and games being played where ``user_id`` has a seat (a deletion changes them)."""
        rows = await self.core.query(
            "SELECT g.id FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ?"
            " AND g.status IN ('lobby', 'playing') ORDER BY g.id", (user_id,))
        return [int(r[0]) for r in rows]

    async def export_player(self, user_id: int) -> dict[str, Any]:
        """Everything kept about ``user_id`` as JSON-able data (format in docs/privacy.md): their games with their
        own moves, results, running totals, ratings, daily attempts, their settings (what they chose, the language
        of their panels), their yes to a running table's request and earlier deletions. Other players appear only by
        the names their seats show; no seed or hidden state (a running game's would give its hidden cards away); no
        interaction token (they are secrets)."""
        async with self.core.read() as db:
            seat_rows = await db.fetch(
                "SELECT g.id, g.guild_id, g.channel_id, g.place, g.kind, g.status, g.created_at, g.finished_at,"
                " g.pruned_at, g.host_id, s.seat, s.display_name, s.ai_strength FROM seats s"
                " JOIN games g ON g.id = s.game_id WHERE s.user_id = ? ORDER BY g.id", (user_id,))
            ids = [int(r[0]) for r in seat_rows]
            names: dict[int, list[str]] = {}
            own: dict[int, list[list[Any]]] = {}
            for chunk in _chunks(ids):
                for r in await db.fetch(f"SELECT game_id, display_name FROM seats WHERE game_id IN ({marks(chunk)})"
                                        " ORDER BY game_id, seat", chunk):
                    names.setdefault(int(r[0]), []).append(r[1])
                for r in await db.fetch(
                        "SELECT m.game_id, m.seq, m.move, m.created_at FROM moves m JOIN seats s"
                        " ON s.game_id = m.game_id AND s.seat = m.seat"
                        f" WHERE s.user_id = ? AND m.game_id IN ({marks(chunk)}) ORDER BY m.game_id, m.seq",
                        (user_id, *chunk)):
                    own.setdefault(int(r[0]), []).append([int(r[1]), r[2], float(r[3])])
            results = await db.fetch("SELECT * FROM results WHERE user_id = ? ORDER BY finished_at, game_id",
                                     (user_id,))
            totals = await db.fetch("SELECT * FROM player_totals WHERE user_id = ? ORDER BY guild_id, mode",
                                    (user_id,))
            ratings = await db.fetch("SELECT guild_id, mu, sigma, ordinal, games, updated_at FROM ratings"
                                     " WHERE user_id = ? ORDER BY guild_id", (user_id,))
            daily = await db.fetch(
                "SELECT day, guild_id, channel_id, thread_id, game_id, display_name, claimed_at, score, margin,"
                " penny_score, won, words, finished_at FROM daily_attempts WHERE user_id = ? ORDER BY day",
                (user_id,))
            locales = await db.fetch("SELECT DISTINCT locale FROM panels WHERE user_id = ? AND locale IS NOT NULL"
                                     " ORDER BY locale", (user_id,))
            chosen = await db.fetchval("SELECT settings FROM player_settings WHERE user_id = ?", (user_id,))
            agreed = await db.fetch("SELECT game_id, kind, created_at FROM table_requests WHERE user_id = ?"
                                    " ORDER BY created_at", (user_id,))
            erased = await db.fetch("SELECT erased_at FROM erasures WHERE user_id = ? ORDER BY erased_at", (user_id,))
            held = await db.fetch("SELECT game_id, seat, since_move, held_at, display_name, holder, reason"
                                  " FROM seat_holders WHERE user_id = ? ORDER BY id", (user_id,))
        games = [{
            "id": int(r[0]), "guild_id": int(r[1]), "channel_id": int(r[2]), "place": r[3], "kind": r[4],
            "status": r[5], "created_at": r[6], "finished_at": r[7], "moves_deleted_at": r[8],
            "host": r[9] == user_id, "seat": int(r[10]), "display_name": r[11],
            "computer_took_over": r[12] is not None, "players": names.get(int(r[0]), []),
            "moves": own.get(int(r[0]), []),
        } for r in seat_rows]
        return {
            "format": "hardback-player-data", "format_version": 1, "exported_at": self.core.now(), "user_id": user_id,
            "games": games,
            "results": [_plain_result(r) for r in results],
            "totals": [{k: _plain(r[k]) for k in _columns(r) if k != "user_id"} for r in totals],
            "ratings": [{"board_id": int(r[0]), "mu": r[1], "sigma": r[2], "rating": r[3], "games": int(r[4]),
                         "updated_at": r[5]} for r in ratings],
            "daily_attempts": [{"day": r[0], "guild_id": int(r[1]), "channel_id": int(r[2]),
                                "thread_id": _plain(r[3]), "game_id": _plain(r[4]), "display_name": r[5],
                                "claimed_at": r[6], "score": _plain(r[7]), "margin": _plain(r[8]),
                                "penny_score": _plain(r[9]), "won": None if r[10] is None else bool(r[10]),
                                "words": _plain(r[11]), "finished_at": r[12]} for r in daily],
            "settings": {"chosen": json.loads(chosen) if chosen else {},
                         "panel_languages": [r[0] for r in locales]},
            "table_requests": [{"game_id": int(r[0]), "kind": r[1], "agreed_at": r[2]} for r in agreed],
            "seat_changes": [{"game_id": int(r[0]), "seat": int(r[1]), "since_move": int(r[2]), "at": r[3],
                              "display_name": r[4], "played_by": r[5], "reason": r[6]} for r in held],
            "earlier_deletions": [float(r[0]) for r in erased],
        }

    async def erasures(self) -> list[ErasureRecord]:
        """Every deletion this database applied, oldest first."""
        rows = await self.core.query("SELECT id, user_id, erased_at, applied_at FROM erasures ORDER BY erased_at, id")
        return [ErasureRecord(r[0], int(r[1]), float(r[2]), float(r[3])) for r in rows]

    async def erase_player(self, user_id: int, *, erasure_id: str | None = None, erased_at: float | None = None,
                           strength: int = DEFAULT_STRENGTH, left: LeftNotes | None = None) -> Erasure:
        """Delete what is kept about ``user_id`` (the module's docstring says what that is), in one transaction.

        ``erased_at`` (default now) is when the player asked: rows of games created, results finished and daily
        attempts claimed after it are not theirs to delete (a deletion applied again later, store/erasures.py,
        must not take what the player did since). ``erasure_id`` names the deletion (new if None); a deletion
        this database already applied changes nothing (``Erasure.applied`` False). ``left`` gives the outbox
        rows that tell a running game a computer took the seat over."""
        now = self.core.now()
        cutoff = now if erased_at is None else float(erased_at)
        erasure_id = erasure_id or secrets.token_hex(8)
        async with self.core.write() as db:
            # The record first: two processes applying one ledger line at once (their starts) take turns on its
            # key, and the second finds it done (PostgreSQL waits for the first to commit, then skips).
            if await db.execute("INSERT INTO erasures (id, user_id, erased_at, applied_at) VALUES (?, ?, ?, ?)"
                                " ON CONFLICT (id) DO NOTHING", (erasure_id, user_id, cutoff, now)) != 1:
                return Erasure(erasure_id, user_id, cutoff, applied=False)
            seats = await db.fetch(
                "SELECT s.game_id, s.seat, s.display_name, s.ai_strength, g.status FROM seats s"
                " JOIN games g ON g.id = s.game_id WHERE s.user_id = ? AND g.created_at <= ? ORDER BY s.game_id",
                (user_id, cutoff))
            taken: list[int] = []
            ended: list[int] = []
            lobbies: list[int] = []
            names: dict[int, set[str]] = {}
            for game_id, seat, name, computer, status in seats:
                names[int(game_id)] = _names_of(name)
                if status == "lobby":
                    lobbies.append(int(game_id))
                    await self._leave_lobby(db, int(game_id), user_id, now)
                elif status == "playing":
                    # A seat a computer already plays (its player left, or was away) is said to have left once.
                    notes = left if computer is None else None
                    if await self._leave_running(db, int(game_id), int(seat), user_id, strength, notes, now):
                        taken.append(int(game_id))
                    else:
                        ended.append(int(game_id))
                else:
                    await self._erase_seat(db, int(game_id), int(seat))
            await db.execute("UPDATE games SET host_id = NULL WHERE host_id = ? AND created_at <= ?",
                             (user_id, cutoff))
            results = await db.execute(
                "UPDATE results SET user_id = NULL, display_name = ?, rating_before = NULL, rating_after = NULL"
                " WHERE user_id = ? AND finished_at <= ?", (ERASED_NAME, user_id, cutoff))
            # The seats' histories keep the stand-in too (the results' "who played which part" then says it).
            await db.execute("UPDATE seat_holders SET user_id = NULL, display_name = ? WHERE user_id = ?"
                             " AND held_at <= ?", (ERASED_NAME, user_id, cutoff))
            # Totals and ratings add up every game: what came after the cut-off cannot be told apart, so they go.
            totals = await db.execute("DELETE FROM player_totals WHERE user_id = ?", (user_id,))
            ratings = await db.execute("DELETE FROM ratings WHERE user_id = ?", (user_id,))
            daily = await db.execute("DELETE FROM daily_attempts WHERE user_id = ? AND claimed_at <= ?",
                                     (user_id, cutoff))
            tokens = 0
            for table in ("panels", "panel_tokens", "game_tokens"):
                tokens += await db.execute(f"DELETE FROM {table} WHERE user_id = ?", (user_id,))
            # Their own choices (player_settings), and their yes to a running table's open request.
            settings = await db.execute("DELETE FROM player_settings WHERE user_id = ?", (user_id,))
            await db.execute("DELETE FROM table_requests WHERE user_id = ?", (user_id,))
            await self._scrub_outbox(db, names, user_id)
        return Erasure(erasure_id, user_id, cutoff, applied=True, games=len(seats), taken_over=tuple(taken),
                       ended=tuple(ended), lobbies=tuple(lobbies), results=results, ratings=ratings, totals=totals,
                       daily=daily, tokens=tokens, settings=settings)

    async def _bump_game(self, db: Conn, game_id: int, now: float, sets: str = "",
                         params: Sequence[Any] = ()) -> int:
        """The game's version + 1 (its public side is redrawn), with ``sets``; the row is locked first."""
        version = int(await db.fetchval(f"SELECT version FROM games WHERE id = ?{self.core.lock_row}", (game_id,)))
        extra = f", {sets}" if sets else ""
        await db.execute(f"UPDATE games SET version = version + 1, updated_at = ?{extra} WHERE id = ?",
                         (now, *params, game_id))
        return version + 1

    async def _erase_seat(self, db: Conn, game_id: int, seat: int, strength: int | None = None) -> None:
        """The seat stays, with the stand-in name and no user (a computer's strength, if ``strength``)."""
        sets = "user_id = NULL, display_name = ?, erased = 1"
        params: list[Any] = [ERASED_NAME]
        if strength is not None:
            sets += ", ai_strength = COALESCE(ai_strength, ?)"
            params.append(strength)
        await db.execute(f"UPDATE seats SET {sets} WHERE game_id = ? AND seat = ?", (*params, game_id, seat))

    async def _leave_lobby(self, db: Conn, game_id: int, user_id: int, now: float) -> None:
        """The player leaves the lobby; its host, if it was them, passes to the next player in it (nobody left:
        the lobby closes)."""
        rows = await db.fetch("SELECT seat, user_id, ai_strength, display_name FROM seats WHERE game_id = ?"
                              " ORDER BY seat", (game_id,))
        stay = [r for r in rows if r[1] != user_id]
        host = await db.fetchval("SELECT host_id FROM games WHERE id = ?", (game_id,))
        people = [int(r[1]) for r in stay if r[1] is not None]
        if not people:
            await self._bump_game(db, game_id, now, "status = 'abandoned', finished_at = ?, host_id = NULL", [now])
        else:
            await self._bump_game(db, game_id, now, "host_id = ?", [people[0] if host == user_id else host])
        # Seats stay numbered 0, 1, 2 …: written again rather than renumbered in place (the key would clash).
        await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, ai_strength, display_name) VALUES (?, ?, ?, ?, ?)",
            [(game_id, n, r[1], r[2], r[3]) for n, r in enumerate(stay)])

    async def _leave_running(self, db: Conn, game_id: int, seat: int, user_id: int, strength: int,
                             left: LeftNotes | None, now: float) -> bool:
        """A computer takes the seat when someone else still plays (True); otherwise the game ends (False)."""
        others = await db.fetch(
            "SELECT user_id FROM seats WHERE game_id = ? AND user_id IS NOT NULL AND user_id <> ?"
            " AND ai_strength IS NULL ORDER BY seat", (game_id, user_id))
        if not others:
            await self._bump_game(db, game_id, now, "status = 'abandoned', finished_at = ?, host_id = NULL", [now])
            await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            await self._erase_seat(db, game_id, seat)
            return False
        host = await db.fetchval("SELECT host_id FROM games WHERE id = ?", (game_id,))
        version = await self._bump_game(db, game_id, now, "host_id = ?",
                                        [int(others[0][0]) if host == user_id else host])
        await self._erase_seat(db, game_id, seat, strength)
        await self.outbox.insert_deliveries(db, game_id, list(left(game_id, seat)) if left else [], version, now)
        return True

    async def _scrub_outbox(self, db: Conn, names: dict[int, set[str]], user_id: int) -> None:
        """The player's names in the notes of their games' outbox rows (a seat that left, say) become the
        stand-in, and their user id (who ended a game) becomes 0."""
        ids = sorted(names)
        for chunk in _chunks(ids):
            rows = await db.fetch(f"SELECT id, game_id, payload FROM deliveries WHERE game_id IN ({marks(chunk)})",
                                  chunk)
            changed = []
            for delivery_id, game_id, payload in rows:
                data = json.loads(payload)
                clean = _scrub(data, names[int(game_id)], user_id)
                if clean != data:
                    changed.append((dumps(clean), int(delivery_id)))
            if changed:
                await db.executemany("UPDATE deliveries SET payload = ? WHERE id = ?", changed)


def _names_of(name: str) -> set[str]:
    """A seat's name and the names it had before the bot marked a computer's take-over on it."""
    found = {name}
    for suffix in SUFFIXES:
        if name.endswith(suffix):
            found.add(name[:-len(suffix)])
    return found


def _scrub(value: Any, names: set[str], user_id: int) -> Any:
    if isinstance(value, dict):
        return {k: (ERASED_NAME if k == "name" and v in names else _scrub(v, names, user_id)) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub(v, names, user_id) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and value == user_id:
        return 0
    return value


def _chunks(ids: Sequence[int], size: int = 500) -> list[list[int]]:
    return [list(ids[i:i + size]) for i in range(0, len(ids), size)]


def _plain(value: Any) -> Any:
    """A column's value as JSON takes it (PostgreSQL's sums come back as Decimal)."""
    if value is None or isinstance(value, (str, float, bool)):
        return value
    try:
        return int(value) if int(value) == value else float(value)
    except (TypeError, ValueError):
        return str(value)


def _columns(row: Any) -> list[str]:
    # asyncpg's Record iterates over its values, aiosqlite's Row too: both name their columns with keys().
    return list(row.keys())


def _plain_result(r: Any) -> dict[str, Any]:
    out = {k: _plain(r[k]) for k in _columns(r) if k not in ("user_id", "stats")}
    out["stats"] = json.loads(r["stats"])
    out["won"] = bool(r["won"])
    return out

"""A player's running games everywhere (servers, the bot's DM, group DMs), for ``/hardback games``: each with
its state and the deadlines of its turn timers, read in one snapshot."""

from __future__ import annotations

from dataclasses import dataclass

from ..core import TIMER_COLUMNS, Room, StoreCore
from ..models import GameRecord, Timer
from .games import GamesRoom
from .timers import timer_of

MAX_PLAYER_GAMES = 200  # far more than anyone plays at once; bounds the read of a player with a runaway history


@dataclass(frozen=True)
class PlayerGame:
    """One running game of a player: its record (with state) and its timers (the turn's, its reminder, a
    vote's), soonest first."""

    game: GameRecord
    timers: tuple[Timer, ...]


class PlayerGamesRoom(Room):
    def __init__(self, core: StoreCore, *, games: GamesRoom) -> None:
        super().__init__(core)
        self.games = games

    async def player_games(self, user_id: int) -> list[PlayerGame]:
        """Every playing game in which ``user_id`` holds a seat (a computer may be playing it for them), in every
        shard's servers and outside servers, newest move first."""
        where = "status = 'playing' AND id IN (SELECT game_id FROM seats WHERE user_id = ?)"
        params = (int(user_id),)
        async with self.core.read() as db:
            games = await self.games.load_games(
                db, where, params, with_state=True, order="updated_at DESC, id DESC")
            games = games[:MAX_PLAYER_GAMES]
            timers: dict[int, list[Timer]] = {}
            for row in await db.fetch(
                f"SELECT {TIMER_COLUMNS} FROM timers WHERE game_id IN (SELECT id FROM games WHERE {where})"
                " ORDER BY deadline, id",
                params,
            ):
                timers.setdefault(row[1], []).append(timer_of(row))
        return [PlayerGame(g, tuple(timers.get(g.id, ()))) for g in games]

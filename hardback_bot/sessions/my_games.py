"""``/hardback games``: a player's running games everywhere, as plain values (no Discord here).

Each game says where it is, whose turn it is, the player's place (rank by prestige; the team's score against
Penny Dreadful in co-op) and the deadline of the decision it waits for; the player's own turns come first,
soonest deadline first. Everything is read from the store (``store.player_games``)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from hardback_bot.engine import Game, GameOptions
from hardback_bot.store import Place, Store, TurnDeadline, VoteDeadline
from hardback_bot.store.rooms.player_games import PlayerGame

from .judging import deciders
from .loaded import checker_for


@dataclass(frozen=True, slots=True)
class GameLine:
    game_id: int
    place: Place
    guild_id: int  # 0 outside servers
    channel_id: int
    table_message: int | None  # the table message (a group DM's current page), to link to
    my_turn: bool  # the game waits for this player now
    waiting_for: tuple[str, ...]  # the names of the seats it waits for (the player's own included)
    rank: int  # the player's place by prestige, ties sharing it (1 in co-op: one team)
    players: int
    prestige: int  # the player's own, or in co-op the team's
    penny: int | None  # Penny Dreadful's score in co-op, else None
    goal: int
    deadline: float | None  # when the decision it waits for times out (None: no turn timer)
    computer_plays: bool  # a computer holds the player's seat (after missed turns)

    def link(self) -> str:
        """The table message (or the channel, before one is known) as a Discord link."""
        where = f"https://discord.com/channels/{self.guild_id or '@me'}/{self.channel_id}"
        return f"{where}/{self.table_message}" if self.table_message else where


def _line(row: PlayerGame, user_id: int) -> GameLine | None:
    record = row.game
    seat = next((s for s in record.seats if s.user_id == user_id), None)
    if seat is None or record.state is None:
        return None
    options = GameOptions.from_dict(dict(record.options))
    game = Game.from_json(record.state, checker=checker_for(options))
    waiting = deciders(game)
    names = [s.display_name for s in record.seats]
    scores = [game.player(s).prestige for s in range(game.num_players)]
    mine = scores[seat.seat]
    penny = game.state.penny if options.coop else None
    deadline = None
    for timer in row.timers:
        # A turn's or a vote's timer has the decision's deadline (a reminder is only a warning); a held one (a
        # quiet group DM) keeps the deadline it had.
        if isinstance(timer.payload, TurnDeadline | VoteDeadline):
            deadline = timer.held if timer.held is not None else timer.deadline
            break
    return GameLine(
        game_id=record.id, place=record.place, guild_id=record.guild_id, channel_id=record.channel_id,
        table_message=record.messages.get("table"), my_turn=seat.seat in waiting,
        waiting_for=tuple(names[s] for s in waiting),
        rank=1 if penny is not None else 1 + sum(1 for s in scores if s > mine), players=len(record.seats),
        prestige=int(penny.get("team", 0)) if penny is not None else mine,
        penny=int(penny.get("score", 0)) if penny is not None else None, goal=game.goal, deadline=deadline,
        computer_plays=seat.is_computer_controlled)


def ordered(lines: Sequence[GameLine]) -> list[GameLine]:
    """The player's turns first, then the others; within each, the soonest deadline first (none last), then
    the newest game."""
    return sorted(lines, key=lambda g: (not g.my_turn, g.deadline is None, g.deadline or 0.0, -g.game_id))


async def my_games(store: Store, user_id: int) -> list[GameLine]:
    """Every running game of ``user_id``, in the order the list shows them. The states are read in a worker
    thread: a player with many games must not hold the event loop."""
    rows = await store.player_games.player_games(user_id)
    lines = await asyncio.to_thread(lambda: [line for row in rows if (line := _line(row, user_id)) is not None])
    return ordered(lines)


__all__ = ["GameLine", "my_games", "ordered"]

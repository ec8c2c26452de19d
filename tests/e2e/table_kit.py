"""Starting a table and reading a game's state: the store's record and engine state, the turn the table
message shows, the seats and their users, the move log's timings, turn calls and results messages.

The scenario tests read these to *decide* what to click and to check what the bot showed; moves themselves
go through the panels (scenario_kit.Driver).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from botkit import button, user_for, with_component
from discord_standin.models import Message, User
from discord_standin.prestart import drawn_seeds
from discord_standin.world import World

from hardback_bot.engine import Game, GameOptions, parse_move
from hardback_bot.store import AnnounceNotes, GameRecord, Store
from hardback_bot.words import get_dictionary


async def load_game(store: Store, game_id: int) -> tuple[GameRecord, Game]:
    """The stored record and engine state of a game (read only: the driver never applies moves)."""
    record = await store.games.get_game(game_id)
    assert record.state is not None, "the game has not started"
    options = GameOptions.from_dict(dict(record.options))
    checker = None if options.dictionary == "none" else get_dictionary(options.dictionary)
    return record, Game.from_json(record.state, checker=checker)


def shown_turn(world: World, table_id: int) -> tuple[str, str] | None:
    """(title, "Turn: …" line) of the table message as Discord shows it now."""
    message = world.standin.find_message(table_id)
    if message is None or not message.embeds:
        return None
    embed = message.embeds[0]
    turn = next((line for line in (embed.get("description") or "").split("\n") if line.startswith("Turn:")), "")
    return embed.get("title") or "", turn


def expected_turn(game: Game, names: list[str]) -> tuple[str, str]:
    title = f"Hardback — round {game.state.round}"
    if game.finished:
        return title + " (final)", ""
    return title, f"Turn: **{names[game.active_seat]}**"


async def table_caught_up(world: World, store: object, game_id: int, timeout: float = 20.0) -> float:
    """Wait until the table message shows the stored game (its round and whose turn); returns the wait."""
    began = time.monotonic()
    while True:
        record, game = await load_game(store, game_id)  # type: ignore[arg-type]
        table_id = record.messages.get("table")
        names = [s.display_name for s in record.seats]
        if table_id is not None:
            shown = shown_turn(world, table_id)
            want = expected_turn(game, names)
            if shown is not None and shown[0] == want[0] and shown[1].startswith(want[1]):
                return time.monotonic() - began
        if time.monotonic() - began > timeout:
            raise AssertionError(f"after the restart the table still shows {shown_turn(world, table_id or 0)}, "
                                 f"the store has {expected_turn(game, names)}")
        await asyncio.sleep(0.01)


async def every_row_delivered(store: Store, game_id: int, *, with_message: bool = False, timeout: float = 30.0) -> None:
    """Wait until the relay has shown every outbox row of the game (``with_message``: on a message it recorded);
    the caller's checks say which row if not."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rows = await store.outbox.game_deliveries(game_id)
        if rows and all(r.delivered_at is not None and (r.message_id is not None or not with_message) for r in rows):
            return
        await asyncio.sleep(0.05)




@contextlib.contextmanager
def seeded_games(*seeds: int) -> Iterator[None]:
    """Games that an in-process bot starts meanwhile get these seeds, in order, instead of a random one: a
    test that needs some situation names a seed that deals it at once rather than playing games until one
    comes up. The test checks ``record.seed`` (a bot that stopped drawing its seeds here would fail it).
    A prestarted bot process takes ``BotProcess(..., seeds=...)``."""
    from hardback_bot.sessions import lobby

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lobby, "random", drawn_seeds(list(seeds)))
        yield


async def start_table(world: World, store: Store, options: dict[str, Any], *, joiners: tuple[User, ...] = (),
                      computers: tuple[str, ...] = ()) -> GameRecord:
    """alice opens a table with ``options``; ``joiners`` join, ``computers`` (ai1/ai2/ai3) are added, she starts."""
    s = world.standin
    await s.slash(world.alice, "hardback start", options)
    await s.settle()
    lobby = with_component(world, "hb:l:")
    for user in joiners:
        await s.click(user, s.find_message(lobby.id), button(lobby, ":join"))
        await s.settle()
    for level in computers:
        await s.click(world.alice, s.find_message(lobby.id), button(lobby, f":{level}"))
        await s.settle()
    await s.click(world.alice, s.find_message(lobby.id), button(lobby, ":start"))
    await s.settle(quiet=0.6)
    record = await store.games.running_game_in_channel(world.channel.id)
    assert record is not None and record.status == "playing"
    return record


def seat_users(world: World, record: GameRecord) -> dict[int, User]:
    """Seat -> the stand-in user sitting there (computer seats left out)."""
    return {s.seat: user_for(world, s.user_id) for s in record.seats if s.user_id is not None}



async def to_play_at(store: Store, game_id: int) -> Callable[[float, float], set[int]]:
    """The seats a game waited for all the time between two moments (wall clock), from its move log's times.

    A move's time is stamped as its transaction begins and is seen by others once it commits, a moment
    later: a seat waited for "between a and b" only if no move in that span changed that."""
    from hardback_bot.sessions.judging import deciders

    record, final = await load_game(store, game_id)
    moves = await store.games.get_moves(game_id)
    game = Game.new(final.num_players, record.seed or 0, final.options, final.checker)
    states: list[tuple[float, set[int]]] = [(float("-inf"), set(deciders(game)))]
    for i, m in enumerate(moves):
        game.apply(m.seat, parse_move(m.move))
        if i + 1 == len(moves) or moves[i + 1].version != m.version or m.version is None:
            states.append((m.created_at, set(deciders(game))))

    def between(a: float, b: float) -> set[int]:
        first = next(n for n in range(len(states) - 1, -1, -1) if states[n][0] <= a)
        seats = set(states[first][1])
        for at, waiting in states[first + 1:]:
            if at > b:
                break
            seats &= waiting
        return seats

    return between


async def calls(world: World, store: Store, game_id: int, user: User) -> tuple[int, int]:
    """(turn starts of ``user`` announced while it was still their turn, how many of them called ``user``).

    Each "your turn" note of the outbox (written with the move that started the turn) must reach its
    player in the message that carried it, unless that turn was over before that message was posted: a call
    is decided as it goes out, between the note's claim for a post and the post (a post held back by the
    channel's pace may come after the turn, or the game)."""
    record = await store.games.get_game(game_id, with_state=False)
    seat = next(s.seat for s in record.seats if s.user_id == user.id)
    ended = record.finished_at or float("inf")
    waiting = await to_play_at(store, game_id)
    expected = reached = 0
    for row in await store.outbox.game_deliveries(game_id):
        stored = row.payload.notes if isinstance(row.payload, AnnounceNotes) else ()
        notes = [n for n in stored if n["t"] == "your_turn" and n["seat"] == seat]
        if not notes or row.message_id is None:
            continue
        message = world.standin.find_message(row.message_id)
        assert message is not None
        posted = (row.message_id >> 22) / 1000 + 1_420_070_400
        if posted > ended or seat not in waiting(min(row.claimed_at or posted, posted), posted):
            continue  # delivered once the game was over, or that turn: no call any more
        expected += len(notes)
        reached += min(len(notes), message.content.count(f"<@{user.id}>, your turn."))
    return expected, reached


def iter_results_messages(world: World, game_id: int) -> Iterator[Message]:
    rematch = f"hb:l:{game_id}:0:rematch"
    for message in world.standin.messages(world.channel):
        if rematch in message.custom_ids():
            yield message


@contextlib.asynccontextmanager
async def opened_store(path: str) -> Any:
    from hardback_bot.store import open_store

    store = await open_store(path)
    try:
        yield store
    finally:
        await store.close()

"""``/hardback replay`` end to end through the stand-in: an ended game of the server, turn by
turn, private or public, rebuilt from the store on every click, also by a new bot process after a
restart; games still being played (or of another server) are refused privately."""

from __future__ import annotations

import os

import pytest
from botkit import running_bot, text_of
from discord_standin import scratch_dir
from discord_standin.world import World

from hardback_bot.ai import choose_move, wants_to_act
from hardback_bot.engine import Game, GameOptions
from hardback_bot.engine.events import TurnEnd
from hardback_bot.engine.moves import LoggedMove
from hardback_bot.sessions.codec import ReplayOp, parse
from hardback_bot.store import Seat
from hardback_bot.store.results import outcome_from_game
from hardback_bot.words import get_dictionary

OPTIONS = GameOptions(length=40, adverts=False)


def _computer_game(seed: int) -> tuple[Game, list[LoggedMove]]:
    """A whole game between two computer players on the common list (its words replay against it)."""
    game = Game.new(2, seed, OPTIONS, checker=get_dictionary("common"))
    moves: list[LoggedMove] = []
    while not game.finished:
        seat = next((s for s in range(2) if s != game.active_seat and game.phase == "vote" and wants_to_act(game, s)),
                    game.active_seat)
        move = choose_move(game, seat, 2)
        game.apply(seat, move)
        moves.append(LoggedMove(seat, move))
    return game, moves


@pytest.fixture(scope="module")
def played() -> tuple[Game, list[LoggedMove]]:
    return _computer_game(4)


def _turns(moves: list[LoggedMove]) -> list[dict]:
    """Each turn's public summary, straight from the engine's events (what the replay must show)."""
    game = Game.new(2, 4, OPTIONS, checker=get_dictionary("common"))
    summaries = []
    for seat, move in moves:
        summaries += [e.summary.to_dict() for e in game.apply(seat, move) if isinstance(e, TurnEnd)]
    return summaries


async def _store_game(store, world: World, game: Game, moves: list[LoggedMove], *, finish: bool = True,
                      guild_id: int | None = None, channel_id: int | None = None) -> int:
    seats = [Seat(0, "alice", user_id=world.alice.id), Seat(1, "bob", user_id=world.bob.id)]
    record = await store.games.create_lobby(guild_id or world.guild.id, channel_id or world.channel.id,
                                            host_id=world.alice.id, options=OPTIONS.to_dict(), seats=seats)
    start = Game.new(2, 4, OPTIONS)
    version = await store.games.start_game(record.id, record.version, seed=4, state=start.to_json(), seats=seats)
    if finish:
        await store.games.commit_moves(record.id, version, _text(moves), game.to_json(), finished=True,
                                       outcome=outcome_from_game(game))
    else:
        partial = Game.new(2, 4, OPTIONS, checker=get_dictionary("common"))
        for seat, move in moves[:5]:
            partial.apply(seat, move)
        await store.games.commit_moves(record.id, version, _text(moves[:5]), partial.to_json())
    return record.id


def _text(moves: list[LoggedMove]) -> list[tuple[int, str]]:
    """The moves as the store keeps them."""
    return [(seat, str(move)) for seat, move in moves]


async def _answer(s, user):  # type: ignore[no-untyped-def]
    await s.wait_for(lambda: s.ephemerals(user) and not s.last_ephemeral(user).loading, timeout=15)
    return s.last_ephemeral(user)


def _id(message, tag: str) -> str:  # type: ignore[no-untyped-def]
    """The replay component ``tag`` (f, p, n, l: the buttons; j: the jump select) of a screen."""
    return next(c for c in message.custom_ids() if (click := parse(c)) and click.op == ReplayOp(tag))  # type: ignore[union-attr]


async def test_step_through_a_finished_game_privately(world: World, played) -> None:  # type: ignore[no-untyped-def]
    game, moves = played
    summaries = _turns(moves)
    s = world.standin
    async with running_bot(world) as bot:
        game_id = await _store_game(bot.store, world, game, moves)
        await s.slash(world.alice, "hardback replay")  # the last finished game of the server
        screen = await _answer(s, world.alice)
        assert screen.ephemeral and f"Replay of game #{game_id}" in text_of(screen)
        assert f"before the first turn ({len(summaries)} turns in all)" in text_of(screen)
        assert [a.filename for a in screen.attachments] == ["table.png"]
        await s.click(world.alice, screen, _id(screen, "n"))
        await s.wait_for(lambda: f"Turn 1 of {len(summaries)}" in text_of(s.find_message(screen.id)), timeout=15)
        first = summaries[0]
        shown = text_of(s.find_message(screen.id))
        if first.get("word") and not first.get("skipped"):
            assert f"spelled **{first['word']}**: {first.get('coins', 0)}¢ and {first.get('prestige', 0)}★" in shown
        screen = s.find_message(screen.id)
        await s.select(world.alice, screen, _id(screen, "j"), ["5"])
        await s.wait_for(lambda: f"Turn 5 of {len(summaries)}" in text_of(s.find_message(screen.id)), timeout=15)
        screen = s.find_message(screen.id)
        await s.click(world.alice, screen, _id(screen, "l"))
        await s.wait_for(lambda: "Final ranking: 1." in text_of(s.find_message(screen.id)), timeout=15)
        assert not s.messages(world.channel)  # private: nothing was posted in the channel


async def test_running_and_foreign_games_are_refused(world: World, played) -> None:  # type: ignore[no-untyped-def]
    game, moves = played
    s = world.standin
    async with running_bot(world) as bot:
        running = await _store_game(bot.store, world, game, moves, finish=False)
        await s.slash(world.bob, "hardback replay", {"game": running})
        assert "is still being played" in text_of(await _answer(s, world.bob))
        foreign = await _store_game(bot.store, world, game, moves, guild_id=777, channel_id=778)
        await s.slash(world.bob, "hardback replay", {"game": foreign})
        assert f"There is no game #{foreign} in this server" in text_of(await _answer(s, world.bob))
        await s.slash(world.bob, "hardback replay")
        assert "no finished game to replay" in text_of(await _answer(s, world.bob))
        assert not s.messages(world.channel)


async def test_a_public_replay_works_after_a_restart(world: World, played) -> None:  # type: ignore[no-untyped-def]
    game, moves = played
    s = world.standin
    path = os.path.join(str(scratch_dir("hb-replay-")), "hardback.db")
    async with running_bot(world, db_path=path) as bot:
        game_id = await _store_game(bot.store, world, game, moves)
        await s.slash(world.alice, "hardback replay", {"game": game_id, "public": True})
        await s.wait_for(lambda: any(m.custom_ids() for m in s.messages(world.channel)), timeout=15)
        screen = next(m for m in s.messages(world.channel) if m.custom_ids())
        assert not screen.ephemeral and f"Replay of game #{game_id}" in text_of(screen)
    async with running_bot(world, db_path=path):  # a new bot on the same database: nothing kept in memory
        await s.click(world.bob, screen, _id(screen, "n"))  # anyone may turn a public replay's pages
        await s.wait_for(lambda: "Turn 1 of" in text_of(s.find_message(screen.id)), timeout=15)
        screen = s.find_message(screen.id)
        await s.click(world.bob, screen, _id(screen, "l"))
        await s.wait_for(lambda: "Final ranking" in text_of(s.find_message(screen.id)), timeout=15)
        # A replay an older version posted carries "hbr:" ids: its buttons still work.
        screen = s.find_message(screen.id)
        old = f"hbr:f:{game_id}:0:p"
        screen.find_component(_id(screen, "f"))["custom_id"] = old
        await s.click(world.bob, screen, old)
        await s.wait_for(lambda: "before the first turn" in text_of(s.find_message(screen.id)), timeout=15)
    assert not s.violations

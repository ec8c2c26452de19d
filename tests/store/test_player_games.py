"""A player's running games everywhere, for /hardback games (store/rooms/player_games.py), on both databases."""

from __future__ import annotations

from hardback_bot.store import DeadlineReminder, Seat, Store, Timer, TurnDeadline

from .conftest import Clock, humans, playing_game


async def test_only_the_players_running_games_newest_move_first(store: Store, clock: Clock) -> None:
    first, v1 = await playing_game(store, channel=1, guild=10)  # ann (100) and bob (101)
    clock.advance(5)
    other, _ = await playing_game(store, channel=2, guild=20, seats=humans("cat", "dan", first_user=200))
    clock.advance(5)
    # A group DM game (guild 0) where ann sits with a computer.
    group = await store.games.create_lobby(0, 3, host_id=100, options={}, place="private")
    v = await store.games.update_lobby(group.id, group.version, seats=[Seat(0, "ann", 100), Seat(1, "cpu", None, 2)])
    await store.games.start_game(group.id, v, seed=1, state="g0")
    clock.advance(5)
    lobby = await store.games.create_lobby(10, 4, host_id=100, options={})  # a lobby is no running game
    ended, ve = await playing_game(store, channel=5, guild=10)
    await store.games.abandon_game(ended, ve)
    clock.advance(5)
    await store.games.commit_move(first, v1, 0, "m", "s1")  # the newest move: listed first

    games = await store.player_games.player_games(100)
    assert [g.game.id for g in games] == [first, group.id]
    assert games[0].game.state == "s1" and games[1].game.place == "private"
    assert {g.game.id for g in await store.player_games.player_games(200)} == {other}
    assert await store.player_games.player_games(999) == []
    assert lobby.id not in {g.game.id for g in games}


async def test_each_game_comes_with_its_timers_soonest_first(store: Store, clock: Clock) -> None:
    gid, v = await playing_game(store)
    quiet, _ = await playing_game(store, channel=2)
    deadline = clock.now + 86_400
    await store.games.commit_move(gid, v, 0, "m", "s1", timers=[
        Timer(gid, TurnDeadline(moves=1), deadline, seat=1),
        Timer(gid, DeadlineReminder(moves=1), deadline - 3600, seat=1)])
    games = {g.game.id: g for g in await store.player_games.player_games(101)}
    assert [(t.payload, t.deadline) for t in games[gid].timers] == [(DeadlineReminder(moves=1), deadline - 3600),
                                                                     (TurnDeadline(moves=1), deadline)]
    assert games[quiet].timers == ()


async def test_a_deleted_players_seats_are_nobodys_games(store: Store) -> None:
    gid, _ = await playing_game(store)
    await store.privacy.erase_player(100)
    assert await store.player_games.player_games(100) == []
    assert [g.game.id for g in await store.player_games.player_games(101)] == [gid]

"""Games outside servers (migration 011): where a game is played, its channel's own board, the interaction
tokens of group DM games and the messages each can edit, panels answered by a follow-up, held timers."""

from __future__ import annotations

import random

import pytest

from hardback_bot.engine import Game, GameOptions
from hardback_bot.engine.randomplay import random_move
from hardback_bot.engine.words import AcceptAll
from hardback_bot.sessions.places import held_timers, hold
from hardback_bot.store import (
    DeadlineReminder,
    GameToken,
    InvalidRecord,
    MessageHandle,
    PanelToken,
    Seat,
    Store,
    Timer,
    TurnDeadline,
)
from hardback_bot.store.results import outcome_from_game

from .conftest import Clock

GROUP = 7000  # a group DM's channel id


async def test_a_game_knows_its_place_and_its_language(store: Store) -> None:
    lobby = await store.games.create_lobby(0, GROUP, host_id=1, options={}, seats=[Seat(0, "ann", user_id=1)],
                                           place="private", locale="fr")
    record = await store.games.get_game(lobby.id)
    assert (record.place, record.locale, record.guild_id, record.board_id) == ("private", "fr", 0, GROUP)
    server = await store.games.create_lobby(55, 56, host_id=1, options={})
    assert (server.place, server.locale, server.board_id) == ("server", None, 55)
    with pytest.raises(InvalidRecord):
        await store.games.create_lobby(0, 57, host_id=1, options={}, place="moon")  # type: ignore[arg-type]


async def test_a_group_dms_results_count_on_its_own_board(store: Store) -> None:
    seats = [Seat(0, "ann", user_id=1), Seat(1, "bob", user_id=2)]
    game = Game.new(2, 3, GameOptions(length=40), checker=AcceptAll())
    rng = random.Random(3)
    while not game.finished:
        game.apply(*random_move(game, rng))
    outcome = outcome_from_game(game)
    ids = []
    for guild, channel, place in ((0, GROUP, "private"), (0, GROUP + 1, "dm"), (99, 98, "server")):
        lobby = await store.games.create_lobby(guild, channel, host_id=1, options={}, seats=seats, place=place)
        v = await store.games.start_game(lobby.id, lobby.version, seed=3, state=game.to_json(), seats=seats)
        await store.games.commit_moves(lobby.id, v, [(0, "end")], game.to_json(), finished=True, outcome=outcome)
        ids.append(lobby.id)
    board = await store.results.leaderboard(GROUP, "wins", min_games=1)
    # One game each on the group's board (its winner on the wins board), none from the DM or the server.
    assert len(board) == 1 and board[0].user_id in {1, 2} and board[0].games == 1
    assert [(await store.results.player_stats(GROUP, user)).competitive.games for user in (1, 2)] == [1, 1]
    assert await store.results.leaderboard(0, "wins", min_games=1) == []  # no shared board of every DM
    assert [g.id for g in await store.games.recent_games(GROUP)] == [ids[0]]
    assert [g.id for g in await store.games.recent_games(99)] == [ids[2]]
    assert (await store.results.player_stats(GROUP + 1, 1)).competitive.games == 1


async def test_tokens_and_the_messages_they_can_edit(store: Store, clock: Clock) -> None:
    lobby = await store.games.create_lobby(0, GROUP, host_id=1, options={}, place="private")
    gid = lobby.id
    old = GameToken(gid, "old", 9, 1, clock.now - 1000)
    new = GameToken(gid, "new", 9, 2, clock.now)
    await store.handles.save_game_token(old, clicked=500)
    await store.handles.save_game_token(new, clicked=500)
    await store.handles.save_game_token(new, clicked=500)  # the same click twice: remembered once
    assert [t.token for t in await store.handles.live_game_tokens(gid, since=clock.now - 2000)] == ["new", "old"]
    assert [t.token for t in await store.handles.live_game_tokens(gid, since=clock.now - 10)] == ["new"]
    await store.handles.add_handle(MessageHandle(gid, 600, "new", "600", clock.now))
    handles = await store.handles.message_handles(gid, 500, since=clock.now - 2000)
    assert [(h.token, h.target, h.application_id) for h in handles] == [("new", "@original", 9),
                                                                        ("old", "@original", 9)]
    assert [h.target for h in await store.handles.message_handles(gid, 600, since=0)] == ["600"]
    # Follow-ups are counted before they are sent, never past the most asked for.
    assert [await store.handles.claim_followup(gid, "new", most=2) for _ in range(3)] == [True, True, False]
    assert (await store.handles.live_game_tokens(gid, since=clock.now - 10))[0].followups == 2
    assert not await store.handles.claim_followup(gid, "unknown", most=2)
    # Forgotten with the old panels.
    await store.panels.drop_panels(clock.now - 10)
    assert [t.token for t in await store.handles.live_game_tokens(gid, since=0)] == ["new"]
    assert await store.handles.message_handles(gid, 500, since=0) == [handles[0]]


async def test_a_panel_remembers_which_message_its_token_edits(store: Store, clock: Clock) -> None:
    lobby = await store.games.create_lobby(0, GROUP, host_id=1, options={}, place="private")
    await store.panels.save_panel(PanelToken(lobby.id, 1, 9, "tok", clock.now, 3, "en-US", "12345"))
    [panel] = await store.panels.fresh_panels(lobby.id, since=0)
    assert panel.message == "12345" and panel.version == 3
    assert [t.message for t in await store.panels.open_panel_tokens(lobby.id, since=0)] == ["12345"]
    await store.panels.save_panel(PanelToken(lobby.id, 1, 9, "tok2", clock.now, 4, "en-US"))
    assert (await store.panels.fresh_panels(lobby.id, since=0))[0].message == "@original"


async def test_a_held_timer_waits_and_comes_back_as_it_was(store: Store, clock: Clock) -> None:
    lobby = await store.games.create_lobby(0, GROUP, host_id=1, options={}, place="private")
    gid = lobby.id
    turn = await store.timers.set_timer(Timer(gid, TurnDeadline(3, clock.now - 5), clock.now - 5, seat=0))
    reminder = await store.timers.set_timer(Timer(gid, DeadlineReminder(3, clock.now - 5), clock.now - 30, seat=0))
    await hold(store, reminder, clock.now)
    await hold(store, turn, clock.now)
    assert await store.timers.due_timers(now=clock.now) == []  # nothing to serve until a click releases them
    held = await held_timers(store, gid)
    # The reminder of a decision that timed out meanwhile says nothing useful any more: forgotten.
    assert [(t.payload, t.deadline, t.held) for t in held] == [(TurnDeadline(3, clock.now - 5), clock.now - 5, None)]
    assert [t.kind for t in await store.timers.game_timers(gid)] == ["turn"]

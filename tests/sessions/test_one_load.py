"""A click is one load and at most one decode: each game's newest state is kept decoded (sessions/core.py,
``Decoded``), every commit hands its own game over, and nothing keeps a game that is not the store's."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from hardback_bot.engine import GameOptions
from hardback_bot.engine.randomplay import random_move
from hardback_bot.sessions import SessionError, Sessions
from hardback_bot.sessions.core import DECODED_DEPTH
from hardback_bot.sessions.screens.my_panel import hand_screen
from hardback_bot.sessions.screens.table import table_panel
from hardback_bot.store import open_store


@pytest.fixture
async def env(tmp_path: Path):
    store = await open_store(tmp_path / "s.db")
    sessions = Sessions(store, ai_delay=0)
    yield sessions, store
    await sessions.close()
    await store.close()


async def two_players(sessions: Sessions) -> int:
    record = await sessions.lobby.open(1, 10, 100, "Ada", GameOptions(adverts=False))
    await sessions.lobby.act(record.id, 200, "Bob", "join")
    await sessions.lobby.act(record.id, 100, "Ada", "start")
    return record.id


async def a_click(sessions: Sessions, game_id: int, rng: random.Random) -> None:
    """One player's click as the cog handles it: the move, then the panel from the game it made, and what the
    relay then reads to tell the channel (the table, the other player's panel)."""
    loaded = await sessions.load(game_id)
    seat, move = random_move(loaded.game, rng, off_turn_ink=0)
    user = loaded.record.seats[seat].user_id
    assert user is not None
    made = await sessions.play(game_id, user, move, loaded.record.version)
    await hand_screen(sessions, game_id, user, loaded=made)
    await table_panel(await sessions.load(game_id))
    other = loaded.record.seats[1 - seat].user_id
    assert other is not None
    await hand_screen(sessions, game_id, other)


async def test_clicks_decode_the_game_once_per_process_not_per_click(env) -> None:
    sessions, store = env
    game_id = await two_players(sessions)
    await sessions.load(game_id)
    assert sessions.decoded.count == 1  # the start stored the deal: read once
    rng = random.Random(3)
    for _ in range(25):
        if (await sessions.load(game_id)).game.finished:
            break
        await a_click(sessions, game_id, rng)
    assert sessions.decoded.count == 1
    stored = await store.games.get_game(game_id)
    assert (await sessions.load(game_id)).game.to_json() == stored.state  # what is kept is what is stored


async def test_a_commit_of_another_process_is_decoded_once_and_read_as_stored(env, tmp_path: Path) -> None:
    sessions, store = env
    game_id = await two_players(sessions)
    await sessions.load(game_id)
    other_store = await open_store(tmp_path / "s.db")  # a second bot process on the same database
    other = Sessions(other_store, ai_delay=0)
    try:
        loaded = await other.load(game_id)
        seat, move = random_move(loaded.game, random.Random(1), off_turn_ink=0)
        user = loaded.record.seats[seat].user_id
        assert user is not None
        await other.play(game_id, user, move, loaded.record.version)
    finally:
        await other.close()
        await other_store.close()
    before = sessions.decoded.count
    mine = await sessions.load(game_id)
    assert sessions.decoded.count == before + 1
    assert mine.game.to_json() == (await store.games.get_game(game_id)).state
    await sessions.load(game_id)
    assert sessions.decoded.count == before + 1


async def test_a_restored_state_at_a_version_seen_before_is_decoded_again(env) -> None:
    # A database restored from a backup can reach a version number again with another state: the kept game is
    # matched by its whole text, never by the version alone.
    sessions, _store = env
    game_id = await two_players(sessions)
    first = await sessions.load(game_id)
    loaded = await sessions.load(game_id)
    seat, move = random_move(loaded.game, random.Random(2), off_turn_ink=0)
    trial = loaded.game.clone()
    trial.apply(seat, move)
    restored = replace(first.record, state=trial.to_json())  # same id and version, another state
    count = sessions.decoded.count
    again = sessions.decoded.loaded(restored)
    assert sessions.decoded.count == count + 1
    assert again.game.to_json() == trial.to_json()


async def test_the_kept_game_is_never_changed_by_a_move_or_a_refusal(env) -> None:
    sessions, _store = env
    game_id = await two_players(sessions)
    loaded = await sessions.load(game_id)
    before = loaded.game.to_json()
    waiting = loaded.record.seats[1 - loaded.game.active_seat].user_id
    assert waiting is not None
    with pytest.raises(SessionError):
        await sessions.play(game_id, waiting, random_move(loaded.game, random.Random(4), off_turn_ink=0)[1],
                            loaded.record.version)
    seat, move = random_move(loaded.game, random.Random(4), off_turn_ink=0)
    user = loaded.record.seats[seat].user_id
    assert user is not None
    after = await sessions.play(game_id, user, move, loaded.record.version)
    assert loaded.game.to_json() == before  # the game read before the click is the game it was
    assert after.game is not loaded.game and after.record.version == loaded.record.version + 1


async def test_a_move_that_hands_penny_her_goal_asks_first_on_the_same_load(env) -> None:
    # R29.8: an ink that gives Penny Dreadful her goal through her signature ends a co-op game at once: the click
    # is asked to confirm, judged on the click's own load, and nothing is played until it does.
    from hardback_bot.engine import Move
    from hardback_bot.engine.scenario import build_game
    from hardback_bot.sessions import PennyWouldWin

    sessions, store = env
    record = await sessions.lobby.open(1, 10, 100, "Ada", GameOptions(coop=True, penny_genre="horror"))
    game = build_game({"players": 1, "options": {"coop": True, "penny_genre": "horror"},
                       "offer_row": [36, 17, 29, 58, 61, 126, 135],
                       "seats": [{"hand": [1141, 1145], "draw": [1148], "ink": 1}]})
    game.state.penny["score"] = game.goal - 1
    version = await store.games.start_game(
        record.id, record.version, seed=1, state=game.to_json())  # a deal set by hand
    count = sessions.decoded.count
    with pytest.raises(PennyWouldWin):
        await sessions.play(record.id, 100, Move("ink"), version, penny_asks=True)
    assert await store.games.get_moves(record.id) == [] and sessions.decoded.count == count + 1
    done = await sessions.play(record.id, 100, Move("ink"), version)  # "Do it anyway"
    assert done.game.finished and not done.game.results()[0]["won"]
    assert sessions.decoded.count == count + 1
    # The panel after a click that ended the game says what the click did above the results.
    panel = await hand_screen(sessions, record.id, 100, notice="You drew with ink.", loaded=done)
    assert panel.lines[0] == "*You drew with ink.*" and sessions.decoded.count == count + 1


async def test_an_older_state_read_late_is_still_kept_and_the_newest_stays_kept(env) -> None:
    # A form drawn from the record its panel came from, or a relay pass that read the store just before a commit,
    # reads an older state: the last few states are kept, so it gets that game without a decode; one older still
    # is decoded for its reader, and the next click still finds the newest one decoded.
    sessions, _store = env
    game_id = await two_players(sessions)
    old = await sessions.load(game_id)
    await a_click(sessions, game_id, random.Random(6))
    count = sessions.decoded.count
    late = sessions.decoded.loaded(old.record)
    assert late.game is old.game and sessions.decoded.count == count
    rng = random.Random(7)
    for _ in range(DECODED_DEPTH):
        await a_click(sessions, game_id, rng)
    assert sessions.decoded.count == count
    later = sessions.decoded.loaded(old.record)  # pushed out by the newer ones: decoded again, for this reader
    assert later.game.to_json() == old.record.state and sessions.decoded.count == count + 1
    newest = await sessions.load(game_id)
    assert newest.record.version > old.record.version + DECODED_DEPTH - 1 and sessions.decoded.count == count + 1

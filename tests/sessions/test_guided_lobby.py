"""Learn to play, in the sessions layer: the lobby becomes a guided first game against an easy computer
(whoever has joined plays, people first, hints on), stored with its options, and its end is practice."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardback_bot.engine import Game, GameOptions, Move, parse_move
from hardback_bot.engine.options import TUTORIAL_LENGTH
from hardback_bot.sessions import SessionError, Sessions
from hardback_bot.sessions.codec import LobbyClick, LobbyOp, parse
from hardback_bot.sessions.screens.table import lobby_panel
from hardback_bot.store import open_store
from hardback_bot.store.results import outcome_from_game
from hardback_bot.words import get_dictionary


class Quiet:
    async def changed(self, game_id: int) -> None:
        return None


@pytest.fixture
async def sessions(tmp_path: Path):
    store = await open_store(tmp_path / "s.db")
    s = Sessions(store, Quiet(), ai_delay=0)
    s.set_ai(lambda game, seat, strength: Move("skip"), lambda game, seat: False)  # the computer waits
    yield s
    await s.close()
    await store.close()


async def test_learn_to_play_turns_the_lobby_into_a_guided_game(sessions: Sessions) -> None:
    # A table with a longer game, votes and a hard computer already added: the guided game sets its own rules.
    record = await sessions.lobby.open(1, 10, 100, "Ada", GameOptions(length=90, vote="majority", turn_timer=600))
    await sessions.lobby.act(record.id, 200, "Bob", "join")
    await sessions.lobby.act(record.id, 100, "Ada", "computer", strength=3)
    assert LobbyClick(record.id, LobbyOp.LEARN).custom_id() in [b.custom_id for row in
                                                                lobby_panel(await sessions.record(record.id)).rows
                                                                if isinstance(row, list) for b in row]
    assert parse(f"hb:l:{record.id}:0:learn") == LobbyClick(record.id, LobbyOp.LEARN)
    with pytest.raises(SessionError, match="Only the host"):
        await sessions.lobby.act(record.id, 200, "Bob", "learn")
    started, said = await sessions.lobby.act(record.id, 100, "Ada", "learn")
    assert said.code == "guided_started" and started.status == "playing"
    # People first in the order they joined, then one easy computer (the hard one is not part of the lesson).
    assert [(s.display_name, s.user_id, s.ai_strength) for s in started.seats] == [
        ("Ada", 100, None), ("Bob", 200, None), ("Computer 1 (easy)", None, 1)]
    options = GameOptions.from_dict(dict(started.options))
    assert options.tutorial and options.hints and options.length == TUTORIAL_LENGTH
    assert (options.vote, options.turn_timer, options.dictionary, options.awards) == ("off", 0, "common", True)
    loaded = await sessions.load(record.id)
    assert loaded.game.options == options and loaded.game.active_seat == 0
    assert await sessions.store.timers.game_timers(record.id) == []  # no turn timer in a first game


async def test_a_guided_game_takes_four_people(sessions: Sessions) -> None:
    record = await sessions.lobby.open(1, 11, 100, "Ada", GameOptions())
    for user in range(201, 205):
        await sessions.lobby.act(record.id, user, f"P{user}", "join")
    with pytest.raises(SessionError, match="at most 4 players"):
        await sessions.lobby.act(record.id, 100, "Ada", "learn")
    assert (await sessions.record(record.id)).status == "lobby"  # nothing changed
    await sessions.lobby.act(record.id, 204, "P204", "leave")
    started, _ = await sessions.lobby.act(record.id, 100, "Ada", "learn")
    assert len(started.seats) == 5 and started.seats[-1].ai_strength == 1


def test_a_finished_guided_game_is_practice() -> None:
    from hardback_bot.sessions.new_table import guided_options

    options = guided_options(GameOptions())
    game = Game.new(2, 1, options, get_dictionary("common"))
    game.state.players[0].prestige = TUTORIAL_LENGTH
    game.apply(0, parse_move("spell 1141 1149 1145 1154 1156"))
    game.apply(0, parse_move("pass"))
    game.apply(0, parse_move("end"))
    game.apply(1, parse_move("skip"))  # the round ends with the goal reached (R22.2)
    assert game.finished
    assert outcome_from_game(game).practice and outcome_from_game(game).result_mode == "practice"
    standard = Game.new(2, 1, GameOptions(length=40), get_dictionary("common"))
    standard.state.players[0].prestige = 40
    standard.apply(0, parse_move("skip"))
    standard.apply(1, parse_move("skip"))
    assert standard.finished and not outcome_from_game(standard).practice


async def test_a_rematch_of_a_guided_game_is_a_real_one(sessions: Sessions) -> None:
    record = await sessions.lobby.open(1, 12, 100, "Ada", GameOptions())
    await sessions.lobby.act(record.id, 100, "Ada", "learn")
    await sessions.end_game(record.id, 100, can_manage=False)  # ended early: no rematch yet
    with pytest.raises(SessionError):
        await sessions.lobby.rematch(record.id, 100)
    lobby = await sessions.lobby.open(1, 13, 100, "Ada", GameOptions())
    await sessions.lobby.act(lobby.id, 100, "Ada", "learn")
    await sessions.store.games.commit_move(lobby.id, (await sessions.record(lobby.id)).version, 0, "skip", "{}",
                                           finished=True)  # the store's record of a finished game is enough here
    again = await sessions.lobby.rematch(lobby.id, 100)
    options = GameOptions.from_dict(dict(again.options))
    assert not options.tutorial and options.length == GameOptions().length and options.hints
    assert [s.display_name for s in again.seats] == ["Ada", "Computer 1 (easy)"]


async def test_the_guided_deal_comes_with_learn_to_play_only(sessions: Sessions) -> None:
    """A configured default (or anything else) asking for the guided deal opens an ordinary table."""
    options = await sessions.lobby.check_new_table(14, {"deal": "tutorial", "length": 60})
    assert not options.tutorial and options.length == 60

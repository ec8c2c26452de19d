"""The turn-by-turn walk of an ended game (sessions/turn_history.py) and the replay ids (sessions/codec_pages.py)."""

from __future__ import annotations

import random

import pytest

from hardback_bot.engine import Game, GameOptions
from hardback_bot.engine.randomplay import random_move
from hardback_bot.engine.views import public_view
from hardback_bot.sessions.codec import ForgedId, ReplayClick, ReplayOp, parse
from hardback_bot.sessions.turn_history import ReplayError, walk_turns


def _random_game(players: int, seed: int) -> Game:
    game = Game.new(players, seed, GameOptions(length=40))
    rng = random.Random(seed)
    while not game.finished:
        game.apply(*random_move(game, rng))
    return game


def test_every_turn_once_in_play_order_with_its_summary() -> None:
    game = _random_game(3, 8)
    walk = walk_turns(3, 8, GameOptions(length=40), game.move_log)
    assert [t.number for t in walk.turns] == list(range(1, len(walk.turns) + 1))
    assert [t.seat for t in walk.turns] == [n % 3 for n in range(len(walk.turns))]  # R4.1: seats in turn
    assert all(a.round <= b.round for a, b in zip(walk.turns, walk.turns[1:], strict=False))
    assert walk.turns[0].round == 1 and walk.turns[-1].moves == len(game.move_log)
    assert walk.final == public_view(game)
    words = [t.word for t in walk.turns if t.word]
    assert len(words) == game.state.table_stats.words  # R34: every accepted word, once


@pytest.mark.parametrize("stop", [0, 1, 7])
def test_the_view_after_a_turn_is_the_game_replayed_to_that_point(stop: int) -> None:
    game = _random_game(2, 3)
    walk = walk_turns(2, 3, GameOptions(length=40).to_dict(), game.move_log, stop=stop)
    upto = 0 if stop == 0 else walk.turns[stop - 1].moves
    assert walk.view == public_view(Game.replay(2, 3, GameOptions(length=40), game.move_log[:upto]))


def test_past_the_end_is_the_end() -> None:
    game = _random_game(2, 5)
    walk = walk_turns(2, 5, GameOptions(length=40), game.move_log, stop=10_000)
    assert walk.view == walk.final and walk.final["finished"]


def test_a_log_that_does_not_replay_says_so() -> None:
    game = _random_game(2, 6)
    with pytest.raises(ReplayError, match="does not replay"):
        walk_turns(2, 7, GameOptions(length=40), game.move_log)  # another seed: other cards


def test_replay_ids_round_trip_and_refuse_the_rest() -> None:
    for op, public in ((ReplayOp.FIRST, False), (ReplayOp.JUMP, True)):
        click = ReplayClick(12, 34, op, public)
        assert parse(click.custom_id()) == click
        # Replays posted by older versions carry "hbr:" ids: they read as the same clicks.
        assert parse(f"hbr:{op.value}:12:34:{'p' if public else 'e'}") == click
    for bad in ("hbr:x:1:2:e", "hbr:n:1:2", "hb:n:1:2:e", "hbr:n:a:2:e", "hbr:n:1:2:e:extra", "hbr:n:0:2:e",
                "hb:v:0:2:ne", "hb:v:1:2:n", "hb:v:1:2:xe", "hb:v:1:100000:ne"):
        with pytest.raises(ForgedId):
            parse(bad)

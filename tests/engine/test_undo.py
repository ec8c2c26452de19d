"""Undo (engine/undo.py): the active player takes back a choice of the turn that revealed nothing, and the
game is exactly as it was before that choice (R12.1-R12.2, R14, R15, R16.2, and declining optional steps).
A replay of a log with ``undo`` in it gives the same game; nothing that drew or revealed a card can be
undone, nor a choice once another player moved."""

from __future__ import annotations

import random

import pytest

from hardback_bot.engine import Game, GameOptions, IllegalMove, parse_move
from hardback_bot.engine.randomplay import random_move
from hardback_bot.engine.undo import UNDOABLE


def states_along(game: Game, rng: random.Random, moves: int) -> list[str]:
    seen = [game.to_json()]
    for _ in range(moves):
        if game.finished:
            break
        game.apply(*random_move(game, rng, off_turn_ink=0))
        seen.append(game.to_json())
    return seen


def test_undo_gives_back_the_game_before_the_choice() -> None:
    undone = 0
    for seed in range(12):
        undone += _undo_along_a_game(seed)
    assert undone >= 20, "random games reach undoable choices"


def _undo_along_a_game(seed: int) -> int:
    options = GameOptions(coop=seed % 3 == 0, adverts=seed % 2 == 0)
    game = Game.new(1 if options.coop else 2, seed, options)
    rng = random.Random(seed)
    before: Game | None = None
    undone = 0
    while not game.finished and len(game.move_log) < 400:
        seat = game.active_seat
        if game.can_undo(seat):
            trial = Game.from_json(game.to_json())
            trial.apply(seat, parse_move("undo"))
            assert before is not None and trial.to_dict()["state"] == before.to_dict()["state"]
            # The log keeps both: a replay of it is the same game.
            again = Game.replay(trial.num_players, trial.state.seed, trial.options, trial.move_log)
            assert again.to_json() == trial.to_json()
            undone += 1
        before = game.clone()  # what its stored form gives back (tests/engine/test_copies.py), without writing it
        game.apply(*random_move(game, rng, off_turn_ink=0))
    return undone


def test_what_cannot_be_undone() -> None:
    game = Game.new(2, 4, GameOptions(adverts=False))
    rng = random.Random(4)
    refused = set()
    for _ in range(300):
        if game.finished:
            break
        seat, move = random_move(game, rng, off_turn_ink=0)
        game.apply(seat, move)
        kind = move.kind
        if game.finished or kind in UNDOABLE or game.can_undo(game.active_seat):
            continue
        with pytest.raises(IllegalMove) as info:
            Game.from_json(game.to_json()).apply(game.active_seat, parse_move("undo"))
        assert info.value.code == "nothing_to_undo"
        refused.add(kind)
    assert {"spell", "buy"} & refused, refused


def test_another_players_move_ends_the_chance_to_undo() -> None:
    checked = 0
    for seed in range(20):
        game = Game.new(2, seed, GameOptions(adverts=False))
        rng = random.Random(seed)
        while not game.finished and len(game.move_log) < 400:
            seat = game.active_seat
            other = 1 - seat
            if game.can_undo(seat) and any(m.kind == "ink" for m in game.legal_moves(other)):
                trial = Game.from_json(game.to_json())
                trial.apply(other, parse_move("ink"))  # R6.1: the waiting player draws with ink meanwhile
                assert not trial.can_undo(seat)
                checked += 1
            game.apply(*random_move(game, rng, off_turn_ink=0.3))
    assert checked > 0, "some game had an undoable choice while the other player held ink"

"""Game.from_dict(game.to_dict()) and Game.clone() are independent copies: trying moves on one (previews, computer
players, the panels' "skip the rest and buy") never changes the game it was made from, and a clone is the very game
its stored form gives back. Found when Penny Dreadful's
list of claims (R29.4) and a turn's vote and ghostwriter bookkeeping (R27, R30) were shared by both."""

from __future__ import annotations

import random

from hardback_bot.engine import Game, GameOptions
from hardback_bot.engine.randomplay import random_move


def test_moves_tried_on_a_copy_leave_the_original_alone() -> None:
    for seed, options in ((3, GameOptions(coop=True, penny_genre="horror")),
                          (5, GameOptions(vote="majority", ghostwriter=True)),
                          (8, GameOptions(unique_words="game"))):
        players = 1 if options.coop else 3
        game = Game.new(players, seed, options)
        rng = random.Random(seed)
        while not game.finished:
            before = game.to_json()
            clone = game.clone()
            assert clone.to_json() == before and clone.state == Game.from_json(before).state
            for trial in (Game.from_dict(game.to_dict(), checker=game.checker), clone):
                tries = random.Random(rng.random())
                for _ in range(6):
                    if trial.finished:
                        break
                    trial.apply(*random_move(trial, tries))
                assert game.to_json() == before, "a move on the copy changed the original"
            game.apply(*random_move(game, rng))

"""Computer players never use hidden information (R28): reshuffling what they cannot see changes nothing."""

from __future__ import annotations

import random

import pytest
from ai_helpers import new_game, next_actor
from ai_helpers import scramble as _scramble

from hardback_bot.ai import STRENGTHS, choose_move


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22)])  # one table per case: they run side by side
def test_same_decision_whatever_the_hidden_cards(players: int, seed: int) -> None:
    rng = random.Random(8 + players)
    checked = 0
    game = new_game(players, seed)
    strengths = [3, 2, 1][:players]
    for step in range(35):
        if game.finished:
            break
        seat = next_actor(game)
        for strength in STRENGTHS:  # the expert (4) samples its games from the view alone
            if strength == 4 and step % 3:
                continue  # the expert's searches are dearer: every third position
            move = choose_move(game, seat, strength)
            other = _scramble(game, seat, rng)
            assert choose_move(other, seat, strength) == move, (strength, game.phase)
            checked += 1
        game.apply(seat, choose_move(game, seat, strengths[seat]))
    assert checked > 100


def test_ink_decision_uses_pile_contents_not_order() -> None:
    # A hard player with ink decides from what its draw pile holds (R28.3), never from its order.
    game = new_game(2, 31)
    game.player(0).ink = 3
    rng = random.Random(2)
    first = choose_move(game, 0, 3)
    for _ in range(5):
        assert choose_move(_scramble(game, 0, rng), 0, 3) == first

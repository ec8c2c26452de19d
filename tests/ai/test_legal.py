"""Computer players only ever send legal moves, at every kind of table."""

from __future__ import annotations

import pytest
from ai_helpers import new_game, play

from hardback_bot.ai import STRENGTHS, choose_move, wants_to_act
from hardback_bot.engine import Game

TABLES = (
    [pytest.param(n, {}, id=f"competitive-{n}") for n in range(2, 6)]
    + [pytest.param(n, {"coop": True, "penny_genre": g}, id=f"coop-{n}-{g}")
       for n in range(1, 5) for g in ("adventure", "horror", "mystery", "romance")]
    + [pytest.param(3, {"dictionary": "none", "vote": "majority"}, id="votes-none-majority"),
       pytest.param(2, {"dictionary": "none", "vote": "unanimous", "unique_words": "game"}, id="votes-none-unique"),
       pytest.param(3, {"unique_words": "player", "open_hands": True, "length": 40}, id="unique-open"),
       pytest.param(2, {"awards": False, "adverts": False, "cycling": False}, id="no-awards-adverts")]
)


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_only_legal_moves(players: int, options: dict) -> None:
    # Mixed strengths, a few dozen moves each: every decision must be one the engine accepts.
    game = new_game(players, 7 + players, **options)
    strengths = [1 + (seat + players) % 3 for seat in range(players)]
    play(game, strengths, max_moves=40)


@pytest.mark.parametrize(("players", "options"), TABLES)
@pytest.mark.usefixtures("small_expert_budget")
def test_only_legal_moves_expert(players: int, options: dict) -> None:
    # The expert in the last seat among the other strengths: its searches start from every kind of table
    # (votes, unique words, open hands, co-op with each of Penny's signatures, R27-R29).
    game = new_game(players, 17 + players, **options)
    strengths = [1 + (seat + players) % 3 for seat in range(players - 1)] + [4]
    play(game, strengths, max_moves=30 + 10 * players)


@pytest.mark.parametrize("strength", sorted(STRENGTHS))
def test_full_game_each_strength(strength: int) -> None:
    # The expert plays a whole game against the hard player (two experts would take twice as long).
    game = play(new_game(2, 40 + strength, length=40), [strength, min(strength, 3)])
    assert game.finished


def test_strength_names() -> None:
    assert STRENGTHS == {1: "easy", 2: "normal", 3: "hard", 4: "expert"}


def test_deterministic() -> None:
    game = new_game(3, 5)
    play(game, [3, 2, 1], max_moves=25)
    copy = Game.from_json(game.to_json(), checker=game.checker)
    for strength in STRENGTHS:
        assert choose_move(game, game.active_seat, strength) == choose_move(copy, copy.active_seat, strength)


def test_wants_to_act_only_the_active_seat() -> None:
    game = new_game(3, 11)
    assert [wants_to_act(game, s) for s in range(3)] == [True, False, False]
    with pytest.raises(ValueError):
        choose_move(game, 1, 2)
    with pytest.raises(ValueError):
        choose_move(game, 0, 5)

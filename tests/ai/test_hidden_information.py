"""Computer players never use hidden information (R28): reshuffling what they cannot see changes nothing."""

from __future__ import annotations

import random

from ai_helpers import new_game, next_actor

from hardback_bot.ai import STRENGTHS, choose_move
from hardback_bot.engine import Game


def _scramble(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy where everything ``seat`` may not see is rearranged: every draw pile's order, the offer deck's
    order and, with closed hands, which of a rival's own cards are in hand and which in the draw pile."""
    copy = Game.from_json(game.to_json(), checker=game.checker)
    for p in copy.state.players:
        rng.shuffle(p.draw)
        if p.seat != seat and not copy.options.hands_open and not copy.state.turn.extra.get("ghost"):
            hidden = [c for c in p.hand if c not in p.inked] + p.draw  # inked cards are public (R6.10)
            rng.shuffle(hidden)
            keep = len(p.hand) - len(p.inked)
            p.hand = [c for c in p.hand if c in p.inked] + hidden[:keep]
            p.draw = hidden[keep:]
    rng.shuffle(copy.state.offer_deck)
    return copy


def test_same_decision_whatever_the_hidden_cards() -> None:
    rng = random.Random(8)
    checked = 0
    for players, seed in ((2, 21), (3, 22)):
        game = new_game(players, seed)
        strengths = [3, 2, 1][:players]
        for _ in range(35):
            if game.finished:
                break
            seat = next_actor(game)
            for strength in STRENGTHS:
                move = choose_move(game, seat, strength)
                other = _scramble(game, seat, rng)
                assert choose_move(other, seat, strength) == move, (strength, game.phase)
                checked += 1
            game.apply(seat, choose_move(game, seat, strengths[seat]))
    assert checked > 150


def test_ink_decision_uses_pile_contents_not_order() -> None:
    # A hard player with ink decides from what its draw pile holds (R28.3), never from its order.
    game = new_game(2, 31)
    game.player(0).ink = 3
    rng = random.Random(2)
    first = choose_move(game, 0, 3)
    for _ in range(5):
        assert choose_move(_scramble(game, 0, rng), 0, 3) == first

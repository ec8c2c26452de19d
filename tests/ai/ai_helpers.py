"""Helpers for the computer-player tests: let computer players play a game."""

from __future__ import annotations

import random

from hardback_bot.ai import choose_move, wants_to_act
from hardback_bot.engine import Game, GameOptions
from hardback_bot.words import get_dictionary


def next_actor(game: Game) -> int:
    """Who moves now: an open vote's voters first, else the active player."""
    if game.phase == "vote":
        for seat in range(game.num_players):
            if wants_to_act(game, seat) and seat != game.active_seat:
                return seat
    return game.active_seat


def play(game: Game, strengths: list[int], max_moves: int = 10_000, check: bool = True) -> Game:
    """Let computer players play ``game``; every move must be accepted by the engine."""
    for _ in range(max_moves):
        if game.finished:
            break
        seat = next_actor(game)
        assert wants_to_act(game, seat)
        move = choose_move(game, seat, strengths[seat])
        game.apply(seat, move)  # raises IllegalMove if the computer player cheated
    return game


def new_game(players: int, seed: int, **options: object) -> Game:
    opts = GameOptions(**options)  # type: ignore[arg-type]
    name = opts.dictionary
    return Game.new(players, seed, opts, checker=get_dictionary(name))


def scramble(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy where everything ``seat`` may not see is rearranged: every draw pile's order, the offer deck's
    order and, with closed hands, which of a rival's own cards are in hand and which in the draw pile."""
    copy = Game.from_json(game.to_json(), checker=game.checker)
    for p in copy.state.players:
        rng.shuffle(p.draw)
        if p.seat != seat and not copy.options.hands_open and copy.state.turn.extra.ghost is None:
            hidden = [c for c in p.hand if c not in p.inked] + p.draw  # inked cards are public (R6.10)
            rng.shuffle(hidden)
            keep = len(p.hand) - len(p.inked)
            p.hand = [c for c in p.hand if c in p.inked] + hidden[:keep]
            p.draw = hidden[keep:]
    rng.shuffle(copy.state.offer_deck)
    return copy

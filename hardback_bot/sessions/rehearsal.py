"""What a search worker (``searching.py``) does once before its first job: one small word preview and one
computer move, so the card data, the solver's index and the caches behind them are loaded before a
player's click needs them."""

from __future__ import annotations

import contextlib

from hardback_bot.ai import choose_move
from hardback_bot.engine import Game, GameOptions
from hardback_bot.engine.cards import card
from hardback_bot.words import get_dictionary

from .spelling import arrangements_here


def rehearse(dictionary: str) -> None:
    """A preview of the first letters of a new game's first hand, then a normal computer's move there."""
    game = Game.new(2, 1, GameOptions(), checker=get_dictionary(dictionary))
    seat = game.active_seat
    letters = "".join(card(c).letter for c in game.player(seat).hand)
    with contextlib.suppress(Exception):
        arrangements_here(game, seat, letters[:3])
    choose_move(game, seat, 2)

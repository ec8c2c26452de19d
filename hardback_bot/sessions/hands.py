"""A player's private panel of a game, built from the store alone.

The same function answers a click and redraws a panel the bot keeps current (cogs/relay.py), so what a
player sees after any move — theirs or anybody's — is what a fresh "Open my hand" would show.
"""

from __future__ import annotations

import asyncio

from hardback_bot.engine import Game
from hardback_bot.engine.views import player_view

from .images import hand_picture, offer_picture
from .manager import Loaded, SessionError, Sessions
from .panels import Panel, hand_panel
from .spelling import best_word, hints_allowed
from .tables import results_lines


def _copy(game: Game) -> Game:
    return Game.from_dict(game.to_dict(), checker=game.checker)  # a worker thread gets its own game


async def hand_screen(sessions: Sessions, game_id: int, user_id: int, *, notice: str | None = None) -> Panel:
    loaded = await sessions.load(game_id)
    seat = loaded.seat_of(user_id)
    if seat is None:
        raise SessionError("You are not playing in this game; the table message shows everything public.")
    if loaded.record.status != "playing" or loaded.game.finished:
        return over_screen(loaded)
    game = loaded.game
    view = player_view(game, seat)
    best = None
    if game.active_seat == seat and game.phase == "spell" and hints_allowed(game):
        best = await asyncio.to_thread(best_word, _copy(game), seat)
    # The panel tries purchases on copies of the game (what each one leaves): a worker thread's job.
    panel = await asyncio.to_thread(hand_panel, loaded, seat, view, best=best)
    if notice:
        panel.lines.insert(0, f"*{notice}*")
    if game.active_seat == seat and game.phase in ("jail", "flush", "buy"):
        # Choosing a card of the offer row: show the row (cards the player cannot afford are dimmed).
        coins = game.state.turn.coins if game.phase in ("flush", "buy") else None
        panel.picture = await offer_picture(view, coins)
    else:
        panel.picture = await hand_picture(view, seat, loaded.names[seat])
    return panel


def over_screen(loaded: Loaded) -> Panel:
    """What every old panel of a finished or ended game says: no game action, the results instead."""
    if loaded.record.status == "abandoned":
        panel = Panel(title="This game was ended", lines=["It was ended before its finish and stays in the history, "
                                                           "unrated. The channel is free for a new game."])
    else:
        panel = Panel(title="This game is over", lines=results_lines(loaded))
    return panel

"""A player's private panel of a game, built from the store alone.

The same function answers a click and redraws a panel the bot keeps current (cogs/relay.py), so what a
player sees after any move — theirs or anybody's — is what a fresh "Open my hand" would show.
"""

from __future__ import annotations

import asyncio

from hardback_bot.engine import Game
from hardback_bot.engine.views import player_view, public_view

from .announcements import dictionary_language
from .codec import Action
from .describe import cards_text, note_line
from .images import hand_picture, offer_picture
from .manager import Loaded, SessionError, Sessions
from .panels import Button, Panel, hand_panel
from .spelling import best_word, hints_allowed
from .tables import results_lines, table_panel


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
    if game.active_seat != seat or game.phase in ("spell", "vote"):
        lines = await catch_up(sessions, loaded, seat)
        if lines:
            panel.lines[2:2] = lines  # after the hand and the counts, before the turn's prompt
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


CATCH_UP_LINES = 6
CAUGHT = ("turn", "penny", "vote_result", "ghost_paid", "afk", "left", "final_round")


async def catch_up(sessions: Sessions, loaded: Loaded, seat: int) -> list[str]:
    """What happened since ``seat``'s last turn (words, earnings, purchases, classics, jail and flushes),
    briefly: read back from the announcements the outbox holds, so it matches what the channel said."""
    rows = await sessions.store.game_deliveries(loaded.record.id)
    notes = [n for r in rows if r.kind == "announce" for n in r.payload.get("notes", [])]
    own = [i for i, n in enumerate(notes) if n["t"] == "turn" and n.get("seat") == seat]
    since = [n for n in notes[own[-1] + 1:] if n["t"] in CAUGHT] if own else \
        [n for n in notes if n["t"] in CAUGHT]
    language = dictionary_language(loaded.game.options.dictionary)
    lines = [line for n in since if (line := note_line(n, loaded.names, language))]
    if not lines:
        return []
    shown = lines[-CATCH_UP_LINES:]
    head = "**Since your last turn:**" if own else "**So far:**"
    more = [f"… and {len(lines) - len(shown)} earlier"] if len(lines) > len(shown) else []
    return [head, *more, *(f"· {line}" for line in shown)]


async def spectator_screen(sessions: Sessions, game_id: int, *, notice: str | None = None,
                           seated: bool = False) -> Panel:
    """The game as anyone who is not seated may follow it (PRODUCT.md, around the turn): the public state,
    every hand when the table plays with open hands (R28.2), the current word once spelled."""
    loaded = await sessions.load(game_id)
    table = await table_panel(loaded)
    game = loaded.game
    view = public_view(game)
    panel = Panel(title=table.title.replace("Hardback", "Watching Hardback", 1), lines=list(table.lines),
                  picture=table.picture, version=loaded.record.version)
    if not seated:
        panel.lines.insert(0, "*You are not playing in this game: here it is as a spectator sees it.*")
    if notice:
        panel.lines.insert(0, f"*{notice}*")
    if not game.finished and loaded.record.status == "playing":
        letters = view["turn"].get("letters")
        if letters and game.phase != "spell":
            panel.lines.append(f"Word: **{letters}**")
        for p in view["players"]:
            if p.get("hand") is not None and game.options.hands_open:
                panel.lines.append(f"{loaded.names[p['seat']]}'s hand: {cards_text(p['hand'])}")
        panel.add_buttons([Button("Refresh", Action("h", game_id, 0, "w").custom_id())])
    return panel

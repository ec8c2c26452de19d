"""A player's private panel of a game, built from the store alone.

The same function answers a click and redraws a panel the bot keeps current (cogs/relay.py), so what a
player sees after any move — theirs or anybody's — is what a fresh "Open my hand" would show.
"""

from __future__ import annotations

import asyncio
import logging

from hardback_bot.engine import Game, IllegalMove
from hardback_bot.engine.views import player_view, public_view
from hardback_bot.i18n import Translator

from ..codec import HandView, OpenHand
from ..describe import ENGLISH, cards_text, note_line
from ..loaded import Loaded
from ..manager import Sessions
from ..messages import SessionError
from ..searching import off_loop_async
from ..spelling import best_word, hints_allowed
from ..tutor import guided_job
from .announcements import dictionary_language
from .deck import deck_screen
from .hand import hand_panel
from .panel import Button, Panel, rules_button
from .pictures import hand_picture, offer_picture
from .table import results_lines, table_panel

log = logging.getLogger(__name__)


def _copy(game: Game) -> Game:
    return game.clone()  # a worker thread gets its own game


async def hand_screen(sessions: Sessions, game_id: int, user_id: int, *, notice: str | None = None,
                      t: Translator = ENGLISH, shown: HandView = HandView.HAND) -> Panel:
    """The private panel of ``user_id`` in ``t``'s language (theirs: the clicking client's, or the one stored
    with the panel the bot keeps current); ``shown``: the view of the hand asked for (screens/hand.py)."""
    loaded = await sessions.load(game_id)
    seat = loaded.seat_of(user_id)
    if seat is None:
        raise SessionError("not_playing_watch")
    if loaded.record.status != "playing" or loaded.game.finished:
        panel = over_screen(loaded, t)
        if loaded.game.options.tutorial and loaded.record.status == "finished":
            panel.lines[0:0] = await guided(sessions, loaded, seat, t)  # why the last click paid what it did
        return panel
    game = loaded.game
    view = player_view(game, seat)
    best = None
    if game.active_seat == seat and game.phase == "spell" and hints_allowed(game, loaded.record.kind):
        best = await asyncio.to_thread(best_word, _copy(game), seat)
    # The panel tries purchases on copies of the game (what each one leaves): a worker thread's job.
    panel = await asyncio.to_thread(hand_panel, loaded, seat, view, best=best, t=t, shown=shown)
    if notice:
        panel.lines.insert(0, f"*{notice}*")
    if game.active_seat != seat or game.phase in ("spell", "vote"):
        lines = await catch_up(sessions, loaded, seat, t)
        if lines:
            panel.lines[2:2] = lines  # after the hand and the counts, before the turn's prompt
    if game.options.tutorial:
        at = 1 if notice else 0
        panel.lines[at:at] = await guided(sessions, loaded, seat, t)
    if game.active_seat == seat and game.phase in ("jail", "flush", "buy"):
        # Choosing a card of the offer row: show the row (cards the player cannot afford are dimmed).
        coins = game.state.turn.coins if game.phase in ("flush", "buy") else None
        panel.picture = await offer_picture(view, coins, language=t.language)
    else:
        panel.picture = await hand_picture(view, seat, loaded.names_in(t)[seat], language=t.language)
    return panel


async def guided(sessions: Sessions, loaded: Loaded, seat: int, t: Translator = ENGLISH) -> list[str]:
    """A guided game's lines for ``seat``: why its last click paid what it did, and what to try next
    (sessions/tutor.py; the log is walked again in a search worker)."""
    record = loaded.record
    moves = await sessions.store.get_moves(record.id)
    game = loaded.game
    try:
        return await off_loop_async(guided_job, game.num_players, record.seed or 0, game.options.to_dict(), moves,
                                    seat, t.language)
    except (IllegalMove, ValueError, TimeoutError) as error:  # a log that no longer replays, a busy machine:
        log.warning("guided lines of game %s: %s", record.id, error)  # the panel shows the game anyway
        return []


def over_screen(loaded: Loaded, t: Translator = ENGLISH) -> Panel:
    """What every old panel of a finished or ended game says: no game action, the results instead."""
    if loaded.record.status == "abandoned":
        panel = Panel(title=t.gettext("This game was ended"), lines=[t.gettext(
            "It was ended before its finish and stays in the history, unrated. The channel is free for a new game.")])
    else:
        panel = Panel(title=t.gettext("This game is over"), lines=results_lines(loaded, t))
        if loaded.game.options.tutorial:
            panel.lines.append(t.gettext("That was your guided first game: it stays in your history, unrated. "
                                         "Open a table with /hardback start for a real one."))
    return panel


async def deck_view(sessions: Sessions, game_id: int, user_id: int, *, t: Translator = ENGLISH) -> Panel:
    """``user_id``'s own deck screen (their piles, every player's genre mix).  Shown in place of their hand
    panel, so the bot turns it back into the hand when the game moves on, as it keeps any panel current."""
    loaded = await sessions.load(game_id)
    seat = loaded.seat_of(user_id)
    if seat is None:
        raise SessionError("not_playing")
    if loaded.record.status != "playing" or loaded.game.finished:
        return over_screen(loaded, t)
    panel = await deck_screen(loaded.game, seat, loaded.names_in(t), language=t.language, game_id=game_id)
    panel.version = loaded.record.version
    return panel


CATCH_UP_LINES = 6
CAUGHT = ("turn", "penny", "vote_result", "ghost_paid", "afk", "left", "final_round")


async def catch_up(sessions: Sessions, loaded: Loaded, seat: int, t: Translator = ENGLISH) -> list[str]:
    """What happened since ``seat``'s last turn (words, earnings, purchases, classics, jail and flushes),
    briefly: read back from the announcements the outbox holds, so it matches what the channel said (in the
    reader's language: the notes are data)."""
    rows = await sessions.store.game_deliveries(loaded.record.id)
    notes = [n for r in rows if r.kind == "announce" for n in r.payload.get("notes", [])]
    own = [i for i, n in enumerate(notes) if n["t"] == "turn" and n.get("seat") == seat]
    since = [n for n in notes[own[-1] + 1:] if n["t"] in CAUGHT] if own else \
        [n for n in notes if n["t"] in CAUGHT]
    language = dictionary_language(loaded.game.options.dictionary)
    names = loaded.names_in(t)
    lines = [line for n in since if (line := note_line(n, names, language, t))]
    if not lines:
        return []
    shown = lines[-CATCH_UP_LINES:]
    head = t.gettext("**Since your last turn:**") if own else t.gettext("**So far:**")
    more = [t.gettext("… and {n} earlier", n=len(lines) - len(shown))] if len(lines) > len(shown) else []
    return [head, *more, *(f"· {line}" for line in shown)]


async def spectator_screen(sessions: Sessions, game_id: int, *, notice: str | None = None,
                           seated: bool = False, t: Translator = ENGLISH) -> Panel:
    """The game as anyone who is not seated may follow it (PRODUCT.md, around the turn): the public state,
    every hand when the table plays with open hands (R28.2), the current word once spelled."""
    loaded = await sessions.load(game_id)
    table = await table_panel(loaded, t)
    game = loaded.game
    view = public_view(game)
    names = loaded.names_in(t)
    round_title = (t.gettext("Watching Hardback — round {n} (final)", n=game.state.round)
                   if game.finished or loaded.record.status == "abandoned"
                   else t.gettext("Watching Hardback — round {n}", n=game.state.round))
    panel = Panel(title=round_title, lines=list(table.lines), picture=table.picture, version=loaded.record.version)
    if not seated:
        panel.lines.insert(0, t.gettext("*You are not playing in this game: here it is as a spectator sees it.*"))
    if notice:
        panel.lines.insert(0, f"*{notice}*")
    if not game.finished and loaded.record.status == "playing":
        letters = view["turn"].get("letters")
        if letters and game.phase != "spell":
            panel.lines.append(t.gettext("Word: **{letters}**", letters=letters))
        for p in view["players"]:
            if p.get("hand") is not None and game.options.hands_open:
                panel.lines.append(t.gettext("{name}'s hand: {cards}", name=names[p["seat"]],
                                             cards=cards_text(p["hand"])))
        panel.add_buttons([Button(t.gettext("Refresh"), OpenHand(game_id, HandView.WATCH).custom_id()),
                           rules_button(game_id, "turn", t)])
    return panel

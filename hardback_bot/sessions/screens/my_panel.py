"""A person's own panel of a game (their hand, their deck, a watcher's view, game over), built from the store alone.

The same function answers a click and redraws a panel the bot keeps current (cogs/private_panels.py), so what a
player sees after any move — theirs or anybody's — is what a fresh "Open my hand" would show.
"""

from __future__ import annotations

import asyncio
import logging

from hardback_bot.engine import Game, IllegalMove, Move
from hardback_bot.engine.views import player_view, public_view
from hardback_bot.i18n import Translator
from hardback_bot.store import AnnounceNotes

from ..agreements import hints_request
from ..coach_advice import Coaching
from ..coaching import coach, is_coached
from ..codec import AnswerHints, HandView, OpenHand
from ..loaded import Loaded
from ..manager import Sessions
from ..messages import SessionError
from ..notes import (
    FinalRoundCalled,
    GhostPaid,
    PennyPlayed,
    SeatAway,
    SeatBack,
    SeatLeft,
    SeatTaken,
    TurnPlayed,
    VoteSettled,
    notes_of,
)
from ..phrases import ENGLISH, card_name, note_line, separator
from ..preview import WordOutcome, simulate_word
from ..spelling import best_word, hints_allowed
from ..vacation import away_now
from .announcements import dictionary_language
from .deck import deck_screen
from .hand import hand_panel
from .panel import Button, Panel, rules_button
from .pictures import hand_picture, offer_picture
from .seats import seat_controls
from .table import results_lines, table_panel
from .text_mode import hand_in_words, in_words, offer_block, row_choice, text_mode_of

log = logging.getLogger(__name__)


def _copy(game: Game) -> Game:
    return game.clone()  # a worker thread gets its own game


async def hand_screen(sessions: Sessions, game_id: int, user_id: int, *, notice: str | None = None,
                      t: Translator = ENGLISH, shown: HandView = HandView.HAND, loaded: Loaded | None = None) -> Panel:
    """The private panel of ``user_id`` in ``t``'s language (theirs: the clicking client's, or the one stored
    with the panel the bot keeps current); ``shown``: the view of the hand asked for (screens/hand.py). A seat a
    computer took for the player's timeouts shows *Take my seat back* first (screens/seats.py). ``loaded``: the
    game as the click that asks for the panel just committed it (no second read)."""
    if loaded is None:
        loaded = await sessions.load(game_id)
    panel = await _hand(sessions, loaded, user_id, notice=notice, t=t, shown=shown)
    return seat_controls(panel, loaded.record, user_id, t)


async def _hand(sessions: Sessions, loaded: Loaded, user_id: int, *, notice: str | None, t: Translator,
                shown: HandView) -> Panel:
    seat = loaded.seat_of(user_id)
    if seat is None:
        raise SessionError("not_playing_watch")
    # One read of the player's own choices per panel: the coach's and text mode's.
    settings = (await sessions.store.players.player_settings([user_id]))[user_id]
    coached = await is_coached(sessions, loaded, seat, settings)
    if loaded.record.status != "playing" or loaded.game.finished:
        panel = over_screen(loaded, t)
        if coached and loaded.record.status == "finished":
            panel.lines[0:0] = (await coach(sessions, loaded, seat, t)).lines  # why the last click paid what it did
        if notice:  # what the click did, when it ended the game (a word played as typed that gave Penny her goal)
            panel.lines.insert(0, f"*{notice}*")
        return panel
    game = loaded.game
    view = player_view(game, seat)
    text = settings.text_mode
    coaching = await coach(sessions, loaded, seat, t) if coached else Coaching()
    best = None
    if game.active_seat == seat and game.phase == "spell" and hints_allowed(game, loaded.record.kind):
        # The one-click word is the coach's advice where there is one: the Try line and the button agree.
        best = await asyncio.to_thread(advised_word, _copy(game), seat, coaching.spell)
    asked = await hints_request(sessions, loaded) if not game.options.hints else []
    # The panel tries purchases on copies of the game (what each one leaves): a worker thread's job.
    panel = await asyncio.to_thread(hand_panel, loaded, seat, view, best=best, t=t, shown=shown,
                                    coached=coached if not game.options.tutorial else None,
                                    hints_asked=[s for u in asked if (s := loaded.seat_of(u)) is not None],
                                    text_mode=text)
    hand_line = panel.lines[0]
    if notice:
        panel.lines.insert(0, f"*{notice}*")
    if game.active_seat != seat or game.phase in ("spell", "vote"):
        lines = await catch_up(sessions, loaded, seat, t)
        if lines:
            at = 4 if notice else 3
            panel.lines[at:at] = lines  # after the hand, the counts and the scores, before the turn's prompt
    if coaching.lines:
        at = 1 if notice else 0
        panel.lines[at:at] = coaching.lines
    choosing, coins = row_choice(game, seat)
    if text:
        return hand_in_words(panel, view, seat, t, hand_line=hand_line, choosing=choosing, coins=coins)
    if choosing:
        # Choosing a card of the offer row: show the row (cards the player cannot afford are dimmed).
        panel.picture = await offer_picture(view, coins, language=t.language)
    else:
        panel.picture = await hand_picture(view, seat, loaded.names_in(t)[seat], language=t.language)
    return panel


def advised_word(game: Game, seat: int, spell: Move | None) -> WordOutcome | None:
    """The word of the one-click button: the coach's advice when it names one that still plays, else the best
    word. Blocking and bounded: call it in a worker thread."""
    if spell is not None:
        try:
            return simulate_word(game, seat, spell)
        except IllegalMove:
            pass  # advice from a log behind the game: the best word instead
    return best_word(game, seat)


def over_screen(loaded: Loaded, t: Translator = ENGLISH) -> Panel:
    """What every old panel of a finished or ended game says: no game action, the results instead."""
    if loaded.record.status == "abandoned":
        panel = Panel(title=t.gettext("This game was ended"), lines=[t.gettext(
            "It was ended before its finish and stays in the history, unrated. The channel is free for a new game.")])
    else:
        panel = Panel(title=t.gettext("This game is over"), lines=results_lines(loaded, t))
        if loaded.game.options.tutorial:
            panel.lines.append(t.gettext("That was your guided first game: it stays in your history, unrated. "
                                         "Open a table with `{command_start}` for a real one."))
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
    panel = await deck_screen(loaded.game, seat, loaded.names_in(t), language=t.language, game_id=game_id,
                              text_mode=await text_mode_of(sessions.store, user_id))
    panel.version = loaded.record.version
    return panel


CATCH_UP_LINES = 6
CAUGHT = (TurnPlayed, PennyPlayed, VoteSettled, GhostPaid, SeatAway, SeatLeft, SeatBack, SeatTaken,
          FinalRoundCalled)


async def catch_up(sessions: Sessions, loaded: Loaded, seat: int, t: Translator = ENGLISH) -> list[str]:
    """What happened since ``seat``'s last turn (words, earnings, purchases, classics, jail and flushes),
    briefly: read back from the announcements the outbox holds, so it matches what the channel said (in the
    reader's language: the notes are data)."""
    rows = await sessions.store.outbox.game_deliveries(loaded.record.id)
    notes = [n for r in rows if isinstance(r.payload, AnnounceNotes) for n in notes_of(r.payload)]
    own = [i for i, n in enumerate(notes) if isinstance(n, TurnPlayed) and n.seat == seat]
    since = [n for n in notes[own[-1] + 1:] if isinstance(n, CAUGHT)] if own else \
        [n for n in notes if isinstance(n, CAUGHT)]
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
                           seated: bool = False, t: Translator = ENGLISH, user_id: int | None = None) -> Panel:
    """The game as anyone who is not seated may follow it (PRODUCT.md, around the turn): the public state,
    every hand when the table plays with open hands (R28.2), the current word once spelled. ``user_id``: the
    reader, whose choice of text mode shows the offer row in words instead of the table's picture."""
    loaded = await sessions.load(game_id)
    words = await text_mode_of(sessions.store, user_id)
    table = await table_panel(loaded, t, words=words, away=await away_now(sessions, loaded))
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
                                             cards=separator(t).join(card_name(c, t=t) for c in p["hand"])))
        panel.add_buttons([Button(t.gettext("Refresh"), OpenHand(game_id, HandView.WATCH).custom_id()),
                           rules_button(game_id, "turn", t)])
    if user_id is not None:
        seat_controls(panel, loaded.record, user_id, t)  # a seat the host offered, the host's offers
    if words:
        playing = not game.finished and loaded.record.status == "playing"
        return in_words(panel, lambda form: (offer_block(view, None, t, form) if playing else [], []))
    return panel


def hints_off_screen(loaded: Loaded, user_id: int, t: Translator = ENGLISH) -> Panel:
    """The hint command's answer at a table without hints: how to turn them on now, with the button that asks
    (the table agrees: alone with computers, the hints come on at once; sessions/agreements.py)."""
    people = [s.user_id for s in loaded.record.seats if s.user_id is not None and not s.is_computer_controlled]
    alone = people == [user_id]
    panel = Panel(title=t.gettext("Hints are off at this table"), version=loaded.record.version)
    if alone:
        panel.lines.append(t.gettext("You are the only person at this table: turn hints on and your panel offers "
                                     "your best word in one click."))
        label = t.gettext("Turn hints on")
    else:
        panel.lines.append(t.gettext("Hints come on mid-game when everyone seated agrees: ask, and each player "
                                     "says yes or no on their panel."))
        label = t.gettext("Ask the table for hints")
    panel.add_buttons([Button(label, AnswerHints(loaded.record.id, True).custom_id(), "success"),
                       rules_button(loaded.record.id, "hints", t)])
    return panel
